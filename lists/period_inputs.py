"""Reading what a period's computation needs from the database (no writes).

- the tournaments rated on the list: the category's tournaments ready for rating whose
  report was approved for this list date (DESIGN.md interpretation 8), and their games;
- each player's rating in each game: the published rating of the list in force at the
  tournament's start (interpretation 2), or for a rapid or blitz player unrated in the
  category his standard rating then (R&B 2024 7.2.1);
- the players' standings as of the previous list (interpretation 4);
- for players still unrated, their games in earlier periods within the pooling window
  (standard-2009 7.14c, R&B 2024 6.1.4).

A part of a computation shared by player id (``Part``) reads only what its players need:
the games in which one of them played, and whole the tournaments whose figures depend on
games between others (round robins, interpretation 7; per-tournament difference rules,
``games_are_independent``). A game has two players, so each of N parts reads up to 2/N of
a month's games.
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from functools import partial, reduce
from operator import or_
from typing import Any

import numpy as np
from django.core.exceptions import EmptyResultSet
from django.db import connection
from django.db.models import (
    Case,
    Exists,
    F,
    IntegerField,
    Lookup,
    Max,
    OuterRef,
    Q,
    QuerySet,
    Value,
    When,
)
from django.db.models.functions import Cast, Coalesce, ExtractDay, ExtractMonth, ExtractYear

from lists.bulk import alongside, query_numbers
from lists.computation import (
    FIRST_EVENT_CLAUSE,
    NO_RATING,
    GameColumns,
    Standing,
    TournamentFacts,
    per_game,
)
from lists.models import PeriodGame, PeriodTournament, RatingPeriod
from lists.selectors import published_periods
from players.models import Player, RatingCategory, RatingHistory, RatingState, RatingStatus
from regulations import EffectiveDate, OverTheBoardRules
from regulations.calendar import add_months
from tournaments.models import Game, Tournament, TournamentReport
from tournaments.reports.validation import MEETINGS
from tournaments.selectors import rule_schedule, rules_for

#: The longest pooling window of any rule set (R&B 6.1.4: 26 months), plus a month.
POOLING_LOOKBACK_MONTHS = 27
#: How far before a tournament's start the list in force is looked for.
RATING_LOOKBACK_MONTHS = 13
ROUND_ROBINS = (Tournament.System.ROUND_ROBIN, Tournament.System.DOUBLE_ROUND_ROBIN)


@dataclass(frozen=True)
class Part:
    """Part ``index`` of ``count`` of a computation shared by player id (issue 4: partition
    by player): it owns the players whose id leaves ``index`` divided by ``count``."""

    index: int = 0
    count: int = 1

    @property
    def whole(self) -> bool:
        return self.count <= 1

    def owns(self, player: int) -> bool:
        return player % self.count == self.index

    def games(self, games: QuerySet[Game], whole_tournaments: set[int]) -> QuerySet[Game]:
        """Of ``games``, those with a player of this part or in ``whole_tournaments``."""
        if self.whole:
            return games
        mine = games.alias(
            white_part=F("white_id") % self.count, black_part=F("black_id") % self.count
        )
        return mine.filter(
            Q(white_part=self.index)
            | Q(black_part=self.index)
            | Q(report__tournament_id__in=sorted(whole_tournaments))
        )


WHOLE = Part()


@dataclass
class PeriodInputs:
    tournaments: dict[int, TournamentFacts]
    games: GameColumns
    standings: dict[int, Standing]
    earlier_games: GameColumns
    #: Per earlier round robin, the players it left out when it was rated (6.1).
    earlier_left_out: dict[int, frozenset[int]]
    #: The rated players without a game in the period whose rating is below the list's
    #: floor, with their rating and rated games so far (``listed_below_floor``).
    below_floor: dict[int, tuple[int, int]] = field(default_factory=dict)


def period_tournaments_query(period: RatingPeriod) -> QuerySet[Tournament]:
    """The tournaments rated on this list: ready for rating, approved for this list date."""
    return Tournament.objects.filter(
        category=period.category,
        list_date=period.list_date,
        status=Tournament.Status.READY,
    )


#: What ``tournament_facts`` and the reading of ratings use of a tournament: a month's
#: tens of thousands are loaded with these fields alone.
FACT_FIELDS = (
    "category", "start_date", "end_date", "system", "olympiad_type", "name", "list_date",
    "entrants",
)  # fmt: skip


def tournament_facts(
    tournament: Tournament, schedule: tuple[EffectiveDate, ...] | None = None
) -> TournamentFacts:
    rules = rules_for(tournament.category, tournament.start_date, schedule)
    assert isinstance(rules, OverTheBoardRules)
    return TournamentFacts(
        rules=rules,
        start_date=tournament.start_date,
        end_date=tournament.end_date,
        round_robin=tournament.system in ROUND_ROBINS,
        meetings=MEETINGS.get(tournament.system, 1),
        team_championship=tournament.olympiad_type,
        name=tournament.name,
        list_date=tournament.list_date,
        entrants=tournament.entrants,
    )


def load_period_inputs(
    period: RatingPeriod, part: Part = WHOLE, *, apart: bool = False, floor: int | None = None
) -> PeriodInputs:
    """Everything ``lists.computation.compute_period`` needs for the tournaments of the
    period's run (its ``PeriodTournament`` rows), or for the players ``part`` owns.
    ``apart`` (``lists.bulk.can_work_apart``): the standings are read on another
    connection while the ratings in force are read on this one. ``floor``: the list's
    (``listed_below_floor``)."""
    run = Tournament.objects.filter(pk__in=_run_tournament_ids(period))
    tournaments = {t.pk: t for t in run.only(*FACT_FIELDS).order_by("pk")}
    schedule = rule_schedule()
    facts = {pk: tournament_facts(t, schedule) for pk, t in tournaments.items()}
    # Games are read by a subquery: a month has tens of thousands of tournaments.
    games_query = _approved_games(run)
    read_whole = _read_whole(facts)
    # Unless every tournament is read whole (pre-2024 rules), a part reads its own games.
    every_game = len(read_whole) == len(facts)
    table = _game_rows(games_query if every_game else part.games(games_query, read_whole))
    first_events = _maybe_first_events(table, facts, part, period.category)
    if first_events and not every_game:
        table = _with_games_of(table, games_query, first_events)
    raw_games = _in_game_order(table)
    players = set(np.unique(raw_games[:, 2:4]).tolist())
    # Every player's standing, the opponents' too: a player rated or delisted since a
    # tournament's start has his side of a game rated otherwise (computation.OwnRatings).
    delisted_on = _delisted(period.category, players)
    standings_read = alongside(
        partial(_standings, period.category, players, delisted_on), apart=apart
    )
    delisted = set(delisted_on)
    ratings = RatingsInForce(period.category, players, tournaments.values())
    standings = standings_read.result()
    games = ratings.columns(raw_games, tournaments)

    unrated = set(games.white[games.white_rating == NO_RATING].tolist())
    unrated.update(games.black[games.black_rating == NO_RATING].tolist())
    unrated = {p for p in unrated | delisted if part.owns(p)} | (first_events & unrated)
    earlier = _earlier_tournaments(period, unrated)
    earlier_query = _approved_games(list(earlier))
    # A round robin whole: its unrated players' Rc(new) needs every game (interpretation 7).
    robins = {pk for pk, tournament in earlier.items() if tournament.system in ROUND_ROBINS}
    earlier_raw = [
        row
        for row in database_rows(_games_of(earlier_query))
        if row[2] in unrated or row[3] in unrated or row[1] in robins
    ]
    earlier_players = {p for row in earlier_raw for p in (row[2], row[3])}
    # The look-back is the period's, not that of the tournaments read: a part reads only its
    # own players' earlier tournaments, and must find what the whole computation finds.
    pooling_since = add_months(period.list_date, -POOLING_LOOKBACK_MONTHS)
    earlier_ratings = RatingsInForce(
        period.category,
        earlier_players,
        earlier.values(),
        since=add_months(pooling_since, -RATING_LOOKBACK_MONTHS),
        until=period.list_date,
    )
    facts.update((pk, tournament_facts(t, schedule)) for pk, t in earlier.items())
    return PeriodInputs(
        tournaments=facts,
        games=games,
        standings=standings,
        earlier_games=earlier_ratings.columns(np.array(earlier_raw, dtype=np.int64), earlier),
        earlier_left_out=_left_out_when_rated(period.category, earlier, facts, earlier_raw),
        below_floor={} if floor is None else listed_below_floor(period.category, floor, part),
    )


def listed_below_floor(category: str, floor: int, part: Part = WHOLE) -> dict[int, tuple[int, int]]:
    """The rated players of the category (of ``part``) whose rating is below ``floor``, the
    list's, with their rating and rated games so far: only players rated at or above the
    floor are published (R&B 2024 6.1.2), and one below it is shown as unrated on the next
    list (interpretation 9); the computation delists those the period gives no result.
    Only where the floor rose since they were rated (1000 before 2024, 1400 from it) can
    anybody be below it. The states have no index on the rating (players.models.RatingState):
    the category's are read through, a few tens of milliseconds for a federation."""
    below = RatingState.objects.filter(
        category=category, status=RatingStatus.RATED, rating__lt=floor
    ).order_by()
    return {
        player: (rating, games)
        for player, rating, games in below.values_list("player_id", "rating", "games")
        if part.owns(player)
    }


