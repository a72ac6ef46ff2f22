from django.urls import path

from arbiter.realtime.consumers import UserConsumer

websocket_urlpatterns = [path("ws/me/", UserConsumer.as_asgi())]
