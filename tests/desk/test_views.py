"""The organiser's desk as the server answers it: who may enter, and every step of the evening
doing what it says, logged with who and when."""

import datetime
import io
import json

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.utils import timezone
from openpyxl import load_workbook

from clubs.domain.clubs import create_club
from clubs.enums import ClubRoleKind
from clubs.models import Club, ClubRole
from karlchen.actors import Actor
from people.models import Player
from results.domain.standings import standings
from scoring.domain.deals import record_deal
from scoring.models import Adjustment, Deal, DealRevision
from tests.factories.api import NORMAL
from tests.factories.documents import play_series
from tests.factories.tournaments import ORGA, organiser, seated_table, tournament_with_players
from tournaments.domain.entries import add_entry
from tournaments.enums import SeriesStatus, TournamentStatus
from tournaments.models import Job, OrganiserAction, RuleSet, Tournament

pytestmark = pytest.mark.django_db
CAPTAIN = Actor.captain("captain")

DDV_FORM = {
    "name": "Herbstturnier",
    "date": "2026-12-05",
    "venue": "Vereinsheim",
    "game": "doppelkopf",
    "series_count": "2",
    "normal_deals": "20",
    "compulsory_solos": "on",
    "seating_method": "plan",
    "preset": "ddv",
    "dk_scoring": "ddv",
    "dk_extras": ["fox", "doppelkopf", "karlchen"],
    "dk_against_the_elders": "on",
    "dk_solo_multiplier": "3",
    "dk_deck": "with_nines",
}


def pages(tournament, tables) -> list[str]:
    base = f"/desk/{tournament.pk}/"
    return [
        base,
        base + "setup/",
        base + "entries/",
        base + "series/1/",
        base + "series/1/board/",
        base + "series/1/links/",
        base + f"tables/{tables[0].pk}/",
        base + "results/",
        base + "organisers/",
        base + "export/csv/",
    ]


def actions(tournament) -> list[str]:
    """What the signed-in organisers did (not what setting the test data up logged)."""
    signed_in = tournament.actions.filter(user__isnull=False)
    return list(signed_in.order_by("pk").values_list("action", flat=True))


def messages_of(response) -> list[str]:
    return [str(message) for message in response.context["messages"]]


# --- who may enter ---------------------------------------------------------------------------


def test_without_signing_in_every_desk_page_leads_to_the_sign_in(seated):
    for path in ["/desk/", "/desk/new/", *pages(*seated)]:
        response = Client().get(path)
        assert response.status_code == 302
        assert response["Location"].startswith("/desk/login/?next=")


def test_someone_else_s_tournament_is_forbidden_on_every_page(seated, stranger):
    for path in pages(*seated):  # a draft: as unknown to a stranger (docs/CLUBS.md)
        assert stranger.get(path).status_code == 404, path
    tournament, _ = seated
    assert stranger.post(f"/desk/{tournament.pk}/", {"status": "open"}).status_code == 404
    Tournament.objects.filter(pk=tournament.pk).update(status=TournamentStatus.OPEN)
    for path in pages(*seated):  # a public one: seen, not run
        assert stranger.get(path).status_code == 403, path
    Tournament.objects.filter(pk=tournament.pk).update(status=TournamentStatus.DRAFT)
    assert Tournament.objects.get(pk=tournament.pk).status == "draft"


def test_a_refusal_at_the_desk_is_a_page_in_german_with_a_way_back(seated):
    """Not a bare English "403 Forbidden": the reason, and links back to the desk and home."""
    tournament, _ = seated
    Tournament.objects.filter(pk=tournament.pk).update(status=TournamentStatus.OPEN)
    stranger = Client(HTTP_ACCEPT_LANGUAGE="de")
    stranger.force_login(get_user_model().objects.create_user("fremd"))
    response = stranger.get(f"/desk/{tournament.pk}/")
    page = response.content.decode()
    assert response.status_code == 403
    assert '<html lang="de"' in page
    assert "Nicht erlaubt" in page
    assert "Das darf nur die Turnierleitung." in page
    assert 'href="/desk/"' in page
    assert 'href="/"' in page
    assert "Forbidden" not in page
    missing = stranger.get("/desk/999999/")
    assert missing.status_code == 404
    assert "Seite nicht gefunden" in missing.content.decode()


def test_the_desk_calls_clubs_vereine_and_invites_with_the_least_role(desk, orga):
    home = desk.get("/desk/").content.decode()
    assert "Vereine" in home
    assert "Kreuz" not in home
    club = create_club(by=Actor.of_user(orga), name="Kreuz As", admin=orga)
    page = desk.get(f"/desk/clubs/{club.pk}/").content.decode()
    role = page.split('name="role"')[-1].split("</select>")[0]
    assert 'value="scorer" selected' in role


def test_the_organiser_sees_every_page_and_only_their_tournaments(seated, desk):
    for path in pages(*seated):
        assert desk.get(path).status_code == 200, path
    Tournament.objects.create(name="Fremdes Turnier", date="2026-01-01")
    home = desk.get("/desk/").content.decode()
    assert "Vereinsturnier" in home
    assert "Fremdes Turnier" not in home


