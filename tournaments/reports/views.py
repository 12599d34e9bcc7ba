"""Report pages: upload, findings, the file as received, player matching, approval.

Every view starts from a permission-restricted queryset (another federation's report is a
404) and leaves the decisions to the services (an action not allowed is a 403).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import FileResponse, Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.defaultfilters import pluralize
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_POST

from audit.selectors import audit_entries_for
from players.access import Actor, require
from players.filters import REFUSED_ROWS_TEXT
from players.models import Federation
from players.pagination import FixedPagePaginator, paginate
from players.selectors import federations_of_officer
from tournaments.models import PlayerMatch, Tournament, TournamentReport
from tournaments.reports import selectors, services
from tournaments.reports.filters import ReportFilter
from tournaments.reports.forms import (
    NewPlayerLineFormSet,
    PlayerMatchRegisterForm,
    PlayerMatchResolveForm,
    ReportUploadForm,
)
from tournaments.reports.tables import SETTLED_BY_A_MATCH, FindingTable, ReportTable
from tournaments.trf.codes import START_RANK

#: The report page's player lines and findings a page at a time.
MATCHES_PER_PAGE = 200
FINDINGS_PER_PAGE = 100
#: The query parameter of the page of player lines (the findings' is the table's own);
#: the page's links write it as "lines" too.
PLAYERS_PAGE = "lines"


@login_required  # signed out: to sign in, not a 404 (a review)
def report_upload(request: HttpRequest, pk: int) -> HttpResponse:
    """The upload form; a stored version goes straight to its findings."""
    tournament = get_object_or_404(Tournament.objects.restrict(request.actor), pk=pk)
    require(
        request.actor,
        "upload_report",
        tournament,
        "Only the tournament's arbiters and rating officers upload its report.",
    )
    refusal = services.report_upload_refusal(tournament)
    form = ReportUploadForm(
        request.POST if request.method == "POST" else None,
        request.FILES or None,
        hybrid=tournament.hybrid,
        kept=selectors.games_file_kept(tournament) if tournament.hybrid else None,
    )
    if request.method == "POST" and form.is_valid():
        try:
            games = form.cleaned_data.get("games")
            # A refused upload reads no games file (up to 10 MB, seconds): the service
            # says why it is refused.
            report = services.report_upload(
                actor=request.actor,
                tournament=tournament,
                uploaded_file=form.cleaned_data["file"],
                games=services.games_upload_read(games) if games and not refusal else None,
            )
        except services.GamesFileRefused as error:
            form.add_error("games", error.messages)
        except ValidationError as error:
            form.add_error("file", error.messages)
        else:
            messages.success(request, _upload_message(report))
            return redirect("tournaments:report_detail", pk=pk, version=report.version)
    context = {
        "tournament": tournament,
        "form": form,
        "refusal": refusal,
    }
    return render(
        request, "tournaments/reports/upload.html", context, status=400 if form.errors else 200
    )


def _upload_message(report) -> str:
    return _upload_outcome(report) + _same_file_note(report)


def _same_file_note(report) -> str:
    """A word when the files uploaded are ones uploaded before, byte for byte (a review: the
    same file sent twice became a version of its own, without a word): the report and its
    games file (a review: the same report sent again with the games it lacked was called
    the same file)."""
    earlier = (
        report.tournament.reports.filter(
            sha256=report.sha256, games_sha256=report.games_sha256, version__lt=report.version
        )
        .order_by("-version")
        .first()
    )
    if earlier is None:
        return ""
    return (
        f" It is the same file as version {earlier.version}, byte for byte: if a corrected "
        "file was meant, upload that one."
    )


def _upload_outcome(report) -> str:
    late = services.too_late_to_rate([report.tournament]).get(report.tournament_id)
    if late is not None:
        # Said first: no correction or match makes it rateable (a review found "then the
        # report is approved for rating" above the page's "can no longer be rated").
        return f"Version {report.version} was stored as received, but it cannot be rated: {late}"
    if report.error_count:
        return (
            f"Version {report.version} was stored as received, but it has "
            f"{report.error_count} error{pluralize(report.error_count)}: it cannot be rated "
            "until a corrected version is uploaded."
        )
    waiting = report.matches.filter(status__in=selectors.UNRESOLVED).count()
    if waiting:
        return (
            f"Version {report.version} was stored and checked: no errors. "
            + ("1 player of it waits" if waiting == 1 else f"{waiting} players of it wait")
            + " for the federation's rating officer to match or register; then the report "
            "is approved for rating."
        )
    return f"Version {report.version} was stored and checked: no errors."


@login_required  # signed out: to sign in, as the other private pages (a review)
def report_detail(request: HttpRequest, pk: int, version: int) -> HttpResponse:
    """Every finding (errors first) with line, column and clause; the player matches with
    the officer's forms; the approve button when the officer may approve."""
    report = selectors.report_get(actor=request.actor, tournament_pk=pk, version=version)
    tournament = report.tournament
    officer = request.actor.officer_for(tournament.federation_id)
    matches = list(selectors.player_match_list(report=report))
    unresolved = [m for m in matches if m.status in selectors.UNRESOLVED]
    ended = tournament.end_date <= timezone.localdate()
    withdrawn = tournament.status == Tournament.Status.WITHDRAWN
    refused = tournament.status == Tournament.Status.REFUSED
    # A version with errors too: no correction makes a report too late rateable (a review:
    # its page told the arbiter to upload a corrected version).
    may_be_rated = (
        report.status in ("checked", "has_errors") and ended and not (withdrawn or refused)
    )
    rated_on, too_late = services.approval_outlook(tournament) if may_be_rated else (None, None)
    approved = report.status == TournamentReport.Status.APPROVED and officer
    withdrawal_refusal = services.approval_withdrawal_refusal(report) if approved else None
    choices = _register_choices(request.actor, officer and unresolved)
    may_change = (
        officer and report.status in ("has_errors", "checked") and not (withdrawn or refused)
    )
    if may_change:  # the forms it fills are shown then alone
        likely = selectors.likely_players(
            tournament, matches, selectors.earlier_version_players(report)
        )
        typed = _typed_taken(request, report)
        for match in unresolved:
            match.likely = likely.get(match.start_rank, [])
            # Its register form's values: the report's, or what the officer typed there
            # and saw refused.
            match.register_values = (
                typed["fields"]
                if typed.get("start_rank") == match.start_rank
                else {
                    "federation": match.federation_code or tournament.federation.code,
                    "sex": match.trf_sex,
                    "birth_year": "" if match.trf_birth_year is None else match.trf_birth_year,
                }
            )
    findings = _finding_table(report, matches)
    paginate(request, findings, FINDINGS_PER_PAGE)
    lines = FixedPagePaginator(matches, MATCHES_PER_PAGE, page_size=MATCHES_PER_PAGE)
    context = {
        "tournament": tournament,
        "report": report,
        "findings": findings,
        "info_count": report.info_count
        if report.info_count is not None
        else report.findings.filter(severity="info").count(),
        "matches": matches,
        # A junior open has hundreds of lines, a file of 9,999 made a page of 34 MB (a
        # review): the lines and the findings a page at a time.
        "lines": lines.get_page(request.GET.get(PLAYERS_PAGE)),
        "unresolved": unresolved,
        "without_id": _lines_to_register_here(unresolved, choices, tournament),
        "officer": officer,
        "can_change": may_change,
        "can_approve": officer
        and report.status == "checked"
        and not unresolved
        and ended
        and not (withdrawn or refused)
        and not too_late,
        "too_late": too_late,
        "may_return": officer
        and report.status in ("checked", "has_errors")
        and not (withdrawn or refused or too_late)
        and not any(f.code == services.RETURNED_BY_THE_OFFICER for f in findings.data),
        "rated_on": rated_on,
        "may_withdraw_approval": approved and withdrawal_refusal is None,
        "withdrawal_refusal": withdrawal_refusal,
        "withdrawn": withdrawn,
        "refused": refused,
        "not_ended": not ended,
        **choices,
        "versions": selectors.report_list(actor=request.actor, tournament=tournament),
        "entries": audit_entries_for(report),
    }
    return render(request, "tournaments/reports/detail.html", context)


