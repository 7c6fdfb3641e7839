"""Refusals of the domain layer besides ``DealRejected`` (a 400): conflicts and missing rows."""

from scoring.engine import DealRejected, Problem


class Conflict(Exception):
    """The write lost a race or repeats a key for another request (HTTP 409)."""

    def __init__(self, code: str, field: str = "body", **params: object):
        self.problem = Problem(code, field, params)
        super().__init__(f"{field}: {code}")


class Gone(Exception):
    """The thing to write to is there but closed for this writer (HTTP 403)."""

    def __init__(self, code: str, field: str = "body", **params: object):
        self.problem = Problem(code, field, params)
        super().__init__(f"{field}: {code}")


def rejected(code: str, field: str, **params: object) -> DealRejected:
    """A refusal with a single problem."""
    return DealRejected([Problem(code, field, params)])
