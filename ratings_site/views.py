"""Site-wide pages that draw on several apps."""

from __future__ import annotations

import datetime as dt
import logging
import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from django.conf import settings
from django.contrib.auth.decorators import login_required
from django.contrib.auth.forms import PasswordResetForm
from django.contrib.auth.views import PasswordResetView, redirect_to_login
from django.db.models import Count, Exists, F, OuterRef, Q, QuerySet, Window
from django.db.models.functions import RowNumber
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.template import loader
from django.urls import Resolver404, reverse
from django.utils import timezone

from lists.models import RatingPeriod, stopped_computations
from lists.selectors import latest_tops
from lists.services import (
    computation_refusal,
    list_never_out,
    publication_refusal,
    publication_too_early,
)
from players.access import Actor
from players.pagination import paginate
from players.selectors import federation_list, player_list
from players.tables import PlayerTable
from players.task_queue import task_queue_refusal
from players.tasks import send_user_mail
from tournaments.models import (
    ERRORS_IN_THE_FILE,
    ApprovalRequest,
    PlayerMatch,
    ReportFinding,
    Tournament,
    TournamentReport,
)
from tournaments.querysets import arbiter_of
from tournaments.reports.services import too_late_to_rate
from tournaments.selectors import tournament_list
from tournaments.tables import TournamentTable

TABLE_PAGE_SIZE = 10

logger = logging.getLogger(__name__)


def home(request: HttpRequest) -> HttpResponse:
    """The registry at a glance: counts, then the players and the tournaments."""
    players = player_list()
    tournaments = tournament_list(request.actor)
    player_table = PlayerTable(players, prefix="players-")
    tournament_table = TournamentTable(tournaments, prefix="tournaments-")
    paginate(request, player_table, TABLE_PAGE_SIZE)
    paginate(request, tournament_table, TABLE_PAGE_SIZE)
    context = {
        "federation_count": federation_list().count(),
        "tops": latest_tops(),
        "player_table": player_table,
        "tournament_table": tournament_table,
    }
    return render(request, "home.html", context)


