"""The tournament archive: exported, imported again, it is the same tournament to the last
correction; anything that is not such an archive is refused whole."""

import datetime
import json

import pytest

from clubs.models import Club
from karlchen.actors import Actor, Role
from karlchen.refusals import Refused
from people.models import Player
from results.domain.archive import export_archive, import_archive, parse_archive
from results.domain.standings import standings
from scoring.domain.adjustments import add_adjustment, minor_breach_lines
from scoring.domain.deals import confirm_deal, correct_deal, record_deal, void_deal
from scoring.models import Adjustment, AdjustmentLine, Deal, DealRevision, RevisionPoints
from seating.models import Seat, Table
from tests.factories.documents import play_series, seated_series
from tests.factories.once import rolled_back
from tests.factories.tournaments import organiser, standing_figures
from tournaments.domain.entries import hide_publicly, withdraw
from tournaments.domain.tournaments import update_tournament
from tournaments.models import Entry, OrganiserAction, Series, Tournament

pytestmark = pytest.mark.django_db
ORGA = Actor(user=None, label="orga", role=Role.ORGANISER)


@pytest.fixture
def played():
    return _played()


@pytest.fixture
def played_file(played_text):
    """``played``'s archive as a file carries it, a copy of its own for each test."""
    return json.loads(played_text)


@pytest.fixture(scope="module")
def played_text(django_db_setup, django_db_blocker):
    """``played``'s archive, exported once for the tests that only read or break it (the rows it
    was exported from rolled back at once)."""
    with rolled_back(django_db_blocker):
        return json.dumps(export_archive(_played()))


