"""Benchmark: rate one synthetic rapid-blitz-2024 period of 1,000,000 games in one process.

    python bench/engine.py [--games N] [--players N] [--tournaments N] [--seed S]

Builds the period with a fixed seed (not timed), then times
``regulations.rapid_blitz_2024.RULES.rate_period`` end to end and prints games per second
and the process's peak resident memory. Target (issue 2): at least 300,000 games/s on one
core, peak memory under 1 GB.
"""

from __future__ import annotations

import argparse
import random
import resource
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from regulations.rapid_blitz_2024 import RULES
from regulations.types import PeriodGame, PlayerState


def synthetic_period(
    *, games: int, players: int, tournaments: int, seed: int
) -> tuple[dict[int, PlayerState], list[PeriodGame]]:
    """A federation-sized month: players with ratings 1000-2800, some new, some juniors, a
    few over 2400; 2% unrated; games inside tournaments of neighbouring players."""
    rng = random.Random(seed)
    ratings: dict[int, int | None] = {}
    states: dict[int, PlayerState] = {}
    for player in range(players):
        rating = int(rng.gauss(1800, 300))
        rating = max(1000, min(2800, rating))
        if rng.random() < 0.02:
            ratings[player] = None
            continue
        ratings[player] = rating
        states[player] = PlayerState(
            rating=rating,
            games=rng.choice((5, 20, 40, 200)),
            reached_2400=rating >= 2400 or (rating > 2300 and rng.random() < 0.3),
            birth_year=rng.randint(1950, 2016),
        )
    per_tournament = max(2, players // tournaments)
    period: list[PeriodGame] = []
    for index in range(games):
        tournament = index % tournaments
        base = tournament * per_tournament
        white = (base + rng.randrange(per_tournament)) % players
        black = (base + rng.randrange(per_tournament)) % players
        if white == black:
            black = (black + 1) % players
        period.append(
            PeriodGame(
                white,
                black,
                ratings[white],
                ratings[black],
                rng.choice((0, 1, 1, 2, 2)),
                tournament,
            )
        )
    return states, period


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1_000_000)
    parser.add_argument("--players", type=int, default=100_000)
    parser.add_argument("--tournaments", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=2024)
    args = parser.parse_args()

    started = time.perf_counter()
    states, period = synthetic_period(
        games=args.games, players=args.players, tournaments=args.tournaments, seed=args.seed
    )
    built = time.perf_counter() - started

    started = time.perf_counter()
    changes = RULES.rate_period(states, period, year=2026)
    elapsed = time.perf_counter() - started

    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    rated_games = sum(change.games for change in changes.values()) // 2
    print(f"rule set              {RULES.id}")
    print(f"games in the period   {len(period):,} ({rated_games:,} between rated players)")
    print(f"players rated         {len(changes):,} of {args.players:,}")
    print(f"input built in        {built:.2f} s (not timed)")
    print(f"rating time           {elapsed:.2f} s")
    print(f"games per second      {len(period) / elapsed:,.0f}  (target >= 300,000)")
    print(f"peak memory (RSS)     {peak_mb:,.0f} MB  (target < 1,024 MB)")
    checksum = sum(change.new_rating for change in changes.values())
    print(f"checksum of ratings   {checksum}")


if __name__ == "__main__":
    main()
