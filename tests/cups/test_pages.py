"""The cup's public page: its group tables, the bracket drawn with provisional marks, the
champion; a private cup is the friendly 404 page to anyone but its organisers."""

import pytest
from django.test import Client

from cups.domain.cups import set_match_final, start_group_round, start_pairings
from karlchen.changes import tournament_changed
from seasons.domain.seasons import update_season
from tests.cups.conftest import DATE, make_cup, play_match
from tests.cups.test_domain import play_group_stage
from tests.factories.api import publish
from tests.factories.tournaments import ORGA, organiser
from tournaments.domain.entries import hide_publicly
from tournaments.domain.tournaments import update_tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def reader():
    return Client(HTTP_ACCEPT_LANGUAGE="en")


def test_the_page_shows_the_groups_and_a_provisional_bracket(reader):
    cup = make_cup()
    page = reader.get(f"/c/{cup.pk}/")
    assert page.status_code == 200
    text = page.content.decode()
    assert "Group A" in text
    assert "Group B" in text
    assert "The knock-out follows once every group has played its rounds" in text
    play_group_stage(cup)
    text = reader.get(f"/c/{cup.pk}/").content.decode()
    assert "Provisional: the knock-out as the group tables give it now." in text
    assert 'aria-label="Knock-out bracket"' in text
    assert "Semi-finals" in text
    assert "Final" in text
    assert "(A 1)" in text  # Asse, the winner of group A
    assert text.count("qualified</strong>") == 4


def test_the_page_shows_live_scores_the_winners_and_the_champion(reader):
    cup = make_cup()
    play_group_stage(cup)
    semis = start_pairings(cup, by=ORGA, date=DATE)
    names = [side.entrant.name for side in semis[0].sides.all()]
    play_match(semis[0], {names[0]: 1, names[1]: 0})
    text = reader.get(f"/c/{cup.pk}/").content.decode()
    assert "live, provisional" in text
    assert "Provisional: the knock-out" not in text  # drawn
    for match in semis:
        publish(match.evening.tournament)  # opened, as every round spectators follow
        set_match_final(match, by=ORGA)
    (final,) = start_pairings(cup, by=ORGA, date=DATE)
    publish(final.evening.tournament)
    set_match_final(final, by=ORGA)  # no deal: the better seed wins the tie
    text = reader.get(f"/c/{cup.pk}/").content.decode()
    assert "Cup winner: " in text
    assert "tie: the better seed" in text
    assert "advances" in text


def test_a_private_cup_is_the_not_found_page_but_to_its_organisers(reader):
    cup = make_cup()
    update_season(cup.season, by=ORGA, is_public=False)
    page = reader.get(f"/c/{cup.pk}/")
    assert page.status_code == 404
    assert "Team cup not found" in page.content.decode()
    assert reader.get("/c/999999/").status_code == 404
    reader.force_login(organiser())
    page = reader.get(f"/c/{cup.pk}/")
    assert page.status_code == 200
    assert "To the desk" in page.content.decode()


def test_a_player_hidden_at_one_of_the_cup_s_tournaments_is_unnamed_to_the_public(reader):
    cup = make_cup()
    (match, _other) = start_group_round(cup, by=ORGA, number=1, date=DATE)
    entry = match.evening.tournament.entries.get(player__name="Asse 2")
    hide_publicly(entry, by=ORGA)
    text = reader.get(f"/c/{cup.pk}/").content.decode()
    assert "Asse 1" in text
    assert "Asse 2" not in text
    assert "<em>hidden</em>" in text
    body = reader.get(f"/api/v1/cups/{cup.pk}/").json()
    asse = next(team for team in body["teams"] if team["name"] == "Asse")
    assert asse["players"] == ["Asse 1", None]
    reader.force_login(organiser())
    assert "Asse 2" in reader.get(f"/c/{cup.pk}/").content.decode()


def test_spectators_see_a_round_as_its_tournament_shows_it(reader):
    cup = make_cup()
    first = {m.group.name: m for m in start_group_round(cup, by=ORGA, number=1, date=DATE)}
    play_match(first["A"], {"Asse": 2, "Buben": 0, "Damen": 1, "Könige": 0})
    tournament = first["A"].evening.tournament

    def round_a(body):
        group = next(g for g in body["groups"] if g["name"] == "A")
        return group["rounds"][0], {row["name"]: row["game_points"] for row in group["table"]}

    shown, table = round_a(reader.get(f"/api/v1/cups/{cup.pk}/").json())
    assert (shown["withheld"], table["Asse"]) == (False, 4)

    update_tournament(tournament, by=ORGA, standings_frozen=True)  # for the prize-giving
    shown, table = round_a(reader.get(f"/api/v1/cups/{cup.pk}/").json())
    assert (shown["withheld"], shown["scores"], table["Asse"]) == (True, [], 0)
    assert "results not shown yet" in reader.get(f"/c/{cup.pk}/").content.decode()
    reader.force_login(organiser())  # the organisers see it live
    shown, table = round_a(reader.get(f"/api/v1/cups/{cup.pk}/").json())
    assert (shown["withheld"], table["Asse"]) == (False, 4)
    reader.logout()

    update_tournament(tournament, by=ORGA, standings_frozen=False)
    tournament.confirmation_required = True  # nothing confirmed: spectators count no deal
    tournament.save(update_fields=["confirmation_required"])
    tournament_changed(tournament.pk)
    shown, table = round_a(reader.get(f"/api/v1/cups/{cup.pk}/").json())
    assert shown["withheld"] is False
    assert table["Asse"] == 0
