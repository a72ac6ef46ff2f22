import pytest

pytestmark = pytest.mark.django_db


def test_unrouted_api_paths_answer_404_in_the_error_shape(api_client):
    response = api_client.get("/api/teams/x/requests/abc/approve/")
    assert response.status_code == 404
    assert response.json() == {"message": "Not found.", "extra": {}}


def test_other_paths_keep_the_html_404(api_client):
    response = api_client.get("/static/no-such-page/")
    assert response.status_code == 404
    assert response["Content-Type"].startswith("text/html")
