"""Spectators' cached reads skip DRF's request machinery (``Api.spectator_read``) and answer
exactly what the whole path answers; anything DRF must decide takes the whole path."""

import pytest
from django.core.cache import caches
from rest_framework.test import APIClient
from rest_framework.views import APIView

from scoring.domain.deals import record_deal
from tests.factories.api import NORMAL, client_for
from tests.factories.seasons import season_with_evenings
from tests.factories.tournaments import CAPTAIN, organiser
from tournaments.enums import TournamentStatus
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db

# A session cookie of no session: still anonymous, but DRF's whole path answers.
WHOLE_PATH = {"HTTP_COOKIE": "sessionid=no-such-session"}
ANSWER_HEADERS = ("ETag", "Cache-Control", "Vary", "Allow", "Content-Type")


@pytest.fixture
def drf_requests(monkeypatch) -> list[str]:
    """The paths DRF's ``initial`` (authentication, negotiation, throttles) ran for."""
    seen: list[str] = []
    initial = APIView.initial

    def counted(view, request, *args, **kwargs):
        seen.append(request.path)
        return initial(view, request, *args, **kwargs)

    monkeypatch.setattr(APIView, "initial", counted)
    return seen


@pytest.fixture
def urls(table) -> list[str]:
    record_deal(table, deal=NORMAL, by=CAPTAIN)
    season, _tables, _players = season_with_evenings(2)
    return [
        f"/api/v1/tournaments/{table.series.tournament_id}/standings/",
        f"/api/v1/seasons/{season.pk}/ranking/",
    ]


def headers(response) -> dict[str, str | None]:
    return {name: response.get(name) for name in ANSWER_HEADERS}


def test_a_spectators_read_answers_as_the_whole_path_does(anonymous, urls, drf_requests):
    for url in urls:
        whole = APIClient().get(url, **WHOLE_PATH)  # a client of its own: the cookie stays there
        fast = anonymous.get(url)
        assert fast.status_code == whole.status_code == 200
        assert fast.content == whole.content
        assert headers(fast) == headers(whole)
        assert "Accept" in fast["Vary"]
        assert fast["Allow"] == "GET, HEAD, OPTIONS"
        not_modified = anonymous.get(url, HTTP_IF_NONE_MATCH=fast["ETag"])
        assert (not_modified.status_code, not_modified["ETag"]) == (304, fast["ETag"])
    assert drf_requests == urls  # once each, for the whole path's read


def test_the_standings_progress_headers_come_on_both_paths(anonymous, urls):
    fast = anonymous.get(urls[0])
    whole = APIClient().get(urls[0], **WHOLE_PATH)
    assert (fast["Series-Closed"], fast["Series-Planned"]) == (
        whole["Series-Closed"],
        whole["Series-Planned"],
    )


@pytest.mark.parametrize(
    "request_extra",
    [
        {"HTTP_AUTHORIZATION": "Token not-a-token"},
        {"HTTP_ACCEPT": "application/xml"},
        {"QUERY_STRING": "format=xml"},
    ],
    ids=["credentials", "xml-only", "query"],
)
def test_what_drf_must_decide_takes_the_whole_path(anonymous, urls, drf_requests, request_extra):
    for url in urls:
        answer = anonymous.get(url, **request_extra)
        assert answer.status_code in (401, 404, 406)  # a wrong token, no XML renderer
    assert drf_requests == urls


@pytest.mark.parametrize(
    ("change", "status"),
    [({"status": TournamentStatus.DRAFT}, 404), ({"standings_public": False}, 403)],
    ids=["draft", "hidden-standings"],
)
def test_a_refusal_is_the_whole_paths_error(anonymous, table, drf_requests, change, status):
    tournament = table.series.tournament
    Tournament.objects.filter(pk=tournament.pk).update(**change)
    url = f"/api/v1/tournaments/{tournament.pk}/standings/"
    answer = anonymous.get(url)
    assert answer.status_code == status
    assert answer.json()["errors"]
    assert drf_requests == [url]


def test_a_signed_in_reader_takes_the_whole_path(urls, drf_requests):
    client = client_for(organiser())  # its session cookie: DRF finds who reads
    assert client.get(urls[0]).status_code == 200
    assert drf_requests == [urls[0]]


def counted_cache_calls(monkeypatch) -> list[str]:
    """The calls the default cache gets from here on, by name."""
    backend, calls = caches["default"], []
    for name in ("get", "get_many", "values", "add", "set"):
        original = getattr(backend, name)

        def counted(*args, _name=name, _original=original, **kwargs):
            calls.append(_name)
            return _original(*args, **kwargs)

        monkeypatch.setattr(backend, name, counted)
    return calls


@pytest.mark.parametrize("which", [0, 1], ids=["standings", "season-ranking"])
def test_a_spectators_cached_poll_is_one_cache_round_trip(anonymous, urls, monkeypatch, which):
    anonymous.get(urls[which])  # computed and cached
    calls = counted_cache_calls(monkeypatch)
    assert anonymous.get(urls[which]).status_code == 200
    assert calls == ["values"]  # one MGET (the suite runs on Redis)


def keys_read(monkeypatch) -> list[list[str]]:
    """The keys of each cached read's round trip from here on."""
    backend, reads = caches["default"], []
    original = backend.values

    def counted(keys):
        reads.append(list(keys))
        return original(keys)

    monkeypatch.setattr(backend, "values", counted)
    return reads


@pytest.mark.parametrize("which", [0, 1], ids=["standings", "season-ranking"])
def test_a_poll_of_a_body_this_process_holds_reads_only_its_tokens(
    anonymous, urls, monkeypatch, which
):
    first = anonymous.get(urls[which])  # computed, cached and held
    reads = keys_read(monkeypatch)
    again = anonymous.get(urls[which])
    assert (again.content, again["ETag"]) == (first.content, first["ETag"])
    (keys,) = reads
    assert all("generation:" in key or key.startswith("ranking-epoch:") for key in keys)


def test_a_held_body_is_served_only_while_its_generation_is_current(
    anonymous, table, django_capture_on_commit_callbacks
):
    url = f"/api/v1/tournaments/{table.series.tournament_id}/standings/"
    record_deal(table, deal=NORMAL, by=CAPTAIN)
    first = anonymous.get(url)
    assert anonymous.get(url, HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 304
    with django_capture_on_commit_callbacks(execute=True):
        record_deal(table, deal=NORMAL, by=CAPTAIN)
    after = anonymous.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert after.status_code == 200
    assert after["ETag"] != first["ETag"]
    played = [row["deals_played"] for row in first.json()]
    assert [row["deals_played"] for row in after.json()] == [count + 1 for count in played]
    assert anonymous.get(url, HTTP_IF_NONE_MATCH=after["ETag"]).status_code == 304
