"""Reads of tournaments: lists, the rule sets in force, the approvals an administrator decides."""

from __future__ import annotations

import datetime as dt

from django.db.models import Case, IntegerField, QuerySet, Value, When

import regulations
from players.access import Actor
from regulations import EffectiveDate, OnlineArena, OverTheBoardRules
from regulations.types import Category
from tournaments.models import ApprovalRequest, RuleSetSchedule, Tournament


def tournament_list(actor: Actor) -> QuerySet[Tournament]:
    """The tournaments ``actor`` may see (the public: approved ones only)."""
    return Tournament.objects.restrict(actor).select_related("federation")


def rule_schedule() -> tuple[EffectiveDate, ...]:
    """The effective dates administrators keep in the admin (standard-2009 0.1,
    R&B 2024 0.1). Rows naming an unknown category or rule set are skipped rather than
    breaking every registration; with no usable row, DESIGN.md's table applies."""
    schedule = []
    for row in RuleSetSchedule.objects.all():
        if row.rule_set not in regulations.RULE_SETS or row.category not in set(Category):
            continue
        schedule.append(EffectiveDate(row.rule_set, Category(row.category), row.effective_from))
    return tuple(schedule) or regulations.DEFAULT_SCHEDULE


def rules_for(
    category: str, start_date: dt.date, schedule: tuple[EffectiveDate, ...] | None = None
) -> OverTheBoardRules | OnlineArena:
    """The rule set in force for a tournament of ``category`` starting on ``start_date``
    (raises ``regulations.UnknownRuleSet`` when none is). A caller asking for many
    tournaments reads ``rule_schedule()`` once and passes it."""
    return regulations.rule_set_for(category, start_date, schedule or rule_schedule())


def official_event_clause(tournament: Tournament, rules: OverTheBoardRules | OnlineArena) -> str:
    """The clause that lets ``tournament`` end on the last day before its list's date and
    still be rated on it, an official FIDE event under ``rules``, the rule set in force at
    its start (standard-2009 7.13, R&B 2024 6.1.3), or "" for any other."""
    return rules.official_event_clause if tournament.official_fide else ""


def approval_list() -> QuerySet[ApprovalRequest]:
    """Every approval request, pending first, then the most recently requested."""
    pending_first = Case(
        When(status=ApprovalRequest.Status.PENDING, then=Value(0)),
        default=Value(1),
        output_field=IntegerField(),
    )
    return (
        ApprovalRequest.objects.select_related("tournament__federation", "decided_by")
        .annotate(pending_first=pending_first)
        .order_by("pending_first", "-requested_at", "pk")
    )
