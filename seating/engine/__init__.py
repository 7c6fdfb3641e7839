"""Seating: who sits at which table, and in which position, in each series of a tournament.

    seat(SeatingRequest(players, series_count, method="plan", seed=0, frozen={}, ranking=(),
                        fixed=None, separate_clubs="first", spread_five_tables=True,
                        budget=100_000, clock=None, deadline=None, history={},
                        teams="apart")) -> SeatingPlan

``Player(id, club=None, table=None, team=None)``; ``table`` is a fixed seat wish (that table
number in every series seated); ``team``: team mates sit at different tables in every series
where the numbers allow, otherwise as few together as can be (``teams="apart"``, before club
mates, the duty and repeats), or, for a league match day (``teams="against"``), every table
holds each team equally (four teams: one player of each) and the search only swaps team mates.
The plan holds, per series (number 1 first), a tuple of tables, each a tuple of player ids in
position order (position 1 deals first), plus ``method``, ``seed`` and a ``QualityReport``:
repeated pairs, the most meetings of one pair, the lower bound, club clashes per series, the
spreads of five-table duty and of position 1, (given a ``history``) the pairs who met at earlier
evenings, and team clashes per series. ``quality(series, players, frozen, history)`` reports on
any plan; ``lower_bound``; ``table_sizes(n)``: tables of four and n mod 4 tables of five, or
``SeatingRefused("player_count", "players", {"count", "add"})`` for 1–3, 6, 7 and 11 players
("add a player or a stand-in").

Season memory: ``history`` weighs each pair's meetings at earlier evenings, halving per evening
further back (``history_weights(evenings)`` builds it from their series); ``plan`` and
``random`` prefer pairs who met less, and less recently, after tonight's repeats.

Methods: ``plan`` seats all open series at once with the fewest repeat meetings, and among as
few the lowest most meetings of one pair (exact zero-repeat constructions for 4m players where
they exist, see ``designs``; simulated annealing otherwise, see ``anneal``: swaps aimed at a
repeated pair, a club clash or the five-table duty, each weighing a few partners by the change
of the two players' meetings with their table mates, the budget counted in moves and swaps;
three fifths of it in six descents, each from the best board so far, the rest in one long
descent from the same first seating, the cheaper board kept; the default, 100 000, takes under a
second of one CPU on every field of 8–100 players and 2–8 series and leaves as few repeats as a
plain annealing of a second or fewer, see ``bench/seating.py --versus`` and docs/SEASONS.md),
``random`` draws each series afresh, avoiding repeats, ``ranking`` seats by the standings,
strongest at table 1, ``fixed`` checks an imported plan. All keep frozen series as they are and
seat the others for the players now entered (a late entry or a withdrawal changes only those);
all spread five-table duty and position 1; club mates are kept apart in series 1, in all series
or not at all. The same request gives the same plan: every lot comes from ``random.Random``
seeded by the request, never from the global generator or from hash order (budgeted by ``clock``
and ``deadline``, the plan also depends on the machine's speed).

The modules: ``model`` (the types), ``problem`` (checks), ``planner`` (``seat``), ``quality``,
``designs``, ``board`` (incremental counts), ``anneal``, ``draw`` (greedy draw, ranking blocks),
``positions``.

It does NOT store plans, run as a job, create captain tokens, word refusals (the codes, fields
and params are for the web layer) or know about Django.
"""

from .model import (
    ClubSeparation,
    Method,
    Player,
    QualityReport,
    SeatingPlan,
    SeatingRefused,
    SeatingRequest,
    Series,
    Table,
    TeamSeating,
    history_weights,
    table_sizes,
)
from .planner import seat
from .problem import team_pattern_fits
from .quality import lower_bound, quality

__all__ = [
    "ClubSeparation",
    "Method",
    "Player",
    "QualityReport",
    "SeatingPlan",
    "SeatingRefused",
    "SeatingRequest",
    "Series",
    "Table",
    "TeamSeating",
    "history_weights",
    "lower_bound",
    "quality",
    "seat",
    "table_sizes",
    "team_pattern_fits",
]
