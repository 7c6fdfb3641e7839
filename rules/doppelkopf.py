"""The Doppelkopf rules engine: DDV tournament rules (TSR 7) and the club options of RULES.md §1.10.

It validates one deal's result as a table captain reports it (who was Re, card points, tricks where
needed, announcements, extra points) and computes winner, game value, a coded breakdown and the
points per seat. It does not know the series (dealer, Pflichtsolo order, Vorführung: see
``tournaments.engine``), does not translate messages and does not store anything.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, cast

from karlchen.refusals import Problems

from .common import DealScore, Line, band_holding, split_points, validate_seats

RE, KONTRA = "re", "kontra"
PARTIES = (RE, KONTRA)

CONTRACTS = ("normal", "wedding", "silent_wedding", "solo", "poverty")
SOLO_TYPES = (
    *("diamonds", "hearts", "spades", "clubs", "queens", "jacks", "fleischlos"),
    "queens_jacks",  # a house rule: only where the rule set enables it
)
# Index = announcement level: 1 is the plain "Re"/"Kontra", 2.. are the Absagen.
RE_LEVELS = (None, "re", "no90", "no60", "no30", "schwarz")
KONTRA_LEVELS = (None, "kontra", "no90", "no60", "no30", "schwarz")
ABSAGE_NAMES = ("no90", "no60", "no30", "schwarz")
# What a party must keep the opponents under for each Absage; "schwarz" means no trick at all.
ABSAGE_LIMITS = {"no90": 90, "no60": 60, "no30": 30, "schwarz": None}
# Points a party must reach against the opponents' Absage for the "reached" item (TSR 7.2).
REACHED_AGAINST = {"no90": 120, "no60": 90, "no30": 60, "schwarz": 30}
UNDER_LIMITS = ((90, "under_90"), (60, "under_60"), (30, "under_30"))

DDV_EXTRAS = ("fox", "doppelkopf", "karlchen")
HOUSE_EXTRAS = (
    *("dulle_caught", "karlchen_caught", "karlchen_killed_by_diamond_queen"),
    *("fox_caught_in_last_trick", "fox_wins_last_trick"),
)
EXTRA_TYPES = DDV_EXTRAS + HOUSE_EXTRAS
# "Fuchs letzter Stich" means two things: before 2026-12 Karlchen's ``fox_last_trick`` was an
# opponent's fox CAUGHT in the last trick; clubs and programs mean a party winning the last trick
# WITH ITS OWN fox. The old code stays readable (stored deals, rule sets, archives) and is read as
# the unambiguous name of what it always meant (RULES.md §6, "Fuchs letzter Stich").
LEGACY_EXTRAS = {"fox_last_trick": "fox_caught_in_last_trick"}


@dataclass(frozen=True, slots=True)
class ExtraKind:
    """How often an extra point can happen in one deal and what it says about the party's tricks."""

    max_per_deal: int
    min_points_each: int  # card points the party must have won for each occurrence
    in_last_trick: bool = False


EXTRA_KINDS = {
    "fox": ExtraKind(max_per_deal=2, min_points_each=11),  # the ♦A itself is in the trick
    # Only aces and tens make a 40-point trick; 16 of them: at most 4 such tricks.
    "doppelkopf": ExtraKind(max_per_deal=4, min_points_each=40),
    "karlchen": ExtraKind(max_per_deal=1, min_points_each=2, in_last_trick=True),
    "dulle_caught": ExtraKind(max_per_deal=2, min_points_each=10),
    "karlchen_caught": ExtraKind(max_per_deal=2, min_points_each=2, in_last_trick=True),
    "karlchen_killed_by_diamond_queen": ExtraKind(
        max_per_deal=2, min_points_each=5, in_last_trick=True
    ),
    "fox_caught_in_last_trick": ExtraKind(max_per_deal=2, min_points_each=11, in_last_trick=True),
    # One card wins the last trick: the party's own ♦A, so at most once per deal.
    "fox_wins_last_trick": ExtraKind(max_per_deal=1, min_points_each=11, in_last_trick=True),
}
CLUB_JACK_EXTRAS = ("karlchen", "karlchen_caught", "karlchen_killed_by_diamond_queen")
# Extras that name the card winning the last trick (♣J, ♦Q, ♦A): at most one of them per deal.
LAST_TRICK_WINNERS = ("karlchen", "karlchen_killed_by_diamond_queen", "fox_wins_last_trick")

