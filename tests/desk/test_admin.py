"""The admin: every model is there for an organiser, deals can be looked at but never written."""

import pytest
from django.apps import apps
from django.contrib import admin
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from clubs.domain.clubs import invite
from clubs.models import Association, Club, ClubRole
from karlchen.actors import Actor
from karlchen.log import log
from people.models import Membership, Player
from scoring.domain.adjustments import add_adjustment, minor_breach_lines
from scoring.domain.deals import correct_deal, record_deal
from scoring.enums import AdjustmentKind
from scoring.models import Adjustment, Deal, DealRevision, IdempotencyKey, RevisionPoints
from seating.models import Table
from tests.factories.tournaments import CAPTAIN, ORGA, organiser, seated_table
from tournaments.domain.final import lodge_protest
from tournaments.domain.rulesets import save_rule_set
from tournaments.log import TournamentCode
from tournaments.models import Entry, Job, Tournament

pytestmark = pytest.mark.django_db

NORMAL = {"contract": "normal", "re": [1, 3], "re_points": 131}


def url(model, view: str = "changelist", *args) -> str:
    return reverse(f"admin:{model._meta.app_label}_{model._meta.model_name}_{view}", args=args)


def all_models():
    return [
        *apps.get_app_config("tournaments").get_models(),
        *apps.get_app_config("scoring").get_models(),
    ]


@pytest.fixture
def table():
    """A seated four-table with two deals (one corrected, with an idempotency key) and a penalty."""
    table = seated_table(4)
    record_deal(table, deal=NORMAL, by=CAPTAIN, idempotency_key="first")
    record_deal(table, deal={**NORMAL, "re": [2, 4], "re_points": 90}, by=CAPTAIN)
    correct_deal(
        table, 1, deal={**NORMAL, "re_points": 151}, version=1, reason="Augen verzählt", by=CAPTAIN
    )
    offender = table.seats.get(position=2).entry
    add_adjustment(
        table.series,
        kind=AdjustmentKind.MINOR,
        lines=minor_breach_lines(table, offender),
        reason="Ausgespielt vor der Zeit",
        table=table,
        by=ORGA,
    )
    tournament = table.series.tournament
    Job.objects.create(tournament=tournament, kind="seating", params={"seed": 1})
    save_rule_set(name="Hausregeln Herz As", game="doppelkopf", rules={"poverty": True}, by=ORGA)
    log(tournament, Actor.of_user(organiser()), TournamentCode.TOURNAMENT_CREATED)
    lodge_protest(tournament, by=ORGA, text="Spieler 2 hat vorgeworfen", series=1, table=1)
    association = Association.objects.create(name="Landesverband")
    club = Club.objects.create(name="Kreuz As", association=association)
    Membership.objects.create(
        player=Player.objects.order_by("pk").first(), association=association, member_number="L-1"
    )
    ClubRole.objects.create(club=club, user=organiser(), role="admin")
    invite(club, email="neu@example.org", role="scorer", by=ORGA, link=lambda token: token)
    return table


def test_every_model_is_registered():
    missing = [model.__name__ for model in all_models() if not admin.site.is_registered(model)]
    assert missing == []


@pytest.mark.usefixtures("table")
@pytest.mark.parametrize("model", all_models(), ids=lambda model: model.__name__)
def test_changelist_and_change_page(admin_client, model):
    assert admin_client.get(url(model)).status_code == 200
    assert admin_client.get(url(model), {"q": "Spieler"}).status_code == 200
    obj = model.objects.order_by("pk").first()
    assert obj is not None, f"the fixture has no {model.__name__}"
    assert admin_client.get(url(model, "change", obj.pk)).status_code == 200


@pytest.mark.parametrize("model", [Deal, DealRevision, RevisionPoints, IdempotencyKey])
def test_deals_and_their_history_are_read_only(admin_client, table, model, rf, admin_user):
    obj = model.objects.order_by("pk").first()
    model_admin = admin.site._registry[model]
    request = rf.get("/")
    request.user = admin_user
    assert not model_admin.has_add_permission(request)
    assert not model_admin.has_change_permission(request, obj)
    assert not model_admin.has_delete_permission(request, obj)
    assert admin_client.get(url(model, "add")).status_code == 403
    assert admin_client.post(url(model, "change", obj.pk), {}).status_code == 403
    assert admin_client.post(url(model, "delete", obj.pk), {"post": "yes"}).status_code == 403
    assert model.objects.filter(pk=obj.pk).exists()


