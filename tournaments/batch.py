"""Bulk backfills: register a tournament from its report's headers, upload the report and
approve it, with an administrator's authority (DESIGN.md: ``load_report``)."""

from __future__ import annotations

import dataclasses
import datetime as dt
import math
from dataclasses import dataclass, field

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.core.files.uploadedfile import SimpleUploadedFile
from django.template.defaultfilters import pluralize

from players.access import Actor
from players.models import Federation
from tournaments.models import ApprovalRequest, Tournament, TournamentReport
from tournaments.registration import RegistrationData, approval_decide, tournament_register
from tournaments.report_rating import start_date as report_start_date
from tournaments.reports.selectors import registration_of
from tournaments.reports.services import (
    GamesUpload,
    ReportRefused,
    duplicate_findings,
    games_findings,
    games_kept,
    report_approve,
    report_upload,
    report_validate,
)
from tournaments.reports.validation import system_named
from tournaments.time_controls import read_time_control
from tournaments.trf import ParseResult, Severity, TrfReport

#: Rates of play assumed when record 122 cannot be read: a normal one for the category.
DEFAULT_TIME_CONTROL = {"standard": (90, 30), "rapid": (15, 10), "blitz": (3, 2)}


class CannotLoad(ValueError):
    """The report cannot be loaded as asked; the message says why in one line."""


def batch_actor(command: str) -> Actor:
    """An administrator's authority for a management command. Its inactive user (it cannot
    sign in) names the command in the audit trail."""
    user, _ = get_user_model().objects.get_or_create(
        username=command, defaults={"is_active": False}
    )
    return Actor(user=user, is_administrator=True)


def registration_from_report(
    report: TrfReport, *, category: str, federation: Federation | None, fallback_name: str
) -> tuple[RegistrationData, list[str]]:
    """The registration a report's headers describe, and what had to be assumed."""
    assumed: list[str] = []
    federation = (
        federation or Federation.objects.filter(code=report.federation.strip().upper()).first()
    )
    if federation is None:
        raise CannotLoad(
            f"federation '{report.federation.strip()}' (record 032) is not in the registry; "
            "give --federation CODE"
        )
    start = report_start_date(report)
    dated = [d.value for d in (report.end_date, *report.round_dates) if d.value is not None]
    if start is None:
        raise CannotLoad("the report gives no readable start date (042) or round date (132)")
    end = max([start, *dated])
    rounds = max(report.number_of_rounds, 1)
    round_dates = _round_dates(report, start, end, rounds, assumed)
    system = system_named(report.tournament_type) or Tournament.System.SWISS
    time_control = read_time_control(report.time_control)
    if time_control is None or time_control.base_minutes.denominator != 1:
        base, increment = DEFAULT_TIME_CONTROL[category]
        assumed.append(f"rate of play {base} min + {increment} s (record 122 unreadable)")
        moves, extra = None, 0
    else:
        base, increment = int(time_control.base_minutes), time_control.increment_seconds
        moves, extra = time_control.moves, int(time_control.extra_minutes)
    ratings = [p.rating for p in report.players if p.rating]
    data = RegistrationData(
        name=report.name.strip() or fallback_name,
        city=report.city.strip() or "(not given)",
        federation=federation,
        start_date=start,
        end_date=end,
        category=category,
        system=system,
        number_of_rounds=rounds,
        round_dates=round_dates,
        base_minutes=base,
        increment_seconds=increment,
        moves=moves,
        extra_minutes=extra,
        match_games=rounds if system == Tournament.System.MATCH else None,
        league="league" in report.tournament_type.lower(),
        highest_rating=max(ratings) if ratings else None,
    )
    return data, assumed


