"""How Karlchen says no: one vocabulary for every refusal, from the engines up to the API.

Pure Python (no Django): the engines raise these too. A refusal carries stable codes, the
dotted path of the input it is about and the parameters of its message; ``karlchen.messages``
words them in the reader's language and the API answers them in its one error format.

- ``Refused``: the input cannot be accepted as asked (HTTP 400); every problem found at once.
- ``Conflict``: the write lost a race or repeats a key for another request (HTTP 409).
- ``Closed``: the thing to write to is there but closed for this writer (HTTP 403).
- ``InvariantViolation``: Karlchen computed something impossible: a bug, never shown as a refusal.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Problem:
    """One reason for a refusal.

    ``field`` is the dotted path of the offending input, e.g. ``deal.re_points`` or
    ``deal.extras.1.type``; a bare object name (``deal``, ``series``) names a contradiction of
    the whole. ``params`` fill the placeholders of the translated message.
    """

    code: str
    field: str
    # dataclasses.field: the attribute ``field`` above hides a bare ``field`` in the class body
    params: Mapping[str, object] = dataclasses.field(default_factory=dict)


class Refused(ValueError):
    """Something the rules do not allow, as asked: a user error, with every problem found."""

    def __init__(self, problems: Iterable[Problem]) -> None:
        self.problems = tuple(problems)
        super().__init__("; ".join(f"{p.field}: {p.code}" for p in self.problems))

    @classmethod
    def one(cls, code: str, field: str, **params: object) -> Refused:
        """A refusal with a single problem."""
        return cls([Problem(code, field, params)])

    @property
    def problem(self) -> Problem:
        """The first problem (a refusal of an engine that stops at the first one has one)."""
        return self.problems[0]

    @property
    def code(self) -> str:
        return self.problem.code

    @property
    def field(self) -> str:
        return self.problem.field

    @property
    def params(self) -> Mapping[str, object]:
        return self.problem.params


class OneRefusal(Refused):
    """The refusal of an engine that stops at its first problem: built from one code, field and
    parameters (the series and seating engines raise subclasses of it)."""

    def __init__(self, code: str, field: str, params: Mapping[str, object]) -> None:
        super().__init__([Problem(code, field, params)])


def refused(code: str, field: str, **params: object) -> Refused:
    """A refusal with a single problem (to ``raise``)."""
    return Refused.one(code, field, **params)


class _SingleProblem(Exception):
    def __init__(self, code: str, field: str = "body", **params: object) -> None:
        self.problem = Problem(code, field, params)
        super().__init__(f"{field}: {code}")


class Conflict(_SingleProblem):
    """The write lost a race or repeats a key for another request (HTTP 409)."""


class Closed(_SingleProblem):
    """The thing to write to is there but closed for this writer (HTTP 403)."""


class InvariantViolation(AssertionError):
    """Karlchen computed something impossible (e.g. points that do not sum to 0): a bug."""


class Problems:
    """Collects problems while validating, so that all of them are reported together."""

    def __init__(self) -> None:
        self._found: list[Problem] = []

    def add(self, code: str, field: str, **params: object) -> None:
        self._found.append(Problem(code, field, params))

    @property
    def found(self) -> bool:
        return bool(self._found)

    def raise_if_any(self) -> None:
        if self._found:
            raise Refused(self._found)
