"""Date and number formats where Django's own do not fit Karlchen's users (FORMAT_MODULE_PATH)."""
