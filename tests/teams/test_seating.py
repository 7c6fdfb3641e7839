"""A tournament's teams at the tables: the seating is told who plays for which team
(``seating.ports.TEAMS_OF``, provided by ``teams.apps``) and keeps team mates apart, seats a
match day team against team, or leaves teams out, as the organiser chooses."""

import pytest

from competitions.models import Entrant
from cups.domain.cups import start_group_round
from karlchen.refusals import Refused
from leagues.domain.leagues import add_match_day, create_league
from seasons.domain.seasons import create_season
from seating.domain.seating import draw_seating, usual_team_seating
from seating.models import Seat
from teams.domain.teams import Roster, create_team
from tests.cups.conftest import DATE, make_cup
from tests.factories.tournaments import ORGA, tournament_with_players

pytestmark = pytest.mark.django_db


def four_teams_of_four():
    tournament, entries = tournament_with_players(16, series_count=2)
    teams = {}
    for number in range(4):
        members = entries[number * 4 : number * 4 + 4]  # team mates by start number
        team = create_team(
            tournament, by=ORGA, name=f"Team {number}", roster=Roster(tuple(e.pk for e in members))
        )
        teams.update({entry.pk: team.pk for entry in members})
    return tournament, teams


def teams_at_each_table(tournament, teams, number):
    """Per table of series ``number``, the teams (``teams``: entry id -> team) of its players."""
    seats = Seat.objects.filter(table__series__tournament=tournament, table__series__number=number)
    by_table = {}
    for seat in seats:
        by_table.setdefault(seat.table_id, []).append(teams[seat.entry_id])
    return [sorted(found) for found in by_table.values()]


def team_mates_at_a_table(tournament, teams, number):
    tables = teams_at_each_table(tournament, teams, number)
    return sum(len(table) - len(set(table)) for table in tables)


def make_match_day(tournament, team_count):
    """The tournament as match day 1 of a league of its teams ("Team 0", "Team 1", ...)."""
    season = create_season(by=ORGA, name="Liga")
    names = [f"Team {number}" for number in range(team_count)]
    league = create_league(
        season, by=ORGA, divisions=[{"name": "Kreisliga", "rule": {}, "teams": names}]
    )
    group = list(Entrant.objects.filter(competition=league).values_list("pk", flat=True))
    add_match_day(league, tournament, by=ORGA, number=1, groups=[group])


def test_team_mates_sit_at_different_tables_by_default():
    tournament, teams = four_teams_of_four()

    result = draw_seating(tournament, method="plan", seed=3)

    assert team_mates_at_a_table(tournament, teams, 1) == 0
    assert team_mates_at_a_table(tournament, teams, 2) == 0
    assert tuple(result["report"]["team_clashes"]) == (0, 0)


def test_a_match_day_seats_every_team_at_every_table():
    tournament, teams = four_teams_of_four()

    draw_seating(tournament, method="random", seed=5, teams="against")

    for number in (1, 2):
        assert all(len(set(found)) == 4 for found in teams_at_each_table(tournament, teams, number))


def test_teams_not_considered_are_left_to_the_draw():
    tournament, teams = four_teams_of_four()

    result = draw_seating(tournament, method="random", seed=1, teams="none")

    assert tuple(result["report"]["team_clashes"]) == (0, 0)  # no one plays for a team in it
    together = team_mates_at_a_table(tournament, teams, 1) + team_mates_at_a_table(
        tournament, teams, 2
    )
    assert together > 0  # the draw did not keep them apart


def test_a_match_day_needs_every_player_in_a_team():
    tournament, _entries = tournament_with_players(16)
    create_team(tournament, by=ORGA, name="Allein", roster=Roster())

    with pytest.raises(Refused) as refusal:
        draw_seating(tournament, method="random", seed=1, teams="against")

    assert [problem.code for problem in refusal.value.problems] == ["team_missing"]


def test_the_api_and_the_desk_pass_how_teams_sit_and_refuse_another_way():
    from seating.domain.jobs import run_seating_job
    from tests.factories.api import client_for, codes
    from tests.factories.tournaments import organiser
    from tournaments.models import Job

    tournament, teams = four_teams_of_four()
    client = client_for(organiser())
    url = f"/api/v1/tournaments/{tournament.pk}/seatings/"

    wrong = client.post(url, {"teams": "sideways"}, format="json")
    started = client.post(url, {"method": "random", "seed": 2, "teams": "against"}, format="json")
    run_seating_job(started.json()["job"])

    assert wrong.status_code == 400
    assert codes(wrong) == [("teams", "invalid_choice")]
    assert Job.objects.get(pk=started.json()["job"]).params["teams"] == "against"
    assert team_mates_at_a_table(tournament, teams, 1) == 0

    page = client.get(f"/desk/{tournament.pk}/series/1/")
    client.post(
        f"/desk/{tournament.pk}/series/1/seat/",
        {"method": "plan", "separate_clubs": "first", "teams": "none"},
    )

    assert 'name="teams"' in page.content.decode()
    assert Job.objects.latest("pk").params["teams"] == "none"


def test_a_leagues_match_day_seats_team_against_team_unless_told_otherwise():
    tournament, teams = four_teams_of_four()
    assert usual_team_seating(tournament) == "apart"  # no match yet
    make_match_day(tournament, 4)
    assert usual_team_seating(tournament) == "against"

    result = draw_seating(tournament, method="random", seed=5)
    for number in (1, 2):
        assert all(len(set(found)) == 4 for found in teams_at_each_table(tournament, teams, number))
    assert tuple(result["report"]["team_clashes"]) == (0, 0)

    draw_seating(tournament, method="random", seed=5, teams="apart")  # the organiser's choice
    assert team_mates_at_a_table(tournament, teams, 1) == 0


def test_a_cups_round_seats_its_teams_against_each_other_by_default():
    cup = make_cup()
    match = next(
        m for m in start_group_round(cup, by=ORGA, number=1, date=DATE) if m.group.name == "A"
    )
    tournament = match.evening.tournament
    assert usual_team_seating(tournament) == "against"
    members = {
        member.entry_id: member.team_id
        for side in match.sides.all()
        for member in side.team.members.all()
    }
    draw_seating(tournament, method="random", seed=2)
    tables = teams_at_each_table(tournament, members, 1)
    assert len(tables) == 2
    assert all(len(set(found)) == 4 for found in tables)  # four teams of two: one each a table


def test_a_match_whose_teams_cannot_share_the_tables_out_is_seated_apart():
    tournament, entries = tournament_with_players(12, series_count=2)
    for number, members in enumerate((entries[:5], entries[5:9], entries[9:])):  # 5, 4, 3
        create_team(
            tournament, by=ORGA, name=f"Team {number}", roster=Roster(tuple(e.pk for e in members))
        )
    make_match_day(tournament, 3)

    assert usual_team_seating(tournament) == "apart"
    result = draw_seating(tournament, method="plan", seed=1)  # not refused as team_pattern
    assert result["series"] == [1, 2]
