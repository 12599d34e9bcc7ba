"""Registering a tournament and deciding what only an administrator may grant.

An arbiter, a rating officer of the tournament's federation or an administrator registers a
tournament. The registration is checked against the rule set in force at its start (rate of
play, rounds a day); what the regulations leave to the Qualification Commission Chairman
(a late registration, a hybrid event, a standard event over 90 days) becomes an approval
request that an administrator approves or refuses, with a reason.
"""

from __future__ import annotations

import copy
import datetime as dt
from collections import Counter, defaultdict
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils import timezone

from audit.services import audit_record, field_changes
from players.access import Actor, require, require_administrator
from players.models import Arbiter, Federation
from regulations import OnlineArena, OverTheBoardRules, UnknownRuleSet
from regulations.types import Category, TimeControl, Violation
from tournaments.models import ApprovalRequest, Tournament, TournamentRound
from tournaments.selectors import rules_for
from tournaments.workflow import may_withdraw, tournament_status_change

Rules = OverTheBoardRules | OnlineArena
Kind = ApprovalRequest.Kind

#: Hybrid events need the QC Chairperson's individual approval (R&B 2024 0.2, 2.1).
HYBRID_CLAUSE = "R&B 2024 0.2"


@dataclass(frozen=True)
class RegistrationData:
    """Everything an arbiter states when registering a tournament."""

    name: str
    city: str
    federation: Federation
    start_date: dt.date
    end_date: dt.date
    category: str
    system: str
    number_of_rounds: int
    #: The planned date of each round, in round order (two rounds on a day: the date twice).
    round_dates: tuple[dt.date, ...]
    base_minutes: int
    increment_seconds: int = 0
    moves: int | None = None
    extra_minutes: int = 0
    match_games: int | None = None
    chief_arbiter: Arbiter | None = None
    deputy_arbiters: tuple[Arbiter, ...] = ()
    hybrid: bool = False
    #: A match's games after a player has won asked to be rated (R&B 2024 5.2's waiver).
    match_waiver: bool = False
    official_fide: bool = False
    olympiad_type: bool = False
    national_championship: bool = False
    league: bool = False
    #: The highest rating expected in the event (standard-2009 1.1 sets the minimum time
    #: by it); None when not known, which the rule reads as "all below 1600".
    highest_rating: int | None = None

    @property
    def time_control(self) -> TimeControl:
        return TimeControl(
            base_minutes=Fraction(self.base_minutes),
            increment_seconds=self.increment_seconds,
            moves=self.moves,
            extra_minutes=Fraction(self.extra_minutes),
        )


def violation_text(violation: Violation) -> str:
    """A violation as a form shows it: the clause first, so the arbiter can look it up."""
    if not violation.clause:
        return violation.message
    return f"{violation.clause}: {violation.message}"


def may_register(actor: Actor) -> bool:
    """Whether the actor may register tournaments at all (of some federation)."""
    return actor.is_administrator or actor.is_arbiter or actor.is_officer


# -- checks ------------------------------------------------------------------------------------


def registration_violations(data: RegistrationData) -> dict[str, list[Violation]]:
    """What in ``data`` the rule set in force at its start refuses, by registration field
    (rate of play: standard-2009 1.1 and 1.3, R&B 2024 1.1; rounds a day: standard-2009 3.1,
    R&B 2024 3.1), together with the registration's own consistency (dates, rounds, match)."""
    found: dict[str, list[Violation]] = defaultdict(list)
    if data.end_date < data.start_date:
        found["end_date"].append(Violation("", "The tournament cannot end before it starts."))
    try:
        rules: Rules | None = rules_for(data.category, data.start_date)
    except UnknownRuleSet as error:
        found["start_date"].append(Violation("", str(error)))
        rules = None
    if rules is not None:
        for field, violation in _rule_set_violations(rules, data):
            found[field].append(violation)
    found["round_dates"].extend(_round_date_violations(data))
    if data.system == Tournament.System.MATCH and not data.match_games:
        clause = _clause(rules, standard="6.5", rapid_blitz="5.2") if rules else ""
        found["match_games"].append(
            Violation(
                clause,
                "A match is rated as a match over a specific number of games: give that number.",
            )
        )
    if data.match_waiver and rules is not None:
        found["match_waiver"].extend(_match_waiver_violations(rules, data))
    return {field: violations for field, violations in found.items() if violations}


