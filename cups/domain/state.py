"""The cup now: its group tables and its bracket, from its tournaments' standings.

Never stored: computed from the standings (``results.domain.standings``) of each of the cup's
tournaments by ``teams.engine.bracket``, and cached with the cup's season
(``karlchen.changes.cached_season_body``), which any change of those tournaments turns over.

A team's score in one of the cup's tournaments is its fixture's result as
``competitions.domain.results`` reads it: the sum of the totals there (penalties included) of
its roster's players who played; its best player's total decides a tie where the rule says so.
For the organisers every deal counts, confirmed or not; spectators (``public``) see a round as
its tournament shows it: confirmed deals only where it asks for confirmations, and no result of
a round whose standings are private, hidden or frozen (``withheld``: left out of the group
tables and the bracket as if not played yet). Group rounds count provisionally until marked
final; a knock-out pairing goes to the bracket once marked final (until then its scores show as
live).

Before the draw (``Cup.seeds`` empty) the bracket is the one the group tables would give now,
shown as provisional; from the draw on it is the stored draw with the final results. A final
result the bracket can no longer place (a pairing started before a correction changed who
advanced to it) is left out and reported as ``stale``, never guessed.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from competitions import models as competition
from competitions.domain.results import SideResult, fixture_results
from competitions.models import Entrant, Fixture, Kind, present
from cups.models import Cup
from karlchen.changes import Body, cached_season_body
from karlchen.refusals import Refused
from teams.domain.rankings import score_value
from teams.engine.bracket import (
    Bracket,
    CupRule,
    Group,
    GroupRound,
    GroupStanding,
    Pairing,
    PairingResult,
    Seed,
    bracket,
    group_standings,
    seeds_from_groups,
)
from tournaments import visibility
from tournaments.models import Tournament


@dataclass(frozen=True)
class CupNow:
    cup: Cup
    rule: CupRule
    groups: list[competition.Group]
    teams: dict[int, Entrant]
    matches: list[Fixture]
    sides: dict[int, list[SideResult]]  # by match id, in position order (none: withheld)
    standings: tuple[GroupStanding, ...]
    bracket: Bracket | None
    stale: frozenset[int]  # knock-out matches whose final result the bracket cannot place
    withheld: frozenset[int] = frozenset()  # matches whose results spectators do not see yet

    @property
    def drawn(self) -> bool:
        return bool(self.cup.seeds)

    def group_matches(self, group: int) -> list[Fixture]:
        return [match for match in self.matches if match.group_id == group]

    def pairing_match(self, pairing: Pairing) -> Fixture | None:
        for match in self.matches:
            if match.knockout and (match.round, match.position) == (
                pairing.round,
                pairing.position,
            ):
                return match
        return None


def cup_now(cup: Cup, *, public: bool = False) -> CupNow:
    """The cup's state as stored now (read again: its draw or placings may have changed);
    ``public``: as spectators see it (the module)."""
    cup = Cup.objects.select_related("season").get(pk=cup.pk)
    rule = cup.cup_rule
    groups = list(competition.Group.objects.filter(competition=cup))
    teams = {
        team.pk: team
        for team in Entrant.objects.filter(competition=cup).prefetch_related("players__player")
    }
    matches = list(
        Fixture.objects.filter(competition=cup)
        .select_related("evening__tournament")
        .prefetch_related("sides")
        .order_by("group__position", "round", "position")
    )
    shown_now = fixture_results(
        matches, public=public, sides={match.pk: list(match.sides.all()) for match in matches}
    )
    withheld = frozenset(match.pk for match in matches if match.pk not in shown_now)
    sides = {match.pk: shown_now.get(match.pk, []) for match in matches}
    engine_groups = [
        Group(id=group.pk, teams=tuple(t.pk for t in teams.values() if t.group_id == group.pk))
        for group in groups
    ]
    rounds = [
        GroupRound(
            group=match.group_id,
            number=present(match.round, "round"),
            results=tuple(side.day_result for side in sides[match.pk]),
            final=match.final,
        )
        for match in matches
        if match.group_id is not None and match.pk not in withheld
    ]
    placings = placings_of(cup)
    names = {pk: team.name for pk, team in teams.items()}
    tables = group_standings(rule, engine_groups, rounds, placings, names)
    drawn: Bracket | None = None
    stale: frozenset[int] = frozenset()
    if cup.seeds:
        drawn, stale = _knockout(cup, rule, matches, sides)
    elif all(table.complete and not table.tied_line for table in tables):
        seeds = seeds_from_groups(rule, tables, placings)
        drawn = bracket(seeds, (), ties=rule.ties, avoid_group_mates=rule.avoid_group_mates)
    return CupNow(cup, rule, groups, teams, matches, sides, tables, drawn, stale, withheld)


def placings_of(cup: Cup) -> dict[int, list[int]]:
    return {int(group): list(order) for group, order in cup.placings.items()}


def stored_seeds(cup: Cup) -> tuple[Seed, ...]:
    return tuple(Seed(team=s["team"], group=s["group"], place=s["place"]) for s in cup.seeds)


def _knockout(
    cup: Cup, rule: CupRule, matches: list[Fixture], sides: dict[int, list[SideResult]]
) -> tuple[Bracket, frozenset[int]]:
    """The stored draw with the final pairings' results; a result the engine refuses (its
    pairing is no longer one of the bracket's) is left out as stale, a decider no longer
    needed (a correction broke the tie) is ignored."""
    finals = [m for m in matches if m.knockout and m.final and len(sides[m.pk]) == 2]
    results = {m.pk: _result(m, sides[m.pk]) for m in finals}
    stale: set[int] = set()
    while True:
        order = [pk for pk in results if pk not in stale]
        try:
            found = bracket(
                stored_seeds(cup),
                [results[pk] for pk in order],
                ties=rule.ties,
                avoid_group_mates=False,  # the stored seeds are the draw already
            )
        except Refused as refusal:
            progress = False
            for problem in refusal.problems:
                parts = problem.field.split(".")
                if parts[0] != "results" or len(parts) < 2:
                    raise
                pk = order[int(parts[1])]
                if problem.code == "cup_winner_unneeded":
                    results[pk] = replace(results[pk], winner=None)
                else:
                    stale.add(pk)
                progress = True
            if not progress:  # pragma: no cover - every refusal names a result
                raise
            continue
        return found, frozenset(stale)


def _result(match: Fixture, sides: list[SideResult]) -> PairingResult:
    first, second = sides
    return PairingResult(
        teams=(first.entrant, second.entrant),
        scores=(first.score, second.score),
        best_players=(first.best, second.best),
        winner=match.winner_id,
    )


# --- as clients read it ------------------------------------------------------------------------


def cup_body(cup: Cup, *, public: bool = False) -> dict[str, Any]:
    """The cup as JSON: its teams, each group's table and rounds, the bracket. ``public``: a
    player listed as hidden at any of the cup's tournaments is unnamed (None) in its team."""
    now = cup_now(cup, public=public)
    cup = now.cup
    hidden = _hidden_players(cup) if public else set()
    return {
        "id": cup.pk,
        "season": cup.season_id,
        "name": cup.season.name,
        "game": cup.season.game,
        "is_public": cup.season.is_public,
        "rule": now.rule.to_json(),
        "drawn": now.drawn,
        "teams": [_team(team, hidden) for team in now.teams.values()],
        "groups": [
            _group(now, group, table)
            for group, table in zip(now.groups, now.standings, strict=True)
        ],
        "bracket": _bracket(now),
        "champion": now.bracket.champion if now.bracket is not None else None,
    }