# What starts a Bock round (RULES.md §2.3); a rule set picks any of them, none by default.
BOCK_TRIGGERS = ("tie_120", "announced_lost", "re_and_kontra", "solo_lost", "karlchen_caught")
BOCK_STACKINGS = ("multiply", "add", "queue")
BOCK_MODES = ("multiply", "add")  # a Bock level multiplies the value, or adds points to it

TOTAL_POINTS = 240
# Only these bands of Re's card points decide a score (the marks 30, 60, 90, 120/121 of either
# party), so a club that does not count exactly records the band: "121-150" scores as 131 does.
POINT_BANDS: Mapping[str, tuple[int, int]] = {
    "0": (0, 0),
    "1-29": (1, 29),
    "30-59": (30, 59),
    "60-89": (60, 89),
    "90-119": (90, 119),
    "120": (120, 120),
    "121-150": (121, 150),
    "151-180": (151, 180),
    "181-210": (181, 210),
    "211-239": (211, 239),
    "240": (240, 240),
}


def band_of(re_points: int) -> str:
    """The band of ``POINT_BANDS`` that holds these card points of Re (0–240)."""
    return band_holding(POINT_BANDS, re_points)


NORMAL_SCORED = ("normal", "wedding", "poverty")  # contracts scored as a normal game (with 2 Re)


@dataclass(frozen=True, slots=True)
class DoppelkopfRules:
    """A rule set. The defaults are the DDV tournament rules (preset ``ddv``)."""

    scoring: str = "ddv"  # or "doubling"
    extras: frozenset[str] = frozenset(DDV_EXTRAS)
    against_the_elders: bool = True
    solo_multiplier: int = 3
    no_hintertuer: bool = False
    deck: str = "with_nines"  # or "without_nines"
    poverty: bool = False
    queens_jacks_solo: bool = False
    # Options that change play or the series, not the score of a deal: kept so a rule set
    # round-trips, validated like the others.
    schweinchen: bool = False
    second_dulle_beats_first: bool = False
    compulsory_solos: bool = True
    # Bock rounds (RULES.md §2.3): state across deals, so the series engine plays them; a deal's
    # score only takes the factor it is given. No trigger: no Bock (the DDV rules have none).
    bock_triggers: frozenset[str] = frozenset()
    bock_length: int | None = None  # deals per Bock round; None: as many as players at the table
    bock_stacking: str = "multiply"
    bock_multiplier: int = 2
    bock_max_level: int = 3
    bock_pause_compulsory_solos: bool = False
    bock_mode: str = "multiply"  # "add": a Bock level adds bock_add_points to the value
    bock_add_points: int = 1

    @property
    def bock(self) -> bool:
        return bool(self.bock_triggers)

    @property
    def tricks(self) -> int:
        return 12 if self.deck == "with_nines" else 10

    @property
    def zero_point_tricks_possible(self) -> int:
        """Eight nines make at most two tricks worth nothing; without nines every trick counts."""
        return 2 if self.deck == "with_nines" else 0

    @property
    def min_trick_points(self) -> int:
        return 0 if self.deck == "with_nines" else 8  # four jacks

    @property
    def fewest_points_with_a_trick(self) -> int:
        """No card is worth 1: the cheapest trick that counts is a jack and three nines (2)."""
        return 2 if self.deck == "with_nines" else 8


@dataclass(frozen=True, slots=True)
class Announcements:
    re: str | None = None
    kontra: str | None = None


@dataclass(frozen=True, slots=True)
class Extra:
    type: str
    party: str


