"""Benchmark: page quality as Lighthouse measures it, on the demo tournament in production.

Sets up a throwaway database (a temporary SQLite file; ``--database-url`` for another) with the
demo tournament (``manage.py demo``), collects the static files, starts gunicorn with the
production settings (``DEBUG=false``, a random ``SECRET_KEY``) on a free loopback port and runs
Lighthouse (``node_modules/.bin/lighthouse``, mobile profile, Debian's headless chromium) against
  - the captain's page, opened by a real captain link of the running series (table 1), and
    opened again when signed in (``/captain/`` with the session cookie: no redirect; its
    service worker's own fetch of the page goes without the header and is refused, harmless),
  - the spectators' ranking (``/t/<id>/``),
  - the desk's page of the running series, signed in as the demo organiser (the session cookie
    goes along in ``--extra-headers``),
  - the start page (``/``), the demo season's page (``/s/<id>/``) and the desk's door list (the
    money page, ``/desk/<id>/money/``, signed in as the demo organiser).
``--page NAME`` (repeatable) measures only the pages named so. Every page is asked a few times
before the first measurement (``warm_up``), as a deployed server has been.
Prints per page the median of ``--runs`` runs of the performance, accessibility, best-practices
(and SEO) scores and of the bytes transferred, and the ids of the audits scoring below 0.9 (with
in how many runs they did). Asserts nothing; targets: 100 accessibility and best practices,
≥ 98 performance, the captain's page under 100 KiB on first load.

    npm ci && .venv/bin/python bench/lighthouse.py [--runs 3] [--proxy] [--keep-reports DIR]

``--proxy`` puts the shipped nginx config (deploy/nginx.conf.template: gzip) in front, as
deployed; without it gunicorn answers alone and nothing is compressed.
"""

import argparse
import contextlib
import json
import os
import secrets
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
PYTHON = sys.executable
CHROMIUM = os.environ.get("CHROME_PATH", "/usr/bin/chromium")
CHROME_FLAGS = (
    "--headless=new --no-sandbox --disable-gpu --disable-quic --no-first-run "
    "--disable-background-networking --disable-component-update --disable-sync"
)
CATEGORIES = ("performance", "accessibility", "best-practices", "seo")
FAILING = 0.9  # Lighthouse's own line between green and the rest

