"""Categories: each entry's category (women, seniors, youth, guests, or any the organisers
offer in the announcement), and a side ranking per category computed from the standings
(``results.domain.standings``), cached like the standings (``karlchen.changes``).

A category's ranking is the overall ranking's order restricted to the category's players: a
player's place in it is one more than the category's players ranked better overall, so players
sharing a place overall share it in the category too (the tie-breaks decided already). Only
the players the standings rank are in it: one who never sat down is in no category's ranking.

Spectators see what the players' ranking shows them (as ``teams.domain.rankings`` does for the
team rankings): only while the tournament and its standings are public, confirmed deals only
where deals are confirmed, players who asked not to be listed as ``hidden``; while the standings
are frozen, the category rankings as they were at the freeze, kept in the frozen snapshot through
``results.parts`` (part ``categories``). Organisers always read them live.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from karlchen.actors import Actor
from karlchen.changes import Body, cached_body, tournament_changed
from karlchen.log import log
from karlchen.refusals import refused
from results.domain.ranking_cache import public_part
from results.domain.standings import Standing, standings
from results.parts import PartTable, TableCell
from signups.domain.places import announcement_of
from signups.log import SignupCode
from signups.models import EntryCategory, SignUp
from tournaments.models import Entry, Tournament
from tournaments.visibility import confirmed_only, shown_as_hidden

PART = "categories"  # its name in the frozen snapshot and the archive (results.parts)


def offered(tournament: Tournament) -> list[str]:
    """The categories the announcement offers, by name."""
    return sorted(announcement_of(tournament).category_fees)


def set_category(entry: Entry, category: str, *, by: Actor) -> Entry:
    """Put the entry in ``category`` (one the announcement offers; "" for none). The fee it paid
    already stays as paid; the side rankings follow at once."""
    category = category.strip()
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=entry.tournament_id)
        if category and category not in announcement_of(tournament).category_fees:
            raise refused("entry_category_unknown", "category", category=category)
        entry = Entry.objects.select_related("player").get(pk=entry.pk)
        if category:
            EntryCategory.objects.update_or_create(entry=entry, defaults={"category": category})
        else:
            EntryCategory.objects.filter(entry=entry).delete()
        # the sign-up tells what the player asked for; the desk's choice is the one that counts
        SignUp.objects.filter(entry=entry).update(category=category)
        log(tournament, by, SignupCode.CATEGORY_CHANGED, name=entry.player.name, category=category)
        tournament_changed(tournament.pk)
    return entry


def categories_of(tournament: Tournament) -> dict[int, str]:
    """Each entry's category by entry id (entries without one left out)."""
    rows = EntryCategory.objects.filter(entry__tournament=tournament)
    return dict(rows.values_list("entry_id", "category"))


# --- the rankings ----------------------------------------------------------------------------


def category_rankings(tournament: Tournament, *, public: bool = False) -> dict[str, Any]:
    """Every category with its players ranked (offered categories without players too)."""
    rows = standings(tournament, confirmed_only=confirmed_only(tournament, public=public))
    return {"frozen_at": None, "categories": ranked_categories(tournament, rows, public=public)}


def ranked_categories(
    tournament: Tournament, rows: list[Standing], *, public: bool
) -> list[dict[str, Any]]:
    """The category rankings from ``rows`` (the standings, best first)."""
    of = categories_of(tournament)
    names = sorted(set(offered(tournament)) | set(of.values()))
    return [
        {
            "name": name,
            "rows": _ranked([row for row in rows if of.get(row.entry_id) == name], public),
        }
        for name in names
    ]


def _ranked(rows: list[Standing], public: bool) -> list[dict[str, Any]]:
    ranked: list[dict[str, Any]] = []
    place = 0
    for index, row in enumerate(rows):  # best first: a new overall rank, a new place
        if index == 0 or rows[index - 1].rank != row.rank:
            place = index + 1
        hidden = shown_as_hidden(row.hidden, public=public)
        ranked.append(
            {
                "rank": place,
                "overall_rank": row.rank,
                "entry": None if hidden else row.entry_id,
                "start_number": None if hidden else row.start_number,
                "name": None if hidden else row.name,
                "club": None if hidden else row.club,
                "hidden": hidden,
                "total": row.total,
                "withdrawn": row.withdrawn,
            }
        )
    return ranked