@dataclass(frozen=True, slots=True)
class DoppelkopfDeal:
    """One deal as the captain reports it (the contract's ``deal`` object)."""

    contract: str
    re: tuple[int, ...]
    re_points: int | None = None  # exact card points, or else ...
    seats: tuple[int, ...] = (1, 2, 3, 4)
    solo: str | None = None
    re_tricks: int | None = None
    kontra_points: int | None = None
    announcements: Announcements = field(default_factory=Announcements)
    extras: tuple[Extra, ...] = ()
    re_band: str | None = None  # ... the band of POINT_BANDS they fell in

    @property
    def re_range(self) -> tuple[int, int]:
        """The lowest and highest card points Re can have had (the same for exact points)."""
        if self.re_band is not None:
            return POINT_BANDS[self.re_band]
        assert self.re_points is not None, "validate() refuses a deal without points"
        return (self.re_points, self.re_points)


# --- rule sets -------------------------------------------------------------------------------

BOOL_OPTIONS = (
    "against_the_elders",
    "no_hintertuer",
    "poverty",
    "queens_jacks_solo",
    "schweinchen",
    "second_dulle_beats_first",
    "compulsory_solos",
    "bock_pause_compulsory_solos",
)
CHOICE_OPTIONS = {
    "scoring": ("ddv", "doubling"),
    "deck": ("with_nines", "without_nines"),
    "bock_stacking": BOCK_STACKINGS,
    "bock_mode": BOCK_MODES,
}
# Integer options: inclusive bounds. The caps keep 4^4 × a game value far from any overflow.
INT_OPTIONS = {"bock_multiplier": (2, 4), "bock_max_level": (1, 4), "bock_add_points": (1, 10)}
BOCK_LENGTH_PLAYERS = "players"
BOCK_FACTOR_MAX = 256  # 4^4: the highest factor a rule set can reach
BOCK_POINTS_MAX = 40  # 10 points × level 4: the most a rule set can add
BOCK_LENGTH_MAX = 12
PRESETS = ("ddv", "club_bock")
# A club evening with Bock rounds: the triggers and length clubs play most often (RULES.md §2.3).
PRESET_OPTIONS: dict[str, dict[str, Any]] = {
    "ddv": {},
    "club_bock": {
        "bock_triggers": frozenset({"tie_120", "announced_lost", "solo_lost"}),
        "bock_pause_compulsory_solos": True,
    },
}


def parse_doppelkopf_rules(options: Mapping[str, object]) -> DoppelkopfRules:
    """Build a rule set from a client's options (preset ``ddv`` plus overrides).

    Raises ``DealRejected`` naming every unknown or invalid option (fields ``rules.<option>``).
    """
    problems = Problems()
    if not isinstance(options, Mapping):
        problems.add("invalid_option", "rules", option="rules")
        problems.raise_if_any()
    values: dict[str, Any] = {}  # checked option values, by option name
    for key, value in options.items():
        parsed = _parse_option(key, value, problems)
        if parsed is not None:
            values[key] = parsed
    problems.raise_if_any()
    preset = options.get("preset", "ddv")
    return DoppelkopfRules(**{**PRESET_OPTIONS[str(preset)], **values})