def cached_cup(cup: Cup, *, public: bool = False) -> Body:
    """The cup's body, cached with its season (any of its tournaments changing turns it)."""
    view = "cup:public" if public else "cup:organiser"
    return cached_season_body(cup.season_id, view, lambda: cup_body(cup, public=public))


def _hidden_players(cup: Cup) -> set[int]:
    """Players who asked not to be listed publicly at one of the cup's tournaments."""
    return visibility.hidden_players(
        Tournament.objects.filter(season_evenings__fixture__competition=cup)
    )


def _team(team: Entrant, hidden: set[int]) -> dict[str, Any]:
    players = team.players.all()  # prefetched with their players
    return {
        "id": team.pk,
        "name": team.name,
        "club": team.club_name or None,
        "group": team.group_id,
        "players": [None if row.player_id in hidden else row.player.name for row in players],
    }


def _group(now: CupNow, group: competition.Group, standing: GroupStanding) -> dict[str, Any]:
    qualify = now.rule.qualify
    placed = placings_of(now.cup).get(group.pk)
    # a team not ranked yet (nothing played) qualifies only where the organisers placed it
    order = placed if placed is not None else [r.team for r in standing.table.rows if r.ranked]
    return {
        "id": group.pk,
        "name": group.name,
        "complete": standing.complete,
        "provisional": standing.table.provisional or not standing.complete,
        "tied_line": standing.tied_line,
        "placed": placed,
        "table": [
            {
                "rank": row.rank,
                "team": row.team,
                "name": now.teams[row.team].name,
                "rounds": len(row.days),
                "game_points": row.game_points,
                "ranking_points": score_value(row.ranking_points),
                "round_wins": row.day_wins,
                "qualified": row.team in order[:qualify],
            }
            for row in standing.table.rows
        ],
        "rounds": [_match(now, match) for match in now.group_matches(group.pk)],
    }


