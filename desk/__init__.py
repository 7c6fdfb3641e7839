"""The organiser's desk: one screen, in the evening's order, for running a tournament.

Server-rendered pages over ``tournaments.domain``: forms check and word the input, domain
functions do the work and log every action (``karlchen.log``), the desk shows the logs in
words (``LogEntry.text``).
"""
