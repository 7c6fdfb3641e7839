"""A fixture's results as its teams scored them, as the reader may see them.

One reading for a league's match days and a cup's group rounds and pairings alike: each team of
a fixture (``FixtureTeam``) has its roster there (a ``teams.Team`` of the fixture's tournament,
its members each a regular or a substitute) and maybe a score as given (a venue's paper result).
Its **score** is that score as given, else the sum of the totals in the tournament's standings
(``results.domain.standings``, penalties included) of its roster's players who **played** there
(a deal or points: ``teams.domain.rankings.played``); a substitute on the bench, who never sat
down, counts nowhere. A team with neither a score given nor a player who played has no result:
its fixture has not been played for it.

The organisers see every deal, confirmed or not. Spectators (``public``) see a fixture as its
tournament shows it to them (``tournaments.visibility``): its confirmed deals only where it asks
for confirmations (``confirmed_only``), and nothing at all of one whose standings they do not
see live (``live_for_spectators``: private, hidden or frozen), as if it were still to come
(``shown``). Never stored: read on every call, the standings of all the fixtures' tournaments
at once.

Leagues' tables (``leagues.domain.tables``, ``leagues.domain.reads``) and the cup's state
(``cups.domain.state``) read their fixtures here; the engines (``teams.engine.league``,
``teams.engine.bracket``) rank what this gives them.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from competitions.models import Fixture, FixtureTeam
from results.domain.standings import Standing, evenings_standings
from teams.domain.rankings import played
from teams.engine.league import DayResult
from teams.models import TeamMember
from tournaments import visibility
from tournaments.models import Tournament

Roster = list[tuple[int, bool]]  # a roster's (entry, substitute), by entry id


@dataclass(frozen=True)
class SideResult:
    """A team of a fixture with its result there."""

    entrant: int  # the competition's team (``Entrant``)
    given: int | None  # its score as given; None: its players' totals count
    played: tuple[int, ...]  # the entries of its roster who played there, by entry id
    substitutes: tuple[int, ...]  # the substitutes among them
    totals: tuple[int, ...]  # their totals there (penalties included), in the same order

    @property
    def score(self) -> int:
        return self.given if self.given is not None else sum(self.totals)

    @property
    def best(self) -> int:
        """Its best player's total (0 where nobody played)."""
        return max(self.totals, default=0)

    @property
    def day_result(self) -> DayResult:
        """Its result as the engines rank it: the score as given, else its players' totals."""
        players = self.totals if self.given is None else ()
        return DayResult(team=self.entrant, score=self.given, players=players)


def shown(fixture: Fixture, *, public: bool) -> bool:
    """Whether the fixture's results are there for the reader: organisers see every one,
    spectators one whose tournament's standings they see live (public, published, not
    frozen). Read it with ``select_related("evening__tournament")``."""
    return not public or visibility.live_for_spectators(fixture.evening.tournament)


def fixture_results(
    fixtures: Iterable[Fixture],
    *,
    public: bool = False,
    sides: Mapping[int, Sequence[FixtureTeam]] | None = None,
) -> dict[int, list[SideResult]]:
    """Each fixture ``shown`` to the reader (by id; one that is not is left out) with its
    teams' results, in the order of its sides. ``sides``: the teams to read of each fixture
    (by fixture id; read beforehand, e.g. one group's only), else all of them. Read with
    ``select_related("evening__tournament")``; three queries and the standings' few for any
    number of fixtures."""
    visible = [fixture for fixture in fixtures if shown(fixture, public=public)]
    if sides is None:
        found: dict[int, list[FixtureTeam]] = defaultdict(list)
        for side in FixtureTeam.objects.filter(fixture__in=visible):
            found[side.fixture_id].append(side)
        sides = found
    rosters = roster_entries(
        side.team_id for fixture in visible for side in sides.get(fixture.pk, ()) if side.team_id
    )
    needed = [
        fixture.evening.tournament
        for fixture in visible
        if any(side.team_id is not None for side in sides.get(fixture.pk, ()))
    ]
    rows = _rows(needed, public=public)
    return {
        fixture.pk: [
            _result(side, rosters, rows.get(fixture.evening.tournament_id, {}))
            for side in sides.get(fixture.pk, ())
        ]
        for fixture in visible
    }


def roster_entries(teams: Iterable[int]) -> dict[int, Roster]:
    """Each roster's (a team of a tournament, by id) entries with whether each is a substitute,
    by entry id: one query for them all."""
    found: dict[int, Roster] = defaultdict(list)
    members = TeamMember.objects.filter(team_id__in=list(teams))
    for team, entry, substitute in members.values_list("team_id", "entry_id", "substitute"):
        found[team].append((entry, substitute))
    return {team: sorted(roster) for team, roster in found.items()}


def _rows(tournaments: list[Tournament], *, public: bool) -> dict[int, dict[int, Standing]]:
    """The standings' rows of each tournament (by id), by entry id, as ``public`` readers see
    them: confirmed deals only where the tournament asks for confirmations."""
    if not tournaments:
        return {}
    ranked = evenings_standings(tournaments, confirmed_only=public)
    return {pk: {row.entry_id: row for row in rows} for pk, rows in ranked.items()}


def _result(
    side: FixtureTeam, rosters: Mapping[int, Roster], rows: Mapping[int, Standing]
) -> SideResult:
    roster = rosters.get(side.team_id, []) if side.team_id is not None else []
    playing = [(entry, substitute) for entry, substitute in roster if played(rows.get(entry))]
    return SideResult(
        entrant=side.entrant_id,
        given=side.score,
        played=tuple(entry for entry, _substitute in playing),
        substitutes=tuple(entry for entry, substitute in playing if substitute),
        totals=tuple(rows[entry].total for entry, _substitute in playing),
    )
