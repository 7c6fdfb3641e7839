"""The public pages of open tournaments: the announcement (/t/<id>/signup/) and the pages of
the e-mailed links (/signup/<token>/…)."""

from django.urls import path

from signups.views import AnnouncementPage, CancelPage, ConfirmPage, SentPage

urlpatterns = [
    path("t/<int:tournament_id>/signup/", AnnouncementPage.as_view(), name="announcement"),
    path("t/<int:tournament_id>/signup/sent/", SentPage.as_view(), name="announcement-sent"),
    path("signup/<str:token>/confirm/", ConfirmPage.as_view(), name="signup-confirm"),
    path("signup/<str:token>/cancel/", CancelPage.as_view(), name="signup-cancel"),
]
