"""The check-in code where the player finds it: on the sign-up's page once entered, and
attached to the mail that says so."""

import io

import pytest
import segno
import zxingcpp
from django.core import mail
from PIL import Image

from signups.domain.checkin_code import checkin_code, checkin_qr_png
from signups.domain.signups import confirm, sign_up
from tests.signups.conftest import announced, applicant, signed_up

pytestmark = pytest.mark.django_db


def test_the_page_of_an_entered_sign_up_shows_its_code(client):
    tournament = announced()
    signup = signed_up(tournament, 1)
    confirm(signup)
    signup.refresh_from_db()
    page = client.get(f"/signup/{signup.token}/confirm/", HTTP_ACCEPT_LANGUAGE="de").content
    text = page.decode()
    assert "Ihr Check-in-Code" in text
    expected = segno.make(checkin_code(signup), error="m").svg_inline(scale=6, border=4)
    # the same modules as a code made from the check-in code itself (the title aside)
    assert expected.split("<path", 1)[1] in text
    assert 'role="img"' in text


def test_a_sign_up_not_entered_shows_no_code(client):
    tournament = announced(cap=1)
    confirm(signed_up(tournament, 1))
    waiting = signed_up(tournament, 2)
    confirm(waiting)
    unconfirmed = signed_up(tournament, 3)
    for signup in (waiting, unconfirmed):
        page = client.get(f"/signup/{signup.token}/confirm/", HTTP_ACCEPT_LANGUAGE="en")
        assert "check-in code" not in page.content.decode()


def test_the_mail_saying_entered_carries_the_code(commits):
    tournament = announced()
    with commits():
        signup = sign_up(tournament, applicant(1), base_url="http://testserver", language="en")
    with commits():
        confirm(signup)
    asking, entered = mail.outbox
    assert asking.attachments == []
    (attachment,) = entered.attachments
    assert attachment[0] == "check-in-code.png"
    assert attachment[2] == "image/png"
    assert attachment[1] == checkin_qr_png(signup)
    (read,) = zxingcpp.read_barcodes(Image.open(io.BytesIO(attachment[1])))
    assert read.text == checkin_code(signup)
    assert "Your check-in code is attached" in entered.body
    assert f"/signup/{signup.token}/confirm/" in entered.body
