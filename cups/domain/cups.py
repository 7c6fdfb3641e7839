"""The team cup: set one up, start its group rounds and knock-out pairings, mark results final.

Each operation takes the acting person, runs in one transaction with the cup's season locked
and writes the season's log (what touches one of its tournaments, that tournament's log too);
anything that changes what the cup's reads show calls ``season_changed`` (a tournament's own
changes turn the season over by ``tournament_changed``).

Starting a round makes a short tournament per group (a pairing: per pairing) as an evening of
the cup's season, with the season's settings and organisers, the teams' players entered and
each cup team's players set up as a team of that tournament (``teams``), so its score there is
the sum of its players' results (``cups.domain.state``).
"""

from __future__ import annotations

import datetime
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any, NoReturn

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from clubs.domain.names import affiliation
from competitions.domain.lineups import enter_regulars, refuse_without_regulars
from competitions.domain.setup import CUP, Names, club_name, group_name, team_name
from competitions.models import Entrant, Fixture, FixtureTeam, Group, SquadMember
from cups.domain.state import CupNow, cup_now, placings_of
from cups.log import CupCode
from cups.models import Cup
from karlchen.actors import Actor
from karlchen.changes import season_changed, tournament_changed
from karlchen.log import log
from karlchen.plaintext import typed_name, typed_optional
from karlchen.refusals import Problems, Refused, refused
from people.models import Player
from seasons.domain.seasons import create_season
from seasons.models import Season, SeasonEvening
from teams.domain.match_final import mark_match_final, reopen_match
from teams.engine.bracket import Status, parse_rule
from tournaments.domain.tournaments import create_tournament

MAX_GROUPS = 16
MAX_TEAMS = 128  # a cup's teams, all groups
MAX_PLAYERS = 20  # players of one team
NAME_LENGTH = 120  # a player's name
MEMBER_NUMBER_LENGTH = 30


def create_cup(
    *,
    by: Actor,
    season: Mapping[str, Any],
    rule: Mapping[str, Any] | None = None,
    groups: Sequence[Mapping[str, Any]] = (),
) -> Cup:
    """A new cup: a season (``season``: its fields, as ``create_season`` takes them) with the
    cup's rule and its groups, each ``{"name", "teams": [{"name", "club", "players"}]}``, a
    player a name or ``{"name", "member_number"}``. Every problem is refused at once, naming
    ``rule.<option>`` or ``groups.<i>.teams.<j>.<field>``."""
    rule = dict(rule or {})
    checked = check_groups(rule, groups)
    with transaction.atomic():
        made = create_season(by=by, **season)
        cup = Cup.objects.create(season=made, rule=rule)
        teams = 0
        for position, (name, members) in enumerate(checked, start=1):
            group = Group.objects.create(competition=cup, name=name, position=position)
            for team_name, club, players in members:
                _create_team(cup, group, team_name, club, players)
                teams += 1
        log(cup.season, by, CupCode.CUP_CREATED, groups=len(checked), teams=teams, name=made.name)
        season_changed(made.pk)
    return cup


PlayerInput = tuple[str, str | None]  # a name and a member number
TeamInput = tuple[str, str, list[PlayerInput]]  # a name, a club's name, the players


def check_groups(
    rule: Mapping[str, Any], groups: Sequence[Mapping[str, Any]]
) -> list[tuple[str, list[TeamInput]]]:
    problems = Problems()
    try:
        parse_rule(rule, "rule")
    except Refused as refusal:
        for problem in refusal.problems:
            problems.add(problem.code, problem.field, **problem.params)
    if not isinstance(groups, list | tuple) or not groups:
        problems.add("cup_no_group", "groups")
        problems.raise_if_any()
    if len(groups) > MAX_GROUPS:
        problems.add("cup_too_many_groups", "groups", max=MAX_GROUPS)
        problems.raise_if_any()
    checked: list[tuple[str, list[TeamInput]]] = []
    group_names, team_names = Names(), Names()
    players: set[str] = set()
    count = 0
    for index, raw in enumerate(groups):
        where = f"groups.{index}"
        if not isinstance(raw, Mapping):
            problems.add("cup_group_invalid", where)
            continue
        name = group_name(raw.get("name"), f"{where}.name", group_names, problems, CUP)
        listed = raw.get("teams")
        if not isinstance(listed, list | tuple) or len(listed) < 2:
            problems.add("cup_group_teams", f"{where}.teams")
            listed = ()
        teams = []
        for position, team in enumerate(listed):
            found = _check_team(team, f"{where}.teams.{position}", team_names, players, problems)
            if found is not None:
                teams.append(found)
        count += len(teams)
        checked.append((name, teams))
    if count > MAX_TEAMS:
        problems.add("cup_too_many_teams", "groups", max=MAX_TEAMS)
    problems.raise_if_any()
    return checked


