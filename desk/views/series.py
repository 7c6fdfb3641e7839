"""Running a series from the desk: seat it, print, hand out the table links, watch the tables,
call time and close it; and the print jobs of the whole evening."""

from __future__ import annotations

import secrets
from datetime import timedelta

import segno
from django.conf import settings
from django.contrib import messages
from django.db.models import Max
from django.http import Http404, HttpResponseRedirect
from django.shortcuts import render
from django.utils import timezone
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from desk.forms import CloseSeriesForm, SeatingForm
from desk.views.base import (
    OrganiserView,
    posted_number,
    say_the_pdf_is_being_made,
)
from karlchen.refusals import Refused
from printing.domain.documents import MAX_SERIES, MAX_TOP, check_documents
from printing.domain.jobs import start_documents_job
from printing.enums import DocumentKind
from scoring.domain.queries import OWED, series_tables
from scoring.domain.series import call_time, close_series
from scoring.models import DealRevision
from seating.domain.jobs import start_seating_job
from seating.domain.seating import usual_team_seating
from tournaments.domain.jobs import waiting_for_queue
from tournaments.enums import JobKind, JobStatus, SeriesStatus
from tournaments.job_texts import QUEUE_DOWN_SEATING
from tournaments.models import Job

QUIET_AFTER = timedelta(minutes=10)  # a running table without a deal for this long stands out
BOARD_POLL_SECONDS = 10


class SeriesView(OrganiserView):
    def get(self, request, tournament_id, number):
        series = self.series(number)
        initial = {"method": self.tournament.seating_method, "all_series": number == 1}
        seating_jobs = self.tournament.jobs.filter(kind=JobKind.SEATING)[:1]
        seating_form = SeatingForm(initial=initial)
        if not self.tournament.teams.exists():
            del seating_form.fields["teams"]  # nothing to choose for a tournament of no teams
        else:
            seating_form.initial["teams"] = usual_team_seating(self.tournament)
        return self.page(
            "desk/series.html",
            f"series-{number}",
            series=series,
            seating_form=seating_form,
            close_form=CloseSeriesForm(),
            seating_job=seating_jobs[0] if seating_jobs else None,
            report=series.seating_report or None,
            board=board(series),
            poll_seconds=BOARD_POLL_SECONDS,
            jobs=document_jobs(self.tournament),
        )

    def series(self, number: int):
        series = self.tournament.series.filter(number=number).first()
        if series is None:
            raise Http404
        series.tournament = self.tournament
        return series


class BoardView(SeriesView):
    """The live board alone, for the page script to swap in."""

    def get(self, request, tournament_id, number):
        series = self.series(number)
        context = {"tournament": self.tournament, "series": series, "board": board(series)}
        return render(request, "desk/board.html", context)


class SeatSeriesView(SeriesView):
    def post(self, request, tournament_id, number):
        series = self.series(number)
        form = SeatingForm(request.POST)
        if not form.is_valid():
            messages.error(request, _("Please check the seating options."))
            return self.back("series", number)
        data = form.cleaned_data
        seed = data["seed"] if data["seed"] is not None else secrets.randbelow(2**31)
        params = {"method": data["method"], "seed": seed, "separate_clubs": data["separate_clubs"]}
        if data["teams"]:
            params["teams"] = data["teams"]  # none chosen (the one-tap seating): the usual
        if not data["all_series"]:
            params["series"] = [series.number]
        job = start_seating_job(self.tournament, by=self.actor, params=params)
        _say_how_the_seating_went(request, job)
        return self.back("series", number, anchor="seating")


def _say_how_the_seating_went(request, job: Job) -> None:
    """Drawn already (a worker, or the embedded set-up's tasks run at once, was quicker than
    the page), waiting for the job queue, or still being drawn; a failure is said by the
    seating's notice on the page."""
    job.refresh_from_db(fields=["status"])
    if waiting_for_queue(job):
        messages.warning(request, QUEUE_DOWN_SEATING)
    elif job.status == JobStatus.DONE:
        messages.success(request, _("The seating is drawn."))
    elif job.status != JobStatus.FAILED:
        messages.info(request, _("The seating is being drawn …"))


class CallTimeView(SeriesView):
    def post(self, request, tournament_id, number):
        call_time(self.series(number), by=self.actor)
        messages.success(request, _("Time is called: the tables finish their compulsory solos."))
        return self.back("series", number, anchor="board")