def _match_waiver_violations(rules: Rules, data: RegistrationData) -> list[Violation]:
    """The waiver of R&B 2024 5.2 is asked for a match over a set number of games, under a
    rule set that has it (standard-2009 6.5 and the pre-2024 texts have none)."""
    clause = rules.match_waiver_clause
    if not clause:
        return [
            Violation(
                _clause(rules, standard="6.5", rapid_blitz="5.2"),
                f"{rules.title} rate no game of a match played after a player has won, and "
                "give no waiver: leave this unticked.",
            )
        ]
    if data.system != Tournament.System.MATCH:
        return [Violation(clause, "Only a match over a specific number of games asks this.")]
    return []


def _rule_set_violations(rules: Rules, data: RegistrationData) -> list[tuple[str, Violation]]:
    category = Category(data.category)
    time_control = data.time_control
    found = [
        ("moves" if violation.clause.endswith(" 1.3") else "base_minutes", violation)
        for violation in rules.rate_of_play_violations(
            time_control, category=category, highest_rating=data.highest_rating
        )
    ]
    rounds_per_day = Counter(data.round_dates)
    found += [
        ("round_dates", violation)
        for violation in rules.rounds_per_day_violations(
            rounds_per_day, category=category, time_control=time_control
        )
    ]
    return found


def _clause(rules: Rules, *, standard: str, rapid_blitz: str) -> str:
    """The clause of the text a rule set's checks come from (docs/DESIGN-notes.md 13, 17)."""
    prefix = getattr(rules, "checks_clause_prefix", rules.id)
    number = standard if Category.STANDARD in rules.categories else rapid_blitz
    return f"{prefix} {number}"


def _round_date_violations(data: RegistrationData) -> list[Violation]:
    found = []
    if data.number_of_rounds < 1:
        return [Violation("", "A tournament has at least one round.")]
    if len(data.round_dates) != data.number_of_rounds:
        found.append(
            Violation(
                "",
                f"{len(data.round_dates)} round dates for {data.number_of_rounds} rounds: "
                "give one date per round.",
            )
        )
    outside = sorted({d for d in data.round_dates if not data.start_date <= d <= data.end_date})
    if outside and data.start_date <= data.end_date:
        days = ", ".join(f"{day:%Y-%m-%d}" for day in outside)
        found.append(
            Violation(
                "",
                f"{days} {'is' if len(outside) == 1 else 'are'} outside the tournament "
                f"({data.start_date:%Y-%m-%d} to {data.end_date:%Y-%m-%d}).",
            )
        )
    for number, (before, after) in enumerate(
        zip(data.round_dates, data.round_dates[1:], strict=False), start=2
    ):
        if after < before:
            found.append(
                Violation("", f"Round {number} ({after:%Y-%m-%d}) is before round {number - 1}.")
            )
            break
    return found


def _arbiter_violations(actor: Actor, data: RegistrationData) -> dict[str, list[Violation]]:
    """An arbiter registering on his own authority must be one of the event's arbiters,
    or he could not see the tournament (nor upload its report) afterwards."""
    if actor.is_administrator or actor.officer_for(data.federation.pk):
        return {}
    arbiters = {a.pk for a in (data.chief_arbiter, *data.deputy_arbiters) if a is not None}
    if actor.arbiter_id in arbiters:
        return {}
    message = "Name yourself as chief or deputy arbiter of a tournament you register."
    return {"chief_arbiter": [Violation("", message)]}


def _as_validation_error(found: dict[str, list[Violation]]) -> ValidationError:
    return ValidationError(
        {
            field: [
                ValidationError(violation_text(v), code="regulation" if v.clause else "invalid")
                for v in violations
            ]
            for field, violations in found.items()
        }
    )


# -- what needs an administrator ---------------------------------------------------------------


@dataclass(frozen=True)
class NeededApproval:
    kind: str
    clause: str
    explanation: str