def test_signing_in_with_the_form_opens_the_desk(orga):
    orga.set_password("geheim")
    orga.save()
    client = Client()
    response = client.post("/desk/login/", {"username": "orga", "password": "geheim"})
    assert response.status_code == 302
    assert response["Location"] == "/desk/"
    wrong = Client().post("/desk/login/", {"username": "orga", "password": "falsch"})
    assert wrong.status_code == 200
    assert wrong.context["form"].errors


@pytest.mark.parametrize(
    ("language", "text"),
    [
        ("de", "Zu viele fehlgeschlagene Anmeldungen: Die Anmeldung ist für bis zu 15 Min."),
        ("en", "Too many failed sign-ins: signing in is locked for up to 15 min."),
    ],
)
def test_a_locked_out_organiser_gets_a_page_in_their_language(orga, settings, language, text):
    """Five wrong passwords lock the account; then even the right one gets a page saying so."""
    orga.set_password("geheim")
    orga.save()
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    for _ in range(settings.AXES_FAILURE_LIMIT - 1):
        client.post("/desk/login/", {"username": "orga", "password": "falsch"})
    for password in ("falsch", "geheim"):
        locked = client.post("/desk/login/", {"username": "orga", "password": password})
        assert locked.status_code == 429
        page = locked.content.decode()
        assert f'<html lang="{language}">' in page
        assert text in page
        assert locked["Retry-After"] == "900"
    assert "_auth_user_id" not in client.session


# --- set-up ----------------------------------------------------------------------------------


def test_a_tournament_with_house_rules_is_set_up_and_its_rules_saved_by_name(desk, orga):
    form = {
        **DDV_FORM,
        "dk_scoring": "doubling",
        "dk_poverty": "on",
        "save_as": "Herz As Hausregeln",
    }
    form["dk_extras"] = ["fox", "doppelkopf", "karlchen", "dulle_caught"]
    response = desk.post("/desk/new/", form)
    tournament = Tournament.objects.get(name="Herbstturnier")
    assert response["Location"] == f"/desk/{tournament.pk}/entries/"
    expected = {"scoring": "doubling", "poverty": True}
    expected["extras"] = ["doppelkopf", "dulle_caught", "fox", "karlchen"]
    assert tournament.rules == expected
    assert list(tournament.organisers.all()) == [orga]
    assert tournament.series.count() == 2
    assert RuleSet.objects.get(name="Herz As Hausregeln").rules == tournament.rules
    assert actions(tournament) == ["tournament_created", "rule_set_saved"]


def test_the_ddv_preset_stores_no_options_and_a_rule_set_is_offered_next_time(desk):
    desk.post("/desk/new/", DDV_FORM)
    assert Tournament.objects.get(name="Herbstturnier").rules == {}
    RuleSet.objects.create(name="Pik Dame", rules={"solo_multiplier": 6})
    page = desk.get("/desk/new/")
    choices = [
        (value, str(label)) for value, label in page.context["form"].fields["preset"].choices
    ]
    assert [value for value, _label in choices] == [
        "ddv",
        "club_bock",
        "schafkopf",
        "bavarian_tournament",
        "club_evening",
        str(RuleSet.objects.get().pk),
    ]
    assert [choices[i] for i in (0, 1, 2, 5)] == [
        ("ddv", "DDV-Turnierregeln"),
        ("club_bock", "Vereinsabend mit Bockrunden"),
        ("schafkopf", "Schafkopf-Standardtarif"),
        (str(RuleSet.objects.get().pk), "Pik Dame"),
    ]
    assert "Pik Dame" in page.content.decode()
    presets = page.context["presets"]
    assert presets[str(RuleSet.objects.get().pk)]["doppelkopf"]["solo_multiplier"] == 6


def test_a_club_evening_plays_bock_rounds_chosen_at_the_desk(desk):
    form = {
        **DDV_FORM,
        "dk_bock_triggers": ["tie_120", "solo_lost"],
        "dk_bock_length": "5",
        "dk_bock_stacking": "add",
        "dk_bock_multiplier": "2",
        "dk_bock_max_level": "3",
        "dk_bock_pause_compulsory_solos": "on",
        "dk_extras": ["fox", "doppelkopf", "karlchen", "fox_wins_last_trick"],
    }
    desk.post("/desk/new/", form)
    tournament = Tournament.objects.get(name="Herbstturnier")
    assert tournament.rules == {
        "bock_triggers": ["solo_lost", "tie_120"],
        "bock_length": 5,
        "bock_stacking": "add",
        "bock_pause_compulsory_solos": True,
        "extras": ["doppelkopf", "fox", "fox_wins_last_trick", "karlchen"],
    }
    assert tournament.series_settings(4).bock is not None
    page = desk.get(f"/desk/{tournament.pk}/setup/")
    html = page.content.decode()
    assert "Bock" in html
    presets = desk.get("/desk/new/").context["presets"]
    assert presets["club_bock"]["doppelkopf"]["bock_triggers"] == [
        "announced_lost",
        "solo_lost",
        "tie_120",
    ]
    assert presets["ddv"]["doppelkopf"]["bock_triggers"] == []