def _check_team(
    raw: object, where: str, names: Names, players: set[str], problems: Problems
) -> TeamInput | None:
    if not isinstance(raw, Mapping):
        problems.add("cup_team_invalid", where)
        return None
    name = team_name(raw.get("name"), f"{where}.name", names, problems, CUP)
    club = club_name(raw.get("club"), f"{where}.club", problems, CUP)
    listed = raw.get("players")
    if listed is None:  # players picked afterwards, into the team's squad (docs/TEAMS.md)
        listed = ()
    if not isinstance(listed, list | tuple) or len(listed) > MAX_PLAYERS:
        problems.add("cup_team_players", f"{where}.players", max=MAX_PLAYERS)
        return None
    found: list[PlayerInput] = []
    for position, player in enumerate(listed):
        field = f"{where}.players.{position}"
        raw_name = player.get("name") if isinstance(player, Mapping) else player
        number = player.get("member_number") if isinstance(player, Mapping) else None
        player_name = typed_name(raw_name, limit=NAME_LENGTH)
        member = typed_optional(number, limit=MEMBER_NUMBER_LENGTH)
        if player_name is None:
            problems.add("cup_player_name", field, max=NAME_LENGTH)
            continue
        if member is None:
            problems.add(
                "cup_player_member_number", f"{field}.member_number", max=MEMBER_NUMBER_LENGTH
            )
            continue
        key = f"#{member}" if member else player_name.casefold()
        if key in players:
            problems.add("cup_player_twice", field, name=player_name)
        players.add(key)
        found.append((player_name, member or None))
    return name, club, found


def _create_team(
    cup: Cup, group: Group, name: str, club: str, players: list[PlayerInput]
) -> Entrant:
    club_fields = affiliation(club)  # the club as typed: text, no new club
    team = Entrant.objects.create(competition=cup, group=group, name=name, **club_fields)
    for position, (player_name, member) in enumerate(players, start=1):
        if member:
            player = Player.objects.get_or_create(
                member_number=member, defaults={"name": player_name, **club_fields}
            )[0]
        else:
            player = Player.objects.create(name=player_name, **club_fields)
        SquadMember.objects.create(competition=cup, team=team, player=player, position=position)
    return team


# --- the group stage ---------------------------------------------------------------------------


def start_group_round(
    cup: Cup, *, by: Actor, number: int, date: datetime.date | None = None
) -> list[Fixture]:
    """Round ``number`` of every group that has not started it: a tournament per group with
    the group's teams (refused once the knock-out is drawn, or if every group has started it)."""
    with _locked(cup) as cup:
        rule = cup.cup_rule
        if isinstance(number, bool) or not isinstance(number, int):
            raise refused("cup_round_unknown", "number", rounds=rule.group_rounds)
        if not 1 <= number <= rule.group_rounds:
            raise refused("cup_round_unknown", "number", rounds=rule.group_rounds)
        if cup.seeds:
            raise refused("cup_drawn", "number")
        started = set(
            Fixture.objects.filter(competition=cup, round=number, group__isnull=False).values_list(
                "group_id", flat=True
            )
        )
        groups = [
            group for group in Group.objects.filter(competition=cup) if group.pk not in started
        ]
        if not groups:
            raise refused("cup_round_started", "number", number=number)
        sides = {
            group.pk: list(Entrant.objects.filter(group=group).order_by("pk")) for group in groups
        }
        refuse_without_regulars([side for group in groups for side in sides[group.pk]], "number")
        made = []
        for group in groups:
            name = _("%(cup)s – group %(group)s, round %(number)s") % {
                "cup": cup.season.name,
                "group": group.name,
                "number": number,
            }
            match = _new_match(cup, by, name, date, sides[group.pk], group=group, round_=number)
            made.append(match)
        season_changed(cup.season_id)
    return made


