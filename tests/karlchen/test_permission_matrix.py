"""The permission matrix (docs/CLUBS.md): every URL of the project, from the URL resolver, for
every kind of actor, against club A's private things, then (for the actors short of a right) the
same things made public.

A route without a row in ``ROUTES`` fails the test: whoever adds an endpoint says who may use
it. The expectations are written here, not asked of ``clubs.access``:

- ``ACTORS`` says what each actor may on club A's tournament and season (``view``, ``score``,
  ``run``), independent of the code under test;
- a row says what each method of the route needs: ``open`` (anyone, no object), ``user`` (any
  signed-in user: their own lists and forms), ``read`` (anyone where public, else ``view``),
  ``page`` (a spectators' page: anyone where public, a draft nobody's), ``c-view`` and
  ``c-manage`` of club A (its people: roles, invitations; a club itself is public),
  ``view``/``score``/``run`` of the tournament, ``s-read``/``s-view``/``s-run`` the same of the
  season (a league and a cup are seasons), ``r-run`` a person of the registry (theirs who run
  a tournament the person played, else as if unknown: 404), or ``any`` (a secret link, an
  unknown path or a profile nobody agreed to show: no role counts, only no server error).

Allowed is any answer but 401, 403 and 404 (and the desk's sign-in redirect); denied is 404
where the thing is private to a signed-in actor (as if it did not exist), 403 where it is
public, 401 (404 for a private one) without credentials through the API, the sign-in page at
the desk. Writes go with an empty body, each in a savepoint rolled back after it.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.core.signals import request_finished
from django.db import close_old_connections, transaction
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver

from clubs.domain.clubs import invite
from clubs.enums import ClubRoleKind
from clubs.models import Association, Club, ClubRole
from competitions.domain.squads import add_to_squad
from competitions.models import Fixture
from cups.domain.cups import start_group_round
from printing.domain.documents import document_path
from seasons.domain.seasons import add_evening, create_season
from seasons.models import Season
from seating.domain.seating import seat_series
from signups.domain.settings import set_announcement
from signups.domain.signups import Applicant, add_signup
from teams.domain.teams import Roster, create_team
from tests.cups.conftest import make_cup
from tests.factories.leagues import league_of_eight
from tests.factories.tournaments import ORGA, tournament_with_players
from tests.scoring.domain.conftest import normal, play
from tournaments.domain.final import lodge_protest
from tournaments.enums import JobKind, JobStatus, TournamentStatus
from tournaments.models import Job

pytestmark = pytest.mark.django_db

READS = ("get",)
WRITES = ("post", "put", "patch", "delete")

# What each actor may on club A's tournament (a ranking tournament) and club A's seasons.
ALL = {"view", "score", "run"}
ACTORS: dict[str, dict[str, set[str]]] = {
    "anonymous": {"tournament": set(), "season": set(), "club": set()},
    "a_admin": {"tournament": ALL, "season": ALL, "club": {"view", "manage"}},
    "a_organiser": {"tournament": ALL, "season": ALL, "club": {"view"}},
    "a_scorer": {"tournament": {"view", "score"}, "season": {"view", "score"}, "club": {"view"}},
    "b_organiser": {"tournament": set(), "season": set(), "club": set()},
    "association_admin": {"tournament": {"view"}, "season": set(), "club": {"view", "manage"}},
    "superuser": {"tournament": ALL, "season": ALL, "club": {"view", "manage"}},
}

PUBLIC_PHASE = ("anonymous", "a_scorer", "b_organiser", "association_admin")

T = "api/v1/tournaments/<id:tournament_id>/"
S = "api/v1/seasons/<id:season_id>/"
C = "api/v1/cups/<id:cup_id>/"
D = "desk/<int:tournament_id>/"
DS = "desk/seasons/<int:season_id>/"
DC = "desk/cups/<int:cup_id>/"

# route → {method: need, or (need, the body to send)}: every method its view has.
ROUTES: dict[str, dict[str, str | tuple[str, dict]]] = {
    # public pages
    "": {"get": "open"},
    "favicon.ico": {"get": "open"},
    "robots.txt": {"get": "open"},
    "captain/": {"get": "any"},
    "captain/sign-out/": {"post": "open"},
    "captain/sw.js": {"get": "open"},
    "captain/<slug:token>/": {"get": "any"},
    "t/<int:tournament_id>/": {"get": "page"},
    "t/<int:tournament_id>/beamer/": {"get": "page"},
    "t/<int:tournament_id>/beamer/figures/": {"get": "page"},  # the beamer's evening, refreshed
    "t/<int:tournament_id>/players/<int:entry_id>/": {"get": "page"},
    "t/<int:tournament_id>/teams/": {"get": "page"},
    # a published announcement is public by its own flag (sign-up opens before the evening)
    "t/<int:tournament_id>/signup/": {"get": "open", "post": "open"},
    "t/<int:tournament_id>/signup/sent/": {"get": "open", "post": "open"},
    "signup/<str:token>/confirm/": {"get": "any", "post": "any"},
    "signup/<str:token>/cancel/": {"get": "any", "post": "any"},
    "s/<int:season_id>/": {"get": "s-read"},
    "s/<int:season_id>/players/<int:player_id>/": {"get": "s-read"},
    "s/<int:season_id>/export/<str:kind>/": {"get": "s-read"},
    "s/<int:season_id>/league/": {"get": "s-read"},
    "c/<int:cup_id>/": {"get": "s-read"},
    "clubs/<int:club_id>/": {"get": "open"},
    "t/<int:tournament_id>/widget/": {"get": "page"},
    "calendar/": {"get": "open"},
    "developers/": {"get": "open"},
    "calendar.ics": {"get": "open"},
    "results/": {"get": "open"},
    # a public profile shows only who agreed to it (the world's player did not): 404 to all
    "p/<int:player_id>/": {"get": "any"},
    "i18n/setlang/": {"post": "open"},
    # the desk
    "desk/": {"get": "user"},
    "desk/login/": {"get": "open", "post": "any", "put": "any"},
    "desk/logout/": {"get": "any", "post": "any"},
    "desk/new/": {"get": "user", "post": "user"},
    "desk/import/": {"post": "user"},
    "desk/seasons/": {"get": "user", "post": "user"},
    "desk/seasons/import/": {"post": "user"},
    DS: {"get": "s-run", "post": "s-run"},
    DS + "archive/": {"get": "s-run"},
    DS + "export/<str:kind>/": {"get": "s-run"},
    DS + "league/": {"get": "s-run", "post": "s-run"},
    DS + "league/days/<int:number>/": {"get": "s-run", "post": "s-run"},
    DS + "league/divisions/<int:division_id>/": {"get": "s-run", "post": "s-run"},
    DS + "squads/<int:team_id>/": {"get": "s-run", "post": ("s-run", {"action": "add"})},
    "desk/clubs/": {"get": "user", "post": "user"},
    "desk/clubs/<int:club_id>/": {"get": "c-view", "post": ("c-manage", {"action": "invite"})},
    "desk/invitations/<str:token>/": {"get": "any", "post": "any"},
    "desk/cups/": {"get": "user", "post": "user"},
    "desk/players/": {"get": "user"},
    "desk/people/search/": {"get": "user"},  # finds among the user's own people only
    # the two players come in the query or the form (none here: a 404 to all); another's
    # players are a 404 there too (tests/desk/test_registry.py)
    "desk/players/merge/": {"get": "any", "post": "any"},
    "desk/players/<int:player_id>/": {"get": "r-run", "post": "r-run"},
    "desk/players/<int:player_id>/export/": {"get": "r-run"},
    "desk/players/<int:player_id>/statistics/<str:kind>/": {"get": "r-run"},
    "desk/cups/import/": {"post": "user"},
    DC: {"get": "s-run", "post": "s-run"},
    DC + "matches/<int:match_id>/": {"get": "s-run", "post": "s-run"},
    DC + "print/": {"get": "s-run"},
    DC + "archive/": {"get": "s-run"},
    D: {"get": "view", "post": "run"},
    D + "setup/": {"get": "view", "post": "run"},
    D + "entries/": {"get": "view", "post": "run"},
    D + "entries/upload/": {"post": "run"},
    D + "entries/check-in-all/": {"post": "score"},
    D + "entries/<int:entry_id>/": {"post": "score"},
    D + "entries/<int:entry_id>/category/": {"post": "run"},
    D + "results/final/": {"post": "run"},
    D + "signups/": {"get": "view", "post": ("run", {"action": "add"})},
    D + "signups/<int:signup_id>/": {"post": ("run", {"action": "to_waiting"})},
    D + "money/": {"get": "view", "post": "run"},
    D + "money/<int:entry_id>/": {"post": "run"},
    D + "money/check-in/": {"post": "run"},
    D + "money/account/": {"get": "view", "post": "run"},
    D + "money/statement/": {"get": "view", "post": "run"},
    D + "money/prizes.csv": {"get": "view"},
    D + "teams/": {"get": "view", "post": "run"},
    D + "teams/upload/": {"get": "view", "post": "run"},
    D + "series/<int:number>/": {"get": "view"},
    D + "series/<int:number>/board/": {"get": "view"},
    D + "series/<int:number>/seat/": {"get": "view", "post": "run"},
    D + "series/<int:number>/call-time/": {"get": "view", "post": "run"},
    D + "series/<int:number>/close/": {"get": "view", "post": "run"},
    D + "series/<int:number>/links/": {"get": "view"},
    D + "print/": {"post": ("run", {"kind": "score_sheets", "series": "99"})},
    D + "tables/<int:table_id>/": {"get": "view"},
    D + "tables/<int:table_id>/penalty/": {"get": "view", "post": "score"},
    D + "results/": {"get": "view", "post": "run"},
    D + "export/<str:kind>/": {"get": "view"},
    D + "statistics/<str:kind>/": {"get": "view"},
    D + "organisers/": {"get": "view", "post": "run"},
    # the API
    "api/v1/tournaments/": {"get": "open", "post": "user"},
    T: {"get": "read", "patch": "run"},
    T + "entries/": {"get": "view", "post": "run"},
    T + "entries/<id:entry_id>/": {"patch": ("score", {"checked_in": True})},
    "api/v1/jobs/<id:job_id>/": {"get": "p-view"},
    T + "seatings/": {"post": "run"},
    "api/v1/score-preview/": {"post": "open"},
    T + "series/<id:number>/tables/": {"get": "read"},
    T + "series/<id:number>/seating/": {"post": "run"},
    T + "series/<id:number>/call-time/": {"post": "run"},
    T + "series/<id:number>/close/": {"post": "run"},
    "api/v1/tables/<id:table_id>/": {"get": "score"},  # the captain's and scorers' state
    "api/v1/tables/<id:table_id>/sheet/": {"get": "read"},
    "api/v1/tables/<id:table_id>/deals/": {"post": "score"},
    "api/v1/tables/<id:table_id>/deals/preview/": {"post": "score"},
    "api/v1/tables/<id:table_id>/deals/<id:number>/": {"put": "score", "delete": "score"},
    "api/v1/tables/<id:table_id>/deals/<id:number>/confirmation/": {"post": "score"},
    "api/v1/tables/<id:table_id>/captain-token/": {"post": "run"},
    "api/v1/tournaments/import/": {"post": "user"},
    T + "archive/": {"get": "view"},
    T + "standings/": {"get": "read"},
    T + "players/<id:entry_id>/": {"get": "read"},
    T + "series/": {"get": "read"},
    "api/v1/seasons/": {"get": "open", "post": "user"},
    "api/v1/seasons/import/": {"post": "user"},
    S: {"get": "s-read", "patch": "s-run"},
    S + "archive/": {"get": "s-run"},
    S + "ranking/": {"get": "s-read"},
    S + "players/<id:player_id>/": {"get": "s-read"},
    S + "evenings/": {"post": "s-run"},
    S + "evenings/<id:tournament_id>/": {"delete": "s-run"},
    S + "final/": {"post": "s-run"},
    S + "next-evening/": {"post": "s-run"},
    T + "teams/": {"get": "read", "post": "run"},
    T + "teams/<id:team_id>/": {"get": "read", "patch": "run", "delete": "run"},
    T + "side-rankings/": {"get": "read"},
    T + "side-rankings/rules/": {"patch": "run"},
    S + "league/": {"get": "s-read", "post": "s-run"},
    S + "league/tables/": {"get": "s-read"},
    S + "league/divisions/<id:division_id>/": {"patch": "s-run"},
    S + "league/teams/<id:team_id>/squad/": {"get": "s-read", "post": "s-run"},
    S + "league/teams/<id:team_id>/squad/<id:player_id>/": {"patch": "s-run", "delete": "s-run"},
    S + "league/days/": {"get": "s-read", "post": "s-run"},
    S + "league/days/<id:number>/": {"get": "s-read"},
    S + "league/days/<id:number>/teams/<id:team_id>/": {"patch": "s-run"},
    S + "league/days/<id:number>/final/": {"put": "s-run"},
    T + "announcement/": {"get": "open", "patch": "run"},  # published: public by its flag
    T + "signups/": {"get": "view", "post": "run"},
    T + "signups/<id:signup_id>/actions/": {"post": "run"},
    T + "fees/": {"get": "view"},
    T + "entries/<id:entry_id>/fee/": {"put": "run"},
    T + "prizes/": {"get": "view", "put": "run"},
    "api/v1/cups/": {"get": "open", "post": "user"},
    "api/v1/cups/import/": {"post": "user"},
    C: {"get": "s-read"},
    C + "archive/": {"get": "s-run"},
    C + "rounds/": {"post": "s-run"},
    C + "pairings/": {"post": "s-run"},
    C + "groups/<id:group_id>/placing/": {"put": "s-run"},
    C + "matches/<id:match_id>/": {"patch": "s-run"},
    C + "teams/<id:team_id>/squad/": {"get": "s-read", "post": "s-run"},
    C + "teams/<id:team_id>/squad/<id:player_id>/": {"patch": "s-run", "delete": "s-run"},
    T + "documents/": {"post": "run"},
    S + "documents/": {"post": "s-run"},
    "api/v1/jobs/<id:job_id>/files/<str:name>": {"get": "p-view"},
    "api/v1/associations/": {"get": "open"},
    "api/v1/clubs/": {"get": "open", "post": "user"},
    "api/v1/clubs/<id:club_id>/": {"get": "open"},
    "api/v1/clubs/<id:club_id>/roles/": {"get": "c-view", "post": "c-manage"},
    "api/v1/clubs/<id:club_id>/roles/<id:user_id>/": {"delete": "c-manage"},
    "api/v1/clubs/<id:club_id>/invitations/": {"get": "c-manage", "post": "c-manage"},
    "api/v1/clubs/<id:club_id>/invitations/<id:invitation_id>/": {"delete": "c-manage"},
    "api/v1/invitations/accept/": {"post": "user"},
    "api/v1/calendar/": {"get": "open"},
    "api/v1/results/": {"get": "open"},
    T + "ranking-export/": {"get": "view"},
    T + "category-rankings/": {"get": "read"},
    T + "entries/<id:entry_id>/category/": {"put": "run"},
    T + "results/": {"get": "read"},
    T + "results/final/": {"post": "run"},
    T + "results/reopen/": {"post": "run"},
    T + "protests/": {"get": "view", "post": "run"},
    T + "protests/<id:protest_id>/": {"patch": "run"},
    "api/v1/players/": {"get": "user"},
    "api/v1/players/duplicates/": {"get": "user"},
    "api/v1/players/<id:player_id>/": {"get": "r-run", "patch": "r-run"},
    "api/v1/players/<id:player_id>/consent/": {"put": "r-run"},
    "api/v1/players/<id:player_id>/merge/": {"post": "r-run"},
    "api/v1/players/<id:player_id>/export/": {"get": "r-run"},
    "api/v1/players/<id:player_id>/erase/": {"post": "r-run"},
    "api/v1/players/<id:player_id>/profile/": {"get": "any"},
    # the statistics: public figures only, the same to everyone (a player without a public
    # profile, a draft: a 404 to all)
    "api/v1/players/<id:player_id>/statistics/": {"get": "any"},
    "api/v1/players/<id:player_id>/partners/": {"get": "any"},
    "api/v1/players/<id:player_id>/rating/": {"get": "any"},
    "api/v1/ratings/": {"get": "open"},  # the consenting players' ratings only
    "api/v1/players/<id:player_id>/head-to-head/<id:other_id>/": {"get": "any"},
    T + "statistics/": {"get": "any"},
    "api/v1/players/<id:player_id>/memberships/<id:association_id>/": {
        "put": ("r-run", {"member_number": "L-1"}),
        "delete": "r-run",
    },
    "api/schema/": {"get": "open"},
    "api/schema/docs/": {"get": "open"},
    "api/schema/redoc/": {"get": "open"},
    "api/": {"get": "any"},
}


def routes(patterns=None, prefix: str = ""):
    """Every route of the project below the admin: (its pattern as text, its view)."""
    for pattern in get_resolver().url_patterns if patterns is None else patterns:
        route = prefix + str(pattern.pattern)
        if route.startswith("admin/"):
            continue
        if isinstance(pattern, URLResolver):
            yield from routes(pattern.url_patterns, route)
        elif isinstance(pattern, URLPattern):
            yield route, pattern.callback


def test_every_route_has_a_row():
    found = {route for route, _view in routes()}
    assert sorted(found - ROUTES.keys()) == [], "routes without a row in the matrix"
    assert sorted(ROUTES.keys() - found) == [], "rows of routes that are gone"


def test_every_method_of_a_view_has_its_need():
    """A method added to a view (a write beside a read) needs its row too."""
    missing = []
    for route, view in routes():
        view_class = getattr(view, "cls", None) or getattr(view, "view_class", None)
        if view_class is None:
            continue  # a function view: its row names what it answers
        methods = {name for name in (*READS, *WRITES) if hasattr(view_class, name)}
        if methods != set(ROUTES[route]):
            missing.append((route, sorted(methods), sorted(ROUTES[route])))
    assert missing == []


@dataclass
class World:
    tournament: object
    entry: object
    table: object
    team: object
    signup: object
    job: object
    season: object
    league: object
    lineup_team: object
    cup: object
    group: object
    match: object
    scorer: object
    invitation: object
    protest: object
    _ids: dict = field(default_factory=dict)

    def kwargs(self, route: str) -> dict:
        league = "league" in route or "squads" in route  # a squad: of the league's team
        season = self.league if league else self.season
        ids = self.ids()
        cup_team = ids["cup_team"]  # a team of the cup, with its squad
        values = {
            "tournament_id": self.tournament.pk,
            "entry_id": self.entry.pk,
            "table_id": self.table.pk,
            "number": 1,
            "signup_id": self.signup.pk,
            "season_id": season.pk,
            "player_id": ids["squad_player", league]
            if "/squad/" in route
            else self.entry.player_id,
            "other_id": ids["other_id"],
            "team_id": self.lineup_team.pk
            if league
            else (cup_team.pk if route.startswith(C) else self.team.pk),
            "division_id": self.lineup_team.group_id,
            "cup_id": self.cup.pk,
            "group_id": self.group.pk,
            "match_id": self.match.pk,
            "job_id": self.job.pk,
            "kind": "csv",
            "name": "standings.pdf",
            "token": "not-a-token",
            "club_id": self.tournament.club_id,
            "association_id": ids["association_id"],
            "user_id": self.scorer.pk,
            "invitation_id": self.invitation.pk,
            "protest_id": self.protest.pk,
        }
        return {name: value for name, value in values.items() if f":{name}>" in route}

    def ids(self) -> dict:
        """The ids a route names besides the world's own, read once: the same for every route
        and both phases (making things public changes no id, and every request is rolled
        back)."""
        if not self._ids:
            cup_team = self.cup.teams.order_by("pk").first()
            self._ids["cup_team"] = cup_team
            for league, squad_team in ((True, self.lineup_team), (False, cup_team)):
                first = squad_team.players.order_by("position").first()
                self._ids["squad_player", league] = first.player_id
            self._ids["other_id"] = (
                self.tournament.entries.exclude(pk=self.entry.pk)
                .values_list("player_id", flat=True)
                .first()
            )
            self._ids["association_id"] = Association.objects.get(name="Landesverband").pk
        return self._ids

    def make_public(self, public: bool) -> None:
        status = TournamentStatus.OPEN if public else TournamentStatus.DRAFT
        type(self.tournament).objects.filter(pk=self.tournament.pk).update(status=status)
        seasons = [self.season.pk, self.league.pk, self.cup.season_id]
        Season.objects.filter(pk__in=seasons).update(is_public=public)
        cache.clear()


def build_world() -> tuple[World, dict[str, object]]:
    """Club A (of an association) with its people, club B's organiser, and club A's things: a
    ranking tournament played a deal with a team, a sign-up and a job, a season it is an
    evening of, a league and a cup (private until ``make_public``)."""
    users = get_user_model().objects
    association = Association.objects.create(name="Landesverband")
    club_a = Club.objects.create(name="Club A", association=association)
    club_b = Club.objects.create(name="Club B", association=association)
    actors: dict[str, object] = {"anonymous": None}
    for name, club, role in (
        ("a_admin", club_a, ClubRoleKind.ADMIN),
        ("a_organiser", club_a, ClubRoleKind.ORGANISER),
        ("a_scorer", club_a, ClubRoleKind.SCORER),
        ("b_organiser", club_b, ClubRoleKind.ORGANISER),
    ):
        actors[name] = users.create_user(name)
        ClubRole.objects.create(club=club, user=actors[name], role=role)
    actors["association_admin"] = users.create_user("association_admin")
    association.admins.add(actors["association_admin"])
    actors["superuser"] = users.create_superuser("root")

    tournament, entries = tournament_with_players(4, club=club_a, ranking_tournament=True)
    tournament.organisers.clear()  # its club's people run it, nobody by name
    (table,) = seat_series(tournament.series.get(number=1), [entries], by=ORGA)
    play(table, lambda upcoming: normal([1, 2], re_points=131))
    team = create_team(tournament, by=ORGA, name="Asse", roster=Roster(members=(entries[0].pk,)))
    set_announcement(tournament, by=ORGA, published=True)
    signup = add_signup(tournament, Applicant(name="Anna", email="anna@example.org"), by=ORGA)
    job = Job.objects.create(
        tournament=tournament,
        kind=JobKind.DOCUMENTS,
        status=JobStatus.DONE,
        result={"files": [{"name": "standings.pdf", "pages": 1}]},
    )
    default_storage.save(document_path(tournament.pk, "standings.pdf"), ContentFile(b"%PDF"))
    invitation, _token = invite(
        club_a, email="neu@example.org", role="scorer", by=ORGA, link=lambda token: token
    )
    season = create_season(by=ORGA, name="Saison", club=club_a, is_public=False)
    add_evening(season, tournament, by=ORGA)
    league, _tables = league_of_eight(public=False)
    league.organisers.clear()
    Season.objects.filter(pk=league.pk).update(club=club_a)
    league.refresh_from_db()
    lineup_team = league.competition.teams.first()
    day_one = Fixture.objects.get(competition__season=league, number=1).evening.tournament
    add_to_squad(lineup_team, by=ORGA, player=day_one.entries.get(start_number=1).player)
    cup = make_cup(club=club_a, is_public=False)
    cup.season.organisers.clear()
    (match, *_others) = start_group_round(cup, by=ORGA, number=1, date=datetime.date(2026, 12, 5))
    world = World(
        tournament=tournament,
        entry=entries[1],
        table=table,
        team=team,
        signup=signup,
        job=job,
        season=season,
        league=league,
        lineup_team=lineup_team,
        cup=cup,
        group=cup.groups.first(),
        match=match,
        scorer=actors["a_scorer"],
        invitation=invitation,
        protest=lodge_protest(tournament, by=ORGA, text="Karte zurückgenommen", series=1),
    )
    return world, actors


def expected(need: str, actor: str, *, public: bool, desk: bool) -> str:
    """``allowed`` or the denial: ``login`` (the desk's sign-in), ``401``, ``403``, ``404``."""
    if need == "any":
        return "allowed|login|401|403|404"
    if need == "open":
        return "allowed"
    if need == "page":  # the spectators' pages: a draft is a 404 to everyone, insiders too
        return "allowed" if public else "404"
    if actor == "anonymous" and desk:
        return "login"
    if need == "user":
        return "401" if actor == "anonymous" else "allowed"
    kind, _, can = need.rpartition("-")
    rights = ACTORS[actor][{"s": "season", "c": "club"}.get(kind, "tournament")]
    public = public and kind not in ("p", "r")  # p-, r-: never public (a job, a person)
    public = public or kind == "c"  # c-: a club (its name and page are public)
    if can == "read":
        can = "view" if not public else ""
    if not can or can in rights:
        return "allowed"
    if actor == "anonymous":
        return "401" if public else "401|404"
    if kind == "r":  # the registry tells nobody who else plays
        return "404"
    return "403" if public or "view" in rights else "404"


def outcome(response) -> str:
    if response.status_code == 302 and "/desk/login/" in response.get("Location", ""):
        return "login"
    if response.status_code in (401, 403, 404):
        return str(response.status_code)
    return "allowed"


def test_the_matrix(media_root):
    world, actors = build_world()
    failures = []
    for public in (False, True):
        world.make_public(public)  # clears the cache: sessions too, sign in after it
        # made public, only what is short of the right changes: who runs everything (club A's
        # admin and organiser, a superuser) is asked once, on the private things
        asked = actors if not public else {n: u for n, u in actors.items() if n in PUBLIC_PHASE}
        clients = {name: signed_in(user) for name, user in asked.items()}
        for route, needs in ROUTES.items():
            path = "/" + fill(route, world.kwargs(route))
            for method, row in needs.items():
                need, body = row if isinstance(row, tuple) else (row, None)
                for actor, client in clients.items():
                    want = expected(need, actor, public=public, desk=route.startswith("desk/"))
                    if route == "desk/logout/":  # signs the client out: a client of its own
                        client = signed_in(actors[actor])
                    with transaction.atomic():
                        response = request(client, method, path, body)
                        transaction.set_rollback(True)
                    close(response)
                    got = outcome(response)
                    if response.status_code >= 500 or got not in want.split("|"):
                        failures.append(
                            f"{'public' if public else 'private'} {method.upper()} {path} "
                            f"as {actor}: {response.status_code} ({got}), want {want}"
                        )
    assert failures == [], "\n".join(failures)


def request(client: Client, method: str, path: str, body: dict | None):
    """The desk's forms post form data, the API takes JSON (an empty object without a body)."""
    if path.startswith("/desk/") and body is not None:
        return getattr(client, method)(path, body)
    return getattr(client, method)(path, body or {}, content_type="application/json")


def close(response) -> None:
    """Close a file's answer (it holds the file open) as the test client does: without
    closing the test's database connection (``request_finished``)."""
    request_finished.disconnect(close_old_connections)
    try:
        response.close()
    finally:
        request_finished.connect(close_old_connections)


def signed_in(user) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def fill(route: str, kwargs: dict) -> str:
    path = route.removeprefix("^")
    for name, value in kwargs.items():
        for converter in ("int", "id", "str", "slug"):
            path = path.replace(f"<{converter}:{name}>", str(value))
    return path
