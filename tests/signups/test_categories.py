"""Categories: an entry's category from its sign-up or the desk, the side ranking of each
category (live, public, frozen, cached), on the API, the spectators' page, the desk's entries
page and in print; and the waiting list moving up when the desk withdraws a player."""

import csv
import io
import json

import pytest
from django.core.cache import cache
from django.core.files.storage import default_storage
from django.test import Client
from django.utils import translation
from openpyxl import load_workbook

from karlchen.refusals import Closed, Refused
from printing.domain import printouts
from printing.domain.documents import check_documents, document_path, generate_documents
from results.domain.exports import export_for_organiser, part_exports, results_xlsx
from signups.domain.categories import (
    category_rankings,
    organiser_category_rankings,
    public_category_rankings,
    set_category,
)
from signups.domain.money import category_of, set_fee
from signups.domain.settings import set_announcement
from signups.domain.signups import confirm
from signups.enums import FeeStatus, SignUpStatus
from signups.models import EntryCategory, SignUp
from tests.factories.api import client_for, publish
from tests.factories.documents import pdf_pages
from tests.factories.tournaments import ORGA, organiser
from tests.signups.conftest import announced, signed_up
from tests.teams.conftest import played_tournament
from tournaments.domain.entries import hide_publicly
from tournaments.domain.tournaments import update_tournament
from tournaments.models import Entry, OrganiserAction

pytestmark = pytest.mark.django_db

CATEGORIES = {"Damen": 800, "Senioren": 800, "Jugend": 500}


@pytest.fixture
def played(django_capture_on_commit_callbacks):
    """Eight players (totals: 1 and 2 +2, 5 and 6 +1, 7 and 8 -1, 3 and 4 -2), published;
    Damen: 2, 5, 7; Senioren: 3."""
    tournament, entries = played_tournament()
    with django_capture_on_commit_callbacks(execute=True):
        publish(tournament)
        set_announcement(tournament, by=ORGA, published=True, category_fees=CATEGORIES)
        for number in (2, 5, 7):
            set_category(entries[number - 1], "Damen", by=ORGA)
        set_category(entries[2], "Senioren", by=ORGA)
    return tournament, entries


def table(body, name):
    category = next(one for one in body["categories"] if one["name"] == name)
    return [
        (row["rank"], row["overall_rank"], row["name"], row["total"]) for row in category["rows"]
    ]


def public(tournament):
    return json.loads(public_category_rankings(tournament.pk).content)


def test_a_category_ranking_places_its_players_by_the_overall_order(played):
    tournament, _ = played
    body = category_rankings(tournament)
    assert [one["name"] for one in body["categories"]] == ["Damen", "Jugend", "Senioren"]
    assert table(body, "Damen") == [
        (1, 1, "Spieler 2", 2),
        (2, 3, "Spieler 5", 1),
        (3, 5, "Spieler 7", -1),
    ]
    assert table(body, "Senioren") == [(1, 7, "Spieler 3", -2)]
    assert table(body, "Jugend") == []


def test_players_sharing_a_place_overall_share_it_in_their_category(played):
    tournament, entries = played
    set_category(entries[0], "Damen", by=ORGA)  # 1 and 2 share place 1 overall
    ranks = [row[:2] for row in table(category_rankings(tournament), "Damen")]
    overall = [row[:2] for row in table(category_rankings(tournament), "Damen")][:2]
    assert overall[0][1] == overall[1][1]  # the same overall rank …
    assert ranks[0][0] == ranks[1][0] == 1  # … the same place in the category
    assert ranks[2][0] == 3


def test_the_category_comes_from_the_sign_up_and_the_desk_changes_it():
    tournament = announced(category_fees=CATEGORIES)
    signup = signed_up(tournament, 1, category="Jugend")
    confirm(signup)
    signup.refresh_from_db()
    assert category_of(Entry.objects.get(pk=signup.entry_id)) == "Jugend"
    set_category(signup.entry, "Senioren", by=ORGA)
    signup.refresh_from_db()
    assert (category_of(Entry.objects.get(pk=signup.entry_id)), signup.category) == (
        "Senioren",
        "Senioren",
    )
    action = OrganiserAction.objects.filter(action="category_changed").last()
    assert action.details == {"name": "Anna 1", "category": "Senioren"}
    set_category(signup.entry, "", by=ORGA)
    assert not EntryCategory.objects.filter(entry_id=signup.entry_id).exists()


