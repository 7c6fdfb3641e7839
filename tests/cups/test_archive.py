"""A cup's archive: exported with its season's, imported as a new cup with the same group
tables, draw, bracket and champion; a broken archive is refused whole, naming the place."""

import json

import pytest
from django.core.serializers.json import DjangoJSONEncoder

from competitions.models import SquadMember
from cups.domain.archive import export_cup_archive, import_cup_archive
from cups.domain.cups import set_match_final, start_pairings
from cups.domain.state import cup_body
from cups.models import Cup
from karlchen.refusals import Refused
from tests.cups.conftest import DATE, make_cup, play_match
from tests.cups.test_domain import play_group_stage
from tests.factories.api import client_for
from tests.factories.tournaments import ORGA, organiser
from tournaments.models import Entry

pytestmark = pytest.mark.django_db


def by_names(body):
    """The cup's body with every id replaced by the name it stands for."""
    teams = {team["id"]: team["name"] for team in body["teams"]}
    groups = {group["id"]: group["name"] for group in body["groups"]}
    return {
        "teams": [(t["name"], t["club"], groups[t["group"]], t["players"]) for t in body["teams"]],
        "groups": [
            (
                g["name"],
                g["complete"],
                [(r["name"], r["game_points"], r["qualified"]) for r in g["table"]],
                [
                    (m["round"], m["final"], sorted(s["score"] for s in m["scores"]))
                    for m in g["rounds"]
                ],
            )
            for g in body["groups"]
        ],
        "bracket": [
            [
                (
                    teams.get(p["first"]),
                    teams.get(p["second"]),
                    p["status"],
                    teams.get(p["winner"]),
                    p["scores"],
                    p["decided_by"],
                )
                for p in round_["pairings"]
            ]
            for round_ in body["bracket"]["rounds"]
        ],
        "champion": teams.get(body["champion"]),
        "drawn": body["drawn"],
    }


def played_cup():
    cup = make_cup()
    play_group_stage(cup)
    for match in start_pairings(cup, by=ORGA, date=DATE):
        names = [side.entrant.name for side in match.sides.all()]
        play_match(match, {names[0]: 1, names[1]: 0})
        set_match_final(match, by=ORGA)
    (_final,) = start_pairings(cup, by=ORGA, date=DATE)  # started, not played
    return cup


def test_a_cup_s_archive_round_trip():
    cup = played_cup()
    archive = json.loads(json.dumps(export_cup_archive(cup), cls=DjangoJSONEncoder))
    assert archive["format"] == "karlchen-cup"
    assert len(archive["season"]["evenings"]) == 4 + 2 + 1
    copy = import_cup_archive(archive, by=ORGA)
    assert copy.pk != cup.pk
    assert by_names(cup_body(copy)) == by_names(cup_body(cup))
    # the players are the people of the imported tournaments, not new ones per tournament
    player = SquadMember.objects.get(competition=copy, player__name="Asse 1").player
    assert (
        Entry.objects.filter(player=player).count() == 2 + 2
    )  # two group rounds, a semi-final and the final
    assert export_cup_archive(copy)["cup"] == archive["cup"]


def test_a_broken_cup_archive_is_refused_whole():
    cup = played_cup()
    archive = json.loads(json.dumps(export_cup_archive(cup), cls=DjangoJSONEncoder))
    archive["cup"]["matches"][0]["sides"][0]["team"] = 99
    archive["cup"]["matches"][1]["evening"] = -1
    archive["cup"]["extra"] = 1
    with pytest.raises(Refused) as refusal:
        import_cup_archive(archive, by=ORGA)
    assert {(p.code, p.field) for p in refusal.value.problems} == {
        ("archive_unknown_field", "cup.extra")
    }
    del archive["cup"]["extra"]
    with pytest.raises(Refused) as refusal:
        import_cup_archive(archive, by=ORGA)
    assert {(p.code, p.field) for p in refusal.value.problems} == {
        ("archive_range", "cup.matches.0.sides.0.team"),
        ("archive_range", "cup.matches.1.evening"),
    }
    assert Cup.objects.count() == 1
    with pytest.raises(Refused) as refusal:
        import_cup_archive({"format": "karlchen-season"}, by=ORGA)
    assert {(p.code, p.field) for p in refusal.value.problems} == {
        ("cup_archive_invalid", "archive")
    }


def test_the_archive_through_the_api():
    cup = make_cup()
    orga = client_for(organiser())
    answer = orga.get(f"/api/v1/cups/{cup.pk}/archive/")
    assert answer.status_code == 200
    imported = orga.post("/api/v1/cups/import/", answer.json(), format="json")
    assert imported.status_code == 201, imported.json()
    assert imported.json()["name"] == "Pokal 2026"
    assert Cup.objects.count() == 2


def test_a_substitute_keeps_its_role_through_the_archive():
    cup = played_cup()
    bench = SquadMember.objects.filter(competition=cup, player__name="Asse 2")
    bench.update(substitute=True)
    archive = json.loads(json.dumps(export_cup_archive(cup), cls=DjangoJSONEncoder))
    players = archive["cup"]["groups"][0]["teams"][0]["players"]
    assert [player.get("substitute", False) for player in players] == [False, True]
    copy = import_cup_archive(archive, by=ORGA)
    roles = SquadMember.objects.filter(competition=copy, team__name="Asse").order_by("position")
    assert [(row.player.name, row.substitute) for row in roles] == [
        ("Asse 1", False),
        ("Asse 2", True),
    ]
