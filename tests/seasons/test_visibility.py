"""``seasons.visibility``: what spectators may see of a season (a league, a cup), each rule
against every state it depends on (the readers that ask it:
tests/karlchen/test_spectators_see.py)."""

from __future__ import annotations

import itertools

import pytest

from seasons import visibility
from seasons.domain.seasons import create_season
from seasons.models import Season
from tests.factories.tournaments import ORGA, tournament_with_players
from tournaments.enums import TournamentStatus

pytestmark = pytest.mark.django_db


def test_a_season_is_seen_where_it_is_public():
    public = create_season(by=ORGA, name="Offen", is_public=True)
    private = create_season(by=ORGA, name="Geheim", is_public=False)
    assert visibility.season_public(public)
    assert not visibility.season_public(private)
    mine = Season.objects.filter(pk__in=[public.pk, private.pk])
    assert list(visibility.public_seasons(mine)) == [public]
    assert list(visibility.public_seasons().filter(pk__in=[public.pk, private.pk])) == [public]
    assert list(mine.filter(visibility.public_season_condition())) == [public]


@pytest.mark.parametrize(
    ("status", "published", "frozen"),
    list(itertools.product(list(TournamentStatus), (True, False), (True, False))),
)
def test_an_evening_counts_where_its_standings_are_published_frozen_or_not(
    status, published, frozen
):
    tournament, _entries = tournament_with_players(2)
    tournament.status = status
    tournament.standings_public = published
    tournament.frozen_standings = {"overall": []} if frozen else None
    counts = status != TournamentStatus.DRAFT and published
    assert visibility.evening_counts(tournament) == counts


@pytest.mark.parametrize(
    ("status", "insider"), list(itertools.product(list(TournamentStatus), (True, False)))
)
def test_the_final_is_shown_once_public_and_to_insiders_always(status, insider):
    final, _entries = tournament_with_players(2)
    final.status = status
    shown = insider or status != TournamentStatus.DRAFT
    assert visibility.visible_final(final, insider=insider) is (final if shown else None)
    assert visibility.visible_final(None, insider=insider) is None
