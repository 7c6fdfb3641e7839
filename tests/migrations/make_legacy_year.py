"""Makes ``legacy_year.json``: a club's year built by this commit's code, kept as rows.

Run once, by hand, against an empty PostgreSQL database (no Redis: the cache is in memory and
Celery eager, e-mails go to memory)::

    createdb -h 127.0.0.1 -U postgres karlchen_year
    DATABASE_URL=postgres://postgres:postgres@127.0.0.1:5432/karlchen_year \\
    EMAIL_BACKEND=django.core.mail.backends.locmem.EmailBackend REDIS_URL= \\
    .venv/bin/python manage.py shell -c \\
        "from tests.migrations.make_legacy_year import main; main()"

It migrates the database, builds the year through the domain functions (what organisers,
captains and players do, on a clock of its own: the year's dates, not the day it runs), dumps
every row of the project's tables with their column types, then asks the public and organisers'
API what today's code shows of those rows (``data["expected"]``) and writes the file. The
seeds are fixed: the same commit makes the same rows and answers, but for what is secret or
Django's own (the users' password hashes and ``date_joined``, captain nonces, PINs, sign-up and
invitation tokens).
"""

from __future__ import annotations

import datetime
import json
import random
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

from django.apps import apps
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.core.management import call_command
from django.core.serializers.json import DjangoJSONEncoder
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.test import Client
from django.utils import timezone

from cups.domain.cups import (
    create_cup,
    place_group,
    set_match_final,
    start_group_round,
    start_pairings,
)
from cups.domain.state import cup_now
from cups.models import Cup, CupMatch
from desk.management.commands.demo import build_demo, build_demo_season, demo_club, demo_organiser
from karlchen.actors import Actor
from leagues.domain.leagues import add_match_day, create_league, set_day_final, set_lineup
from leagues.models import LeagueTeam, MatchDayTeam
from registry.domain.memberships import set_membership
from registry.domain.players import change_player, record_consent
from results.domain.archive import export_archive, import_archive
from scoring import demo
from scoring.domain.adjustments import add_adjustment, minor_breach_lines
from scoring.domain.deals import (
    confirm_deal,
    confirming_positions,
    correct_deal,
    record_deal,
    void_deal,
)
from scoring.domain.series import close_series
from scoring.enums import AdjustmentKind
from scoring.models import Deal
from seasons.domain.archive import export_season_archive, import_season_archive
from seasons.domain.final import create_final
from seasons.domain.seasons import add_evening, create_season
from seasons.models import Season
from seating.domain.seating import seat_series
from seating.models import Table
from signups.domain.categories import set_category
from signups.domain.money import set_fee
from signups.domain.settings import set_announcement, set_payout
from signups.domain.signups import Applicant, add_signup, cancel, confirm, sign_up
from signups.models import SignUp
from teams.domain.teams import Roster, create_team, set_side_rankings
from tournaments.domain.clubs import create_club, invite, set_role
from tournaments.domain.entries import (
    add_entry,
    enter_players,
    hide_publicly,
    set_checked_in,
    withdraw_entry,
)
from tournaments.domain.final import decide_protest, lodge_protest, mark_final
from tournaments.domain.rulesets import save_rule_set
from tournaments.domain.tournaments import create_tournament, update_tournament
from tournaments.enums import ClubRoleKind, TournamentStatus
from tournaments.models import Association, Club, Entry, Player, Tournament

OUT = Path(__file__).with_name("legacy_year.json")
SEED = 2026
BERLIN = ZoneInfo("Europe/Berlin")
DEMO_DAY = datetime.date(2026, 11, 27)  # "today" for the demo: its season's third evening
CLUB = "Herz-Buben Lemgo"
ASSOCIATION = "Doppelkopf-Verband Westfalen"
SMALL = {"rules": {"preset": "ddv"}, "normal_deals": 8}  # short series (the demo plays full ones)


# --- the clock ---------------------------------------------------------------------------------


class Clock:
    """``timezone.now`` for the year: set to an evening's hour, a few milliseconds per call."""

    def __init__(self) -> None:
        self.moment = datetime.datetime(2026, 1, 2, 18, tzinfo=BERLIN)

    def at(self, day: datetime.date, hour: int = 19) -> None:
        self.moment = datetime.datetime.combine(day, datetime.time(hour), tzinfo=BERLIN)

    def later(self, **delta: float) -> None:
        self.moment += datetime.timedelta(**delta)

    def now(self) -> datetime.datetime:
        self.moment += datetime.timedelta(milliseconds=7)
        return self.moment.astimezone(datetime.UTC)


CLOCK = Clock()


@contextmanager
def the_years_clock() -> Iterator[None]:
    real = timezone.now
    timezone.now = CLOCK.now  # type: ignore[assignment]
    try:
        yield
    finally:
        timezone.now = real  # type: ignore[assignment]


# --- playing ----------------------------------------------------------------------------------


def captain(table: Table) -> Actor:
    return Actor.captain(f"Kapitän Tisch {table.number}")


@dataclass
class Played:
    """The deals generated for each table of a series, as recorded (for corrections)."""

    tables: list[Table]
    deals: dict[int, list[demo.GeneratedDeal]] = field(default_factory=dict)


