"""Routes of the tournament and table API (under /api/v1/)."""

from django.urls import path, register_converter

from scoring.api.deal_views import (
    ConfirmDealApi,
    DealApi,
    PreviewDealApi,
    RecordDealApi,
    TableSheetApi,
    TableStateApi,
)
from tournaments.api.document_views import DocumentFileApi, StartDocumentsApi
from tournaments.api.job_views import JobApi, StartSeatingApi
from tournaments.api.live_views import PlayerApi, SeriesListApi, StandingsApi
from tournaments.api.series_views import (
    CallTimeApi,
    CaptainTokenApi,
    CloseSeriesApi,
    SeatSeriesApi,
    SeriesTablesApi,
)
from tournaments.api.views import (
    EntriesApi,
    EntryUpdateApi,
    TournamentApi,
    TournamentsApi,
)


class IdConverter:
    """A positive number short enough for any database integer; longer ones are a 404."""

    regex = "[0-9]{1,18}"

    def to_python(self, value: str) -> int:
        return int(value)

    def to_url(self, value: int) -> str:
        return str(value)


register_converter(IdConverter, "id")

TOURNAMENT = "tournaments/<id:tournament_id>/"
SERIES = TOURNAMENT + "series/<id:number>/"
TABLE = "tables/<id:table_id>/"

urlpatterns = [
    path("tournaments/", TournamentsApi.as_view(), name="tournaments"),
    path(TOURNAMENT, TournamentApi.as_view(), name="tournament"),
    path(TOURNAMENT + "entries/", EntriesApi.as_view(), name="entries"),
    path(TOURNAMENT + "entries/<id:entry_id>/", EntryUpdateApi.as_view(), name="entry"),
    path(TOURNAMENT + "standings/", StandingsApi.as_view(), name="standings"),
    path(TOURNAMENT + "players/<id:entry_id>/", PlayerApi.as_view(), name="player"),
    path(TOURNAMENT + "series/", SeriesListApi.as_view(), name="series-list"),
    path(TOURNAMENT + "seatings/", StartSeatingApi.as_view(), name="seatings"),
    path(TOURNAMENT + "documents/", StartDocumentsApi.as_view(), name="documents"),
    path("jobs/<id:job_id>/", JobApi.as_view(), name="job"),
    path("jobs/<id:job_id>/files/<str:name>", DocumentFileApi.as_view(), name="job-file"),
    path(SERIES + "tables/", SeriesTablesApi.as_view(), name="series-tables"),
    path(SERIES + "seating/", SeatSeriesApi.as_view(), name="series-seating"),
    path(SERIES + "call-time/", CallTimeApi.as_view(), name="series-call-time"),
    path(SERIES + "close/", CloseSeriesApi.as_view(), name="series-close"),
    path(TABLE, TableStateApi.as_view(), name="table"),
    path(TABLE + "sheet/", TableSheetApi.as_view(), name="table-sheet"),
    path(TABLE + "deals/", RecordDealApi.as_view(), name="deals"),
    path(TABLE + "deals/preview/", PreviewDealApi.as_view(), name="deal-preview"),
    path(TABLE + "deals/<id:number>/", DealApi.as_view(), name="deal"),
    path(TABLE + "deals/<id:number>/confirmation/", ConfirmDealApi.as_view(), name="deal-confirm"),
    path(TABLE + "captain-token/", CaptainTokenApi.as_view(), name="table-captain-token"),
]