def test_a_schafkopf_tournament_takes_its_tariff(desk):
    form = {**DDV_FORM, "game": "schafkopf", "preset": "schafkopf"}
    form |= {"sk_tariff_rufer": "2", "sk_tariff_wenz": "5"}
    form |= {"sk_tariff_solo": "5", "sk_tariff_tout": "10", "sk_tariff_sie": "20"}
    form |= {"sk_tariff_schneider": "1", "sk_tariff_schwarz": "2", "sk_tariff_laufende": "1"}
    form |= {"sk_laufende_min": "3", "sk_laufende_min_wenz": "2"}
    desk.post("/desk/new/", form)
    tournament = Tournament.objects.get(name="Herbstturnier")
    assert tournament.rules == {"tariff": {"rufer": 2}}
    assert tournament.compulsory_solos is False


def test_a_schafkopf_club_evening_stores_its_options(desk):
    form = {**DDV_FORM, "game": "schafkopf", "preset": "club_evening"}
    form |= {"sk_stoss": "on", "sk_klopfen": "on", "sk_ramsch": "on", "sk_ramsch_jungfrau": "on"}
    form |= {"sk_ramsch_tie": "all", "sk_deck": "short", "sk_tariff_bettel": "4"}
    desk.post("/desk/new/", form)
    tournament = Tournament.objects.get(name="Herbstturnier")
    assert tournament.rules == {
        "stoss": True,
        "klopfen": True,
        "ramsch": True,
        "ramsch_jungfrau": True,
        "ramsch_tie": "all",
        "deck": "short",
        "tariff": {"bettel": 4},
    }
    page = desk.get(f"/desk/{tournament.pk}/setup/")
    fields = page.context["form"].fields
    assert fields["sk_stoss"].initial is True
    assert fields["sk_deck"].initial == "short"


def test_bock_that_adds_points_is_chosen_at_the_desk(desk):
    form = {**DDV_FORM, "dk_bock_triggers": ["tie_120"], "dk_bock_mode": "add"}
    form |= {"dk_bock_add_points": "2"}
    desk.post("/desk/new/", form)
    tournament = Tournament.objects.get(name="Herbstturnier")
    assert tournament.rules == {
        "bock_triggers": ["tie_120"],
        "bock_mode": "add",
        "bock_add_points": 2,
    }
    bock = tournament.series_settings(4).bock
    assert bock is not None
    assert (bock.mode, bock.add_points, bock.factor(2), bock.points(2)) == ("add", 2, 1, 4)
    fields = desk.get(f"/desk/{tournament.pk}/setup/").context["form"].fields
    assert (fields["dk_bock_mode"].initial, fields["dk_bock_add_points"].initial) == ("add", 2)


def test_the_leaster_and_the_highest_trump_are_chosen_at_the_desk(desk):
    form = {**DDV_FORM, "game": "schafkopf", "preset": "schafkopf"}
    form |= {"sk_ramsch": "on", "sk_leaster": "on", "sk_ramsch_tie": "tricks_then_trump"}
    form |= {"sk_geier": "on", "sk_tariff_leaster": "3"}
    desk.post("/desk/new/", form)
    tournament = Tournament.objects.get(name="Herbstturnier")
    assert tournament.rules == {
        "ramsch": True,
        "leaster": True,
        "ramsch_tie": "tricks_then_trump",
        "geier": True,
        "tariff": {"leaster": 3},
    }


def test_the_schafkopf_presets_fill_in_the_club_options(desk):
    page = desk.get("/desk/new/")
    presets = page.context["presets"]
    evening = presets["club_evening"]["schafkopf"]
    assert all(evening[name] for name in ("stoss", "klopfen", "ramsch", "bettel"))
    assert not evening["farbwenz"]
    assert presets["bavarian_tournament"]["schafkopf"] == presets["schafkopf"]["schafkopf"]
    assert not any(presets["schafkopf"]["schafkopf"][name] for name in ("stoss", "ramsch"))
    content = page.content.decode()
    for name in ("sk_stoss", "sk_klopfen", "sk_ramsch_tie", "sk_bettel", "sk_deck"):
        assert f'name="{name}"' in content


def test_a_tournament_with_the_club_evening_preset_from_the_api_shows_its_options(desk):
    form = {**DDV_FORM, "game": "schafkopf", "preset": "schafkopf"}
    desk.post("/desk/new/", form)
    tournament = Tournament.objects.get(name="Herbstturnier")
    tournament.rules = {"preset": "club_evening", "stoss": False}
    tournament.save()
    fields = desk.get(f"/desk/{tournament.pk}/setup/").context["form"].fields
    assert (fields["sk_stoss"].initial, fields["sk_klopfen"].initial) == (False, True)