def _left_out_when_rated(
    category: str,
    earlier: dict[int, Tournament],
    facts: dict[int, TournamentFacts],
    earlier_games: list[tuple[int, ...]],
) -> dict[int, frozenset[int]]:
    """Per earlier standard-2009 round robin, the players its period left out (6.1): the
    unrated players all of whose games in it the published run marked with the clause
    (a rated one whose opponents were all left out has every game marked too). Read, not
    decided again: the games that decided it are not all read again (a player of it
    since rated, or another part's), and a published list stays as it was."""
    robins = {pk for pk in earlier if facts[pk].rated_by_8_58}
    if not robins:
        return {}
    runs = (
        published_periods(category)
        .filter(list_date__in={earlier[pk].list_date for pk in robins})
        .values_list("pk", "computed_run")
    )
    marked = PeriodGame.objects.filter(
        reduce(or_, (Q(period=pk, run=run) for pk, run in runs), Q(pk__in=[])),
        tournament__in=robins,
        clause=FIRST_EVENT_CLAUSE,
    ).order_by()
    games: dict[tuple[int, int], int] = defaultdict(int)
    for _, tournament, white, black, _ in earlier_games:
        if tournament in robins:
            games[tournament, white] += 1
            games[tournament, black] += 1
    sides = ("tournament", "white", "black", "white_rating", "black_rating")
    for tournament, white, black, white_rating, black_rating in marked.values_list(*sides):
        if white_rating is None:
            games[tournament, white] -= 1
        if black_rating is None:
            games[tournament, black] -= 1
    left_out: dict[int, set[int]] = defaultdict(set)
    for (tournament, player), unmarked in games.items():
        if unmarked == 0:
            left_out[tournament].add(player)
    return {tournament: frozenset(players) for tournament, players in left_out.items()}


