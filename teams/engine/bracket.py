"""The team cup: groups of teams over rounds, then a seeded knock-out bracket.

A cup (the DDV's Deutsche Mannschaftsmeisterschaft: "im K.O.-System", in 2019 after a
preliminary round of groups of four teams over four rounds) plays a **group stage**: each group's
teams meet over ``group_rounds`` rounds; a team's round score is the sum of its players' results
(or given), and the **group table** is a league table of those rounds (``teams.engine.league``;
by default the teams' total decides). The best ``qualify`` of each group go on to the
**knock-out**: a bracket of the next power of two, **seeded** group winners first, then the
runners-up, and so on (within a place, by the group tables' figures), in the standard order
(seed 1 meets the last seed, 1 and 2 can meet only in the final), the missing places as
**byes** for the best seeds; group mates are kept apart in the first knock-out round where
the seeds of one group place can be swapped so. Each **pairing** is a short tournament of the
two teams: the higher score advances; equal scores are decided as the rule says (the better
seed, the better best player, or a decider the organiser enters). A cup without a group stage
is seeded by the organiser (``bracket`` with seeds of no group).

The state at any time: the group tables (provisional until each round is final), the bracket
once the group stage is complete, each pairing waiting, due, undecided, played or a bye, and
the champion. docs/TEAMS.md ("The team cup") words the options and their sources. Pure Python:
no Django, no database, no translations. Refusals carry codes (karlchen.messages).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any

from karlchen.refusals import Problems, Refused
from teams.engine.league import (
    Criterion,
    DayResult,
    LeagueRule,
    LeagueTable,
    MatchDay,
    TeamRow,
    figure,
    league_table,
)
from teams.engine.league import parse_rule as parse_league_rule

MAX_ROUNDS = 50
SEARCH_LIMIT = 100_000  # steps of the search for a draw without group mates (then: seed order)


class KnockoutTies(StrEnum):
    """Who advances from a pairing of equal scores."""

    SEED = "seed"  # the better seed
    BEST_PLAYER = "best_player"  # the team whose best player scored more; still equal: decider
    DECIDER = "decider"  # the winner the organiser enters (a deciding game, a draw)


class Status(StrEnum):
    WAITING = "waiting"  # a side is not known yet
    BYE = "bye"  # one team and no opponent: it advances
    DUE = "due"  # both teams known, no result yet
    UNDECIDED = "undecided"  # a tie the rule leaves to a decider, not entered yet
    PLAYED = "played"


GROUP_RULE = LeagueRule(order=(Criterion.GAME_POINTS, Criterion.RANKING_POINTS))


@dataclass(frozen=True)
class CupRule:
    group_rule: LeagueRule = GROUP_RULE  # how a group's rounds make its table
    group_rounds: int = 4  # the DMM 2019: four rounds
    qualify: int = 2  # the best of each group that go on to the knock-out
    ties: KnockoutTies = KnockoutTies.SEED
    avoid_group_mates: bool = True

    def to_json(self) -> dict[str, Any]:
        return {
            "group_rule": self.group_rule.to_json(),
            "group_rounds": self.group_rounds,
            "qualify": self.qualify,
            "ties": self.ties.value,
            "avoid_group_mates": self.avoid_group_mates,
        }


def parse_rule(raw: object, field: str = "cup_rule") -> CupRule:
    """A cup rule from its JSON (``{}``: groups ranked by their total over four rounds, the best
    two of each go on, ties in a pairing to the better seed, group mates apart)."""
    problems = Problems()
    if not isinstance(raw, Mapping):
        problems.add("invalid_option", field, option=field)
        problems.raise_if_any()
    assert isinstance(raw, Mapping)
    default = CupRule()
    values: dict[str, Any] = {}
    for key, value in sorted(raw.items(), key=lambda item: str(item[0])):
        name = str(key)
        where = f"{field}.{name}"
        if name == "group_rule":
            try:
                values[name] = parse_league_rule(value, where)
            except Refused as refusal:
                for problem in refusal.problems:
                    problems.add(problem.code, problem.field, **problem.params)
        elif name in ("group_rounds", "qualify"):
            if (
                isinstance(value, bool)
                or not isinstance(value, int)
                or not 1 <= value <= MAX_ROUNDS
            ):
                problems.add("invalid_option", where, option=name)
            else:
                values[name] = value
        elif name == "ties":
            if isinstance(value, str) and value in {tie.value for tie in KnockoutTies}:
                values[name] = KnockoutTies(value)
            else:
                problems.add("invalid_option", where, option=name)
        elif name == "avoid_group_mates":
            if isinstance(value, bool):
                values[name] = value
            else:
                problems.add("invalid_option", where, option=name)
        else:
            problems.add("unknown_option", where, option=name)
    problems.raise_if_any()
    return CupRule(
        group_rule=values.get("group_rule", default.group_rule),
        group_rounds=values.get("group_rounds", default.group_rounds),
        qualify=values.get("qualify", default.qualify),
        ties=values.get("ties", default.ties),
        avoid_group_mates=values.get("avoid_group_mates", default.avoid_group_mates),
    )


# --- input -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Group:
    id: int
    teams: tuple[int, ...]


@dataclass(frozen=True)
class GroupRound:
    """One round of a group: its teams' scores (a team missing has not played it)."""

    group: int
    number: int  # 1 .. the rule's group_rounds
    results: tuple[DayResult, ...]
    final: bool = False


