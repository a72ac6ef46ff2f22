from django.urls import path

from arbiter.tools import api

urlpatterns = [path("trf-check/", api.TrfCheckApi.as_view(), name="trf-check")]
