"""Seeded random but valid Doppelkopf deals: the demo tournament's and the benchmarks' data.

Everything here is pure Python (no Django): the series engine says what the next deal is (its
number, dealer, the four players, a Vorführung due), this module invents what happened in it
(contract, parties, card points, announcements, extra points) the way a table plausibly plays,
and the rules engine checks and scores it. A deal the rules engine refuses is a bug of this
module, never something to skip: ``generate_series`` raises it.

The same ``random.Random`` state gives the same deals, so a seed reproduces a whole demo.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from rules import DealScore, parse_rules, score_deal
from rules.doppelkopf import TOTAL_POINTS, deal_from_dict
from tournaments.engine.series import (
    DealKind,
    NextDeal,
    PlayedDeal,
    SeriesSettings,
    classify,
    replay,
)

RE, KONTRA = "re", "kontra"
# Solo types as often as tournament tables play them (queens and jacks solos are the classics).
SOLO_TYPES = (
    ("queens", 30),
    ("jacks", 22),
    ("diamonds", 14),
    ("hearts", 8),
    ("spades", 8),
    ("clubs", 10),
    ("fleischlos", 8),
)
# Per deal without a due Pflichtsolo: how often each contract is played (the rest: normal).
WEDDING = 0.05
PARTNERLESS_WEDDING = 0.15  # of the weddings: no partner in the first three tricks
SILENT_WEDDING = 0.025
VOLUNTARY_SOLO = 0.03  # only by a player whose Pflichtsolo is done
SCHWARZ = 0.01  # a party without a single trick


@dataclass(frozen=True)
class TablePlan:
    """When each position means to play its Pflichtsolo.

    ``compulsory_at[p]`` is the deal number from which position ``p`` plays it (at the first such
    deal where the player is not sitting out and nobody else's is due first); ``None`` means the
    player leaves it to the end, so that the series forces it (a Vorführung).
    """

    compulsory_at: Mapping[int, int | None]

    def lazy(self) -> list[int]:
        return [seat for seat, number in self.compulsory_at.items() if number is None]


@dataclass(frozen=True)
class GeneratedDeal:
    """One generated deal: the contract's deal object, where it stands in the series, its score."""

    deal: dict
    upcoming: NextDeal
    kind: DealKind
    score: DealScore


def plan_table(rng: random.Random, settings: SeriesSettings, *, lazy: int = 0) -> TablePlan:
    """A plan for one table: ``lazy`` random positions leave their Pflichtsolo to the end."""
    seats = list(settings.seats)
    lazy_seats = set(rng.sample(seats, lazy)) if lazy else set()
    last = max(1, settings.planned_total - settings.table_size - 2)
    return TablePlan({seat: None if seat in lazy_seats else rng.randint(1, last) for seat in seats})


def generate_series(
    rng: random.Random,
    settings: SeriesSettings,
    *,
    plan: TablePlan | None = None,
    deals: int | None = None,
    rules: Mapping[str, object] | None = None,
) -> list[GeneratedDeal]:
    """The first ``deals`` deals of a series at one table (all of them by default)."""
    plan = plan or plan_table(rng, settings)
    engine_rules = parse_rules("doppelkopf", rules or {})
    played: list[PlayedDeal] = []
    generated: list[GeneratedDeal] = []
    while deals is None or len(generated) < deals:
        state = replay(settings, played)
        if state.next_deal is None:
            break
        deal = choose_deal(rng, state.next_deal, state.compulsory_done, plan)
        as_played = PlayedDeal.of_result("doppelkopf", deal)
        kind = classify(settings, played, as_played)  # raises SeriesRefused: a bug here
        score = score_deal(engine_rules, deal_from_dict(deal))  # raises DealRejected: a bug here
        generated.append(GeneratedDeal(deal, state.next_deal, kind, score))
        played.append(as_played)
    return generated


def choose_deal(
    rng: random.Random, upcoming: NextDeal, compulsory_done: frozenset[int], plan: TablePlan
) -> dict:
    """What happens in the deal ``upcoming``: a Vorführung, a due Pflichtsolo, or a random game."""
    players = upcoming.players
    if upcoming.forced_soloist is not None:
        return solo_deal(rng, players, upcoming.forced_soloist)
    due = {
        seat: at
        for seat in players
        if seat not in compulsory_done
        and (at := plan.compulsory_at.get(seat)) is not None
        and at <= upcoming.number
    }
    if due:
        return solo_deal(rng, players, min(due, key=due.__getitem__))
    roll = rng.random()
    if roll < WEDDING:
        return wedding_deal(rng, players)
    roll -= WEDDING
    if roll < SILENT_WEDDING:
        return solo_like_deal(rng, players, rng.choice(players), contract="silent_wedding")
    roll -= SILENT_WEDDING
    done = [seat for seat in players if seat in compulsory_done]
    if roll < VOLUNTARY_SOLO and done:
        return solo_deal(rng, players, rng.choice(done))
    return normal_deal(rng, players, tuple(sorted(rng.sample(players, 2))))


# --- contracts -------------------------------------------------------------------------------


def normal_deal(
    rng: random.Random, players: Sequence[int], re: Sequence[int], *, contract: str = "normal"
) -> dict:
    """A game with two Re players: card points, announcements and extra points."""
    re_points, re_tricks = card_points(rng, mean=122, spread=38)
    return _deal(
        contract,
        players,
        re,
        re_points,
        re_tricks,
        announcements(rng, re_points),
        extras(rng, re_points, re_tricks),
    )


def wedding_deal(rng: random.Random, players: Sequence[int]) -> dict:
    wedding_player = rng.choice(players)
    if rng.random() < PARTNERLESS_WEDDING:  # scored as a Karo solo, no extra points
        return solo_like_deal(rng, players, wedding_player, contract="wedding")
    partner = rng.choice([seat for seat in players if seat != wedding_player])
    return normal_deal(rng, players, sorted((wedding_player, partner)), contract="wedding")


def solo_deal(rng: random.Random, players: Sequence[int], soloist: int) -> dict:
    types, weights = zip(*SOLO_TYPES, strict=True)
    solo = rng.choices(types, weights)[0]
    return solo_like_deal(rng, players, soloist, contract="solo", solo=solo)


def solo_like_deal(
    rng: random.Random,
    players: Sequence[int],
    soloist: int,
    *,
    contract: str,
    solo: str | None = None,
) -> dict:
    """A solo, a silent wedding or a wedding without partner: one Re player, no extras."""
    mean = 135 if contract == "solo" else 128
    re_points, re_tricks = card_points(rng, mean=mean, spread=45)
    return _deal(
        contract,
        players,
        [soloist],
        re_points,
        re_tricks,
        announcements(rng, re_points),
        [],
        solo=solo,
    )


def _deal(contract, players, re, re_points, re_tricks, announced, extra, *, solo=None) -> dict:
    return {
        "contract": contract,
        "solo": solo,
        "re": list(re),
        "seats": list(players),
        "re_points": re_points,
        "re_tricks": re_tricks,
        "announcements": announced,
        "extras": extra,
    }


# --- what happened in the tricks -------------------------------------------------------------


def card_points(rng: random.Random, *, mean: float, spread: float) -> tuple[int, int | None]:
    """Re's card points (0-240, never 1 or 239) and, where a party has none, Re's tricks."""
    if rng.random() < SCHWARZ:
        re_points = TOTAL_POINTS if rng.random() < 0.6 else 0
    else:
        re_points = round(rng.gauss(mean, spread))
        re_points = min(max(re_points, 2), TOTAL_POINTS - 2)  # 1 and 239 cannot happen
    if re_points == 0:
        return 0, 0  # up to two tricks of four nines are worth 0; a black party has none
    if re_points == TOTAL_POINTS:
        return TOTAL_POINTS, 12
    return re_points, None


def announcements(rng: random.Random, re_points: int) -> dict:
    """Re/Kontra and Absagen, mostly by the party that then makes them (sometimes not)."""
    return {
        RE: _announced(rng, re_points, "re"),
        KONTRA: _announced(rng, TOTAL_POINTS - re_points, "kontra"),
    }


def _announced(rng: random.Random, points: int, first_level: str) -> str | None:
    winning = points >= 121
    if rng.random() >= (0.35 if winning else 0.06):
        return None
    level = first_level
    for absage, reach in (("no90", 151), ("no60", 181), ("no30", 211)):
        confident = points >= reach or rng.random() < 0.03  # now and then an Absage fails
        if not confident or rng.random() >= 0.35:
            break
        level = absage
    return level


def extras(rng: random.Random, re_points: int, re_tricks: int | None) -> list[dict]:
    """Foxes, Doppelköpfe and a Karlchen, each for a party that won the card points it needs."""
    points = {RE: re_points, KONTRA: TOTAL_POINTS - re_points}
    has_trick = {RE: re_points > 0, KONTRA: re_points < TOTAL_POINTS}
    if re_tricks is not None:
        has_trick = {RE: re_tricks > 0, KONTRA: re_tricks < 12}
    made: list[dict] = []
    needs = {"fox": 11, "doppelkopf": 40, "karlchen": 2}
    chances = (("fox", 0.14), ("fox", 0.14), ("doppelkopf", 0.2), ("doppelkopf", 0.06))
    for kind, chance in (*chances, ("karlchen", 0.07)):
        if rng.random() >= chance:
            continue
        # The party with more card points more likely took the trick.
        party = RE if rng.random() * TOTAL_POINTS < points[RE] else KONTRA
        count = sum(1 for extra in made if extra == {"type": kind, "party": party})
        if has_trick[party] and points[party] >= needs[kind] * (count + 1):
            made.append({"type": kind, "party": party})
    return made


def corrected(rng: random.Random, deal: Mapping) -> dict:
    """The same deal with the card points recounted (and the extras made to fit them again)."""
    changed = dict(deal)
    delta = rng.choice((-1, 1)) * rng.randint(4, 20)
    re_points = min(max(deal["re_points"] + delta, 2), TOTAL_POINTS - 2)
    if re_points == deal["re_points"]:
        re_points = 120
    changed["re_points"], changed["re_tricks"] = re_points, None
    if deal["extras"]:
        changed["extras"] = extras(rng, re_points, None)
    return changed