@dataclass(frozen=True)
class PairingResult:
    """A knock-out pairing's result: the two teams' scores, in the order of ``teams``."""

    teams: tuple[int, int]
    scores: tuple[int, int]
    best_players: tuple[int, int] | None = None  # each team's best player's score
    winner: int | None = None  # the decider's winner, where the rule leaves a tie to one


# --- output ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Seed:
    team: int
    group: int | None  # None: a cup without groups (nobody is a group mate)
    place: int  # its place in its group (1: the winner); in a cup without groups 1


@dataclass(frozen=True)
class Pairing:
    round: int  # 1: the first knock-out round
    position: int  # from the top of the bracket, from 0
    first: int | None  # the team from the upper half of the pairing's part of the bracket
    second: int | None
    status: Status
    winner: int | None = None
    scores: tuple[int, int] | None = None  # first's and second's
    decided_by: str | None = None  # "score", "seed", "best_player", "decider", "bye"

    @property
    def teams(self) -> tuple[int, ...]:
        return tuple(team for team in (self.first, self.second) if team is not None)


@dataclass(frozen=True)
class Bracket:
    seeds: tuple[Seed, ...]  # by seed number (seed 1 first)
    size: int  # the bracket's places: the next power of two
    rounds: tuple[tuple[Pairing, ...], ...]  # the first round first; the final last
    champion: int | None
    clashes: int  # first-round pairings of group mates (0 wherever a swap avoids them)

    @property
    def due(self) -> tuple[Pairing, ...]:
        """The pairings to be played (or decided) now."""
        return tuple(
            pairing
            for round_ in self.rounds
            for pairing in round_
            if pairing.status in (Status.DUE, Status.UNDECIDED)
        )


@dataclass(frozen=True)
class GroupStanding:
    group: int
    table: LeagueTable  # provisional while a round is not final
    complete: bool  # every round there, played (with results) and final
    tied_line: bool  # the qualifying line falls within a shared rank (the organiser places)
    # (none before anything is played in the group)


@dataclass(frozen=True)
class CupState:
    groups: tuple[GroupStanding, ...]
    bracket: Bracket | None  # None until every group is complete (and its line clear)
    champion: int | None = field(default=None)


# --- the group stage ---------------------------------------------------------------------------


def check_groups(
    rule: CupRule, groups: Sequence[Group], rounds: Sequence[GroupRound]
) -> dict[int, Group]:
    """Refuses a team in two groups, a group twice, a round of no group, out of the rule's
    rounds, twice, or naming a team not of its group (or twice)."""
    problems = Problems()
    by_id: dict[int, Group] = {}
    team_group: dict[int, int] = {}
    for index, group in enumerate(groups):
        if group.id in by_id:
            problems.add("cup_group_twice", f"groups.{index}")
            continue
        by_id[group.id] = group
        for position, team in enumerate(group.teams):
            if team in team_group:
                problems.add("cup_team_twice", f"groups.{index}.teams.{position}", team=team)
            team_group[team] = group.id
    seen: set[tuple[int, int]] = set()
    for index, round_ in enumerate(rounds):
        where = f"rounds.{index}"
        own = by_id.get(round_.group)
        if own is None:
            problems.add("cup_group_unknown", f"{where}.group")
            continue
        if not 1 <= round_.number <= rule.group_rounds:
            problems.add("cup_round_unknown", f"{where}.number", rounds=rule.group_rounds)
        elif (round_.group, round_.number) in seen:
            problems.add("cup_round_twice", f"{where}.number", number=round_.number)
        seen.add((round_.group, round_.number))
        listed: set[int] = set()
        for position, result in enumerate(round_.results):
            if result.team not in own.teams or result.team in listed:
                problems.add(
                    "cup_team_not_in_group", f"{where}.results.{position}", team=result.team
                )
            listed.add(result.team)
    problems.raise_if_any()
    return by_id


