"""What one request reads once and asks for again: kept for that request alone.

``RequestMemoMiddleware`` (karlchen/settings.py) opens a memo for each request and drops it
when the request is answered; ``request_memo()`` is that memo, or None outside a request (a
worker, a command, a test calling a function): whoever keeps something there reads it again
without one. ``forget()`` empties it, for a change that makes what it holds stale (a role given
or taken in the middle of a request, ``clubs.access``).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from contextvars import ContextVar
from typing import Any, TypeVar

T = TypeVar("T")

_memo: ContextVar[dict[Any, Any] | None] = ContextVar("karlchen_request_memo", default=None)


def request_memo() -> dict[Any, Any] | None:
    """The current request's memo, or None outside a request."""
    return _memo.get()


def remembered(key: Hashable, read: Callable[[], T]) -> T:
    """What ``read()`` gives, read once in a request under ``key``; read each time outside one."""
    memo = _memo.get()
    if memo is None:
        return read()
    if key not in memo:
        memo[key] = read()
    return memo[key]


def forget(*_args: Any, **_kwargs: Any) -> None:
    """Empty the current request's memo (a signal receiver too: it takes any arguments)."""
    memo = _memo.get()
    if memo:
        memo.clear()


class RequestMemoMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        token = _memo.set({})
        try:
            return self.get_response(request)
        finally:
            _memo.reset(token)
