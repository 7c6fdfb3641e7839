"""A league through the API: set up, match days, line-ups, final marks; cached reads with
ETags turned over by a deal corrected on a day; who may write and who may read."""

import pytest

from competitions.models import Entrant
from scoring.domain.deals import correct_deal
from seasons.domain.seasons import create_season
from tests.factories.api import client_for, codes
from tests.factories.leagues import (  # noqa: F401
    EIGHT,
    close_day,
    committed,
    day_rosters,
    played_day,
)
from tests.factories.tournaments import ORGA, organiser
from tests.scoring.domain.conftest import normal
from tournaments.models import OrganiserAction

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("committed")]


@pytest.fixture
def season():
    season = create_season(by=ORGA, name="Liga 2026", is_public=True)
    season.organisers.add(organiser())
    return season


def league_url(season):
    return f"/api/v1/seasons/{season.pk}/league/"


def make_league(client, season, **rule):
    answer = client.post(
        league_url(season),
        {"divisions": [{"name": "Bezirksliga", "rule": rule, "teams": EIGHT}]},
        format="json",
    )
    assert answer.status_code == 201, answer.content
    return {team["name"]: team["id"] for team in answer.json()["divisions"][0]["teams"]}


def groups_of(teams):
    ids = [teams[name] for name in EIGHT]
    return [ids[:4], ids[4:]]


def test_only_the_organisers_set_a_league_up(season, orga_client, anonymous, stranger_client):
    body = {"divisions": [{"name": "Liga", "teams": ["A", "B"]}]}
    assert anonymous.post(league_url(season), body, format="json").status_code == 401
    assert stranger_client.post(league_url(season), body, format="json").status_code == 403
    answer = orga_client.post(league_url(season), body, format="json")
    assert answer.status_code == 201
    detail = answer.json()
    assert detail["name"] == "Liga 2026"
    assert detail["divisions"][0]["rule"] == {
        "points_table": [4, 3, 2, 1],
        "day_ties": "average",
        "order": ["ranking_points", "game_points", "day_wins", "head_to_head"],
        "promoted": 0,
        "relegated": 0,
    }
    assert [team["name"] for team in detail["divisions"][0]["teams"]] == ["A", "B"]
    again = orga_client.post(league_url(season), body, format="json")
    assert (again.status_code, codes(again)) == (400, [("season", "league_exists")])


def test_a_bad_league_is_refused_naming_each_field(season, orga_client):
    answer = orga_client.post(
        league_url(season),
        {"divisions": [{"name": "", "rule": {"day_ties": "coin"}, "teams": ["A", "a"]}]},
        format="json",
    )
    assert answer.status_code == 400
    assert sorted(codes(answer)) == [
        ("divisions.0.name", "league_division_name"),
        ("divisions.0.rule.day_ties", "invalid_option"),
        ("divisions.0.teams.1", "league_team_name_taken"),
    ]
    assert orga_client.get(league_url(season)).status_code == 404  # nothing was saved
    answer = orga_client.post(league_url(season), {"divisions": "Liga"}, format="json")
    assert codes(answer) == [("divisions", "not_a_list")]


def test_a_season_that_is_no_league_and_a_private_one_are_404(season, orga_client, anonymous):
    assert anonymous.get(league_url(season)).status_code == 404
    make_league(orga_client, season)
    assert anonymous.get(league_url(season)).status_code == 200
    season.is_public = False
    season.save(update_fields=["is_public"])
    orga_client.patch(f"/api/v1/seasons/{season.pk}/", {"is_public": False}, format="json")
    for path in ("", "tables/", "days/", "tables/?final_only=true"):
        assert anonymous.get(league_url(season) + path).status_code == 404, path
        stranger = client_for(organiser("fremd"))
        assert stranger.get(league_url(season) + path).status_code == 404, path
        assert orga_client.get(league_url(season) + path).status_code == 200, path


