"""Routes of the scoring API: the score preview, a series' tables and every /tables/ endpoint."""

from django.urls import path

from karlchen.api.paths import SERIES, TABLE
from scoring.api.deal_views import (
    ConfirmDealApi,
    DealApi,
    PreviewDealApi,
    RecordDealApi,
    TableSheetApi,
    TableStateApi,
)
from scoring.api.series_views import (
    CallTimeApi,
    CaptainTokenApi,
    CloseSeriesApi,
    SeatSeriesApi,
    SeriesTablesApi,
)
from scoring.api.views import ScorePreviewApi

urlpatterns = [
    path("score-preview/", ScorePreviewApi.as_view(), name="score-preview"),
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
