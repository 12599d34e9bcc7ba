"""rapid-blitz-2024: FIDE Rapid and Blitz Rating Regulations, applied from 1 January 2024."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import ClassVar

from regulations.base import OverTheBoardRules, apply_700_rule, format_figure
from regulations.calendar import days_before
from regulations.lists import LATENESS_CLAUSE
from regulations.rounding import round_half_up
from regulations.tables import p_hundredths, rating_difference_for_score
from regulations.types import Category, EventResult, PlayerState, TimeControl, Violation

#: 1.1.1 / 1.1.2: the time allotted + 60 x the increment, in minutes, must be more than the
#: first figure and up to the second, which itself is allowed only where the flag says so.
TIME_BOUNDS: dict[Category, tuple[int, int, bool]] = {
    Category.RAPID: (10, 60, False),  # "more than 10 minutes but less than 60 minutes"
    Category.BLITZ: (3, 10, True),  # "more than 3 minutes but not more than 10 minutes"
}
#: 3.1: the most rounds a day.
MAXIMUM_ROUNDS_PER_DAY: dict[Category, int] = {Category.RAPID: 15, Category.BLITZ: 30}

#: 7.2.3: two hypothetical opponents rated 1800, both games drawn.
HYPOTHETICAL_OPPONENTS = 2
HYPOTHETICAL_RATING = 1800


class RapidBlitzChecks:
    """Rate of play, rounds a day and registration lead time of R&B 2024 (1.1, 3.1, 0.2).

    The pre-2024 excerpt does not contain these sections; it uses them too
    (docs/DESIGN-notes.md), citing them under ``checks_clause_prefix``.
    """

    categories: ClassVar[frozenset[Category]] = frozenset({Category.RAPID, Category.BLITZ})
    checks_clause_prefix: ClassVar[str] = "R&B 2024"

    def classify_rate_of_play(self, time_control: TimeControl) -> Category | None:
        """The category a time control belongs to under 1.1, or None (standard or too fast)."""
        minutes = time_control.minutes_for(60)
        for category, (more_than, up_to, upper_allowed) in TIME_BOUNDS.items():
            if more_than < minutes < up_to or (upper_allowed and minutes == up_to):
                return category
        return None

    def rate_of_play_violations(
        self, time_control: TimeControl, *, category: Category, highest_rating: int | None
    ) -> list[Violation]:
        """1.1.1 rapid: more than 10 and less than 60 minutes; 1.1.2 blitz: more than 3 and
        at most 10 minutes; time allotted + 60 x the increment, for each player."""
        clause = f"{self.checks_clause_prefix} 1.1"
        if category not in TIME_BOUNDS:
            return [Violation(clause, f"These regulations rate rapid and blitz, not {category}.")]
        minutes = time_control.minutes_for(60)
        if self.classify_rate_of_play(time_control) == category:
            return []
        more_than, up_to, upper_allowed = TIME_BOUNDS[category]
        upper = "at most" if upper_allowed else "less than"
        return [
            Violation(
                clause,
                f"{time_control} gives {format_figure(minutes)} "
                f"minute{'' if minutes == 1 else 's'} for 60 moves; a {category} game needs "
                f"more than {more_than} and {upper} {up_to}.",
            )
        ]

    def rounds_per_day_violations(
        self,
        rounds_per_day: Mapping[dt.date, int],
        *,
        category: Category,
        time_control: TimeControl | None,
    ) -> list[Violation]:
        """3.1: at most 15 rapid or 30 blitz rounds a day."""
        maximum = MAXIMUM_ROUNDS_PER_DAY.get(category)
        if maximum is None:
            return []
        return [
            Violation(
                f"{self.checks_clause_prefix} 3.1",
                f"{rounds} {category} rounds on {day}; at most {maximum}.",
            )
            for day, rounds in sorted(rounds_per_day.items())
            if rounds > maximum
        ]

    def registration_deadline(self, start_date: dt.date) -> dt.date:
        """0.2: registered three days before the tournament starts."""
        return days_before(start_date, 3)


class RapidBlitz2024(RapidBlitzChecks, OverTheBoardRules):
    id = "rapid-blitz-2024"
    title = "FIDE Rapid and Blitz Rating Regulations, from 1 January 2024"
    floor = 1400  # 6.1.2, 6.1.4, 6.2.1
    floor_clause = "R&B 2024 6.1.2"
    closing_days = 3  # 6.1.3
    official_event_clause = "R&B 2024 6.1.3"
    hybrid_games_clause = "R&B 2024 8.4"
    lateness_clause = LATENESS_CLAUSE  # 8.1
    difference_cap = 400
    difference_clause = "R&B 2024 7.3.1"
    k_clause = "R&B 2024 7.3.3"
    seven_hundred_rule = True
    rounding_clause = "R&B 2024 7.3.4"
    initial_minimum_games = 5  # 6.1.4
    initial_pooling_months = 26  # 6.1.4
    initial_clause = "R&B 2024 6.1.4"
    initial_floor_clause = "R&B 2024 6.1.4"
    rated_since_clause = "R&B 2024 7.2.5"
    first_event_rule = "a zero score in the first event is disregarded (R&B 2024 7.2.2)"
    adoption_clause = "R&B 2024 7.2.1"
    match_waiver_clause = "R&B 2024 5.2"
    first_event_test_repeats = False  # 7.2.2: only the first event's zero
    maximum_initial_rating: ClassVar[int] = 2200  # 7.2.4

    def k_factor(self, state: PlayerState, *, year: int, games_in_period: int) -> int:
        """7.3.3: 40 until 30 games; 40 until the end of the year of the 18th birthday while
        the rating is under 2300; 10 once the published rating reached 2400; else 20. Then
        the 700 rule on the period's games."""
        if state.is_new() or (state.is_junior(year) and state.rating < 2300):
            k = 40
        elif state.reached_2400:
            k = 10
        else:
            k = 20
        return apply_700_rule(k, games_in_period)

    def event_rating(self, event: EventResult) -> Fraction:
        """7.2.3: Ra = average of the rated opponents and two hypothetical 1800 opponents,
        both drawn; 7.2.4: Ru = Ra + dp (unrounded here)."""
        ra, score = self._with_hypothetical_opponents(event)
        return ra + rating_difference_for_score(score)

    @staticmethod
    def _with_hypothetical_opponents(event: EventResult) -> tuple[Fraction, Fraction]:
        """7.2.3: Ra and the fractional score with the two hypothetical draws against 1800."""
        games = event.games + HYPOTHETICAL_OPPONENTS
        ra = (
            event.competition_rating * event.games + HYPOTHETICAL_RATING * HYPOTHETICAL_OPPONENTS
        ) / games
        return ra, Fraction(event.score_halves + HYPOTHETICAL_OPPONENTS, 2 * games)

    def pooled_rating(self, counted: Sequence[EventResult]) -> int:
        """6.1.4 / 7.2.2: all results pooled as one; 7.2.4: rounded, at most 2200."""
        pooled = EventResult.pooled(counted)
        return min(round_half_up(self.event_rating(pooled)), self.maximum_initial_rating)

    def initial_working(self, counted: Sequence[EventResult]) -> str:
        """6.1.4: the results pooled as one; 7.2.3: Ra with two hypothetical 1800 opponents,
        both drawn; 7.2.4: Ru = Ra + dp, rounded, at most 2200."""
        event = EventResult.pooled(counted)
        ra, score = self._with_hypothetical_opponents(event)
        ru = self.event_rating(event)
        rounded = round_half_up(ru)
        published = min(rounded, self.maximum_initial_rating)  # pooled_rating's
        games = event.games + HYPOTHETICAL_OPPONENTS
        points = Fraction(event.score_halves + HYPOTHETICAL_OPPONENTS, 2)
        text = (
            f"Ra = ({event.games} x {format_figure(event.competition_rating, 2)} + "
            f"{HYPOTHETICAL_OPPONENTS} x {HYPOTHETICAL_RATING}) / {games} = "
            f"{format_figure(ra, 2)}, with two hypothetical opponents rated "
            f"{HYPOTHETICAL_RATING}, both drawn (7.2.3); score {format_figure(points)} of "
            f"{games}: p = .{p_hundredths(score):02d}, dp = {rating_difference_for_score(score)} "
            f"(7.1.1); Ru = Ra + dp = {format_figure(ru, 2)}, rounded: {rounded} (7.2.4)"
        )
        if published != rounded:
            text += f"; at most {self.maximum_initial_rating}: {published} (7.2.4)"
        return text

    def counts_as_first_event(self, event: EventResult) -> bool:
        """7.2.2: a zero score in the first event is disregarded."""
        return event.score_halves > 0


RULES = RapidBlitz2024()
