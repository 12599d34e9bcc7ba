"""The calculator's computation: the engine in ``regulations/`` does every figure; this
module only feeds it the form's input and gathers what the page explains.

Nothing is written, so there is no transaction: "service" here means the one place the
page's figures come from.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Hashable
from dataclasses import dataclass, replace
from decimal import Decimal
from fractions import Fraction

from django.utils import timezone

from players.selectors import list_every_months
from regulations import OnlineArena, OverTheBoardRules, get_rule_set
from regulations.base import format_figure
from regulations.lists import first_list_closing_on_or_after
from regulations.online_arena import (
    FIRST_RATING_GAMES,
    FirstOnlineRating,
    OnlineChange,
    OnlineState,
    display_rating,
)
from regulations.rounding import hundredths
from regulations.types import (
    NEW_PLAYER_GAMES,
    Category,
    EventResult,
    Game,
    GameDetail,
    InitialRating,
    PeriodGame,
    PlayerState,
    RatingChange,
    points_from_halves,
)

#: Every game entered is taken as played in one tournament: the per-tournament rules of
#: R&B pre-2024 7.31 and standard-1994 10.51 then act on them together.
CALCULATOR_TOURNAMENT = "calculator"
#: The key of the calculated player among the online arena's states.
PLAYER = "player"


@dataclass(frozen=True)
class Opponent:
    """One line of the opponents box: the opponent's rating and the player's result."""

    line: int
    rating: Decimal
    score_halves: int


@dataclass(frozen=True)
class CalculatorInput:
    """What the form collects; ``category`` and ``previously_unrated`` serve the online
    arena only, ``birth_year``, ``reached_2400`` and ``year`` the over-the-board K."""

    rule_set_id: str
    #: None: an unrated player, for whom the games give a first rating (or not yet).
    rating: Decimal | None
    games: int
    reached_2400: bool
    birth_year: int | None
    year: int
    opponents: tuple[Opponent, ...]
    category: Category = Category.ONLINE_BLITZ
    previously_unrated: bool = False


@dataclass(frozen=True)
class RuleNote:
    """One rule the calculation used, in one line, with its clause."""

    clause: str
    text: str


@dataclass(frozen=True)
class RuleTexts:
    """How an over-the-board rule set's rules read in one line each. The clauses of the
    difference rule, K and rounding come from the rule set itself."""

    table_clause: str
    difference: str
    change_clause: str
    k: str
    rounding: str
    #: R&B 2024 7.3.3 gives juniors K 40; the other texts know no junior K.
    junior_k: bool = False
    #: R&B 2024 7.3.3 and pre-2024 7.32 lower K for many games in a period.
    seven_hundred_rule: bool = False
    #: False where K is the same for every player (pre-2024 7.32: "K = 20 in all cases").
    k_from_state: bool = True


TABLE_TEXT = "P_D is read from the table by the whole part of |D| (DESIGN.md interpretation 1)."
CHANGE_TEXT = "dR = score - P_D for each game; the change is K x the sum of dR."

RULE_TEXTS: dict[str, RuleTexts] = {
    "standard-2009": RuleTexts(
        table_clause="standard-2009 8.1(b)",
        difference="A difference of more than 400 points counts as 400, in every game.",
        change_clause="standard-2009 8.55",
        k="K = 30 until 30 games, 10 once the published rating has reached 2400, else 15.",
        rounding="The new rating is rounded to the nearest whole number, 0.5 up.",
    ),
    "standard-1994": RuleTexts(
        table_clause="standard-1994 10.1b",
        difference=(
            "D = R - Rc, Rc the average of the opponents' ratings, each counted at most 350 "
            "points from the player's: every game reads the table with the same D (10.53)."
        ),
        change_clause="standard-1994 10.54",
        k=(
            "K = 25 until 30 games, 10 once the published rating has reached 2400 after 30 "
            "games (permanently), else 15."
        ),
        rounding="The new rating is rounded to the nearest whole number, 0.5 up.",
    ),
    "rapid-blitz-2024": RuleTexts(
        table_clause="R&B 2024 7.1.2",
        difference="A difference of more than 400 points counts as 400, in every game.",
        change_clause="R&B 2024 7.3.2",
        k=(
            "K = 40 until 30 games, and for juniors rated under 2300 until the end of the year "
            "of their 18th birthday; 10 once the published rating has reached 2400; else 20. "
            "If n x K exceeds 700, K is the largest whole number with K x n not over 700."
        ),
        rounding="The rating change is rounded to the nearest whole number, 0.5 away from zero.",
        junior_k=True,
        seven_hundred_rule=True,
    ),
    "rapid-blitz-pre2024": RuleTexts(
        table_clause="R&B pre-2024 7.1b",
        difference=(
            "A difference of more than 400 points counts as 400, but in a tournament the "
            "higher-rated player benefits only once, in the game with the greatest difference "
            "(the lower-rated player always: DESIGN.md interpretation 3)."
        ),
        change_clause="R&B pre-2024 7.32",
        k="K = 20; with more than 35 games in the period, the largest whole K with n x K not "
        "over 700.",
        rounding="The rating change is rounded to the nearest whole number, 0.5 away from zero.",
        seven_hundred_rule=True,
        k_from_state=False,
    ),
}

#: For a rule set added to the engine before its texts are written here.
FALLBACK_TEXTS = RuleTexts(
    table_clause="table",
    difference="See the clause.",
    change_clause="rating change",
    k="See the clause.",
    rounding="See the clause.",
)

ONLINE_NOTES: tuple[RuleNote, ...] = (
    RuleNote("online arena 4.2", TABLE_TEXT),
    RuleNote("online arena 3.9.1", "No cap: D is the full difference; the table runs to 1.00."),
    RuleNote(
        "online arena 3.9, 3.11",
        "After every game dR = score - P_D and the new rating is Ro + dR x K; the next game "
        "is rated from the new rating.",
    ),
    RuleNote(
        "online arena 3.10",
        "K = 20 for rapid and blitz, 10 for bullet, 40 for a previously unrated player until "
        "30 rated games.",
    ),
    RuleNote(
        "online arena 3.1, 3.12-3.13",
        "Ratings and changes keep two decimals; the rating is displayed rounded, 0.5 up.",
    ),
    RuleNote(
        "online arena 3.2-3.3",
        "A rating that drops below the floor of 100 is lost; a first rating is then needed again.",
    ),
)


def figure(value: Fraction | Decimal | int) -> str:
    """A rating or difference for the page: whole numbers as they are, others to two
    decimals (halves up, as the online arena keeps ratings: 3.1)."""
    return format_figure(value, 2)


def signed_figure(value: Fraction | Decimal | int) -> str:
    """A rating difference with its sign: ``+100``, ``-116.67``, ``0``."""
    text = figure(value)
    return f"+{text}" if value > 0 else text


def signed(value: Decimal | int) -> str:
    """A change with its sign: ``+6.30``, ``-8``, ``0``."""
    return f"+{value}" if value > 0 else str(value)


@dataclass(frozen=True)
class GameRow:
    """One game as the page shows it. ``k``, ``rating_before`` and ``rating_after`` are the
    online arena's, whose rating moves after every game (3.9, 3.11)."""

    number: int
    opponent_rating: Decimal
    difference: Decimal
    difference_used: Fraction | Decimal
    expected_hundredths: int
    score_halves: int
    #: dR = score - P_D in hundredths (standard-2009 8.55(b), online arena 3.9.1).
    delta_hundredths: int
    clause: str
    k: int | None = None
    #: The online arena's change for this game, dR x K (3.9.2), in hundredths.
    change_hundredths: int | None = None
    rating_before: Decimal | None = None
    rating_after: Decimal | None = None

    @property
    def expected(self) -> Decimal:
        return hundredths(self.expected_hundredths)

    @property
    def score(self) -> Decimal:
        return points_from_halves(self.score_halves)

    @property
    def delta(self) -> str:
        return signed(hundredths(self.delta_hundredths))

    @property
    def change(self) -> str:
        return signed(hundredths(self.change_hundredths or 0))

    @property
    def capped(self) -> bool:
        """Whether the rule set's difference rule changed D."""
        return self.difference_used != self.difference

    @property
    def difference_text(self) -> str:
        return signed_figure(self.difference)

    @property
    def difference_used_text(self) -> str:
        return signed_figure(self.difference_used)


