"""The production stack, checked by parsing: docker-compose.yml, the Dockerfile and .dockerignore.

No Docker engine runs on the development machines, so nothing here builds or starts a container.
Compose's own variable interpolation is reproduced (``$$``, ``${VAR:-default}``, ``${VAR:?error}``)
so the environment each service would really get is compared, not the raw template strings.
The proxy's nginx config is checked here as the compose file wires it; tests/test_proxy.py runs it
in a real nginx.
"""

import json
import re
import shlex
from pathlib import Path
from urllib.parse import urlsplit

import pytest
import yaml

from deploy import proxy

pytestmark = pytest.mark.unit

REPO = Path(__file__).resolve().parent.parent
COMPOSE = yaml.safe_load((REPO / "docker-compose.yml").read_text(encoding="utf-8"))
SERVICES = COMPOSE["services"]
DOCKERFILE = (REPO / "Dockerfile").read_text(encoding="utf-8")
DOCKERIGNORE = (REPO / ".dockerignore").read_text(encoding="utf-8")

APP_SERVICES = ("web", "captains", "worker", "beat")
POOLS = ("web", "captains")  # the two gunicorn pools behind the proxy
LONG_RUNNING = ("web", "captains", "proxy", "worker", "beat", "pgbouncer", "db", "replica", "redis")
MINIMAL_ENV = {"SECRET_KEY": "a-real-secret"}

_VARIABLE = re.compile(
    r"\$(?:(?P<escaped>\$)|\{(?P<name>\w+)(?:(?P<op>:?[-?])(?P<arg>[^}]*))?\}|(?P<bare>\w+))"
)


class MissingVariableError(Exception):
    """A ``${VAR:?message}`` whose variable is unset: ``docker compose`` refuses to start."""


def interpolate(text: str, env: dict[str, str]) -> str:
    def replace(match: re.Match) -> str:
        if match["escaped"]:
            return "$"
        name = match["name"] or match["bare"]
        value, op = env.get(name), match["op"] or ""
        missing = value is None or (value == "" and op.startswith(":"))
        if missing and op.endswith("-"):
            return match["arg"]
        if missing and op.endswith("?"):
            raise MissingVariableError(f"{name}: {match['arg']}")
        return value or ""

    return _VARIABLE.sub(replace, text)


def resolve(node, env: dict[str, str]):
    """The compose file as ``docker compose config`` would see it with ``env`` as the shell's."""
    if isinstance(node, dict):
        return {key: resolve(value, env) for key, value in node.items()}
    if isinstance(node, list):
        return [resolve(value, env) for value in node]
    if isinstance(node, str):
        return interpolate(node, env)
    return node


def service(name: str, env: dict[str, str] = MINIMAL_ENV) -> dict:
    return resolve(SERVICES[name], env)


def dockerfile_instructions() -> list[tuple[str, str]]:
    """(INSTRUCTION, arguments) with continuation lines joined and comment lines dropped."""
    instructions, pending = [], ""
    for raw in DOCKERFILE.splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.endswith("\\"):
            pending += line[:-1] + " "
            continue
        keyword, _, arguments = (pending + line).partition(" ")
        instructions.append((keyword.upper(), arguments.strip()))
        pending = ""
    return instructions


def dockerfile_args(keyword: str) -> list[str]:
    return [arguments for name, arguments in dockerfile_instructions() if name == keyword]


def image_env() -> dict[str, str]:
    env = {}
    for arguments in dockerfile_args("ENV"):
        if "=" in arguments.split()[0]:
            env.update(token.split("=", 1) for token in shlex.split(arguments))
        else:
            key, value = arguments.split(None, 1)
            env[key] = value
    return env


# docker-compose.yml


def test_services_are_the_stack_plus_a_migrate_job():
    assert set(SERVICES) == {
        "migrate",
        "web",
        "captains",
        "proxy",
        "worker",
        "beat",
        "pgbouncer",
        "db",
        "replica",
        "redis",
    }
    assert "version" not in COMPOSE  # the Compose specification has no version key


