"""Reading single records: 001 players, 013 teams, 132 round dates (trf16.md §2-§4).

Each reader slices fixed columns, tolerates short and over-long lines, and reports what
it could not read (or had to guess) to a FindingCollector, with line and column.
"""

from __future__ import annotations

import re
from decimal import Decimal

from . import codes
from .codes import Field, round_rule, round_start
from .dates import TrfDate, read_birth_date
from .findings import Finding, FindingCollector, Severity, times
from .model import Colour, TrfPlayer, TrfRound, TrfTeam

_DIGITS = re.compile(r"[0-9]+")
_POINTS = re.compile(r"[+-]?(?:[0-9]+(?:[.,][0-9]*)?|[.,][0-9]+)")
_SEPARATOR_RULE = "trf16.md §3 (fields are separated by one blank column)"


def upper(text: str) -> str:
    """Upper case, character by character, never changing the length ('ß' stays 'ß').

    str.upper() turns some characters into two ('ß' -> 'SS'), which would push a
    one-column code out of its column when written back.
    """
    if text.isascii():  # every block's result: ASCII never changes length
        return text.upper()
    return "".join(c.upper() if len(c.upper()) == 1 else c for c in text)


def _number(text: str) -> int | None:
    """An unsigned ASCII integer, or None (str.isdigit would accept '²', which int() won't)."""
    return int(text) if _DIGITS.fullmatch(text) else None


# ------------------------------------------------------------------------ 001 players


def read_player(text: str, line: int, out: FindingCollector) -> TrfPlayer | None:
    """Read a 001 line; None when it has no usable starting rank (trf16.md §3)."""
    start_rank = _start_rank(text, line, out)
    if start_rank is None:
        return None
    name = codes.PLAYER_NAME.cut(text).strip()
    label = f"{start_rank} ({name})" if name else str(start_rank)
    if not name:
        _report_missing_name(text, line, start_rank, out)
    _check_separators(text, line, label, out)
    _check_cut_short(text, line, label, out)
    sex, sex_raw = _sex(text, line, out)
    title, title_raw = _title(text, line, label, out)
    return TrfPlayer(
        start_rank=start_rank,
        name=name,
        sex=sex,
        title=title,
        rating=_id_number(text, codes.RATING, line, label, "invalid-rating", out),
        federation=codes.PLAYER_FEDERATION.cut(text).strip(),
        fide_id=_id_number(text, codes.FIDE_ID, line, label, "invalid-fide-id", out),
        birth_date=_birth_date(text, line, label, out),
        points=_points(text, line, label, out),
        rank=_rank(text, line, label, out),
        rounds=tuple(read_rounds(text, line, label, out)),
        sex_raw=sex_raw,
        title_raw=title_raw,
        line=line,
    )


#: The numbers of a 001 line, right-aligned: a line that ends inside one has lost its
#: last digits (a review: a rating "2100" cut to "21", a FIDE ID to another's).
_RIGHT_ALIGNED = (codes.RATING, codes.FIDE_ID, codes.POINTS, codes.RANK)


def _check_cut_short(text: str, line: int, label: str, out: FindingCollector) -> None:
    """An error where the line ends inside a right-aligned number that it has begun:
    no writer ends a line there, and what is left reads as another number."""
    end = len(text)
    for field in _RIGHT_ALIGNED:
        if field.first <= end < field.last and field.cut(text).strip():
            out.error(
                "line-cut-short",
                f"Line {line}: player {label}'s line ends at column {end}, inside the "
                f"{field.label} (columns {field.first}-{field.last}): "
                f"'{field.cut(text).strip()}' has lost its last digits.",
                line=line,
                column=end,
                rule=field.rule,
            )
            return


def _start_rank(text: str, line: int, out: FindingCollector) -> int | None:
    """Columns 5-8: the key every other record refers to; 1 to 9999."""
    raw = codes.START_RANK.cut(text).strip()
    value = _number(raw)
    if value is None or value == 0:
        shown = f"is '{raw}'" if raw else "is blank"
        out.error(
            "invalid-start-rank",
            f"Line {line}: the starting rank (columns 5-8) {shown}, not a number from "
            "1 to 9999, so this player line cannot be used.",
            line=line,
            column=codes.START_RANK.first,
            rule=codes.START_RANK.rule,
        )
        return None
    return value


