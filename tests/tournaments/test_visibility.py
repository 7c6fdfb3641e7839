"""``tournaments.visibility``: what spectators may see of a tournament, each rule against every
state it depends on (the readers that ask it: tests/karlchen/test_spectators_see.py)."""

from __future__ import annotations

import itertools

import pytest

from tests.factories.tournaments import ORGA, tournament_with_players
from tournaments import visibility
from tournaments.domain.tournaments import update_tournament
from tournaments.enums import TournamentStatus
from tournaments.models import Entry, Tournament

pytestmark = pytest.mark.django_db

STATUSES = list(TournamentStatus)


def test_a_draft_is_not_public_every_other_status_is():
    tournament, _entries = tournament_with_players(2)
    for status in STATUSES:
        tournament.status = status
        assert visibility.spectators_may_see(tournament) == (status != TournamentStatus.DRAFT)
        assert tournament.is_public == visibility.spectators_may_see(tournament)  # the model's


def test_the_queryset_and_the_predicate_agree():
    made = []
    for status in STATUSES:
        tournament, _entries = tournament_with_players(2, name=f"T {status}")
        Tournament.objects.filter(pk=tournament.pk).update(status=status)
        made.append(tournament.pk)
    every = Tournament.objects.filter(pk__in=made)
    listed = set(visibility.public_tournaments(every).values_list("pk", flat=True))
    assert listed == {t.pk for t in every if visibility.spectators_may_see(t)}
    assert len(listed) == len(STATUSES) - 1
    assert listed == set(
        visibility.public_tournaments().filter(pk__in=made).values_list("pk", flat=True)
    )


@pytest.mark.parametrize(
    ("status", "published", "frozen"),
    list(itertools.product(STATUSES, (True, False), (True, False))),
)
def test_the_standings_rules_over_every_state(status, published, frozen):
    tournament, _entries = tournament_with_players(2)
    tournament.status = status
    tournament.standings_public = published
    tournament.frozen_standings = {"overall": [], "series": {}} if frozen else None
    public = status != TournamentStatus.DRAFT
    assert visibility.standings_published(tournament) == (public and published)
    assert visibility.standings_frozen(tournament) == frozen
    assert visibility.frozen_ranking(tournament) == tournament.frozen_standings
    assert visibility.live_for_spectators(tournament) == (public and published and not frozen)


def test_a_freeze_is_what_the_spectators_see_frozen():
    tournament, _entries = tournament_with_players(2, status=TournamentStatus.OPEN)
    update_tournament(tournament, by=ORGA, standings_frozen=True)
    assert visibility.standings_frozen(tournament)
    assert not visibility.live_for_spectators(tournament)
    update_tournament(tournament, by=ORGA, standings_frozen=False)
    assert visibility.live_for_spectators(tournament)


@pytest.mark.parametrize(
    ("status", "published", "frozen"),
    list(itertools.product(STATUSES, (True, False), (True, False))),
)
def test_the_score_sheets_are_closed_where_the_live_standings_are(status, published, frozen):
    tournament, _entries = tournament_with_players(2)
    tournament.status = status
    tournament.standings_public = published
    tournament.frozen_standings = {"overall": []} if frozen else None
    public = status != TournamentStatus.DRAFT
    want = None
    if not (public and published):
        want = "standings_hidden"
    elif frozen:
        want = "sheets_frozen"
    assert visibility.sheets_closed(tournament) == want


def test_a_players_deals_are_shown_up_to_the_freeze_to_spectators_only():
    tournament, _entries = tournament_with_players(2, status=TournamentStatus.OPEN)
    assert visibility.deals_shown_until(tournament) is None
    update_tournament(tournament, by=ORGA, standings_frozen=True)
    assert tournament.standings_frozen_at is not None
    assert visibility.deals_shown_until(tournament) == tournament.standings_frozen_at
    assert visibility.deals_shown_until(tournament, public=False) is None
    update_tournament(tournament, by=ORGA, standings_frozen=False)
    assert visibility.deals_shown_until(tournament) is None


@pytest.mark.parametrize(
    ("required", "public"), list(itertools.product((True, False), (True, False)))
)
def test_confirmed_deals_only_for_spectators_where_deals_are_confirmed(required, public):
    tournament, _entries = tournament_with_players(2, confirmation_required=required)
    assert visibility.confirmed_only(tournament, public=public) == (required and public)
    assert visibility.confirmed_only(tournament) == required  # spectators by default


def test_a_hidden_player_is_hidden_to_spectators_only():
    assert visibility.shown_as_hidden(True)
    assert visibility.shown_as_hidden(True, public=True)
    assert not visibility.shown_as_hidden(True, public=False)
    assert not visibility.shown_as_hidden(False)
    assert not visibility.shown_as_hidden(False, public=False)


def test_listed_entries_are_the_shown_ones_of_public_tournaments():
    draft, draft_entries = tournament_with_players(2, name="Entwurf")
    public, public_entries = tournament_with_players(3, name="Offen", status=TournamentStatus.OPEN)
    Entry.objects.filter(pk__in=[draft_entries[0].pk, public_entries[0].pk]).update(hidden=True)
    mine = Entry.objects.filter(tournament__in=[draft, public])
    listed = set(visibility.listed_entries(mine).values_list("pk", flat=True))
    assert listed == {public_entries[1].pk, public_entries[2].pk}
    assert listed == set(
        visibility.listed_entries()
        .filter(tournament__in=[draft, public])
        .values_list("pk", flat=True)
    )


def test_hidden_players_are_those_hidden_at_any_of_the_tournaments():
    first, _entries = tournament_with_players(2, name="Erstes")
    second, second_entries = tournament_with_players(2, name="Zweites")
    Entry.objects.filter(pk=second_entries[1].pk).update(hidden=True)
    assert visibility.hidden_players([first.pk]) == set()
    assert visibility.hidden_players([first.pk, second.pk]) == {second_entries[1].player_id}
    both = Tournament.objects.filter(pk__in=[first.pk, second.pk])
    assert visibility.hidden_players(both) == {second_entries[1].player_id}
