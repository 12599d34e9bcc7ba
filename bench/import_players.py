"""Benchmark: import a 200,000-line FIDE combined TXT list, then import it again.

    python bench/import_players.py [--lines N] [--seed S] [--keep-file]

Writes the list (fixed seed, not timed) to a temporary directory, then times
``players.services.player_import_file`` end to end on a throw-away database of the kind
``DATABASE_URL`` names: a temporary SQLite file by default, or, for PostgreSQL, a fresh
database ``bench_import`` on the same server, created and dropped by this script. The
second import of the same list shows what idempotency costs (it writes nothing).
Target: minutes, not hours, for FIDE's 1.9 million lines.
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import random
import sys
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

HEADER = (
    "ID Number      Name                                                         Fed Sex Tit  "
    "WTit OTit           FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag"
)
FEDERATIONS = [f"{a}{b}{c}" for a in "ABCDEFGHIJ" for b in "AEIOU" for c in "NRST"][:190]
SYLLABLES = ["an", "ber", "ca", "dor", "el", "fi", "gor", "ha", "in", "jo", "ka", "lu", "mi",
             "nov", "os", "pe", "ra", "sen", "ta", "ul", "vic", "wa", "yo", "zen"]  # fmt: skip
OTHER_TITLES = ["FA", "IA", "FT", "FI", "DI", "IO", "FST", "NA", "IA,FT", "FA,IO"]
LONG_OTHER_TITLES = "FA,IA,FT,FI,DI,IO"  # 17 characters: runs into FOA


def synthetic_list(path: Path, *, lines: int, seed: int) -> None:
    """A federation-sized list: 55% rated in standard, 30% in rapid and blitz, 30% inactive,
    a few titles and other titles, 1% of OTit values overflowing into FOA."""
    rng = random.Random(seed)
    with path.open("w", encoding="utf-8") as out:
        out.write(HEADER + "\n")
        fide_id = 100_000
        for _ in range(lines):
            fide_id += rng.randint(1, 20)
            name = (
                "".join(rng.choices(SYLLABLES, k=rng.randint(2, 4))).capitalize()
                + ", "
                + "".join(rng.choices(SYLLABLES, k=rng.randint(1, 3))).capitalize()
            )
            sex = "F" if rng.random() < 0.15 else "M"
            title = rng.choice(("GM", "IM", "FM", "CM")) if rng.random() < 0.03 else ""
            other = rng.choice(OTHER_TITLES) if rng.random() < 0.02 else ""
            if rng.random() < 0.01:
                other = LONG_OTHER_TITLES
            columns = [
                f"{fide_id:<15}{name:<61}{rng.choice(FEDERATIONS):<4}{sex:<4}{title:<5}{'':<5}"
            ]
            columns.append(f"{other:<15}{'':<4}" if len(other) <= 15 else f"{other:<19}")
            for share in (0.55, 0.3, 0.3):
                if rng.random() < share:
                    rating = max(1000, min(2850, int(rng.gauss(1750, 300))))
                    k = 10 if rating >= 2400 else rng.choice((20, 40))
                    columns.append(f"{rating:<6}{rng.randint(0, 30):<4}{k:<3}")
                else:
                    columns.append(f"{'':<13}")
            flag = ("w" if sex == "F" else "") + ("i" if rng.random() < 0.3 else "")
            columns.append(f"{rng.randint(1930, 2018):<6}{flag}")
            out.write("".join(columns).rstrip() + "\n")


@contextmanager
def throwaway_database(url: str):
    """Point DATABASE_URL at a database made for this run, and remove it afterwards."""
    if url.startswith(("postgres://", "postgresql://")):
        import psycopg

        parts = urlsplit(url)
        with psycopg.connect(url, autocommit=True) as admin:
            admin.execute("DROP DATABASE IF EXISTS bench_import")
            admin.execute("CREATE DATABASE bench_import")
        try:
            yield urlunsplit(parts._replace(path="/bench_import"))
        finally:
            from django.db import connections

            connections.close_all()
            with psycopg.connect(url, autocommit=True) as admin:
                admin.execute("DROP DATABASE IF EXISTS bench_import")
    else:
        with tempfile.TemporaryDirectory() as directory:
            yield f"sqlite:///{directory}/bench.sqlite3"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--lines", type=int, default=200_000)
    parser.add_argument("--seed", type=int, default=20250301)
    args = parser.parse_args()

    url = os.environ.get("DATABASE_URL", "sqlite:///")
    with tempfile.TemporaryDirectory() as directory, throwaway_database(url) as bench_url:
        path = Path(directory) / "players_list_foa.txt"
        synthetic_list(path, lines=args.lines, seed=args.seed)
        # DEBUG off: Django would otherwise keep every query in memory.
        os.environ.update(DATABASE_URL=bench_url, DEBUG="0")
        os.environ.setdefault("SECRET_KEY", "bench-import-players-throwaway-key")
        os.environ.setdefault("DJANGO_SETTINGS_MODULE", "ratings_site.settings")
        import django

        django.setup()
        from django.core.management import call_command
        from django.db import connection

        from players.access import Actor
        from players.services import player_import_file

        call_command("migrate", verbosity=0)
        print(f"{args.lines:,} lines, {path.stat().st_size / 1e6:.1f} MB, {connection.vendor}")
        as_of = dt.date(2025, 3, 1)
        for label in ("first import", "same list again"):
            started = time.perf_counter()
            result = player_import_file(
                actor=Actor(is_administrator=True), path=path, as_of=as_of, actor_label="bench"
            )
            seconds = time.perf_counter() - started
            print(
                f"{label:>16}: {seconds:7.1f} s  {result.lines_read / seconds:9,.0f} lines/s  "
                f"(players created {result.players_created:,}, unchanged "
                f"{result.players_unchanged:,}; ratings {result.ratings_written:,}; history "
                f"{result.history_written:,}; skipped {result.skipped_count})"
            )
        connection.close()


if __name__ == "__main__":
    main()
