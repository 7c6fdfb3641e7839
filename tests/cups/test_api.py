"""The cups' API: set-up by any signed-in user, organisers start rounds and pairings and mark
results final, spectators read a public cup with ETags; private cups are a 404, strangers
a 403; the cup end to end through the API, a correction in a group round reseeding it."""

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache

from competitions.models import Fixture
from cups.models import Cup
from karlchen.refusals import Refused
from scoring.domain.deals import correct_deal
from scoring.domain.series import close_series
from seasons.domain.seasons import update_season
from seating.domain.seating import seat_series
from tests.cups.conftest import GROUPS, cup_groups, entries_of, make_cup, play_match, team
from tests.factories.api import client_for, codes, publish
from tests.factories.tournaments import ORGA, organiser
from tests.scoring.domain.conftest import normal, play

pytestmark = pytest.mark.django_db

BODY = {"name": "Pokal 2026", "rule": {"group_rounds": 2}, "groups": cup_groups()}


@pytest.fixture
def orga():
    return organiser()


@pytest.fixture
def orga_client(orga):
    return client_for(orga)


def test_any_signed_in_user_sets_a_cup_up_and_organises_it(orga_client, anonymous):
    answer = orga_client.post("/api/v1/cups/", BODY, format="json")
    assert answer.status_code == 201, answer.json()
    data = answer.json()
    assert data["name"] == "Pokal 2026"
    assert data["rule"] == {"group_rounds": 2}
    assert data["drawn"] is False
    cup = Cup.objects.get(pk=data["id"])
    assert cup.season.organisers.filter(username="orga").exists()
    assert anonymous.post("/api/v1/cups/", BODY, format="json").status_code in (401, 403)
    listed = anonymous.get("/api/v1/cups/").json()
    assert [row["id"] for row in listed] == [cup.pk]


def test_a_cup_s_set_up_is_refused_naming_the_fields(orga_client):
    groups = cup_groups()
    groups[1]["teams"][0]["name"] = "Asse"
    body = {**BODY, "rule": {"ties": "coin"}, "groups": groups}
    answer = orga_client.post("/api/v1/cups/", body, format="json")
    assert answer.status_code == 400
    assert set(codes(answer)) == {
        ("rule.ties", "invalid_option"),
        ("groups.1.teams.0.name", "cup_team_name_taken"),
    }
    assert not Cup.objects.exists()