def test_a_doppelkopf_rule_set_is_refused_for_schafkopf_with_a_word_on_the_field(desk):
    doppelkopf_rules = RuleSet.objects.create(name="Pik Dame", rules={"solo_multiplier": 6})
    for preset in ("ddv", str(doppelkopf_rules.pk)):
        response = desk.post("/desk/new/", {**DDV_FORM, "game": "schafkopf", "preset": preset})
        assert response.status_code == 400
        assert response.context["form"].errors["preset"] == [
            "Diese Regeln sind für Doppelkopf, nicht für Schafkopf: bitte andere wählen."
        ]
        page = response.content.decode()
        assert 'data-game="schafkopf"' in page  # the page shows the Schafkopf fields again
    assert not Tournament.objects.exists()


def test_switching_a_tournament_to_schafkopf_keeps_no_doppelkopf_settings(desk):
    desk.post("/desk/new/", {**DDV_FORM, "dk_solo_multiplier": "6"})
    tournament = Tournament.objects.get(name="Herbstturnier")
    assert (tournament.compulsory_solos, tournament.rules) == (True, {"solo_multiplier": 6})
    # the browser without its script sends the Doppelkopf fields along, still ticked
    form = {**DDV_FORM, "game": "schafkopf", "preset": "schafkopf", "dk_solo_multiplier": "6"}
    form |= {"dk_scoring": "doubling", "sk_tariff_rufer": "2", "normal_deals": "32"}
    response = desk.post(f"/desk/{tournament.pk}/setup/", form)
    assert response.status_code == 302
    tournament.refresh_from_db()
    assert tournament.game == "schafkopf"
    assert tournament.compulsory_solos is False
    assert tournament.rules == {"tariff": {"rufer": 2}}
    assert tournament.normal_deals == 32  # Schafkopf's deals per series
    page = desk.get(f"/desk/{tournament.pk}/setup/")
    assert page.context["form"]["preset"].value() == "schafkopf"
    assert '<form method="post" class="setup" data-presets-form data-game="schafkopf">' in (
        page.content.decode()
    )


def test_the_extra_points_are_a_group_of_boxes_each_with_its_own_label(desk):
    page = desk.get("/desk/new/").content.decode()
    start = page.index('<fieldset class="field checks"')
    group = page[start : page.index("</fieldset>", start)]
    assert "<legend>Sonderpunkte</legend>" in group
    assert group.count('class="check-item"') == group.count('type="checkbox"') > 3
    assert "<label><div" not in page  # no longer one label round all the boxes


def test_a_set_up_without_a_name_says_so_and_creates_nothing(desk):
    response = desk.post("/desk/new/", {**DDV_FORM, "name": ""})
    assert response.status_code == 400
    assert "name" in response.context["form"].errors
    assert not Tournament.objects.exists()


def test_once_deals_are_played_the_rules_cannot_change(seated, desk):
    tournament, tables = seated
    record_deal(tables[0], deal=NORMAL, by=CAPTAIN)
    form = {**DDV_FORM, "dk_scoring": "doubling", "name": "Neuer Name"}
    response = desk.post(f"/desk/{tournament.pk}/setup/", form)
    assert response.status_code == 302
    tournament.refresh_from_db()
    assert (tournament.name, tournament.rules) == ("Neuer Name", {})
    page = desk.get(f"/desk/{tournament.pk}/setup/").content.decode()
    assert "können sich nicht mehr ändern" in page or "can no longer change" in page


# --- entries ---------------------------------------------------------------------------------


def test_a_player_is_entered_and_a_second_time_refused(seated, desk):
    tournament, _ = seated
    url = f"/desk/{tournament.pk}/entries/"
    newcomer = {"name": "Änne Öztürk", "club": "Herz As", "new_person": "on"}
    response = desk.post(url, newcomer, follow=True)
    assert tournament.entries.filter(player__name="Änne Öztürk", start_number=10).exists()
    assert any("Serie 1" in text for text in messages_of(response))  # seated: seat it again
    again = desk.post(url, {"name": "Änne", "start_number": "10", "new_person": "on"})
    assert again.status_code == 400
    assert again.context["form"].errors["start_number"]
    assert actions(tournament) == ["entry_added"]


def test_an_uploaded_list_is_previewed_then_entered_all_at_once(desk):
    desk.post("/desk/new/", DDV_FORM)
    tournament = Tournament.objects.get()
    upload = io.BytesIO(b"Name;Verein\nAnna;Herz As\nBert;\n")
    upload.name = "liste.csv"
    preview = desk.post(f"/desk/{tournament.pk}/entries/upload/", {"file": upload})
    assert preview.status_code == 200
    assert preview.context["good"] is True
    assert not tournament.entries.exists()
    response = desk.post(f"/desk/{tournament.pk}/entries/upload/", {"confirm": "1"}, follow=True)
    names = list(tournament.entries.values_list("player__name", flat=True))
    assert sorted(names) == ["Anna", "Bert"]
    assert "2 Spieler sind eingetragen." in messages_of(response)
    log = tournament.actions.get(action="entries_imported")
    assert log.details == {"count": 2, "file": "liste.csv"}