def _parse_option(key: str, value: object, problems: Problems) -> object | None:
    if key == "preset":
        if value not in PRESETS:
            problems.add("unknown_preset", "rules.preset", preset=str(value))
        return None
    if key in BOOL_OPTIONS:
        valid = isinstance(value, bool)
    elif key in CHOICE_OPTIONS:
        valid = isinstance(value, str) and value in CHOICE_OPTIONS[key]
    elif key in INT_OPTIONS:
        low, high = INT_OPTIONS[key]
        valid = type(value) is int and low <= value <= high
    elif key == "extras":
        valid = isinstance(value, list) and all(
            isinstance(kind, str) and (kind in EXTRA_TYPES or kind in LEGACY_EXTRAS)
            for kind in value
        )
        value = frozenset(map(_current_extra, cast(list[str], value))) if valid else value
    elif key == "bock_triggers":
        valid = isinstance(value, list) and all(
            isinstance(trigger, str) and trigger in BOCK_TRIGGERS for trigger in value
        )
        value = frozenset(cast(list[str], value)) if valid else value
    elif key == "bock_length":
        valid = value == BOCK_LENGTH_PLAYERS or (
            type(value) is int and 1 <= value <= BOCK_LENGTH_MAX
        )
        if valid:
            return None if value == BOCK_LENGTH_PLAYERS else value  # None: the default
    elif key == "solo_multiplier":
        # The soloist plays against three: only multiples of 3 keep the deal zero-sum.
        valid = type(value) is int and 3 <= value <= 30 and value % 3 == 0
    else:
        problems.add("unknown_option", f"rules.{key}", option=str(key))
        return None
    if not valid:
        problems.add("invalid_option", f"rules.{key}", option=key)
        return None
    return value


def _current_extra(kind: str) -> str:
    """An extra's code, the legacy ``fox_last_trick`` read as what it always meant."""
    return LEGACY_EXTRAS.get(kind, kind)


# --- validation ------------------------------------------------------------------------------


def validate(rules: DoppelkopfRules, deal: DoppelkopfDeal) -> None:
    """Raise ``DealRejected`` with every reason this deal cannot have happened under ``rules``."""
    problems = Problems()
    contract_ok = _check_contract(rules, deal, problems)
    seats_ok = validate_seats(deal.seats, problems)
    _check_re_party(deal, problems, contract_known=contract_ok, seats_known=seats_ok)
    points_ok = _check_points(rules, deal, problems)
    if points_ok:
        _check_tricks(rules, deal, problems)
    _check_announcements(deal, problems)
    if contract_ok:
        _check_extras(rules, deal, problems, points_known=points_ok)
    problems.raise_if_any()


def _check_contract(rules: DoppelkopfRules, deal: DoppelkopfDeal, problems: Problems) -> bool:
    if deal.contract not in CONTRACTS:
        problems.add("unknown_contract", "deal.contract", contract=deal.contract)
        return False
    if deal.contract == "poverty" and not rules.poverty:
        problems.add("contract_not_allowed", "deal.contract", contract=deal.contract)
        return False
    if deal.contract != "solo":
        if deal.solo is not None:
            problems.add("solo_type_not_allowed", "deal.solo", contract=deal.contract)
        return True
    if deal.solo is None:
        problems.add("solo_type_required", "deal.solo")
    elif deal.solo not in SOLO_TYPES:
        problems.add("unknown_solo_type", "deal.solo", solo=deal.solo)
    elif deal.solo == "queens_jacks" and not rules.queens_jacks_solo:
        problems.add("solo_type_not_enabled", "deal.solo", solo=deal.solo)
    return True


def _allowed_re_counts(contract: str) -> tuple[int, ...]:
    if contract == "wedding":
        return (1, 2)  # 1: no partner found in the first three tricks
    return (2,) if contract in NORMAL_SCORED else (1,)


def _check_re_party(
    deal: DoppelkopfDeal, problems: Problems, *, contract_known: bool, seats_known: bool
) -> None:
    allowed = _allowed_re_counts(deal.contract)
    if contract_known and len(deal.re) not in allowed:
        expected = "/".join(map(str, allowed))
        problems.add("re_count", "deal.re", expected=expected, given=len(deal.re))
    if len(set(deal.re)) != len(deal.re):
        problems.add("re_duplicate", "deal.re")
    for index, seat in enumerate(deal.re):
        if seats_known and seat not in deal.seats:
            problems.add("re_not_seated", f"deal.re.{index}", seat=seat)


def scored_as_solo(deal: DoppelkopfDeal) -> bool:
    """Solos, silent weddings and weddings without a partner: soloist ×3, no extra points."""
    return deal.contract in ("solo", "silent_wedding") or (
        deal.contract == "wedding" and len(deal.re) == 1
    )