def _lines_to_register_here(
    unresolved: list[PlayerMatch], choices: dict[str, Any], tournament: Tournament
) -> int:
    """The lines without a FIDE ID the officer may register in his federations: those the
    register-new page offers, likely duplicates aside (it looks them up)."""
    own = tournament.federation.code
    return sum(
        match.status == PlayerMatch.Status.NO_ID
        and (match.federation_code or own) in choices["federation_codes"]
        for match in unresolved
    )


def _finding_table(report: TournamentReport, matches: list[PlayerMatch]) -> FindingTable:
    """The findings, each with its line as written; one an officer's match has settled
    says so (a review found "the rating officer must match" beside a line matched)."""
    findings = list(selectors.finding_list(report=report))
    lines = selectors.finding_lines(report=report, numbers=(f.line for f in findings))
    by_rank = {match.start_rank: match for match in matches}
    settled = {}
    for finding in findings:
        rank = START_RANK.cut(lines.get(finding.line or 0, "")).strip()
        if finding.code not in SETTLED_BY_A_MATCH or not rank.isdigit():
            continue
        match = by_rank.get(int(rank))
        if match is not None and match.status == PlayerMatch.Status.RESOLVED and match.player:
            settled[finding.line] = f"{match.player.name} ({match.player.fide_id})"
    return FindingTable(
        findings,
        lines=lines,
        settled=settled,
        tournament_url=reverse("tournaments:detail", args=(report.tournament_id,)),
        prefix="findings-",
    )


