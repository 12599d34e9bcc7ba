"""Rating one tournament report on its own: the officer's quick check behind ``rate_trf``.

Pure Python (no Django, writes nothing). TRF ratings are the players' ratings, 0/blank
is unrated, every player is taken as established (30 games or more), K comes from the
TRF's birth dates and ratings, and the 700 rule counts this report's games (DESIGN.md,
"The officers' batch interface"; docs/DESIGN-notes.md 23-25).
"""

from __future__ import annotations

import datetime as dt
import re
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from regulations import (
    DEFAULT_SCHEDULE,
    EffectiveDate,
    OnlineArena,
    OverTheBoardRules,
    UnknownRuleSet,
    get_rule_set,
    rule_set_for,
)
from regulations.online_arena import OnlineChange, OnlineState
from regulations.round_robin import RoundRobinPlayer
from regulations.rounding import round_half_up
from regulations.standard_1994 import Standard1994
from regulations.standard_2009 import Standard2009
from regulations.types import (
    Category,
    EventResult,
    Game,
    PeriodGame,
    PlayerState,
    RatingChange,
    points_from_halves,
)
from tournaments.time_controls import category_of, read_time_control
from tournaments.trf import Finding, Severity, TrfPlayer, TrfReport, TrfRound, sort_findings

SWISS = "swiss"
ROUND_ROBIN = "round-robin"
SYSTEMS = (SWISS, ROUND_ROBIN)
#: Record 092 names a round robin with one of these (TRF16 092 is free text).
ROUND_ROBIN_WORDS = re.compile(r"round[\s-]*robin|berger|all[\s-]*play[\s-]*all|\brr\b", re.I)
_ONLINE_CATEGORY = {
    Category.RAPID: Category.ONLINE_RAPID,
    Category.BLITZ: Category.ONLINE_BLITZ,
    Category.STANDARD: Category.ONLINE_RAPID,
}


class ReportNotRateable(ValueError):
    """The report cannot be rated as asked; the message says why in one line."""


@dataclass(frozen=True)
class RatedLine:
    start_rank: int
    fide_id: int | None
    name: str
    rating: int
    games: int
    score: Decimal
    expected: Decimal
    k: int
    change: Decimal
    change_rounded: int


@dataclass(frozen=True)
class UnratedLine:
    start_rank: int
    fide_id: int | None
    name: str
    games_vs_rated: int
    score_vs_rated: Decimal
    performance: int | Decimal | None


@dataclass(frozen=True)
class ReportRating:
    rules: str
    system: str
    category: Category
    players: tuple[RatedLine, ...]
    unrated: tuple[UnratedLine, ...]
    findings: tuple[Finding, ...]

    def as_json(self) -> dict[str, Any]:
        """The ``rate_trf --json`` document (DESIGN.md's schema, numbers as numbers)."""
        return {
            "rules": self.rules,
            "players": [
                {
                    "start_rank": p.start_rank,
                    "fide_id": p.fide_id,
                    "name": p.name,
                    "rating": p.rating,
                    "games": p.games,
                    "score": _number(p.score),
                    "expected": _number(p.expected),
                    "k": p.k,
                    "change": _number(p.change),
                    "change_rounded": p.change_rounded,
                }
                for p in self.players
            ],
            "unrated": [
                {
                    "start_rank": u.start_rank,
                    "fide_id": u.fide_id,
                    "games_vs_rated": u.games_vs_rated,
                    "score_vs_rated": _number(u.score_vs_rated),
                    "performance": None if u.performance is None else _number(u.performance),
                }
                for u in self.unrated
            ],
            "findings": [
                {
                    "severity": str(f.severity),
                    "code": f.code,
                    "line": f.line,
                    "column": f.column,
                    "rule": f.rule,
                    "message": f.message,
                }
                for f in self.findings
            ],
        }


def _number(value: Decimal | int) -> int | float:
    """A JSON number: whole values as integers, others as the shortest float that reads
    back as the same two-decimal value."""
    if isinstance(value, int) or value == value.to_integral_value():
        return int(value)
    return float(value)


# -- choosing the rules ---------------------------------------------------------------------