def _played():
    """A four- and a five-table played through, a correction, a void, a penalty row, a
    confirmation, a withdrawn and a hidden player."""
    series, (four, five) = seated_series((4, 5), confirmation_required=True)
    play_series(four, seed=3)
    play_series(five, seed=4)
    deal = four.deals.get(number=2)
    entered = dict(deal.current.input, re_points=deal.current.input["re_points"] // 2)
    correct_deal(four, 2, deal=entered, version=1, reason="Augen verzählt", by=ORGA)
    void_deal(five, 3, version=1, reason="vergeben", by=ORGA)
    seat = four.seats.get(position=1)
    add_adjustment(
        series,
        kind="minor",
        lines=minor_breach_lines(four, seat.entry),
        reason="Karte gezeigt",
        table=four,
        by=ORGA,
    )
    revision = five.deals.get(number=1).current
    position = revision.points.filter(points__lt=0).first().position
    pin = five.seats.get(position=position).entry.pin
    confirm_deal(five, 1, version=revision.version, position=position, pin=pin)
    tournament = series.tournament
    withdraw(tournament.entries.get(start_number=9), by=ORGA)
    hide_publicly(tournament.entries.get(start_number=8), by=ORGA)
    return tournament


def test_an_imported_archive_has_the_same_standings_history_and_export(played):
    archive = json.loads(json.dumps(export_archive(played)))  # as a file would carry it
    copy = import_archive(archive, by=Actor.of_user(organiser("zweite")))
    assert copy.pk != played.pk
    assert standing_figures(copy) == standing_figures(played)
    assert standing_figures(copy) == [tuple(row) for row in standing_figures(played)]
    again = export_archive(copy)
    assert {**again, "exported_at": None} == {**archive, "exported_at": None}
    corrected = copy.series.get(number=1).tables.get(number=1).deals.get(number=2)
    assert [(r.version, r.reason, r.author_label) for r in corrected.revisions.all()] == [
        (1, "", "captain"),
        (2, "Augen verzählt", "orga"),
    ]
    assert copy.organisers.get().username == "zweite"


def test_the_confirmed_standings_survive_the_archive(played):
    copy = import_archive(json.loads(json.dumps(export_archive(played))), by=ORGA)
    public = standings(played, confirmed_only=True)
    assert [(r.start_number, r.total) for r in standings(copy, confirmed_only=True)] == [
        (r.start_number, r.total) for r in public
    ]


def broken(archive: dict, change) -> dict:
    archive = json.loads(json.dumps(archive))
    change(archive)
    return archive


def rows() -> dict[str, int]:
    """How many rows every table an import writes to holds."""
    models = (Tournament, Club, Player, Entry, Series, Table, Seat, Deal, DealRevision)
    models += (RevisionPoints, Adjustment, AdjustmentLine, OrganiserAction)
    return {model.__name__: model.objects.count() for model in models}


def refusal_of(archive: dict | bytes) -> list[tuple[str, str]]:
    """Import ``archive`` (a file's bytes, or JSON as a file would carry it): the problems,
    after checking that the refusal left every table as it was."""
    raw = archive if isinstance(archive, bytes) else json.dumps(archive).encode()
    before = rows()
    with pytest.raises(Refused) as refusal:
        import_archive(parse_archive(raw), by=ORGA)
    assert rows() == before
    return [(p.field, p.code) for p in refusal.value.problems]


DEAL = "series.0.tables.0.deals"


def revision(archive: dict, deal: int = 0, version: int = 0, table: int = 0) -> dict:
    return archive["series"][0]["tables"][table]["deals"][deal]["revisions"][version]


def hacked_points(archive: dict) -> None:
    """The first deal's points, still zero-sum, the other way round."""
    points = revision(archive)["points"]
    points.update({seat: -value for seat, value in points.items()})
    revision(archive)["result"]["points"] = points


def not_zero_sum(archive: dict) -> None:
    points = revision(archive)["points"]
    points.update(dict.fromkeys(points, 5))
    revision(archive)["result"]["points"] = points


def impossible(archive: dict) -> None:
    revision(archive)["input"]["re_points"] = 250


@pytest.mark.parametrize(
    ("change", "problems"),
    [
        (lambda a: a.update(format="other"), [("archive", "archive_invalid")]),
        (lambda a: a.update(version=99), [("archive", "archive_version")]),
        (lambda a: a.pop("entries"), [("entries", "archive_required")]),
        (lambda a: a.pop("standings"), [("standings", "archive_required")]),
        (
            lambda a: a["series"][0]["tables"][0]["seats"].update({"1": 999}),
            [("series.0.tables.0.seats.1", "archive_unknown_entry")],
        ),
        (
            lambda a: a["series"][0]["tables"][0]["deals"][0].pop("revisions"),
            [(f"{DEAL}.0.revisions", "archive_required")],
        ),
        (
            lambda a: a["tournament"].update(rules={"deck": "tarot"}),
            [("tournament.rules.deck", "invalid_option")],
        ),
        (
            lambda a: a["standings"][0].update(total=10_000),
            [("standings.0", "archive_standings_differ")],
        ),
        (
            lambda a: a["entries"][1].update(start_number=1),
            [("entries.1.start_number", "archive_twice")],
        ),
        (
            lambda a: a["entries"][0].update(start_number=10**30),
            [("entries.0.start_number", "archive_range")],
        ),
        (
            lambda a: a["series"][0].update(number=4),
            [("series.0.number", "archive_series_unknown")],
        ),
        (  # not a number that could be looked up: refused, not a crash
            lambda a: a["series"][0].update(number=[1]),
            [("series.0.number", "archive_type")],
        ),
        (
            lambda a: a["series"][0]["tables"][0]["deals"][0].update(kind="hacked"),
            [(f"{DEAL}.0.kind", "archive_choice")],
        ),
        (
            lambda a: a["series"][0]["tables"][0]["deals"][0].update(kind="forced_solo"),
            [(f"{DEAL}.0.kind", "archive_deal_differs")],
        ),
        (not_zero_sum, [(f"{DEAL}.0.revisions.0.points", "archive_points_differ")]),
        (hacked_points, [(f"{DEAL}.0.revisions.0.points", "archive_points_differ")]),
        (impossible, [(f"{DEAL}.0.revisions.0.input.re_points", "points_range")]),
        (
            lambda a: revision(a)["input"].update(re_points="120"),
            [(f"{DEAL}.0.revisions.0.input.re_points", "archive_type")],
        ),
        (
            lambda a: revision(a, table=1).update(
                confirmed_by=a["series"][0]["tables"][0]["seats"]["1"]
            ),
            [("series.0.tables.1.deals.0.revisions.0.confirmed_by", "archive_confirmer")],
        ),
        (
            lambda a: revision(a)["input"].update(hacked=True),
            [(f"{DEAL}.0.revisions.0.input.hacked", "archive_unknown_field")],
        ),
        (
            lambda a: revision(a)["result"].update(value=99),
            [(f"{DEAL}.0.revisions.0.result", "archive_result_differs")],
        ),
        (
            lambda a: a["series"][0]["tables"][0].update(time_up_after=99),
            [("series.0.tables.0.time_up_after", "archive_range")],
        ),
        (
            lambda a: a["series"][0]["tables"][1]["seats"].update({"6": 1}),
            [("series.0.tables.1.seats", "archive_too_long")],
        ),
        (
            lambda a: a["series"][0]["adjustments"][0]["lines"].update({"2": 7}),
            [("series.0.adjustments.0.lines", "adjustment_not_zero_sum")],
        ),
        (
            lambda a: a["tournament"].update(name="x" * 10_000),
            [("tournament.name", "archive_too_long")],
        ),
    ],
)
def test_anything_but_a_sound_archive_is_refused_and_leaves_nothing_behind(
    played_file, change, problems
):
    found = refusal_of(broken(played_file, change))
    assert found[: len(problems)] == problems  # and nothing else, but what follows from it
    assert len(found) == len(problems) or problems[0][0].startswith("entries.")


def test_a_file_nested_100000_deep_is_refused_before_it_is_parsed():
    raw = b'{"format": "karlchen-tournament", "x": ' + b"[" * 100_000 + b"]" * 100_000 + b"}"
    assert refusal_of(raw) == [("archive", "archive_too_deep")]


@pytest.mark.parametrize("number", ["Infinity", "-Infinity", "NaN", "1e400"])
def test_nan_and_infinity_are_refused(played_file, number):
    text = json.dumps(played_file).replace('"start_number": 1,', f'"start_number": {number},', 1)
    assert refusal_of(text.encode()) == [("archive", "archive_not_a_number")]


@pytest.mark.parametrize(
    "raw",
    [b"\xff\xfe not utf-8", b"{not json", b'{"format": "a", "format": "b"}', b"1" * 5000],
)
def test_a_file_that_is_not_json_is_refused(raw):
    assert refusal_of(raw) == [("archive", "archive_unreadable")]


def test_a_file_over_the_size_limit_is_refused_unread(settings):
    settings.ARCHIVE_MAX_BYTES = 1000
    assert refusal_of(b" " * 1001) == [("archive", "archive_too_large")]


SCHAFKOPF_DEALS = [
    {"contract": "rufer", "declarer": 1, "partner": 3, "suit": "acorns", "declarer_points": 70},
    {"contract": "wenz", "declarer": 2, "declarer_points": 45, "laufende": 0},
    {"contract": "solo", "declarer": 4, "suit": "hearts", "declarer_points": 95, "laufende": 3},
    {"contract": "rufer", "declarer": 3, "partner": 2, "suit": "bells", "declarer_points": 30},
]


def test_a_schafkopf_tournament_survives_the_archive():
    series, (table,) = seated_series((4,), game="schafkopf")
    for deal in SCHAFKOPF_DEALS:
        record_deal(table, deal=deal, by=ORGA)
    correct_deal(
        table,
        2,
        deal={**SCHAFKOPF_DEALS[1], "declarer_points": 61},
        version=1,
        reason="Augen",
        by=ORGA,
    )
    void_deal(table, 4, version=1, reason="vergeben", by=ORGA)
    archive = json.loads(json.dumps(export_archive(series.tournament)))
    copy = import_archive(archive, by=ORGA)
    assert standing_figures(copy) == standing_figures(series.tournament)
    assert {**export_archive(copy), "exported_at": None} == {**archive, "exported_at": None}
    revision(archive)["points"]["1"] += 1
    assert refusal_of(archive)[0] == (f"{DEAL}.0.revisions.0.points", "archive_points_differ")


CLUB_EVENING_DEALS = [
    {"contract": "ramsch", "knocked": [2], "ramsch_points": {"1": 30, "2": 45, "3": 20, "4": 25}},
    {
        "contract": "ramsch",
        "ramsch_points": {"1": 0, "2": 70, "3": 0, "4": 50},
        "ramsch_tricks": {"1": 0, "2": 5, "3": 0, "4": 3},
    },
    {"contract": "bettel", "declarer": 3, "declarer_tricks": 0},
    {"contract": "geier", "declarer": 1, "declarer_points": 70, "kontra": 2, "re": 1},
    {**SCHAFKOPF_DEALS[0], "knocked": [1, 4], "kontra": 4},
]


def test_the_schafkopf_club_games_survive_the_archive():
    series, (table,) = seated_series((4,), game="schafkopf", rules={"preset": "club_evening"})
    for deal in CLUB_EVENING_DEALS:
        record_deal(table, deal=deal, by=ORGA)
    correct_deal(
        table,
        1,
        deal={**CLUB_EVENING_DEALS[0], "knocked": []},
        version=1,
        reason="nicht geklopft",
        by=ORGA,
    )
    archive = json.loads(json.dumps(export_archive(series.tournament)))
    copy = import_archive(archive, by=ORGA)
    assert standing_figures(copy) == standing_figures(series.tournament)
    assert {**export_archive(copy), "exported_at": None} == {**archive, "exported_at": None}
    revision(archive)["input"]["ramsch_points"]["1"] = 31
    assert refusal_of(archive)[0][1] in ("archive_points_differ", "ramsch_points_sum")


NEW_CLUB_RULES = {
    "preset": "club_evening",
    "leaster": True,
    "farbwenz": True,
    "ramsch_tie": "tricks_then_trump",
}
NEW_CLUB_DEALS = [
    {
        "contract": "ramsch",
        "ramsch_points": {"1": 40, "2": 40, "3": 25, "4": 15},
        "ramsch_tricks": {"1": 3, "2": 3, "3": 1, "4": 1},
        "ramsch_top_trump": 2,
    },
    {"contract": "leaster", "ramsch_points": {"1": 10, "2": 45, "3": 40, "4": 25}},
    {
        "contract": "farbwenz_tout",
        "declarer": 3,
        "suit": "bells",
        "declarer_points": 120,
        "declarer_tricks": 8,
        "laufende": 3,  # a Farbwenz counts them from 3, like a Rufer
    },
    {"contract": "geier_tout", "declarer": 4, "declarer_points": 100, "declarer_tricks": 7},
]


def test_the_highest_trump_the_leaster_and_the_new_touts_survive_the_archive():
    series, (table,) = seated_series((4,), game="schafkopf", rules=NEW_CLUB_RULES)
    for deal in NEW_CLUB_DEALS:
        record_deal(table, deal=deal, by=ORGA)
    corrected = {**NEW_CLUB_DEALS[0], "ramsch_top_trump": 1}
    correct_deal(table, 1, deal=corrected, version=1, reason="Trumpf", by=ORGA)
    archive = json.loads(json.dumps(export_archive(series.tournament)))
    copy = import_archive(archive, by=ORGA)
    assert copy.rules == NEW_CLUB_RULES
    assert standing_figures(copy) == standing_figures(series.tournament)
    assert {**export_archive(copy), "exported_at": None} == {**archive, "exported_at": None}
    revision(archive)["input"]["ramsch_top_trump"] = 3  # not one of the level players
    assert refusal_of(archive)[0][1] in ("archive_points_differ", "ramsch_top_trump_not_level")


def test_a_void_must_keep_what_was_entered_and_score_nothing(played_file):
    archive = played_file
    deals = archive["series"][0]["tables"][1]["deals"]
    voided = json.loads(json.dumps(deals[2]["revisions"][1]))
    broken_void = broken(
        archive,
        lambda a: a["series"][0]["tables"][1]["deals"][2]["revisions"][1]["points"].update(
            {"1": 0}
        ),
    )
    assert refusal_of(broken_void)[0][1] == "archive_points_differ"
    assert voided["voided"] is True
    first_void = broken(
        archive,
        lambda a: a["series"][0]["tables"][1]["deals"][2]["revisions"][0].update(voided=True),
    )
    assert ("series.0.tables.1.deals.2.revisions.0.voided", "archive_void_first") in refusal_of(
        first_void
    )


def test_a_deal_after_the_end_of_the_series_is_refused(played_file):
    def one_more(archive):
        deals = archive["series"][0]["tables"][0]["deals"]
        deals.append({**json.loads(json.dumps(deals[-1])), "number": len(deals) + 1})

    problems = refusal_of(broken(played_file, one_more))
    deals = len(played_file["series"][0]["tables"][0]["deals"])
    assert problems == [(f"{DEAL}.{deals}.revisions.0.input", "series_complete")]


def test_a_frozen_ranking_names_the_new_entries(played):
    update_tournament(played, by=ORGA, standings_frozen=True)
    copy = import_archive(json.loads(json.dumps(export_archive(played))), by=ORGA)
    ids = {entry.start_number: entry.pk for entry in copy.entries.all()}
    overall = copy.frozen_standings["overall"]
    assert [row["entry"] for row in overall if not row["hidden"]] == [
        ids[row["start_number"]] for row in overall if not row["hidden"]
    ]
    assert len(overall) == copy.entries.count()


def test_not_even_a_mapping_is_refused():
    with pytest.raises(Refused):
        import_archive(["karlchen"], by=ORGA)


def test_a_quick_entry_evening_survives_the_archive():
    """Deals entered by game value or by points (RULES.md §11.8) are archived as stored."""
    series, (four, five) = seated_series((4, 5), entry_mode="value")
    record_deal(four, deal={"entry": "value", "value": 2, "winners": [1, 3]}, by=ORGA)
    record_deal(four, deal={"entry": "value", "value": 1, "winners": [4]}, by=ORGA)
    points = {"entry": "points", "points": {"1": 0, "2": 1, "3": 1, "4": -1, "5": -1}}
    record_deal(five, deal=points, by=ORGA)
    correct_deal(
        four,
        1,
        deal={"entry": "value", "value": 2, "winners": [2, 4]},
        version=1,
        reason="Zettel",
        by=ORGA,
    )
    archive = json.loads(json.dumps(export_archive(series.tournament)))
    assert archive["tournament"]["entry_mode"] == "value"
    copy = import_archive(archive, by=ORGA)
    assert copy.entry_mode == "value"
    assert standing_figures(copy) == standing_figures(series.tournament)
    assert {**export_archive(copy), "exported_at": None} == {**archive, "exported_at": None}
    kinds = copy.series.get(number=1).tables.get(number=1).deals.values_list("kind", flat=True)
    assert sorted(kinds) == ["compulsory_solo", "normal"]


def test_an_evening_of_full_deals_is_archived_as_before_quick_entry():
    series, _tables = seated_series((4,))
    archive = export_archive(series.tournament)
    assert "entry_mode" not in archive["tournament"]
    assert import_archive(json.loads(json.dumps(archive)), by=ORGA).entry_mode == "full"


def test_the_region_and_the_referee_survive_the_archive_and_are_checked():
    series, _ = seated_series((4,), region="Westfalen", referee="Erika Muster")
    archive = json.loads(json.dumps(export_archive(series.tournament)))
    assert (archive["tournament"]["region"], archive["tournament"]["referee"]) == (
        "Westfalen",
        "Erika Muster",
    )
    copy = import_archive(archive, by=ORGA)
    assert (copy.region, copy.referee) == ("Westfalen", "Erika Muster")
    plain, _ = seated_series((4,))
    assert "region" not in export_archive(plain.tournament)["tournament"]  # as older archives
    archive["tournament"]["region"] = "x" * 81
    with pytest.raises(Refused) as refused:
        import_archive(archive, by=ORGA)
    assert [(p.code, p.field) for p in refused.value.problems] == [
        ("archive_too_long", "tournament.region")
    ]


def test_the_start_time_survives_the_archive_and_is_checked():
    series, _ = seated_series((4,), start_time=datetime.time(19, 30))
    archive = json.loads(json.dumps(export_archive(series.tournament)))
    assert archive["tournament"]["start_time"] == "19:30"
    assert import_archive(archive, by=ORGA).start_time == datetime.time(19, 30)
    plain, _ = seated_series((4,))
    assert "start_time" not in export_archive(plain.tournament)["tournament"]  # as older ones
    for wrong in ("7 pm", "24:00", "19:30:00", 1930, "１９:３０"):
        archive["tournament"]["start_time"] = wrong
        with pytest.raises(Refused) as refused:
            import_archive(archive, by=ORGA)
        assert [(p.code, p.field) for p in refused.value.problems] == [
            ("archive_type", "tournament.start_time")
        ]
