"""Money at the desk: the fee of each player at the door (paid, waived, not paid: one tap
that checks them in as well), the cash report, the payout table and the prize list (on the
screen, as CSV, printed through the documents jobs)."""

from __future__ import annotations

import base64
import binascii
import zlib
from dataclasses import asdict

from django.conf import settings
from django.contrib import messages
from django.http import Http404, HttpResponse, JsonResponse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from desk.signup_forms import AccountForm, PayoutForm, StatementForm
from desk.views.base import OrganiserView, form_refused
from desk.views.series import document_jobs
from karlchen.messages import problem_message
from karlchen.refusals import Problem, Refused
from results.domain.exports import table_csv
from signups.domain.checkin import DoorCheckIn, check_in_by_code
from signups.domain.money import cash_report, category_of, prize_list, prize_rows, set_fee
from signups.domain.places import announcement_of
from signups.domain.settings import set_payout
from signups.domain.transfers import preview_statement, record_statement, set_account
from signups.engine.statements import MAX_BYTES, Verdict
from signups.enums import FeeMethod, FeeStatus
from signups.templatetags.money import euros


class MoneyView(OrganiserView):
    def get(self, request, tournament_id):
        return self.show()

    def post(self, request, tournament_id):
        form = PayoutForm(request.POST)
        if not form.is_valid():
            return self.show(form, status=400)
        data = form.cleaned_data
        try:
            set_payout(
                self.tournament,
                by=self.actor,
                mode=data["mode"],
                shares=data["shares"],
                costs=data["costs"] or 0,
                tie_share=data["tie_share"],
                category_prizes=data["category_prizes"],
            )
        except Refused as refusal:
            fields = {"payout.shares": "shares", "payout.costs": "costs"}
            fields |= {
                problem.field: "category_prizes"
                for problem in refusal.problems
                if problem.field.startswith("payout.category_prizes")
            }
            form_refused(form, refusal, fields)
            return self.show(form, status=400)
        messages.success(request, _("The payout table is saved."))
        return self.back("money", anchor="prizes")

    def show(self, form=None, status: int = 200, account_form=None, statement_form=None):
        announcement = announcement_of(self.tournament)
        entries = self.tournament.entries.select_related("player", "fee", "entry_category")
        rows = [
            {
                "entry": entry,
                "category": category_of(entry),
                "fee_status": getattr(getattr(entry, "fee", None), "status", FeeStatus.OPEN),
                "fee_method": getattr(getattr(entry, "fee", None), "method", ""),
                "due": announcement.fee_of(category_of(entry)),
            }
            for entry in entries.order_by("start_number")
        ]
        return self.page(
            "desk/money.html",
            "money",
            status=status,
            rows=rows,
            report=cash_report(self.tournament),
            prizes=prize_list(self.tournament),
            form=form or PayoutForm.of(announcement),
            account_form=account_form or AccountForm.of(announcement),
            statement_form=statement_form or StatementForm(),
            jobs=document_jobs(self.tournament),
        )


class FeeView(OrganiserView):
    """One tap at the door: ``status`` paid, waived or open (by form or the page script)."""

    def post(self, request, tournament_id, entry_id):
        entry = self.tournament.entries.filter(pk=entry_id).first()
        if entry is None:
            raise Http404("unknown entry")
        try:
            status = request.POST.get("status", "")
            method = FeeMethod.CASH
            if status == FeeMethod.TRANSFER:  # the desk's third button: paid ahead
                status, method = FeeStatus.PAID, FeeMethod.TRANSFER
            fee = set_fee(entry, status, method=method, by=self.actor)
        except Refused as refusal:
            self.refused(refusal)
            return self.back("money")
        if request.headers.get("Accept", "").startswith("application/json"):
            entry.refresh_from_db(fields=["checked_in"])
            return JsonResponse(
                {
                    "status": fee.status,
                    "method": fee.method,
                    "amount": fee.amount,
                    "checked_in": entry.checked_in,
                }
            )
        return self.back("money", anchor=f"entry-{entry.pk}")


class CheckInCodeView(OrganiserView):
    """The door's scan (or a code typed or read by a hand scanner): checks the sign-up's player
    in. The page script asks for JSON (the outcome in words, and the entry to mark); without
    it, the outcome is a message on the money page."""

    def post(self, request, tournament_id):
        wants_json = request.headers.get("Accept", "").startswith("application/json")
        try:
            checked = check_in_by_code(self.tournament, request.POST.get("code", ""), by=self.actor)
        except Refused as refusal:
            if wants_json:
                problem = refusal.problem
                body = {"ok": False, "code": problem.code, "message": problem_message(problem)}
                return JsonResponse(body, status=400)
            self.refused(refusal)
            return self.back("money", anchor="door")
        said = checked_in_words(checked)
        if wants_json:
            return JsonResponse({"ok": True, "message": said, **asdict(checked)})
        messages.success(request, said)
        return self.back("money", anchor=f"entry-{checked.entry_id}")


