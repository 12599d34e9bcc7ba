"""rapid-blitz-pre2024: the Rapid and Blitz regulations in force before 1 January 2024.

Only sections 7.1a to 9.1 survive in the excerpt. What it does not state comes from
DESIGN.md (at least 5 games, 26 months pooling, floor 1000) and from R&B 2024 for rate of
play, rounds a day and registration (docs/DESIGN-notes.md).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from fractions import Fraction
from typing import ClassVar

from regulations.base import OverTheBoardRules, apply_700_rule, format_figure, ru_working
from regulations.rapid_blitz_2024 import RapidBlitzChecks
from regulations.rounding import round_half_up
from regulations.tables import expected_scores_hundredths, rating_difference_for_score
from regulations.types import EventResult, Game, PlayerState


class RapidBlitzPre2024(RapidBlitzChecks, OverTheBoardRules):
    id = "rapid-blitz-pre2024"
    title = "FIDE Rapid and Blitz Rating Regulations, before 1 January 2024"
    checks_clause_prefix = "R&B 2024 (applied to pre-2024)"
    floor = 1000  # DESIGN.md: excerpt-silent parameter
    floor_clause = "R&B pre-2024 (floor 1000: DESIGN.md)"
    closing_days = 3
    lateness_clause = "R&B pre-2024 8.1"
    difference_cap = 400
    games_are_independent = False
    difference_clause = "R&B pre-2024 7.31"
    k_clause = "R&B pre-2024 7.32"
    seven_hundred_rule = True
    rounding_clause = "R&B pre-2024 7.33"
    initial_minimum_games = 5  # DESIGN.md: excerpt-silent parameter
    initial_pooling_months = 26  # DESIGN.md: excerpt-silent parameter
    initial_clause = "R&B pre-2024 7.22 (5 games: DESIGN.md)"
    initial_floor_clause = "R&B pre-2024 (floor 1000: DESIGN.md)"
    rated_since_clause = "R&B pre-2024 7.25"
    first_event_rule = "a zero score in the first event is disregarded (R&B pre-2024 7.22)"
    adoption_clause = "R&B pre-2024 7.21"
    first_event_test_repeats = False  # 7.22: only the first event's zero
    #: 7.24: Ru = Ra + 20 for each half point scored over 50%.
    points_per_half_point: ClassVar[int] = 20

    def differences_used(self, games: Sequence[Game]) -> list[int | Fraction]:
        """7.31: more than 400 counts as 400, but in any tournament a player benefits from
        only one such upgrade, for the game with the greatest difference. The lower rated
        player always has the cap (DESIGN.md interpretation 3); of equal greatest
        differences the earlier game is upgraded."""
        cap = self.difference_cap
        upgraded: dict[Hashable, tuple[int, int]] = {}  # tournament -> (difference, index)
        for index, (rating, opponent, _, tournament) in enumerate(games):
            difference = rating - opponent
            if difference > cap and difference > upgraded.get(tournament, (cap, -1))[0]:
                upgraded[tournament] = (difference, index)
        upgraded_games = {index for _, index in upgraded.values()}
        differences: list[int | Fraction] = []
        for index, (rating, opponent, _, _) in enumerate(games):
            difference = rating - opponent
            if difference < -cap or index in upgraded_games:
                difference = max(-cap, min(cap, difference))
            differences.append(difference)
        return differences

    def expected_per_game(self, games: Sequence[Game]) -> list[int]:
        return expected_scores_hundredths(self.differences_used(games))

    def k_factor(self, state: PlayerState, *, year: int, games_in_period: int) -> int:
        """7.32: K = 20; with more than 35 games in the period, the largest whole K with
        n x K not over 700."""
        return apply_700_rule(20, games_in_period)

    def event_rating(self, event: EventResult) -> Fraction:
        """7.23: Ra = average of the rated opponents; 7.24: Ra at 50%, Ra + 20 for each half
        point over 50%, Ra + dp below."""
        over_half = event.score_halves - event.games
        if over_half >= 0:
            return event.competition_rating + self.points_per_half_point * over_half
        return event.competition_rating + rating_difference_for_score(event.fraction)

    def pooled_rating(self, counted: Sequence[EventResult]) -> int:
        """7.22: all results as in 6.14 (pooled as one); 7.24: rounded to a whole number."""
        pooled = EventResult.pooled(counted)
        return round_half_up(self.event_rating(pooled))

    def initial_working(self, counted: Sequence[EventResult]) -> str:
        """7.22-7.24: the results pooled as one, Ra + 20 per half point over 50% or + dp."""
        event = EventResult.pooled(counted)
        ru = self.event_rating(event)
        text = ru_working(
            event,
            ru,
            self.points_per_half_point,
            ("7.24", "7.24", "7.24"),
            base="Ra",
            table="7.1a",
        )
        return (
            f"Ra = {format_figure(event.competition_rating, 2)} (7.23); {text}; "
            f"rounded: {round_half_up(ru)} (7.24)"  # pooled_rating's
        )

    def counts_as_first_event(self, event: EventResult) -> bool:
        """7.22: a zero score in the first event is disregarded."""
        return event.score_halves > 0


RULES = RapidBlitzPre2024()