class _ChangeTexts:
    """A calculation's change as its page words it (``change``: its engine's result)."""

    change: RatingChange | OnlineChange

    @property
    def delta_total(self) -> str:
        return signed(self.change.score - self.change.expected)

    @property
    def change_text(self) -> str:
        return signed(self.change.change)

    @property
    def change_rounded_text(self) -> str:
        return signed(self.change.change_rounded)


@dataclass(frozen=True)
class OverTheBoardCalculation(_ChangeTexts):
    """The games of one period under an over-the-board rule set, and its change."""

    rules: OverTheBoardRules
    state: PlayerState
    year: int
    rows: tuple[GameRow, ...]
    change: RatingChange
    #: K before the 700 rule (R&B 2024 7.3.3, pre-2024 7.32).
    k_before_700: int
    notes: tuple[RuleNote, ...]
    k_facts: tuple[str, ...]

    is_online = False

    @property
    def one_tournament(self) -> bool:
        """True where the rule set acts per tournament (pre-2024 7.31, standard-1994 10.51)."""
        return not self.rules.games_are_independent

    @property
    def lowered_by_700_rule(self) -> bool:
        return self.change.k != self.k_before_700

    @property
    def below_floor(self) -> bool:
        """Below the floor, the player is shown as unrated (DESIGN.md interpretation 9)."""
        return self.change.new_rating < self.rules.floor


