"""How pages word a season's ranking rule and its tie-breaks (in the reader's language)."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from seasons.engine.ranking import Aggregate, Missed, RankingRule, Scoring, TieBreak, Unit

TIE_BREAKS = {
    TieBreak.AVERAGE: gettext_lazy("average per list"),
    TieBreak.EVENINGS_WON: gettext_lazy("evenings won"),
    TieBreak.BEST_EVENING: gettext_lazy("best evening"),
    TieBreak.HEAD_TO_HEAD: gettext_lazy("head to head"),
    TieBreak.EVENINGS_PLAYED: gettext_lazy("evenings played"),
    TieBreak.LISTS_PLAYED: gettext_lazy("lists played"),
}


def tie_break_label(name: str) -> str:
    return str(TIE_BREAKS[TieBreak(name)])


def rule_summary(rule: RankingRule) -> list[str]:
    """The rule in a few sentences, for the season's page."""
    lines = []
    if rule.scoring is Scoring.PLACEMENT:
        if rule.placement_table:
            table = "/".join(str(points) for points in rule.placement_table)
            lines.append(_("Placement points per evening: %(table)s.") % {"table": table})
        else:
            lines.append(_("One point per evening for every player beaten."))
    else:
        lines.append(_("Each evening counts its points (penalties included)."))
    if rule.aggregate is Aggregate.AVERAGE:
        lines.append(_("Ranked by the average per list."))
    else:
        lines.append(_("Ranked by the total."))
    if rule.best is not None:
        if rule.unit is Unit.LIST:
            best = ngettext(
                "Only the best list counts.", "Only the best %(best)s lists count.", rule.best
            )
        else:
            best = ngettext(
                "Only the best evening counts.", "Only the best %(best)s evenings count.", rule.best
            )
        lines.append(best % {"best": rule.best})
    if rule.missed is Missed.ZERO:
        lines.append(_("A missed evening counts 0."))
    if rule.min_lists:
        lines.append(
            ngettext(
                "Ranked from %(count)s list on.", "Ranked from %(count)s lists on.", rule.min_lists
            )
            % {"count": rule.min_lists}
        )
    if rule.attendance_bonus:
        lines.append(
            ngettext(
                "%(points)s bonus point per evening played.",
                "%(points)s bonus points per evening played.",
                rule.attendance_bonus,
            )
            % {"points": rule.attendance_bonus}
        )
    if rule.window_months:
        lines.append(
            ngettext(
                "Evenings of the last month.",
                "Evenings of the last %(months)s months.",
                rule.window_months,
            )
            % {"months": rule.window_months}
        )
    if rule.ranking_only:
        lines.append(_("Ranking tournaments only."))
    if rule.tie_breaks:
        names = ", ".join(tie_break_label(name) for name in rule.tie_breaks)
        lines.append(_("Ties: %(criteria)s.") % {"criteria": names})
    return lines
