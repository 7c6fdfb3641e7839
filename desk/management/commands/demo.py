"""``manage.py demo``: a realistic Doppelkopf tournament to look at, seeded and reproducible.

"Karlchen-Demo" (today, DDV rules, 22 players in 3 clubs: two five-tables and three four-tables
per series). Series 1 and 2 are played to the end and closed, series 3 is under way. It is the
third evening of the season "Vereinsmeisterschaft (Demo)", whose two earlier club evenings (a
week apart, one series each, the same players) are played and finished. Every deal
goes through the domain (``record_deal``, ``correct_deal``, ``add_adjustment``…), exactly as a
captain's or organiser's would; the deals themselves come from ``scoring.demo``.

Also creates the superuser ``orga`` (password ``--password``, default ``karlchen``): for the demo
only, so with a real ``SECRET_KEY`` (production) the default password is refused.
"""

from __future__ import annotations

import datetime
import io
import random
import time
from dataclasses import replace
from typing import Any

import segno
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import transaction
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from clubs.domain.clubs import create_club, set_role
from clubs.enums import ClubRoleKind
from clubs.models import Club, ClubRole
from karlchen.actors import Actor
from results.domain.standings import standings
from scoring import demo
from scoring.domain.adjustments import add_adjustment, minor_breach_lines
from scoring.domain.deals import correct_deal, record_deal
from scoring.domain.removal import delete_tournaments
from scoring.domain.series import close_series
from scoring.enums import AdjustmentKind
from scoring.models import Deal
from seasons.domain.seasons import add_evening, create_season
from seasons.models import Season
from seating.domain.seating import seat_series
from seating.models import Table
from tournaments.domain.entries import add_entry, enter_players, set_checked_in
from tournaments.domain.tournaments import create_tournament, update_tournament
from tournaments.enums import Game, TournamentStatus
from tournaments.models import Entry, Series, Tournament

DEMO_NAME = "Karlchen-Demo"
SEASON_NAME = "Vereinsmeisterschaft (Demo)"
EARLIER_EVENINGS = 2  # club evenings of the season before the demo tournament, a week apart
DEFAULT_SEED = 2026
DEFAULT_PASSWORD = "karlchen"  # public on purpose: the demo's organiser login
ORGANISER = "orga"
CLUBS = ("Doko-Freunde Kassel", "Kreuz-Dame Bielefeld", "Fuchsjagd Münster")
# The club whose home the demo is: its tournament and season belong to it, orga is its admin.
HOME_CLUB = "Karlchen-Club (Demo)"
PLAYERS = (
    *("Anna Becker", "Bernd Schulze", "Claudia Wagner", "Dieter Hoffmann", "Elke Schäfer"),
    *("Frank Koch", "Gabi Richter", "Heinz Klein", "Ingrid Wolf", "Jürgen Schröder"),
    *("Karin Neumann", "Lothar Schwarz", "Monika Zimmermann", "Norbert Braun", "Petra Krüger"),
    *("Rainer Hofmann", "Sabine Hartmann", "Thomas Lange", "Ulrike Schmitt", "Volker Werner"),
    *("Waltraud Krause", "Klaus Meier"),
)
TABLE_SIZES = (5, 5, 4, 4, 4)  # 22 players
# Per series: how many players leave their Pflichtsolo to the end at each table (Vorführungen).
LAZY = {1: (1, 0, 0, 1, 0), 2: (0, 2, 1, 0, 0), 3: (0, 0, 0, 0, 0)}


