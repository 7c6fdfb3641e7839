"""A cup's final: created from the qualifiers, seeded by season rank, seated by seed."""

import datetime

import pytest
from django.core.cache import cache
from django.utils import translation

from karlchen.refusals import Refused
from seasons.domain.final import create_final
from seasons.domain.seasons import add_evening, create_season, update_season
from seasons.domain.standings import season_ranking
from seasons.models import IndividualCup, Season, SeasonAction, SeasonEvening, individual_cup
from seating.domain.seating import draw_seating
from tests.factories.seasons import cup_of_eight, season_with_evenings
from tests.factories.tournaments import ORGA, organiser
from tournaments.enums import SeatingMethod
from tournaments.models import OrganiserAction, Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _fresh_cache():
    cache.clear()


def test_the_final_enters_the_qualifiers_seeded_by_season_rank():
    season, ranked = cup_of_eight(cup_places=4, series_count=2, normal_deals=12, venue="Krug")
    with translation.override("en"):
        final = create_final(season, by=ORGA, date=datetime.date(2026, 6, 1))
    entries = list(final.entries.order_by("start_number").select_related("player"))
    assert [entry.player for entry in entries] == ranked[:4]
    assert [entry.start_number for entry in entries] == [1, 2, 3, 4]
    assert (final.name, final.date, final.venue) == (
        "Pokal 2026: final",
        datetime.date(2026, 6, 1),
        "Krug",
    )
    assert (final.series_count, final.normal_deals, final.status) == (2, 12, "draft")
    assert final.seating_method == SeatingMethod.RANKING
    assert organiser() in final.organisers.all()
    season.refresh_from_db()
    assert season.individual_cup.final == final
    assert [
        (seed["seed"], seed["player"], seed["rank"]) for seed in season.individual_cup.seeds
    ] == [
        (1, ranked[0].pk, 1),
        (2, ranked[1].pk, 1),
        (3, ranked[2].pk, 3),
        (4, ranked[3].pk, 3),
    ]
    logged = SeasonAction.objects.get(season=season, action="season_final_created")
    assert logged.tournament == final
    assert logged.details == {
        "name": final.name,
        "season": "Pokal 2026",
        "qualifiers": 4,
    }
    assert not OrganiserAction.objects.filter(action="season_final_created").exists()


def test_all_sharing_the_last_qualifying_place_qualify():
    season, _ranked = cup_of_eight(cup_places=3)  # ranks 1, 1, 3, 3, ...: four are within 3
    final = create_final(season, by=ORGA)
    assert final.entries.count() == 4


def test_the_first_series_of_the_final_is_seated_by_seed():
    season, ranked = cup_of_eight(cup_places=8)
    final = create_final(season, by=ORGA)
    draw_seating(final, method=final.seating_method, seed=1, series=[1])
    tables = [
        [seat.entry.player for seat in table.seats.order_by("position")]
        for table in final.series.get(number=1).tables.order_by("number")
    ]
    assert [set(players) for players in tables] == [set(ranked[:4]), set(ranked[4:])]


def test_the_final_is_no_qualifying_evening():
    season, _ranked = cup_of_eight(cup_places=2)
    before = season_ranking(season, public=False).content
    final = create_final(season, by=ORGA)
    assert not SeasonEvening.objects.filter(tournament=final).exists()
    assert season_ranking(season, public=False).content == before
    with pytest.raises(Refused) as refusal:
        add_evening(season, final, by=ORGA)
    assert (refusal.value.code, refusal.value.field) == ("evening_is_final", "tournament")
    other = create_season(by=ORGA, name="Andere")
    with pytest.raises(Refused):
        add_evening(other, final, by=ORGA)


@pytest.mark.parametrize(
    ("case", "code", "field"),
    [
        ("no cup", "season_not_a_cup", "cup_places"),
        ("nothing played", "no_qualifiers", "cup_places"),
        ("final exists", "final_exists", "final"),
    ],
)
def test_refusals_change_nothing(case, code, field):
    if case == "no cup":
        season, _tables, _players = season_with_evenings(1)
    elif case == "nothing played":
        season = create_season(by=ORGA, name="Pokal", cup_places=4)
    else:
        season, _ranked = cup_of_eight(cup_places=2)
        create_final(season, by=ORGA)
    tournaments, actions = Tournament.objects.count(), SeasonAction.objects.count()
    with pytest.raises(Refused) as refusal:
        create_final(season, by=ORGA)
    assert (refusal.value.code, refusal.value.field) == (code, field)
    assert (Tournament.objects.count(), SeasonAction.objects.count()) == (tournaments, actions)


def test_a_deleted_final_can_be_created_again():
    season, _ranked = cup_of_eight(cup_places=2)
    create_final(season, by=ORGA).delete()
    season.refresh_from_db()
    assert season.individual_cup.final is None
    assert create_final(Season.objects.get(pk=season.pk), by=ORGA).entries.count() == 2


def test_the_cup_places_are_the_cups_row_made_changed_and_removed_by_the_season():
    season = create_season(by=ORGA, name="Pokal", cup_places=4)
    assert IndividualCup.objects.get(season=season).places == 4
    update_season(season, by=ORGA, cup_places=6)
    assert IndividualCup.objects.get(season=season).places == 6
    update_season(season, by=ORGA, cup_places=6, name="Pokal")  # nothing changes, nothing logged
    update_season(season, by=ORGA, cup_places=None)
    assert not IndividualCup.objects.filter(season=season).exists()
    season = Season.objects.get(pk=season.pk)
    assert individual_cup(season) is None
    changes = SeasonAction.objects.filter(season=season, action="season_changed")
    assert [entry.details for entry in changes.order_by("pk")] == [{"fields": ["cup_places"]}] * 2


def test_a_cup_with_its_final_keeps_its_places():
    season, _ranked = cup_of_eight(cup_places=2)
    final = create_final(season, by=ORGA)
    actions = SeasonAction.objects.count()
    with pytest.raises(Refused) as refusal:
        update_season(season, by=ORGA, cup_places=None, name="Anders")
    assert (refusal.value.code, refusal.value.field) == ("cup_has_final", "cup_places")
    assert refusal.value.problems[0].params == {"name": final.name}
    season = Season.objects.get(pk=season.pk)
    assert (season.name, season.individual_cup.places) == ("Pokal 2026", 2)
    assert season.individual_cup.final == final
    assert SeasonAction.objects.count() == actions
    update_season(season, by=ORGA, cup_places=3)  # fewer or more places: the final stays
    final.delete()
    update_season(season, by=ORGA, cup_places=None)  # the final deleted: the cup may go
    assert individual_cup(Season.objects.get(pk=season.pk)) is None