def _check_points(rules: DoppelkopfRules, deal: DoppelkopfDeal, problems: Problems) -> bool:
    points = deal.re_points
    if deal.re_band is not None:
        return _check_band(deal, problems)
    if points is None:
        problems.add("points_required", "deal.re_points")
        return False
    if not 0 <= points <= TOTAL_POINTS:
        problems.add("points_range", "deal.re_points", min=0, max=TOTAL_POINTS)
        return False
    if deal.kontra_points is not None and deal.kontra_points + points != TOTAL_POINTS:
        problems.add("points_sum", "deal.re_points", total=TOTAL_POINTS)
        return False
    smallest = rules.fewest_points_with_a_trick
    if 0 < points < smallest or TOTAL_POINTS - smallest < points < TOTAL_POINTS:
        problems.add("points_impossible", "deal.re_points", points=points)
        return False
    return True


def _check_band(deal: DoppelkopfDeal, problems: Problems) -> bool:
    if deal.re_band not in POINT_BANDS:
        problems.add("unknown_band", "deal.re_band", band=str(deal.re_band))
        return False
    if deal.re_points is not None or deal.kontra_points is not None:
        problems.add("points_and_band", "deal.re_band")
        return False
    return True


def _check_tricks(rules: DoppelkopfRules, deal: DoppelkopfDeal, problems: Problems) -> None:
    tricks = deal.re_tricks
    low, high = deal.re_range
    if tricks is None:
        if low == high and low in (0, TOTAL_POINTS) and rules.zero_point_tricks_possible:
            problems.add("tricks_required", "deal.re_tricks")
        return
    if not 0 <= tricks <= rules.tricks:
        problems.add("tricks_range", "deal.re_tricks", min=0, max=rules.tricks)
    elif not any(_tricks_fit_points(rules, points, tricks) for points in range(low, high + 1)):
        points = deal.re_band if deal.re_band is not None else low
        problems.add("tricks_inconsistent", "deal.re_tricks", tricks=tricks, points=points)


def _tricks_fit_points(rules: DoppelkopfRules, re_points: int, re_tricks: int) -> bool:
    """Whether Re can have won ``re_tricks`` tricks worth ``re_points`` (a trick holds 0..44)."""
    kontra_tricks = rules.tricks - re_tricks
    kontra_points = TOTAL_POINTS - re_points
    for points, tricks in ((re_points, re_tricks), (kontra_points, kontra_tricks)):
        if points > 44 * tricks or points < rules.min_trick_points * tricks:
            return False
        if points == 0 and tricks > rules.zero_point_tricks_possible:
            return False
    return True


def _check_announcements(deal: DoppelkopfDeal, problems: Problems) -> None:
    for party, levels in ((RE, RE_LEVELS), (KONTRA, KONTRA_LEVELS)):
        level = getattr(deal.announcements, party)
        if level not in levels:
            problems.add("unknown_announcement", f"deal.announcements.{party}", level=str(level))


def _check_extras(
    rules: DoppelkopfRules, deal: DoppelkopfDeal, problems: Problems, *, points_known: bool
) -> None:
    if not deal.extras:
        return
    if scored_as_solo(deal):
        problems.add("extras_in_solo", "deal.extras")
        return
    known = _check_each_extra(rules, deal.extras, problems)
    counts = Counter(known)
    _check_extra_counts(counts, problems)
    if points_known:
        _check_extras_fit_points(deal, counts, problems)


def _check_each_extra(
    rules: DoppelkopfRules, extras: tuple[Extra, ...], problems: Problems
) -> list[tuple[str, str]]:
    known = []
    for index, extra in enumerate(extras):
        ok = True
        if extra.type not in EXTRA_TYPES:
            problems.add("unknown_extra", f"deal.extras.{index}.type", extra=extra.type)
            ok = False
        elif extra.type not in rules.extras:
            problems.add("extra_not_enabled", f"deal.extras.{index}.type", extra=extra.type)
            ok = False
        if extra.party not in PARTIES:
            problems.add("unknown_party", f"deal.extras.{index}.party", party=extra.party)
            ok = False
        if ok:
            known.append((extra.type, extra.party))
    return known


