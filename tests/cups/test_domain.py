"""The team cup through its domain: set-up and its refusals, group rounds as tournaments of
the cup's season, the group tables from their standings, a correction changing the seeding,
the draw kept, the knock-out to a champion, deciders, placings, the logs and the cache."""

import json

import pytest

from competitions.models import Entrant, Fixture, SquadMember
from cups.domain.cups import (
    create_cup,
    place_group,
    set_match_final,
    start_group_round,
    start_pairings,
)
from cups.domain.state import cached_cup, cup_body, cup_now
from cups.models import Cup
from karlchen.log import entries_about
from karlchen.refusals import Refused
from scoring.domain.deals import correct_deal
from seasons.models import SeasonAction, SeasonEvening
from teams.models import Team
from tests.cups.conftest import (
    DATE,
    GROUPS,
    cup_groups,
    group_match,
    make_cup,
    play_match,
    team,
)
from tests.factories.tournaments import ORGA
from tests.scoring.domain.conftest import normal
from tournaments.domain.final import mark_final, reopen_results
from tournaments.models import OrganiserAction

pytestmark = pytest.mark.django_db


def codes(refusal):
    return {(problem.code, problem.field) for problem in refusal.value.problems}


def names(cup, ids):
    return [Entrant.objects.get(pk=pk).name for pk in ids]


def test_a_cup_is_a_season_with_groups_of_teams_and_their_players(cup):
    assert cup.season.name == "Pokal 2026"
    assert [group.name for group in cup.groups.all()] == ["A", "B"]
    assert [t.name for t in Entrant.objects.filter(group__name="A")] == [
        "Asse",
        "Buben",
        "Damen",
        "Könige",
    ]
    asse = team(cup, "Asse")
    assert asse.club_name == "Club Asse"
    assert [p.player.name for p in asse.players.all()] == ["Asse 1", "Asse 2"]
    assert SquadMember.objects.filter(competition=cup).count() == 16
    log = SeasonAction.objects.get(season=cup.season, action="cup_created")
    assert log.details == {"groups": 2, "teams": 8, "name": "Pokal 2026"}


def test_a_cup_s_set_up_is_refused_naming_every_problem_and_nothing_is_made():
    groups = cup_groups()
    groups[0]["teams"][1]["name"] = "asse"  # taken, case aside
    groups[0]["teams"][2]["players"] = [f"Spieler {number}" for number in range(21)]
    groups[1]["teams"][0]["players"] = ["Asse 1"]  # plays for Asse already
    groups[1]["name"] = " "
    with pytest.raises(Refused) as refusal:
        create_cup(by=ORGA, season={"name": "Pokal"}, rule={"qualify": 0, "x": 1}, groups=groups)
    assert codes(refusal) == {
        ("invalid_option", "rule.qualify"),
        ("unknown_option", "rule.x"),
        ("cup_team_name_taken", "groups.0.teams.1.name"),
        ("cup_team_players", "groups.0.teams.2.players"),
        ("cup_player_twice", "groups.1.teams.0.players.0"),
        ("cup_group_name", "groups.1.name"),
    }
    assert not Cup.objects.exists()
    # the names' one check, as a league's (karlchen.plaintext): no control characters, and only
    # text is a name, a club or a member number (a number is refused, not dropped)
    groups = cup_groups()
    groups[0]["name"] = 1
    groups[0]["teams"][0]["name"] = "Asse\n"  # surrounding white space is stripped: fine
    groups[0]["teams"][1]["club"] = 42
    groups[0]["teams"][2]["players"][0] = {"name": "Anna", "member_number": 12345}
    groups[1]["teams"][0]["name"] = "Zeh\x00nen"
    groups[1]["teams"][1]["players"][0] = 7
    with pytest.raises(Refused) as refusal:
        create_cup(by=ORGA, season={"name": "Pokal"}, groups=groups)
    assert codes(refusal) == {
        ("cup_group_name", "groups.0.name"),
        ("cup_team_club", "groups.0.teams.1.club"),
        ("cup_player_member_number", "groups.0.teams.2.players.0.member_number"),
        ("cup_team_name", "groups.1.teams.0.name"),
        ("cup_player_name", "groups.1.teams.1.players.0"),
    }
    assert not Cup.objects.exists()
    with pytest.raises(Refused) as refusal:
        create_cup(by=ORGA, season={"name": "Pokal"}, groups=[])
    assert codes(refusal) == {("cup_no_group", "groups")}
    with pytest.raises(Refused) as refusal:
        create_cup(by=ORGA, season={"name": "Pokal"}, groups=[{"name": "A", "teams": [{}]}])
    assert codes(refusal) == {("cup_group_teams", "groups.0.teams")}


