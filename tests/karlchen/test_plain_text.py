"""No text comes in holding what no text may (``karlchen.plaintext``): a NUL or another control
character is a 400 ``text_control_characters`` naming the field, never a 500, wherever it comes
in — every text field of every write of the API (walked from the schema), every query parameter
of every read, the desk's and the public forms, and the archives (a NUL in an entry's name
reached PostgreSQL and answered 500).
"""

from __future__ import annotations

import json
import re

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from rest_framework.test import APIClient

from karlchen.plaintext import (
    FILLED_TEXT_PATTERN,
    LINE_PATTERN,
    TEXT_PATTERN,
    forbidden_fields,
    has_control_characters,
    has_forbidden_characters,
)
from results.domain.archive import export_archive
from tests.factories.once import rolled_back
from tests.karlchen.test_permission_matrix import build_world
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db

NUL = "a\x00b"
CODE = "text_control_characters"
WRITES = ("post", "put", "patch", "delete")


# --- the one rule and the schema's patterns agree ---------------------------------------------


@pytest.mark.parametrize("char", [chr(n) for n in range(0x00, 0xB0)] + ["\u2028", "\ufeff", "é"])
def test_the_patterns_say_what_the_checks_decide(char):
    text = f"x{char}y"
    assert bool(re.fullmatch(TEXT_PATTERN, text)) is not has_forbidden_characters(text)
    assert bool(re.fullmatch(LINE_PATTERN, text)) is not has_control_characters(text)
    assert bool(re.fullmatch(FILLED_TEXT_PATTERN, text)) is not has_forbidden_characters(text)


def test_a_text_of_several_lines_keeps_its_breaks_a_line_does_not():
    assert not has_forbidden_characters("Erste Zeile\r\n\tzweite Zeile")
    assert has_control_characters("Erste Zeile\nzweite")
    for bad in ("\x00", "\x07", "\x1b", "\x7f", "\x85", "\ud800"):
        assert has_forbidden_characters(f"a{bad}b")
    assert list(forbidden_fields({"a": [{"b": "ok"}, {"b": NUL}], NUL: 1, "c": "\n"})) == [
        "a.1.b",
        "a\\x00b",
    ]


# --- the API: every text field of every write, every query parameter of every read -----------


@pytest.fixture(scope="module")
def built(django_db_setup, django_db_blocker):
    """The matrix's world and a superuser, built once for the module's tests: each test's own
    transaction (a savepoint inside this one) takes back what its requests wrote."""
    with rolled_back(django_db_blocker):
        world, _actors = build_world()
        yield world, get_user_model().objects.create_superuser("root-nul")


@pytest.fixture
def world(built):
    world, root = built
    client = APIClient()
    client.force_authenticate(root)
    return world, client


def ids_for(world, path: str) -> dict[str, object]:
    league = "/league/" in path
    if league:
        team = world.lineup_team
    elif "/cups/" in path:
        team = world.cup.teams.order_by("pk").first()  # a team of the cup, with its squad
    else:
        team = world.team
    return {
        "tournament_id": world.tournament.pk,
        "table_id": world.table.pk,
        "number": 1,
        "entry_id": world.entry.pk,
        "signup_id": world.signup.pk,
        "season_id": (world.league if league else world.season).pk,
        "player_id": world.entry.player_id,
        "other_id": world.tournament.entries.exclude(pk=world.entry.pk)
        .values_list("player_id", flat=True)
        .first(),
        "team_id": team.pk,
        "division_id": world.lineup_team.group_id,
        "cup_id": world.cup.pk,
        "group_id": world.group.pk,
        "match_id": world.match.pk,
        "club_id": world.tournament.club_id,
        "association_id": world.tournament.club.association_id,
        "protest_id": world.protest.pk,
        "job_id": world.job.pk,
        "invitation_id": world.invitation.pk,
        "user_id": world.scorer.pk,
        "name": "standings.pdf",
    }


def text_fields(schema: dict, node: object, path: str = "") -> list[tuple[str, object]]:
    """Each text of a request schema: (its dotted path, a body holding NUL there only)."""
    if not isinstance(node, dict):
        return []
    if "$ref" in node:
        return text_fields(
            schema, schema["components"]["schemas"][node["$ref"].split("/")[-1]], path
        )
    found = []
    for branch in node.get("oneOf", []) + node.get("allOf", []) + node.get("anyOf", []):
        found += text_fields(schema, branch, path)
    if node.get("type") == "string" and "enum" not in node and path:
        found.append((path, NUL))
    for name, child in node.get("properties", {}).items():
        at = f"{path}.{name}" if path else name
        found += [(field, {name: body}) for field, body in text_fields(schema, child, at)]
    if isinstance(node.get("items"), dict):
        found += [
            (field, [body]) for field, body in text_fields(schema, node["items"], f"{path}.0")
        ]
    return found