class Command(BaseCommand):
    HELP = gettext_lazy(
        "Create the demo tournament “Karlchen-Demo” (two series played and closed, the third "
        "under way) and the organiser login “orga” for the demo."
    )

    def create_parser(self, prog_name: str, subcommand: str, **kwargs: Any) -> CommandParser:
        # argparse wraps the description as text: it needs the words, not a lazy translation
        self.help = str(self.HELP)
        return super().create_parser(prog_name, subcommand, **kwargs)

    def add_arguments(self, parser):
        parser.add_argument(
            "--seed",
            type=int,
            default=DEFAULT_SEED,
            help=gettext_lazy("Random seed: the same seed gives the same demo (default 2026)."),
        )
        parser.add_argument(
            "--reset",
            action="store_true",
            help=gettext_lazy("Delete an earlier demo tournament first."),
        )
        parser.add_argument(
            "--base-url",
            default="",
            help=gettext_lazy(
                "The address phones open Karlchen at, e.g. http://192.168.1.20:8000 (bin/demo "
                "with HOST=0.0.0.0 gives it): the links are printed in full, the captain links "
                "with their QR codes."
            ),
        )
        parser.add_argument(
            "--password",
            default=None,
            help=gettext_lazy("Password of the organiser login “orga” (default: karlchen)."),
        )

    def handle(
        self,
        *args,
        seed: int,
        reset: bool,
        password: str | None,
        base_url: str = "",
        **options,
    ):
        if password is None and settings.SECRET_KEY != settings.DEVELOPMENT_SECRET_KEY:
            raise CommandError(
                _(
                    "With a real SECRET_KEY (production) the demo needs --password: "
                    "its default password is public."
                )
            )
        if base_url and not base_url.startswith(("http://", "https://")):
            raise CommandError(
                _("--base-url: an address like http://192.168.1.20:8000, not “%(url)s”.")
                % {"url": base_url}
            )
        seasons = Season.objects.filter(name=SEASON_NAME)
        existing = Tournament.objects.filter(name=DEMO_NAME) | Tournament.objects.filter(
            season_evenings__season__in=seasons
        )
        if existing.exists() and not reset:
            self.stdout.write(
                _("The demo tournament “%(name)s” exists already; --reset builds it anew.")
                % {"name": DEMO_NAME}
            )
            return
        started = time.perf_counter()
        with transaction.atomic():
            if reset:
                delete_tournaments(existing.distinct())
                seasons.delete()
            organiser = demo_organiser(password or DEFAULT_PASSWORD)
            club = demo_club(organiser)
            tournament = build_demo(seed, organiser, club)
            season = build_demo_season(seed, organiser, tournament)
        self.base_url = base_url.rstrip("/")
        self.summary(
            tournament, season, time.perf_counter() - started, password_given=password is not None
        )

    def link(self, path: str) -> str:
        """The path as a phone opens it: in full where the demo was given its address."""
        return self.base_url + path

    def qr_code(self, url: str) -> None:
        """The link as a QR code in the terminal (two rows of modules a line), for a phone's
        camera."""
        drawn = io.StringIO()
        segno.make(url, error="l").terminal(out=drawn, compact=True, border=2)
        self.stdout.write(drawn.getvalue(), ending="")

    def summary(
        self, tournament: Tournament, season: Season, seconds: float, *, password_given: bool
    ) -> None:
        write = self.stdout.write
        deals = Deal.objects.filter(table__series__tournament=tournament)
        tables = Table.objects.filter(series__tournament=tournament)
        write(
            _(
                "%(name)s on %(date)s: %(players)s players, %(series)s series, %(tables)s tables, "
                "%(deals)s deals (%(corrected)s corrected) in %(seconds).1f s."
            )
            % {
                "name": tournament.name,
                "date": tournament.date,
                "players": tournament.entries.count(),
                "series": tournament.series.count(),
                "tables": tables.count(),
                "deals": deals.count(),
                "corrected": deals.filter(version__gte=2).count(),
                "seconds": seconds,
            }
        )
        for series in tournament.series.order_by("number"):
            played = _("%(count)s deals") % {"count": deals.filter(table__series=series).count()}
            write(f"  {series}: {series.get_status_display()}, {played}")
        write(_("Standings, top 5:"))
        for row in standings(tournament)[:5]:
            write(f"  {row.rank:>2}. {row.name} ({row.club}): {row.total:+d}")
        running = tournament.series.get(number=len(LAZY))
        if self.base_url:
            write(_("Start page: %(path)s") % {"path": self.link(reverse("home"))})
        spectators = self.link(reverse("spectator", args=[tournament.pk]))
        write(_("Live ranking for spectators: %(path)s") % {"path": spectators})
        write(
            _("The season “%(name)s” (%(evenings)s evenings): %(path)s")
            % {
                "name": season.name,
                "evenings": season.evenings.count(),
                "path": self.link(reverse("season-page", args=[season.pk])),
            }
        )
        write(_("Captain links of series %(number)s:") % {"number": running.number})
        for table in running.tables.order_by("number"):
            link = self.link(table.captain_path())
            write(f"  {table}: {link}")
            if self.base_url:
                self.qr_code(link)
        password = (
            _("the one given with --password")
            if password_given
            else _("“%(password)s”") % {"password": DEFAULT_PASSWORD}
        )
        write(
            _(
                "Organiser's desk at /desk/ (and the admin at /admin/): user “%(user)s”, "
                "password %(password)s. For the demo only: never use it in production."
            )
            % {"user": ORGANISER, "password": password}
        )


