"""The entries: players one by one or from a file, the door's check-in list, late entries and
withdrawals (with what they mean for the seatings)."""

from __future__ import annotations

from django.contrib import messages
from django.http import JsonResponse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from clubs.access import Can
from desk.forms import EntryFileForm, EntryForm
from desk.views.base import OrganiserView, form_refused
from karlchen.messages import problem_message
from karlchen.refusals import Refused
from signups.domain.categories import offered, set_category
from signups.domain.money import category_of
from tournaments.domain.entries import (
    add_entry,
    check_everyone_in,
    hide_publicly,
    set_checked_in,
    withdraw_entry,
)
from tournaments.domain.entry_files import (
    MAX_FILE_BYTES,
    import_entry_rows,
    preview_entry_rows,
    read_entry_file,
)
from tournaments.enums import SeriesStatus
from tournaments.models import Entry

UPLOAD_SESSION_KEY = "desk-upload-{}"
ENTRY_ACTIONS = {
    # action: (domain call, the log's code)
    "check_in": (set_checked_in, True),
    "check_out": (set_checked_in, False),
    "withdraw": (withdraw_entry, True),
    "reinstate": (withdraw_entry, False),
    "hide": (hide_publicly, True),
    "show": (hide_publicly, False),
}
CHECK_IN_ACTIONS = ("check_in", "check_out")


class EntriesView(OrganiserView):
    def get(self, request, tournament_id):
        return self.show(EntryForm(user=request.user), EntryFileForm())

    def post(self, request, tournament_id):
        form = EntryForm(request.POST, user=request.user)
        if not form.is_valid():
            return self.show(form, EntryFileForm(), status=400)
        try:
            entry = add_entry(self.tournament, by=self.actor, **form.entry_fields())
        except Refused as refusal:
            form_refused(form, refusal, {"player": "name"})
            return self.show(form, EntryFileForm(), status=400)
        messages.success(
            request,
            _("%(name)s is entered with start number %(number)s.")
            % {"name": entry.player.name, "number": entry.start_number},
        )
        warn_about_seatings(self)
        return self.back("entries")

    def show(self, form, file_form, status: int = 200):
        return entries_page(self, form, file_form, status)


def entries_page(view: OrganiserView, form, file_form, status: int = 200):
    entries = list(
        view.tournament.entries.select_related("player", "entry_category").order_by("start_number")
    )
    for entry in entries:
        entry.category_name = category_of(entry)  # type: ignore[attr-defined]
    categories = offered(view.tournament)
    used = {category_of(entry) for entry in entries} - {""}
    return view.page(
        "desk/entries.html",
        "entries",
        status=status,
        form=form,
        file_form=file_form,
        entries=entries,
        categories=sorted(set(categories) | used),
        seating_warning=seating_warning(view.tournament),
    )


def warn_about_seatings(view: OrganiserView) -> None:
    warning = seating_warning(view.tournament)
    if warning:
        messages.warning(view.request, warning)


def seating_warning(tournament) -> str:
    """What a late entry or a withdrawal does now: seated series must be drawn again, a
    running series goes on without the change."""
    statuses = dict(tournament.series.values_list("number", "status"))
    seated = [str(n) for n, status in statuses.items() if status == SeriesStatus.SEATED]
    running = [str(n) for n, status in statuses.items() if status == SeriesStatus.RUNNING]
    parts = []
    if running:
        parts.append(
            _(
                "Series %(numbers)s is being played: changes to the entries count from the "
                "next series on."
            )
            % {"numbers": ", ".join(running)}
        )
    if seated:
        parts.append(
            _(
                "Series %(numbers)s is seated already: seat it again so that late entries "
                "play and withdrawn players leave their table."
            )
            % {"numbers": ", ".join(seated)}
        )
    return " ".join(parts)


