"""The site-wide answers: the icon every page names and browsers ask for, and robots.txt."""

from urllib.robotparser import RobotFileParser

import pytest
from django.contrib.staticfiles import finders

pytestmark = pytest.mark.django_db


def test_pages_name_the_icon_and_it_is_served(client):
    page = client.get("/").content.decode()
    assert '<link rel="icon" href="/static/karlchen/favicon.svg" type="image/svg+xml">' in page
    with open(finders.find("karlchen/favicon.svg"), "rb") as icon:
        assert icon.read().startswith(b"<svg")


def test_browsers_asking_for_favicon_ico_are_sent_to_the_icon(client):
    response = client.get("/favicon.ico")
    assert response.status_code == 301
    assert response["Location"] == "/static/karlchen/favicon.svg"
    assert "max-age=86400" in response["Cache-Control"]


def test_crawlers_may_read_the_public_pages_but_not_the_desk_admin_api_or_secret_links(client):
    response = client.get("/robots.txt")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/plain")
    assert "max-age=86400" in response["Cache-Control"]
    rules = RobotFileParser()
    rules.parse(response.content.decode().splitlines())
    public = ["/", "/t/7/", "/t/7/players/3/", "/t/7/signup/", "/s/4/", "/s/4/league/", "/c/2/"]
    public += ["/calendar/", "/calendar.ics", "/results/", "/clubs/5/", "/p/9/"]
    assert [path for path in public if not rules.can_fetch("AnyBot", path)] == []
    private = ["/desk/", "/desk/7/", "/admin/", "/api/v1/tournaments/7/standings/"]
    private += ["/captain/", "/captain/s3cr3t/", "/signup/s3cr3t/confirm/", "/i18n/setlang/"]
    assert [path for path in private if rules.can_fetch("AnyBot", path)] == []
