"""Known people as a name is typed: the players a user may see (``people.access``) whose name
each typed word begins, or whose member number the typed text is, best first
(``people.engine.search`` says how names compare and rank). The desk's player fields and the
API's ``?search=`` ask here.

The database finds the candidates with the engine's normal form written in SQL (the same
tables, in the same order), so no row the engine would refuse is read and none it would take is
missed; the engine ranks them. PostgreSQL has the two functions that form needs
(``translate``, ``regexp_replace``); SQLite, the embedded database, gets them on each connection
(``register_on_sqlite``).
"""

from __future__ import annotations

import re
from collections import defaultdict
from typing import Any

from django.db.models import CharField, F, Func, Q, QuerySet, Value
from django.db.models.functions import Lower, Replace

from people.access import manageable_players
from people.engine.search import (
    ACCENTS,
    SEPARATOR_SQL,
    SPELLINGS,
    Candidate,
    best,
    shared_names,
    words,
)
from people.models import Membership, Player

SEARCH_LIMIT = 10  # a list to choose from, not a registry to browse
MAX_TYPED = 120  # as long as a name may be: longer finds nobody


def search_players(user: Any, typed: str, *, limit: int = SEARCH_LIMIT) -> list[Player]:
    """The known people ``user`` may see that match ``typed``, best first, at most ``limit``;
    the erased never."""
    return find_people(manageable_players(user), typed, limit=limit)


def find_people(
    players: QuerySet[Player], typed: str, *, limit: int = SEARCH_LIMIT
) -> list[Player]:
    """The people among ``players`` that match ``typed``, best first, at most ``limit``."""
    typed = typed.strip()
    if not typed or len(typed) > MAX_TYPED or limit < 1:
        return []
    found = (
        players.filter(erased_at__isnull=True)
        .alias(search_key=normal_form_sql("name"))
        .filter(_typed_filter(typed))
    )
    rows = list(found.values_list("pk", "name", "member_number").distinct())
    numbers: dict[int, list[str]] = defaultdict(list)
    for player_id, number in Membership.objects.filter(player__in=found.values("pk")).values_list(
        "player_id", "member_number"
    ):
        numbers[player_id].append(number)
    candidates = [
        Candidate(pk, name, tuple(([own] if own else []) + numbers[pk])) for pk, name, own in rows
    ]
    chosen = [candidate.id for candidate in best(typed, candidates, limit)]
    by_id = (
        Player.objects.select_related("club")
        .prefetch_related("memberships__association")
        .in_bulk(chosen)
    )
    return [by_id[pk] for pk in chosen]


def namesakes(players: list[Player]) -> set[int]:
    """The ids of those among ``players`` whose name another of them shares: a list shows
    their year of birth (and club and number) to tell them apart."""
    shared = shared_names([player.name for player in players])
    return {player.pk for player in players if _normal(player.name) in shared}


def _normal(name: str) -> str:
    return " ".join(words(name))


def _typed_filter(typed: str) -> Q:
    """Each typed word begins a word of the name (``search_key``: its normal form), or the text
    is a member number."""
    numbered = Q(member_number__iexact=typed) | Q(
        pk__in=Membership.objects.filter(member_number__iexact=typed).values("player_id")
    )
    parts = words(typed)
    if not parts:
        return numbered
    named = Q()
    for part in parts:  # letters and digits only: nothing LIKE would read as a pattern
        named &= Q(search_key__startswith=part) | Q(search_key__contains=" " + part)
    return numbered | named


def normal_form_sql(field: str) -> Func:
    """``people.engine.search.normal_form`` of a column, in SQL (without trimming the ends:
    a space there changes no match)."""
    source = "".join(ACCENTS)
    target = "".join(ACCENTS.values())
    text: Func = Func(
        F(field), Value(source), Value(target), function="translate", output_field=CharField()
    )
    text = Replace(Lower(text), Value("ß"), Value("ss"))
    text = Func(
        text,
        Value(SEPARATOR_SQL),
        Value(" "),
        Value("g"),
        function="regexp_replace",
        output_field=CharField(),
    )
    for written, plain in SPELLINGS[1:]:
        text = Replace(text, Value(written), Value(plain))
    return text


def _translate(text: str | None, source: str, target: str) -> str | None:
    """PostgreSQL's ``translate``: each character of ``source`` becomes the one at its place in
    ``target`` (dropped where ``target`` is shorter)."""
    if text is None:
        return None
    table = {ord(char): (target[i] if i < len(target) else None) for i, char in enumerate(source)}
    return text.translate(table)


def _regexp_replace(text: str | None, pattern: str, replacement: str, flags: str) -> str | None:
    """PostgreSQL's ``regexp_replace`` for the patterns used here: every match with ``g``."""
    if text is None:
        return None
    return re.sub(pattern, replacement, text, count=0 if "g" in flags else 1)


def register_on_sqlite(sender: Any, connection: Any, **kwargs: Any) -> None:
    if connection.vendor == "sqlite":
        raw = connection.connection
        raw.create_function("translate", 3, _translate, deterministic=True)
        raw.create_function("regexp_replace", 4, _regexp_replace, deterministic=True)
