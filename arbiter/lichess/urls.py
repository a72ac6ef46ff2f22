"""lichess's paths, at the host root (berserk drops any path prefix of its base URL); included
in config/urls.py before the browser app's catch-all."""

from arbiter.lichess.board.urls import urlpatterns as board_urlpatterns
from arbiter.lichess.swiss.urls import urlpatterns as swiss_urlpatterns

urlpatterns = [*swiss_urlpatterns, *board_urlpatterns]