def test_the_cup_with_etags_and_a_private_cup_is_a_404(
    orga_client, anonymous, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        cup = make_cup()
    url = f"/api/v1/cups/{cup.pk}/"
    answer = anonymous.get(url)
    assert answer.status_code == 200
    assert [group["name"] for group in answer.json()["groups"]] == ["A", "B"]
    etag = answer["ETag"]
    assert anonymous.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 304
    with django_capture_on_commit_callbacks(execute=True):
        orga_client.post(url + "rounds/", {"number": 1}, format="json")
    again = anonymous.get(url, HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 200
    assert len(again.json()["groups"][0]["rounds"]) == 1
    with django_capture_on_commit_callbacks(execute=True):
        update_season(cup.season, by=ORGA, is_public=False)
    assert anonymous.get(url).status_code == 404
    assert anonymous.get("/api/v1/cups/").json() == []
    stranger = client_for(get_user_model().objects.create_user("fremd"))
    assert stranger.get(url).status_code == 404
    assert stranger.post(url + "rounds/", {"number": 2}, format="json").status_code == 404


def test_only_organisers_write(orga_client):
    cup = make_cup()
    url = f"/api/v1/cups/{cup.pk}/"
    stranger = client_for(get_user_model().objects.create_user("fremd"))
    assert stranger.post(url + "rounds/", {"number": 1}, format="json").status_code == 403
    assert client_for().post(url + "pairings/", {}, format="json").status_code in (401, 403)
    assert stranger.get(url + "archive/").status_code == 403
    answer = orga_client.post(url + "rounds/", {"number": 1, "date": "2026-12-05"}, format="json")
    assert answer.status_code == 201
    assert [m["round"] for m in answer.json()] == [1, 1]
    assert [len(m["sides"]) for m in answer.json()] == [4, 4]
    again = orga_client.post(url + "rounds/", {"number": 1}, format="json")
    assert codes(again) == [("number", "cup_round_started")]
    assert codes(orga_client.post(url + "rounds/", {"number": "1"}, format="json")) == [
        ("number", "invalid")
    ]
    assert codes(orga_client.post(url + "pairings/", {}, format="json")) == [
        ("groups", "cup_group_stage_open")
    ]


def fresh(client, url):
    """The cup as read now (the test's transaction never commits, so the writes' turnover of
    the cache never runs: ``test_the_cup_with_etags_…`` shows that it does)."""
    cache.clear()
    return client.get(url).json()


def names_in(body, pairing):
    teams = {team["id"]: team["name"] for team in body["teams"]}
    return {teams[pairing["first"]], teams[pairing["second"]]}


def test_a_cup_end_to_end_through_the_api(orga, orga_client, anonymous):
    cup_id = orga_client.post("/api/v1/cups/", BODY, format="json").json()["id"]
    url = f"/api/v1/cups/{cup_id}/"
    results = {
        1: {
            "A": {"Asse": 2, "Buben": 0, "Damen": 1, "Könige": 0},
            "B": {"Zehnen": 3, "Neunen": 0, "Füchse": 0, "Karlchen": 1},
        },
        2: {
            "A": {"Asse": 1, "Damen": 0, "Buben": 0, "Könige": 2},
            "B": {"Zehnen": 1, "Karlchen": 0, "Neunen": 1, "Füchse": 0},
        },
    }
    tables = {}
    for number, groups in results.items():
        started = orga_client.post(url + "rounds/", {"number": number}, format="json").json()
        for match in started:
            group = "A" if match["sides"][0]["name"] == "Asse" else "B"
            tables[number, group] = play_match(Fixture.objects.get(pk=match["id"]), groups[group])
            answer = orga_client.patch(
                url + f"matches/{match['id']}/", {"final": True}, format="json"
            )
            assert answer.status_code == 200
            assert answer.json()["final"] is True
    body = fresh(anonymous, url)
    semis = body["bracket"]["rounds"][0]["pairings"]
    assert [names_in(body, p) for p in semis] == [{"Zehnen", "Könige"}, {"Asse", "Karlchen"}]
    assert body["bracket"]["provisional"] is True

    # the correction: group A, round 2, Buben won the first deal at the second table
    round_two = Fixture.objects.get(competition_id=cup_id, group__name="A", round=2)
    with pytest.raises(Refused) as refusal:  # final: refused until reopened
        correct_deal(tables[2, "A"][1], 1, deal=normal([1, 2], 131), version=1, reason="x", by=ORGA)
    assert (refusal.value.code, refusal.value.field) == ("results_final", "tournament")
    unsaid = orga_client.patch(url + f"matches/{round_two.pk}/", {"final": False}, format="json")
    assert codes(unsaid) == [("reason", "final_reason_required")]
    reopened = orga_client.patch(
        url + f"matches/{round_two.pk}/", {"final": False, "reason": "Zettel"}, format="json"
    )
    assert reopened.json()["final"] is False
    correct_deal(tables[2, "A"][1], 1, deal=normal([1, 2], 131), version=1, reason="x", by=ORGA)
    orga_client.patch(url + f"matches/{round_two.pk}/", {"final": True}, format="json")
    body = fresh(anonymous, url)
    assert [row["name"] for row in body["groups"][0]["table"]] == [
        "Asse",
        "Damen",
        "Könige",
        "Buben",
    ]
    semis = body["bracket"]["rounds"][0]["pairings"]
    assert [names_in(body, p) for p in semis] == [{"Zehnen", "Damen"}, {"Asse", "Karlchen"}]

    started = orga_client.post(url + "pairings/", {}, format="json")
    assert started.status_code == 201
    assert [(m["round"], m["position"]) for m in started.json()] == [(1, 0), (1, 1)]
    for match in started.json():
        sides = [s["name"] for s in match["sides"]]
        play_match(
            Fixture.objects.get(pk=match["id"]),
            {
                sides[0]: 1 if "Damen" in sides[0] else 0,
                sides[1]: 1 if sides[1] in ("Damen",) else 0,
            },
        )
        orga_client.patch(url + f"matches/{match['id']}/", {"final": True}, format="json")
    body = fresh(anonymous, url)
    assert body["drawn"] is True
    assert body["bracket"]["provisional"] is False
    winners = {team["id"]: team["name"] for team in body["teams"]}
    assert {winners[p["winner"]] for p in body["bracket"]["rounds"][0]["pairings"]} == {
        "Damen",
        "Asse",
    }
    (final,) = orga_client.post(url + "pairings/", {}, format="json").json()
    match = Fixture.objects.get(pk=final["id"])
    sides = [s["name"] for s in final["sides"]]
    play_match(match, {name: 2 if name == "Damen" else 0 for name in sides})
    answer = orga_client.patch(
        url + f"matches/{final['id']}/",
        {"final": True, "winner": body["teams"][0]["id"]},
        format="json",
    )
    assert codes(answer) == [("winner", "cup_winner_unneeded")]
    orga_client.patch(url + f"matches/{final['id']}/", {"final": True}, format="json")
    body = fresh(anonymous, url)
    assert winners[body["champion"]] == "Damen"
    final_pairing = body["bracket"]["rounds"][-1]["pairings"][0]
    assert final_pairing["status"] == "played"
    assert final_pairing["match"]["tournament"] == final["tournament"]


def test_a_tied_group_is_placed_through_the_api(orga, orga_client):
    cup = make_cup(rule={"group_rounds": 1, "qualify": 1})
    url = f"/api/v1/cups/{cup.pk}/"
    for match in orga_client.post(url + "rounds/", {"number": 1}, format="json").json():
        played = Fixture.objects.get(pk=match["id"])
        play_match(played, dict.fromkeys(GROUPS[played.group.name], 1))  # every team 0
        orga_client.patch(url + f"matches/{match['id']}/", {"final": True}, format="json")
    body = fresh(orga_client, url)
    assert body["bracket"] is None
    assert [group["tied_line"] for group in body["groups"]] == [True, True]
    group = body["groups"][0]
    order = [row["team"] for row in reversed(group["table"])]
    placed = orga_client.put(
        url + f"groups/{group['id']}/placing/", {"order": order}, format="json"
    )
    assert placed.status_code == 200
    bad = orga_client.put(
        url + f"groups/{group['id']}/placing/", {"order": order[:1]}, format="json"
    )
    assert codes(bad) == [("order", "cup_placing_not_group")]
    assert (
        orga_client.put(url + "groups/999999/placing/", {"order": None}, format="json").status_code
        == 404
    )
    body = fresh(orga_client, url)
    assert body["groups"][0]["placed"] == order
    assert body["groups"][0]["table"][-1]["qualified"] is True


def test_a_round_with_a_series_open_is_not_final_and_a_final_one_takes_no_deal(
    orga_client, anonymous
):
    """A cup's round is final exactly when its tournament's results are: refused while its
    series is open; once final, a deal at its table is refused and the cup reads the same."""
    cup_id = orga_client.post("/api/v1/cups/", BODY, format="json").json()["id"]
    url = f"/api/v1/cups/{cup_id}/"
    started = orga_client.post(url + "rounds/", {"number": 1}, format="json").json()
    match = Fixture.objects.select_related("evening__tournament").get(pk=started[0]["id"])
    tournament = match.evening.tournament
    series = tournament.series.get(number=1)
    publish(tournament)
    names = [side["name"] for side in started[0]["sides"]]
    tables = seat_series(
        series,
        [
            entries_of(match, team(match.competition, names[0]))
            + entries_of(match, team(match.competition, names[1]))
        ],
        by=ORGA,
    )
    play(tables[0], lambda upcoming: normal([1, 2], re_points=131))
    refused_ = orga_client.patch(url + f"matches/{match.pk}/", {"final": True}, format="json")
    assert (refused_.status_code, codes(refused_)) == (400, [("final", "match_series_open")])
    tournament.refresh_from_db()
    assert not tournament.results_final
    rounds = [r for group in fresh(anonymous, url)["groups"] for r in group["rounds"]]
    assert next(r for r in rounds if r["match"] == match.pk)["final"] is False

    close_series(series, by=ORGA, force=True)
    marked = orga_client.patch(url + f"matches/{match.pk}/", {"final": True}, format="json")
    assert marked.json()["final"] is True
    tournament.refresh_from_db()
    assert tournament.results_final
    before = fresh(anonymous, url)
    deal = orga_client.post(
        f"/api/v1/tables/{tables[0].pk}/deals/",
        {"deal": normal([3, 4], re_points=131)},
        format="json",
    )
    assert (deal.status_code, codes(deal)) == (400, [("tournament", "results_final")])
    assert fresh(anonymous, url) == before
