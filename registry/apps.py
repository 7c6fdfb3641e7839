from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class RegistryConfig(AppConfig):
    name = "registry"
    verbose_name = _("Player registry")

    def ready(self) -> None:
        # The spectators' ranking is results', which cannot import the registry: the links to
        # the players' public profiles are handed over through its port (results.ports).
        from karlchen.ports import provide  # noqa: PLC0415 -- app ready
        from registry.sections import profile_section  # noqa: PLC0415 -- app ready
        from results.ports import SECTIONS  # noqa: PLC0415 -- app ready

        provide(SECTIONS, profile_section, by=self)

        # Its log codes, worded here, for whoever shows an entry (karlchen.log).
        from karlchen.log import provide_codes  # noqa: PLC0415 -- app ready
        from registry.log import RegistryCode  # noqa: PLC0415 -- app ready

        provide_codes(self, RegistryCode)
