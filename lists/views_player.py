"""How each rating was computed, for everybody: a player's results list by list with every
game's figures, and a tournament's crosstable with each player's rating change in it.

Both pages read published periods only (the run the period names as computed); rating
officers and administrators also see the computed, unpublished period as a preview on the
player's page. Figures are integers of hundredths, as the computation stores them, shown
to two decimals without rounding (DESIGN.md interpretation 5).
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from django.core.cache import cache
from django.db.models import F, Q, QuerySet
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from lists.computation import FIRST_EVENT_CLAUSE
from lists.models import PeriodGame, PeriodResult, RatingPeriod
from lists.period_inputs import tournament_facts
from players.access import Actor
from players.models import Player
from players.pagination import FixedPagePaginator
from players.views import retired_player_redirect
from regulations import RULE_SETS, OverTheBoardRules
from regulations.base import k_held_by_700_rule
from regulations.calendar import add_months
from regulations.rounding import hundredths
from tournaments.models import Game, Tournament, TournamentReport
from tournaments.reports.selectors import approved_report, ratings_in_force, registry_players
from tournaments.selectors import rule_schedule, rules_for
from tournaments.trf import parse
from tournaments.trf.codes import DEFAULT_HALVES

#: Lists shown per page of a player's calculations (a year of monthly lists).
PERIODS_PER_PAGE = 12

UNRATED_OPPONENT = "not rated: the opponent is unrated (DESIGN.md interpretation 6)"
TOWARDS_FIRST_RATING = "towards a first rating: see the events above"
BOTH_UNRATED = "not rated: both players are unrated (DESIGN.md interpretation 6)"
LEFT_OUT_OF_ROUND_ROBIN = (
    "zero or half a point in a round robin, the player's first event: left out of it, and "
    "so are the opponents' games against the player (standard-2009 6.1)"
)
FIRST_EVENT_LEFT_OUT = (
    "not rated: an unrated player's first event of zero or half a point is disregarded, "
    "and so are the opponents' games against that player (standard-2009 6.1)"
)


DELISTED_SINCE = (
    "not rated for this player: delisted since the tournament began, so unrated; the "
    "result waits towards a first rating (DESIGN.md interpretation 9)"
)


def not_rated_note(clause: str, *, opponent_rated: bool) -> str:
    """Why a game did not count for a player rated in it: his opponent was unrated
    (interpretation 6), or left out of a round robin with his first event (standard-2009
    6.1: the game carries that clause); against a rated opponent, he was delisted since
    the start (interpretation 9: his opponent still counts him, a review found him told
    his opponent was unrated)."""
    if clause == FIRST_EVENT_CLAUSE:
        return FIRST_EVENT_LEFT_OUT
    return DELISTED_SINCE if opponent_rated else UNRATED_OPPONENT


# -- formatting ------------------------------------------------------------------------------


def signed(value_hundredths: int | None) -> str:
    """A figure held in hundredths, with its sign, to two decimals: +7.20, -0.36."""
    if value_hundredths is None:
        return ""
    return f"{hundredths(value_hundredths):+.2f}"


def plain(value_hundredths: int | None) -> str:
    """A figure held in hundredths to two decimals, unsigned: 0.64."""
    if value_hundredths is None:
        return ""
    return f"{hundredths(value_hundredths):.2f}"


def points(score_halves: int) -> str:
    """Half points as points: 3 -> 1.5."""
    return f"{score_halves // 2}.5" if score_halves % 2 else str(score_halves // 2)


def difference_text(value: Decimal | None) -> str:
    """The rating difference used: whole where it is whole (+100), else two decimals."""
    if value is None:
        return ""
    if value == value.to_integral_value():
        return f"{int(value):+d}"
    return f"{value:+.2f}"


# -- a player's calculations -------------------------------------------------------------------


@dataclass(frozen=True)
class GameLine:
    """One game seen from the player: the figures of his side (None where it did not
    count for him)."""

    round: int
    opponent: Player
    white: bool
    rating: int | None
    opponent_rating: int | None
    difference: Decimal | None
    expected_hundredths: int | None
    score_halves: int
    k: int | None
    #: The clause of the rating difference used (standard-2009 8.54, R&B 2024 7.3.1, ...).
    clause: str
    #: A standard-2009 round robin, where games between unrated players count towards
    #: their first ratings (8.58, interpretation 7); elsewhere they are not rated.
    unrated_games_count: bool = False
    #: The rule set of the tournament; his published rating before the period.
    rules: OverTheBoardRules | None = None
    rating_now: int | None = None
    #: Why his first rating disregarded this event (``PeriodBlock.disregarded_reason``).
    disregarded: str = ""

    @classmethod
    def of(
        cls,
        row: PeriodGame,
        player_id: int,
        k: int | None,
        unrated_games_count: bool = False,
        *,
        rules: OverTheBoardRules | None = None,
        rating_now: int | None = None,
        disregarded: str = "",
    ) -> GameLine:
        white = row.white_id == player_id
        return cls(
            round=row.game.round,
            opponent=row.black if white else row.white,
            white=white,
            rating=row.white_rating if white else row.black_rating,
            opponent_rating=row.black_rating if white else row.white_rating,
            difference=row.white_difference if white else row.black_difference,
            expected_hundredths=row.white_expected if white else row.black_expected,
            score_halves=row.white_score if white else 2 - row.white_score,
            k=k,
            clause=row.clause,
            unrated_games_count=unrated_games_count,
            rules=rules,
            rating_now=rating_now,
            disregarded=disregarded,
        )

    @property
    def rated_since(self) -> bool:
        """Unrated at the start, he is rated with his current rating (standard-2009 8.4,
        R&B 2024 7.2.5): the game shows no rating of his, D is from his current one (a
        review found D shown without the rating it came from)."""
        return self.counted and self.rating is None and self.rating_now is not None

    @property
    def rating_used(self) -> int | None:
        return self.rating_now if self.rated_since else self.rating

    @property
    def opponent_rated_at_end(self) -> bool:
        """Counted against an unrated opponent: a round robin's, his rating determined at
        the end of the event (standard-2009 8.52, 8.58)."""
        return self.counted and self.opponent_rating is None

    @property
    def opponent_ru(self) -> str:
        """That rating, read back from D where the cap did not change it (8.54); where it
        did, the bound it gives ("1600 or below": D = +400, "2400 or above": D = -400).
        Empty where the game was not counted against an unrated opponent."""
        if not self.opponent_rated_at_end or self.rules is None:
            return ""
        if self.rating_used is None or self.difference is None:
            return ""
        cap = self.rules.difference_cap
        if abs(self.difference) < cap:
            return str(self.rating_used - int(self.difference))
        if self.difference > 0:
            return f"{self.rating_used - cap} or below"
        return f"{self.rating_used + cap} or above"

    @property
    def counted(self) -> bool:
        return self.expected_hundredths is not None

    @property
    def colour(self) -> str:
        return "White" if self.white else "Black"

    @property
    def score(self) -> str:
        return points(self.score_halves)

    @property
    def difference_used(self) -> str:
        return difference_text(self.difference)

    @property
    def expected(self) -> str:
        return plain(self.expected_hundredths)

    @property
    def dr_hundredths(self) -> int | None:
        """dR = score - P_D (R&B 2024 7.3.2, standard-2009 8.55)."""
        if self.expected_hundredths is None:
            return None
        return 50 * self.score_halves - self.expected_hundredths

    @property
    def dr(self) -> str:
        return signed(self.dr_hundredths)

    @property
    def k_dr(self) -> str:
        dr = self.dr_hundredths
        return "" if dr is None or self.k is None else signed(self.k * dr)

    @property
    def note(self) -> str:
        if self.counted:
            return ""
        if self.clause == FIRST_EVENT_CLAUSE or self.rating is not None:
            # In a standard-2009 round robin a game against an unrated opponent counts
            # (8.58): not counted, it is his own side that is unrated (a review).
            opponent_counts = self.opponent_rating is not None or self.unrated_games_count
            return not_rated_note(self.clause, opponent_rated=opponent_counts)
        if self.opponent_rating is None and not self.unrated_games_count:
            return BOTH_UNRATED
        if self.disregarded:
            # A review found a lost first event's games said to count "towards a first rating".
            return f"not counted towards a first rating: {self.disregarded}"
        return TOWARDS_FIRST_RATING


@dataclass(frozen=True)
class TournamentBlock:
    """A player's games in one tournament of a period and their subtotal."""

    tournament: Tournament
    k: int | None
    lines: list[GameLine]

    @property
    def counted(self) -> list[GameLine]:
        return [line for line in self.lines if line.counted]

    @property
    def clause(self) -> str:
        return next((line.clause for line in self.counted), "")

    @property
    def score(self) -> str:
        return points(sum(line.score_halves for line in self.counted))

    @property
    def expected(self) -> str:
        return plain(sum(line.expected_hundredths or 0 for line in self.counted))

    @property
    def dr_hundredths(self) -> int:
        return sum(line.dr_hundredths or 0 for line in self.counted)

    @property
    def dr(self) -> str:
        return signed(self.dr_hundredths)

    @property
    def change_hundredths(self) -> int | None:
        """K x sum(dR) in this tournament, unrounded (DESIGN.md interpretation 5)."""
        if self.k is None or not self.counted:
            return None
        return self.k * self.dr_hundredths

    @property
    def change(self) -> str:
        return signed(self.change_hundredths)


