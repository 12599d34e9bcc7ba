"""standard-2009: FIDE Rating Regulations for standard play, as amended through 2008,
applied to tournaments starting from 1 July 2009 (floor 1200)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import ClassVar

from regulations.base import OverTheBoardRules, format_figure, ru_working
from regulations.calendar import add_months
from regulations.round_robin import RoundRobinPlayer, tournament_average
from regulations.rounding import round_half_up, round_hundredths_half_up
from regulations.tables import rating_difference_for_score
from regulations.types import Category, EventResult, PlayerState, TimeControl, Violation

#: 1.1: each player's minimum minutes for 60 moves, by the highest rating in the event.
MINIMUM_MINUTES_BY_RATING = ((2200, 120), (1600, 90))
MINIMUM_MINUTES_ALL_BELOW_1600 = 60


def standard_event_rating(event: EventResult, points_per_half_point: Fraction | int) -> Fraction:
    """Ru for an event: 8.22 (50%: Rc), 8.23 (Rc + ``points_per_half_point`` for each half
    point over 50%: 15 here, 12.5 in standard-1994 10.23), 8.24 (Swiss and team below 50%:
    Rc + dp), 8.25 (round robin below 50%: Ra + dp x n/(n+1))."""
    rc = event.competition_rating
    over_half = event.score_halves - event.games
    if over_half >= 0:
        return rc + points_per_half_point * over_half
    dp = rating_difference_for_score(event.fraction)
    if event.round_robin:
        return rc + dp * Fraction(event.n, event.n + 1)
    return rc + dp


def new_rating_half_up(rating: int, change_hundredths: int) -> tuple[int, int]:
    """(change_rounded, new_rating) when the new rating is rounded to the nearest whole
    number, halves up (standard-2009 8.57; standard-1994 10.56)."""
    new_rating = round_hundredths_half_up(100 * rating + change_hundredths)
    return new_rating - rating, new_rating


@dataclass(frozen=True)
class RoundRobinRatings:
    """The 8.58 computation of a round robin with unrated players.

    ``iterations[i]`` maps each unrated player to (Rc(new), Ru(new)) after pass i + 1; the
    worked example prints the first pass. ``final`` holds the Ru values the rated players'
    games are rated against (DESIGN.md interpretation 7).
    """

    average_rated: Fraction
    average_dp: Fraction
    tournament_average: int
    initial: Mapping[Hashable, int]
    iterations: tuple[Mapping[Hashable, tuple[int, int]], ...]
    final: Mapping[Hashable, int]


class StandardChecks:
    """Registration, rate of play, rounds a day and duration for standard play
    (standard-2009 0.4, 1.1, 1.3, 3.1, 4.1). The 2009 text is the regulations "as amended
    through 2008", so standard-1994 uses these sections too (docs/DESIGN-notes.md)."""

    categories: ClassVar[frozenset[Category]] = frozenset({Category.STANDARD})
    checks_clause_prefix: ClassVar[str] = "standard-2009"
    maximum_rounds_per_day: ClassVar[int] = 3  # 3.1
    maximum_playing_hours_per_day: ClassVar[int] = 12  # 3.1
    maximum_duration_days: ClassVar[int] = 90  # 4.1

    def registration_deadline(self, start_date: dt.date) -> dt.date:
        """0.4: registered one month before the tournament starts."""
        return add_months(start_date, -1)

    def minimum_minutes(self, highest_rating: int | None) -> int:
        """1.1: 120 minutes if anyone is rated 2200+, 90 if 1600+, else 60 (60 moves)."""
        for threshold, minutes in MINIMUM_MINUTES_BY_RATING:
            if highest_rating is not None and highest_rating >= threshold:
                return minutes
        return MINIMUM_MINUTES_ALL_BELOW_1600

    def rate_of_play_violations(
        self, time_control: TimeControl, *, category: Category, highest_rating: int | None
    ) -> list[Violation]:
        violations = []
        if category not in self.categories:
            violations.append(
                Violation(
                    f"{self.checks_clause_prefix} 1.1",
                    f"This rule set rates standard play, not {category}.",
                )
            )
        needed = self.minimum_minutes(highest_rating)
        minutes = time_control.minutes_for(60)
        if minutes < needed:
            violations.append(
                Violation(
                    f"{self.checks_clause_prefix} 1.1",
                    f"Each player has {format_figure(minutes)} minutes for 60 moves; with a "
                    f"highest rating of {highest_rating or 'unrated'} the minimum is {needed}.",
                )
            )
        if time_control.moves is not None and time_control.moves != 40:
            violations.append(
                Violation(
                    f"{self.checks_clause_prefix} 1.3",
                    f"The first time control is at move {time_control.moves}; "
                    "where a number of moves is specified it shall be 40.",
                )
            )
        return violations

    def rounds_per_day_violations(
        self,
        rounds_per_day: Mapping[dt.date, int],
        *,
        category: Category,
        time_control: TimeControl | None,
    ) -> list[Violation]:
        """3.1: no more than three rounds a day and no more than 12 hours of play (a game of
        60 moves using both players' full time)."""
        violations = []
        for day, rounds in sorted(rounds_per_day.items()):
            if rounds > self.maximum_rounds_per_day:
                violations.append(
                    Violation(
                        f"{self.checks_clause_prefix} 3.1", f"{rounds} rounds on {day}; at most 3."
                    )
                )
            elif time_control is not None:
                hours = rounds * 2 * time_control.minutes_for(60) / 60
                if hours > self.maximum_playing_hours_per_day:
                    violations.append(
                        Violation(
                            f"{self.checks_clause_prefix} 3.1",
                            f"{rounds} rounds on {day} make up to {format_figure(hours)} hours of "
                            "play; at most 12.",
                        )
                    )
        return violations

    def duration_violations(
        self, start_date: dt.date, end_date: dt.date, *, league: bool
    ) -> list[Violation]:
        """4.1: at most 90 days, except leagues (4.11) or with approval (4.12)."""
        if end_date < start_date:
            return [Violation("dates", "The tournament cannot end before it starts.")]
        violations = []
        days = (end_date - start_date).days + 1
        if not league and days > self.maximum_duration_days:
            violations.append(
                Violation(
                    f"{self.checks_clause_prefix} 4.1",
                    f"The tournament lasts {days} days; more than 90 needs the approval of "
                    "the Qualification Commission Chairman (4.12) unless it is a league (4.11).",
                )
            )
        return violations


