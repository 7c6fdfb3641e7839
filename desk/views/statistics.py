"""The statistics' downloads at the desk (``stats.domain.exports``): a player's (by whoever
manages the person) and a tournament's (by whoever may see the tournament at the desk), as
CSV or XLSX."""

from __future__ import annotations

from django.http import Http404, HttpResponse
from django.utils.text import slugify

from desk.views.base import OrganiserView
from desk.views.finish import EXPORTS
from desk.views.registry import RegistryView
from stats.domain.exports import FORMATS, player_export, tournament_export


def _download(content: bytes, kind: str, stem: str) -> HttpResponse:
    response = HttpResponse(content, content_type=EXPORTS[kind][0])
    response["Content-Disposition"] = f'attachment; filename="{stem}-statistics.{kind}"'
    response["Cache-Control"] = "private, no-store"
    return response


class PlayerStatisticsExportView(RegistryView):
    def get(self, request, player_id: int, kind: str):
        if kind not in FORMATS:
            raise Http404
        player = self.player(player_id)
        return _download(player_export(player, kind), kind, f"player-{player.pk}")


class TournamentStatisticsExportView(OrganiserView):
    def get(self, request, tournament_id: int, kind: str):
        if kind not in FORMATS:
            raise Http404
        content = tournament_export(self.tournament, kind, by=self.actor)
        stem = slugify(f"{self.tournament.name}-{self.tournament.date}") or "tournament"
        return _download(content, kind, stem)
