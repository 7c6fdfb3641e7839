# ruff: noqa: E402 - Django is set up before the models are imported
"""Benchmark: the registry's likely duplicates (``GET /api/v1/players/duplicates/``) for a
registry of 50 000 players with German names as they are spread, uncached and cached.

The registry: surnames and first names drawn by their shares in Germany (the most frequent
ones by their rounded shares per ten thousand, Müller 95, Schmidt 70, …, Thomas 120, Michael
110, … among the players, who are mostly over forty; the rest from a long tail of
surnames and first names of their own), 40 % with a year of birth, 30 % with a member number,
and 2 % entered a second time as a second typist enters them (umlauts spelt out, the list
order "Müller, Hans", an initial, one letter off, the same or a near birth year). It measures
  (a) the engine alone (``people.engine.duplicates.candidates``) over the whole registry;
  (b) the API's answer uncached (the registry changed before each request), as a superuser
      who manages every player: reading the players, the engine and the answer;
  (c) the API's answer cached (nothing changed): what every request after the first costs;
  (d) the same three for "a few thousand players sharing a few names": 3 000 players of three
      names (the registry that once took 10.5 s a request);
each the median of ``--runs`` runs (all runs printed), next to its target (cached ≤ 200 ms,
uncached ≤ 2 s), with the median CPU time this process spent (the request's Python work,
not the database's): on a machine whose cores other work shares, the wall-clock figures grow
with that work, the CPU figures much less. And how many of the planted second entries the
bounded search finds (of those an unbounded comparison of each block's pairs would find).
Asserts nothing.

    DATABASE_URL=postgres://… REDIS_URL=redis://… .venv/bin/python bench/duplicates.py \\
        [--players 50000] [--runs 5] [--seed 1]
"""

import argparse
import os
import random
import statistics
import sys
import time
import uuid
import warnings
from collections.abc import Callable, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "karlchen.settings")
warnings.filterwarnings("ignore", "No directory at", UserWarning)  # whitenoise: no collectstatic
# Keys of its own in a shared Redis, so that nothing of a real registry's cache is touched.
os.environ.setdefault("CACHE_KEY_PREFIX", f"karlchen-bench-{uuid.uuid4().hex[:8]}")

import django

django.setup()

from django.contrib.auth import get_user_model
from django.db import connection
from django.test import Client

from bench import tools
from bench.throwaway import on_throwaway_database
from karlchen.changes import registry_changed
from people.engine.duplicates import Person, candidates, normal_name
from people.models import Player

TARGET_CACHED_MS, TARGET_UNCACHED_MS = 200, 2000

# Shares per ten thousand people (rounded; the players' generation for the first names).
SURNAMES = {
    "Müller": 95,
    "Schmidt": 70,
    "Schneider": 35,
    "Fischer": 32,
    "Weber": 30,
    "Meyer": 26,
    "Wagner": 25,
    "Becker": 23,
    "Schulz": 23,
    "Hoffmann": 22,
    "Schäfer": 19,
    "Koch": 17,
    "Bauer": 17,
    "Richter": 16,
    "Klein": 16,
    "Wolf": 15,
    "Schröder": 14,
    "Neumann": 14,
    "Schwarz": 14,
    "Zimmermann": 13,
    "Braun": 13,
    "Krüger": 13,
    "Hofmann": 13,
    "Hartmann": 12,
    "Lange": 12,
    "Schmitt": 12,
    "Werner": 12,
    "Schmitz": 12,
    "Krause": 12,
    "Meier": 11,
    "Lehmann": 11,
    "Schmid": 11,
    "Schulze": 10,
    "Maier": 10,
    "Köhler": 10,
    "Herrmann": 10,
    "König": 9,
    "Walter": 9,
    "Mayer": 9,
    "Huber": 9,
    "Kaiser": 9,
    "Fuchs": 9,
    "Peters": 8,
    "Lang": 8,
    "Scholz": 8,
    "Möller": 8,
    "Weiß": 8,
    "Jung": 8,
    "Hahn": 8,
    "Schubert": 8,
}
FIRST_NAMES = {
    "Thomas": 120,
    "Michael": 110,
    "Andreas": 100,
    "Peter": 90,
    "Wolfgang": 80,
    "Klaus": 80,
    "Jürgen": 75,
    "Stefan": 70,
    "Frank": 65,
    "Uwe": 60,
    "Bernd": 55,
    "Dieter": 55,
    "Christian": 50,
    "Günter": 45,
    "Manfred": 45,
    "Werner": 45,
    "Martin": 45,
    "Horst": 40,
    "Ursula": 60,
    "Sabine": 55,
    "Monika": 55,
    "Petra": 50,
    "Renate": 45,
    "Karin": 45,
    "Claudia": 40,
    "Andrea": 40,
    "Helga": 40,
    "Gabriele": 40,
    "Brigitte": 35,
    "Birgit": 35,
}
SYLLABLES = [
    "al",
    "ber",
    "bo",
    "brand",
    "busch",
    "dahl",
    "dorf",
    "ecker",
    "eich",
    "feld",
    "fink",
    "gart",
    "graf",
    "grund",
    "hage",
    "hain",
    "hau",
    "heim",
    "holz",
    "horn",
    "kamp",
    "kess",
    "kirch",
    "knapp",
    "kolb",
    "kamm",
    "lau",
    "linde",
    "loh",
    "mark",
    "mei",
    "moor",
    "noll",
    "ohl",
    "pohl",
    "rath",
    "reich",
    "ried",
    "rode",
    "roth",
    "sand",
    "schat",
    "seif",
    "stein",
    "stock",
    "tal",
    "thal",
    "vogt",
    "wald",
    "wall",
    "wend",
    "wies",
    "win",
]
ENDINGS = ["", "", "", "er", "mann", "s", "ing", "ert", "ke", "el"]