class EntryUploadView(OrganiserView):
    """Step 1 (POST a file): the preview, row by row; step 2 (POST ``confirm``): enter them all."""

    def post(self, request, tournament_id):
        key = UPLOAD_SESSION_KEY.format(self.tournament.pk)
        if "confirm" in request.POST:
            return self.confirm(request.session.pop(key, None))
        form = EntryFileForm(request.POST, request.FILES)
        if not form.is_valid():
            return entries_page(self, EntryForm(user=self.request.user), form, status=400)
        upload = form.cleaned_data["file"]
        try:
            rows = read_entry_file(upload.name, upload.read(MAX_FILE_BYTES + 1))  # and no more
        except Refused as refusal:
            form_refused(form, refusal)
            return entries_page(self, EntryForm(user=self.request.user), form, status=400)
        request.session[key] = {"file": upload.name, "rows": rows}
        previews = preview_entry_rows(self.tournament, rows)
        good = all(not row.problems for row in previews)
        return self.page(
            "desk/upload.html",
            "entries",
            file_name=upload.name,
            rows=[(row, [problem_message(p) for p in row.problems]) for row in previews],
            good=good and bool(previews),
            columns=("start_number", "name", "club", "member_number"),
        )

    def confirm(self, upload: dict | None):
        if upload is None:
            messages.error(self.request, _("Please upload the file again."))
            return self.back("entries")
        try:
            entries = import_entry_rows(
                self.tournament, upload["rows"], by=self.actor, file=upload["file"]
            )
        except Refused as refusal:
            self.refused(refusal)
            return self.back("entries")
        count = len(entries)
        messages.success(
            self.request,
            ngettext("%(count)s player is entered.", "%(count)s players are entered.", count)
            % {"count": count},
        )
        warn_about_seatings(self)
        return self.back("entries")


class EntryActionView(OrganiserView):
    """Check in, withdraw, hide …: from the list's buttons, by a form post or the page script.
    Scorers check players in and out; the rest is the organisers'."""

    writes = Can.SCORE

    def post(self, request, tournament_id, entry_id):
        entry = self.tournament.entries.select_related("player").filter(pk=entry_id).first()
        name = request.POST.get("action", "")
        action = ENTRY_ACTIONS.get(name)
        if entry is None or action is None:
            return JsonResponse({"error": _("Unknown player or action.")}, status=400)
        if name not in CHECK_IN_ACTIONS:
            self.require(Can.RUN)
        operation, value = action
        operation(entry, value, by=self.actor)
        if operation is withdraw_entry:
            warn_about_seatings(self)
        if request.headers.get("Accept", "").startswith("application/json"):
            return JsonResponse(_entry_flags(entry))
        return self.back("entries", anchor=f"entry-{entry.pk}")


class EntryCategoryView(OrganiserView):
    """The entry's category (the announcement's categories), from the list's menu."""

    def post(self, request, tournament_id, entry_id):
        entry = self.tournament.entries.select_related("player").filter(pk=entry_id).first()
        if entry is None:
            return self.bad_request(_("Unknown player or action."))
        category = request.POST.get("category", "")
        try:
            set_category(entry, category, by=self.actor)
        except Refused as refusal:
            self.refused(refusal)
        else:
            messages.success(
                request,
                _("%(name)s: category “%(category)s”.")
                % {"name": entry.player.name, "category": category or _("none")},
            )
        return self.back("entries", anchor=f"entry-{entry.pk}")


class CheckInAllView(OrganiserView):
    writes = Can.SCORE

    def post(self, request, tournament_id):
        count = check_everyone_in(self.tournament, by=self.actor)
        messages.success(
            request,
            ngettext("%(count)s player is checked in.", "%(count)s players are checked in.", count)
            % {"count": count},
        )
        if request.POST.get("from") == "evening":  # the overview's one tap
            return self.back("evening")
        return self.back("entries")


def _entry_flags(entry: Entry) -> dict:
    return {"checked_in": entry.checked_in, "withdrawn": entry.withdrawn, "hidden": entry.hidden}