def test_a_list_with_a_bad_row_shows_it_and_offers_no_import(seated, desk):
    tournament, _ = seated
    upload = io.BytesIO(b"name,start_number\nNeu,1\n,\n")
    upload.name = "liste.csv"
    preview = desk.post(f"/desk/{tournament.pk}/entries/upload/", {"file": upload})
    html = preview.content.decode()
    assert preview.context["good"] is False
    assert "Startnummer 1 ist schon vergeben." in html
    assert 'name="confirm"' not in html


def test_a_file_that_is_no_list_is_refused_at_the_file_field(seated, desk):
    tournament, _ = seated
    upload = io.BytesIO(b"Alter\n30\n")
    upload.name = "x.csv"
    response = desk.post(f"/desk/{tournament.pk}/entries/upload/", {"file": upload})
    assert response.status_code == 400
    assert response.context["file_form"].errors["file"]


def test_confirming_without_a_preview_enters_nothing(seated, desk):
    tournament, _ = seated
    response = desk.post(f"/desk/{tournament.pk}/entries/upload/", {"confirm": "1"}, follow=True)
    assert tournament.entries.count() == 9
    assert messages_of(response) == ["Bitte die Datei noch einmal hochladen."]


def test_the_door_checks_players_in_by_script_and_all_at_once(seated, desk):
    tournament, _ = seated
    entry = tournament.entries.get(start_number=3)
    url = f"/desk/{tournament.pk}/entries/{entry.pk}/"
    answer = desk.post(url, {"action": "check_in"}, HTTP_ACCEPT="application/json")
    assert answer.json() == {"checked_in": True, "withdrawn": False, "hidden": False}
    desk.post(f"/desk/{tournament.pk}/entries/check-in-all/")
    assert not tournament.entries.filter(checked_in=False).exists()
    assert actions(tournament) == ["checked_in", "checked_in"]
    bad = desk.post(url, {"action": "explode"})
    assert bad.status_code == 400


def test_a_withdrawal_warns_that_the_seated_series_needs_seating_again(seated, desk):
    tournament, _ = seated
    entry = tournament.entries.get(start_number=2)
    url = f"/desk/{tournament.pk}/entries/{entry.pk}/"
    response = desk.post(url, {"action": "withdraw"}, follow=True)
    entry.refresh_from_db()
    assert entry.withdrawn
    assert any("erneut auslosen" in text for text in messages_of(response))
    assert actions(tournament) == ["withdrawn"]


# --- seating, printing, the board ------------------------------------------------------------


def test_seating_a_series_runs_the_job_and_shows_the_report(
    desk, eager_celery, django_capture_on_commit_callbacks
):
    desk.post("/desk/new/", DDV_FORM)
    tournament = Tournament.objects.get()
    for number in range(1, 19):
        player = Player.objects.create(name=f"Spieler {number:02d}")
        tournament.entries.create(player=player, start_number=number)
    form = {"method": "plan", "seed": "7", "separate_clubs": "first", "all_series": "on"}
    with django_capture_on_commit_callbacks(execute=True):
        desk.post(f"/desk/{tournament.pk}/series/1/seat/", form)
    job = Job.objects.get(kind="seating")
    assert job.status == "done"
    series = tournament.series.get(number=1)
    assert series.tables.count() == 4
    assert series.seating_seed == 7
    assert tournament.series.get(number=2).tables.count() == 4  # every series at once
    page = desk.get(f"/desk/{tournament.pk}/series/1/")
    report = page.context["report"]
    assert report["repeated_pairs"] >= report["lower_bound"]
    assert "Wiederbegegnungen" in page.content.decode()
    assert len(page.context["board"]) == 4
    assert actions(tournament)[-1] == "seating_started"


@pytest.mark.django_db(transaction=True)
def test_a_seating_drawn_at_once_says_so(desk, eager_celery):
    # The embedded set-up runs the task as the request commits: the page shows the tables, so
    # the message must not say they are still being drawn.
    tournament, _entries = tournament_with_players(8, name="Gleich")
    form = {"method": "plan", "seed": "1", "separate_clubs": "first", "all_series": "on"}
    answer = desk.post(f"/desk/{tournament.pk}/series/1/seat/", form, follow=True)
    assert messages_of(answer) == ["Die Auslosung ist fertig."]
    assert answer.context["board"]


@pytest.mark.django_db(transaction=True)
def test_the_report_names_only_the_repeats_no_seating_avoids(desk, eager_celery):
    # 9 players in 3 series (a table of five, one of four) cannot avoid 12 repeats; 22 players
    # in 3 series need 8 with an even five-table duty, which the counting bound does not know
    # (it says 0): nothing is claimed there.
    for players, bound, claim in [(9, 12, "(davon 12 unvermeidbar)"), (22, 0, None)]:
        tournament, _ = tournament_with_players(players, name=f"{players}", series_count=3)
        form = {"method": "plan", "seed": "1", "separate_clubs": "none", "all_series": "on"}
        page = desk.post(f"/desk/{tournament.pk}/series/1/seat/", form, follow=True)
        report = page.context["report"]
        assert report["lower_bound"] == bound < report["repeated_pairs"]
        text = page.content.decode()
        assert "unvermeidbar" not in text if claim is None else claim in text
        assert "bestenfalls" not in text


