from django.urls import path

from arbiter.core.api import HealthApi, LivenessApi

urlpatterns = [
    path("health/", HealthApi.as_view(), name="health"),
    path("health/live/", LivenessApi.as_view(), name="health-live"),
]
