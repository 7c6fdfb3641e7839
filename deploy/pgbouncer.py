"""The shipped PgBouncer config (deploy/pgbouncer.ini.template) rendered from values, and where
Debian's pgbouncer binary is: what tests/test_pgbouncer.py starts."""

from __future__ import annotations

import re
import shutil
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
