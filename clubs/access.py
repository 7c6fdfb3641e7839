"""Who may do what: the one place that decides (docs/CLUBS.md, "Who may do what").

Every app's permission functions delegate here: the object checks (``may``, ``may_club``) and
the querysets scoped by the user's memberships (``scoped``, ``visible``). A *home* is what
belongs to a club, a private person or an association: a tournament or a season. It has
``club`` (nullable), ``organisers`` (users who run that one home), and may have
``association`` (a season across clubs) and ``ranking_tournament``.

- A club's admins may everything of the club (``MANAGE`` its people too), its organisers
  ``VIEW``, ``SCORE`` and ``RUN``, its scorers ``VIEW`` and ``SCORE``.
- A home's own organisers ``VIEW``, ``SCORE`` and ``RUN`` it (as before clubs).
- An association's admins run the association's seasons, ``VIEW`` its clubs' ranking
  tournaments, manage its clubs' people and create clubs.
- Superusers may everything; anonymous readers only what is public (the caller's rule).

Nothing here is cached across requests: a role given or taken counts from the next check. Within
one request the user's roles and associations are read once, in one query (``_grants``), and
whether they run a home by name once for each home (``_organises``); a role given or taken, or
a home's organisers changed, in the middle of the request empties that memo (``karlchen.memo``).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from django.conf import settings
from django.db import connections, router
from django.db.models import Model, Q, QuerySet
from django.db.models.signals import m2m_changed, post_delete, post_save

from clubs.enums import ClubRoleKind
from clubs.models import Association, Club, ClubRole
from karlchen.memo import forget, remembered, request_memo
from karlchen.refusals import Refused


class Can(StrEnum):
    VIEW = "view"  # private data: drafts, private seasons, sign-ups, logs, exports, the desk
    SCORE = "score"  # enter and correct deals and penalties, check players in
    RUN = "run"  # change the set-up, run the evening or the season
    MANAGE = "manage"  # the club's people: roles and invitations


ROLE_ALLOWS: dict[str, frozenset[Can]] = {
    ClubRoleKind.ADMIN: frozenset(Can),
    ClubRoleKind.ORGANISER: frozenset({Can.VIEW, Can.SCORE, Can.RUN}),
    ClubRoleKind.SCORER: frozenset({Can.VIEW, Can.SCORE}),
}
OWN_ORGANISERS_ALLOW = frozenset({Can.VIEW, Can.SCORE, Can.RUN})


# What a request of a home needs, by its method (``needed``): every read of its private data
# (entries, check-in, sign-ups with their e-mail addresses, fees and prizes, protests, the log,
# exports and archives, documents jobs) is ``VIEW``, at the desk and through the API alike, so a
# club's scorer reads there what the desk shows them; a write needs what its operation says
# (``RUN`` unless it is scoring or checking in).
READS = frozenset({"GET", "HEAD", "OPTIONS"})


def needed(method: str, write: Can = Can.RUN) -> Can:
    """The right a request with ``method`` needs on a home whose writes need ``write``."""
    return Can.VIEW if method.upper() in READS else write


def roles_allowing(can: Can) -> list[str]:
    return [role for role, allowed in ROLE_ALLOWS.items() if can in allowed]


def signed_in(user: Any) -> bool:
    return user is not None and bool(user.is_authenticated)


# --- object checks ----------------------------------------------------------------------------


def may(user: Any, home: Model, can: Can) -> bool:
    """Whether ``user`` may ``can`` on ``home`` (a tournament or a season)."""
    if not signed_in(user):
        return False
    if user.is_superuser:
        return True
    grants, organises = _grants_and_organiser(user, home)
    club_id = getattr(home, "club_id", None)
    if club_id is not None and grants.role_allows(club_id, can):
        return True
    association_id = getattr(home, "association_id", None)
    if association_id is not None and association_id in grants.associations:
        return can in OWN_ORGANISERS_ALLOW
    if (
        can is Can.VIEW
        and club_id is not None
        and getattr(home, "ranking_tournament", False)
        and club_id in grants.association_clubs
    ):
        return True
    if can in OWN_ORGANISERS_ALLOW:
        return organises if organises is not None else _organises(user, home)
    return False


def may_club(user: Any, club: Club, can: Can) -> bool:
    """Whether ``user`` may ``can`` for the club as a whole: ``MANAGE`` its people (its admins
    and its association's admins), ``RUN`` new tournaments and seasons in it (its admins and
    organisers), ``VIEW`` its desk page (every role)."""
    if not signed_in(user):
        return False
    if user.is_superuser or _role_allows(user, club.pk, can):
        return True
    if can in (Can.MANAGE, Can.VIEW) and club.association_id is not None:
        return _administers(user, club.association_id)
    return False


def may_create_club(user: Any, association: Association | None) -> bool:
    """An association's admins create its clubs; with ``KARLCHEN_SELF_SERVICE_CLUBS`` anyone
    signed in creates a club of no association (and becomes its admin)."""
    if not signed_in(user):
        return False
    if user.is_superuser:
        return True
    if association is not None:
        return _administers(user, association.pk)
    return bool(getattr(settings, "KARLCHEN_SELF_SERVICE_CLUBS", False))


def may_association(user: Any, association: Association) -> bool:
    """Whether ``user`` runs the association (its admins, superusers)."""
    if not signed_in(user):
        return False
    return bool(user.is_superuser or _administers(user, association.pk))


def _role_allows(user: Any, club_id: int, can: Can) -> bool:
    return _grants(user).role_allows(club_id, can)


def _administers(user: Any, association_id: int) -> bool:
    return association_id in _grants(user).associations


@dataclass(frozen=True)
class _Grants:
    """What a user holds: their role in each club, the associations they administer and those
    associations' clubs."""

    roles: dict[int, str]
    associations: frozenset[int]
    association_clubs: frozenset[int]

    def role_allows(self, club_id: int, can: Can) -> bool:
        role = self.roles.get(club_id)
        return role is not None and can in ROLE_ALLOWS.get(role, frozenset())


