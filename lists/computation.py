"""The arithmetic of one rating period, on plain values: no Django, nothing written.

The service (``lists.services``) loads the period's games, the players' standings as of
the previous list and the ratings in force at each tournament's start, calls
``compute_period`` and writes what it returns. Everything here follows DESIGN.md
interpretations 2 and 4-9; the regulations' arithmetic itself is in ``regulations/``.

A computation may be split by player (``owns``): each part returns the outcomes of the
players it owns and the games whose white player it owns, and the parts together give
exactly what one whole computation gives, since no player's figures depend on another
player's outcome in the same period. (They may depend on another player's games: a round
robin's unrated players' Ru needs all of its games, and whether a round robin is an
unrated player's first event needs his others; a part is given those too.)

A federation's month is a million games: the period's games are columns (numpy arrays of
whole numbers), and the sides of the players whose games all fall under one rule set
whose P_D depends on the two ratings alone are rated as columns, through the rule set's
own tables (``expectation_by_difference``, ``difference_used_by_difference``). K and the
rounding stay the rule set's own functions, called once per player.
"""

from __future__ import annotations

import datetime as dt
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any, NamedTuple

import numpy as np

from regulations import OverTheBoardRules
from regulations.base import MAX_DIFFERENCE, format_figure
from regulations.calendar import add_months
from regulations.round_robin import RoundRobinPlayer
from regulations.standard_2009 import Standard2009
from regulations.tables import expected_scores_hundredths
from regulations.types import REACHED_2400, EventResult, PlayerState

Player = int
Tournament = int

#: No rating (an unrated side) in a column of ratings.
NO_RATING = -1
#: No figure (a side the game does not count for) in a column of differences or P_D.
NO_FIGURE = np.iinfo(np.int32).min

#: The clause that leaves out a round robin's games against an unrated player's first
#: event of zero or half a point.
FIRST_EVENT_CLAUSE = "standard-2009 6.1"
FLOOR_CLAUSE = "DESIGN.md interpretation 9 (standard-2009 7.21, R&B 2024 6.2.1)"


@dataclass(frozen=True)
class TournamentFacts:
    """What the period needs to know of a tournament besides its games."""

    rules: OverTheBoardRules
    start_date: dt.date
    end_date: dt.date
    round_robin: bool = False
    #: How often a round robin pairs each two players: twice in a double round robin.
    meetings: int = 1
    #: Olympiad, continental or world team championship (standard-2009 7.14f).
    team_championship: bool = False
    name: str = ""
    #: The list it is rated on (an earlier period's tournament: the list it was rated on).
    list_date: dt.date | None = None
    #: The players its report pairs (``Tournament.entrants``; None: not known).
    entrants: int | None = None

    @property
    def rated_by_8_58(self) -> bool:
        """A standard-2009 round robin: its unrated players' Ru by the 8.58 iteration, its
        games between unrated players and against them rated (interpretations 6, 7), its
        first events of zero or half a point left out (6.1)."""
        return self.round_robin and isinstance(self.rules, Standard2009)


class Standing(NamedTuple):
    """A player's state in the category as of the previous list (interpretation 4). A
    ``NamedTuple``: a federation's period reads hundreds of thousands of them."""

    rating: int | None
    games: int = 0
    reached_2400: bool = False
    birth_year: int | None = None
    #: Fell below the floor on the list of this date: unrated from then on
    #: (interpretation 9).
    delisted_on: dt.date | None = None
    #: A member of the IBCA, ICSC or IPCA (7 games for a first rating, standard-2009 7.14g).
    association_member: bool = False

    @property
    def delisted(self) -> bool:
        return self.delisted_on is not None


class GameRow(NamedTuple):
    """A played game and each player's rating in it: the published rating of the list in
    force at the tournament's start (interpretation 2), for a rapid or blitz player unrated
    in the category his standard rating (R&B 2024 7.2.1), None when unrated."""

    id: int
    tournament: Tournament
    white: Player
    black: Player
    white_score: int
    white_rating: int | None
    black_rating: int | None


@dataclass(frozen=True)
class GameColumns:
    """Games as columns, in game order (tournament, round, game): a ``GameRow`` per index.
    Ratings are ``NO_RATING`` where unrated."""

    id: np.ndarray
    tournament: np.ndarray
    white: np.ndarray
    black: np.ndarray
    white_score: np.ndarray
    white_rating: np.ndarray
    black_rating: np.ndarray

    @classmethod
    def of(
        cls,
        raw: np.ndarray | Sequence[Sequence[int]],
        white_rating: np.ndarray,
        black_rating: np.ndarray,
    ) -> GameColumns:
        """From (id, tournament, white, black, white score) rows and the two ratings."""
        table = np.asarray(raw, dtype=np.int64).reshape(-1, 5)
        return cls(
            *(np.ascontiguousarray(table[:, column]) for column in range(5)),
            np.asarray(white_rating, dtype=np.int32),
            np.asarray(black_rating, dtype=np.int32),
        )

    def __len__(self) -> int:
        return len(self.id)

    def __iter__(self) -> Iterator[GameRow]:
        return iter(self.rows(np.arange(len(self))))

    def rows(self, indexes: np.ndarray) -> list[GameRow]:
        """The games at ``indexes``, a ``GameRow`` each (one conversion a column, not a
        value)."""

        def rating(values: np.ndarray) -> list[int | None]:
            return [None if r == NO_RATING else r for r in values[indexes].tolist()]

        columns = (self.id, self.tournament, self.white, self.black, self.white_score)
        return [
            GameRow(*row)
            for row in zip(
                *(column[indexes].tolist() for column in columns),
                rating(self.white_rating),
                rating(self.black_rating),
                strict=True,
            )
        ]

    def rows_in(self, tournaments: Iterable[Tournament]) -> list[GameRow]:
        """The games of ``tournaments``, in order."""
        return self.rows(
            np.flatnonzero(np.isin(self.tournament, np.fromiter(tournaments, np.int64)))
        )


def per_game(
    tournaments: Iterable[Tournament], values: Sequence[int], game_tournaments: np.ndarray
) -> np.ndarray:
    """Each game's value of its tournament, given one value per tournament (in the order of
    ``tournaments``) and the games' tournaments: a lookup by sorted key, not a dict a game."""
    keys = np.fromiter(tournaments, dtype=np.int64)
    order = np.argsort(keys)
    return np.asarray(values, dtype=np.int64)[order][np.searchsorted(keys[order], game_tournaments)]