def group_standings(
    rule: CupRule,
    groups: Sequence[Group],
    rounds: Sequence[GroupRound],
    placings: Mapping[int, Sequence[int]] | None = None,
    names: Mapping[int, str] | None = None,
) -> tuple[GroupStanding, ...]:
    """Each group's table over its rounds, whether it is complete and whether its qualifying
    line falls within a shared rank (not where the organiser has placed the group); teams
    sharing a rank are listed by their ``names``, then by id (``league_table``)."""
    check_groups(rule, groups, rounds)
    standings = []
    for group in groups:
        own = [round_ for round_ in rounds if round_.group == group.id]
        days = [
            MatchDay(id=r.number, number=r.number, groups=(r.results,), final=r.final) for r in own
        ]
        table = league_table(rule.group_rule, group.teams, days, names=names)
        # every round there, final and played (a round without results counts nowhere)
        complete = (
            len(own) == rule.group_rounds
            and all(r.final for r in own)
            and len(table.days) == len(own)
        )
        tied = _line_tied(table.rows, rule.qualify) and group.id not in (placings or {})
        standings.append(GroupStanding(group.id, table, complete, tied))
    return tuple(standings)


def _line_tied(rows: Sequence[TeamRow], qualify: int) -> bool:
    """Whether the last qualifying row and the first one out share their rank (two teams
    without a day played share none as well), once anything has been played in the group:
    before that there is no table to place by, nor a tie."""
    return (
        len(rows) > qualify
        and rows[0].ranked  # the ranked come first: someone has played
        and rows[qualify - 1].rank == rows[qualify].rank
    )


def seeds_from_groups(
    rule: CupRule,
    standings: Sequence[GroupStanding],
    placings: Mapping[int, Sequence[int]] | None = None,
) -> tuple[Seed, ...]:
    """The qualifiers in seed order: the group winners, then the runners-up, ...; within a
    place by the group tables' figures (the group rule's criteria but head to head, a figure
    of one group), then in the order of the groups. ``placings``: a group's order as the
    organiser has decided it (after a decider), in place of its table's."""
    problems = Problems()
    placed: list[tuple[int, int, int, TeamRow]] = []  # (place, group index, team, its row)
    for index, standing in enumerate(standings):
        rows = {row.team: row for row in standing.table.rows}
        order = [row.team for row in standing.table.rows]
        given = (placings or {}).get(standing.group)
        if given is not None:
            if sorted(given) != sorted(order):
                problems.add("cup_placing_not_group", f"placings.{standing.group}")
                continue
            order = list(given)
        for place, team in enumerate(order[: rule.qualify], start=1):
            placed.append((place, index, team, rows[team]))
    problems.raise_if_any()
    criteria = [c for c in rule.group_rule.order if c is not Criterion.HEAD_TO_HEAD]

    def key(item: tuple[int, int, int, TeamRow]) -> tuple[Any, ...]:
        place, index, _team, row = item
        return (place, *(-figure(c, row) for c in criteria), index)

    return tuple(
        Seed(team=team, group=standings[index].group, place=place)
        for place, index, team, _row in sorted(placed, key=key)
    )


# --- the draw ----------------------------------------------------------------------------------


def bracket_size(teams: int) -> int:
    """The next power of two (1 for a single team)."""
    return 1 << max(teams - 1, 0).bit_length()


def seed_order(size: int) -> tuple[int, ...]:
    """The seed numbers in bracket order: neighbours meet in the first round (1 meets ``size``),
    and two seeds meet no earlier than two better ones would (1 and 2 only in the final)."""
    order = [1]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [seed for top in order for seed in (top, total - top)]
    return tuple(order)


