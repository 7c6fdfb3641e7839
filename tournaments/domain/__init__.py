"""Write operations and queries of the tournament side: entries, seating, series, standings."""
