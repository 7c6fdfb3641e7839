"""The start page (/): it lists the public tournaments, so it is ``results``' page;
``karlchen.urls`` includes these routes by name, as it does every app's."""

from django.urls import path

from results.views import StartPageView

urlpatterns = [path("", StartPageView.as_view(), name="home")]