def play_series(
    tournament: Tournament,
    number: int,
    plan: Sequence[Sequence[Entry]],
    by: Actor,
    *,
    seed: str,
    deals: int | None = None,
    close: bool = True,
) -> Played:
    """Seat series ``number`` as ``plan`` and record generated deals table by table, deal 1
    everywhere first (``deals``: that many at each table, else the whole series)."""
    series = tournament.series.get(number=number)
    tables = seat_series(series, plan, by=by)
    played = Played(tables)
    for table, seated in zip(tables, plan, strict=True):
        rng = random.Random(f"{SEED}:{seed}:{number}:{table.number}")
        table_rules = tournament.series_settings(len(seated))
        table_plan = demo.plan_table(rng, table_rules)
        played.deals[table.pk] = demo.generate_series(
            rng, table_rules, plan=table_plan, deals=deals, rules=tournament.rules
        )
    longest = max(len(generated) for generated in played.deals.values())
    for index in range(longest):
        for table in tables:
            generated = played.deals[table.pk]
            if index < len(generated):
                record_deal(
                    table,
                    deal=generated[index].deal,
                    by=captain(table),
                    number=generated[index].upcoming.number,
                    idempotency_key=f"year-{table.pk}-{generated[index].upcoming.number}",
                )
                CLOCK.later(minutes=1)
    if close:
        close_series(series, by=by)
    CLOCK.later(minutes=20)
    return played


def correct(played: Played, table_index: int, deal_index: int, by: Actor, reason: str) -> None:
    """Correct one recorded deal (seeded: a corrected copy of what was played)."""
    table = played.tables[table_index]
    generated = played.deals[table.pk][deal_index]
    number = generated.upcoming.number
    stored = Deal.objects.get(table=table, number=number)
    rng = random.Random(f"{SEED}:correct:{table.pk}:{number}:{stored.version}")
    new = demo.corrected(rng, generated.deal)
    correct_deal(table, number, deal=new, version=stored.version, reason=reason, by=by)
    played.deals[table.pk][deal_index] = replace(generated, deal=new, score=None)


def confirm_some(played: Played, every: int) -> None:
    """A player of the other party confirms every ``every``-th deal with their PIN."""
    for table in played.tables:
        seats = {seat.position: seat.entry for seat in table.seats.select_related("entry")}
        for deal in Deal.objects.filter(table=table).select_related("current").order_by("number"):
            if deal.number % every or deal.current.voided:
                continue
            keeper = max(seats)
            position = confirming_positions("doppelkopf", deal.current.input, keeper)[0]
            confirm_deal(
                table,
                deal.number,
                version=deal.version,
                position=position,
                pin=seats[position].pin,
            )


def checked_in(entries: Sequence[Entry], by: Actor) -> list[Entry]:
    return [set_checked_in(entry, by=by) for entry in entries]


def tables_of(entries: Sequence[Entry], sizes: Sequence[int]) -> list[list[Entry]]:
    tables, start = [], 0
    for size in sizes:
        tables.append(list(entries[start : start + size]))
        start += size
    assert start == len(entries), (start, len(entries))
    return tables


def shuffled(entries: Sequence[Entry], seed: str) -> list[Entry]:
    order = list(entries)
    random.Random(f"{SEED}:{seed}").shuffle(order)
    return order


def finish(tournament: Tournament, by: Actor) -> Tournament:
    return update_tournament(tournament, by=by, status=TournamentStatus.FINISHED)


# --- the year ---------------------------------------------------------------------------------


@dataclass
class Year:
    """What the expected reads are about."""

    orga: Any
    tournaments: list[Tournament] = field(default_factory=list)
    seasons: dict[str, Season] = field(default_factory=dict)
    cup: Cup | None = None
    open_tournament: Tournament | None = None
    profile_players: list[Player] = field(default_factory=list)
    clubs: list[Club] = field(default_factory=list)


def user(username: str, *, superuser: bool = False):
    person = get_user_model().objects.create_user(
        username=username, email=f"{username}@example.org", password=f"{username}-karlchen"
    )
    if superuser:
        person.is_staff = person.is_superuser = True
        person.save()
    return person


def build() -> Year:
    CLOCK.at(DEMO_DAY - datetime.timedelta(days=340), 10)
    orga = demo_organiser("karlchen")
    year = Year(orga=orga)
    by = Actor.of_user(orga)
    people = {name: user(name) for name in ("anna", "bert", "carla", "wilma")}

    # The association and its clubs: one set up new, one a typed name taken over later.
    association = Association.objects.create(name=ASSOCIATION, short_name="DVW")
    association.admins.add(people["wilma"])
    wilma = Actor.of_user(people["wilma"])
    club = create_club(
        by=wilma, name=CLUB, short_name="HB Lemgo", association=association, admin=people["anna"]
    )
    anna = Actor.of_user(people["anna"])
    set_role(club, people["bert"], ClubRoleKind.ORGANISER, by=anna)
    set_role(club, people["carla"], ClubRoleKind.SCORER, by=anna)
    set_role(club, orga, ClubRoleKind.ORGANISER, by=anna)
    invite(
        club,
        email="dora@example.org",
        role=ClubRoleKind.SCORER,
        by=anna,
        link=lambda token: f"https://karlchen.example/desk/invitations/{token}/",
    )
    save_rule_set(
        name="Hausregeln Herz-Buben",
        game="doppelkopf",
        rules={"preset": "club_bock"},
        by=anna,
        description="Bockrunden nach jedem verlorenen Solo.",
    )
    year.clubs.append(club)

    year.seasons["club"] = club_season(club, anna, association)
    league_and_archive(year, association, wilma, club)
    year.cup = team_cup(anna, club)
    year.seasons["cup_final"] = individual_cup(anna, club)
    year.open_tournament = open_tournament(year, anna, club)

    # The demo: the home club's third evening (its builder, "today" its date).
    CLOCK.at(DEMO_DAY - datetime.timedelta(weeks=2), 19)
    home = demo_club(orga)
    CLOCK.at(DEMO_DAY, 19)
    demo_tournament = build_demo(SEED, orga, home)
    year.seasons["demo"] = build_demo_season(SEED, orga, demo_tournament)
    year.clubs.append(home)

    # A name typed for players until now becomes a club with people (docs/CLUBS.md).
    CLOCK.at(DEMO_DAY + datetime.timedelta(days=3), 20)
    adopted = create_club(
        by=wilma, name="Kreuz-Dame Bielefeld", association=association, admin=people["bert"]
    )
    year.clubs.append(adopted)
    registry(year, by, association)

    year.tournaments = list(Tournament.objects.order_by("pk"))
    return year


