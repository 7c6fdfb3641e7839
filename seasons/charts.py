"""A player's season as a line chart: the points added up evening by evening."""

from __future__ import annotations

from results.charts import Chart, course_chart


def season_course(evenings: list[dict]) -> Chart:
    """The player's points after each evening of the season (missed ones add nothing)."""
    total, points = 0, []
    for number, evening in enumerate(evenings, start=1):
        total += evening["points"]
        points.append({"series": number, "total": total})
    return course_chart(points)
