"""The desk's league: set it up with its divisions, add match days with their groups, set a
day's line-ups and scores, mark it final; every refusal at its field, in the reader's language;
the public league page."""

import html
import re

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from competitions.models import Entrant, Fixture, FixtureTeam
from leagues.models import League
from seasons.domain.seasons import create_season
from tests.factories.leagues import (  # noqa: F401
    EIGHT,
    close_day,
    committed,
    day_rosters,
    played_day,
)
from tests.factories.tournaments import ORGA, organiser
from tournaments.models import Job

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("committed")]


@pytest.fixture
def desk_en():
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(organiser())
    return client


@pytest.fixture
def season():
    season = create_season(by=ORGA, name="Liga 2026", is_public=True)
    season.organisers.add(organiser())
    return season


def division(index=0, **fields):
    base = {
        "name": "Bezirksliga",
        "teams": "\n".join(EIGHT),
        "points_table": "4, 3, 2, 1",
        "day_ties": "average",
        "order": "ddv",
        "promoted": "1",
        "relegated": "2",
    }
    return {f"d{index}-{key}": value for key, value in (base | fields).items()}


def empty(index):
    return division(index, name="", teams="") | {f"d{index}-points_table": ""}


def set_up(client, season):
    answer = client.post(f"/desk/seasons/{season.pk}/league/", division() | empty(1) | empty(2))
    assert answer.status_code == 302, answer.content.decode()[:2000]
    return {team.name: team.pk for team in Entrant.objects.all()}


def field_errors(page: str) -> list[str]:
    found = re.findall(r'<p class="error" role="alert">([^<]*)</p>', page)
    return [html.unescape(error) for error in found]


def test_only_the_season_s_organisers_reach_the_league(client, season):
    url = f"/desk/seasons/{season.pk}/league/"
    assert client.get(url).status_code == 302  # to the login
    client.force_login(get_user_model().objects.create_user("fremd"))
    assert client.get(url).status_code == 403


def test_make_a_season_a_league_with_two_divisions(desk_en, season):
    page = desk_en.get(f"/desk/seasons/{season.pk}/").content.decode()
    assert "Make the season a league" in page
    answer = desk_en.post(
        f"/desk/seasons/{season.pk}/league/",
        division()
        | division(1, name="Kreisliga", teams="Neue\nAndere", points_table="", order="best_day")
        | empty(2),
    )
    assert answer.status_code == 302
    league = League.objects.get(season=season)
    first, second = league.groups.all()
    assert (first.rule["promoted"], first.rule["relegated"]) == (1, 2)
    assert second.rule["points_table"] == []
    assert second.table_rule.order[2] == "best_day"
    assert sorted(second.teams.values_list("name", flat=True)) == ["Andere", "Neue"]
    page = desk_en.get(f"/desk/seasons/{season.pk}/league/").content.decode()
    assert f'id="table-{first.pk}"' in page
    assert "No match days yet." in page


def test_a_bad_league_names_each_field_in_the_reader_s_language(desk_en, season):
    answer = desk_en.post(
        f"/desk/seasons/{season.pk}/league/",
        division(teams="Asse\nasse", points_table="4, drei")
        | division(1, name="bezirksliga", teams="X", points_table="1, 2")
        | empty(2),
    )
    assert answer.status_code == 400
    page = answer.content.decode()
    assert "Please enter whole numbers from 0, separated by commas (4, 3, 2, 1)." in page
    assert not League.objects.exists()
    answer = desk_en.post(
        f"/desk/seasons/{season.pk}/league/",
        division(teams="Asse\nasse")
        | division(1, name="bezirksliga", points_table="1, 2", teams="X")
        | empty(2),
    )
    errors = field_errors(answer.content.decode())
    assert "A team named “asse” plays in this league already." in errors
    assert "There is a division named “bezirksliga” already." in errors
    assert any("must not rise" in error or "rise" in error for error in errors), errors
    german = Client(HTTP_ACCEPT_LANGUAGE="de")
    german.force_login(organiser())
    answer = german.post(
        f"/desk/seasons/{season.pk}/league/", division(name="") | empty(1) | empty(2)
    )
    assert "Bitte" in " ".join(field_errors(answer.content.decode()))