def tail_names(rng: random.Random, count: int, capitalised: bool = True) -> list[str]:
    names = set()
    while len(names) < count:
        name = rng.choice(SYLLABLES) + rng.choice(SYLLABLES) + rng.choice(ENDINGS)
        names.add(name.capitalize() if capitalised else name)
    return sorted(names)


def drawer(rng: random.Random, shares: dict[str, int], tail: list[str]) -> Callable[[], str]:
    """A name drawn by its share; the rest of the ten thousand from the tail, Zipf-like
    (share ∝ 1 / (rank + offset)), its first name as frequent as the rarest listed one."""
    names = [*shares, *tail]
    rest = 10_000 - sum(shares.values())
    least = min(shares.values())
    low, high = 1.0, 1e7  # the offset whose tail, starting at ``least``, sums to ``rest``
    for _ in range(100):
        offset = (low + high) / 2
        total = sum(least * offset / (rank + offset) for rank in range(len(tail)))
        low, high = (offset, high) if total < rest else (low, offset)
    zipf = [1 / (rank + offset) for rank in range(len(tail))]
    weights = [*shares.values(), *(rest * w / sum(zipf) for w in zipf)]
    cumulative = list(_accumulate(weights))
    return lambda: rng.choices(names, cum_weights=cumulative)[0]


def _accumulate(values: Sequence[float]):
    total = 0.0
    for value in values:
        total += value
        yield total


def retyped(rng: random.Random, person: Person, new_id: int) -> Person:
    """The same person as a second typist enters them."""
    first, last = person.name.split(" ", 1)
    kind = rng.choice(["umlaut", "order", "initial", "letter", "same"])
    if kind == "umlaut":
        name = f"{first} {last}".replace("ü", "ue").replace("ö", "oe").replace("ä", "ae")
        name = name.replace("ß", "ss").upper() if name == person.name else name
    elif kind == "order":
        name = f"{last}, {first}"
    elif kind == "initial":
        name = f"{first[0]}. {last}"
    elif kind == "letter":
        position = rng.randrange(1, len(last))
        name = f"{first} {last[:position]}{rng.choice('aeiouy')}{last[position + 1 :]}"
    else:
        name = person.name
    year = person.birth_year
    if year is not None and rng.random() < 0.2:
        year += rng.choice((-1, 1))
    return Person(new_id, name, year, None)


def registry(count: int, rng: random.Random) -> tuple[list[Person], set[tuple[int, int]]]:
    """``count`` players (2 % of them second entries) and the planted pairs."""
    surname = drawer(rng, SURNAMES, tail_names(rng, 12_000))
    first_name = drawer(rng, FIRST_NAMES, tail_names(rng, 400))
    originals = count - count // 50
    people = []
    for number in range(1, originals + 1):
        year = rng.randint(1938, 2008) if rng.random() < 0.4 else None
        member = f"{100_000 + number}" if rng.random() < 0.3 else None
        people.append(Person(number, f"{first_name()} {surname()}", year, member))
    planted = set()
    for new_id in range(originals + 1, count + 1):
        original = rng.choice(people[:originals])
        people.append(retyped(rng, original, new_id))
        planted.add((original.id, new_id))
    return people, planted


