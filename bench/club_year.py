"""Benchmark: the clicks and keystrokes of a club's year at the desk, journey by journey.

Walks ``tests/browser/test_club_year.py`` in a real browser (Debian's chromium with Playwright,
on a test database) and prints what each of its journeys took: a league team's squad picked
once a season, each league match day of four teams prepared from the squads (the first with a
substitute swapped in), and a spectator finding the league from the start page.

Beside them it prints the match day as it was before squads, counted from the desk's forms
that a day then needed (``BY_HAND``): the day added with each team's group typed, the four
teams set up in the day's tournament by name and start numbers, and each team's roster chosen
and saved on the day's page. Asserts nothing.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/karlchen_bench \\
        REDIS_URL=redis://127.0.0.1:6379/12 .venv/bin/python bench/club_year.py
"""

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
TEAMS, PLAYERS = 4, 4

# A league match day of four teams before squads, form by form (main before squads).
BY_HAND = [
    # the league page: each playing team's group number (a field clicked, "1" typed), add
    ("group numbers", TEAMS, TEAMS * len("1")),
    ("add the match day", 1, 0),
    # the day's teams page, per team: its name and its players' start numbers typed, saved
    ("open the teams page", 1, 0),
    ("team names", TEAMS, TEAMS * len("Asse")),
    ("start numbers", TEAMS, TEAMS * len("1 2 3 4")),
    ("save each team", TEAMS, 0),
    # back on the day's page, per team: its roster chosen in a list (two clicks) and saved
    ("open the day's page", 1, 0),
    ("choose each roster", 2 * TEAMS, 0),
    ("save each line-up", TEAMS, 0),
]


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        counts_file = Path(folder) / "counts.json"
        env = os.environ | {
            "KARLCHEN_CLUB_YEAR": str(counts_file),
            "KARLCHEN_CLUB_YEAR_SHOTS": folder,
        }
        command = [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:cacheprovider",
            "tests/browser/test_club_year.py",
        ]
        subprocess.run(command, cwd=REPO, env=env, check=True, stdout=subprocess.DEVNULL)
        counts = json.loads(counts_file.read_text())
    clicks = sum(step[1] for step in BY_HAND)
    keys = sum(step[2] for step in BY_HAND)
    print(f"{'journey':<48} {'clicks':>6} {'keystrokes':>10}")
    print(f"{'league match day by hand (before squads)':<48} {clicks:>6} {keys:>10}")
    for journey, figures in counts.items():
        print(f"{journey:<48} {figures['clicks']:>6} {figures['keystrokes']:>10}")


if __name__ == "__main__":
    main()
