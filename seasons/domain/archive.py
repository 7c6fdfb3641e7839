"""A whole season as one JSON document, and back: its set-up, its evenings and its final.

The season's archive is composed here, above ``results``, which owns the tournament archive
and knows nothing of seasons (docs/DESIGN.md): each evening, and the cup's final, is a
tournament archive (``results.domain.archive``) inside it. The players are numbered across
them (``players`` of ``export_archive``/``import_archive``), so that a player is the same
person at every evening after the import too, and the season's standings are the archived
ones. Importing creates a new season (the importer its organiser) with new tournaments, or is
refused whole, every problem named with its place in the file
(``evenings.2.tournament.series.0.…``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone

from clubs.models import Club
from karlchen.actors import Actor
from karlchen.changes import season_changed
from karlchen.log import log
from karlchen.refusals import Problem, Refused, refused
from people.models import Player
from results.domain.archive import export_archive, import_archive
from rules import GAMES, parse_rules
from rules.quick import ENTRY_MODES
from seasons.engine.ranking import parse_rule
from seasons.log import SeasonCode
from seasons.models import IndividualCup, Season, SeasonEvening, cup_places, individual_cup
from seasons.ports import SEASON_PARTS
from tournaments.models import Tournament

FORMAT = "karlchen-season"
VERSION = 1
MAX_EVENINGS = 500
MAX_INT = 2_147_483_647
# The season's own fields, each with the type the archive holds.
FIELDS: Mapping[str, tuple[type, ...]] = {
    "name": (str,),
    "game": (str,),
    "club": (str, type(None)),
    "ranking_rule": (dict,),
    "cup_places": (int, type(None)),
    "is_public": (bool,),
    "rules": (dict,),
    "series_count": (int,),
    "normal_deals": (int,),
    "venue": (str,),
}
# Added later, so an archive without it is read as before: how its evenings enter deals.
OPTIONAL = {"entry_mode": "full"}
EXPECTED = {str: "text", int: "integer", bool: "boolean", dict: "object"}


def export_season_archive(season: Season) -> dict[str, Any]:
    players: dict[int, int] = {}  # player id -> their number in this file
    evenings = [
        {
            "ranking_tournament": membership.ranking_tournament,
            "tournament": export_archive(membership.tournament, players=players),
        }
        for membership in SeasonEvening.objects.filter(season=season).select_related("tournament")
    ]
    final = None
    cup = individual_cup(season)
    if cup is not None and cup.final is not None:
        final = {
            "tournament": export_archive(cup.final, players=players),
            "seeds": [
                {**seed, "player": players.setdefault(seed["player"], len(players) + 1)}
                for seed in cup.seeds
            ],
        }
    own = [name for name in (*FIELDS, *OPTIONAL) if name not in ("club", "cup_places")]
    fields = {name: getattr(season, name) for name in own} | {"cup_places": cup_places(season)}
    found = {
        "format": FORMAT,
        "version": VERSION,
        "exported_at": timezone.now().isoformat(),
        "season": fields | {"club": season.club.name if season.club else None},
        "evenings": evenings,
        "final": final,
    }
    tournaments = [
        membership.tournament_id for membership in SeasonEvening.objects.filter(season=season)
    ]
    for part in SEASON_PARTS.all():  # an app's share (a league), where the season has one
        exported = part.export(season, tournaments)
        if exported is not None:
            found[part.name] = exported
    return found


def import_season_archive(archive: object, *, by: Actor, club: Club | None = None) -> Season:
    """A new season built from ``archive`` (parsed JSON, ``results.domain.archive.
    parse_archive``), or refused whole: its shape, its ranking rule and rule set, each
    evening's and the final's tournament archive as ``import_archive`` checks it. The season
    and its tournaments belong to ``club`` (one the importer runs, checked by the caller) or
    to no club: the club named in the archive is where it was, never where it goes (anyone
    could name another club's)."""
    data = _checked(archive)
    with transaction.atomic():
        try:
            season = _new_season(data["season"], by, club)
        except ValidationError as error:  # a text too long for its field
            fields = ", ".join(sorted(error.message_dict))
            raise refused("season_archive_invalid", "season", detail=fields) from error
        players: dict[int, Player] = {}
        evenings = []
        for index, row in enumerate(data["evenings"]):
            where = f"evenings.{index}.tournament"
            tournament = _tournament(row["tournament"], where, by, players, club)
            SeasonEvening.objects.create(
                season=season, tournament=tournament, ranking_tournament=row["ranking_tournament"]
            )
            evenings.append(tournament)
        if data["final"] is not None:
            _restore_final(season, data["final"], by, players, club)
        for part in SEASON_PARTS.all():
            if part.name in data:
                part.restore(season, data[part.name], evenings, by)
        log(season, by, SeasonCode.SEASON_ARCHIVE_IMPORTED, evenings=len(data["evenings"]))
        season_changed(season.pk)
    return season


def _checked(archive: object) -> dict[str, Any]:
    if not isinstance(archive, dict) or archive.get("format") != FORMAT:
        raise refused("season_archive_invalid", "archive", detail="format")
    if archive.get("version") != VERSION:
        version = str(archive.get("version"))[:20]
        raise refused("archive_version", "archive", version=version, expected=VERSION)
    parts = {part.name: part for part in SEASON_PARTS.all()}
    problems = _keys(
        {key: value for key, value in archive.items() if key not in parts},
        "",
        ("format", "version", "season", "evenings", "final"),
    )
    for name, part in parts.items():
        if name in archive:
            problems += part.check(archive[name])
    problems += _season_problems(archive.get("season"))
    problems += _evenings_problems(archive.get("evenings"))
    problems += _final_problems(archive.get("final"))
    if problems:
        raise Refused(problems)
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


def _object(row: object, path: str, required: tuple[str, ...]) -> list[Problem] | None:
    """Problems of an object's keys; None if it is no object at all (refused as a type)."""
    if not isinstance(row, dict):
        return None
    return _keys(row, path, required)


def _season_problems(row: object) -> list[Problem]:
    if not isinstance(row, dict):
        return [Problem("archive_type", "season", {"expected": "object"})]
    problems = _keys({k: v for k, v in row.items() if k not in OPTIONAL}, "season", tuple(FIELDS))
    if row.get("entry_mode", "full") not in ENTRY_MODES:
        problems.append(Problem("archive_choice", "season.entry_mode", {}))
    for name, types in FIELDS.items():
        value = row.get(name)
        if name in row and (type(value) not in types):
            expected = EXPECTED[types[0]]
            problems.append(Problem("archive_type", f"season.{name}", {"expected": expected}))
    if problems:
        return problems
    if row["game"] not in GAMES:
        return [Problem("archive_choice", "season.game", {})]
    for name in ("cup_places", "series_count", "normal_deals"):
        if row[name] is not None and not 1 <= row[name] <= 1000:
            problems.append(Problem("archive_range", f"season.{name}", {"min": 1, "max": 1000}))
    problems += _prefixed(lambda: parse_rule(row["ranking_rule"]), "season")
    problems += _prefixed(lambda: parse_rules(row["game"], row["rules"]), "season")
    return problems


def _prefixed(check: Callable[[], object], path: str) -> list[Problem]:
    try:
        check()
    except Refused as refusal:
        return [_at(problem, path) for problem in refusal.problems]
    return []


def _at(problem: Problem, path: str) -> Problem:
    return Problem(problem.code, f"{path}.{problem.field}", problem.params)


def _evenings_problems(rows: object) -> list[Problem]:
    if not isinstance(rows, list):
        return [Problem("archive_type", "evenings", {"expected": "list"})]
    if len(rows) > MAX_EVENINGS:
        return [Problem("archive_too_long", "evenings", {"max": MAX_EVENINGS})]
    problems = []
    for index, row in enumerate(rows):
        where = f"evenings.{index}"
        found = _object(row, where, ("ranking_tournament", "tournament"))
        if found is None:
            problems.append(Problem("archive_type", where, {"expected": "object"}))
        elif not found and type(row["ranking_tournament"]) is not bool:
            found.append(
                Problem("archive_type", f"{where}.ranking_tournament", {"expected": "boolean"})
            )
        problems += found or []
    return problems


def _final_problems(row: object) -> list[Problem]:
    if row is None:
        return []
    problems = _object(row, "final", ("tournament", "seeds"))
    if problems is None:
        return [Problem("archive_type", "final", {"expected": "object"})]
    assert isinstance(row, dict)
    seeds = row.get("seeds")
    if "seeds" in row and not isinstance(seeds, list):
        return [*problems, Problem("archive_type", "final.seeds", {"expected": "list"})]
    for index, seed in enumerate(seeds or []):
        where = f"final.seeds.{index}"
        found = _object(seed, where, ("seed", "player", "rank", "score"))
        if found is None:
            problems.append(Problem("archive_type", where, {"expected": "object"}))
            continue
        for name in ("seed", "player", "rank"):
            if name in seed and not (type(seed[name]) is int and 1 <= seed[name] <= MAX_INT):
                found.append(Problem("archive_type", f"{where}.{name}", {"expected": "integer"}))
        if "score" in seed and type(seed["score"]) not in (int, float):
            found.append(Problem("archive_type", f"{where}.score", {"expected": "number"}))
        problems += found
    return problems


def _new_season(row: Mapping[str, Any], by: Actor, club: Club | None) -> Season:
    fields = {name: row[name] for name in FIELDS if name not in ("club", "cup_places")}
    fields |= {name: row.get(name, default) for name, default in OPTIONAL.items()}
    season = Season(**fields, club=club)
    season.full_clean()
    season.save()
    if row["cup_places"] is not None:
        IndividualCup.objects.create(season=season, places=row["cup_places"])
    if by.user is not None:
        season.organisers.add(by.user)
    return season


def _tournament(
    archive: object, path: str, by: Actor, players: dict[int, Player], club: Club | None
) -> Tournament:
    """One evening's (or the final's) tournament, its problems named at ``path``."""
    try:
        return import_archive(archive, by=by, players=players, club=club)
    except Refused as refusal:
        raise Refused([_at(problem, path) for problem in refusal.problems]) from refusal


def _restore_final(
    season: Season,
    row: Mapping[str, Any],
    by: Actor,
    players: dict[int, Player],
    club: Club | None,
) -> None:
    final = _tournament(row["tournament"], "final.tournament", by, players, club)
    seeds = []
    for index, seed in enumerate(row["seeds"]):
        player = players.get(seed["player"])
        if player is None:
            raise refused("archive_unknown_player", f"final.seeds.{index}.player")
        seeds.append({**seed, "player": player.pk})
    # A final whose places were taken away after it was made has as many places as seeds.
    cup = individual_cup(season) or IndividualCup(season=season, places=max(len(seeds), 1))
    cup.final, cup.seeds = final, seeds
    cup.save()