def checked_in_words(checked: DoorCheckIn) -> str:
    """What the door says after a scan: who, in which category, and what is still to pay."""
    who = f"{checked.start_number}. {checked.name}"
    if checked.category:
        who = f"{who} ({checked.category})"
    if checked.due:
        return _("%(who)s is checked in: %(due)s still to pay.") % {
            "who": who,
            "due": euros(checked.due),
        }
    return _("%(who)s is checked in: nothing left to pay.") % {"who": who}


class PrizesCsvView(OrganiserView):
    def get(self, request, tournament_id):
        content = table_csv(prize_rows(prize_list(self.tournament)))
        response = HttpResponse(content, content_type="text/csv; charset=utf-8")
        response["Content-Disposition"] = f'attachment; filename="prizes-{self.tournament.pk}.csv"'
        return response


class AccountView(MoneyView):
    """The club's account for payments ahead, and whether players may pay so."""

    def post(self, request, tournament_id):
        form = AccountForm(request.POST)
        if not form.is_valid():
            return self.show(account_form=form, status=400)
        try:
            set_account(self.tournament, by=self.actor, **form.settings())
        except Refused as refusal:
            form_refused(form, refusal, {"allowed": "transfer_allowed"})
            return self.show(account_form=form, status=400)
        messages.success(request, _("The account for payments ahead is saved."))
        return self.back("money", anchor="account")


# The preview's groups, in the order the page lists them: what will be recorded first.
PREVIEW_GROUPS = (
    Verdict.MATCH,
    Verdict.AMOUNT_DIFFERS,
    Verdict.UNPLACED,
    Verdict.RECORDED,
    Verdict.TWICE,
    Verdict.NOT_A_CREDIT,
    Verdict.UNREADABLE,
)


class StatementView(MoneyView):
    """The bank's statement: uploaded, previewed line by line (nothing recorded), then, on the
    organiser's confirmation, its exact matches recorded. The preview carries the file along
    (compressed, in a hidden field), so what is confirmed is the file previewed, matched again as
    it is recorded, and nothing of it is kept on the server in between."""

    def post(self, request, tournament_id):
        if request.POST.get("action") == "record":
            return self.record()
        form = StatementForm(request.POST, request.FILES)
        if not form.is_valid():
            return self.show(statement_form=form, status=400)
        data = form.cleaned_data["statement"].read(MAX_BYTES + 1)
        try:
            lines = preview_statement(self.tournament, data)
        except Refused as refusal:
            form_refused(form, refusal)
            return self.show(statement_form=form, status=400)
        carried = carry(data)
        if len(carried) > settings.DATA_UPLOAD_MAX_MEMORY_SIZE - 4096:  # the form's own limit
            too_big = Problem("statement_too_big", "statement", {"max": MAX_BYTES // 1000})
            form.add_error("statement", problem_message(too_big))
            return self.show(statement_form=form, status=400)
        return self.page(
            "desk/statement.html",
            "money",
            groups=[
                (verdict, [ln for ln in lines if ln.verdict == verdict])
                for verdict in PREVIEW_GROUPS
            ],
            matches=sum(1 for line in lines if line.verdict == Verdict.MATCH),
            data=carried,
            name=form.cleaned_data["statement"].name,
        )

    def record(self):
        data = uncarry(self.request.POST.get("data", ""))
        try:
            lines = record_statement(self.tournament, data, by=self.actor)
        except Refused as refusal:
            self.refused(refusal)
            return self.back("money", anchor="statement")
        count = sum(1 for line in lines if line.verdict == Verdict.MATCH)
        recorded = ngettext(
            "%(count)s fee paid by transfer recorded.",
            "%(count)s fees paid by transfer recorded.",
            count,
        )
        messages.success(self.request, recorded % {"count": count})
        return self.back("money", anchor="cash")


def carry(data: bytes) -> str:
    """The statement as the preview's form carries it: compressed (bank files shrink to a
    tenth), in base64."""
    return base64.b64encode(zlib.compress(data, 9)).decode()


def uncarry(text: str) -> bytes:
    """The statement back from the form; b"" (which no statement is) if it was tampered with.
    Never more than a statement may have, whatever the form claims."""
    try:
        inflate = zlib.decompressobj()
        data = inflate.decompress(base64.b64decode(text, validate=True), MAX_BYTES + 1)
    except (binascii.Error, zlib.error):
        return b""
    if not inflate.eof and len(data) <= MAX_BYTES:  # not the whole of what was carried
        return b""
    return data  # one over the limit, if too big: refused as such
