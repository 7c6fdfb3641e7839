"""Data protection: everything Karlchen stores about a person, as one document (export), and
erasing it (anonymising: the results stay, so nobody else's standing changes).

A person's sign-ups are those that became one of their entries, and those with the same e-mail
address or member number (a sign-up that was never accepted has no entry, but is theirs all the
same). Erasing is irreversible: the name becomes a placeholder ("Gelöschte Person 17"), member
number, memberships of associations, year of birth and consent record go, the sign-ups lose
name, e-mail, member number and club, the organisers' log of their tournaments and the frozen
rankings name the placeholder. The club stays (the clubs' rankings of past tournaments must not
change), and so do the entries with their deals: they are other people's results too.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.conf import settings
from django.db import transaction
from django.db.models import Q, QuerySet
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from competitions.models import SquadMember
from karlchen.actors import Actor
from karlchen.log import log
from karlchen.refusals import refused
from people.domain.players import (
    locked,
    players_reads_changed,
    refuse_erased,
)
from people.models import Membership, Player, RegistryAction
from registry.domain.frozen import rewrite_frozen
from registry.domain.history import tournaments_of
from registry.log import RegistryCode
from results.domain.ranking_cache import organiser_ranking
from seasons.models import SeasonRegular
from signups.models import BankTransfer, SignUp
from stats.models import PlayerRating
from teams.models import TeamMember
from tournaments.models import Entry, OrganiserAction, Tournament

PLAYER_FIELDS = (
    "id",
    "name",
    "member_number",
    "birth_year",
    "guest",
    "listing_consent",
    "consent_at",
    "consent_by",
    "consent_how",
    "profile_hidden",
    "erased_at",
)
SIGNUP_FIELDS = (
    "id",
    "tournament_id",
    "name",
    "club",
    "member_number",
    "email",
    "category",
    "status",
    "language",
    "created_at",
    "queued_at",
    "cancelled_at",
)


def placeholder(player_id: int) -> str:
    """An erased person's name, in the site's language (it is stored, not translated when
    shown): "Gelöschte Person 17"."""
    with translation.override(settings.LANGUAGE_CODE):
        return _("Erased person %(id)s") % {"id": player_id}


def signups_of(player: Player) -> QuerySet[SignUp]:
    """The person's sign-ups: those that became their entries, and those with the same e-mail
    address or member number."""
    linked = SignUp.objects.filter(entry__player=player)
    emails = {email.lower() for email in linked.values_list("email", flat=True) if email}
    alike = Q(pk__in=[])
    for email in emails:
        alike |= Q(email__iexact=email)
    if player.member_number:
        alike |= Q(member_number=player.member_number)
    # a sign-up that became someone else's entry is theirs, whatever address it gave (a
    # family may share one)
    found = Q(entry__player=player) | (alike & Q(entry__isnull=True))
    return SignUp.objects.filter(found).order_by("created_at", "pk")


def export_player(player: Player, *, by: Actor) -> dict[str, Any]:
    """Everything stored about the person, as JSON data (logged: who exported whom, when)."""
    with transaction.atomic():
        data = {
            "exported_at": _json(timezone.now()),
            "player": _player_data(player),
            "entries": [_entry_data(entry) for entry in _entries(player)],
            "signups": [_signup_data(signup) for signup in signups_of(player)],
            "memberships": [
                {
                    "association": row.association_id,
                    "association_name": row.association.name,
                    "member_number": row.member_number,
                }
                for row in player.memberships.select_related("association").order_by("pk")
            ],
            "cup_teams": [
                {"cup": row.competition_id, "cup_name": str(row.competition), "team": row.team.name}
                for row in SquadMember.objects.filter(player=player).select_related(
                    "competition", "team"
                )
            ],
            "season_regulars": [
                {"season": row.season_id, "season_name": row.season.name}
                for row in SeasonRegular.objects.filter(player=player).select_related("season")
            ],
            "rating": _rating_data(player),
            "registry_log": [
                {
                    "at": _json(row.at),
                    "by": row.user_label,
                    "action": row.action,
                    "details": row.details,
                }
                for row in RegistryAction.objects.filter(player_id=player.pk).order_by("at", "pk")
            ],
        }
        log(player, by, RegistryCode.PLAYER_EXPORTED)
    return data


def erase_player(player: Player, *, confirm: str, by: Actor) -> Player:
    """Anonymise the person for good (``confirm``: their name as shown, typed again)."""
    with transaction.atomic():
        player = locked(player.pk)
        refuse_erased(player)
        if confirm.strip() != player.name.strip():
            raise refused("player_erase_confirm", "confirm", name=player.name)
        old_names = {player.name}
        signups = list(signups_of(player))
        old_names |= {signup.name for signup in signups if signup.name}
        name = placeholder(player.pk)
        _erase_signups(signups, name)
        entries = set(Entry.objects.filter(player=player).values_list("pk", flat=True))
        # the bank's lines of the fees paid ahead name the payer and the player in their text
        BankTransfer.objects.filter(entry_id__in=entries).update(payer="", text="")
        for tournament in tournaments_of(player.pk):
            _scrub_tournament(tournament, player, entries, old_names, name, by)
        _erase_fields(player, name)
        log(player, by, RegistryCode.PLAYER_ERASED, name=name)
        players_reads_changed(player)
    return player


def _erase_fields(player: Player, name: str) -> None:
    player.name = name
    player.member_number = None
    Membership.objects.filter(player=player).delete()
    player.birth_year = None
    player.listing_consent = False
    player.consent_at, player.consent_by, player.consent_how = None, "", ""
    player.profile_hidden = True
    player.erased_at = timezone.now()
    player.save()


def _erase_signups(signups: Iterable[SignUp], name: str) -> None:
    for signup in signups:
        signup.name, signup.email, signup.member_number, signup.club = name, "", "", ""
        signup.save(update_fields=["name", "email", "member_number", "club"])


def _scrub_tournament(
    tournament: Tournament,
    player: Player,
    entries: set[int],
    old_names: set[str],
    name: str,
    by: Actor,
) -> None:
    """The tournament's log and frozen ranking name the placeholder instead of the person."""
    for action in OrganiserAction.objects.filter(tournament=tournament):
        details = {
            key: name if isinstance(value, str) and value in old_names else value
            for key, value in action.details.items()
        }
        if action.action == "player_merged" and details != action.details:
            details |= {"name": name, "into": name}  # the merged-away spelling is theirs too
        label = name if action.user_label in old_names else action.user_label
        if details != action.details or label != action.user_label:
            OrganiserAction.objects.filter(pk=action.pk).update(details=details, user_label=label)
    if tournament.frozen_standings is not None:
        tournament.frozen_standings = rewrite_frozen(
            tournament.frozen_standings,
            player_id=player.pk,
            entries=entries,
            new_id=player.pk,
            name=name,
            club=player.club_name or None,
        )
        tournament.save(update_fields=["frozen_standings"])
    log(tournament, by, RegistryCode.PLAYER_ERASED, name=name)


