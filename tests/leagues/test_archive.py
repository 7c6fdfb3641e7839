"""A league in its season's archive: exported with its divisions, teams, days, groups,
line-ups, given scores and final marks, imported into a new season with the same tables; a bad
league part refused at its place in the file, nothing created."""

import copy
import json

import pytest

from competitions.domain.squads import add_to_squad
from competitions.models import Entrant, Fixture, FixtureTeam, SquadMember
from karlchen.refusals import Refused
from leagues.domain.leagues import set_day_final, set_lineup
from leagues.domain.reads import league_read
from leagues.models import League
from seasons.domain.archive import export_season_archive, import_season_archive
from seasons.models import Season
from tests.factories.leagues import (  # noqa: F401
    close_day,
    commit_at_once,
    committed,
    league_of_eight,
)
from tests.factories.once import rolled_back
from tests.factories.tournaments import ORGA
from tournaments.models import Entry

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("committed")]


def codes(refusal):
    return {(problem.code, problem.field) for problem in refusal.value.problems}


def without_ids(data):
    """A read's body with every id left out (the import makes new ones)."""
    if isinstance(data, dict):
        return {
            key: without_ids(value) for key, value in data.items() if key not in ("id", "entry")
        }
    if isinstance(data, list):
        return [without_ids(value) for value in data]
    return data


def reads(season):
    return {
        view: without_ids(json.loads(league_read(season, view, public=False).content))
        for view in ("detail", "tables", "tables:final", "days")
    }


@pytest.fixture
def archived():
    season = _archived_league()
    return season, json.loads(json.dumps(export_season_archive(season)))


@pytest.fixture
def league_file(league_text):
    """``archived``'s file, a copy of its own for each test that only breaks it."""
    return json.loads(league_text)


@pytest.fixture(scope="module")
def league_text(django_db_setup, django_db_blocker):
    """``archived``'s season archive, exported once (the league rolled back at once): the
    refusals below need only the file, and building the league took them two seconds each."""
    with pytest.MonkeyPatch.context() as patch, rolled_back(django_db_blocker):
        commit_at_once(patch)  # the league's cached reads turn over as in the tests
        return json.dumps(export_season_archive(_archived_league()))


def _archived_league():
    """A league of two match days, the first final, a paper result on the second, a club."""
    season, _tables = league_of_eight(2, promoted=1)
    day = Fixture.objects.select_related("evening__tournament").get(number=1)
    close_day(day.evening.tournament)
    set_day_final(day, by=ORGA)
    buben = FixtureTeam.objects.get(fixture__number=2, entrant__name="Buben")
    set_lineup(buben, by=ORGA, team=buben.team, score=17)  # a paper result on day 2
    asse = Entrant.objects.get(name="Asse")
    asse.club_name = "DKV Asse"  # typed: a club nobody set up in Karlchen
    asse.save()
    return season


def test_the_league_comes_back_with_the_same_tables(archived):
    season, archive = archived
    league = archive["league"]
    assert [day["evening"] for day in league["days"]] == [0, 1]
    assert league["days"][0]["final"] is True
    assert {"team": "Buben", "group": 1, "roster": "Buben", "score": 17} in league["days"][1][
        "teams"
    ]
    assert league["divisions"][0]["teams"][0] == {"name": "Asse", "club": "DKV Asse"}
    imported = import_season_archive(archive, by=ORGA)
    assert imported.pk != season.pk
    assert reads(imported) == reads(season) | {"detail": reads(imported)["detail"]}
    detail, original = reads(imported)["detail"], reads(season)["detail"]
    assert detail["divisions"] == original["divisions"]
    assert [day["final"] for day in detail["match_days"]] == [True, False]
    assert Fixture.objects.get(competition__season=imported, number=1).final_at is not None
    again = json.loads(json.dumps(export_season_archive(imported)))
    assert without_ids(again["league"]) == without_ids(league)


def test_a_season_without_a_league_has_no_league_part():
    season = Season.objects.create(name="Keine Liga")
    assert "league" not in export_season_archive(season)


def refused_import(archive):
    seasons = Season.objects.count()
    with pytest.raises(Refused) as refusal:
        import_season_archive(archive, by=ORGA)
    assert Season.objects.count() == seasons  # nothing was created
    return refusal


def test_a_bad_league_part_is_refused_at_its_fields(league_file):
    broken = league_file
    broken["league"]["colour"] = "rot"
    broken["league"]["days"][0]["final"] = "ja"
    broken["league"]["days"][1]["teams"][0]["score"] = "viel"
    del broken["league"]["divisions"][0]["teams"][1]["club"]
    assert codes(refused_import(broken)) == {
        ("archive_unknown_field", "league.colour"),
        ("archive_type", "league.days.0.final"),
        ("archive_type", "league.days.1.teams.0.score"),
        ("archive_required", "league.divisions.0.teams.1.club"),
    }


def test_what_only_the_database_tells_is_refused_at_its_fields(archived):
    _season, archive = archived
    broken = copy.deepcopy(archive)
    broken["league"]["days"][1]["evening"] = 7
    broken["league"]["days"][0]["teams"][0]["roster"] = "Niemand"
    broken["league"]["days"][0]["teams"][1]["team"] = "Unbekannt"
    broken["league"]["divisions"][0]["rule"] = {"day_ties": "coin"}
    assert codes(refused_import(broken)) == {("invalid_option", "league.divisions.0.rule.day_ties")}
    broken["league"]["divisions"][0]["rule"] = {}
    assert codes(refused_import(broken)) == {
        ("archive_range", "league.days.1.evening"),
        ("league_roster_other_tournament", "league.days.0.teams.0.roster"),
        ("league_team_unknown", "league.days.0.teams.1.team"),
    }
    assert League.objects.count() == 1


