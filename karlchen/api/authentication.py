"""HTTP Basic on the API, counted by django-axes like the desk's and the admin's sign-in.

DRF hands ``authenticate()`` its own ``Request``; axes would mark that wrapper, which Django's
middleware never sees, so a locked-out client got a plain 401. Here ``authenticate()`` gets the
Django request underneath: axes counts the failure against the client's address, and its
middleware answers a locked-out client with ``karlchen.logins.lockout_response`` (429 in the
error format).
"""

from rest_framework import authentication


class BasicAuthentication(authentication.BasicAuthentication):
    def authenticate_credentials(self, userid, password, request=None):
        django_request = getattr(request, "_request", request)
        return super().authenticate_credentials(userid, password, django_request)
