"""POST /api/v1/score-preview/: the contract examples over HTTP, languages, and bad input."""

import json

import pytest
from django.core.cache import cache
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rest_framework.throttling import ScopedRateThrottle

from karlchen.messages import MESSAGES
from tests.conftest import contract_examples

URL = "/api/v1/score-preview/"
EXAMPLES = contract_examples()


def post(client, body, language="de"):
    payload = body if isinstance(body, str | bytes) else json.dumps(body)
    return client.post(
        URL, data=payload, content_type="application/json", HTTP_ACCEPT_LANGUAGE=language
    )


def error_pairs(response):
    return {(error["field"], error["code"]) for error in response.json()["errors"]}


@pytest.fixture(autouse=True)
def _fresh_throttle():
    cache.clear()  # the rate limit counts in the cache


@pytest.mark.parametrize("example", EXAMPLES, ids=[example["name"] for example in EXAMPLES])
def test_contract_example_over_http(client, example):
    response = post(client, example["request"])
    if "error" in example:
        assert response.status_code == 400
        assert example["error"]["field"] in {field for field, _code in error_pairs(response)}
    else:
        assert response.status_code == 200, response.content
        body = response.json()
        expected = example["response"]
        assert (body["winner"], body["points"]) == (expected["winner"], expected["points"])
        # newer examples also give the value and the Bock keys, present only where they apply
        if "value" in expected:
            bock_keys = ("bock_factor", "bock_points", "bock_triggers")
            assert body["value"] == expected["value"]
            assert {key: body[key] for key in bock_keys if key in body} == {
                key: expected[key] for key in bock_keys if key in expected
            }


def test_response_carries_value_and_coded_lines(client):
    deal = {"contract": "normal", "re": [1, 3], "re_points": 131, "announcements": {"re": "re"}}
    deal["extras"] = [{"type": "fox", "party": "kontra"}, {"type": "doppelkopf", "party": "re"}]
    body = post(client, {"game": "doppelkopf", "rules": {"preset": "ddv"}, "deal": deal}).json()
    assert body == {
        "winner": "re",
        "value": 3,
        "lines": [
            {"code": "won", "party": "re", "points": 1},
            {"code": "re_announced", "party": "re", "points": 2},
            {"code": "fox", "party": "kontra", "points": 1},
            {"code": "doppelkopf", "party": "re", "points": 1},
        ],
        "points": {"1": 3, "2": -3, "3": 3, "4": -3},
    }


def test_messages_are_german_by_default_and_english_on_request(client):
    body = {"game": "doppelkopf", "deal": {"contract": "normal", "re": [1, 3], "re_points": 130}}
    body["deal"]["kontra_points"] = 120
    german = post(client, body, language="").json()["errors"][0]
    english = post(client, body, language="en").json()["errors"][0]
    assert german == {
        "field": "deal.re_points",
        "code": "points_sum",
        "message": "Re und Kontra müssen zusammen 240 Augen haben.",
    }
    assert english["message"] == "Re and Kontra must have 240 card points together."


def test_type_errors_are_translated_too(client):
    body = {"game": "doppelkopf", "deal": {"contract": "normal", "re": [1, 3], "re_points": "131"}}
    error = post(client, body).json()["errors"][0]
    assert error == {
        "field": "deal.re_points",
        "code": "invalid",
        "message": "Eine ganze Zahl ist erforderlich.",
    }


def test_all_problems_of_a_deal_are_reported_at_once(client):
    deal = {"contract": "solo", "re": [1, 2], "re_points": 239, "announcements": {"kontra": "re"}}
    response = post(client, {"game": "doppelkopf", "deal": deal})
    assert response.status_code == 400
    assert error_pairs(response) == {
        ("deal.announcements.kontra", "invalid_choice"),
    }
    deal["announcements"] = {"kontra": "kontra"}
    assert error_pairs(post(client, {"game": "doppelkopf", "deal": deal})) == {
        ("deal.solo", "solo_type_required"),
        ("deal.re", "re_count"),
        ("deal.re_points", "points_impossible"),
    }


def test_rule_and_shape_errors_come_together(client):
    body = {"game": "doppelkopf", "rules": {"deck": 40}, "deal": {"contract": "normal"}}
    assert error_pairs(post(client, body)) == {
        ("rules.deck", "invalid_option"),
        ("deal.re", "required"),
        ("deal.re_points", "required"),
    }


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        ("{not json", {("body", "parse_error")}),
        ("[" * 100_000, {("body", "parse_error")}),
        ("[1, 2]", {("body", "invalid")}),
        ('{"game": "doppelkopf", "deal": []}', {("deal", "invalid")}),
        ('{"game": [], "deal": 1}', {("game", "invalid_choice"), ("deal", "not_an_object")}),
        ('{"game": "skat", "deal": {}}', {("game", "invalid_choice")}),
        ('{"game": 1, "deal": {}}', {("game", "invalid_choice")}),
        ('{"deal": {}, "extra": 1}', {("game", "required"), ("extra", "unknown_field")}),
        (
            '{"game": "doppelkopf", "rules": [], "deal": {"contract": "normal"}}',
            {("rules", "not_an_object"), ("deal.re", "required"), ("deal.re_points", "required")},
        ),
        (
            '{"game": "doppelkopf", "deal": {"contract": "normal", "re": [1, 3], '
            '"re_points": 1e400}}',
            {("deal.re_points", "invalid")},
        ),
        (
            '{"game": "doppelkopf", "deal": {"contract": "normal", "re": [1, 3], '
            '"re_points": 12345678901234567890123456789}}',
            {("deal.re_points", "points_range")},
        ),
        (
            '{"game": "doppelkopf", "deal": {"contract": "normal", "re": "1,3", "re_points": 121}}',
            {("deal.re", "not_a_list")},
        ),
        (
            '{"game": "doppelkopf", "deal": {"contract": "normal", "re": [1, true], '
            '"re_points": 121, "extras": [{"type": "fox"}, 3]}}',
            {
                ("deal.re.1", "invalid"),
                ("deal.extras.0.party", "required"),
                ("deal.extras.1", "invalid"),
            },
        ),
        (
            '{"game": "schafkopf", "deal": {"contract": "wenz", "declarer": 1, '
            '"declarer_points": 70, "laufende": null}}',
            {("deal.laufende", "null")},
        ),
    ],
)
def test_malformed_input_gets_coded_field_errors(client, body, expected):
    response = post(client, body)
    assert response.status_code == 400
    assert error_pairs(response) == expected


