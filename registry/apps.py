from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class RegistryConfig(AppConfig):
    name = "registry"
    verbose_name = _("Player registry")

    def ready(self) -> None:
        # The spectators' ranking is results', which cannot import the registry: the links to
        # the players' public profiles are handed over through its port (results.sections).
        from registry.sections import profile_section  # noqa: PLC0415 -- app ready
        from results.sections import register_section  # noqa: PLC0415 -- app ready

        register_section(profile_section)
