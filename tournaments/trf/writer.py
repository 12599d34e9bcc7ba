"""The TRF16 writer: `write(TrfReport) -> str` (trf16.md §2-§5).

Output is canonical TRF16: LF line ends, header records first in code order, 001 lines
in starting-rank order with the exact columns of trf16.md §3, a 132 line aligned with
the round blocks, 013 team lines, then the preserved extra records verbatim. Titles,
sex, colours and bye codes come out normalised; dates come out as they were written,
except a round date too wide for its 8 columns, which is written YY/MM/DD.

A value that cannot be written without breaking the columns (a 34-character name, a
five-digit rating, a line break inside a field) raises `TrfWriteError`: a corrupt file
would be worse than no file.
"""

from __future__ import annotations

from decimal import Decimal

from . import codes
from .model import TrfDate, TrfPlayer, TrfReport, TrfRound, TrfTeam

__all__ = ["TrfWriteError", "write"]

_HEADERS = (
    (codes.NAME, "name"),
    (codes.CITY, "city"),
    (codes.FEDERATION, "federation"),
    (codes.PLAYER_COUNT, "player_count_raw"),
    (codes.RATED_COUNT, "rated_count_raw"),
    (codes.TEAM_COUNT, "team_count_raw"),
    (codes.TOURNAMENT_TYPE, "tournament_type"),
    (codes.CHIEF_ARBITER, "chief_arbiter"),
    (codes.TIME_CONTROL, "time_control"),
)
_BLANK_BLOCK = " " * codes.ROUND_WIDTH


class TrfWriteError(ValueError):
    """A value of the report does not fit its TRF16 field."""


def write(report: TrfReport) -> str:
    """The report as TRF16 text with LF line ends (encode it as UTF-8 to store it)."""
    lines = [
        *_header_lines(report),
        *(_player_line(p) for p in sorted(report.players, key=lambda p: p.start_rank)),
        *(_team_line(t) for t in report.teams),
    ]
    extras = [_checked(r.text, f"record {r.code}") for r in report.extra_records]
    return "".join(f"{line.rstrip(' ')}\n" for line in lines) + "".join(
        f"{text}\n"
        for text in extras  # verbatim, as they were read
    )


def _checked(text: str, what: str) -> str:
    """Refuse line breaks inside a value: they would split the record."""
    if "\r" in text or "\n" in text:
        raise TrfWriteError(f"{what} contains a line break: {text!r}")
    return text


def _fit(value: str, width: int, what: str, *, right: bool = False) -> str:
    """`value` padded to `width` columns, or TrfWriteError when it is too long."""
    _checked(value, what)
    if len(value) > width:
        raise TrfWriteError(f"{what} {value!r} is longer than its {width} columns")
    return value.rjust(width) if right else value.ljust(width)


def _number(value: int | None, width: int, what: str) -> str:
    """A right-aligned number, blank for None."""
    if value is not None and value < 0:
        raise TrfWriteError(f"{what} {value} is negative")
    return _fit("" if value is None else str(value), width, what, right=True)


# ------------------------------------------------------------------------ headers


def _header_lines(report: TrfReport) -> list[str]:
    """012-132 in code order (trf16.md §2); empty headers are left out."""
    values = {code: getattr(report, attr) for code, attr in _HEADERS}
    values[codes.START_DATE] = report.start_date.raw
    values[codes.END_DATE] = report.end_date.raw
    lines = []
    for code in codes.HEADER_CODES:
        if code == codes.DEPUTY_ARBITER:
            lines += [f"112 {_checked(d, '112')}" for d in report.deputy_arbiters if d]
        elif code == codes.ROUND_DATES:
            lines += _round_dates_line(report)
        elif values[code]:
            lines.append(f"{code} {_checked(values[code], code)}")
    return lines