def test_a_seating_not_yet_drawn_says_it_is_being_drawn(desk, django_capture_on_commit_callbacks):
    tournament, _entries = tournament_with_players(8, name="Später")
    form = {"method": "plan", "seed": "1", "separate_clubs": "first", "all_series": "on"}
    with django_capture_on_commit_callbacks(execute=False):  # no worker has taken it yet
        answer = desk.post(f"/desk/{tournament.pk}/series/1/seat/", form, follow=True)
    assert messages_of(answer) == ["Die Auslosung läuft …"]


def test_the_seating_report_of_an_evening_of_a_season_counts_the_pairs_who_met_before(seated, desk):
    tournament, _ = seated
    series = tournament.series.get(number=1)
    report = {"repeated_pairs": 0, "lower_bound": 0, "max_meetings": 1, "club_clashes": [0]}
    series.seating_report = {**report, "five_table_spread": 0, "position_one_spread": 0}
    series.save(update_fields=["seating_report"])
    page = desk.get(f"/desk/{tournament.pk}/series/1/").content.decode()
    series.seating_report["met_before"] = 17
    series.save(update_fields=["seating_report"])
    season_page = desk.get(f"/desk/{tournament.pk}/series/1/").content.decode()
    assert season_page.count("<dt>") == page.count("<dt>") + 1
    assert "<dd>17</dd>" in season_page


def test_score_sheets_are_printed_as_a_job_and_listed_for_download(
    seated, desk, eager_celery, media_root, django_capture_on_commit_callbacks
):
    tournament, _ = seated
    with django_capture_on_commit_callbacks(execute=True):
        desk.post(
            f"/desk/{tournament.pk}/print/",
            {"kind": "score_sheets", "series": "1", "next": f"/desk/{tournament.pk}/series/1/"},
        )
    job = Job.objects.get(kind="documents")
    assert job.status == "done"
    page = desk.get(f"/desk/{tournament.pk}/series/1/").content.decode()
    assert f"/api/v1/jobs/{job.pk}/files/score-sheets-series-1.pdf" in page
    download = desk.get(f"/api/v1/jobs/{job.pk}/files/score-sheets-series-1.pdf")
    assert download.status_code == 200
    assert b"".join(download.streaming_content).startswith(b"%PDF")
    assert actions(tournament) == ["documents_started"]
    log = desk.get(f"/desk/{tournament.pk}/organisers/").content.decode()
    assert "hat gedruckt: Spiellisten, Serie 1, leer" in log


def test_printing_what_cannot_be_printed_yet_says_why(seated, desk):
    tournament, _ = seated
    response = desk.post(f"/desk/{tournament.pk}/print/", {"kind": "certificates"}, follow=True)
    assert messages_of(response) == [
        "Noch ist kein Spiel eingetragen: es gibt noch keine Platzierung."
    ]
    assert not Job.objects.exists()


def test_the_board_shows_progress_owed_solos_and_quiet_tables(seated, desk):
    tournament, (four, five) = seated
    play_series(four, seed=2)
    record_deal(five, deal={**NORMAL, "re": [2, 3], "seats": [2, 3, 4, 5]}, by=CAPTAIN)
    an_hour_ago = timezone.now() - datetime.timedelta(hours=1)
    DealRevision.objects.filter(deal__table=five).update(created_at=an_hour_ago)
    board = desk.get(f"/desk/{tournament.pk}/series/1/board/")
    lines = {line["state"].table.number: line for line in board.context["board"]}
    assert lines[1]["state"].complete
    assert lines[1]["owed"] == []
    assert lines[2]["state"].deals_played == 1
    assert lines[2]["quiet"] is True
    assert len(lines[2]["owed"]) == 5
    assert 'class="quiet"' in board.content.decode()


def test_the_table_links_page_has_a_qr_code_per_table(seated, desk):
    tournament, tables = seated
    html = desk.get(f"/desk/{tournament.pk}/series/1/links/").content.decode()
    assert html.count("<svg") == 2
    assert all(table.captain_path() in html for table in tables)


def test_the_board_says_when_a_forced_solo_is_due(seated, desk):
    tournament, (four, _) = seated
    play_series(four, seed=2, deals=3)
    desk.post(f"/desk/{tournament.pk}/series/1/call-time/")
    board = desk.get(f"/desk/{tournament.pk}/series/1/board/")
    line = next(line for line in board.context["board"] if line["state"].table == four)
    soloist = line["state"].next_deal.forced_soloist
    assert line["forced"] == four.seats.get(position=soloist).entry.player.name
    assert "Vorführung jetzt:" in board.content.decode()


def test_closing_is_refused_while_tables_play_unless_forced(seated, desk):
    tournament, (four, _) = seated
    play_series(four)
    url = f"/desk/{tournament.pk}/series/1/close/"
    response = desk.post(url, follow=True)
    assert "2" in " ".join(messages_of(response))
    series = tournament.series.get(number=1)
    assert series.status != SeriesStatus.CLOSED
    desk.post(f"/desk/{tournament.pk}/series/1/call-time/")
    desk.post(url, {"force": "on"})
    series.refresh_from_db()
    assert series.status == SeriesStatus.CLOSED
    assert series.time_called_at is not None
    assert actions(tournament) == ["time_called", "series_force_closed"]
    assert tournament.actions.order_by("pk").last().details == {"series": 1, "tables": "2"}