def _read_whole(tournaments: dict[int, TournamentFacts]) -> set[int]:
    """The tournaments a part reads whole: in a round robin the unrated players' Ru needs
    every game (interpretation 7), and under a per-tournament difference rule a player's
    P_D in one game depends on his others (pre-2024 7.31, standard-1994 10.51)."""
    return {
        pk
        for pk, facts in tournaments.items()
        if facts.round_robin or not facts.rules.games_are_independent
    }


def with_approved_games(tournaments: QuerySet[Tournament]) -> QuerySet[Tournament]:
    """Those of ``tournaments`` whose approved report holds a game played over the board:
    the others have nothing to rate (interpretation 6)."""
    approved = Game.objects.filter(
        report__tournament=OuterRef("pk"), report__status=TournamentReport.Status.APPROVED
    )
    return tournaments.filter(Exists(approved))


def tournaments_to_rate(period: RatingPeriod) -> list[int]:
    """The tournaments of ``period`` with approved games: those a run rates, fixed when it
    starts (``lists.services``) so that every part reads the games of the same ones."""
    query = with_approved_games(period_tournaments_query(period))
    return list(query.order_by("pk").values_list("pk", flat=True))


def _run_tournament_ids(period: RatingPeriod) -> QuerySet[PeriodTournament]:
    return PeriodTournament.objects.filter(period=period, run=period.run).values("tournament_id")


