"""What each engine refusal code means, in the user's language.

The engines stay free of translations: they name a code, a field and parameters; this module is
the one place that turns them into sentences. Every code an engine can raise has a message here
(a test checks it), and the API documentation lists them from this table.
"""

from django.utils.translation import gettext_lazy as _

from scoring.engine.common import Problem

ENGINE_MESSAGES = {
    # rule sets
    "unknown_preset": _("The rule preset “%(preset)s” is not known."),
    "unknown_option": _("The rule option “%(option)s” is not known."),
    "invalid_option": _("The value of the rule option “%(option)s” is not valid."),
    # contract
    "unknown_contract": _("The game “%(contract)s” is not known."),
    "contract_not_allowed": _("The game “%(contract)s” is not allowed by this rule set."),
    "solo_type_required": _("A solo needs its type (e.g. diamonds, queens, jacks)."),
    "unknown_solo_type": _("The solo type “%(solo)s” is not known."),
    "solo_type_not_enabled": _("The solo type “%(solo)s” is not allowed by this rule set."),
    "solo_type_not_allowed": _("Only a solo has a solo type, not a “%(contract)s” game."),
    # seats and parties
    "seats_count": _("Exactly %(expected)s players take part in a deal, not %(given)s."),
    "seats_duplicate": _("A seat is listed twice."),
    "seat_out_of_range": _("Seat %(seat)s does not exist; seats are numbered 1 to %(max)s."),
    "re_count": _("This game has %(expected)s Re player(s), not %(given)s."),
    "re_duplicate": _("A Re player is listed twice."),
    "re_not_seated": _("Seat %(seat)s does not play in this deal."),
    "not_seated": _("This player does not play in this deal."),
    # card points and tricks
    "points_range": _("Card points must be between %(min)s and %(max)s."),
    "points_sum": _("Re and Kontra must have %(total)s card points together."),
    "points_impossible": _("No deal can end with %(points)s card points for one side."),
    "tricks_required": _("A side without card points: please enter the number of tricks."),
    "tricks_range": _("The number of tricks must be between %(min)s and %(max)s."),
    "tricks_inconsistent": _("The number of tricks does not fit the card points."),
    # announcements and extra points
    "unknown_announcement": _("The announcement “%(level)s” is not known for this party."),
    "extras_in_solo": _("There are no extra points in a solo."),
    "unknown_extra": _("The extra point “%(extra)s” is not known."),
    "extra_not_enabled": _("The extra point “%(extra)s” is not used by this rule set."),
    "unknown_party": _("The party “%(party)s” is not known; use re or kontra."),
    "extra_too_many": _("The extra point “%(extra)s” can happen at most %(max)s times."),
    "last_trick_conflict": _("Only one party can win the last trick."),
    "fox_last_trick_without_fox": _("A fox in the last trick must also be entered as a fox."),
    "extra_exceeds_points": _("The extra point “%(extra)s” does not fit the card points."),
    # Schafkopf
    "partner_required": _("A Rufer needs the partner (the holder of the called ace)."),
    "partner_is_declarer": _("The partner cannot be the declarer."),
    "partner_not_allowed": _("Only a Rufer has a partner."),
    "suit_required": _("This game needs its suit."),
    "unknown_suit": _("The suit “%(suit)s” is not known."),
    "rufer_hearts": _("The ace of hearts cannot be called."),
    "suit_not_allowed": _("A Wenz has no suit."),
    "laufende_below_minimum": _("Laufende count only from %(min)s; enter 0 below that."),
    "laufende_range": _("At most %(max)s Laufende are possible in this game."),
    "sie_not_won": _("A Sie wins every trick: 120 card points and 8 tricks."),
}


def problem_message(problem: Problem) -> str:
    """The translated sentence for ``problem`` in the active language."""
    template = ENGINE_MESSAGES[problem.code]
    return str(template) % dict(problem.params) if problem.params else str(template)


def problem_errors(problems) -> list[dict[str, str]]:
    """Engine problems in the API's error format, messages in the active language."""
    return [
        {"field": problem.field, "code": problem.code, "message": problem_message(problem)}
        for problem in problems
    ]
