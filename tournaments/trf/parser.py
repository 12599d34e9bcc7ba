"""The tolerant TRF16 reader: `parse(bytes | str) -> ParseResult` (trf16.md §7).

It never raises. Whatever it could not read, or had to guess, becomes a Finding with line
and column; whatever it tolerated is said once as INFO. The report is None only when the
input holds no usable player line at all.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace

from players.text import DECOMPOSED, composed_letters

from . import codes
from .checks import (
    TAB_CHARACTER,
    check_cut_off,
    check_player_count,
    check_report,
    check_shifted_lines,
    check_unread_players,
)
from .dates import EventDates, Order, is_two_digit_date, read_event_dates
from .decoding import DecodedText, binary_kind, decode, split_lines
from .extensions import (
    RecordKind,
    TrfRecord,
    classify,
    describe,
    read_declared_rounds,
    read_scoring,
)
from .findings import Finding, FindingCollector, Severity, times
from .model import TrfPlayer, TrfReport, TrfRound, TrfTeam
from .records import read_player, read_round_date_texts, read_team

__all__ = ["ParseResult", "parse"]

#: The findings of a file that is no report at all: nothing was read of it.
NO_PLAYERS, NOT_TEXT = "no-players", "not-text"
NOT_A_REPORT = frozenset({NO_PLAYERS, NOT_TEXT})

_RULER = re.compile(r"[0-9 ]+")
_LEGEND_PREFIX = "DDD "
# Past this many distinct unknown record codes (binary junk, a PDF), tally the rest as one.
_MAX_UNKNOWN_CODES = 20
_HEADER_FIELDS = {
    codes.NAME: "name",
    codes.CITY: "city",
    codes.FEDERATION: "federation",
    codes.PLAYER_COUNT: "player_count_raw",
    codes.RATED_COUNT: "rated_count_raw",
    codes.TEAM_COUNT: "team_count_raw",
    codes.TOURNAMENT_TYPE: "tournament_type",
    codes.CHIEF_ARBITER: "chief_arbiter",
    codes.TIME_CONTROL: "time_control",
}


@dataclass(frozen=True)
class ParseResult:
    """What `parse` made of a file: the report (None if unusable) and the findings."""

    report: TrfReport | None
    findings: tuple[Finding, ...] = ()
    encoding: str = ""

    @property
    def errors(self) -> tuple[Finding, ...]:
        """The ERROR findings."""
        return tuple(f for f in self.findings if f.severity is Severity.ERROR)

    @property
    def has_errors(self) -> bool:
        """True when at least one finding is an ERROR."""
        return any(f.severity is Severity.ERROR for f in self.findings)


def parse(data: bytes | str) -> ParseResult:
    """Read a TRF16 file (bytes as stored, or text already decoded). Never raises."""
    out = FindingCollector()
    encoding = ""
    try:
        if not isinstance(data, str) and (kind := binary_kind(bytes(data))):
            out.error(
                NOT_TEXT,
                f"The file is {kind}, not the text file a pairing program writes: "
                "export the report (TRF) from the pairing program, or unpack it, and "
                "upload that file.",
                rule="TRF16 §1",
            )
            return ParseResult(None, out.findings(), "")
        decoded = decode(data if isinstance(data, str | bytes) else bytes(data))
        encoding = decoded.encoding
        report = _read(decoded, out)
    except Exception as exc:  # the contract is to never raise, whatever the input
        out.error(
            "internal-error",
            f"The file could not be read because of an internal error ({exc!r}); "
            "please report it together with the file.",
        )
        report = None
    return ParseResult(report, out.findings(), encoding)


@dataclass
class _Lines:
    """What the first pass over the lines collected, record by record."""

    headers: dict[str, tuple[str, int]] = field(default_factory=dict)
    deputies: list[str] = field(default_factory=list)
    round_dates: list[str] = field(default_factory=list)
    round_dates_line: int | None = None
    players: list[TrfPlayer] = field(default_factory=list)
    by_start_rank: dict[int, TrfPlayer] = field(default_factory=dict)
    teams: list[TrfTeam] = field(default_factory=list)
    member_columns: dict[int, list[int]] = field(default_factory=dict)
    extras: list[TrfRecord] = field(default_factory=list)
    unknown_codes: set[str] = field(default_factory=set)
    #: Player lines not read, each with why (``checks.check_unread_players``).
    unread_players: list[tuple[int, str]] = field(default_factory=list)


def _without_nul(text: str, number: int, out: FindingCollector) -> str:
    """The line with its NUL characters read as blanks, each line that has one an error:
    no TRF holds one (a binary file, or UTF-16 without its byte order mark), and no
    database column takes one (PostgreSQL refused a player's name with it: a review)."""
    column = text.find("\0") + 1
    if not column:
        return text
    out.error(
        "nul-character",
        f"Line {number}, column {column}: a NUL character, which no TRF file holds (is it "
        "a binary file, or one saved as UTF-16?); read as a blank.",
        line=number,
        column=column,
        rule="TRF16 §1",
    )
    return text.replace("\0", " ")


def _note_tabs(text: str, number: int, out: FindingCollector) -> str:
    """A tab on a player line: TRF16 counts its columns one character each, and a tab is
    one character where an editor shows several blanks, so every field after it stands
    elsewhere than it looks (a review: 145 errors about shifted fields, none naming the
    tabs). Said once per file; a tab right after the record code is said as the line's own
    (``_note_unknown``)."""
    column = text.find("\t") + 1
    if column and text.startswith(codes.PLAYER) and column != 4:
        out.tally(
            TAB_CHARACTER,
            "",
            lambda n: (
                f"Line {number}, column {column}: a tab character on a player line, where "
                "TRF16 counts the columns one character each: the fields after it are not "
                f"where they look{times(n)}. Save the file with blanks, not tabs."
            ),
            line=number,
            column=column,
            rule="trf16.md §1",
            severity=Severity.WARNING,
        )
    return text


def _composed(text: str, number: int, out: FindingCollector) -> str:
    """The line with its decomposed accents composed (Unicode NFC): a letter followed by
    combining accents, as some editors save "Å", takes one column where an editor shows
    it, not two (a review: one such name moved every field after it, and the findings
    named none of it). Only those letters: NFC of the whole line would change other
    characters too (a compatibility ideograph, which a property test wrote). Noted once
    per file."""
    if text.isascii() or not DECOMPOSED.search(text):
        return text
    out.tally(
        "decomposed-accents",
        "",
        lambda n: (
            f"Line {number}: letters written with separate accents (decomposed Unicode) were "
            f"read as single letters, a column each, as an editor shows them{times(n)}."
        ),
        line=number,
        rule="TRF16 §1",
    )
    return composed_letters(text)


#: A UTF-8 player or team line padded by bytes (``byte_padded_layout``).
BYTE_PADDED = "byte-padded"
#: Where a player line is cut to be read by bytes: at each separator column (0-based).
_SEPARATOR_CUTS = tuple(column - 1 for column in codes.PLAYER_SEPARATOR_COLUMNS)


def _separators_blank(text: str) -> bool:
    """Whether a player line has a blank in every column it reaches that trf16.md §3 keeps
    blank: between the fields, and inside and between the round blocks (a line shifted by
    one column may have none of its fields' figures in the first, a review found)."""
    if not all(cut >= len(text) or text[cut] == " " for cut in _SEPARATOR_CUTS):
        return False
    blocks = range(codes.FIRST_ROUND_COLUMN - 1, len(text), codes.ROUND_STRIDE)
    return all(
        block + offset >= len(text) or text[block + offset] == " "
        for block in blocks
        for offset in _BLANK_IN_A_BLOCK
    )


#: The columns of a round block and after it that stay blank, counted from its first.
_BLANK_IN_A_BLOCK = (
    codes.OPPONENT_WIDTH,
    codes.COLOUR_OFFSET + 1,
    *range(codes.ROUND_WIDTH, codes.ROUND_STRIDE),
)


def _team_cuts(length: int) -> tuple[int, ...]:
    """Where a team line ``length`` long is cut to be read by bytes (0-based): after its
    code, where its members start, and at the blank before each member's field after the
    first (trf16.md §4)."""
    after_first = codes.FIRST_MEMBER_COLUMN - 1 + codes.MEMBER_WIDTH
    return (
        len(codes.TEAM),
        codes.FIRST_MEMBER_COLUMN - 1,
        *range(after_first, length, codes.MEMBER_STRIDE),
    )


#: A starting rank standing apart at the end of a team's name: a member shifted into it.
_MEMBER_IN_THE_NAME = re.compile(r" {2}\d+ *$")


def _members_in_their_fields(text: str) -> bool:
    """Whether a team line's members stand in their fields (trf16.md §4): the blank after
    the code and before each field blank, no number running from the name's last column
    into the first member's field, and none standing apart at the end of the name (a
    shift of a whole field, five columns or more, keeps every blank blank: a review found
    "Sportovní klub Kroměříž" read with 12 in its name and 13 its only member)."""
    name_end = codes.FIRST_MEMBER_COLUMN - 2
    straddles = text[name_end : name_end + 2].isdigit()
    in_the_name = _MEMBER_IN_THE_NAME.search(codes.TEAM_NAME.cut(text)) is not None
    after_code, _members_start, *between_members = _team_cuts(len(text))
    blank = (after_code, *between_members)
    return (
        not straddles
        and not in_the_name
        and all(cut >= len(text) or text[cut] == " " for cut in blank)
    )


def _laid_out_by_bytes(text: str, cuts: Iterable[int]) -> str | None:
    """The line with its columns counted in UTF-8 bytes, cut at ``cuts``, each piece's
    letters (their accents composed) then padded to the bytes they took; None where a
    letter straddles a cut (not so written)."""
    raw = text.encode("utf-8")
    pieces = []
    for start, end in itertools.pairwise((0, *cuts, len(raw))):
        if start >= end:
            continue
        try:
            pieces.append(composed_letters(raw[start:end].decode("utf-8")).ljust(end - start))
        except UnicodeDecodeError:
            return None
    return "".join(pieces)


def byte_padded_layout(text: str) -> str | None:
    """A UTF-8 player or team line whose name was padded by bytes, as a program printing
    with C's ``%-33s`` writes it, read by bytes; None for any other line. Each letter
    outside ASCII takes two bytes or more and one column, so the fields after the name
    stand that many columns left of their places, and the line read in characters
    (trf16.md §7) is a row of errors, none naming the cause, or a team's members misread.
    Read so only where the characters (accents composed, as an editor shows them) leave a
    blank column filled and the bytes none."""
    if text.isascii():
        return None
    if text.startswith(codes.PLAYER):
        cuts, lined_up = _SEPARATOR_CUTS, _separators_blank
    elif text.startswith(codes.TEAM):
        cuts, lined_up = _team_cuts(len(text.encode("utf-8"))), _members_in_their_fields
    else:
        return None
    if lined_up(composed_letters(text)):
        return None
    laid_out = _laid_out_by_bytes(text, cuts)
    return laid_out if laid_out is not None and lined_up(laid_out) else None


def _read_by_bytes(decoded: DecodedText, text: str, number: int) -> str | None:
    """``byte_padded_layout`` of line ``number`` where it was decoded as UTF-8."""
    return byte_padded_layout(text) if decoded.line_is_utf8(number) else None


def line_as_read(decoded: DecodedText, text: str, number: int) -> str:
    """Line ``number`` with its columns as the reader counts them: by bytes where its name
    was padded so (``byte_padded_layout``), its accents composed. The report page marks
    the findings' columns on it."""
    return _read_by_bytes(decoded, text, number) or composed_letters(text)


def _note_byte_padding(text: str, laid_out: str, number: int, out: FindingCollector) -> None:
    """Said once per file, with the first line's shift."""
    shift = len(laid_out) - len(composed_letters(text))
    columns = f"{shift} column{'s' if shift > 1 else ''}"
    out.tally(
        BYTE_PADDED,
        "",
        lambda n: (
            f"Line {number}: the fields after the name stand {columns} "
            "left of their places, as many as the name's letters outside ASCII take extra "
            "bytes in UTF-8: the program that wrote the file padded names by bytes, where "
            "TRF16 counts characters. The line was read by bytes, where its fields line up"
            f"{times(n)}. Check its figures against the pairing program's."
        ),
        line=number,
        rule="trf16.md §7 (columns are counted in characters)",
        severity=Severity.WARNING,
    )


def _read(decoded: DecodedText, out: FindingCollector) -> TrfReport | None:
    """Decode notes, one pass over the lines, then assembly and cross-checks."""
    _note_encoding(decoded, out)
    collected = _Lines()
    lines = split_lines(decoded.text)
    for number, text in enumerate(lines, start=1):
        text = _note_tabs(_without_nul(text, number, out), number, out)
        laid_out = _read_by_bytes(decoded, text, number)
        if laid_out is not None:
            _note_byte_padding(text, laid_out, number, out)
        _dispatch(laid_out or _composed(text, number, out), number, collected, out)
    if not collected.players:
        out.error(
            NO_PLAYERS,
            "The file contains no usable player record (001 line), so there is no "
            "tournament to read.",
            rule="TRF16 001",
        )
        return None
    report = _assemble(collected, out)
    check_report(report, out, collected.member_columns)
    check_shifted_lines(sum(1 for text in lines if text.startswith(codes.PLAYER)), out)
    check_unread_players(collected.unread_players, out)
    _check_extensions(report, out)
    if codes.PLAYER_COUNT in collected.headers:
        check_player_count(report, collected.headers[codes.PLAYER_COUNT][1], out)
        # No line break after the last line, and players missing: cut off in transit.
        if decoded.text and not decoded.text.endswith(("\n", "\r")):
            check_cut_off(report, len(lines), out)
    return report


def _note_encoding(decoded: DecodedText, out: FindingCollector) -> None:
    """Say which encoding was used when it was not plain UTF-8 (trf16.md §7.1)."""
    if decoded.had_bom:
        out.info(
            "byte-order-mark",
            "The file starts with a byte-order mark; it was removed.",
            line=1,
            rule="trf16.md §7.1",
        )
    if decoded.encoding in ("utf-16", "utf-32"):
        message = f"The file is not UTF-8; it was read as {decoded.encoding}."
    elif decoded.encoding == "mixed":
        lines = decoded.fallback_lines
        verb = "was" if len(lines) == 1 else "were"
        message = (
            f"Not every line is UTF-8: {_line_numbers(lines)} {verb} read as cp1252 "
            "instead. Check that accented names look right there."
        )
    elif decoded.is_fallback:
        message = (
            f"The file is not UTF-8; it was read as {decoded.encoding} (accented text on "
            f"{_line_numbers(decoded.fallback_lines)}). Check that accented names look right."
        )
    else:
        return
    first = decoded.fallback_lines[0] if decoded.fallback_lines else None
    out.info("encoding-fallback", message, line=first, rule="trf16.md §7.1")


def _line_numbers(numbers: tuple[int, ...], shown: int = 10) -> str:
    """'line 3', 'lines 3, 7 and 9', 'lines 3, 7, ... and 12 more'."""
    if len(numbers) == 1:
        return f"line {numbers[0]}"
    if len(numbers) > shown:
        listed = ", ".join(str(n) for n in numbers[:shown])
        return f"lines {listed} and {len(numbers) - shown} more"
    return f"lines {', '.join(str(n) for n in numbers[:-1])} and {numbers[-1]}"


# ------------------------------------------------------------------------ line dispatch


def _dispatch(text: str, number: int, lines: _Lines, out: FindingCollector) -> None:
    """Send one line to its reader by its first three characters (trf16.md §7.3)."""
    if not text.strip():
        return
    code, is_record = text[:3], text[3:4] in ("", " ")
    if _is_layout_comment(text, code, is_record):
        out.tally(
            "layout-comment",
            "",
            lambda n: f"Line {number}: a column ruler or legend line was skipped{times(n)}.",
            line=number,
            rule="trf16.md §1 (comments)",
        )
    elif not is_record:
        _keep_unknown(text, number, lines, out)
    elif code == codes.PLAYER:
        _add_player(read_player(text, number, out), lines, out)
    elif code in codes.HEADER_CODES:
        _add_header(code, text, number, lines, out)
    elif code == codes.TEAM:
        team, columns = read_team(text, number, out)
        lines.member_columns[len(lines.teams)] = columns
        lines.teams.append(team)
    else:
        _keep_extra(code, text, number, lines, out)


def _is_layout_comment(text: str, code: str, is_record: bool) -> bool:
    """Rulers (`0123456789...`, which starts with 012!) and `DDD SSSS ...` legends."""
    if text.startswith(_LEGEND_PREFIX):
        return True
    # "142 3" is a record, "0123456789..." (no blank in column 4) is not.
    numbered_record = is_record and code.isascii() and code.isdigit()
    return bool(_RULER.fullmatch(text)) and not numbered_record


def _add_player(player: TrfPlayer | None, lines: _Lines, out: FindingCollector) -> None:
    """Keep a player unless unusable or a repeated starting rank (the first one wins)."""
    if player is None:
        return
    first = lines.by_start_rank.setdefault(player.start_rank, player)
    if first is not player:
        out.error(
            "duplicate-start-rank",
            f"Line {player.line}: starting rank {player.start_rank} ({player.name}) is "
            f"already used on line {first.line} ({first.name}); this line is ignored.",
            line=player.line,
            column=codes.START_RANK.first,
            rule=codes.START_RANK.rule,
        )
        lines.unread_players.append(
            (player.line or 0, f"its starting rank, {player.start_rank}, is line {first.line}'s")
        )
        return
    lines.players.append(player)


def _add_header(code: str, text: str, number: int, lines: _Lines, out: FindingCollector) -> None:
    """Header records: free text from column 5; 112 repeats; 132 is fixed-column."""
    if code == codes.DEPUTY_ARBITER:
        if value := text[4:].strip():
            lines.deputies.append(value)
        return
    if code in lines.headers:
        out.warning(
            "duplicate-header",
            f"Line {number}: record {code} appears again (first on line "
            f"{lines.headers[code][1]}); this one is ignored.",
            line=number,
            column=1,
            rule=f"TRF16 {code}",
        )
        return
    lines.headers[code] = (text[4:].strip(), number)
    if code == codes.ROUND_DATES:
        lines.round_dates = read_round_date_texts(text, number, out)
        lines.round_dates_line = number


def _keep_unknown(text: str, number: int, lines: _Lines, out: FindingCollector) -> None:
    """A line whose column 4 is not blank: not a record; kept verbatim."""
    _keep_extra(text[:3], text, number, lines, out, force_unknown=True)


def _keep_extra(
    code: str,
    text: str,
    number: int,
    lines: _Lines,
    out: FindingCollector,
    *,
    force_unknown: bool = False,
) -> None:
    """Records that are not TRF16: kept verbatim, one INFO per record type (§6)."""
    record = TrfRecord(text[:3], text, number)  # exactly as read (the line end is gone)
    lines.extras.append(record)
    kind = RecordKind.UNKNOWN if force_unknown else classify(code)
    if kind is RecordKind.UNKNOWN:
        _note_unknown(record, lines, out)
        return
    what = describe(code)
    label = {
        RecordKind.EXTENSION: "JaVaFo/bbpPairings extension record",
        RecordKind.TRF26: "TRF26 record",
        RecordKind.NATIONAL: "TRF26 national-rating record",
    }[kind]
    out.tally(
        f"{kind.value}-record" if kind is not RecordKind.NATIONAL else "national-rating-record",
        code,
        lambda n: (
            f"Line {number}: {label} {code}{f' ({what})' if what else ''} is not "
            f"part of TRF16; it was kept as is{_use_of(code)}{times(n)}."
        ),
        line=number,
        column=1,
        rule="trf16.md §6",
    )


def _use_of(code: str) -> str:
    """What the reader takes from an interpreted extension record."""
    if code in ("142", "XXR"):
        return " and read as the number of rounds"
    if code in ("162", "XXS") or code.startswith("BB"):
        return " and read as the scoring system"
    return ""


_BEFORE_A_CODE = " \t\ufeff\u00a0"


def _note_unknown(record: TrfRecord, lines: _Lines, out: FindingCollector) -> None:
    """One INFO per unknown code; a flood of codes (binary junk) is tallied as one."""
    known = record.code in lines.unknown_codes
    key = _FLOOD if not known and len(lines.unknown_codes) >= _MAX_UNKNOWN_CODES else record.code
    lines.unknown_codes.add(key)
    known = (codes.PLAYER, *codes.HEADER_CODES)
    # A byte-order mark inside the file (two files joined) or a no-break space is no blank
    # to lstrip(), yet shifts the code as an indent does.
    code = record.text.lstrip(_BEFORE_A_CODE)[:4].rstrip()
    misplaced = code in known
    if code == codes.PLAYER:
        lines.unread_players.append((record.line or 0, _why_unread(record.text)))
    shown = record.text[:20].encode("unicode_escape").decode("ascii")
    column = 1
    if misplaced and record.text[:3] in known:
        column = 4
        # A review: "001\t1 ..." was told its code must start in column 1, where it does.
        after = record.text[3:4].encode("unicode_escape").decode("ascii")
        describe = _unknown_message(
            record.line,
            shown,
            f" (column 4 holds '{after}' where TRF16 has a blank after the record code: "
            "the columns after it cannot be counted; "
            + (
                "save the file with blanks, not tabs)" if after == "\\t" else "write a blank there)"
            ),
        )
    elif misplaced and record.text.startswith("\ufeff"):
        describe = _unknown_message(
            record.line,
            shown,
            " (a byte-order mark, U+FEFF, stands before its code, as at the start of a file: "
            "two files joined into one?)",
        )
    elif misplaced:
        describe = _unknown_message(record.line, shown, " (the record code must start in column 1)")
    elif key == _FLOOD:
        describe = _flood_message(record.line, shown)
    else:
        describe = _unknown_message(record.line, shown, "")
    out.tally(
        "misplaced-record" if misplaced else "unknown-record",
        key,
        describe,
        line=record.line,
        column=column,
        rule="trf16.md §1",
        severity=Severity.WARNING if misplaced else Severity.INFO,
    )


_FLOOD = "\0other"  # tally key of the unknown codes past _MAX_UNKNOWN_CODES


def _why_unread(text: str) -> str:
    """Why a line that holds 001 was not read as a player line."""
    if text.startswith("\ufeff"):
        return (
            "a byte-order mark (U+FEFF) stands before its 001, as at a file's start "
            "(two files joined?)"
        )
    if text.startswith(codes.PLAYER):
        after = text[3:4].encode("unicode_escape").decode("ascii")
        return f"its column 4 holds '{after}' where TRF16 has a blank"
    return "its 001 does not start in column 1"


def _unknown_message(line: int | None, shown: str, why: str) -> Callable[[int], str]:
    """Message of an unknown (or misplaced) record code, with its count."""
    return lambda n: (
        f"Line {line}: '{shown}' is not a TRF16 record{why}; the line was kept as is but "
        f"not read{times(n)}."
    )


def _flood_message(line: int | None, shown: str) -> Callable[[int], str]:
    """Message counting the lines whose unknown codes were too many to list one by one."""
    return lambda n: (
        f"Line {line}: '{shown}' and {n - 1} more lines with yet other unknown record codes "
        "are not TRF16 records; they were kept as is but not read."
        if n > 1
        else f"Line {line}: '{shown}' is not a TRF16 record; the line was kept as is but not read."
    )


# ------------------------------------------------------------------------ assembly


def _assemble(lines: _Lines, out: FindingCollector) -> TrfReport:
    """Build the report: headers, dates, players in starting-rank order, teams, extras."""
    headers = {code: value for code, (value, _) in lines.headers.items()}
    if codes.NAME not in headers:
        out.warning(
            "missing-tournament-name",
            "The file has no tournament-name record (012), which FIDE requires.",
            rule="TRF16 012",
        )
    dates = _read_dates(lines, out)
    return TrfReport(
        **{attr: headers.get(code, "") for code, attr in _HEADER_FIELDS.items()},
        start_date=dates.start,
        end_date=dates.end,
        deputy_arbiters=tuple(lines.deputies),
        round_dates=dates.rounds,
        players=_arrange_players(lines.players, out),
        teams=tuple(lines.teams),
        extra_records=tuple(lines.extras),
    )


def _read_dates(lines: _Lines, out: FindingCollector) -> EventDates:
    """042, 052 and 132 read together (two-digit dates resolved per file, see dates.py)."""
    start = lines.headers.get(codes.START_DATE, ("", None))
    end = lines.headers.get(codes.END_DATE, ("", None))
    dates = read_event_dates(start[0], end[0], lines.round_dates)
    where: dict[object, tuple[str, int | None, int | None, str]] = {
        "start": ("start date (042)", start[1], 5, start[0]),
        "end": ("end date (052)", end[1], 5, end[0]),
    }
    for index, raw in enumerate(lines.round_dates):
        column = codes.round_start(index + 1)
        where[index] = (f"round {index + 1} date (132)", lines.round_dates_line, column, raw)
    for slot, (code, problem) in dates.problems.items():
        label, line, column, raw = where[slot]
        out.warning(
            code,
            f"Line {line}: the {label} '{raw}' {problem}.",
            line=line,
            column=column,
            rule="trf16.md §2 dates",
        )
    _note_date_order(dates.order, dates.ambiguous, where, out)
    if dates.header_order is not None:
        header = next(where[slot] for slot in ("start", "end") if is_two_digit_date(where[slot][3]))
        _label, line, column, raw = header
        out.warning(
            "date-order-guessed",
            f"Line {line}: the start and end dates such as '{raw}' are only consistent with "
            f"the round dates (132, read as {dates.order.value}) when read as "
            f"{dates.header_order.value}; they were read that way.",
            line=line,
            column=column,
            rule="trf16.md §2 dates",
        )
    return dates


def _note_date_order(
    order: Order | None,
    ambiguous: bool,
    where: dict[object, tuple[str, int | None, int | None, str]],
    out: FindingCollector,
) -> None:
    """Say how two-digit dates were read when it was a guess (trf16.md §2 "132 layout")."""
    if order is None or (order is Order.YMD and not ambiguous):
        return
    # The dates' own pattern: a looser one (any non-digit between optional blanks) took
    # time growing with the square of a long 042 or 052 (a review: 15 s for 40,000 blanks).
    first = next((w for w in where.values() if is_two_digit_date(w[3])), None)
    _label, line, column, raw = first or ("dates", None, None, "")
    if ambiguous:
        message = (
            f"Line {line}: dates with two-digit parts such as '{raw}' fit more than one "
            f"reading order; they were read as {order.value}."
        )
        code = "ambiguous-date"
    else:
        message = (
            f"Line {line}: dates such as '{raw}' are only consistent when read as "
            f"{order.value} (TRF16's format is YY/MM/DD); they were read that way."
        )
        code = "date-order-guessed"
    out.warning(code, message, line=line, column=column, rule="trf16.md §2 dates")


def _arrange_players(players: list[TrfPlayer], out: FindingCollector) -> tuple[TrfPlayer, ...]:
    """Starting-rank order, every player with the same number of round columns."""
    ranks = [p.start_rank for p in players]
    if ranks != sorted(ranks):
        culprit = next(p for p, q in itertools.pairwise(players) if q.start_rank < p.start_rank)
        out.info(
            "players-out-of-order",
            f"Line {culprit.line}: player lines are not in starting-rank order; they were sorted.",
            line=culprit.line,
            rule="TRF16 001",
        )
    width = max((b.round for p in players for b in p.rounds if not b.is_empty), default=0)
    return tuple(_with_width(p, width) for p in sorted(players, key=lambda p: p.start_rank))


def _with_width(player: TrfPlayer, width: int) -> TrfPlayer:
    """Pad with blank rounds, or drop trailing blank ones, to `width` rounds."""
    rounds = player.rounds[:width]
    padding = tuple(
        TrfRound(number, result_blank=True) for number in range(len(rounds) + 1, width + 1)
    )
    return replace(player, rounds=rounds + padding)


def _check_extensions(report: TrfReport, out: FindingCollector) -> None:
    """Problems met reading the number of rounds and the scoring system (§6)."""
    problems = [
        *read_declared_rounds(report.extra_records)[1],
        *read_scoring(report.extra_records)[1],
    ]
    for problem in problems:
        out.warning(
            problem.code,
            f"Line {problem.record.line}: {problem.message}",
            line=problem.record.line,
            column=5,
            rule=f"trf16.md §6 ({problem.record.code})",
        )