@dataclass(slots=True)
class PlayerOutcome:
    """One player's result of the period (``lists.models.PeriodResult``). Not frozen: a
    frozen dataclass's constructor costs several times more, for a row per player."""

    player: Player
    kind: str
    rules: str
    old_rating: int | None
    new_rating: int | None
    change_hundredths: int = 0
    change_rounded: int = 0
    games: int = 0
    score_halves: int = 0
    expected_hundredths: int | None = None
    k: int | None = None
    games_total: int = 0
    explanation: dict[str, Any] = field(default_factory=dict)
    #: The K from this list on (``lists.models.PeriodResult.list_k``).
    list_k: int | None = None


#: The fields of a row of ``ResultColumns``: ``PlayerOutcome``'s, but its kind (always
#: "rated") and its explanation (its rule set's), ``rules`` an index into ``rule_sets``.
RESULT_COLUMNS = tuple(
    name for name in PlayerOutcome.__dataclass_fields__ if name not in ("kind", "explanation")
)


class SideFigures:
    """Each side's difference used and P_D (hundredths), by slot (2 x the game's index,
    + 1 for black): what the player page explains. ``NO_FIGURE`` where the game does not
    count for that side; a difference that is not whole (standard-1994's average, 10.51)
    is kept apart, exact."""

    def __init__(self, games: int) -> None:
        self.difference = np.full(2 * games, NO_FIGURE, dtype=np.int32)
        self.expected = np.full(2 * games, NO_FIGURE, dtype=np.int32)
        self.fractions: dict[int, Fraction] = {}

    def set(self, slot: int, difference: int | Fraction, expected: int) -> None:
        if type(difference) is int:
            self.difference[slot] = difference
        else:
            self.fractions[slot] = Fraction(difference)
            self.difference[slot] = 0
        self.expected[slot] = expected


@dataclass(frozen=True)
class GameFigures:
    """The owned games' part in the period, both sides (``lists.models.PeriodGame``): the
    games, and per side (white: even slots, black: odd) the difference used and P_D."""

    games: GameColumns
    figures: SideFigures
    #: Which games are kept (their white player is owned).
    owned: np.ndarray
    #: Each game's rating-difference clause, by index into ``clauses``.
    clause: np.ndarray
    clauses: tuple[str, ...]

    @property
    def written(self) -> int:
        """How many games are kept: a ``PeriodGame`` row each."""
        return int(np.count_nonzero(self.owned))


class Listing(NamedTuple):
    """How the K a list shows is worked out (``_list_k``): for the year of the next list
    and by the rule set of the period that list closes; None: by that of the player's
    latest event."""

    year: int
    rules: OverTheBoardRules | None = None

    def k(self, state: PlayerState, rules: OverTheBoardRules | None = None) -> int:
        """The K the list shows for ``state`` (standard-2009 7.12, 8.56; R&B 2024 6.1.2,
        7.3.3), before any 700 rule, which depends on the games of the period to come; by
        ``rules`` where the listing names none."""
        chosen = self.rules or rules
        assert chosen is not None, "a listing without rules needs the player's"
        return chosen.k_factor(state, year=self.year, games_in_period=0)


class ResultColumns(NamedTuple):
    """The outcomes of the players rated in columns (``_outcomes_in_columns``): a row of
    whole numbers per player (``RESULT_COLUMNS``), ascending, rather than an object each, as a
    month's hundreds of thousands of rated players are written (``lists.services``). Each
    is rated by one rule set, his row's ``rules``, an index into ``rule_sets``, and
    explained by its clauses (``rated_explanation``)."""

    rows: list[tuple[int, ...]]
    rule_sets: list[OverTheBoardRules]

    def outcomes(self) -> list[PlayerOutcome]:
        """The same outcomes, an object each."""
        outcomes = []
        for player, rules, *figures, list_k in self.rows:
            rule_set = self.rule_sets[rules]
            outcome = PlayerOutcome(player, "rated", rule_set.id, *figures)
            outcome.explanation, outcome.list_k = rated_explanation(rule_set), list_k
            outcomes.append(outcome)
        return outcomes


@dataclass(frozen=True)
class PeriodOutcome:
    #: The outcomes worked out one by one, ascending by player.
    one_by_one: list[PlayerOutcome]
    games: GameFigures
    #: The others: the players rated in columns.
    in_columns: ResultColumns

    @property
    def count(self) -> int:
        """How many players have an outcome."""
        return len(self.one_by_one) + len(self.in_columns.rows)

    @property
    def players(self) -> list[PlayerOutcome]:
        """Every owned player's outcome, an object each, ascending by player."""
        players = [*self.one_by_one, *self.in_columns.outcomes()]
        return sorted(players, key=lambda outcome: outcome.player)


#: A rated player's games of the period, seen from him: plain tuples in the order of
#: ``regulations.types.Game`` (rating, opponent's rating, half points, tournament), which
#: the rule sets read as they are, and beside them each side's slot: 2 x the game's index,
#: + 1 for black.
RatedSides = tuple[list[tuple[int, int, int, Tournament]], list[int]]


