"""The tournament archive: exported, imported again, it is the same tournament to the last
correction; anything that is not such an archive is refused whole."""

import json

import pytest

from karlchen.actors import Actor, Role
from karlchen.refusals import Refused
from results.domain.archive import export_archive, import_archive
from results.domain.standings import standings
from scoring.domain.adjustments import add_adjustment, minor_breach_lines
from scoring.domain.deals import confirm_deal, correct_deal, void_deal
from tests.factories.documents import play_series, seated_series
from tests.factories.tournaments import organiser, standing_figures
from tournaments.domain.entries import hide_publicly, withdraw
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db
ORGA = Actor(user=None, label="orga", role=Role.ORGANISER)


@pytest.fixture
def played():
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


@pytest.mark.parametrize(
    ("change", "code"),
    [
        (lambda a: a.update(format="other"), "archive_invalid"),
        (lambda a: a.update(version=99), "archive_version"),
        (lambda a: a.pop("entries"), "archive_invalid"),
        (lambda a: a["series"][0]["tables"][0]["seats"].update({"1": 999}), "archive_invalid"),
        (lambda a: a["series"][0]["tables"][0]["deals"][0].pop("revisions"), "archive_invalid"),
        (lambda a: a["tournament"].update(rules={"deck": "tarot"}), "archive_invalid"),
        (lambda a: a["standings"][0].update(total=10_000), "archive_standings_differ"),
        (lambda a: a["entries"][1].update(start_number=1), "archive_invalid"),
    ],
)
def test_anything_but_a_sound_archive_is_refused_and_leaves_nothing_behind(played, change, code):
    archive = broken(export_archive(played), change)
    before = Tournament.objects.count()
    with pytest.raises(Refused) as refusal:
        import_archive(archive, by=ORGA)
    assert [(p.field, p.code) for p in refusal.value.problems] == [("archive", code)]
    assert Tournament.objects.count() == before


def test_not_even_a_mapping_is_refused():
    with pytest.raises(Refused):
        import_archive(["karlchen"], by=ORGA)