def test_add_a_match_day_set_line_ups_and_mark_it_final(desk_en, season, client):
    teams = set_up(desk_en, season)
    tournament, _tables, entries = played_day(1)
    rosters = day_rosters(tournament, entries)
    groups = {f"group_{teams[name]}": str(1 + index // 4) for index, name in enumerate(EIGHT)}
    answer = desk_en.post(
        f"/desk/seasons/{season.pk}/league/",
        {"number": "1", "tournament": str(tournament.pk), "date": ""} | groups,
    )
    assert answer.status_code == 302, field_errors(answer.content.decode())
    day = Fixture.objects.get(number=1)
    assert answer["Location"] == f"/desk/seasons/{season.pk}/league/days/1/"
    assert FixtureTeam.objects.filter(fixture=day, group=2).count() == 4
    url = f"/desk/seasons/{season.pk}/league/days/1/"
    page = desk_en.get(url).content.decode()
    assert "The results are provisional" in page
    for name, roster in zip(EIGHT, rosters, strict=True):
        prefix = f"t{teams[name]}"
        answer = desk_en.post(
            url,
            {
                "action": "lineup",
                "league_team": teams[name],
                f"{prefix}-team": roster.pk,
                f"{prefix}-score": "",
            },
        )
        assert answer.status_code == 302
    prefix = f"t{teams['Buben']}"
    answer = desk_en.post(
        url,
        {
            "action": "lineup",
            "league_team": teams["Buben"],
            f"{prefix}-team": "",
            f"{prefix}-score": "zehn",
        },
    )
    assert answer.status_code == 400
    assert "Enter a whole number." in field_errors(answer.content.decode())
    answer = desk_en.post(
        url,
        {
            "action": "lineup",
            "league_team": teams["Buben"],
            f"{prefix}-team": rosters[0].pk,
            f"{prefix}-score": "",
        },
    )
    assert answer.status_code == 400
    assert "The team “Asse” is another league team's roster already." in field_errors(
        answer.content.decode()
    )
    page = desk_en.get(url).content.decode()
    assert "Spieler 1, Spieler 2" in page
    # the day's series is still open: refused at the desk, in its language, nothing changed
    answer = desk_en.post(url, {"action": "final"})
    assert answer.status_code == 400
    assert "Series 1 of this tournament is still open" in answer.content.decode()
    assert not Fixture.objects.get(number=1).final
    close_day(tournament)
    assert desk_en.post(url, {"action": "final"}).status_code == 302
    assert Fixture.objects.get(number=1).final
    # reopening asks for a reason, as the tournament's final results do
    assert desk_en.post(url, {"action": "provisional"}).status_code == 400
    assert Fixture.objects.get(number=1).final
    assert desk_en.post(url, {"action": "provisional", "reason": "Zettel"}).status_code == 302
    assert not Fixture.objects.get(number=1).final
    assert desk_en.post(url, {"action": "final"}).status_code == 302
    page = desk_en.get(f"/desk/seasons/{season.pk}/league/").content.decode()
    assert "provisional" not in page.split('id="days-title"')[1]
    public = client.get(f"/s/{season.pk}/league/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Asse" in public
    assert "Match day 1" in public
    assert desk_en.post(url, {"action": "provisional", "reason": "Einspruch"}).status_code == 302
    public = client.get(f"/s/{season.pk}/league/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "provisional" in public


def test_a_match_day_s_refusals_stand_at_the_teams_fields(desk_en, season):
    teams = set_up(desk_en, season)
    answer = desk_en.post(
        f"/desk/seasons/{season.pk}/league/",
        {"number": "1", "tournament": "", "date": "2026-03-01"},
    )
    assert answer.status_code == 400
    assert "A match day needs at least one group of teams." in answer.content.decode()
    assert not Fixture.objects.exists()
    answer = desk_en.post(
        f"/desk/seasons/{season.pk}/league/",
        {"number": "1", "tournament": "", "date": "2026-03-01", f"group_{teams['Asse']}": "1"},
    )
    assert answer.status_code == 302
    assert Fixture.objects.get().evening.tournament.name == "Liga 2026, match day 1"
    page = desk_en.get(f"/desk/seasons/{season.pk}/league/").content.decode()
    days = page[page.index('id="match-days"') :]
    assert "not played yet" in days  # it said "provisional" before a card was dealt
    assert "provisional" not in days[: days.index("</table>")]


def test_the_public_league_page(client, season, desk_en):
    assert client.get(f"/s/{season.pk}/league/").status_code == 404  # no league yet
    set_up(desk_en, season)
    page = client.get(f"/s/{season.pk}/league/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Bezirksliga" in page
    assert "The best team is marked for promotion" in page
    german = client.get(f"/s/{season.pk}/league/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Tabelle" in german
    season.is_public = False
    season.save(update_fields=["is_public"])
    assert client.get(f"/s/{season.pk}/league/").status_code == 404
    assert desk_en.get(f"/s/{season.pk}/league/").status_code == 200


def test_the_league_s_pdfs_are_started_from_the_desk(desk_en, season, media_root):
    set_up(desk_en, season)
    page = desk_en.get(f"/desk/seasons/{season.pk}/league/").content.decode()
    assert "League table (PDF)" in page
    answer = desk_en.post(
        f"/desk/seasons/{season.pk}/", {"action": "print", "kind": "league_table"}
    )
    assert answer.status_code == 302
    assert Job.objects.get().params["kind"] == "league_table"
    answer = desk_en.post(
        f"/desk/seasons/{season.pk}/", {"action": "print", "kind": "league_day", "day": "3"}
    )
    assert answer.status_code == 400
    assert "The league has no such match day." in answer.content.decode()


def test_the_season_s_public_page_links_its_league(client, season, desk_en):
    assert 'id="season-league"' not in client.get(f"/s/{season.pk}/").content.decode()
    set_up(desk_en, season)
    page = client.get(f"/s/{season.pk}/").content.decode()
    assert f'<p id="season-league"><a href="/s/{season.pk}/league/">' in page


def division_form(page: str) -> dict[str, str]:
    """The division page's form as the browser would send it unchanged."""
    fields = dict(
        re.findall(r'<input type="(?:text|number)" name="(d-[^"]+)" value="([^"]*)"', page)
    )
    selects = r'<select name="(d-[^"]+)"[^>]*>.*?<option value="([^"]*)"[^>]*selected'
    fields |= dict(re.findall(selects, page, re.S))
    return {name: html.unescape(value) for name, value in fields.items()} | {"d-new_teams": ""}


def test_a_division_is_changed_at_the_desk_and_a_team_that_played_stays(desk_en, season):
    teams = set_up(desk_en, season)
    division = League.objects.get(season=season).groups.get()
    league_page = desk_en.get(f"/desk/seasons/{season.pk}/league/").content.decode()
    url = f"/desk/seasons/{season.pk}/league/divisions/{division.pk}/"
    assert f'href="{url}"' in league_page
    form = division_form(desk_en.get(url).content.decode())
    assert form["d-name"] == "Bezirksliga"
    assert form[f"d-team_{teams['Asse']}"] == "Asse"
    assert (form["d-order"], form["d-points_table"]) == ("ddv", "4, 3, 2, 1")
    changed = form | {
        "d-name": "Bezirksliga Nord",
        "d-points_table": "3, 2, 1, 0",
        f"d-team_{teams['Asse']}": "Die Asse",
        f"d-team_{teams['Zehnen']}": "",
        "d-new_teams": "Neunen\n",
    }
    answer = desk_en.post(url, changed)
    assert answer.status_code == 302, field_errors(answer.content.decode())
    division.refresh_from_db()
    assert (division.name, division.rule["points_table"]) == ("Bezirksliga Nord", [3, 2, 1, 0])
    assert division.rule["promoted"] == 1  # unchanged fields keep what they were
    names = sorted(Entrant.objects.values_list("name", flat=True))
    assert names == sorted(["Die Asse", *EIGHT[1:7], "Neunen"])

    # A team that played a match day cannot leave: the refusal stands at its field.
    tournament, _tables, entries = played_day(1)
    day_rosters(tournament, entries)
    desk_en.post(
        f"/desk/seasons/{season.pk}/league/",
        {"number": "1", "tournament": str(tournament.pk)}
        | {f"group_{pk}": "1" for pk in Entrant.objects.values_list("pk", flat=True)},
    )
    assert Fixture.objects.filter(competition__season=season).exists()
    form = division_form(desk_en.get(url).content.decode())
    answer = desk_en.post(url, form | {f"d-team_{teams['Buben']}": ""})
    assert answer.status_code == 400
    page = answer.content.decode()
    assert field_errors(page) == ["“Buben” has played on a match day: it stays in the league."]
    at_buben = re.search(rf'name="d-team_{teams["Buben"]}".*?</div>', page, re.S)
    assert at_buben is not None
    assert "has played on a match day" in at_buben.group()  # the error, not the help text
    assert Entrant.objects.filter(name="Buben").exists()
