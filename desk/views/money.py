"""Money at the desk: the fee of each player at the door (paid, waived, not paid: one tap
that checks them in as well), the cash report, the payout table and the prize list (on the
screen, as CSV, printed through the documents jobs)."""

from __future__ import annotations

from dataclasses import asdict

from django.contrib import messages
from django.http import Http404, HttpResponse, JsonResponse
from django.utils.translation import gettext as _

from desk.signup_forms import PayoutForm
from desk.views.base import OrganiserView, form_refused
from desk.views.series import document_jobs
from karlchen.messages import problem_message
from karlchen.refusals import Refused
from results.domain.exports import table_csv
from signups.domain.checkin import DoorCheckIn, check_in_by_code
from signups.domain.money import cash_report, category_of, prize_list, prize_rows, set_fee
from signups.domain.places import announcement_of
from signups.domain.settings import set_payout
from signups.enums import FeeStatus
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

    def show(self, form=None, status: int = 200):
        announcement = announcement_of(self.tournament)
        entries = self.tournament.entries.select_related("player", "fee", "entry_category")
        rows = [
            {
                "entry": entry,
                "category": category_of(entry),
                "fee_status": getattr(getattr(entry, "fee", None), "status", FeeStatus.OPEN),
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
            jobs=document_jobs(self.tournament),
        )


class FeeView(OrganiserView):
    """One tap at the door: ``status`` paid, waived or open (by form or the page script)."""

    def post(self, request, tournament_id, entry_id):
        entry = self.tournament.entries.filter(pk=entry_id).first()
        if entry is None:
            raise Http404("unknown entry")
        try:
            fee = set_fee(entry, request.POST.get("status", ""), by=self.actor)
        except Refused as refusal:
            self.refused(refusal)
            return self.back("money")
        if request.headers.get("Accept", "").startswith("application/json"):
            return JsonResponse({"status": fee.status, "amount": fee.amount, "checked_in": True})
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