def _register_choices(actor: Actor, offered: bool) -> dict[str, object]:
    """The federations the "Register new" forms offer: only those the actor registers
    players of, since ``player_register`` refuses the others; their codes let the page say
    when a line's federation is not among them, or not in the registry at all."""
    every = list(Federation.objects.order_by("code")) if offered else []
    # The officer's own, as ``federations_of_officer`` reads them, without a second query.
    federations = [federation for federation in every if actor.officer_for(federation.pk)]
    return {
        "federations": federations,
        "federation_codes": {federation.code for federation in federations},
        "known_codes": {federation.code for federation in every},
    }


@login_required  # signed out: to sign in, as the other private pages (a review)
def report_download(request: HttpRequest, pk: int, version: int) -> FileResponse:
    """The file exactly as it was received."""
    report = selectors.report_get(actor=request.actor, tournament_pk=pk, version=version)
    return _stored_file_response(
        report.file, report.original_name, "application/octet-stream", f"file of version {version}"
    )


@login_required
def report_games_download(request: HttpRequest, pk: int, version: int) -> FileResponse:
    """The version's games file (PGN, R&B 2024 8.4) exactly as it was received."""
    report = selectors.report_get(actor=request.actor, tournament_pk=pk, version=version)
    if not report.games_file:
        raise Http404(f"Version {version} has no games file.")
    return _stored_file_response(
        report.games_file,
        report.games_original_name,
        "application/x-chess-pgn",
        f"games file of version {version}",
    )


def _stored_file_response(file, name: str, content_type: str, what: str) -> FileResponse:
    """A stored file as an attachment; a 404 that says so where it is gone from the
    storage (a review: a server error)."""
    try:
        handle = file.open("rb")
    except OSError as error:
        raise Http404(
            f"The stored {what} can no longer be read; the officer can ask the arbiter to "
            "upload it again."
        ) from error
    return FileResponse(handle, as_attachment=True, filename=name, content_type=content_type)


@login_required  # signed out: to sign in, not a 404 (a review)
@require_POST
def report_approve(request: HttpRequest, pk: int, version: int) -> HttpResponse:
    return _report_step(
        request,
        pk,
        version,
        services.report_approve,
        f"Version {version} is approved; the tournament is ready for rating.",
    )


@login_required  # signed out: to sign in, not a 404 (a review)
@require_POST
def report_approval_withdraw(request: HttpRequest, pk: int, version: int) -> HttpResponse:
    """Withdraw a report's approval while its list's period is open (officers)."""
    return _report_step(
        request,
        pk,
        version,
        services.report_approval_withdraw,
        f"The approval of version {version} is withdrawn and its games removed: approve it "
        "again, or upload a corrected version.",
        reason=request.POST.get("reason", ""),
    )


@login_required  # signed out: to sign in, not a 404 (a review)
@require_POST
def report_return(request: HttpRequest, pk: int, version: int) -> HttpResponse:
    """Return a version waiting for approval to its arbiter, with a reason (officers)."""
    return _report_step(
        request,
        pk,
        version,
        services.report_return,
        f"Version {version} is returned to its arbiter with your reason: it waits for a "
        "corrected version.",
        reason=request.POST.get("reason", ""),
    )


def _report_step(
    request: HttpRequest,
    pk: int,
    version: int,
    step: Callable[..., object],
    done: str,
    **arguments: str,
) -> HttpResponse:
    """``step``, a service taking the actor and the version (and ``arguments``), then back
    to the version's page with its refusal, or ``done``."""
    report = selectors.report_get(actor=request.actor, tournament_pk=pk, version=version)
    try:
        step(actor=request.actor, report=report, **arguments)
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
    else:
        messages.success(request, done)
    return redirect("tournaments:report_detail", pk=pk, version=version)


