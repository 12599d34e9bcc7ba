"""Benchmark: compute and publish a FIDE-scale rapid month on PostgreSQL (issue 4).

    python bench/periods.py [--players N] [--games N] [--tournaments N] [--seed S]
                            [--history-months N] [--list-entries N] [--requests N]
                            [--database-url URL] [--keep] [--parts N] [--broker-url URL]
                            [--checksums]

Builds, with a fixed seed and PostgreSQL's COPY (not timed), a database of its own
(the one ``--database-url`` names, default ``ratings_bench``, refused without "bench" in
its name: it is dropped and re-created): 190
federations, 400,000 players (juniors, women, titles), the rapid list of 2026-04-01 for 85%
of them (``RatingState`` and ``RatingHistory``; the rest are new players, some with a
standard rating), and 30,000 rapid tournaments of April 2026, ready for the list of
2026-05-01 with an approved report and 1,000,000 games between them (Swiss pairings by
score within events of 10-60 players, a few round robins, results from the rating
difference with draws).

Then times, through the real services and Celery in eager mode, the computation of the
rapid period of 2026-05-01 (``period_compute_request``) and its publication
(``period_publish`` by an administrator), and prints both (each with the CPU time the
whole machine spent meanwhile, from /proc/stat: how much of its cores it used), the
process's peak resident memory (the data is generated in child processes, so it counts
compute and publish only) and the floor: PostgreSQL's ``COPY`` reading the period's games
and writing back every row the computation wrote (its ``PeriodResult`` and ``PeriodGame``
rows) into unindexed tables. Then the p50/p95 of the pages around the month, at its scale
(no target in the issue): the period page (its first page, a search of the preview, a
later page of its tournaments), the registry (first page, a later page backwards, one
federation), the tournaments, the busiest player's page and calculations, and the biggest
tournament's crosstable. Last, with a synthetic published list of 1,000,000 entries, the
p50/p95 of the published list page: first page, one federation, a name search, one with
the given name typed first, and sorted by name (first page, a later page backwards).

With ``--parts N`` (N > 1) the computation goes through the broker instead (Redis,
``--broker-url``, whose database is emptied first) to a Celery worker of N processes
started here, with ``PERIOD_PARTITIONS=N``: N parts by player, as README "Scaling the
computation" describes; the peak memory is then the larger of this process's (the
publication) and the sum of the worker's processes' peaks.

Both are timed from a checkpoint (with the privilege to ask for one), so that neither
pays for flushing what was written before it; the floor is the median of three.

Targets (issue 4): compute + publish under 60 s on a 2-core machine and at most 5x the
floor, peak memory under 2 GB, list page p95 under 150 ms. The ratio is printed for the
computation (what the floor measures: the games read, the result rows written) and for
computation and publication together. The database is dropped at the end unless
``--keep`` is given.
"""

from __future__ import annotations

import argparse
import datetime as dt
import multiprocessing
import os
import random
import resource
import signal
import statistics
import subprocess
import sys
import time
import warnings
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from itertools import islice
from pathlib import Path
from typing import Any, NamedTuple
from urllib.parse import urlencode, urlsplit, urlunsplit

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

CATEGORY = "rapid"
LIST_DATE = dt.date(2026, 5, 1)
PREVIOUS_LIST = dt.date(2026, 4, 1)
#: The published list of 1,000,000 entries the list page is timed on (an earlier list, so
#: that it does not stand in the way of the period computed here).
PAGE_LIST_DATE = dt.date(2026, 3, 1)
CREATED = dt.datetime(2026, 4, 1, tzinfo=dt.UTC)
FEDERATIONS = [f"{a}{b}{c}" for a in "ABCDEFGHIJ" for b in "AEIOU" for c in "NRST"][:190]
SYLLABLES = ["an", "ber", "ca", "dor", "el", "fi", "gor", "ha", "in", "jo", "ka", "lu", "mi",
             "nov", "os", "pe", "ra", "sen", "ta", "ul", "vic", "wa", "yo", "zen"]  # fmt: skip
#: The name prefix searched on the list page (a surname's first syllable).
SEARCH_PREFIX = "Ber"
#: A name searched with the given name typed first (a whole surname, then the given name's
#: beginning: each order of the words is a range of the name index).
SEARCH_GIVEN_FIRST = "Ka Berdor"
#: A name whose typed "oe" may be an ø or ö written out: its own range of the name index
#: and the folded one ("Jol..."), each row of that read for its transliterated key.
SEARCH_WRITTEN_OUT = "Joel"
#: A word searched anywhere in the registry's names (``players.name_keys.name_key_contains``,
#: served by the trigram indexes of migration ``players.0014``).
SEARCH_ANYWHERE = "Berdor"
#: Query parameters of the list page's filter (lists/filters.py).
FEDERATION_PARAMETER = "federation"
SEARCH_PARAMETER = "q"
MB = 1024  # ru_maxrss is in kilobytes on Linux


# -- the registry -----------------------------------------------------------------------------


class Person(NamedTuple):
    id: int
    fide_id: int
    name: str
    federation: int  # index into FEDERATIONS
    sex: str
    birth_year: int
    title: str
    women_title: str
    rapid: int | None  # published rapid rating on the previous list, None for new players
    rapid_games: int
    standard: int | None
    strength: int  # for results: the rating or, for a new player, a guess


def federation_weights() -> list[float]:
    """A few big federations, a long tail of small ones."""
    return [1 / (index + 1) ** 0.9 for index in range(len(FEDERATIONS))]


def registry(seed: int, first_id: int, count: int) -> Iterator[Person]:
    """``count`` players from id ``first_id``: 85% rated in rapid (1400-2750), 15% new;
    40% with a standard rating; 25% juniors, 12% women; titles by rating."""
    rng = random.Random(f"{seed}-{first_id}")
    weights = federation_weights()
    federations = rng.choices(range(len(FEDERATIONS)), weights=weights, k=count)
    for offset in range(count):
        pid = first_id + offset
        sex = "F" if rng.random() < 0.12 else "M"
        junior = rng.random() < 0.25
        birth_year = rng.randint(2008, 2019) if junior else rng.randint(1940, 2007)
        name = (
            "".join(rng.choices(SYLLABLES, k=rng.randint(2, 4))).capitalize()
            + ", "
            + "".join(rng.choices(SYLLABLES, k=rng.randint(1, 3))).capitalize()
        )
        if rng.random() < 0.85:
            strength = min(2800, int(rng.gauss(1700, 260)))
            if strength < 1400:  # the floor (R&B 2024 6.2.1): the weakest bunch above it
                strength = 1400 + rng.randint(0, 200)
            rapid: int | None = strength
        else:
            strength, rapid = max(1000, min(2200, int(rng.gauss(1350, 250)))), None
        standard = max(1400, strength + rng.randint(-80, 80)) if rng.random() < 0.4 else None
        yield Person(
            id=pid,
            fide_id=1_000_000 + 7 * pid,
            name=name,
            federation=federations[offset],
            sex=sex,
            birth_year=birth_year,
            title=_title(rng, strength),
            women_title=_women_title(rng, strength) if sex == "F" else "",
            rapid=rapid,
            rapid_games=rng.choice((3, 12, 30, 80, 300)) if rapid else 0,
            standard=standard,
            strength=strength,
        )