def place_group(cup: Cup, group: Group, *, by: Actor, order: Sequence[int] | None) -> Cup:
    """A group's order as the organiser decided it (a decider, a draw) where its qualifying
    line is tied: its teams' ids, best first; None takes the placing back. Refused once the
    knock-out is drawn."""
    with _locked(cup) as cup:
        if cup.seeds:
            raise refused("cup_drawn", "order")
        if group.competition_id != cup.pk:
            raise refused("cup_group_unknown", "group")
        placings = placings_of(cup)
        if order is None:
            placings.pop(group.pk, None)
        else:
            teams = set(Entrant.objects.filter(group=group).values_list("pk", flat=True))
            listed = list(order)
            if sorted(listed) != sorted(teams) or any(
                isinstance(team, bool) or not isinstance(team, int) for team in listed
            ):
                raise refused("cup_placing_not_group", "order")
            placings[group.pk] = listed
        cup.placings = {str(key): value for key, value in placings.items()}
        cup.save(update_fields=["placings"])
        action = CupCode.CUP_GROUP_PLACED if order is not None else CupCode.CUP_GROUP_UNPLACED
        log(cup.season, by, action, group=group.name)
        season_changed(cup.season_id)
    return cup


# --- the knock-out -----------------------------------------------------------------------------


def start_pairings(cup: Cup, *, by: Actor, date: datetime.date | None = None) -> list[Fixture]:
    """The knock-out's pairings due now that have no tournament yet, one tournament each. The
    first call draws the bracket from the group tables (they must be complete and final, each
    qualifying line clear or placed) and keeps that draw."""
    with _locked(cup) as cup:
        now = cup_now(cup)
        if now.bracket is None:
            _refuse_open_groups(now)
        if not cup.seeds:
            cup.seeds = [
                {"team": seed.team, "group": seed.group, "place": seed.place}
                for seed in now.bracket.seeds
            ]
            cup.drawn_at = timezone.now()
            cup.save(update_fields=["seeds", "drawn_at"])
            log(cup.season, by, CupCode.CUP_DRAWN, teams=len(cup.seeds))
            now = cup_now(cup)
        assert now.bracket is not None
        due = [
            pairing
            for pairing in now.bracket.due
            if pairing.status is Status.DUE and now.pairing_match(pairing) is None
        ]
        if not due:
            raise refused("cup_nothing_due", "pairings")
        refuse_without_regulars(
            [now.teams[team or 0] for pairing in due for team in (pairing.first, pairing.second)],
            "number",
        )
        made = []
        for pairing in due:
            first, second = now.teams[pairing.first or 0], now.teams[pairing.second or 0]
            name = _("%(cup)s – %(first)s v %(second)s") % {
                "cup": cup.season.name,
                "first": first.name,
                "second": second.name,
            }
            match = _new_match(
                cup,
                by,
                name,
                date,
                [first, second],
                round_=pairing.round,
                position=pairing.position,
            )
            made.append(match)
        season_changed(cup.season_id)
    return made


def _refuse_open_groups(now: CupNow) -> NoReturn:
    """Why the knock-out cannot be drawn yet: a group still playing, or one whose qualifying
    line is tied (the organiser places it)."""
    if any(not table.complete for table in now.standings):
        raise refused("cup_group_stage_open", "groups")
    problems = Problems()
    for index, (group, table) in enumerate(zip(now.groups, now.standings, strict=True)):
        if table.tied_line:
            problems.add("cup_group_line_tied", f"groups.{index}", group=group.name)
    problems.raise_if_any()
    raise refused("cup_group_stage_open", "groups")  # pragma: no cover - the engine's only cases