def _approved_games(tournaments: QuerySet[Tournament] | list[int]) -> QuerySet[Game]:
    """The games of the approved reports of ``tournaments``."""
    return Game.objects.filter(
        report__tournament__in=tournaments,
        report__status=TournamentReport.Status.APPROVED,
    )


def _games_of(games: QuerySet[Game]) -> QuerySet[Game]:
    """(game, tournament, white, black, white score) of ``games``, in order."""
    return games.order_by("report__tournament_id", "round", "pk").values_list(
        "pk", "report__tournament_id", "white_id", "black_id", "white_score"
    )


def _game_rows(games: QuerySet[Game]) -> np.ndarray:
    """(game, tournament, white, black, white score, round) of ``games``, a row each, in
    any order (``_in_game_order`` sorts them)."""
    return query_numbers(
        games.order_by().values_list(
            "pk", "report__tournament_id", "white_id", "black_id", "white_score", "round"
        )
    )


def _in_game_order(table: np.ndarray) -> np.ndarray:
    """(game, tournament, white, black, white score) of ``_game_rows``, in the order of
    ``_games_of``: sorted here rather than by the database, which sends them as a few
    arrays in any order."""
    game, tournament, round_number = table[:, 0], table[:, 1], table[:, 5]
    return table[np.lexsort((game, round_number, tournament)), :5]


def _maybe_first_events(
    table: np.ndarray, facts: dict[int, TournamentFacts], part: Part, category: str
) -> set[int]:
    """The players of the standard-2009 round robins a part reads (``_game_rows``) whom it
    does not own and who are not rated in the category: whether a round robin leaves such
    a player out, with his opponents' games against him, hangs on his other events
    (standard-2009 6.1), so the part reads all his games. (``lists.computation`` tells
    which of them play their first event with zero or half a point.)"""
    if part.whole:
        return set()
    robins = [pk for pk, f in facts.items() if f.rated_by_8_58]
    in_robins = table[np.isin(table[:, 1], robins), 2:4] if robins else table[:0, 2:4]
    players = {player for player in np.unique(in_robins).tolist() if not part.owns(player)}
    rated = RatingState.objects.filter(category=category, status=RatingStatus.RATED)
    for chunk in list(id_chunks(players)):
        players.difference_update(
            rated.filter(among("player_id", chunk)).values_list("player_id", flat=True)
        )
    return players


def _with_games_of(table: np.ndarray, games: QuerySet[Game], players: set[int]) -> np.ndarray:
    """``table`` (``_game_rows``) with the rest of ``games`` that ``players`` played."""
    extra = [_game_rows(games.filter(_played_by(chunk))) for chunk in id_chunks(players)]
    merged = np.concatenate([table, *extra])
    return merged[np.unique(merged[:, 0], return_index=True)[1]]


def database_rows(query: QuerySet[Any]) -> Iterator[tuple[Any, ...]]:
    """The rows of ``query`` (a ``values_list`` of numbers, dates and flags, which need no
    conversion) as the database driver gives them: a month's million games or a list's
    hundreds of thousands of ratings would spend seconds in the ORM's per-row machinery."""
    try:
        sql, params = query.query.sql_with_params()
    except EmptyResultSet:  # filtered on nothing
        return
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        while rows := cursor.fetchmany(FETCH_ROWS):
            yield from rows


#: Rows turned into Python objects at a time.
FETCH_ROWS = 20_000


