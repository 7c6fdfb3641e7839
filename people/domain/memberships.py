"""A person's memberships of associations, each with the member number it gave them
(docs/REGISTRY.md): set or change one, remove one. Each number is one person's in its
association (the database guards it: ``membership_number_unique``); a number another player has
is refused, naming them, so that the two are merged if they are one person."""

from __future__ import annotations

from django.db import IntegrityError, transaction

from clubs.models import Association
from karlchen.actors import Actor
from karlchen.log import log
from karlchen.plaintext import has_control_characters
from karlchen.refusals import Problem, Refused, refused
from people.domain.players import locked, players_reads_changed, refuse_erased
from people.log import PeopleCode
from people.models import Membership, Player

MEMBER_NUMBER_MAX = 30


def set_membership(
    player: Player, association: Association, member_number: str, *, by: Actor
) -> Membership:
    """The person is a member of ``association`` with ``member_number`` (set or changed)."""
    number = _valid_number(member_number)
    with transaction.atomic():
        player = locked(player.pk)
        refuse_erased(player)
        _refuse_taken(player, association, number)
        try:
            with transaction.atomic():  # a savepoint: the race's loser gets the refusal below
                membership, _created = Membership.objects.update_or_create(
                    player=player, association=association, defaults={"member_number": number}
                )
        except IntegrityError:
            _refuse_taken(player, association, number)
            raise
        log(player, by, PeopleCode.MEMBERSHIP_SET, association=association.pk)
        players_reads_changed(player)
    return membership


def remove_membership(player: Player, association: Association, *, by: Actor) -> None:
    """The person is no longer a member of ``association`` (refused if they were not)."""
    with transaction.atomic():
        player = locked(player.pk)
        refuse_erased(player)
        deleted, _rows = Membership.objects.filter(player=player, association=association).delete()
        if not deleted:
            raise refused("membership_unknown", "association", association=association.name)
        log(player, by, PeopleCode.MEMBERSHIP_REMOVED, association=association.pk)
        players_reads_changed(player)


def memberships_of(player: Player) -> list[Membership]:
    return list(player.memberships.select_related("association").order_by("association__name"))


def _valid_number(member_number: object) -> str:
    if not isinstance(member_number, str):
        raise refused("player_text", "member_number")
    number = member_number.strip()
    if not number:
        raise refused("membership_number_required", "member_number")
    if len(number) > MEMBER_NUMBER_MAX:
        raise refused("text_too_long", "member_number", max=MEMBER_NUMBER_MAX)
    if has_control_characters(number):
        raise refused("text_control_characters", "member_number")
    return number


def _refuse_taken(player: Player, association: Association, number: str) -> None:
    other = (
        Membership.objects.filter(association=association, member_number=number)
        .exclude(player=player)
        .values_list("player_id", flat=True)
        .first()
    )
    if other is not None:
        raise Refused(
            [
                Problem(
                    "membership_number_taken",
                    "member_number",
                    {"number": number, "association": association.name, "player": other},
                )
            ]
        )