def _round_dates_line(report: TrfReport) -> list[str]:
    """132 with round r's date in columns 92+10(r-1) to 99+10(r-1) (trf16.md §2).

    Every date sits in its own 8-column slot (a blank date is 8 blanks), so each keeps
    its round. See `_round_date` for dates written wider than their slot.
    """
    if not any(d.raw.strip() for d in report.round_dates):
        return []
    slots = [_round_date(date, number) for number, date in enumerate(report.round_dates, 1)]
    return ["132" + " " * (codes.FIRST_ROUND_COLUMN - 4) + "  ".join(slots)]


def _round_date(date: TrfDate, number: int) -> str:
    """One round date in its 8 columns: as written when it fits, else YY/MM/DD.

    A date wider than 8 columns (`2024/03/02`) is written YY/MM/DD when its value is
    known, so a round trip keeps the value but not the raw text; when the value is unknown
    (or its year is outside 1970-2069, which two digits cannot tell apart), it cannot be
    written and TrfWriteError names the round.
    """
    what = f"round {number} date"
    raw = _checked(date.raw, what).strip()
    if len(raw) <= codes.ROUND_WIDTH:
        return raw.ljust(codes.ROUND_WIDTH)
    value = date.value
    if value is None or not 1970 <= value.year <= 2069:
        raise TrfWriteError(
            f"{what} {raw!r} is longer than its {codes.ROUND_WIDTH} columns and has no "
            "date value that could be written YY/MM/DD"
        )
    return value.strftime("%y/%m/%d")


# ------------------------------------------------------------------------ players


def _player_line(player: TrfPlayer) -> str:
    """A 001 line with the exact columns of trf16.md §3."""
    if not 1 <= player.start_rank <= 9999:
        raise TrfWriteError(f"starting rank {player.start_rank} is not between 1 and 9999")
    fields = [
        "001",
        _number(player.start_rank, 4, "starting rank"),
        _fit(player.sex, 1, "sex") + _fit(player.title, 3, "title", right=True),
        _fit(player.name, codes.PLAYER_NAME.width, "name"),
        _number(player.rating, 4, "rating"),
        _fit(player.federation, 3, "federation"),
        _number(player.fide_id, 11, "FIDE id"),
        _fit(player.birth_date.raw, 10, "birth date"),
        _points(player.points),
        _number(player.rank, 4, "rank"),
    ]
    blocks = [_block(block, player) for block in player.rounds]
    return " ".join(fields) + ("  " + "  ".join(blocks) if blocks else "")


def _points(points: Decimal | None) -> str:
    """Columns 81-84: one decimal ('3.5', '11.0'), or fewer when four columns need it."""
    if points is None:
        return "    "
    for text in (f"{points:.1f}", f"{points:f}", f"{points.normalize():f}"):
        if len(text) <= 4 and Decimal(text) == points:
            return text.rjust(4)
    raise TrfWriteError(f"points {points} do not fit in 4 columns")


def _block(block: TrfRound, player: TrfPlayer) -> str:
    """One round block `oooo c r` (trf16.md §3); an empty round stays blank."""
    if block.is_empty:
        return _BLANK_BLOCK
    what = f"round {block.round} of player {player.start_rank}"
    if block.opponent is not None and not 1 <= block.opponent <= 9999:
        raise TrfWriteError(f"{what}: opponent {block.opponent} is not between 1 and 9999")
    opponent = "0000" if block.opponent is None else f"{block.opponent:>4}"
    colour = block.colour or "-"
    pending = block.result == "Z" and block.result_blank and block.opponent is not None
    result = " " if pending else _fit(block.result, 1, f"{what}: result")
    return f"{opponent} {colour} {result}"


# ------------------------------------------------------------------------ teams


def _team_line(team: TrfTeam) -> str:
    """013: name in 5-36, members from 37 every 5 columns (trf16.md §4)."""
    members = " ".join(_number(m, codes.MEMBER_WIDTH, "team member") for m in team.members)
    return f"013 {_fit(team.name, codes.TEAM_NAME.width, 'team name')}{members}"