@pytest.mark.parametrize("name", LONG_RUNNING)
def test_long_running_service_has_healthcheck_and_restarts(name):
    spec = service(name)
    assert spec["restart"] == "unless-stopped"
    assert spec["healthcheck"]["test"][0] in {"CMD", "CMD-SHELL"}
    assert len(spec["healthcheck"]["test"]) >= 2


def test_migrate_runs_once_after_the_database_is_healthy():
    spec = service("migrate")
    assert spec["command"] == ["python", "manage.py", "migrate", "--noinput"]
    assert spec["restart"] == "no"
    assert spec["depends_on"] == {"db": {"condition": "service_healthy"}}


@pytest.mark.parametrize("name", ["migrate", *APP_SERVICES])
def test_app_services_share_one_image_built_here(name):
    spec = service(name)
    assert spec["build"] == "."
    assert spec["image"] == service("web")["image"]


@pytest.mark.parametrize("name", APP_SERVICES)
def test_app_services_wait_for_migrations_db_pgbouncer_and_redis(name):
    conditions = {dep: rule["condition"] for dep, rule in service(name)["depends_on"].items()}
    assert conditions == {
        "migrate": "service_completed_successfully",
        "db": "service_healthy",
        "pgbouncer": "service_healthy",
        "redis": "service_healthy",
    }


@pytest.mark.parametrize("name", ["migrate", *APP_SERVICES])
@pytest.mark.parametrize(
    "shell_env",
    [
        MINIMAL_ENV,
        {**MINIMAL_ENV, "POSTGRES_USER": "kc", "POSTGRES_PASSWORD": "pw", "POSTGRES_DB": "club"},
    ],
    ids=["defaults", "custom-postgres"],
)
def test_database_url_points_at_pgbouncer_or_for_migrations_at_db_with_its_credentials(
    name, shell_env
):
    url = urlsplit(service(name, shell_env)["environment"]["DATABASE_URL"])
    db_env = service("db", shell_env)["environment"]
    expected = ("db", 5432) if name == "migrate" else ("pgbouncer", 6432)
    assert (url.scheme, (url.hostname, url.port)) == ("postgres", expected)
    assert (url.username, url.password, url.path) == (
        db_env["POSTGRES_USER"],
        db_env["POSTGRES_PASSWORD"],
        "/" + db_env["POSTGRES_DB"],
    )


@pytest.mark.parametrize("name", APP_SERVICES)
def test_redis_url_points_at_the_redis_service(name):
    url = urlsplit(service(name)["environment"]["REDIS_URL"])
    assert (url.scheme, url.hostname, url.port, url.path) == ("redis", "redis", 6379, "/0")


@pytest.mark.parametrize("name", ["migrate", *APP_SERVICES])
def test_app_services_run_in_production_mode(name):
    env = service(name)["environment"]
    assert env["DEBUG"] == "false"
    assert env["SECRET_KEY"] == "a-real-secret"
    assert env["ALLOWED_HOSTS"] == "localhost"
    custom = service(name, {**MINIMAL_ENV, "ALLOWED_HOSTS": "karlchen.example.org"})
    assert custom["environment"]["ALLOWED_HOSTS"] == "karlchen.example.org"


@pytest.mark.parametrize("name", ["migrate", *APP_SERVICES])
@pytest.mark.parametrize("shell_env", [{}, {"SECRET_KEY": ""}], ids=["unset", "empty"])
def test_secret_key_is_required(name, shell_env):
    assert re.fullmatch(r"\$\{SECRET_KEY:\?.+\}", SERVICES[name]["environment"]["SECRET_KEY"])
    with pytest.raises(MissingVariableError, match="SECRET_KEY"):
        service(name, shell_env)


def test_only_the_proxy_publishes_a_port():
    published = {name: spec["ports"] for name, spec in SERVICES.items() if "ports" in spec}
    assert published == {"proxy": ["8000:8000"]}