def club_season(club: Club, by: Actor, association: Association) -> Season:
    """Four club evenings of nine players (a five- and a four-table, two series): one player
    withdraws after the first series of evening 2, whose standings are not published; evening 3
    is frozen after its first series; deals corrected and voided, a penalty row."""
    first = datetime.date(2026, 2, 6)
    CLOCK.at(first - datetime.timedelta(days=3), 20)
    season = create_season(
        by=by,
        club=club,
        name="Vereinsmeisterschaft 2026",
        ranking_rule={"preset": "placement", "best": 3},
        series_count=2,
        rules={"preset": "club_bock"},
        normal_deals=8,
    )
    ranking_list = create_season(
        by=Actor.of_user(association.admins.get()),
        association=association,
        name="DVW-Rangliste 2026",
        ranking_rule={"preset": "average", "ranking_only": True},
    )
    names = [
        ("Hannelore Brinkmann", "Herz-Buben Lemgo"),
        ("Friedhelm Tegeler", "Herz-Buben Lemgo"),
        ("Gisela Nolte", "Herz-Buben Lemgo"),
        ("Reinhard Kuhlmann", "Herz-Buben Lemgo"),
        ("Marlies Oetker", "Karo-As Detmold"),
        ("Wolfgang Pieper", "Karo-As Detmold"),
        ("Ute Stratmann", ""),
        ("Detlef Höner", "Herz-Buben Lemgo"),
        ("Birgit Sieker", "Schippen-Sieben Bad Salzuflen"),
    ]
    players: list[Player] = []
    for number in range(4):
        day = first + datetime.timedelta(weeks=number)
        CLOCK.at(day, 19)
        evening = create_tournament(
            by=by,
            club=club,
            name=f"Clubabend {day:%d.%m.%Y}",
            date=day,
            venue="Gasthof Zur Linde, Lemgo",
            series_count=2,
            status=TournamentStatus.RUNNING,
            ranking_tournament=number == 0,
            rules={"preset": "club_bock"},
            normal_deals=8,
        )
        if not players:
            entries = [
                add_entry(evening, by=by, name=name, club=typed, member_number=f"HB-{i:03d}")
                for i, (name, typed) in enumerate(names, start=1)
            ]
            players = [entry.player for entry in entries]
        else:
            entries = enter_players(evening, players, by=by)
        entries = checked_in(entries, by)
        add_evening(season, evening, by=by)
        if number == 0:
            add_evening(ranking_list, evening, by=by, ranking_tournament=True)
        if number == 1:
            update_tournament(evening, by=by, standings_public=False)
        first_series = play_series(
            evening, 1, tables_of(shuffled(entries, f"club:{number}:1"), (5, 4)), by, seed="club"
        )
        if number == 0:  # one deal corrected twice, another voided
            correct(first_series, 0, 3, by, "Augen falsch gezählt")
            correct(first_series, 0, 3, by, "Augen noch einmal nachgezählt")
            table = first_series.tables[1]
            stored = Deal.objects.get(table=table, number=5)
            void_deal(table, 5, version=stored.version, reason="Falsch gegeben", by=by)
        if number == 1:
            withdraw_entry(entries[2], by=by)
            entries = [entry for entry in entries if entry.pk != entries[2].pk]
        if number == 2:
            update_tournament(evening, by=by, standings_frozen=True)
        sizes = (4, 4) if len(entries) == 8 else (5, 4)
        second = play_series(
            evening, 2, tables_of(shuffled(entries, f"club:{number}:2"), sizes), by, seed="club2"
        )
        if number == 3:
            correct(second, 1, 2, by, "Ansage vergessen")
            four_table = next(t for t in second.tables if t.seats.count() == 4)
            offender = four_table.seats.order_by("position").first().entry
            add_adjustment(
                four_table.series,
                kind=AdjustmentKind.MINOR,
                lines=minor_breach_lines(four_table, offender),
                reason="Außer der Reihe ausgespielt (TSR 9)",
                by=by,
                table=four_table,
            )
        if number != 2:
            finish(evening, by)
    return season


LEAGUE_TEAMS = {
    "Verbandsliga": ["Lemgo I", "Detmold I", "Bielefeld I", "Paderborn I"],
    "Bezirksliga": ["Lemgo II", "Herford I"],
}
TEAM_CLUBS = {
    "Lemgo I": CLUB,
    "Lemgo II": CLUB,
    "Detmold I": "Karo-As Detmold",
    "Bielefeld I": "Kreuz-Dame Bielefeld",
    "Paderborn I": "SG Doppelkopf Paderborn",
    "Herford I": "Doko-Runde Herford",
}


