"""Team lists from a file: one row per player, naming the team, the player's start number and
their role (captain, substitute, or empty for a regular player).

The file is read and checked as an entry list is (``tournaments.domain.entry_files.read_table``:
size, CSV or XLSX, text, line lengths); its columns are named in English or German. Every team
of the file is set up, or its roster replaced where a team of that name exists (names compared
without case); teams not in the file stay as they are. The rosters are checked as the file
makes them, all at once: a player moves from one team of the file to another whatever the
order of the teams. Nothing is saved unless every row and every team is fine: the refusals
name the row (``csv.<line>.<column>``).
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from django.db import transaction

from karlchen.actors import Actor
from karlchen.log import log
from karlchen.refusals import Problem, Problems, Refused
from teams.domain.teams import Roster, set_rosters
from teams.log import TeamCode
from teams.models import Team
from tournaments.domain.entries import is_plain_number
from tournaments.domain.entry_files import MAX_FILE_BYTES, column_key, read_table
from tournaments.models import Tournament

__all__ = ["MAX_FILE_BYTES", "import_team_rows", "read_team_file"]

COLUMNS = ("team", "start_number", "role")
COLUMN_NAMES = {
    "team": "team",
    "mannschaft": "team",
    "start_number": "start_number",
    "startnummer": "start_number",
    "startnr": "start_number",
    "role": "role",
    "rolle": "role",
}
ROLES = {
    "": "member",
    "captain": "captain",
    "kapitän": "captain",
    "kapitaen": "captain",
    "substitute": "substitute",
    "ersatz": "substitute",
    "ersatzspieler": "substitute",
}
MAX_ROWS = 2_000


def read_team_file(file_name: str, content: bytes) -> list[dict[str, str]]:
    """The rows of an uploaded team list keyed by our column names (``file`` refusals)."""
    table = read_table(file_name, content)
    header = [COLUMN_NAMES.get(column_key(name), "?") for name in table[0]]
    if "?" in header or "team" not in header or "start_number" not in header:
        raise Refused([Problem("team_file_columns", "file", {"columns": ", ".join(COLUMNS)})])
    rows = [dict(zip(header, cells, strict=False)) for cells in table[1:] if any(cells)]
    if len(rows) > MAX_ROWS:
        raise Refused([Problem("entry_file_too_long", "file", {"max": MAX_ROWS})])
    return [{key: row.get(key, "").strip() for key in COLUMNS} for row in rows]


def import_team_rows(
    tournament: Tournament, rows: list[dict[str, str]], *, by: Actor, file: str
) -> list[Team]:
    """Set up every team of the rows (or replace its roster), or none: the file's rosters are
    checked as they will be, so a player may move between teams of the file in any order."""
    rosters, places = _rosters(tournament, rows)
    listed = list(rosters.items())
    with transaction.atomic():
        try:
            teams = set_rosters(tournament, by=by, rosters=listed)
        except Refused as refusal:
            problems = [_at_line(problem, listed, places) for problem in refusal.problems]
            raise Refused(problems) from refusal
        log(tournament, by, TeamCode.TEAMS_IMPORTED, count=len(teams), file=file[:200])
    return teams


def _rosters(
    tournament: Tournament, rows: list[dict[str, str]]
) -> tuple[dict[str, Roster], dict[tuple[str, str], int]]:
    """Each team's roster by entry ids, and the file line of each (team, ``members.<i>``)."""
    problems = Problems()
    entries = dict(tournament.entries.values_list("start_number", "pk"))
    parts: dict[str, dict[str, Any]] = defaultdict(
        lambda: {"members": [], "substitutes": [], "captain": None}
    )
    places: dict[tuple[str, str], int] = {}
    spelling: dict[str, str] = {}
    listed: dict[int, tuple[int, str]] = {}  # entry: the first line and team listing them
    for line, row in enumerate(rows, start=2):
        name, number, role = row["team"], row["start_number"], ROLES.get(row["role"].lower())
        if not name:
            problems.add("team_name_required", f"csv.{line}.team")
            continue
        if not (is_plain_number(number) and int(number) in entries):
            problems.add(
                "team_file_start_number", f"csv.{line}.start_number", line=line, number=number
            )
            continue
        if role is None:
            problems.add("team_file_role", f"csv.{line}.role", line=line, role=row["role"])
            continue
        name = spelling.setdefault(name.lower(), name)  # one team, however it is written
        team, entry = parts[name], entries[int(number)]
        first = listed.setdefault(entry, (line, name))
        if first[1] != name:
            problems.add(
                "team_file_player_twice",
                f"csv.{line}.start_number",
                line=line,
                number=number,
                team=first[1],
                first=first[0],
            )
            continue
        part = "substitutes" if role == "substitute" else "members"
        places[(name, f"{part}.{len(team[part])}")] = line
        places.setdefault((name, "name"), line)
        team[part].append(entry)
        if role == "captain" and team["captain"] is not None:
            problems.add("team_file_two_captains", f"csv.{line}.role", line=line, team=name)
        elif role == "captain":
            places[(name, "captain")] = line
            team["captain"] = entry
    if not rows:
        problems.add("csv_empty", "file")
    problems.raise_if_any()
    rosters = {
        name: Roster(
            members=tuple(team["members"]),
            substitutes=tuple(team["substitutes"]),
            captain=team["captain"],
        )
        for name, team in parts.items()
    }
    return rosters, places


def _at_line(
    problem: Problem, listed: list[tuple[str, Roster]], places: dict[tuple[str, str], int]
) -> Problem:
    """A refusal of the teams (``teams.<i>.<field>``) at the file's line it came from
    (``csv.<line>.<column>``)."""
    _teams, index, field = problem.field.split(".", 2)
    team = listed[int(index)][0]
    line = places.get((team, field), places[(team, "name")])
    column = "team" if field == "name" else "start_number"
    return Problem(problem.code, f"csv.{line}.{column}", problem.params)
