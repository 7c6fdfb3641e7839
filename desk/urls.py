"""The organiser's desk under /desk/: the pages in the evening's order."""

from django.contrib.auth import views as auth_views
from django.urls import path

from desk.views import (
    clubs,
    cups,
    entries,
    finish,
    leagues,
    money,
    overview,
    people,
    registry,
    seasons,
    series,
    setup,
    signups,
    squads,
    statistics,
    tables,
    teams,
)

app_name = "desk"
TOURNAMENT = "<int:tournament_id>/"
SERIES = TOURNAMENT + "series/<int:number>/"
TABLE = TOURNAMENT + "tables/<int:table_id>/"

urlpatterns = [
    path("", setup.DeskHomeView.as_view(), name="home"),
    path("login/", auth_views.LoginView.as_view(template_name="desk/login.html"), name="login"),
    path("logout/", auth_views.LogoutView.as_view(next_page="desk:login"), name="logout"),
    path("new/", setup.TournamentCreateView.as_view(), name="new"),
    path("import/", setup.ArchiveImportView.as_view(), name="import"),
    path("seasons/", seasons.SeasonsView.as_view(), name="seasons"),
    path("seasons/<int:season_id>/", seasons.SeasonDeskView.as_view(), name="season"),
    path(
        "seasons/import/", seasons.SeasonArchiveImportView.as_view(), name="season-archive-import"
    ),
    path(
        "seasons/<int:season_id>/archive/",
        seasons.SeasonArchiveView.as_view(),
        name="season-archive",
    ),
    path(
        "seasons/<int:season_id>/export/<str:kind>/",
        seasons.SeasonExportDeskView.as_view(),
        name="season-export",
    ),
    path("seasons/<int:season_id>/league/", leagues.LeagueDeskView.as_view(), name="league"),
    path(
        "seasons/<int:season_id>/league/divisions/<int:division_id>/",
        leagues.DivisionDeskView.as_view(),
        name="league-division",
    ),
    path(
        "seasons/<int:season_id>/league/days/<int:number>/",
        leagues.MatchDayDeskView.as_view(),
        name="league-day",
    ),
    path(
        "seasons/<int:season_id>/squads/<int:team_id>/",
        squads.SquadDeskView.as_view(),
        name="squad",
    ),
    path("players/", registry.PlayersView.as_view(), name="players"),
    path("people/search/", people.PeopleSearchView.as_view(), name="people-search"),
    path("players/merge/", registry.MergeView.as_view(), name="players-merge"),
    path("players/<int:player_id>/", registry.PlayerDeskView.as_view(), name="player"),
    path(
        "players/<int:player_id>/export/",
        registry.PlayerExportView.as_view(),
        name="player-export",
    ),
    path(
        "players/<int:player_id>/statistics/<str:kind>/",
        statistics.PlayerStatisticsExportView.as_view(),
        name="player-statistics",
    ),
    path("clubs/", clubs.ClubsView.as_view(), name="clubs"),
    path("clubs/<int:club_id>/", clubs.ClubView.as_view(), name="club"),
    path("invitations/<str:token>/", clubs.InvitationView.as_view(), name="invitation"),
    path("cups/", cups.CupsView.as_view(), name="cups"),
    path("cups/import/", cups.CupArchiveImportView.as_view(), name="cup-archive-import"),
    path("cups/<int:cup_id>/", cups.CupDeskView.as_view(), name="cup"),
    path(
        "cups/<int:cup_id>/matches/<int:match_id>/",
        cups.CupMatchDeskView.as_view(),
        name="cup-match",
    ),
    path("cups/<int:cup_id>/print/", cups.CupPrintView.as_view(), name="cup-print"),
    path("cups/<int:cup_id>/archive/", cups.CupArchiveView.as_view(), name="cup-archive"),
    path(TOURNAMENT, overview.EveningView.as_view(), name="evening"),
    path(TOURNAMENT + "setup/", setup.TournamentSettingsView.as_view(), name="settings"),
    path(TOURNAMENT + "entries/", entries.EntriesView.as_view(), name="entries"),
    path(TOURNAMENT + "entries/upload/", entries.EntryUploadView.as_view(), name="upload"),
    path(
        TOURNAMENT + "entries/check-in-all/", entries.CheckInAllView.as_view(), name="check-in-all"
    ),
    path(TOURNAMENT + "entries/<int:entry_id>/", entries.EntryActionView.as_view(), name="entry"),
    path(
        TOURNAMENT + "entries/<int:entry_id>/category/",
        entries.EntryCategoryView.as_view(),
        name="entry-category",
    ),
    path(TOURNAMENT + "signups/", signups.SignUpsView.as_view(), name="signups"),
    path(
        TOURNAMENT + "signups/<int:signup_id>/",
        signups.SignUpActionView.as_view(),
        name="signup",
    ),
    path(TOURNAMENT + "money/", money.MoneyView.as_view(), name="money"),
    path(TOURNAMENT + "money/<int:entry_id>/", money.FeeView.as_view(), name="fee"),
    path(TOURNAMENT + "money/check-in/", money.CheckInCodeView.as_view(), name="checkin-code"),
    path(TOURNAMENT + "money/account/", money.AccountView.as_view(), name="account"),
    path(TOURNAMENT + "money/statement/", money.StatementView.as_view(), name="statement"),
    path(TOURNAMENT + "money/prizes.csv", money.PrizesCsvView.as_view(), name="prizes-csv"),
    path(TOURNAMENT + "teams/", teams.TeamsView.as_view(), name="teams"),
    path(TOURNAMENT + "teams/upload/", teams.TeamUploadView.as_view(), name="teams-upload"),
    path(SERIES, series.SeriesView.as_view(), name="series"),
    path(SERIES + "board/", series.BoardView.as_view(), name="board"),
    path(SERIES + "seat/", series.SeatSeriesView.as_view(), name="seat"),
    path(SERIES + "call-time/", series.CallTimeView.as_view(), name="call-time"),
    path(SERIES + "close/", series.CloseSeriesView.as_view(), name="close"),
    path(SERIES + "links/", series.TableLinksView.as_view(), name="links"),
    path(TOURNAMENT + "print/", series.PrintView.as_view(), name="print"),
    path(TABLE, tables.DeskTableView.as_view(), name="table"),
    path(TABLE + "penalty/", tables.PenaltyView.as_view(), name="penalty"),
    path(TOURNAMENT + "results/", finish.FinishView.as_view(), name="finish"),
    path(TOURNAMENT + "results/final/", finish.FinalView.as_view(), name="final"),
    path(TOURNAMENT + "export/<str:kind>/", finish.ExportView.as_view(), name="export"),
    path(
        TOURNAMENT + "statistics/<str:kind>/",
        statistics.TournamentStatisticsExportView.as_view(),
        name="statistics-export",
    ),
    path(TOURNAMENT + "organisers/", finish.OrganisersView.as_view(), name="organisers"),
]