def _report_missing_name(text: str, line: int, start_rank: int, out: FindingCollector) -> None:
    """A 001 line must at least reach the name (columns 15-47)."""
    short = len(text.rstrip()) < codes.PLAYER_NAME.first
    out.error(
        "line-too-short" if short else "missing-name",
        f"Line {line}: player {start_rank} has no name in columns 15-47"
        + (f" (the line ends at column {len(text.rstrip())})." if short else "."),
        line=line,
        column=min(len(text) + 1, codes.PLAYER_NAME.first),
        rule=codes.PLAYER_NAME.rule,
    )


def _check_separators(text: str, line: int, label: str, out: FindingCollector) -> None:
    """Blank separator columns: a character there means the fields are shifted."""
    for column in codes.PLAYER_SEPARATOR_COLUMNS:
        if column <= len(text) and text[column - 1] != " ":
            out.warning(
                "misaligned-field",
                f"Line {line}: player {label} has '{text[column - 1]}' in column {column}, "
                "which should be blank; the fields around it may be shifted.",
                line=line,
                column=column,
                rule=_SEPARATOR_RULE,
            )
            return


def _sex(text: str, line: int, out: FindingCollector) -> tuple[str, str]:
    """Column 10: m / w; seen also M, F, f (female) and u or blank (unknown)."""
    raw = codes.SEX.cut(text)
    sex = codes.SEX_CODES.get(raw.lower(), "")
    if raw.strip() and not sex:
        out.tally(
            "unknown-sex",
            raw,
            lambda n: (
                f"Line {line}: sex code '{raw}' in column 10 is neither m nor w; "
                f"the sex is taken as unknown{times(n)}."
            ),
            line=line,
            column=codes.SEX.first,
            rule="TRF16 001 col 10",
        )
    return sex, raw


def _title(text: str, line: int, label: str, out: FindingCollector) -> tuple[str, str]:
    """Columns 11-13, right- or left-aligned; old codes g, m, f, wg, ... translated."""
    raw = codes.TITLE.cut(text)
    code = upper(raw.strip())
    if code in codes.OLD_TITLES:
        out.tally(
            "old-style-title",
            code,
            lambda n: (
                f"Line {line}: old title code '{raw.strip()}' read as "
                f"{codes.OLD_TITLES[code]}{times(n)}."
            ),
            line=line,
            column=codes.TITLE.first,
            rule=codes.TITLE.rule,
        )
        return codes.OLD_TITLES[code], raw
    if code and code not in codes.KNOWN_TITLES:
        out.warning(
            "unknown-title",
            f"Line {line}: player {label} has title '{code}', which is not a FIDE title.",
            line=line,
            column=codes.TITLE.first,
            rule=codes.TITLE.rule,
        )
    return code, raw


def _id_number(
    text: str, field: Field, line: int, label: str, code: str, out: FindingCollector
) -> int | None:
    """Rating (49-52) or FIDE id (58-68): digits; blank, 0 and 0000 mean none."""
    raw = field.cut(text).strip()
    if not raw:
        return None
    value = _number(raw)
    if value is None:
        out.error(
            code,
            f"Line {line}: player {label} has {field.label} '{raw}' in columns "
            f"{field.first}-{field.last}, which is not a number.",
            line=line,
            column=field.first,
            rule=field.rule,
        )
        return None
    return value or None


def _birth_date(text: str, line: int, label: str, out: FindingCollector) -> TrfDate:
    """Columns 70-79, best effort (trf16.md §3): raw kept, value when readable."""
    date, problem = read_birth_date(codes.BIRTH_DATE.cut(text))
    if problem:
        out.warning(
            problem[0],
            f"Line {line}: player {label} has birth date '{date.raw}', which {problem[1]}.",
            line=line,
            column=codes.BIRTH_DATE.first,
            rule=codes.BIRTH_DATE.rule,
        )
    return date


def _points(text: str, line: int, label: str, out: FindingCollector) -> Decimal | None:
    """Columns 81-84: the official score, one decimal (a decimal comma is accepted)."""
    raw = codes.POINTS.cut(text).strip()
    if not raw:
        return None
    if not _POINTS.fullmatch(raw):
        out.error(
            "invalid-points",
            f"Line {line}: player {label} has points '{raw}' in columns 81-84, "
            "which is not a number.",
            line=line,
            column=codes.POINTS.first,
            rule=codes.POINTS.rule,
        )
        return None
    return Decimal(raw.replace(",", "."))


