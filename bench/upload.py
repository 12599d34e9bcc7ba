"""Benchmark: check and store one very large tournament report, as an arbiter's upload does.

    python bench/upload.py [--players N] [--rounds R] [--seed S] [--profile]

Writes a Swiss report (fixed seed, not timed) of N players over R rounds: every round pairs
the field anew, with draws, a few forfeits and a bye where the field is odd; three players
in four are in the registry by FIDE ID with the rating the report gives, the fourth is new.
Then, on a throw-away database of the kind ``DATABASE_URL`` names (a temporary SQLite file
by default; for PostgreSQL a fresh database on the same server, dropped afterwards), times
the report read (``tournaments.trf.parse``); its backfill (``load_report --register
--approve``: the tournament registered from the headers and its late registration
approved, the report checked twice, before and in the upload, and stored; it stays
unapproved while the officer has new players to match); and an arbiter's upload of it as
a new version (``report_upload``: read, checked and stored with its findings and player
matches, as the upload page does within its request). Prints the findings by code and the
peak resident memory; ``--profile`` prints the upload's costliest functions.

No target in an issue: an upload is checked within the arbiter's request, so what matters
is that the largest events (an online arena of thousands) stay well inside a proxy's
time-out. The figures of the last run are in DESIGN-notes.
"""

from __future__ import annotations

import argparse
import cProfile
import datetime as dt
import os
import pstats
import random
import resource
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.import_players import FEDERATIONS, SYLLABLES, throwaway_database

START = dt.date(2026, 3, 2)
FIRST_FIDE_ID = 40_000_000


def _name(rng: random.Random) -> str:
    """A name as FIDE writes it: "Family, Given"."""
    family = "".join(rng.choices(SYLLABLES, k=rng.randint(2, 3))).capitalize()
    return f"{family}, {''.join(rng.choices(SYLLABLES, k=rng.randint(1, 2))).capitalize()}"


def synthetic_entrants(players: int, seed: int) -> list[tuple[str, str, str, int]]:
    """(name, sex, federation, rating) of each starting rank, strongest first."""
    rng = random.Random(seed)
    ratings = sorted((rng.randint(1400, 2600) for _ in range(players)), reverse=True)
    return [
        (_name(rng), "w" if rng.random() < 0.15 else "m", rng.choice(FEDERATIONS), rating)
        for rating in ratings
    ]


#: A junk report's colours and results.
_JUNK_BLOCKS = [(colour, result) for colour in "wb" for result in "10="]


def synthetic_report(
    entrants: list[tuple[str, str, str, int]], rounds: int, seed: int, *, junk: bool = False
) -> str:
    """A Swiss report of ``entrants`` over ``rounds`` rounds, as TRF16 text. ``junk``: each
    round block names an opponent, a colour and a result at random, none of them mirrored
    in the opponent's line (bad input at its most costly to check)."""
    from decimal import Decimal

    from tournaments.trf.dates import TrfDate
    from tournaments.trf.model import TrfPlayer, TrfReport, TrfRound
    from tournaments.trf.writer import write

    rng = random.Random(seed)
    players = len(entrants)
    blocks: list[list[TrfRound]] = [[] for _ in range(players)]
    for number in range(1, rounds + 1):
        if junk:
            for own in blocks:
                own.append(TrfRound(number, rng.randint(1, players), *rng.choice(_JUNK_BLOCKS)))
            continue
        order = list(range(players))
        rng.shuffle(order)
        if len(order) % 2:  # the odd one out has the pairing-allocated bye
            blocks[order.pop()].append(TrfRound(round=number, result="U"))
        for white, black in zip(order[::2], order[1::2], strict=True):
            chance = rng.random()
            if chance < 0.01:
                results = ("+", "-")
            elif chance < 0.35:
                results = ("=", "=")
            else:
                results = ("1", "0") if chance < 0.7 else ("0", "1")
            blocks[white].append(TrfRound(number, black + 1, "w", results[0]))
            blocks[black].append(TrfRound(number, white + 1, "b", results[1]))
    days = [START + dt.timedelta(days=number) for number in range(rounds)]
    report = TrfReport(
        name="Bench Arena",
        city="Online",
        federation="FID",
        start_date=TrfDate(raw=days[0].strftime("%Y/%m/%d")),
        end_date=TrfDate(raw=days[-1].strftime("%Y/%m/%d")),
        player_count_raw=str(players),
        rated_count_raw=str(players),
        tournament_type="Swiss Dutch",
        chief_arbiter="Bench, Arbiter",
        time_control="15 min + 10 sec",
        round_dates=tuple(TrfDate(raw=day.strftime("%y/%m/%d")) for day in days),
        players=tuple(
            TrfPlayer(
                start_rank=rank + 1,
                name=name,
                sex=sex,
                rating=rating,
                federation=federation,
                fide_id=FIRST_FIDE_ID + rank,
                birth_date=TrfDate(raw=f"{1950 + rank % 60}/01/01"),
                points=Decimal(sum(block.halves for block in blocks[rank])) / 2,
                rounds=tuple(blocks[rank]),
            )
            for rank, (name, sex, federation, rating) in enumerate(entrants)
        ),
    )
    return write(report)


