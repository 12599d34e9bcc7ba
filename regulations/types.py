"""Values the engine takes and gives: immutable, exact, no Django.

Scores are counted in half points (0 loss, 1 draw, 2 win) and probabilities in
hundredths, so all arithmetic on them is integer arithmetic.
"""

from __future__ import annotations

import datetime as dt
import enum
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import NamedTuple

from regulations.rounding import hundredths


class Category(enum.StrEnum):
    """The rating lists a rule set can feed."""

    STANDARD = "standard"
    RAPID = "rapid"
    BLITZ = "blitz"
    ONLINE_RAPID = "online-rapid"
    ONLINE_BLITZ = "online-blitz"
    ONLINE_BULLET = "online-bullet"

    @property
    def is_online(self) -> bool:
        return self.value.startswith("online-")


class Score(enum.IntEnum):
    """A game's result for one player, in half points (standard-2009 8.55(b): 1, 0.5 or 0)."""

    LOSS = 0
    DRAW = 1
    WIN = 2

    @property
    def points(self) -> Fraction:
        return Fraction(int(self), 2)


def half_points(points: Fraction | Decimal | int | str) -> int:
    """Half points for a score written in points ("6.5" -> 13); refuses quarter points."""
    doubled = Fraction(points) * 2
    if doubled.denominator != 1:
        raise ValueError(f"a chess score is a multiple of one half, not {points}")
    return int(doubled)


def points_from_halves(halves: int) -> Decimal:
    """Half points as a one-decimal ``Decimal`` (13 -> Decimal("6.5"))."""
    return Decimal(halves) / 2


#: "New" means fewer rated games in the category than this (standard-2009 8.56, R&B 2024
#: 7.3.3, standard-1994 10.54, online arena 3.10.3).
NEW_PLAYER_GAMES = 30
#: A published rating this high has "reached 2400": K 10 from then on, whatever it falls
#: to (standard-2009 8.56, standard-1994 10.54, R&B 2024 7.3.3).
REACHED_2400 = 2400


@dataclass(frozen=True)
class PlayerState:
    """What K depends on, as of the previous list (DESIGN.md interpretation 4).

    ``rating`` is the published rating. ``games`` counts the player's rated games in the
    category so far, including those of his initial rating. The online arena keeps
    two-decimal ratings and has its own state (``regulations.online_arena.OnlineState``).
    """

    rating: int
    games: int = 30
    reached_2400: bool = False
    birth_year: int | None = None

    def __post_init__(self) -> None:
        if not 0 <= self.rating <= 9999:
            raise ValueError(f"a rating has four digits at most, not {self.rating}")

    def is_new(self, threshold: int = NEW_PLAYER_GAMES) -> bool:
        """Fewer than ``threshold`` rated games (standard-2009 8.56, R&B 2024 7.3.3)."""
        return self.games < threshold

    def is_junior(self, year: int) -> bool:
        """R&B 2024 7.3.3: until the end of the year of the 18th birthday
        (DESIGN.md interpretation 4: list year <= birth year + 18)."""
        return self.birth_year is not None and year <= self.birth_year + 18


class Game(NamedTuple):
    """One rated game seen from one player (standard-2009 8.51, R&B 2024 7.3.1).

    A ``NamedTuple`` rather than a dataclass: a federation's period has millions of
    these, and tuples are built and unpacked several times faster. It is immutable all
    the same.
    """

    #: The player's rating in this game: the published rating of the list in force at the
    #: tournament's start (DESIGN.md interpretation 2).
    rating: int
    #: The opponent's rating, or his final Ru in a standard-2009 round robin (8.52).
    opponent_rating: int
    #: Half points scored: 0, 1 or 2.
    score: int
    #: Games of one tournament share a key; some rules act per tournament.
    tournament: Hashable = None


@dataclass(frozen=True)
class RatingChange:
    """A rated player's change for a tournament or a rating period.

    ``change`` is K x sum(dR) unrounded (it has at most two decimals, since P_D has two and
    K is whole); ``change_rounded`` is what the rule set's rounding makes of it
    (DESIGN.md interpretation 5).
    """

    rules: str
    rating: int
    games: int
    score_halves: int
    expected_hundredths: int
    k: int
    change_hundredths: int
    change_rounded: int
    new_rating: int

    @property
    def score(self) -> Decimal:
        return points_from_halves(self.score_halves)

    @property
    def expected(self) -> Decimal:
        return hundredths(self.expected_hundredths)

    @property
    def change(self) -> Decimal:
        return hundredths(self.change_hundredths)


@dataclass(frozen=True)
class GameDetail:
    """The explanation of one game's part in a rating change (the player page)."""

    rating: int
    opponent_rating: int
    #: The rating difference the table was read with, after the rule set's cap.
    difference_used: Fraction
    expected_hundredths: int
    score: int
    clause: str

    @property
    def expected(self) -> Decimal:
        return hundredths(self.expected_hundredths)

    @property
    def delta_hundredths(self) -> int:
        """dR = score - P_D (standard-2009 8.55(b)), in hundredths."""
        return 50 * self.score - self.expected_hundredths