@pytest.mark.parametrize("name", POOLS)
def test_pools_run_the_image_cmd_and_check_themselves_without_curl(name):
    spec = service(name)
    assert "command" not in spec  # the Dockerfile's CMD: gunicorn (tested below)
    check = spec["healthcheck"]["test"]
    assert check[:3] == ["CMD", "python", "-c"]
    assert "http://127.0.0.1:8000/" in check[3]
    # A syntax error would only show as "unhealthy".
    compile(check[3], f"{name}-healthcheck", "exec")
    assert spec["healthcheck"] == service("web")["healthcheck"]


@pytest.mark.parametrize(
    ("name", "variable", "default", "other"),
    [
        ("web", "WEB_CONCURRENCY", "3", "CAPTAINS_CONCURRENCY"),
        ("captains", "CAPTAINS_CONCURRENCY", "2", "WEB_CONCURRENCY"),
    ],
)
def test_each_pool_sizes_its_workers_on_its_own(name, variable, default, other):
    """gunicorn reads WEB_CONCURRENCY itself: each pool gets it from a variable of its own."""

    def workers(shell_env: dict[str, str]) -> str:
        return service(name, {**MINIMAL_ENV, **shell_env})["environment"]["WEB_CONCURRENCY"]

    assert workers({}) == default
    assert workers({variable: "5"}) == "5"
    assert workers({other: "7"}) == default


def test_captains_and_web_are_one_app_with_one_configuration():
    """The same settings, database, cache, secret and documents: only the pool size differs."""
    env = {**MINIMAL_ENV, "ALLOWED_HOSTS": "karlchen.example.org", "SITE_URL": "https://k.example"}
    web, captains = service("web", env), service("captains", env)
    assert {**web["environment"], "WEB_CONCURRENCY": None} == {
        **captains["environment"],
        "WEB_CONCURRENCY": None,
    }
    assert (web["volumes"], web["depends_on"]) == (captains["volumes"], captains["depends_on"])


def test_spectators_pool_has_less_cpu_weight_than_the_captains():
    web, captains = service("web"), service("captains")
    assert web["cpu_shares"] < captains["cpu_shares"]
    assert {spec.get("cpu_shares", 1024) for name, spec in SERVICES.items() if name != "web"} == {
        1024
    }  # everything else, database included, keeps the default weight


@pytest.mark.parametrize("name", APP_SERVICES)
def test_the_app_counts_one_proxy_in_front_for_the_client_address(name):
    assert service(name)["environment"]["NUM_PROXIES"] == "1"
    behind_tls = service(name, {**MINIMAL_ENV, "NUM_PROXIES": "2"})
    assert behind_tls["environment"]["NUM_PROXIES"] == "2"


def test_worker_runs_celery_and_pings_its_own_node():
    spec = service("worker")
    assert spec["command"] == [
        "celery",
        "-A",
        "karlchen",
        "worker",
        "--loglevel=INFO",
        "--concurrency=2",
    ]
    kind, script = spec["healthcheck"]["test"]
    words = shlex.split(script)
    assert kind == "CMD-SHELL"  # a shell expands $HOSTNAME inside the container
    assert words[:5] == ["celery", "-A", "karlchen", "inspect", "ping"]
    assert words[words.index("--destination") + 1] == "celery@$HOSTNAME"  # $$ escaped in compose


def test_beat_sends_the_job_sweep_from_a_schedule_file_it_may_write():
    """One celery beat sends the sweep of jobs whose worker has gone (the worker runs it)."""
    from django.conf import settings

    spec = service("beat")
    argv = spec["command"]
    assert argv[:4] == ["celery", "-A", "karlchen", "beat"]
    schedule = argv[argv.index("--schedule") + 1]
    assert schedule.startswith("/tmp/")  # the image's user owns no other writable directory
    tasks = {entry["task"] for entry in settings.CELERY_BEAT_SCHEDULE.values()}
    assert tasks == {
        "karlchen.drain_outbox",  # tasks that waited while Redis was down
        "karlchen.tournaments.sweep_jobs",
        "karlchen.prune_login_failures",
        "karlchen.signups.send_unsent_mails",
        "karlchen.stats.refresh_rating",  # the rating follows what no closing signals
    }
    assert "beat" not in " ".join(service("worker")["command"])  # no second beat in the worker
    assert spec.get("deploy", {}).get("replicas", 1) == 1
    check = spec["healthcheck"]["test"]
    assert check[:3] == ["CMD", "python", "-c"]
    assert schedule == "/tmp/celerybeat-schedule"
    assert schedule in check[3]
    compile(check[3], "beat-healthcheck", "exec")


