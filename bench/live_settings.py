"""Karlchen's settings with the bench's extra route (bench/live_urls.py)."""

from karlchen.settings import *  # noqa: F403 -- these settings, with the changes below

ROOT_URLCONF = "bench.live_urls"
