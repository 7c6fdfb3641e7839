"""The signups app's log codes, worded here (``karlchen.log``)."""

from django.utils.translation import gettext_lazy as _

from karlchen.log import LogCode


class SignupCode(LogCode):
    SIGNUP_RECEIVED = "signup_received", _("signed up (%(name)s), e-mail not confirmed yet")
    SIGNUP_CONFIRMED = "signup_confirmed", _("confirmed the sign-up of %(name)s")
    SIGNUP_ACCEPTED = "signup_accepted", _("entered the sign-up of %(name)s")
    SIGNUP_WAITING = "signup_waiting", _("put %(name)s on the waiting list")
    SIGNUP_MOVED_UP = "signup_moved_up", _("moved %(name)s up from the waiting list")
    SIGNUP_CANCELLED = "signup_cancelled", _("cancelled the sign-up of %(name)s")
    SIGNUP_MOVED_TO_LIST = "signup_moved_to_list", _("entered %(name)s from the waiting list")
    SIGNUP_MOVED_TO_WAITING = "signup_moved_to_waiting", _("moved %(name)s to the waiting list")
    SIGNUP_ADDED = "signup_added", _("added the sign-up of %(name)s")
    ANNOUNCEMENT_CHANGED = "announcement_changed", _("changed the announcement (%(fields)s)")
    PAYOUT_CHANGED = "payout_changed", _("changed the payout table")
    FEE_PAID = "fee_paid", _("took the fee of %(name)s")
    FEE_WAIVED = "fee_waived", _("waived the fee of %(name)s")
    FEE_TRANSFER = "fee_transfer", _("recorded the fee of %(name)s as paid by transfer")
    ACCOUNT_CHANGED = "account_changed", _("changed the account for payments ahead")
    STATEMENT_IMPORTED = (
        "statement_imported",
        _("imported a bank statement: %(count)s fees paid by transfer recorded"),
    )
    FEE_OPEN = "fee_open", _("marked the fee of %(name)s as not paid")
    CATEGORY_CHANGED = "category_changed", _("set the category of %(name)s to “%(category)s”")