def draw(
    seeds: Sequence[Seed], *, avoid_group_mates: bool = True, search_limit: int = SEARCH_LIMIT
) -> tuple[tuple[Seed, ...], tuple[Seed | None, ...], int]:
    """The seeds as drawn (by seed number), the bracket's places (None: a bye), and how many
    first-round pairings are of group mates.

    Seeds of one group place may swap seed numbers to keep group mates apart in the first
    round: the first arrangement without such a pairing (filling the pairings in the order of
    their better seed, each with the best seeds of its places that fit) is taken, where one
    exists (and is found within ``search_limit`` steps); else the seeds' own order."""
    if not seeds:
        return (), (), 0
    size = bracket_size(len(seeds))
    ordered = tuple(seeds)
    if avoid_group_mates and len(ordered) > 1:
        found = _apart(ordered, size, search_limit)
        ordered = found if found is not None else ordered
    places = tuple(
        ordered[number - 1] if number <= len(ordered) else None for number in seed_order(size)
    )
    return ordered, places, _clashes(places)


def _clashes(places: Sequence[Seed | None]) -> int:
    return sum(
        1
        for first, second in zip(places[::2], places[1::2], strict=False)
        if first is not None
        and second is not None
        and first.group is not None
        and first.group == second.group
    )


def _apart(seeds: tuple[Seed, ...], size: int, limit: int) -> tuple[Seed, ...] | None:
    """The first arrangement of the seeds, each keeping its group place's seed numbers, with no
    group mates meeting in the first round; None if there is none (or the search gives up).

    The first-round pairings are filled in the order of their better seed, each pairing's
    better seed first; each seed number takes its own team where that meets no group mate,
    else the first of its group place (in seed order) that does not. No pairing's choice
    constrains another's, so a set of teams left over after a pairing that has failed once
    fails again: it is not tried twice (which turns a search over orders into one over sets)."""
    count = len(seeds)
    pairings = [
        (top,) if size + 1 - top > count else (top, size + 1 - top)
        for top in range(1, size // 2 + 1)
    ]
    tiers: dict[int, list[int]] = {}
    for index, seed in enumerate(seeds):
        tiers.setdefault(seed.place, []).append(index)
    chosen: dict[int, Seed] = {}
    used: set[int] = set()
    failed: set[frozenset[int]] = set()
    steps = 0

    def fill(pairing: int, slot: int) -> bool:
        nonlocal steps
        if pairing == len(pairings):
            return True
        numbers = pairings[pairing]
        if slot == len(numbers):
            left = frozenset(used)
            if left in failed:
                return False
            if fill(pairing + 1, 0):
                return True
            failed.add(left)
            return False
        number = numbers[slot]
        rival = chosen[numbers[0]] if slot == 1 else None
        own = number - 1  # the seed's own team first: nothing moves that need not
        for index in [own, *(i for i in tiers[seeds[own].place] if i != own)]:
            if index in used:
                continue
            steps += 1
            if steps > limit:
                return False
            candidate = seeds[index]
            if rival is not None and candidate.group is not None and candidate.group == rival.group:
                continue
            used.add(index)
            chosen[number] = candidate
            if fill(pairing, slot + 1):
                return True
            used.discard(index)
        return False

    return tuple(chosen[number] for number in range(1, count + 1)) if fill(0, 0) else None


# --- the knock-out -----------------------------------------------------------------------------


def bracket(
    seeds: Sequence[Seed],
    results: Sequence[PairingResult],
    *,
    ties: KnockoutTies = KnockoutTies.SEED,
    avoid_group_mates: bool = True,
) -> Bracket:
    """The knock-out's state: the draw, every pairing with its status, the champion."""
    problems = Problems()
    if not seeds:
        problems.add("cup_no_teams", "seeds")
    listed: set[int] = set()
    for index, seed in enumerate(seeds):
        if seed.team in listed:
            problems.add("cup_seed_twice", f"seeds.{index}", team=seed.team)
        listed.add(seed.team)
    problems.raise_if_any()
    drawn, places, clashes = draw(seeds, avoid_group_mates=avoid_group_mates)
    seed_number = {seed.team: number for number, seed in enumerate(drawn, start=1)}
    by_teams: dict[frozenset[int], tuple[int, PairingResult]] = {}
    for index, result in enumerate(results):
        key = frozenset(result.teams)
        if len(key) != 2:
            problems.add("cup_result_teams", f"results.{index}.teams")
        elif key in by_teams:
            problems.add("cup_result_twice", f"results.{index}")
        by_teams[key] = (index, result)
    problems.raise_if_any()
    used: set[int] = set()
    current: list[int | None] = [seed.team if seed else None for seed in places]
    rounds: list[tuple[Pairing, ...]] = []
    size = len(places)
    round_number = 1
    while size > 1:
        pairings = []
        winners: list[int | None] = []
        for position in range(size // 2):
            first, second = current[2 * position], current[2 * position + 1]
            pairing = _pairing(
                round_number,
                position,
                first,
                second,
                round_number == 1,
                by_teams,
                used,
                seed_number,
                ties,
                problems,
            )
            pairings.append(pairing)
            winners.append(pairing.winner)
        rounds.append(tuple(pairings))
        current = winners
        size //= 2
        round_number += 1
    for index in sorted(set(range(len(results))) - used):
        problems.add("cup_result_not_due", f"results.{index}")
    problems.raise_if_any()
    return Bracket(
        seeds=drawn,
        size=len(places),
        rounds=tuple(rounds),
        champion=current[0],
        clashes=clashes,
    )


def _pairing(
    round_number: int,
    position: int,
    first: int | None,
    second: int | None,
    opening: bool,
    by_teams: Mapping[frozenset[int], tuple[int, PairingResult]],
    used: set[int],
    seed_number: Mapping[int, int],
    ties: KnockoutTies,
    problems: Problems,
) -> Pairing:
    base = Pairing(
        round=round_number, position=position, first=first, second=second, status=Status.WAITING
    )
    if opening and (first is None or second is None):
        alone = first if first is not None else second
        return replace(base, status=Status.BYE, winner=alone, decided_by="bye")
    if first is None or second is None:
        return base
    found = by_teams.get(frozenset((first, second)))
    if found is None:
        return replace(base, status=Status.DUE)
    index, result = found
    used.add(index)
    ordered = result.teams == (first, second)
    scores = result.scores if ordered else (result.scores[1], result.scores[0])
    best = result.best_players
    if best is not None and not ordered:
        best = (best[1], best[0])
    if result.winner is not None and result.winner not in (first, second):
        problems.add("cup_winner_not_in_pairing", f"results.{index}.winner")
        return replace(base, status=Status.DUE)
    winner, decided_by = _winner(first, second, scores, best, result.winner, seed_number, ties)
    if result.winner is not None and decided_by != "decider":
        problems.add("cup_winner_unneeded", f"results.{index}.winner")
    if winner is None:
        return replace(base, status=Status.UNDECIDED, scores=scores)
    return replace(base, status=Status.PLAYED, winner=winner, scores=scores, decided_by=decided_by)


def _winner(
    first: int,
    second: int,
    scores: tuple[int, int],
    best: tuple[int, int] | None,
    decider: int | None,
    seed_number: Mapping[int, int],
    ties: KnockoutTies,
) -> tuple[int | None, str]:
    if scores[0] != scores[1]:
        return (first if scores[0] > scores[1] else second), "score"
    if ties is KnockoutTies.SEED:
        return min((first, second), key=lambda team: seed_number[team]), "seed"
    if ties is KnockoutTies.BEST_PLAYER and best is not None and best[0] != best[1]:
        return (first if best[0] > best[1] else second), "best_player"
    return decider, "decider"


# --- the whole cup -----------------------------------------------------------------------------


def cup_state(
    rule: CupRule,
    groups: Sequence[Group],
    rounds: Sequence[GroupRound],
    results: Sequence[PairingResult] = (),
    placings: Mapping[int, Sequence[int]] | None = None,
    names: Mapping[int, str] | None = None,
) -> CupState:
    """The cup now: the group tables; once every group is complete and its qualifying line
    clear (or placed by the organiser), the bracket seeded from them, with its results."""
    standings = group_standings(rule, groups, rounds, placings, names)
    ready = all(s.complete and not s.tied_line for s in standings)
    if not ready:
        if results:
            problems = Problems()
            problems.add("cup_group_stage_open", "results")
            problems.raise_if_any()
        return CupState(groups=standings, bracket=None)
    seeds = seeds_from_groups(rule, standings, placings)
    drawn = bracket(seeds, results, ties=rule.ties, avoid_group_mates=rule.avoid_group_mates)
    return CupState(groups=standings, bracket=drawn, champion=drawn.champion)
