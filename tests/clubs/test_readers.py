"""Who reads a tournament's private data, the same at the desk and through the API.

``clubs.access.needed`` decides once: every read of a home's private data (entries, sign-ups with
their e-mail addresses, fees and prizes, protests, exports and archives) needs ``VIEW``, a write
what its operation says. So a club's scorer, who has ``VIEW`` (docs/CLUBS.md), reads each of
them at the desk page and at the API endpoint alike, and is refused the writes beside them alike;
club B's organiser is refused both (a 404: club A's draft is private to them). Each pair is
asked of both doors, and the answers compared, reader by reader.
"""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from clubs.access import Can, needed
from clubs.domain.clubs import create_club, set_role
from clubs.enums import ClubRoleKind
from signups.domain.settings import set_announcement
from signups.domain.signups import Applicant, add_signup
from tests.factories.tournaments import ORGA, tournament_with_players
from tournaments.domain.final import lodge_protest

pytestmark = pytest.mark.django_db

# what is read: (the desk's page, the API's endpoint), "{t}" the tournament's id
READINGS = {
    "entries": ("/desk/{t}/entries/", "/api/v1/tournaments/{t}/entries/"),
    "sign-ups": ("/desk/{t}/signups/", "/api/v1/tournaments/{t}/signups/"),
    "fees": ("/desk/{t}/money/", "/api/v1/tournaments/{t}/fees/"),
    "prizes": ("/desk/{t}/money/prizes.csv", "/api/v1/tournaments/{t}/prizes/"),
    "protests": ("/desk/{t}/results/", "/api/v1/tournaments/{t}/protests/"),
    "archive": ("/desk/{t}/export/json/", "/api/v1/tournaments/{t}/archive/"),
    "ranking export": ("/desk/{t}/export/ranking/", "/api/v1/tournaments/{t}/ranking-export/"),
}
# the write beside a reading: (desk, its form; API, its method and body)
WRITES = {
    "entries": (
        ("/desk/{t}/entries/", {"name": "Neu", "new_person": "on"}),
        ("post", "entries/", {"name": "Neu"}),
    ),
    "sign-ups": (
        (
            "/desk/{t}/signups/",
            {"action": "add", "name": "Neu", "email": "neu@example.org", "new_person": "on"},
        ),
        ("post", "signups/", {"name": "Neu", "email": "neu@example.org"}),
    ),
    "protests": (
        ("/desk/{t}/results/", {"action": "protest", "text": "Karte"}),
        ("post", "protests/", {"text": "Karte", "series": 1}),
    ),
}


@pytest.fixture
def world():
    club_a = create_club(by=ORGA, name="Club A")  # tenants, set up as a club is
    club_b = create_club(by=ORGA, name="Club B")
    users = get_user_model().objects
    readers = {}
    for name, club, role in (
        ("organiser", club_a, ClubRoleKind.ORGANISER),
        ("scorer", club_a, ClubRoleKind.SCORER),
        ("other club", club_b, ClubRoleKind.ORGANISER),
    ):
        readers[name] = users.create_user(name.replace(" ", "_"))
        set_role(club, readers[name], role, by=ORGA)
    tournament, _entries = tournament_with_players(4, club=club_a)  # a draft
    tournament.organisers.clear()  # its club's people run it, nobody by name
    set_announcement(tournament, by=ORGA, published=True)
    add_signup(tournament, Applicant(name="Anna", email="anna@example.org"), by=ORGA)
    lodge_protest(tournament, by=ORGA, text="Karte zurückgenommen", series=1)
    return tournament, readers


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def verdict(response) -> str:
    """allowed, or how it was refused (the desk's 403 and 404 are pages, the API's its format)."""
    status = response.status_code
    return str(status) if status in (401, 403, 404) else "allowed"


def test_a_read_needs_view_and_a_write_what_it_says():
    for method in ("GET", "HEAD", "OPTIONS", "get"):
        assert needed(method) is Can.VIEW
        assert needed(method, Can.SCORE) is Can.VIEW
    for method in ("POST", "PUT", "PATCH", "DELETE"):
        assert needed(method) is Can.RUN
        assert needed(method, Can.SCORE) is Can.SCORE


@pytest.mark.parametrize("reading", READINGS)
@pytest.mark.parametrize(
    ("reader", "expected"),
    [("organiser", "allowed"), ("scorer", "allowed"), ("other club", "404")],
)
def test_the_desk_and_the_api_let_the_same_readers_read(world, reading, reader, expected):
    tournament, readers = world
    desk_path, api_path = (path.format(t=tournament.pk) for path in READINGS[reading])
    client = signed_in(readers[reader])
    desk, api = client.get(desk_path), client.get(api_path)
    assert (verdict(desk), verdict(api)) == (expected, expected), (
        desk.status_code,
        api.status_code,
    )


@pytest.mark.parametrize("reading", WRITES)
def test_the_scorer_is_refused_the_writes_beside_them_alike(world, reading):
    tournament, readers = world
    (desk_path, form), (method, api_path, body) = WRITES[reading]
    client = signed_in(readers["scorer"])
    desk = client.post(desk_path.format(t=tournament.pk), form)
    api = getattr(client, method)(
        f"/api/v1/tournaments/{tournament.pk}/{api_path}", body, content_type="application/json"
    )
    assert (verdict(desk), verdict(api)) == ("403", "403")
