"""Benchmark: load a day of the FIDE Online Arena's games, as ``load_arena_games`` does.

    python bench/arena.py [--members N] [--games G] [--plies P] [--seed S]

Writes (fixed seed, not timed) a PGN file of G games between N members, as the arena's
server hands them over: tags with both FIDE IDs, UTC date and time, a time control of
each online category (online-arena 2.3), and P half-moves of a legal game (forty games'
moves, reused: the arena's reading skips the moves, so only their length counts). A
third of the members are on the rapid list, a third on the blitz list, a third on none
(first ratings by 3.4 and 3.6-3.7). Then, on a throw-away database of the kind
``DATABASE_URL`` names (a temporary SQLite file by default; for PostgreSQL a fresh
database on the same server, dropped afterwards), times the file read
(``arena.games_file.read_arena_games``) and the whole load (``arena_games_load``: read
again, checked, rated game by game, stored), then the load of the next day's file,
against the ratings the first left. Prints the peak resident memory.

No target in an issue: what matters is whether a day's file fits in the administrator's
upload request (``/arena/load/``) or belongs to the command. The figures of the last run
are in DESIGN-notes.
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import random
import resource
import sys
import time
from pathlib import Path

import chess
import chess.pgn

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.import_players import FEDERATIONS, throwaway_database
from bench.upload import _name, _timed

FIRST_FIDE_ID = 50_000_000
#: Seconds and increment of each online category's games (online-arena 2.3).
TIME_CONTROLS = ("900", "600+10", "180", "180+2", "60", "60+1")
DAY = dt.date(2026, 11, 2)


def move_texts(count: int, plies: int, rng: random.Random) -> list[str]:
    """``count`` games' moves of ``plies`` half-moves (fewer where one ends first)."""
    texts = []
    for _ in range(count):
        game, board = chess.pgn.Game(), chess.Board()
        node = game
        for _ in range(plies):
            moves = list(board.legal_moves)
            if not moves:
                break
            move = rng.choice(moves)
            board.push(move)
            node = node.add_variation(move)
        texts.append(str(game.mainline_moves()))
    return texts


def games_file(members: int, games: int, plies: int, day: dt.date, seed: int) -> bytes:
    rng = random.Random(seed)
    moves = move_texts(40, plies, rng)
    written = []
    for number in range(games):
        white, black = rng.sample(range(members), 2)
        result = rng.choice(("1-0", "0-1", "1/2-1/2"))
        moment = dt.datetime.combine(day, dt.time()) + dt.timedelta(
            seconds=number * 86_000 // games
        )
        tags = {
            "Event": "FOA rated game",
            "Site": "FIDE Online Arena",
            "UTCDate": moment.strftime("%Y.%m.%d"),
            "UTCTime": moment.strftime("%H:%M:%S"),
            "White": f"Member {white}",
            "Black": f"Member {black}",
            "WhiteFideId": str(FIRST_FIDE_ID + white),
            "BlackFideId": str(FIRST_FIDE_ID + black),
            "Result": result,
            "TimeControl": rng.choice(TIME_CONTROLS),
        }
        header = "\n".join(f'[{name} "{value}"]' for name, value in tags.items())
        written.append(f"{header}\n\n{rng.choice(moves)} {result}\n\n")
    return "".join(written).encode()


def registry(members: int, seed: int) -> None:
    """The members, a third rated on the rapid list, a third on the blitz list."""
    from players.models import Federation, Player, RatingState, RatingStatus

    rng = random.Random(seed)
    Federation.objects.bulk_create(
        [Federation(code=code, name=f"Federation {code}") for code in FEDERATIONS],
        ignore_conflicts=True,
    )
    federations = list(Federation.objects.all())
    players = Player.objects.bulk_create(
        [
            Player(fide_id=FIRST_FIDE_ID + n, name=_name(rng), federation=rng.choice(federations))
            for n in range(members)
        ],
        batch_size=2000,
    )
    RatingState.objects.bulk_create(
        [
            RatingState(
                player=player,
                category=("rapid", "blitz")[n % 3],
                rating=rng.randint(1400, 2600),
                games=50,
                status=RatingStatus.RATED,
                list_date=DAY.replace(day=1),
            )
            for n, player in enumerate(players)
            if n % 3 < 2
        ],
        batch_size=2000,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--members", type=int, default=5000)
    parser.add_argument("--games", type=int, default=20_000)
    parser.add_argument("--plies", type=int, default=70)
    parser.add_argument("--seed", type=int, default=20261102)
    args = parser.parse_args()

    url = os.environ.get("DATABASE_URL", "sqlite:///")
    with throwaway_database(url) as bench_url:
        os.environ.update(DATABASE_URL=bench_url, DEBUG="0")
        os.environ.setdefault("SECRET_KEY", "bench-arena-throwaway-key")
        os.environ.setdefault("DJANGO_SETTINGS_MODULE", "ratings_site.settings")
        import django

        django.setup()
        from django.core.management import call_command
        from django.db import connection

        from arena.games_file import read_arena_games
        from arena.models import ArenaRating
        from arena.services import arena_games_load
        from tournaments.batch import batch_actor

        call_command("migrate", verbosity=0)
        registry(args.members, args.seed)
        actor = batch_actor("bench")
        days = [DAY, DAY + dt.timedelta(days=1)]
        files = [games_file(args.members, args.games, args.plies, day, args.seed + n)
                 for n, day in enumerate(days)]  # fmt: skip
        print(
            f"{args.members:,} members, {args.games:,} games a day of {args.plies} plies, "
            f"{len(files[0]) / 1e6:.1f} MB a day, {connection.vendor}"
        )
        started = time.perf_counter()
        read = read_arena_games(files[0])
        _timed(
            "read (tags; moves skipped)",
            time.perf_counter() - started,
            f"{len(read.games):,} games",
        )
        for day, data in zip(days, files, strict=True):
            started = time.perf_counter()
            load = arena_games_load(data=data, name=f"{day}.pgn", actor=actor)
            _timed(
                f"load of {day}",
                time.perf_counter() - started,
                f"{load.games:,} rated, {load.first_ratings:,} first ratings",
            )
        rated = ArenaRating.objects.filter(rating__isnull=False).count()
        print(f"  {'online ratings held':<30} {rated:6,}")
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        print(f"  {'peak memory (RSS)':<30} {peak:6.0f} MB")
        connection.close()


if __name__ == "__main__":
    main()
