"""The landing page: what Karlchen is and where to go from here."""

from django.views.generic import TemplateView


class HomeView(TemplateView):
    template_name = "home.html"
