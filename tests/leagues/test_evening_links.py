"""An evening's page names what it is an evening of: a league's evening links the league's
table, any other season's its ranking."""

import pytest

from seasons.sections import season_links
from tests.factories.leagues import committed, league_of_eight  # noqa: F401
from tests.factories.seasons import season_with_evenings

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("committed")]


def test_a_league_evening_links_the_league_table_and_a_season_evening_the_ranking():
    league, _tables = league_of_eight(days=1)
    match_day = league.evenings.get().tournament
    section = season_links(match_day)
    assert section is not None
    assert section.context["links"] == [{"name": "Liga 2026", "url": f"/s/{league.pk}/league/"}]
    season, _tables, _players = season_with_evenings(1, name="Vereinsmeisterschaft")
    evening = season.evenings.get().tournament
    section = season_links(evening)
    assert section is not None
    assert section.context["links"] == [{"name": "Vereinsmeisterschaft", "url": f"/s/{season.pk}/"}]
