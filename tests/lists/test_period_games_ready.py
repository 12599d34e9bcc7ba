"""The games' figures the computation hands over to be written (``games_ready``) are the
figures the player page explains: complete when handed over, for the players rated in
columns and those rated game by game alike (DESIGN-notes 107), and the outcomes worked out
after the hand-over are the hand-computed ones (standard-2009 8.55, 8.56, 8.57)."""

from __future__ import annotations

import datetime as dt

import numpy as np

from lists.computation import (
    NO_FIGURE,
    NO_RATING,
    GameColumns,
    GameFigures,
    Standing,
    TournamentFacts,
    compute_period,
)
from regulations.rapid_blitz_2024 import RULES as RAPID_2024
from regulations.standard_2009 import RULES as STANDARD_2009

LIST = dt.date(2025, 4, 1)
SWISS, RAPID = 100, 200
A, B, C, D, NEWCOMER, MIXED = 1, 2, 3, 4, 10, 5
RATINGS = {A: 2000, B: 2000, C: 2100, D: 2000, MIXED: 1900}


def games(rows: list[tuple[int, int, int, int]]) -> GameColumns:
    """(tournament, white, black, white's half points) rows, the players' ratings in them."""
    raw = [(game, *row) for game, row in enumerate(rows, start=1)]
    return GameColumns.of(
        raw,
        np.array([RATINGS.get(white, NO_RATING) for _, white, _, _ in rows]),
        np.array([RATINGS.get(black, NO_RATING) for _, _, black, _ in rows]),
    )


def test_the_figures_handed_over_are_complete_and_the_outcomes_follow():
    facts = {
        SWISS: TournamentFacts(STANDARD_2009, dt.date(2025, 3, 1), dt.date(2025, 3, 5)),
        # MIXED plays under two rule sets: rated game by game, the others in columns.
        RAPID: TournamentFacts(RAPID_2024, dt.date(2025, 3, 10), dt.date(2025, 3, 10)),
    }
    rows = [
        (SWISS, A, B, 2),  # A beats B, both 2000
        (SWISS, C, D, 1),  # C (2100) draws D (2000)
        (SWISS, A, NEWCOMER, 2),  # not rated for A: his opponent is unrated
        (SWISS, MIXED, D, 0),
        (RAPID, MIXED, B, 2),
    ]
    handed: list[tuple[np.ndarray, np.ndarray]] = []

    def games_ready(figures: GameFigures) -> None:
        handed.append((figures.figures.difference.copy(), figures.figures.expected.copy()))

    outcome = compute_period(
        list_date=LIST,
        tournaments=facts,
        games=games(rows),
        standings={player: Standing(rating, 40) for player, rating in RATINGS.items()},
        games_ready=games_ready,
    )

    (difference, expected) = handed[0]
    assert difference.tolist() == outcome.games.figures.difference.tolist()
    assert expected.tolist() == outcome.games.figures.expected.tolist()
    # Slots: 2 x the game's index, + 1 for black. Every rated side has its figures.
    by_slot = dict(enumerate(expected.tolist()))
    assert [by_slot[slot] for slot in (0, 1, 2, 3)] == [50, 50, 64, 36]  # 8.1: D 0, D 100
    assert by_slot[4] == by_slot[5] == NO_FIGURE  # against an unrated opponent: not rated
    assert NO_FIGURE not in [by_slot[slot] for slot in (6, 7, 8, 9)]  # MIXED's, D's, B's
    results = {o.player: o for o in outcome.players}
    # 8.56: K 15 (30 games or more, never 2400). A: 15 x (1 - 0.50) = +7.5 -> 2007.5,
    # 8.57: rounded to 2008. C: 15 x (0.5 - 0.64) = -2.1 -> 2097.9 -> 2098.
    assert (results[A].k, results[A].change_hundredths, results[A].new_rating) == (15, 750, 2008)
    assert (results[C].change_hundredths, results[C].new_rating) == (-210, 2098)
    assert results[MIXED].explanation["rule_sets"] == ["rapid-blitz-2024", "standard-2009"]
    assert [o.player for o in outcome.players] == sorted(results)
