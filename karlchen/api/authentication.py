"""HTTP Basic on the API, counted by django-axes like the desk's and the admin's sign-in.

DRF hands ``authenticate()`` its own ``Request``; axes would mark that wrapper, which Django's
middleware never sees, so a locked-out client got a plain 401. Here ``authenticate()`` gets the
Django request underneath: axes counts the failure against the client's address, and its
middleware answers a locked-out client with ``karlchen.logins.lockout_response`` (429 in the
error format).

A user name or password holding what no text may (``karlchen.plaintext``: a NUL would reach
PostgreSQL in axes' count of the failure, a 500) is wrong credentials, refused before anything
looks them up.
"""

from rest_framework import authentication, exceptions

from karlchen.plaintext import has_forbidden_characters


class BasicAuthentication(authentication.BasicAuthentication):
    def authenticate_credentials(self, userid, password, request=None):
        if has_forbidden_characters(userid) or has_forbidden_characters(password):
            raise exceptions.AuthenticationFailed()
        django_request = getattr(request, "_request", request)
        return super().authenticate_credentials(userid, password, django_request)