@login_required
def dashboard(request: HttpRequest) -> HttpResponse:
    """What is waiting for the signed-in user: reports to check, players to resolve and
    rating periods to compute for an officer, approvals and lists to publish for an
    administrator, his tournaments for an arbiter."""
    actor = request.actor
    context: dict[str, object] = {"actor": actor, "today": timezone.localdate()}
    if actor.is_officer or actor.is_administrator:
        federation_tournaments = Tournament.objects.restrict(actor, "approve_report")
        # Approved for rating once ended (interpretation 8: the list after its end).
        # Not while a player of the checked report waits: he is under "Players to resolve".
        players_waiting = PlayerMatch.objects.filter(
            report__tournament=OuterRef("pk"),
            report__status=TournamentReport.Status.CHECKED,
            status__in=PlayerMatch.OPEN_STATUSES,
        )
        context["reports_to_approve"] = waiting(
            federation_tournaments.filter(
                status=Tournament.Status.CHECKED, end_date__lte=timezone.localdate()
            )
            .exclude(Exists(players_waiting))
            .select_related("federation"),
            # All the checked reports: those not yet ended and those whose players wait too.
            everything=f"{reverse('tournaments:report_list')}?status={TournamentReport.Status.CHECKED}",
        )
        context["reports_with_errors"] = waiting(
            federation_tournaments.filter(status=Tournament.Status.REPORT_RECEIVED).select_related(
                "federation"
            ),
            everything=f"{reverse('tournaments:report_list')}?status={TournamentReport.Status.HAS_ERRORS}",
        )
        context["matches_to_resolve"], context["lines_to_resolve"] = _matches_to_resolve(actor)
        _too_late_marked(
            [*context["reports_to_approve"].rows, *context["reports_with_errors"].rows],
            context["matches_to_resolve"].rows,
        )
    if actor.is_officer or actor.is_administrator:
        # Open past its closing date: to close (beat does it within the hour; where none
        # runs, an officer); closed: to compute (beat starts it; an officer may sooner);
        # computed: to publish, by an administrator; failed, or computing by a worker gone
        # silent past its lease: to look at and compute again.
        context["periods_waiting"] = RatingPeriod.objects.filter(
            Q(
                status__in=(
                    RatingPeriod.Status.CLOSED,
                    RatingPeriod.Status.COMPUTED,
                    RatingPeriod.Status.FAILED,
                )
            )
            | Q(status=RatingPeriod.Status.OPEN, closing_date__lt=timezone.localdate())
            | stopped_computations()
        ).order_by("list_date", "category")
        # Not those whose list will never come out here (imported from FIDE, or on a date
        # that is no list date any more): nothing is to be done with them (a review saw an
        # imported list's period "closed: to compute" for good).
        context["periods_waiting"] = _why_blocked(
            [period for period in context["periods_waiting"] if not list_never_out(period)]
        )
    if actor.is_administrator:
        context["approvals"] = waiting(
            ApprovalRequest.objects.filter(status=ApprovalRequest.Status.PENDING).select_related(
                "tournament__federation"
            ),
            everything=f"{reverse('tournaments:approvals')}?status={ApprovalRequest.Status.PENDING}",
        )
    if actor.is_arbiter:
        mine = Tournament.objects.filter(arbiter_of(actor)).select_related("federation")
        # His to act on: a report with errors waits for a corrected version (a review
        # found it only as "Report received" among his tournaments).
        # Errors in the file itself, not only with its players as the officer matched them:
        # those the officer's matches may clear (``report_check_as_matched``).
        errors_in_file = ReportFinding.objects.filter(
            ERRORS_IN_THE_FILE,
            report__tournament=OuterRef("pk"),
            report__status=TournamentReport.Status.HAS_ERRORS,
        )
        context["my_reports_with_errors"] = waiting(
            mine.filter(status=Tournament.Status.REPORT_RECEIVED).annotate(
                errors_in_file=Exists(errors_in_file)
            ),
            everything=f"{reverse('tournaments:report_list')}?status={TournamentReport.Status.HAS_ERRORS}",
        )
        _too_late_marked(context["my_reports_with_errors"].rows)
        # An approved tournament that has ended waits for its report (R&B 2024 8.1: rated
        # only if it comes in time for the third list after its end). A review: the demo's
        # arbiter saw his two ended tournaments as "Approved", and nothing said a report
        # was due.
        context["my_reports_due"] = waiting(
            mine.filter(
                status=Tournament.Status.APPROVED, end_date__lte=timezone.localdate()
            ).order_by("end_date", "pk"),
            everything=(
                f"{reverse('tournaments:list')}?mine=true&status={Tournament.Status.APPROVED}"
            ),
        )
        _too_late_marked(context["my_reports_due"].rows)
        context["my_tournaments"] = waiting(
            mine, everything=f"{reverse('tournaments:list')}?mine=true"
        )
    return render(request, "dashboard.html", context)


def _too_late_marked(
    tournaments: list[Tournament], to_resolve: Sequence[ReportToResolve] = ()
) -> None:
    """Each row's ``too_late``: why its report would be refused as too late to rate
    (interpretation 8, past the third list after its end), else None. Whatever its errors
    or its players to resolve: no correction makes it rateable, and the officer's
    refusal (from its page) tells its arbiter so (reviews: only the checked ones were
    marked)."""
    resolving = Tournament.objects.filter(pk__in=[row.tournament for row in to_resolve])
    late = too_late_to_rate([*tournaments, *resolving])
    for tournament in tournaments:
        tournament.too_late = late.get(tournament.pk)
    for report in to_resolve:
        report.too_late = late.get(report.tournament)


def _why_blocked(periods: list[RatingPeriod]) -> list[RatingPeriod]:
    """``periods``, each computed one with ``publication_blocked``: why it cannot be
    published but by its date (an earlier list waits, it was computed before the list it
    starts from was published...), and each closed one with ``computation_blocked``: why
    it cannot be computed now (an earlier list waits, a later one is out); else None.
    Reviews saw "published from its date" and "closed: to compute" on the dashboard for a
    list its own page refused to publish or to compute."""
    today = timezone.localdate()
    for period in periods:
        period.publication_blocked = period.computation_blocked = None
        if period.status == RatingPeriod.Status.COMPUTED:
            refusal = publication_refusal(period, today)
            if refusal != publication_too_early(period, today):
                period.publication_blocked = refusal
        elif period.status == RatingPeriod.Status.CLOSED:
            period.computation_blocked = computation_refusal(period)
    return periods