# --- a table: corrections, penalties ---------------------------------------------------------


def test_the_desk_corrects_a_deal_through_the_api_with_its_session(seated, orga):
    tournament, (four, _) = seated
    record_deal(four, deal=NORMAL, by=CAPTAIN)
    client = Client(enforce_csrf_checks=True)
    client.force_login(orga)
    page = client.get(f"/desk/{tournament.pk}/tables/{four.pk}/")
    data = json.loads(page.context["page_data"] and json.dumps(page.context["page_data"]))
    assert data["token"] is None
    assert data["urls"]["service_worker"] is None
    body = {"deal": {**NORMAL, "re_points": 100}, "version": 1, "reason": "Augen verzählt"}
    refused = client.put(
        f"/api/v1/tables/{four.pk}/deals/1/", body, content_type="application/json"
    )
    assert refused.status_code == 403  # no CSRF token: a forged request
    answer = client.put(
        f"/api/v1/tables/{four.pk}/deals/1/",
        body,
        content_type="application/json",
        HTTP_X_CSRFTOKEN=data["csrf"],
    )
    assert answer.status_code == 200
    log = tournament.actions.get(user__isnull=False)
    assert (log.action, log.user_label, log.details["reason"]) == (
        "deal_corrected",
        "orga",
        "Augen verzählt",
    )
    history = client.get(f"/desk/{tournament.pk}/tables/{four.pk}/").context["history"]
    assert [(r.version, r.author_label) for r in history] == [(1, "captain"), (2, "orga")]


def test_a_minor_breach_is_worked_out_and_other_penalties_taken_as_given(seated, desk):
    tournament, (four, five) = seated
    url = f"/desk/{tournament.pk}/tables/{four.pk}/penalty/"
    desk.post(url, {"kind": "minor", "offender": "2", "reason": "Karte gezeigt"})
    desk.post(url, {"kind": "unsporting", "offender": "1", "points": "5", "reason": "Beleidigung"})
    response = desk.post(
        url, {"kind": "serious", "points_1": "4", "points_2": "-2", "reason": "x"}, follow=True
    )
    assert any("0" in text for text in messages_of(response))  # must sum to 0
    rows = [
        sorted((line.entry.start_number, line.points) for line in adjustment.lines.all())
        for adjustment in Adjustment.objects.order_by("pk")
    ]
    assert rows == [[(1, 1), (2, -3), (3, 1), (4, 1)], [(1, -5)]]
    five_url = f"/desk/{tournament.pk}/tables/{five.pk}/penalty/"
    refused = desk.post(five_url, {"kind": "minor", "offender": "1", "reason": "x"}, follow=True)
    assert messages_of(refused)  # a five-table needs the deal
    assert actions(tournament) == ["penalty_added", "penalty_added"]


# --- finishing -------------------------------------------------------------------------------


def test_publishing_hiding_freezing_and_thawing_are_logged(seated, desk):
    tournament, _ = seated
    url = f"/desk/{tournament.pk}/results/"
    for action in ("unpublish", "publish", "freeze", "thaw"):
        desk.post(url, {"action": action})
    tournament.refresh_from_db()
    assert tournament.standings_public
    assert tournament.standings_frozen_at is None
    assert actions(tournament) == ["unpublished", "published", "frozen", "thawed"]


def test_the_exports_hold_the_standings(seated, desk):
    tournament, (four, _) = seated
    play_series(four, seed=9)
    xlsx = desk.get(f"/desk/{tournament.pk}/export/xlsx/")
    assert xlsx["Content-Disposition"].endswith('-results.xlsx"')
    rows = list(load_workbook(io.BytesIO(xlsx.content)).active.iter_rows(values_only=True))
    assert [row[4] for row in rows[1:]] == [row.total for row in standings(tournament)]
    assert desk.get(f"/desk/{tournament.pk}/export/pdf/").status_code == 404
    assert actions(tournament) == ["exported"]


def test_an_exported_archive_is_imported_at_the_desk(seated, desk):
    tournament, (four, _) = seated
    play_series(four, seed=11)
    archive = desk.get(f"/desk/{tournament.pk}/export/json/")
    upload = io.BytesIO(archive.content)
    upload.name = "archiv.json"
    response = desk.post("/desk/import/", {"file": upload})
    copy = Tournament.objects.exclude(pk=tournament.pk).get()
    assert response["Location"] == f"/desk/{copy.pk}/"
    assert [(r.start_number, r.total) for r in standings(copy)] == [
        (r.start_number, r.total) for r in standings(tournament)
    ]
    assert actions(copy) == ["archive_imported"]
    junk = io.BytesIO(b"{not json")
    junk.name = "x.json"
    refused = desk.post("/desk/import/", {"file": junk}, follow=True)
    assert "Die Datei ist kein JSON-Archiv." in messages_of(refused)