def test_a_category_not_offered_is_refused_naming_the_field(played):
    _, entries = played
    with pytest.raises(Refused) as refusal:
        set_category(entries[0], "Gäste", by=ORGA)
    assert (refusal.value.field, refusal.value.code) == ("category", "entry_category_unknown")
    assert category_of(Entry.objects.get(pk=entries[0].pk)) == ""


def test_the_fee_at_the_door_is_the_categorys(played):
    _, entries = played
    assert set_fee(entries[1], FeeStatus.PAID, by=ORGA).amount == 800
    set_announcement(entries[1].tournament, by=ORGA, fee=1_000)
    assert set_fee(entries[0], FeeStatus.PAID, by=ORGA).amount == 1_000


def test_spectators_see_hidden_players_unnamed_and_nothing_while_hidden(
    played, django_capture_on_commit_callbacks
):
    tournament, entries = played
    with django_capture_on_commit_callbacks(execute=True):
        hide_publicly(entries[4], by=ORGA)
    damen = table(public(tournament), "Damen")
    assert damen[1] == (2, 3, None, 1)
    organisers = json.loads(organiser_category_rankings(tournament).content)
    assert table(organisers, "Damen")[1][2] == "Spieler 5"
    with django_capture_on_commit_callbacks(execute=True):
        update_tournament(tournament, by=ORGA, standings_public=False)
    with pytest.raises(Closed):
        public_category_rankings(tournament.pk)


def test_a_freeze_keeps_the_category_rankings_as_they_were(
    played, django_capture_on_commit_callbacks
):
    tournament, entries = played
    with django_capture_on_commit_callbacks(execute=True):
        update_tournament(tournament, by=ORGA, standings_frozen=True)
    tournament.refresh_from_db()
    assert "categories" in tournament.frozen_standings["parts"]
    with django_capture_on_commit_callbacks(execute=True):
        set_category(entries[0], "Damen", by=ORGA)  # after the freeze
    body = public(tournament)
    assert body["frozen_at"] == tournament.standings_frozen_at.isoformat()
    assert [row[2] for row in table(body, "Damen")] == ["Spieler 2", "Spieler 5", "Spieler 7"]
    live = json.loads(organiser_category_rankings(tournament).content)
    assert len(table(live, "Damen")) == 4


def test_the_cached_body_turns_over_when_a_category_changes(
    played, django_capture_on_commit_callbacks
):
    tournament, entries = played
    first = public_category_rankings(tournament.pk)
    with django_capture_on_commit_callbacks(execute=True):
        set_category(entries[7], "Jugend", by=ORGA)
    second = public_category_rankings(tournament.pk)
    assert first.etag != second.etag
    assert table(json.loads(second.content), "Jugend") == [(1, 5, "Spieler 8", -1)]


# --- the API -------------------------------------------------------------------------------


def test_the_api_serves_the_category_rankings_with_an_etag(played):
    tournament, _ = played
    anonymous = client_for()
    answer = anonymous.get(f"/api/v1/tournaments/{tournament.pk}/category-rankings/")
    assert answer.status_code == 200
    assert table(answer.json(), "Damen")[0] == (1, 1, "Spieler 2", 2)
    again = anonymous.get(
        f"/api/v1/tournaments/{tournament.pk}/category-rankings/",
        HTTP_IF_NONE_MATCH=answer["ETag"],
    )
    assert again.status_code == 304


