"""A club's year made before clubs, people and competitions got homes of their own migrates
forward and reads the same.

``legacy_year.json`` holds every row of a year made by the code of that time (``legacy.py``
says which commit and how): the demo with its season, a club season (corrections, a void deal,
a withdrawal, a penalty row, an evening with hidden standings and one frozen), an association's
ranking list and league (two divisions, a final and an open match day, rosters with a
substitute) and the same league imported from an archive, a team cup (groups, the knock-out
drawn, one pairing decided), an individual cup with its final, an open tournament (sign-ups
entered, waiting, cancelled and unconfirmed, categories, fees paid, waived and open, a payout
table, deals confirmed by PIN, a protest, final results), clubs someone runs and names only
typed for players and teams (entries, sign-ups, the registry, cups and archives), an
association with memberships, consent to public profiles.

The test database goes back to the migrations of the dump (an app that came later is
unapplied whole), takes the rows, migrates forward to the latest migrations, and then:

- no table has fewer rows than were loaded, and no id sequence goes back, unless
  ``ROWS_LEAVING`` names the table and says where its rows went (a migration that turns rows
  into something else documents it there; one that renames a table names it in
  ``TABLES_RENAMED``);
- every read the old code answered (the public and organisers' API: standings overall and per
  series, season rankings and players, league tables and match days, the cup and its bracket,
  sign-ups, the cash report and the prize list, side and category rankings, the registry's
  players and profiles, clubs, the tournament, season and cup archives, the ranking export) is
  answered the same, but for the moments of export (each read's ``volatile`` paths) and what
  the code changed on purpose since (``CHANGED_ON_PURPOSE``: the old answer as the change reads
  it, so the rest of such a read is still compared).

The migrations are real ones: pytest-django builds the test database by migrating it. Every
migration added later must be reversible on an empty database (the test migrates back before it
loads anything), and an app that goes away keeps its migrations until this file is made anew.
"""

import datetime
import functools
import json
import re
from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.contrib.contenttypes.models import ContentType
from django.core.cache import cache
from django.core.management.color import no_style
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.db.migrations.recorder import MigrationRecorder
from django.test import Client
from django.utils import timezone

from karlchen.collation import sort_key
from results.domain.archive import ranks_without
from tests.migrations.executor import StateKeepingExecutor, forget_states
from tests.migrations.legacy import legacy_year, load_legacy_rows

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql",
        reason="the legacy rows are a PostgreSQL dump (bin/test uses PostgreSQL)",
    ),
]

# Tables whose rows a later migration turns into something else: {table: where they went, and
# the migration that does it}. A table named here may have fewer rows, or be gone.
ROWS_LEAVING: dict[str, str] = {
    "tournaments_club": "clubs only typed for players and teams are their club_name now, the "
    "rows deleted (clubs 0002_labels_become_text; assert_typed_clubs_kept checks the names)",
    "tournaments_organiseraction": "an action of a season about one of its evenings was written "
    "in both logs; its copy in the tournament's log goes, the season's entry now names the "
    "tournament (seasons 0009_log_about_evening; assert_log_copies_only_left checks which)",
    **{
        f"cups_{name}": "a team cup is a competition of the kind cup now, every row copied with "
        "its id (competitions 0002_leagues_and_cups), the old tables removed (cups "
        "0007_one_competition_model); the cup's reads compared below are read from the copies"
        for name in ["cup", "cupgroup", "cupteam", "cupplayer", "cupmatch", "cupmatchteam"]
    },
    **{
        f"leagues_{name}": "a league is a competition of the kind league now, every row copied "
        "after the cups' (competitions 0002_leagues_and_cups; a division's and a team's old id "
        "is its shown_id, which the API and the desk show), the old tables removed (leagues "
        "0006_one_competition_model); the league's reads compared below are read from the copies"
        for name in ["league", "division", "leagueteam", "matchday", "matchdayteam"]
    },
}
# Tables a later migration renames, rows and ids kept: {name in the file: name now}.
TABLES_RENAMED: dict[str, str] = {}


