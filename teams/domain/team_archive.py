"""The teams' share of what ``results`` writes about a tournament, handed over through its port
(``results.parts``, registered in ``teams.apps``):

- the side rankings a freeze keeps for the spectators (``frozen_side_rankings``), read again
  from an archive with the ids of the imported tournament (``restore_frozen``);
- the teams in the tournament archive (``archive["teams"]``): each team's name, its regulars and
  substitutes and its captain by start number, and the side rankings' rules
  (``export_teams``, ``restore_teams``); an import checks the share's shape first and then sets
  the teams up as a team file does (``teams.domain.teams.set_rosters``: one player in one team,
  names unique, the captain a player), refused whole with the field of each problem;
- the team and club rankings as a table of the tournament's spreadsheets (``side_table``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _

from karlchen.actors import Actor
from karlchen.refusals import Problem, Problems, Refused
from results.parts import PartTable, ResultsPart, TableCell
from teams.domain.rankings import PART, frozen_side_rankings, rules_of, side_rankings
from teams.domain.teams import MAX_ROSTER, NAME_LIMIT, Roster, set_rosters, set_side_rankings
from teams.models import SideRankings, Team
from tournaments.models import Entry, Tournament

MAX_TEAMS = 1_000  # teams in one tournament's archive (a tournament has at most 2,000 entries)
RULE_KEYS = ("team_rule", "club_rule", "clubs_shown")


def results_part() -> ResultsPart:
    return ResultsPart(
        name=PART,
        frozen=frozen_side_rankings,
        export=export_teams,
        restore=restore_teams,
        restore_frozen=restore_frozen,
        tables=lambda tournament: [side_table(tournament)],
    )


# --- the archive -----------------------------------------------------------------------------


def export_teams(tournament: Tournament) -> dict[str, Any] | None:
    """The teams with their rosters by start number, and the side rankings' rules; None where
    the tournament has neither teams nor rules of its own."""
    teams = list(
        Team.objects.filter(tournament=tournament)
        .order_by("name", "pk")
        .prefetch_related("members__entry")
    )
    if not teams and not SideRankings.objects.filter(tournament=tournament).exists():
        return None
    team_rule, club_rule, clubs_shown = rules_of(tournament)
    return {
        "rules": {
            "team_rule": team_rule.to_json(),
            "club_rule": club_rule.to_json(),
            "clubs_shown": clubs_shown,
        },
        "teams": [_team(team) for team in teams],
    }


def _team(team: Team) -> dict[str, Any]:
    members = sorted(team.members.all(), key=lambda member: member.entry.start_number)
    captain = next((m.entry.start_number for m in members if m.captain), None)
    return {
        "name": team.name,
        "members": [m.entry.start_number for m in members if not m.substitute],
        "substitutes": [m.entry.start_number for m in members if m.substitute],
        "captain": captain,
    }


def restore_teams(
    tournament: Tournament, share: Any, entries: Mapping[int, Entry], by: Actor
) -> None:
    """The archived teams and rules in the imported tournament, or refused (fields inside the
    share: ``teams.2.members.0``, ``rules.team_rule.best``): its shape first (types, sizes,
    start numbers of the archive's entries), then the rules every roster obeys."""
    problems = Problems()
    rosters = _rosters(share, entries, problems)
    rules = _rules(share, problems) if isinstance(share, dict) else {}
    problems.raise_if_any()
    try:
        set_rosters(tournament, by=by, rosters=rosters)
    except Refused as refusal:
        for problem in refusal.problems:
            problems.add(problem.code, problem.field, **problem.params)
    if rules:
        try:
            set_side_rankings(tournament, by=by, **rules)
        except Refused as refusal:
            for problem in refusal.problems:
                problems.add(problem.code, f"rules.{problem.field}", **problem.params)
    problems.raise_if_any()


def _rosters(
    share: Any, entries: Mapping[int, Entry], problems: Problems
) -> list[tuple[str, Roster]]:
    if not isinstance(share, dict):
        problems.add("archive_type", "", expected="object")
        return []
    for key in share:
        if key not in ("rules", "teams"):
            problems.add("archive_unknown_field", str(key)[:40])
    teams = share.get("teams")
    if not isinstance(teams, list):
        problems.add(
            "archive_type" if "teams" in share else "archive_required", "teams", expected="list"
        )
        return []
    if len(teams) > MAX_TEAMS:
        problems.add("archive_too_long", "teams", max=MAX_TEAMS)
        return []
    rosters = []
    for index, team in enumerate(teams):
        roster = _roster(team, f"teams.{index}", entries, problems)
        if roster is not None:
            rosters.append(roster)
    return rosters


def _roster(
    team: Any, path: str, entries: Mapping[int, Entry], problems: Problems
) -> tuple[str, Roster] | None:
    if not isinstance(team, dict):
        problems.add("archive_type", path, expected="object")
        return None
    known = ("name", "members", "substitutes", "captain")
    for key in team:
        if key not in known:
            problems.add("archive_unknown_field", f"{path}.{str(key)[:40]}")
    name = team.get("name")
    ok = True
    if not isinstance(name, str):
        ok = False
        problems.add("archive_type", f"{path}.name", expected="string")
    elif len(name) > NAME_LIMIT:
        ok = False
        problems.add("archive_too_long", f"{path}.name", max=NAME_LIMIT)
    parts: dict[str, tuple[int, ...]] = {}
    for part in ("members", "substitutes"):
        numbers = team.get(part, [])
        if not isinstance(numbers, list):
            ok = False
            problems.add("archive_type", f"{path}.{part}", expected="list")
            continue
        if len(numbers) > MAX_ROSTER:
            ok = False
            problems.add("archive_too_long", f"{path}.{part}", max=MAX_ROSTER)
            continue
        found = [
            _entry(number, f"{path}.{part}.{i}", entries, problems)
            for i, number in enumerate(numbers)
        ]
        parts[part] = tuple(entry.pk for entry in found if entry is not None)
        ok &= all(entry is not None for entry in found)
    captain = team.get("captain")
    captain_entry = (
        None if captain is None else _entry(captain, f"{path}.captain", entries, problems)
    )
    ok &= captain is None or captain_entry is not None
    if not ok or not isinstance(name, str):
        return None
    return name, Roster(
        members=parts["members"],
        substitutes=parts["substitutes"],
        captain=captain_entry.pk if captain_entry is not None else None,
    )


def _entry(
    number: Any, path: str, entries: Mapping[int, Entry], problems: Problems
) -> Entry | None:
    if type(number) is not int:
        problems.add("archive_type", path, expected="integer")
        return None
    entry = entries.get(number)
    if entry is None:
        problems.add("archive_unknown_entry", path, number=str(number)[:12])
    return entry


def _rules(share: Mapping[str, Any], problems: Problems) -> dict[str, Any]:
    rules = share.get("rules", {})
    if not isinstance(rules, dict):
        problems.add("archive_type", "rules", expected="object")
        return {}
    for key in rules:
        if key not in RULE_KEYS:
            problems.add("archive_unknown_field", f"rules.{str(key)[:40]}")
    if "clubs_shown" in rules and type(rules["clubs_shown"]) is not bool:
        problems.add("archive_type", "rules.clubs_shown", expected="boolean")
    return {key: rules[key] for key in RULE_KEYS if key in rules}


# --- the frozen side rankings ----------------------------------------------------------------


def restore_frozen(
    tournament: Tournament, share: Any, entries: Mapping[int, Entry]
) -> dict[str, Any]:
    """The side rankings a freeze kept, as archived, naming the imported tournament's teams (by
    their names) and entries (by their start numbers; a player listed as hidden has neither).
    Refused where the share is not the frozen side rankings or names a team or a start number
    the archive does not have (fields inside the share: ``teams.0.members.1.start_number``)."""
    problems: list[Problem] = []
    if not isinstance(share, dict):
        raise Refused([Problem("archive_type", "", {"expected": "object"})])
    teams = {team.name: team.pk for team in Team.objects.filter(tournament=tournament)}
    for part in ("teams", "clubs"):
        units = share.get(part)
        if not isinstance(units, list):
            problems.append(Problem("archive_type", part, {"expected": "list"}))
            continue
        for index, unit in enumerate(units):
            known = teams if part == "teams" else None
            _restore_unit(unit, f"{part}.{index}", known, entries, problems)
    if problems:
        raise Refused(problems)
    return share


def _restore_unit(
    unit: Any,
    path: str,
    teams: Mapping[str, int] | None,
    entries: Mapping[int, Entry],
    problems: list[Problem],
) -> None:
    if not (isinstance(unit, dict) and isinstance(unit.get("members"), list)):
        problems.append(Problem("archive_type", path, {"expected": "object with members"}))
        return
    if teams is None:
        unit["id"] = None  # a club is known by its name
    elif isinstance(unit.get("name"), str) and unit["name"] in teams:
        unit["id"] = teams[unit["name"]]
    else:
        name = str(unit.get("name"))[:120]
        problems.append(Problem("archive_unknown_team", f"{path}.name", {"name": name}))
    for index, member in enumerate(unit["members"]):
        where = f"{path}.members.{index}"
        if not isinstance(member, dict) or "start_number" not in member:
            problems.append(Problem("archive_type", where, {"expected": "object"}))
            continue
        number = member["start_number"]
        if number is None:  # listed as hidden: no ids either
            member["entry"] = None
            continue
        entry = entries.get(number) if type(number) is int else None
        if entry is None:
            number_text = str(number)[:12]
            problems.append(
                Problem("archive_unknown_entry", f"{where}.start_number", {"number": number_text})
            )
            continue
        member["entry"] = entry.pk


# --- the spreadsheets ------------------------------------------------------------------------


def side_table(tournament: Tournament) -> PartTable:
    """The team and club rankings as the organisers read them (live, every name): a row per
    player of each team and club, in the rankings' order (a team without players: one row)."""
    header: list[TableCell] = [
        _("Ranking"),
        _("Rank"),
        _("Team or club"),
        _("Score"),
        _("Players who played"),
        _("Start number"),
        _("Name"),
        _("Role"),
        _("Points"),
        _("Counted"),
    ]
    rows: list[list[TableCell]] = [header]
    data = side_rankings(tournament)
    for part, word in (("teams", _("Team")), ("clubs", _("Club"))):
        for unit in data[part]:
            first: list[TableCell] = [
                word,
                unit["rank"],
                unit["name"],
                unit["score"],
                unit["played"],
            ]
            if not unit["members"]:
                rows.append([*first, None, "", "", None, ""])
            for member in unit["members"]:
                rows.append(
                    [
                        *first,
                        member["start_number"],
                        member["name"],
                        _role(member),
                        member["points"],
                        _("yes") if member["counted"] else "",
                    ]
                )
    return PartTable("teams", _("Teams and clubs"), rows, {"C": 28, "G": 28})


def _role(member: Mapping[str, Any]) -> str:
    if member["captain"]:
        return _("captain")
    return _("substitute") if member["substitute"] else ""