def test_match_days_line_ups_and_final_marks(season, orga_client, stranger_client):
    teams = make_league(orga_client, season)
    tournament, _tables, entries = played_day(1)
    rosters = day_rosters(tournament, entries)
    days = league_url(season) + "days/"
    body = {"number": 1, "tournament": tournament.pk, "groups": groups_of(teams)}
    assert stranger_client.post(days, body, format="json").status_code == 403
    answer = orga_client.post(days, body, format="json")
    assert answer.status_code == 201, answer.content
    day = answer.json()
    assert (day["number"], day["final"], day["tournament"]["id"]) == (1, False, tournament.pk)
    assert [len(group["teams"]) for group in day["groups"]] == [4, 4]
    taken = orga_client.post(days, body, format="json")
    assert sorted(codes(taken)) == [
        ("number", "league_day_number_taken"),
        ("tournament", "league_day_tournament_taken"),
    ]
    lineup = f"{days}1/teams/{teams['Asse']}/"
    assert stranger_client.patch(lineup, {"team": rosters[0].pk}, format="json").status_code == 403
    answer = orga_client.patch(lineup, {"team": rosters[0].pk}, format="json")
    assert answer.status_code == 200
    asse = answer.json()["groups"][0]["teams"][0]
    assert (asse["team"]["name"], asse["score"], asse["place"], asse["ranking_points"]) == (
        "Asse",
        4,
        1,
        4,
    )
    assert [player["name"] for player in asse["played"]] == ["Spieler 1", "Spieler 2"]
    bad = orga_client.patch(lineup, {"team": 10**9, "score": "viel"}, format="json")
    assert sorted(codes(bad)) == [("score", "invalid")]
    bad = orga_client.patch(lineup, {"team": 10**9}, format="json")
    assert codes(bad) == [("team", "league_roster_other_tournament")]
    given = orga_client.patch(f"{days}1/teams/{teams['Buben']}/", {"score": 9}, format="json")
    buben = given.json()["groups"][0]["teams"][0]
    assert (buben["team"]["name"], buben["score"], buben["given"]) == ("Buben", 9, True)
    # a series still open (deals may still come): the day cannot be final, nothing changes
    final = orga_client.put(f"{days}1/final/", {"final": True}, format="json")
    assert (final.status_code, codes(final)) == (400, [("final", "match_series_open")])
    assert orga_client.get(f"{days}1/").json()["final"] is False
    tournament.refresh_from_db()
    assert not tournament.results_final
    close_day(tournament)
    final = orga_client.put(f"{days}1/final/", {"final": True}, format="json")
    assert final.json()["final"] is True
    tournament.refresh_from_db()
    assert tournament.results_final  # the day's final is its tournament's final results
    # final: a deal at its table and a given score are refused, the public table unchanged
    tables_url = league_url(season) + "tables/"
    before = stranger_client.get(tables_url).json()
    deal = orga_client.post(
        f"/api/v1/tables/{_tables[0].pk}/deals/",
        {"deal": normal([3, 4], re_points=131)},
        format="json",
    )
    assert (deal.status_code, codes(deal)) == (400, [("tournament", "results_final")])
    score = orga_client.patch(f"{days}1/teams/{teams['Buben']}/", {"score": 20}, format="json")
    assert (score.status_code, codes(score)) == (400, [("final", "results_final")])
    # nor may a roster change who counted for Asse
    roster = orga_client.patch(
        f"/api/v1/tournaments/{tournament.pk}/teams/{rosters[0].pk}/",
        {"members": [entries[0].pk]},
        format="json",
    )
    assert (roster.status_code, codes(roster)) == (400, [("tournament", "results_final")])
    assert stranger_client.get(tables_url).json() == before
    # reopened as the tournament's final results are: with a reason, logged
    again = orga_client.put(f"{days}1/final/", {"final": False}, format="json")
    assert (again.status_code, codes(again)) == (400, [("reason", "final_reason_required")])
    again = orga_client.put(
        f"{days}1/final/", {"final": False, "reason": "Zettel verzählt"}, format="json"
    )
    assert again.json()["final"] is False
    tournament.refresh_from_db()
    assert not tournament.results_final
    assert OrganiserAction.objects.filter(
        tournament=tournament, action="results_reopened", details={"reason": "Zettel verzählt"}
    ).exists()
    assert orga_client.put(f"{days}1/final/", {"final": "ja"}, format="json").status_code == 400
    assert orga_client.get(f"{days}9/").status_code == 404


