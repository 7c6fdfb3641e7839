"""Seasons in the back office: shown, changed only through the domain, the final an action."""

import pytest
from django.contrib import admin
from django.core.cache import cache
from django.urls import reverse

from seasons.models import Season, SeasonAction, SeasonEvening, individual_cup
from tests.factories.seasons import cup_of_eight, season_with_evenings

pytestmark = pytest.mark.django_db

MODELS = (Season, SeasonEvening, SeasonAction)


@pytest.fixture(autouse=True)
def _fresh_cache():
    cache.clear()


def url(model, view: str = "changelist", *args) -> str:
    return reverse(f"admin:{model._meta.app_label}_{model._meta.model_name}_{view}", args=args)


@pytest.mark.parametrize("model", MODELS, ids=lambda model: model.__name__)
def test_changelist_and_change_page(admin_client, model):
    season_with_evenings(1)
    assert admin_client.get(url(model)).status_code == 200
    assert admin_client.get(url(model), {"q": "Jahres"}).status_code == 200
    obj = model.objects.order_by("pk").first()
    assert admin_client.get(url(model, "change", obj.pk)).status_code == 200


@pytest.mark.parametrize("model", [SeasonEvening, SeasonAction])
def test_evenings_and_the_log_are_read_only(admin_client, model, rf, admin_user):
    season_with_evenings(1)
    obj = model.objects.order_by("pk").first()
    request = rf.get("/")
    request.user = admin_user
    model_admin = admin.site._registry[model]
    assert not model_admin.has_add_permission(request)
    assert not model_admin.has_change_permission(request, obj)
    assert not model_admin.has_delete_permission(request, obj)
    assert admin_client.post(url(model, "delete", obj.pk), {"post": "yes"}).status_code == 403


def form_data(**fields):
    data = {
        "name": "Pokal",
        "ranking_rule": "{}",
        "rules": "{}",
        "series_count": "3",
        "normal_deals": "20",
        "venue": "",
        "entry_mode": "full",
        "is_public": "on",
        "cup_places": "",
        "club": "",
        "evenings-TOTAL_FORMS": "0",
        "evenings-INITIAL_FORMS": "0",
        "evenings-MIN_NUM_FORMS": "0",
        "evenings-MAX_NUM_FORMS": "1000",
    }
    return data | fields


def test_a_change_goes_through_the_domain_and_its_log(admin_client, admin_user):
    season, _tables, _players = season_with_evenings(1)
    data = form_data(name="Jahreswertung", cup_places="4")
    data |= {"evenings-TOTAL_FORMS": "1", "evenings-INITIAL_FORMS": "1"}
    data |= {"evenings-0-id": str(season.evenings.get().pk), "evenings-0-season": str(season.pk)}
    answer = admin_client.post(url(Season, "change", season.pk), data)
    assert answer.status_code == 302
    season.refresh_from_db()
    assert (season.name, season.individual_cup.places) == ("Jahreswertung", 4)
    logged = SeasonAction.objects.filter(season=season, action="season_changed").get()
    assert logged.details == {"fields": ["cup_places", "name"]}
    assert logged.user == admin_user
    bad = admin_client.post(
        url(Season, "change", season.pk), data | {"ranking_rule": '{"best": 0}'}
    )
    assert bad.status_code == 200  # the form again, with the rule's error
    season.refresh_from_db()
    assert season.ranking_rule == {}


def test_a_season_added_here_is_created_by_the_domain(admin_client, admin_user):
    answer = admin_client.post(url(Season, "add"), form_data(game="schafkopf"))
    assert answer.status_code == 302
    season = Season.objects.get()
    assert season.game == "schafkopf"
    assert list(season.organisers.all()) == [admin_user]
    assert SeasonAction.objects.get(season=season).action == "season_created"


def test_the_final_is_an_action(admin_client):
    cup, ranked = cup_of_eight(cup_places=2)
    other, _tables, _players = season_with_evenings(1, name="Keine")
    action = {"action": "create_final_action", "_selected_action": [cup.pk, other.pk]}
    answer = admin_client.post(url(Season), action, follow=True)
    cup.refresh_from_db()
    assert [e.player for e in cup.individual_cup.final.entries.order_by("start_number")] == ranked[
        :2
    ]
    texts = [str(message) for message in answer.context["messages"]]
    assert any(text.startswith("Keine: ") for text in texts)
    assert individual_cup(Season.objects.get(pk=other.pk)) is None
