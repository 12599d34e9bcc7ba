"""Property tests: parse never raises; write -> parse gives back generated reports."""

from __future__ import annotations

import datetime
from dataclasses import replace
from decimal import Decimal

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tournaments.trf import (
    NOT_A_REPORT,
    TrfPlayer,
    TrfReport,
    TrfRound,
    TrfTeam,
    TrfWriteError,
    parse,
    write,
)
from tournaments.trf.codes import PSEUDO_PLAYER_NAMES
from tournaments.trf.dates import TrfDate, read_birth_date
from tournaments.trf.extensions import TrfRecord

FAST = settings(
    max_examples=150,
    deadline=None,
    database=None,  # nothing written into the checkout
    suppress_health_check=[HealthCheck.too_slow],
)


def assert_read_without_crashing(data: bytes | str) -> None:
    result = parse(data)
    assert "internal-error" not in [f.code for f in result.findings], result.findings
    assert (result.report is None) == bool(NOT_A_REPORT & {f.code for f in result.errors})
    for finding in result.findings:
        assert finding.line is None or finding.line >= 1
        assert finding.column is None or finding.column >= 1


@FAST
@given(st.binary(max_size=3000))
def test_parse_never_raises_on_arbitrary_bytes(data):
    assert_read_without_crashing(data)


# TRF-ish lines: real record codes, then characters the format uses, at any length.
CODES = st.sampled_from(
    ["001", "001", "001", "012", "013", "042", "062", "112", "132", "XXR", "XXS", "142",
     "162", "BBW", "###", "BEL", "012", "   ", "0123", "DDD"]
)  # fmt: skip
FILLING = st.text(alphabet=" 0123456789wbWB-+=HFUZDLhfuz.,/:ÄéßĲ\t\x00\x85\u2028", max_size=160)
TRF_LINE = st.builds(
    lambda code, sep, rest: code + sep + rest, CODES, st.sampled_from([" ", ""]), FILLING
)
TRF_TEXT = st.lists(TRF_LINE, max_size=30).flatmap(
    lambda lines: st.sampled_from(["\n", "\r\n", "\r"]).map(lambda end: end.join(lines))
)


def assert_written_back(report: TrfReport) -> None:
    """write -> parse gives the report back; round dates wider than their 8 columns come
    back as YY/MM/DD with the same value, and refuse to be written without one."""
    wide = [d for d in report.round_dates if len(d.raw.strip()) > 8]
    try:
        text = write(report)
    except TrfWriteError:
        assert any(d.value is None or not 1970 <= d.value.year <= 2069 for d in wide)
        return
    again = parse(text).report
    assert [d.value for d in again.round_dates] == [d.value for d in report.round_dates]
    if not wide:
        assert again == report
    else:
        assert replace(again, round_dates=()) == replace(report, round_dates=())


@FAST
@given(TRF_TEXT)
def test_parse_never_raises_on_trf_like_text_and_what_it_reads_writes_back(text):
    assert_read_without_crashing(text)
    assert_read_without_crashing(text.encode("utf-8"))
    report = parse(text).report
    if report is not None:
        assert_written_back(report)


# ------------------------------------------------------------------ generated reports

NAME_CHARS = st.characters(
    whitelist_categories=("Lu", "Ll"), whitelist_characters=" ,.-'", max_codepoint=0x24F
)
# Real players only: games against a placeholder ('spielfrei', 'bye') are never rated.
NAMES = (
    st.text(NAME_CHARS, min_size=1, max_size=33)
    .map(str.strip)
    .filter(lambda name: name and name.lower() not in PSEUDO_PLAYER_NAMES)
)
HEADER = st.text(st.characters(blacklist_categories=("Cc", "Cs", "Zl", "Zp")), max_size=40).map(
    str.strip
)
# (mine, theirs) result pairs of one game, and the codes of a player left unpaired.
GAME_RESULTS = [("1", "0"), ("=", "="), ("0", "1"), ("+", "-"), ("-", "+"), ("-", "-"),
                ("W", "L"), ("D", "D"), ("L", "W"), ("Z", "Z")]  # fmt: skip
UNPAIRED = ["empty", "H", "F", "U", "Z"]