def _earlier_tournaments(period: RatingPeriod, unrated: set[int]) -> dict[int, Tournament]:
    """Tournaments of earlier lists within the pooling window in which a still-unrated
    player of this period played."""
    if not unrated:
        return {}
    since = add_months(period.list_date, -POOLING_LOOKBACK_MONTHS)
    games = Game.objects.filter(
        report__status=TournamentReport.Status.APPROVED,
        report__tournament__category=period.category,
        report__tournament__status=Tournament.Status.RATED,
        report__tournament__list_date__lt=period.list_date,
        report__tournament__end_date__gte=since,
    )
    ids: set[int] = set()
    for chunk in id_chunks(unrated):
        ids.update(games.filter(_played_by(chunk)).values_list("report__tournament_id", flat=True))
    return {
        t.pk: t for t in Tournament.objects.filter(pk__in=ids).only(*FACT_FIELDS).order_by("pk")
    }


#: Up to this many players, rows are read by their ids; beyond it the whole table (or
#: list) is read once and filtered here: one sequential read beats hundreds of thousands
#: of index probes.
PLAYERS_BY_ID = 20_000
#: Ids a query elsewhere than on PostgreSQL (SQLite limits a statement's parameters).
ID_CHUNK = 2_000


def id_chunks(players: Iterable[int]) -> Iterator[list[int]]:
    """The ids in ascending order, a query's worth at a time (``among``): on PostgreSQL
    all at once, elsewhere ``ID_CHUNK`` a query."""
    ids = sorted(players)
    size = len(ids) if connection.vendor == "postgresql" else ID_CHUNK
    for start in range(0, len(ids), max(size, 1)):
        yield ids[start : start + size]


class _AnyOf(Lookup):
    """``field = ANY(ids)``: the ids sent as one array, however many (a list of tens of
    thousands of parameters costs more to send and plan than to run)."""

    lookup_name = "any_of"
    prepare_rhs = False

    def as_sql(self, compiler: Any, connection: Any) -> tuple[str, list[Any]]:
        column, params = self.process_lhs(compiler, connection)
        return f"{column} = ANY(%s)", [*params, list(self.rhs)]


def among(field: str, ids: list[int]) -> Q | Lookup:
    """The rows whose ``field`` is one of ``ids`` (a chunk of ``id_chunks``)."""
    if connection.vendor == "postgresql":
        return _AnyOf(F(field), ids)
    return Q(**{f"{field}__in": ids})


def _played_by(ids: list[int]) -> Q:
    """The games in which one of ``ids`` (a chunk of ``id_chunks``) played."""
    return Q(among("white_id", ids)) | Q(among("black_id", ids))


def _delisted(category: str, players: set[int]) -> dict[int, dt.date]:
    """Those of ``players`` delisted in the category, and the date of the list that
    delisted each (the state keeps it; none known: delisted before any list here)."""
    delisted = RatingState.objects.filter(category=category, status=RatingStatus.DELISTED)
    return {
        player: list_date or dt.date.min
        for player, list_date in delisted.values_list("player_id", "list_date")
        if player in players
    }


def _standings(
    category: str, players: set[int], delisted: dict[int, dt.date]
) -> dict[int, Standing]:
    """Each player's state as of the previous list; a delisted player (``delisted``: the
    date of the list that delisted him) is unrated (interpretation 9). Junior status
    needs the birth year (R&B 2024 7.3.3); a first standard rating, whether he is a
    member of the IBCA, ICSC or IPCA (standard-2009 7.14g)."""
    people = numbers_of_players(
        Player.objects.order_by().annotate(
            born=Coalesce("birth_year", -1),
            member=Case(When(disability_association="", then=Value(0)), default=Value(1)),
        ),
        ("id", "born", "member"),
        players,
    )
    born = dict(zip(people[:, 0].tolist(), people[:, 1].tolist(), strict=True))
    members = set(people[people[:, 2] == 1, 0].tolist())
    states = RatingState.objects.filter(category=category).order_by()
    rated = Q(status=RatingStatus.RATED, rating__isnull=False)
    table = numbers_of_players(
        states.annotate(
            rated_rating=Case(When(rated, then=F("rating")), default=Value(-1)),
            reached=Cast("reached_2400", IntegerField()),
        ),
        ("player_id", "rated_rating", "games", "reached"),
        players,
    )
    standings = {
        player: Standing(
            None if rating < 0 else rating,
            games,
            bool(reached),
            None if born[player] < 0 else born[player],
            delisted.get(player),
            player in members,
        )
        for player, rating, games, reached in table.tolist()
    }
    for player in players:
        if player not in standings:
            birth_year = born.get(player, -1)
            standings[player] = Standing(
                rating=None,
                birth_year=None if birth_year < 0 else birth_year,
                association_member=player in members,
            )
    return standings


