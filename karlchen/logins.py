"""Password logins that cannot be guessed: django-axes counts the failures, this module tells.

Every password login (the desk's and the admin's sign-in forms, HTTP Basic on the API) runs
through ``django.contrib.auth.authenticate``, where axes' backend refuses a locked-out account or
address and axes' signal handler counts each failure (settings ``AXES_*``, from the
``LOGIN_*`` environment). Here: the client's address as the API's rate limits see it, the
answer a locked-out client gets (the API's error format, or a translated page), and the log
lines of a lockout and of its release (by the admin, ``manage.py axes_reset`` or the cool-off).
"""

from __future__ import annotations

import logging
from datetime import timedelta

from axes.helpers import get_cool_off, get_failure_limit
from axes.models import AccessAttempt
from axes.signals import user_locked_out
from django.db.models.signals import post_delete
from django.dispatch import receiver
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils import timezone
from django.utils.translation import gettext as _
from rest_framework.throttling import BaseThrottle

from karlchen.strict_input import BODY, error

log = logging.getLogger(__name__)

API_PREFIX = "/api/"
LOCKED_OUT = "locked_out"  # the API's error code


def client_address(request: HttpRequest) -> str | None:
    """The client's address exactly as the API's rate limits take it (``NUM_PROXIES`` entries
    from the end of ``X-Forwarded-For``, else ``REMOTE_ADDR``): a client cannot claim a fresh
    address to get fresh guesses."""
    return BaseThrottle().get_ident(request)  # type: ignore[arg-type]  # reads only META


def lockout_message(cool_off: timedelta | None) -> str:
    if not cool_off:
        return _("Too many failed sign-ins. The site's administrator must release the lock.")
    minutes = max(1, round(cool_off.total_seconds() / 60))
    return _(
        "Too many failed sign-ins: signing in is locked for up to %(minutes)s min. "
        "The site's administrator can release the lock earlier."
    ) % {"minutes": minutes}


def lockout_response(request, original_response=None, credentials=None) -> HttpResponse:
    """What a locked-out client gets (``AXES_LOCKOUT_CALLABLE``): 429 with ``Retry-After``; on
    the API in its error format, elsewhere (desk, admin) a page in the client's language."""
    cool_off = get_cool_off(request)
    message = lockout_message(cool_off)
    headers = {"Retry-After": str(int(cool_off.total_seconds()))} if cool_off else {}
    if request.path.startswith(API_PREFIX):
        body = {"errors": [error(BODY, LOCKED_OUT, message)]}
        return JsonResponse(body, status=429, headers=headers)
    response = render(request, "locked_out.html", {"message": message}, status=429)
    for name, value in headers.items():
        response[name] = value
    return response


@receiver(user_locked_out, dispatch_uid="karlchen.logins.locked_out")
def log_lockout(sender, request, username, ip_address, **kwargs) -> None:
    """The failure that locks is a warning; each login refused while locked (axes signals them
    too, without counting them) only a line at INFO."""
    failures = getattr(request, "axes_failures_since_start", None)
    path = getattr(request, "path", "")
    if failures is None:
        log.info(
            "Login refused, locked out: username=%r address=%s path=%s", username, ip_address, path
        )
        return
    log.warning(
        "Login locked out after %s failed attempts: username=%r address=%s path=%s",
        failures,
        username,
        ip_address,
        path,
    )


@receiver(post_delete, sender=AccessAttempt, dispatch_uid="karlchen.logins.released")
def log_release(sender, instance: AccessAttempt, **kwargs) -> None:
    """A failure record removed while it still counts is a release (the admin, ``axes_reset``):
    logged as a warning. One removed after its cool-off (axes cleans them up at each login) is
    logged only where it had locked, as expired."""
    cool_off = get_cool_off()
    counting = cool_off is None or instance.attempt_time > timezone.now() - cool_off
    if counting:
        log.warning(
            "Login failures released: username=%r address=%s (%s failed attempts)",
            instance.username,
            instance.ip_address,
            instance.failures_since_start,
        )
    elif instance.failures_since_start >= get_failure_limit(None, None):
        log.info(
            "Login lockout expired: username=%r address=%s", instance.username, instance.ip_address
        )