class Standard2009(StandardChecks, OverTheBoardRules):
    id = "standard-2009"
    title = "FIDE Rating Regulations (standard), from 1 July 2009"
    floor = 1200  # 0.6
    floor_clause = "standard-2009 0.6"
    closing_days = 7  # 7.13
    official_event_clause = "standard-2009 7.13"
    difference_cap = 400
    difference_clause = "standard-2009 8.54"
    k_clause = "standard-2009 8.56"
    rounding_clause = "standard-2009 8.57"
    initial_minimum_games = 9  # 7.14a/b
    initial_pooling_months = 24  # 7.14c
    initial_clause = "standard-2009 7.14"
    initial_floor_clause = "standard-2009 7.14d"
    rated_since_clause = "standard-2009 8.4"
    first_event_rule = (
        "a first event with less than 1 point, fewer than 3 rated opponents or a result "
        "below the floor is disregarded (standard-2009 6.1, 8.21, 8.31)"
    )
    association_clause = "standard-2009 7.14g"
    #: 8.23: Ru = Ra + 15 for each half point scored over 50%.
    points_per_half_point: ClassVar[int] = 15

    # -- K and rounding --------------------------------------------------------------------

    def k_factor(self, state: PlayerState, *, year: int, games_in_period: int) -> int:
        """8.56: 30 until 30 games, 10 once the published rating reached 2400, else 15."""
        if state.is_new():
            return 30
        if state.reached_2400:
            return 10
        return 15

    def settle(self, rating: int, change_hundredths: int) -> tuple[int, int]:
        """8.57: the new rating is rounded to the nearest whole number, 0.5 up."""
        return new_rating_half_up(rating, change_hundredths)

    # -- new players -------------------------------------------------------------------------

    def event_rating(self, event: EventResult) -> Fraction:
        """Ru for an event (8.22-8.25)."""
        return standard_event_rating(event, self.points_per_half_point)

    def pooled_rating(self, counted: Sequence[EventResult]) -> int:
        """8.3: all results as if played in one tournament, from the total score against
        all opponents; 8.32: rounded, 0.5 up. A lone round robin keeps its 8.25 formula;
        pooled events use the Swiss formula (docs/DESIGN-notes.md)."""
        if len(counted) == 1:
            return round_half_up(self.event_rating(counted[0]))
        pooled = EventResult.pooled(counted)
        return round_half_up(self.event_rating(pooled))

    def initial_working(self, counted: Sequence[EventResult]) -> str:
        """8.3: several events pooled as one (8.23/8.24), a lone round robin by 8.25."""
        event = counted[0] if len(counted) == 1 else EventResult.pooled(counted)
        pooled = "" if len(counted) == 1 else (
            f"{len(counted)} events pooled as one (8.3): Rc = "
            f"{format_figure(event.competition_rating, 2)}; "
        )  # fmt: skip
        text = ru_working(
            event,
            self.event_rating(event),
            self.points_per_half_point,
            ("8.22", "8.23", "8.24"),
            round_robin_below_half="8.25",
        )
        return f"{pooled}{text}; rounded: {self.pooled_rating(counted)} (8.32)"

    def counts_as_first_event(self, event: EventResult) -> bool:
        """8.21 / 6.1: a first event with less than 1 point or fewer than 3 rated opponents
        is disregarded; 8.31: so is a first result below the floor."""
        # The score and the opponents first: an event of no games has no Ru.
        return self.first_event_enough(event.score_halves, event.games) and (
            round_half_up(self.event_rating(event)) >= self.floor
        )

    def first_event_enough(self, score_halves: int, rated_games: int) -> bool:
        """1 point or more against 3 rated opponents or more (8.21, 6.1)."""
        return score_halves >= 2 and rated_games >= 3

    def first_event_disregards_opponents(self, score_halves: int) -> bool:
        """6.1: "If an unrated player scores zero or half in his first event, his score and
        that of his opponents against him are disregarded" (in a round robin, where his
        opponents are rated against his Ru, 8.58, he is left out of it: DESIGN-notes 79)."""
        return score_halves <= 1

    def round_robin_performance(self, ru: int, score_halves: int, rated_games: int) -> int | None:
        """The rating a round robin alone gives an unrated player taken as in his first
        event, and kept in it (``first_event_disregards_opponents``): his final Ru of 8.58,
        or none where his first event would be disregarded (``first_event_enough``; 8.31,
        7.14d: below the floor). His opponents are still rated against that Ru (8.58)."""
        counts = self.first_event_enough(score_halves, rated_games) and ru >= self.floor
        return ru if counts else None

    def minimum_games(
        self, counted: Sequence[EventResult], *, association_member: bool = False
    ) -> int:
        """7.14a/b: 9 games; 7.14f: 7 when based on Olympiad-type team championships;
        7.14g: 7 for a member of the IBCA, ICSC or IPCA."""
        if association_member or (counted and all(e.team_championship for e in counted)):
            return 7
        return self.initial_minimum_games

    # -- round robins (8.58) -----------------------------------------------------------------

    def round_robin(self, players: Sequence[RoundRobinPlayer]) -> RoundRobinRatings:
        """8.58: Ra (8.21(b)) and each unrated player's Ru, then the iteration: an opponent
        rated more than 400 above an unrated player's Ru counts as Ru + 400, Rc(new) = Ra
        minus the sum of those reductions over n, Ru is recomputed from Rc(new); repeated
        until no Ru changes (DESIGN.md interpretation 7). Ra and each Rc(new) are whole
        numbers, halves up, as the worked example (interpretation 1).

        Where a pass counted every opponent (all rated) as Ru + 400 and lowered Ru, every
        further pass would lower Rc(new) and Ru by as much again, without end: the player's
        figures stay as that pass left them (docs/DESIGN-notes.md 65)."""
        average = tournament_average(players)
        ra = round_half_up(average.value)
        rated = {p.key: p.rating for p in players if p.rating is not None}
        unrated = [p for p in players if p.rating is None]

        def ru_from(rc: int, player: RoundRobinPlayer) -> int:
            result = EventResult(
                player.games,
                player.score_halves,
                Fraction(rc),
                dt.date.min,
                round_robin=True,
                opponents=len(set(player.opponents)),
            )
            return round_half_up(self.event_rating(result))

        current = {p.key: ru_from(ra, p) for p in unrated}
        initial = dict(current)
        iterations: list[dict[Hashable, tuple[int, int]]] = []
        settled: dict[Hashable, tuple[int, int]] = {}  # no fixed point to reach
        for _ in range(1000):
            step: dict[Hashable, tuple[int, int]] = dict(settled)
            for player in unrated:
                if player.key in settled:
                    continue
                limit = current[player.key] + self.difference_cap
                reductions = sum(
                    max(0, rating - limit)
                    for opponent in player.opponents
                    if (rating := rated.get(opponent)) is not None
                )
                rc_new = round_half_up(ra - Fraction(reductions, player.games))
                step[player.key] = (rc_new, ru_from(rc_new, player))
                all_above = all(
                    (rating := rated.get(opponent)) is not None and rating > limit
                    for opponent in player.opponents
                )
                if all_above and step[player.key][1] < current[player.key]:
                    settled[player.key] = step[player.key]
            iterations.append(step)
            updated = {key: ru for key, (_, ru) in step.items()}
            if updated == current:
                break
            current = updated
        return RoundRobinRatings(
            average.average_rated, average.average_dp, ra, initial, tuple(iterations), current
        )


RULES = Standard2009()