def _grants(user: Any) -> _Grants:
    """``user``'s grants, read in one query, once in a request."""
    return remembered(("clubs.grants", user.pk), lambda: _read_grants(user.pk, None)[0])


def _grants_and_organiser(user: Any, home: Model) -> tuple[_Grants, bool | None]:
    """``user``'s grants and whether they run ``home`` by name (None where that is not known
    yet): read together in one query, and each once in a request."""
    memo = request_memo()
    key, organiser_key = ("clubs.grants", user.pk), _organiser_key(user, home)
    if memo is not None and key in memo:
        return memo[key], memo.get(organiser_key)
    grants, organises = _read_grants(user.pk, home)
    if memo is not None:
        memo[key], memo[organiser_key] = grants, organises
    return grants, organises


def _read_grants(user_id: int, home: Model | None) -> tuple[_Grants, bool]:
    role, admins, club = ClubRole._meta, Association.admins.through._meta, Club._meta
    role_club, role_user, role_kind = (_column(role, name) for name in ("club", "user", "role"))
    admin_association, admin_user = (_column(admins, name) for name in ("association", "user"))
    club_association = _column(club, "association")
    sql = (
        f"SELECT 'r', {role_club}, {role_kind} FROM {role.db_table} WHERE {role_user} = %s "
        f"UNION ALL SELECT 'a', {admin_association}, '' FROM {admins.db_table} "
        f"WHERE {admin_user} = %s "
        f"UNION ALL SELECT 'c', c.{club.pk.column}, '' FROM {club.db_table} c "
        f"JOIN {admins.db_table} a ON a.{admin_association} = c.{club_association} "
        f"WHERE a.{admin_user} = %s"
    )
    params = [user_id, user_id, user_id]
    if home is not None:
        organisers = home._meta.get_field("organisers")
        through = organisers.remote_field.through._meta  # type: ignore[union-attr]
        home_column = organisers.m2m_column_name()  # type: ignore[union-attr]
        user_column = organisers.m2m_reverse_name()  # type: ignore[union-attr]
        sql += (
            f" UNION ALL SELECT 'o', {home_column}, '' FROM {through.db_table} "
            f"WHERE {home_column} = %s AND {user_column} = %s"
        )
        params += [home.pk, user_id]
    with connections[router.db_for_read(ClubRole)].cursor() as cursor:
        cursor.execute(sql, params)
        rows = cursor.fetchall()
    grants = _Grants(
        roles={pk: kind for what, pk, kind in rows if what == "r"},
        associations=frozenset(pk for what, pk, _kind in rows if what == "a"),
        association_clubs=frozenset(pk for what, pk, _kind in rows if what == "c"),
    )
    return grants, any(what == "o" for what, _pk, _kind in rows)