def registry(entrants: list[tuple[str, str, str, int]]) -> None:
    """Three players in four of the report in the registry by FIDE ID, as the report has
    them (born on its date, rated in rapid as it says); the fourth is new."""
    from players.models import Federation, Player, RatingState, RatingStatus

    Federation.objects.bulk_create(
        [Federation(code=code, name=f"Federation {code}") for code in [*FEDERATIONS, "FID"]],
        ignore_conflicts=True,
    )
    federations = {f.code: f for f in Federation.objects.all()}
    known = [(rank, entrant) for rank, entrant in enumerate(entrants) if rank % 4]
    players = Player.objects.bulk_create(
        [
            Player(
                fide_id=FIRST_FIDE_ID + rank,
                name=name,
                federation=federations[federation],
                sex="F" if sex == "w" else "M",
                birth_year=1950 + rank % 60,
            )
            for rank, (name, sex, federation, _) in known
        ],
        batch_size=2000,
    )
    RatingState.objects.bulk_create(
        [
            RatingState(
                player=player,
                category="rapid",
                rating=rating,
                games=50,
                status=RatingStatus.RATED,
                list_date=START.replace(day=1),
            )
            for player, (_, (_, _, _, rating)) in zip(players, known, strict=True)
        ],
        batch_size=2000,
    )


def _timed(label: str, seconds: float, what: str = "") -> None:
    print(f"  {label:<30} {seconds:6.1f} s" + (f"  ({what})" if what else ""))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, default=5000)
    parser.add_argument("--rounds", type=int, default=11)
    parser.add_argument("--seed", type=int, default=20260302)
    parser.add_argument("--profile", action="store_true")
    parser.add_argument(
        "--junk",
        action="store_true",
        help="pairings at random, none mirrored: the worst a report's checks are given",
    )
    args = parser.parse_args()

    url = os.environ.get("DATABASE_URL", "sqlite:///")
    with tempfile.TemporaryDirectory() as directory, throwaway_database(url) as bench_url:
        os.environ.update(DATABASE_URL=bench_url, DEBUG="0")
        os.environ.setdefault("SECRET_KEY", "bench-upload-throwaway-key")
        os.environ.setdefault("DJANGO_SETTINGS_MODULE", "ratings_site.settings")
        import django

        django.setup()
        from django.core.files.uploadedfile import SimpleUploadedFile
        from django.core.management import call_command
        from django.db import connection

        from tournaments.batch import batch_actor, report_load
        from tournaments.reports.services import report_approval_withdraw, report_upload
        from tournaments.trf import parse

        call_command("migrate", verbosity=0)
        entrants = synthetic_entrants(args.players, args.seed)
        text = synthetic_report(entrants, args.rounds, args.seed, junk=args.junk)
        data = text.encode("utf-8")
        path = Path(directory) / "arena.trf"
        path.write_bytes(data)
        registry(entrants)
        print(
            f"{args.players:,} players, {args.rounds} rounds, {len(data) / 1e6:.1f} MB, "
            f"{connection.vendor}"
        )

        started = time.perf_counter()
        parsed = parse(data)
        _timed("read (parse)", time.perf_counter() - started)
        started = time.perf_counter()
        outcome = report_load(
            report=parsed.report,
            parsed=parsed,
            data=data,
            filename=path.name,
            category="rapid",
            register=True,
            approve=True,  # grants the late registration its approval first
        )
        _timed("backfill (load_report)", time.perf_counter() - started)
        # Then as on the site: a new version uploaded. The first waits for the officer to
        # match the new players, unapproved; were it approved, the approval is withdrawn.
        actor = batch_actor("bench")
        if outcome.approved:
            report_approval_withdraw(actor=actor, report=outcome.report, reason="A new version.")
        profiler = cProfile.Profile() if args.profile else None
        started = time.perf_counter()
        if profiler:
            profiler.enable()
        report = report_upload(
            actor=actor,
            tournament=outcome.tournament,
            uploaded_file=SimpleUploadedFile(path.name, data),
        )
        if profiler:
            profiler.disable()
        _timed(
            "upload (read, check, store)",
            time.perf_counter() - started,
            f"{report.error_count} errors, {report.warning_count} warnings, "
            f"{report.matches.count():,} player lines",
        )
        kinds = Counter(report.findings.values_list("code", flat=True))
        print(
            "  findings: " + ", ".join(f"{code} {count:,}" for code, count in kinds.most_common())
        )
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        print(f"  {'peak memory (RSS)':<30} {peak:6.0f} MB")
        if profiler:
            pstats.Stats(profiler).sort_stats("cumulative").print_stats(25)
        connection.close()


if __name__ == "__main__":
    main()
