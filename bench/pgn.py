"""Benchmark: read a hybrid event's games file (PGN, R&B 2024 8.4) as an upload does.

    python bench/pgn.py [--games N] [--plies P] [--seed S]

Writes (fixed seed, not timed) N games of P half-moves each, random legal moves with a
clock comment after every move and CRLF line ends, as a broadcast's export looks, then
times ``tournaments.pgn.read_games`` on it: python-chess plays every move on its board.
No target in an issue: the file is read within the arbiter's upload request (a corrected
report keeps the rounds read then and does not read it again), so what matters is that a
large event's file stays well inside a proxy's time-out. The figures of the last run are
in DESIGN-notes.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

import chess
import chess.pgn

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tournaments.pgn import read_games


def games_file(games: int, plies: int, seed: int) -> bytes:
    rng = random.Random(seed)
    written = []
    for number in range(games):
        game = chess.pgn.Game()
        game.headers.update(Event="Hybrid Open", Round=f"{number % 11 + 1}.{number // 11 + 1}")
        node, board = game, chess.Board()
        for ply in range(plies):
            moves = list(board.legal_moves)
            if not moves:
                break
            move = rng.choice(moves)
            node = node.add_variation(move, comment=f"[%clk 0:{14 - ply // 10:02d}:{ply % 60:02d}]")
            board.push(move)
        game.headers["Result"] = "1/2-1/2"
        written.append(str(game))
    return ("\r\n\r\n".join(written) + "\r\n").replace("\n", "\r\n").replace("\r\r", "\r").encode()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--plies", type=int, default=80)
    parser.add_argument("--seed", type=int, default=8)
    args = parser.parse_args()
    data = games_file(args.games, args.plies, args.seed)
    started = time.perf_counter()
    read = read_games(data)
    seconds = time.perf_counter() - started
    print(f"games file: {args.games:,} games of {args.plies} plies, {len(data):,} bytes")
    print(f"  read: {seconds:.2f} s ({seconds / args.games * 1000:.2f} ms a game)")
    print(f"  games with moves: {len(read.with_moves):,}; unreadable: {read.unreadable or 'no'}")


if __name__ == "__main__":
    main()