def only_who_sat_down(rows: list[dict]) -> list[dict]:
    """RULES.md §14.1: a ranking lists the players who sat down (in a series' ranking: in that
    series); the old answers ranked everyone entered. A row without points or deals in it is of
    one who did not sit down (the year's tournaments are played through); the others keep their
    order, ranked again among themselves."""
    kept = [row for row in rows if row["series"] or row["deals_played"]]
    ranks = ranks_without([row["rank"] for row in kept])
    return [row | {"rank": rank} for row, rank in zip(kept, ranks, strict=True)]


def shared_ranks_by_name(rows: list[dict]) -> list[dict]:
    """docs/SEASONS.md: players sharing a rank are listed by name (German order; a hidden one,
    unnamed, first), where the old answers listed them by id; what placed a shared rank below
    the row above (``decided_by``) stays with its first row."""
    groups: dict[tuple, list[dict]] = {}
    for row in rows:
        unranked = row["rank"] is None
        groups.setdefault((unranked, row["rank"] or 0, row["score"] if unranked else 0), [])
        groups[(unranked, row["rank"] or 0, row["score"] if unranked else 0)].append(row)
    listed = []
    for group in groups.values():
        ordered = sorted(group, key=lambda row: sort_key(row["player"]["name"] or ""))
        decided = group[0]["decided_by"]
        listed += [
            row | {"decided_by": decided if index == 0 else None}
            for index, row in enumerate(ordered)
        ]
    return listed


# Reads whose answers the code changed on purpose after the dump: (path pattern, why, the old
# answer as it reads now; None: the fields ``FIELDS_ADDED`` names are new in it, and nothing else
# changed). Everything else of such a read is still compared.
def final_as_its_match(answer: dict) -> dict:
    """docs/TEAMS.md, "Final means one thing": a league's match day or a cup's match is final
    exactly when its tournament's results are, so a day or match marked final whose tournament
    was not has the tournament's results final since the day's mark (leagues 0004, cups 0005)."""
    at = match_final_marks().get(answer["id"])
    if at is None or answer["results_final_at"] is not None:
        return answer
    final_at = timezone.localtime(datetime.datetime.fromisoformat(at)).isoformat()
    return answer | {"results_final_at": final_at, "results_status": "final"}


def with_no_start_time(answer: dict) -> dict:
    """docs/PUBLISHING.md: a tournament may have a start time (tournaments 0019); the old
    tournaments have none, read as null."""
    return answer | {"start_time": None} if "errors" not in answer else answer


@functools.cache
def match_final_marks() -> dict[int, str]:
    """{tournament id: the moment its match day or cup match was marked final} in the dump."""
    tables = {table["name"]: table for table in legacy_year()["tables"]}

    def rows(name: str) -> list[dict]:
        table = tables[name]
        return [dict(zip(table["columns"], row, strict=True)) for row in table["rows"]]

    tournament_of = {row["id"]: row["tournament_id"] for row in rows("seasons_seasonevening")}
    return {
        tournament_of[row["evening_id"]]: row["final_at"]
        for name in ("leagues_matchday", "cups_cupmatch")
        for row in rows(name)
        if row["final"]
    }


# What the one-prize rule (docs/OPEN_TOURNAMENTS.md, "One prize each") decides anew; the rest of
# a prize list (the pot, the shares, the costs) stays as it was. tests/signups checks the rule
# against a re-computation from the docs.
PRIZES_DECIDED_ANEW = ("paid", "kept", "prizes", "side_prizes")