def compute_period(
    *,
    list_date: dt.date,
    tournaments: Mapping[Tournament, TournamentFacts],
    games: GameColumns,
    standings: Mapping[Player, Standing],
    earlier_games: GameColumns | None = None,
    earlier_left_out: Mapping[Tournament, frozenset[Player]] | None = None,
    owns: Callable[[Any], Any] | None = None,
    previous_list_date: dt.date | None = None,
    listing_rules: OverTheBoardRules | None = None,
    games_ready: Callable[[GameFigures], object] | None = None,
    below_floor: Mapping[Player, tuple[int, int]] | None = None,
) -> PeriodOutcome:
    """Every owned player's outcome and every owned game's explanation for the list of
    ``list_date``. ``earlier_games`` are the games of earlier periods' tournaments of the
    players still unrated, for pooling (standard-2009 7.14c, R&B 2024 6.1.4), and
    ``earlier_left_out`` the players their round robins left out when they were rated
    (6.1: decided then, not again). ``owns`` tells the players of this part from their
    ids, given one id or an array of them.

    K is the player's state at the period's start, as of the previous list
    (``previous_list_date``, default a month before), whose year decides who is a junior
    (interpretation 4; R&B 2024 7.3.3 "until the end of the year of their 18th birthday":
    December's games are rated on January's list with the K of December's). The K a player
    is listed with is the one the next period will use: by this list's year and
    ``listing_rules``, the rule set of that period (default: that of his latest event).

    ``games_ready`` is given the games' figures as soon as they are complete: before the
    outcomes of the players rated in columns and the first ratings are worked out (the
    caller may write them meanwhile; DESIGN-notes 107).

    A player rated below the floor of ``listing_rules`` is not on the list (R&B 2024
    6.1.2, interpretation 9): one who played, whatever the floor of his events' rule set;
    and each of ``below_floor`` (rating and rated games so far) the period gives no result,
    rated players whose rating is below it since the floor rose. A first rating below it
    is none yet (R&B 2024 6.1.4)."""
    listing = Listing(list_date.year, listing_rules)
    earlier = earlier_games if earlier_games is not None else GameColumns.of((), (), ())
    rated_on = {key: facts.list_date for key, facts in tournaments.items()}
    starts = {key: _start(facts) for key, facts in tournaments.items()}
    own = _own_sides(games, _own_ratings(standings, starts))
    unrated = _unrated_games(games, *own)
    earlier_own = OwnRatings(delisted=_delisted(standings), rated_on=rated_on, starts=starts)
    earlier_unrated = _unrated_games(earlier, *_own_sides(earlier, earlier_own))
    robins = _round_robins(
        tournaments,
        (earlier, games),
        (earlier_unrated, unrated),
        decided=earlier_left_out or {},
        list_date=list_date,
    )
    sides = _sides(games, robins.ratings, own)
    figures = SideFigures(len(games))
    year = (previous_list_date or add_months(list_date, -1)).year
    years = (year, listing)
    players, in_columns = _rated_figures(sides, standings, tournaments, years, figures, owns)
    game_figures = _game_figures(games, tournaments, figures, owns, robins.left_out)
    if games_ready is not None:
        games_ready(game_figures)
    columns, below = _outcomes_in_columns(in_columns, standings, years)
    players.extend(below)
    rated_players = set(sides.players.tolist())
    for player, player_games in unrated.items():
        if player in rated_players or not _owned(owns, player):
            continue
        players.append(
            _initial_outcome(
                player,
                [
                    *_events(earlier_unrated.get(player, ()), tournaments, robins, player),
                    *_events(player_games, tournaments, robins, player),
                ],
                _rules_of(player_games, tournaments),
                list_date,
                standings.get(player),
                listing,
            )
        )
    if below_floor:
        assert listing_rules is not None, "a list's floor is its rule set's"
        # Not only those without a game: one whose games were all unrated has no result
        # either, and stays at his rating (a review found him listed at 1100). One rated
        # in columns back above the floor has his result there (a review: two results).
        with_result = {outcome.player for outcome in players}
        with_result.update(row[0] for row in columns.rows)
        players.extend(
            _below_floor_outcome(player, rating, games_total, listing_rules)
            for player, (rating, games_total) in below_floor.items()
            if player not in with_result and _owned(owns, player)
        )
    # By player: the order of the unique index the results are written into.
    players.sort(key=lambda outcome: outcome.player)
    return PeriodOutcome(players, game_figures, columns)


def _owned(owns: Callable[[Any], Any] | None, player: Player) -> bool:
    return owns is None or bool(owns(player))


def _game_figures(
    games: GameColumns,
    tournaments: Mapping[Tournament, TournamentFacts],
    figures: SideFigures,
    owns: Callable[[Any], Any] | None,
    left_out: Mapping[Tournament, frozenset[Player]],
) -> GameFigures:
    """The games a part keeps (those whose white player it owns) and each one's clause:
    the rating-difference clause, or 6.1 for a game ``left_out`` of its round robin."""
    owned = (
        np.ones(len(games), dtype=bool)
        if owns is None
        else np.asarray(owns(games.white), dtype=bool)
    )
    named = {facts.rules.difference_clause for facts in tournaments.values()}
    clauses = tuple(sorted(named | ({FIRST_EVENT_CLAUSE} if left_out else set())))
    codes = [clauses.index(facts.rules.difference_clause) for facts in tournaments.values()]
    clause = per_game(tournaments, codes, games.tournament)
    if left_out:
        robins = np.fromiter(left_out, dtype=np.int64, count=len(left_out))
        for index in np.flatnonzero(np.isin(games.tournament, robins)).tolist():
            out = left_out[int(games.tournament[index])]
            if int(games.white[index]) in out or int(games.black[index]) in out:
                clause[index] = clauses.index(FIRST_EVENT_CLAUSE)
    return GameFigures(games, figures, owned, clause, clauses)


# -- round robins -------------------------------------------------------------------------


#: Per round robin, each unrated entrant's (final Ru, Rc(new)) of 8.58.
RoundRobinRu = dict[Tournament, tuple[dict[Player, int], dict[Player, int]]]
#: An unrated player's games (index, row), in game order, per player.
UnratedGames = Mapping[Player, Sequence[tuple[int, GameRow]]]


@dataclass(frozen=True)
class RoundRobins:
    """The standard-2009 round robins of a period and of the earlier tournaments pooled:
    8.58's figures, and the players each one leaves out (6.1)."""

    ratings: RoundRobinRu = field(default_factory=dict)
    left_out: dict[Tournament, frozenset[Player]] = field(default_factory=dict)


def _round_robins(
    tournaments: Mapping[Tournament, TournamentFacts],
    game_sets: Sequence[GameColumns],
    unrated: Sequence[UnratedGames],
    *,
    decided: Mapping[Tournament, frozenset[Player]],
    list_date: dt.date,
) -> RoundRobins:
    """For each complete standard-2009 round robin with unrated players: (final Ru, Rc(new))
    per unrated player (8.58; interpretation 7), once the players whose first event it is
    and who score zero or half a point in it are left out with their games (6.1): as
    ``decided`` for a round robin rated before, as ``_first_events_left_out`` finds for
    this period's. An incomplete one is rated as a Swiss event (standard-2009 6.4). Taken
    in the order they ended: whether a round robin is a player's first event may hang on
    his result in an earlier one. ``unrated``: the unrated players' games, of each of
    ``game_sets`` (earlier periods', then this period's)."""
    candidates = {key for key, facts in tournaments.items() if facts.rated_by_8_58}
    by_tournament: dict[Tournament, list[GameRow]] = defaultdict(list)
    game_set_of: dict[Tournament, int] = {}
    if candidates:
        for game_set, games in enumerate(game_sets):
            for row in games.rows_in(candidates):
                by_tournament[row.tournament].append(row)
                game_set_of[row.tournament] = game_set
    this_period = len(game_sets) - 1
    outcome = RoundRobins()
    # In the order of the events a first rating pools (``_first_events_left_out``).
    for tournament in sorted(
        by_tournament, key=lambda key: (tournaments[key].end_date, game_set_of[key], key)
    ):
        rows = by_tournament[tournament]
        meetings, paired = tournaments[tournament].meetings, tournaments[tournament].entrants
        if _round_robin_entrants(rows, meetings, paired) is None:
            continue
        if game_set_of[tournament] == this_period:
            left_out = _left_out_until_settled(
                tournament, rows, unrated, tournaments, outcome, list_date
            )
        else:
            left_out = decided.get(tournament, frozenset())
        if left_out:
            outcome.left_out[tournament] = left_out
        entrants = _round_robin_entrants(_without(rows, left_out), meetings)
        if entrants is None or all(e.rating is not None for e in entrants):
            continue
        rules = tournaments[tournament].rules
        assert isinstance(rules, Standard2009)
        ratings = rules.round_robin(entrants)
        last = ratings.iterations[-1]
        outcome.ratings[tournament] = (
            dict(ratings.final),
            {key: rc for key, (rc, _) in last.items()},
        )
    return outcome


