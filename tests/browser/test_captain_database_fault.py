"""A captain saves a deal while PostgreSQL drops the connection that stores it.

The fault is the server's own: a trigger on the deals' table terminates the backend inserting
the first deal (``pg_terminate_backend``) inside its transaction, so the save is rolled back and
the page gets the server's 503 with ``Retry-After``. The page keeps the deal in its queue, says
so, sends it again with the same idempotency key and it is stored once.
"""

import pytest
from django.db import connection
from django.utils import translation
from playwright.sync_api import expect

from scoring.models import Deal
from scoring.views import TEXTS
from tests.browser.captain import CaptainPage
from tests.factories.tournaments import seated_table

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql", reason="terminates PostgreSQL backends"),
]

DROP_ONCE = """
CREATE SEQUENCE karlchen_test_drop_once;
CREATE FUNCTION karlchen_test_drop_first_deal() RETURNS trigger AS $$
BEGIN
    IF nextval('karlchen_test_drop_once') = 1 THEN  -- a sequence is not rolled back
        PERFORM pg_terminate_backend(pg_backend_pid());
    END IF;
    RETURN NEW;
END $$ LANGUAGE plpgsql;
CREATE TRIGGER karlchen_test_drop_first_deal BEFORE INSERT ON scoring_deal
    FOR EACH ROW EXECUTE FUNCTION karlchen_test_drop_first_deal();
"""
UNDO = """
DROP TRIGGER IF EXISTS karlchen_test_drop_first_deal ON scoring_deal;
DROP FUNCTION IF EXISTS karlchen_test_drop_first_deal();
DROP SEQUENCE IF EXISTS karlchen_test_drop_once;
"""


@pytest.fixture
def first_deal_dropped():
    with connection.cursor() as cursor:
        cursor.execute(DROP_ONCE)
    yield
    with connection.cursor() as cursor:
        cursor.execute(UNDO)


@pytest.mark.usefixtures("first_deal_dropped")
def test_a_deal_whose_connection_the_server_drops_is_sent_again_and_stored_once(phone):
    table = seated_table(4)
    captain = CaptainPage(phone, table).sign_in()
    saves = []  # the answers to the page's saves (not its previews)

    def answered(response) -> None:
        if response.url.endswith("/deals/") and response.request.method == "POST":
            saves.append(response.status)

    phone.on("response", answered)
    captain.fill(re=(1, 3), points=131)
    captain.save()
    with translation.override("de"):
        trouble = str(TEXTS["server_trouble"])
    expect(phone.locator("#status")).to_contain_text(trouble)
    expect(phone.locator(".deals tbody tr")).to_have_count(1, timeout=20_000)  # sent again
    assert saves == [503, 201]
    assert Deal.objects.filter(table=table).count() == 1
