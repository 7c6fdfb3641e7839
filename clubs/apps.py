from django.apps import AppConfig
from django.utils.translation import pgettext_lazy


class ClubsConfig(AppConfig):
    name = "clubs"
    # "Clubs" alone is also the suit (Kreuz): the app's name has its own context
    verbose_name = pgettext_lazy("clubs as homes", "Clubs")

    def ready(self) -> None:
        # Its log codes, worded here, for whoever shows an entry (karlchen.log).
        from clubs.log import ClubCode  # noqa: PLC0415 -- app ready
        from karlchen.log import provide_codes  # noqa: PLC0415 -- app ready

        provide_codes(self, ClubCode)
