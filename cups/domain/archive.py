"""A whole team cup as one JSON document, and back: its season, groups, teams and tournaments.

Composed like the season archive, and around it: ``season`` is the cup's season archive
(``seasons.domain.archive``: its set-up and every group round and pairing as a tournament
archive, the players numbered across them), ``cup`` what makes it a cup: the rule, the
groups with their teams and players, the organisers' placings, the draw, and each of its
tournaments (by its place in ``season.evenings``) as a group round or a pairing with its
teams' rosters (teams of that tournament, by name) and its final mark and decider. Importing
makes a new cup (the importer its organiser) or is refused whole, each problem named with its
place in the file (``cup.matches.3.sides.0.team``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.db import transaction
from django.utils import timezone

from clubs.domain.names import affiliation
from clubs.models import Club
from competitions.models import Entrant, Fixture, FixtureTeam, Group, SquadMember
from cups.domain.cups import PlayerInput, check_groups
from cups.log import CupCode
from cups.models import Cup
from karlchen.actors import Actor
from karlchen.changes import season_changed
from karlchen.log import log
from karlchen.refusals import Problem, Refused, refused
from people.models import Player
from seasons.domain.archive import export_season_archive, import_season_archive
from seasons.models import SeasonEvening
from teams.models import Team, TeamMember

FORMAT = "karlchen-cup"
VERSION = 1
MAX_INT = 2_147_483_647
MATCH_KEYS = ("evening", "group", "round", "position", "final", "winner", "sides")


def export_cup_archive(cup: Cup) -> dict[str, Any]:
    cup = Cup.objects.select_related("season").get(pk=cup.pk)  # its draw as stored now
    evenings = {
        evening.pk: index
        for index, evening in enumerate(SeasonEvening.objects.filter(season=cup.season_id))
    }
    groups = list(Group.objects.filter(competition=cup))
    group_index = {group.pk: index for index, group in enumerate(groups)}
    teams = list(Entrant.objects.filter(competition=cup).select_related("group").order_by("pk"))
    # a team's number in the file: its place among the teams of every group, in order
    ordered = sorted(teams, key=lambda team: (team.group.position, team.pk))
    number = {team.pk: index for index, team in enumerate(ordered)}
    matches = (
        Fixture.objects.filter(competition=cup)
        .select_related("evening__tournament")
        .prefetch_related("sides__team")
        .order_by("pk")
    )
    return {
        "format": FORMAT,
        "version": VERSION,
        "exported_at": timezone.now().isoformat(),
        "season": export_season_archive(cup.season),
        "cup": {
            "rule": cup.rule,
            "groups": [
                {
                    "name": group.name,
                    "teams": [_team(team) for team in ordered if team.group_id == group.pk],
                }
                for group in groups
            ],
            "placings": [
                {
                    "group": group_index[int(group)],
                    "order": [number[pk] for pk in order],
                }
                for group, order in sorted(cup.placings.items())
            ],
            "seeds": [
                {
                    "team": number[seed["team"]],
                    "group": group_index.get(seed["group"]),
                    "place": seed["place"],
                }
                for seed in cup.seeds
            ],
            "matches": [
                {
                    "evening": evenings[match.evening_id],
                    "group": group_index.get(match.group_id) if match.group_id else None,
                    "round": match.round,
                    "position": match.position,
                    "final": match.final,
                    "winner": number[match.winner_id] if match.winner_id else None,
                    "sides": [
                        {
                            "team": number[side.entrant_id],
                            "roster": side.team.name if side.team is not None else None,
                        }
                        for side in match.sides.all()
                    ],
                }
                for match in matches
            ],
        },
    }


def _team(team: Entrant) -> dict[str, Any]:
    return {
        "name": team.name,
        "club": team.club_name,
        "players": [
            {"name": row.player.name, "member_number": row.player.member_number}
            # a substitute marked so; a regular as every archive before squads had them
            | ({"substitute": True} if row.substitute else {})
            for row in team.players.select_related("player")
        ],
    }


def import_cup_archive(archive: object, *, by: Actor, club: Club | None = None) -> Cup:
    """A new cup from ``archive`` (parsed JSON), or refused whole; its season and tournaments
    belong to ``club`` (``import_season_archive``)."""
    data = _checked(archive)
    row = data["cup"]
    with transaction.atomic():
        try:
            season = import_season_archive(data["season"], by=by, club=club)
        except Refused as refusal:
            raise Refused([_at(p, "season") for p in refusal.problems]) from refusal
        cup = Cup.objects.create(season=season, rule=row["rule"])
        evenings = list(SeasonEvening.objects.filter(season=season).select_related("tournament"))
        problems = _match_problems(row, len(evenings))
        if problems:
            raise Refused(problems)
        groups, teams = _restore_groups(cup, row, evenings)
        cup.placings = {
            str(groups[placing["group"]].pk): [teams[number].pk for number in placing["order"]]
            for placing in row["placings"]
        }
        cup.seeds = [
            {
                "team": teams[seed["team"]].pk,
                "group": groups[seed["group"]].pk if seed["group"] is not None else None,
                "place": seed["place"],
            }
            for seed in row["seeds"]
        ]
        cup.drawn_at = timezone.now() if cup.seeds else None
        cup.save(update_fields=["placings", "seeds", "drawn_at"])
        for index, match in enumerate(row["matches"]):
            _restore_match(cup, match, f"cup.matches.{index}", evenings, groups, teams, by)
        log(cup.season, by, CupCode.CUP_ARCHIVE_IMPORTED, matches=len(row["matches"]))
        season_changed(season.pk)
    return cup


def _checked(archive: object) -> dict[str, Any]:
    if not isinstance(archive, dict) or archive.get("format") != FORMAT:
        raise refused("cup_archive_invalid", "archive", detail="format")
    if archive.get("version") != VERSION:
        version = str(archive.get("version"))[:20]
        raise refused("archive_version", "archive", version=version, expected=VERSION)
    problems = _keys(archive, "", ("format", "version", "season", "cup"))
    row = archive.get("cup")
    if not isinstance(row, dict):
        problems.append(Problem("archive_type", "cup", {"expected": "object"}))
        raise Refused(problems)
    problems += _keys(row, "cup", ("rule", "groups", "placings", "seeds", "matches"))
    for name in ("groups", "placings", "seeds", "matches"):
        if name in row and not isinstance(row[name], list):
            problems.append(Problem("archive_type", f"cup.{name}", {"expected": "list"}))
    if problems:
        raise Refused(problems)
    try:
        check_groups(row["rule"] if isinstance(row["rule"], dict) else {}, row["groups"])
    except Refused as refusal:
        raise Refused([_at(p, "cup") for p in refusal.problems]) from refusal
    if not isinstance(row["rule"], dict):
        raise refused("archive_type", "cup.rule", expected="object")
    return archive


def _keys(row: Mapping[str, Any], path: str, required: tuple[str, ...]) -> list[Problem]:
    where = f"{path}." if path else ""
    problems = [
        Problem("archive_unknown_field", f"{where}{key}", {})
        for key in row
        if key not in required and key != "exported_at"
    ]
    problems += [
        Problem("archive_required", f"{where}{key}", {}) for key in required if key not in row
    ]
    return problems


def _at(problem: Problem, path: str) -> Problem:
    return Problem(problem.code, f"{path}.{problem.field}", problem.params)


def _number(value: object, high: int) -> bool:
    return type(value) is int and 0 <= value < high


def _match_problems(row: Mapping[str, Any], evenings: int) -> list[Problem]:
    """The numbers of groups, teams and evenings must name ones of the file."""
    groups = len(row["groups"])
    teams = sum(len(group["teams"]) for group in row["groups"])
    problems: list[Problem] = []

    def team_at(value: object, where: str) -> None:
        if not _number(value, teams):
            problems.append(Problem("archive_range", where, {"min": 0, "max": teams - 1}))

    for index, placing in enumerate(row["placings"]):
        where = f"cup.placings.{index}"
        if not isinstance(placing, dict) or _keys(placing, where, ("group", "order")):
            problems.append(Problem("archive_type", where, {"expected": "object"}))
            continue
        if not _number(placing["group"], groups):
            problems.append(
                Problem("archive_range", f"{where}.group", {"min": 0, "max": groups - 1})
            )
        for position, team in enumerate(
            placing["order"] if isinstance(placing["order"], list) else [None]
        ):
            team_at(team, f"{where}.order.{position}")
    for index, seed in enumerate(row["seeds"]):
        where = f"cup.seeds.{index}"
        if not isinstance(seed, dict) or _keys(seed, where, ("team", "group", "place")):
            problems.append(Problem("archive_type", where, {"expected": "object"}))
            continue
        team_at(seed["team"], f"{where}.team")
        if seed["group"] is not None and not _number(seed["group"], groups):
            problems.append(
                Problem("archive_range", f"{where}.group", {"min": 0, "max": groups - 1})
            )
        if not (type(seed["place"]) is int and 1 <= seed["place"] <= MAX_INT):
            problems.append(Problem("archive_type", f"{where}.place", {"expected": "integer"}))
    for index, match in enumerate(row["matches"]):
        problems += _one_match(match, f"cup.matches.{index}", evenings, groups, team_at)
    return problems


def _one_match(
    match: object, where: str, evenings: int, groups: int, team_at: Any
) -> list[Problem]:
    if not isinstance(match, dict):
        return [Problem("archive_type", where, {"expected": "object"})]
    problems = _keys(match, where, MATCH_KEYS)
    if problems:
        return problems
    if not _number(match["evening"], evenings):
        problems.append(
            Problem("archive_range", f"{where}.evening", {"min": 0, "max": evenings - 1})
        )
    if match["group"] is not None and not _number(match["group"], groups):
        problems.append(Problem("archive_range", f"{where}.group", {"min": 0, "max": groups - 1}))
    if not (type(match["round"]) is int and 1 <= match["round"] <= 1000):
        problems.append(Problem("archive_range", f"{where}.round", {"min": 1, "max": 1000}))
    knockout = match["group"] is None
    position = match["position"]
    if knockout != (type(position) is int and 0 <= position <= 1000):
        problems.append(Problem("archive_type", f"{where}.position", {"expected": "integer"}))
    if type(match["final"]) is not bool:
        problems.append(Problem("archive_type", f"{where}.final", {"expected": "boolean"}))
    if match["winner"] is not None:
        team_at(match["winner"], f"{where}.winner")
    if not isinstance(match["sides"], list):
        return [*problems, Problem("archive_type", f"{where}.sides", {"expected": "list"})]
    for number, side in enumerate(match["sides"]):
        at = f"{where}.sides.{number}"
        if not isinstance(side, dict) or _keys(side, at, ("team", "roster")):
            problems.append(Problem("archive_type", at, {"expected": "object"}))
            continue
        team_at(side["team"], f"{at}.team")
        if side["roster"] is not None and not isinstance(side["roster"], str):
            problems.append(Problem("archive_type", f"{at}.roster", {"expected": "text"}))
    return problems


def _restore_groups(
    cup: Cup, row: Mapping[str, Any], evenings: list[SeasonEvening]
) -> tuple[list[Group], list[Entrant]]:
    """The groups and teams (in the file's order); a player is the person of the imported
    tournaments who played in the team's rosters under that name, else a new one."""
    groups: list[Group] = []
    teams: list[Entrant] = []
    known = _roster_players(row, evenings)
    for position, raw in enumerate(row["groups"], start=1):
        group = Group.objects.create(competition=cup, name=raw["name"].strip(), position=position)
        groups.append(group)
        for team_row in raw["teams"]:
            club = affiliation(team_row.get("club"))  # as the archive names it: no new club
            team = Entrant.objects.create(
                competition=cup, group=group, name=team_row["name"].strip(), **club
            )
            found = known.get(len(teams), {})
            for number, listed in enumerate(team_row["players"], start=1):
                player = found.get(_player_name(listed)) or _new_player(listed, club)
                SquadMember.objects.create(
                    competition=cup,
                    team=team,
                    player=player,
                    position=number,
                    substitute=isinstance(listed, Mapping) and listed.get("substitute") is True,
                )
            teams.append(team)
    return groups, teams


def _player_name(listed: object) -> str:
    raw = listed.get("name") if isinstance(listed, Mapping) else listed
    return raw.strip() if isinstance(raw, str) else ""


def _new_player(listed: object, club: dict[str, object]) -> Player:
    number = listed.get("member_number") if isinstance(listed, Mapping) else None
    member: PlayerInput = (
        _player_name(listed),
        number.strip() if isinstance(number, str) else None,
    )
    if member[1]:
        return Player.objects.get_or_create(
            member_number=member[1], defaults={"name": member[0], **club}
        )[0]
    return Player.objects.create(name=member[0], **club)


def _roster_players(
    row: Mapping[str, Any], evenings: list[SeasonEvening]
) -> dict[int, dict[str, Player]]:
    """Each team's (by number) players in the imported tournaments' rosters, by name."""
    found: dict[int, dict[str, Player]] = {}
    for match in row["matches"]:
        tournament = evenings[match["evening"]].tournament
        for side in match["sides"]:
            if side["roster"] is None:
                continue
            members = TeamMember.objects.filter(
                team__tournament=tournament, team__name=side["roster"]
            ).select_related("entry__player")
            for member in members:
                found.setdefault(side["team"], {}).setdefault(
                    member.entry.player.name, member.entry.player
                )
    return found


def _restore_match(
    cup: Cup,
    row: Mapping[str, Any],
    where: str,
    evenings: list[SeasonEvening],
    groups: list[Group],
    teams: list[Entrant],
    by: Actor,
) -> None:
    evening = evenings[row["evening"]]
    if Fixture.objects.filter(evening=evening).exists():
        raise refused("archive_twice", f"{where}.evening", value=row["evening"])
    tournament = evening.tournament
    if row["final"] and not tournament.results_final:
        # a final match is its tournament's final results (teams.domain.match_final): the
        # archive of a tournament does not carry the mark
        tournament.results_final_at, tournament.results_final_by = timezone.now(), by.label[:150]
        tournament.save(update_fields=["results_final_at", "results_final_by"])
    match = Fixture.objects.create(
        competition=cup,
        evening=evening,
        group=groups[row["group"]] if row["group"] is not None else None,
        round=row["round"],
        position=row["position"],
        winner=teams[row["winner"]] if row["winner"] is not None else None,
    )
    for position, side in enumerate(row["sides"], start=1):
        roster = None
        if side["roster"] is not None:
            roster = Team.objects.filter(tournament=evening.tournament, name=side["roster"]).first()
            if roster is None:
                raise refused(
                    "archive_unknown_team",
                    f"{where}.sides.{position - 1}.roster",
                    name=side["roster"],
                )
        FixtureTeam.objects.create(
            fixture=match, entrant=teams[side["team"]], position=position, team=roster
        )
