"""Creating tournaments and entering players, one by one or from a CSV file."""

import datetime

import pytest

from clubs.models import Club
from karlchen.actors import Actor
from karlchen.refusals import Refused
from people.models import Player
from tests.factories.tournaments import ORGA, organiser, tournament_with_players
from tournaments.domain.entries import add_entry, import_entries_csv, set_checked_in, withdraw
from tournaments.domain.tournaments import create_tournament
from tournaments.models import Entry

pytestmark = pytest.mark.django_db


def problems(refused):
    return [(problem.code, problem.field) for problem in refused.value.problems]


def test_a_new_tournament_has_its_series_and_its_organiser():
    tournament = create_tournament(
        by=Actor.of_user(organiser()),
        name="Herbstturnier",
        date=datetime.date(2026, 11, 7),
        series_count=4,
    )
    assert list(tournament.series.values_list("number", flat=True)) == [1, 2, 3, 4]
    assert list(tournament.organisers.values_list("username", flat=True)) == ["orga"]


def test_a_tournament_refuses_rules_its_engine_does_not_know():
    with pytest.raises(Refused) as refused:
        create_tournament(
            by=ORGA, name="x", date=datetime.date(2026, 1, 1), rules={"scoring": "skat"}
        )
    assert problems(refused) == [("invalid_option", "rules.scoring")]


def test_a_schafkopf_tournament_plays_32_deals_without_compulsory_solos():
    tournament = create_tournament(
        by=ORGA, name="Schafkopf", date=datetime.date(2026, 1, 1), game="schafkopf"
    )
    assert (tournament.normal_deals, tournament.compulsory_solos) == (32, False)
    assert tournament.series_settings(5).normal_deals == 32


def test_five_tables_play_five_quarters_of_the_normal_deals():
    tournament, _ = tournament_with_players(0)
    assert (
        tournament.series_settings(4).normal_deals,
        tournament.series_settings(5).normal_deals,
    ) == (
        20,
        25,
    )


def test_entries_get_the_next_start_number_and_keep_their_club_as_typed():
    tournament, entries = tournament_with_players(4)
    assert [entry.start_number for entry in entries] == [1, 2, 3, 4]
    late = add_entry(tournament, name="Nachzüglerin", club=" Herz  As ", start_number=10, by=ORGA)
    assert (late.start_number, late.player.club_name, late.player.club) == (10, "Herz As", None)
    assert not Club.objects.exists()  # typed text makes no club
    assert add_entry(tournament, name="Noch einer", by=ORGA).start_number == 11


def test_a_member_number_finds_the_same_player_again():
    first, _ = tournament_with_players(0)
    second, _ = tournament_with_players(0)
    add_entry(first, name="Erika Muster", member_number="DDV-123", by=ORGA)
    add_entry(second, name="Erika Muster", member_number="DDV-123", by=ORGA)
    assert Player.objects.filter(member_number="DDV-123").count() == 1
    with pytest.raises(Refused) as refused:
        add_entry(first, name="Erika M.", member_number="DDV-123", by=ORGA)
    assert problems(refused) == [("already_entered", "name")]


def test_entry_refusals():
    tournament, _ = tournament_with_players(2)
    with pytest.raises(Refused) as refused:
        add_entry(tournament, name=" ", start_number=2, by=ORGA)
    assert problems(refused) == [("name_required", "name"), ("start_number_taken", "start_number")]
    with pytest.raises(Refused) as refused:
        add_entry(tournament, name="x", start_number=0, by=ORGA)
    assert problems(refused) == [("start_number_invalid", "start_number")]


def test_too_long_texts_and_huge_start_numbers_are_refused():
    tournament, _ = tournament_with_players(0)
    with pytest.raises(Refused) as refused:
        add_entry(
            tournament,
            name="x" * 121,
            club="y" * 121,
            member_number="1" * 31,
            start_number=10**9,
            by=ORGA,
        )
    assert problems(refused) == [
        ("text_too_long", "name"),
        ("text_too_long", "club"),
        ("text_too_long", "member_number"),
        ("start_number_invalid", "start_number"),
    ]
    with pytest.raises(Refused) as refused:
        import_entries_csv(tournament, f"name,start_number\n{'x' * 121},{'9' * 30}\n", by=ORGA)
    assert problems(refused) == [
        ("start_number_invalid", "csv.2.start_number"),
        ("text_too_long", "csv.2.name"),
    ]


def test_csv_import_enters_every_row():
    tournament, _ = tournament_with_players(0)
    text = "\ufeffname,club,member_number,start_number\nAnna,Karo Sieben,,5\nBernd,,B-1,\n"
    entries = import_entries_csv(tournament, text, by=ORGA)
    assert [(e.player.name, e.start_number) for e in entries] == [("Anna", 5), ("Bernd", 6)]
    assert entries[0].player.club_name == "Karo Sieben"


def test_csv_import_is_all_or_nothing_with_every_problem_by_line():
    tournament, _ = tournament_with_players(1)
    text = "name,club,start_number\nAnna,,x\n,,\nCarla,,1\nDora,,7\nEmil,,7\n"
    with pytest.raises(Refused) as refused:
        import_entries_csv(tournament, text, by=ORGA)
    assert problems(refused) == [
        ("start_number_invalid", "csv.2.start_number"),
        ("name_required", "csv.3.name"),
        ("start_number_taken", "csv.4.start_number"),
        ("start_number_taken", "csv.6.start_number"),
    ]
    assert Entry.objects.filter(tournament=tournament).count() == 1


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("name,phone\nAnna,123\n", [("csv_columns", "csv.2")]),
        ("name,club\nAnna,x,extra\n", [("csv_columns", "csv.2")]),
        ("name,club\n", [("csv_empty", "csv")]),
    ],
)
def test_csv_import_refuses_unknown_columns_and_empty_files(text, expected):
    tournament, _ = tournament_with_players(0)
    with pytest.raises(Refused) as refused:
        import_entries_csv(tournament, text, by=ORGA)
    assert problems(refused) == expected


def test_check_in_and_withdraw():
    _, (entry, *_rest) = tournament_with_players(4)
    set_checked_in(entry, by=ORGA)
    withdraw(entry, by=ORGA)
    entry.refresh_from_db()
    assert (entry.checked_in, entry.withdrawn) == (True, True)


def test_a_tournament_model_refuses_bad_rules_in_forms_too():
    from django.core.exceptions import ValidationError

    tournament, _ = tournament_with_players(0)
    tournament.rules = {"deck": "32 cards"}
    with pytest.raises(ValidationError) as refused:
        tournament.full_clean()
    assert list(refused.value.message_dict) == ["rules"]


def test_deleting_a_tournament_removes_its_deals_and_history():
    from scoring.domain.deals import record_deal
    from scoring.domain.removal import delete_tournaments
    from scoring.models import Deal, DealRevision, RevisionPoints
    from tests.factories.tournaments import seated_table
    from tests.scoring.domain.conftest import CAPTAIN, normal
    from tournaments.models import Tournament

    table = seated_table(4)
    record_deal(table, deal=normal([1, 2]), by=CAPTAIN)
    kept, _ = tournament_with_players(4)
    delete_tournaments(Tournament.objects.filter(pk=table.series.tournament_id))
    assert list(Tournament.objects.all()) == [kept]
    assert (Deal.objects.count(), DealRevision.objects.count(), RevisionPoints.objects.count()) == (
        0,
        0,
        0,
    )
