from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class PeopleConfig(AppConfig):
    name = "people"
    verbose_name = _("People")

    def ready(self) -> None:
        # Its log codes, worded here, for whoever shows an entry (karlchen.log).
        from karlchen.log import provide_codes  # noqa: PLC0415 -- app ready
        from people.log import PeopleCode  # noqa: PLC0415 -- app ready

        provide_codes(self, PeopleCode)
