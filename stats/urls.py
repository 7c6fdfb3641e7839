"""The statistics' spectator answer beside the beamer: /t/<tournament>/beamer/figures/."""

from django.urls import path

from stats.views import beamer_figures

urlpatterns = [
    path("<int:tournament_id>/beamer/figures/", beamer_figures, name="beamer-figures"),
]