def _lead_time_clause(rules: Rules) -> tuple[str, str]:
    """(clause, lead time in words): standard-2009 0.4 one month, R&B 2024 0.2 three days."""
    clause = _clause(rules, standard="0.4", rapid_blitz="0.2")
    if Category.STANDARD in rules.categories:
        return clause, "one month"
    return clause, "three days"


def approvals_needed(rules: Rules, data: RegistrationData, today: dt.date) -> list[NeededApproval]:
    """The approvals a registration made on ``today`` waits for: late registration
    (standard-2009 0.4, R&B 2024 0.2), hybrid (R&B 2024 0.2), over 90 days (standard-2009
    4.1, 4.12; leagues are exempt, 4.11), a match's games after the win rated (R&B 2024
    5.2, "by prior request")."""
    needed = []
    deadline = rules.registration_deadline(data.start_date)
    if deadline is not None and today > deadline:
        clause, lead_time = _lead_time_clause(rules)
        needed.append(
            NeededApproval(
                Kind.LATE_REGISTRATION,
                clause,
                f"Registered on {today:%Y-%m-%d}; {clause} asks for registration {lead_time} "
                f"before the start ({data.start_date:%Y-%m-%d}), that is by "
                f"{deadline:%Y-%m-%d}. Only the Qualification Commission Chairman may allow "
                "a later registration.",
            )
        )
    if data.hybrid:
        needed.append(
            NeededApproval(
                Kind.HYBRID,
                HYBRID_CLAUSE,
                "Tournaments played under hybrid conditions must be approved individually "
                "by the QC Chairperson.",
            )
        )
    if data.match_waiver:
        clause = rules.match_waiver_clause
        needed.append(
            NeededApproval(
                Kind.MATCH_WAIVER,
                clause,
                f"Every game of the {data.match_games}-game match is to be rated, those "
                f"played after a player has won included: asked before the match, as {clause} "
                "allows. Refused, those games are not rated and the tournament is registered "
                "all the same.",
            )
        )
    for violation in rules.duration_violations(data.start_date, data.end_date, league=data.league):
        if violation.clause.endswith(" 4.1"):
            needed.append(
                NeededApproval(Kind.LONG_EVENT, f"{violation.clause}, 4.12", violation.message)
            )
    return needed


# -- services ------------------------------------------------------------------------------------


def _user(actor: Actor) -> Any:
    user = actor.user
    return user if user is not None and user.is_authenticated else None


@transaction.atomic
def tournament_register(
    *, actor: Actor, data: RegistrationData, today: dt.date | None = None
) -> Tournament:
    """Register a tournament under the rule set in force at its start; it is approved at once,
    or awaits an administrator when it is late, hybrid or a standard event over 90 days."""
    if not (actor.is_administrator or actor.is_arbiter or actor.officer_for(data.federation.pk)):
        raise PermissionDenied(
            "Only an arbiter, a rating officer of the federation or an administrator may "
            "register its tournaments."
        )
    found = registration_violations(data) | _arbiter_violations(actor, data)
    if found:
        raise _as_validation_error(found)
    rules = rules_for(data.category, data.start_date)
    needed = approvals_needed(rules, data, today or timezone.localdate())
    tournament = _tournament_create(actor=actor, data=data, rules=rules, needed=needed)
    # Registered twice, its reports could not be told apart (a review found three "Test
    # Event"s of one start); the correction page refuses it likewise (DESIGN-notes 89).
    _name_taken_check(tournament)
    for approval in needed:
        ApprovalRequest.objects.create(
            tournament=tournament,
            kind=approval.kind,
            clause=approval.clause,
            explanation=approval.explanation,
        )
        audit_record(
            target=tournament,
            actor=_user(actor),
            action=f"approval_requested:{approval.kind}",
            reason=f"{approval.clause}: {approval.explanation}",
        )
    if needed:
        reason = "Waits for an administrator: " + "; ".join(a.clause for a in needed)
        status = Tournament.Status.AWAITING_APPROVAL
    else:
        reason, status = f"Registered in time under {rules.id}.", Tournament.Status.APPROVED
    return tournament_status_change(
        tournament=tournament, status=status, actor=actor, reason=reason
    )


