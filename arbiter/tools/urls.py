from django.urls import path

from arbiter.tools import apis

urlpatterns = [path("trf-check/", apis.TrfCheckApi.as_view(), name="trf-check")]
