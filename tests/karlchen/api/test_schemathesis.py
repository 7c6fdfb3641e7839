"""The whole API against its own OpenAPI schema, property-based (schemathesis).

Every operation of ``/api/schema/`` gets requests generated from the schema: valid ones (and the
schema's examples) and invalid ones, as anonymous, as a table's captain and as an organiser,
against a public tournament with two seated tables, recorded deals, entries and a finished
documents job. Each answer must not be a 5xx, must have a documented status and content type,
and its body must fit the documented schema. A request the schema calls invalid must be refused
(``negative_data_rejection``), and where the schema is the whole contract of a request's shape
(``SHAPE_IS_THE_CONTRACT``) a request it calls valid must not be refused but for the reasons
named there, which no schema can say. The requests go straight into the WSGI application
in this process: the test database, the test cache, no network, and no task is queued (the test
transaction never commits, so ``on_commit`` never sends one).

The number of examples is bounded and the draw fixed (``derandomize``), so CI is deterministic:
about 800 requests in all (``MAX_EXAMPLES`` per operation and role, plus the schema's examples).
"""

import pytest
import schemathesis
from django.core import signals
from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.core.wsgi import get_wsgi_application
from django.db import close_old_connections
from django.test import override_settings
from hypothesis import HealthCheck, settings
from rest_framework.authtoken.models import Token
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    negative_data_rejection,
    response_schema_conformance,
    status_code_conformance,
)

from printing.domain.documents import document_path
from signups.domain.signups import Applicant, add_signup
from teams.domain.teams import Roster, create_team
from tests.factories.api import publish
from tests.factories.documents import play_series, seated_series
from tests.factories.once import rolled_back
from tests.factories.tournaments import ORGA, organiser
from tournaments.enums import JobKind, JobStatus
from tournaments.models import Job

MAX_EXAMPLES = 10  # per operation, role and generation mode (valid / invalid data)
DEALS_PLAYED = 3  # at the first table; deal numbers in paths are 1 to this
PDF = "seating-list-1.pdf"

CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
    negative_data_rejection,
]

# Operations whose schema says every shape they accept: a valid request is answered, refused
# (400) only with these codes, which depend on the data behind it (which invitation tokens exist)
# or on two fields at once (a range of days), and which the operation's description names.
# Elsewhere a valid shape may still be refused for what it means (a deal no game can end with),
# with the codes listed in the error body's schema.
SHAPE_IS_THE_CONTRACT: dict[str, set[str]] = {
    "GET /api/v1/tournaments/": set(),
    "GET /api/v1/tournaments/{tournament_id}/entries/": set(),
    "GET /api/v1/calendar/": {"listing_dates_reversed"},
    "GET /api/v1/results/": {"listing_dates_reversed"},
    "POST /api/v1/invitations/accept/": {"invitation_unknown", "invitation_signed_in"},
    "DELETE /api/v1/tables/{table_id}/deals/{number}/": set(),
}

# The coverage phase (every boundary and type of every field, a few thousand requests per role)
# would take minutes; the schema's examples and a bounded random draw of valid and invalid data
# take seconds.
CONFIG = schemathesis.Config.from_dict({"phases": {"coverage": {"enabled": False}}})
schema = schemathesis.openapi.from_wsgi(
    "/api/schema/?format=json", get_wsgi_application(), config=CONFIG
)


@pytest.fixture(scope="module")
def requests_keep_the_connection():
    """As with Django's test client: the end of a request must not close the database connection
    that holds the test's transaction (Django's WSGI handler would, as after any request)."""
    for signal in (signals.request_started, signals.request_finished):
        signal.disconnect(close_old_connections)
    yield
    for signal in (signals.request_started, signals.request_finished):
        signal.connect(close_old_connections)


@pytest.fixture(scope="module", params=["anonymous", "captain", "organiser"])
def world(request, django_db_setup, django_db_blocker, tmp_path_factory):
    """The tournament the requests are about: its ids by path parameter, and the role's header.

    Built once per role, in a transaction around that role's tests; each test's own transaction
    (``db``) is a savepoint inside it, rolled back after the test, so every test starts from the
    same world (building it for each of some 400 tests took a third of their time)."""
    media = override_settings(MEDIA_ROOT=tmp_path_factory.mktemp("media"))
    with media, rolled_back(django_db_blocker):
        yield _built_world(request.param)


def _built_world(role: str) -> tuple[dict, dict]:
    series, tables = seated_series((4, 4), standings_public=True)
    tournament = publish(series.tournament)
    play_series(tables[0], deals=DEALS_PLAYED)
    job = Job.objects.create(
        tournament=tournament,
        kind=JobKind.DOCUMENTS,
        status=JobStatus.DONE,
        progress=100,
        result={"files": [{"name": PDF, "pages": 1, "bytes": 9}]},
    )
    default_storage.save(document_path(tournament.pk, PDF), ContentFile(b"%PDF-1.4\n"))
    headers = {}
    if role == "captain":
        headers["Authorization"] = f"Table {tables[0].captain_token()}"
    elif role == "organiser":
        token = Token.objects.create(user=organiser())
        headers["Authorization"] = f"Token {token.key}"
    entries = list(tournament.entries.order_by("start_number"))
    team = create_team(
        tournament, by=ORGA, name="Asse", roster=Roster(members=(entries[0].pk, entries[1].pk))
    )
    ids = {
        "tournament_id": tournament.pk,
        "table_id": tables[0].pk,
        "entry_id": entries[0].pk,
        "job_id": job.pk,
        "team_id": team.pk,
        "signup_id": add_signup(
            tournament, Applicant(name="Gast", email="gast@example.org"), by=ORGA
        ).pk,
    }
    return ids, headers


def point_at_the_world(case, ids: dict) -> None:
    """Valid ids in the path name the tournament's objects (a random id is only ever a 404);
    invalid ones (``true``, ``0.5``, ``%C2%84``) stay, to be refused as unknown paths. A job's
    file is always the one it has."""
    for name, value in list(case.path_parameters.items()):
        if not str(value).isdigit():
            continue
        if name in ids:
            case.path_parameters[name] = ids[name]
        elif name == "number":  # a series (1-3) or a played deal (1-3)
            case.path_parameters[name] = 1 + int(value) % DEALS_PLAYED
    if "name" in case.path_parameters:
        case.path_parameters["name"] = PDF


@schema.parametrize()
@settings(
    max_examples=MAX_EXAMPLES,
    derandomize=True,
    database=None,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@pytest.mark.usefixtures("requests_keep_the_connection", "db")
def test_every_answer_is_documented(case, world):
    ids, headers = world
    point_at_the_world(case, ids)
    # buffered: the test client reads the answer whole and closes it (a served file too)
    response = case.call_and_validate(headers=headers, checks=CHECKS, buffered=True)
    valid = case.meta is not None and case.meta.generation.mode.is_positive
    allowed = SHAPE_IS_THE_CONTRACT.get(case.operation.label)
    if valid and allowed is not None and response.status_code == 400:
        codes = {error["code"] for error in response.json()["errors"]}
        assert codes <= allowed, f"a valid {case.operation.label} refused: {response.text}"
