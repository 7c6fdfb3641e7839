from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class SignupsConfig(AppConfig):
    name = "signups"
    verbose_name = _("Sign-up and money")
