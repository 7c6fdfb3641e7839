"""Benchmark: how long refusing hostile entry files takes (a web worker is busy meanwhile).

Prints the median of several rounds per file: a 60 KB workbook of 6 million empty rows, a
stated dimension of 6 million rows, 600 000 empty rows below a list (with and without a lying
dimension), a last row at 1 048 576, and a list of 2 001 players. Target: each well
under a second; before the checks, the first took 21 s.

    .venv/bin/python bench/hostile_files.py [--rounds 5]
"""

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "karlchen.settings")

import django

django.setup()

from karlchen.refusals import Refused  # noqa: E402
from tests.factories.files import LIST_ROWS, sheet, xlsx  # noqa: E402
from tournaments.domain.entry_files import read_entry_file  # noqa: E402

LAST_ROW = b'<row r="1048576"><c t="inlineStr"><is><t>Bert</t></is></c></row>'
FILES = {
    "6 million empty rows (60 KB)": sheet(
        LIST_ROWS + b"<row/>" * 6_000_000, b'<dimension ref="A1:A6000000"/>'
    ),
    "a dimension of 6 million rows": sheet(LIST_ROWS, b'<dimension ref="A1:A6000000"/>'),
    "600 000 empty rows below a list": sheet(LIST_ROWS + b"<row/>" * 600_000),
    "the same, dimension A1:A2 (a lie)": sheet(
        LIST_ROWS + b"<row/>" * 600_000, b'<dimension ref="A1:A2"/>'
    ),
    "one row at 1 048 576": sheet(LIST_ROWS + LAST_ROW),
    "2 001 players": xlsx([["Name"], *[[f"Spieler {n}"] for n in range(2001)]]),
}


def refuse(content: bytes) -> str:
    try:
        read_entry_file("liste.xlsx", content)
    except Refused as refusal:
        return refusal.problems[0].code
    return "accepted"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    rounds = parser.parse_args().rounds
    for name, content in FILES.items():
        times, code = [], ""
        for _ in range(rounds):
            started = time.perf_counter()
            code = refuse(content)
            times.append(time.perf_counter() - started)
        median = statistics.median(times) * 1000
        print(f"{name:36} {len(content) / 1000:8.1f} KB  {code:32} median {median:7.1f} ms")
    print(
        f"load average {' '.join(f'{value:.1f}' for value in os.getloadavg())}; can show: how "
        "long one worker is busy refusing each file. Cannot show: the upload around it (the "
        "proxy's and Django's size limits come first) or several uploads at once"
    )


if __name__ == "__main__":
    main()