def league_and_archive(year: Year, association: Association, wilma: Actor, club: Club) -> None:
    """The association's league: two divisions (four teams and two), teams of three players
    (two play each day); day 1 final, day 2 played and not final. Then the league's archive as
    it came from another installation, its teams with their clubs, imported as last year's."""
    CLOCK.at(datetime.date(2026, 3, 1), 12)
    season = create_season(
        by=wilma,
        association=association,
        name="Westfalenliga 2026",
        series_count=1,
        **SMALL,
    )
    league = create_league(
        season,
        by=wilma,
        divisions=[
            {"name": "Verbandsliga", "rule": {"promoted": 1, "relegated": 1}, "teams": teams}
            if name == "Verbandsliga"
            else {"name": name, "rule": {"points_table": [3, 1]}, "teams": teams}
            for name, teams in LEAGUE_TEAMS.items()
        ],
    )
    teams = {team.name: team for team in LeagueTeam.objects.filter(league=league)}
    # Lemgo I's third player comes as a substitute on day 2.
    squads = {name: [f"{name} – Spieler {n}" for n in "ABC"] for name in TEAM_CLUBS}
    players: dict[str, list[Player]] = {}
    for number in (1, 2):
        day = datetime.date(2026, 3, 7) + datetime.timedelta(weeks=4 * (number - 1))
        CLOCK.at(day, 14)
        tournament = create_tournament(
            by=wilma,
            name=f"Westfalenliga, Spieltag {number}",
            date=day,
            venue="Stadthalle Bielefeld",
            series_count=1,
            status=TournamentStatus.RUNNING,
            **SMALL,
        )
        rosters: dict[str, list[Entry]] = {}
        for name in TEAM_CLUBS:
            if name not in players:
                made = [
                    add_entry(tournament, by=wilma, name=person, club=TEAM_CLUBS[name])
                    for person in squads[name][:2]
                ]
                players[name] = [entry.player for entry in made]
                rosters[name] = made
            else:
                playing = [players[name][0]]
                if name == "Lemgo I":
                    third = add_entry(tournament, by=wilma, name=squads[name][2], club=CLUB)
                    players[name].append(third.player)
                    rosters[name] = [*enter_players(tournament, playing, by=wilma), third]
                else:
                    playing.append(players[name][1])
                    rosters[name] = enter_players(tournament, playing, by=wilma)
        checked_in([entry for entries in rosters.values() for entry in entries], wilma)
        groups = [[teams[name].pk for name in names] for names in LEAGUE_TEAMS.values()]
        match_day = add_match_day(league, tournament, by=wilma, number=number, groups=groups)
        for name, entries in rosters.items():
            substitute = name == "Lemgo I" and number == 2
            roster = (
                Roster(members=(entries[0].pk,), substitutes=(entries[1].pk,), captain=None)
                if substitute
                else Roster(members=tuple(entry.pk for entry in entries), captain=entries[0].pk)
            )
            team = create_team(tournament, by=wilma, name=name, roster=roster)
            lineup = MatchDayTeam.objects.get(match_day=match_day, league_team=teams[name])
            set_lineup(lineup, by=wilma, team=team)
        plan = [
            rosters["Lemgo I"] + rosters["Detmold I"],
            rosters["Bielefeld I"] + rosters["Paderborn I"],
            rosters["Lemgo II"] + rosters["Herford I"],
        ]
        if number == 2:
            plan = [plan[0][:2] + plan[1][2:], plan[1][:2] + plan[0][2:], plan[2]]
        play_series(tournament, 1, plan, wilma, seed=f"league{number}")
        if number == 1:
            set_side_rankings(
                tournament,
                by=wilma,
                team_rule={"method": "sum"},
                club_rule={"method": "best", "best": 2},
                clubs_shown=True,
            )
            finish(tournament, wilma)
            set_day_final(match_day, by=wilma)
    year.seasons["league"] = season

    # Last year's league, from another installation's archive: its teams name their clubs.
    CLOCK.at(datetime.date(2026, 3, 30), 18)
    archive = json.loads(json.dumps(export_season_archive(season), cls=DjangoJSONEncoder))
    archive["season"]["name"] = "Westfalenliga 2025"
    for evening in archive["evenings"]:
        held = datetime.date.fromisoformat(evening["tournament"]["tournament"]["date"])
        evening["tournament"]["tournament"]["date"] = (held.replace(year=2025)).isoformat()
    for division in archive["league"]["divisions"]:
        for team in division["teams"]:
            team["club"] = TEAM_CLUBS[team["name"]]
    year.seasons["league_archive"] = import_season_archive(archive, by=wilma)


CUP_GROUPS = {
    "Nord": ["Asse Lemgo", "Füchse Detmold", "Damen Herford", "Buben Minden"],
    "Süd": ["Karlchen Paderborn", "Pik Bielefeld", "Kreuz Gütersloh", "Zehnen Soest"],
}
CUP_CLUBS = {
    "Asse Lemgo": CLUB,
    "Füchse Detmold": "Karo-As Detmold",
    "Damen Herford": "Doko-Runde Herford",
    "Buben Minden": "",
    "Karlchen Paderborn": "SG Doppelkopf Paderborn",
    "Pik Bielefeld": "Kreuz-Dame Bielefeld",
    "Kreuz Gütersloh": "Kreuz Gütersloh 1987",
    "Zehnen Soest": "",
}


