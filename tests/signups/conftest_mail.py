"""A mail backend whose server refuses every mail (a failing SMTP server)."""

from django.core.mail.backends.base import BaseEmailBackend


class FailingBackend(BaseEmailBackend):
    def send_messages(self, email_messages):
        raise ConnectionRefusedError("connection refused")
