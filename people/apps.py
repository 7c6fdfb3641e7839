from typing import Any

from django.apps import AppConfig
from django.db.models.signals import post_delete, post_save
from django.utils.translation import gettext_lazy as _


class PeopleConfig(AppConfig):
    name = "people"
    verbose_name = _("People")

    def ready(self) -> None:
        # Its log codes, worded here, for whoever shows an entry (karlchen.log).
        from karlchen.log import provide_codes  # noqa: PLC0415 -- app ready
        from people.log import PeopleCode  # noqa: PLC0415 -- app ready

        provide_codes(self, PeopleCode)

        # The search's normal form in SQL needs two functions SQLite lacks (people.domain.search).
        from django.db.backends.signals import connection_created  # noqa: PLC0415 -- app ready

        from people.domain.search import register_on_sqlite  # noqa: PLC0415 -- app ready

        connection_created.connect(register_on_sqlite, dispatch_uid="people-search-sqlite")

        # Every write of a person or a membership, wherever it happens (entering a new player at
        # any desk, an import, a merge, an erasure), turns the registry's cached reads over.
        from people.models import Membership, Player  # noqa: PLC0415 -- app ready

        for model in (Player, Membership):
            post_save.connect(_registry_changed, sender=model, dispatch_uid=f"registry-{model}")
            post_delete.connect(_registry_changed, sender=model, dispatch_uid=f"registry-{model}")


def _registry_changed(**_kwargs: Any) -> None:
    from karlchen.changes import registry_changed  # noqa: PLC0415 -- loaded after the apps

    registry_changed()