def team_cup(by: Actor, club: Club) -> Cup:
    """Eight teams of two in two groups, one group round each (final), the knock-out drawn:
    semi-final 1 played and decided, semi-final 2 under way."""
    day = datetime.date(2026, 5, 9)
    CLOCK.at(day - datetime.timedelta(days=10), 18)
    cup = create_cup(
        by=by,
        season={"name": "Westfalenpokal 2026", "club": club, "series_count": 1, **SMALL},
        rule={"group_rounds": 1, "qualify": 2},
        groups=[
            {
                "name": group,
                "teams": [
                    {
                        "name": team,
                        "club": CUP_CLUBS[team],
                        "players": [f"{team.split()[0]}-Spieler {n}" for n in (1, 2)],
                    }
                    for team in teams
                ],
            }
            for group, teams in CUP_GROUPS.items()
        ],
    )
    CLOCK.at(day, 10)
    for match in start_group_round(cup, by=by, number=1, date=day):
        play_match(match, by, seed=f"cup-group-{match.group_id}")
        finish(match.evening.tournament, by)
        set_match_final(match, by=by)
    for group, standing in zip(cup_now(cup).groups, cup_now(cup).standings, strict=True):
        if standing.tied_line:  # the organiser decides the tie (a deal of cards at the desk)
            place_group(cup, group, by=by, order=[row.team for row in standing.table.rows])
    CLOCK.at(day, 16)
    semis = start_pairings(cup, by=by, date=day)
    play_match(semis[0], by, seed="cup-semi-1")
    update_tournament(semis[0].evening.tournament, by=by, status=TournamentStatus.FINISHED)
    set_match_final(CupMatch.objects.get(pk=semis[0].pk), by=by)
    play_match(semis[1], by, seed="cup-semi-2", deals=5, close=False)
    return cup


def play_match(match: CupMatch, by: Actor, *, seed: str, deals: int | None = None, close=True):
    """The match's sides two to a table (first with second, third with fourth)."""
    tournament = match.evening.tournament
    update_tournament(tournament, by=by, status=TournamentStatus.RUNNING)
    sides = [side.team for side in match.sides.order_by("position")]
    entries = [
        [member.entry for member in team.members.order_by("entry__start_number")] for team in sides
    ]
    checked_in([entry for team in entries for entry in team], by)
    plan = [entries[i] + entries[i + 1] for i in range(0, len(entries), 2)]
    play_series(tournament, 1, plan, by, seed=seed, deals=deals, close=close)


def individual_cup(by: Actor, club: Club) -> Season:
    """A cup over two evenings of eight players; the best four play its final (played,
    finished, results final)."""
    first = datetime.date(2026, 6, 5)
    CLOCK.at(first - datetime.timedelta(days=7), 18)
    season = create_season(
        by=by, club=None, name="Karlchen-Pokal 2026", cup_places=4, series_count=1, **SMALL
    )
    players: list[Player] = []
    for number in range(2):
        day = first + datetime.timedelta(weeks=number)
        CLOCK.at(day, 19)
        evening = create_tournament(
            by=by,
            name=f"Pokalrunde {number + 1}",
            date=day,
            series_count=1,
            status=TournamentStatus.RUNNING,
            **SMALL,
        )
        if not players:
            entries = [
                add_entry(evening, by=by, name=f"Pokalspieler {chr(65 + i)}", club="")
                for i in range(8)
            ]
            players = [entry.player for entry in entries]
        else:
            entries = enter_players(evening, players, by=by)
        checked_in(entries, by)
        add_evening(season, evening, by=by)
        play_series(
            evening, 1, tables_of(shuffled(entries, f"cup:{number}"), (4, 4)), by, seed="pokal"
        )
        finish(evening, by)
    CLOCK.at(first + datetime.timedelta(weeks=3), 19)
    final = create_final(season, by=by, date=first + datetime.timedelta(weeks=3))
    update_tournament(final, by=by, status=TournamentStatus.RUNNING)
    entries = checked_in(list(final.entries.order_by("start_number")), by)
    play_series(final, 1, [entries], by, seed="pokal-final")
    finish(final, by)
    CLOCK.later(minutes=45)
    mark_final(final, by=by)
    return Season.objects.get(pk=season.pk)


OPEN_SIGNUPS = [  # name, club typed, member number, category
    ("Renate Vogt", "Doko-Freunde Kassel", "", "Damen"),
    ("Karl-Heinz Buschmann", "", "", "Senioren"),
    ("Jutta Lammers", "Kreuz-Dame Bielefeld", "", "Damen"),
    ("Ingrid Wolf", "Doko-Freunde Kassel", "DEMO-009", "Damen"),
    ("Heribert Kemper", "Karo-As Detmold", "", ""),
    ("Sven Austermann", "", "", ""),
    ("Dagmar Wiesmann", "Herz-Buben Lemgo", "", "Damen"),
    ("Horst Hülsmann", "SG Doppelkopf Paderborn", "", "Senioren"),
    ("Jens Brockmeyer", "Skatfreunde Rinteln", "", ""),
    ("Annegret Köster", "", "", "Damen"),
    ("Manfred Beckord", "Doko-Runde Herford", "", "Senioren"),
    ("Tobias Rehage", "Kreuz Gütersloh 1987", "", ""),
    ("Elke Dreier", "Fuchsjagd Münster", "", "Damen"),  # waits, moves up on a cancellation
    ("Ralf Tiemann", "", "", ""),  # waits, and stays on the list
    ("Martina Gröne", "", "", "Damen"),  # never confirms
]


