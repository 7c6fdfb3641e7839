"""The site-wide answers: the icon every page names and browsers ask for, and robots.txt."""

import re

import pytest
from django.contrib.staticfiles import finders

from tests.karlchen.test_permission_matrix import routes

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


# The addresses crawlers may read, of every route of the URL resolver: the public pages. A route
# added later is disallowed unless it is named here (and in ``karlchen.views.ROBOTS``). The rules
# themselves are read whatever they say (RFC 9309, 2.2.2).
CRAWLED = {
    "",
    "favicon.ico",
    "t/<int:tournament_id>/",
    "t/<int:tournament_id>/players/<int:entry_id>/",
    "t/<int:tournament_id>/teams/",
    "t/<int:tournament_id>/signup/",
    "s/<int:season_id>/",
    "s/<int:season_id>/players/<int:player_id>/",
    "s/<int:season_id>/league/",
    "c/<int:cup_id>/",
    "p/<int:player_id>/",
    "calendar/",
    "calendar.ics",
    "results/",
    "clubs/<int:club_id>/",
}


def allowed(robots: str, path: str) -> bool:
    """RFC 9309 for the group of every agent: the longest matching rule wins, Allow where an
    Allow and a Disallow are as long; ``*`` matches any text, a final ``$`` the end."""
    best: tuple[int, bool] = (-1, True)
    for line in robots.splitlines():
        field, _, value = line.partition(":")
        field, value = field.strip().lower(), value.strip()
        if field not in ("allow", "disallow") or not value:
            continue
        pattern = "".join(".*" if char == "*" else re.escape(char) for char in value.rstrip("$"))
        if re.match(pattern + ("$" if value.endswith("$") else ""), path):
            candidate = (len(value), field == "allow")
            best = max(best, candidate)
    return best[1]


def test_crawlers_may_read_the_public_pages_and_nothing_else(client):
    response = client.get("/robots.txt")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/plain")
    assert "max-age=86400" in response["Cache-Control"]
    robots = response.content.decode()
    assert robots.splitlines()[0] == "User-agent: *"
    assert robots.rstrip().endswith("Disallow: /")  # all but what is allowed
    wrong = []
    for route, _view in routes():
        path = "/" + route.removeprefix("^")
        path = re.sub(r"<[a-z]+:[a-z_]+>", "7", path)
        if allowed(robots, path) != (route in CRAWLED):
            wrong.append(f"{route}: {'allowed' if route not in CRAWLED else 'disallowed'}")
    assert wrong == []
    assert [route for route in CRAWLED if route not in {route for route, _ in routes()}] == []
    public = ["/calendar.ics?region=Westfalen", "/results/?page=2", "/static/x.css"]
    assert [path for path in public if not allowed(robots, path)] == []
    private = ["/desk/", "/admin/", "/api/v1/tournaments/7/standings/", "/captain/s3cr3t/"]
    private += ["/signup/s3cr3t/confirm/", "/i18n/setlang/", "/t/7/widget/?rows=5", "/media/x"]
    private += ["/t/7/beamer/", "/s/4/export/csv/", "/tx/", "/calendar"]
    assert [path for path in private if allowed(robots, path)] == []


def test_the_rules_are_read_as_crawlers_read_them():
    """The reading above, against RFC 9309's own examples (section 5.2)."""
    robots = "Allow: /p\nDisallow: /\nAllow: /folder\nDisallow: /folder\nDisallow: /*.gif$\n"
    robots += "Allow: /page\nDisallow: /*.htm"
    assert allowed(robots, "/page")
    assert allowed(robots, "/folder/page")
    assert not allowed(robots, "/x.gif")
    assert not allowed(robots, "/page.htm")
