"""Ports: how an app calls a function of an app above it, which it may not import.

Apps import one way (docs/DESIGN.md), yet a lower app sometimes needs what only an upper one
knows: the set-up freezes the standings that ``results`` computes, the job sweep queues the task
of the app that runs a kind of job, a change of an evening turns over the season that
``seasons`` says it belongs to. The lower app declares a *port* for it, once, in its
``ports.py``: its name, the type of what is provided, how many providers it wants (exactly one,
one per key such as a job kind, or any number) and which apps are expected to provide it. The
upper app provides it in its ``AppConfig.ready()`` through ``provide``, and the lower app reads a
typed value from the port (``One.get``, ``PerKey.get``/``find``/``all``, ``Many.all``).

Nothing is left to be found out by a request: the system check ``check_ports`` (registered by
``karlchen.apps``, so ``manage.py check``, ``migrate`` and the test run's start run it) is an
Error for every installed app that should provide a port and has not, and for a port or a key
that wants one provider and got two. Where the app that provides a port is not installed at all,
a port that declares a ``default`` gives it (no sign-ups: a freed place fills nothing); a port
without one refuses to be read.

Each app's ports are declared in its ``ports`` module, which ``discover`` imports for every
installed app, so a port is known to the check even when no app provides it.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic, TypeVar, cast, overload

from django.apps import AppConfig, apps
from django.core.checks import CheckMessage, Error
from django.utils.module_loading import autodiscover_modules

if TYPE_CHECKING:
    from karlchen.log import LogCode

T = TypeVar("T")


class PortError(RuntimeError):
    """A port was read that no app provides, or that got two providers where it wants one (the
    system check says so at start-up)."""


@dataclass(frozen=True)
class Provision:
    app: str  # the label of the app that provided it
    key: str | None
    value: object


@dataclass(frozen=True, eq=False)
class Port(Generic[T]):
    """A port's declaration; what each kind wants of its providers is in its subclass."""

    name: str  # "<the declaring app>.<what it reads>"

    def problems(
        self, provisions: Sequence[Provision], installed: Collection[str]
    ) -> Iterator[CheckMessage]:
        """The check's errors about what was provided, given the installed apps' labels."""
        raise NotImplementedError


P = TypeVar("P", bound=Port[Any])


@dataclass(frozen=True, eq=False)
class One(Port[T]):
    """Exactly one provider, from the app ``provided_by``."""

    provided_by: str
    default: T | None = None  # what the port gives while that app is not installed

    def get(self) -> T:
        return _active.one(self)

    def problems(
        self, provisions: Sequence[Provision], installed: Collection[str]
    ) -> Iterator[CheckMessage]:
        return _slot_problems(self, {None: self.provided_by}, provisions, installed)


@dataclass(frozen=True, eq=False)
class PerKey(Port[T]):
    """One provider for each key (a job kind, a part's name), from the app named for it."""

    provided_by: Mapping[str, str]  # key: the app expected to provide it

    def get(self, key: str) -> T:
        found = self.find(key)
        if found is None:
            raise PortError(f"No app provides '{key}' to the port {self.name!r}.")
        return found

    def find(self, key: str) -> T | None:
        """The provider for ``key``; None where no installed app provides one."""
        return _active.keyed(self).get(key)

    def all(self) -> list[T]:
        """The providers of every key, in the order they were provided."""
        return list(_active.keyed(self).values())

    def problems(
        self, provisions: Sequence[Provision], installed: Collection[str]
    ) -> Iterator[CheckMessage]:
        expected: dict[str | None, str] = dict(self.provided_by.items())
        return _slot_problems(self, expected, provisions, installed)


@dataclass(frozen=True, eq=False)
class Many(Port[T]):
    """Any number of providers; each app of ``provided_by`` is expected to add one or more."""

    provided_by: tuple[str, ...]

    def all(self) -> list[T]:
        """The providers, in the order they were provided (the apps' order in settings)."""
        return [cast(T, provision.value) for provision in _active.provisions(self)]

    def problems(
        self, provisions: Sequence[Provision], installed: Collection[str]
    ) -> Iterator[CheckMessage]:
        providers = {provision.app for provision in provisions}
        for app in self.provided_by:
            if app in installed and app not in providers:
                yield _not_provided(self, app, None)


