"""The shipped PgBouncer config (deploy/pgbouncer.ini.template) rendered from values, where
Debian's pgbouncer binary is, and a PgBouncer of that config on loopback: what
tests/test_pgbouncer.py and bench/friday.py start."""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path

TEMPLATE = Path(__file__).resolve().parent / "pgbouncer.ini.template"
_PLACEHOLDER = re.compile(r"@([A-Z_]+)@")


def render(values: dict[str, str]) -> str:
    """The config with every placeholder filled in; one without a value is an error."""
    text = TEMPLATE.read_text(encoding="utf-8")
    missing = sorted(set(_PLACEHOLDER.findall(text)) - values.keys())
    if missing:
        raise KeyError(f"no value for {missing}")
    return _PLACEHOLDER.sub(lambda match: values[match.group(1)], text)


def binary() -> str | None:
    return shutil.which("pgbouncer") or (
        "/usr/sbin/pgbouncer" if Path("/usr/sbin/pgbouncer").exists() else None
    )


def write_config(environment: Mapping[str, str], folder: Path) -> Path:
    """The config and its user list for the compose service (deploy/pgbouncer.Dockerfile), from
    its environment: ``PG_USER``, ``PG_PASSWORD`` (required), ``PG_HOST`` (``db``), ``PG_PORT``
    (5432), ``LISTEN_ADDR`` (``0.0.0.0``: in its container, where only the compose network
    reaches it; on a shared machine 127.0.0.1, as :func:`running` binds), ``LISTEN_PORT``
    (6432), ``POOL_SIZE`` (20), ``LOG_FILE`` (empty: standard error)."""
    folder.mkdir(parents=True, exist_ok=True)
    users = folder / "userlist.txt"
    users.write_text(f'"{environment["PG_USER"]}" "{environment["PG_PASSWORD"]}"\n')
    users.chmod(0o600)
    config = folder / "pgbouncer.ini"
    config.write_text(
        render(
            {
                "PG_HOST": environment.get("PG_HOST", "db"),
                "PG_PORT": environment.get("PG_PORT", "5432"),
                "LISTEN_ADDR": environment.get("LISTEN_ADDR", "0.0.0.0"),
                "LISTEN_PORT": environment.get("LISTEN_PORT", "6432"),
                "AUTH_FILE": str(users),
                "POOL_SIZE": environment.get("POOL_SIZE", "20"),
                "LOG_FILE": environment.get("LOG_FILE", ""),
                "PID_FILE": str(folder / "pgbouncer.pid"),
            }
        )
    )
    return config


@dataclass
class Bouncer:
    """A running PgBouncer: ``address`` is its ``host:port``."""

    address: str
    process: subprocess.Popen
    folder: Path

    @property
    def pid(self) -> int:
        return self.process.pid

    def log(self) -> str:
        path = self.folder / "pgbouncer.log"
        return path.read_text(errors="replace") if path.exists() else ""


@contextlib.contextmanager
def running(server: Mapping[str, str], pool_size: int) -> Iterator[Bouncer]:
    """PgBouncer of the shipped config on a free port of 127.0.0.1 (never every interface: the
    machine running a test or a benchmark may be reachable from elsewhere), in front of
    ``server`` (``PG_HOST``, ``PG_PORT``, ``PG_USER``, ``PG_PASSWORD``); stopped on leaving.
    Run as the postgres user where this process is root (PgBouncer refuses to run as root)."""
    program = binary()
    if program is None:
        raise FileNotFoundError("pgbouncer is not installed (bin/services installs it)")
    folder = Path(tempfile.mkdtemp(prefix="karlchen-pgbouncer-"))
    port = _free_port()
    environment = {**server, "LISTEN_ADDR": "127.0.0.1", "LISTEN_PORT": str(port)}
    environment |= {"POOL_SIZE": str(pool_size), "LOG_FILE": str(folder / "pgbouncer.log")}
    command = [program, str(write_config(environment, folder))]
    if os.geteuid() == 0:
        for path in (folder, *folder.iterdir()):
            shutil.chown(path, "postgres")
        command = ["runuser", "-u", "postgres", "--", *command]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    bouncer = Bouncer(f"127.0.0.1:{port}", process, folder)
    try:
        _wait_until_listening(bouncer, port)
        yield bouncer
    finally:
        process.terminate()
        process.wait(timeout=10)
        shutil.rmtree(folder, ignore_errors=True)


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _wait_until_listening(bouncer: Bouncer, port: int) -> None:
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        if bouncer.process.poll() is not None:
            raise RuntimeError(f"pgbouncer stopped: {bouncer.log()}")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return
        except OSError:
            time.sleep(0.05)
    raise RuntimeError("pgbouncer did not listen within 10 s")


def main() -> None:
    """The compose service's entrypoint: the config from the environment, then pgbouncer in the
    foreground in this process's place."""
    config = write_config(os.environ, Path(os.environ.get("PGBOUNCER_DIR", "/tmp/pgbouncer")))
    program = binary()
    if program is None:
        raise SystemExit("pgbouncer is not installed")
    os.execv(program, [program, str(config)])


if __name__ == "__main__":
    main()
