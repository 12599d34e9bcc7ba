"""online-arena: the FIDE Online Arena (FOA) rating regulations for online rapid, blitz and
bullet. Ratings change after every game and are kept to two decimals (3.1, 3.9)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from decimal import Decimal
from fractions import Fraction
from typing import ClassVar

from regulations.rounding import hundredths, round_half_up, round_to_hundredths_half_up
from regulations.tables import expected_score_hundredths, rating_difference_for_score
from regulations.types import Category, PeriodGame, TimeControl, Violation, points_from_halves

#: 2.3: the predetermined time controls of rated games, as (base minutes, increment seconds).
TIME_CONTROLS: dict[Category, frozenset[tuple[int, int]]] = {
    Category.ONLINE_RAPID: frozenset(
        {(15, 0), (25, 0), (45, 0), (10, 10), (15, 10), (25, 10), (45, 10)}
    ),  # 2.3.1
    Category.ONLINE_BLITZ: frozenset({(3, 0), (5, 0), (10, 0), (3, 2), (3, 3), (5, 3)}),  # 2.3.2
    Category.ONLINE_BULLET: frozenset({(1, 0), (2, 0), (1, 1), (1, 2)}),  # 2.3.3
}

#: 3.6: a first draw or win against a rated opponent, then 4 more games against rated ones.
FIRST_RATING_GAMES = 5


@dataclass(frozen=True)
class OnlineState:
    """A member's rating in one online category: None while unrated (3.5), with the
    qualifying results of his first-rating stage (3.6) collected in ``provisional``."""

    rating: Decimal | None
    games: int = 30
    #: 3.10.3: the first rating came from 3.6-3.7 rather than a FIDE list (3.4).
    previously_unrated: bool = False
    #: (opponent's rating, half points) of the first-rating stage so far.
    provisional: tuple[tuple[Decimal, int], ...] = ()


#: A rating lost under the floor (3.3), or a first rating that would be under it (3.2):
#: unrated again, his first rating to come from 3.6-3.7 afresh.
RATING_LOST = OnlineState(rating=None, games=0, previously_unrated=True)


#: 3.4.1-3.4.3: the over-the-board lists a new member's first rating is taken from, in
#: order of preference (the same or a longer time control).
FIRST_RATING_LISTS: dict[Category, tuple[Category, ...]] = {
    Category.ONLINE_RAPID: (Category.RAPID, Category.STANDARD),
    Category.ONLINE_BLITZ: (Category.BLITZ, Category.RAPID, Category.STANDARD),
    Category.ONLINE_BULLET: (Category.BLITZ, Category.RAPID, Category.STANDARD),
}

#: 3.15 says only that the changes of the over-the-board rapid and blitz lists are added to
#: the online ratings (1.3: "the exact method of implementation will be announced"). Each
#: list's change goes to the online categories whose first rating 3.4 takes from it first:
#: rapid to online rapid, blitz to online blitz and bullet (DESIGN-notes 130).
LIST_CHANGES_ADDED: dict[Category, tuple[Category, ...]] = {
    Category.RAPID: (Category.ONLINE_RAPID,),
    Category.BLITZ: (Category.ONLINE_BLITZ, Category.ONLINE_BULLET),
}


@dataclass(frozen=True)
class OnlineGameSide:
    """One player's side of one game as the arena rates it (``OnlineArena.rate_game``):
    his state before and after, the opponent's rating before the game (None: unrated), and
    for a game between two rated players P_D, K and the change (3.9). ``clause`` names the
    rule that decided what the game did; ``first_rating`` is the working of a first rating
    the game completed (3.7), or of one that fell under the floor (3.2)."""

    before: OnlineState
    after: OnlineState
    score_halves: int
    opponent_rating: Decimal | None
    clause: str
    expected_hundredths: int | None = None
    k: int | None = None
    change_hundredths: int | None = None
    first_rating: FirstOnlineRating | None = None


@dataclass(frozen=True)
class OnlineChange:
    """A rated player's games of an event or period replayed in order (3.9, 3.11).

    ``new_rating`` may fall below the floor: the player then loses his rating (3.3).
    """

    rating: Decimal
    games: int
    score_halves: int
    expected_hundredths: int
    k: int
    change_hundredths: int

    @property
    def score(self) -> Decimal:
        return points_from_halves(self.score_halves)

    @property
    def change(self) -> Decimal:
        return hundredths(self.change_hundredths)

    @property
    def new_rating(self) -> Decimal:
        return self.rating + self.change

    @property
    def change_rounded(self) -> int:
        """How far the displayed rating moved (3.12-3.14: 1799.6 -> 1800.2 shows 0)."""
        return display_rating(self.new_rating) - display_rating(self.rating)

    @property
    def expected(self) -> Decimal:
        return hundredths(self.expected_hundredths)


@dataclass(frozen=True)
class FirstOnlineRating:
    """A first rating worked out from the five results of 3.6 (3.7): Ra, the opponents'
    average (3.7.1), moved by ``adjustment``: nothing at 50% (3.7.3), 20 a half point over
    it (3.7.4), dp from table 4.1 below it (3.7.5); kept to two decimals (3.1)."""

    results: tuple[tuple[Decimal, int], ...]
    average: Fraction
    score_halves: int
    adjustment: Fraction
    #: The clause of 3.7 the score falls under.
    clause: str
    rating: Decimal
    floor: int

    @property
    def below_floor(self) -> bool:
        """Rf under the floor is no rating (3.2): the first rating starts afresh (3.3)."""
        return self.rating < self.floor

    @property
    def share(self) -> Fraction:
        """p, the fraction of the points scored (3.7.5)."""
        return Fraction(self.score_halves, 2 * len(self.results))

    @property
    def half_points_over_half(self) -> int:
        """Half points scored over 50% (3.7.4); negative below it."""
        return self.score_halves - len(self.results)


def display_rating(rating: Decimal) -> int:
    """3.12/3.13: the rating is displayed rounded to the nearest integer, 0.5 upwards."""
    return round_half_up(rating)


class OnlineArena:
    id = "online-arena"
    title = "FIDE Online Arena rating regulations"
    categories = frozenset(TIME_CONTROLS)
    floor = 100  # 3.2
    floor_clause = "online arena 3.2"
    difference_clause = "online arena 3.9.1"
    #: No match over a set number of games is rated apart here (``OverTheBoardRules``).
    match_waiver_clause: ClassVar[str] = ""
    #: Every game before the list date is on it already (``closing_date``).
    official_event_clause: ClassVar[str] = ""
    #: Every game is played on the arena's server, which keeps it: no report comes with one.
    hybrid_games_clause: ClassVar[str] = ""
    #: The arena's server gives a member his first rating from the over-the-board lists
    #: before his first game (3.4): no report's player is rated here by another list's
    #: rating, as R&B 2024 7.2.1 rates one (``OverTheBoardRules.adoption_clause``).
    adoption_clause: ClassVar[str] = ""
    #: 3.7.4: Rf = Ra + 20 for each half point scored over 50%.
    points_per_half_point: ClassVar[int] = 20

    # -- one game ----------------------------------------------------------------------------

    def expected_score(self, rating: Decimal | int, opponent_rating: Decimal | int) -> int:
        """P_D (hundredths) from table 4.2, without any cap: the table runs to 1.00."""
        return expected_score_hundredths(Fraction(rating) - Fraction(opponent_rating))

    def k_factor(self, state: OnlineState, *, category: Category) -> int:
        """3.10: 20 for rapid and blitz, 10 for bullet, 40 for a previously unrated player
        until he completes 30 rated games."""
        if state.previously_unrated and state.games < 30:
            return 40
        return 10 if category == Category.ONLINE_BULLET else 20

    def game_change_hundredths(
        self, rating: Decimal, opponent_rating: Decimal, score: int, k: int
    ) -> int:
        """3.9: dR = score - P_D, the change dR x K; exact in hundredths (3.1)."""
        return k * (50 * score - self.expected_score(rating, opponent_rating))

    # -- first rating ------------------------------------------------------------------------

    def first_rating_working(
        self, results: Sequence[tuple[Decimal, int]]
    ) -> FirstOnlineRating | None:
        """3.7 from the five results of 3.6 (opponent's rating, half points), with each
        figure of its working; None when fewer than five results."""
        if len(results) < FIRST_RATING_GAMES:
            return None
        counted = tuple(results[:FIRST_RATING_GAMES])
        average = Fraction(sum(rating for rating, _ in counted)) / len(counted)
        score_halves = sum(score for _, score in counted)
        over_half = score_halves - len(counted)
        if over_half == 0:
            adjustment, clause = 0, "online arena 3.7.3"
        elif over_half > 0:
            adjustment, clause = self.points_per_half_point * over_half, "online arena 3.7.4"
        else:
            share = Fraction(score_halves, 2 * len(counted))
            adjustment, clause = rating_difference_for_score(share), "online arena 3.7.5"
        return FirstOnlineRating(
            results=counted,
            average=average,
            score_halves=score_halves,
            adjustment=Fraction(adjustment),
            clause=clause,
            rating=round_to_hundredths_half_up(average + adjustment),
            floor=self.floor,
        )

    def first_rating(self, results: Sequence[tuple[Decimal, int]]) -> Decimal | None:
        """3.7 from the five results of 3.6 (opponent's rating, half points): Ra = their
        average; Rf = Ra at 50%, Ra + 20 per half point over, Ra + dp below; kept to two
        decimals. None when fewer than five results or below the floor (3.2)."""
        working = self.first_rating_working(results)
        if working is None or working.below_floor:
            return None
        return working.rating

    def qualifying_results(
        self, games: Iterable[tuple[Decimal, int]]
    ) -> tuple[tuple[Decimal, int], ...]:
        """3.6: results count from the first draw or win against a rated opponent on, for
        five games against rated opponents."""
        qualifying: list[tuple[Decimal, int]] = []
        for opponent_rating, score in games:
            if qualifying or score > 0:
                qualifying.append((opponent_rating, score))
            if len(qualifying) == FIRST_RATING_GAMES:
                break
        return tuple(qualifying)

    def event_performance(self, games: Sequence[tuple[Decimal, int]]) -> Decimal | None:
        """The first rating an event's games against rated opponents give, or None."""
        return self.first_rating(self.qualifying_results(games))

    # -- games in order --------------------------------------------------------------------

    def after_game(
        self, state: OnlineState, opponent_rating: Decimal, score: int, *, category: Category
    ) -> OnlineState:
        """A player's state after one game against a rated opponent (``rate_game``'s side):
        a rated player's changed by 3.9, lost under the floor (3.3); an unrated player's
        results towards his first rating (3.6-3.7)."""
        return self._side(
            state, OnlineState(rating=opponent_rating), score, category=category
        ).after

    def _after_change(self, state: OnlineState, change_hundredths: int) -> OnlineState:
        """3.9's change made to his rating; under the floor it is lost (3.3)."""
        assert state.rating is not None
        rating = state.rating + hundredths(change_hundredths)
        if rating < self.floor:
            return RATING_LOST
        return replace(state, rating=rating, games=state.games + 1)

    def _after_results(
        self,
        state: OnlineState,
        provisional: tuple[tuple[Decimal, int], ...],
        working: FirstOnlineRating | None,
    ) -> OnlineState:
        """An unrated player's state after his qualifying results (3.6) and, at the fifth,
        their first rating's ``working`` (3.7; under the floor none, 3.2)."""
        if working is None:
            return replace(state, provisional=provisional)
        if working.below_floor:
            return RATING_LOST
        return OnlineState(rating=working.rating, games=FIRST_RATING_GAMES, previously_unrated=True)

    def rate_game(
        self, white: OnlineState, black: OnlineState, white_score: int, *, category: Category
    ) -> tuple[OnlineGameSide, OnlineGameSide]:
        """Both sides of one game, each rated from the states before it (3.9, 3.11): two
        rated players' ratings change by dR x K; a rated player's game against an unrated
        one leaves his rating alone (3.8) and counts towards the other's first rating
        (3.6-3.7); a game between two unrated players counts for neither."""
        return (
            self._side(white, black, white_score, category=category),
            self._side(black, white, 2 - white_score, category=category),
        )

    def _side(
        self, me: OnlineState, other: OnlineState, score: int, *, category: Category
    ) -> OnlineGameSide:
        if other.rating is None:
            clause = "online arena 3.8" if me.rating is not None else "online arena 3.6"
            return OnlineGameSide(me, me, score, None, clause)
        if me.rating is None:
            counted = self.qualifying_results((*me.provisional, (other.rating, score)))
            working = self.first_rating_working(counted)
            if working is not None:
                clause = "online arena 3.2" if working.below_floor else working.clause
            elif len(counted) > 1:
                clause = "online arena 3.6.2"  # four more games against rated opponents
            else:
                clause = "online arena 3.6.1"  # before or at the first draw or win
            after = self._after_results(me, counted, working)
            return OnlineGameSide(me, after, score, other.rating, clause, first_rating=working)
        k = self.k_factor(me, category=category)
        change = self.game_change_hundredths(me.rating, other.rating, score, k)
        after = self._after_change(me, change)
        return OnlineGameSide(
            me,
            after,
            score,
            other.rating,
            "online arena 3.3" if after.rating is None else "online arena 3.9",
            expected_hundredths=self.expected_score(me.rating, other.rating),
            k=k,
            change_hundredths=change,
        )

    def rate_in_order(
        self,
        states: Mapping[Hashable, OnlineState],
        games: Iterable[PeriodGame],
        *,
        category: Category,
    ) -> tuple[dict[Hashable, OnlineState], dict[Hashable, OnlineChange]]:
        """Replays games in the order played, each player's rating updated after each game
        (3.9, 3.11, ``rate_game``). The ratings carried by ``games`` are ignored: the
        current ones are used."""
        current = dict(states)
        tallies: dict[Hashable, list[int]] = {}  # games, half points, expected, K, change
        for white, black, _, _, white_score, _ in games:
            sides = self.rate_game(current[white], current[black], white_score, category=category)
            for key, side in zip((white, black), sides, strict=True):
                if side.k is not None:
                    tally = tallies.setdefault(key, [0, 0, 0, side.k, 0])
                    tally[0] += 1
                    tally[1] += side.score_halves
                    tally[2] += side.expected_hundredths or 0
                    tally[4] += side.change_hundredths or 0
                current[key] = side.after
        changes = {
            key: OnlineChange(
                rating=rating,
                games=played,
                score_halves=score_halves,
                expected_hundredths=expected,
                k=k,
                change_hundredths=change,
            )
            for key, (played, score_halves, expected, k, change) in tallies.items()
            if (rating := states[key].rating) is not None
        }
        return current, changes

    # -- the over-the-board lists -------------------------------------------------------------

    def first_state(
        self, published: Mapping[Category, int | None], *, category: Category
    ) -> tuple[OnlineState, Category | None]:
        """A new member's state in ``category`` and the list it comes from: the published
        over-the-board rating of the same or a longer time control, in the order of 3.4.1-
        3.4.3; without one he is unrated (3.5) and K 40 awaits his first rating (3.10.3)."""
        for source in FIRST_RATING_LISTS[category]:
            rating = published.get(source)
            if rating:
                return OnlineState(rating=Decimal(rating), games=0), source
        return RATING_LOST, None

    def after_list_change(self, state: OnlineState, change: int) -> OnlineState:
        """3.15: a published over-the-board list's change added to the online rating; below
        the floor the rating is lost (3.3). A member still without one has nothing to add
        to."""
        if state.rating is None or change == 0:
            return state
        rating = state.rating + change
        if rating < self.floor:
            return RATING_LOST
        return replace(state, rating=rating)

    # -- rule checks -----------------------------------------------------------------------

    def classify_time_control(self, time_control: TimeControl) -> Category | None:
        """2.3: the category whose list of time controls holds this one, or None."""
        base = time_control.base_minutes
        if base.denominator != 1 or time_control.moves is not None:
            return None
        key = (base.numerator, time_control.increment_seconds)
        return next((c for c, controls in TIME_CONTROLS.items() if key in controls), None)

    def rate_of_play_violations(
        self, time_control: TimeControl, *, category: Category, highest_rating: int | None
    ) -> list[Violation]:
        """2.3: rated games use only the predetermined time controls."""
        if self.classify_time_control(time_control) == category:
            return []
        allowed = ", ".join(f"{m}m + {s}s" for m, s in sorted(TIME_CONTROLS.get(category, ())))
        return [
            Violation(
                "online arena 2.3",
                f"{time_control} is not a rated time control for {category} (allowed: "
                f"{allowed or 'none'}).",
            )
        ]

    def rounds_per_day_violations(
        self,
        rounds_per_day: Mapping[dt.date, int],
        *,
        category: Category,
        time_control: TimeControl | None,
    ) -> list[Violation]:
        return []  # the online regulations set no limit

    def registration_deadline(self, start_date: dt.date) -> dt.date | None:
        return None  # online games are rated without registration (2.1: full members)

    def duration_violations(
        self, start_date: dt.date, end_date: dt.date, *, league: bool
    ) -> list[Violation]:
        if end_date < start_date:
            return [Violation("dates", "The tournament cannot end before it starts.")]
        return []

    def closing_date(self, list_date: dt.date) -> dt.date:
        """1.4: ratings change after every game; a monthly list shows them as they stand
        on its date, so every game played before it is on it."""
        return list_date - dt.timedelta(days=1)

    def event_closing_date(self, list_date: dt.date, *, official_event: bool) -> dt.date:
        """The closing date, official event or not (``closing_date``)."""
        return self.closing_date(list_date)


RULES = OnlineArena()