@dataclass(frozen=True)
class EventLine:
    """A new player's event as the first-rating calculation took it."""

    end_date: dt.date
    games: int
    score: str
    competition_rating: str
    round_robin: bool
    reason: str = ""


@dataclass
class PeriodBlock:
    """A player's result on one list, with his games grouped by tournament."""

    result: PeriodResult
    tournaments: list[TournamentBlock] = field(default_factory=list)
    #: The viewer may edit the player, and so read what the public may not.
    private: bool = False

    @property
    def period(self) -> RatingPeriod:
        return self.result.period

    @property
    def reason(self) -> str:
        """Why there is no first rating yet; to the public, as for any player where the
        player's membership of the IBCA, ICSC or IPCA changed it (standard-2009 7.14g,
        DESIGN-notes 80)."""
        explanation = self.explanation
        if not self.private and "public_reason" in explanation:
            return str(explanation["public_reason"])
        return str(explanation.get("reason", ""))

    @property
    def preview(self) -> bool:
        return not self.period.is_published

    @property
    def explanation(self) -> dict[str, Any]:
        return self.result.explanation or {}

    @property
    def is_new_player(self) -> bool:
        return self.result.kind in (PeriodResult.Kind.INITIAL, PeriodResult.Kind.PENDING)

    @property
    def has_events(self) -> bool:
        return self.is_new_player and bool(
            self.explanation.get("counted") or self.explanation.get("disregarded")
        )

    @property
    def change(self) -> str:
        return signed(self.result.change_hundredths)

    @property
    def change_rounded(self) -> str:
        return f"{self.result.change_rounded:+d}"

    @property
    def adopted_from(self) -> int | None:
        """The standard rating a player unrated in the category was rated from (R&B 2024
        7.2.1: he "is considered to be rated" with it), else None: "unrated -> 2216"
        did not add up on its own terms (a review)."""
        result = self.result
        if result.kind != PeriodResult.Kind.ADOPTED or None in (
            result.new_rating,
            result.change_rounded,
        ):
            return None
        return result.new_rating - result.change_rounded

    @property
    def k_by_700_rule(self) -> str:
        """What the 700 rule says of the K used, where it is the most the rule allows for
        the period's games (R&B 2024 7.3.3, pre-2024 7.32), else "": the K alone looked
        like the rule set's own (a review: a junior's K 40 cut to 35 by his 20 games read
        "K 35 (R&B 2024 7.3.3)" and nothing more). Not for a period of two rule sets,
        whose K are each their own."""
        result, rules = self.result, RULE_SETS.get(self.result.rules)
        if (
            not isinstance(rules, OverTheBoardRules)
            or not rules.seven_hundred_rule
            or result.k is None
            or "k_by_rule_set" in self.explanation
            or not k_held_by_700_rule(result.k, result.games)
        ):
            return ""
        return (
            f"{result.games} games \u00d7 K may not exceed 700: K is at most {result.k} "
            f"({rules.k_clause})"
        )

    @property
    def score(self) -> str:
        return points(self.result.score_halves)

    @property
    def expected(self) -> str:
        return plain(self.result.expected_hundredths)

    @property
    def competition_rating(self) -> str:
        """Rc of the counted events together (standard-2009 8.21, R&B 2024 7.2.3)."""
        value = self.explanation.get("competition_rating")
        return "" if value is None else f"{Decimal(value):.2f}"

    @property
    def counted_events(self) -> list[EventLine]:
        return [_event_line(event) for event in self.explanation.get("counted", ())]

    @property
    def disregarded_events(self) -> list[EventLine]:
        return [
            _event_line(event, self._disregarded_reason(event))
            for event in self.explanation.get("disregarded", ())
        ]

    def disregarded_reason(self, tournament: Tournament) -> str:
        """Why a new player's first rating disregarded ``tournament``, or "": the
        explanation keeps his events by end date, not by tournament, so only an event
        alone on its end date is named."""
        if not self.is_new_player:
            return ""
        end_date = tournament.end_date.isoformat()
        events = [
            *self.explanation.get("counted", ()),
            *self.explanation.get("disregarded", ()),
        ]
        same_day = [event for event in events if event["end_date"] == end_date]
        if len(same_day) != 1 or same_day[0] not in self.explanation.get("disregarded", ()):
            return ""
        return self._disregarded_reason(same_day[0])

    def _disregarded_reason(self, event: dict[str, Any]) -> str:
        """Outside the pooling window (standard-2009 7.14c, R&B 2024 6.1.4), or a first
        event the rule set does not build on."""
        rules = RULE_SETS.get(self.result.rules)
        months = getattr(rules, "initial_pooling_months", None)
        clause = getattr(rules, "initial_clause", "")
        list_date = self.period.list_date
        end_date = dt.date.fromisoformat(event["end_date"])
        if months and not add_months(list_date, -months) <= end_date < list_date:
            return f"ended outside the {months} months before the list ({clause})"
        if event.get("left_out"):
            return LEFT_OUT_OF_ROUND_ROBIN
        # The explanation stores the events, not the reason: the rule set's rule says it.
        return getattr(rules, "first_event_rule", "a first event that does not count")


