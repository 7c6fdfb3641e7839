"""Benchmark: the clicks and keystrokes of a club's year at the desk, journey by journey.

Walks the year's journeys in a real browser (Debian's chromium with Playwright, on a test
database: ``tests/browser/test_club_year.py`` and ``tests/browser/test_match_day_by_hand.py``)
and prints what each took, counted by ``tests/browser/journey.py``: a click for each field
focused, button, link or option picked (a choice in a list: two), a keystroke for each key
typed. The journeys:

- club evenings of a season: the first with its players picked as their names are typed and
  one newcomer created; the next two started with them as regulars, checked in and seated;
- a league team's squad picked once a season; each league match day of four teams prepared
  from the squads (the first with a substitute swapped in);
- a league match day of four teams by hand, as before squads (its players entered beforehand,
  not counted): the yardstick the day from squads is measured against;
- a player finding an open tournament on the start page and signing up on a phone (the form,
  the mailed link, the confirmation);
- spectators finding the season and the league from the start page.

Screenshots of the walk (360×740 and 1280×800) are left in ``--shots``. Asserts nothing.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/karlchen_bench \\
        REDIS_URL=redis://127.0.0.1:6379/12 .venv/bin/python bench/club_year.py [--shots DIR]
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
JOURNEYS = ["tests/browser/test_club_year.py", "tests/browser/test_match_day_by_hand.py"]
BY_HAND = "league match day by hand (as before squads)"
FROM_SQUADS = "league match day 2 from squads"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shots", default="/tmp/karlchen-club-year")
    shots = parser.parse_args().shots
    with tempfile.TemporaryDirectory() as folder:
        counts_file = Path(folder) / "counts.json"
        env = os.environ | {
            "KARLCHEN_CLUB_YEAR": str(counts_file),
            "KARLCHEN_CLUB_YEAR_SHOTS": shots,
        }
        command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *JOURNEYS]
        subprocess.run(command, cwd=REPO, env=env, check=True, stdout=subprocess.DEVNULL)
        counts = json.loads(counts_file.read_text())
    print(f"{'journey':<48} {'clicks':>6} {'keystrokes':>10}")
    for journey, figures in counts.items():
        print(f"{journey:<48} {figures['clicks']:>6} {figures['keystrokes']:>10}")
    before, after = counts[BY_HAND], counts[FROM_SQUADS]
    print(
        f"a match day from squads takes {after['clicks']} of the {before['clicks']} clicks "
        f"and {after['keystrokes']} of the {before['keystrokes']} keystrokes by hand "
        f"(a substitute swapped in: {counts['league match day 1 from squads']['clicks']} clicks)"
    )
    print(f"screenshots: {shots}")


if __name__ == "__main__":
    main()