def test_a_tampered_archive_is_refused_at_the_desk_in_words_and_creates_nothing(seated, desk):
    tournament, (four, _) = seated
    play_series(four, seed=11)
    archive = json.loads(desk.get(f"/desk/{tournament.pk}/export/json/").content)
    archive["series"][0]["tables"][0]["deals"][0]["kind"] = "hacked"
    upload = io.BytesIO(json.dumps(archive).encode())
    upload.name = "archiv.json"
    before = (Tournament.objects.count(), Player.objects.count(), Deal.objects.count())
    refused = desk.post("/desk/import/", {"file": upload})
    assert refused.status_code == 400
    (message,) = messages_of(refused)
    assert message.startswith("Der Wert ist keine der erlaubten Möglichkeiten. (")
    assert message.endswith(" series.0.tables.0.deals.0.kind)")
    assert (Tournament.objects.count(), Player.objects.count(), Deal.objects.count()) == before


# --- organisers and the log ------------------------------------------------------------------


def test_a_second_organiser_is_added_may_act_and_is_removed_again(seated, desk, orga):
    tournament, _ = seated
    url = f"/desk/{tournament.pk}/organisers/"
    helper = organiser("helfer")
    desk.post(url, {"username": "helfer"})
    second = Client()
    second.force_login(helper)
    assert second.get(f"/desk/{tournament.pk}/").status_code == 200
    unknown = desk.post(url, {"username": "niemand"})
    assert unknown.status_code == 400
    itself = desk.post(url, {"remove": str(orga.pk)}, follow=True)
    assert orga in tournament.organisers.all()
    assert messages_of(itself)
    desk.post(url, {"remove": str(helper.pk)})
    assert second.get(f"/desk/{tournament.pk}/").status_code == 404  # a draft, no more theirs
    log = desk.get(url).context["log"]
    texts = [text for _, text in log]
    assert texts[:2] == [
        "hat helfer als Turnierleitung entfernt",
        "hat helfer zur Turnierleitung gemacht",
    ]
    assert OrganiserAction.objects.filter(user=orga).count() == 2


def test_a_schafkopf_table_is_worked_at_the_desk_too(desk):
    table = seated_table(4, game="schafkopf")
    html = desk.get(f"/desk/{table.series.tournament_id}/tables/{table.pk}/").content.decode()
    assert 'name="declarer"' in html
    assert 'id="deal-form"' in html


def test_the_desk_speaks_english_when_asked(seated, orga):
    tournament, _ = seated
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(orga)
    html = client.get(f"/desk/{tournament.pk}/entries/").content.decode()
    assert "Check everyone in" in html
    assert "Alle als anwesend markieren" not in html


def test_a_scorer_sees_the_steps_a_scorer_can_use(client):
    table = seated_table(4)
    tournament = table.series.tournament
    club = tournament.club or Club.objects.create(name="Kreuz Bube")
    tournament.club = club
    tournament.save(update_fields=["club"])
    scorer = organiser("schreiber")
    ClubRole.objects.create(club=club, user=scorer, role=ClubRoleKind.SCORER)
    base = f"/desk/{tournament.pk}/"
    client.force_login(scorer)
    nav = client.get(base).content.decode().split('class="steps"')[1].split("</nav>")[0]
    assert f'href="{base}entries/"' in nav
    assert f'href="{base}series/1/"' in nav
    assert f'href="{base}results/"' in nav
    for step in ("setup/", "signups/", "money/", "teams/", "organisers/"):
        assert f'href="{base}{step}"' not in nav
    setup = client.get(base + "setup/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "changing it is for the tournament's organisers" in setup  # readable, and says so
    entries = client.get(base + "entries/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "changing it is for the tournament's organisers" not in entries  # they check in
    client.force_login(organiser())
    nav = client.get(base).content.decode().split('class="steps"')[1].split("</nav>")[0]
    assert f'href="{base}setup/"' in nav
    assert f'href="{base}organisers/"' in nav


def test_the_desk_lists_tournaments_newest_first_and_players_by_name(desk, orga):
    """Both lists count something (GROUP BY), where Meta.ordering does not apply: the order is
    asked for, whatever order the rows were made in."""
    for name, date in (
        ("Frühjahr", "2026-03-01"),
        ("Herbst", "2026-10-01"),
        ("Sommer", "2026-07-01"),
    ):
        tournament, _ = tournament_with_players(
            0, name=name, date=datetime.date.fromisoformat(date)
        )
        tournament.organisers.add(orga)
    home = desk.get("/desk/").content.decode()
    assert home.index("Herbst") < home.index("Sommer") < home.index("Frühjahr")
    tournament, _ = tournament_with_players(0, name="Winter")
    tournament.organisers.add(orga)
    for name in ("Zora Zander", "Anna Abel", "Mia Maus"):
        add_entry(tournament, by=ORGA, name=name)
    page = desk.get("/desk/players/").content.decode()
    assert page.index("Anna Abel") < page.index("Mia Maus") < page.index("Zora Zander")