def open_tournament(year: Year, by: Actor, club: Club) -> Tournament:
    """An open tournament: announced with a cap of twelve, categories with their fees, a
    payout table with side prizes; sign-ups confirmed, waiting, cancelled and one never
    confirmed, one player added at the desk (thirteen play); fees paid, waived and open; deals
    confirmed by PIN where asked; one player hidden; a protest; results final."""
    day = datetime.date(2026, 10, 10)
    CLOCK.at(day - datetime.timedelta(days=60), 11)
    tournament = create_tournament(
        by=by,
        club=club,
        name="Offenes Lipperland-Turnier",
        date=day,
        venue="Bürgerhaus Lemgo",
        region="Westfalen",
        referee="Hannelore Brinkmann",
        series_count=2,
        status=TournamentStatus.OPEN,
        confirmation_required=True,
        ranking_tournament=True,
        **SMALL,
    )
    set_announcement(
        tournament,
        by=by,
        published=True,
        cap=12,
        deadline=datetime.datetime(2026, 10, 9, 18, tzinfo=BERLIN),
        texts={
            "venue": "Bürgerhaus Lemgo, Papenstraße 1",
            "details": "Zwei Serien nach DDV-Regeln, Einlass 13 Uhr.",
            "contact": "turnier@herz-buben.example",
        },
        fee=1500,
        category_fees={"Damen": 1000, "Senioren": 1200},
    )
    set_payout(
        tournament,
        by=by,
        mode="percent",
        shares=[50, 30, 20],
        costs=2000,
        category_prizes={"Damen": [20, 10]},
    )
    signups = []
    for index, (name, typed, number, category) in enumerate(OPEN_SIGNUPS):
        CLOCK.later(hours=7)
        applicant = Applicant(
            name=name,
            email=f"spieler{index + 1}@example.org",
            club=typed,
            member_number=number,
            category=category,
        )
        signup = sign_up(tournament, applicant, base_url="https://karlchen.example")
        signups.append(signup)
        if name != "Martina Gröne":
            CLOCK.later(minutes=30)
            confirm(signup)
    CLOCK.later(days=2)
    cancel(SignUp.objects.get(pk=signups[5].pk))  # Sven cannot come: Elke moves up
    CLOCK.later(days=1)
    add_signup(tournament, Applicant(name="Gerd Schoppmeier", club="Herz-Buben Lemgo"), by=by)

    CLOCK.at(day, 13)
    update_tournament(tournament, by=by, status=TournamentStatus.RUNNING)
    entries = list(tournament.entries.order_by("start_number"))
    for entry in entries:
        if entry.player.name == "Karl-Heinz Buschmann":
            set_fee(entry, "waived", by=by)
        elif entry.player.name == "Tobias Rehage":
            set_checked_in(entry, by=by)  # pays after the first series: still open
        else:
            set_fee(entry, "paid", by=by)
    set_category(next(e for e in entries if e.player.name == "Gerd Schoppmeier"), "Senioren", by=by)
    hide_publicly(next(e for e in entries if e.player.name == "Jutta Lammers"), by=by)
    CLOCK.later(minutes=20)
    first = play_series(
        tournament, 1, tables_of(shuffled(entries, "open:1"), (5, 4, 4)), by, seed="open"
    )
    confirm_some(first, 1)
    second = play_series(
        tournament, 2, tables_of(shuffled(entries, "open:2"), (5, 4, 4)), by, seed="open2"
    )
    confirm_some(second, 3)  # the last deals of the evening were not all confirmed
    lodge_protest(
        tournament, by=by, text="Tisch 2 hat ein Solo falsch gewertet.", series=2, table=2
    )
    decide_protest(
        tournament.protests.get(),
        by=by,
        status="rejected",
        decision="Nachgezählt: die Wertung stimmt.",
    )
    CLOCK.later(minutes=40)
    mark_final(tournament, by=by)
    finish(tournament, by)
    season = Season.objects.get(name="DVW-Rangliste 2026")
    add_evening(
        season,
        tournament,
        by=Actor.of_user(season.association.admins.get()),
        ranking_tournament=True,
    )
    year.seasons["ranking_list"] = season
    return tournament


def registry(year: Year, by: Actor, association: Association) -> None:
    """The registry's work: a player corrected (a club typed, a year of birth), consent for a
    public profile, memberships of the association; a tournament archive from another
    installation imported (its typed clubs become rows as today's code makes them)."""
    players = {player.name: player for player in Player.objects.all()}
    brinkmann = players["Hannelore Brinkmann"]
    change_player(brinkmann, {"birth_year": 1958}, by=by)
    record_consent(brinkmann, True, "Anmeldebogen vom 6.2.2026", by=by)
    ingrid = players["Ingrid Wolf"]
    record_consent(ingrid, True, "E-Mail vom 10.10.2026", by=by)
    change_player(
        players["Ute Stratmann"], {"club": "Doko-Treff Bad Oeynhausen", "guest": True}, by=by
    )
    for number, name in enumerate(("Hannelore Brinkmann", "Friedhelm Tegeler", "Ingrid Wolf")):
        set_membership(players[name], association, f"DVW-{number + 1:04d}", by=by)
    year.profile_players = [brinkmann, ingrid]

    source = Tournament.objects.get(name="Clubabend 06.02.2026")
    archive = json.loads(json.dumps(export_archive(source), cls=DjangoJSONEncoder))
    archive["tournament"]["name"] = "Clubabend Detmold (Archiv)"
    for entry in archive["entries"]:
        entry["club"] = "Karo-As Detmold" if entry["start_number"] % 2 else "Karo-Bube Horn"
        entry.pop("member_number", None)
    imported = import_archive(archive, by=by)
    update_tournament(imported, by=by, standings_public=True)


# --- the dump ----------------------------------------------------------------------------------

# Foreign keys that close a cycle: loaded as NULL, set once every table is in.
DEFERRED = [("scoring_deal", "current_id")]


def project_tables() -> list[str]:
    """The tables of Karlchen's own apps (their many-to-many tables too) and ``auth_user``,
    which they point to; not Django's sessions, permissions and content types, nor axes'."""
    base = Path(settings.BASE_DIR).resolve()
    names = {"auth_user"}
    for app in apps.get_app_configs():
        where = Path(app.path).resolve()
        if where.is_relative_to(base) and "site-packages" not in where.parts:
            for model in app.get_models(include_auto_created=True):
                names.add(model._meta.db_table)
    return sorted(names)


