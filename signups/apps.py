from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class SignupsConfig(AppConfig):
    name = "signups"
    verbose_name = _("Sign-up and money")

    def ready(self) -> None:
        # The spectators' ranking page and the frozen snapshot are results', which cannot
        # import signups: the category rankings are handed over through its ports, as the
        # teams' are (results.sections, results.parts).
        from results.parts import ResultsPart, register_part  # noqa: PLC0415 -- app ready
        from results.sections import register_section  # noqa: PLC0415 -- app ready
        from signups.domain import categories  # noqa: PLC0415 -- app ready
        from signups.sections import category_section  # noqa: PLC0415 -- app ready

        register_section(category_section)
        register_part(
            ResultsPart(
                name=categories.PART,
                frozen=categories.frozen_category_rankings,
                export=categories.export_categories,
                restore=categories.restore_categories,
                restore_frozen=categories.restore_frozen,
                tables=lambda tournament: [categories.category_table(tournament)],
            )
        )
        # A withdrawal at the desk or through the API frees a place: the waiting list moves
        # up in its transaction (tournaments.ports).
        from signups.domain.places import fill_freed_places  # noqa: PLC0415 -- app ready
        from tournaments.ports import provide_places  # noqa: PLC0415 -- app ready

        provide_places(fill_freed_places)
