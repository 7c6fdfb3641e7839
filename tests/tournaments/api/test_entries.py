"""GET/POST /api/v1/tournaments/{id}/entries/ (JSON and CSV), PATCH …/entries/{entry_id}/."""

import pytest

from tests.factories.api import codes, publish
from tests.factories.tournaments import tournament_with_players
from tournaments.models import Entry

pytestmark = pytest.mark.django_db

CSV = "name,club,member_number,start_number\nAnna Alt,Herz As,D-100,\nBernd Bube,,,10\n"


@pytest.fixture
def tournament():
    return tournament_with_players(2)[0]


def url(tournament, suffix=""):
    return f"/api/v1/tournaments/{tournament.pk}/entries/{suffix}"


def post_csv(client, tournament, text, content_type="text/csv"):
    data = text if isinstance(text, bytes) else text.encode()
    return client.generic("POST", url(tournament), data, content_type=content_type)


def entry_body(entry) -> dict:
    return {
        "id": entry.pk,
        "start_number": entry.start_number,
        "player_id": entry.player_id,
        "name": entry.player.name,
        "club": entry.player.club_name or None,
        "member_number": entry.player.member_number,
        "checked_in": entry.checked_in,
        "withdrawn": entry.withdrawn,
        "pin": entry.pin,
        "hidden": entry.hidden,
    }


def test_organisers_list_the_entries(orga_client, tournament):
    response = orga_client.get(url(tournament))
    assert response.status_code == 200
    assert response.json() == [entry_body(entry) for entry in tournament.entries.all()]
    assert [row["name"] for row in response.json()] == ["Spieler 1", "Spieler 2"]


def test_entries_are_for_organisers_only(anonymous, stranger_client, tournament):
    missing = anonymous.get(url(tournament))
    assert (missing.status_code, codes(missing)) == (401, [("body", "not_authenticated")])
    refused = stranger_client.get(url(tournament))  # a draft: as unknown to a stranger
    assert (refused.status_code, codes(refused)) == (404, [("body", "not_found")])
    posted = stranger_client.post(url(tournament), {"name": "X"}, format="json")
    assert posted.status_code == 404
    publish(tournament)  # a public one: the stranger may see it, not run it
    refused = stranger_client.get(url(tournament))
    assert (refused.status_code, codes(refused)) == (403, [("body", "permission_denied")])
    assert tournament.entries.count() == 2


def test_an_unknown_tournament_is_404(orga_client):
    assert orga_client.get("/api/v1/tournaments/424242/entries/").status_code == 404


def test_an_organiser_enters_a_player(orga_client, tournament):
    body = {"name": "Clara Dame", "club": "Pik Dame", "member_number": "D-7", "start_number": 9}
    response = orga_client.post(url(tournament), body, format="json")
    assert response.status_code == 201
    entry = Entry.objects.get(player__name="Clara Dame")
    assert response.json() == {
        "id": entry.pk,
        "start_number": 9,
        "player_id": entry.player_id,
        "name": "Clara Dame",
        "club": "Pik Dame",
        "member_number": "D-7",
        "checked_in": False,
        "withdrawn": False,
        "pin": entry.pin,
        "hidden": entry.hidden,
    }
    assert entry.pin.isdigit()
    assert len(entry.pin) == 4


def test_the_next_start_number_is_the_default(orga_client, tournament):
    response = orga_client.post(url(tournament), {"name": "Dora"}, format="json")
    assert (response.json()["start_number"], response.json()["club"]) == (3, None)


def test_domain_refusals_of_an_entry_carry_their_codes(orga_client, tournament):
    response = orga_client.post(url(tournament), {"name": " ", "start_number": 1}, format="json")
    assert response.status_code == 400
    assert codes(response) == [("name", "name_required"), ("start_number", "start_number_taken")]
    assert tournament.entries.count() == 2


def test_a_csv_upload_enters_every_row(orga_client, tournament):
    response = post_csv(orga_client, tournament, CSV)
    assert response.status_code == 201
    rows = response.json()["entries"]
    assert [(row["name"], row["club"], row["start_number"]) for row in rows] == [
        ("Anna Alt", "Herz As", 3),
        ("Bernd Bube", None, 10),
    ]
    assert tournament.entries.count() == 4