def test_the_api_puts_an_entry_in_a_category(played):
    tournament, entries = played
    client = client_for(organiser())
    url = f"/api/v1/tournaments/{tournament.pk}/entries/{entries[0].pk}/category/"
    answer = client.put(url, {"category": "Jugend"}, format="json")
    assert answer.status_code == 200
    assert answer.json() == {"entry": entries[0].pk, "category": "Jugend"}
    refused = client.put(url, {"category": "Gäste"}, format="json")
    assert refused.status_code == 400
    assert refused.json()["errors"][0]["field"] == "category"
    assert client_for().put(url, {"category": ""}, format="json").status_code in (401, 403)


def test_fees_in_the_api_name_the_entrys_category(played):
    tournament, _ = played
    fees = client_for(organiser()).get(f"/api/v1/tournaments/{tournament.pk}/fees/").json()
    assert [fee["category"] for fee in fees["fees"]][:3] == ["", "Damen", "Senioren"]


# --- pages ---------------------------------------------------------------------------------


def test_the_spectators_page_shows_each_category(played):
    tournament, _ = played
    cache.clear()
    page = Client(HTTP_ACCEPT_LANGUAGE="en").get(f"/t/{tournament.pk}/")
    text = page.content.decode()
    assert 'id="category-rankings"' in text
    assert "Damen" in text
    assert "Senioren" in text
    assert "signups/categories.js" in text


def test_the_desk_sets_a_category_on_the_entries_page(played):
    tournament, entries = played
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(organiser())
    page = client.get(f"/desk/{tournament.pk}/entries/")
    assert 'name="category"' in page.content.decode()
    url = f"/desk/{tournament.pk}/entries/{entries[0].pk}/category/"
    assert client.post(url, {"category": "Jugend"}).status_code == 302
    assert category_of(Entry.objects.get(pk=entries[0].pk)) == "Jugend"
    answer = client.post(url, {"category": "Gäste"}, follow=True)
    assert "is not offered" in answer.content.decode()
    assert category_of(Entry.objects.get(pk=entries[0].pk)) == "Jugend"


# --- print ---------------------------------------------------------------------------------


def test_the_printed_standings_hold_the_category_rankings(played):
    tournament, _ = played
    document = printouts.standings_document(tournament)
    assert [one["name"] for one in document.categories] == ["Damen", "Senioren"]


def test_certificates_per_category_follow_the_overall_ones(played):
    tournament, _ = played
    items = printouts.category_certificates(tournament, top=1)
    assert [(item.category, item.rank, item.name) for item in items] == [
        ("", 1, "Spieler 1"),
        ("", 1, "Spieler 2"),
        ("Damen", 1, "Spieler 2"),
        ("Senioren", 1, "Spieler 3"),
    ]


# --- the desk's withdrawal moves the waiting list ---------------------------------------------


def waiting_list(cap):
    tournament = announced(cap=cap)
    signups = [signed_up(tournament, n) for n in range(1, cap + 2)]
    for signup in signups:
        confirm(signup)
    return tournament, [SignUp.objects.get(pk=signup.pk) for signup in signups]


def test_withdrawing_at_the_desk_moves_the_waiting_list_up():
    tournament, signups = waiting_list(2)
    assert signups[-1].status == SignUpStatus.WAITING
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(organiser())
    url = f"/desk/{tournament.pk}/entries/{signups[0].entry_id}/"
    assert client.post(url, {"action": "withdraw"}).status_code == 302
    last = SignUp.objects.get(pk=signups[-1].pk)
    assert last.status == SignUpStatus.ACCEPTED
    assert OrganiserAction.objects.filter(tournament=tournament, action="signup_moved_up").exists()


def test_withdrawing_through_the_api_moves_the_waiting_list_up():
    tournament, signups = waiting_list(1)
    client = client_for(organiser())
    url = f"/api/v1/tournaments/{tournament.pk}/entries/{signups[0].entry_id}/"
    assert client.patch(url, {"withdrawn": True}, format="json").status_code == 200
    assert SignUp.objects.get(pk=signups[-1].pk).status == SignUpStatus.ACCEPTED


