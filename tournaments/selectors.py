"""Reads of tournaments: lists, the rule sets in force, the approvals an administrator decides."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable

from django.db.models import Case, IntegerField, QuerySet, Value, When
from django.template.defaultfilters import pluralize

import regulations
from players.access import Actor
from regulations import EffectiveDate, OnlineArena, OverTheBoardRules
from regulations.types import Category
from tournaments.models import ApprovalRequest, RuleSetSchedule, Tournament


def tournament_list(actor: Actor) -> QuerySet[Tournament]:
    """The tournaments ``actor`` may see (the public: approved ones only)."""
    return Tournament.objects.restrict(actor).select_related("federation")


def rule_schedule(rows: Iterable[RuleSetSchedule] | None = None) -> tuple[EffectiveDate, ...]:
    """The effective dates administrators keep in the admin (standard-2009 0.1,
    R&B 2024 0.1), or those of ``rows``. Rows naming an unknown category or rule set are
    skipped rather than breaking every registration; with no usable row, DESIGN.md's table
    applies."""
    schedule = []
    for row in RuleSetSchedule.objects.all() if rows is None else rows:
        if row.rule_set not in regulations.RULE_SETS or row.category not in set(Category):
            continue
        schedule.append(EffectiveDate(row.rule_set, Category(row.category), row.effective_from))
    return tuple(schedule) or regulations.DEFAULT_SCHEDULE


#: How many of the tournaments a schedule change would move a refusal names.
MOVED_NAMED = 5


def schedule_change_refusal(rows: Iterable[RuleSetSchedule]) -> str | None:
    """Why the rule sets' schedule cannot become ``rows``, or None. A tournament is
    registered, its report checked and its games rated under one rule set, recorded at its
    registration: a change that would put any tournament not withdrawn or refused under
    another is refused (a review moved rapid-blitz-2024's date and an approved rapid event
    was rated under the old rules, its page and its checks still naming the new; and a
    published list no longer agreed with the rules page). So is one that leaves a
    category without a rule set (every registration of it failed)."""
    after = rule_schedule(list(rows))
    left = {entry.category for entry in after}
    if lost := sorted({entry.category.value for entry in rule_schedule()} - left):
        return f"No rule set would be in force for {', '.join(lost)}: each category keeps one."
    moved = []
    kept = Tournament.objects.exclude(
        status__in=(Tournament.Status.WITHDRAWN, Tournament.Status.REFUSED)
    ).exclude(rule_set="")
    for tournament in kept.only("name", "category", "start_date", "rule_set").order_by(
        "start_date", "pk"
    ):
        try:
            now = regulations.rule_set_for(tournament.category, tournament.start_date, after).id
        except regulations.UnknownRuleSet:
            now = "none"
        if now != tournament.rule_set:
            moved.append(
                f"{tournament.name} ({tournament.start_date}, {tournament.rule_set} to {now})"
            )
    if not moved:
        return None
    more = f", and {len(moved) - MOVED_NAMED} more" if len(moved) > MOVED_NAMED else ""
    return (
        f"This would change the rule set of {len(moved)} tournament{pluralize(len(moved))} "
        f"registered under another: {'; '.join(moved[:MOVED_NAMED])}{more}. A tournament is "
        "checked and rated under the rule set of its registration; set the dates so that "
        "none of them moves (a new rule set from a date after their start)."
    )


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