def _without(rows: Sequence[GameRow], players: frozenset[Player]) -> list[GameRow]:
    return [row for row in rows if row.white not in players and row.black not in players]


def _left_out_until_settled(
    tournament: Tournament,
    rows: Sequence[GameRow],
    unrated: Sequence[UnratedGames],
    tournaments: Mapping[Tournament, TournamentFacts],
    earlier: RoundRobins,
    list_date: dt.date,
) -> frozenset[Player]:
    """``_first_events_left_out`` until no one more is left out: a player's games against
    one left out are disregarded too ("and that of his opponents against him"), which can
    leave him with zero or half a point."""
    left_out: frozenset[Player] = frozenset()
    meetings = tournaments[tournament].meetings
    while (entrants := _round_robin_entrants(_without(rows, left_out), meetings)) is not None:
        more = _first_events_left_out(
            tournament, entrants, unrated, tournaments, earlier, list_date
        )
        if not more:
            break
        left_out |= more
    return left_out


def _first_events_left_out(
    tournament: Tournament,
    entrants: Sequence[RoundRobinPlayer],
    unrated: Sequence[UnratedGames],
    tournaments: Mapping[Tournament, TournamentFacts],
    earlier: RoundRobins,
    list_date: dt.date,
) -> frozenset[Player]:
    """The unrated entrants of this period's round robin who score zero or half a point in
    their first event: "his score and that of his opponents against him are disregarded"
    (standard-2009 6.1). It is his first event unless an event of his before it is a
    result to build on: the rule set's ``counts_as_first_event`` (6.1's "previously
    achieved a rating performance above the rating floor") on the events his own first
    rating pools (``initial_rating``: within the pooling window, in its order: by end
    date, then earlier periods' first, then by tournament), so that his opponents' games
    are disregarded exactly when his own result is. A player rated since the round robin
    started is rated in it with his rating (8.4): not his first event."""
    last_set = len(unrated) - 1
    here = (tournaments[tournament].end_date, last_set, tournament)
    rules_here = tournaments[tournament].rules
    assert isinstance(rules_here, Standard2009)
    left_out = set()
    for entrant in entrants:
        if entrant.rating is not None or not rules_here.first_event_disregards_opponents(
            entrant.score_halves
        ):
            continue
        this_period = unrated[last_set].get(entrant.key, ())
        if not any(row.tournament == tournament for _, row in this_period):
            continue  # his own side is rated (8.4)
        rules = _rules_of(this_period, tournaments)  # as his first rating's (compute_period)
        window_start = add_months(list_date, -rules.initial_pooling_months)
        before = [
            (index, row)
            for game_set, games_of in enumerate(unrated)
            for index, row in games_of.get(entrant.key, ())
            if window_start <= (end := tournaments[row.tournament].end_date)
            and (end, game_set, row.tournament) < here
        ]
        events = _events(before, tournaments, earlier, entrant.key)
        if not any(rules.counts_as_first_event(event) for event in events):
            left_out.add(entrant.key)
    return frozenset(left_out)


def _round_robin_entrants(
    rows: Sequence[GameRow], meetings: int, paired: int | None = None
) -> list[RoundRobinPlayer] | None:
    """The players of a complete round robin, each pair having met equally often over the
    board and at least ``meetings`` times (twice in a double round robin), and all
    ``paired`` players of its report among them where that is known, or None: one with
    games unplayed is rated as a Swiss event (standard-2009 6.4; reviews found rated by
    8.58 a double round robin short of a game, its pairs having all met once, and a round
    robin one of whose players forfeited every game, his games not stored)."""
    opponents: dict[Player, list[Player]] = defaultdict(list)
    scores: dict[Player, int] = defaultdict(int)
    ratings: dict[Player, int | None] = {}
    for row in rows:
        opponents[row.white].append(row.black)
        opponents[row.black].append(row.white)
        scores[row.white] += row.white_score
        scores[row.black] += 2 - row.white_score
        ratings[row.white], ratings[row.black] = row.white_rating, row.black_rating
    others = len(opponents) - 1
    times = {count for met in opponents.values() for count in Counter(met).values()}
    complete = (
        all(len(set(met)) == others for met in opponents.values())
        and len(times) == 1
        and min(times) >= meetings
        and paired in (None, len(opponents))
    )
    if not complete or not any(r is not None for r in ratings.values()):
        return None
    return [
        RoundRobinPlayer(player, ratings[player], tuple(opponents[player]), scores[player])
        for player in sorted(opponents, key=str)
    ]


# -- sides ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class OwnRatings:
    """Where a player's rating for his own side of a game is not his rating in it.

    - ``current``: unrated at the tournament's start, he has a published rating now: he is
      rated with it, while his opponents count him as unrated (standard-2009 8.4,
      R&B 2024 7.2.5).
    - ``delisted``: delisted since the tournament's start (interpretation 9), on the list
      of the date given: unrated for his own side, while his opponents count him as he was
      at the start (interpretation 2), as in 8.4. In an earlier period's tournament
      (``rated_on`` given) only where it was rated after that list: there his result
      waited as a new player's, and it is pooled with his later ones. Delisted before the
      start, he was an unrated player there like any other (R&B 2024 6.2.1): his rating in
      the game is his standard rating where he had one (7.2.1), or none.
    """

    current: Mapping[Player, int] = field(default_factory=dict)
    delisted: Mapping[Player, dt.date] = field(default_factory=dict)
    #: The list each tournament was rated on; None: this period's, all rated after.
    rated_on: Mapping[Tournament, dt.date | None] | None = None
    #: Each tournament's start.
    starts: Mapping[Tournament, dt.date] = field(default_factory=dict)

    def unrated_since(self, player: Player, tournament: Tournament) -> bool:
        """Whether ``player``, delisted, was rated at ``tournament``'s start and already
        delisted when it was rated."""
        delisted_on = self.delisted[player]
        start = self.starts.get(tournament)
        if start is not None and start >= delisted_on:
            return False  # unrated at the start: his rating in the game stands
        if self.rated_on is None:
            return True
        rated_on = self.rated_on.get(tournament)
        return rated_on is not None and rated_on > delisted_on