def one_prize_each(found: Any, wanted: Any) -> tuple[Any, Any]:
    """Both prize lists without what the rule decides anew; each player holds one prize at most
    in the new one."""
    if not isinstance(found, dict) or "prizes" not in found:
        return found, wanted
    names = [prize["name"] for prize in found["prizes"]]
    names += [prize["name"] for side in found["side_prizes"] for prize in side["prizes"]]
    assert len(names) == len(set(names)), f"a player holds two prizes: {names}"
    return (
        {key: value for key, value in found.items() if key not in PRIZES_DECIDED_ANEW},
        {key: value for key, value in wanted.items() if key not in PRIZES_DECIDED_ANEW},
    )


one_prize_each.reads_both = True  # type: ignore[attr-defined]


CHANGED_ON_PURPOSE: list[tuple[re.Pattern[str], str, Callable[[Any], Any] | None]] = [
    (re.compile(r"/api/v1/tournaments/\d+/standings/"), "who is ranked", only_who_sat_down),
    (re.compile(r"/api/v1/seasons/\d+/ranking/$"), "shared ranks by name", shared_ranks_by_name),
    (re.compile(r"/league/days/"), "a match day's groups say whether played", None),
    (re.compile(r"/api/v1/cups/\d+/$"), "a cup's matches say whether played", None),
    (
        re.compile(r"/api/v1/tournaments/\d+/$"),
        "a final match is its tournament's final results; a start time (none before)",
        lambda answer: with_no_start_time(final_as_its_match(answer)),
    ),
    (re.compile(r"/api/v1/tournaments/\d+/prizes/$"), "one prize each", one_prize_each),
    (
        re.compile(r"/api/v1/tournaments/\d+/announcement/$"),
        "the announcement says whether the form takes sign-ups",
        None,
    ),
    (
        re.compile(r"/api/v1/tournaments/\d+/fees/$"),
        "fees paid ahead by transfer: each fee's method, the report's transfers apart from cash",
        None,
    ),
]
# Keys an answer gained after the dump, where ``CHANGED_ON_PURPOSE`` allows it (docs/TEAMS.md,
# "What has results").
FIELDS_ADDED = frozenset(
    {"played", "signup_open", "signup_refusal", "method", "transfers", "transferred"}
)


def test_a_year_of_the_old_schema_migrates_forward_and_reads_the_same():
    data = legacy_year()
    try:
        migrate(targets_at(data["schema"]))
        assert_at(data["schema"])
        empty(data)
        load_legacy_rows(data)

        migrate()
        cache.clear()  # bodies of another test's tournaments and seasons of the same ids
        assert_nothing_lost(data)
        assert_typed_clubs_kept(data)
        assert_log_copies_only_left(data)
        assert_reads_as_before(data["expected"]["reads"])
    finally:
        migrate()  # whatever failed: the schema the other tests expect
        cache.clear()
        forget_states()


def migrate(targets: list[tuple[str, str | None]] | None = None) -> None:
    """Migrate the test database to ``targets``, or to the latest migrations."""
    executor = StateKeepingExecutor(connection)
    executor.migrate(targets or executor.loader.graph.leaf_nodes())
    ContentType.objects.clear_cache()


def targets_at(schema: dict[str, str]) -> list[tuple[str, str | None]]:
    """Every app at its migration of ``schema``; an app it does not know yet, unapplied."""
    apps = {app for app, _name in MigrationExecutor(connection).loader.graph.leaf_nodes()}
    return [(app, schema.get(app)) for app in sorted(apps)]


def assert_at(schema: dict[str, str]) -> None:
    applied: dict[str, list[str]] = {}
    for app, name in MigrationRecorder(connection).applied_migrations():
        applied.setdefault(app, []).append(name)
    assert {app: max(names) for app, names in applied.items()} == schema


def empty(data: dict) -> None:
    """No rows in the legacy tables (nor in those that point at them)."""
    names = [table["name"] for table in data["tables"]]
    connection.ops.execute_sql_flush(
        connection.ops.sql_flush(no_style(), names, allow_cascade=True)
    )