def tournament_system(report: TrfReport) -> str:
    """The system record 092 names: round robin when it says so, Swiss otherwise."""
    return ROUND_ROBIN if ROUND_ROBIN_WORDS.search(report.tournament_type) else SWISS


def start_date(report: TrfReport) -> dt.date | None:
    """042, else the first round date, else the end date."""
    dates = [report.start_date, *report.round_dates, report.end_date]
    return next((d.value for d in dates if d.value is not None), None)


def choose_rules(
    report: TrfReport,
    rules_id: str | None,
    findings: list[Finding],
    schedule: Sequence[EffectiveDate] = DEFAULT_SCHEDULE,
) -> tuple[OverTheBoardRules | OnlineArena, Category]:
    """--rules, or the rule set in force for the report's category and start date by
    ``schedule`` (the administrators' effective dates, ``tournaments.selectors.
    rule_schedule``, as registration and the period read them)."""
    category = category_of(report.time_control, report.tournament_type)
    if category is None and rules_id is None:
        findings.append(
            _note(
                "category-assumed",
                f"The time control '{report.time_control.strip()}' does not tell the category; "
                "standard play is assumed (give --rules to choose).",
                rule="TRF16 122",
            )
        )
    category = category or Category.STANDARD
    if rules_id is not None:
        try:
            rules = get_rule_set(rules_id)
        except UnknownRuleSet as error:
            raise ReportNotRateable(str(error)) from None
    else:
        start = start_date(report)
        if start is None:
            raise ReportNotRateable(
                "no start date (042) or round date (132) to choose the rule set; give --rules"
            )
        rules = rule_set_for(category, start, schedule)
    if isinstance(rules, OnlineArena):
        time_control = read_time_control(report.time_control)
        online = time_control and rules.classify_time_control(time_control)
        category = online or _ONLINE_CATEGORY[category]
    return rules, category


# -- rating ----------------------------------------------------------------------------------


def rate_report(
    report: TrfReport,
    *,
    rules_id: str | None = None,
    system: str | None = None,
    findings: tuple[Finding, ...] = (),
    schedule: Sequence[EffectiveDate] = DEFAULT_SCHEDULE,
) -> ReportRating:
    """Rate ``report`` on its own under the chosen rule set (or the one ``schedule`` puts
    in force) and system."""
    notes = list(findings)
    rules, category = choose_rules(report, rules_id, notes, schedule)
    system = system or tournament_system(report)
    if system not in SYSTEMS:
        raise ReportNotRateable(f"unknown system '{system}'; use swiss or round-robin")
    year = _rating_year(report, notes)
    notes += implausible_ratings(report, rules)
    if isinstance(rules, OnlineArena):
        rated, unrated = _rate_online(report, rules, category)
    elif system == ROUND_ROBIN and isinstance(rules, Standard2009 | Standard1994):
        rated, unrated = _rate_round_robin(report, rules, year, notes)
    else:
        rated, unrated = _rate_swiss(report, rules, year)
    return ReportRating(rules.id, system, category, rated, unrated, tuple(sort_findings(notes)))


#: Above any rating FIDE has published (the highest yet is 2882): a typing slip or a
#: field shifted into columns 49-52, not a rating to rate by.
HIGHEST_PLAUSIBLE_RATING = 3000


def implausible_ratings(report: TrfReport, rules: OverTheBoardRules | OnlineArena) -> list[Finding]:
    """Warnings for ratings in columns 49-52 no list holds: below the rule set's floor (no
    rating lower is published) or above ``HIGHEST_PLAUSIBLE_RATING``. They are rated as
    written, as the report stands for them (a review: a rating of 12 and one of 9999 were
    rated without a word, and moved their opponents' changes too)."""
    warnings = []
    for player in report.players:
        rating = player.rating
        if rating is None or rules.floor <= rating <= HIGHEST_PLAUSIBLE_RATING:
            continue
        why = (
            f"below {rules.floor}, the lowest rating {rules.id} publishes"
            if rating < rules.floor
            else f"above {HIGHEST_PLAUSIBLE_RATING}, higher than any rating FIDE has published"
        )
        warnings.append(
            _note(
                "implausible-rating",
                f"Line {player.line}: player {player.start_rank} ({player.name}) is rated "
                f"{rating} in columns 49-52, {why}; rated as written. Check the report.",
                rule=rules.floor_clause if rating < rules.floor else "TRF16 001",
                line=player.line,
                severity=Severity.WARNING,
            )
        )
    return warnings