def _check_extra_counts(counts: Counter[tuple[str, str]], problems: Problems) -> None:
    per_type: Counter[str] = Counter()
    for (kind, _party), count in counts.items():
        per_type[kind] += count
    for kind, count in per_type.items():
        most = EXTRA_KINDS[kind].max_per_deal
        if count > most:
            problems.add("extra_too_many", "deal.extras", extra=kind, max=most)
    if sum(per_type[kind] for kind in CLUB_JACK_EXTRAS) > 2:
        problems.add("extra_too_many", "deal.extras", extra="karlchen", max=2)
    if sum(1 for kind in LAST_TRICK_WINNERS if per_type[kind]) > 1:
        problems.add("last_trick_conflict", "deal.extras")  # one card wins the last trick
    last_trick_parties = {party for (kind, party) in counts if EXTRA_KINDS[kind].in_last_trick}
    if len(last_trick_parties) > 1:
        problems.add("last_trick_conflict", "deal.extras")
    for party in PARTIES:
        if counts[("fox_caught_in_last_trick", party)] > counts[("fox", party)]:
            problems.add("fox_last_trick_without_fox", "deal.extras", party=party)


def _check_extras_fit_points(
    deal: DoppelkopfDeal, counts: Counter[tuple[str, str]], problems: Problems
) -> None:
    low, high = deal.re_range
    most_points = {RE: high, KONTRA: TOTAL_POINTS - low}  # a band leaves every point in it open
    for (kind, party), count in counts.items():
        if most_points[party] < EXTRA_KINDS[kind].min_points_each * count:
            problems.add("extra_exceeds_points", "deal.extras", extra=kind, party=party)


# --- scoring ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Facts:
    """What the validated deal says about each party, the way the scoring rules ask for it."""

    points: Mapping[str, int]
    has_trick: Mapping[str, bool]
    levels: Mapping[str, int]  # 0 nothing, 1 Re/Kontra, 2 no90 … 5 schwarz

    @classmethod
    def of(cls, rules: DoppelkopfRules, deal: DoppelkopfDeal) -> _Facts:
        # Any points of a band score alike: every mark that counts is one of its edges.
        re_points = deal.re_range[0]
        if deal.re_tricks is None:  # validation made sure the points tell
            has_trick = {RE: re_points > 0, KONTRA: re_points < TOTAL_POINTS}
        else:
            has_trick = {RE: deal.re_tricks > 0, KONTRA: deal.re_tricks < rules.tricks}
        levels = {
            RE: RE_LEVELS.index(deal.announcements.re),
            KONTRA: KONTRA_LEVELS.index(deal.announcements.kontra),
        }
        return cls({RE: re_points, KONTRA: TOTAL_POINTS - re_points}, has_trick, levels)

    def absagen(self, party: str) -> tuple[str, ...]:
        return ABSAGE_NAMES[: max(0, self.levels[party] - 1)]

    def is_under(self, party: str, limit: int | None) -> bool:
        """Below ``limit`` card points; ``None`` stands for schwarz (no trick at all)."""
        return not self.has_trick[party] if limit is None else self.points[party] < limit


def other(party: str) -> str:
    return KONTRA if party == RE else RE


