"""Bulk backfills: register a tournament from its report's headers, upload the report and
approve it, with an administrator's authority (DESIGN.md: ``load_report``)."""

from __future__ import annotations

import datetime as dt
import math
import re
from dataclasses import dataclass, field

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import transaction

from players.access import Actor
from players.models import Federation
from tournaments.models import ApprovalRequest, Tournament, TournamentReport
from tournaments.registration import RegistrationData, approval_decide, tournament_register
from tournaments.report_rating import start_date as report_start_date
from tournaments.reports.services import ReportRefused, report_approve, report_upload
from tournaments.time_controls import read_time_control
from tournaments.trf import TrfReport

#: Rates of play assumed when record 122 cannot be read: a normal one for the category.
DEFAULT_TIME_CONTROL = {"standard": (90, 30), "rapid": (15, 10), "blitz": (3, 2)}
_SYSTEM_WORDS = (
    (re.compile(r"double[\s-]*round[\s-]*robin", re.I), Tournament.System.DOUBLE_ROUND_ROBIN),
    (
        re.compile(r"round[\s-]*robin|berger|all[\s-]*play[\s-]*all", re.I),
        Tournament.System.ROUND_ROBIN,
    ),
    (re.compile(r"\bteam|league|olympiad", re.I), Tournament.System.TEAM),
    (re.compile(r"\bmatch\b", re.I), Tournament.System.MATCH),
)


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
        raise CannotLoad("the report gives no start date (042) or round dates (132)")
    end = max([start, *dated])
    rounds = max(report.number_of_rounds, 1)
    round_dates = _round_dates(report, start, end, rounds, assumed)
    system = next((s for pattern, s in _SYSTEM_WORDS if pattern.search(report.tournament_type)),
                  Tournament.System.SWISS)  # fmt: skip
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
    data: bytes,
    filename: str,
    category: str,
    register: bool,
    approve: bool,
    federation: Federation | None = None,
    command: str = "load_report",
) -> LoadOutcome:
    """Find (or with ``register`` register) the report's tournament, grant its pending
    approvals when ``approve``, upload the report, and approve it for rating when
    ``approve`` and validation found no error."""
    actor = batch_actor(command)
    assumed: list[str] = []
    start = report_start_date(report)
    tournament = Tournament.objects.filter(
        name=report.name.strip() or filename, start_date=start, category=category
    ).first()
    registered = False
    if tournament is None:
        if not register:
            raise CannotLoad(
                f"no {category} tournament '{report.name.strip()}' starting {start} is "
                "registered; give --register to register it from the report's headers"
            )
        registration, assumed = registration_from_report(
            report, category=category, federation=federation, fallback_name=filename
        )
        try:
            tournament = tournament_register(actor=actor, data=registration)
        except ValidationError as error:
            raise CannotLoad(f"the registration is refused: {_one_line(error)}") from None
        registered = True
    granted = []
    if approve:
        for approval in tournament.approvals.filter(status=ApprovalRequest.Status.PENDING):
            approval_decide(actor=actor, approval=approval, approve=True,
                            reason=f"Granted by {command} --approve (bulk backfill).")  # fmt: skip
            granted.append(approval.kind)
        tournament.refresh_from_db()
    try:
        stored = report_upload(
            actor=actor, tournament=tournament, uploaded_file=SimpleUploadedFile(filename, data)
        )
    except ValidationError as error:
        raise CannotLoad(_one_line(error)) from None
    outcome = LoadOutcome(tournament, stored, registered, granted, assumed=assumed)
    if approve:
        try:
            with transaction.atomic():
                report_approve(actor=actor, report=stored)
            outcome.approved = True
        except ReportRefused as refusal:
            outcome.refusal = _one_line(refusal)
        stored.refresh_from_db()
        tournament.refresh_from_db()
    return outcome


def _one_line(error: ValidationError) -> str:
    if hasattr(error, "message_dict"):
        return "; ".join(
            f"{name}: {' '.join(messages)}" for name, messages in error.message_dict.items()
        )
    return " ".join(error.messages)