def test_a_group_round_is_a_tournament_per_group_with_each_team_set_up(cup):
    matches = start_group_round(cup, by=ORGA, number=1, date=DATE)
    assert [m.group.name for m in matches] == ["A", "B"]
    match = matches[0]
    tournament = match.evening.tournament
    assert SeasonEvening.objects.get(tournament=tournament).season == cup.season
    assert tournament.date == DATE
    assert tournament.entries.count() == 8
    teams = Team.objects.filter(tournament=tournament).order_by("name")
    assert [(t.name, t.members.count()) for t in teams] == [
        ("Asse", 2),
        ("Buben", 2),
        ("Damen", 2),
        ("Könige", 2),
    ]
    started = tournament.season_actions.get(action="cup_match_started")  # written once
    assert not OrganiserAction.objects.filter(action="cup_match_started").exists()
    assert started in entries_about(tournament, 50)  # and shown in the tournament's log
    with pytest.raises(Refused) as refusal:
        start_group_round(cup, by=ORGA, number=1)
    assert codes(refusal) == {("cup_round_started", "number")}
    with pytest.raises(Refused) as refusal:
        start_group_round(cup, by=ORGA, number=3)  # the rule: two rounds
    assert codes(refusal) == {("cup_round_unknown", "number")}
    with pytest.raises(Refused) as refusal:
        start_pairings(cup, by=ORGA)
    assert codes(refusal) == {("cup_group_stage_open", "groups")}


def play_group_stage(cup):
    """Group A: Asse 6, Könige 2, Damen 0, Buben -8; group B: Zehnen 8, Karlchen 0, then
    Neunen and Füchse -4 (all rounds final)."""
    first = {m.group.name: m for m in start_group_round(cup, by=ORGA, number=1, date=DATE)}
    play_match(first["A"], {"Asse": 2, "Buben": 0, "Damen": 1, "Könige": 0})
    play_match(first["B"], {"Zehnen": 3, "Neunen": 0, "Füchse": 0, "Karlchen": 1})
    second = {m.group.name: m for m in start_group_round(cup, by=ORGA, number=2, date=DATE)}
    tables = play_match(second["A"], {"Asse": 1, "Damen": 0, "Buben": 0, "Könige": 2})
    play_match(second["B"], {"Zehnen": 1, "Karlchen": 0, "Neunen": 1, "Füchse": 0})
    for match in (*first.values(), *second.values()):
        set_match_final(match, by=ORGA)
    return tables[1]  # group A round 2: Buben v Könige


def table_of(body, group):
    found = next(g for g in body["groups"] if g["name"] == group)
    return [(row["name"], row["game_points"], row["qualified"]) for row in found["table"]]


def semi_finals(body):
    teams = {t["id"]: t["name"] for t in body["teams"]}
    return [
        {teams[p["first"]], teams[p["second"]]} for p in body["bracket"]["rounds"][0]["pairings"]
    ]


