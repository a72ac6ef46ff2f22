"""A crash under /api/ answers JSON 500 even with DEBUG on (issue 13, defect 9: Django's
HTML debug page reached API clients of `make run DEBUG=1`); other paths keep Django's page."""

import pytest
from django.http import HttpRequest, HttpResponse
from django.test import Client, override_settings
from django.urls import path


def crash(request: HttpRequest) -> HttpResponse:
    raise RuntimeError("boom")


urlpatterns = [path("api/crash/", crash), path("crash/", crash)]


@pytest.mark.parametrize("debug", [True, False])
def test_an_api_crash_is_json_whatever_debug_says(debug):
    with override_settings(DEBUG=debug, ROOT_URLCONF=__name__):
        reply = Client(raise_request_exception=False).get("/api/crash/")
    assert reply.status_code == 500
    assert reply["Content-Type"] == "application/json"
    assert reply.json() == {"message": "Internal error.", "extra": {}}


def test_outside_the_api_django_keeps_its_debug_page():
    with override_settings(DEBUG=True, ROOT_URLCONF=__name__):
        reply = Client(raise_request_exception=False).get("/crash/")
    assert reply.status_code == 500
    assert reply["Content-Type"].startswith("text/html")