def _own_ratings(
    standings: Mapping[Player, Standing], starts: Mapping[Tournament, dt.date]
) -> OwnRatings:
    return OwnRatings(
        current={p: s.rating for p, s in standings.items() if s.rating is not None},
        delisted=_delisted(standings),
        starts=starts,
    )


def _delisted(standings: Mapping[Player, Standing]) -> dict[Player, dt.date]:
    return {p: s.delisted_on for p, s in standings.items() if s.delisted_on is not None}


@dataclass(frozen=True)
class Sides:
    """The rated sides of a period's games as columns, sorted by player and then slot (2 x
    the game's index, + 1 for black), with where each player's run of sides starts."""

    player: np.ndarray
    slot: np.ndarray
    rating: np.ndarray
    opponent: np.ndarray
    score: np.ndarray
    tournament: np.ndarray
    #: Per rated player (``players``, ascending), the index of his first side.
    starts: np.ndarray
    players: np.ndarray


def _own_sides(games: GameColumns, own: OwnRatings) -> tuple[np.ndarray, np.ndarray]:
    """Each game's white and black ratings for the players themselves: their ratings in
    the game, except where ``own`` says otherwise; ``NO_RATING`` where unrated."""
    return (
        _own_side_ratings(games.white, games.white_rating, games.tournament, own),
        _own_side_ratings(games.black, games.black_rating, games.tournament, own),
    )


def _sides(
    games: GameColumns,
    round_robin_ru: RoundRobinRu,
    own: tuple[np.ndarray, np.ndarray],
) -> Sides:
    """Rated sides per rated player.

    A game counts for a rated player when his opponent is rated in it, or is unrated in a
    standard-2009 round robin, against the opponent's final Ru (interpretation 6; none for
    an opponent the round robin leaves out, 6.1). His own rating in it is ``own``'s
    (``_own_sides``)."""
    own_white, own_black = own
    opponent_white, opponent_black = games.black_rating.copy(), games.white_rating.copy()
    # The round robins' games found in one pass over the games, not one a round robin.
    robins = np.fromiter(round_robin_ru, dtype=np.int64, count=len(round_robin_ru))
    for index in np.flatnonzero(np.isin(games.tournament, robins)).tolist():
        final_ru = round_robin_ru[int(games.tournament[index])][0]
        if opponent_white[index] == NO_RATING:
            opponent_white[index] = final_ru.get(int(games.black[index]), NO_RATING)
        if opponent_black[index] == NO_RATING:
            opponent_black[index] = final_ru.get(int(games.white[index]), NO_RATING)
    white = np.flatnonzero((own_white != NO_RATING) & (opponent_white != NO_RATING))
    black = np.flatnonzero((own_black != NO_RATING) & (opponent_black != NO_RATING))
    player = np.concatenate([games.white[white], games.black[black]])
    slot = np.concatenate([2 * white, 2 * black + 1])
    order = np.lexsort((slot, player))
    player = player[order]
    starts = np.flatnonzero(np.r_[True, player[1:] != player[:-1]]) if len(player) else player
    return Sides(
        player=player,
        slot=slot[order],
        rating=np.concatenate([own_white[white], own_black[black]])[order],
        opponent=np.concatenate([opponent_white[white], opponent_black[black]])[order],
        score=np.concatenate([games.white_score[white], 2 - games.white_score[black]])[order],
        tournament=np.concatenate([games.tournament[white], games.tournament[black]])[order],
        starts=starts,
        players=player[starts],
    )


def _own_side_ratings(
    players: np.ndarray, ratings: np.ndarray, tournaments: np.ndarray, own: OwnRatings
) -> np.ndarray:
    """Each side's rating for the player himself (``OwnRatings``), ``NO_RATING`` where he
    plays as unrated."""
    mine = ratings.copy()
    if own.current:
        unrated = np.flatnonzero(mine == NO_RATING)
        current = own.current
        mine[unrated] = [current.get(p, NO_RATING) for p in players[unrated].tolist()]
    if own.delisted:
        delisted = np.fromiter(own.delisted, dtype=np.int64, count=len(own.delisted))
        for index in np.flatnonzero(np.isin(players, delisted)).tolist():
            if own.unrated_since(int(players[index]), int(tournaments[index])):
                mine[index] = NO_RATING
    return mine


def _unrated_games(
    games: GameColumns, own_white: np.ndarray, own_black: np.ndarray
) -> dict[Player, list[tuple[int, GameRow]]]:
    """Per player unrated for his own side (``_own_sides``), his games: (index, row) in
    game order, for his first rating."""
    white = np.flatnonzero(own_white == NO_RATING)
    black = np.flatnonzero(own_black == NO_RATING)
    index = np.concatenate([white, black])
    player = np.concatenate([games.white[white], games.black[black]])
    order = np.argsort(index, kind="stable")
    index, player = index[order], player[order]
    unrated: dict[Player, list[tuple[int, GameRow]]] = defaultdict(list)
    for game, who, row in zip(index.tolist(), player.tolist(), games.rows(index), strict=True):
        unrated[who].append((game, row))
    return unrated


# -- rated players -------------------------------------------------------------------------


class RatedInColumns(NamedTuple):
    """The owned players rated in columns (``_rated_figures``), whose outcomes wait until
    the games are written: per player, ascending, his rule set and his period's totals."""

    players: list[Player]
    rules: list[OverTheBoardRules]
    games: list[int]
    scores: list[int]
    expected: list[int]