def test_the_cup_end_to_end_a_correction_reseeds_and_the_knock_out_finds_a_champion(cup):
    buben_koenige = play_group_stage(cup)
    body = cup_body(cup)
    assert table_of(body, "A") == [
        ("Asse", 6, True),
        ("Könige", 2, True),
        ("Damen", 0, False),
        ("Buben", -8, False),
    ]
    assert table_of(body, "B")[:2] == [("Zehnen", 8, True), ("Karlchen", 0, True)]
    assert body["bracket"]["provisional"] is True  # not drawn yet
    # Zehnen (seed 1) would meet Karlchen (seed 4) of its own group: the runners-up swap
    assert semi_finals(body) == [{"Zehnen", "Könige"}, {"Asse", "Karlchen"}]

    # A correction in group A's second round: Buben won the first deal, not Könige.
    round_two = group_match(cup, "A", 2)
    set_match_final(round_two, by=ORGA, final=False, reason="Zettel")
    correct_deal(buben_koenige, 1, deal=normal([1, 2], 131), version=1, reason="Zettel", by=ORGA)
    body = cup_body(cup)
    assert body["groups"][0]["provisional"] is True
    set_match_final(round_two, by=ORGA)
    body = cup_body(cup)
    assert table_of(body, "A") == [
        ("Asse", 6, True),
        ("Damen", 0, True),
        ("Könige", -2, False),
        ("Buben", -4, False),
    ]
    assert semi_finals(body) == [{"Zehnen", "Damen"}, {"Asse", "Karlchen"}]

    semis = start_pairings(cup, by=ORGA, date=DATE)
    cup.refresh_from_db()
    assert cup.drawn_at is not None
    assert len(cup.seeds) == 4
    assert [(m.round, m.position) for m in semis] == [(1, 0), (1, 1)]
    with pytest.raises(Refused) as refusal:
        start_pairings(cup, by=ORGA)
    assert codes(refusal) == {("cup_nothing_due", "pairings")}
    with pytest.raises(Refused) as refusal:
        set_match_final(round_two, by=ORGA, final=False, reason="Zettel")
    assert codes(refusal) == {("cup_drawn", "final")}
    with pytest.raises(Refused) as refusal:
        start_group_round(cup, by=ORGA, number=2)
    assert codes(refusal) == {("cup_drawn", "number")}

    zehnen_damen = next(m for m in semis if m.sides.filter(entrant__name="Damen").exists())
    asse_karlchen = next(m for m in semis if m is not zehnen_damen)
    play_match(zehnen_damen, {"Zehnen": 0, "Damen": 1})
    # Asse and Karlchen play no deal: 0 to 0, the better seed (Asse) advances by the rule
    set_match_final(zehnen_damen, by=ORGA)
    with pytest.raises(Refused) as refusal:
        set_match_final(asse_karlchen, by=ORGA, winner=team(cup, "Karlchen"))
    assert codes(refusal) == {("cup_winner_unneeded", "winner")}
    set_match_final(asse_karlchen, by=ORGA)
    body = cup_body(cup)
    first_round = body["bracket"]["rounds"][0]["pairings"]
    assert {p["decided_by"] for p in first_round} == {"score", "seed"}
    assert all(p["match"]["final"] for p in first_round)

    (final,) = start_pairings(cup, by=ORGA, date=DATE)
    assert (final.round, final.position) == (2, 0)
    play_match(
        final,
        {"Asse": 2, "Damen": 0}
        if final.sides.get(position=1).entrant.name == "Asse"
        else {"Damen": 0, "Asse": 2},
    )
    body = cup_body(cup)
    assert body["champion"] is None  # not final yet: the pairing is due, its scores live
    final_pairing = body["bracket"]["rounds"][1]["pairings"][0]
    assert final_pairing["status"] == "due"
    assert sorted(s["score"] for s in final_pairing["match"]["scores"]) == [-4, 4]
    set_match_final(final, by=ORGA)
    body = cup_body(cup)
    assert body["champion"] == team(cup, "Asse").pk
    assert Fixture.objects.filter(competition=cup).count() == 4 + 3
    assert SeasonAction.objects.filter(season=cup.season, action="cup_drawn").count() == 1


def test_a_tie_left_to_a_decider_needs_its_winner():
    cup = make_cup(rule={"group_rounds": 1, "qualify": 1, "ties": "decider"})
    for match in start_group_round(cup, by=ORGA, number=1, date=DATE):
        wins = (
            {"Asse": 1, "Buben": 0, "Damen": 0, "Könige": 0}
            if match.group.name == "A"
            else {"Zehnen": 1, "Neunen": 0, "Füchse": 0, "Karlchen": 0}
        )
        play_match(match, wins)
        set_match_final(match, by=ORGA)
    (final,) = start_pairings(cup, by=ORGA, date=DATE)
    with pytest.raises(Refused) as refusal:
        set_match_final(final, by=ORGA)  # no deal played: 0 to 0
    assert codes(refusal) == {("cup_decider_needed", "winner")}
    final.refresh_from_db()
    assert final.final is False  # nothing changed on the refusal
    with pytest.raises(Refused) as refusal:
        set_match_final(final, by=ORGA, winner=team(cup, "Buben"))
    assert codes(refusal) == {("cup_winner_not_in_pairing", "winner")}
    set_match_final(final, by=ORGA, winner=team(cup, "Zehnen"))
    body = cup_body(cup)
    assert body["champion"] == team(cup, "Zehnen").pk
    assert body["bracket"]["rounds"][0]["pairings"][0]["decided_by"] == "decider"


