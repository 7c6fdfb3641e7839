"""The ports (``karlchen.ports``): every one provided by the apps its declaration names, and the
system check that fails ``manage.py check`` (and the test run's start) when one is not.

Each test that changes what is provided changes a copy of the registry (``ports.using``), so
the real one stays as Django started it."""

import io

import pytest
from django.core.management import call_command
from django.core.management.base import SystemCheckError

from karlchen import ports
from karlchen.ports import Many, One, PerKey, PortError, Registry
from results.ports import RESULTS_PARTS, SECTIONS
from seasons.ports import SEASON_PARTS
from seating.ports import EARLIER_MEETINGS, MATCH_CHECKS, TEAMS_OF
from tournaments.enums import JobKind
from tournaments.ports import JOB_OWNERS, JOB_TASKS, PLACES_FREED, STANDINGS

# Every port of the project and the apps that provide it, as the apps' AppConfig.ready() do.
PROVIDERS = {
    "karlchen.seasons_of": {"seasons"},
    "karlchen.players_of": {"stats"},
    "karlchen.outbox_sent": {"tournaments"},
    "tournaments.standings": {"results"},
    "tournaments.job_tasks": {"seating", "printing"},
    "tournaments.job_owners": {"seasons"},
    "tournaments.places_freed": {"signups"},
    "tournaments.admin_parts": {"seating", "scoring", "printing"},
    "seating.earlier_meetings": {"seasons"},
    "seating.teams_of": {"teams"},
    "seating.match_checks": {"leagues", "cups"},
    "results.parts": {"teams", "signups"},
    "results.sections": {"teams", "signups", "registry", "seasons"},
    "seasons.parts": {"leagues"},
    "results.beamer_sections": {"stats"},
    "seasons.club_sections": {"stats"},
    "scoring.series_closed": {"stats"},
    "karlchen.log_codes": {
        *("clubs", "people", "tournaments", "seating", "scoring", "results", "seasons"),
        *("teams", "signups", "competitions", "leagues", "cups", "registry", "printing"),
    },
}
EACH_PROVIDER = [(port, app) for port, apps in PROVIDERS.items() for app in sorted(apps)]


@pytest.fixture
def registry():
    """A copy of the registry as Django started it, read and checked in its place meanwhile."""
    with ports.using(ports.registry().copy()) as copy:
        yield copy


def check_errors() -> str:
    """What ``manage.py check`` says when it fails (nothing when it passes)."""
    try:
        call_command("check", stdout=io.StringIO())
    except SystemCheckError as error:
        return str(error)
    return ""


def test_the_project_provides_every_port_from_the_apps_named():
    assert ports.check_ports() == []
    assert check_errors() == ""
    registry = ports.registry()
    provided = {
        name: {provision.app for provision in registry.provisions(port)}
        for name, port in registry.ports.items()
    }
    assert provided == PROVIDERS


def test_readers_get_what_the_apps_provide():
    from leagues.domain.archive import LEAGUE_PART
    from results.domain.ranking_cache import public_snapshot
    from seasons.domain.history import earlier_meetings
    from seasons.domain.jobs import SEASON_JOBS
    from seasons.domain.standings import seasons_of
    from seating.tasks import task_seat_tournament
    from signups.domain.places import fill_freed_places
    from stats.domain.reads import players_of
    from teams.domain.teams import teams_of_entries

    assert ports.SEASONS_OF.get() is seasons_of
    assert ports.PLAYERS_OF.get() is players_of
    assert STANDINGS.get().public_snapshot is public_snapshot
    assert JOB_TASKS.get(JobKind.SEATING) is task_seat_tournament
    assert JOB_OWNERS.get(JobKind.SEASON_DOCUMENTS) is SEASON_JOBS
    assert PLACES_FREED.get() is fill_freed_places
    assert EARLIER_MEETINGS.get() is earlier_meetings
    assert TEAMS_OF.get() is teams_of_entries
    assert len(MATCH_CHECKS.all()) == 2
    assert [part.name for part in RESULTS_PARTS.all()] == ["teams", "categories"]
    assert RESULTS_PARTS.find("nothing") is None
    assert len(SECTIONS.all()) == 4
    assert SEASON_PARTS.all() == [LEAGUE_PART]


def test_every_kind_of_job_has_the_app_that_runs_it():
    """A kind of job added without an app to run it fails the check, not its first job."""
    assert set(JOB_TASKS.provided_by) == set(JobKind.values)


@pytest.mark.parametrize(("port", "app"), EACH_PROVIDER)
def test_a_port_not_provided_fails_the_check(registry, port, app):
    registry.withdraw(registry.ports[port], by=app)
    errors = check_errors()
    assert "karlchen.E001" in errors
    assert f"The port '{port}' is not provided" in errors
    assert f"the app '{app}' should provide it" in errors


def test_a_kind_of_job_without_its_task_fails_the_check_not_a_request(registry):
    registry.withdraw(JOB_TASKS, by="printing")
    errors = check_errors()
    for kind in (JobKind.DOCUMENTS, JobKind.SEASON_DOCUMENTS):
        assert f"'tournaments.job_tasks' is not provided for '{kind}': the app 'printing'" in errors
    assert "for 'seating'" not in errors
    with pytest.raises(PortError, match="documents"):
        JOB_TASKS.get(JobKind.DOCUMENTS)


def test_a_port_provided_twice_fails_the_check_and_is_not_read(registry):
    from results.domain.standings import ranking_order
    from tournaments.ports import StandingsPort

    other = StandingsPort(public_snapshot=lambda tournament: {}, ranking_order=ranking_order)
    ports.provide(STANDINGS, other, by="teams")
    errors = check_errors()
    assert "karlchen.E002" in errors
    assert "'tournaments.standings' wants one provider and has 2: from 'results', 'teams'" in (
        errors
    )
    with pytest.raises(PortError, match="twice"):
        STANDINGS.get()