def _entries(player: Player) -> QuerySet[Entry]:
    return (
        Entry.objects.filter(player=player)
        .select_related("tournament")
        .order_by("tournament__date", "tournament_id")
    )


def _player_data(player: Player) -> dict[str, Any]:
    data = {field: _json(getattr(player, field)) for field in PLAYER_FIELDS}
    data["club"] = player.club_name or None
    return data


def _entry_data(entry: Entry) -> dict[str, Any]:
    tournament = entry.tournament
    row = next(
        (row for row in organiser_ranking(tournament).rows if row["entry"] == entry.pk), None
    )
    teams = TeamMember.objects.filter(entry=entry).select_related("team")
    fee = getattr(entry, "fee", None)
    return {
        "tournament": {
            "id": tournament.pk,
            "name": tournament.name,
            "date": _json(tournament.date),
            "venue": tournament.venue,
        },
        "entry": entry.pk,
        "start_number": entry.start_number,
        "checked_in": entry.checked_in,
        "withdrawn": entry.withdrawn,
        "hidden": entry.hidden,
        "pin": entry.pin,
        "rank": row["rank"] if row else None,
        "points": row["total"] if row else None,
        "teams": [member.team.name for member in teams],
        "fee": None
        if fee is None
        else {"status": fee.status, "cents": fee.amount, "category": fee.category},
        # the bank's lines a fee paid ahead was recorded from: the payer's name as the bank gave it
        "bank_transfers": [
            {
                "booked": _json(row.booked),
                "cents": row.amount,
                "payer": row.payer,
                "text": row.text,
                "recorded_at": _json(row.recorded_at),
            }
            for row in BankTransfer.objects.filter(entry=entry).order_by("recorded_at", "pk")
        ],
    }


def _rating_data(player: Player) -> dict[str, Any] | None:
    rating = PlayerRating.objects.filter(player_id=player.pk).first()
    if rating is None:
        return None
    return {"mu": rating.mu, "sigma": rating.sigma, "shown": rating.shown, "deals": rating.deals}


def _signup_data(signup: SignUp) -> dict[str, Any]:
    data = {field: _json(getattr(signup, field)) for field in SIGNUP_FIELDS}
    data["mails"] = [
        {"kind": mail.kind, "created_at": _json(mail.created_at), "sent_at": _json(mail.sent_at)}
        for mail in signup.mails.all()
    ]
    return data


def _json(value: Any) -> Any:
    return value.isoformat() if hasattr(value, "isoformat") else value