def numbers_of_players(
    query: QuerySet[Any], fields: tuple[str, ...], players: set[int], *, by_id: bool = False
) -> np.ndarray:
    """``query_numbers`` of ``query``'s ``fields`` (the first names the player), for the rows
    of ``players`` alone: by their ids (``id_chunks``: one query on PostgreSQL), or the
    whole table read once and filtered here where they are many (``PLAYERS_BY_ID``) and
    ``by_id`` does not say that they are few of the rows ``query`` holds."""
    if len(players) > PLAYERS_BY_ID and not by_id:
        table = query_numbers(query.values_list(*fields))
        wanted = np.fromiter(players, dtype=np.int64, count=len(players))
        return table[np.isin(table[:, 0], wanted)]
    chunks = [
        query_numbers(query.filter(among(fields[0], chunk)).values_list(*fields))
        for chunk in id_chunks(players)
    ]
    return np.concatenate(chunks) if chunks else np.zeros((0, len(fields)), dtype=np.int64)


#: A list date as a whole number that sorts as the date does (YYYYMMDD), so that a
#: player's rows are one sorted key (player x ``DAY_SPAN`` + date).
DAY_SPAN = 100_000_000


def day_number(day: dt.date) -> int:
    return day.year * 10_000 + day.month * 100 + day.day


@dataclass(frozen=True)
class ListedRatings:
    """Players' ratings on the lists read, as arrays sorted by player and list date;
    ``NO_RATING`` on a list that showed the player without one (delisted)."""

    key: np.ndarray
    player: np.ndarray
    rating: np.ndarray

    @classmethod
    def of(cls, table: np.ndarray) -> ListedRatings:
        """From (player, day number, rating or ``NO_RATING``) rows, in any order."""
        key = table[:, 0] * DAY_SPAN + table[:, 1]
        order = np.argsort(key, kind="stable")
        return cls(key[order], table[order, 0], table[order, 2])

    def on(self, players: np.ndarray, days: np.ndarray) -> np.ndarray:
        """Each player's rating of his latest list on or before his day (interpretation 2),
        ``NO_RATING`` where there is none or it showed him without one."""
        if not len(self.key):
            return np.full(len(players), NO_RATING, dtype=np.int64)
        position = np.searchsorted(self.key, players * DAY_SPAN + days, side="right") - 1
        row = np.maximum(position, 0)
        return np.where(
            (position >= 0) & (self.player[row] == players), self.rating[row], NO_RATING
        )


def _ever_listed(category: str, players: set[int]) -> set[int]:
    """Those of ``players`` with a rating state in the category: the only ones with a
    history row there, since publications write the history off the states and imports
    write both, and neither is ever deleted alone. A month's new players, most of those
    missing from the list in force, have none: looking for their earlier rows cost a probe
    per player in each list's partition of the history (0.3-0.6 s for 31,000 of them)."""
    states = RatingState.objects.filter(category=category)
    return set(numbers_of_players(states, ("player_id",), players, by_id=True)[:, 0].tolist())


NOTHING_LISTED = ListedRatings(*(np.zeros(0, dtype=np.int64) for _ in range(3)))


