"""A fixture's line-ups from the squads, the same for a league's match day and a cup's round or
pairing (docs/TEAMS.md, "Squads"): each playing team's regulars entered in the fixture's
tournament with start numbers team by team and set up as its roster there (a team of the
tournament of its name), ready to seat; on the day a substitute swapped in for a player.

``prepare_fixture`` and ``swap_player`` take the acting person, run in one transaction with the
competition's season locked and write the season's log about the fixture's tournament (whose
log shows it as well). ``enter_regulars`` is their shared step for an operation that starts a
fixture and writes its own entry (a cup's round or pairing: ``cups.domain.cups``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from django.db import transaction

from competitions.log import CompetitionCode
from competitions.models import Entrant, Fixture, FixtureTeam, SquadMember
from karlchen.actors import Actor
from karlchen.changes import season_changed, tournament_changed
from karlchen.log import log
from karlchen.refusals import Problems, Refused, refused
from people.models import Player
from seasons.models import Season
from seating.models import Seat
from teams.domain.teams import Roster, set_rosters, team_roster, update_team
from teams.models import TeamMember
from tournaments.domain.entries import enter_players, withdraw
from tournaments.models import Entry


@dataclass(frozen=True)
class Prepared:
    """What ``enter_regulars`` built: rosters set up, players listed on them."""

    teams: int
    players: int


def prepare_fixture(fixture: Fixture, *, by: Actor, field: str = "squad") -> int:
    """Build the fixture's line-ups from the squads in one step (``enter_regulars``); logged
    once (``league_day_prepared`` for a match day), nothing written where every team has its
    roster already, so pressing twice builds once. Refused once the fixture is final
    (``results_final`` at ``final``); a team without a regular is refused at ``field``
    (``enter_regulars``). How many rosters were built."""
    with transaction.atomic():
        Season.objects.select_for_update().filter(pk=fixture.competition.season_id).first()
        fixture = _fixture(fixture.pk)
        if fixture.final:
            raise refused("results_final", "final")
        built = enter_regulars(fixture, by=by, field=field)
        if not built.teams:
            return 0
        _log(
            fixture,
            by,
            CompetitionCode.LEAGUE_DAY_PREPARED,
            CompetitionCode.CUP_MATCH_PREPARED,
            teams=built.teams,
            players=built.players,
        )
        season_changed(fixture.competition.season_id)
        tournament_changed(fixture.evening.tournament_id)
    return built.teams


def enter_regulars(fixture: Fixture, *, by: Actor, field: str) -> Prepared:
    """Each team of the fixture without a roster yet gets its squad's regulars entered in the
    fixture's tournament (start numbers team by team: a match day's by its groups, a cup
    match's by the teams' places) and set up as its roster there; teams with a roster are left
    as they are. Refused, nothing written: at ``field`` where a team has no regular
    (``squad_no_regulars``, one problem per team naming it), at ``squad`` where a regular is in
    another roster of the tournament already. Inside the caller's transaction, the season
    locked; the caller logs the operation."""
    tournament = fixture.evening.tournament
    sides = list(
        FixtureTeam.objects.filter(fixture=fixture, team__isnull=True)
        .select_related("entrant")
        .order_by("group", "position", "entrant__group__position", "entrant__name")
    )
    if not sides:
        return Prepared(teams=0, players=0)
    squads: dict[int, list[Player]] = {}
    for member in (
        SquadMember.objects.filter(team__in=[side.entrant_id for side in sides], substitute=False)
        .select_related("player")
        .order_by("team_id", "position")
    ):
        squads.setdefault(member.team_id, []).append(member.player)
    refuse_without_regulars([side.entrant for side in sides], field, squads)
    wanted = [(side, squads[side.entrant_id]) for side in sides]
    for _side, regulars in wanted:
        enter_players(tournament, regulars, by=by)
    entries = dict(Entry.objects.filter(tournament=tournament).values_list("player_id", "pk"))
    rosters = [
        (side.entrant.name, Roster(members=tuple(entries[player.pk] for player in regulars)))
        for side, regulars in wanted
    ]
    try:
        teams = set_rosters(tournament, by=by, rosters=rosters)
    except Refused as refusal:  # a regular in another team of the day (set up by hand)
        problems = Problems()
        for problem in refusal.problems:
            problems.add(problem.code, "squad", **problem.params)
        problems.raise_if_any()
        raise  # pragma: no cover - a refusal has a problem
    for (side, _regulars), team in zip(wanted, teams, strict=True):
        side.team = team
        side.save(update_fields=["team"])
    return Prepared(teams=len(wanted), players=sum(len(regulars) for _side, regulars in wanted))


def refuse_without_regulars(
    teams: Sequence[Entrant], field: str, squads: Mapping[int, object] | None = None
) -> None:
    """Refuse at ``field`` while one of ``teams`` has no regular in its squad
    (``squad_no_regulars``, one problem per team, naming it, in the order given). ``squads``:
    the teams' regulars by team id where the caller has read them."""
    if squads is None:
        squads = dict.fromkeys(
            SquadMember.objects.filter(
                team__in=[team.pk for team in teams], substitute=False
            ).values_list("team_id", flat=True)
        )
    problems = Problems()
    for team in teams:
        if team.pk not in squads:
            problems.add("squad_no_regulars", field, team=team.name)
    problems.raise_if_any()