def demo_organiser(password: str):
    """The demo's superuser ``orga`` (created, or given the password again)."""
    user, _created = get_user_model().objects.get_or_create(username=ORGANISER)
    user.is_staff = user.is_superuser = True
    user.set_password(password)
    user.save()
    return user


def demo_club(organiser) -> Club:
    """The demo's home club, with ``orga`` as its admin (docs/CLUBS.md): set up as a club is
    (``create_club``, logged), or found again when the demo is built once more."""
    by = Actor.of_user(organiser)
    club = Club.objects.filter(name=HOME_CLUB).first()
    if club is None:
        return create_club(by=by, name=HOME_CLUB, short_name="Demo", admin=organiser)
    if not ClubRole.objects.filter(club=club, user=organiser, role=ClubRoleKind.ADMIN).exists():
        set_role(club, organiser, ClubRoleKind.ADMIN, by=by)
    return club


def build_demo(seed: int, organiser, club: Club | None = None) -> Tournament:
    """The whole demo tournament, built through the domain functions."""
    by = Actor.of_user(organiser)
    tournament = create_tournament(
        by=by,
        club=club,
        name=DEMO_NAME,
        date=timezone.localdate(),
        venue="Bürgerhaus Karlstadt",
        game=Game.DOPPELKOPF,
        rules={"preset": "ddv"},
        series_count=len(LAZY),
        status=TournamentStatus.RUNNING,
    )
    entries = []
    for number, name in enumerate(PLAYERS, start=1):
        entry = add_entry(
            tournament,
            name=name,
            club=CLUBS[number % len(CLUBS)],
            member_number=f"DEMO-{number:03d}",
            by=by,
        )
        entries.append(set_checked_in(entry, by=by))
    for series in tournament.series.order_by("number"):
        _play_series(seed, tournament, series, entries, by)
    return tournament


def build_demo_season(seed: int, organiser, tournament: Tournament) -> Season:
    """The demo tournament as the third evening of a club's season: two earlier evenings of the
    same players, a week apart, one series each, played and finished."""
    by = Actor.of_user(organiser)
    season = create_season(
        by=by,
        club=tournament.club,
        name=SEASON_NAME,
        game=Game.DOPPELKOPF,
        ranking_rule={"preset": "total"},
        rules={"preset": "ddv"},
        series_count=1,
    )
    players = [entry.player for entry in tournament.entries.order_by("start_number")]
    for back in range(EARLIER_EVENINGS, 0, -1):
        date = tournament.date - datetime.timedelta(weeks=back)
        evening = create_tournament(
            by=by,
            name=_("Club evening of %(date)s") % {"date": date.strftime("%d.%m.%Y")},
            date=date,
            venue=tournament.venue,
            game=Game.DOPPELKOPF,
            rules={"preset": "ddv"},
            series_count=1,
            status=TournamentStatus.RUNNING,
            club=tournament.club,
        )
        entries = [set_checked_in(entry, by=by) for entry in enter_players(evening, players, by=by)]
        _play_series(seed + back, evening, evening.series.get(number=1), entries, by)
        update_tournament(evening, by=by, status=TournamentStatus.FINISHED)
        add_evening(season, evening, by=by)
    add_evening(season, tournament, by=by)
    return season