#: The rows a section of the dashboard shows: at the start of a month an administrator
#: has tens of thousands of reports waiting; the rest are counted, and listed elsewhere.
DASHBOARD_ROWS = 25


@dataclass
class Waiting:
    """A section's first rows, how many there are in all, and the page listing them all."""

    rows: list[Any]
    count: int
    everything: str = ""

    @property
    def more(self) -> int:
        return self.count - len(self.rows)


def waiting(rows: QuerySet[Any], everything: str = "") -> Waiting:
    """The first ``DASHBOARD_ROWS`` of ``rows``, counted only where there are more."""
    first = list(rows[: DASHBOARD_ROWS + 1])
    if len(first) <= DASHBOARD_ROWS:
        return Waiting(first, len(first), everything)
    return Waiting(first[:DASHBOARD_ROWS], rows.count(), everything)


@dataclass
class ReportToResolve:
    report: int
    version: int
    tournament: int
    tournament_name: str
    tournament_start: dt.date
    lines: int
    #: The first lines waiting: (name in the report, status).
    first: list[tuple[str, str]]
    #: Why the report would be refused as too late to rate, if it would.
    too_late: str | None = None


#: The lines named for each report on the dashboard; the report page has them all.
LINES_NAMED = 5


def _matches_to_resolve(actor: Actor) -> tuple[Waiting, int]:
    """The reports with players to resolve, each with its count of lines and the first of
    them, and how many lines wait in all: the lines themselves are read for the reports
    shown only (a month's junior opens bring thousands)."""
    lines = (
        PlayerMatch.objects.restrict(actor, "resolve")
        .filter(status__in=PlayerMatch.OPEN_STATUSES)
        # A version with errors waits for its arbiter's next one, whose lines are matched
        # anew (a review counted 34 lines of a version of 148 errors); a tournament
        # withdrawn or refused is rated never.
        .exclude(
            report__status__in=(
                TournamentReport.Status.SUPERSEDED,
                TournamentReport.Status.HAS_ERRORS,
            )
        )
        .exclude(
            report__tournament__status__in=(Tournament.Status.WITHDRAWN, Tournament.Status.REFUSED)
        )
    )
    per_report = list(
        lines.order_by("report__tournament__name", "report_id")
        .values_list("report_id", "report__version", "report__tournament_id")
        .annotate(
            name=F("report__tournament__name"),
            start=F("report__tournament__start_date"),
            count=Count("pk"),
        )[: DASHBOARD_ROWS + 1]
    )
    reports, total = len(per_report), sum(row[-1] for row in per_report)
    if reports > DASHBOARD_ROWS:
        per_report = per_report[:DASHBOARD_ROWS]
        reports = lines.order_by().values("report_id").distinct().count()
        total = lines.count()
    first: dict[int, list[tuple[str, str]]] = {row[0]: [] for row in per_report}
    # The first five of each report alone, not every line of a junior open of 500.
    named = (
        lines.filter(report_id__in=list(first))
        .annotate(
            place=Window(RowNumber(), partition_by=F("report_id"), order_by=F("start_rank").asc())
        )
        .filter(place__lte=LINES_NAMED)
        .order_by("report_id", "start_rank")
    )
    for report, name, status in named.values_list("report_id", "trf_name", "status"):
        first[report].append((name, PlayerMatch.Status(status).label))
    rows = [
        ReportToResolve(report, version, tournament, name, start, count, first[report])
        for report, version, tournament, name, start, count in per_report
    ]
    return Waiting(rows, reports), total


#: The longest address the sign-in page is asked to return to (Django refuses to redirect
#: to one of more than 16,384 characters, and the address is written twice, encoded).
LONGEST_WAY_BACK = 2000