def test_a_round_without_results_counts_nowhere_even_marked_final():
    """Started and marked final, nobody played: no team has a round, no group is complete, and
    the knock-out waits (it took every group as tied before)."""
    cup = make_cup(rule={"group_rounds": 1, "qualify": 1})
    for match in start_group_round(cup, by=ORGA, number=1, date=DATE):
        set_match_final(match, by=ORGA)
    body = cup_body(cup)
    assert {row["rounds"] for group in body["groups"] for row in group["table"]} == {0}
    assert [(g["complete"], g["tied_line"]) for g in body["groups"]] == [(False, False)] * 2
    assert {match["played"] for group in body["groups"] for match in group["rounds"]} == {False}
    assert body["bracket"] is None
    with pytest.raises(Refused) as refusal:
        start_pairings(cup, by=ORGA)
    assert codes(refusal) == {("cup_group_stage_open", "groups")}


def test_a_tied_qualifying_line_waits_for_the_organiser_s_placing():
    cup = make_cup(rule={"group_rounds": 1, "qualify": 1})
    for match in start_group_round(cup, by=ORGA, number=1, date=DATE):
        teams = GROUPS[match.group.name]
        play_match(match, dict.fromkeys(teams, 1))  # a deal won each way: every team 0
        set_match_final(match, by=ORGA)  # every group tied
    tied = [row["name"] for row in cup_body(cup)["groups"][1]["table"]]
    assert tied == ["Füchse", "Karlchen", "Neunen", "Zehnen"]  # by name, not as set up
    now = cup_now(cup)
    assert now.bracket is None
    assert all(group.tied_line for group in now.standings)
    with pytest.raises(Refused) as refusal:
        start_pairings(cup, by=ORGA)
    assert codes(refusal) == {
        ("cup_group_line_tied", "groups.0"),
        ("cup_group_line_tied", "groups.1"),
    }
    for group, winner in (("A", "Damen"), ("B", "Füchse")):
        found = cup.groups.get(name=group)
        teams = list(found.teams.values_list("pk", flat=True))
        with pytest.raises(Refused) as refusal:
            place_group(cup, found, by=ORGA, order=teams[:2])
        assert codes(refusal) == {("cup_placing_not_group", "order")}
        order = [team(cup, winner).pk, *(pk for pk in teams if pk != team(cup, winner).pk)]
        place_group(cup, found, by=ORGA, order=order)
    body = cup_body(cup)
    assert {p["first"] for p in body["bracket"]["rounds"][0]["pairings"]} | {
        p["second"] for p in body["bracket"]["rounds"][0]["pairings"]
    } == {team(cup, "Damen").pk, team(cup, "Füchse").pk}
    assert SeasonAction.objects.filter(action="cup_group_placed").count() == 2