def public_category_rankings(tournament_id: int) -> Body | None:
    """What spectators see; None where there is no public tournament of that id. Raises
    ``Closed`` where the standings are hidden, or frozen by a freeze older than this part
    (``results``' ``public_part``)."""
    return public_part(
        tournament_id,
        PART,
        lambda tournament: category_rankings(tournament, public=True),
        _as_frozen,
    )


def organiser_category_rankings(tournament: Tournament) -> Body:
    """The live category rankings with every name, for the tournament's organisers."""
    return cached_body(tournament.pk, "categories:organiser", lambda: category_rankings(tournament))


def category_table(tournament: Tournament) -> PartTable:
    """The category rankings as a sheet of the tournament's spreadsheets (``results.parts``):
    one row per player in a category, with every name (organisers download it)."""
    header: list[TableCell] = [
        _("Category"),
        _("Place"),
        _("Rank"),
        _("Start number"),
        _("Name"),
        _("Club"),
        _("Total"),
        _("Withdrawn"),
    ]
    rows: list[list[TableCell]] = [header]
    for category in category_rankings(tournament)["categories"]:
        for row in category["rows"]:
            rows.append(
                [
                    category["name"],
                    row["rank"],
                    row["overall_rank"],
                    row["start_number"],
                    row["name"],
                    row["club"] or "",
                    row["total"],
                    _("yes") if row["withdrawn"] else "",
                ]
            )
    return PartTable("categories", _("Categories"), rows, {"A": 16, "E": 28, "F": 24})


def _as_frozen(tournament: Tournament, kept: dict[str, Any]) -> dict[str, Any]:
    at = tournament.standings_frozen_at
    return {**kept, "frozen_at": at.isoformat() if at else None}


# --- the share of results' snapshot and archive (results.parts, registered in signups.apps) -


def frozen_category_rankings(tournament: Tournament) -> dict[str, Any] | None:
    """What a freeze keeps: the category rankings as spectators see them now."""
    return category_rankings(tournament, public=True)


def restore_frozen(
    tournament: Tournament, share: Any, entries: Mapping[int, Entry]
) -> dict[str, Any]:
    """The archived frozen share with the imported tournament's entry ids."""
    if not isinstance(share, dict) or not isinstance(share.get("categories"), list):
        raise refused("archive_invalid", "categories", detail="categories")
    categories = []
    for category in share["categories"]:
        rows = []
        for row in category.get("rows", []) if isinstance(category, dict) else []:
            number = row.get("start_number") if isinstance(row, dict) else None
            entry = entries.get(number) if isinstance(number, int) else None
            rows.append({**row, "entry": entry.pk if entry is not None else None})
        categories.append({"name": str(category.get("name", "")), "rows": rows})
    return {"frozen_at": None, "categories": categories}


def export_categories(tournament: Tournament) -> dict[str, Any] | None:
    """The entries' categories by start number; None where no entry has one."""
    rows = EntryCategory.objects.filter(entry__tournament=tournament).values_list(
        "entry__start_number", "category"
    )
    found = {str(number): category for number, category in rows}
    return {"entries": found} if found else None


def restore_categories(
    tournament: Tournament, share: Any, entries: Mapping[int, Entry], by: Actor
) -> None:
    """The archived categories given to the imported tournament's entries (by start number)."""
    found = share.get("entries") if isinstance(share, dict) else None
    if not isinstance(found, dict):
        raise refused("archive_invalid", "entries", detail="entries")
    created = []
    for number, category in found.items():
        entry = entries.get(int(number)) if str(number).isdigit() else None
        if entry is None:
            raise refused("archive_invalid", f"entries.{number}", detail="start number")
        if not isinstance(category, str) or not category.strip() or len(category) > 60:
            raise refused("archive_invalid", f"entries.{number}", detail="category")
        created.append(EntryCategory(entry=entry, category=category.strip()))
    EntryCategory.objects.bulk_create(created)