def _rated_figures(
    sides: Sides,
    standings: Mapping[Player, Standing],
    tournaments: Mapping[Tournament, TournamentFacts],
    years: tuple[int, Listing],
    figures: SideFigures,
    owns: Callable[[Any], Any] | None,
) -> tuple[list[PlayerOutcome], RatedInColumns]:
    """Every rated side's figures, and the owned rated players' outcomes: those rated game
    by game (``_rated_outcome``) at once, the others, rated in columns, as their totals
    (``_outcomes_in_columns``). A player whose games all fall under one rule set whose P_D
    depends on the two ratings alone, and who was rated before the period, is rated in
    columns through the rule set's tables."""
    in_columns = RatedInColumns([], [], [], [], [])
    if not len(sides.player):
        return [], in_columns
    rule_sets = list({facts.rules.id: facts.rules for facts in tournaments.values()}.values())
    rules_of = [rule_sets.index(facts.rules) for facts in tournaments.values()]
    side_rules = per_game(tournaments, rules_of, sides.tournament)
    one_rule_set = np.minimum.reduceat(side_rules, sides.starts) == np.maximum.reduceat(
        side_rules, sides.starts
    )
    independent = np.array([rules.games_are_independent for rules in rule_sets])
    difference = sides.rating.astype(np.int64) - sides.opponent
    # A difference beyond the tables (an unrated opponent's Ru far below the floor, 8.58)
    # is left to the game-by-game path.
    in_tables = np.logical_and.reduceat(np.abs(difference) <= MAX_DIFFERENCE, sides.starts)
    rated_before = np.fromiter(
        (
            (standing := standings.get(player)) is not None and standing.rating is not None
            for player in sides.players.tolist()
        ),
        dtype=bool,
        count=len(sides.players),
    )
    columnar = one_rule_set & independent[side_rules[sides.starts]] & in_tables & rated_before
    # The sides of such players, through the rule sets' own tables.
    lookup = np.clip(difference + MAX_DIFFERENCE, 0, 2 * MAX_DIFFERENCE)
    expected = _tables(rule_sets, "expectation_by_difference")[side_rules, lookup]
    used = _tables(rule_sets, "difference_used_by_difference")[side_rules, lookup]
    counts = np.diff(np.r_[sides.starts, len(sides.player)])
    on_columns = np.repeat(columnar, counts)
    figures.difference[sides.slot[on_columns]] = used[on_columns]
    figures.expected[sides.slot[on_columns]] = expected[on_columns]
    owned = (
        np.ones(len(sides.players), dtype=bool)
        if owns is None
        else np.asarray(owns(sides.players), dtype=bool)
    )
    kept = columnar & owned
    scores = np.add.reduceat(sides.score.astype(np.int64), sides.starts)
    expected_totals = np.add.reduceat(expected.astype(np.int64), sides.starts)
    in_columns = RatedInColumns(
        players=sides.players[kept].tolist(),
        rules=[rule_sets[index] for index in side_rules[sides.starts[kept]].tolist()],
        games=counts[kept].tolist(),
        scores=scores[kept].tolist(),
        expected=expected_totals[kept].tolist(),
    )
    outcomes = []
    by_games = np.flatnonzero(~columnar)
    for player, start, count, is_owned in zip(
        sides.players[by_games].tolist(),
        sides.starts[by_games].tolist(),
        counts[by_games].tolist(),
        owned[by_games].tolist(),
        strict=True,
    ):
        end = start + count
        player_sides = (
            list(
                zip(
                    sides.rating[start:end].tolist(),
                    sides.opponent[start:end].tolist(),
                    sides.score[start:end].tolist(),
                    sides.tournament[start:end].tolist(),
                    strict=True,
                )
            ),
            sides.slot[start:end].tolist(),
        )
        # Every player's sides are rated (a game owned by one part explains both of its
        # sides), but only the owned players' outcomes are kept.
        outcome = _rated_outcome(
            player, player_sides, standings.get(player), tournaments, years, figures
        )
        if is_owned:
            outcomes.append(outcome)
    return outcomes, in_columns


def _outcomes_in_columns(
    rated: RatedInColumns, standings: Mapping[Player, Standing], years: tuple[int, Listing]
) -> tuple[ResultColumns, list[PlayerOutcome]]:
    """The outcomes of the players rated in columns: K from the state at the period's start
    (interpretation 4), K x sum(dR) from the totals, rounded once (interpretation 5). Those
    whose new rating is below the list's floor, delisted (interpretation 9), come apart,
    an object each (``_rated_result``)."""
    year, listing = years
    columns, below = ResultColumns([], []), []
    rows = columns.rows
    indexes: dict[str, tuple[int, int]] = {}
    for player, rules, games_in_period, score, expected_total in zip(*rated, strict=True):
        standing = standings[player]
        rating = standing.rating
        assert rating is not None
        state = PlayerState(
            rating=rating,
            games=standing.games,
            reached_2400=standing.reached_2400,
            birth_year=standing.birth_year,
        )
        k = rules.k_factor(state, year=year, games_in_period=games_in_period)
        change_hundredths = k * (50 * score - expected_total)
        change_rounded, new_rating = rules.settle(rating, change_hundredths)
        if (known := indexes.get(rules.id)) is None:
            known = indexes[rules.id] = (len(columns.rule_sets), list_floor(rules, listing))
            columns.rule_sets.append(rules)
        index, floor = known
        if new_rating < floor:
            below.append(
                _rated_result(
                    player,
                    standing,
                    rules,
                    (rating, None),
                    (k, change_hundredths),
                    (games_in_period, score, expected_total),
                    listing,
                )
            )
            continue
        games_total = standing.games + games_in_period
        rows.append(
            (
                player,
                index,
                rating,
                new_rating,
                change_hundredths,
                change_rounded,
                games_in_period,
                score,
                expected_total,
                k,
                games_total,
                _next_k(rules, new_rating, games_total, standing, listing),
            )
        )
    return columns, below


def _tables(rule_sets: Sequence[OverTheBoardRules], name: str) -> np.ndarray:
    """One of the rule sets' lookups by D + MAX_DIFFERENCE, a row per rule set (zeros for a
    rule set whose games are not independent: its sides are never looked up)."""
    width = 2 * MAX_DIFFERENCE + 1
    return np.array(
        [
            getattr(rules, name) if rules.games_are_independent else (0,) * width
            for rules in rule_sets
        ],
        dtype=np.int32,
    )