def _rating_year(report: TrfReport, notes: list[Finding]) -> int:
    start = start_date(report)
    if start is not None:
        return start.year
    today = dt.date.today()
    notes.append(
        _note(
            "year-assumed",
            f"The report has no date; juniors are judged by the year {today.year}.",
            rule="TRF16 042",
        )
    )
    return today.year


def _state(player: TrfPlayer) -> PlayerState:
    """Established (30 games); 2400 reached if rated 2400 or more (DESIGN-notes 24)."""
    rating = player.rating or 0
    return PlayerState(
        rating=rating, games=30, reached_2400=rating >= 2400, birth_year=player.birth_date.year
    )


def _sides(report: TrfReport) -> list[tuple[TrfPlayer, TrfPlayer, int]]:
    """Each played game from both players' sides: (player, opponent, half points)."""
    sides = []
    for game in report.played_games():
        white, black = report.player(game.white), report.player(game.black)
        if white is None or black is None:
            continue
        sides.append((white, black, game.white_score_halves))
        sides.append((black, white, 2 - game.white_score_halves))
    return sides


def _rated_line(player: TrfPlayer, change: RatingChange | OnlineChange) -> RatedLine:
    return RatedLine(
        start_rank=player.start_rank,
        fide_id=player.fide_id,
        name=player.name,
        rating=player.rating or 0,
        games=change.games,
        score=change.score,
        expected=change.expected,
        k=change.k,
        change=change.change,
        change_rounded=change.change_rounded,
    )


def _unrated_line(
    player: TrfPlayer, results: list[tuple[int, int]], performance: int | Decimal | None
) -> UnratedLine:
    return UnratedLine(
        start_rank=player.start_rank,
        fide_id=player.fide_id,
        name=player.name,
        games_vs_rated=len(results),
        score_vs_rated=points_from_halves(sum(score for _, score in results)),
        performance=performance,
    )


def _results_against_rated(report: TrfReport) -> dict[int, list[tuple[int, int]]]:
    """Each unrated player's (rated opponent's rating, half points), in round order."""
    results: dict[int, list[tuple[int, int]]] = defaultdict(list)
    for player, opponent, score in _sides(report):
        if not player.is_rated and opponent.is_rated and opponent.rating:
            results[player.start_rank].append((opponent.rating, score))
    return results


def _rate_swiss(
    report: TrfReport, rules: OverTheBoardRules, year: int
) -> tuple[tuple[RatedLine, ...], tuple[UnratedLine, ...]]:
    """Swiss and team events: games between rated players only (standard-2009 6.42, 8.52)."""
    games: dict[int, list[Game]] = defaultdict(list)
    for player, opponent, score in _sides(report):
        if player.rating and opponent.rating:
            games[player.start_rank].append(Game(player.rating, opponent.rating, score, 1))
    rated = tuple(
        _rated_line(p, rules.rating_change(_state(p), games[p.start_rank], year=year))
        for p in _in_rank_order(report)
        if p.is_rated
    )
    end = report.end_date.value or start_date(report) or dt.date.today()
    against_rated = _results_against_rated(report)
    unrated = []
    for player in _in_rank_order(report):
        if player.is_rated:
            continue
        results = against_rated.get(player.start_rank, [])
        performance = None
        if results:
            event = EventResult.against(
                [rating for rating, _ in results], sum(s for _, s in results), end
            )
            performance = rules.event_performance(event)
        unrated.append(_unrated_line(player, results, performance))
    return rated, tuple(unrated)


