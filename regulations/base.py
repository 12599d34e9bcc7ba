"""What every rule set offers, and the machinery the over-the-board rule sets share.

A rule set is one module (``standard_2009``, ``rapid_blitz_2024``, ...) holding one object
that satisfies :class:`RuleSet`. The four over-the-board rule sets derive from
:class:`OverTheBoardRules`, which does the period arithmetic once; each overrides only
what its text says differently (the rating-difference rule, K, rounding, new players).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Hashable, Iterable, Mapping, Sequence
from decimal import Decimal
from fractions import Fraction
from functools import cached_property
from typing import ClassVar, Protocol

from regulations.calendar import add_months, days_before
from regulations.rounding import round_half_up, round_hundredths_half_away_from_zero
from regulations.tables import (
    expected_score_hundredths,
    p_hundredths,
    rating_difference_for_score,
)
from regulations.types import (
    Category,
    EventResult,
    Game,
    GameDetail,
    InitialRating,
    PeriodGame,
    PlayerState,
    RatingChange,
    TimeControl,
    Violation,
)

#: Ratings have four digits (TRF16 001 columns 49-52), so no difference exceeds this.
MAX_DIFFERENCE = 9999


class RuleSet(Protocol):
    """The interface every rule set offers the rest of the application."""

    id: str
    title: str
    categories: frozenset[Category]
    floor: int

    def expected_score(self, rating: int, opponent_rating: int) -> int:
        """P_D in hundredths for one game in isolation, after the rating-difference rule."""
        ...

    def closing_date(self, list_date: dt.date) -> dt.date: ...

    #: The clause that lets an official FIDE event be rated on a list even if it ends on
    #: the last day before the list date, if the rule set has one.
    official_event_clause: str

    def event_closing_date(self, list_date: dt.date, *, official_event: bool) -> dt.date: ...

    #: The clause that asks a hybrid event's report to come with every game in PGN, if the
    #: rule set has one (R&B 2024 8.4).
    hybrid_games_clause: str

    def registration_deadline(self, start_date: dt.date) -> dt.date | None: ...

    def rate_of_play_violations(
        self, time_control: TimeControl, *, category: Category, highest_rating: int | None
    ) -> list[Violation]: ...

    def rounds_per_day_violations(
        self,
        rounds_per_day: Mapping[dt.date, int],
        *,
        category: Category,
        time_control: TimeControl | None,
    ) -> list[Violation]: ...

    def duration_violations(
        self, start_date: dt.date, end_date: dt.date, *, league: bool
    ) -> list[Violation]: ...


def apply_700_rule(k: int, games_in_period: int) -> int:
    """R&B 2024 7.3.3 / pre-2024 7.32: if n x K exceeds 700, K is the largest whole number
    such that K x n does not exceed 700."""
    if games_in_period and k * games_in_period > 700:
        return 700 // games_in_period
    return k


def k_held_by_700_rule(k: int, games_in_period: int) -> bool:
    """Whether ``k`` is the most the 700 rule allows for ``games_in_period`` games (R&B
    2024 7.3.3, pre-2024 7.32): the K of a rule set that has it was then set, or held, by
    the rule, whatever it would have been otherwise."""
    return games_in_period > 0 and k == 700 // games_in_period


def format_figure(value: Fraction | Decimal | int, places: int = 1) -> str:
    """A figure for a message or a page: whole numbers as they are, others to ``places``
    decimals, halves up (the shown figure is rounded, exactly, as interpretation 1 rounds;
    the arithmetic stays exact)."""
    exact = Fraction(value)
    if exact.denominator == 1:
        return str(exact.numerator)
    return f"{Decimal(round_half_up(exact * 10**places)).scaleb(-places):.{places}f}"


def ru_working(
    event: EventResult,
    ru: Fraction,
    points_per_half_point: Fraction | int,
    clauses: tuple[str, str, str],
    *,
    round_robin_below_half: str = "",
    base: str = "Rc",
    table: str = "8.1a",
) -> str:
    """How the rule set's ``event_rating`` came to ``ru``, in words with the figures: at
    50% Rc (``clauses[0]``: 8.22), over it Rc plus ``points_per_half_point`` per half
    point over 50% (``clauses[1]``: 8.23), below it Rc + dp (``clauses[2]``: 8.24) or, given
    ``round_robin_below_half``, in a round robin Ra + dp x n/(n+1) (8.25). ``base`` names
    Rc as the rule set does, and ``table`` its conversion of p into dp."""
    over_half = event.score_halves - event.games
    scored = f"{format_figure(Fraction(event.score_halves, 2))} of {event.games}"
    if over_half == 0:
        # A review: "0 half points over 50%" cited 8.23, whose case is "more than 50%".
        return f"{scored} is 50%: Ru = {base} = {format_figure(ru, 2)} ({clauses[0]})"
    if over_half > 0:
        halves = "half point" if over_half == 1 else "half points"
        return (
            f"{scored} is {over_half} {halves} over 50%: Ru = {base} + "
            f"{format_figure(Fraction(points_per_half_point))} x {over_half} = "
            f"{format_figure(ru, 2)} ({clauses[1]})"
        )
    dp = rating_difference_for_score(event.fraction)
    below = f"{scored}: p = .{p_hundredths(event.fraction):02d}, dp = {dp} ({table})"
    if event.round_robin and round_robin_below_half:
        return (
            f"{below}; Ru = Ra + dp x n/(n+1) = {format_figure(event.competition_rating, 2)} "
            f"{'-' if dp < 0 else '+'} {abs(dp)} x {event.n}/{event.n + 1} = "
            f"{format_figure(ru, 2)} ({round_robin_below_half})"
        )
    return f"{below}; Ru = {base} + dp = {format_figure(ru, 2)} ({clauses[2]})"


def capped_difference(rating: int, opponent_rating: int, cap: int) -> int:
    """D with a difference of more than ``cap`` counted as ``cap`` (standard-2009 8.54)."""
    return max(-cap, min(cap, rating - opponent_rating))


class OverTheBoardRules:
    """Period arithmetic shared by standard-1994, standard-2009 and both R&B rule sets.

    Subclasses set the class attributes and override the hooks their text changes.
    """

    id: ClassVar[str]
    title: ClassVar[str]
    categories: ClassVar[frozenset[Category]]
    #: Lowest rating that is published (standard-2009 0.6, R&B 2024 6.1.2).
    floor: ClassVar[int]
    floor_clause: ClassVar[str]
    #: Days between the closing date and the list date (standard-2009 7.13; R&B 2024 6.1.3).
    closing_days: ClassVar[int]
    #: What refuses a report too late for the third list after its tournament's end: the
    #: rapid and blitz texts' own 8.1; the standard texts are silent, and DESIGN.md applies
    #: it to every category.
    lateness_clause: ClassVar[str] = "DESIGN.md interpretation 8"
    #: The rating-difference cap and the clause that sets it.
    difference_cap: ClassVar[int] = 400
    difference_clause: ClassVar[str]
    k_clause: ClassVar[str]
    #: Whether n x K may not exceed 700 (``apply_700_rule``).
    seven_hundred_rule: ClassVar[bool] = False
    rounding_clause: ClassVar[str]
    #: New players: games needed, pooling window, clauses.
    initial_minimum_games: ClassVar[int]
    #: The clause that asks fewer games of a member of the IBCA, ICSC or IPCA, if any.
    association_clause: ClassVar[str] = ""
    initial_pooling_months: ClassVar[int]
    initial_clause: ClassVar[str]
    #: The clause that publishes a first rating only at or above the floor.
    initial_floor_clause: ClassVar[str]
    #: Why a first event is disregarded, in words with its clauses (``counts_as_first_event``).
    first_event_rule: ClassVar[str]
    #: The clause that rates a player unrated at a tournament's start and rated before it
    #: is rated with his current rating (standard-2009 8.4, R&B 2024 7.2.5).
    rated_since_clause: ClassVar[str]
    #: The clause that rates a player unrated in the category by his standard rating, if
    #: the rule set has one (R&B 2024 7.2.1, pre-2024 7.21).
    adoption_clause: ClassVar[str] = ""
    #: The clause that lets the games of a match played after a player has won be rated
    #: at a request made before the match, if the rule set has one (R&B 2024 5.2: "This
    #: requirement may be waived by prior request"; standard-2009 6.5 has no such words).
    match_waiver_clause: ClassVar[str] = ""
    #: The clause that rates an official FIDE event on a list even if it ends on the last
    #: day before the list date, if the rule set has one (standard-2009 7.13's second
    #: paragraph, R&B 2024 6.1.3's second sentence; the excerpts of the older texts say
    #: nothing of it).
    official_event_clause: ClassVar[str] = ""
    #: The clause that asks a hybrid event's report to come with full PGN files of its
    #: games, if the rule set has one (R&B 2024 8.4: "must be submitted with the tournament
    #: report"; hybrid play is R&B 2024's alone, 2.1, and the other texts say nothing of it).
    hybrid_games_clause: ClassVar[str] = ""
    #: Whether the first-event test goes on to the next event once the first is
    #: disregarded (standard-2009 6.1: a later 0 or 1/2 counts only after a performance
    #: above the floor; DESIGN-notes 7), or stops at the first (R&B 2024 7.2.2: "Otherwise,
    #: their rating is calculated using all their results").
    first_event_test_repeats: ClassVar[bool] = True

    #: True where each game's P_D depends on the two ratings alone (standard-2009 8.54,
    #: R&B 2024 7.3.1), so a period is rated in one pass over its games. Rule sets with
    #: per-tournament rules (pre-2024 7.31, standard-1994 10.51) set it False.
    games_are_independent: ClassVar[bool] = True

    # -- one game ---------------------------------------------------------------------------

    def expected_score(self, rating: int, opponent_rating: int) -> int:
        """P_D (hundredths) for one game with the rule set's cap (standard-2009 8.54)."""
        return expected_score_hundredths(
            capped_difference(rating, opponent_rating, self.difference_cap)
        )

    @cached_property
    def expectation_by_difference(self) -> tuple[int, ...]:
        """``expected_score`` for every whole D from -MAX_DIFFERENCE to MAX_DIFFERENCE,
        indexed by D + MAX_DIFFERENCE: the lookup a federation's period makes millions of
        times, derived once from the rule itself."""
        return tuple(
            self.expected_score(difference, 0)
            for difference in range(-MAX_DIFFERENCE, MAX_DIFFERENCE + 1)
        )

    @cached_property
    def difference_used_by_difference(self) -> tuple[int, ...]:
        """``differences_used`` of a lone game for every whole D from -MAX_DIFFERENCE to
        MAX_DIFFERENCE, indexed by D + MAX_DIFFERENCE, derived once from the rule itself.
        Meaningful only where ``games_are_independent``: elsewhere a game's difference
        depends on the player's other games."""
        lone_games = [
            Game(difference + MAX_DIFFERENCE, MAX_DIFFERENCE, 0)
            for difference in range(-MAX_DIFFERENCE, MAX_DIFFERENCE + 1)
        ]
        return tuple(int(difference) for difference in self.differences_used(lone_games))

    def differences_used(self, games: Sequence[Game]) -> list[int | Fraction]:
        """The rating difference each game's P_D is read with, in the games' order.

        Default: every game capped at ``difference_cap`` for both players
        (standard-2009 8.54, R&B 2024 7.3.1). Rule sets with per-tournament rules override.
        """
        cap = self.difference_cap
        # capped_difference, inlined: a federation's month has two million sides.
        return [
            d if -cap <= (d := rating - opponent) <= cap else cap if d > 0 else -cap
            for rating, opponent, _, _ in games
        ]

    def expected_per_game(self, games: Sequence[Game]) -> list[int]:
        """P_D (hundredths) of each game. Rule sets whose differences depend on more than
        the two ratings override this to read ``differences_used``."""
        table = self.expectation_by_difference
        return [table[rating - opponent + MAX_DIFFERENCE] for rating, opponent, _, _ in games]

    def game_details(self, games: Sequence[Game]) -> tuple[GameDetail, ...]:
        """Each game's part in the change: difference used, P_D and dR (the explanation the
        player page shows)."""
        return tuple(
            GameDetail(
                rating=game[0],
                opponent_rating=game[1],
                difference_used=Fraction(difference),
                expected_hundredths=expected_score_hundredths(difference),
                score=game[2],
                clause=self.difference_clause,
            )
            for game, difference in zip(games, self.differences_used(games), strict=True)
        )

    # -- K and rounding --------------------------------------------------------------------

    def k_factor(self, state: PlayerState, *, year: int, games_in_period: int) -> int:
        raise NotImplementedError

    def settle(self, rating: int, change_hundredths: int) -> tuple[int, int]:
        """(change_rounded, new_rating). Default: the period's change is rounded, halves
        away from zero (R&B 2024 7.3.4); standard rule sets round the new rating instead."""
        change = round_hundredths_half_away_from_zero(change_hundredths)
        return change, rating + change

    # -- a period --------------------------------------------------------------------------

    def period_change(
        self,
        state: PlayerState,
        *,
        games: int,
        score_halves: int,
        expected_hundredths: int,
        year: int,
    ) -> RatingChange:
        """K x (W - We) for a player's games of a period or tournament, and its rounding
        (standard-2009 8.55(c); R&B 2024 7.3.2(d), 7.3.4)."""
        k = self.k_factor(state, year=year, games_in_period=games)
        change_hundredths = k * (50 * score_halves - expected_hundredths)
        change_rounded, new_rating = self.settle(state.rating, change_hundredths)
        return RatingChange(
            rules=self.id,
            rating=state.rating,
            games=games,
            score_halves=score_halves,
            expected_hundredths=expected_hundredths,
            k=k,
            change_hundredths=change_hundredths,
            change_rounded=change_rounded,
            new_rating=new_rating,
        )

    def rating_change(
        self, state: PlayerState, games: Sequence[Game], *, year: int
    ) -> RatingChange:
        """A rated player's change from all his games of the period (K fixed for the period,
        DESIGN.md interpretation 4; rounding once, interpretation 5)."""
        return self.period_change(
            state,
            games=len(games),
            score_halves=sum([game[2] for game in games]),
            expected_hundredths=sum(self.expected_per_game(games)),
            year=year,
        )

    def rate_period(
        self,
        states: Mapping[Hashable, PlayerState],
        games: Iterable[PeriodGame],
        *,
        year: int,
    ) -> dict[Hashable, RatingChange]:
        """Every rated player's change for a period.

        A player is rated in the period when he has a state; a game counts for him when his
        opponent has a rating in it (DESIGN.md interpretation 6: in Swiss events games
        against unrated opponents are not rated; a round robin's caller puts the opponent's
        final Ru there, standard-2009 8.52).
        """
        if not self.games_are_independent:
            return self.rate_period_by_player(states, games, year=year)
        table, offset = self.expectation_by_difference, MAX_DIFFERENCE
        totals = {player: [0, 0, 0] for player in states}  # games, half points, P_D sum
        totals_of = totals.get
        for white, black, white_rating, black_rating, white_score, _ in games:
            if white_rating is None or black_rating is None:
                continue
            if (mine := totals_of(white)) is not None:
                mine[0] += 1
                mine[1] += white_score
                mine[2] += table[white_rating - black_rating + offset]
            if (mine := totals_of(black)) is not None:
                mine[0] += 1
                mine[1] += 2 - white_score
                mine[2] += table[black_rating - white_rating + offset]
        period_change = self.period_change
        return {
            player: period_change(
                states[player], games=n, score_halves=score, expected_hundredths=pd, year=year
            )
            for player, (n, score, pd) in totals.items()
            if n
        }

    def rate_period_by_player(
        self,
        states: Mapping[Hashable, PlayerState],
        games: Iterable[PeriodGame],
        *,
        year: int,
    ) -> dict[Hashable, RatingChange]:
        """``rate_period`` for rule sets that need each player's games together."""
        # Plain tuples in Game's field order: building a million NamedTuples would cost
        # more than rating the games.
        per_player: dict[Hashable, list[Game]] = {player: [] for player in states}
        games_of = per_player.get
        for white, black, white_rating, black_rating, white_score, tournament in games:
            if white_rating is None or black_rating is None:
                continue
            if (mine := games_of(white)) is not None:
                mine.append((white_rating, black_rating, white_score, tournament))  # type: ignore[arg-type]
            if (mine := games_of(black)) is not None:
                mine.append((black_rating, white_rating, 2 - white_score, tournament))  # type: ignore[arg-type]
        rating_change = self.rating_change
        return {
            player: rating_change(states[player], player_games, year=year)
            for player, player_games in per_player.items()
            if player_games
        }

    # -- new players -------------------------------------------------------------------------

    def event_rating(self, event: EventResult) -> Fraction:
        """Ru for one event on its own, unrounded (standard-2009 8.22-8.25 and kin)."""
        raise NotImplementedError

    def pooled_rating(self, counted: Sequence[EventResult]) -> int:
        """The rating the counted results give together, rounded (standard-2009 8.3)."""
        raise NotImplementedError

    def counts_as_first_event(self, event: EventResult) -> bool:
        """Whether a player's first event is a result to build on (otherwise disregarded)."""
        raise NotImplementedError

    def initial_working(self, counted: Sequence[EventResult]) -> str:
        """How ``counted`` give ``pooled_rating``, in words with the figures: the
        explanation of a first rating the player page shows."""
        raise NotImplementedError

    def minimum_games(
        self, counted: Sequence[EventResult], *, association_member: bool = False
    ) -> int:
        """The games a first rating needs; ``association_member``: the player is a member of
        the IBCA, ICSC or IPCA (only standard-2009 7.14g asks fewer of him)."""
        return self.initial_minimum_games

    def initial_rating(
        self, events: Sequence[EventResult], *, on: dt.date, association_member: bool = False
    ) -> InitialRating:
        """The rating to publish for an unrated player on the list of ``on``, from his
        results within the pooling window (standard-2009 7.14, 8.21, 8.3;
        R&B 2024 6.1.4, 7.2.2-7.2.4), but those ``left_out`` (6.1). ``association_member``
        as for ``minimum_games``."""
        window_start = add_months(on, -self.initial_pooling_months)
        in_window = sorted(
            (e for e in events if window_start <= e.end_date < on and not e.left_out),
            key=lambda e: e.end_date,
        )
        disregarded = [e for e in events if not window_start <= e.end_date < on or e.left_out]
        while in_window and not self.counts_as_first_event(in_window[0]):
            disregarded.append(in_window.pop(0))
            if not self.first_event_test_repeats:
                break
        counted = tuple(in_window)
        games = sum(e.games for e in counted)
        score = sum(e.score_halves for e in counted)
        rc = EventResult.pooled(counted).competition_rating if counted else None

        def outcome(rating: int | None, reason: str = "") -> InitialRating:
            return InitialRating(rating, games, score, rc, counted, tuple(disregarded), reason)

        needed = self.minimum_games(counted, association_member=association_member)
        if games < needed:
            lowered = needed < self.minimum_games(counted)
            clause = self.association_clause if lowered else self.initial_clause
            # A review read "0 of the 5 games needed" as games not played yet.
            left = sum(e.games for e in disregarded)
            unpooled = (
                f", the {left} game{'s' if left != 1 else ''} of the disregarded "
                f"event{'s' if len(disregarded) > 1 else ''} not counting"
                if disregarded
                else ""
            )
            return outcome(None, f"{games} of the {needed} games needed ({clause}){unpooled}")
        rating = self.pooled_rating(counted)
        if rating < self.floor:
            return outcome(
                None, f"{rating} is below the floor of {self.floor} ({self.initial_floor_clause})"
            )
        return outcome(rating)

    def event_performance(self, event: EventResult) -> int | None:
        """The rating this event alone gives an unrated player, taken as his first event:
        None when the rule set disregards it or it is below the floor. The minimum number
        of games for publication is not applied (it is a per-event figure)."""
        if not self.counts_as_first_event(event):
            return None
        rating = self.pooled_rating((event,))
        return rating if rating >= self.floor else None

    # -- rule checks -----------------------------------------------------------------------

    def closing_date(self, list_date: dt.date) -> dt.date:
        """The last day a tournament may end to be rated on the list of ``list_date``
        (standard-2009 7.13: 7 days before; R&B 2024 6.1.3: 3 days before)."""
        return days_before(list_date, self.closing_days)

    def event_closing_date(self, list_date: dt.date, *, official_event: bool) -> dt.date:
        """The last day a tournament may end to be rated on the list of ``list_date``: the
        closing date, or for an official FIDE event under a rule set that says so the last
        day before the list date (``official_event_clause``)."""
        if official_event and self.official_event_clause:
            return days_before(list_date, 1)
        return self.closing_date(list_date)

    def duration_violations(
        self, start_date: dt.date, end_date: dt.date, *, league: bool
    ) -> list[Violation]:
        if end_date < start_date:
            return [Violation("dates", "The tournament cannot end before it starts.")]
        return []