def test_deal_page_shows_the_history_and_where_to_correct(admin_client, table):
    deal = Deal.objects.get(table=table, number=1)
    page = admin_client.get(url(Deal, "change", deal.pk)).content.decode()
    assert "Augen verzählt" in page  # the revision inline
    assert "/api/v1/tables/" in page  # where corrections go
    assert 'name="_save"' not in page
    revision_admin = admin.site._registry[Deal].inlines[0]
    assert revision_admin.model is DealRevision
    inline = revision_admin(Deal, admin.site)
    assert not inline.has_add_permission(None, deal)
    assert not inline.has_change_permission(None, deal)
    assert not inline.has_delete_permission(None, deal)
    listing = admin_client.get(url(Deal)).content.decode()
    assert "/api/v1/tables/" in listing


def test_table_page_shows_the_captain_link(admin_client, table):
    page = admin_client.get(url(Table, "change", table.pk)).content.decode()
    assert f"/captain/{table.captain_token()}/" in page


@pytest.mark.parametrize("model", all_models(), ids=lambda model: model.__name__)
def test_changelists_do_not_query_per_row(admin_client, table, model):
    def queries() -> int:
        with CaptureQueriesContext(connection) as captured:
            assert admin_client.get(url(model)).status_code == 200
        return len(captured)

    before = queries()
    for _ in range(4):  # more rows of every kind
        record_deal(table, deal=NORMAL, by=CAPTAIN)
    extra = seated_table(4, name="Zweites Turnier")
    record_deal(extra, deal=NORMAL, by=CAPTAIN)
    add_adjustment(
        extra.series,
        kind=AdjustmentKind.MINOR,
        lines=minor_breach_lines(extra, extra.seats.get(position=1).entry),
        reason="Karte verworfen",
        by=ORGA,
    )
    assert queries() == before


def test_series_actions_go_through_the_domain(admin_client, table):
    series = table.series
    response = admin_client.post(
        url(type(series)), {"action": "call_time_action", "_selected_action": [series.pk]}
    )
    assert response.status_code == 302
    table.refresh_from_db()
    assert table.time_up_after == 2  # both deals were played before time was called
    admin_client.post(
        url(type(series)), {"action": "close_series_action", "_selected_action": [series.pk]}
    )
    series.refresh_from_db()
    assert series.status == "running"  # the Pflichtsoli are still to be played: refused
    logged = series.tournament.actions.filter(user_label="admin").values_list("action", flat=True)
    assert list(logged) == ["time_called"]  # the refused close changed nothing, logs nothing


def test_reissuing_a_captain_link(admin_client, table):
    old = table.captain_token()
    admin_client.post(
        url(Table), {"action": "reissue_captain_link", "_selected_action": [table.pk]}
    )
    table.refresh_from_db()
    assert table.captain_token() != old


def _adjustment_form(table, points, kind=AdjustmentKind.MINOR, reason="Zu früh aufgedeckt"):
    entries = [seat.entry for seat in table.seats.order_by("position")]
    data = {
        "series": table.series_id,
        "table": table.pk,
        "kind": kind,
        "reason": reason,
        "lines-TOTAL_FORMS": str(len(points)),
        "lines-INITIAL_FORMS": "0",
        "lines-MIN_NUM_FORMS": "0",
        "lines-MAX_NUM_FORMS": "1000",
    }
    for index, (entry, value) in enumerate(zip(entries, points, strict=False)):
        data[f"lines-{index}-entry"] = entry.pk
        data[f"lines-{index}-points"] = value
    return data


def test_penalty_row_added_through_the_domain(admin_client, table, admin_user):
    response = admin_client.post(url(Adjustment, "add"), _adjustment_form(table, [-3, 1, 1, 1]))
    assert response.status_code == 302, response.content.decode()[:2000]
    added = Adjustment.objects.order_by("pk").last()
    assert added.author == admin_user
    assert sorted(added.lines.values_list("points", flat=True)) == [-3, 1, 1, 1]
    logged = table.series.tournament.actions.filter(action="penalty_added", user=admin_user).get()
    assert (logged.user_label, logged.details["table"]) == ("admin", table.number)