def _event_line(event: dict[str, Any], reason: str = "") -> EventLine:
    return EventLine(
        end_date=dt.date.fromisoformat(event["end_date"]),
        games=event["games"],
        score=points(int(Decimal(str(event["score"])) * 2)),
        competition_rating=f"{Decimal(event['competition_rating']):.2f}",
        round_robin=bool(event.get("round_robin")),
        reason=reason,
    )


def visible_periods_q(actor: Actor, prefix: str = "period__") -> Q:
    """Published periods' computed runs; officers and administrators also see the computed,
    unpublished one (the preview)."""
    statuses = [RatingPeriod.Status.PUBLISHED]
    if actor.is_officer or actor.is_administrator:
        statuses.append(RatingPeriod.Status.COMPUTED)
    return Q(**{f"{prefix}status__in": statuses}, run=F(f"{prefix}computed_run"))


def player_results(actor: Actor, player: Player) -> QuerySet[PeriodResult]:
    """The player's results the actor may see, newest list first."""
    return (
        PeriodResult.objects.filter(visible_periods_q(actor), player=player)
        .select_related("period")
        .order_by("-period__list_date", "period__category")
    )


def player_period_blocks(
    player: Player, results: Sequence[PeriodResult], *, private: bool = False
) -> list[PeriodBlock]:
    """The results with the player's games of the same runs, in one query; ``private``:
    for a viewer who may edit the player."""
    blocks = {result.period_id: PeriodBlock(result, private=private) for result in results}
    if not blocks:
        return []
    rows = (
        PeriodGame.objects.filter(
            Q(game__white=player) | Q(game__black=player),
            period_id__in=list(blocks),
            run=F("period__computed_run"),
        )
        .select_related("game", "tournament", "white", "black")
        .order_by("period_id", "tournament__start_date", "tournament__name", "game__round", "pk")
    )
    by_tournament: dict[tuple[int, int], list[PeriodGame]] = defaultdict(list)
    for row in rows:
        by_tournament[(row.period_id, row.tournament_id)].append(row)
    schedule = rule_schedule()
    facts_of = {
        key: tournament_facts(rows[0].tournament, schedule) for key, rows in by_tournament.items()
    }
    by_8_58 = rated_by_8_58([key for key, facts in facts_of.items() if facts.rated_by_8_58])
    for (period_id, tournament_id), tournament_rows in by_tournament.items():
        block = blocks[period_id]
        tournament = tournament_rows[0].tournament
        facts = facts_of[(period_id, tournament_id)]
        k = block.result.k_under(facts.rules.id)
        between_unrated = (period_id, tournament_id) in by_8_58
        now = block.result.old_rating
        disregarded = block.disregarded_reason(tournament)
        lines = [
            GameLine.of(
                row, player.pk, k, between_unrated,
                rules=facts.rules, rating_now=now, disregarded=disregarded,
            )
            for row in tournament_rows
        ]  # fmt: skip
        block.tournaments.append(TournamentBlock(tournament=tournament, k=k, lines=lines))
    return list(blocks.values())