def swap_player(side: FixtureTeam, *, by: Actor, out: Player, replacement: Player) -> FixtureTeam:
    """Change a team's line-up in its fixture: ``replacement``, of the team's squad, plays
    instead of ``out``, of its roster there. ``out`` is withdrawn from the series still to come
    (what they played stays counted for the team; not having played, they leave the roster);
    ``replacement`` is entered (or reinstated) and listed as a substitute of the roster.
    Refused at ``out`` (``swap_not_playing``, ``swap_no_roster``) or ``replacement``
    (``swap_not_in_squad``, ``swap_playing``); once the fixture is final, at ``final``.
    Logged ``league_player_swapped`` for a match day, ``cup_player_swapped`` for a cup's
    match."""
    with transaction.atomic():
        Season.objects.select_for_update().filter(pk=side.fixture.competition.season_id).first()
        side = FixtureTeam.objects.select_related("entrant", "team").get(pk=side.pk)
        fixture = _fixture(side.fixture_id)
        if fixture.final:
            raise refused("results_final", "final")
        team = side.team
        if team is None:
            raise refused("swap_no_roster", "out", team=side.entrant.name)
        tournament = fixture.evening.tournament
        problems = Problems()
        leaving = TeamMember.objects.filter(team=team, entry__player=out).select_related("entry")
        leaving_member = leaving.first()
        if leaving_member is None or leaving_member.entry.withdrawn:
            problems.add("swap_not_playing", "out", name=out.name, team=team.name)
        if not SquadMember.objects.filter(team=side.entrant, player=replacement).exists():
            problems.add(
                "swap_not_in_squad", "replacement", name=replacement.name, team=side.entrant.name
            )
        entered = Entry.objects.filter(tournament=tournament, player=replacement).first()
        if entered is not None and not entered.withdrawn:
            problems.add("swap_playing", "replacement", name=replacement.name)
        problems.raise_if_any()
        assert leaving_member is not None  # refused above otherwise
        withdraw(leaving_member.entry, by=by)
        if entered is None:
            (entered,) = enter_players(tournament, [replacement], by=by)
        else:
            withdraw(entered, False, by=by)
        roster = team_roster(team)
        played = Seat.objects.filter(entry=leaving_member.entry).exists()
        members = tuple(
            entry for entry in roster.members if played or entry != leaving_member.entry_id
        )
        substitutes = tuple(
            entry for entry in roster.substitutes if played or entry != leaving_member.entry_id
        )
        captain = roster.captain if roster.captain in (*members, *substitutes) else None
        update_team(
            team,
            by=by,
            roster=Roster(
                members=members,
                substitutes=tuple(dict.fromkeys((*substitutes, entered.pk))),
                captain=captain,
            ),
        )
        _log(
            fixture,
            by,
            CompetitionCode.LEAGUE_PLAYER_SWAPPED,
            CompetitionCode.CUP_PLAYER_SWAPPED,
            team=side.entrant.name,
            out=out.name,
            replacement=replacement.name,
        )
        season_changed(fixture.competition.season_id)
        tournament_changed(tournament.pk)
    return side


def _fixture(pk: int) -> Fixture:
    return Fixture.objects.select_related("competition__season", "evening__tournament").get(pk=pk)


def _log(
    fixture: Fixture,
    by: Actor,
    on_day: CompetitionCode,
    in_match: CompetitionCode,
    **details: object,
) -> None:
    """Once, in the season's log about the fixture's tournament (whose log shows it too): a
    match day's entry by its number, a cup match's by its tournament's name."""
    season = fixture.competition.season
    tournament = fixture.evening.tournament
    if fixture.number is not None:
        action, details = on_day, {"number": fixture.number, **details}
    else:
        action = in_match
    log((season, tournament), by, action, name=tournament.name, season=season.name, **details)