def _tournament_create(
    *, actor: Actor, data: RegistrationData, rules: Rules, needed: list[NeededApproval]
) -> Tournament:
    tournament = Tournament.objects.create(
        name=data.name,
        city=data.city,
        federation=data.federation,
        start_date=data.start_date,
        end_date=data.end_date,
        category=data.category,
        system=data.system,
        match_games=data.match_games,
        base_minutes=data.base_minutes,
        increment_seconds=data.increment_seconds,
        moves=data.moves,
        extra_minutes=data.extra_minutes,
        number_of_rounds=data.number_of_rounds,
        chief_arbiter=data.chief_arbiter,
        hybrid=data.hybrid,
        official_fide=data.official_fide,
        olympiad_type=data.olympiad_type,
        national_championship=data.national_championship,
        league=data.league,
        rule_set=rules.id,
        late=any(a.kind == Kind.LATE_REGISTRATION for a in needed),
        registered_by=_user(actor),
    )
    deputies = [a for a in data.deputy_arbiters if a != data.chief_arbiter]
    tournament.deputy_arbiters.set(deputies)
    TournamentRound.objects.bulk_create(
        TournamentRound(tournament=tournament, number=number, date=day)
        for number, day in enumerate(data.round_dates, start=1)
    )
    audit_record(
        target=tournament,
        actor=_user(actor),
        action="registered",
        reason=f"Rule set {rules.id} (in force for {data.category} from the start).",
        changes={"rule_set": [None, rules.id], "late": [None, tournament.late]},
    )
    return tournament


@transaction.atomic
def approval_decide(
    *, actor: Actor, approval: ApprovalRequest, approve: bool, reason: str
) -> ApprovalRequest:
    """An administrator approves or refuses a request, with a reason (standard-2009 0.4,
    4.12; R&B 2024 0.2, 5.2). The tournament is approved once every request is decided and
    none but a waiver (``ApprovalRequest.WAIVERS``) refused; any other refusal refuses the
    tournament and closes its other pending requests."""
    require_administrator(actor, "Only an administrator decides approval requests.")
    reason = reason.strip()
    if not reason:
        raise ValidationError(
            {"reason": "Give a reason: the arbiter and the officer read it on the tournament page."}
        )
    # The tournament first, then its request, as a withdrawal locks them.
    Tournament.objects.select_for_update().get(pk=approval.tournament_id)
    approval = ApprovalRequest.objects.select_for_update().get(pk=approval.pk)
    if approval.status != ApprovalRequest.Status.PENDING:
        raise ValidationError(
            f"This request was already {approval.get_status_display().lower()}.", code="decided"
        )
    status = ApprovalRequest.Status.APPROVED if approve else ApprovalRequest.Status.REFUSED
    _approval_close(actor=actor, approval=approval, status=status, reason=reason)
    tournament = approval.tournament
    if tournament.status != Tournament.Status.AWAITING_APPROVAL:
        return approval
    if not approve and approval.kind not in ApprovalRequest.WAIVERS:
        for other in tournament.approvals.select_for_update().filter(
            status=ApprovalRequest.Status.PENDING
        ):
            closing = (
                f"Not decided on its own: the {approval.get_kind_display().lower()} was refused."
            )
            _approval_close(
                actor=actor, approval=other, status=ApprovalRequest.Status.REFUSED, reason=closing
            )
        tournament_status_change(
            tournament=tournament, status=Tournament.Status.REFUSED, actor=actor, reason=reason
        )
    elif not (
        tournament.approvals.exclude(status=ApprovalRequest.Status.APPROVED)
        .exclude(kind__in=ApprovalRequest.WAIVERS, status=ApprovalRequest.Status.REFUSED)
        .exists()
    ):
        if not approve:  # a waiver refused: the tournament is approved, not for that reason
            reason = f"Registered; not granted: {approval.get_kind_display().lower()}. {reason}"
        tournament_status_change(
            tournament=tournament, status=Tournament.Status.APPROVED, actor=actor, reason=reason
        )
    return approval


