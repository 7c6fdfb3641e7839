"""Karlchen's tournament engines: pure Python, no Django.

``series`` runs one series at one table: ``replay(settings, deals)`` derives the next deal (number,
dealer, sitting-out seat, Vorführung) from the deals played so far, and ``classify`` says which kind
a new deal would be, or refuses it with ``SeriesRefused``.
"""