def set_match_final(
    match: Fixture,
    *,
    by: Actor,
    final: bool = True,
    winner: Entrant | None = None,
    reason: str = "",
) -> Fixture:
    """Mark a match's results final: its tournament's results are made final
    (``teams.domain.match_final``: refused while a series is open or a protest awaits a
    decision), so a group round counts in the final table and a pairing's winner advances. Or
    take the mark back as the tournament's final results are reopened (``reason`` required,
    logged). A pairing of equal scores that the rule leaves to a decider needs its ``winner``; a
    winner is refused where the scores decide. A group round cannot be reopened once the
    knock-out is drawn."""
    with transaction.atomic():
        locked = Fixture.objects.select_for_update().select_related(
            "competition__season", "evening__tournament"
        )
        match = locked.get(pk=match.pk)
        Season.objects.select_for_update().filter(pk=match.competition.season_id).first()
        cup = Cup.objects.select_related("season").get(pk=match.competition_id)
        if not final and match.group_id is not None and cup.seeds:
            raise refused("cup_drawn", "final")
        if winner is not None and (not match.knockout or not final):
            raise refused("cup_winner_unneeded", "winner")
        if winner is not None and not match.sides.filter(entrant=winner).exists():
            raise refused("cup_winner_not_in_pairing", "winner")
        if match.final == final and match.winner_id == (winner.pk if winner else None):
            return match
        tournament = match.evening.tournament
        if final:
            mark_match_final(tournament, by=by)
        else:
            reopen_match(tournament, by=by, reason=reason)
        match.winner = winner
        match.save(update_fields=["winner"])
        match = Fixture.objects.select_related("competition__season", "evening__tournament").get(
            pk=match.pk
        )
        if match.knockout and final:
            _check_pairing(cup, match)
        tournament = match.evening.tournament  # once, in the season's log about the match
        log(
            (cup.season, tournament),
            by,
            CupCode.CUP_MATCH_FINAL if final else CupCode.CUP_MATCH_REOPENED,
            name=tournament.name,
            season=cup.season.name,
            winner=winner.name if winner else None,
        )
        season_changed(cup.season_id)
        tournament_changed(tournament.pk)
    return match


def _check_pairing(cup: Cup, match: Fixture) -> None:
    """The bracket must place the pairing's final result and decide it (raises inside the
    transaction: the mark is rolled back)."""
    now = cup_now(cup)
    if match.pk in now.stale:
        raise refused("cup_result_not_due", "match")
    assert now.bracket is not None
    for round_ in now.bracket.rounds:
        for pairing in round_:
            if (pairing.round, pairing.position) != (match.round, match.position):
                continue
            sides = {side.entrant for side in now.sides[match.pk]}
            if sides != set(pairing.teams):  # pragma: no cover - the engine refuses it first
                raise refused("cup_result_not_due", "match")
            if pairing.status is Status.UNDECIDED:
                raise refused("cup_decider_needed", "winner")
            if match.winner_id is not None and pairing.decided_by != "decider":
                raise refused("cup_winner_unneeded", "winner")


# --- shared ------------------------------------------------------------------------------------


@contextmanager
def _locked(cup: Cup) -> Iterator[Cup]:
    """The cup (read again) inside a transaction with its season's row locked."""
    with transaction.atomic():
        Season.objects.select_for_update().filter(pk=cup.season_id).first()
        yield Cup.objects.select_related("season").get(pk=cup.pk)


def _new_match(
    cup: Cup,
    by: Actor,
    name: str,
    date: datetime.date | None,
    sides: list[Entrant],
    *,
    round_: int,
    group: Group | None = None,
    position: int | None = None,
) -> Fixture:
    """A tournament of the cup's season with the sides' regulars entered (their squads'),
    each side a team (``competitions.domain.lineups.enter_regulars``); refused while a side has
    none."""
    season = cup.season
    tournament = create_tournament(
        by=by,
        name=name[:150],
        date=date or timezone.localdate(),
        game=season.game,
        rules=season.rules,
        series_count=season.series_count,
        normal_deals=season.normal_deals,
        venue=season.venue,
        entry_mode=season.entry_mode,
        club=season.club,  # the season's club is the evening's home
    )
    tournament.organisers.add(*season.organisers.all())
    evening = SeasonEvening.objects.create(season=season, tournament=tournament)
    match = Fixture.objects.create(
        competition=cup, evening=evening, group=group, round=round_, position=position
    )
    FixtureTeam.objects.bulk_create(
        FixtureTeam(fixture=match, entrant=side, position=number)
        for number, side in enumerate(sides, start=1)
    )
    enter_regulars(match, by=by, field="number")
    log(  # once, in the season's log about the match's tournament
        (season, tournament),
        by,
        CupCode.CUP_MATCH_STARTED,
        name=tournament.name,
        season=season.name,
        round=round_,
        group=group.name if group else None,
        teams=", ".join(side.name for side in sides),
    )
    tournament_changed(tournament.pk)
    return match