def score_doppelkopf(
    rules: DoppelkopfRules, deal: DoppelkopfDeal, *, bock_factor: int = 1, bock_points: int = 0
) -> DealScore:
    """Score one deal: winner, game value, breakdown and points per active seat (TSR 7).

    ``bock_factor`` is the deal's Bock factor as the series engine worked it out (1: no Bock);
    it multiplies the value and every seat's points and shows as the breakdown's last line.
    ``bock_points`` (Bock that adds, RULES.md §2.3) are added to the value of the party that won
    (or is ahead) instead. Raises ``DealRejected`` (with every problem) for a result that cannot
    have happened.
    """
    if bock_factor < 1 or bock_points < 0 or (bock_factor > 1 and bock_points):
        raise ValueError(f"invalid Bock: factor {bock_factor!r}, points {bock_points!r}")
    validate(rules, deal)
    facts = _Facts.of(rules, deal)
    solo = scored_as_solo(deal)
    winner = _winner(facts)
    lines = _game_lines(rules, facts, winner, elders=not solo and deal.contract != "poverty")
    if not solo:
        lines += _extra_lines(deal.extras)
    net_re = sum(line.points if line.party == RE else -line.points for line in lines)
    ahead = winner or (RE if net_re >= 0 else KONTRA)
    value = net_re if ahead == RE else -net_re
    zeroed = False  # the Hintertür closed: the deal scores 0 for everyone
    if rules.no_hintertuer and winner and value < 0:
        lines.append(Line("no_hintertuer", winner, -value))
        net_re, value, zeroed = 0, 0, True
    if bock_factor > 1:
        # The line adds (factor - 1) × the value to the party ahead: the lines still net to it.
        lines.append(Line("bock", ahead, value * (bock_factor - 1)))
        net_re, value = net_re * bock_factor, value * bock_factor
    if bock_points and not zeroed and (winner is not None or value):
        # A deal that scores nothing for anyone (nobody won and nobody is ahead, or the
        # Hintertür closed) stays at 0, as when multiplied; a won deal pays its winner more.
        lines.append(Line("bock_points", ahead, bock_points))
        net_re += bock_points if ahead == RE else -bock_points
        value += bock_points
    return DealScore(
        winner=winner,
        value=value,
        lines=tuple(lines),
        points=_points_per_seat(rules, deal, net_re, solo=solo),
        scored_as_solo=solo,
        bock_factor=bock_factor,
        bock_points=bock_points,
        bock_triggers=_fired_triggers(rules, deal, facts, winner),
    )


def bock_triggers(rules: DoppelkopfRules, deal: DoppelkopfDeal) -> frozenset[str]:
    """Which of the rule set's Bock triggers the deal fires (empty: it starts no Bock round).

    Raises ``DealRejected`` like ``score_doppelkopf`` for a deal that cannot have happened.
    """
    validate(rules, deal)
    facts = _Facts.of(rules, deal)
    return _fired_triggers(rules, deal, facts, _winner(facts))


def _fired_triggers(
    rules: DoppelkopfRules, deal: DoppelkopfDeal, facts: _Facts, winner: str | None
) -> frozenset[str]:
    """A deal starts at most one Bock round however many triggers it fires (RULES.md §2.3)."""
    fired = set()
    if facts.points[RE] == TOTAL_POINTS // 2:  # a band's low edge: "120" is the only one
        fired.add("tie_120")
    if any(facts.levels[party] and winner != party for party in PARTIES):
        fired.add("announced_lost")  # a party that said Re or Kontra (or more) did not win
    if facts.levels[RE] and facts.levels[KONTRA]:
        fired.add("re_and_kontra")
    if deal.contract == "solo" and winner != RE:
        fired.add("solo_lost")
    if any(extra.type == "karlchen_caught" for extra in deal.extras):
        fired.add("karlchen_caught")
    return frozenset(fired) & rules.bock_triggers


def _winner(facts: _Facts) -> str | None:
    """TSR 7.1: who won, or None where both parties failed their own Absagen."""
    made_absage = {party: bool(facts.absagen(party)) for party in PARTIES}
    for party in PARTIES:
        if made_absage[party] and _fulfils_absage(facts, party):
            return party
    if made_absage[RE] and made_absage[KONTRA]:
        return None
    if made_absage[RE] or made_absage[KONTRA]:
        return KONTRA if made_absage[RE] else RE  # the side without an Absage wins
    only_kontra_announced = facts.levels[RE] == 0 and facts.levels[KONTRA] == 1
    return RE if facts.points[RE] >= (120 if only_kontra_announced else 121) else KONTRA


def _fulfils_absage(facts: _Facts, party: str) -> bool:
    highest = facts.absagen(party)[-1]
    return facts.is_under(other(party), ABSAGE_LIMITS[highest])


