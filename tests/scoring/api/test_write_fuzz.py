"""Random bodies sent to the table write endpoints: a coded answer every time, never a 500."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.factories.api import client_for
from tests.factories.tournaments import seated_table

pytestmark = pytest.mark.django_db

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=6),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=6), children, max_size=4)
    ),
    max_leaves=10,
)
deal_values = (
    json_values
    | st.sampled_from(["normal", "solo", "queens", "re", "kontra"])
    | st.lists(st.integers(-1, 6), max_size=5)
)
deals = st.fixed_dictionaries(
    {},
    optional=dict.fromkeys(
        ("contract", "solo", "re", "seats", "re_points", "re_tricks", "announcements"), deal_values
    ),
)
bodies = (
    st.fixed_dictionaries(
        {"deal": deals | json_values},
        optional={
            "number": json_values | st.integers(-2, 30),
            "version": json_values | st.integers(0, 3),
            "reason": json_values,
            "idempotency_key": json_values | st.text(max_size=8),
        },
    )
    | json_values
)
CODED = {"field", "code", "message"}


@settings(
    max_examples=120,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(record=bodies, correct=bodies)
def test_property_writes_answer_with_a_status_and_coded_errors(record, correct):
    table = seated_table(4)
    client = client_for(table=table)
    recorded = client.post(f"/api/v1/tables/{table.pk}/deals/", record, format="json")
    corrected = client.put(f"/api/v1/tables/{table.pk}/deals/1/", correct, format="json")
    assert recorded.status_code in (201, 400, 409), recorded.content
    assert corrected.status_code in (200, 400, 404, 409), corrected.content
    for response in (recorded, corrected):
        if response.status_code >= 400:
            assert all(set(error) == CODED for error in response.json()["errors"])
