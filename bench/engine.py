"""Benchmark: deals scored per second by the pure engines and by POST /api/v1/score-preview/.

Runs on one core (the process is pinned to the first CPU it may use), prints the median of
several rounds of a fixed, seeded mix of accepted Doppelkopf and Schafkopf deals.
Targets: engine ≥ 50 000 deals/s, endpoint ≥ 1 000 deals/s.

    .venv/bin/python bench/engine.py [--rounds 7] [--deals 2000]
"""

import argparse
import json
import os
import random
import statistics
import sys
import time
from dataclasses import asdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "karlchen.settings")
os.environ.setdefault("SCORE_PREVIEW_RATE", "100000000/minute")  # measure, don't throttle

from bench import tools
from karlchen.refusals import Refused
from rules import parse_rules, score_deal
from rules.doppelkopf import Announcements, DoppelkopfDeal, Extra
from rules.schafkopf import SchafkopfDeal

DK_RULES = parse_rules("doppelkopf", {})
SK_RULES = parse_rules("schafkopf", {})


def random_doppelkopf(rng: random.Random) -> DoppelkopfDeal:
    contract = rng.choice(["normal"] * 8 + ["wedding", "solo", "silent_wedding"])
    re = tuple(rng.sample([1, 2, 3, 4], 1 if contract in ("solo", "silent_wedding") else 2))
    normal = len(re) == 2
    extras = [
        Extra(rng.choice(["fox", "doppelkopf", "karlchen"]), rng.choice(["re", "kontra"]))
        for _ in range(rng.randint(0, 3) if normal else 0)
    ]
    return DoppelkopfDeal(
        contract=contract,
        solo=rng.choice(["diamonds", "queens", "jacks", "fleischlos"])
        if contract == "solo"
        else None,
        re=re,
        re_points=rng.randint(40, 200),
        announcements=Announcements(
            re=rng.choice([None, None, "re", "no90"]), kontra=rng.choice([None, None, "kontra"])
        ),
        extras=tuple(extras),
    )


def random_schafkopf(rng: random.Random) -> SchafkopfDeal:
    contract = rng.choice(["rufer"] * 6 + ["wenz", "solo"])
    declarer, partner = rng.sample([1, 2, 3, 4], 2)
    return SchafkopfDeal(
        contract=contract,
        declarer=declarer,
        partner=partner if contract == "rufer" else None,
        suit={"rufer": "acorns", "solo": "hearts"}.get(contract),
        declarer_points=rng.randint(20, 110),
        laufende=rng.choice([0, 0, 3, 4]) if contract != "wenz" else rng.choice([0, 2]),
    )


def deal_mix(count: int) -> list[tuple[object, object]]:
    """``count`` accepted deals, 4 of 5 Doppelkopf, the same every run."""
    rng, mix = random.Random(20261202), []
    while len(mix) < count:
        rules, deal = (
            (SK_RULES, random_schafkopf(rng))
            if rng.random() < 0.2
            else (DK_RULES, random_doppelkopf(rng))
        )
        try:
            score_deal(rules, deal)
        except Refused:
            continue
        mix.append((rules, deal))
    return mix


def request_body(rules, deal) -> bytes:
    game = "schafkopf" if rules is SK_RULES else "doppelkopf"
    body = asdict(deal)
    if game == "doppelkopf":
        body["announcements"] = asdict(deal.announcements)
        body["extras"] = [asdict(extra) for extra in deal.extras]
    for key in ("re", "seats"):
        if key in body:
            body[key] = list(body[key])
    return json.dumps({"game": game, "deal": body}).encode()


def rate(run, count: int, rounds: int) -> list[float]:
    rates = []
    for _ in range(rounds):
        start = time.perf_counter()
        run()
        rates.append(count / (time.perf_counter() - start))
    return rates


def bench_engine(mix, rounds: int) -> list[float]:
    def run():
        for rules, deal in mix:
            score_deal(rules, deal)

    return rate(run, len(mix), rounds)


def bench_endpoint(mix, rounds: int) -> list[float]:
    import django

    django.setup()
    from django.test import Client

    client = Client()
    bodies = [request_body(rules, deal) for rules, deal in mix]

    def run():
        for body in bodies:
            response = client.post("/api/v1/score-preview/", body, content_type="application/json")
            if response.status_code != 200:
                raise SystemExit(f"unexpected {response.status_code}: {response.content[:200]}")

    run()  # warm up: URL resolver, translations, throttle cache
    return rate(run, len(bodies), rounds)


def report(name: str, rates: list[float], target: int) -> None:
    median = statistics.median(rates)
    verdict = "meets" if median >= target else "MISSES"
    print(
        f"{name:<9} median {median:>9,.0f} deals/s  (min {min(rates):,.0f}, max {max(rates):,.0f};"
        f" target {target:,}: {verdict})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--deals", type=int, default=2000)
    args = parser.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    mix = deal_mix(args.deals)
    print(tools.machine())
    print(
        f"{len(mix)} deals per round, {args.rounds} rounds, one core,"
        f" Python {sys.version.split()[0]}"
    )
    report("engine", bench_engine(mix, args.rounds), 50_000)
    report("endpoint", bench_endpoint(mix[: args.deals // 4], args.rounds), 1_000)
    print(
        "can show: what scoring a deal costs one core, alone and behind the endpoint (Django's "
        "test client, no database). Cannot show: saving a deal (bench/standings.py), HTTP, or a "
        "core of its own (other work on the machine is in these rates)"
    )


if __name__ == "__main__":
    main()
