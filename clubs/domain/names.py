"""A club's name as typed for a player or a team (docs/CLUBS.md, "A club typed as text").

The text is what everyone sees (``Player.club_name``, a league's or a cup's team's
``Entrant.club_name``); it never makes a ``Club`` row. The link to a club set up in Karlchen is
made where the text is the name of exactly one such club, compared case-insensitively
(``club_named``), and, the other way round, when a club is set up under a name already typed
(``link_typed_names``, called by ``clubs.domain.clubs.create_club``). Two texts name the same
club where their ``club_key`` agrees: "TSV Kreuz " and "tsv  kreuz" are one club for seating
club mates apart and for the clubs' ranking.
"""

from __future__ import annotations

from django.db.models import Model

from clubs.models import Club


def club_text(text: str | None) -> str:
    """The name as it is kept and shown: without spaces around it or doubled inside it."""
    return " ".join((text or "").split())


def club_key(text: str | None) -> str:
    """What two spellings of one club share: the text without case and spacing differences
    (empty for none)."""
    return club_text(text).casefold()


def club_named(text: str | None) -> Club | None:
    """The club set up in Karlchen whose name ``text`` is (case and spacing aside), if exactly
    one is; None otherwise (a name only typed, or none)."""
    name = club_text(text)
    if not name:
        return None
    found = list(Club.objects.filter(name__iexact=name)[:2])
    return found[0] if len(found) == 1 else None


def typed_affiliations() -> list[type[Model]]:
    """Every model that carries a club as typed text beside its link to a club (a player, a
    league team, a cup team): the relations pointing at ``Club`` whose model has a
    ``club_name``. Found from the model so that ``clubs`` imports none of the apps above."""
    return [
        relation.related_model
        for relation in Club._meta.related_objects
        if relation.field.name == "club"
        and isinstance(relation.related_model, type)
        and any(field.name == "club_name" for field in relation.related_model._meta.fields)
    ]


def link_typed_names(club: Club) -> int:
    """Link to ``club`` every player and team whose typed club is its name and that has no
    link yet; the number linked. Their text stays as it was typed."""
    linked = 0
    for model in typed_affiliations():
        rows = model._default_manager.filter(club__isnull=True, club_name__iexact=club.name)
        linked += rows.update(club=club)
    return linked


def affiliation(text: str | None) -> dict[str, object]:
    """The fields of a player or team whose club is typed as ``text``: the text as shown and the
    link to the club of that name, where one is set up (``club_named``)."""
    return {"club_name": club_text(text), "club": club_named(text)}
