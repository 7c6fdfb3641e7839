"""REST API of the tournament side (and the table views of ``scoring.api.deal_views``)."""