@pytest.mark.parametrize(
    ("kind", "points"),
    [(AdjustmentKind.MINOR, [-3, 1, 1]), (AdjustmentKind.UNSPORTING, [-13])],
)
def test_penalty_row_refused_like_the_domain_refuses_it(admin_client, table, kind, points):
    before = Adjustment.objects.count()
    response = admin_client.post(url(Adjustment, "add"), _adjustment_form(table, points, kind))
    assert response.status_code == 200  # the form again, with the error
    assert response.context["inline_admin_formsets"][0].formset.non_form_errors()
    assert Adjustment.objects.count() == before


def test_penalty_rows_are_not_edited(admin_client, table):
    adjustment = Adjustment.objects.get()
    response = admin_client.post(url(Adjustment, "change", adjustment.pk), {"reason": "anders"})
    assert response.status_code == 403


def test_tournament_added_in_the_admin_gets_its_series_and_organiser(admin_client, admin_user):
    response = admin_client.post(
        url(Tournament, "add"),
        {
            "name": "Herbstturnier",
            "date": "2026-10-03",
            "game": "doppelkopf",
            "status": "draft",
            "rules": '{"preset": "ddv"}',
            "series_count": "4",
            "normal_deals": "20",
            "compulsory_solos": "on",
            "tie_breaks": "[]",
            "series-TOTAL_FORMS": "0",
            "series-INITIAL_FORMS": "0",
        },
    )
    assert response.status_code == 302, response.content.decode()[:3000]
    tournament = Tournament.objects.get(name="Herbstturnier")
    assert list(tournament.series.values_list("number", flat=True)) == [1, 2, 3, 4]
    assert list(tournament.organisers.all()) == [admin_user]


def test_tournament_rules_are_checked_by_the_engine(admin_client):
    response = admin_client.post(
        url(Tournament, "add"),
        {
            "name": "Kaputt",
            "date": "2026-10-03",
            "game": "doppelkopf",
            "status": "draft",
            "rules": '{"preset": "ddv", "bock": 3}',
            "series_count": "3",
            "normal_deals": "20",
            "tie_breaks": '["coin_toss"]',
            "series-TOTAL_FORMS": "0",
            "series-INITIAL_FORMS": "0",
        },
    )
    assert response.status_code == 200
    errors = response.context["adminform"].form.errors
    assert set(errors) == {"rules", "tie_breaks"}
    assert not Tournament.objects.filter(name="Kaputt").exists()


def test_entries_checked_in_from_the_list(admin_client, table):
    entries = list(table.series.tournament.entries.order_by("pk"))
    data = {
        "form-TOTAL_FORMS": str(len(entries)),
        "form-INITIAL_FORMS": str(len(entries)),
        "_save": "Save",
    }
    for index, entry in enumerate(entries):
        data[f"form-{index}-id"] = entry.pk
        if index == 0:
            data[f"form-{index}-checked_in"] = "on"

    assert admin_client.post(url(Entry), data).status_code == 302
    assert [entry.checked_in for entry in Entry.objects.order_by("pk")] == [
        True,
        False,
        False,
        False,
    ]


def test_penalty_row_refused_for_a_table_of_another_series(admin_client, table):
    other = seated_table(4, name="Anderes Turnier")
    data = {**_adjustment_form(table, [-3, 1, 1, 1]), "table": other.pk}
    response = admin_client.post(url(Adjustment, "add"), data)
    assert response.status_code == 200
    assert response.context["inline_admin_formsets"][0].formset.non_form_errors()
    assert Adjustment.objects.count() == 1  # the fixture's


def test_penalty_form_names_series_and_tables_with_their_tournament(admin_client, table):
    page = admin_client.get(url(Adjustment, "add")).content.decode()
    tournament = table.series.tournament.name
    assert f"{tournament}: {table.series}, {table}" in page


def test_organisers_freeze_and_thaw_the_public_standings_in_the_admin(admin_client, table):
    tournament = table.series.tournament
    for action, frozen in (("freeze_standings_action", True), ("thaw_standings_action", False)):
        response = admin_client.post(
            url(Tournament), {"action": action, "_selected_action": [tournament.pk]}
        )
        assert response.status_code == 302
        tournament.refresh_from_db()
        assert (tournament.standings_frozen_at is not None) is frozen
        assert (tournament.frozen_standings is not None) is frozen
    logged = tournament.actions.order_by("pk").values_list("user_label", "action")
    assert list(logged)[-2:] == [("admin", "frozen"), ("admin", "thawed")]
