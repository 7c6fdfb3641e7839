"""The side rankings as clients read them: the teams' and the clubs' ranking of a tournament,
computed from its standings (``results.domain.standings``) by its rules
(``teams.engine.ranking``), cached like the standings (``karlchen.changes``).

Spectators see what the players' ranking shows them: only while the tournament and its
standings are public, confirmed deals only where deals are confirmed, and players who asked
not to be listed as ``hidden`` (their points still count for their team and club). While the
organisers freeze the public standings, spectators see the side rankings as they were at the
freeze: the freeze keeps them in the tournament's frozen snapshot beside the players' ranking
(``frozen_side_rankings``, handed to ``results`` through its port ``results.parts``). A freeze
made before the snapshot held them withholds them (``side_rankings_frozen``): computed live they
would tell what the frozen ranking hides. Organisers always read them live.
"""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction
from typing import Any

from clubs.domain.names import club_key
from karlchen.changes import Body, cached_body
from results.domain.ranking_cache import public_part
from results.domain.standings import Standing, entry_rows, standings
from teams.engine.ranking import Member, SideRule, Unit, UnitStanding, parse_rule, rank_units
from teams.models import SideRankings, Team, TeamMember
from tournaments.models import Entry, Tournament
from tournaments.visibility import confirmed_only, shown_as_hidden

PART = "teams"  # the side rankings' name in the frozen snapshot and the archive (results.parts)


def rules_of(tournament: Tournament) -> tuple[SideRule, SideRule, bool]:
    """The team rule, the club rule and whether spectators see the clubs' ranking."""
    found = SideRankings.objects.filter(tournament=tournament).first()
    if found is None:
        return SideRule(), SideRule(), True
    return parse_rule(found.team_rule), parse_rule(found.club_rule), found.clubs_shown


def public_side_rankings(tournament_id: int) -> Body | None:
    """What spectators see; None where there is no public tournament of that id. Raises
    ``Closed`` where the standings are hidden or frozen (``results``' ``public_part``)."""
    return public_part(
        tournament_id, PART, lambda tournament: side_rankings(tournament, public=True), _as_frozen
    )


def organiser_side_rankings(tournament: Tournament) -> Body:
    """The live side rankings with every name, for the tournament's organisers."""
    return cached_body(tournament.pk, "sides:organiser", lambda: side_rankings(tournament))


def frozen_side_rankings(tournament: Tournament) -> dict[str, Any]:
    """What the freeze keeps: the side rankings as spectators see them now, the clubs' too (the
    organisers may show or hide that one while frozen)."""
    return side_rankings(tournament, public=True, all_clubs=True)


def _as_frozen(tournament: Tournament, kept: dict[str, Any]) -> dict[str, Any]:
    """The side rankings kept by the freeze, the clubs' shown as the organisers choose now."""
    _team_rule, _club_rule, clubs_shown = rules_of(tournament)
    frozen_at = tournament.standings_frozen_at
    return {
        **kept,
        "clubs_shown": clubs_shown,
        "clubs": kept.get("clubs", []) if clubs_shown else [],
        "frozen_at": frozen_at.isoformat() if frozen_at else None,
    }


def side_rankings(
    tournament: Tournament, *, public: bool = False, all_clubs: bool = False
) -> dict[str, Any]:
    """The teams' and the clubs' rankings with their rules (the clubs' empty where spectators
    are not shown it, unless ``all_clubs``)."""
    team_rule, club_rule, clubs_shown = rules_of(tournament)
    ranked = standings(tournament, confirmed_only=confirmed_only(tournament, public=public))
    roles = {
        member.entry_id: member
        for member in TeamMember.objects.filter(tournament=tournament).only(
            "entry_id", "team_id", "substitute", "captain"
        )
    }
    # a team's player who never sat down is in its roster, with nothing: ranked nowhere
    rows = {row.entry_id: row for row in ranked} | _not_ranked(tournament, roles, ranked)
    teams = list(Team.objects.filter(tournament=tournament).order_by("name", "pk"))
    rosters: dict[int, list[int]] = defaultdict(list)
    for entry_id, member in sorted(roles.items(), key=lambda item: rows[item[0]].start_number):
        rosters[member.team_id].append(entry_id)
    # One club however its players' club was typed ("TSV Kreuz", "tsv kreuz"): shown as the
    # first start number spelt it.
    spelt: dict[str, str] = {}
    clubs: dict[str, list[int]] = defaultdict(list)  # the clubs of the players who took part
    for row in sorted(ranked, key=lambda row: row.start_number):
        key = club_key(row.club)
        if key and row.club:
            clubs[spelt.setdefault(key, row.club)].append(row.entry_id)
    names = {team.pk: team.name for team in teams}
    team_units = [Unit(team.pk, _members(rosters[team.pk], rows), team.name) for team in teams]
    club_units = [Unit(club, _members(entries, rows), club) for club, entries in clubs.items()]
    show_clubs = clubs_shown or not public or all_clubs
    return {
        "frozen_at": None,  # live; the frozen copy says when it was kept
        "rules": {"teams": team_rule.to_json(), "clubs": club_rule.to_json()},
        "clubs_shown": clubs_shown,
        "teams": [
            _unit_row(
                standing,
                names[int(standing.id)],
                rosters[int(standing.id)],
                rows,
                roles,
                public=public,
            )
            for standing in rank_units(team_units, team_rule)
        ],
        "clubs": [
            _unit_row(standing, str(standing.id), clubs[str(standing.id)], rows, {}, public=public)
            for standing in rank_units(club_units, club_rule)
        ]
        if show_clubs
        else [],
    }