def _rate_round_robin(
    report: TrfReport,
    rules: Standard2009 | Standard1994,
    year: int,
    notes: list[Finding],
) -> tuple[tuple[RatedLine, ...], tuple[UnratedLine, ...]]:
    """standard-2009 8.58 (unrated players' Ru by iteration, rated players' games against
    the final Ru, once those 6.1 disregards are left out) or standard-1994 10.21b/10.51.
    A round robin with unplayed games is rated as a Swiss event (standard-2009 6.4)."""
    unplayed = _unplayed_games(report)
    if unplayed:
        player, block = unplayed[0]
        notes.append(
            _note(
                "round-robin-unplayed",
                f"Round {block.round} of player {player.label} was not played; a round robin with "
                "unplayed games is rated as a Swiss tournament.",
                rule="standard-2009 6.4",
                line=player.line,
                severity=Severity.WARNING,
            )
        )
        return _rate_swiss(report, rules, year)
    notes.extend(_composition_findings(report))
    sides = _sides(report)
    entrants = _round_robin_entrants(report, sides)
    if not any(e.rating is not None for e in entrants):
        raise ReportNotRateable("a round robin without rated players cannot be rated")
    against_rated = _results_against_rated(report)
    if isinstance(rules, Standard1994):
        states = {p.start_rank: _state(p) for p in report.players if p.is_rated}
        outcome = rules.round_robin(entrants, states, year=year)
        rated = tuple(
            _rated_line(p, outcome.changes[p.start_rank])
            for p in _in_rank_order(report)
            if p.start_rank in outcome.changes
        )
        performances = {
            key: (whole if (whole := round_half_up(ru)) >= rules.floor else None)
            for key, ru in outcome.unrated.items()
        }
    else:
        left_out, sides = _first_events_disregarded(report, sides, rules)
        notes.extend(_disregarded_notes(report, left_out))
        entrants = _round_robin_entrants(report, sides)
        final = rules.round_robin(entrants).final if any(e.rating is None for e in entrants) else {}
        rating_in_game = {e.key: e.rating or final[e.key] for e in entrants}
        games: dict[int, list[Game]] = defaultdict(list)
        for player, opponent, score in sides:
            if player.rating:
                games[player.start_rank].append(
                    Game(player.rating, rating_in_game[opponent.start_rank], score, 1)
                )
        rated = tuple(
            _rated_line(p, rules.rating_change(_state(p), games[p.start_rank], year=year))
            for p in _in_rank_order(report)
            if p.is_rated
        )
        performances = {
            e.key: rules.round_robin_performance(
                final[e.key], e.score_halves, len(against_rated.get(e.key, []))
            )
            for e in entrants
            if e.rating is None
        }
    unrated = tuple(
        _unrated_line(p, against_rated.get(p.start_rank, []), performances.get(p.start_rank))
        for p in _in_rank_order(report)
        if not p.is_rated
    )
    return rated, unrated


def _round_robin_entrants(
    report: TrfReport, sides: list[tuple[TrfPlayer, TrfPlayer, int]]
) -> list[RoundRobinPlayer]:
    """The players of ``sides`` (``_sides``), with their opponents and half points."""
    opponents: dict[int, list[int]] = defaultdict(list)
    scores: dict[int, int] = defaultdict(int)
    for player, opponent, score in sides:
        opponents[player.start_rank].append(opponent.start_rank)
        scores[player.start_rank] += score
    return [
        RoundRobinPlayer(
            p.start_rank, p.rating, tuple(opponents[p.start_rank]), scores[p.start_rank]
        )
        for p in _in_rank_order(report)
        if opponents[p.start_rank]
    ]


def _first_events_disregarded(
    report: TrfReport, sides: list[tuple[TrfPlayer, TrfPlayer, int]], rules: Standard2009
) -> tuple[frozenset[int], list[tuple[TrfPlayer, TrfPlayer, int]]]:
    """standard-2009 6.1: the unrated players who score zero or half a point, left out of
    the round robin with their games ("his score and that of his opponents against him
    are disregarded"), and the sides that stay. Rated on its own, the report is every
    unrated player's first event. Repeated until no one more is left out: a player's
    games against one left out are disregarded too, which can leave him with zero or half
    a point (as the period computes it, DESIGN-notes 79)."""
    left_out: frozenset[int] = frozenset()
    while True:
        kept = [
            side
            for side in sides
            if side[0].start_rank not in left_out and side[1].start_rank not in left_out
        ]
        more = {
            e.key
            for e in _round_robin_entrants(report, kept)
            if e.rating is None and rules.first_event_disregards_opponents(e.score_halves)
        }
        if not more:
            return left_out, kept
        left_out |= more


