"""Karlchen's tournament engines: pure Python, no Django.

``series`` runs one series at one table: ``replay(settings, deals)`` derives the next deal (number,
dealer, sitting-out seat, Vorführung) from the deals played so far, and ``classify`` says which kind
a new deal would be, or refuses it with ``SeriesRefused``. ``seating`` draws who sits where in
each series (fewest repeat meetings, random, by the standings, or an imported plan) with a
quality report.
"""