def rated_by_8_58(round_robins: list[tuple[int, int]]) -> set[tuple[int, int]]:
    """Of these (period, tournament) standard-2009 round robins, those their run rated by
    8.58: a game against an unrated opponent counted. One with games unplayed was rated as
    a Swiss event (6.4), and its games against unrated players counted for nobody rated
    (6.42; a review found them explained as the rated player's delisting). One query."""
    if not round_robins:
        return set()
    against_unrated = Q(white_rating=None, black_expected__isnull=False) | Q(
        black_rating=None, white_expected__isnull=False
    )
    found = (
        PeriodGame.objects.filter(
            against_unrated,
            period_id__in={period for period, _ in round_robins},
            tournament_id__in={tournament for _, tournament in round_robins},
            run=F("period__computed_run"),
        )
        .values_list("period_id", "tournament_id")
        .distinct()
    )
    return set(found) & set(round_robins)


def player_calculations(request: HttpRequest, fide_id: int) -> HttpResponse:
    """A player's rating, list by list: K and its clause, every game's P_D and dR, the
    per-tournament K x sum(dR), the rounding; for a new player the events of his first
    rating."""
    actor = request.actor
    player = (
        Player.objects.restrict(actor).select_related("federation").filter(fide_id=fide_id).first()
    )
    if player is None:
        return retired_player_redirect(request, fide_id, "lists:player_calculations")
    page = FixedPagePaginator(
        player_results(actor, player), None, page_size=PERIODS_PER_PAGE
    ).get_page(request.GET.get("page"))
    private = Player.objects.restrict(actor, "edit").filter(pk=player.pk).exists()
    context = {
        "player": player,
        "page": page,
        "blocks": player_period_blocks(player, list(page.object_list), private=private),
        # The online arena's ratings are worked out game by game on pages of their own.
        "arena": player.arena_ratings.all(),
    }
    return render(request, "lists/player_calculations.html", context)