@dataclass(frozen=True)
class OnlineCalculation(_ChangeTexts):
    """The games replayed in order under the online arena rules (3.9, 3.11)."""

    rules: OnlineArena
    category: Category
    state: OnlineState
    rows: tuple[GameRow, ...]
    change: OnlineChange
    final: OnlineState
    #: The game after which the rating fell below the floor and was lost (3.3), if any.
    lost_after: int | None
    notes: tuple[RuleNote, ...]
    k_facts: tuple[str, ...]

    is_online = True

    @property
    def k_values(self) -> str:
        """K of the games: one figure, or how it moved (3.10.3: 40 until 30 games)."""
        seen: list[int] = []
        for row in self.rows:
            if row.k is not None and row.k not in seen:
                seen.append(row.k)
        return " then ".join(str(k) for k in seen)

    @property
    def displayed_before(self) -> int:
        return display_rating(self.change.rating)

    @property
    def displayed_after(self) -> int:
        return display_rating(self.change.new_rating)


# -- over the board -------------------------------------------------------------------------


def over_the_board_games(data: CalculatorInput) -> tuple[Game, ...]:
    """The entered games as the engine's games, all of one tournament."""
    rating = int(data.rating)
    return tuple(
        Game(rating, int(o.rating), o.score_halves, CALCULATOR_TOURNAMENT) for o in data.opponents
    )


def game_row(number: int, detail: GameDetail) -> GameRow:
    return GameRow(
        number=number,
        opponent_rating=Decimal(detail.opponent_rating),
        difference=Decimal(detail.rating - detail.opponent_rating),
        difference_used=detail.difference_used,
        expected_hundredths=detail.expected_hundredths,
        score_halves=detail.score,
        delta_hundredths=detail.delta_hundredths,
        clause=detail.clause,
    )


def over_the_board_notes(rules: OverTheBoardRules) -> tuple[RuleNote, ...]:
    """One line for each rule the calculation used, with its clause."""
    texts = RULE_TEXTS.get(rules.id, FALLBACK_TEXTS)
    return (
        RuleNote(texts.table_clause, TABLE_TEXT),
        RuleNote(rules.difference_clause, texts.difference),
        RuleNote(texts.change_clause, CHANGE_TEXT),
        RuleNote(rules.k_clause, texts.k),
        RuleNote(rules.rounding_clause, texts.rounding),
    )


def over_the_board_k_facts(
    rules: OverTheBoardRules, state: PlayerState, *, year: int, games_in_period: int
) -> tuple[str, ...]:
    """The facts of the player that K depends on (DESIGN.md interpretation 4)."""
    texts = RULE_TEXTS.get(rules.id, FALLBACK_TEXTS)
    facts = []
    if texts.seven_hundred_rule:
        facts.append(f"{games_in_period} games in this period (the 700 rule's n)")
    if texts.k_from_state:
        new = f": fewer than {NEW_PLAYER_GAMES}, a new player" if state.is_new() else ""
        facts.append(f"{state.games} rated games before these{new}")
        reached = "has reached" if state.reached_2400 else "has not reached"
        facts.append(f"published rating {reached} 2400")
    if texts.junior_k:
        facts.append(junior_fact(state, year))
    return tuple(facts)


