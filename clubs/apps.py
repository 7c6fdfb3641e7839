from django.apps import AppConfig
from django.utils.translation import pgettext_lazy


class ClubsConfig(AppConfig):
    name = "clubs"
    # "Clubs" alone is also the suit (Kreuz): the app's name has its own context
    verbose_name = pgettext_lazy("clubs as homes", "Clubs")