class PeriodGame(NamedTuple):
    """One played game of a period between two players, as the period service loads it.

    ``None`` as a rating means the player was unrated in this game.
    """

    white: Hashable
    black: Hashable
    white_rating: int | None
    black_rating: int | None
    white_score: int
    tournament: Hashable = None


@dataclass(frozen=True)
class EventResult:
    """An unrated player's results in one event against rated opponents.

    ``competition_rating`` is Rc, the average rating of his competition
    (standard-2009 8.21): in a Swiss event the average of his rated opponents, in a round
    robin the tournament average Ra (or Rc(new) after the 8.58 iteration).
    """

    games: int
    score_halves: int
    competition_rating: Fraction
    end_date: dt.date
    round_robin: bool = False
    #: standard-2009 7.14f: Olympiad, Continental or World Team Championship.
    team_championship: bool = False
    #: In a round robin, n of 8.21(b) and 8.25: the number of opponents, which a double
    #: round robin meets twice each (DESIGN-notes 5); 0: as many as the games.
    opponents: int = 0
    #: A first event of zero or half a point that its round robin left out, his
    #: opponents' games against him with it (standard-2009 6.1): disregarded whatever
    #: comes to light about his earlier events later.
    left_out: bool = False

    @property
    def n(self) -> int:
        """n of 8.25's dp x n/(n+1): the opponents in a round robin, else the games."""
        return self.opponents or self.games

    @classmethod
    def against(
        cls,
        opponent_ratings: tuple[int, ...] | list[int],
        score_halves: int,
        end_date: dt.date,
        *,
        team_championship: bool = False,
    ) -> EventResult:
        """The result of a Swiss or team event from the rated opponents' ratings."""
        if not opponent_ratings:
            raise ValueError("an event result needs at least one rated opponent")
        return cls(
            games=len(opponent_ratings),
            score_halves=score_halves,
            competition_rating=Fraction(sum(opponent_ratings), len(opponent_ratings)),
            end_date=end_date,
            team_championship=team_championship,
        )

    @classmethod
    def pooled(cls, events: Sequence[EventResult]) -> EventResult:
        """Several results as if played in one tournament (standard-2009 8.3, R&B 2024
        6.1.4): games and scores added, Rc the games-weighted average."""
        games = sum(e.games for e in events)
        # sum(Rc x games) / games over whole numbers, reduced once: a Fraction reduces
        # after each step, and a month pools its new players' events several times each.
        numerator, denominator = 0, 1
        for event in events:
            rc = event.competition_rating
            numerator = numerator * rc.denominator + rc.numerator * event.games * denominator
            denominator *= rc.denominator
        return cls(
            games=games,
            score_halves=sum(e.score_halves for e in events),
            competition_rating=Fraction(numerator, denominator * games),
            end_date=max(e.end_date for e in events),
        )

    @property
    def fraction(self) -> Fraction:
        """p: the fractional score."""
        return Fraction(self.score_halves, 2 * self.games)


@dataclass(frozen=True)
class InitialRating:
    """The outcome of an unrated player's results so far (standard-2009 7.14, 8.3;
    R&B 2024 6.1.4, 7.2).

    ``rating`` is None while no rating can be published; ``reason`` then says why, in
    words an officer can pass on to the player.
    """

    rating: int | None
    games: int
    score_halves: int
    competition_rating: Fraction | None
    counted: tuple[EventResult, ...]
    disregarded: tuple[EventResult, ...]
    reason: str = ""


@dataclass(frozen=True)
class TimeControl:
    """A rate of play: ``base_minutes`` for the game (or for the first ``moves`` moves, after
    which ``extra_minutes`` are added), plus ``increment_seconds`` per move from move 1."""

    base_minutes: Fraction
    increment_seconds: int = 0
    moves: int | None = None
    extra_minutes: Fraction = Fraction(0)

    def minutes_for(self, game_moves: int) -> Fraction:
        """Each player's time for a game of ``game_moves`` moves (standard-2009 1.1 counts
        60 moves; R&B 2024 1.1 adds 60 times the increment)."""
        extra = self.extra_minutes if self.moves is not None and self.moves < game_moves else 0
        return (
            Fraction(self.base_minutes)
            + Fraction(extra)
            + Fraction(self.increment_seconds * game_moves, 60)
        )

    def __str__(self) -> str:
        text = f"{self.base_minutes} min"
        if self.moves is not None:
            text = f"{self.base_minutes} min / {self.moves} moves + {self.extra_minutes} min"
        if self.increment_seconds:
            text += f" + {self.increment_seconds} s/move"
        return text


@dataclass(frozen=True)
class Violation:
    """A rule a registration or report breaks, with the clause that says so."""

    clause: str
    message: str

    def __str__(self) -> str:
        return f"{self.message} ({self.clause})"