def test_a_csv_upload_with_a_bad_line_stores_nothing(orga_client, tournament):
    text = CSV + ",Karo Sieben,,\nEmil Eins,,,zwei\n"
    response = post_csv(orga_client, tournament, text)
    assert response.status_code == 400
    assert codes(response) == [
        ("csv.4.name", "name_required"),
        ("csv.5.start_number", "start_number_invalid"),
    ]
    assert tournament.entries.count() == 2


def test_a_csv_upload_in_latin_1_must_say_so(orga_client, tournament):
    text = "name\nJürgen Kreuz\n".encode("latin-1")
    refused = post_csv(orga_client, tournament, text)
    assert (refused.status_code, codes(refused)) == (400, [("csv", "csv_encoding")])
    stated = post_csv(orga_client, tournament, text, content_type="text/csv; charset=latin-1")
    assert stated.status_code == 201
    assert stated.json()["entries"][0]["name"] == "Jürgen Kreuz"


@pytest.mark.parametrize(
    ("text", "problems"),
    [
        ("name,start_number\nAnna,\u00b2\n", [("csv.2.start_number", "start_number_invalid")]),
        ("name,start_number\nAnna,\uff17\n", [("csv.2.start_number", "start_number_invalid")]),
        ("name\nAn\x00na\n", [("csv.2.name", "text_control_characters")]),
        ("name,club\nAnna,Herz\x1bAs\n", [("csv.2.club", "text_control_characters")]),
        ("name\n" + "a" * 140_000 + "\n", [("csv", "entry_file_line_too_long")]),
        ('name\n"' + "a\n" * 70_000 + '"\n', [("csv", "entry_file_unreadable")]),  # > 128 KiB
        ("name\n" + "a\n" * 2_001, [("csv", "entry_file_too_long")]),
    ],
    ids=["superscript", "full-width", "nul", "escape", "long line", "long cell", "long file"],
)
def test_a_hostile_csv_upload_is_refused_with_codes_and_stores_nothing(
    orga_client, tournament, text, problems
):
    response = post_csv(orga_client, tournament, text)
    assert (response.status_code, codes(response)) == (400, problems)
    assert all(error["message"] != error["code"] for error in response.json()["errors"])
    assert tournament.entries.count() == 2


def test_a_name_with_control_characters_is_refused_in_json_too(orga_client, tournament):
    response = orga_client.post(
        url(tournament), {"name": "Anna\u0007", "club": "Herz\u009bAs"}, format="json"
    )
    assert (response.status_code, codes(response)) == (
        400,
        [("name", "text_control_characters"), ("club", "text_control_characters")],
    )
    assert tournament.entries.count() == 2


def test_an_empty_csv_upload_is_refused(orga_client, tournament):
    response = post_csv(orga_client, tournament, "")
    assert (response.status_code, codes(response)) == (400, [("csv", "csv_empty")])


def test_other_media_types_are_refused(orga_client, tournament):
    response = orga_client.generic("POST", url(tournament), b"name=x", content_type="text/plain")
    assert (response.status_code, codes(response)) == (415, [("body", "unsupported_media_type")])


def test_checking_in_and_withdrawing(orga_client, tournament):
    entry = tournament.entries.get(start_number=1)
    checked = orga_client.patch(url(tournament, f"{entry.pk}/"), {"checked_in": True}, "json")
    assert checked.status_code == 200
    assert (checked.json()["checked_in"], checked.json()["withdrawn"]) == (True, False)
    withdrawn = orga_client.patch(url(tournament, f"{entry.pk}/"), {"withdrawn": True}, "json")
    entry.refresh_from_db()
    assert withdrawn.json() == entry_body(entry)
    assert (entry.checked_in, entry.withdrawn) == (True, True)


def test_patching_an_entry_wants_booleans(orga_client, tournament):
    entry = tournament.entries.get(start_number=1)
    response = orga_client.patch(url(tournament, f"{entry.pk}/"), {"checked_in": "yes"}, "json")
    assert (response.status_code, codes(response)) == (400, [("checked_in", "invalid")])


def test_an_entry_of_another_tournament_is_404(orga_client, tournament):
    other, (foreign, *_) = tournament_with_players(1, name="Anderes")
    response = orga_client.patch(url(tournament, f"{foreign.pk}/"), {"checked_in": True}, "json")
    assert response.status_code == 404
    assert other.entries.get().checked_in is False