def junior_fact(state: PlayerState, year: int) -> str:
    """R&B 2024 7.3.3: a junior until the end of the year of the 18th birthday."""
    if state.birth_year is None:
        return "no birth year given, so not treated as a junior"
    status = "a junior" if state.is_junior(year) else "not a junior"
    return (
        f"born {state.birth_year}: {status} on a list of {year} "
        f"(junior to the end of {state.birth_year + 18})"
    )


def over_the_board_calculate(
    rules: OverTheBoardRules, data: CalculatorInput
) -> OverTheBoardCalculation:
    """The change for the entered games as one period (standard-2009 8.5, R&B 2024 7.3 and
    kin): per-game details and the period's change from the engine."""
    state = PlayerState(
        rating=int(data.rating),
        games=data.games,
        reached_2400=data.reached_2400,
        birth_year=data.birth_year,
    )
    games = over_the_board_games(data)
    details = rules.game_details(games)
    return OverTheBoardCalculation(
        rules=rules,
        state=state,
        year=data.year,
        rows=tuple(game_row(number, d) for number, d in enumerate(details, start=1)),
        change=rules.rating_change(state, games, year=data.year),
        # With no games in the period the 700 rule cannot act (apply_700_rule).
        k_before_700=rules.k_factor(state, year=data.year, games_in_period=0),
        notes=over_the_board_notes(rules),
        k_facts=over_the_board_k_facts(rules, state, year=data.year, games_in_period=len(games)),
    )


# -- online arena ---------------------------------------------------------------------------


def online_rows(
    rules: OnlineArena, state: OnlineState, data: CalculatorInput, start: int
) -> tuple[list[GameRow], int | None]:
    """Each game with the rating before and after it (3.9, 3.11), numbered from ``start``;
    stops where the rating is lost below the floor (3.3), returning that game's number."""
    rows: list[GameRow] = []
    for number, opponent in enumerate(data.opponents, start=start):
        if state.rating is None:
            return rows, number - 1
        rating, score = state.rating, opponent.score_halves
        k = rules.k_factor(state, category=data.category)
        after = rules.after_game(state, opponent.rating, score, category=data.category)
        rows.append(
            GameRow(
                number=number,
                opponent_rating=opponent.rating,
                difference=rating - opponent.rating,
                difference_used=rating - opponent.rating,
                expected_hundredths=rules.expected_score(rating, opponent.rating),
                score_halves=score,
                # dR itself is the change with K 1 (3.9.1-3.9.2).
                delta_hundredths=rules.game_change_hundredths(rating, opponent.rating, score, 1),
                clause=rules.difference_clause,
                k=k,
                change_hundredths=rules.game_change_hundredths(rating, opponent.rating, score, k),
                rating_before=rating,
                rating_after=after.rating,
            )
        )
        state = after
    return rows, (start + len(rows) - 1 if state.rating is None else None)


def online_change(
    rules: OnlineArena, state: OnlineState, data: CalculatorInput
) -> tuple[OnlineState, OnlineChange]:
    """The engine's replay of the games in order (3.9, 3.11): each opponent a rated player
    of his own, so the player's tally and final state are the engine's word."""
    states: dict[Hashable, OnlineState] = {PLAYER: state}
    for index, opponent in enumerate(data.opponents):
        states[index] = OnlineState(rating=opponent.rating)
    games = [
        PeriodGame(PLAYER, index, None, None, opponent.score_halves)
        for index, opponent in enumerate(data.opponents)
    ]
    current, changes = rules.rate_in_order(states, games, category=data.category)
    return current[PLAYER], changes[PLAYER]


def online_k_facts(data: CalculatorInput) -> tuple[str, ...]:
    """The facts K depends on (online arena 3.10)."""
    facts = [f"category {data.category}"]
    if data.previously_unrated:
        facts.append(
            f"first rating from online games (3.6-3.7), {data.games} rated games before these"
        )
    else:
        facts.append("first rating from a FIDE list (3.4) or established")
    return tuple(facts)


def online_calculate(
    rules: OnlineArena, data: CalculatorInput, start: int = 1
) -> OnlineCalculation:
    """The games replayed one by one under the online arena rules, the first numbered
    ``start``."""
    state = OnlineState(
        rating=data.rating, games=data.games, previously_unrated=data.previously_unrated
    )
    rows, lost_after = online_rows(rules, state, data, start)
    final, change = online_change(rules, state, data)
    return OnlineCalculation(
        rules=rules,
        category=data.category,
        state=state,
        rows=tuple(rows),
        change=change,
        final=final,
        lost_after=lost_after,
        notes=ONLINE_NOTES,
        k_facts=online_k_facts(data),
    )