def test_every_text_field_of_every_write_refuses_a_nul_by_name(world):
    world, client = world
    schema = json.loads(Client().get("/api/schema/", {"format": "json"}).content)
    asked, wrong = 0, []
    for template, operations in schema["paths"].items():
        path = template.format(**ids_for(world, template))
        for method, operation in operations.items():
            body_schema = (
                operation.get("requestBody", {})
                .get("content", {})
                .get("application/json", {})
                .get("schema")
            )
            if method not in WRITES or body_schema is None:
                continue
            for field, body in dict(text_fields(schema, body_schema)).items():
                response = getattr(client, method)(path, body, format="json")
                asked += 1
                errors = response.json().get("errors", []) if response.status_code == 400 else []
                if {(e["field"], e["code"]) for e in errors} != {(field, CODE)}:
                    wrong.append((method, template, field, response.status_code, errors))
    assert wrong == []
    assert asked > 50  # the walk reached the API's texts


def test_a_key_holding_a_nul_is_refused_by_its_name(world):
    _world, client = world
    response = client.post("/api/v1/tournaments/", {"na\x00me": "x"}, format="json")
    assert response.status_code == 400
    assert response.json()["errors"][0] == {
        "field": "na\\x00me",
        "code": CODE,
        "message": response.json()["errors"][0]["message"],
    }


def test_every_query_parameter_refuses_a_control_character_by_name(world):
    world, client = world
    schema = json.loads(Client().get("/api/schema/", {"format": "json"}).content)
    asked, wrong = 0, []
    for template, operations in schema["paths"].items():
        path = template.format(**ids_for(world, template))
        for method, operation in operations.items():
            for parameter in operation.get("parameters", []) if method == "get" else []:
                if parameter["in"] != "query":
                    continue
                for text in (NUL, "a\tb"):
                    response = client.get(path, {parameter["name"]: text})
                    asked += 1
                    errors = response.json()["errors"] if response.status_code == 400 else []
                    if [(e["field"], e["code"]) for e in errors] != [(parameter["name"], CODE)]:
                        wrong.append((template, parameter["name"], response.status_code))
    assert wrong == []
    assert asked > 30


def test_http_basic_with_a_nul_is_a_401_not_a_500(world):
    import base64

    secret = base64.b64encode(b"ro\x00ot:pass").decode()
    response = APIClient().get("/api/v1/tournaments/", HTTP_AUTHORIZATION=f"Basic {secret}")
    assert response.status_code == 401


# --- archives -----------------------------------------------------------------------------------


def nul_archive(tournament) -> bytes:
    archive = export_archive(tournament)
    archive["entries"][0]["name"] = "An\x00na"
    return json.dumps(archive).encode()


def test_an_archive_with_a_nul_in_an_entry_name_is_refused_by_its_path(world):
    world, client = world
    before = Tournament.objects.count()
    response = client.generic(
        "POST", "/api/v1/tournaments/import/", nul_archive(world.tournament), "application/json"
    )
    assert response.status_code == 400
    assert [(e["field"], e["code"]) for e in response.json()["errors"]] == [
        ("entries.0.name", CODE)
    ]
    assert Tournament.objects.count() == before


def test_the_desk_refuses_such_an_archive_and_names_the_place(world):
    from django.core.files.uploadedfile import SimpleUploadedFile

    world, _client = world
    desk = Client()
    desk.force_login(get_user_model().objects.get(username="root-nul"))
    before = Tournament.objects.count()
    upload = SimpleUploadedFile("a.json", nul_archive(world.tournament), "application/json")
    response = desk.post("/desk/import/", {"file": upload})
    assert response.status_code == 400
    assert "entries.0.name" in response.content.decode()
    assert Tournament.objects.count() == before


# --- forms: the desk's and the public's ---------------------------------------------------------


def test_a_desk_form_field_with_a_nul_is_a_400_page_naming_it(world):
    world, _client = world
    desk = Client()
    desk.force_login(get_user_model().objects.get(username="root-nul"))
    before = Tournament.objects.count()
    response = desk.post("/desk/new/", {"name": "Abend\x00", "date": "2026-12-05"})
    assert response.status_code == 400
    page = response.content.decode()
    assert "name" in page
    assert "Steuerzeichen" in page  # German by default
    assert Tournament.objects.count() == before


def test_a_form_keeps_line_breaks_and_refuses_the_other_controls(world):
    world, _client = world
    form = {"name": "Gast", "email": "gast@example.org", "comment": "eins\r\nzwei\x1b"}
    response = Client().post(f"/t/{world.tournament.pk}/signup/", form)
    assert response.status_code == 400
    assert "comment" in response.content.decode()