class RatingsInForce:
    """Each player's published rating of the list in force on a day (interpretation 2),
    from the registry's rating history."""

    def __init__(
        self,
        category: str,
        players: set[int],
        tournaments: Iterable[Tournament],
        *,
        since: dt.date | None = None,
        until: dt.date | None = None,
    ) -> None:
        """The lists from ``since`` (default: ``RATING_LOOKBACK_MONTHS`` before the first
        start) to ``until`` (default: the last start) are looked at."""
        starts = [t.start_date for t in tournaments]
        self.category = category
        self.listed = NOTHING_LISTED
        if not starts or not players:
            return
        self.first = min(starts)
        self.since = since or add_months(self.first, -RATING_LOOKBACK_MONTHS)
        self.until = until or max(starts)
        self.listed = self._history(category, players)

    def _history(self, category: str, players: set[int]) -> ListedRatings:
        """The players' rows of the last list on or before the first start (the list in
        force then) and of the lists after it up to the last start, and, for a player
        missing from that list (a partial import, a list that left him off), his last
        earlier row, however old: interpretation 2's latest row on or before the start. A
        year of monthly lists is a dozen rows a player; only the one in force is read.
        Without a list in force at the first start, the lists from the look-back's start
        on."""
        if not players:
            return NOTHING_LISTED
        rows = (
            RatingHistory.objects.filter(category=category)
            .order_by()
            .annotate(
                # day_number, worked out by the database
                day=Cast(
                    ExtractYear("list_date") * 10_000
                    + ExtractMonth("list_date") * 100
                    + ExtractDay("list_date"),
                    IntegerField(),
                ),
                rating_or_none=Coalesce("rating", NO_RATING),
            )
        )
        columns = ("player_id", "day", "rating_or_none")
        # The list in force is the latest one, however old (interpretation 2): a registry
        # whose lists stopped a year and a half ago still rates its players by the last.
        in_force = rows.filter(list_date__lte=self.first).aggregate(latest=Max("list_date"))[
            "latest"
        ]
        # No list in force at the first start (the registry's history begins later): the
        # lists up to the last start, and nobody to look back for.
        listed = rows.filter(list_date__gte=in_force or self.since, list_date__lte=self.until)
        found = numbers_of_players(listed, columns, players)
        if in_force is None:
            return ListedRatings.of(found)
        on_the_list = found[found[:, 1] == day_number(in_force), 0]
        missing = _ever_listed(category, players - set(on_the_list.tolist()))
        earlier = numbers_of_players(
            rows.filter(list_date__lt=in_force), columns, missing, by_id=True
        )
        # Each missing player's latest earlier row: in force at the start.
        earlier = earlier[np.lexsort((-earlier[:, 1], earlier[:, 0]))]
        latest = np.r_[True, earlier[1:, 0] != earlier[:-1, 0]] if len(earlier) else []
        return ListedRatings.of(np.concatenate([found, earlier[latest]]))

    def columns(self, raw: np.ndarray, tournaments: dict[int, Tournament]) -> GameColumns:
        """The games of ``raw`` (game, tournament, white, black, white score; a row each)
        with each player's rating in them: of the list in force at the tournament's start
        (interpretation 2), else his standard rating then (R&B 2024 7.2.1). The standard
        rating is read for every player unrated at a start of his, whatever else he is on
        other days: never listed in the category, or shown as unrated on the list in force
        (delisted, 6.2.1: "treated in the same manner as any other unrated player"; a
        review found it read only for players unrated at every start of the period)."""
        raw = raw.reshape(-1, 5)
        starts = [day_number(t.start_date) for t in tournaments.values()]
        day = per_game(tournaments, starts, raw[:, 1])
        sides = (raw[:, 2], raw[:, 3])
        ratings = [self.listed.on(players, day) for players in sides]
        if self.category != RatingCategory.STANDARD:
            unrated = set().union(
                *(
                    players[rating == NO_RATING].tolist()
                    for players, rating in zip(sides, ratings, strict=True)
                )
            )
            standard = self._history(RatingCategory.STANDARD, unrated)
            for players, rating in zip(sides, ratings, strict=True):
                at = rating == NO_RATING
                rating[at] = standard.on(players[at], day[at])
        return GameColumns.of(raw, *ratings)
