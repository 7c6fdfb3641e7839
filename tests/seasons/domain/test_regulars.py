"""Regulars named by the organisers: entered at every evening the season starts besides those
who played at two of its last three evenings; named once (the database keeps one row), dropped
again, each change in the season's log; a merge of two named people keeps one."""

import pytest
from django.utils import timezone

from karlchen.refusals import Refused
from people.models import Player
from registry.domain.merge import merge_players
from seasons.domain.seasons import (
    create_season,
    drop_regular,
    name_regular,
    named_regulars,
    new_evening,
    season_regulars,
)
from seasons.models import SeasonAction, SeasonRegular
from tests.factories.seasons import season_with_evenings
from tests.factories.tournaments import ORGA

pytestmark = pytest.mark.django_db


def test_a_named_regular_is_entered_at_the_next_evening_besides_the_usual_ones():
    season, _tables, players = season_with_evenings(2)
    newcomer = Player.objects.create(name="Zora Neu")
    assert name_regular(season, newcomer, by=ORGA)
    assert not name_regular(season, newcomer, by=ORGA)  # named already: nothing changes
    assert SeasonRegular.objects.filter(season=season).count() == 1
    assert named_regulars(season) == [newcomer]
    assert set(season_regulars(season)) == {*players, newcomer}
    evening = new_evening(season, by=ORGA)
    assert set(evening.entries.values_list("player", flat=True)) == {
        player.pk for player in (*players, newcomer)
    }
    logged = SeasonAction.objects.filter(season=season, action="season_regular_named")
    assert [entry.text() for entry in logged] == [
        f"hat „Zora Neu“ als Stammspieler von „{season.name}“ benannt"
    ]


def test_a_new_season_starts_its_first_evening_with_its_named_regulars():
    season = create_season(by=ORGA, name="Neue Runde")
    anna, bert = Player.objects.create(name="Anna"), Player.objects.create(name="Bert")
    name_regular(season, bert, by=ORGA)
    name_regular(season, anna, by=ORGA)
    assert named_regulars(season) == [anna, bert]  # in name order
    assert drop_regular(season, bert, by=ORGA)
    assert not drop_regular(season, bert, by=ORGA)
    evening = new_evening(season, by=ORGA)
    assert [entry.player for entry in evening.entries.all()] == [anna]
    assert SeasonAction.objects.filter(action="season_regular_dropped").count() == 1


def test_an_erased_person_is_refused_and_no_longer_entered():
    season = create_season(by=ORGA, name="Runde")
    gone = Player.objects.create(name="Weg")
    name_regular(season, gone, by=ORGA)
    Player.objects.filter(pk=gone.pk).update(erased_at=timezone.now())
    gone.refresh_from_db()
    assert season_regulars(season) == []
    with pytest.raises(Refused) as refused:
        name_regular(create_season(by=ORGA, name="Andere"), gone, by=ORGA)
    assert [(p.code, p.field) for p in refused.value.problems] == [("player_erased", "player")]


def test_merging_two_named_regulars_keeps_one():
    season = create_season(by=ORGA, name="Runde")
    kept, duplicate = Player.objects.create(name="Hans"), Player.objects.create(name="Hans M.")
    other_season = create_season(by=ORGA, name="Andere Runde")
    name_regular(season, kept, by=ORGA)
    name_regular(season, duplicate, by=ORGA)
    name_regular(other_season, duplicate, by=ORGA)
    merge_players(kept, duplicate, by=ORGA)
    assert named_regulars(season) == [kept]
    assert named_regulars(other_season) == [kept]  # the duplicate's naming moved to the kept
