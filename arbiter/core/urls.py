from django.urls import path

from arbiter.core.apis import HealthApi, LivenessApi

urlpatterns = [
    path("health/", HealthApi.as_view(), name="health"),
    path("health/live/", LivenessApi.as_view(), name="health-live"),
]
