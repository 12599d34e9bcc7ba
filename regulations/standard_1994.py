"""standard-1994: section 10 of the standard regulations with the GA '94 amendments, for
tournaments that started before 1 July 2009.

The excerpt states the arithmetic only. Minimum games and pooling window for new players
are not in it; this rule set uses those of 2009 (9 games, two years), and its rate of play,
rounds a day, registration and duration checks are the 2009 text's (docs/DESIGN-notes.md).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import ClassVar

from regulations.base import OverTheBoardRules, capped_difference, format_figure, ru_working
from regulations.round_robin import RoundRobinPlayer, tournament_average
from regulations.rounding import round_half_up
from regulations.standard_2009 import (
    StandardChecks,
    new_rating_half_up,
    standard_event_rating,
)
from regulations.tables import expected_score_hundredths, expected_scores_hundredths
from regulations.types import EventResult, Game, PlayerState, RatingChange


def rc_difference(rating: int, rc: Fraction, cap: int) -> Fraction:
    """D = R - Rc, a difference of more than ``cap`` counted as ``cap`` (10.51)."""
    return max(Fraction(-cap), min(Fraction(cap), rating - rc))


@dataclass(frozen=True)
class RoundRobin1994:
    """10.21b and 10.51 for a round robin: Ra, each unrated player's Ru and each rated
    player's change from Rc = (Ra(n+1) - R)/n."""

    tournament_average: Fraction
    unrated: Mapping[Hashable, Fraction]
    changes: Mapping[Hashable, RatingChange]


class Standard1994(StandardChecks, OverTheBoardRules):
    id = "standard-1994"
    title = "FIDE Rating Regulations (standard), GA '94 amendments, before 1 July 2009"
    checks_clause_prefix = "standard-2009 (applied to 1994)"
    #: 10.31/10.32: performances and ratings below 1801 are not considered.
    floor = 1801
    floor_clause = "standard-1994 10.32"
    closing_days = 7
    difference_cap = 350  # 10.51
    games_are_independent = False
    difference_clause = "standard-1994 10.51"
    k_clause = "standard-1994 10.54"
    rounding_clause = "standard-1994 10.56"
    initial_minimum_games = 9
    initial_pooling_months = 24
    initial_clause = "standard-1994 10.3 (9 games, two years: as standard-2009 7.14)"
    initial_floor_clause = "standard-1994 10.32"
    rated_since_clause = "standard-1994 10.4"
    first_event_rule = "a first performance below 1801 is ignored (standard-1994 10.31)"
    #: 10.23: Ru = Rc + 12.5 for each half point scored over 50%.
    points_per_half_point: ClassVar[Fraction] = Fraction(25, 2)

    def settle(self, rating: int, change_hundredths: int) -> tuple[int, int]:
        """10.56: Rn is rounded off to the nearest whole number."""
        return new_rating_half_up(rating, change_hundredths)

    def differences_used(self, games: Sequence[Game]) -> list[int | Fraction]:
        """10.51: Rc = the average rating of the player's opponents in a tournament, each
        counted as at most 350 points away from the player; 10.53: D = R - Rc. Every game
        of a tournament reads the table with the same D."""
        cap = self.difference_cap
        per_tournament: dict[Hashable, list[int]] = {}
        for rating, opponent, _, tournament in games:
            per_tournament.setdefault(tournament, []).append(
                rating - capped_difference(rating, opponent, cap)
            )
        differences: list[int | Fraction] = []
        for rating, _, _, tournament in games:
            clamped = per_tournament[tournament]
            differences.append(rating - Fraction(sum(clamped), len(clamped)))
        return differences

    def expected_per_game(self, games: Sequence[Game]) -> list[int]:
        return expected_scores_hundredths(self.differences_used(games))

    def k_factor(self, state: PlayerState, *, year: int, games_in_period: int) -> int:
        """10.54: 25 until 30 games; 10 once the published rating reached 2400 after 30
        games (permanently); else 15."""
        if state.is_new():
            return 25
        if state.reached_2400:
            return 10
        return 15

    # -- new players -------------------------------------------------------------------------

    def event_rating(self, event: EventResult) -> Fraction:
        """10.22-10.25: 2009's 8.22-8.25 with 12.5 points a half point over 50% (10.23)."""
        return standard_event_rating(event, self.points_per_half_point)

    def pooled_rating(self, counted: Sequence[EventResult]) -> int:
        """10.3: the games-weighted average of all Ru results; 10.32: rounded."""
        games = sum(e.games for e in counted)
        weighted = sum((self.event_rating(e) * e.games for e in counted), Fraction(0))
        return round_half_up(weighted / games)

    def initial_working(self, counted: Sequence[EventResult]) -> str:
        """10.22-10.25 per event, then 10.3: their games-weighted average, rounded."""
        ratings = [self.event_rating(event) for event in counted]
        each = "; ".join(
            ru_working(
                event, ru, self.points_per_half_point, ("10.22", "10.23", "10.24"), table="10.1"
            )
            for event, ru in zip(counted, ratings, strict=True)
        )
        games = sum(e.games for e in counted)
        average = sum((ru * e.games for ru, e in zip(ratings, counted, strict=True)), Fraction(0))
        return (
            f"{each}; the average weighted by games (10.3): {format_figure(average / games, 2)}; "
            f"rounded: {self.pooled_rating(counted)} (10.32)"
        )

    def counts_as_first_event(self, event: EventResult) -> bool:
        """10.31: a first performance below 1801 is ignored."""
        return round_half_up(self.event_rating(event)) >= self.floor

    # -- round robins ----------------------------------------------------------------------

    def round_robin(
        self,
        players: Sequence[RoundRobinPlayer],
        states: Mapping[Hashable, PlayerState],
        *,
        year: int,
    ) -> RoundRobin1994:
        """10.21b: Ra (the plain average when every player is rated); 10.22-10.25: Ru of
        each unrated player with Rc = Ra; 10.51/10.53/10.54: each rated player's
        Rc = (Ra(n+1) - R)/n, D = R - Rc (at most 350), We = P_D x n."""
        if all(p.rating is not None for p in players):
            ratings = [p.rating for p in players if p.rating is not None]
            ra = Fraction(sum(ratings), len(ratings))
        else:
            ra = tournament_average(players).value
        unrated = {
            p.key: self.event_rating(
                EventResult(
                    p.games,
                    p.score_halves,
                    ra,
                    dt.date.min,
                    round_robin=True,
                    opponents=len(set(p.opponents)),
                )
            )
            for p in players
            if p.rating is None
        }
        n = len(players) - 1
        changes = {}
        for p in players:
            if p.rating is None:
                continue
            rc = (ra * (n + 1) - p.rating) / n
            difference = rc_difference(p.rating, rc, self.difference_cap)
            changes[p.key] = self.period_change(
                states[p.key],
                games=p.games,
                score_halves=p.score_halves,
                expected_hundredths=expected_score_hundredths(difference) * p.games,
                year=year,
            )
        return RoundRobin1994(ra, unrated, changes)


RULES = Standard1994()
