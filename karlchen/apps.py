from django.apps import AppConfig
from django.core import checks
from django.utils.translation import gettext_lazy as _


class KarlchenConfig(AppConfig):
    """The project's own app: the pages every audience shares (``templates/base.html``, the
    start page) and the Celery app, loaded with Django so every ``delay()`` finds its broker;
    the log lines of login lockouts (``logins``); the German order of names on SQLite
    (``name_order``); the ports through which apps hand functions
    down the map, and the system check that each is provided (``ports``)."""

    name = "karlchen"
    verbose_name = _("Karlchen")

    def ready(self) -> None:
        from karlchen import celery, logins, name_order, ports  # noqa: F401, PLC0415 -- app ready

        ports.discover()
        checks.register(ports.check_ports)