def foreign_keys() -> list[tuple[str, str, str]]:
    """(table, column, referenced table) of every foreign key in the public schema."""
    with connection.cursor() as cursor:
        cursor.execute(
            """
            SELECT src.relname, att.attname, dst.relname
            FROM pg_constraint con
            JOIN pg_class src ON src.oid = con.conrelid
            JOIN pg_class dst ON dst.oid = con.confrelid
            JOIN pg_namespace ns ON ns.oid = src.relnamespace AND ns.nspname = 'public'
            JOIN pg_attribute att ON att.attrelid = con.conrelid AND att.attnum = con.conkey[1]
            WHERE con.contype = 'f'
            """
        )
        return [tuple(row) for row in cursor.fetchall()]


def load_order(tables: list[str]) -> list[str]:
    """``tables`` ordered so that each comes after those it points to (``DEFERRED`` aside)."""
    needs: dict[str, set[str]] = {name: set() for name in tables}
    for table, column, target in foreign_keys():
        if table in needs and target != table and (table, column) not in DEFERRED:
            if target not in needs:
                raise SystemExit(f"{table}.{column} points to {target}, which is not dumped")
            needs[table].add(target)
    order: list[str] = []
    while needs:
        ready = sorted(name for name, targets in needs.items() if targets <= set(order))
        if not ready:
            raise SystemExit(f"a cycle of foreign keys among {sorted(needs)}")
        order += ready
        for name in ready:
            del needs[name]
    return order


def columns_of(table: str) -> list[tuple[str, str]]:
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT column_name, data_type FROM information_schema.columns "
            "WHERE table_schema = 'public' AND table_name = %s ORDER BY ordinal_position",
            [table],
        )
        return [(name, kind) for name, kind in cursor.fetchall()]


def primary_key(table: str) -> list[str]:
    with connection.cursor() as cursor:
        cursor.execute(
            """
            SELECT att.attname FROM pg_index ix
            JOIN pg_attribute att ON att.attrelid = ix.indrelid AND att.attnum = ANY(ix.indkey)
            WHERE ix.indrelid = %s::regclass AND ix.indisprimary
            """,
            [table],
        )
        return sorted(row[0] for row in cursor.fetchall())


def plain(value: Any, kind: str) -> Any:
    if value is None:
        return None
    if kind in ("json", "jsonb"):
        return json.loads(value) if isinstance(value, str) else value
    if isinstance(value, datetime.datetime | datetime.date):
        return value.isoformat()
    return value


def dump_rows(tables: list[str]) -> tuple[list[dict], dict[str, int]]:
    dumped, sequences = [], {}
    quote = connection.ops.quote_name
    with connection.cursor() as cursor:
        for name in load_order(tables):
            described = columns_of(name)
            columns = [column for column, _kind in described]
            kinds = [kind for _column, kind in described]
            select = ", ".join(
                f"{quote(column)}::text" if kind in ("json", "jsonb") else quote(column)
                for column, kind in described
            )
            order = ", ".join(map(quote, primary_key(name)))
            cursor.execute(f"SELECT {select} FROM {quote(name)} ORDER BY {order}")
            rows = [
                [plain(value, kind) for value, kind in zip(row, kinds, strict=True)]
                for row in cursor.fetchall()
            ]
            dumped.append({"name": name, "columns": columns, "types": kinds, "rows": rows})
            if "id" in columns:
                cursor.execute(
                    "SELECT pg_sequence_last_value(pg_get_serial_sequence(%s, 'id')::regclass)",
                    [name],
                )
                last = cursor.fetchone()[0]
                if last is not None:
                    sequences[name] = last
    return dumped, sequences


def schema_now() -> dict[str, str]:
    """The migration leaf of every app: the schema the rows were dumped at."""
    graph = MigrationExecutor(connection).loader.graph
    return dict(sorted(graph.leaf_nodes()))


# --- what today's code shows -------------------------------------------------------------------


@dataclass
class Reads:
    organiser: Client
    public: Client
    found: list[dict] = field(default_factory=list)

    def get(
        self,
        path: str,
        *,
        who: str = "organiser",
        volatile: Sequence[str] = (),
        unordered: bool = False,
    ) -> Any:
        client = self.organiser if who == "organiser" else self.public
        response = client.get(path, HTTP_ACCEPT_LANGUAGE="de")
        read: dict[str, Any] = {"path": path, "as": who, "status": response.status_code}
        if response["Content-Type"].startswith("application/json"):
            read["json"] = response.json()
        else:
            read["content_type"] = response["Content-Type"]
            read["text"] = response.content.decode()
        if volatile:
            read["volatile"] = list(volatile)
        if unordered:  # a list whose order among equals no code decides (players of one name)
            read["unordered"] = True
        self.found.append(read)
        return read


