"""Who acts: every domain operation takes the acting person, and the log names them.

An organiser is a signed-in user; a table's captain is a phone signed in by the table's secret
link (no user, a label); the system is Karlchen itself (a task, a sweep, a command).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any


class Role(StrEnum):
    ORGANISER = "organiser"
    CAPTAIN = "captain"
    SYSTEM = "system"


@dataclass(frozen=True)
class Actor:
    user: Any | None  # the signed-in user (an organiser), None for a captain or the system
    label: str
    role: Role = Role.CAPTAIN

    @classmethod
    def of_user(cls, user: Any) -> Actor:
        """A signed-in organiser (or an admin fixing data)."""
        return cls(user=user, label=user.get_username(), role=Role.ORGANISER)

    @classmethod
    def captain(cls, label: str) -> Actor:
        return cls(user=None, label=label, role=Role.CAPTAIN)

    @classmethod
    def system(cls, label: str = "Karlchen") -> Actor:
        return cls(user=None, label=label, role=Role.SYSTEM)

    @property
    def organiser(self) -> bool:
        """Organisers may write where captains may not (a closed series, any table)."""
        return self.role is Role.ORGANISER