def _play_series(seed, tournament: Tournament, series: Series, entries: list[Entry], by: Actor):
    rng = random.Random(f"{seed}:seating:{series.number}")
    order = entries[:]
    rng.shuffle(order)
    plan, start = [], 0
    for size in TABLE_SIZES:
        plan.append(order[start : start + size])
        start += size
    tables = seat_series(series, plan, by=by)
    running = series.number == len(LAZY)
    played = {}
    for table, lazy in zip(tables, LAZY[series.number], strict=True):
        table_rng = random.Random(f"{seed}:deals:{series.number}:{table.number}")
        table_settings = tournament.series_settings(len(plan[table.number - 1]))
        count = table_rng.randint(6, table_settings.planned_total - 4) if running else None
        table_plan = demo.plan_table(table_rng, table_settings, lazy=lazy)
        played[table] = demo.generate_series(
            table_rng, table_settings, plan=table_plan, deals=count, rules=tournament.rules
        )
    _record(played)
    rng = random.Random(f"{seed}:corrections:{series.number}")
    if series.number == 1:  # one deal corrected twice, another once
        twice = _correct(rng, played, by, _("Card points miscounted"))
        _correct(rng, played, by, _("Card points checked again"), deal=twice)
        _correct(rng, played, by, _("Card points miscounted"))
    elif series.number == 2:
        _correct(rng, played, by, _("Wrong card points entered"))
        _penalty(rng, series, tables, by)
    else:
        _correct(rng, {tables[0]: played[tables[0]]}, _captain(tables[0]), _("Typing error"))
    if not running:
        close_series(series, by=by)


def _record(played: dict) -> None:
    """Record the deals as the tables play them: deal 1 everywhere, then deal 2, …"""
    longest = max(len(deals) for deals in played.values())
    for index in range(longest):
        for table, deals in played.items():
            if index >= len(deals):
                continue
            generated = deals[index]
            captain = _captain(table)
            revision = record_deal(
                table,
                deal=generated.deal,
                by=captain,
                number=generated.upcoming.number,
                idempotency_key=f"demo-{table.pk}-{generated.upcoming.number}",
            )
            if revision.deal.kind != generated.kind:  # the generator and the domain disagree
                raise CommandError(
                    f"table {table.pk} deal {revision.deal.number}: "
                    f"{revision.deal.kind} != {generated.kind}"
                )


def _captain(table: Table) -> Actor:
    return Actor.captain(_("Captain of table %(number)s") % {"number": table.number})


def _correct(rng, played: dict, by: Actor, reason: str, *, deal=None):
    """Correct one random deal (or ``deal``: (table, index)); returns which one it was."""
    if deal is None:
        table = rng.choice(list(played))
        deal = (table, rng.randrange(len(played[table])))
    table, index = deal
    generated = played[table][index]
    number = generated.upcoming.number
    stored = Deal.objects.get(table=table, number=number)
    new = demo.corrected(rng, generated.deal)
    correct_deal(table, number, deal=new, version=stored.version, reason=reason, by=by)
    played[table][index] = replace(generated, deal=new, score=None)
    return deal


def _penalty(rng, series: Series, tables: list[Table], by: Actor) -> None:
    """TSR 9 minor breach at a four-table: the offender −3, the three others +1."""
    table = next(table for table in tables if table.seats.count() == 4)
    offender = rng.choice([seat.entry for seat in table.seats.select_related("entry")])
    add_adjustment(
        series,
        kind=AdjustmentKind.MINOR,
        lines=minor_breach_lines(table, offender),
        reason=_("Played out of turn (TSR 9, minor breach)"),
        by=by,
        table=table,
    )