def assert_nothing_lost(data: dict) -> None:
    """Every table (under its new name, if ``TABLES_RENAMED`` gives one) holds at least the rows
    that were loaded, and its ids go on from where they were; a table of ``ROWS_LEAVING`` may
    have fewer, or be gone."""
    existing = set(connection.introspection.table_names())
    lost, behind = {}, {}
    with connection.cursor() as cursor:
        for table in data["tables"]:
            if table["name"] in ROWS_LEAVING:
                continue
            name = TABLES_RENAMED.get(table["name"], table["name"])
            if name not in existing:
                lost[name] = "table gone"
                continue
            cursor.execute(f"SELECT count(*) FROM {connection.ops.quote_name(name)}")
            count = cursor.fetchone()[0]
            if count < len(table["rows"]):
                lost[name] = f"{count} rows of {len(table['rows'])}"
            if table["name"] in data["sequences"]:
                cursor.execute(
                    "SELECT pg_sequence_last_value(pg_get_serial_sequence(%s, 'id')::regclass)",
                    [name],
                )
                last, loaded = cursor.fetchone()[0], data["sequences"][table["name"]]
                if last is None or last < loaded:
                    behind[name] = (last, loaded)
    assert not lost, f"rows lost (name the table in ROWS_LEAVING if a migration means it): {lost}"
    assert not behind, f"id sequences gone back: {behind}"


def legacy_rows(data: dict, name: str) -> list[dict]:
    (table,) = (table for table in data["tables"] if table["name"] == name)
    return [dict(zip(table["columns"], row, strict=True)) for row in table["rows"]]


def assert_typed_clubs_kept(data: dict) -> None:
    """Each player's and team's club is its ``club_name`` now, named as its club row was; the
    link stays where the club stays (one someone set up), the rows only typed are gone."""
    clubs = {club["id"]: club["name"] for club in legacy_rows(data, "tournaments_club")}
    with connection.cursor() as cursor:
        cursor.execute("SELECT id FROM tournaments_club")
        staying = {row[0] for row in cursor.fetchall()}
    assert staying < set(clubs), "the rows only typed for players and teams are gone"
    # A league's and a cup's teams are a competition's now (competitions 0002_leagues_and_cups):
    # a league's by the id it had (its shown_id), a cup's by its id, kept.
    entrants = (
        "SELECT {id}, e.club_name, e.club_id FROM competitions_entrant e JOIN "
        "competitions_competition c ON c.id = e.competition_id WHERE c.kind = '{kind}'"
    )
    now_read = {
        "tournaments_player": "SELECT id, club_name, club_id FROM tournaments_player",
        "leagues_leagueteam": entrants.format(id="e.shown_id", kind="league"),
        "cups_cupteam": entrants.format(id="e.id", kind="cup"),
    }
    for table, query in now_read.items():
        with connection.cursor() as cursor:
            cursor.execute(query)
            now = {pk: (name, club) for pk, name, club in cursor.fetchall()}
        for row in legacy_rows(data, table):
            club = row["club_id"]
            linked = club if club in staying else None
            assert now[row["id"]] == (clubs.get(club, ""), linked), (table, row)


