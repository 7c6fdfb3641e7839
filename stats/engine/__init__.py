"""The statistics engine: what players did, counted from the facts of their deals (pure)."""