def _match_for(request: HttpRequest, pk: int, version: int, start_rank: int):
    report = selectors.report_get(actor=request.actor, tournament_pk=pk, version=version)
    return get_object_or_404(report.matches.select_related("report"), start_rank=start_rank)


@login_required  # signed out: to sign in, not a 404 (a review)
@require_POST
def player_match_resolve(
    request: HttpRequest, pk: int, version: int, start_rank: int
) -> HttpResponse:
    """Match a report line to an existing registry player (officers)."""
    match = _match_for(request, pk, version, start_rank)
    require(
        request.actor,
        "resolve",
        match,
        "Only the federation's rating officer resolves a report's players.",
    )
    form = PlayerMatchResolveForm(request.POST)
    done = _run(
        request,
        form,
        lambda data: services.player_match_resolve(actor=request.actor, match=match, **data),
    )
    return _back_to_line(match, at_line=done)


@login_required  # signed out: to sign in, not a 404 (a review)
@require_POST
def player_match_register(
    request: HttpRequest, pk: int, version: int, start_rank: int
) -> HttpResponse:
    """Register the line's player as a new registry player and match it (officers)."""
    match = _match_for(request, pk, version, start_rank)
    require(
        request.actor,
        "resolve",
        match,
        "Only the federation's rating officer resolves a report's players.",
    )
    form = PlayerMatchRegisterForm(request.POST, federations=federations_of_officer(request.actor))
    done = _run(
        request,
        form,
        lambda data: services.player_match_register(actor=request.actor, match=match, **data),
    )
    if not done:
        _typed_kept(request, match)
    return _back_to_line(match, at_line=done)


#: Where a line's registration refused keeps what the officer typed, for the report page
#: to show it again in that line's form (a review: a birth year of 3000, refused, came
#: back as the report's, the officer's input lost).
TYPED_SESSION_KEY = "report-line-typed"
TYPED_FIELDS = ("federation", "sex", "birth_year")


def _typed_kept(request: HttpRequest, match: PlayerMatch) -> None:
    request.session[TYPED_SESSION_KEY] = {
        "report": match.report_id,
        "start_rank": match.start_rank,
        "fields": {name: request.POST.get(name, "")[:20] for name in TYPED_FIELDS},
    }


def _typed_taken(request: HttpRequest, report: TournamentReport) -> dict[str, Any]:
    """What ``_typed_kept`` kept for a line of ``report``, taken once (else {})."""
    typed = request.session.pop(TYPED_SESSION_KEY, None)
    return typed if isinstance(typed, dict) and typed.get("report") == report.pk else {}


#: Lines on the page at once: each sends four fields, and Django refuses a form of more
#: than 1,000 (DATA_UPLOAD_MAX_NUMBER_FIELDS); the rest follow once these are registered.
LINES_REGISTERED_AT_ONCE = 200


@login_required  # signed out: to sign in, not a 404 (a review)
def players_register_new(request: HttpRequest, pk: int, version: int) -> HttpResponse:
    """The report's lines without a FIDE ID on one page, registered as new players at once
    (officers): a junior event may bring forty. The sex and birth year the report gives
    are filled in, the officer supplies what it leaves out; the lines he must decide
    himself (a likely duplicate, another federation) are listed with the reason."""
    report = selectors.report_get(actor=request.actor, tournament_pk=pk, version=version)
    tournament = report.tournament
    require(
        request.actor,
        "resolve_players",
        tournament,
        "Only the federation's rating officer resolves a report's players.",
    )
    lines = selectors.lines_to_register(actor=request.actor, report=report)
    waiting = [line for line in lines if not line.left_out]
    to_register = waiting[:LINES_REGISTERED_AT_ONCE]
    initial = [
        {
            "start_rank": line.match.start_rank,
            # A rated line is most likely a registered player whose ID the report lacks
            # (the "rated-without-fide-id" warning): the officer ticks it if he is not.
            "register": not line.match.trf_rating,
            "sex": line.match.trf_sex,
            "birth_year": line.match.trf_birth_year,
        }
        for line in to_register
    ]
    data = request.POST if request.method == "POST" else None
    formset = NewPlayerLineFormSet(data, initial=initial)
    can_change = (
        report.status in ("has_errors", "checked")
        and tournament.status != Tournament.Status.WITHDRAWN
    )
    if formset.is_bound and formset.total_form_count() != len(to_register):
        messages.error(
            request, "The report's lines waiting for a registration changed: look again."
        )
        return redirect(request.path)
    if formset.is_bound and can_change and formset.is_valid():
        chosen = [
            services.NewPlayerLine(row["start_rank"], row["sex"], row["birth_year"])
            for row in formset.cleaned_data
            if row.get("register")
        ]
        try:
            registered = services.player_matches_register(
                actor=request.actor, report=report, lines=chosen
            )
        except ValidationError as error:
            # The page again as the officer filled it in, the refused line named above it.
            messages.error(request, " ".join(error.messages))
        else:
            messages.success(request, _registered_message(registered))
            page = reverse("tournaments:report_detail", kwargs={"pk": pk, "version": version})
            return redirect(f"{page}#player-matches")
    context = {
        "tournament": tournament,
        "report": report,
        "can_change": can_change,
        "formset": formset,
        "rows": list(zip(to_register, formset.forms, strict=True)),
        "left_out": [line for line in lines if line.left_out],
        "more": len(waiting) - len(to_register),
    }
    status = 400 if formset.is_bound else 200
    return render(request, "tournaments/reports/register_new.html", context, status=status)


