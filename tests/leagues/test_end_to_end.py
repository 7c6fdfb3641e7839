"""A league of eight teams (one division, groups of four) over three match days, run from the
API and the desk: set up, match days, rosters, line-ups, final marks; a deal of day 1
corrected by the organiser is refused while day 1 is final and, reopened, changes the table at
once, in the API, on the public page and at the desk, and the final table once day 1 is final
again."""

import pytest
from django.test import Client

from tests.factories.api import client_for, codes
from tests.factories.leagues import EIGHT, committed, played_day  # noqa: F401
from tests.factories.tournaments import organiser
from tests.scoring.domain.conftest import normal

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("committed")]


def table(client, season_id, query=""):
    answer = client.get(f"/api/v1/seasons/{season_id}/league/tables/{query}")
    assert answer.status_code == 200
    (division,) = answer.json()
    return division, [
        (row["rank"], row["team"]["name"], row["ranking_points"], row["game_points"])
        for row in division["rows"]
    ]


def test_a_league_of_eight_over_three_match_days_with_a_correction_on_the_first():
    api = client_for(organiser())
    desk = Client(HTTP_ACCEPT_LANGUAGE="en")
    desk.force_login(organiser())
    spectator = client_for()

    season = api.post(
        "/api/v1/seasons/", {"name": "Bezirksliga 2026", "is_public": True}, format="json"
    ).json()
    league = api.post(
        f"/api/v1/seasons/{season['id']}/league/",
        {
            "divisions": [
                {"name": "Bezirksliga", "rule": {"promoted": 2, "relegated": 2}, "teams": EIGHT}
            ]
        },
        format="json",
    ).json()
    teams = {team["name"]: team["id"] for team in league["divisions"][0]["teams"]}
    groups = [[teams[name] for name in EIGHT[:4]], [teams[name] for name in EIGHT[4:]]]
    days = f"/api/v1/seasons/{season['id']}/league/days/"

    # three played evenings: table 1 of each day is Asse (seats 1, 2) and Buben (seats 3, 4)
    first_tables = None
    evenings = []
    for number, deals in ((1, (2, 1, 1, 2)), (2, (1, 2, 2, 1)), (3, (1, 1, 3, 1))):
        tournament, tables, entries = played_day(number, deals)
        first_tables = first_tables or tables
        evenings.append(tournament.pk)
        rosters = {}
        for k, name in enumerate(EIGHT):  # each day's rosters through the teams API
            members = [entries[2 * k].pk, entries[2 * k + 1].pk]
            body = (
                {"name": name, "members": members[:1], "substitutes": members[1:]}
                if (number, name) == (3, "Buben")
                else {"name": name, "members": members}
            )
            made = api.post(f"/api/v1/tournaments/{tournament.pk}/teams/", body, format="json")
            assert made.status_code == 201, made.content
            rosters[name] = made.json()["id"]
        if number == 2:  # day 2 at the desk: its groups, then each line-up
            form = {"number": "2", "tournament": str(tournament.pk), "date": ""}
            form |= {
                f"group_{teams[name]}": str(1 + index // 4) for index, name in enumerate(EIGHT)
            }
            assert desk.post(f"/desk/seasons/{season['id']}/league/", form).status_code == 302
            for name in EIGHT:
                prefix = f"t{teams[name]}"
                posted = {
                    "action": "lineup",
                    "league_team": teams[name],
                    f"{prefix}-team": rosters[name],
                    f"{prefix}-score": "",
                }
                assert (
                    desk.post(f"/desk/seasons/{season['id']}/league/days/2/", posted).status_code
                    == 302
                )
        else:
            added = api.post(
                days,
                {"number": number, "tournament": tournament.pk, "groups": groups},
                format="json",
            )
            assert added.status_code == 201, added.content
            for name in EIGHT:
                set_ = api.patch(
                    f"{days}{number}/teams/{teams[name]}/", {"team": rosters[name]}, format="json"
                )
                assert set_.status_code == 200
    # Zehnen's venue reports day 3 on paper: 9 points, given
    api.patch(f"{days}3/teams/{teams['Zehnen']}/", {"score": 9}, format="json")

    division, rows = table(spectator, season["id"])
    assert division["provisional"] is True
    # group 1 (tables 1, 2): day 1 Asse +4, Damen +2, Füchse -2, Buben -4; day 2 Damen +4,
    # Asse +2, Buben -2, Füchse -4; day 3 Asse and Damen +2 (sharing 1st: 3½ each), Buben and
    # Füchse -2. Group 2 (tables 3, 4) alike, but Zehnen's 9 given on day 3 makes it first.
    assert rows == [
        (1, "Asse", 10.5, 8),
        (1, "Damen", 10.5, 8),
        (3, "Herzen", 10, 12),
        (4, "Pikse", 9, 8),
        (5, "Zehnen", 7, 3),
        (6, "Buben", 4.5, -8),
        (6, "Füchse", 4.5, -8),
        (8, "Könige", 4, -12),
    ]
    marks = {row["team"]["name"]: row["mark"] for row in division["rows"]}
    assert (marks["Asse"], marks["Damen"], marks["Herzen"]) == ("promotion", "promotion", None)
    # Buben and Füchse share 6th across the relegation line: the organiser decides
    assert (marks["Buben"], marks["Füchse"], marks["Könige"]) == (
        "relegation_tie",
        "relegation_tie",
        "relegation",
    )
    day3 = spectator.get(f"{days}3/").json()
    buben = next(team for team in day3["groups"][0]["teams"] if team["team"]["name"] == "Buben")
    assert [(player["name"], player["substitute"]) for player in buben["played"]] == [
        ("Spieler 3", False),
        ("Spieler 4", True),
    ]
    zehnen = next(team for team in day3["groups"][1]["teams"] if team["team"]["name"] == "Zehnen")
    assert (zehnen["score"], zehnen["given"], zehnen["place"]) == (9, True, 1)

    # a day whose series is still open cannot be final: its deals may still come
    refused = api.put(f"{days}1/final/", {"final": True}, format="json")
    assert (refused.status_code, codes(refused)) == (400, [("final", "match_series_open")])
    for tournament_id in evenings[:2]:  # days 1 and 2 are over: their series closed
        closed = api.post(
            f"/api/v1/tournaments/{tournament_id}/series/1/close/", {"force": True}, format="json"
        )
        assert closed.status_code == 200, closed.content
    # days 1 and 2 final (1 by the API, 2 at the desk); the final table counts those two
    assert api.put(f"{days}1/final/", {"final": True}, format="json").status_code == 200
    assert (
        desk.post(f"/desk/seasons/{season['id']}/league/days/2/", {"action": "final"}).status_code
        == 302
    )
    final, final_rows = table(spectator, season["id"], "?final_only=true")
    assert (final["days"], final["pending"], final["provisional"]) == ([1, 2], [3], False)
    assert final_rows[:4] == [
        (1, "Asse", 7, 6),
        (1, "Damen", 7, 6),
        (1, "Herzen", 7, 6),
        (1, "Pikse", 7, 6),
    ]
    etag = spectator.get(f"/api/v1/seasons/{season['id']}/league/tables/")["ETag"]

    # the organiser corrects day 1's first deal at table 1 (Buben, seats 3, 4, won it): day 1
    # is final, so the correction is refused and no table changes
    correction = {"deal": normal([3, 4], re_points=131), "version": 1, "reason": "Karten verzählt"}
    deal_url = f"/api/v1/tables/{first_tables[0].pk}/deals/1/"
    refused = api.put(deal_url, correction, format="json")
    assert (refused.status_code, codes(refused)) == (400, [("tournament", "results_final")])
    tables_url = f"/api/v1/seasons/{season['id']}/league/tables/"
    assert spectator.get(tables_url, HTTP_IF_NONE_MATCH=etag).status_code == 304
    # reopened (a reason, as the tournament's final results are), corrected, final again
    reopened = api.put(f"{days}1/final/", {"final": False, "reason": "Zettel"}, format="json")
    assert reopened.status_code == 200, reopened.content
    corrected = api.put(deal_url, correction, format="json")
    assert corrected.status_code == 200, corrected.content
    assert api.put(f"{days}1/final/", {"final": True}, format="json").status_code == 200
    changed = spectator.get(
        f"/api/v1/seasons/{season['id']}/league/tables/", HTTP_IF_NONE_MATCH=etag
    )
    assert changed.status_code == 200  # turned over at once: no 304
    division = changed.json()[0]
    rows = [
        (row["team"]["name"], row["ranking_points"], row["game_points"]) for row in division["rows"]
    ]
    # day 1 now: Damen +2 (4), Asse and Buben 0 (sharing 2nd: 2½ each), Füchse -2 (1)
    assert rows == [
        ("Damen", 11.5, 8),
        ("Herzen", 10, 12),
        ("Pikse", 9, 8),
        ("Asse", 9, 4),
        ("Zehnen", 7, 3),
        ("Buben", 6, -4),
        ("Könige", 4, -12),
        ("Füchse", 3.5, -8),
    ]
    marks = [row["mark"] for row in division["rows"]]
    assert marks == ["promotion", "promotion", None, None, None, None, "relegation", "relegation"]
    final, final_rows = table(spectator, season["id"], "?final_only=true")
    assert final_rows[0] == (1, "Damen", 8, 6)  # day 1 is final: the correction counts there
    page = Client(HTTP_ACCEPT_LANGUAGE="en").get(f"/s/{season['id']}/league/").content.decode()
    assert page.index(">Damen<") < page.index(">Asse<")
    desk_page = desk.get(f"/desk/seasons/{season['id']}/league/").content.decode()
    assert "provisional" in desk_page
