"""Write operations on deals (record, correct, void) and the table's state; see ``deals``."""