def test_a_key_provided_twice_fails_the_check(registry):
    from printing.tasks import task_render_documents

    ports.provide(JOB_TASKS, task_render_documents, by="seating", key=JobKind.SEATING)
    errors = check_errors()
    assert "'tournaments.job_tasks' wants one provider for 'seating' and has 2" in errors
    with pytest.raises(PortError, match="twice"):
        JOB_TASKS.all()


def test_a_key_the_port_does_not_have_fails_the_check(registry):
    from seating.tasks import task_seat_tournament

    ports.provide(JOB_TASKS, task_seat_tournament, by="seating", key="tea")
    errors = check_errors()
    assert "karlchen.E003" in errors
    assert "'tournaments.job_tasks' has no key 'tea', yet 'seating' provides it" in errors


def test_the_same_provider_again_is_not_a_second_one(registry):
    """``ready`` run again provides the same once more: no second provider."""
    from teams.domain.teams import teams_of_entries

    ports.provide(TEAMS_OF, teams_of_entries, by="teams")
    assert ports.check_ports() == []
    assert TEAMS_OF.get() is teams_of_entries


def test_the_copy_leaves_the_real_registry_as_it_was(registry):
    registry.withdraw(STANDINGS, by="results")
    with ports.using(Registry()):
        pass
    assert ports.registry() is registry
    assert registry.provisions(STANDINGS) == []


def test_the_real_registry_is_back_after_a_copy():
    assert len(ports.registry().provisions(STANDINGS)) == 1
    assert ports.check_ports() == []


# --- how a port reads, on ports of a registry of their own ----------------------------------


@pytest.fixture
def empty():
    with ports.using(Registry()) as fresh:
        yield fresh


def test_a_port_whose_app_is_not_installed_gives_its_default(empty):
    port = One[str]("test.one", provided_by="no_such_app", default="nothing")
    empty.declare(port)
    assert port.get() == "nothing"
    assert empty.problems({"teams"}) == []


def test_a_port_whose_app_is_installed_and_does_not_provide_it_refuses_to_be_read(empty):
    port = One[str]("test.one", provided_by="teams", default="nothing")
    empty.declare(port)
    with pytest.raises(PortError, match="'teams' should"):
        port.get()
    (error,) = empty.problems({"teams"})
    assert error.id == "karlchen.E001"
    assert error.obj == "test.one"


def test_a_port_without_a_default_refuses_to_be_read_unprovided(empty):
    port = One[str]("test.one", provided_by="no_such_app")
    with pytest.raises(PortError):
        port.get()


def test_a_port_per_key_reads_each_key(empty):
    port = PerKey[str]("test.keyed", provided_by={"a": "teams", "b": "cups"})
    empty.declare(port)
    ports.provide(port, "from teams", by="teams", key="a")
    assert port.get("a") == "from teams"
    assert port.find("b") is None
    with pytest.raises(PortError, match="'b'"):
        port.get("b")
    assert port.all() == ["from teams"]
    (error,) = empty.problems({"teams", "cups"})
    assert "not provided for 'b': the app 'cups'" in error.msg
    assert empty.problems({"teams"}) == []  # cups not installed: nothing expected of it


def test_a_port_of_many_reads_them_in_order_and_wants_each_app(empty):
    port = Many[str]("test.many", provided_by=("teams", "cups"))
    empty.declare(port)
    ports.provide(port, "first", by="teams")
    ports.provide(port, "second", by="teams")
    assert port.all() == ["first", "second"]
    (error,) = empty.problems({"teams", "cups"})
    assert "'test.many' is not provided: the app 'cups'" in error.msg


def test_a_key_is_given_exactly_to_a_port_per_key(empty):
    with pytest.raises(TypeError):
        ports.provide(One[str]("test.one", provided_by="teams"), "x", by="teams", key="a")
    with pytest.raises(TypeError):
        ports.provide(PerKey[str]("test.keyed", provided_by={}), "x", by="teams")


def test_a_port_is_declared_once(empty):
    empty.declare(One[str]("test.one", provided_by="teams"))
    with pytest.raises(ValueError, match="declared twice"):
        empty.declare(One[str]("test.one", provided_by="teams"))


@pytest.mark.django_db
def test_a_tournaments_seasons_and_persons_are_those_the_models_name():
    """What ``tournament_changed`` turns over with a tournament: every season it is an evening
    of and every person entered there, read against the models' own relations."""
    from seasons.domain.seasons import create_season
    from seasons.models import SeasonEvening
    from tests.factories.seasons import season_with_evenings
    from tests.factories.tournaments import ORGA, tournament_with_players

    season, tables, players = season_with_evenings(2)
    evening = tables[0].series.tournament
    other = create_season(by=ORGA, name="Pokal 2026")
    SeasonEvening.objects.create(season=other, tournament=evening)  # e.g. an association's list
    alone, entries = tournament_with_players(5, name="Ohne Saison")

    assert ports.SEASONS_OF.get()(evening.pk) == sorted([season.pk, other.pk])
    assert ports.SEASONS_OF.get()(alone.pk) == []
    assert ports.PLAYERS_OF.get()(evening.pk) == sorted(player.pk for player in players)
    assert ports.PLAYERS_OF.get()(alone.pk) == sorted(entry.player_id for entry in entries)
    assert ports.PLAYERS_OF.get()(alone.pk + 1000) == []