def day_of(archive, index=0):
    return archive["league"]["days"][index]


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        (lambda a: a.update(league=[]), {("archive_type", "league")}),
        (lambda a: a["league"].update(divisions={}), {("archive_type", "league.divisions")}),
        (lambda a: a["league"].update(days="1, 2"), {("archive_type", "league.days")}),
        (lambda a: a["league"].update(days=[{}] * 501), {("archive_too_long", "league.days")}),
        (
            lambda a: a["league"]["divisions"][0].update(teams="Asse"),
            {("archive_type", "league.divisions.0.teams")},
        ),
        (lambda a: a["league"]["days"].__setitem__(0, 1), {("archive_type", "league.days.0")}),
        (lambda a: day_of(a).update(number="1"), {("archive_type", "league.days.0.number")}),
        (
            lambda a: day_of(a).update(final_at="gestern"),
            {("archive_type", "league.days.0.final_at")},
        ),
        (lambda a: day_of(a).update(teams={}), {("archive_type", "league.days.0.teams")}),
        (
            lambda a: day_of(a)["teams"].__setitem__(0, "Asse"),
            {("archive_type", "league.days.0.teams.0")},
        ),
        (
            lambda a: day_of(a)["teams"][0].update(group=0, roster=5),
            {
                ("archive_range", "league.days.0.teams.0.group"),
                ("archive_type", "league.days.0.teams.0.roster"),
            },
        ),
        (
            lambda a: day_of(a, 1).update(number=1),
            {("league_day_number_taken", "league.days.1.number")},
        ),
        (
            lambda a: day_of(a, 1).update(evening=0),
            {("league_day_tournament_taken", "league.days.1.evening")},
        ),
        (
            lambda a: day_of(a)["teams"][1].update(team=day_of(a)["teams"][0]["team"]),
            {("league_team_twice", "league.days.0.teams.1.team")},
        ),
        (
            lambda a: day_of(a)["teams"][1].update(roster=day_of(a)["teams"][0]["roster"]),
            {("league_roster_taken", "league.days.0.teams.1.roster")},
        ),
    ],
)
def test_each_bad_league_part_is_refused_at_its_place(league_file, change, expected):
    broken = league_file
    change(broken)
    assert codes(refused_import(broken)) == expected


def test_a_group_of_two_divisions_in_an_archive_is_refused(league_file):
    broken = league_file
    second = broken["league"]["divisions"][0]["teams"].pop()  # Zehnen into a division of its own
    broken["league"]["divisions"].append({"name": "Kreisliga", "rule": {}, "teams": [second]})
    found = codes(refused_import(broken))  # Zehnen's group on both days: at the team mixing it
    assert {code for code, _field in found} == {"league_group_divisions"}
    assert {field.split(".")[2] for _code, field in found} == {"0", "1"}


def test_a_league_s_squads_come_back_with_their_roles(archived):
    """The squads: the people of the imported evenings by name, substitutes marked; a player
    listed for two teams and a broken squad are refused at their places."""
    season, _archive = archived
    day_one = Fixture.objects.get(competition__season=season, number=1).evening.tournament
    players = [entry.player for entry in Entry.objects.filter(tournament=day_one)[:3]]
    asse = Entrant.objects.get(competition__season=season, name="Asse")
    for index, player in enumerate(players):
        add_to_squad(asse, by=ORGA, player=player, substitute=index == 2)
    archive = json.loads(json.dumps(export_season_archive(season)))
    squad = archive["league"]["divisions"][0]["teams"][0]["squad"]
    assert [(row["name"], row["substitute"]) for row in squad] == [
        (players[0].name, False),
        (players[1].name, False),
        (players[2].name, True),
    ]
    assert "squad" not in archive["league"]["divisions"][0]["teams"][1]
    imported = import_season_archive(copy.deepcopy(archive), by=ORGA)
    rows = SquadMember.objects.filter(competition__season=imported).order_by("position")
    assert [(row.player.name, row.substitute) for row in rows] == [
        (players[0].name, False),
        (players[1].name, False),
        (players[2].name, True),
    ]
    # the people of the imported evenings, not new ones
    evenings = Entry.objects.filter(tournament__season_evenings__season=imported)
    assert all(evenings.filter(player=row.player).exists() for row in rows)
    broken = copy.deepcopy(archive)
    broken["league"]["divisions"][0]["teams"][1]["squad"] = [squad[0]]
    assert codes(refused_import(broken)) == {
        ("squad_player_taken", "league.divisions.0.teams.1.squad.0")
    }
    broken["league"]["divisions"][0]["teams"][1]["squad"] = [{"name": 5, "substitute": "ja"}]
    assert codes(refused_import(broken)) == {
        ("archive_required", "league.divisions.0.teams.1.squad.0.member_number"),
    }
    broken["league"]["divisions"][0]["teams"][1]["squad"] = [
        {"name": "", "member_number": 7, "substitute": "ja"}
    ]
    assert codes(refused_import(broken)) == {
        ("squad_player_name", "league.divisions.0.teams.1.squad.0.name"),
        ("archive_type", "league.divisions.0.teams.1.squad.0.member_number"),
        ("archive_type", "league.divisions.0.teams.1.squad.0.substitute"),
    }