# -- a tournament's crosstable -----------------------------------------------------------------


@dataclass(frozen=True)
class Cell:
    """One round in a crosstable row: the opponent's rank (0: none, a bye), the colour,
    the result (1, ½, 0 over the board; TRF's codes otherwise: + and - a forfeit, W D L a
    game not moved, H F U Z a bye)."""

    opponent_rank: int
    colour: str
    result: str

    @property
    def text(self) -> str:
        if not self.opponent_rank:
            return f"bye {RESULT_SIGNS[DEFAULT_HALVES.get(self.result, 0)]}"
        return f"{self.opponent_rank}{self.colour}{self.result}"

    @property
    def over_the_board(self) -> bool:
        return self.result in RESULT_SIGNS.values()


@dataclass(frozen=True)
class ReportStandings:
    """What the report as received says beyond its games: each registry player's rounds
    not played over the board, and his final rank where the file gives one."""

    unplayed: dict[int, list[Unplayed]] = field(default_factory=dict)
    ranks: dict[int, int] = field(default_factory=dict)


@dataclass(frozen=True)
class Unplayed:
    """A round not played over the board (a forfeit, a game not moved, a bye): it counts
    in the standings and never in the ratings (DESIGN.md interpretation 6)."""

    round: int
    opponent: int | None
    colour: str
    code: str
    halves: int


RESULT_SIGNS = {2: "1", 1: "½", 0: "0"}


