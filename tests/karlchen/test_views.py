"""The site-wide pages: the icon every page names and browsers ask for."""

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