def assert_log_copies_only_left(data: dict) -> None:
    """Every tournament log entry that left had its twin in the season's log, which now names
    that tournament; every other entry stays."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT id FROM tournaments_organiseraction")
        staying = {row[0] for row in cursor.fetchall()}
        cursor.execute("SELECT action, tournament_id FROM seasons_seasonaction")
        about_evenings = {(action, tournament) for action, tournament in cursor.fetchall()}
    for row in legacy_rows(data, "tournaments_organiseraction"):
        if row["id"] not in staying:
            assert (row["action"], row["tournament_id"]) in about_evenings, row


def assert_reads_as_before(reads: list[dict]) -> None:
    """Each read answered as the old code answered it (its volatile paths left out)."""
    clients = {"public": Client(), "organiser": Client()}
    clients["organiser"].force_login(get_user_model().objects.get(username="orga"))
    differing = []
    for read in reads:
        response = clients[read["as"]].get(read["path"], HTTP_ACCEPT_LANGUAGE="de")
        found: dict = {"status": response.status_code}
        wanted: dict = {"status": read["status"]}
        if "json" in read and response["Content-Type"].startswith("application/json"):
            found["json"] = without(response.json(), read.get("volatile", ()))
            wanted["json"] = without(read["json"], read.get("volatile", ()))
            found["json"], wanted["json"] = as_changed(read["path"], found["json"], wanted["json"])
            if read.get("unordered"):  # a list whose order among equals is the database's
                found["json"] = sorted(found["json"], key=canonical)
                wanted["json"] = sorted(wanted["json"], key=canonical)
        elif "json" in read:  # not JSON any more (an error page)
            found["text"], wanted["json"] = response.content.decode()[:300], read["json"]
        else:
            found["content_type"] = response["Content-Type"]
            found["text"] = response.content.decode()
            wanted["content_type"], wanted["text"] = read["content_type"], read["text"]
        if found != wanted:
            differing.append(f"{read['as']} {read['path']}: {differences(wanted, found)[:5]}")
    assert not differing, f"{len(differing)} of {len(reads)} reads differ:\n" + "\n".join(
        differing[:20]
    )


def as_changed(path: str, found, wanted):
    """The answers to compare where ``CHANGED_ON_PURPOSE`` names the read: the old one as the
    change reads it, the new one without the fields added since."""
    for pattern, _why, change in CHANGED_ON_PURPOSE:
        if pattern.search(path):
            if change is None:
                return without_added(found, wanted), wanted
            if getattr(change, "reads_both", False):
                return change(found, wanted)
            error = isinstance(wanted, dict) and "errors" in wanted  # a 4xx
            return found, wanted if error else change(wanted)
    return found, wanted


def without_added(found, wanted):
    """``found`` without the keys of ``FIELDS_ADDED`` that ``wanted`` does not have."""
    if isinstance(found, dict):
        return {
            key: without_added(value, wanted.get(key) if isinstance(wanted, dict) else None)
            for key, value in found.items()
            if key not in FIELDS_ADDED or (isinstance(wanted, dict) and key in wanted)
        }
    if isinstance(found, list):
        others = wanted if isinstance(wanted, list) and len(wanted) == len(found) else []
        return [
            without_added(value, others[index] if others else None)
            for index, value in enumerate(found)
        ]
    return found


def canonical(value) -> str:
    return json.dumps(value, sort_keys=True)


def without(answer, paths):
    """``answer`` without the values at ``paths`` (dotted, list items by index)."""
    for path in paths:
        *parents, last = path.split(".")
        node = answer
        for key in parents:
            node = node[int(key)] if isinstance(node, list) else node[key]
        assert last in node, f"no {path} in the answer"  # a volatile field that vanished
        node[last] = "(volatile)"
    return answer


def differences(wanted, found, where: str = "") -> list[str]:
    """Where two JSON values differ: dotted paths, each with both values where short."""
    if isinstance(wanted, dict) and isinstance(found, dict):
        return [
            difference
            for key in sorted(wanted.keys() | found.keys(), key=str)
            for difference in (
                differences(wanted[key], found[key], f"{where}.{key}")
                if key in wanted and key in found
                else [f"{where}.{key}: only in {'the old' if key in wanted else 'the new'}"]
            )
        ]
    if isinstance(wanted, list) and isinstance(found, list) and len(wanted) == len(found):
        return [
            difference
            for index, (old, new) in enumerate(zip(wanted, found, strict=True))
            for difference in differences(old, new, f"{where}.{index}")
        ]
    if wanted == found:
        return []
    shown = f"{wanted!r} → {found!r}"
    return [f"{where}: {shown if len(shown) < 160 else 'differs'}"]
