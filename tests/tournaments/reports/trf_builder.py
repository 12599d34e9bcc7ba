"""Small made-up TRF16 reports for the report tests (trf16.md's column layout)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

#: The shared corpus of real TRF files (/work/shared/testdata/trf beside the repository).
CORPUS = Path(__file__).resolve().parents[4] / "shared" / "testdata" / "trf"


def player_line(
    rank: int,
    name: str,
    *,
    rating: int | None = None,
    federation: str = "AAA",
    fide_id: int | None = None,
    birth: str = "1990/01/01",
    points: str = "0.0",
    rounds: Sequence[str] = (),
    sex: str = "m",
    final_rank: int | None = None,
) -> str:
    """A TRF16 001 line (trf16.md §3); ``rounds`` are 8-character blocks like '   2 w 1'."""
    head = (
        f"001 {rank:>4} {sex}{'':>3} {name:<33} {rating or '':>4} {federation:<3} "
        f"{fide_id or '':>11} {birth:<10} {points:>4} {final_rank or '':>4}  "
    )
    assert len(head) == 91
    return head + "  ".join(rounds)


def round_dates_line(dates: Sequence[str]) -> str:
    """A 132 record with the round dates in the round columns (trf16.md §2)."""
    return "132" + " " * 88 + "  ".join(dates)


def trf(
    players: Sequence[str],
    *,
    start: str = "2025/03/01",
    end: str = "2025/03/09",
    dates: Sequence[str] = ("25/03/01", "25/03/02", "25/03/03"),
    count: int | None = None,
    time_control: str = "90 min + 30 sec",
    kind: str = "Individual: Swiss-System",
) -> bytes:
    lines = [
        "012 Test Open",
        "022 Testville",
        f"042 {start}",
        f"052 {end}",
        f"062 {count if count is not None else len(players)}",
        f"092 {kind}",
        f"122 {time_control}",
        round_dates_line(dates),
        *players,
    ]
    return ("\n".join(lines) + "\n").encode()


#: A three-round Swiss of four registered players (FIDE IDs 1001..1004), all games played.
FOUR_PLAYERS = (
    dict(
        rank=1,
        name="Alpha, Anna",
        rating=2000,
        fide_id=1001,
        points="2.5",
        rounds=("   2 w 1", "   3 b =", "   4 w 1"),
    ),
    dict(
        rank=2,
        name="Beta, Bert",
        rating=1900,
        fide_id=1002,
        points="1.0",
        rounds=("   1 b 0", "   4 w 1", "   3 b 0"),
    ),
    dict(
        rank=3,
        name="Gamma, Gil",
        rating=1800,
        fide_id=1003,
        points="2.5",
        rounds=("   4 w 1", "   1 w =", "   2 w 1"),
    ),
    dict(
        rank=4,
        name="Delta, Dora",
        rating=1700,
        fide_id=1004,
        points="0.0",
        rounds=("   3 b 0", "   2 b 0", "   1 b 0"),
    ),
)


def four_players(**changes: dict) -> list[str]:
    """FOUR_PLAYERS' lines, with per-rank changes: four_players(**{"2": {"rating": 1950}})."""
    return [
        player_line(**{**fields, **changes.get(str(fields["rank"]), {})}) for fields in FOUR_PLAYERS
    ]