def test_beats_healthcheck_sees_a_schedule_file_kept_up_to_date(tmp_path):
    """The check passes on a fresh schedule file and fails on a stale or missing one."""
    import os
    import subprocess
    import sys
    import time

    script = service("beat")["healthcheck"]["test"][3].replace("/tmp/", f"{tmp_path}/")

    def healthy() -> bool:
        return subprocess.run([sys.executable, "-c", script], check=False).returncode == 0

    assert not healthy()
    schedule = tmp_path / "celerybeat-schedule.db"
    schedule.write_bytes(b"")
    assert healthy()
    old = time.time() - 3600
    os.utime(schedule, (old, old))
    assert not healthy()


# the proxy


def test_proxy_is_the_official_nginx_image_on_debian():
    name, _, tag = service("proxy")["image"].partition(":")
    assert name == "nginx"
    # A stable line, pinned; not "-alpine": the healthcheck needs the Debian-based image's curl.
    assert re.fullmatch(r"\d+\.\d+", tag)


def test_proxy_renders_the_template_of_this_repository_read_only():
    mount, _main = service("proxy")["volumes"]
    source, target, mode = mount.split(":")
    assert (REPO / source).resolve() == proxy.TEMPLATE
    # Rendered to conf.d/default.conf, so it replaces the image's default server on port 80.
    assert target == "/etc/nginx/templates/default.conf.template"
    assert mode == "ro"


def test_proxy_runs_the_shipped_main_config_with_room_for_thousands_of_phones():
    _template, mount = service("proxy")["volumes"]
    source, target, mode = mount.split(":")
    assert ((REPO / source).resolve(), target, mode) == (proxy.MAIN, "/etc/nginx/nginx.conf", "ro")
    text = proxy.MAIN.read_text(encoding="utf-8")
    assert "include /etc/nginx/conf.d/*.conf;" in text  # where the image renders the template
    connections, open_files = map(int, proxy.connection_limits())
    assert connections >= 4096  # 3600 clients of bench/friday.py, and a pool connection each
    assert open_files >= 2 * connections


def test_proxy_points_at_both_pools_on_the_port_gunicorn_binds():
    env = service("proxy")["environment"]
    (cmd,) = dockerfile_args("CMD")
    argv = json.loads(cmd)
    port = argv[argv.index("--bind") + 1].rsplit(":", 1)[1]
    assert (env["KARLCHEN_WEB"], env["KARLCHEN_CAPTAINS"]) == (f"web:{port}", f"captains:{port}")
    (published,) = service("proxy")["ports"]
    assert env["KARLCHEN_LISTEN"] == published.rsplit(":", 1)[1]
    assert env["NGINX_ENVSUBST_FILTER"] == proxy.ENVSUBST_FILTER


def test_the_image_renders_every_variable_of_the_template_and_only_those():
    compose_env = service("proxy")["environment"]
    template = proxy.TEMPLATE.read_text(encoding="utf-8")
    wanted = {name for name in compose_env if name.startswith("KARLCHEN_")}
    assert set(re.findall(r"\$\{(\w+)\}", template)) == wanted
    # What else the container's environment holds (the image's own variables) stays untouched.
    container_env = {
        "HOSTNAME": "3f2a",
        "HOME": "/root",
        "PATH": "/usr/sbin:/usr/bin",
        "NGINX_VERSION": "1.28.0",
        "PKG_RELEASE": "1~bookworm",
        **compose_env,
    }
    rendered = proxy.render(container_env)
    left = set(re.findall(r"\$\{?(\w+)", rendered))
    assert left
    assert all(name.islower() for name in left), left  # nginx's own variables only
    assert "server web:8000;" in rendered
    assert "server captains:8000;" in rendered
    assert "listen 8000;" in rendered


