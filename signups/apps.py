from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class SignupsConfig(AppConfig):
    name = "signups"
    verbose_name = _("Sign-up and money")

    def ready(self) -> None:
        # The spectators' ranking page and the frozen snapshot are results', which cannot
        # import signups: the category rankings are handed over through its ports, as the
        # teams' are (results.ports).
        from karlchen.ports import provide  # noqa: PLC0415 -- app ready
        from results.parts import ResultsPart  # noqa: PLC0415 -- app ready
        from results.ports import RESULTS_PARTS, SECTIONS  # noqa: PLC0415 -- app ready
        from signups.domain import categories  # noqa: PLC0415 -- app ready
        from signups.sections import category_section  # noqa: PLC0415 -- app ready

        provide(SECTIONS, category_section, by=self)
        part = ResultsPart(
            name=categories.PART,
            frozen=categories.frozen_category_rankings,
            export=categories.export_categories,
            restore=categories.restore_categories,
            restore_frozen=categories.restore_frozen,
            tables=lambda tournament: [categories.category_table(tournament)],
        )
        provide(RESULTS_PARTS, part, by=self, key=part.name)
        # A withdrawal at the desk or through the API frees a place: the waiting list moves
        # up in its transaction (tournaments.ports).
        from signups.domain.places import fill_freed_places  # noqa: PLC0415 -- app ready
        from tournaments.ports import PLACES_FREED  # noqa: PLC0415 -- app ready

        provide(PLACES_FREED, fill_freed_places, by=self)

        # Its log codes, worded here, for whoever shows an entry (karlchen.log).
        from karlchen.log import provide_codes  # noqa: PLC0415 -- app ready
        from signups.log import SignupCode  # noqa: PLC0415 -- app ready

        provide_codes(self, SignupCode)