def _not_ranked(
    tournament: Tournament, roles: dict[int, TeamMember], ranked: list[Standing]
) -> dict[int, Standing]:
    """A row with nothing for each team player the standings do not rank (never sat down)."""
    missing = set(roles) - {row.entry_id for row in ranked}
    if not missing:
        return {}
    return entry_rows(Entry.objects.filter(tournament=tournament, pk__in=missing))


def _members(entries: list[int], rows: dict[int, Standing]) -> tuple[Member, ...]:
    return tuple(
        Member(id=entry, points=rows[entry].total, played=played(rows[entry])) for entry in entries
    )


def played(row: Standing | None) -> bool:
    """Played at least one deal (or was given points: a penalty row). None, a player the
    standings do not rank (never sat down), has not."""
    return row is not None and (row.deals_played > 0 or row.total != 0)


def score_value(score: Fraction) -> int | float:
    """A whole score as it is; an average to 2 decimals."""
    return score.numerator if score.denominator == 1 else round(float(score), 2)


def _unit_row(
    standing: UnitStanding,
    name: str,
    entries: list[int],
    rows: dict[int, Standing],
    roles: dict[int, TeamMember],
    *,
    public: bool,
) -> dict[str, Any]:
    counted = set(standing.counted)
    return {
        "rank": standing.rank,
        "ranked": standing.ranked,
        "id": standing.id if isinstance(standing.id, int) else None,
        "name": name,
        "score": score_value(standing.score),
        "played": standing.played,
        "members": [
            _member_row(rows[entry], roles.get(entry), counted=entry in counted, public=public)
            for entry in entries
        ],
    }


def _member_row(
    row: Standing, role: TeamMember | None, *, counted: bool, public: bool
) -> dict[str, Any]:
    hidden = shown_as_hidden(row.hidden, public=public)
    return {
        "entry": None if hidden else row.entry_id,
        "start_number": None if hidden else row.start_number,
        "name": None if hidden else row.name,
        "hidden": hidden,
        "substitute": bool(role and role.substitute),
        "captain": bool(role and role.captain),
        "points": row.total,
        "played": played(row),
        "counted": counted,
    }


def teams_body(tournament: Tournament, *, public: bool) -> Body:
    """The tournament's teams with their rosters (spectators: hidden players unnamed), cached."""
    view = f"teams:{'public' if public else 'organiser'}"
    return cached_body(tournament.pk, view, lambda: team_rows(tournament, public=public))


def team_rows(
    tournament: Tournament, *, public: bool, team_id: int | None = None
) -> list[dict[str, Any]]:
    """The teams (or the one of ``team_id``) with their rosters, regulars first."""
    members = (
        TeamMember.objects.filter(tournament=tournament)
        .select_related("entry__player")
        .order_by("substitute", "entry__start_number")
    )
    teams = Team.objects.filter(tournament=tournament).order_by("name", "pk")
    if team_id is not None:
        members, teams = members.filter(team_id=team_id), teams.filter(pk=team_id)
    rosters: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for member in members:
        hidden = shown_as_hidden(member.entry.hidden, public=public)
        rosters[member.team_id].append(
            {
                "entry": None if hidden else member.entry_id,
                "start_number": None if hidden else member.entry.start_number,
                "name": None if hidden else member.entry.player.name,
                "hidden": hidden,
                "substitute": member.substitute,
                "captain": member.captain,
            }
        )
    return [{"id": team.pk, "name": team.name, "members": rosters[team.pk]} for team in teams]
