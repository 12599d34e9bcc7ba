"""The benchmark's month (``bench/periods.py``) asked for a few events: they may all be
round robins, whose games are fixed."""

from __future__ import annotations

import random

from bench.periods import FEDERATIONS, tournament_plans


def test_a_month_of_round_robins_alone_is_planned():
    # Seed 15 makes the one event a round robin (3% of them are) of 6, 8 or 10 players:
    # 15, 28 or 45 games; the others are refused as its number cannot change.
    sizes = [1] * len(FEDERATIONS)
    planned = []
    for games in (15, 28, 45):
        try:
            planned += tournament_plans(
                random.Random(15), tournaments=1, games=games, federation_sizes=sizes
            )
        except ValueError as refused:
            assert "give more or fewer tournaments" in str(refused)
    (plan,) = planned
    assert plan.round_robin and plan.games == plan.size // 2 * (plan.size - 1)
