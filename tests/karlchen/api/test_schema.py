"""The OpenAPI schema documents every status an operation answers, and lists as they come."""

import json

import pytest
from django.test import Client

ERROR = {"$ref": "#/components/schemas/ErrorList"}
METHODS = {"get", "post", "put", "patch", "delete"}


def served_schema() -> dict:
    response = Client().get("/api/schema/", {"format": "json"})
    assert response.status_code == 200
    return json.loads(response.content)


def operations(schema: dict):
    for path, items in schema["paths"].items():
        for method, operation in items.items():
            if method in METHODS:
                yield path, method, operation


@pytest.fixture(scope="module")
def schema(django_db_blocker):
    with django_db_blocker.unblock():
        return served_schema()


def test_every_error_answer_has_the_error_body(schema):
    for path, method, operation in operations(schema):
        for status, response in operation["responses"].items():
            if int(status) >= 400:
                body = response["content"]["application/json"]["schema"]
                assert body == ERROR, (method, path, status)


# The served schema's size (indented JSON), measured: 2 735 262 bytes while each of 61
# operations repeated the table of error codes (~32 kB); 834 830 with the table written once.
# The bound leaves room for the API to grow, not for the table to be repeated again.
SCHEMA_BYTES_BOUND = 1_000_000


def test_the_table_of_error_codes_is_written_once_and_the_schema_stays_small():
    content = Client().get("/api/schema/", {"format": "json"}).content
    print(f"served schema: {len(content):,} bytes (bound {SCHEMA_BYTES_BOUND:,})")
    assert len(content) < SCHEMA_BYTES_BOUND
    schema = json.loads(content)
    table = schema["components"]["schemas"]["ErrorList"]["description"]
    assert "| `server_error` |" in table
    assert "| `points_impossible` |" in table
    assert content.count(b"| `server_error` |") == 1
    for path, method, operation in operations(schema):
        assert "| code | meaning |" not in operation.get("description", ""), (method, path)


def test_the_statuses_every_operation_of_a_kind_can_answer_are_documented(schema):
    for path, method, operation in operations(schema):
        statuses = set(operation["responses"])
        assert {"406", "503"} <= statuses, (method, path)  # 503: the database unreachable
        if "requestBody" in operation:
            assert {"400", "413", "415"} <= statuses, (method, path)
        if "{" in path:
            assert "404" in statuses, (method, path)
        if any(requirement for requirement in operation["security"]):
            assert {"401", "429"} <= statuses, (method, path)  # 429: HTTP Basic lockouts


def test_a_job_started_while_the_queue_is_down_is_no_refusal(schema):
    """It waits in the outbox (202): its 503 is the database's, as every operation's."""
    starts = {op["operationId"]: op for _path, _method, op in operations(schema)}
    for operation in ("seating_start", "documents_start", "deal_record"):
        description = starts[operation]["responses"]["503"]["description"]
        assert "`database_unavailable`" in description, operation


def test_the_standings_document_their_400(schema):
    responses = schema["paths"]["/api/v1/tournaments/{tournament_id}/standings/"]["get"]
    assert "400" in responses["responses"]  # ?series=abc


def test_a_throttled_view_documents_its_429(monkeypatch, django_db_blocker):
    from rest_framework.throttling import AnonRateThrottle

    from karlchen.api.schema_view import SchemaView
    from scoring.api.deal_views import ConfirmDealApi

    monkeypatch.setattr(SchemaView, "_kept", {})  # a schema of the views as patched here
    monkeypatch.setattr(ConfirmDealApi, "throttle_classes", (AnonRateThrottle,))
    monkeypatch.setattr(ConfirmDealApi, "authentication_classes", ())
    with django_db_blocker.unblock():
        schema = served_schema()
    path = "/api/v1/tables/{table_id}/deals/{number}/confirmation/"
    assert "Rate limit" in schema["paths"][path]["post"]["responses"]["429"]["description"]


def test_the_optionally_paged_lists_are_an_array_or_a_page(schema):
    for component in ("PaginatedTournamentOutputList", "PaginatedEntryOutputList"):
        whole, page = schema["components"]["schemas"][component]["oneOf"]
        assert whole["type"] == "array"
        assert page["type"] == "object"
        assert page["properties"]["results"]["items"] == whole["items"]
    standings = schema["paths"]["/api/v1/tournaments/{tournament_id}/standings/"]["get"]
    assert standings["responses"]["200"]["content"]["application/json"]["schema"]["type"] == (
        "array"
    )


def test_strict_inputs_refuse_unknown_keys_in_the_schema(schema):
    components = schema["components"]["schemas"]
    assert components["TournamentCreateInputRequest"]["additionalProperties"] is False
    assert components["DoppelkopfDealInputRequest"]["additionalProperties"] is False


def test_the_schema_is_generated_without_warnings(tmp_path):
    """A warning is something the schema leaves out (HTTP Basic went missing from every
    operation when the API's own Basic class came, unknown to drf-spectacular)."""
    from django.core.management import call_command

    call_command("spectacular", "--fail-on-warn", "--validate", "--file", str(tmp_path / "s.yml"))
    schema = served_schema()
    schemes = schema["components"]["securitySchemes"]
    assert schemes["basicAuth"] == {"type": "http", "scheme": "basic"}


def test_the_schema_is_generated_once_per_language_and_then_served_from_memory(monkeypatch):
    from django.utils import translation
    from drf_spectacular.generators import SchemaGenerator

    from karlchen.api.schema_view import SchemaView

    monkeypatch.setattr(SchemaView, "_kept", {})
    generated = []
    generate = SchemaGenerator.get_schema

    def counted(self, *args, **kwargs):
        generated.append(translation.get_language())
        return generate(self, *args, **kwargs)

    monkeypatch.setattr(SchemaGenerator, "get_schema", counted)
    first = served_schema()
    assert served_schema() == first
    yaml = Client().get("/api/schema/")  # the same schema, rendered as YAML once
    assert Client().get("/api/schema/").content == yaml.content
    assert yaml["Content-Type"].startswith("application/vnd.oai.openapi")
    english = Client().get("/api/schema/", {"format": "json"}, HTTP_ACCEPT_LANGUAGE="en")
    assert Client().get("/api/schema/", {"format": "json", "lang": "en"}).content == english.content
    assert json.loads(english.content) != first  # its texts in English
    assert generated == ["de", "en"]