@dataclass(frozen=True)
class StageRow:
    """A game of an unrated member's first-rating stage (online arena 3.6)."""

    number: int
    opponent_rating: Decimal
    score_halves: int
    #: Its place among the five results of 3.6 (1 to 5), or None: a loss before the first
    #: draw or win against a rated opponent, which does not count (3.6.1).
    place: int | None
    #: The working of 3.7, on the game that completes the five results.
    working: FirstOnlineRating | None = None

    @property
    def score(self) -> Decimal:
        return points_from_halves(self.score_halves)

    @property
    def working_text(self) -> str:
        return "" if self.working is None else first_online_rating_text(self.working)


@dataclass(frozen=True)
class OnlineFirstRatingCalculation:
    """An unrated member's online games in order: the first-rating stage (3.6-3.7), and,
    once he is rated, the games after it rated one by one (``then``, K 40: 3.10.3)."""

    rules: OnlineArena
    category: Category
    stage: tuple[StageRow, ...]
    #: The games after the first rating, if any.
    then: OnlineCalculation | None
    notes: tuple[RuleNote, ...]

    is_online = True
    is_first_rating = True

    @property
    def workings(self) -> tuple[FirstOnlineRating, ...]:
        """Every set of five worked out: one under the floor starts the stage again (3.3)."""
        return tuple(row.working for row in self.stage if row.working is not None)

    @property
    def first(self) -> FirstOnlineRating | None:
        """The working that gave the first rating, if the games reached one."""
        last = self.workings[-1] if self.workings else None
        return None if last is None or last.below_floor else last

    @property
    def displayed(self) -> int | None:
        """The first rating as displayed (3.12-3.13)."""
        return None if self.first is None else display_rating(self.first.rating)

    @property
    def first_text(self) -> str:
        return "" if self.first is None else first_online_rating_text(self.first)

    @property
    def still_needed(self) -> str:
        """What the stage still asks for, while no first rating is reached (3.6.1-3.6.2)."""
        # The last game's place is the count so far; five worked out start it afresh (3.3).
        last = self.stage[-1] if self.stage else None
        counted = 0 if last is None or last.working is not None else (last.place or 0)
        if counted == 0:
            return "a first draw or win against a rated opponent (online arena 3.6.1)"
        more = FIRST_RATING_GAMES - counted
        games = "game" if more == 1 else "games"
        return f"{more} more {games} against rated opponents (online arena 3.6.2)"


def first_online_rating_text(working: FirstOnlineRating) -> str:
    """How 3.7 works out a first rating, in one line."""
    scored = f"{format_figure(Fraction(working.score_halves, 2))} of {len(working.results)}"
    average = figure(working.average)
    over = working.half_points_over_half
    if over == 0:
        how = f"{scored}, 50%: Rf = Ra"
    elif over > 0:
        how = (
            f"{scored}, {over} half point{'s' if over > 1 else ''} over 50%: "
            f"Rf = Ra + {over} x {OnlineArena.points_per_half_point}"
        )
    else:
        dp = signed_figure(working.adjustment)
        how = f"{scored} (p = {float(working.share):.2f}): Rf = Ra + dp, dp {dp} from table 4.1"
    return (
        f"Ra = {average}, the five opponents' average (3.7.1); {how} = {working.rating:.2f} "
        f"({working.clause})"
    )


