"""A league table at its edges, as spectators and organisers meet it: teams sharing a rank, a
match day added but not played yet, a division before anything is played (docs/TEAMS.md)."""

import pytest

from competitions.models import Entrant, FixtureTeam
from leagues.domain.leagues import add_match_day, create_league, set_lineup
from seasons.domain.seasons import create_season
from tests.factories.api import publish
from tests.factories.leagues import committed  # noqa: F401 -- a fixture
from tests.factories.tournaments import ORGA, organiser, tournament_with_players

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("committed")]

TEAMS = ["Zebras", "Asse", "Mitte", "Letzte"]  # set up in this order: Zebras has the lowest id


def division_of_four(**rule):
    """A public league of one division of four teams (``rule``), nothing played."""
    season = create_season(by=ORGA, name="Liga 2026", is_public=True)
    season.organisers.add(organiser())
    league = create_league(
        season, by=ORGA, divisions=[{"name": "Bezirksliga", "rule": rule, "teams": TEAMS}]
    )
    return (
        season,
        league,
        {team.name: team for team in Entrant.objects.filter(competition=league)},
    )


def add_day(league, teams, number=1):
    """Match day ``number``: a public tournament of eight players, the four teams in one group,
    nothing played and no score given yet."""
    tournament, _entries = tournament_with_players(8, name=f"Spieltag {number}")
    publish(tournament)
    groups = [[teams[name].pk for name in TEAMS]]
    day = add_match_day(league, tournament, by=ORGA, number=number, groups=groups)
    return day, {lineup.entrant.name: lineup for lineup in FixtureTeam.objects.filter(fixture=day)}


def tables(client, season):
    answer = client.get(f"/api/v1/seasons/{season.pk}/league/tables/")
    assert answer.status_code == 200
    return answer.json()


def test_teams_sharing_a_rank_are_listed_by_name_not_by_id(anonymous):
    season, league, teams = division_of_four()
    _day, lineups = add_day(league, teams)
    for name, score in (("Zebras", 5), ("Asse", 5), ("Mitte", 0), ("Letzte", -1)):
        set_lineup(lineups[name], by=ORGA, score=score)
    (table,) = tables(anonymous, season)
    ranked = [(row["team"]["name"], row["rank"]) for row in table["rows"]]
    assert ranked == [("Asse", 1), ("Zebras", 1), ("Mitte", 3), ("Letzte", 4)]


def test_a_match_day_added_but_not_played_counts_nowhere(anonymous):
    """Right after it is added it gave every team 2.5 ranking points and a day played."""
    season, league, teams = division_of_four()
    add_day(league, teams)
    (table,) = tables(anonymous, season)
    assert (table["days"], table["pending"], table["provisional"]) == ([], [], False)
    figures = {
        (row["ranking_points"], row["days_played"], row["game_points"]) for row in table["rows"]
    }
    assert figures == {(0, 0, 0)}
    day = anonymous.get(f"/api/v1/seasons/{season.pk}/league/days/1/").json()
    assert day["played"] is False
    (group,) = day["groups"]
    assert group["played"] is False
    assert [
        (t["team"]["name"], t["place"], t["score"], t["ranking_points"]) for t in group["teams"]
    ] == [
        ("Asse", None, None, None),
        ("Letzte", None, None, None),
        ("Mitte", None, None, None),
        ("Zebras", None, None, None),
    ]


def test_a_day_with_one_score_given_counts_and_the_others_of_its_group_count_0(anonymous):
    season, league, teams = division_of_four()
    _day, lineups = add_day(league, teams)
    set_lineup(lineups["Mitte"], by=ORGA, score=3)  # the others did not turn up
    (table,) = tables(anonymous, season)
    rows = {row["team"]["name"]: row for row in table["rows"]}
    assert table["days"] == [1]
    assert rows["Mitte"]["ranking_points"] == 4
    assert {rows[name]["ranking_points"] for name in ("Asse", "Letzte", "Zebras")} == {2}
    assert {row["days_played"] for row in table["rows"]} == {1}


def test_before_anything_is_played_no_team_has_a_rank_or_a_mark(anonymous):
    """Each stood first, marked "Aufstieg: punktgleich", under "Die besten 1 sind als
    Aufsteiger markiert"."""
    from django.test import Client
    from django.urls import reverse

    season, league, teams = division_of_four(promoted=1, relegated=1)
    add_day(league, teams)
    (table,) = tables(anonymous, season)
    assert [(row["team"]["name"], row["rank"], row["mark"]) for row in table["rows"]] == [
        ("Asse", None, None),
        ("Letzte", None, None),
        ("Mitte", None, None),
        ("Zebras", None, None),
    ]
    page = Client().get(reverse("league-page", args=[season.pk]), HTTP_ACCEPT_LANGUAGE="de")
    text = page.content.decode()
    assert "punktgleich" not in text
    assert "Die besten 1" not in text
    assert "Die beste Mannschaft ist als Aufsteiger markiert" in text
    assert "Die letzte Mannschaft ist als Absteiger markiert" in text
    assert "noch nicht gespielt" in text


@pytest.mark.parametrize(
    ("language", "count", "promotion", "relegation"),
    [
        (
            "de",
            1,
            "Die beste Mannschaft ist als Aufsteiger markiert",
            "Die letzte Mannschaft ist als Absteiger markiert",
        ),
        (
            "de",
            2,
            "Die besten 2 Mannschaften sind als Aufsteiger markiert",
            "Die letzten 2 Mannschaften sind als Absteiger markiert",
        ),
        (
            "en",
            1,
            "The best team is marked for promotion",
            "The last team is marked for relegation",
        ),
        (
            "en",
            3,
            "The best 3 teams are marked for promotion",
            "The last 3 teams are marked for relegation",
        ),
    ],
)
def test_the_rule_in_words_uses_proper_plural_forms(language, count, promotion, relegation):
    from django.utils import translation

    from leagues.domain.reads import rule_dict
    from leagues.rule_texts import rule_words
    from teams.engine.league import LeagueRule

    with translation.override(language):
        words = rule_words(rule_dict(LeagueRule(promoted=count, relegated=count)))
    assert promotion in words
    assert relegation in words


@pytest.mark.parametrize(
    ("language", "count", "expected"),
    [
        (
            "de",
            1,
            [
                "Nur der beste Abend zählt.",
                "1 Bonuspunkt pro gespieltem Abend.",
                "Abende des letzten Monats.",
            ],
        ),
        (
            "de",
            3,
            [
                "Nur die besten 3 Abende zählen.",
                "3 Bonuspunkte pro gespieltem Abend.",
                "Abende der letzten 3 Monate.",
            ],
        ),
        (
            "en",
            1,
            [
                "Only the best evening counts.",
                "1 bonus point per evening played.",
                "Evenings of the last month.",
            ],
        ),
    ],
)
def test_the_season_s_rule_in_words_uses_proper_plural_forms(language, count, expected):
    from django.utils import translation

    from seasons.engine.ranking import RankingRule, Unit
    from seasons.rule_texts import rule_summary

    rule = RankingRule(best=count, attendance_bonus=count, window_months=count)
    with translation.override(language):
        summary = rule_summary(rule)
        lists = rule_summary(RankingRule(best=1, unit=Unit.LIST))
    assert set(expected) <= set(summary)
    assert (
        "Nur die beste Liste zählt." if language == "de" else "Only the best list counts."
    ) in lists
