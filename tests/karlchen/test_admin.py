"""Each app's back office is in its own ``admin.py``; the outbox is shown, never written."""

import pytest
from django.apps import apps
from django.contrib import admin
from django.urls import reverse

from karlchen.models import OutboxMessage
from tournaments.models import Series, Tournament

pytestmark = pytest.mark.django_db

OURS = {config.label for config in apps.get_app_configs() if config.name == config.label}


def test_every_model_of_ours_is_shown_by_its_own_apps_admin():
    foreign = [
        f"{model._meta.label} in {type(model_admin).__module__}"
        for model, model_admin in admin.site._registry.items()
        if model._meta.app_label in OURS
        and type(model_admin).__module__ != f"{model._meta.app_label}.admin"
    ]
    assert foreign == []


def test_the_tournaments_and_series_admin_carry_the_actions_of_the_apps_above(rf, admin_user):
    request = rf.get("/")
    request.user = admin_user
    tournament_actions = admin.site._registry[Tournament].get_actions(request)
    assert {"draw_seating_action", "print_documents_action"} <= set(tournament_actions)
    assert {"freeze_standings_action", "thaw_standings_action"} <= set(tournament_actions)
    series_admin = admin.site._registry[Series]
    assert {"call_time_action", "close_series_action"} <= set(series_admin.get_actions(request))
    assert [inline.model._meta.label for inline in series_admin.inlines] == ["seating.Table"]


def test_the_outbox_is_listed_and_read_only(admin_client):
    message = OutboxMessage.objects.create(
        task="karlchen.drain_outbox", key="job:17", attempts=2, error="broker down"
    )
    listing = reverse("admin:karlchen_outboxmessage_changelist")
    page = admin_client.get(listing, {"q": "job:17"})
    assert page.status_code == 200
    assert "broker down" in page.content.decode()
    change = reverse("admin:karlchen_outboxmessage_change", args=[message.pk])
    assert admin_client.get(change).status_code == 200
    assert admin_client.get(reverse("admin:karlchen_outboxmessage_add")).status_code == 403
    assert admin_client.post(change, {"task": "other"}).status_code == 403
    delete = reverse("admin:karlchen_outboxmessage_delete", args=[message.pk])
    assert admin_client.post(delete, {"post": "yes"}).status_code == 403
    message.refresh_from_db()
    assert message.task == "karlchen.drain_outbox"
