"""A person of the registry: correct what is known of them, record their consent to a public
profile, hide the profile. Every change is checked as a whole (nothing is saved when one field
is wrong), logged, and turns over the reads that show the person."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.db import transaction
from django.utils import timezone

from clubs.domain.names import club_named, club_text
from karlchen.actors import Actor
from karlchen.changes import player_changed, tournament_changed
from karlchen.log import log
from karlchen.plaintext import has_control_characters
from karlchen.refusals import Conflict, Problem, Refused, refused
from people.log import PeopleCode
from people.models import Player

# The lengths of the person's texts (the model fields' max_length): the entries' too.
TEXT_LIMITS = {"name": 120, "club": 120, "member_number": 30}
MIN_BIRTH_YEAR = 1900
EDITABLE = ("name", "club", "member_number", "birth_year", "guest", "profile_hidden")
FLAGS = ("guest", "profile_hidden")
CONSENT_HOW_MAX = 200


def change_player(player: Player, changes: Mapping[str, Any], *, by: Actor) -> Player:
    """Set the fields of ``changes`` (of ``EDITABLE``); every problem is refused at once."""
    with transaction.atomic():
        player = locked(player.pk)
        refuse_erased(player)
        problems = _problems(player, changes)
        if problems:
            raise Refused(problems)
        changed = [field for field in EDITABLE if field in changes]
        for field in changed:
            _set(player, field, changes[field])
        player.save()
        log(player, by, PeopleCode.PLAYER_CHANGED, fields=", ".join(changed))
        players_reads_changed(player)
    return player


def record_consent(player: Player, consent: bool | None, how: str, *, by: Actor) -> Player:
    """Record whether the person agrees to a public profile (None: not asked, which clears the
    record), when, who recorded it and how it was given (a signed form, an e-mail, …)."""
    how = how.strip()
    if consent is not None and not how:
        raise refused("player_consent_how", "how")
    if len(how) > CONSENT_HOW_MAX:
        raise refused("text_too_long", "how", max=CONSENT_HOW_MAX)
    if has_control_characters(how):
        raise refused("text_control_characters", "how")
    with transaction.atomic():
        player = locked(player.pk)
        refuse_erased(player)
        player.listing_consent = consent
        player.consent_at = None if consent is None else timezone.now()
        player.consent_by = "" if consent is None else by.label[:150]
        player.consent_how = how if consent is not None else ""
        player.save()
        log(player, by, PeopleCode.CONSENT_RECORDED, consent=consent)
        player_changed(player.pk)
    return player


def locked(player_id: int) -> Player:
    """The player, locked for this transaction; a Conflict (409) if it was merged away or
    deleted meanwhile."""
    player = Player.objects.select_for_update().filter(pk=player_id).first()
    if player is None:
        raise Conflict("player_gone", "player")
    return player


def refuse_erased(player: Player) -> None:
    if player.erased_at is not None:
        raise refused("player_erased", "player")


def players_reads_changed(player: Player) -> None:
    """Every read showing the person is stale: their profile and each of their tournaments."""
    player_changed(player.pk)
    for tournament_id in tournament_ids_of(player.pk):
        tournament_changed(tournament_id)


def tournament_ids_of(player_id: int) -> list[int]:
    """The ids of the tournaments the person is entered in. Entries point down at players and
    ``people`` imports nothing above it, so they are read through that relation by its name."""
    ids = Player.objects.filter(pk=player_id, entry__isnull=False).values_list(
        "entry__tournament_id", flat=True
    )
    return sorted(set(ids))


def _problems(player: Player, changes: Mapping[str, Any]) -> list[Problem]:
    problems = [
        Problem("player_unknown_field", str(field), {"field": field})
        for field in changes
        if field not in EDITABLE
    ]
    for field in EDITABLE:
        if field in changes:
            problem = _problem(player, field, changes[field])
            if problem is not None:
                problems.append(problem)
    return problems


def _problem(player: Player, field: str, value: Any) -> Problem | None:
    if field in FLAGS:
        return None if isinstance(value, bool) else Problem("player_flag", field, {})
    if field == "birth_year":
        return _birth_year_problem(value)
    text = "" if value is None else value
    if not isinstance(text, str):
        return Problem("player_text", field, {})
    if field == "name" and not text.strip():
        return Problem("name_required", field, {})
    if len(text) > TEXT_LIMITS[field]:
        return Problem("text_too_long", field, {"max": TEXT_LIMITS[field]})
    if has_control_characters(text):
        return Problem("text_control_characters", field, {})
    if field == "member_number" and text.strip():
        other = Player.objects.filter(member_number=text.strip()).exclude(pk=player.pk).first()
        if other is not None:
            return Problem(
                "player_member_number_taken", field, {"number": text.strip(), "player": other.pk}
            )
    return None


def _birth_year_problem(value: Any) -> Problem | None:
    if value is None:
        return None
    latest = timezone.localdate().year
    if (
        isinstance(value, bool)
        or not isinstance(value, int)
        or not MIN_BIRTH_YEAR <= value <= latest
    ):
        return Problem("player_birth_year", "birth_year", {"min": MIN_BIRTH_YEAR, "max": latest})
    return None


def _set(player: Player, field: str, value: Any) -> None:
    if field in FLAGS or field == "birth_year":
        setattr(player, field, value)
    elif field == "club":
        player.club_name = club_text(value)
        player.club = club_named(value)
    elif field == "member_number":
        player.member_number = (value or "").strip() or None
    else:
        player.name = value.strip()