def _registered_message(registered: list) -> str:
    ids = sorted(match.player.fide_id for match in registered)
    if len(ids) == 1:
        return f"Registered 1 new player (FIDE ID {ids[0]}), matched to the line."
    return (
        f"Registered {len(ids)} new players (FIDE IDs {ids[0]} to {ids[-1]}), each matched "
        "to the line."
    )


@login_required  # signed out: to sign in, not a 404 (a review)
@require_POST
def player_match_reopen(
    request: HttpRequest, pk: int, version: int, start_rank: int
) -> HttpResponse:
    """Undo the officer's match of a line: it waits for him again (officers)."""
    match = _match_for(request, pk, version, start_rank)
    try:
        services.player_match_reopen(actor=request.actor, match=match)
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
        return _back_to_line(match, at_line=False)
    messages.success(request, _reopened_message(start_rank, match))
    return _back_to_line(match, at_line=True)


def _reopened_message(start_rank: int, before: PlayerMatch) -> str:
    """The line waits again; a player registered from it is still in the registry."""
    said = f"Starting rank {start_rank} waits for a match again."
    if services.registered_from(before):
        said += (
            f" {before.player} stays in the registry: once a record of the same name is "
            "matched, the likely duplicates page removes the one nothing rated names."
        )
    return said


def _back_to_line(match: PlayerMatch, *, at_line: bool) -> HttpResponse:
    """The report page at the line just matched, on its page of lines, not at its top (a
    report may hold two thousand lines); at its top, where the message is, when the
    action was refused."""
    report = match.report
    url = reverse(
        "tournaments:report_detail", kwargs={"pk": report.tournament_id, "version": report.version}
    )
    if not at_line:
        return redirect(url)
    before = PlayerMatch.objects.filter(report=report, start_rank__lt=match.start_rank).count()
    page = before // MATCHES_PER_PAGE + 1
    query = f"?{PLAYERS_PAGE}={page}" if page > 1 else ""
    return redirect(f"{url}{query}#match-{match.start_rank}")


def _label(form, field: str) -> str:
    """A field's label as the form shows it (not its name); a form-wide error has none."""
    return str(form[field].label) if field in form.fields else "The form"


def _run(request: HttpRequest, form, action) -> bool:
    """Run ``action`` on the form's data; problems become messages on the findings page.
    Whether it was done."""
    if not form.is_valid():
        problems = "; ".join(
            f"{_label(form, field)}: {' '.join(errors)}" for field, errors in form.errors.items()
        )
        messages.error(request, f"Not saved: {problems}")
        return False
    try:
        match = action(form.cleaned_data)
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
        return False
    done = f"Starting rank {match.start_rank} is matched to {match.player}."
    if differences := services.match_differences(match):
        messages.warning(
            request,
            f"{done} The report's line differs from that record: {'; '.join(differences)}. "
            "Check the FIDE ID; if it names another player, undo the match.",
        )
    else:
        messages.success(request, done)
    return True


@login_required
def report_list(request: HttpRequest) -> HttpResponse:
    """Every report the visitor may see, filterable by tournament, federation and status."""
    reports = TournamentReport.objects.restrict(request.actor).select_related(
        "tournament__federation", "uploaded_by"
    )
    filtered = ReportFilter(request.GET, queryset=reports)
    table = ReportTable(filtered.matching())
    shown = filtered.empty_text("No report matches the search.", refused=REFUSED_ROWS_TEXT)
    table.empty_text = shown or table.empty_text
    paginate(request, table, 50)
    return render(request, "tournaments/reports/list.html", {"filter": filtered, "table": table})