@dataclass
class CrossRow:
    player: Player
    score_halves: int = 0
    rank: int = 0
    cells: dict[int, list[Cell]] = field(default_factory=lambda: defaultdict(list))
    rounds: list[list[Cell]] = field(default_factory=list)
    #: Once rated: his rating in the tournament, K, and K x sum(dR) in hundredths, and
    #: that rounded as the rule set rounds a change (interpretation 5).
    rating: int | None = None
    k: int | None = None
    change_hundredths: int | None = None
    change_rounded: int | None = None
    result: PeriodResult | None = None
    #: Once rated, for a player rated before it with none of its games rated: why.
    unrated_note: str = ""
    #: Not yet rated on the tournament's list: the first rating a later list gave him, and
    #: whether the tournament counted in it ("counted", "disregarded" or "").
    first_rating: PeriodResult | None = None
    first_rating_event: str = ""
    #: Unrated at the start, rated with his current rating (standard-2009 8.4, R&B 2024
    #: 7.2.5): the clause, ``rating`` then being that current rating.
    rated_since_clause: str = ""
    #: Not yet rated: the standard list whose rating he will be rated with, unrated in
    #: the tournament's rapid or blitz category, and the clause (R&B 2024 7.2.1).
    rating_from: str = ""

    @property
    def score(self) -> str:
        whole, half = divmod(self.score_halves, 2)
        if not half:
            return str(whole)
        return f"{whole}½" if whole else "½"

    @property
    def change(self) -> str:
        return signed(self.change_hundredths)

    @property
    def change_rounded_text(self) -> str:
        return "" if self.change_rounded is None else f"{self.change_rounded:+d}"


def tournament_games(report: TournamentReport | None) -> list[Game]:
    """The games of the report played over the board."""
    if report is None:
        return []
    return list(
        Game.objects.filter(report=report)
        .select_related("white__federation", "black__federation")
        .order_by("round", "pk")
    )


#: A round with a result as the crosstable needs it: round, opponent's start rank, colour,
#: result, its half-points, and whether it claims a game played over the board. Plain
#: values: a cached ``TrfRound`` a block took five times as long to read back (a review).
RoundRead = tuple[int, int | None, str, str, int, bool]
#: An entrant of a report as its file reads: start rank, rank, the rounds with a result.
EntrantRounds = tuple[int, int | None, tuple[RoundRead, ...]]

#: How long a report's rounds read from its file stay in the cache: the file never changes.
REPORT_ROUNDS_SECONDS = 24 * 60 * 60
#: Part of the key: a change to how the rounds are read (the reader, ``RoundRead``) bumps it.
REPORT_ROUNDS_VERSION = 1


def report_rounds(report: TournamentReport) -> list[EntrantRounds] | None:
    """Each entrant's start rank, rank and rounds with a result, read from the file as
    received, or None where the file is gone from storage. Read once a day at most: a
    review timed a public crosstable re-reading a 2,000-player open's file on every view
    at 0.4-0.5 s. The key names the upload (its id, time and digest), as a database
    restored or the tests may give another report the same id. "Once a day" is each web
    process's with the default cache, the site's with a shared one (``CACHE_URL``)."""
    key = (
        f"report-rounds:{REPORT_ROUNDS_VERSION}:{report.pk}:"
        f"{report.uploaded_at.timestamp()}:{report.sha256}"
    )
    rounds = cache.get(key)
    if rounds is not None:
        return rounds
    try:
        with report.file.open("rb") as handle:
            parsed = parse(handle.read()).report
    except OSError:  # not remembered: the file may be put back
        return None
    rounds = [
        (
            entrant.start_rank,
            entrant.rank,
            tuple(
                (b.round, b.opponent, b.colour or "", b.result, b.halves, b.played)
                for b in entrant.rounds
                if not (b.is_empty or b.result_blank)
            ),
        )
        for entrant in (parsed.players if parsed else ())
    ]
    cache.set(key, rounds, REPORT_ROUNDS_SECONDS)
    return rounds


def report_standings(report: TournamentReport | None) -> ReportStandings:
    """Read from the file as received (only the games played are stored as games): per
    registry player his rounds not played over the board, and his rank (TRF 001 columns
    86-89)."""
    rounds = report_rounds(report) if report is not None else None
    if not rounds:  # no report, its file gone (the games played still show) or unreadable
        return ReportStandings()
    players = dict(report.matches.values_list("start_rank", "player_id"))
    standings = ReportStandings(unplayed=defaultdict(list))
    for start_rank, rank, blocks in rounds:
        player_id = players.get(start_rank)
        if player_id is None:
            continue
        if rank is not None:
            standings.ranks[player_id] = rank
        for number, opponent_rank, colour, result, halves, played in blocks:
            opponent = players.get(opponent_rank) if opponent_rank else None
            # A game over the board is a stored game, unless against a pseudo-player
            # handing out byes ('spielfrei'), which no registry player stands for.
            if played and opponent is not None:
                continue
            standings.unplayed[player_id].append(Unplayed(number, opponent, colour, result, halves))
    return standings


