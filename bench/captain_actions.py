"""Benchmark: the actions a captain needs per deal, a whole series played by taps in chromium.

Runs ``tests/browser/test_captain_actions.py`` (the demo's realistic mix of deals entered by
taps at 360×740, every tap and keystroke one action) with its output shown: the count per deal
and the summary (plain normal games, median and mean of every deal, normal games that needed
scrolling). Needs what the browser tests need (``bin/services``: PostgreSQL, Redis, chromium);
``DATABASE_URL``/``REDIS_URL`` as for ``bin/test``, else the local defaults below.

    .venv/bin/python bench/captain_actions.py
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
    test = "tests/browser/test_captain_actions.py"
    command = [
        sys.executable,
        "-m",
        "pytest",
        "-q",
        "-s",
        "-p",
        "no:cacheprovider",
        "--no-cov",
        test,
    ]
    sys.exit(subprocess.call(command, cwd=ROOT, env=env))