def test_proxy_starts_after_both_pools_and_restarts_with_them():
    assert service("proxy")["depends_on"] == {
        name: {"condition": "service_healthy", "restart": True} for name in POOLS
    }


def test_proxy_checks_nginx_itself_not_a_pool():
    spec = service("proxy")
    check = spec["healthcheck"]["test"]
    assert check[:2] == ["CMD", "curl"]
    assert "-fsS" in check  # fail on an HTTP error: curl's exit code is the verdict
    url = urlsplit(check[-1])
    assert (url.hostname, str(url.port)) == ("127.0.0.1", spec["environment"]["KARLCHEN_LISTEN"])
    assert url.path == "/proxy-health"  # nginx answers it itself (tests/test_proxy.py asks)


def test_db_is_postgres_15_checked_with_pg_isready():
    spec = service("db")
    assert spec["image"] == "postgres:15"
    assert spec["environment"] == {
        "POSTGRES_DB": "karlchen",
        "POSTGRES_USER": "karlchen",
        "POSTGRES_PASSWORD": "karlchen",
    }
    kind, script = spec["healthcheck"]["test"]
    words = shlex.split(script)
    assert (kind, words[0]) == ("CMD-SHELL", "pg_isready")
    assert words[words.index("-U") + 1] == "${POSTGRES_USER}"  # the container's own variables
    assert words[words.index("-d") + 1] == "${POSTGRES_DB}"


def test_redis_keeps_the_broker_queue_on_disk():
    spec = service("redis")
    assert spec["image"] == "redis:7"
    assert spec["command"] == ["redis-server", "--appendonly", "yes"]
    assert spec["healthcheck"]["test"] == ["CMD", "redis-cli", "ping"]


@pytest.mark.parametrize(
    ("name", "volume", "target"),
    [
        ("db", "pgdata", "/var/lib/postgresql/data"),
        ("replica", "replicadata", "/var/lib/postgresql/data"),
        ("redis", "redisdata", "/data"),
    ],
)
def test_data_lives_in_declared_named_volumes(name, volume, target):
    assert service(name)["volumes"][0] == f"{volume}:{target}"
    assert all(":ro" in mounted for mounted in service(name)["volumes"][1:])  # config only
    assert set(COMPOSE["volumes"]) == {"pgdata", "replicadata", "redisdata", "media"}


# Dockerfile


def test_image_is_python_311_slim():
    assert dockerfile_args("FROM") == ["python:3.11-slim"]


def test_image_installs_exactly_the_weasyprint_libraries():
    (install,) = [run for run in dockerfile_args("RUN") if "apt-get install" in run]
    after_install = install.split("apt-get install", 1)[1].split("&&", 1)[0]
    packages = {word for word in after_install.split() if not word.startswith("-")}
    assert packages == {
        "libpango-1.0-0",
        "libpangoft2-1.0-0",
        "libharfbuzz-subset0",
        "fonts-dejavu-core",
    }
    assert "--no-install-recommends" in after_install
    assert "rm -rf /var/lib/apt/lists/*" in install


def test_image_builds_package_translations_and_static_files():
    runs = " && ".join(dockerfile_args("RUN"))
    assert "pip install --no-cache-dir ." in runs
    assert "pybabel compile -d locale -D django" in runs
    assert "python manage.py collectstatic --noinput" in runs


def test_no_secret_or_debug_is_baked_into_the_image():
    env = image_env()
    assert "SECRET_KEY" not in env
    assert "DEBUG" not in env
    assert not [arg for arg in dockerfile_args("ARG") if arg.startswith("SECRET_KEY")]
    (collectstatic,) = [run for run in dockerfile_args("RUN") if "collectstatic" in run]
    assert "SECRET_KEY=" in collectstatic  # a throwaway key for that one command only
    assert (env["PYTHONPATH"], env["WEB_CONCURRENCY"]) == ("/app", "3")


def test_image_runs_as_a_non_root_user():
    instructions = [name for name, _arguments in dockerfile_instructions()]
    users = dockerfile_args("USER")
    assert users
    assert users[-1].split(":")[0] not in {"root", "0"}
    last_user = max(index for index, name in enumerate(instructions) if name == "USER")
    assert last_user < instructions.index("CMD")


