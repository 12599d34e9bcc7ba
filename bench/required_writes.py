"""What PostgreSQL alone takes for the rows issue 4 asks a month to leave, without the
rating's arithmetic: a lower bound for computation and publication together, set beside
the benchmark's COPY floor (DESIGN-notes 92).

    python bench/periods.py --keep          # a computed and published month, kept
    python bench/required_writes.py [--database-url URL]

On that month it times, each the median of three from a checkpoint: the floor as
``bench/periods.py`` measures it (the period's games read by COPY, the run's results and
games written back into unindexed tables); then what the issue requires on top: the
ratings in force read (one list's history), the run's rows indexed as the pages read them
(games by white, black and tournament; results by player), the list written by COPY and
indexed as its page reads it (rating, federation, name key, player), and the rating states
written anew with their key. Nothing here rates a game: the sum is what any implementation
on this server would spend in the database alone, its ratio to the floor the least that
computation plus publication could print were the arithmetic free and wholly overlapped.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from collections.abc import Callable

import psycopg

RUNS = 3
#: The benchmark's month (bench/periods.py): the rapid list of 2026-05-01.
GAMES = (
    "COPY (SELECT g.id, r.tournament_id, g.white_id, g.black_id, g.white_score "
    "FROM tournaments_game g "
    "JOIN tournaments_tournamentreport r ON r.id = g.report_id "
    "JOIN tournaments_tournament t ON t.id = r.tournament_id "
    "WHERE t.category = 'rapid' AND t.list_date = '2026-05-01' AND r.status = 'approved' "
    "ORDER BY r.tournament_id, g.round, g.id) TO STDOUT"
)
RATINGS_IN_FORCE = (
    "COPY (SELECT player_id, rating, games, k FROM players_ratinghistory "
    "WHERE category = 'rapid' AND list_date = '2026-04-01') TO STDOUT"
)
PERIOD = (
    "SELECT id, computed_run FROM lists_ratingperiod "
    "WHERE category = 'rapid' AND list_date = '2026-05-01' AND computed_run IS NOT NULL"
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--database-url",
        default=os.environ.get(
            "BENCH_DATABASE_URL", "postgresql://postgres@127.0.0.1:5432/ratings_bench"
        ),
    )
    url = parser.parse_args().database_url
    with psycopg.connect(url, autocommit=True) as connection:
        Required(connection.cursor()).report()


class Required:
    def __init__(self, cursor: psycopg.Cursor) -> None:
        self.cursor = cursor
        cursor.execute(PERIOD)
        row = cursor.fetchone()
        if row is None:
            raise SystemExit("No computed rapid period of 2026-05-01: run bench/periods.py --keep.")
        period, run = row
        where = f"period_id = {int(period)} AND run = {int(run)}"
        self.results = self.copy_out(
            f"COPY (SELECT * FROM lists_periodresult WHERE {where}) TO STDOUT"
        )
        self.games = self.copy_out(f"COPY (SELECT * FROM lists_periodgame WHERE {where}) TO STDOUT")
        self.entries = self.copy_out(
            f"COPY (SELECT * FROM lists_listentry WHERE period_id = {int(period)}) TO STDOUT"
        )
        self.states = self.copy_out(
            "COPY (SELECT * FROM players_ratingstate WHERE category = 'rapid') TO STDOUT"
        )

    def copy_out(self, statement: str) -> list[bytes]:
        with self.cursor.copy(statement) as copy:
            return [bytes(block) for block in copy]

    def copy_in(self, table: str, blocks: list[bytes]) -> None:
        with self.cursor.copy(f"COPY {table} FROM STDIN") as copy:
            for block in blocks:
                copy.write(block)

    def fresh(self, table: str, like: str) -> None:
        self.cursor.execute(f"DROP TABLE IF EXISTS {table}")
        self.cursor.execute(f"CREATE TABLE {table} (LIKE {like})")

    def timed(self, label: str, prepare: Callable[[], None], work: Callable[[], None]) -> float:
        """The median of ``RUNS`` runs of ``work``, each after ``prepare`` and a checkpoint."""
        seconds = []
        for _ in range(RUNS):
            prepare()
            self.cursor.execute("CHECKPOINT")
            started = time.perf_counter()
            work()
            seconds.append(time.perf_counter() - started)
        median = statistics.median(seconds)
        each = ", ".join(f"{s:.2f}" for s in seconds)
        print(f"  {label:<58} {median:5.2f} s  ({each})", flush=True)
        return median

    def run_tables_fresh(self) -> None:
        self.fresh("required_results", "lists_periodresult")
        self.fresh("required_games", "lists_periodgame")

    def run_rows_copied(self) -> None:
        self.copy_in("required_results", self.results)
        self.copy_in("required_games", self.games)

    def run_rows_written(self) -> None:
        self.run_tables_fresh()
        self.run_rows_copied()

    def run_rows_indexed(self) -> None:
        for column in ("white_id", "black_id", "tournament_id"):
            self.cursor.execute(f"CREATE INDEX ON required_games ({column})")
        self.cursor.execute("CREATE UNIQUE INDEX ON required_results (player_id)")

    def list_written(self) -> None:
        self.fresh("required_list", "lists_listentry")
        self.copy_in("required_list", self.entries)

    def list_indexed(self) -> None:
        for columns in (
            "rating DESC, name",
            "federation, rating DESC",
            "list_name_key(name::text) text_pattern_ops",
        ):
            self.cursor.execute(f"CREATE INDEX ON required_list ({columns})")
        self.cursor.execute("CREATE UNIQUE INDEX ON required_list (player_id)")

    def states_written(self) -> None:
        self.copy_in("required_states", self.states)
        self.cursor.execute("CREATE UNIQUE INDEX ON required_states (player_id, category)")

    def report(self) -> None:
        def nothing() -> None:
            pass

        print("The benchmark's floor")
        floor = self.timed("the period's games read (COPY)", nothing, lambda: self.copy_out(GAMES))
        floor += self.timed(
            "the run's results and games written (COPY, unindexed)",
            self.run_tables_fresh,
            self.run_rows_copied,
        )
        print("What the issue requires on top, in the database alone")
        extra = self.timed(
            "the ratings in force read (one list)", nothing, lambda: self.copy_out(RATINGS_IN_FORCE)
        )
        extra += self.timed(
            "the run's rows indexed (games x3, results)",
            self.run_rows_written,
            self.run_rows_indexed,
        )
        extra += self.timed("the list written (COPY)", nothing, self.list_written)
        extra += self.timed(
            "the list indexed (rating, federation, name key, player)",
            self.list_written,
            self.list_indexed,
        )
        extra += self.timed(
            "the rating states written anew, with their key",
            lambda: self.fresh("required_states", "players_ratingstate"),
            self.states_written,
        )
        for table in ("required_results", "required_games", "required_list", "required_states"):
            self.cursor.execute(f"DROP TABLE IF EXISTS {table}")
        total = floor + extra
        print(f"\nfloor                 {floor:5.2f} s")
        print(f"required, in all      {total:5.2f} s = {total / floor:.1f}x the floor")
        print(
            f"left for the rest     {5 * floor - total:5.2f} s within 5x (the rating, reading the"
        )
        print("                      standings, history, audit, marking tournaments rated)")


if __name__ == "__main__":
    main()
