"""The shipped PgBouncer config (deploy/pgbouncer.ini.template) rendered from values, and where
Debian's pgbouncer binary is: what tests/test_pgbouncer.py starts."""

from __future__ import annotations

import os
import re
import shutil
from collections.abc import Mapping
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
    (5432), ``LISTEN_PORT`` (6432), ``POOL_SIZE`` (20). Logs go to standard error."""
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
                "LISTEN_ADDR": "0.0.0.0",
                "LISTEN_PORT": environment.get("LISTEN_PORT", "6432"),
                "AUTH_FILE": str(users),
                "POOL_SIZE": environment.get("POOL_SIZE", "20"),
                "LOG_FILE": "",
                "PID_FILE": str(folder / "pgbouncer.pid"),
            }
        )
    )
    return config


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
