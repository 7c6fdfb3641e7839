"""The confirmation mail through a real SMTP server (aiosmtpd on 127.0.0.1): Django's SMTP
backend delivers it, and its link confirms the sign-up."""

import re
from email import message_from_bytes
from email.policy import default

import pytest
from aiosmtpd.controller import Controller
from aiosmtpd.handlers import Sink

from signups.enums import SignUpStatus
from signups.models import Mail, SignUp
from tests.factories.redis_server import free_port
from tests.signups.conftest import announced

pytestmark = pytest.mark.django_db(transaction=True)


class Inbox(Sink):
    def __init__(self):
        self.messages = []

    async def handle_DATA(self, server, session, envelope):
        self.messages.append(
            (envelope.rcpt_tos, message_from_bytes(envelope.content, policy=default))
        )
        return "250 OK"


@pytest.fixture
def smtp_server(settings):
    inbox = Inbox()
    controller = Controller(inbox, hostname="127.0.0.1", port=free_port())
    controller.start()
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", controller.port
    settings.EMAIL_USE_TLS = settings.EMAIL_USE_SSL = False
    settings.EMAIL_HOST_USER = settings.EMAIL_HOST_PASSWORD = ""
    settings.DEFAULT_FROM_EMAIL = "Turnierleitung <turnier@example.org>"
    yield inbox
    controller.stop()


def test_the_confirmation_mail_arrives_by_smtp_with_a_working_link(client, smtp_server):
    tournament = announced(cap=10)
    page = client.post(
        f"/t/{tournament.pk}/signup/",
        {"name": "Anna Schmidt", "email": "anna@example.org", "club": "Herz As"},
    )
    assert page.status_code == 302
    ((recipients, message),) = smtp_server.messages
    assert recipients == ["anna@example.org"]
    assert message["From"] == "Turnierleitung <turnier@example.org>"
    body = message.get_content()
    link = re.search(r"http://testserver(/signup/[\w-]+/confirm/)", body).group(1)
    assert client.get(link).status_code == 200
    assert client.post(link).status_code == 200
    signup = SignUp.objects.get(email="anna@example.org")
    assert signup.status == SignUpStatus.ACCEPTED
    assert signup.entry.player.name == "Anna Schmidt"
    assert len(smtp_server.messages) == 2  # and the mail that says she is entered
    assert Mail.objects.filter(signup=signup, sent_at__isnull=True).count() == 0


def test_an_unreachable_smtp_server_loses_no_sign_up(client, settings):
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT, settings.EMAIL_TIMEOUT = "127.0.0.1", free_port(), 2
    settings.EMAIL_USE_TLS = False
    tournament = announced()
    page = client.post(f"/t/{tournament.pk}/signup/", {"name": "Bea", "email": "bea@example.org"})
    assert page.status_code == 302
    (mail,) = Mail.objects.filter(signup__email="bea@example.org")
    assert mail.sent_at is None
    assert mail.attempts == 1
    assert "Refused" in mail.error