def _rated_outcome(
    player: Player,
    player_sides: RatedSides,
    standing: Standing | None,
    tournaments: Mapping[Tournament, TournamentFacts],
    years: tuple[int, Listing],
    figures: SideFigures,
) -> PlayerOutcome:
    """K x sum(dR) over the period's games, K fixed for the period (interpretation 4),
    rounded once (interpretation 5). A player unrated in the category who is rated in his
    games by his standard rating is a rated player from that rating (R&B 2024 7.2.1).

    ``years``: the year of the previous list (K now) and how the list's K is worked out.
    Writes each side's difference used and P_D into ``figures``."""
    year, listing = years
    standing = standing or Standing(rating=None)
    adopted = standing.rating is None
    sides, slots = player_sides
    # The first and the last side by (tournament start, game order): the first gives the
    # rating adopted, the last the rule set that rounds. Slots ascend in game order.
    played = {side[3] for side in sides}
    if len(played) == 1:
        first, last = 0, len(sides) - 1
        groups = {tournaments[sides[0][3]].rules: player_sides}
    else:
        starts = [tournaments[side[3]].start_date for side in sides]
        first = starts.index(min(starts))
        last = len(starts) - 1 - starts[::-1].index(max(starts))
        groups = _grouped_by_rules(sides, slots, tournaments)
    base = sides[first][0] if adopted else standing.rating
    assert base is not None
    state = PlayerState(
        rating=base,
        games=standing.games,
        reached_2400=standing.reached_2400,
        birth_year=standing.birth_year,
    )
    games_in_period = len(sides)
    change_hundredths = expected_total = score_total = 0
    k_used = 0
    k_by_rule_set: list[dict[str, Any]] = []
    for rules, (group_sides, group_slots) in groups.items():
        k_used = rules.k_factor(state, year=year, games_in_period=games_in_period)
        k_by_rule_set.append({"rules": rules.id, "k": k_used, "k_clause": rules.k_clause})
        group_differences = rules.differences_used(group_sides)  # type: ignore[arg-type]
        group_expected = expected_scores_hundredths(group_differences)
        for slot, difference, p_d in zip(
            group_slots, group_differences, group_expected, strict=True
        ):
            figures.set(slot, difference, p_d)
        group_expected_total = sum(group_expected)
        score = sum([side[2] for side in group_sides])
        change_hundredths += k_used * (50 * score - group_expected_total)
        expected_total += group_expected_total
        score_total += score
    # A period spanning a change of rule set is rounded by the rules of its latest event.
    return _rated_result(
        player,
        standing,
        tournaments[sides[last][3]].rules,
        (base, tournaments[sides[first][3]].rules.adoption_clause if adopted else None),
        (k_used, change_hundredths),
        (games_in_period, score_total, expected_total),
        listing,
        k_by_rule_set=k_by_rule_set if len(groups) > 1 else None,
    )


def _rated_result(
    player: Player,
    standing: Standing,
    rules: OverTheBoardRules,
    rating: tuple[int, str | None],
    change: tuple[int, int],
    totals: tuple[int, int, int],
    listing: Listing,
    k_by_rule_set: list[dict[str, Any]] | None = None,
) -> PlayerOutcome:
    """A rated player's outcome: ``rating`` (the rating the change adds to, and where it
    is a standard rating adopted, the clause that adopts it: R&B 2024 7.2.1, pre-2024
    7.21), ``change`` (K used, K x sum(dR) in
    hundredths) and ``totals`` (games, half points, expected hundredths) rounded once by
    ``rules`` (interpretation 5); below its floor, delisted (interpretation 9). A period
    spanning two rule sets gives ``k_by_rule_set``, the K of each with its clause: its games
    are rated each by their own rules, and ``k_used`` is the last rule set's."""
    base, adoption_clause = rating
    adopted = adoption_clause is not None
    k_used, change_hundredths = change
    games_in_period, score_total, expected_total = totals
    change_rounded, new_rating = rules.settle(base, change_hundredths)
    kind = "adopted" if adopted else "rated"
    explanation = rated_explanation(rules)
    floor = list_floor(rules, listing)
    if k_by_rule_set or adopted or new_rating < floor:
        explanation = dict(explanation)
    if k_by_rule_set:
        explanation["rule_sets"] = sorted(group["rules"] for group in k_by_rule_set)
        explanation["k_by_rule_set"] = k_by_rule_set
    if adopted:
        explanation["adopted"] = f"standard rating {base} used ({adoption_clause})"
    if new_rating < floor:
        kind = "delisted"
        explanation["delisted"] = (
            f"{new_rating} is below the floor of {floor}; shown as unrated ({FLOOR_CLAUSE})"
        )
    outcome = PlayerOutcome(
        player=player,
        kind=kind,
        rules=rules.id,
        old_rating=None if adopted else base,
        new_rating=new_rating,
        change_hundredths=change_hundredths,
        change_rounded=change_rounded,
        games=games_in_period,
        score_halves=score_total,
        expected_hundredths=expected_total,
        k=k_used,
        games_total=standing.games + games_in_period,
        explanation=explanation,
    )
    if kind != "delisted":
        outcome.list_k = _list_k(rules, outcome, standing, listing)
    return outcome


def list_floor(rules: OverTheBoardRules, listing: Listing) -> int:
    """The lowest rating a player rated by ``rules`` is listed with: the floor of the list's
    rule set, higher or lower than theirs (R&B 2024 6.1.2: "each player whose rating is at
    least 1400 as of the current list", after events rated by the rules before 2024, floor
    1000; July 2009's list, floor 1200 (standard-2009 0.6), after events of the 1994 rules,
    floor 1801: a review found the higher of the two kept). Theirs where the listing names
    none. A first rating still meets its own rule set's floor (``initial_rating``)."""
    return rules.floor if listing.rules is None else listing.rules.floor


def _below_floor_outcome(
    player: Player, rating: int, games_total: int, rules: OverTheBoardRules
) -> PlayerOutcome:
    """A rated player the period gives no result (no game, or none rated) whose rating is
    below the floor of the list's rule set ``rules``: shown as unrated on this list and
    unrated afterwards (R&B 2024 6.1.2, 6.2.1; interpretation 9), his rating and rated
    games as they were."""
    return PlayerOutcome(
        player=player,
        kind="delisted",
        rules=rules.id,
        old_rating=rating,
        new_rating=rating,
        games_total=games_total,
        explanation={
            "delisted": f"{rating}, without a rated game this period, is below this list's "
            f"floor of {rules.floor} ({rules.id}); shown as unrated ({FLOOR_CLAUSE})"
        },
    )


#: Per rule set, the clauses of a rated player's change: one dictionary all his rated
#: players share (written as JSON once; never changed: an outcome that says more copies it).
_RATED_EXPLANATIONS: dict[str, dict[str, Any]] = {}


def rated_explanation(rules: OverTheBoardRules) -> dict[str, Any]:
    explanation = _RATED_EXPLANATIONS.get(rules.id)
    if explanation is None:
        explanation = _RATED_EXPLANATIONS[rules.id] = {
            "k_clause": rules.k_clause,
            "rounding_clause": rules.rounding_clause,
            "difference_clause": rules.difference_clause,
        }
    return explanation


def _grouped_by_rules(
    sides: list[tuple[int, int, int, Tournament]],
    slots: list[int],
    tournaments: Mapping[Tournament, TournamentFacts],
) -> dict[OverTheBoardRules, RatedSides]:
    """A player's sides by the rule set of their tournaments (a period spanning a change
    of rule set rates each part by its own rules), the earlier rule set first."""
    rules = [tournaments[side[3]].rules for side in sides]
    if all(r is rules[0] for r in rules):
        return {rules[0]: (sides, slots)}
    groups: dict[OverTheBoardRules, RatedSides] = {}
    ordered = sorted(
        zip(sides, slots, rules, strict=True), key=lambda s: (tournaments[s[0][3]].start_date, s[1])
    )
    for side, slot, side_rules in ordered:
        group = groups.setdefault(side_rules, ([], []))
        group[0].append(side)
        group[1].append(slot)
    return groups


