"""Rate limits that count atomically.

DRF's ``SimpleRateThrottle`` reads a list of timestamps from the cache, appends one and writes it
back: parallel requests read the same list and each writes back its own, so over four
connections the 600/minute of the score preview let 860 to 1,100 requests through. Here a limit
is a fixed window counted with one atomic Redis ``INCR`` (``karlchen.limits``), which also keeps
counting, per process, while Redis is unreachable.
"""

from rest_framework.throttling import ScopedRateThrottle

from karlchen import limits


class AtomicScopedRateThrottle(ScopedRateThrottle):
    """DRF's scoped rate (``throttle_scope`` and ``DEFAULT_THROTTLE_RATES``), per client address
    or user, over a window opened by the first request."""

    window: limits.Window | None = None

    def allow_request(self, request, view):
        self.scope = getattr(view, self.scope_attr, None)
        if not self.scope:
            return True
        self.rate = self.get_rate()
        self.num_requests, self.duration = self.parse_rate(self.rate)
        if self.num_requests is None or self.duration is None:  # no rate for the scope
            return True
        self.key = self.get_cache_key(request, view)
        if self.key is None:
            return True
        self.window = limits.hit(self.key, self.duration)
        return self.window.hits <= self.num_requests

    def wait(self):
        return self.window.seconds_left if self.window else None
