"""Team lists from a file, at the domain: the whole file at once, whatever the order of its
teams (a player moves between two teams of the file), or refused naming the lines."""

import itertools

import pytest

from karlchen.refusals import Refused
from teams.domain.team_files import import_team_rows
from teams.domain.teams import Roster, create_team, team_roster
from teams.models import Team
from tests.factories.tournaments import ORGA
from tournaments.models import OrganiserAction

pytestmark = pytest.mark.django_db


def rows(*listed):
    return [
        {"team": team, "start_number": str(number), "role": role}
        for team, number, role in (row if len(row) == 3 else (*row, "") for row in listed)
    ]


def numbers(team_name):
    team = Team.objects.get(name=team_name)
    roster = team_roster(team)
    start = dict(team.members.values_list("entry_id", "entry__start_number"))
    return (
        sorted(start[e] for e in roster.members),
        sorted(start[e] for e in roster.substitutes),
        start.get(roster.captain),
    )


def problems(call):
    with pytest.raises(Refused) as refusal:
        call()
    return [(p.field, p.code, p.params) for p in refusal.value.problems]


@pytest.fixture
def two_teams(played):
    """A: 1 (captain), 2; B: 3, 4 (captain)."""
    tournament, entries = played
    create_team(
        tournament,
        by=ORGA,
        name="A",
        roster=Roster(members=(entries[0].pk, entries[1].pk), captain=entries[0].pk),
    )
    create_team(
        tournament,
        by=ORGA,
        name="B",
        roster=Roster(members=(entries[2].pk, entries[3].pk), captain=entries[3].pk),
    )
    return tournament, entries


@pytest.mark.parametrize("taker_first", [True, False], ids=["taker first", "giver first"])
def test_a_player_moves_from_one_team_to_another_in_either_order(two_teams, taker_first):
    tournament, _entries = two_teams
    taker = [("B", 3), ("B", 4, "captain"), ("B", 1, "substitute")]
    giver = [("A", 2, "captain")]
    listed = [*taker, *giver] if taker_first else [*giver, *taker]
    teams = import_team_rows(tournament, rows(*listed), by=ORGA, file="t.csv")
    assert sorted(team.name for team in teams) == ["A", "B"]
    assert numbers("A") == ([2], [], 2)
    assert numbers("B") == ([3, 4], [1], 4)
    logged = list(
        OrganiserAction.objects.filter(tournament=tournament)
        .order_by("pk")
        .values_list("action", flat=True)
    )
    assert logged[-3:] == ["team_changed", "team_changed", "teams_imported"]


def test_two_teams_swap_players_and_captains_and_a_new_team_takes_one(two_teams):
    tournament, _entries = two_teams
    listed = [("b", 1, "captain"), ("b", 4), ("A", 3, "captain"), ("A", 2), ("C", 2)]
    assert problems(lambda: import_team_rows(tournament, rows(*listed), by=ORGA, file="t")) == [
        (
            "csv.6.start_number",
            "team_file_player_twice",
            {"line": 6, "number": "2", "team": "A", "first": 5},
        )
    ]
    assert numbers("A") == ([1, 2], [], 1)  # nothing changed
    listed = [("b", 1, "captain"), ("b", 4), ("A", 3, "captain"), ("C", 2), ("c", 5)]
    import_team_rows(tournament, rows(*listed), by=ORGA, file="t")
    assert numbers("A") == ([3], [], 3)
    assert numbers("B") == ([1, 4], [], 1)  # "b" is the team B
    assert numbers("C") == ([2, 5], [], None)  # "c" the file's team C
    assert Team.objects.filter(tournament=tournament).count() == 3


def test_a_player_of_a_team_not_in_the_file_stays_there(two_teams):
    tournament, _entries = two_teams
    listed = [("A", 1), ("A", 3)]
    assert problems(lambda: import_team_rows(tournament, rows(*listed), by=ORGA, file="t")) == [
        ("csv.3.start_number", "team_entry_in_other_team", {"name": "Spieler 3", "team": "B"})
    ]
    assert (numbers("A"), numbers("B")) == (([1, 2], [], 1), ([3, 4], [], 4))


def test_every_teams_problems_at_their_lines_and_nothing_saved(two_teams):
    tournament, entries = two_teams
    listed = [("N" * 121, 5), ("B", 6), ("B", 6), ("A", 7), ("A", 8, "captain"), ("B", 8)]
    assert problems(lambda: import_team_rows(tournament, rows(*listed), by=ORGA, file="t")) == [
        (
            "csv.7.start_number",
            "team_file_player_twice",
            {"line": 7, "number": "8", "team": "A", "first": 6},
        )
    ]  # the rows first; then the teams they make
    create_team(tournament, by=ORGA, name="C", roster=Roster(members=(entries[7].pk,)))
    del listed[-1]
    assert problems(lambda: import_team_rows(tournament, rows(*listed), by=ORGA, file="t")) == [
        ("csv.2.team", "text_too_long", {"max": 120}),
        ("csv.4.start_number", "team_entry_twice", {"name": "Spieler 6"}),
        ("csv.6.start_number", "team_entry_in_other_team", {"name": "Spieler 8", "team": "C"}),
    ]
    assert (numbers("A"), numbers("B")) == (([1, 2], [], 1), ([3, 4], [], 4))
    assert Team.objects.filter(tournament=tournament).count() == 3
    assert not OrganiserAction.objects.filter(action="teams_imported").exists()


@pytest.mark.parametrize("order", list(itertools.permutations("ABC")), ids="".join)
def test_players_moving_round_in_a_circle_whatever_the_order(played, order):
    """A gives 1 to B, B gives 3 to C, C gives 5 to A: no order of the teams could apply this
    one team after the other; the file is checked and written as a whole."""
    tournament, entries = played
    pk = {entry.start_number: entry.pk for entry in entries}
    for name, members in (("A", (1, 2)), ("B", (3, 4)), ("C", (5, 6))):
        create_team(
            tournament, by=ORGA, name=name, roster=Roster(members=tuple(pk[n] for n in members))
        )
    after = {"A": [2, 5], "B": [1, 4], "C": [3, 6]}
    listed = [(name, number) for name in order for number in after[name]]
    import_team_rows(tournament, rows(*listed), by=ORGA, file="t.csv")
    assert {name: numbers(name)[0] for name in "ABC"} == after