def _title(rng: random.Random, rating: int) -> str:
    for threshold, title in ((2500, "GM"), (2400, "IM"), (2300, "FM"), (2200, "CM")):
        if rating >= threshold and rng.random() < 0.6:
            return title
    return ""


def _women_title(rng: random.Random, rating: int) -> str:
    for threshold, title in ((2300, "WGM"), (2200, "WIM"), (2100, "WFM"), (2000, "WCM")):
        if rating >= threshold and rng.random() < 0.6:
            return title
    return ""


PLAYER_COLUMNS = (
    "id, fide_id, name, federation_id, sex, birth_year, title, women_title, other_titles, "
    "foa_title, created_at, updated_at"
)
STATE_COLUMNS = (
    "player_id, category, rating, games, period_games, k, reached_2400, active, status, "
    "list_date, last_played"
)
HISTORY_COLUMNS = "player_id, category, list_date, rating, games, k, active"


def player_row(person: Person) -> tuple:
    return (
        person.id, person.fide_id, person.name, person.federation + 1, person.sex,
        person.birth_year, person.title, person.women_title, "", "", CREATED, CREATED,
    )  # fmt: skip


def _k(person: Person, rating: int) -> int:
    if rating >= 2400:
        return 10
    return 40 if person.birth_year >= 2008 or person.rapid_games < 30 else 20


def state_rows(person: Person, rng: random.Random) -> Iterator[tuple]:
    """The rapid state (5% not played for over a year: they turn inactive) and the
    standard one."""
    if person.rapid is not None:
        last = PREVIOUS_LIST if rng.random() > 0.05 else dt.date(2025, 2, 1)
        yield (
            person.id, CATEGORY, person.rapid, person.rapid_games, 0, _k(person, person.rapid),
            person.rapid >= 2400, True, "rated", PREVIOUS_LIST, last,
        )  # fmt: skip
    if person.standard is not None:
        yield (
            person.id, "standard", person.standard, 60, 0, _k(person, person.standard),
            person.standard >= 2400, True, "rated", PREVIOUS_LIST, PREVIOUS_LIST,
        )  # fmt: skip


def history_rows(person: Person, rng: random.Random, months: int) -> Iterator[tuple]:
    """The published ratings of the last ``months`` lists (rapid), and the last standard."""
    if person.rapid is not None:
        rating = person.rapid
        for back in range(months):
            list_date = _months_before(PREVIOUS_LIST, back)
            yield person.id, CATEGORY, list_date, rating, 0, _k(person, rating), True
            rating = max(1400, rating + rng.randint(-25, 25))
    if person.standard is not None:
        k = _k(person, person.standard)
        yield person.id, "standard", PREVIOUS_LIST, person.standard, 0, k, True