def _game_lines(
    rules: DoppelkopfRules, facts: _Facts, winner: str | None, *, elders: bool
) -> list[Line]:
    if winner is None:  # TSR 7.1.4: only the "under" and "reached" items, netted
        lines = []
        for party in PARTIES:
            lines += _under_lines(facts, other(party), credited=party)
            if rules.scoring == "ddv":
                lines += _reached_lines(facts, party)
        return lines
    if rules.scoring == "doubling":
        return _doubling_lines(facts, winner)
    return _ddv_lines(facts, winner, elders=elders and rules.against_the_elders)


def _under_lines(facts: _Facts, under: str, *, credited: str) -> list[Line]:
    limits = [*UNDER_LIMITS, (None, "schwarz")]
    return [Line(code, credited, 1) for limit, code in limits if facts.is_under(under, limit)]


def _reached_lines(facts: _Facts, party: str) -> list[Line]:
    """+1 for each opponents' Absage against which ``party`` still reached the TSR mark."""
    return [
        Line(f"reached_{REACHED_AGAINST[name]}_against_{name}", party, 1)
        for name in facts.absagen(other(party))
        if facts.points[party] >= REACHED_AGAINST[name]
    ]


def _announcement_codes(facts: _Facts) -> list[str]:
    codes = []
    for party in PARTIES:
        if facts.levels[party]:
            codes.append(f"{party}_announced")
        codes += [f"{party}_{name}" for name in facts.absagen(party)]
    return codes


def _ddv_lines(facts: _Facts, winner: str, *, elders: bool) -> list[Line]:
    lines = [Line("won", winner, 1), *_under_lines(facts, other(winner), credited=winner)]
    for code in _announcement_codes(facts):
        lines.append(Line(code, winner, 2 if code.endswith("_announced") else 1))
    lines += _reached_lines(facts, winner)
    if elders and winner == KONTRA:
        lines.append(Line("against_the_elders", KONTRA, 1))
    return lines


def _doubling_lines(facts: _Facts, winner: str) -> list[Line]:
    """House rule: every announcement level of either party doubles the value so far."""
    lines = [Line("won", winner, 1), *_under_lines(facts, other(winner), credited=winner)]
    value = len(lines)
    for code in _announcement_codes(facts):
        lines.append(Line(code, winner, value))
        value *= 2
    return lines


def _extra_lines(extras: tuple[Extra, ...]) -> list[Line]:
    """One line per kind and party, in the order of EXTRA_TYPES, Re before Kontra."""
    counts = Counter((extra.type, extra.party) for extra in extras)
    ordered = sorted(counts, key=lambda pair: (EXTRA_TYPES.index(pair[0]), pair[1] != RE))
    return [Line(kind, party, counts[(kind, party)]) for kind, party in ordered]


def _points_per_seat(
    rules: DoppelkopfRules, deal: DoppelkopfDeal, net_re: int, *, solo: bool
) -> dict[int, int]:
    if not solo:
        return split_points(deal.seats, deal.re, net_re, side_factor=1)
    per_opponent = net_re * (rules.solo_multiplier // 3)
    return split_points(deal.seats, deal.re, per_opponent, side_factor=3)


def deal_from_dict(data: Mapping[str, Any]) -> DoppelkopfDeal:
    """The deal of a contract ``deal`` object whose shape (keys, types) is already checked."""
    return DoppelkopfDeal(
        contract=data["contract"],
        solo=data.get("solo"),
        re=tuple(data["re"]),
        seats=tuple(data.get("seats") or (1, 2, 3, 4)),
        re_points=data.get("re_points"),
        re_band=data.get("re_band"),
        kontra_points=data.get("kontra_points"),
        re_tricks=data.get("re_tricks"),
        announcements=Announcements(**(data.get("announcements") or {})),
        extras=tuple(
            Extra(type=_current_extra(extra["type"]), party=extra["party"])
            for extra in data.get("extras") or ()
        ),
    )
