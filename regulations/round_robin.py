"""Round robins with unrated players: the tournament average Ra (standard-2009 8.21(b),
standard-1994 10.21b), shared by the two standard rule sets that rate them."""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from regulations.errors import RegulationError
from regulations.tables import rating_difference_for_score


@dataclass(frozen=True)
class RoundRobinPlayer:
    """One player of a round robin: his rating (None if unrated), the opponent of each of
    his played games (an opponent met twice appears twice) and his score in half points."""

    key: Hashable
    rating: int | None
    opponents: tuple[Hashable, ...]
    score_halves: int

    @property
    def games(self) -> int:
        return len(self.opponents)

    @property
    def fraction(self) -> Fraction:
        return Fraction(self.score_halves, 2 * self.games)

    @property
    def half_points_over_half(self) -> int:
        """Half points scored over 50% (standard-2009 8.23); negative when under."""
        return self.score_halves - self.games


@dataclass(frozen=True)
class TournamentAverage:
    """standard-2009 8.21(b): Rar, dpa, n and Ra = Rar - dpa x n/(n+1) (kept exact)."""

    average_rated: Fraction
    average_dp: Fraction
    opponents: int
    value: Fraction


def tournament_average(players: Sequence[RoundRobinPlayer]) -> TournamentAverage:
    """Ra of a round robin (standard-2009 8.21(b)(i)-(iii); the minus sign lost in the
    extracted text is restored as the regulations README says).

    ``n`` is the number of opponents: the number of other players, so a double round robin
    gives the same Ra as a single one with the same percentages.
    """
    rated = [p for p in players if p.rating is not None]
    if not rated:
        raise RegulationError("standard-2009 8.21(b)", "A round robin needs rated players.")
    if any(p.games == 0 for p in players):
        raise RegulationError("standard-2009 8.21(b)", "Every player of a round robin plays.")
    average_rated = Fraction(sum(p.rating for p in rated if p.rating is not None), len(rated))
    average_dp = Fraction(sum(rating_difference_for_score(p.fraction) for p in rated), len(rated))
    n = len(players) - 1
    value = average_rated - average_dp * Fraction(n, n + 1)
    return TournamentAverage(average_rated, average_dp, n, value)