def _slot_problems(
    port: Port[Any],
    expected: Mapping[str | None, str],
    provisions: Sequence[Provision],
    installed: Collection[str],
) -> Iterator[CheckMessage]:
    """Of a port with one provider per slot (its one, or one per key): each slot's expected app
    provided it, no slot has two, and no provider came under a key the port does not have."""
    for key, app in expected.items():
        if app in installed and not any(p.key == key and p.app == app for p in provisions):
            yield _not_provided(port, app, key)
    for key in dict.fromkeys(provision.key for provision in provisions):
        providers = [provision.app for provision in provisions if provision.key == key]
        if key not in expected:
            yield Error(
                f"The port {port.name!r} has no key '{key}', yet {providers[0]!r} provides it.",
                hint="Declare the key with the app that provides it.",
                obj=port.name,
                id="karlchen.E003",
            )
        elif len(providers) > 1:
            yield Error(
                f"The port {port.name!r} wants one provider{_for(key)} and has "
                f"{len(providers)}: from {', '.join(map(repr, providers))}.",
                hint="Provide it once, from the app its declaration names.",
                obj=port.name,
                id="karlchen.E002",
            )


def _not_provided(port: Port[Any], app: str, key: str | None) -> Error:
    return Error(
        f"The port {port.name!r} is not provided{_for(key)}: the app {app!r} should provide it.",
        hint=f"{app}'s AppConfig.ready() provides it with karlchen.ports.provide().",
        obj=port.name,
        id="karlchen.E001",
    )


def _for(key: str | None) -> str:
    return "" if key is None else f" for '{key}'"


@dataclass
class Registry:
    """The declared ports and what each app provided to them."""

    ports: dict[str, Port[Any]] = field(default_factory=dict)
    provided: dict[str, list[Provision]] = field(default_factory=dict)

    def declare(self, port: Port[Any]) -> None:
        known = self.ports.setdefault(port.name, port)
        if known is not port:
            raise ValueError(f"The port {port.name!r} is declared twice.")

    def provide(self, port: Port[Any], value: object, *, by: str, key: str | None) -> None:
        if isinstance(port, PerKey) != (key is not None):
            raise TypeError(f"The port {port.name!r} takes a key exactly when it is per key.")
        self.declare(port)
        provision = Provision(app=by, key=key, value=value)
        provisions = self.provided.setdefault(port.name, [])
        if provision not in provisions:  # the same again (``ready`` run twice) is no second one
            provisions.append(provision)

    def withdraw(self, port: Port[Any], *, by: str) -> None:
        """Forget what the app ``by`` provided to ``port`` (a copy's, to test the check)."""
        kept = [provision for provision in self.provisions(port) if provision.app != by]
        self.provided[port.name] = kept

    def provisions(self, port: Port[Any]) -> list[Provision]:
        return list(self.provided.get(port.name, ()))

    def one(self, port: One[T]) -> T:
        provisions = self.provisions(port)
        if len(provisions) == 1:
            return cast(T, provisions[0].value)
        if provisions:
            raise PortError(f"The port {port.name!r} is provided twice.")
        if port.default is not None and port.provided_by not in installed_apps():
            return port.default
        raise PortError(
            f"No app provides the port {port.name!r}: the app {port.provided_by!r} should, "
            "in its AppConfig.ready()."
        )

    def keyed(self, port: PerKey[T]) -> dict[str, T]:
        found: dict[str, T] = {}
        for provision in self.provisions(port):
            key = cast(str, provision.key)
            if key in found:
                raise PortError(f"'{key}' is provided twice to the port {port.name!r}.")
            found[key] = cast(T, provision.value)
        return found

    def copy(self) -> Registry:
        provided = {name: list(provisions) for name, provisions in self.provided.items()}
        return Registry(ports=dict(self.ports), provided=provided)

    def problems(self, installed: Collection[str]) -> list[CheckMessage]:
        """The check's errors, given the labels of the installed apps."""
        return [
            problem
            for port in self.ports.values()
            for problem in port.problems(self.provisions(port), installed)
        ]


