"""Teams' test data: an eight-player tournament of two tables, some deals played."""

import pytest

from seating.domain.seating import seat_series
from tests.factories.tournaments import ORGA, tournament_with_players
from tests.scoring.domain.conftest import normal, play


def played_tournament():
    """Eight players (clubs: Herz As 1, 4, 7; Pik Dame 2, 5, 8; Karo Sieben 3, 6) at two
    tables; totals: 1 and 2 +2, 3 and 4 -2 (table 1); 5 and 6 +1, 7 and 8 -1 (table 2)."""
    tournament, entries = tournament_with_players(8)
    first, second = seat_series(
        tournament.series.get(number=1), [entries[:4], entries[4:]], by=ORGA
    )
    play(first, lambda upcoming: normal([1, 2], re_points=131))
    play(first, lambda upcoming: normal([1, 2], re_points=131))
    play(second, lambda upcoming: normal([1, 2], re_points=131))
    return tournament, entries


@pytest.fixture
def played():
    return played_tournament()