def test_a_match_day_can_start_the_season_s_next_evening(season, orga_client):
    teams = make_league(orga_client, season)
    answer = orga_client.post(
        league_url(season) + "days/",
        {"number": 1, "groups": groups_of(teams), "date": "2026-03-01"},
        format="json",
    )
    assert answer.status_code == 201, answer.content
    tournament = answer.json()["tournament"]
    assert (tournament["name"], tournament["date"]) == ("Liga 2026, 1. Spieltag", "2026-03-01")
    refused = orga_client.post(
        league_url(season) + "days/",
        {"number": 1, "groups": [[10**9]], "date": "2026-03-08"},
        format="json",
    )
    assert sorted(codes(refused)) == [
        ("groups.0.0", "league_team_unknown"),
        ("number", "league_day_number_taken"),
    ]
    evenings = orga_client.get(f"/api/v1/seasons/{season.pk}/").json()["evenings"]
    assert len(evenings) == 1  # the refused day left no evening behind


def test_reads_carry_etags_turned_over_by_a_corrected_deal(season, orga_client, anonymous):
    teams = make_league(orga_client, season)
    tournament, tables, entries = played_day(1)
    rosters = day_rosters(tournament, entries)
    days = league_url(season) + "days/"
    orga_client.post(
        days, {"number": 1, "tournament": tournament.pk, "groups": groups_of(teams)}, format="json"
    )
    for name, roster in zip(EIGHT, rosters, strict=True):
        orga_client.patch(f"{days}1/teams/{teams[name]}/", {"team": roster.pk}, format="json")
    tables_url = league_url(season) + "tables/"
    first = anonymous.get(tables_url)
    assert first.status_code == 200
    etag = first["ETag"]
    assert anonymous.get(tables_url, HTTP_IF_NONE_MATCH=etag).status_code == 304
    rows = first.json()[0]["rows"]
    assert [row["team"]["name"] for row in rows[:2]] == ["Asse", "Pikse"]
    assert first.json()[0]["provisional"] is True
    # table 2's deal corrected: Füchse (seats 3, 4) win it, Damen lose
    correct_deal(tables[1], 1, deal=normal([3, 4], re_points=131), version=1, reason="x", by=ORGA)
    after = anonymous.get(tables_url, HTTP_IF_NONE_MATCH=etag)
    assert after.status_code == 200
    points = {row["team"]["name"]: row["game_points"] for row in after.json()[0]["rows"]}
    assert (points["Damen"], points["Füchse"]) == (-2, 2)
    final_only = anonymous.get(tables_url + "?final_only=true").json()[0]
    assert (final_only["provisional"], final_only["pending"]) == (False, [1])
    assert all(row["ranking_points"] == 0 for row in final_only["rows"])
    etag = after["ETag"]
    close_day(tournament)
    orga_client.put(f"{days}1/final/", {"final": True}, format="json")
    marked = anonymous.get(tables_url, HTTP_IF_NONE_MATCH=etag)
    assert marked.status_code == 200
    assert marked.json()[0]["provisional"] is False
    assert anonymous.get(tables_url + "?final_only=1").json()[0]["days"] == [1]
    assert anonymous.get(tables_url + "?final_only=vielleicht").status_code == 400
    assert Entrant.objects.count() == 8


