"""Every player's figures from the facts of their deals (docs/STATISTICS.md).

The input is one ``DealFacts`` per deal that counts (the domain leaves voided deals out and
gives each deal's current revision only); the output one ``PlayerStats`` per player who played,
and one ``PairStats`` per pair of players who sat in one deal. Pure Python: no Django.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, fields
from itertools import combinations
from typing import Any, TypeVar

DOPPELKOPF = "doppelkopf"
SCHAFKOPF = "schafkopf"
SOLO_KINDS = ("compulsory_solo", "voluntary_solo", "forced_solo")
# The levels of an announcement, lowest first: the plain "Re"/"Kontra", then the Absagen.
LEVELS = ("announced", "no90", "no60", "no30", "schwarz")
EARLIER_EXTRA_CODES = {"fox_last_trick": "fox_caught_in_last_trick"}
NO_DECLARER = ("ramsch", "leaster")
WITH_PARTNER = ("rufer", "hochzeit")
Series = tuple[int, int]  # (tournament id, series number)


@dataclass(frozen=True)
class DealFacts:
    """What one deal says, as the statistics read it.

    ``players``: position → player id of those who played it (not a five-table's dealer who
    sat out); ``deal``: the deal as entered (docs/API.md §4); ``winner`` and ``lines`` (the
    codes of the result's lines) and ``points`` (position → points) as computed.
    """

    game: str
    quick: bool
    kind: str
    players: Mapping[int, int]
    deal: Mapping[str, Any]
    points: Mapping[int, int]
    series: Series
    winner: str | None = None
    lines: tuple[str, ...] = ()


@dataclass
class Tally:
    """How often something was played (or made), and how often it was won."""

    played: int = 0
    won: int = 0

    def add(self, won: bool) -> None:
        self.played += 1
        self.won += int(won)


@dataclass
class PlayerStats:
    player: int
    deals: int = 0
    quick_deals: int = 0
    won: int = 0
    lost: int = 0
    points: int = 0
    series: dict[Series, int] = field(default_factory=dict)
    # Doppelkopf (full deals): the party, the solos, the announcements, the extra points
    parties: dict[str, Tally] = field(default_factory=dict)
    solos_by_kind: dict[str, Tally] = field(default_factory=dict)
    solos_by_type: dict[str, Tally] = field(default_factory=dict)
    announcements: dict[str, Tally] = field(default_factory=dict)  # "re:no90" → made, won
    extras_won: dict[str, int] = field(default_factory=dict)
    extras_lost: dict[str, int] = field(default_factory=dict)
    # Schafkopf: the contracts by role ("declarer", "partner", "defender", "none")
    contracts: dict[str, Tally] = field(default_factory=dict)  # "declarer:rufer" → played, won
    schneider_won: int = 0
    schneider_lost: int = 0
    schwarz_won: int = 0
    schwarz_lost: int = 0
    # the Laufende the deal records, counted for its winning side (which side held them is not
    # recorded: docs/STATISTICS.md)
    laufende_won: int = 0
    laufende_lost: int = 0
    knocked: Tally = field(default_factory=Tally)
    kontra_given: Tally = field(default_factory=Tally)
    re_given: Tally = field(default_factory=Tally)

    @property
    def average_per_deal(self) -> float | None:
        return self.points / self.deals if self.deals else None

    @property
    def average_per_series(self) -> float | None:
        return self.points / len(self.series) if self.series else None

    @property
    def best_series(self) -> tuple[Series, int] | None:
        """The series with the most points (the earliest of equals)."""
        if not self.series:
            return None
        best = max(self.series.values())
        return min(key for key, points in self.series.items() if points == best), best

    def as_json(self) -> dict[str, Any]:
        best = self.best_series
        return {
            "player": self.player,
            "deals": self.deals,
            "quick_deals": self.quick_deals,
            "won": self.won,
            "lost": self.lost,
            "points": self.points,
            "average_per_deal": _rounded(self.average_per_deal),
            "series": len(self.series),
            "average_per_series": _rounded(self.average_per_series),
            "best_series": None
            if best is None
            else {"tournament": best[0][0], "series": best[0][1], "points": best[1]},
            "parties": _tallies(self.parties),
            "solos_by_kind": _tallies(self.solos_by_kind),
            "solos_by_type": _tallies(self.solos_by_type),
            "announcements": _tallies(self.announcements),
            "extras_won": dict(sorted(self.extras_won.items())),
            "extras_lost": dict(sorted(self.extras_lost.items())),
            "contracts": _tallies(self.contracts),
            "schneider": {"won": self.schneider_won, "lost": self.schneider_lost},
            "schwarz": {"won": self.schwarz_won, "lost": self.schwarz_lost},
            "laufende": {"won": self.laufende_won, "lost": self.laufende_lost},
            "knocked": _tally_json(self.knocked),
            "kontra_given": _tally_json(self.kontra_given),
            "re_given": _tally_json(self.re_given),
        }


@dataclass
class PairStats:
    """Two players (``first`` < ``second``) in the deals both played."""

    first: int
    second: int
    together: int = 0
    won_together: int = 0
    against: int = 0
    first_won: int = 0  # against each other: the first won, the second did not
    second_won: int = 0

    def seen_from(self, player: int) -> dict[str, int]:
        """The pair as ``player`` (one of the two) sees it: with whom, against whom, who won."""
        mine, theirs = (
            (self.first_won, self.second_won)
            if player == self.first
            else (self.second_won, self.first_won)
        )
        return {
            "other": self.second if player == self.first else self.first,
            "together": self.together,
            "won_together": self.won_together,
            "against": self.against,
            "won_against": mine,
            "lost_against": theirs,
        }


@dataclass
class Totals:
    """A history's deals counted once each, whoever played them (an evening or a season in
    figures): the solos (won: the soloist won), each party's announcement (won: that party
    won), every extra point (a fox caught, a Doppelkopf…) and Schafkopf's games by contract
    (won: the declarer's side won)."""

    deals: int = 0
    quick_deals: int = 0
    solos: Tally = field(default_factory=Tally)
    announcements: Tally = field(default_factory=Tally)
    extras: dict[str, int] = field(default_factory=dict)
    contracts: dict[str, Tally] = field(default_factory=dict)

    def as_json(self) -> dict[str, Any]:
        return {
            "deals": self.deals,
            "quick_deals": self.quick_deals,
            "solos": _tally_json(self.solos),
            "announcements": _tally_json(self.announcements),
            "extras": dict(sorted(self.extras.items())),
            "contracts": _tallies(self.contracts),
        }


@dataclass
class Statistics:
    players: dict[int, PlayerStats]
    pairs: dict[tuple[int, int], PairStats]
    totals: Totals = field(default_factory=Totals)

    def partners(self, player: int) -> list[dict[str, int]]:
        """Everyone ``player`` shared a deal with, most deals together first, then most
        against, then by id."""
        rows = [pair.seen_from(player) for pair in self.pairs.values() if player in _ids(pair)]
        return sorted(rows, key=lambda row: (-row["together"], -row["against"], row["other"]))

    def head_to_head(self, first: int, second: int) -> dict[str, int]:
        """Two players across every deal both played, as ``first`` sees it."""
        low, high = sorted((first, second))
        pair = self.pairs.get((low, high), PairStats(low, high))
        return pair.seen_from(first)


def compute(deals: Iterable[DealFacts], *, player: int | None = None) -> Statistics:
    """Every player's and every pair's figures from the deals that count; with ``player``,
    only that player's figures and the pairs they are one of (the same figures, less work)."""
    players: dict[int, PlayerStats] = {}
    pairs: dict[tuple[int, int], PairStats] = {}
    totals = Totals()
    for facts in deals:
        won = {position: facts.points.get(position, 0) > 0 for position in facts.players}
        _count_totals(totals, facts, won)
        counted = {
            position: _stats_of(players, who)
            for position, who in facts.players.items()
            if player is None or who == player
        }
        for position, stats in counted.items():
            _count_deal(stats, facts, position, won)
        _count_pairs(pairs, facts, won, player)
        if facts.quick:
            _count_quick(counted, facts, won)
        elif facts.game == SCHAFKOPF:
            _count_schafkopf(counted, facts, won)
        else:
            _count_doppelkopf(counted, facts, won)
    return Statistics(players, pairs, totals)


def _count_totals(totals: Totals, facts: DealFacts, won: Mapping[int, bool]) -> None:
    totals.deals += 1
    totals.quick_deals += int(facts.quick)
    soloist = _soloist(facts)
    if soloist is not None:
        totals.solos.add(won[soloist])
    if facts.quick:
        return
    deal = facts.deal
    if facts.game == SCHAFKOPF:
        _tally(totals.contracts, str(deal.get("contract")), facts.winner == "declarer")
        return
    announced = deal.get("announcements") or {}
    for party in ("re", "kontra"):
        if announced.get(party) is not None:
            totals.announcements.add(facts.winner == party)
    for extra in deal.get("extras") or ():
        kind = EARLIER_EXTRA_CODES.get(extra["type"], extra["type"])
        totals.extras[kind] = totals.extras.get(kind, 0) + 1


def _stats_of(players: dict[int, PlayerStats], player: int) -> PlayerStats:
    stats = players.get(player)
    if stats is None:
        stats = players[player] = PlayerStats(player)
    return stats


def merge(parts: Iterable[Statistics]) -> Statistics:
    """The figures of several histories (e.g. each tournament's) as one: the same as counting
    all their deals at once."""
    players: dict[int, PlayerStats] = {}
    pairs: dict[tuple[int, int], PairStats] = {}
    totals = Totals()
    for part in parts:
        for player, stats in part.players.items():
            _add(_stats_of(players, player), stats)
        for key, pair in part.pairs.items():
            _add(pairs.setdefault(key, PairStats(*key)), pair)
        _add(totals, part.totals)
    return Statistics(players, pairs, totals)


def _add(total: PlayerStats | PairStats | Totals, part: PlayerStats | PairStats | Totals) -> None:
    """Adds ``part``'s counts to ``total``'s (the ids stay)."""
    for name in (item.name for item in fields(total)):
        if name in ("player", "first", "second"):
            continue
        mine, theirs = getattr(total, name), getattr(part, name)
        if isinstance(mine, int):
            setattr(total, name, mine + theirs)
        elif isinstance(mine, Tally):
            mine.played += theirs.played
            mine.won += theirs.won
        else:
            for key, value in theirs.items():
                if isinstance(value, Tally):
                    tally = mine.setdefault(key, Tally())
                    tally.played += value.played
                    tally.won += value.won
                else:
                    mine[key] = mine.get(key, 0) + value


def _count_deal(
    stats: PlayerStats, facts: DealFacts, position: int, won: Mapping[int, bool]
) -> None:
    points = facts.points.get(position, 0)
    stats.deals += 1
    stats.quick_deals += int(facts.quick)
    stats.won += int(won[position])
    stats.lost += int(not won[position])
    stats.points += points
    stats.series[facts.series] = stats.series.get(facts.series, 0) + points


def parties(facts: DealFacts) -> list[set[int]]:
    """The deal's parties as sets of positions: Doppelkopf's Re and Kontra, Schafkopf's
    declarer's side and defenders; a Ramsch or Leaster has none (each player alone). A quick
    deal's are the players with equal points where there are exactly two such groups."""
    positions = set(facts.players)
    if facts.quick:
        groups: dict[int, set[int]] = {}
        for position in positions:
            groups.setdefault(facts.points.get(position, 0), set()).add(position)
        if len(groups) == 2:
            return list(groups.values())
        return [{position} for position in positions]
    if facts.game == SCHAFKOPF:
        side = _declarer_side(facts.deal)
        if not side:
            return [{position} for position in positions]
        return [side & positions, positions - side]
    re = set(facts.deal.get("re") or ())
    return [re & positions, positions - re]


def _count_pairs(
    pairs: dict[tuple[int, int], PairStats],
    facts: DealFacts,
    won: Mapping[int, bool],
    player: int | None,
) -> None:
    seated = facts.players
    if player is None:
        meetings: Iterable[tuple[int, int]] = combinations(seated, 2)
    else:
        mine = [position for position, who in seated.items() if who == player]
        meetings = [(mine[0], other) for other in seated if other != mine[0]] if mine else []
    if not meetings:
        return
    party_of = {position: index for index, party in enumerate(parties(facts)) for position in party}
    for one, two in meetings:
        first, second = (one, two) if facts.players[one] < facts.players[two] else (two, one)
        key = (facts.players[first], facts.players[second])
        pair = pairs.get(key)
        if pair is None:
            pair = pairs[key] = PairStats(*key)
        if party_of[first] == party_of[second]:
            pair.together += 1
            pair.won_together += int(won[first] and won[second])
        else:
            pair.against += 1
            pair.first_won += int(won[first] and not won[second])
            pair.second_won += int(won[second] and not won[first])


def _soloist(facts: DealFacts) -> int | None:
    """The soloist of a deal the series counts as a solo (its kind), where the deal says who."""
    if facts.kind not in SOLO_KINDS:
        return None
    if facts.quick:
        soloist = facts.deal.get("soloist")
        return soloist if soloist in facts.players else None
    re = list(facts.deal.get("re") or ())
    return re[0] if len(re) == 1 and re[0] in facts.players else None


def _count_quick(
    counted: Mapping[int, PlayerStats], facts: DealFacts, won: Mapping[int, bool]
) -> None:
    soloist = _soloist(facts)
    if soloist is None or soloist not in counted:
        return
    stats = counted[soloist]
    _tally(stats.solos_by_kind, facts.kind, won[soloist])
    if facts.game == SCHAFKOPF:
        _tally(stats.contracts, "declarer:solo", won[soloist])


def _count_doppelkopf(
    counted: Mapping[int, PlayerStats], facts: DealFacts, won: Mapping[int, bool]
) -> None:
    deal = facts.deal
    re = set(deal.get("re") or ())
    announced = deal.get("announcements") or {}
    soloist = _soloist(facts)
    for position, stats in counted.items():
        party = "re" if position in re else "kontra"
        _tally(stats.parties, party, won[position])
        level = announced.get(party)
        if level is not None:
            name = "announced" if level == party else level
            _tally(stats.announcements, f"{party}:{name}", facts.winner == party)
        for extra in deal.get("extras") or ():
            kind = EARLIER_EXTRA_CODES.get(extra["type"], extra["type"])
            counter = stats.extras_won if extra["party"] == party else stats.extras_lost
            counter[kind] = counter.get(kind, 0) + 1
    if soloist is not None and soloist in counted:
        stats = counted[soloist]
        _tally(stats.solos_by_kind, facts.kind, won[soloist])
        solo = deal.get("solo") if deal.get("contract") == "solo" else deal.get("contract")
        _tally(stats.solos_by_type, str(solo), won[soloist])


def _declarer_side(deal: Mapping[str, Any]) -> set[int]:
    if deal.get("contract") in NO_DECLARER or deal.get("declarer") is None:
        return set()
    side = {deal["declarer"]}
    if deal.get("contract") in WITH_PARTNER and deal.get("partner") is not None:
        side.add(deal["partner"])
    return side


def _count_schafkopf(
    counted: Mapping[int, PlayerStats], facts: DealFacts, won: Mapping[int, bool]
) -> None:
    deal = facts.deal
    contract = str(deal.get("contract"))
    side = _declarer_side(deal)
    winners = side if facts.winner == "declarer" else set(facts.players) - side
    decided = facts.winner in ("declarer", "defenders")
    knocked = set(deal.get("knocked") or ())
    for position, stats in counted.items():
        role = _role(deal, side, position)
        _tally(stats.contracts, f"{role}:{contract}", won[position])
        if decided:
            outcome = "won" if position in winners else "lost"
            for code in ("schneider", "schwarz"):
                if code in facts.lines:
                    name = f"{code}_{outcome}"
                    setattr(stats, name, getattr(stats, name) + 1)
            name = f"laufende_{outcome}"  # paid to the winners, whichever side held them
            setattr(stats, name, getattr(stats, name) + int(deal.get("laufende") or 0))
        if position in knocked:
            stats.knocked.add(won[position])
        if deal.get("kontra") == position:
            stats.kontra_given.add(won[position])
        if deal.get("re") == position:
            stats.re_given.add(won[position])


def _role(deal: Mapping[str, Any], side: set[int], position: int) -> str:
    if not side:
        return "none"
    if position == deal.get("declarer"):
        return "declarer"
    return "partner" if position in side else "defender"


def _tally(tallies: dict[str, Tally], key: str, won: bool) -> None:
    tallies.setdefault(key, Tally()).add(won)


def _tallies(tallies: Mapping[str, Tally]) -> dict[str, dict[str, int]]:
    return {key: _tally_json(tally) for key, tally in sorted(tallies.items())}


def _tally_json(tally: Tally) -> dict[str, int]:
    return {"played": tally.played, "won": tally.won}


def _rounded(value: float | None) -> float | None:
    return None if value is None else round(value, 2)


def _ids(pair: PairStats) -> tuple[int, int]:
    return pair.first, pair.second


Item = TypeVar("Item", "PlayerStats", "PairStats", "Totals")


def dump(statistics: Statistics) -> dict[str, Any]:
    """The figures as plain JSON data, every count kept (``load`` gives them back): how a
    tournament's figures are stored."""
    return {
        "players": {str(player): _dump(stats) for player, stats in statistics.players.items()},
        "pairs": [_dump(pair) for pair in statistics.pairs.values()],
        "totals": _dump(statistics.totals),
    }


def load(data: Mapping[str, Any]) -> Statistics:
    """The figures ``dump`` stored."""
    players = {int(player): load_player(stats) for player, stats in data["players"].items()}
    pairs = [_load(PairStats(0, 0), pair) for pair in data["pairs"]]
    totals = _load(Totals(), data["totals"])
    return Statistics(players, {(pair.first, pair.second): pair for pair in pairs}, totals)


def load_player(data: Mapping[str, Any]) -> PlayerStats:
    """One player's figures as ``dump`` stored them."""
    return _load(PlayerStats(0), data)


def load_totals(data: Mapping[str, Any]) -> Totals:
    """The deals counted once each as ``dump`` stored them."""
    return _load(Totals(), data)


def _dump(item: PlayerStats | PairStats | Totals) -> dict[str, Any]:
    data: dict[str, Any] = {}
    for name in (each.name for each in fields(item)):
        value = getattr(item, name)
        if isinstance(value, Tally):
            data[name] = [value.played, value.won]
        elif isinstance(value, dict):
            data[name] = {_key(key): _plain(count) for key, count in value.items()}
        else:
            data[name] = value
    return data


def _load(item: Item, data: Mapping[str, Any]) -> Item:
    for name in (each.name for each in fields(item)):
        value, stored = getattr(item, name), data[name]
        if isinstance(value, Tally):
            setattr(item, name, Tally(*stored))
        elif isinstance(value, dict):
            setattr(item, name, {_unkey(name, key): _count(count) for key, count in stored.items()})
        else:
            setattr(item, name, stored)
    return item


def _key(key: str | Series) -> str:
    return key if isinstance(key, str) else f"{key[0]}:{key[1]}"


def _unkey(name: str, key: str) -> str | Series:
    if name != "series":
        return key
    tournament, series = key.split(":")
    return int(tournament), int(series)


def _plain(count: int | Tally) -> int | list[int]:
    return [count.played, count.won] if isinstance(count, Tally) else count


def _count(stored: int | list[int]) -> int | Tally:
    return Tally(*stored) if isinstance(stored, list) else stored
