"""Pure engines of the player registry: duplicate candidates (``duplicates.py``)."""