def test_a_spectator_s_cached_read_runs_no_query_and_matches_the_whole_path(
    season, orga_client, anonymous, django_assert_num_queries
):
    make_league(orga_client, season)
    url = league_url(season) + "tables/"
    first = anonymous.get(url)  # computes and caches the body
    with django_assert_num_queries(0):
        cached = anonymous.get(url)
    assert (cached.status_code, cached["ETag"]) == (200, first["ETag"])
    whole = anonymous.get(url + "?final_only=false")  # a query takes DRF's whole path
    assert (whole["ETag"], whole.content) == (cached["ETag"], cached.content)
    assert whole["Vary"] == cached["Vary"]


def test_a_player_who_asked_not_to_be_listed_is_unnamed_to_spectators(
    season, orga_client, anonymous
):
    teams = make_league(orga_client, season)
    tournament, _tables, entries = played_day(1)
    rosters = day_rosters(tournament, entries)
    entries[0].hidden = True
    entries[0].save(update_fields=["hidden"])
    days = league_url(season) + "days/"
    orga_client.post(
        days, {"number": 1, "tournament": tournament.pk, "groups": groups_of(teams)}, format="json"
    )
    orga_client.patch(f"{days}1/teams/{teams['Asse']}/", {"team": rosters[0].pk}, format="json")

    def asse(client):
        return client.get(f"{days}1/").json()["groups"][0]["teams"][0]["played"]

    assert [player["name"] for player in asse(anonymous)] == [None, "Spieler 2"]
    assert [player["name"] for player in asse(orga_client)] == ["Spieler 1", "Spieler 2"]


def test_a_date_with_an_existing_tournament_is_refused_and_unknown_days_are_404(
    season, orga_client, anonymous
):
    teams = make_league(orga_client, season)
    tournament, _tables, _entries = played_day(1)
    answer = orga_client.post(
        league_url(season) + "days/",
        {
            "number": 1,
            "tournament": tournament.pk,
            "groups": groups_of(teams),
            "date": "2026-03-01",
        },
        format="json",
    )
    assert codes(answer) == [("tournament", "league_day_new_only")]
    assert anonymous.get(league_url(season) + "days/1/").status_code == 404
    assert (
        orga_client.patch(league_url(season) + "days/1/teams/1/", {}, format="json").status_code
        == 404
    )
    assert (
        orga_client.put(
            league_url(season) + "days/1/final/", {"final": True}, format="json"
        ).status_code
        == 404
    )


def test_a_division_is_changed_by_its_organisers_and_the_tables_follow(
    season, orga_client, anonymous, stranger_client
):
    teams = make_league(orga_client, season)
    detail = orga_client.get(league_url(season)).json()
    division = detail["divisions"][0]["id"]
    url = f"{league_url(season)}divisions/{division}/"
    etag = anonymous.get(league_url(season)).headers["ETag"]
    body = {
        "name": "Bezirksliga Süd",
        "rule": {"points_table": [5, 3, 1, 0]},
        "teams": [{"id": teams[name], "name": name} for name in EIGHT[:7]] + [{"name": "Neunen"}],
    }
    assert anonymous.patch(url, body, format="json").status_code == 401
    assert stranger_client.patch(url, body, format="json").status_code == 403
    answer = orga_client.patch(url, body, format="json")
    assert answer.status_code == 200, answer.content
    changed = answer.json()["divisions"][0]
    assert (changed["name"], changed["rule"]["points_table"]) == ("Bezirksliga Süd", [5, 3, 1, 0])
    assert sorted(team["name"] for team in changed["teams"]) == sorted([*EIGHT[:7], "Neunen"])
    assert anonymous.get(league_url(season), HTTP_IF_NONE_MATCH=etag).status_code == 200
    bad = orga_client.patch(url, {"teams": [{"id": 10**6, "name": "X"}]}, format="json")
    assert (bad.status_code, codes(bad)) == (400, [("teams.0.id", "league_team_unknown")])
    unknown = orga_client.patch(f"{league_url(season)}divisions/{10**6}/", {}, format="json")
    assert unknown.status_code == 404
    assert Entrant.objects.filter(name="Zehnen").count() == 0