def _match(now: CupNow, match: Fixture) -> dict[str, Any]:
    tournament = match.evening.tournament
    return {
        "match": match.pk,
        "round": match.round,
        "tournament": tournament.pk,
        "tournament_name": tournament.name,
        "date": tournament.date.isoformat(),
        "status": tournament.status,
        "final": match.final,
        "stale": match.pk in now.stale,
        "withheld": match.pk in now.withheld,
        # a player of it played (a round without results counts in no group table)
        "played": any(side.played for side in now.sides[match.pk]),
        "scores": [
            {"team": side.entrant, "score": side.score, "best": side.best}
            for side in now.sides[match.pk]
        ],
    }


def _bracket(now: CupNow) -> dict[str, Any] | None:
    drawn = now.bracket
    if drawn is None:
        return None
    return {
        "provisional": not now.drawn,
        "size": drawn.size,
        "clashes": drawn.clashes,
        "seeds": [
            {"seed": number, "team": seed.team, "group": seed.group, "place": seed.place}
            for number, seed in enumerate(drawn.seeds, start=1)
        ],
        "rounds": [
            {
                "round": number,
                "pairings": [_pairing(now, pairing) for pairing in pairings],
            }
            for number, pairings in enumerate(drawn.rounds, start=1)
        ],
        "champion": drawn.champion,
    }


def _pairing(now: CupNow, pairing: Pairing) -> dict[str, Any]:
    match = now.pairing_match(pairing) if now.drawn else None
    shown = _match(now, match) if match is not None else None
    if shown is not None and _started_for_others(shown, pairing):
        shown["stale"] = True  # started for teams a correction has since replaced
    return {
        "round": pairing.round,
        "position": pairing.position,
        "first": pairing.first,
        "second": pairing.second,
        "status": pairing.status.value,
        "winner": pairing.winner,
        "scores": list(pairing.scores) if pairing.scores is not None else None,
        "decided_by": pairing.decided_by,
        "match": shown,
    }


def _started_for_others(shown: dict[str, Any], pairing: Pairing) -> bool:
    """Whether the pairing's tournament (its results shown) holds other teams than it."""
    return not shown["withheld"] and {side["team"] for side in shown["scores"]} != set(
        pairing.teams
    )


def is_cup_match(tournament: Tournament) -> bool:
    """Whether the tournament is one of a cup's rounds (a group round or a pairing)."""
    return Fixture.objects.filter(
        evening__tournament=tournament, competition__kind=Kind.CUP
    ).exists()