def test_a_body_too_large_is_refused(client):
    response = post(client, json.dumps({"game": "doppelkopf", "deal": {"x": "y" * 300_000}}))
    assert response.status_code == 413
    assert error_pairs(response) == {("body", "body_too_large")}


def test_unknown_api_paths_and_methods_answer_in_the_error_format(client):
    missing = client.get("/api/v1/no-such-thing/")
    assert (missing.status_code, error_pairs(missing)) == (404, {("body", "not_found")})
    wrong_method = client.get(URL)
    assert (wrong_method.status_code, error_pairs(wrong_method)) == (
        405,
        {("body", "method_not_allowed")},
    )


def test_only_json_is_accepted(client):
    response = client.post(URL, data={"game": "doppelkopf"})
    assert response.status_code == 415
    assert error_pairs(response) == {("body", "unsupported_media_type")}


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4)
    ),
    max_leaves=12,
)
deal_keys = st.sampled_from(
    [
        "contract",
        "solo",
        "re",
        "seats",
        "re_points",
        "re_tricks",
        "kontra_points",
        "announcements",
        "extras",
        "declarer",
        "partner",
        "suit",
        "declarer_points",
        "laufende",
    ]
)
plausible_values = (
    json_values
    | st.sampled_from(["normal", "solo", "wedding", "rufer", "wenz", "acorns", "hearts", "re"])
    | st.lists(st.integers(-1, 6), max_size=5)
    | st.integers(-300, 300)
)
bodies = (
    st.fixed_dictionaries(
        {},
        optional={
            "game": st.sampled_from(["doppelkopf", "schafkopf"]) | json_values,
            "rules": st.dictionaries(
                st.sampled_from(["preset", "scoring", "extras", "deck", "tariff", "x"]), json_values
            )
            | json_values,
            "deal": st.dictionaries(deal_keys, plausible_values, max_size=10) | json_values,
        },
    )
    | json_values
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(body=bodies)
def test_property_random_json_is_answered_with_200_or_coded_400(body):
    from rest_framework.test import APIClient

    cache.clear()
    response = post(APIClient(), body)
    assert response.status_code in (200, 400), response.content
    if response.status_code == 400:
        for error in response.json()["errors"]:
            assert set(error) == {"field", "code", "message"}
            assert error["code"]
            assert error["field"]
            assert "%(" not in error["message"]


def test_rate_limit_per_client_address(client, monkeypatch):
    monkeypatch.setattr(ScopedRateThrottle, "THROTTLE_RATES", {"score_preview": "3/minute"})
    body = {"game": "doppelkopf", "deal": {"contract": "normal", "re": [1, 3], "re_points": 121}}
    statuses = [post(client, body).status_code for _ in range(4)]
    other_address = client.post(
        URL, data=json.dumps(body), content_type="application/json", REMOTE_ADDR="10.9.8.7"
    )
    assert statuses == [200, 200, 200, 429]
    throttled = post(client, body)
    assert error_pairs(throttled) == {("body", "throttled")}
    assert 55 <= int(throttled.headers["Retry-After"]) <= 60  # until the minute's window closes
    assert other_address.status_code == 200


def test_schema_documents_the_preview_and_every_error_code(client):
    response = client.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    assert response.status_code == 200
    schema = json.loads(response.content)
    operation = schema["paths"]["/api/v1/score-preview/"]["post"]
    assert "`ErrorList`" in operation["description"]  # where the codes are listed, once
    assert operation["responses"]["400"]["content"]["application/json"]["schema"] == {
        "$ref": "#/components/schemas/ErrorList"
    }
    table = schema["components"]["schemas"]["ErrorList"]["description"]
    missing = [code for code in MESSAGES if f"`{code}`" not in table]
    assert missing == []
    # 406: an unserved Accept header; 413, 415: a body too large or not JSON; 503: the database
    # (a session cookie is read there) could not be reached (karlchen.api.schema)
    assert set(operation["responses"]) == {"200", "400", "406", "413", "415", "429", "503"}


def test_docs_page_is_served_without_a_cdn(client):
    page = client.get("/api/schema/docs/").content.decode()
    assert "/static/drf_spectacular_sidecar/" in page
    assert "cdn." not in page