def _column(meta: Any, name: str) -> str:
    return str(meta.get_field(name).column)


def _organiser_key(user: Any, home: Model) -> tuple:
    return ("clubs.organises", home._meta.label, home.pk, user.pk)


def _organises(user: Any, home: Model) -> bool:
    """Whether ``user`` is one of ``home``'s own organisers, asked once in a request."""
    organisers = home.organisers  # type: ignore[attr-defined]
    return remembered(_organiser_key(user, home), organisers.filter(pk=user.pk).exists)


# A role given or taken, a club moved to another association, or anyone's organisers or an
# association's admins changed (a many-to-many change of any kind), empties the request's memo:
# the next check reads again.
post_save.connect(forget, sender=ClubRole, dispatch_uid="clubs.access.role_saved")
post_save.connect(forget, sender=Club, dispatch_uid="clubs.access.club_saved")
post_delete.connect(forget, sender=ClubRole, dispatch_uid="clubs.access.role_deleted")
m2m_changed.connect(forget, dispatch_uid="clubs.access.many_changed")


# --- querysets --------------------------------------------------------------------------------


def scoped(model: type[Model], user: Any, can: Can) -> Q:
    """The condition on ``model`` (a tournament or season model) for the rows ``user`` may
    ``can``: as ``may`` for each row, in one query without joins that repeat rows."""
    if not signed_in(user):
        return Q(pk__in=[])
    if user.is_superuser:
        return Q()
    condition = Q(club__in=clubs_allowing(user, can))
    names = {field.name for field in model._meta.get_fields()}
    if "association" in names:
        condition |= Q(association__in=Association.objects.filter(admins=user).values("pk"))
    if can is Can.VIEW and "ranking_tournament" in names:
        association_clubs = Club.objects.filter(association__admins=user).values("pk")
        condition |= Q(ranking_tournament=True, club__in=association_clubs)
    if can in OWN_ORGANISERS_ALLOW:
        through = model._meta.get_field("organisers").remote_field.through  # type: ignore[union-attr]
        column = f"{model._meta.model_name}_id"
        condition |= Q(pk__in=through.objects.filter(user_id=user.pk).values(column))
    return condition


def visible(model: type[Model], user: Any, public: Q) -> Q:
    """The rows a user may see listed: the ``public`` ones and the private ones they ``VIEW``."""
    if signed_in(user) and user.is_superuser:
        return Q()
    return public | scoped(model, user, Can.VIEW)


def clubs_allowing(user: Any, can: Can) -> QuerySet[ClubRole, Any]:
    """The ids of the clubs where ``user``'s role allows ``can`` (a subquery)."""
    return ClubRole.objects.filter(user=user, role__in=roles_allowing(can)).values("club_id")


def clubs_of(user: Any, can: Can) -> QuerySet[Club]:
    """The clubs where ``user`` may ``can`` (``may_club``): for choosing one, listing one's own."""
    clubs = Club.objects.select_related("association")
    if not signed_in(user):
        return clubs.none()
    if user.is_superuser:
        return clubs
    condition = Q(pk__in=clubs_allowing(user, can))
    if can in (Can.MANAGE, Can.VIEW):
        condition |= Q(association__admins=user)
    return clubs.filter(condition).distinct()


def association_to_run(user: Any, association_id: int | None) -> Association | None:
    """The association a new season of ``user`` belongs to: one they administer (refused
    otherwise, as an unknown one); None for none."""
    if association_id is None:
        return None
    association = Association.objects.filter(pk=association_id).first()
    if association is None or not may_association(user, association):
        raise Refused.one("association_not_allowed", "association")
    return association


def club_to_run(user: Any, club_id: int | None) -> Club | None:
    """The club a new tournament or season of ``user`` belongs to: one where they may ``RUN``
    (refused otherwise, as an unknown one); None for a private one of their own."""
    if club_id is None:
        return None
    club = Club.objects.filter(pk=club_id).first()
    if club is None or not may_club(user, club, Can.RUN):
        raise Refused.one("club_not_allowed", "club")
    return club