class CloseSeriesView(SeriesView):
    def post(self, request, tournament_id, number):
        series = self.series(number)
        form = CloseSeriesForm(request.POST)
        force = form.is_valid() and form.cleaned_data["force"]
        try:
            close_series(series, by=self.actor, force=force)
        except Refused as refusal:
            self.refused(refusal)
            return self.back("series", number, anchor="close")
        messages.success(request, _("Series %(number)s is closed.") % {"number": series.number})
        return self.back("series", number)


class TableLinksView(SeriesView):
    """Every table's captain link as a QR code, one card per table, to print or show."""

    def get(self, request, tournament_id, number):
        series = self.series(number)
        base = settings.SITE_URL or request.build_absolute_uri("/")
        cards = []
        for table in series.tables.order_by("number").prefetch_related("seats__entry__player"):
            link = base.rstrip("/") + table.captain_path()
            seats = sorted(table.seats.all(), key=lambda seat: seat.position)
            qr = segno.make(link, error="m").svg_inline(scale=4, border=2)
            cards.append({"table": table, "link": link, "qr": qr, "seats": seats})
        return self.page("desk/links.html", f"series-{number}", series=series, cards=cards)


class PrintView(OrganiserView):
    """Start a documents job (score sheets, seating list, standings, certificates)."""

    def post(self, request, tournament_id):
        data = request.POST
        kind = data.get("kind", "")
        if kind not in DocumentKind.values:
            raise Http404
        wanted = {"kind": kind}
        series = posted_number(data, "series", _("Series"), low=1, high=MAX_SERIES)
        if series is not None:
            wanted["series"] = series
        if kind == DocumentKind.SCORE_SHEETS:
            wanted["filled"] = data.get("filled") == "1"
        if kind in (
            DocumentKind.CERTIFICATES,
            DocumentKind.CATEGORY_CERTIFICATES,
            DocumentKind.REPORT,
        ):
            certificates = kind != DocumentKind.REPORT
            label = _("Certificates for the first") if certificates else _("Places shown")
            top = posted_number(data, "top", label, low=1, high=MAX_TOP)
            if top is not None:
                wanted["top"] = top
        try:
            check_documents(self.tournament, wanted)
            job = start_documents_job(
                self.tournament,
                by=self.actor,
                request=wanted,
                base_url=settings.SITE_URL or request.build_absolute_uri("/"),
                language=get_language(),
            )
        except Refused as refusal:
            self.refused(refusal)
        else:
            say_the_pdf_is_being_made(request, job)
        return self._return(data.get("next"))

    def _return(self, next_page: str | None):
        if next_page and next_page.startswith("/desk/"):  # only back into the desk
            return HttpResponseRedirect(next_page + "#print")
        return self.back("finish", anchor="print")


def document_jobs(tournament) -> list[Job]:
    """The latest print jobs, each with the name of what it prints."""
    jobs = list(tournament.jobs.filter(kind=JobKind.DOCUMENTS)[:12])
    for job in jobs:
        kind = job.params.get("kind")
        job.label = DocumentKind(kind).label if kind in DocumentKind.values else kind
    return jobs


def board(series) -> list[dict]:
    """One line per table: progress, compulsory solos owed, deals awaiting confirmation, and
    how long since the last entry (a table quiet for long stands out)."""
    last = dict(
        DealRevision.objects.filter(deal__table__series=series)
        .values_list("deal__table_id")
        .annotate(last=Max("created_at"))
    )
    now = timezone.now()
    running = series.status in (SeriesStatus.SEATED, SeriesStatus.RUNNING)
    lines = []
    for state in series_tables(series):
        activity = last.get(state.table.pk)
        quiet_since = activity or series.tournament.created_at
        names: dict[int | None, str] = {seat.position: seat.name for seat in state.seats}
        forced = state.next_deal.forced_soloist if state.next_deal else None
        lines.append(
            {
                "state": state,
                "forced": names.get(forced),
                "owed": [
                    seat.name
                    for seat in state.seats
                    if state.compulsory_solos.get(seat.position) == OWED
                ],
                "unconfirmed": [deal.number for deal in state.deals if not deal.confirmed],
                "last_activity": activity,
                "quiet": running
                and not state.complete
                and activity is not None
                and now - quiet_since > QUIET_AFTER,
                "percent": round(100 * state.deals_played / state.deals_total)
                if state.deals_total
                else 0,
            }
        )
    return lines
