"""Pure engines of the open tournaments: the payout table (``payout.py``)."""
