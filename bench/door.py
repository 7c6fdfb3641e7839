"""Benchmark: check-ins per minute at the door of a 100-player open tournament, by scanning the
sign-ups' QR codes with chromium's fake camera and by name search with a tap, in chromium.

Runs ``tests/browser/door_bench.py`` (its docstring says exactly what is measured and what is
not) with its output shown. Needs what the browser tests need (``bin/services``: PostgreSQL,
Redis, chromium); ``DATABASE_URL``/``REDIS_URL`` as for ``bin/test``, else the local defaults
below. Takes about four minutes, most of it the videos played in real time.

    .venv/bin/python bench/door.py
"""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

if __name__ == "__main__":
    env = {
        "DATABASE_URL": "postgres://postgres:postgres@127.0.0.1:5432/karlchen_bench",
        "REDIS_URL": "redis://127.0.0.1:6379/12",
        **os.environ,
    }
    command = [
        sys.executable,
        "-m",
        "pytest",
        "-q",
        "-s",
        "-p",
        "no:cacheprovider",
        "--no-cov",
        "tests/browser/door_bench.py",
    ]
    sys.exit(subprocess.call(command, cwd=ROOT, env=env))