def test_moving_to_the_waiting_list_still_frees_a_place_without_filling_it():
    from signups.domain.signups import move_to_waiting

    _tournament, signups = waiting_list(1)
    move_to_waiting(signups[0], by=ORGA)
    assert SignUp.objects.get(pk=signups[-1].pk).status == SignUpStatus.WAITING


def printed(tournament, **request):
    """The files of a documents request, rendered in German, by name; and the job's result."""
    with translation.override("de"):
        params = check_documents(tournament, request)
        result = generate_documents(
            tournament, params, base_url="http://testserver", progress=lambda *_: None
        )
    files = {}
    for file in result["files"]:
        with default_storage.open(document_path(tournament.pk, file["name"])) as stored:
            files[file["name"]] = stored.read()
    return files, result


def test_the_certificates_per_category_are_printed_one_page_each(played):
    tournament, _ = played
    files, result = printed(tournament, kind="category_certificates", top=1)
    pages = pdf_pages(files["certificates-categories-top-1.pdf"])
    assert result["pages"] == len(pages) == 4
    assert "1. Platz in der Kategorie Damen mit 2 Punkten" in " ".join(pages[2].split())
    files, _ = printed(tournament, kind="standings")
    text = " ".join(" ".join(pdf_pages(files["standings.pdf"])).split())
    assert "Wertung: Damen" in text
    assert "Wertung: Senioren" in text


def test_the_archive_carries_the_categories_and_their_frozen_share(
    played, django_capture_on_commit_callbacks
):
    from results.domain.archive import export_archive, import_archive

    tournament, _ = played
    with django_capture_on_commit_callbacks(execute=True):
        update_tournament(tournament, by=ORGA, standings_frozen=True)
    tournament.refresh_from_db()
    archive = json.loads(json.dumps(export_archive(tournament), default=str))
    assert archive["categories"] == {
        "entries": {"2": "Damen", "3": "Senioren", "5": "Damen", "7": "Damen"}
    }
    copy = import_archive(archive, by=ORGA)
    assert sorted(
        EntryCategory.objects.filter(entry__tournament=copy).values_list(
            "entry__start_number", "category"
        )
    ) == [(2, "Damen"), (3, "Senioren"), (5, "Damen"), (7, "Damen")]
    kept = copy.frozen_standings["parts"]["categories"]
    damen = next(one for one in kept["categories"] if one["name"] == "Damen")
    entry_two = Entry.objects.get(tournament=copy, start_number=2)
    assert damen["rows"][0]["entry"] == entry_two.pk


def test_the_category_rankings_are_a_sheet_and_a_csv_of_the_results(played):
    tournament, _ = played
    with translation.override("en"):
        book = load_workbook(io.BytesIO(results_xlsx(tournament)))
    sheet = book["Categories"]
    rows = [[cell.value for cell in row] for row in sheet.iter_rows()]
    assert rows[0] == [
        "Category",
        "Place",
        "Rank",
        "Start number",
        "Name",
        "Club",
        "Total",
        "Withdrawn",
    ]
    assert [row[:5] for row in rows[1:]] == [
        ["Damen", 1, 1, 2, "Spieler 2"],
        ["Damen", 2, 3, 5, "Spieler 5"],
        ["Damen", 3, 5, 7, "Spieler 7"],
        ["Senioren", 1, 7, 3, "Spieler 3"],
    ]
    content = export_for_organiser(tournament, "categories-csv", by=ORGA).decode("utf-8-sig")
    assert list(csv.reader(io.StringIO(content), delimiter=";"))[1][:5] == [
        "Damen",
        "1",
        "1",
        "2",
        "Spieler 2",
    ]
    page = Client()
    page.force_login(organiser())
    assert "categories-csv" in page.get(f"/desk/{tournament.pk}/results/").content.decode()


def test_without_categories_there_is_no_category_sheet():
    tournament, _ = played_tournament()
    with translation.override("en"):
        assert "Categories" not in load_workbook(io.BytesIO(results_xlsx(tournament))).sheetnames
    assert "categories" not in [table.key for table in part_exports(tournament)]
