"""The app's routes plus a bare view (bench/live.py): the floor for a cached JSON answer."""

from django.core.cache import cache
from django.http import HttpResponse
from django.urls import path

from karlchen.urls import urlpatterns as app_urlpatterns

BARE_KEY = "bench:bare-body"


def bare(request):
    """A constant JSON body from the cache, as small a view as Django serves."""
    return HttpResponse(cache.get(BARE_KEY), content_type="application/json")


urlpatterns = [path("bench/bare/", bare), *app_urlpatterns]
