"""Karlchen: tournament manager for Doppelkopf and Schafkopf clubs.

Imports nothing: the pure engines import ``karlchen.refusals``, and that must not start Celery or
Django. The Celery app is loaded when Django starts (``karlchen.apps``), and ``celery -A karlchen``
finds it in ``karlchen.celery``.
"""
