"""ASGI entry point (for an ASGI server such as uvicorn, e.g. for live streams)."""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "karlchen.settings")
application = get_asgi_application()