def _rank(text: str, line: int, label: str, out: FindingCollector) -> int | None:
    """Columns 86-89: final place; blank or 0 (mid-event exports) mean none."""
    raw = codes.RANK.cut(text).strip()
    if not raw:
        return None
    value = _number(raw)
    if value is None:
        out.warning(
            "invalid-rank",
            f"Line {line}: player {label} has rank '{raw}' in columns 86-89, "
            "which is not a number; it is ignored.",
            line=line,
            column=codes.RANK.first,
            rule=codes.RANK.rule,
        )
    return value or None


# ------------------------------------------------------------------------ round blocks


def read_rounds(text: str, line: int, label: str, out: FindingCollector) -> list[TrfRound]:
    """All round blocks of a 001 line: 8 columns every 10 from column 92 (trf16.md §3).

    Only the first unreadable block of a line is described; the others are counted into
    one finding, so that a line of junk does not bury the file's real problems.
    """
    if note := _note_start(text):
        _report_note(text[note:].strip(), line, note + 1, out)
        text = text[:note].rstrip()
    blocks = _LineBlocks(line, label, out)
    count = min(_blocks_in(text), codes.MAX_ROUNDS)
    rounds = [blocks.read(text, number) for number in range(1, count + 1)]
    blocks.report_the_others()
    if text[round_start(codes.MAX_ROUNDS + 1) - 1 :].strip():
        _report_too_many_rounds(line, label, out)
    return rounds


#: Three letters side by side in the round columns: no round block has two (its colour
#: and its result stand a column apart), so it is a note written after the rounds ("late
#: entry", "withdrew"; a review: such a note was read as shifted round blocks, errors
#: that named no note).
_NOTE = re.compile(r"[^\W\d_]{3,}")


def _note_start(text: str) -> int | None:
    """Where a note after the round blocks starts (an index of ``text``): letters
    (``_NOTE``) after a round block written; a line of letters from its first round on is
    junk, whose blocks are described as they stand."""
    first = codes.FIRST_ROUND_COLUMN - 1
    note = _NOTE.search(text, first)
    if note is None or not text[first : note.start()].strip():
        return None
    return note.start()


def _report_note(note: str, line: int, column: int, out: FindingCollector) -> None:
    """A note after the round blocks, left out of the report; said once for the file."""
    out.tally(
        "note-after-rounds",
        "",
        lambda n: (
            f"Line {line}: '{note}' from column {column} is not a round block; it is read "
            f"as a note after the rounds and left out{times(n)}."
        ),
        line=line,
        column=column,
        rule="trf16.md §3 round blocks",
        severity=Severity.WARNING,
    )