def _way_back(request: HttpRequest) -> str:
    """Where signing in returns to: the page asked for, without its query where that would
    make the address too long, and the home page where even the path would."""
    for address in (request.get_full_path(), request.path):
        if len(address) <= LONGEST_WAY_BACK:
            return address
    return "/"


def permission_denied(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """403 for a signed-in user, with the reason the service gave; the public is sent to
    sign in instead, since an account may be all that is missing."""
    if not request.user.is_authenticated:
        return redirect_to_login(_way_back(request))
    reason = str(exception) if exception is not None and str(exception) else ""
    return render(request, "403.html", {"reason": reason}, status=403)


#: Django's own words for an object not found (``get_object_or_404``): they name a model.
DJANGO_NOT_FOUND = re.compile(r"^No .+ matches the given query\.$")


def page_not_found(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """404, with the reason a page gave ("No standard list of 2025-04 is published.") where
    it wrote one for the visitor; a stale link then says why."""
    said = exception.args[0] if isinstance(exception, Http404) and exception.args else ""
    # No address matched (Resolver404 carries the URL map, a dict): nothing to say.
    reason = said if isinstance(said, str) and not isinstance(exception, Resolver404) else ""
    if DJANGO_NOT_FOUND.match(reason):
        reason = ""
    return render(request, "404.html", {"reason": reason}, status=404)


def locked_out(
    request: HttpRequest,
    original_response: HttpResponse | None = None,
    credentials: dict[str, Any] | None = None,
) -> HttpResponse:
    """django-axes' answer to a sign-in from an address locked out of an account
    (``AXES_LOCKOUT_CALLABLE``): 429, saying how many wrong passwords, for how long, and
    what else to do."""
    context = {
        "failure_limit": settings.AXES_FAILURE_LIMIT,
        "minutes": round(settings.AXES_COOLOFF_TIME.total_seconds() / 60),
        "username": (credentials or {}).get("username") or request.POST.get("username", ""),
    }
    return render(request, "registration/locked_out.html", context, status=429)


class QueuedPasswordResetForm(PasswordResetForm):
    """Django's reset form, its mail handed to a worker (``players.tasks.send_user_mail``)
    rather than sent while the request waits: sent at once, the mail server's seconds told
    anyone timing the page whether an address has an account."""

    def send_mail(
        self,
        subject_template_name: str,
        email_template_name: str,
        context: dict[str, Any],
        from_email: str | None,
        to_email: str,
        html_email_template_name: str | None = None,
    ) -> None:
        subject = "".join(loader.render_to_string(subject_template_name, context).splitlines())
        body = loader.render_to_string(email_template_name, context)
        html = (
            loader.render_to_string(html_email_template_name, context)
            if html_email_template_name
            else None
        )
        queued = partial(send_user_mail.delay, subject, body, to_email, from_email, html)
        if task_queue_refusal(queued) is not None:  # sent here, the request waiting for it
            logger.warning("password reset mail sent without a worker: the task queue is away")
            send_user_mail(subject, body, to_email, from_email, html)


class PasswordReset(PasswordResetView):
    """A link by mail to choose a new password, where the site sends mail
    (``PASSWORD_RESET_BY_MAIL``): built on ``SITE_URL``, not on the request's Host header;
    elsewhere the page says to ask an administrator, and nothing is sent. The mail goes
    from a worker (``QueuedPasswordResetForm``)."""

    form_class = QueuedPasswordResetForm

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        return {**super().get_context_data(**kwargs), "by_mail": settings.PASSWORD_RESET_BY_MAIL}

    def form_valid(self, form: Any) -> HttpResponse:
        if not settings.PASSWORD_RESET_BY_MAIL:
            return self.render_to_response(self.get_context_data(form=form))
        self.extra_email_context = {"site_url": settings.SITE_URL or self._request_site()}
        return super().form_valid(form)

    def _request_site(self) -> str:
        """In development only (PASSWORD_RESET_BY_MAIL without SITE_URL needs DEBUG)."""
        return f"{self.request.scheme}://{self.request.get_host()}"
