"""The rating regulations as code: pure Python, standard library only, exact arithmetic.

One module per rule set (DESIGN.md "Rule sets"); this package chooses among them by id or
by category and start date. The effective dates are data: the application passes the
schedule an administrator keeps; ``DEFAULT_SCHEDULE`` is DESIGN.md's table.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass

from regulations.base import OverTheBoardRules, RuleSet
from regulations.errors import RegulationError, UnknownRuleSet
from regulations.online_arena import RULES as ONLINE_ARENA
from regulations.online_arena import OnlineArena
from regulations.rapid_blitz_2024 import RULES as RAPID_BLITZ_2024
from regulations.rapid_blitz_pre2024 import RULES as RAPID_BLITZ_PRE2024
from regulations.standard_1994 import RULES as STANDARD_1994
from regulations.standard_2009 import RULES as STANDARD_2009
from regulations.types import Category

__all__ = [
    "DEFAULT_SCHEDULE",
    "RULE_SETS",
    "Category",
    "EffectiveDate",
    "OnlineArena",
    "OverTheBoardRules",
    "RegulationError",
    "RuleSet",
    "UnknownRuleSet",
    "get_rule_set",
    "rule_set_for",
]

RULE_SETS: dict[str, OverTheBoardRules | OnlineArena] = {
    rules.id: rules
    for rules in (
        STANDARD_1994,
        STANDARD_2009,
        RAPID_BLITZ_PRE2024,
        RAPID_BLITZ_2024,
        ONLINE_ARENA,
    )
}


@dataclass(frozen=True)
class EffectiveDate:
    """A rule set applies to tournaments of ``category`` starting on or after
    ``effective_from`` (standard-2009 0.1, R&B 2024 0.1: changes apply to tournaments
    starting on or after the date they become effective)."""

    rule_set: str
    category: Category
    effective_from: dt.date


DEFAULT_SCHEDULE: tuple[EffectiveDate, ...] = (
    EffectiveDate("standard-1994", Category.STANDARD, dt.date.min),
    EffectiveDate("standard-2009", Category.STANDARD, dt.date(2009, 7, 1)),
    EffectiveDate("rapid-blitz-pre2024", Category.RAPID, dt.date.min),
    EffectiveDate("rapid-blitz-pre2024", Category.BLITZ, dt.date.min),
    EffectiveDate("rapid-blitz-2024", Category.RAPID, dt.date(2024, 1, 1)),
    EffectiveDate("rapid-blitz-2024", Category.BLITZ, dt.date(2024, 1, 1)),
    EffectiveDate("online-arena", Category.ONLINE_RAPID, dt.date.min),
    EffectiveDate("online-arena", Category.ONLINE_BLITZ, dt.date.min),
    EffectiveDate("online-arena", Category.ONLINE_BULLET, dt.date.min),
)


def get_rule_set(rule_set_id: str) -> OverTheBoardRules | OnlineArena:
    """The rule set with this id (``standard-2009``, ...)."""
    try:
        return RULE_SETS[rule_set_id]
    except KeyError:
        known = ", ".join(sorted(RULE_SETS))
        raise UnknownRuleSet(f"No rule set '{rule_set_id}'; known: {known}.") from None


def rule_set_for(
    category: Category | str,
    start_date: dt.date,
    schedule: Sequence[EffectiveDate] = DEFAULT_SCHEDULE,
) -> OverTheBoardRules | OnlineArena:
    """The rule set in force for a tournament of ``category`` starting on ``start_date``:
    the one with the latest effective date on or before the start."""
    category = Category(category)
    candidates = [
        entry
        for entry in schedule
        if entry.category == category and entry.effective_from <= start_date
    ]
    if not candidates:
        raise UnknownRuleSet(f"No rule set is in force for {category} on {start_date}.")
    return get_rule_set(max(candidates, key=lambda entry: entry.effective_from).rule_set)