def _blocks_in(text: str) -> int:
    """How many round blocks start within `text` (the last one may be cut short)."""
    return max(0, (len(text) - codes.FIRST_ROUND_COLUMN) // codes.ROUND_STRIDE + 1)


def _report_too_many_rounds(line: int, label: str, out: FindingCollector) -> None:
    """Text past MAX_ROUNDS blocks is junk, not a tournament (guard, §3); blanks are fine."""
    out.error(
        "too-many-rounds",
        f"Line {line}: player {label} has more than {codes.MAX_ROUNDS} round blocks; "
        "the rest of the line is ignored.",
        line=line,
        column=round_start(codes.MAX_ROUNDS + 1),
        rule="trf16.md §3 round blocks",
    )


class _LineBlocks:
    """Reads the round blocks of one line; says once that they are shifted, and describes
    only the first unreadable block (one with an ERROR), counting the others."""

    def __init__(self, line: int, label: str, out: FindingCollector) -> None:
        self.line, self.label, self.out = line, label, out
        self.misaligned = False
        self.first_unreadable: int | None = None
        self.other_unreadable: list[int] = []

    def read(self, text: str, number: int) -> TrfRound:
        """Round `number`'s block of `text`, its findings reported or counted."""
        first = round_start(number) - 1
        block = text[first : first + codes.ROUND_WIDTH].ljust(codes.ROUND_WIDTH)
        tail = text[first + codes.ROUND_WIDTH : first + codes.ROUND_STRIDE]
        if not self.misaligned and (block[4] + block[6] + tail).strip():
            self.misaligned = True
            _report_misaligned_block(block, tail, number, self.line, self.label, self.out)
        where = _Where(number, self.line, self.label, self.out)
        read = read_block(block, where)
        self._admit(number, where.found)
        return read

    def _admit(self, number: int, found: list[Finding]) -> None:
        """Pass the block's findings on, unless it is a further unreadable block."""
        unreadable = any(f.severity is Severity.ERROR for f in found)
        if unreadable and self.first_unreadable is not None:
            self.other_unreadable.append(number)
            return
        if unreadable:
            self.first_unreadable = number
        for f in found:
            self.out.add(f.severity, f.code, f.message, line=f.line, column=f.column, rule=f.rule)

    def report_the_others(self) -> None:
        """One ERROR counting the unreadable blocks after the first."""
        if not self.other_unreadable:
            return
        count, first = len(self.other_unreadable), self.other_unreadable[0]
        self.out.error(
            "unreadable-round-blocks",
            f"Line {self.line}: player {self.label} has {count} more round "
            f"block{'s' if count > 1 else ''} that cannot be read, from round {first} "
            f"(column {round_start(first)}); only round {self.first_unreadable}'s is "
            "described.",
            line=self.line,
            column=round_start(first),
            rule=round_rule(first),
        )


def _report_misaligned_block(
    block: str, tail: str, number: int, line: int, label: str, out: FindingCollector
) -> None:
    """Offsets +4, +6 and the two columns after a block must be blank."""
    start = round_start(number)
    offset = next(i for i, c in enumerate(block + tail) if i in (4, 6, 8, 9) and c != " ")
    out.warning(
        "misaligned-round",
        f"Line {line}, round {number}: player {label} has '{(block + tail)[offset]}' in "
        f"column {start + offset}, which should be blank; the round blocks may be shifted.",
        line=line,
        column=start + offset,
        rule=round_rule(number),
    )


def read_block(block: str, where: _Where) -> TrfRound:
    """One 8-column round block: opponent, colour, result (trf16.md §3)."""
    number = where.number
    if not block.strip():
        return TrfRound(number, result_blank=True, raw=block)
    opponent = where.opponent(block[: codes.OPPONENT_WIDTH])
    colour = where.colour(block[codes.COLOUR_OFFSET])
    result_char = block[codes.RESULT_OFFSET]
    result = where.result(result_char)
    if opponent is None and result in codes.BYE_FOR_RESULT_WITHOUT_OPPONENT:
        result = where.bye_written_as_game(result, block)
    elif opponent is not None and result in codes.BYE_RESULTS and result_char != " ":
        where.bye_with_opponent(opponent, result)
    return TrfRound(number, opponent, colour, result, result_char == " ", block)


class _Where:
    """Reads the three fields of one block and words findings about them.

    The findings are kept in `found` for `_LineBlocks` to pass on; tallied quirks go
    straight to the collector.
    """

    def __init__(self, number: int, line: int, label: str, out: FindingCollector) -> None:
        self.number, self.line, self.label, self.out = number, line, label, out
        self.start = round_start(number)
        self.found: list[Finding] = []

    def _report(self, severity: Severity, code: str, text: str, offset: int) -> None:
        """Keep a finding placed at `offset` within this round's block."""
        self.found.append(
            Finding(
                severity,
                code,
                f"Line {self.line}, round {self.number}: player {self.label} {text}",
                line=self.line,
                column=self.start + offset,
                rule=round_rule(self.number),
            )
        )

    def opponent(self, raw: str) -> int | None:
        """`0000`, `   0` and blanks all mean no opponent (trf16.md §7.5)."""
        value = _number(raw.strip()) if raw.strip() else 0
        if value is None:
            self._report(
                Severity.ERROR,
                "invalid-opponent",
                f"has opponent '{raw.strip()}' in columns {self.start}-{self.start + 3}, "
                "which is not a starting rank; the round is read as having no opponent.",
                0,
            )
        return value or None

    def colour(self, raw: str) -> Colour | None:
        """w / b (upper case tolerated); `-` or blank: none."""
        lowered = raw.lower()
        if lowered in ("w", "b"):
            return "w" if lowered == "w" else "b"
        if raw not in ("-", " "):
            self._report(
                Severity.ERROR,
                "invalid-colour",
                f"has colour '{raw}' in column {self.start + codes.COLOUR_OFFSET}; "
                "only w, b, - or blank are allowed.",
                codes.COLOUR_OFFSET,
            )
        return None

    def result(self, raw: str) -> str:
        """Result code, upper case; blank is Z (trf16.md §3). Unknown codes are kept."""
        if raw == " ":
            return "Z"
        code = upper(raw)
        if code not in codes.RESULT_CODES:
            self._report(
                Severity.ERROR,
                "invalid-result",
                f"has result code '{raw}' in column {self.start + codes.RESULT_OFFSET}; "
                "valid codes are 1 = 0 + - W D L H F U Z.",
                codes.RESULT_OFFSET,
            )
        return code

    def bye_written_as_game(self, result: str, block: str) -> str:
        """`0000 - =` / `0000 - +` / `- ` without opponent: read as the bye they mean."""
        bye = codes.BYE_FOR_RESULT_WITHOUT_OPPONENT[result]
        text = f"has '{block}': result '{result}' without an opponent is read as bye '{bye}'"
        if result in codes.FORFEIT_RESULTS:
            # A common convention (Swiss-Manager, lichess): harmless, so reported once.
            self.out.tally(
                "bye-coded-as-forfeit",
                result,
                lambda n: (
                    f"Line {self.line}, round {self.number}: player {self.label} {text}{times(n)}."
                ),
                line=self.line,
                column=self.start + codes.RESULT_OFFSET,
                rule="trf16.md §3 result codes",
            )
        else:
            code = "bye-coded-as-draw" if bye == "H" else "result-without-opponent"
            self._report(Severity.WARNING, code, text + ".", codes.RESULT_OFFSET)
        return bye

    def bye_with_opponent(self, opponent: int, result: str) -> None:
        """A bye code names no opponent; one that does is contradictory."""
        self._report(
            Severity.WARNING,
            "bye-with-opponent",
            f"has bye code '{result}' but also opponent {opponent}.",
            codes.RESULT_OFFSET,
        )


# ------------------------------------------------------------------------ 013 teams


def read_team(text: str, line: int, out: FindingCollector) -> tuple[TrfTeam, list[int]]:
    """A 013 line: name in 5-36, member starting ranks every 5 columns from 37 (§4).

    Returns the team and the column of each member, for findings made later.
    """
    name = codes.TEAM_NAME.cut(text).strip()
    members: list[int] = []
    columns: list[int] = []
    first = codes.FIRST_MEMBER_COLUMN
    while first <= len(text):
        raw = text[first - 1 : first - 1 + codes.MEMBER_WIDTH].strip()
        value = _number(raw) if raw else None
        if raw and not value:
            out.error(
                "invalid-team-member",
                f"Line {line}: team '{name}' lists '{raw}' in columns {first}-{first + 3} "
                "as a member, which is not a starting rank.",
                line=line,
                column=first,
                rule=f"TRF16 013 cols {first}-{first + 3}",
            )
        elif value:
            members.append(value)
            columns.append(first)
        first += codes.MEMBER_STRIDE
    return TrfTeam(name, tuple(members), line), columns


# ------------------------------------------------------------------------ 132 dates


def read_round_date_texts(text: str, line: int, out: FindingCollector) -> list[str]:
    """The raw round dates of a 132 line, aligned with the round blocks (trf16.md §2).

    When text lies outside the aligned slots, the dates are taken as whitespace-separated
    words instead, with a warning.
    """
    slots: list[str] = []
    leftover = list(text.ljust(4))
    number = 1
    while round_start(number) <= len(text) and number <= codes.MAX_ROUNDS:
        first = round_start(number) - 1
        slots.append(text[first : first + codes.ROUND_WIDTH].strip())
        leftover[first : first + codes.ROUND_WIDTH] = " " * codes.ROUND_WIDTH
        number += 1
    stray = next((i for i, c in enumerate(leftover[4:], start=4) if c != " "), None)
    if stray is not None:
        out.warning(
            "misaligned-round-dates",
            f"Line {line}: the round dates are not aligned with the round blocks "
            f"(text in column {stray + 1}); they are read as words in round order.",
            line=line,
            column=stray + 1,
            rule="TRF16 132 (round r's date in cols 92+10(r-1) to 99+10(r-1))",
        )
        slots = text[4:].split()[: codes.MAX_ROUNDS]
    while slots and not slots[-1]:
        slots.pop()
    return slots