def _round_dates(
    report: TrfReport, start: dt.date, end: dt.date, rounds: int, assumed: list[str]
) -> tuple[dt.date, ...]:
    """132's dates when every round has one, else the rounds spread evenly over the days."""
    dates = [d.value for d in report.round_dates[:rounds]]
    if len(dates) == rounds and all(dates):
        return tuple(d for d in dates if d is not None)
    days = (end - start).days + 1
    per_day = math.ceil(rounds / days)
    assumed.append(f"round dates spread over {days} day(s) (record 132 incomplete)")
    return tuple(start + dt.timedelta(days=r // per_day) for r in range(rounds))


@dataclass
class LoadOutcome:
    tournament: Tournament
    report: TournamentReport
    registered: bool = False
    approvals_granted: list[str] = field(default_factory=list)
    approved: bool = False
    refusal: str | None = None
    assumed: list[str] = field(default_factory=list)


def report_load(
    *,
    report: TrfReport,
    parsed: ParseResult,
    data: bytes,
    filename: str,
    category: str,
    register: bool,
    approve: bool,
    federation: Federation | None = None,
    tournament_id: int | None = None,
    name: str | None = None,
    command: str = "load_report",
    games: GamesUpload | None = None,
) -> LoadOutcome:
    """Find (or with ``register`` register) the report's tournament, validate the report, grant
    the tournament's pending approvals when ``approve`` and validation found no error,
    upload the report (with ``games``, a hybrid event's games in PGN, R&B 2024 8.4,
    ``games_upload_read``), and approve it for rating under the same condition."""
    actor = batch_actor(command)
    assumed: list[str] = []
    tournament = _tournament_of(report, category, federation, tournament_id, name, filename)
    registered = False
    if tournament is None:
        if not register:
            raise CannotLoad(
                f"no {category} tournament '{name or report.name.strip()}' starting "
                f"{report_start_date(report)} is registered; give --register to register it "
                "from the report's headers"
            )
        registration, assumed = registration_from_report(
            report, category=category, federation=federation, fallback_name=filename
        )
        if name:
            registration = dataclasses.replace(registration, name=name)
        if too_long := _too_long(registration, name_given=bool(name)):
            raise CannotLoad(too_long)
        try:
            tournament = tournament_register(actor=actor, data=registration)
        except ValidationError as error:
            raise CannotLoad(f"the registration is refused: {_one_line(error)}") from None
        registered = True
    games = games or games_kept(tournament)  # as the upload would keep them
    errors = _errors_before_upload(tournament, parsed, data, games)
    granted = []
    if approve and not errors:
        for approval in tournament.approvals.filter(status=ApprovalRequest.Status.PENDING):
            approval_decide(actor=actor, approval=approval, approve=True,
                            reason=f"Granted by {command} --approve (bulk backfill).")  # fmt: skip
            granted.append(approval.kind)
        tournament.refresh_from_db()
    waiting = tournament.status in (
        Tournament.Status.REGISTERED,
        Tournament.Status.AWAITING_APPROVAL,
    )
    if waiting:
        why = (
            f"the report has {len(errors)} error{pluralize(len(errors))}, the first: {errors[0]} "
            "Approvals are "
            "granted only to a report without errors"
            if errors
            else "give --approve to grant its approvals"
        )
        raise CannotLoad(
            f"tournament #{tournament.pk} '{tournament.name}' is registered but waits for an "
            f"administrator's approval ({why})"
        )
    try:
        stored = report_upload(
            actor=actor,
            tournament=tournament,
            uploaded_file=SimpleUploadedFile(filename, data),
            games=games,
        )
    except ValidationError as error:
        raise CannotLoad(_one_line(error)) from None
    outcome = LoadOutcome(tournament, stored, registered, granted, assumed=assumed)
    if approve:
        try:
            # A backfill is rated on the list it would have had, approved in time. Not in a
            # savepoint of its own: a refusal for being too late refuses the tournament for
            # good, and rolling it back left it waiting among the reports to approve.
            report_approve(actor=actor, report=stored, approved_on=tournament.end_date)
            outcome.approved = True
        except ReportRefused as refusal:
            outcome.refusal = _one_line(refusal)
        stored.refresh_from_db()
        tournament.refresh_from_db()
    return outcome


def _too_long(registration: RegistrationData, *, name_given: bool) -> str | None:
    """Why the report's name or city cannot be registered: longer than the registry holds
    (PostgreSQL refused a 201-character 012 with a traceback: a review). ``name_given``:
    the name is ``--name``'s, not record 012's."""
    name_label, name_remedy = (
        ("name (--name)", "shorten it")
        if name_given
        else ("name (012)", "give --name or shorten the record")
    )
    for label, value, field_name, remedy in (
        (name_label, registration.name, "name", name_remedy),
        ("city (022)", registration.city, "city", "shorten the record"),
    ):
        longest = Tournament._meta.get_field(field_name).max_length
        if longest is not None and len(value) > longest:
            return (
                f"the tournament's {label} has {len(value)} characters, more than the "
                f"{longest} a registration holds; {remedy}"
            )
    return None


def _tournament_of(
    report: TrfReport,
    category: str,
    federation: Federation | None,
    tournament_id: int | None,
    name: str | None,
    filename: str,
) -> Tournament | None:
    """The tournament a report belongs to: the one named by ``tournament_id``, else the one
    with its name, start date, category and federation, neither withdrawn (registered
    twice, say) nor refused. Sections of one event often share all four: a tournament
    whose last report has other players is not taken for this one."""
    if tournament_id is not None:
        found = Tournament.objects.filter(pk=tournament_id).first()
        if found is None:
            raise CannotLoad(f"no tournament #{tournament_id}")
        if found.category != category:
            # A review loaded a rapid tournament's report "--category blitz": taken silently.
            raise CannotLoad(
                f"tournament #{tournament_id} '{found.name}' is registered as "
                f"{found.category}, not {category}"
            )
        return found
    candidates = Tournament.objects.filter(
        name=name or report.name.strip() or filename,
        start_date=report_start_date(report),
        category=category,
    ).exclude(status__in=(Tournament.Status.WITHDRAWN, Tournament.Status.REFUSED))
    code = federation.code if federation else report.federation.strip().upper()
    if code:
        candidates = candidates.filter(federation__code=code)
    holding = {candidate: _same_players(candidate, report) for candidate in candidates}
    # A registration whose report has these players, else one without a report yet.
    for wanted in (True, None):
        found = [candidate for candidate, same in holding.items() if same is wanted]
        if len(found) > 1:
            raise CannotLoad(
                f"tournaments {', '.join(f'#{c.pk}' for c in found)} all fit this report; "
                "give --tournament ID"
            )
        if found:
            return found[0]
    if holding:  # every registration of the name holds a report of other players
        candidate = next(iter(holding))
        raise CannotLoad(
            f"tournament #{candidate.pk} '{candidate.name}' starting {candidate.start_date} "
            "already holds a report with other players (another section of the event?); "
            "give --tournament ID to add a version to it, or --name to register this report "
            "under a name of its own"
        )
    return None


def _same_players(tournament: Tournament, report: TrfReport) -> bool | None:
    """Whether most players of ``report`` are in the tournament's latest report (a
    corrected version of the same event keeps its players); None without a report."""
    latest = tournament.reports.order_by("-version").first()
    if latest is None:
        return None
    known = set(latest.matches.values_list("trf_name", flat=True))
    names = [p.name[:200] for p in report.players]
    return bool(names) and sum(name in known for name in names) * 2 >= len(names)


def _errors_before_upload(
    tournament: Tournament, parsed: ParseResult, data: bytes, games: GamesUpload | None
) -> list[str]:
    """The reader's, the validation's, the games file's errors (R&B 2024 8.4: a review
    found a hybrid event's approval granted to a report without its games) and a report
    another tournament has already (``duplicate_findings``), each with its line
    (``Finding.located``)."""
    registration = registration_of(tournament)
    validation = report_validate(
        tournament=tournament, parsed=parsed, data=data, registration=registration
    )
    others = [*games_findings(registration, parsed, games), *duplicate_findings(tournament, data)]
    return [
        f.located
        for f in (*parsed.findings, *validation.findings, *others)
        if f.severity == Severity.ERROR
    ]


def _one_line(error: ValidationError) -> str:
    if hasattr(error, "message_dict"):
        return "; ".join(
            f"{name}: {' '.join(messages)}" for name, messages in error.message_dict.items()
        )
    return " ".join(error.messages)
