"""The admin names every model of Karlchen's apps in the user's language."""

import pytest
from django.apps import apps
from django.utils import translation

OUR_APPS = {
    "karlchen",
    "tournaments",
    "seating",
    "scoring",
    "results",
    "seasons",
    "leagues",
    "cups",
    "printing",
    "desk",
}


def our_models():
    return [model for model in apps.get_models() if model._meta.app_label in OUR_APPS]


@pytest.mark.parametrize("model", our_models(), ids=lambda model: model._meta.label)
def test_every_model_has_translated_names(model):
    declared = model._meta.original_attrs
    assert {"verbose_name", "verbose_name_plural"} <= declared.keys(), "names left to Django"
    with translation.override("de"):
        german = (str(model._meta.verbose_name), str(model._meta.verbose_name_plural))
    with translation.override("en"):
        english = (str(model._meta.verbose_name), str(model._meta.verbose_name_plural))
    assert german != english, "no German name"
