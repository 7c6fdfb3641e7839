"""The logs of Karlchen: one shape, one writer, each app's codes worded in that app.

Every log (a tournament's, a season's, a club's, a person's in the registry) is ``LogEntry``
with what it is about added. ``log`` writes every entry: what the entry is about (a tournament,
a season, a club, a player; or a season and one of its evenings), the acting person, the action
and its details. The log it goes to follows from what it is about, and each action is written
once, inside the transaction of the business operation that did it (``log`` refuses to write
outside one).

The action is a member of the writing app's ``LogCode`` enum (``<app>/log.py``): its stored
value is the code, its label the wording with the details as ``%(name)s``, in the reader's
language. Each app hands its enum to the port ``karlchen.ports.LOG_CODES`` when Django starts, so
any app can word any entry (``LogEntry.text``) without importing the apps above it; a detail
missing from an entry (dropped when a person's data was erased) is left out, never shown as a
placeholder. It sits at the bottom of the map so every app with a log can use it."""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import cache
from typing import TYPE_CHECKING, Any, ClassVar

from django.apps import AppConfig
from django.conf import settings
from django.db import connection, models
from django.utils.translation import gettext_lazy as _

from karlchen.ports import LOG_CODES, provide

if TYPE_CHECKING:
    from karlchen.actors import Actor

# What a detail an entry lacks reads as, in place of its placeholder.
MISSING = "…"
PLACEHOLDER = re.compile(r"%\((\w+)\)s")


class LogCode(models.TextChoices):
    """An app's action codes (subclassed once per app, in its ``log.py``): each member's value is
    the stored code, its label the wording (lazy gettext, details as ``%(name)s``)."""

    @classmethod
    def worded(cls, details: dict[str, Any]) -> dict[str, Any]:
        """The details as the wording shows them: an app overrides this to word its own codes
        inside the details (a status, a role) in the reader's language."""
        return details


class LogEntry(models.Model):
    """One entry of a log (never edited): who did what, and when. A concrete log adds what it
    is about and names those fields in ``about``, the first one required (``log`` writes it)."""

    # The fields that say what an entry is about: links to the model of each (the first one is
    # the log's owner; any further ones optional, e.g. a season's entry about one evening).
    about: ClassVar[tuple[str, ...]] = ()

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("user"),
        on_delete=models.SET_NULL,
        null=True,
        related_name="+",
    )
    # Kept beside the user so the log still names them after the account is gone.
    user_label = models.CharField(_("user"), max_length=150)
    # A code and its details, worded when shown: the log reads in each reader's language.
    action = models.CharField(_("action"), max_length=40)
    details = models.JSONField(_("details"), default=dict, blank=True)
    at = models.DateTimeField(_("when"), auto_now_add=True, db_index=True)

    class Meta:
        abstract = True
        ordering = ["-at", "-pk"]

    def __str__(self) -> str:
        return f"{self.at:%Y-%m-%d %H:%M} {self.user_label}: {self.action}"

    @classmethod
    def about_fields(cls, owners: tuple[models.Model, ...]) -> dict[str, object] | None:
        """The fields that make an entry of this log about ``owners`` (the first one its
        owner); None where this is not their log."""
        if len(owners) > len(cls.about):
            return None
        fields: dict[str, object] = {}
        for name, owner in zip(cls.about, owners, strict=False):
            model = cls._meta.get_field(name).related_model
            if not isinstance(model, type) or not isinstance(owner, model):
                return None
            fields[name] = owner
        return fields

    @classmethod
    def about_filter(cls, owner: models.Model) -> models.Q | None:
        """Which entries of this log are about ``owner``; None where none can be."""
        found = None
        for name in cls.about:
            model = cls._meta.get_field(name).related_model
            if isinstance(model, type) and isinstance(owner, model):
                found = (
                    models.Q(**{name: owner})
                    if found is None
                    else found | models.Q(**{name: owner})
                )
        return found

    def text(self) -> str:
        """The entry in words, in the active language."""
        return text_of(self.action, self.details)


def log(
    about: models.Model | tuple[models.Model, ...],
    by: Actor,
    action: LogCode,
    /,
    **details: object,
) -> LogEntry:
    """Note in the log of ``about`` (a tournament, a season, a club, a player; or a season and
    one of its evenings, as a pair) that ``by`` did ``action`` with ``details``. Called by the
    business operation inside its transaction, exactly once per action."""
    if not isinstance(action, LogCode):
        raise TypeError(f"A log action is an app's LogCode, not {action!r}.")
    if not connection.in_atomic_block:
        raise RuntimeError(f"'{action}' is logged outside its operation's transaction.")
    owners = about if isinstance(about, tuple) else (about,)
    for model in _logs():
        fields = model.about_fields(owners)
        if fields is not None:
            return model._default_manager.create(
                user=by.user,
                user_label=by.label[:150],
                action=action.value,
                details=details,
                **fields,
            )
    raise TypeError(f"No log is about {owners!r}.")


def entries_about(owner: models.Model, limit: int) -> list[LogEntry]:
    """The newest ``limit`` entries about ``owner``, of every log: a tournament's own entries
    and what its seasons did to it, a club's, a season's, a player's."""
    found: list[LogEntry] = []
    for model in _logs():
        about = model.about_filter(owner)
        if about is not None:
            found += model._default_manager.filter(about).order_by("-at", "-pk")[:limit]
    found.sort(key=lambda entry: (entry.at, entry.pk), reverse=True)
    return found[:limit]


def _logs() -> list[type[LogEntry]]:
    found, todo = [], list(LogEntry.__subclasses__())
    while todo:
        model = todo.pop()
        todo += model.__subclasses__()
        if not model._meta.abstract and not model._meta.proxy:
            found.append(model)
    return found


def codes() -> dict[str, LogCode]:
    """Every action code any app writes, with its member (the apps' enums, from the port)."""
    return dict(_codes())


@cache
def _codes() -> tuple[tuple[str, LogCode], ...]:
    return tuple((member.value, member) for enum in LOG_CODES.all() for member in enum)


def text_of(code: str, details: Mapping[str, Any]) -> str:
    """The wording of ``code`` with ``details``, in the active language: the code itself for a
    code no app knows (any more); a detail the entry lacks is left out."""
    member = codes().get(code)
    if member is None:
        return code
    worded = _Details(type(member).worded(dict(details)))
    return str(member.label) % worded


class _Details(dict[str, Any]):
    def __missing__(self, key: str) -> str:
        return MISSING


def provide_codes(app: AppConfig, codes: type[LogCode]) -> None:
    """Hand ``app``'s log codes to whoever words an entry (in its ``AppConfig.ready()``)."""
    provide(LOG_CODES, codes, by=app)