_active = Registry()


def declare(port: P) -> P:
    """Declare ``port`` (at the import of its app's ``ports`` module) and return it."""
    _active.declare(port)
    return port


@overload
def provide(port: One[T] | Many[T], provider: T, *, by: AppConfig | str) -> None: ...
@overload
def provide(port: PerKey[T], provider: T, *, by: AppConfig | str, key: str) -> None: ...
def provide(port: Port[T], provider: T, *, by: AppConfig | str, key: str | None = None) -> None:
    """Provide ``port`` from the app ``by`` (in its ``AppConfig.ready()``); under ``key`` for a
    port with one provider per key."""
    label = by.label if isinstance(by, AppConfig) else by
    _active.provide(port, provider, by=label, key=None if key is None else str(key))


def discover() -> None:
    """Import every installed app's ``ports`` module, where its ports are declared."""
    autodiscover_modules("ports")


def check_ports(
    app_configs: Sequence[AppConfig] | None = None, **kwargs: Any
) -> list[CheckMessage]:
    """The system check: an Error for each port an installed app should provide and has not,
    and for a port (or a key of one) that wants one provider and got more."""
    discover()
    return _active.problems(installed_apps())


def installed_apps() -> set[str]:
    return {config.label for config in apps.get_app_configs()}


def registry() -> Registry:
    """The registry in use."""
    return _active


@contextmanager
def using(registry: Registry) -> Iterator[Registry]:
    """Read and check the ports through ``registry`` (a copy a test changes) meanwhile."""
    global _active  # swapped back on leaving, whatever happens inside
    previous, _active = _active, registry
    try:
        yield registry
    finally:
        _active = previous


# --- karlchen's own port ---------------------------------------------------------------------

# Which seasons read a tournament (``karlchen.changes.tournament_changed`` turns their cached
# reads over with it): ``lookup(tournament_id)``, the ids of the seasons whose reads show that
# tournament, from the database, in the writing transaction. Only ``seasons`` knows, and it sits
# above everything here; without it no tournament belongs to a season.
SeasonsOf = Callable[[int], list[int]]


def _no_seasons(_tournament_id: int) -> list[int]:
    return []


SEASONS_OF: One[SeasonsOf] = declare(
    One("karlchen.seasons_of", provided_by="seasons", default=_no_seasons)
)

# Which persons' reads show a tournament (``karlchen.changes.tournament_changed`` turns over
# their generation with it, so that a read over everything a person played is one cache round
# trip, as a season's is): ``lookup(tournament_id)``, the ids of the players entered there, from
# the database, in the writing transaction. ``stats`` reads a player's figures over every
# tournament they played; without it no tournament turns a person over.
PlayersOf = Callable[[int], list[int]]


def _no_players(_tournament_id: int) -> list[int]:
    return []


PLAYERS_OF: One[PlayersOf] = declare(
    One("karlchen.players_of", provided_by="stats", default=_no_players)
)

# Told when a task waiting in the outbox (``karlchen.outbox``) has been sent, per prefix of its
# key ("job:<id>"): ``sent(id)``. A job's waiting time counts from its send (``tournaments``).
OUTBOX_SENT: PerKey[Callable[[str], None]] = declare(
    PerKey("karlchen.outbox_sent", provided_by={"job": "tournaments"})
)

# The action codes of each app that writes a log, worded in that app (``karlchen.log``): its
# ``LogCode`` enum, handed over in its ``AppConfig.ready()``, so an entry is worded by the app that
# wrote it whichever log it is in and whoever shows it.
LOG_CODES: Many[type[LogCode]] = declare(
    Many(
        "karlchen.log_codes",
        provided_by=(
            *("clubs", "people", "tournaments", "seating", "scoring", "results", "seasons"),
            *("teams", "signups", "competitions", "leagues", "cups", "registry", "printing"),
        ),
    )
)
