"""The app's routes plus a bare view (bench/live.py, bench/season_scale.py): the floor for a
cached JSON answer, sharing no code of the project's (Django's own Redis cache, not
``karlchen.cache``; no ETag, no DRF)."""

from django.conf import settings
from django.core.cache import caches
from django.core.cache.backends.base import BaseCache
from django.core.cache.backends.redis import RedisCache
from django.http import HttpResponse
from django.urls import path

from karlchen.urls import urlpatterns as app_urlpatterns

BARE_KEY = "bench:bare-body"


def stock_cache() -> BaseCache:
    """Django's own cache on the same server, key prefix and socket options as the app's (so it
    reads what the app's cache wrote), without the project's wrapper around it."""
    config = settings.CACHES["default"]
    if not config["BACKEND"].startswith("karlchen."):
        return caches["default"]  # already Django's own (locmem without Redis)
    options = {key: value for key, value in config.get("OPTIONS", {}).items() if key.islower()}
    return RedisCache(config["LOCATION"], {"KEY_PREFIX": config["KEY_PREFIX"], "OPTIONS": options})


BARE_CACHE = stock_cache()


def bare(request):
    """A constant JSON body from the cache, as small a view as Django serves."""
    return HttpResponse(BARE_CACHE.get(BARE_KEY), content_type="application/json")


urlpatterns = [path("bench/bare/", bare), *app_urlpatterns]