def online_first_rating_calculate(
    rules: OnlineArena, data: CalculatorInput
) -> OnlineFirstRatingCalculation:
    """An unrated member's games replayed in order by the engine: each game of the stage
    placed among the five results of 3.6, the first rating worked out (3.7), then the
    games after it rated one by one (3.9, 3.10.3). A member with a published FIDE rating
    of the same or a longer time control starts from it instead (3.4): a rating to enter."""
    state = OnlineState(rating=None, games=0, previously_unrated=True)
    stage: list[StageRow] = []
    for number, opponent in enumerate(data.opponents, start=1):
        if state.rating is not None:
            break
        result = (opponent.rating, opponent.score_halves)
        counted = rules.qualifying_results((*state.provisional, result))
        placed = len(counted) > len(state.provisional)
        stage.append(
            StageRow(
                number=number,
                opponent_rating=opponent.rating,
                score_halves=opponent.score_halves,
                place=len(counted) if placed else None,
                working=rules.first_rating_working(counted),
            )
        )
        state = rules.after_game(state, *result, category=data.category)
    rest = data.opponents[len(stage) :]
    then = None
    if state.rating is not None and rest:
        rated = replace(
            data,
            rating=state.rating,
            games=state.games,
            previously_unrated=True,
            opponents=rest,
        )
        then = online_calculate(rules, rated, start=len(stage) + 1)
    return OnlineFirstRatingCalculation(
        rules=rules, category=data.category, stage=tuple(stage), then=then, notes=ONLINE_NOTES
    )


@dataclass(frozen=True)
class FirstRatingCalculation:
    """An unrated player's games as one Swiss event ending today, for the next list: the
    first rating they give, or why none yet (standard-2009 7.14, 8.2; R&B 2024 6.1.4,
    7.2)."""

    rules: OverTheBoardRules
    initial: InitialRating
    #: The games a first rating needs (7.14a: 9; R&B 2024 6.1.4: 5).
    needed: int
    #: How the rating is worked out, where enough games count.
    working: str
    list_date: dt.date
    #: The games entered, as one event.
    event: EventResult
    #: The event's own performance (Ru), shown where the event is disregarded: the
    #: figure the first-event rule judged (standard-2009 8.31, standard-1994 10.31).
    performance: Fraction | None = None

    is_online = False
    is_first_rating = True

    @property
    def disregarded(self) -> bool:
        """The event, the player's first, is disregarded: its games count neither now nor
        towards a later first rating (standard-2009 6.1, 8.21; R&B 2024 7.2.2)."""
        return not self.initial.counted and bool(self.initial.disregarded)

    @property
    def performance_text(self) -> str:
        return "" if self.performance is None else figure(self.performance)

    # The games are one event: counted, its figures are the first rating's too.
    @property
    def score(self) -> str:
        """Points as the working writes them: 2.5."""
        return format_figure(Fraction(self.event.score_halves, 2))

    @property
    def average(self) -> str:
        """The opponents' average (Rc, standard-2009 8.21)."""
        return figure(self.event.competition_rating)


def first_rating_calculate(
    rules: OverTheBoardRules, data: CalculatorInput, today: dt.date
) -> FirstRatingCalculation:
    """The games entered as one Swiss or team event that ended ``today``, the player's
    first (its disregard tested: standard-2009 6.1, 8.21; R&B 2024 7.2.2), on the next
    list; a round robin's 8.25 and earlier events' pooling (7.14c, 6.1.4) are the periods'
    (a review: the calculator asked for a rating, so a newcomer could not work out his
    first one)."""
    event = EventResult.against(
        [int(opponent.rating) for opponent in data.opponents],
        sum(opponent.score_halves for opponent in data.opponents),
        today,
    )
    # The list an event ending today is rated on (interpretation 8: its closing date on or
    # after the end), which sets the pooling window.
    list_date = first_list_closing_on_or_after(today, rules.closing_date, list_every_months())
    initial = rules.initial_rating([event], on=list_date)
    needed = rules.minimum_games(initial.counted or (event,))
    enough = initial.counted and initial.games >= needed
    return FirstRatingCalculation(
        rules=rules,
        initial=initial,
        needed=needed,
        working=rules.initial_working(initial.counted) if enough else "",
        list_date=list_date,
        event=event,
        performance=None if initial.counted else rules.event_rating(event),
    )


def rating_change_calculate(
    *, data: CalculatorInput, today: dt.date | None = None
) -> (
    OverTheBoardCalculation
    | OnlineCalculation
    | OnlineFirstRatingCalculation
    | FirstRatingCalculation
):
    """Expected score and rating change of the entered games under the chosen rule set;
    for an unrated player (no rating given), the first rating they give."""
    rules = get_rule_set(data.rule_set_id)
    if isinstance(rules, OnlineArena):
        if data.rating is None:
            return online_first_rating_calculate(rules, data)
        return online_calculate(rules, data)
    if data.rating is None:
        return first_rating_calculate(rules, data, today or timezone.localdate())
    return over_the_board_calculate(rules, data)