# -- new players ---------------------------------------------------------------------------


def _events(
    player_games: Iterable[tuple[int, GameRow]],
    tournaments: Mapping[Tournament, TournamentFacts],
    robins: RoundRobins,
    player: Player,
) -> list[EventResult]:
    """An unrated player's result per tournament against rated opponents (standard-2009
    8.21; R&B 2024 7.2.3); in a standard-2009 round robin with unrated players, every game
    against Rc(new) of 8.58 (interpretation 7), but those against a player the round robin
    leaves out (6.1). A player left out has his result against the rated alone, marked
    ``left_out``: disregarded for good, as his opponents' games against him are."""
    by_tournament: dict[Tournament, list[tuple[int, int | None]]] = defaultdict(list)
    opponents: dict[Tournament, set[Player]] = defaultdict(set)
    for _, row in player_games:
        white = row.white == player
        opponent = row.black if white else row.white
        if opponent in robins.left_out.get(row.tournament, ()):
            continue
        if white:
            by_tournament[row.tournament].append((row.white_score, row.black_rating))
        else:
            by_tournament[row.tournament].append((2 - row.white_score, row.white_rating))
        opponents[row.tournament].add(opponent)
    events = []
    for tournament, results in by_tournament.items():
        facts = tournaments[tournament]
        rc_new = robins.ratings.get(tournament, ({}, {}))[1].get(player)
        if rc_new is not None:
            events.append(
                EventResult(
                    games=len(results),
                    score_halves=sum(score for score, _ in results),
                    competition_rating=Fraction(rc_new),
                    end_date=facts.end_date,
                    round_robin=True,
                    team_championship=facts.team_championship,
                    opponents=len(opponents[tournament]),
                )
            )
            continue
        rated = [(score, rating) for score, rating in results if rating is not None]
        if rated:
            event = EventResult.against(
                [rating for _, rating in rated],
                sum(score for score, _ in rated),
                facts.end_date,
                team_championship=facts.team_championship,
            )
            if player in robins.left_out.get(tournament, ()):
                event = replace(event, left_out=True)
            events.append(event)
    return events


def _list_k(
    rules: OverTheBoardRules, outcome: PlayerOutcome, standing: Standing | None, listing: Listing
) -> int | None:
    """The K ``outcome``'s player is listed with (``_next_k``); none without a rating."""
    if outcome.new_rating is None:
        return None
    return _next_k(rules, outcome.new_rating, outcome.games_total, standing, listing)


def _next_k(
    rules: OverTheBoardRules,
    new_rating: int,
    games_total: int,
    standing: Standing | None,
    listing: Listing,
) -> int:
    """The K a player is listed with: his K for the next period from his new rating and
    games (standard-2009 7.12, 8.56; R&B 2024 6.1.2, 7.3.3), before any 700 rule, which
    depends on the games that period will bring. By the rule set of that period where the
    caller knows it (a list that opens a change of rule set lists the new K)."""
    state = PlayerState(
        rating=new_rating,
        games=games_total,
        reached_2400=new_rating >= REACHED_2400 or bool(standing and standing.reached_2400),
        birth_year=standing.birth_year if standing else None,
    )
    return listing.k(state, rules)


def _initial_outcome(
    player: Player,
    events: list[EventResult],
    rules: OverTheBoardRules,
    list_date: dt.date,
    standing: Standing | None,
    listing: Listing,
) -> PlayerOutcome:
    """A first rating from the results pooled within the window of the rule set of his
    latest event (standard-2009 7.14, 8.3; R&B 2024 6.1.4, 7.2), or the reason there is none
    yet."""
    if not events:
        return PlayerOutcome(
            player=player,
            kind="pending",
            rules=rules.id,
            old_rating=None,
            new_rating=None,
            games_total=standing.games if standing else 0,
            explanation={"reason": "no game against a rated opponent"},
        )
    member = bool(standing and standing.association_member)
    initial = rules.initial_rating(events, on=list_date, association_member=member)
    explanation: dict[str, Any] = {
        "clause": rules.initial_clause,
        "counted": [_event_json(e) for e in initial.counted],
        "disregarded": [_event_json(e) for e in initial.disregarded],
    }
    if initial.competition_rating is not None:
        explanation["competition_rating"] = format_figure(initial.competition_rating, 2)
    if initial.rating is not None and initial.rating < (floor := list_floor(rules, listing)):
        # R&B 2024 6.1.4 "The rating must be at least 1400", 6.1.2: events rated by the
        # rules before 2024 (floor 1000) pooled into a rating for a list of 2024 (a review).
        clause = (listing.rules or rules).initial_floor_clause
        initial = replace(
            initial,
            rating=None,
            reason=f"{initial.rating} is below this list's floor of {floor} ({clause})",
        )
    if initial.rating is None:
        explanation["reason"] = initial.reason
        if member:
            # What the public is told: the membership tells of a disability (DESIGN-notes 80).
            anyone = rules.initial_rating(events, on=list_date)
            if anyone.reason != initial.reason:
                explanation["public_reason"] = anyone.reason
    if initial.counted and initial.games >= rules.minimum_games(
        initial.counted, association_member=member
    ):
        explanation["working"] = rules.initial_working(initial.counted)
    outcome = PlayerOutcome(
        player=player,
        kind="initial" if initial.rating is not None else "pending",
        rules=rules.id,
        old_rating=None,
        new_rating=initial.rating,
        games=initial.games,
        score_halves=initial.score_halves,
        games_total=initial.games if initial.rating is not None else 0,
        explanation=explanation,
    )
    outcome.list_k = _list_k(rules, outcome, standing, listing)
    return outcome


def _rules_of(
    player_games: Sequence[tuple[int, GameRow]], tournaments: Mapping[Tournament, TournamentFacts]
) -> OverTheBoardRules:
    """The rule set of the latest-starting tournament among a player's games."""
    latest = max((tournaments[row.tournament] for _, row in player_games), key=_start)
    return latest.rules


def _start(facts: TournamentFacts) -> dt.date:
    return facts.start_date


def _event_json(event: EventResult) -> dict[str, Any]:
    shown = {
        "games": event.games,
        "score": event.score_halves / 2,
        "competition_rating": format_figure(event.competition_rating, 2),
        "end_date": event.end_date.isoformat(),
        "round_robin": event.round_robin,
    }
    return shown | {"left_out": True} if event.left_out else shown
