"""Teams in the tournament archive (through results' port, results.parts): the round trip of
teams, rosters, captains, substitutes, the rules and the frozen side rankings; hostile shares
refused naming the field, with nothing left behind."""

import json

import pytest

from karlchen.refusals import Refused
from results.domain.archive import export_archive, import_archive, parse_archive
from teams.domain.rankings import public_side_rankings, side_rankings
from teams.domain.teams import Roster, create_team, set_side_rankings
from teams.models import SideRankings, Team, TeamMember
from tests.factories.api import publish
from tests.factories.once import rolled_back
from tests.factories.tournaments import ORGA
from tests.teams.conftest import played_tournament
from tournaments.domain.entries import hide_publicly
from tournaments.domain.tournaments import update_tournament
from tournaments.models import Entry, OrganiserAction, Tournament

pytestmark = pytest.mark.django_db

TEAMS = {
    "rules": {
        "team_rule": {"method": "best", "best": 2, "ties": "shared"},
        "club_rule": {"method": "average", "best": None, "ties": "best_member"},
        "clubs_shown": False,
    },
    "teams": [
        {"name": "Asse", "members": [1, 2], "substitutes": [5], "captain": 2},
        {"name": "Damen", "members": [3, 4, 6], "substitutes": [], "captain": None},
    ],
}


@pytest.fixture
def with_teams(played):
    return teams_of(*played)


def teams_of(tournament, entries):
    """The played tournament published, with two teams, side rankings and a hidden player."""
    publish(tournament)
    pk = {entry.start_number: entry.pk for entry in entries}
    create_team(
        tournament,
        by=ORGA,
        name="Asse",
        roster=Roster(members=(pk[2], pk[1]), substitutes=(pk[5],), captain=pk[2]),
    )
    create_team(tournament, by=ORGA, name="Damen", roster=Roster(members=(pk[3], pk[4], pk[6])))
    set_side_rankings(
        tournament,
        by=ORGA,
        team_rule={"method": "best", "best": 2, "ties": "shared"},
        club_rule={"method": "average"},
        clubs_shown=False,
    )
    hide_publicly(entries[3], by=ORGA)
    return tournament


@pytest.fixture(scope="module")
def teams_archive(django_db_setup, django_db_blocker):
    """``with_teams``'s archive, for the hostile shares: built and exported once for the module
    (each test changes a copy of the file), the tournament kept until the module's end."""
    with rolled_back(django_db_blocker):
        yield export_archive(teams_of(*played_tournament()))


@pytest.fixture(scope="module")
def frozen_archive(django_db_setup, django_db_blocker):
    """The same with its standings frozen (the frozen side rankings in the file)."""
    with rolled_back(django_db_blocker):
        tournament = teams_of(*played_tournament())
        update_tournament(tournament, by=ORGA, standings_frozen=True)
        tournament.refresh_from_db()
        yield export_archive(tournament)


def as_file(archive):
    return json.loads(json.dumps(archive))


def named(body):
    """A side ranking without the ids that differ between two tournaments."""
    return {
        part: [
            (
                unit["rank"],
                unit["name"],
                unit["score"],
                [
                    (m["start_number"], m["name"], m["substitute"], m["captain"], m["counted"])
                    for m in unit["members"]
                ],
            )
            for unit in body[part]
        ]
        for part in ("teams", "clubs")
    }


def test_teams_rosters_captains_substitutes_and_rules_survive_the_archive(with_teams):
    archive = as_file(export_archive(with_teams))
    assert archive["teams"] == TEAMS
    copy = import_archive(archive, by=ORGA)
    assert as_file(export_archive(copy))["teams"] == TEAMS
    assert named(side_rankings(copy)) == named(side_rankings(with_teams))
    captain = TeamMember.objects.get(team__tournament=copy, captain=True)
    assert (captain.team.name, captain.entry.start_number) == ("Asse", 2)
    assert SideRankings.objects.get(tournament=copy).clubs_shown is False


def test_a_tournament_without_teams_is_archived_as_before(played):
    tournament, _entries = played
    archive = export_archive(tournament)
    assert "teams" not in archive
    copy = import_archive(as_file(archive), by=ORGA)
    assert not Team.objects.filter(tournament=copy).exists()


def test_the_frozen_side_rankings_name_the_new_teams_and_entries(with_teams):
    update_tournament(with_teams, by=ORGA, standings_frozen=True)
    with_teams.refresh_from_db()
    copy = import_archive(as_file(export_archive(with_teams)), by=ORGA)
    kept = copy.frozen_standings["parts"]["teams"]
    teams = dict(Team.objects.filter(tournament=copy).values_list("name", "pk"))
    assert [unit["id"] for unit in kept["teams"]] == [teams[u["name"]] for u in kept["teams"]]
    entries = dict(Entry.objects.filter(tournament=copy).values_list("start_number", "pk"))
    members = [m for part in ("teams", "clubs") for u in kept[part] for m in u["members"]]
    assert [m["entry"] for m in members] == [
        None if m["start_number"] is None else entries[m["start_number"]] for m in members
    ]
    assert None in [m["entry"] for m in members]  # the hidden player stays unnamed
    original = json.loads(public_side_rankings(with_teams.pk).content)
    assert named(json.loads(public_side_rankings(copy.pk).content)) == named(original)