@st.composite
def round_blocks(draw, ranks: list[int], number: int) -> dict[int, TrfRound]:
    """One round with consistent pairings: both lines of every game agree."""
    order = draw(st.permutations(ranks))
    games = draw(st.integers(0, len(order) // 2))
    blocks: dict[int, TrfRound] = {}
    for white, black in zip(order[: 2 * games : 2], order[1 : 2 * games : 2], strict=True):
        mine, theirs = draw(st.sampled_from(GAME_RESULTS))
        colours = draw(st.sampled_from([("w", "b"), ("b", "w"), (None, None)]))
        pending = mine == "Z"  # paired, result not yet in: written blank
        blocks[white] = TrfRound(number, black, colours[0], mine, result_blank=pending)
        blocks[black] = TrfRound(number, white, colours[1], theirs, result_blank=pending)
    for rank in order[2 * games :]:
        code = draw(st.sampled_from(UNPAIRED))
        empty = code == "empty"
        blocks[rank] = TrfRound(number, result="Z" if empty else code, result_blank=empty)
    return blocks


@st.composite
def birth_dates(draw) -> TrfDate:
    day = draw(st.dates(datetime.date(1920, 1, 1), datetime.date(2020, 12, 31)))
    raw = draw(st.sampled_from(["", day.strftime("%Y/%m/%d"), f"{day.year}", f"{day.year}/00/00"]))
    return read_birth_date(raw)[0]


@st.composite
def players(draw, rank: int, rounds: list[TrfRound]) -> TrfPlayer:
    halves = sum(r.halves for r in rounds)
    points = draw(st.sampled_from([None, Decimal(halves) / 2, Decimal(halves + 1) / 2]))
    return TrfPlayer(
        start_rank=rank,
        name=draw(NAMES),
        sex=draw(st.sampled_from(["", "m", "w"])),
        title=draw(st.sampled_from(["", "GM", "IM", "FM", "CM", "WGM", "WIM", "WFM", "WCM"])),
        rating=draw(st.none() | st.integers(1, 9999)),
        federation=draw(st.sampled_from(["", "IRL", "GER", "FRA"])),
        fide_id=draw(st.none() | st.integers(1, 99_999_999_999)),
        birth_date=draw(birth_dates()),
        points=points,
        rank=draw(st.none() | st.integers(1, 9999)),
        rounds=tuple(rounds),
    )


@st.composite
def event_dates(draw, count: int) -> tuple[TrfDate, TrfDate, tuple[TrfDate, ...]]:
    """ISO start/end and YY/MM/DD round dates in order, as TRF16 writes them."""
    days = sorted(
        draw(st.lists(st.dates(datetime.date(2000, 1, 1), datetime.date(2069, 12, 31)),
                      min_size=count, max_size=count))
    )  # fmt: skip
    if not days or not draw(st.booleans()):
        return TrfDate(), TrfDate(), ()
    start, end = days[0], days[-1]
    rounds = tuple(TrfDate(d.strftime("%y/%m/%d"), d, d.year) for d in days)
    return (
        TrfDate(start.isoformat(), start, start.year),
        TrfDate(end.isoformat(), end, end.year),
        rounds,
    )


EXTRAS = st.lists(
    st.sampled_from(["XXR 9", "XXC white1", "XXA    1  1.0  0.5", "### comment",
                     "162  W 1.0    D 0.5    L 0.0", "BBW  1.0", "152 B", "NED    1 m    Name"]),
    max_size=4,
).map(lambda texts: tuple(TrfRecord(t[:3], t) for t in texts))  # fmt: skip


@st.composite
def reports(draw) -> TrfReport:
    ranks = sorted(draw(st.sets(st.integers(1, 9999), min_size=1, max_size=12)))
    count = draw(st.integers(0, 6))
    by_round = [draw(round_blocks(ranks, number)) for number in range(1, count + 1)]
    used = max(
        (b.round for blocks in by_round for b in blocks.values() if not b.is_empty), default=0
    )
    start, end, round_dates = draw(event_dates(used))
    team = st.tuples(NAMES.filter(lambda n: len(n) <= 32), st.lists(st.sampled_from(ranks)))
    teams = draw(st.lists(team, max_size=3))
    return TrfReport(
        name=draw(HEADER),
        city=draw(HEADER),
        federation=draw(st.sampled_from(["", "IRL"])),
        start_date=start,
        end_date=end,
        player_count_raw=str(len(ranks)),
        tournament_type=draw(HEADER),
        chief_arbiter=draw(HEADER),
        deputy_arbiters=tuple(d for d in draw(st.lists(HEADER, max_size=2)) if d),
        time_control=draw(HEADER),
        round_dates=round_dates,
        players=tuple(
            draw(players(rank, [by_round[n][rank] for n in range(used)])) for rank in ranks
        ),
        teams=tuple(TrfTeam(name, tuple(members)) for name, members in teams),
        extra_records=draw(EXTRAS),
    )


@FAST
@given(reports())
def test_generated_reports_survive_write_and_parse_unchanged(report):
    result = parse(write(report))
    assert result.report == report
    # The errors a generated report may carry: no round result to rate, with points or
    # without a round at all (checks.check_rounds_read).
    points = sum(p.points for p in report.players if p.points is not None)
    unrated = not any(p.result_halves for p in report.players)
    no_round = not any(not b.is_empty for p in report.players for b in p.rounds)
    expected = (
        ["unread-rounds"]
        if unrated and points > 0
        else ["without-rounds"]
        if unrated and report.players and no_round
        else []
    )
    assert [f.code for f in result.errors] == expected
    # ... and list each game played over the board once, from white's side.
    games = report.played_games()
    assert 2 * len(games) == sum(1 for p in report.players for r in p.rounds if r.played)
    for game in games:
        white = report.player(game.white).round(game.round)
        assert white.opponent == game.black and white.played
        assert white.halves == game.white_score_halves
