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
        unit = _("lists") if rule.unit is Unit.LIST else _("evenings")
        lines.append(
            _("Only the best %(best)s %(unit)s count.") % {"best": rule.best, "unit": unit}
        )
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
            _("%(points)s bonus points per evening played.") % {"points": rule.attendance_bonus}
        )
    if rule.window_months:
        lines.append(_("Evenings of the last %(months)s months.") % {"months": rule.window_months})
    if rule.ranking_only:
        lines.append(_("Ranking tournaments only."))
    if rule.tie_breaks:
        names = ", ".join(tie_break_label(name) for name in rule.tie_breaks)
        lines.append(_("Ties: %(criteria)s.") % {"criteria": names})
    return lines