def test_image_serves_gunicorn_on_port_8000():
    (cmd,) = dockerfile_args("CMD")
    argv = json.loads(cmd)
    assert argv[:2] == ["gunicorn", "karlchen.wsgi:application"]
    assert argv[argv.index("--bind") + 1] == "0.0.0.0:8000"
    assert dockerfile_args("EXPOSE") == ["8000"]


# .dockerignore


def test_dockerignore_keeps_secrets_tests_and_artefacts_out():
    patterns = {line.strip() for line in DOCKERIGNORE.splitlines()}
    patterns.discard("")
    required = {".git", ".venv", ".env", "tests", "staticfiles", "db.sqlite3*", "**/__pycache__"}
    required.add("deploy")  # the proxy's config: mounted into the nginx container, not built in
    assert required <= patterns
    assert {"**/*.mo", "**/*.pdf", ".pytest_cache", ".hypothesis", ".ruff_cache"} <= patterns


@pytest.mark.parametrize("name", APP_SERVICES)
def test_web_and_worker_share_the_generated_documents(name):
    """The worker writes the PDFs, web streams them to organisers: one volume at MEDIA_ROOT."""
    spec = service(name)
    assert spec["environment"]["MEDIA_ROOT"] == "/data/media"
    assert spec["volumes"] == ["media:/data/media"]


# PgBouncer and the read replica


@pytest.mark.parametrize("name", APP_SERVICES)
def test_behind_pgbouncer_the_app_prepares_no_statements(name):
    assert service(name)["environment"]["DB_PREPARED_STATEMENTS"] == "false"


def test_pgbouncer_is_debians_package_running_the_shipped_template():
    spec = service("pgbouncer")
    assert spec["build"] == {"context": "./deploy", "dockerfile": "pgbouncer.Dockerfile"}
    image = (REPO / "deploy" / "pgbouncer.Dockerfile").read_text(encoding="utf-8")
    assert "FROM debian:bookworm-slim" in image
    assert "apt-get install -y --no-install-recommends pgbouncer" in image
    assert "COPY pgbouncer.py pgbouncer.ini.template" in image
    assert spec["depends_on"] == {"db": {"condition": "service_healthy"}}


def test_pgbouncer_gets_the_databases_credentials(tmp_path):
    from deploy import pgbouncer

    environment = service("pgbouncer", {**MINIMAL_ENV, "POSTGRES_PASSWORD": "pw"})["environment"]
    config = pgbouncer.write_config(environment, tmp_path).read_text(encoding="utf-8")

    assert "* = host=db port=5432" in config
    assert "listen_addr = 0.0.0.0" in config
    assert "listen_port = 6432" in config
    assert "pool_mode = transaction" in config
    assert "default_pool_size = 40" in config
    assert (tmp_path / "userlist.txt").read_text() == '"karlchen" "pw"\n'


def test_the_replica_is_optional_and_copies_db_before_following_it():
    spec = service("replica")
    assert spec["profiles"] == ["replica"]
    assert spec["image"] == service("db")["image"]
    assert spec["environment"]["PRIMARY_HOST"] == "db"
    script = (REPO / "deploy" / "postgres-replica.sh").read_text(encoding="utf-8")
    assert "pg_basebackup" in script
    assert " -R " in script
    assert "exec postgres" in script
    assert "hot_standby=on" in script
    allow = "./deploy/postgres-allow-replication.sh:/docker-entrypoint-initdb.d/"
    assert any(volume.startswith(allow) for volume in service("db")["volumes"])


@pytest.mark.parametrize("name", APP_SERVICES)
def test_the_app_reads_from_a_replica_only_where_one_is_given(name):
    assert service(name)["environment"]["DATABASE_REPLICA_URL"] == ""
    url = "postgres://karlchen:pw@replica:5432/karlchen"
    given = service(name, {**MINIMAL_ENV, "DATABASE_REPLICA_URL": url})
    assert given["environment"]["DATABASE_REPLICA_URL"] == url