#: What a registration's correction changes: what no rule of the regulations reads. Dates,
#: rate of play and rounds decide the rule set, lateness and approvals: a registration
#: wrong in those is withdrawn and registered anew.
CORRECTABLE_FIELDS = ("name", "city", "chief_arbiter")

#: Until then an arbiter corrects his tournament; then (its report approved for rating,
#: or rated) its federation's officers and administrators only.
ARBITER_CORRECTS = (
    Tournament.Status.REGISTERED,
    Tournament.Status.AWAITING_APPROVAL,
    Tournament.Status.APPROVED,
    Tournament.Status.REPORT_RECEIVED,
    Tournament.Status.CHECKED,
)


@transaction.atomic
def tournament_correct(
    *,
    actor: Actor,
    tournament: Tournament,
    name: str,
    city: str,
    chief_arbiter: Arbiter | None,
    deputy_arbiters: tuple[Arbiter, ...] = (),
    reason: str = "",
) -> dict[str, list[Any]]:
    """Correct a registration's name, city or arbiters, each change in the history (and
    returned: none when nothing changed): its
    federation's rating officers and administrators, and its arbiters until its report is
    approved. An arbiter keeps the chief arbiter (who would lose the tournament otherwise)
    and stays one of its arbiters. A name that another registration of the same start,
    category and federation has is refused: ``load_report`` tells reports' tournaments
    apart by them."""
    require(
        actor,
        "correct",
        tournament,
        "Only the tournament's arbiters, its federation's rating officers and administrators "
        "correct its registration.",
    )
    before = Tournament.objects.select_for_update().get(pk=tournament.pk)
    if before.status in (Tournament.Status.WITHDRAWN, Tournament.Status.REFUSED):
        raise ValidationError(
            f"The registration is {before.get_status_display().lower()}: nothing to correct."
        )
    officer = actor.is_administrator or actor.officer_for(before.federation_id)
    if not officer:
        _arbiter_correction_check(actor, before, chief_arbiter, deputy_arbiters)
    after = copy.copy(before)
    after.name, after.city, after.chief_arbiter = name.strip(), city.strip(), chief_arbiter
    after.clean_fields(
        exclude=[f.name for f in Tournament._meta.fields if f.name not in ("name", "city")]
    )
    if after.name != before.name:
        _name_taken_check(after)
    deputies = tuple(a for a in dict.fromkeys(deputy_arbiters) if a != chief_arbiter)
    changes = field_changes(before, after, list(CORRECTABLE_FIELDS))
    deputies_before = list(before.deputy_arbiters.all())
    if {a.pk for a in deputies_before} != {a.pk for a in deputies}:
        changes["deputy_arbiters"] = [_arbiters_shown(deputies_before), _arbiters_shown(deputies)]
    if not changes:
        return changes
    after.save(update_fields=["name", "city", "chief_arbiter"])
    after.deputy_arbiters.set(deputies)
    audit_record(
        target=after, actor=actor.user, action="registration corrected", reason=reason,
        changes=changes,
    )  # fmt: skip
    return changes


def may_correct_as(actor: Actor, tournament: Tournament) -> bool:
    """Whether the workflow lets ``actor`` correct the registration now (his right to the
    tournament aside): its officers and administrators until it is closed, its arbiters
    until its report is approved."""
    if tournament.status in (Tournament.Status.WITHDRAWN, Tournament.Status.REFUSED):
        return False
    officer = actor.is_administrator or actor.officer_for(tournament.federation_id)
    return officer or tournament.status in ARBITER_CORRECTS


def _arbiter_correction_check(
    actor: Actor, before: Tournament, chief: Arbiter | None, deputies: tuple[Arbiter, ...]
) -> None:
    if before.status not in ARBITER_CORRECTS:
        raise ValidationError(
            f"The tournament is {before.get_status_display().lower()}: its federation's "
            "rating officer corrects its registration now."
        )
    if (chief.pk if chief else None) != before.chief_arbiter_id:
        raise ValidationError(
            {"chief_arbiter": "The chief arbiter is changed by the federation's rating officer."}
        )
    if actor.arbiter_id not in {a.pk for a in (chief, *deputies) if a is not None}:
        raise ValidationError(
            {"deputy_arbiters": "Stay chief or deputy arbiter of a tournament you correct."}
        )