def _months_before(day: dt.date, months: int) -> dt.date:
    index = day.year * 12 + day.month - 1 - months
    return dt.date(index // 12, index % 12 + 1, 1)


# -- the month's tournaments -------------------------------------------------------------------


@dataclass
class Plan:
    """One tournament: its federation, players, rounds and system."""

    federation: int
    size: int
    rounds: int
    round_robin: bool
    unplayed: int = 0  # boards of the last round not played (to hit the games exactly)

    @property
    def games(self) -> int:
        if self.round_robin:
            return self.size * (self.size - 1) // 2
        return self.size // 2 * self.rounds - self.unplayed


def tournament_plans(
    rng: random.Random, *, tournaments: int, games: int, federation_sizes: list[int]
) -> list[Plan]:
    """Events of 10-60 players (mostly small: a rapid month is many one-day events), 3%
    round robins of 6-10; rounds adjusted until the games add up to ``games`` exactly."""
    plans = []
    for federation in rng.choices(range(len(FEDERATIONS)), weights=federation_sizes, k=tournaments):
        if rng.random() < 0.03:
            size = rng.choice((6, 8, 10))
            plans.append(Plan(federation, size, size - 1, round_robin=True))
        else:
            size = min(60, 10 + int(rng.expovariate(1 / 4)))
            plans.append(Plan(federation, size, rng.randint(4, 7), round_robin=False))
    swiss = [plan for plan in plans if not plan.round_robin]
    total = sum(plan.games for plan in plans)
    fixed = total - sum(plan.games for plan in swiss)
    least = fixed + sum(plan.size // 2 * 3 for plan in swiss)
    most = fixed + sum(plan.size // 2 * min(plan.size - 1, 11) for plan in swiss)
    if not least <= games <= most:
        # Rounds are only taken off down to 3 and added up to 11: the loops below would
        # never end.
        raise ValueError(
            f"{tournaments:,} tournaments hold between {least:,} and {most:,} games, "
            f"not {games:,}: give more or fewer tournaments"
        )
    while total > games:
        plan = rng.choice(swiss)
        if plan.rounds > 3:
            plan.rounds -= 1
            total -= plan.size // 2
    while total < games:
        plan = rng.choice(swiss)
        if plan.rounds < min(plan.size - 1, 11):
            plan.rounds += 1
            total += plan.size // 2
    if swiss:  # round robins alone hold exactly ``games``, checked above
        rng.choice([plan for plan in swiss if plan.size // 2 > total - games]).unplayed = (
            total - games
        )
    return plans


def white_score(rng: random.Random, white: int, black: int) -> int:
    """Half points of white: the expected score of the rating difference (+20 for white),
    with fewer draws between unequal players."""
    expected = 1 / (1 + 10 ** ((black - white - 20) / 400))
    draw = 0.22 * (1 - abs(2 * expected - 1))
    roll = rng.random()
    if roll < expected - draw / 2:
        return 2
    return 1 if roll < expected + draw / 2 else 0


def pairings(rng: random.Random, plan: Plan, players: list[int], strength: list[int]):
    """(round, white, black) of a Swiss (round 1 top half against bottom half, then
    neighbours in the score order; odd one out has a bye) or a round robin (circle
    method), with results; yields (round, white, black, white's half points)."""
    if plan.round_robin:
        circle = players[:]
        for number in range(1, plan.rounds + 1):
            for board in range(plan.size // 2):
                white, black = circle[board], circle[-1 - board]
                if (number + board) % 2:
                    white, black = black, white
                yield number, white, black, white_score(rng, strength[white], strength[black])
            circle = [circle[0], circle[-1], *circle[1:-1]]
        return
    score = dict.fromkeys(players, 0)
    for number in range(1, plan.rounds + 1):
        order = sorted(players, key=lambda p: (-score[p], -strength[p]))
        half = len(order) // 2
        if number == 1:
            boards = [(order[i], order[i + half]) for i in range(half)]
        else:
            boards = [(order[2 * i], order[2 * i + 1]) for i in range(half)]
        if len(order) % 2:
            score[order[-1]] += 2
        if number == plan.rounds and plan.unplayed:
            boards = boards[: half - plan.unplayed]
        for board, (first, second) in enumerate(boards):
            white, black = (first, second) if (number + board) % 2 else (second, first)
            result = white_score(rng, strength[white], strength[black])
            score[white] += result
            score[black] += 2 - result
            yield number, white, black, result


def entrants(rng: random.Random, plan: Plan, pools: list[list[int]], everyone: int) -> list[int]:
    """Players of the event's federation, and 15% from anywhere (open events)."""
    pool = pools[plan.federation]
    chosen: set[int] = set()
    while len(chosen) < plan.size:
        if pool and rng.random() > 0.15:
            chosen.add(rng.choice(pool))
        else:
            chosen.add(rng.randint(1, everyone))
    return sorted(chosen)


TOURNAMENT_COLUMNS = (
    "id, name, city, federation_id, start_date, end_date, category, system, base_minutes, "
    "increment_seconds, extra_minutes, number_of_rounds, hybrid, official_fide, "
    "olympiad_type, league, status, rule_set, late, list_date, created_at"
)
REPORT_COLUMNS = (
    "id, tournament_id, version, file, original_name, size, sha256, encoding, status, "
    "error_count, warning_count, uploaded_at, games_file, games_original_name, games_sha256"
)
GAME_COLUMNS = "id, report_id, round, white_id, black_id, white_score"


def tournament_row(number: int, plan: Plan, rng: random.Random) -> tuple:
    start = PREVIOUS_LIST + dt.timedelta(days=rng.randint(0, 24))
    end = start + dt.timedelta(days=rng.choice((0, 0, 0, 1, 2)))
    system = "round_robin" if plan.round_robin else "swiss"
    return (
        number, f"Rapid {number}", f"City {plan.federation}", plan.federation + 1, start, end,
        CATEGORY, system, 15, 10, 0, plan.rounds, False, False, False, False, "ready",
        "rapid-blitz-2024", False, LIST_DATE, CREATED,
    )  # fmt: skip


def report_row(number: int) -> tuple:
    return (
        number, number, 1, f"reports/{number}/v1-bench.trf", "bench.trf", 0, "0" * 64, "utf-8",
        "approved", 0, 0, CREATED, "", "", "",
    )  # fmt: skip


# -- writing with COPY (in child processes) --------------------------------------------------


def copy_rows(connection, table: str, columns: str, rows, *, freeze: bool = False) -> int:
    """COPY ``rows`` into ``table``; ``freeze`` (a table emptied in this transaction)
    writes them frozen and all-visible, as VACUUM would leave them."""
    count = 0
    statement = f"COPY {table} ({columns}) FROM STDIN" + (" (FREEZE)" if freeze else "")
    with connection.cursor() as cursor, cursor.copy(statement) as copy:
        for row in rows:
            copy.write_row(row)
            count += 1
    return count


def phase(label: str, started: float, detail: str = "") -> float:
    now = time.perf_counter()
    print(f"  {label:<34} {now - started:6.1f} s  {detail}", flush=True)
    return now


#: What the month's generation writes, emptied first so that COPY can write frozen rows.
MONTH_TABLES = (
    "players_federation",
    "players_player",
    "players_ratingstate",
    "players_ratinghistory",
    "tournaments_tournament",
    "tournaments_tournamentreport",
    "tournaments_game",
)


def month_generate(url: str, options: argparse.Namespace) -> None:
    """The registry, the previous rapid list and the month's tournaments and games."""
    import psycopg

    started = time.perf_counter()
    with psycopg.connect(url) as connection:
        connection.execute(f"TRUNCATE {', '.join(MONTH_TABLES)} CASCADE")
        # The rows are consistent by construction: no row-by-row foreign key checks.
        connection.execute("SET session_replication_role = replica")
        indexes = [i for table in MONTH_TABLES for i in _secondary_indexes(connection, table)]
        for name, _definition in indexes:
            connection.execute(f'DROP INDEX "{name}"')
        copy_rows(
            connection,
            "players_federation",
            "id, code, name",
            ((i + 1, code, f"Federation {code}") for i, code in enumerate(FEDERATIONS)),
            freeze=True,
        )
        strength, pools = _registry_write(connection, options)
        started = phase("players, states, history", started, f"{options.players:,} players")
        counts = _tournaments_write(connection, options, strength, pools)
        started = phase("tournaments, reports, games", started, counts)
        connection.execute("SET maintenance_work_mem = '512MB'")
        for _name, definition in indexes:
            connection.execute(definition)
        started = phase("indexes rebuilt", started, f"{len(indexes)} indexes")
        for table in MONTH_TABLES:
            connection.execute(
                f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), "
                f"(SELECT coalesce(max(id), 1) FROM {table}))"
            )
        connection.commit()
        started = phase("commit", started)
        connection.autocommit = True
        connection.execute("ANALYZE")
        phase("analyze", started)


def _registry_write(connection, options: argparse.Namespace) -> tuple[list[int], list[list[int]]]:
    rng = random.Random(options.seed)
    strength = [0] * (options.players + 1)
    pools: list[list[int]] = [[] for _ in FEDERATIONS]
    states: list[tuple] = []
    history: list[tuple] = []

    def players() -> Iterator[tuple]:
        for person in registry(options.seed, 1, options.players):
            strength[person.id] = person.strength
            pools[person.federation].append(person.id)
            states.extend(state_rows(person, rng))
            history.extend(history_rows(person, rng, options.history_months))
            yield player_row(person)

    copy_rows(connection, "players_player", PLAYER_COLUMNS, players(), freeze=True)
    copy_rows(connection, "players_ratingstate", STATE_COLUMNS, states, freeze=True)
    # Partitioned by list date: COPY writes no frozen rows into a partitioned table.
    copy_rows(connection, "players_ratinghistory", HISTORY_COLUMNS, history)
    return strength, pools


def _tournaments_write(
    connection, options: argparse.Namespace, strength: list[int], pools: list[list[int]]
) -> str:
    rng = random.Random(options.seed + 1)
    plans = tournament_plans(
        rng,
        tournaments=options.tournaments,
        games=options.games,
        federation_sizes=[max(1, len(pool)) for pool in pools],
    )
    copy_rows(
        connection,
        "tournaments_tournament",
        TOURNAMENT_COLUMNS,
        (tournament_row(number, plan, rng) for number, plan in enumerate(plans, start=1)),
        freeze=True,
    )
    copy_rows(
        connection,
        "tournaments_tournamentreport",
        REPORT_COLUMNS,
        (report_row(number) for number in range(1, len(plans) + 1)),
        freeze=True,
    )

    def games() -> Iterator[tuple]:
        game_id = 0
        for number, plan in enumerate(plans, start=1):
            players = entrants(rng, plan, pools, options.players)
            rng.shuffle(players)
            for round_number, white, black, result in pairings(rng, plan, players, strength):
                game_id += 1
                yield game_id, number, round_number, white, black, result

    written = copy_rows(connection, "tournaments_game", GAME_COLUMNS, games(), freeze=True)
    return f"{len(plans):,} tournaments, {written:,} games"


LIST_COLUMNS = (
    "period_id, player_id, fide_id, name, federation, sex, title, women_title, birth_year, "
    "rating, games, k, active, flag, change"
)


def list_generate(url: str, options: argparse.Namespace, period_id: int) -> None:
    """A published list of ``--list-entries`` players: the registry's, and as many more
    players as it takes (registered now, with no rapid history)."""
    import django
    import psycopg

    django.setup()  # a child of its own (spawned): the settings come from the environment
    from lists.services import name_key_statistics_refine

    started = time.perf_counter()
    extra = max(0, options.list_entries - options.players)
    rng = random.Random(options.seed + 2)
    with psycopg.connect(url) as connection:
        copy_rows(
            connection,
            "players_player",
            PLAYER_COLUMNS,
            (player_row(p) for p in registry(options.seed, options.players + 1, extra)),
        )
        connection.execute(
            "SELECT setval(pg_get_serial_sequence('players_player', 'id'), "
            "(SELECT max(id) FROM players_player))"
        )
        started = phase("players for the list", started, f"{extra:,} more players")
        # Its own partition, as publication gives every list (lists/services.py).
        connection.execute(
            f"CREATE TABLE lists_listentry_{period_id} PARTITION OF lists_listentry "
            f"FOR VALUES IN ({period_id})"
        )
        people = (
            person
            for first, count in ((1, options.players), (options.players + 1, extra))
            for person in registry(options.seed, first, count)
        )
        # As for the month: consistent rows, no deferred foreign key checks (which would
        # also keep CREATE INDEX from running in this transaction).
        connection.execute("SET session_replication_role = replica")
        indexes = _secondary_indexes(connection, "lists_listentry")
        for name, _definition in indexes:
            connection.execute(f'DROP INDEX "{name}"')
        written = copy_rows(
            connection,
            "lists_listentry",
            LIST_COLUMNS,
            (_entry_row(period_id, p, rng) for p in islice(people, options.list_entries)),
        )
        started = phase("list entries", started, f"{written:,} entries")
        connection.execute("SET maintenance_work_mem = '512MB'")
        for _name, definition in indexes:
            connection.execute(definition)
        # As publication leaves a list's partition (its index of names sampled finely).
        name_key_statistics_refine(connection.cursor(), f"lists_listentry_{period_id}")
        connection.commit()
        started = phase("their indexes rebuilt", started, f"{len(indexes)} indexes")
        connection.autocommit = True
        connection.execute("VACUUM ANALYZE lists_listentry")
        connection.execute("VACUUM ANALYZE players_player")
        phase("vacuum analyze", started)


def _secondary_indexes(connection, table: str) -> list[tuple[str, str]]:
    """(name, CREATE INDEX statement) of the indexes no constraint stands behind: cheaper
    built once after the rows than kept up to date row by row."""
    found = connection.execute(
        "SELECT indexname, indexdef FROM pg_indexes WHERE tablename = %s AND indexname NOT IN "
        "(SELECT conname FROM pg_constraint WHERE conrelid = %s::regclass)",
        (table, table),
    ).fetchall()
    # A partitioned table's index reads "ON ONLY": as such it would not be built on the
    # partitions.
    return [(name, definition.replace(" ON ONLY ", " ON ")) for name, definition in found]


def _entry_row(period_id: int, person: Person, rng: random.Random) -> tuple:
    rating = max(1400, person.strength + rng.randint(-60, 60))
    active = rng.random() > 0.2
    flag = ("w" if person.sex == "F" else "") + ("" if active else "i")
    return (
        period_id, person.id, person.fide_id, person.name, FEDERATIONS[person.federation],
        person.sex, person.title, person.women_title, person.birth_year, rating,
        rng.choice((0, 0, 3, 7, 12)), _k(person, rating), active, flag, rng.randint(-30, 30),
    )  # fmt: skip


def in_child(function: Callable[..., None], *args: Any) -> None:
    """Run ``function`` in a fresh process: its memory does not count as this one's peak."""
    process = multiprocessing.get_context("spawn").Process(target=function, args=args)
    process.start()
    process.join()
    if process.exitcode:
        raise SystemExit(f"{function.__name__} failed (exit code {process.exitcode})")


@contextmanager
def celery_worker(processes: int, log: Path) -> Iterator[Callable[[], list[float]]]:
    """A Celery worker of ``processes`` processes on this database and broker (taken from
    the environment), stopped at the end. Yields a function giving each of its processes'
    peak resident memory in MB; it raises SystemExit once the worker has died."""
    with log.open("w") as output:
        worker = subprocess.Popen(
            [sys.executable, "-m", "celery", "-A", "ratings_site", "worker", "--pool=prefork",
             f"--concurrency={processes}", "--without-heartbeat", "--without-gossip",
             "--without-mingle", "-l", "info"],
            cwd=Path(__file__).resolve().parents[1],
            stdout=output,
            stderr=subprocess.STDOUT,
        )  # fmt: skip

    def peaks() -> list[float]:
        if worker.poll() is not None:
            raise SystemExit(f"The Celery worker died (log: {log}):\n{log.read_text()[-3000:]}")
        return [_peak_mb(pid) for pid in _process_tree(worker.pid)]

    try:
        deadline = time.monotonic() + 60
        while "ready." not in log.read_text():
            if worker.poll() is not None or time.monotonic() > deadline:
                raise SystemExit(f"The Celery worker did not start:\n{log.read_text()}")
            time.sleep(0.2)
        yield peaks
    finally:
        tree = _process_tree(worker.pid) if worker.poll() is None else []
        worker.terminate()
        try:
            worker.wait(timeout=60)
        except subprocess.TimeoutExpired:  # a part still running: it would outlive the bench
            for pid in tree:
                with suppress(ProcessLookupError):
                    os.kill(pid, signal.SIGKILL)
            worker.wait(timeout=10)


def _process_tree(root: int) -> list[int]:
    """``root`` and every process descending from it, from each process's parent in /proc."""
    parents: dict[int, int] = {}
    for status in Path("/proc").glob("[0-9]*/status"):
        with suppress(OSError):
            for line in status.read_text().splitlines():
                if line.startswith("PPid:"):
                    parents[int(status.parent.name)] = int(line.split()[1])
                    break
    tree = [root]
    for pid in tree:
        tree.extend(child for child, parent in parents.items() if parent == pid)
    return tree


def _peak_mb(pid: int) -> float:
    """The process's peak resident memory (VmHWM) in MB; 0 for one that has ended."""
    with suppress(OSError):
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / MB
    return 0.0


def broker_in_use(url: str) -> bool:
    """Whether the Redis database ``url`` names may hold a site's tasks: the one
    CELERY_BROKER_URL names, or database 0 (Redis's default, where brokers usually are)."""
    database = urlsplit(url).path.lstrip("/") or "0"
    return url == os.environ.get("CELERY_BROKER_URL") or database == "0"


def broker_empty(url: str) -> None:
    import redis

    redis.Redis.from_url(url).flushdb()


# -- the database ----------------------------------------------------------------------------


def server_url(url: str) -> str:
    return urlunsplit(urlsplit(url)._replace(path="/postgres"))


def database_recreate(url: str) -> None:
    import psycopg

    name = urlsplit(url).path.lstrip("/")
    with psycopg.connect(server_url(url), autocommit=True) as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        admin.execute(f'CREATE DATABASE "{name}"')


def checkpoint(url: str) -> None:
    """A checkpoint before what is timed: the log the untimed generation wrote is then not
    flushed during the timing (nor the month's, during the floor's). Needs a superuser or
    the pg_checkpoint role; without, the timings include those checkpoints."""
    import psycopg

    try:
        with psycopg.connect(url, autocommit=True) as connection:
            connection.execute("CHECKPOINT")
    except psycopg.errors.InsufficientPrivilege:
        print("  (no CHECKPOINT privilege: the timings include the checkpoints of earlier writes)")


def database_drop(url: str) -> None:
    import psycopg
    from django.db import connections

    connections.close_all()
    name = urlsplit(url).path.lstrip("/")
    with psycopg.connect(server_url(url), autocommit=True) as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


# -- timed through the services --------------------------------------------------------------


@dataclass
class Timings:
    compute: float
    publish: float
    peak_mb: float
    results: int
    kinds: Counter
    games: int
    entries: int
    tournaments: int
    period_id: int
    run: int


#: Seconds the bench waits for a computation on a worker.
COMPUTE_TIMEOUT = 1800


def compute_and_publish(worker_alive: Callable[[], object] = lambda: None) -> Timings:
    """The period of ``LIST_DATE``: created, closed, computed (the eager task runs as the
    request commits: at once, outside a transaction) and published by an administrator."""
    from lists.models import PeriodResult, RatingPeriod
    from lists.services import (
        period_close,
        period_compute_request,
        period_get_or_create,
        period_publish,
    )
    from players.access import Actor

    period = period_get_or_create(category=CATEGORY, list_date=LIST_DATE)
    period_close(period=period)
    period.refresh_from_db()
    started, cpu = time.perf_counter(), machine_cpu_seconds()
    period = period_compute_request(period=period, actor=Actor(is_administrator=True))
    deadline = time.monotonic() + COMPUTE_TIMEOUT
    while period.status == RatingPeriod.Status.COMPUTING:  # parts on a worker: wait for them
        if time.monotonic() > deadline:
            raise SystemExit(f"The computation took over {COMPUTE_TIMEOUT} s; stopped.")
        worker_alive()
        time.sleep(0.05)
        period.refresh_from_db()
    compute, compute_cpu = time.perf_counter() - started, machine_cpu_seconds() - cpu
    if period.status != "computed":
        raise SystemExit(f"The computation ended {period.status}: {period.failure_reason}")
    print(
        f"  compute (period_compute_request)   {compute:6.1f} s{_cores(compute_cpu, compute)}",
        flush=True,
    )
    results = PeriodResult.objects.filter(period=period, run=period.computed_run)
    kinds = Counter(results.values_list("kind", flat=True).iterator(chunk_size=50_000))
    started, cpu = time.perf_counter(), machine_cpu_seconds()
    publication = period_publish(period=period, actor=Actor(is_administrator=True))
    publish, publish_cpu = time.perf_counter() - started, machine_cpu_seconds() - cpu
    print(
        f"  publish (period_publish)           {publish:6.1f} s{_cores(publish_cpu, publish)}",
        flush=True,
    )
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / MB
    return Timings(
        compute=compute,
        publish=publish,
        peak_mb=peak_mb,
        results=sum(kinds.values()),
        kinds=kinds,
        games=period.games_count,
        entries=publication.entries,
        tournaments=publication.tournaments,
        period_id=period.pk,
        run=period.computed_run,
    )


def machine_cpu_seconds() -> float:
    """The CPU time the whole machine has spent busy so far (every process: this one and
    its threads, the worker's, PostgreSQL's backends and parallel workers), from Linux's
    /proc/stat; NaN elsewhere. The month's core-seconds against its seconds tell how much
    of the two cores it used, and what overlapping more could still win (DESIGN-notes
    106)."""
    try:
        with open("/proc/stat") as stat:
            fields = [int(value) for value in stat.readline().split()[1:]]
    except (OSError, ValueError):
        return float("nan")
    idle = fields[3] + fields[4]  # idle, iowait
    return (sum(fields) - idle) / os.sysconf("SC_CLK_TCK")


def _cores(cpu: float, seconds: float) -> str:
    if cpu != cpu or not seconds:  # NaN: no /proc/stat
        return ""
    return f"  ({cpu:.1f} core-s: {cpu / seconds:.1f} of {os.cpu_count()} cores on average)"


def copy_floor(url: str, period_id: int, run: int) -> tuple[float, float]:
    """What PostgreSQL's COPY alone takes: reading the period's games (the columns the
    computation reads, in its order) and writing as many rows as the computation wrote
    (its ``PeriodResult`` and ``PeriodGame`` rows, copied back in) into plain tables of
    the same columns."""
    import psycopg

    games = (
        "COPY (SELECT g.id, r.tournament_id, g.white_id, g.black_id, g.white_score "
        "FROM tournaments_game g "
        "JOIN tournaments_tournamentreport r ON r.id = g.report_id "
        "JOIN tournaments_tournament t ON t.id = r.tournament_id "
        "WHERE t.category = %s AND t.list_date = %s AND r.status = 'approved' "
        "ORDER BY r.tournament_id, g.round, g.id) TO STDOUT"
    )
    with psycopg.connect(url) as connection, connection.cursor() as cursor:
        started = time.perf_counter()
        with cursor.copy(games, (CATEGORY, LIST_DATE)) as copy:
            for _block in copy:
                pass
        read = time.perf_counter() - started
        write = 0.0
        for table in ("lists_periodresult", "lists_periodgame"):
            query = f"COPY (SELECT * FROM {table} WHERE period_id = %s AND run = %s) TO STDOUT"
            with cursor.copy(query, (period_id, run)) as copy:
                blocks = [bytes(block) for block in copy]
            cursor.execute(f"CREATE TABLE bench_floor (LIKE {table})")
            connection.commit()
            started = time.perf_counter()
            with cursor.copy("COPY bench_floor FROM STDIN") as copy:
                for block in blocks:
                    copy.write(block)
            connection.commit()
            write += time.perf_counter() - started
            cursor.execute("DROP TABLE bench_floor")
            connection.commit()
    return read, write


#: Floor measurements, of which the median is taken: one varies by a third from run to run.
FLOOR_RUNS = 3


def median_floor(url: str, period_id: int, run: int) -> tuple[float, float]:
    """``copy_floor`` ``FLOOR_RUNS`` times, each from a checkpoint: the median one."""
    floors = []
    for _ in range(FLOOR_RUNS):
        checkpoint(url)
        floors.append(copy_floor(url, period_id, run))
    floors.sort(key=sum)
    read, write = floors[len(floors) // 2]
    each = ", ".join(f"{sum(floor):.1f}" for floor in floors)
    print(
        f"  floor: COPY games out {read:.1f} s + results in {write:.1f} s (the median of {each} s)",
        flush=True,
    )
    return read, write


#: The month's list alone (not the list the page is timed on).
MONTH_LIST = (
    f"period_id IN (SELECT id FROM lists_ratingperiod WHERE category = '{CATEGORY}' "
    f"AND list_date = '{LIST_DATE.isoformat()}')"
)
#: What the month wrote: each table's columns, an order that depends neither on ids nor on
#: the order rows were written in, and which rows.
CHECKSUMS = {
    "results": (
        "lists_periodresult",
        "player_id, kind, rules, old_rating, new_rating, change_hundredths, change_rounded, "
        "games, score_halves, expected_hundredths, k, games_total, explanation, list_k",
        "player_id",
        "TRUE",
    ),
    "games": (
        "lists_periodgame",
        "game_id, tournament_id, white_id, black_id, white_score, white_rating, black_rating, "
        "white_difference, white_expected, black_difference, black_expected, clause",
        "game_id",
        "TRUE",
    ),
    "list": (
        "lists_listentry",
        "player_id, fide_id, name, federation, rating, games, k, active, flag, change",
        "player_id",
        MONTH_LIST,
    ),
    "history": (
        "players_ratinghistory",
        "player_id, category, list_date, rating, games, k, active",
        "player_id, category, list_date",
        "TRUE",
    ),
    "states": (
        "players_ratingstate",
        "player_id, category, rating, games, period_games, k, reached_2400, active, status, "
        "list_date, last_played",
        "player_id, category",
        "TRUE",
    ),
}


def checksums_print(url: str) -> None:
    """An md5 of each table the month wrote, for comparing two commits' arithmetic."""
    import psycopg

    with psycopg.connect(url) as connection:
        for label, (table, columns, order, rows) in CHECKSUMS.items():
            count, digest = connection.execute(
                f"SELECT count(*), md5(string_agg(row({columns})::text, ',' ORDER BY {order})) "
                f"FROM {table} WHERE {rows}"
            ).fetchone()
            print(f"  md5 of the {label:<8} {digest}  ({count:,} rows)", flush=True)


# -- the list page ---------------------------------------------------------------------------


def page_times(client, url: str, requests: int) -> tuple[float, float, int]:
    """p50 and p95 in milliseconds of ``requests`` GETs after five for warming up."""
    status = 0
    for _ in range(5):
        status = client.get(url).status_code
    times = []
    for _ in range(requests):
        started = time.perf_counter()
        status = client.get(url).status_code
        times.append((time.perf_counter() - started) * 1000)
    percentiles = statistics.quantiles(times, n=100, method="inclusive")
    return percentiles[49], percentiles[94], status


#: Static files as in development: no manifest needed.
BENCH_STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}


def list_page_measure(requests: int) -> list[tuple[str, float, float, int]]:
    """The published list page of ``PAGE_LIST_DATE``: first page, the biggest federation,
    a name prefix."""
    from django.test import Client, override_settings

    base = f"/lists/{CATEGORY}/{PAGE_LIST_DATE:%Y-%m}/"
    federation = FEDERATIONS[0]  # the biggest: the most rows to count and order
    cases = [
        ("first page", base),
        (f"federation {federation}", f"{base}?{FEDERATION_PARAMETER}={federation}"),
        (f"name '{SEARCH_PREFIX}'", f"{base}?{SEARCH_PARAMETER}={SEARCH_PREFIX}"),
        (
            f"name '{SEARCH_GIVEN_FIRST}'",
            f"{base}?{urlencode({SEARCH_PARAMETER: SEARCH_GIVEN_FIRST})}",
        ),
        (f"name '{SEARCH_WRITTEN_OUT}'", f"{base}?{SEARCH_PARAMETER}={SEARCH_WRITTEN_OUT}"),
        ("sorted by name", f"{base}?sort=name"),
        ("by name, backwards", f"{base}?sort=-name&page=200"),
    ]
    client = Client(HTTP_HOST="localhost")
    measured = []
    with override_settings(STORAGES=BENCH_STORAGES):
        for label, url in cases:
            p50, p95, status = page_times(client, url, requests)
            print(f"  {label:<20} p50 {p50:7.1f} ms  p95 {p95:7.1f} ms  (HTTP {status})")
            measured.append((label, p50, p95, status))
        statistics_measure(client, f"{base}statistics/", federation)
    return measured


def statistics_measure(client, url: str, federation: str) -> None:
    """The list in figures (no target in the issue): worked out on its first view, then
    remembered, so the first view is timed, the cache emptied before it, and one more."""
    from django.core.cache import cache

    for label, address in (
        ("in figures", url),
        (f"in figures, {federation}", f"{url}?{FEDERATION_PARAMETER}={federation}"),
    ):
        cache.clear()
        started = time.perf_counter()
        status = client.get(address).status_code
        first = (time.perf_counter() - started) * 1000
        started = time.perf_counter()
        client.get(address)
        again = (time.perf_counter() - started) * 1000
        print(f"  {label:<20} first view {first:7.1f} ms, then {again:5.1f} ms  (HTTP {status})")


#: Timed GETs per page of the month (each one a few hundred milliseconds at most).
MONTH_PAGE_REQUESTS = 10


def month_pages_measure(period_id: int, requests: int) -> list[tuple[str, float, float, int]]:
    """The pages around the month just published, at its scale (no target in the issue;
    printed so that a page that reads the whole month shows): the period page an officer
    works on (first page, a search of the preview, a later page of its tournaments), the
    registry (and two searches of it), the tournaments, and the busiest player's and the
    biggest tournament's pages; then, once each, the downloads of the preview and of the
    month's list."""
    from django.contrib.auth import get_user_model
    from django.db import connection
    from django.test import Client, override_settings

    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT p.fide_id FROM lists_periodgame g JOIN players_player p ON p.id = g.white_id "
            "WHERE g.period_id = %s GROUP BY p.fide_id ORDER BY count(*) DESC, p.fide_id LIMIT 1",
            [period_id],
        )
        (busiest,) = cursor.fetchone()
        cursor.execute(
            "SELECT tournament_id FROM lists_periodgame WHERE period_id = %s "
            "GROUP BY tournament_id ORDER BY count(*) DESC, tournament_id LIMIT 1",
            [period_id],
        )
        (biggest,) = cursor.fetchone()
    administrator = get_user_model().objects.create_superuser("bench-administrator")
    officer, public = Client(HTTP_HOST="localhost"), Client(HTTP_HOST="localhost")
    officer.force_login(administrator)
    period = f"/lists/periods/{period_id}/"
    cases = [
        ("period page", officer, period),
        (f"period, preview '{SEARCH_PREFIX}'", officer, f"{period}?q={SEARCH_PREFIX}"),
        ("period, tournaments page 300", officer, f"{period}?t-page=300"),
        ("registry", public, "/players/"),
        ("registry, backwards", public, "/players/?sort=-name&page=200"),
        (
            f"registry, {FEDERATIONS[0]}",
            public,
            f"/players/?{FEDERATION_PARAMETER}={FEDERATIONS[0]}",
        ),
        (f"registry, name '{SEARCH_ANYWHERE}'", public, f"/players/?q={SEARCH_ANYWHERE}"),
        (f"registry, name '{SEARCH_WRITTEN_OUT}'", public, f"/players/?q={SEARCH_WRITTEN_OUT}"),
        ("tournaments", public, "/tournaments/"),
        ("busiest player", public, f"/players/{busiest}/"),
        ("the calculations", public, f"/lists/players/{busiest}/"),
        ("biggest crosstable", public, f"/lists/tournaments/{biggest}/"),
    ]
    listed = f"/lists/{CATEGORY}/{LIST_DATE:%Y-%m}/download"
    downloads = [
        ("the preview, CSV", officer, f"{period}preview.csv"),
        ("the list, CSV", public, f"{listed}.csv"),
        ("the list, FIDE TXT", public, f"{listed}.txt"),
    ]
    measured = []
    with override_settings(STORAGES=BENCH_STORAGES):
        for label, client, url in cases:
            p50, p95, status = page_times(client, url, requests)
            print(f"  {label:<30} p50 {p50:7.1f} ms  p95 {p95:7.1f} ms  (HTTP {status})")
            measured.append((label, p50, p95, status))
        for label, client, url in downloads:
            started = time.perf_counter()
            response = client.get(url)
            body = response.streaming_content if response.streaming else [response.content]
            size = sum(len(chunk) for chunk in body)
            seconds = time.perf_counter() - started
            status = response.status_code
            print(f"  {label:<30} {seconds:5.1f} s for {size / 1e6:.1f} MB  (HTTP {status})")
    return measured


def page_list_create() -> int:
    from django.utils import timezone

    from lists.models import RatingPeriod
    from lists.services import closing_date_for

    return RatingPeriod.objects.create(
        category=CATEGORY,
        list_date=PAGE_LIST_DATE,
        closing_date=closing_date_for(CATEGORY, PAGE_LIST_DATE),
        status=RatingPeriod.Status.PUBLISHED,
        published_at=timezone.now(),
    ).pk


# -- main ------------------------------------------------------------------------------------


def summary(timings: Timings, floor: float, pages: list[tuple[str, float, float, int]]) -> None:
    total = timings.compute + timings.publish
    # The floor is the computation's own reading and writing (the games read, the result
    # rows written): the ratio is given for the computation, and for it with publication.
    compute_ratio, total_ratio = timings.compute / floor, total / floor
    rows = [
        ("compute + publish", f"{total:.1f} s", "< 60 s", total < 60),
        ("ratio to the COPY floor, compute", f"{compute_ratio:.1f}x", "<= 5x", compute_ratio <= 5),
        ("ratio, compute + publish", f"{total_ratio:.1f}x", "<= 5x", total_ratio <= 5),
        ("peak memory (RSS)", f"{timings.peak_mb:,.0f} MB", "< 2,048 MB", timings.peak_mb < 2048),
    ]
    for label, _p50, p95, status in pages:
        rows.append((f"list page p95, {label}", f"{p95:.0f} ms", "< 150 ms", p95 < 150))
        if status != 200:
            rows[-1] = (*rows[-1][:3], False)
    print("\nSummary")
    print(f"  {'measure':<34} {'value':>12}  {'target':<12} result")
    for label, value, target, passed in rows:
        print(f"  {label:<34} {value:>12}  {target:<12} {'PASS' if passed else 'FAIL'}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=400_000)
    parser.add_argument("--games", type=int, default=1_000_000)
    parser.add_argument("--tournaments", type=int, default=30_000)
    parser.add_argument("--seed", type=int, default=20260501)
    parser.add_argument(
        "--history-months", type=int, default=12, help="rapid lists kept per player"
    )
    parser.add_argument("--list-entries", type=int, default=1_000_000)
    parser.add_argument("--requests", type=int, default=60, help="timed GETs per list page")
    parser.add_argument(
        "--database-url",
        default=os.environ.get(
            "BENCH_DATABASE_URL", "postgresql://postgres@127.0.0.1:5432/ratings_bench"
        ),
    )
    parser.add_argument("--keep", action="store_true", help="keep the database afterwards")
    parser.add_argument(
        "--checksums",
        action="store_true",
        help="print an md5 of every table the month wrote (results, games, list, history, "
        "states): two commits that rate alike print the same",
    )
    parser.add_argument(
        "--parts", type=int, default=1, help="parts by player, on a worker of as many processes"
    )
    parser.add_argument(
        "--broker-url",
        default=os.environ.get("BENCH_BROKER_URL", "redis://127.0.0.1:6379/15"),
        help="with --parts: the Redis database the computation's tasks go through (emptied)",
    )
    args = parser.parse_args()
    if args.parts > 1 and broker_in_use(args.broker_url):
        # --parts empties the Redis database it is given: never the site's task queue.
        parser.error(
            f"the benchmark empties the Redis database {args.broker_url!r}, which "
            "CELERY_BROKER_URL names or which is database 0: give it one of its own "
            "(default redis://127.0.0.1:6379/15)"
        )
    if "bench" not in urlsplit(args.database_url).path:
        # It drops and re-creates the database it is given: never one that holds a
        # federation's ratings (a review found BENCH_DATABASE_URL=.../postgres dropped).
        parser.error(
            "the benchmark drops and re-creates its database: name one with 'bench' in its "
            f"name, not {urlsplit(args.database_url).path.lstrip('/') or 'none'!r}"
        )

    started = time.perf_counter()
    database_recreate(args.database_url)
    # DEBUG off: Django would otherwise keep every query in memory. No broker: eager tasks.
    os.environ.update(DATABASE_URL=args.database_url, DEBUG="0")
    os.environ.pop("CELERY_BROKER_URL", None)
    if args.parts > 1:
        broker_empty(args.broker_url)
        os.environ.update(CELERY_BROKER_URL=args.broker_url, PERIOD_PARTITIONS=str(args.parts))
    os.environ.setdefault("SECRET_KEY", "bench-periods-throwaway-key-not-for-production-use")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "ratings_site.settings")
    # The pages are timed with static files served as in development: no collected ones.
    warnings.filterwarnings("ignore", message="No directory at")
    import django

    django.setup()
    from django.core.management import call_command
    from django.db import connection

    from players.history_partitions import history_partition_ensure

    call_command("migrate", verbosity=0)
    for back in range(args.history_months):  # the history's lists (``history_rows``)
        history_partition_ensure(_months_before(PREVIOUS_LIST, back))
    started = phase("database and migrations", started, args.database_url)
    print("Generating the month (not timed)", flush=True)
    in_child(month_generate, args.database_url, args)
    try:
        connection.ensure_connection()
        checkpoint(args.database_url)
        print(f"Rating the {CATEGORY} period of {LIST_DATE} through the services", flush=True)
        if args.parts > 1:
            print(f"  in {args.parts} parts on a Celery worker of {args.parts} processes")
            log = Path(f"/tmp/bench-periods-worker-{os.getpid()}.log")
            with celery_worker(args.parts, log) as worker_peaks:
                timings = compute_and_publish(worker_peaks)
                peaks = worker_peaks()
            # Summed: the worker's processes run at once (their peaks may not coincide).
            timings.peak_mb = max(timings.peak_mb, sum(peaks))
            each = ", ".join(f"{mb:,.0f} MB" for mb in peaks)
            print(f"  the worker's peak memory: {sum(peaks):,.0f} MB in all ({each}); log {log}")
        else:
            timings = compute_and_publish()
        read, write = median_floor(args.database_url, timings.period_id, timings.run)
        if args.checksums:
            checksums_print(args.database_url)
        print("The month's pages (no target in the issue)", flush=True)
        month_pages_measure(timings.period_id, MONTH_PAGE_REQUESTS)
        print(f"Published list of {args.list_entries:,} entries (not timed)", flush=True)
        in_child(list_generate, args.database_url, args, page_list_create())
        pages = list_page_measure(args.requests)
        report(timings, read + write, pages)
    finally:
        if args.keep:
            print(f"\nKept {args.database_url}")
        else:
            database_drop(args.database_url)


def report(timings: Timings, floor: float, pages: list[tuple[str, float, float, int]]) -> None:
    total = timings.compute + timings.publish
    kinds = timings.kinds
    print(f"\ntournaments rated       {timings.tournaments:,}")
    print(f"games                   {timings.games:,}")
    print(
        f"players with a result   {timings.results:,}: rated {kinds['rated']:,}, standard "
        f"rating used {kinds['adopted']:,}, first rating {kinds['initial']:,}, pending "
        f"{kinds['pending']:,}, delisted {kinds['delisted']:,}"
    )
    print(f"list entries            {timings.entries:,}")
    print(f"compute                 {timings.compute:.1f} s")
    print(f"publish                 {timings.publish:.1f} s")
    print(f"peak memory (RSS)       {timings.peak_mb:,.0f} MB")
    print(
        f"COPY floor              {floor:.1f} s  (ratio: compute {timings.compute / floor:.1f}x, "
        f"compute + publish {total / floor:.1f}x)"
    )
    summary(timings, floor, pages)


if __name__ == "__main__":
    main()