def crosstable_rows(
    games: Sequence[Game], standings: ReportStandings | None = None
) -> tuple[list[CrossRow], list[int]]:
    """Players by score, ties as the report ranks them (then by name), each with his
    rounds: the games played over the board and the rounds that were not (forfeits,
    byes), whose points count as well."""
    standings = standings or ReportStandings()
    unplayed, ranks = standings.unplayed, standings.ranks
    rows: dict[int, CrossRow] = {}
    for game in games:
        for player, halves in ((game.white, game.white_score), (game.black, 2 - game.white_score)):
            row = rows.setdefault(player.pk, CrossRow(player))
            row.score_halves += halves
    absent = set(unplayed) - set(rows)  # players with no game over the board
    for player in Player.objects.filter(pk__in=absent).select_related("federation"):
        rows[player.pk] = CrossRow(player)
    for player_id, rounds in unplayed.items():
        if player_id in rows:
            rows[player_id].score_halves += sum(entry.halves for entry in rounds)
    ordered = sorted(
        rows.values(),
        key=lambda r: (-r.score_halves, ranks.get(r.player.pk, len(ranks) + 1), r.player.name),
    )
    for rank, row in enumerate(ordered, start=1):
        row.rank = rank
    last_round = 0
    for game in games:
        last_round = max(last_round, game.round)
        white, black = rows[game.white_id], rows[game.black_id]
        white.cells[game.round].append(Cell(black.rank, "w", RESULT_SIGNS[game.white_score]))
        black.cells[game.round].append(Cell(white.rank, "b", RESULT_SIGNS[2 - game.white_score]))
    for player_id, rounds in unplayed.items():
        row = rows.get(player_id)
        for entry in rounds if row is not None else ():
            last_round = max(last_round, entry.round)
            opponent = rows.get(entry.opponent) if entry.opponent else None
            rank = opponent.rank if opponent is not None else 0
            row.cells[entry.round].append(Cell(rank, entry.colour, entry.code))
    numbers = list(range(1, last_round + 1))
    for row in ordered:
        row.rounds = [row.cells.get(number, []) for number in numbers]
    return ordered, numbers


#: What the crosstable reads of each game its period rated.
CROSSTABLE_GAME_FIELDS = (
    "period_id", "clause", "white_score",
    "white_id", "white_rating", "white_expected",
    "black_id", "black_rating", "black_expected",
)  # fmt: skip


def rated_period(tournament: Tournament, rows: list[CrossRow]) -> RatingPeriod | None:
    """The published period that rated the tournament, its figures written into ``rows``:
    each player's rating in the tournament and K x sum(dR) over its games, K from his
    result of the same run (DESIGN.md interpretations 4 and 5)."""
    rated = list(
        # By the run's own tournament column, which its index (period, run, tournament)
        # finds; through the registry's games the whole month's million were read.
        PeriodGame.objects.filter(
            tournament=tournament,
            period__status=RatingPeriod.Status.PUBLISHED,
            run=F("period__computed_run"),
        ).only(*CROSSTABLE_GAME_FIELDS)
    )
    if not rated:
        return None
    # Read once, not joined to each game: a 200-player event made 700 copies (a review).
    period = RatingPeriod.objects.get(pk=rated[0].period_id)
    by_player = {row.player.pk: row for row in rows}
    results = PeriodResult.objects.filter(
        period=period, run=period.computed_run, player_id__in=list(by_player)
    )
    rules = tournament_facts(tournament).rules
    for result in results:
        by_player[result.player_id].result = result
        by_player[result.player_id].k = result.k_under(rules.id)
    dr: dict[int, int] = defaultdict(int)
    seen: set[int] = set()
    for game in rated:
        sides = (
            (game.white_id, game.white_rating, game.white_expected, game.white_score),
            (game.black_id, game.black_rating, game.black_expected, 2 - game.white_score),
        )
        for index, (player_id, rating, expected, halves) in enumerate(sides):
            row = by_player.get(player_id)
            if row is None:
                continue
            seen.add(player_id)
            if rating is not None:
                row.rating = rating
            if expected is not None:
                dr[player_id] += 50 * halves - expected
            elif rating is not None and row.unrated_note != FIRST_EVENT_LEFT_OUT:
                opponent_rating = sides[1 - index][1]
                row.unrated_note = not_rated_note(
                    game.clause, opponent_rated=opponent_rating is not None
                )
    for player_id, total in dr.items():
        row = by_player[player_id]
        if row.rating is None and row.result is not None and row.result.old_rating is not None:
            row.rating, row.rated_since_clause = row.result.old_rating, rules.rated_since_clause
        if row.k is not None:
            row.change_hundredths = row.k * total
            # Interpretation 5: a tournament's K x sum(dR) shown with its rounded value, as
            # the rule set rounds a change (the period's change is rounded once, on the list).
            if row.rating is not None:
                row.change_rounded = rules.settle(row.rating, row.change_hundredths)[0]
    _later_first_ratings(tournament, period, by_player)
    _ratings_without_a_game(tournament, {pk: by_player[pk] for pk in set(by_player) - seen})
    return period


