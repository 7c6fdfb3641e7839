"""The registry has no models of its own: the person, their memberships and the registry's log
are ``people``'s (``people.Player``, ``people.Membership``, ``people.RegistryAction``); the
registry merges, exports and erases them and shows the public profile."""
