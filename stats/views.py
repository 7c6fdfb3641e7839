"""The statistics' own spectator answer: the beamer's evening in figures as its page script
refreshes it (``/t/<id>/beamer/figures/``)."""

from __future__ import annotations

from django.http import Http404

from karlchen.api.etags import json_answer
from stats.sections import evening_strip


def beamer_figures(request, tournament_id: int):
    """The evening in figures as HTML (empty while a series is seated or played), with its
    ETag; a 304 while the page has it; a 404 where the public may not see the tournament."""
    strip = evening_strip(tournament_id)
    if strip is None:
        raise Http404
    return json_answer(request, strip, content_type="text/html; charset=utf-8")
