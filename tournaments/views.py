"""Pages of tournaments: the list, a tournament's page, registration and the approvals
administrators decide (report pages live beside them, in ``tournaments.reports``)."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from audit.selectors import audit_entries_for
from players.access import require, require_administrator
from players.filters import REFUSED_ROWS_TEXT
from players.pagination import paginate
from players.selectors import list_every_months
from regulations.lists import is_list_date
from tournaments import registration, selectors
from tournaments.filters import ApprovalFilter, TournamentFilter
from tournaments.forms import (
    ApprovalDecisionForm,
    TournamentCorrectionForm,
    TournamentRegistrationForm,
    WithdrawalForm,
)
from tournaments.models import ApprovalRequest, Tournament
from tournaments.reports.selectors import approved_report
from tournaments.reports.services import (
    approval_outlook,
    list_gone,
    too_late_to_rate,
    tournament_list_move,
)
from tournaments.tables import ApprovalTable, TournamentTable

PAGE_SIZE = 50


def tournament_list(request: HttpRequest) -> HttpResponse:
    """Tournaments the visitor may see: searchable, filterable, sortable, paginated."""
    tournaments = selectors.tournament_list(request.actor)
    filtered = TournamentFilter(request.GET, queryset=tournaments, request=request)
    table = TournamentTable(filtered.matching())
    table.empty_text = filtered.empty_text("No tournament matches the search.") or table.empty_text
    paginate(request, table, PAGE_SIZE)
    context = {
        "filter": filtered,
        "table": table,
        "may_register": registration.may_register(request.actor),
        "administrator": request.actor.is_administrator,
    }
    return render(request, "tournaments/list.html", context)


def rounds_played(tournament: Tournament) -> int | None:
    """The rounds of the approved report where they are not the registration's (an event
    cut short: validation warned of it, standard-2009 0.4, R&B 2024 0.2), else None."""
    report = approved_report(tournament)
    rounds = report.rounds if report else None
    return rounds if rounds not in (None, tournament.number_of_rounds) else None


def tournament_detail(request: HttpRequest, pk: int) -> HttpResponse:
    """A tournament's page: registration, status and its history; its arbiters and officers
    also see approvals (with the administrators' reasons) and reports."""
    tournament = get_object_or_404(
        Tournament.objects.restrict(request.actor).select_related("federation", "chief_arbiter"),
        pk=pk,
    )
    private = Tournament.objects.restrict(request.actor, "view_private").filter(pk=pk).exists()
    context = {
        "tournament": tournament,
        "private": private,
        "rounds": tournament.rounds.all(),
        "rounds_played": rounds_played(tournament),
        "deputies": tournament.deputy_arbiters.all(),
        "approvals": tournament.approvals.select_related("decided_by") if private else (),
        "entries": audit_entries_for(tournament) if private else (),
        "decides": request.actor.is_administrator,
        "withdrawal": (
            WithdrawalForm()
            if private and registration.may_withdraw_as(request.actor, tournament)
            else None
        ),
        "correctable": private and registration.may_correct_as(request.actor, tournament),
        # Its list can come out no more: its officer gives it the next one.
        "list_gone": (
            request.actor.officer_for(tournament.federation_id) and list_gone(tournament)
        ),
        # Gone because its date is no list date any more, not because a list was imported.
        "off_schedule": tournament.list_date is not None
        and not is_list_date(tournament.list_date, list_every_months()),
    }
    return render(request, "tournaments/detail.html", context)


@login_required
@require_POST
def tournament_list_change(request: HttpRequest, pk: int) -> HttpResponse:
    """Move a tournament whose list can come out no more to the next list open
    (``tournament_list_move``)."""
    tournament = get_object_or_404(Tournament.objects.restrict(request.actor), pk=pk)
    try:
        tournament = tournament_list_move(actor=request.actor, tournament=tournament)
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
    else:
        messages.success(
            request, f"{tournament.name} is now to be rated on the list of {tournament.list_date}."
        )
    return redirect("tournaments:detail", pk=pk)


@login_required
def tournament_correct(request: HttpRequest, pk: int) -> HttpResponse:
    """Correct the registration's name, city or arbiters (its arbiters, officers,
    administrators); dates and rate of play are registered anew."""
    tournament = get_object_or_404(
        Tournament.objects.restrict(request.actor).select_related("federation"), pk=pk
    )
    # A tournament he may see and not correct: a 403, as for its other actions.
    require(
        request.actor,
        "correct",
        tournament,
        "Only the tournament's arbiters, its federation's rating officers and administrators "
        "correct its registration.",
    )
    form = TournamentCorrectionForm(
        request.POST if request.method == "POST" else None,
        actor=request.actor,
        tournament=tournament,
    )
    if form.is_bound and form.is_valid():
        try:
            changes = registration.tournament_correct(
                actor=request.actor, tournament=tournament, **form.cleaned_data
            )
        except ValidationError as error:
            form.add_error(None, error)
        else:
            messages.success(
                request, "The registration is corrected." if changes else "Nothing changed."
            )
            return redirect("tournaments:detail", pk=pk)
    context = {
        "tournament": tournament,
        "form": form,
        "closed": not registration.may_correct_as(request.actor, tournament),
    }
    status = 400 if form.errors else 200
    return render(request, "tournaments/correct.html", context, status=status)


@require_POST
def tournament_withdraw(request: HttpRequest, pk: int) -> HttpResponse:
    """Withdraw the registration, with a reason (its arbiters, officers, administrators)."""
    tournament = get_object_or_404(Tournament.objects.restrict(request.actor), pk=pk)
    registration.withdrawal_allowed(request.actor, tournament)  # a 403 before the form's errors
    form = WithdrawalForm(request.POST)
    if not form.is_valid():
        messages.error(request, f"Not withdrawn: {' '.join(form.errors['reason'])}")
        return redirect("tournaments:detail", pk=pk)
    try:
        registration.tournament_withdraw(
            actor=request.actor, tournament=tournament, reason=form.cleaned_data["reason"]
        )
    except ValidationError as error:
        messages.error(request, f"Not withdrawn: {' '.join(error.messages)}")
    else:
        messages.success(request, f"The registration of {tournament.name} is withdrawn.")
    return redirect("tournaments:detail", pk=pk)


@login_required
def tournament_register(request: HttpRequest) -> HttpResponse:
    """Registration (standard-2009 0.4, R&B 2024 0.2): the rule set's checks become field
    errors; a registration that needs an administrator says so and why."""
    if not registration.may_register(request.actor):
        raise PermissionDenied("Arbiters, rating officers and administrators register tournaments.")
    form = TournamentRegistrationForm(
        request.POST if request.method == "POST" else None, actor=request.actor
    )
    if request.method == "POST" and form.is_valid():
        data = form.registration_data()
        if too_late := _too_late_to_register(data):
            form.add_error("end_date", too_late)
        else:
            try:
                tournament = registration.tournament_register(actor=request.actor, data=data)
            except ValidationError as error:
                form.add_error(None, error)
            else:
                messages.success(request, _registered_message(tournament))
                return redirect("tournaments:detail", pk=tournament.pk)
    return render(request, "tournaments/register.html", {"form": form})


def _too_late_to_register(data: registration.RegistrationData) -> str | None:
    """Why an event ended too long ago to be registered here: its report, approved today,
    would be refused after the third list following its end (DESIGN.md interpretation 8).
    A review registered one dated 1901; it went to the administrators' queue, where only
    the approval page said it could never be rated. (``load_report --register`` still
    registers such a report, whose findings it reads.)"""
    event = Tournament(
        category=data.category,
        start_date=data.start_date,
        end_date=data.end_date,
        official_fide=data.official_fide,
    )
    _, refusal = approval_outlook(event)
    return f"{refusal} Nothing was registered." if refusal else None


def _registered_message(tournament: Tournament) -> str:
    pending = list(tournament.approvals.all())
    if not pending:
        return (
            f"{tournament.name} is registered under {tournament.rule_set} and approved: "
            "upload its report when the event is over."
        )
    reasons = "; ".join(f"{a.get_kind_display().lower()} ({a.clause})" for a in pending)
    return (
        f"{tournament.name} is registered under {tournament.rule_set} and waits for an "
        f"administrator's approval: {reasons}. You will see the decision and its reason here."
    )


@login_required
def approval_list(request: HttpRequest) -> HttpResponse:
    """The administrators' queue: pending requests first, each with its decision form."""
    require_administrator(request.actor, "Only administrators decide approval requests.")
    filtered = ApprovalFilter(request.GET, queryset=selectors.approval_list())
    table = ApprovalTable(filtered.matching())
    shown = filtered.empty_text(
        "No approval request matches the search.", refused=REFUSED_ROWS_TEXT
    )
    table.empty_text = shown or table.empty_text
    paginate(request, table, PAGE_SIZE)
    _too_late_marked([row.record for row in table.page.object_list])
    return render(request, "tournaments/approvals.html", {"filter": filtered, "table": table})


def _too_late_marked(approvals: list[ApprovalRequest]) -> None:
    """Each pending request's ``too_late``: why its tournament's report would be refused
    even were it approved today (past the third list after its end), else None. A late
    registration approved for an event long over rated nothing, and nothing said so."""
    pending = [a for a in approvals if a.status == ApprovalRequest.Status.PENDING]
    late = too_late_to_rate({approval.tournament for approval in pending})
    for approval in approvals:
        approval.too_late = None
    for approval in pending:
        approval.too_late = late.get(approval.tournament_id)


@login_required
def approval_detail(request: HttpRequest, pk: int) -> HttpResponse:
    """One request with the approve/refuse form (where a refused form comes back)."""
    approval = _approval_to_decide(request, pk)
    return _decision_page(request, approval, ApprovalDecisionForm())


@login_required
@require_POST
def approval_approve(request: HttpRequest, pk: int) -> HttpResponse:
    return _decide(request, pk, approve=True)


@login_required
@require_POST
def approval_refuse(request: HttpRequest, pk: int) -> HttpResponse:
    return _decide(request, pk, approve=False)


def _approval_to_decide(request: HttpRequest, pk: int) -> ApprovalRequest:
    approval = get_object_or_404(
        ApprovalRequest.objects.restrict(request.actor).select_related("tournament__federation"),
        pk=pk,
    )
    require_administrator(request.actor, "Only administrators decide approval requests.")
    return approval


def _decide(request: HttpRequest, pk: int, *, approve: bool) -> HttpResponse:
    approval = _approval_to_decide(request, pk)
    form = ApprovalDecisionForm(request.POST)
    if form.is_valid():
        try:
            registration.approval_decide(
                actor=request.actor,
                approval=approval,
                approve=approve,
                reason=form.cleaned_data["reason"],
            )
        except ValidationError as error:
            form.add_error(None, error)
        else:
            verb = "approved" if approve else "refused"
            messages.success(
                request, f"{approval.get_kind_display()} for {approval.tournament.name} {verb}."
            )
            return redirect("tournaments:approvals")
    return _decision_page(request, approval, form, status=400)


def _decision_page(
    request: HttpRequest, approval: ApprovalRequest, form: ApprovalDecisionForm, status: int = 200
) -> HttpResponse:
    _too_late_marked([approval])
    context = {"approval": approval, "form": form}
    return render(request, "tournaments/approval_decide.html", context, status=status)
