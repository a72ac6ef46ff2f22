import pytest

pytestmark = pytest.mark.django_db


def test_every_teams_endpoint_is_documented_with_its_errors(api_client):
    response = api_client.get("/api/schema/", {"format": "json"})

    assert response.status_code == 200
    paths = response.json()["paths"]
    # Every write may also meet a refused CSRF check (403) and a body over the size limit
    # (413); every request an invalid token (401); a list a page past its end (404).
    write = {"400", "401", "403", "413"}
    expected = {
        ("/api/teams/", "get"): {"200", "400", "401", "404"},
        ("/api/teams/", "post"): {"201"} | write,
        ("/api/teams/{slug}/", "get"): {"200", "401", "404"},
        ("/api/teams/{slug}/", "patch"): {"200", "404"} | write,
        ("/api/teams/{slug}/join/", "post"): {"201", "202", "404"} | write,
        ("/api/teams/{slug}/leave/", "post"): {"204", "404"} | write,
        ("/api/teams/{slug}/members/", "get"): {"200", "400", "401", "404"},
        ("/api/teams/{slug}/members/{username}/", "delete"): {"204", "404"} | write,
        ("/api/teams/{slug}/members/{username}/promote/", "post"): {"200", "404"} | write,
        ("/api/teams/{slug}/members/{username}/demote/", "post"): {"200", "404"} | write,
        ("/api/teams/{slug}/requests/", "get"): {"200", "400", "401", "403", "404"},
        ("/api/teams/{slug}/requests/{request_id}/approve/", "post"): {"200", "404"} | write,
        ("/api/teams/{slug}/requests/{request_id}/refuse/", "post"): {"200", "404"} | write,
    }
    for (path, method), codes in expected.items():
        assert set(paths[path][method]["responses"]) == codes, (path, method)
    assert {p for p in paths if p.startswith("/api/teams/")} == {p for p, _ in expected}