def counts():
    models = (Tournament, Entry, Team, TeamMember, SideRankings, OrganiserAction)
    return {model.__name__: model.objects.count() for model in models}


def refusal_of(archive):
    before = counts()
    with pytest.raises(Refused) as refusal:
        import_archive(parse_archive(json.dumps(archive).encode()), by=ORGA)
    assert counts() == before
    return [(p.field, p.code) for p in refusal.value.problems]


def changed(archive, change):
    archive = as_file(archive)
    change(archive)
    return archive


def team(archive, index=0):
    return archive["teams"]["teams"][index]


@pytest.mark.parametrize(
    ("change", "problems"),
    [
        (
            lambda a: team(a)["members"].__setitem__(0, "1"),
            [("teams.teams.0.members.0", "archive_type")],
        ),
        (
            lambda a: team(a)["members"].__setitem__(0, True),
            [("teams.teams.0.members.0", "archive_type")],
        ),
        (
            lambda a: team(a)["members"].__setitem__(1, 99),
            [("teams.teams.0.members.1", "archive_unknown_entry")],
        ),
        (
            lambda a: team(a).update(captain=77),
            [("teams.teams.0.captain", "archive_unknown_entry")],
        ),
        (
            lambda a: team(a, 1)["members"].append(1),
            [("teams.teams.1.members.3", "team_entry_in_other_team")],
        ),
        (
            lambda a: team(a)["substitutes"].append(1),
            [("teams.teams.0.substitutes.1", "team_entry_twice")],
        ),
        (
            lambda a: team(a).update(captain=3),
            [("teams.teams.0.captain", "team_captain_not_member")],
        ),
        (lambda a: team(a).update(name=5), [("teams.teams.0.name", "archive_type")]),
        (lambda a: team(a).update(name=" "), [("teams.teams.0.name", "team_name_required")]),
        (lambda a: team(a, 1).update(name="ASSE"), [("teams.teams.1.name", "team_name_taken")]),
        (lambda a: team(a).update(members={"1": 1}), [("teams.teams.0.members", "archive_type")]),
        (
            lambda a: team(a).update(colour="rot"),
            [("teams.teams.0.colour", "archive_unknown_field")],
        ),
        (lambda a: a["teams"].update(teams="Asse"), [("teams.teams", "archive_type")]),
        (lambda a: a["teams"].pop("teams"), [("teams.teams", "archive_required")]),
        (lambda a: a.update(teams=[]), [("teams", "archive_type")]),
        (lambda a: a["teams"].update(extra=1), [("teams.extra", "archive_unknown_field")]),
        (
            lambda a: a["teams"]["rules"].update(clubs_shown="yes"),
            [("teams.rules.clubs_shown", "archive_type")],
        ),
        (
            lambda a: a["teams"]["rules"]["team_rule"].update(method="most"),
            [
                ("teams.rules.team_rule.method", "invalid_option"),
                ("teams.rules.team_rule.best", "side_rule_best_unused"),
            ],
        ),
        (lambda a: a["teams"].update(rules=[]), [("teams.rules", "archive_type")]),
        (
            lambda a: a["teams"].update(teams=[{"name": "x"}] * 1_001),
            [("teams.teams", "archive_too_long")],
        ),
    ],
)
def test_a_hostile_teams_share_is_refused_naming_the_field(teams_archive, change, problems):
    assert refusal_of(changed(teams_archive, change)) == problems


@pytest.mark.parametrize(
    ("change", "problems"),
    [
        (
            lambda parts: parts["teams"]["teams"][0].update(name="Herzen"),
            [("tournament.frozen_standings.parts.teams.teams.0.name", "archive_unknown_team")],
        ),
        (
            lambda parts: parts["teams"]["teams"][0]["members"][0].update(start_number=42),
            [
                (
                    "tournament.frozen_standings.parts.teams.teams.0.members.0.start_number",
                    "archive_unknown_entry",
                )
            ],
        ),
        (
            lambda parts: parts["teams"].update(clubs="none"),
            [("tournament.frozen_standings.parts.teams.clubs", "archive_type")],
        ),
        (
            lambda parts: parts.update(teams=[]),
            [("tournament.frozen_standings.parts.teams", "archive_type")],
        ),
        (
            lambda parts: parts.update(league={}),
            [("tournament.frozen_standings.parts.league", "archive_unknown_field")],
        ),
    ],
)
def test_a_hostile_frozen_share_is_refused_naming_the_field(frozen_archive, change, problems):
    assert (
        refusal_of(
            changed(frozen_archive, lambda a: change(a["tournament"]["frozen_standings"]["parts"]))
        )
        == problems
    )