def _ratings_without_a_game(tournament: Tournament, rows: dict[int, CrossRow]) -> None:
    """The rating in force at the tournament's start (interpretation 2) of the players who
    played no game over the board in it (byes, forfeits): none of its games tells it, and a
    review found a rated player shown as "unrated"."""
    if not rows:
        return
    players = {pk: row.player for pk, row in rows.items()}
    in_force = ratings_in_force(players, {tournament.category}, tournament.start_date)
    for pk, row in rows.items():
        row.rating = in_force.get((pk, tournament.category), (None, ""))[0]


def ratings_to_rate_from(tournament: Tournament, rows: list[CrossRow]) -> None:
    """A tournament not yet rated: each player's rating in force at its start
    (interpretation 2), or, unrated in a rapid or blitz category, the standard rating the
    rule set rates him with (R&B 2024 7.2.1, pre-2024 7.21), as validation reads them (a
    review found no rating shown until the list came out)."""
    rules_id = tournament.rule_set or rules_for(tournament.category, tournament.start_date).id
    registry = registry_players(
        [row.player.fide_id for row in rows],
        category=tournament.category,
        on=tournament.start_date,
        rules_id=rules_id,
    )
    for row in rows:
        known = registry.get(row.player.fide_id)
        row.rating = known.rating if known else None
        row.rating_from = known.list_label if known and known.adoption else ""


def _later_first_ratings(
    tournament: Tournament, period: RatingPeriod, by_player: dict[int, CrossRow]
) -> None:
    """For the players not yet rated on ``period``'s list, the first rating a later list
    gave them, pooling this tournament's results or not (standard-2009 8.1, R&B 2024
    6.1.4; disregarded: standard-2009 6.1, R&B 2024 7.2.2). A review found "not yet rated"
    shown for good. The explanation names the events by their end date."""
    waiting = [pk for pk, row in by_player.items() if row.result and row.result.kind == "pending"]
    if not waiting:
        return
    later = (
        PeriodResult.objects.filter(
            player_id__in=waiting,
            kind=PeriodResult.Kind.INITIAL,
            period__category=period.category,
            period__status=RatingPeriod.Status.PUBLISHED,
            period__list_date__gt=period.list_date,
            run=F("period__computed_run"),
        )
        .select_related("period")
        .order_by("period__list_date")
    )
    ended = tournament.end_date.isoformat()
    for result in later:
        row = by_player[result.player_id]
        if row.first_rating is not None:
            continue
        row.first_rating = result
        for event_kind in ("counted", "disregarded"):
            if any(e.get("end_date") == ended for e in result.explanation.get(event_kind, ())):
                row.first_rating_event = event_kind
                break


def tournament_crosstable(request: HttpRequest, pk: int) -> HttpResponse:
    """A tournament's crosstable; once rated, each player's rating and change in it."""
    tournament = get_object_or_404(
        Tournament.objects.restrict(request.actor).select_related("federation"), pk=pk
    )
    report = approved_report(tournament)
    rows, rounds = crosstable_rows(tournament_games(report), report_standings(report))
    period = rated_period(tournament, rows) if rows else None
    if rows and period is None:
        ratings_to_rate_from(tournament, rows)
    context = {"tournament": tournament, "rows": rows, "rounds": rounds, "period": period}
    return render(request, "lists/crosstable.html", context)
