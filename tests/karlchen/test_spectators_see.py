"""What spectators see, asked of every address anyone may open (docs/PUBLISHING.md, "What
spectators see"): every route of the URL resolver outside the desk and the admin, read without
signing in, against the permission matrix's world (a tournament played a deal, with a team, a
season it is an evening of, a league and a cup).

- **Private**: the tournament a draft (its announcement unpublished), the season, the league and
  the cup not public. Every page and API read that names one of them answers 404 (the
  organisers' reads 401: nobody signed in), and no answer that succeeds, a listing, the
  calendar, the feed, a club's page, the start page, names any of them or their players. A
  draft in play may say its name on its 404 page (``results.domain.public``), never a player's.
- **Public, with hidden players**: two players of the tournament, one of a league day's and one
  of a cup match's tournament asked not to be listed. No answer names them, and their own
  pages (the tournament's, the season's) are 404s.

The routes come from the resolver, so a page or API read added later is asked too; a route
whose parameters the world cannot fill fails here (teach ``World.kwargs`` its parameter). The
expectations are written here, not asked of ``tournaments.visibility`` or
``seasons.visibility``.
"""

from __future__ import annotations

import io
import re
import zipfile
from pathlib import Path

import pytest
from django.core.cache import cache
from django.db import transaction
from django.test import Client, override_settings

from competitions.models import Fixture
from people.models import Player
from seasons.domain.exports import KINDS
from seasons.models import Season
from signups.models import Announcement
from tests.factories.once import rolled_back
from tests.karlchen.test_permission_matrix import ROUTES, build_world, close, fill, routes
from tournaments.models import Entry, Tournament

pytestmark = pytest.mark.django_db

PRIVATE = "Qzgeheim"  # in the names of the private things
PERSON = "Qzperson"  # in the names of the private tournament's players
HIDDEN = "Qzverborgen"  # in the names of the players who asked not to be listed

# Not spectators' addresses: the organisers' desk and the admin (each behind its sign-in), the
# language switch (a form's target) and the API's schema (no data).
NOT_SPECTATORS = ("desk/", "admin/", "i18n/", "api/schema/")
# The needs of the permission matrix that anyone may read: a spectators' page or read.
SPECTATORS_READ = {"open", "page", "read", "s-read"}
# The parameters that name one of the world's things (a private one in the first phase).
NAMES_A_THING = (
    "tournament_id",
    "season_id",
    "cup_id",
    "entry_id",
    "table_id",
    "team_id",
    "number",
    "match_id",
    "group_id",
    "division_id",
)


def spectator_reads() -> list[str]:
    """Every route outside the desk and the admin that answers GET."""
    found = []
    for route, view in routes():
        if route.startswith(NOT_SPECTATORS):
            continue
        view_class = getattr(view, "cls", None) or getattr(view, "view_class", None)
        if view_class is not None and not hasattr(view_class, "get"):
            continue
        if view_class is None and "get" not in ROUTES[route]:
            continue
        found.append(route)
    return found


def paths(world, route: str) -> list[str]:
    """The addresses of ``route`` for the world's things (an export in each of its kinds)."""
    path = "/" + fill(route, world.kwargs(route))
    assert "<" not in path, f"{route}: a parameter the world cannot fill"
    if "<str:kind>" in route:
        return [path.replace("/csv/", f"/{kind}/") for kind in KINDS]
    return [path]


def text_of(response) -> str:
    """What a reader gets to see: the body, a spreadsheet's XML unpacked, an iCalendar's folded
    lines unfolded."""
    if getattr(response, "streaming", False):
        body = b"".join(response.streaming_content)
    else:
        body = response.content
    close(response)
    if body.startswith(b"PK"):
        with zipfile.ZipFile(io.BytesIO(body)) as archive:
            body = b"".join(archive.read(name) for name in archive.namelist())
    return body.decode("utf-8", "replace").replace("\r\n ", "").replace("\r\n\t", "")


def read(path: str):
    with transaction.atomic():  # a read that wrote would be rolled back, as in the matrix
        response = Client().get(path)
        transaction.set_rollback(True)
    return response


def rename(players, name: str) -> None:
    for number, player_id in enumerate(players, start=1):
        Player.objects.filter(pk=player_id).update(name=f"{name} {number}")


@pytest.fixture(scope="module")
def world(django_db_setup, django_db_blocker, tmp_path_factory):
    """The matrix's world, built once for the module (its stored file in a media directory of
    the module's own) and rolled back at its end: each test changes it in its own transaction,
    taken back after it, and clears the cache once it has."""
    with (
        override_settings(MEDIA_ROOT=tmp_path_factory.mktemp("media")),
        rolled_back(django_db_blocker),
    ):
        world, _actors = build_world()
        yield world


def test_a_private_tournament_and_season_are_nowhere(world):
    world.make_public(False)
    Announcement.objects.filter(tournament=world.tournament).update(published=False)
    Tournament.objects.filter(pk=world.tournament.pk).update(name=f"{PRIVATE} Turnier")
    for season in (world.season, world.league, world.cup.season):
        Season.objects.filter(pk=season.pk).update(name=f"{PRIVATE} {season.pk}")
    rename(world.tournament.entries.values_list("player_id", flat=True), PERSON)
    cache.clear()

    failures = []
    for route in spectator_reads():
        need = ROUTES[route]["get"]
        names_a_thing = any(f":{name}>" in route for name in NAMES_A_THING)
        for path in paths(world, route):
            response = read(path)
            status = response.status_code
            text = text_of(response)
            if status >= 500:
                failures.append(f"{path}: {status}")
            if names_a_thing and need in SPECTATORS_READ and status != 404:
                failures.append(f"{path}: {status}, not 404")
            if names_a_thing and need not in SPECTATORS_READ | {"any"} and status < 400:
                failures.append(f"{path}: {status} to nobody signed in")
            if status < 400 and PRIVATE in text:
                failures.append(f"{path}: names a private thing")
            if PERSON in text:
                failures.append(f"{path}: names a player of a draft")
    assert failures == [], "\n".join(failures)