def few_names(count: int, rng: random.Random) -> tuple[list[Person], set[tuple[int, int]]]:
    """``count`` players sharing three names, years of birth as above, and 1 % retyped."""
    names = ["Thomas Müller", "Michael Schmidt", "Peter Meyer"]
    people = [
        Person(n, rng.choice(names), rng.randint(1938, 2008) if rng.random() < 0.4 else None)
        for n in range(1, count + 1)
    ]
    planted = set()
    for new_id in range(count + 1, count + count // 100 + 1):
        original = rng.choice(people[:count])
        people.append(retyped(rng, original, new_id))
        planted.add((original.id, new_id))
    return people, planted


class Seconds(list[float]):
    """Wall-clock seconds of each run, with the CPU seconds this process spent in each."""

    cpu: list[float]


def timed(action: Callable[[], object], runs: int, before: Callable[[], object] = lambda: None):
    seconds = Seconds()
    seconds.cpu = []
    result = None
    for _ in range(runs):
        before()
        start, start_cpu = time.perf_counter(), time.process_time()
        result = action()
        seconds.append(time.perf_counter() - start)
        seconds.cpu.append(time.process_time() - start_cpu)
    return result, seconds


def figures(seconds: Seconds) -> str:
    runs = ", ".join(f"{s * 1000:.0f}" for s in seconds)
    cpu = statistics.median(seconds.cpu) * 1000
    return (
        f"median {statistics.median(seconds) * 1000:.0f} ms (runs: {runs}; CPU median {cpu:.0f} ms)"
    )


def verdict(seconds: Sequence[float], target_ms: float) -> str:
    median = statistics.median(seconds) * 1000
    return f"target ≤ {target_ms} ms: {'met' if median <= target_ms else 'MISSED'}"


def found_planted(people, planted) -> str:
    found = {(c.first, c.second) for c in candidates(people)}
    reachable = {
        pair
        for pair in planted
        if _reachable(people[pair[0] - 1], next(p for p in people if p.id == pair[1]))
    }
    hit = len(reachable & found)
    return (
        f"{hit} of the {len(reachable)} planted second entries an all-with-all comparison of "
        f"the blocks finds ({len(planted)} planted)"
    )


def _reachable(one: Person, other: Person) -> bool:
    from people.engine.duplicates import DEFAULT_THRESHOLD, blocks, score

    return bool(blocks(one) & blocks(other)) and score(one, other)[0] >= DEFAULT_THRESHOLD


def store(people: Sequence[Person]) -> None:
    """The registry replaced by ``people`` (emptied at once: no signal per player)."""
    with connection.cursor() as cursor:
        cursor.execute(f"TRUNCATE {Player._meta.db_table} CASCADE")
    Player.objects.bulk_create(
        [
            Player(id=p.id, name=p.name, birth_year=p.birth_year, member_number=p.member_number)
            for p in people
        ],
        batch_size=5_000,
    )


def measure(title: str, people: list[Person], planted, runs: int, client: Client) -> None:
    print(f"\n{title}: {len(people)} players")
    _found, engine = timed(lambda: candidates(people), runs)
    print(f"  (a) engine:            {figures(engine)}")
    store(people)
    url = "/api/v1/players/duplicates/"

    def get() -> int:
        answer = client.get(url)
        assert answer.status_code == 200, answer.status_code
        return len(answer.json())

    _pairs, uncached = timed(get, runs, before=registry_changed)
    print(f"  (b) API, uncached:     {figures(uncached)}; {verdict(uncached, TARGET_UNCACHED_MS)}")
    get()
    pairs, cached = timed(get, runs)
    print(f"  (c) API, cached:       {figures(cached)}; {verdict(cached, TARGET_CACHED_MS)}")
    print(f"  the answer lists {pairs} pairs; {found_planted(people, planted)}")
    names = {normal_name(p.name) for p in people}
    print(f"  {len(names)} different names")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=50_000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    on_throwaway_database(run, args)


def run(args) -> None:
    print(tools.machine())
    user = get_user_model().objects.create_superuser("bench-root")
    client = Client()
    client.force_login(user)
    rng = random.Random(args.seed)
    people, planted = registry(args.players, rng)
    measure("German names as they are spread", people, planted, args.runs, client)
    people, planted = few_names(3_000, rng)
    measure("A few thousand players sharing a few names", people, planted, args.runs, client)
    print(
        "\ncan show: one organiser's request for the duplicates, cached and not, through Django's "
        "test client, and how many planted second entries the bounded search finds. Cannot show: "
        "many organisers at once, gunicorn and HTTP in front, or a real registry's spellings "
        "(these are drawn from name frequencies and typing slips)"
    )


if __name__ == "__main__":
    main()
