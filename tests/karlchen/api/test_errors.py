"""Every answer under /api/ is in the error format, also those Django gives itself: unknown paths,
failed CSRF checks, requests it will not read, crashes. Other paths keep Django's pages."""

import json

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from tests.factories.api import public_tournament

pytestmark = pytest.mark.django_db

HTML = "text/html; charset=utf-8"


def error_of(response) -> tuple[int, list[tuple[str, str]]]:
    assert response["Content-Type"] == "application/json", response.content[:200]
    errors = json.loads(response.content)["errors"]
    assert all(error["message"] for error in errors)
    return response.status_code, [(error["field"], error["code"]) for error in errors]


@pytest.fixture
def csrf_client():
    """A browser: a session login, and the CSRF check of a real one."""
    client = Client(enforce_csrf_checks=True)
    client.force_login(get_user_model().objects.create_user("orga"))
    return client


@pytest.mark.parametrize("method", ["get", "post", "put", "patch", "delete"])
@pytest.mark.parametrize(
    "path",
    [
        "/api/v1/tables/abc/deals/",  # an id that is no number
        "/api/v1/no-such-thing/",
        "/api/v1/tournaments",  # no trailing slash
        "/api/v2/tournaments/",
        "/api/v1/tables/%C2%84/captain-token/",
    ],
)
def test_an_unknown_path_is_a_404_whatever_the_method(path, method):
    """A write to an unknown path is no CSRF refusal (a page in HTML): nothing is there."""
    response = getattr(Client(enforce_csrf_checks=True), method)(path)
    assert error_of(response) == (404, [("body", "not_found")])


def test_an_unknown_path_is_a_404_for_a_logged_in_browser_too(csrf_client):
    response = csrf_client.post("/api/v1/tables/abc/deals/", {"x": "1"})
    assert error_of(response) == (404, [("body", "not_found")])


def test_a_session_write_without_its_csrf_token_is_refused_in_the_error_format(csrf_client):
    response = csrf_client.post(
        "/api/v1/tournaments/",
        json.dumps({"name": "Herbstturnier", "date": "2026-10-03"}),
        content_type="application/json",
        HTTP_ACCEPT_LANGUAGE="en",
    )
    status, errors = error_of(response)
    assert (status, errors) == (403, [("body", "csrf_failed")])
    assert "X-CSRFToken" in response.json()["errors"][0]["message"]


def test_the_csrf_failure_view_answers_in_the_error_format_under_api_only(rf, settings):
    from django.middleware.csrf import CsrfViewMiddleware

    def view(request):  # a plain Django view, as Django's CSRF check guards it
        raise AssertionError("the check lets no write without the token through")

    middleware = CsrfViewMiddleware(lambda request: None)
    api = middleware.process_view(rf.post("/api/v1/anything/"), view, (), {})
    page = middleware.process_view(rf.post("/desk/anything/"), view, (), {})
    assert error_of(api) == (403, [("body", "csrf_failed")])
    assert (page.status_code, page["Content-Type"]) == (403, HTML)


def test_a_wrong_method_on_the_schema_is_a_405_in_json():
    response = Client().post("/api/schema/")
    assert error_of(response) == (405, [("body", "method_not_allowed")])


def test_an_unserved_format_is_a_406_in_json():
    response = Client().get("/api/v1/tournaments/", HTTP_ACCEPT="application/xml")
    assert error_of(response) == (406, [("body", "not_acceptable")])
    schema = Client().get("/api/schema/", {"format": "xml"})
    assert error_of(schema) == (404, [("body", "not_found")])


def test_too_many_query_parameters_are_a_400_in_the_error_format(settings):
    """Django refuses to read them (``TooManyFieldsSent``): handler400, not its HTML page."""
    settings.DATA_UPLOAD_MAX_NUMBER_FIELDS = 10
    query = "&".join(f"search=x{n}" for n in range(11))
    response = Client().get(f"/api/v1/tournaments/?{query}")
    assert error_of(response) == (400, [("body", "bad_request")])
    page = Client().get(f"/?{query}")
    assert page.status_code == 200  # the start page never reads its query


def test_a_body_too_large_is_a_413_in_the_error_format(settings):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1000
    tournament, _ = public_tournament()
    client = Client()
    client.force_login(get_user_model().objects.create_superuser("chef"))
    response = client.patch(
        f"/api/v1/tournaments/{tournament.pk}/",
        json.dumps({"venue": "x" * 2000}),
        content_type="application/json",
    )
    assert error_of(response) == (413, [("body", "body_too_large")])


def test_a_crash_under_api_is_a_500_in_the_error_format(monkeypatch):
    """The traceback goes to the log; the client gets the format and no page of Django's."""
    from results.api import views

    def crash(*args, **kwargs):
        raise RuntimeError("a bug")

    monkeypatch.setattr(views, "readable_tournament", crash)
    tournament, _ = public_tournament()
    client = Client(raise_request_exception=False)
    response = client.get(f"/api/v1/tournaments/{tournament.pk}/series/", HTTP_ACCEPT_LANGUAGE="en")
    assert error_of(response) == (500, [("body", "server_error")])
    assert "try again" in response.json()["errors"][0]["message"]


def test_pages_outside_the_api_keep_djangos_answers():
    missing = Client().get("/desk/no-such-page/")
    assert (missing.status_code, missing["Content-Type"]) == (404, HTML)