def _name_taken_check(tournament: Tournament) -> None:
    twin = (
        Tournament.objects.filter(
            name=tournament.name,
            start_date=tournament.start_date,
            category=tournament.category,
            federation_id=tournament.federation_id,
        )
        .exclude(pk=tournament.pk)
        .exclude(status__in=(Tournament.Status.WITHDRAWN, Tournament.Status.REFUSED))
        .first()
    )
    if twin is not None:
        raise ValidationError(
            {
                "name": f"Tournament #{twin.pk} has this name, start date, category and "
                "federation: reports could not tell them apart. Name each section."
            }
        )


def _arbiters_shown(arbiters) -> str:
    """Arbiters for the history: names, with the FIDE ID that tells namesakes apart."""
    return ", ".join(sorted(f"{a} ({a.fide_id})" if a.fide_id else str(a) for a in arbiters))


#: Official FIDE events are always rated (by the standard text; by the rapid and blitz one).
OFFICIAL_EVENTS_RATED_CLAUSE = {True: "standard-2009 0.3", False: "R&B 2024 0.3"}


def may_withdraw_as(actor: Actor, tournament: Tournament) -> bool:
    """Whether the workflow lets ``actor`` withdraw the registration now (his right to the
    tournament aside): an official FIDE event's only an administrator."""
    return may_withdraw(tournament) and (not tournament.official_fide or actor.is_administrator)


def withdrawal_allowed(actor: Actor, tournament: Tournament) -> None:
    """403 unless ``actor`` is one of the tournament's arbiters, an officer of its
    federation or an administrator."""
    require(
        actor,
        "withdraw",
        tournament,
        "Only the tournament's arbiters, its federation's rating officers and administrators "
        "withdraw its registration.",
    )


@transaction.atomic
def tournament_withdraw(*, actor: Actor, tournament: Tournament, reason: str) -> Tournament:
    """Withdraw a registration (the event cancelled, or registered twice), with a reason,
    by its arbiters, its federation's rating officers or an administrator, at any step
    before its report is approved (``tournaments.workflow``); an official FIDE event's by
    an administrator only, since such events are always rated (standard-2009 0.3, R&B 2024
    0.3). Requests still waiting for an administrator close with it; its reports stay, as
    received."""
    withdrawal_allowed(actor, tournament)
    reason = reason.strip()
    if not reason:
        raise ValidationError(
            {"reason": "Give a reason: the officers and the arbiters read it in the history."}
        )
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    if not may_withdraw(tournament):
        raise ValidationError(
            f"The tournament is {tournament.get_status_display().lower()}: its registration "
            "can no longer be withdrawn."
        )
    if tournament.official_fide and not actor.is_administrator:
        clause = OFFICIAL_EVENTS_RATED_CLAUSE[tournament.category == Category.STANDARD]
        raise PermissionDenied(
            f"{clause}: an official FIDE event is always rated. An administrator withdraws "
            "its registration (the event cancelled)."
        )
    for approval in tournament.approvals.select_for_update().filter(
        status=ApprovalRequest.Status.PENDING
    ):
        _approval_close(
            actor=actor, approval=approval, status=ApprovalRequest.Status.WITHDRAWN, reason=reason
        )
    return tournament_status_change(
        tournament=tournament, status=Tournament.Status.WITHDRAWN, actor=actor, reason=reason
    )


def _approval_close(*, actor: Actor, approval: ApprovalRequest, status: str, reason: str) -> None:
    approval.status = status
    approval.reason = reason
    approval.decided_by = _user(actor)
    approval.decided_at = timezone.now()
    approval.save(update_fields=["status", "reason", "decided_by", "decided_at"])
    audit_record(
        target=approval.tournament,
        actor=_user(actor),
        action=f"approval:{approval.kind}:{status}",
        reason=reason,
        changes={approval.kind: [ApprovalRequest.Status.PENDING.value, status]},
    )
