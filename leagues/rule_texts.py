"""A division's table rule in words, for its pages and its PDF (docs/TEAMS.md, "Leagues")."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext_lazy

# After "Ordered by": German declines them there (nach Siegpunkten), unlike a column's header.
CRITERIA = {
    "ranking_points": pgettext_lazy("ordered by", "ranking points"),
    "game_points": pgettext_lazy("ordered by", "game points"),
    "day_wins": pgettext_lazy("ordered by", "day wins"),
    "head_to_head": pgettext_lazy("ordered by", "head to head"),
    "best_day": pgettext_lazy("ordered by", "best day"),
}


def rule_words(rule: dict[str, Any]) -> list[str]:
    """A division's table rule in words (docs/TEAMS.md, "Leagues")."""
    points = rule["points_table"]
    ties = {
        "average": _("equal day scores share the average of their places' points"),
        "better": _("equal day scores each earn the better place's points"),
        "worse": _("equal day scores each earn the worse place's points"),
    }
    lines = [
        _("Ranking points by place in the group: %(points)s")
        % {"points": " / ".join(map(str, points))}
        if points
        else _("Ranking points by place: the group's size downwards"),
        ties[rule["day_ties"]],
        _("Ordered by %(criteria)s")
        % {"criteria": ", ".join(str(CRITERIA[name]) for name in rule["order"])},
    ]
    if promoted := rule["promoted"]:
        lines.append(
            ngettext(
                "The best team is marked for promotion",
                "The best %(count)s teams are marked for promotion",
                promoted,
            )
            % {"count": promoted}
        )
    if relegated := rule["relegated"]:
        lines.append(
            ngettext(
                "The last team is marked for relegation",
                "The last %(count)s teams are marked for relegation",
                relegated,
            )
            % {"count": relegated}
        )
    lines.append(_("A team that has not played yet is listed without a rank or a mark"))
    return lines
