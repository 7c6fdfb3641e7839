"""Karlchen's settings with the bench's extra route (bench/live_urls.py)."""

from karlchen.settings import *  # noqa: F403

ROOT_URLCONF = "bench.live_urls"