def expected_reads(year: Year) -> list[dict]:
    cache.clear()
    organiser = Client()
    organiser.force_login(year.orga)
    reads = Reads(organiser, Client())
    api = "/api/v1"
    for tournament in year.tournaments:
        t = f"{api}/tournaments/{tournament.pk}"
        reads.get(f"{t}/")
        reads.get(f"{t}/entries/")
        reads.get(f"{t}/standings/")
        reads.get(f"{t}/standings/", who="public")
        for number in range(1, tournament.series_count + 1 if tournament.series_count > 1 else 1):
            reads.get(f"{t}/standings/?series={number}")
        reads.get(f"{t}/series/")
        if tournament.teams.exists():  # the league's days, the cup's matches
            reads.get(f"{t}/teams/")
            reads.get(f"{t}/side-rankings/")
            reads.get(f"{t}/side-rankings/", who="public")
    # The demo, the open tournament and the imported one (the club's evenings, the league's
    # days and the cup's final are in their seasons' archives).
    archived = {"Karlchen-Demo", "Clubabend Detmold (Archiv)", year.open_tournament.name}
    for pk in sorted(t.pk for t in year.tournaments if t.name in archived):
        reads.get(f"{api}/tournaments/{pk}/archive/", volatile=["exported_at"])
        # a player's course, deal by deal: the best two, and one hidden to the public
        for row in reads.get(f"{api}/tournaments/{pk}/standings/")["json"][:2]:
            for who in ("organiser", "public"):
                reads.get(f"{api}/tournaments/{pk}/players/{row['entry']}/", who=who)
    for tournament in year.tournaments:
        if tournament.ranking_tournament:
            reads.get(f"{api}/tournaments/{tournament.pk}/ranking-export/")
    for name, season in year.seasons.items():
        s = f"{api}/seasons/{season.pk}"
        reads.get(f"{s}/")
        reads.get(f"{s}/", who="public")
        ranking = reads.get(f"{s}/ranking/")["json"]
        reads.get(f"{s}/ranking/", who="public")
        for row in ranking[:2] + ranking[-1:]:
            reads.get(f"{s}/players/{row['player']['id']}/")
        if name in ("club", "league", "cup_final"):
            reads.get(f"{s}/archive/", volatile=volatile_of_season_archive(season))
    reads.get(f"{api}/seasons/")
    reads.get(f"{api}/seasons/", who="public")
    for name in ("league", "league_archive"):
        s = f"{api}/seasons/{year.seasons[name].pk}/league"
        for who in ("organiser", "public"):
            reads.get(f"{s}/", who=who)
            reads.get(f"{s}/tables/", who=who)
            reads.get(f"{s}/tables/?final_only=true", who=who)
            reads.get(f"{s}/days/", who=who)
        reads.get(f"{s}/days/1/")
    assert year.cup is not None
    c = f"{api}/cups/{year.cup.pk}"
    reads.get(f"{c}/")
    reads.get(f"{c}/", who="public")
    reads.get(f"{api}/cups/")
    archive = reads.get(f"{c}/archive/")
    archive["volatile"] = ["exported_at", *volatile_of(archive["json"]["season"], "season.")]
    t = f"{api}/tournaments/{year.open_tournament.pk}"
    for path in ("announcement", "signups", "fees", "prizes", "category-rankings", "results"):
        reads.get(f"{t}/{path}/")
    reads.get(f"{t}/announcement/", who="public")
    reads.get(f"{t}/category-rankings/", who="public")
    for query in ("Wolf", "Brinkmann", "Pieper", "Lemgo", "Spieler", "Pokal", "HB-002", "DEMO-009"):
        reads.get(f"{api}/players/?q={query}", unordered=True)
    for player in year.profile_players:
        reads.get(f"{api}/players/{player.pk}/")
        reads.get(f"{api}/players/{player.pk}/profile/", who="public")
    reads.get(f"{api}/associations/", who="public")
    for club in year.clubs:
        reads.get(f"{api}/clubs/{club.pk}/", who="public")
        reads.get(f"{api}/clubs/{club.pk}/roles/")
    return reads.found


def volatile_of_season_archive(season: Season) -> list[str]:
    return volatile_of(export_season_archive(season), "")


def volatile_of(archive: dict, prefix: str) -> list[str]:
    """The moments of export in a season archive: its own and each tournament's."""
    paths = [f"{prefix}exported_at"]
    for index, _evening in enumerate(archive.get("evenings", ())):
        paths.append(f"{prefix}evenings.{index}.tournament.exported_at")
    if archive.get("final"):
        paths.append(f"{prefix}final.tournament.exported_at")
    return paths


def club_kinds() -> dict[str, str]:
    """Each Club row as today's code tells it apart (``tournaments.domain.clubs``): a label
    typed for players or teams, or a club someone runs."""
    from tournaments.domain.clubs import _only_a_label

    return {
        club.name: "label" if _only_a_label(club) else "club"
        for club in Club.objects.order_by("name")
    }


def main(out: Path = OUT) -> None:
    if connection.vendor != "postgresql":
        raise SystemExit("the legacy rows are a PostgreSQL dump: set DATABASE_URL")
    call_command("migrate", verbosity=0)
    if Tournament.objects.exists() or get_user_model().objects.exists():
        raise SystemExit("the database is not empty: make the year on a new one")
    with the_years_clock():
        year = build()
        tables, sequences = dump_rows(project_tables())
        counted = {table["name"]: len(table["rows"]) for table in tables}
        expected = {
            "reads": expected_reads(year),
            "club_kinds": club_kinds(),
        }
    again, _sequences = dump_rows(project_tables())
    after = {table["name"]: len(table["rows"]) for table in again}
    exports = sum("/ranking-export/" in read["path"] for read in expected["reads"])
    counted["tournaments_organiseraction"] += exports  # each ranking export is logged
    wrote = {name: (counted[name], after[name]) for name in counted if counted[name] != after[name]}
    assert not wrote, f"the reads wrote rows: {wrote}"
    data = {
        "schema": schema_now(),
        "deferred": [{"table": table, "column": column} for table, column in DEFERRED],
        "tables": tables,
        "sequences": sequences,
        "expected": expected,
    }
    out.write_text(
        json.dumps(data, ensure_ascii=False, separators=(",", ":"), cls=DjangoJSONEncoder) + "\n",
        encoding="utf-8",
    )
    print(f"{out}: {out.stat().st_size} bytes, {sum(counted.values())} rows")
    failed = [read for read in expected["reads"] if read["status"] != 200]
    for read in failed:
        print("  not 200:", read["as"], read["path"], read["status"])