def _disregarded_notes(report: TrfReport, left_out: frozenset[int]) -> list[Finding]:
    return [
        _note(
            "first-event-disregarded",
            f"Player {player.label} scores zero or half a point in his first event: his score "
            "and his opponents' against him are disregarded, and the round robin is rated "
            "without him.",
            rule="standard-2009 6.1",
            line=player.line,
        )
        for player in _in_rank_order(report)
        if player.start_rank in left_out
    ]


def _unplayed_games(report: TrfReport) -> list[tuple[TrfPlayer, TrfRound]]:
    """The forfeits and games without a move between two players. A placeholder's byes
    ("spielfrei", which some programs pair in a round robin of an odd number) are no
    game of the round robin, as the period reads it (``TrfReport.paired_players``): a
    review found such a round robin rated as a Swiss here and by 8.58 on the list."""
    return [
        (player, block)
        for player in report.real_players
        for block in player.rounds
        if (block.is_forfeit or block.is_not_moved) and not report.against_placeholder(block)
    ]


def round_robin_composition_problems(
    total: int, rated: int, *, double: bool = False
) -> list[tuple[str, str]]:
    """standard-2009 6.3, 6.31 and (``double``) 6.32: (clause, what is short) for each
    one a round robin of ``total`` players, ``rated`` of them rated, does not meet."""
    problems = []
    if 3 * rated < total:
        problems.append(("6.3", f"only {rated} of {total} players are rated; a third must be"))
    if total < 10 and rated < 4:
        problems.append(
            (
                "6.31",
                f"{total} players of whom {rated} rated; under 10 players at least 4 must be rated",
            )
        )
    if double and rated < total and (total < 6 or rated < 4):
        problems.append(
            (
                "6.32",
                f"a double round robin with unrated players needs at least "
                f"6 players, 4 of them rated; it has {total}, {rated} rated",
            )
        )
    return problems


def _composition_findings(report: TrfReport) -> list[Finding]:
    """standard-2009 6.3 and 6.31 (the report does not say whether it is a double round
    robin, 6.32, or a national championship, 6.33)."""
    players = [p for p in report.real_players if p.rounds]
    rated = sum(1 for p in players if p.is_rated)
    return [
        _note(
            "round-robin-composition",
            f"Round robin composition: {problem} (unless it is a national championship, "
            "rated with 3 rated players, standard-2009 6.33).",
            rule=f"standard-2009 {clause}",
            severity=Severity.WARNING,
        )
        for clause, problem in round_robin_composition_problems(len(players), rated)
    ]


def _rate_online(
    report: TrfReport, rules: OnlineArena, category: Category
) -> tuple[tuple[RatedLine, ...], tuple[UnratedLine, ...]]:
    """Online arena: games replayed in round order, ratings updated after each (3.9, 3.11)."""
    states = {
        p.start_rank: OnlineState(rating=Decimal(p.rating) if p.rating else None, games=30)
        for p in report.players
    }
    ordered = [
        PeriodGame(g.white, g.black, None, None, g.white_score_halves, g.round)
        for g in sorted(report.played_games(), key=lambda g: g.round)
    ]
    _, changes = rules.rate_in_order(states, ordered, category=category)
    rated = tuple(
        _rated_line(
            p,
            changes.get(p.start_rank)
            or OnlineChange(
                rating=Decimal(p.rating or 0),
                games=0,
                score_halves=0,
                expected_hundredths=0,
                k=rules.k_factor(states[p.start_rank], category=category),
                change_hundredths=0,
            ),
        )
        for p in _in_rank_order(report)
        if p.is_rated
    )
    against_rated = _results_against_rated(report)
    unrated = tuple(
        _unrated_line(
            p,
            against_rated.get(p.start_rank, []),
            rules.event_performance(
                [(Decimal(r), s) for r, s in against_rated.get(p.start_rank, [])]
            ),
        )
        for p in _in_rank_order(report)
        if not p.is_rated
    )
    return rated, unrated


def _in_rank_order(report: TrfReport) -> list[TrfPlayer]:
    """The players to rate or list, a placeholder handing out byes left out."""
    return sorted(report.real_players, key=lambda p: p.start_rank)


def _note(
    code: str,
    message: str,
    *,
    rule: str,
    line: int | None = None,
    severity: Severity = Severity.INFO,
) -> Finding:
    return Finding(severity=severity, code=code, message=message, line=line, rule=rule)
