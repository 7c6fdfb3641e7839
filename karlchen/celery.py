"""The Celery app. Tasks are discovered in each app's ``tasks.py``.

Without ``REDIS_URL`` the settings make Celery eager, so the embedded demo needs no broker.
"""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "karlchen.settings")

app = Celery("karlchen")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
