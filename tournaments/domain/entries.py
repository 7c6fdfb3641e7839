"""A tournament's entries: enter players (one by one or by CSV), check in, withdraw, hide."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext as _

from clubs.domain.names import affiliation
from karlchen.actors import Actor
from karlchen.changes import tournament_changed
from karlchen.log import log
from karlchen.plaintext import has_control_characters
from karlchen.refusals import Problem, Refused, refused
from people.domain.players import TEXT_LIMITS
from people.models import Player
from tournaments import ports
from tournaments.domain.frozen import check_not_final
from tournaments.log import TournamentCode
from tournaments.models import Entry, Tournament

CSV_COLUMNS = ("name", "club", "member_number", "start_number")
MAX_START_NUMBER = 99_999
MAX_ROWS = 2_000  # players in one file
# A line of a list holds four short texts: a longer one is no list (and a CSV field over the
# csv module's limit of 128 KiB would otherwise fail the reader, not the file).
MAX_LINE_CHARS = 1_000


def add_entry(
    tournament: Tournament,
    *,
    by: Actor,
    name: str = "",
    club: str = "",
    member_number: str | None = None,
    start_number: int | None = None,
    player: Player | None = None,
) -> Entry:
    """Enter a player with the next free start number (or ``start_number``): ``player``, a
    person already known (the desk's pick; then the texts are not read), else the person of
    the member number, else a new one."""
    if player is not None:
        name, club, member_number = player.name, "", None
    texts = {"name": name, "club": club, "member_number": member_number or ""}
    problems = _entry_problems(tournament, texts=texts, start_number=start_number, field="")
    if problems:
        raise Refused(problems)
    with transaction.atomic():
        check_not_final(tournament.pk)
        entry = _enter(tournament, name, club, member_number, start_number, player)
        log(
            tournament,
            by,
            TournamentCode.ENTRY_ADDED,
            name=entry.player.name,
            start_number=entry.start_number,
        )
    return entry


def enter_players(tournament: Tournament, players: Iterable[Player], *, by: Actor) -> list[Entry]:
    """Enter known players (a season's regulars) with the next free start numbers; those
    already entered are left as they are."""
    with transaction.atomic():
        check_not_final(tournament.pk)
        entered = set(tournament.entries.values_list("player_id", flat=True))
        entries = []
        for player in players:
            if player.pk in entered:
                continue
            number = _next_start_number(tournament)
            entries.append(
                Entry.objects.create(tournament=tournament, player=player, start_number=number)
            )
            log(tournament, by, TournamentCode.ENTRY_ADDED, name=player.name, start_number=number)
        tournament_changed(tournament.pk)
    return entries


def _enter(
    tournament: Tournament,
    name: str,
    club: str,
    member_number: str | None,
    start_number: int | None,
    player: Player | None = None,
) -> Entry:
    if player is None:
        player = _player(name=name.strip(), club=club.strip(), member_number=member_number or None)
    else:  # a person known: still there, and not erased while being picked (the row locked)
        known = Player.objects.select_for_update().filter(pk=player.pk, erased_at__isnull=True)
        player = known.first()
        if player is None:
            raise refused("person_unknown", "player")
    if Entry.objects.filter(tournament=tournament, player=player).exists():
        raise refused("already_entered", "name", name=player.name)
    number = start_number or _next_start_number(tournament)
    return Entry.objects.create(tournament=tournament, player=player, start_number=number)


def import_entries_csv(
    tournament: Tournament, text: str, *, by: Actor, source: str = "API"
) -> list[Entry]:
    """Enter every row of a CSV (columns: name, club, member_number, start_number), all or none.

    Refuses the whole file with every problem, each naming its line (``csv.<line>.<column>``);
    a text that is no CSV list at all is refused at ``csv``.
    """
    text = text.lstrip("\ufeff")
    check_line_lengths(text, "csv")
    try:
        rows = list(csv.DictReader(io.StringIO(text)))
    except csv.Error as error:
        raise refused("entry_file_unreadable", "csv") from error
    if len(rows) > MAX_ROWS:
        raise refused("entry_file_too_long", "csv", max=MAX_ROWS)
    problems = csv_problems(tournament, rows)
    if problems:
        raise Refused(problems)
    return enter_rows(tournament, rows, by=by, source=source)


def enter_rows(
    tournament: Tournament, rows: Iterable[Mapping[str, str]], *, by: Actor, source: str
) -> list[Entry]:
    """Enter rows already checked (``csv_problems``), in one transaction; ``source`` names the
    file in the log."""
    with transaction.atomic():
        check_not_final(tournament.pk)
        entries = [
            _enter(
                tournament,
                row["name"],
                row.get("club") or "",
                (row.get("member_number") or "").strip() or None,
                int(row["start_number"]) if row.get("start_number") else None,
            )
            for row in rows
        ]
        log(tournament, by, TournamentCode.ENTRIES_IMPORTED, count=len(entries), file=source)
    return entries


def set_checked_in(entry: Entry, checked_in: bool = True, *, by: Actor) -> Entry:
    with transaction.atomic():
        entry.checked_in = checked_in
        entry.save(update_fields=["checked_in"])
        _log_flag(
            entry, by, TournamentCode.CHECKED_IN if checked_in else TournamentCode.CHECKED_OUT
        )
    return entry


def check_everyone_in(tournament: Tournament, *, by: Actor) -> int:
    """The door is closed: everyone entered and not withdrawn is here. Returns how many."""
    with transaction.atomic():
        waiting = tournament.entries.filter(withdrawn=False, checked_in=False)
        count = waiting.update(checked_in=True)
        log(
            tournament,
            by,
            TournamentCode.CHECKED_IN,
            name=_("%(count)s players") % {"count": count},
        )
    return count


def withdraw(entry: Entry, withdrawn: bool = True, *, by: Actor) -> Entry:
    """Withdraw a player from the series still to come; points already played stay counted."""
    with transaction.atomic():
        check_not_final(entry.tournament_id)
        entry.withdrawn = withdrawn
        entry.save(update_fields=["withdrawn"])
        _log_flag(entry, by, TournamentCode.WITHDRAWN if withdrawn else TournamentCode.REINSTATED)
        tournament_changed(entry.tournament_id)  # the ranking shows who withdrew
    return entry


def withdraw_entry(entry: Entry, withdrawn: bool = True, *, by: Actor) -> Entry:
    """Withdraw a player at the desk or through the API (or take it back): the place it frees
    under an open tournament's cap is filled from the waiting list in the same transaction
    (``ports.PLACES_FREED``). The tournament's row is locked first, as every change of the
    places does (``signups.domain.places.locked``)."""
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=entry.tournament_id)
        withdraw(entry, withdrawn, by=by)
        if withdrawn:
            ports.PLACES_FREED.get()(tournament, by)
    return entry


def hide_publicly(entry: Entry, hidden: bool = True, *, by: Actor) -> Entry:
    """List a player as "hidden" to spectators (they asked not to be listed), or list them again."""
    with transaction.atomic():
        entry.hidden = hidden
        entry.save(update_fields=["hidden"])
        _log_flag(entry, by, TournamentCode.HIDDEN if hidden else TournamentCode.SHOWN)
        tournament_changed(entry.tournament_id)
    return entry


FLAG_OPERATIONS = {
    "checked_in": set_checked_in,
    "withdrawn": withdraw_entry,
    "hidden": hide_publicly,
}


def set_entry_flags(entry: Entry, *, by: Actor, **flags: bool) -> Entry:
    """Check in, withdraw or hide (or take it back) in one go: ``checked_in``, ``withdrawn``,
    ``hidden``; only what differs from the entry's state is changed and logged."""
    with transaction.atomic():
        for flag, value in flags.items():
            if getattr(entry, flag) != value:
                FLAG_OPERATIONS[flag](entry, value, by=by)
    return entry


def _log_flag(entry: Entry, by: Actor, action: TournamentCode) -> None:
    details = {"name": entry.player.name, "start_number": entry.start_number}
    log(entry.tournament, by, action, **details)


def _player(*, name: str, club: str, member_number: str | None) -> Player:
    """The player of a member number (as known), or a new player with the club as typed
    (linked to the club of that name where one is set up; never a new club)."""
    if member_number:
        player, _ = Player.objects.get_or_create(
            member_number=member_number, defaults={"name": name, **affiliation(club)}
        )
        return player
    return Player.objects.create(name=name, **affiliation(club))


def _next_start_number(tournament: Tournament) -> int:
    highest = tournament.entries.aggregate(highest=Max("start_number"))["highest"]
    return (highest or 0) + 1


def check_line_lengths(text: str, field: str) -> None:
    """Refuse (at ``field``) a text with a line longer than any list of players has."""
    for line, content in enumerate(text.splitlines(), start=1):
        if len(content) > MAX_LINE_CHARS:
            raise refused("entry_file_line_too_long", field, line=line, max=MAX_LINE_CHARS)


def is_plain_number(text: str) -> bool:
    """Digits 0-9 only, at most nine (``int`` would take "１２" and "1_000", and ``str.isdigit``
    takes "²", which ``int`` refuses): a start number, or a number posted in a form."""
    return text.isascii() and text.isdigit() and len(text) <= 9  # and int() reads it at once


def _entry_problems(
    tournament: Tournament, *, texts: dict[str, str], start_number: int | None, field: str
) -> list[Problem]:
    prefix = f"{field}." if field else ""
    problems = []
    if not texts["name"].strip():
        problems.append(Problem("name_required", f"{prefix}name", {}))
    for key, limit in TEXT_LIMITS.items():
        text = texts.get(key) or ""
        if len(text) > limit:
            problems.append(Problem("text_too_long", f"{prefix}{key}", {"max": limit}))
        elif has_control_characters(text):
            problems.append(Problem("text_control_characters", f"{prefix}{key}", {}))
    if start_number is not None:
        if not 1 <= start_number <= MAX_START_NUMBER:
            problems.append(Problem("start_number_invalid", f"{prefix}start_number", {}))
        elif tournament.entries.filter(start_number=start_number).exists():
            problems.append(
                Problem("start_number_taken", f"{prefix}start_number", {"number": start_number})
            )
    return problems


def csv_problems(tournament: Tournament, rows: Sequence[Mapping[Any, Any]]) -> list[Problem]:
    """Every problem of entering ``rows`` (a file's lines from 2 on): ``csv.<line>.<column>``."""
    problems, numbers = [], set()
    for line, row in enumerate(rows, start=2):  # line 1 is the header
        field = f"csv.{line}"
        unknown = set(row) - set(CSV_COLUMNS) - {None}
        if unknown or None in row:
            problems.append(Problem("csv_columns", field, {"columns": ", ".join(CSV_COLUMNS)}))
            continue
        number = (row.get("start_number") or "").strip()
        if number and not (is_plain_number(number) and int(number) <= MAX_START_NUMBER):
            problems.append(Problem("start_number_invalid", f"{field}.start_number", {}))
            number = ""
        start_number = int(number) if number else None
        if start_number in numbers:
            problems.append(
                Problem("start_number_taken", f"{field}.start_number", {"number": start_number})
            )
        if start_number:
            numbers.add(start_number)
        texts = {key: (row.get(key) or "").strip() for key in TEXT_LIMITS}
        problems += _entry_problems(tournament, texts=texts, start_number=start_number, field=field)
    if not rows:
        problems.append(Problem("csv_empty", "csv", {}))
    return problems