def test_hidden_players_are_named_nowhere(world):
    world.make_public(True)
    tournament = world.tournament
    hidden = [world.entry.pk, tournament.entries.get(start_number=1).pk]  # the team's player
    day = Fixture.objects.filter(competition__season=world.league).first()
    hidden.append(day.evening.tournament.entries.order_by("start_number").first().pk)
    match = Fixture.objects.filter(competition=world.cup).first()
    cup_entry = match.evening.tournament.entries.order_by("start_number").first()
    assert cup_entry is not None, "the cup's match has no players to hide"
    hidden.append(cup_entry.pk)
    Entry.objects.filter(pk__in=hidden).update(hidden=True)
    rename(Entry.objects.filter(pk__in=hidden).values_list("player_id", flat=True), HIDDEN)
    cache.clear()

    failures = []
    asked = 0
    for route in spectator_reads():
        need = ROUTES[route]["get"]
        own_page = ":entry_id>" in route or ":player_id>" in route
        for path in paths(world, route):
            response = read(path)
            status = response.status_code
            asked += status == 200
            if status >= 500:
                failures.append(f"{path}: {status}")
            if HIDDEN in text_of(response):
                failures.append(f"{path}: names a hidden player")
            if own_page and need in SPECTATORS_READ and status != 404:
                failures.append(f"{path}: {status}, not 404 for a hidden player")
    assert failures == [], "\n".join(failures)
    assert asked >= 30, "the public world answers most reads"


# Where the players of a tournament whose standings are not published are named all the same:
# where they sit (the tables of a series) and in their teams' rosters, which tell no figures.
NAMED_WITHOUT_STANDINGS = {
    "api/v1/tournaments/<id:tournament_id>/series/<id:number>/tables/",
    "api/v1/tournaments/<id:tournament_id>/teams/",
    "api/v1/tournaments/<id:tournament_id>/teams/<id:team_id>/",
}


@pytest.mark.parametrize("closed", ["unpublished", "frozen"])
def test_standings_not_shown_are_shown_nowhere(world, closed):
    """Not published, or frozen (before anybody played: the frozen ranking ranks nobody), the
    standings name nobody: not the ranking, the beamer, the widget, a player's page, the side
    rankings, the score sheets, the season the tournament is an evening of, the results index
    or a profile; only the seating and the teams' rosters name the players."""
    world.make_public(True)
    tournament = world.tournament
    if closed == "unpublished":
        Tournament.objects.filter(pk=tournament.pk).update(standings_public=False)
    else:
        Tournament.objects.filter(pk=tournament.pk).update(frozen_standings=FROZEN_EMPTY)
    rename(tournament.entries.values_list("player_id", flat=True), PERSON)
    cache.clear()

    failures = []
    for route in spectator_reads():
        for path in paths(world, route):
            response = read(path)
            if response.status_code >= 500:
                failures.append(f"{path}: {response.status_code}")
            if PERSON in text_of(response) and route not in NAMED_WITHOUT_STANDINGS:
                failures.append(f"{path}: names a player of standings not shown")
    assert failures == [], "\n".join(failures)


FROZEN_EMPTY = {"overall": [], "series": {}, "parts": {}}


# Who may touch the fields the visibility rules decide on: the rules themselves, and the
# operations that write them (freezing, archives, a merge's or an erasure's rewrite of names).
WRITERS_OF_THE_FREEZE = {
    "tournaments/visibility.py",
    "tournaments/models.py",
    "tournaments/domain/tournaments.py",
    "results/domain/archive.py",
    "registry/domain/merge.py",
    "registry/domain/privacy.py",
}
READS_THE_FREEZE = re.compile(r"(?<!Tournament)\.frozen_standings\b")
HIDES_DRAFTS_BY_HAND = re.compile(
    r"""(?:exclude|filter)\(\s*~?Q?\(?(?:\w+__)*status\s*=\s*(?:"draft"|TournamentStatus\.DRAFT)"""
)


def test_readers_ask_the_visibility_functions_not_the_fields():
    """A reader that hides drafts or reads the frozen ranking by hand would have to repeat the
    rules (and would miss the next one): it asks ``tournaments.visibility`` instead."""
    root = Path(__file__).resolve().parents[2]
    failures = []
    for path in sorted(root.glob("*/**/*.py")):
        relative = path.relative_to(root).as_posix()
        if relative.startswith((".venv/", "tests/", "node_modules/")) or "/migrations/" in relative:
            continue
        text = path.read_text(encoding="utf-8")
        if READS_THE_FREEZE.search(text) and relative not in WRITERS_OF_THE_FREEZE:
            failures.append(f"{relative}: reads frozen_standings")
        if HIDES_DRAFTS_BY_HAND.search(text):
            failures.append(f"{relative}: hides drafts by hand")
    assert failures == []