def test_the_cached_cup_turns_over_when_one_of_its_tournaments_changes(
    cup, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        (match, _other) = start_group_round(cup, by=ORGA, number=1, date=DATE)
    before = cached_cup(cup)
    assert cached_cup(cup).etag == before.etag
    with django_capture_on_commit_callbacks(execute=True):
        play_match(match, {"Asse": 1, "Buben": 0, "Damen": 0, "Könige": 0})
    after = cached_cup(cup)
    assert after.etag != before.etag
    scores = json.loads(after.content)["groups"][0]["rounds"][0]["scores"]
    assert {s["score"] for s in scores} == {2, -2, 0}


def test_the_default_rule_plays_four_group_rounds_before_the_knock_out():
    """The DMM 2019's shape: groups of four teams over four rounds, the best two go on."""
    cup = make_cup(rule={})
    assert cup.cup_rule.group_rounds == 4
    for number in range(1, 5):
        with pytest.raises(Refused) as refusal:
            start_pairings(cup, by=ORGA)
        assert codes(refusal) == {("cup_group_stage_open", "groups")}
        for match in start_group_round(cup, by=ORGA, number=number, date=DATE):
            names = [side.entrant.name for side in match.sides.order_by("position")]
            # the first team wins two deals, the third one: 4 places apart in every group
            play_match(match, dict(zip(names, (2, 0, 1, 0), strict=True)))
            set_match_final(match, by=ORGA)
    body = cup_body(cup)
    assert [row["rounds"] for row in body["groups"][0]["table"]] == [4, 4, 4, 4]
    assert table_of(body, "A") == [
        ("Asse", 16, True),
        ("Damen", 8, True),
        ("Könige", -8, False),
        ("Buben", -16, False),
    ]
    semis = start_pairings(cup, by=ORGA, date=DATE)
    assert len(semis) == 2
    with pytest.raises(Refused) as refusal:
        start_group_round(cup, by=ORGA, number=4)
    assert codes(refusal) == {("cup_drawn", "number")}


def semi_finals_played(cup):
    """The group stage as above, the semi-finals won 1:0 by their first team, the final
    started (Zehnen v Asse); the tables of the semi-finals."""
    play_group_stage(cup)
    tables = {}
    for match in start_pairings(cup, by=ORGA, date=DATE):
        names = [side.entrant.name for side in match.sides.order_by("position")]
        tables[match.position] = play_match(match, {names[0]: 1, names[1]: 0})[0]
        set_match_final(match, by=ORGA)
    (final,) = start_pairings(cup, by=ORGA, date=DATE)
    return tables, final


def test_a_correction_after_the_next_pairing_started_leaves_it_stale_not_guessed(cup):
    tables, final = semi_finals_played(cup)
    assert {side.entrant.name for side in final.sides.all()} == {"Zehnen", "Asse"}
    # the first semi-final's only deal was won by the other team: final, it cannot change
    with pytest.raises(Refused) as refusal:
        correct_deal(tables[0], 1, deal=normal([3, 4], 131), version=1, reason="Zettel", by=ORGA)
    assert codes(refusal) == {("results_final", "tournament")}
    # reopened (a reason), corrected and marked final again: Könige advance now
    semi_final = Fixture.objects.get(evening__tournament=tables[0].series.tournament)
    set_match_final(semi_final, by=ORGA, final=False, reason="Zettel")
    correct_deal(tables[0], 1, deal=normal([3, 4], 131), version=1, reason="Zettel", by=ORGA)
    set_match_final(semi_final, by=ORGA)
    body = cup_body(cup)
    final_pairing = body["bracket"]["rounds"][1]["pairings"][0]
    assert set(names(cup, [final_pairing["first"], final_pairing["second"]])) == {
        "Könige",
        "Asse",
    }
    assert final_pairing["match"]["stale"] is True  # started for Zehnen
    play_match(final, {"Zehnen": 1, "Asse": 0})
    with pytest.raises(Refused) as refusal:
        set_match_final(final, by=ORGA)
    assert codes(refusal) == {("cup_result_not_due", "match")}
    assert cup_body(cup)["champion"] is None


def test_a_decider_no_longer_needed_after_a_correction_is_ignored():
    cup = make_cup(rule={"group_rounds": 1, "qualify": 1, "ties": "decider"})
    for match in start_group_round(cup, by=ORGA, number=1, date=DATE):
        names = [side.entrant.name for side in match.sides.order_by("position")]
        play_match(match, dict(zip(names, (1, 0, 0, 0), strict=True)))
        set_match_final(match, by=ORGA)
    (final,) = start_pairings(cup, by=ORGA, date=DATE)
    names = [side.entrant.name for side in final.sides.order_by("position")]
    (table,) = play_match(final, {names[0]: 1, names[1]: 1})  # 2 : 2, a tie
    set_match_final(final, by=ORGA, winner=team(cup, names[1]))
    pairing = cup_body(cup)["bracket"]["rounds"][0]["pairings"][0]
    assert (pairing["decided_by"], pairing["scores"]) == ("decider", [0, 0])
    # the second deal was the first team's too: 4 : -4, the scores decide, the decider is moot.
    # The tournament's results are reopened and marked final again at its own desk page, which
    # leaves the decider's winner stored: it is ignored.
    tournament = final.evening.tournament
    reopen_results(tournament, by=ORGA, reason="Zettel")
    correct_deal(table, 2, deal=normal([1, 2], 131), version=1, reason="Zettel", by=ORGA)
    mark_final(tournament, by=ORGA, reason="Zettel")
    assert Fixture.objects.get(pk=final.pk).winner == team(cup, names[1])
    body = cup_body(cup)
    pairing = body["bracket"]["rounds"][0]["pairings"][0]
    assert (pairing["decided_by"], pairing["scores"]) == ("score", [4, -4])
    assert body["champion"] == team(cup, names[0]).pk