PAGES_SCRIPT = """
import json
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse
from desk.management.commands.demo import DEMO_NAME, ORGANISER, SEASON_NAME
from seasons.models import Season
from tournaments.models import Tournament

tournament = Tournament.objects.get(name=DEMO_NAME)
running = tournament.series.order_by("-number").first()
table = running.tables.order_by("number").first()
organiser = Client()
organiser.force_login(get_user_model().objects.get(username=ORGANISER))
captain = Client(HTTP_HOST="127.0.0.1")
assert captain.get(table.captain_path()).status_code == 302  # signed in
print(json.dumps({
    "captain": [table.captain_path(), ""],
    "captain, signed in": [reverse("captain"), captain.cookies["sessionid"].value],
    "spectator": [reverse("spectator", args=[tournament.pk]), ""],
    "desk series": [
        reverse("desk:series", args=[tournament.pk, running.number]),
        organiser.cookies["sessionid"].value,
    ],
    "start": [reverse("home"), ""],
    "season": [reverse("season-page", args=[Season.objects.get(name=SEASON_NAME).pk]), ""],
    "door list": [
        reverse("desk:money", args=[tournament.pk]), organiser.cookies["sessionid"].value
    ],
}))
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3, help="Lighthouse runs per page (median)")
    parser.add_argument("--database-url", help="instead of a throwaway SQLite file")
    parser.add_argument(
        "--proxy",
        action="store_true",
        help="as deployed: the shipped nginx config (gzip) in front of gunicorn",
    )
    parser.add_argument("--keep-reports", type=Path, help="save the JSON reports here")
    parser.add_argument(
        "--page", action="append", help="measure only this page (by its name; repeatable)"
    )
    args = parser.parse_args()
    lighthouse = ROOT / "node_modules" / ".bin" / "lighthouse"
    if not lighthouse.exists():
        raise SystemExit("Lighthouse is missing: run `npm ci` first.")
    with tempfile.TemporaryDirectory(prefix="karlchen-lighthouse-") as scratch:
        environment = production_environment(args.database_url, Path(scratch))
        pages = prepare(environment)
        with gunicorn(environment) as base, behind_proxy(base, args.proxy) as base:
            print(
                f"Lighthouse {version(lighthouse)}, mobile profile, {args.runs} run(s) a page, "
                + ("nginx (deploy/) in front of gunicorn" if args.proxy else "gunicorn alone")
            )
            warm_up(base, pages, args.page)
            for name, (path, session) in pages.items():
                if args.page and name not in args.page:
                    continue
                headers = {"Cookie": f"sessionid={session}"} if session else {}
                reports = [
                    lighthouse_run(lighthouse, base + path, headers, Path(scratch))
                    for _ in range(args.runs)
                ]
                if args.keep_reports:
                    args.keep_reports.mkdir(parents=True, exist_ok=True)
                    for number, report in enumerate(reports, start=1):
                        slug = name.replace(",", "").replace(" ", "-")
                        target = args.keep_reports / f"{slug}-{number}.json"
                        target.write_text(json.dumps(report))
                print_page(name, path, reports)
            print(
                "\ncan show: Lighthouse's scores of each page as a phone on a throttled network "
                "would get them, from this machine. Cannot show: a real phone or network, or a "
                "server busy with other requests (one page at a time)"
            )


WARM_UPS = 6  # requests per page before measuring: each gunicorn worker has served it


def warm_up(base: str, pages: dict[str, list[str]], names: list[str] | None) -> None:
    """Ask the pages to measure (``names``; None: all) a few times first, so that no measured
    page pays a worker's first request (imports, templates, the hyphenation dictionary) or a
    cold cache: a deployed server is warm, and otherwise the first page measured would be
    slower than the rest. Not the captain's pages: their link signs the captain in anew, which
    would end the session the signed-in page is measured with."""
    for name, (path, session) in pages.items():
        if name.startswith("captain") or (names and name not in names):
            continue
        request = urllib.request.Request(base + path)
        if session:
            request.add_header("Cookie", f"sessionid={session}")
        for _ in range(WARM_UPS):
            with contextlib.suppress(OSError):
                urllib.request.urlopen(request, timeout=30).close()


def production_environment(database_url: str | None, scratch: Path) -> dict[str, str]:
    environment = {
        key: value for key, value in os.environ.items() if key not in ("REDIS_URL", "DEBUG")
    }
    environment.update(
        DJANGO_SETTINGS_MODULE="karlchen.settings",
        DATABASE_URL=database_url or f"sqlite:///{scratch / 'lighthouse.sqlite3'}",
        DEBUG="false",
        SECRET_KEY=f"karlchen-lighthouse-{secrets.token_hex(16)}",
        ALLOWED_HOSTS="127.0.0.1",
        LOG_LEVEL="ERROR",  # not every 404 of robots.txt
    )
    return environment


def prepare(environment: dict[str, str]) -> dict[str, list[str]]:
    """Migrate, build the demo, collect the static files; the pages' paths, each with the
    session id to send along (the organiser's, the captain's) or none."""
    manage = [PYTHON, "manage.py"]
    quiet = {"env": environment, "cwd": ROOT, "check": True}
    started = time.perf_counter()
    subprocess.run([*manage, "migrate", "--noinput", "-v0"], **quiet)
    password = secrets.token_urlsafe(12)
    subprocess.run(
        [*manage, "demo", "--reset", f"--password={password}"], stdout=subprocess.DEVNULL, **quiet
    )
    subprocess.run([*manage, "collectstatic", "--noinput", "-v0"], **quiet)
    found = subprocess.run(
        [*manage, "shell", "-c", PAGES_SCRIPT], capture_output=True, text=True, **quiet
    )
    pages = json.loads(found.stdout.strip().splitlines()[-1])
    print(f"Demo tournament ready in {time.perf_counter() - started:.0f} s")
    return pages


class gunicorn:
    """gunicorn with the production settings on a free loopback port; its base URL."""

    def __init__(self, environment: dict[str, str]):
        self.environment = environment

    def __enter__(self) -> str:
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
        command = [
            str(Path(PYTHON).with_name("gunicorn")),
            "karlchen.wsgi:application",
            f"--bind=127.0.0.1:{port}",
            "--workers=2",
            "--log-level=warning",
        ]
        self.server = subprocess.Popen(command, env=self.environment, cwd=ROOT)
        base = f"http://127.0.0.1:{port}"
        for _ in range(200):
            if self.server.poll() is not None:
                raise SystemExit(f"gunicorn exited with {self.server.returncode}")
            try:
                urllib.request.urlopen(base + "/", timeout=2).close()
                return base
            except OSError:
                time.sleep(0.1)
        raise SystemExit("gunicorn did not start")

    def __exit__(self, *exc) -> None:
        self.server.terminate()
        self.server.wait(timeout=30)


@contextlib.contextmanager
def behind_proxy(base: str, proxy: bool):
    """``base``, or the shipped nginx config proxying to it (both pools to the one gunicorn)."""
    if not proxy:
        yield base
        return
    from deploy.proxy import running

    upstream = base.removeprefix("http://")
    with running(upstream, upstream) as nginx:
        yield f"http://127.0.0.1:{nginx.port}"


def version(lighthouse: Path) -> str:
    return subprocess.run(
        [str(lighthouse), "--version"], capture_output=True, text=True, check=True
    ).stdout.strip()


def lighthouse_run(lighthouse: Path, url: str, headers: dict, scratch: Path) -> dict:
    output = scratch / "report.json"
    command = [
        str(lighthouse),
        url,
        "--output=json",
        f"--output-path={output}",
        "--quiet",
        f"--only-categories={','.join(CATEGORIES)}",
        f"--chrome-flags={CHROME_FLAGS}",
    ]
    if headers:
        command.append(f"--extra-headers={json.dumps(headers)}")
    for attempt in range(3):  # on a busy machine a trace now and then misses its start
        if attempt:
            print(f"  (Lighthouse failed on {url}; again)")
        output.unlink(missing_ok=True)
        subprocess.run(command, env={**os.environ, "CHROME_PATH": CHROMIUM})
        report = json.loads(output.read_text()) if output.exists() else {}
        if report and not report.get("runtimeError"):
            return report
    raise SystemExit(f"Lighthouse failed on {url}: {report.get('runtimeError')}")


def print_page(name: str, path: str, reports: list[dict]) -> None:
    final = reports[0].get("finalDisplayedUrl", "")
    scores = {
        category: statistics.median(
            round(100 * (report["categories"][category]["score"] or 0)) for report in reports
        )
        for category in CATEGORIES
    }
    transferred = statistics.median(
        report["audits"]["total-byte-weight"]["numericValue"] for report in reports
    )
    print(f"\n{name}: {path}" + (f" -> {final.split('/', 3)[-1]}" if path not in final else ""))
    print(
        "  performance {performance:g}, accessibility {accessibility:g}, "
        "best practices {best-practices:g}, SEO {seo:g}".format(**scores)
        + f"; {transferred / 1024:.0f} KiB transferred"
    )
    failing = Counter()
    for report in reports:
        for audit_id in failing_audits(report):
            failing[audit_id] += 1
    if failing:
        listed = ", ".join(
            f"{audit_id} ({count}/{len(reports)})" for audit_id, count in sorted(failing.items())
        )
        print(f"  failing audits: {listed}")
    else:
        print("  failing audits: none")


def failing_audits(report: dict) -> list[str]:
    """The audits of the measured categories scoring below 0.9 (not the metrics: they make
    the performance score)."""
    found = []
    for category in CATEGORIES:
        for reference in report["categories"][category]["auditRefs"]:
            audit = report["audits"][reference["id"]]
            if reference.get("group") == "metrics":
                continue
            if audit.get("score") is not None and audit["score"] < FAILING:
                found.append(f"{category}:{audit['id']}")
    return found


if __name__ == "__main__":
    main()
