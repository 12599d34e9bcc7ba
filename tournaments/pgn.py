"""A hybrid event's games file, read: R&B 2024 8.4 asks for "full pgn files" with the
report. What the checks need of it is how many games it holds, in which rounds, and
whether their moves are legal; python-chess reads the PGN (its grammar, the moves on the
board), this module counts.

PGN names ISO-8859-1 as its encoding, yet most programs write UTF-8: the bytes are
decoded as a report's are (``tournaments.trf.decoding``).
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field

import chess
import chess.pgn

from tournaments.trf.decoding import binary_kind, decode, split_lines

#: A Round tag's round: "3", "3.12" (round and board), "03"; "?" and "-" say nothing.
# A round of up to four ASCII digits ("3.1": round 3, board 1); int() refuses thousands.
_ROUND = re.compile(r"\s*0*(\d{1,4})(?!\d)", re.ASCII)


#: Why a tag repeated within a game's tags is a fault of the file (``repeated_tag_line``).
TAGS_RUN_TOGETHER = (
    "the tags of two games run together (each game needs its moves and result, such as "
    "1-0, after its tags)"
)


@dataclass
class PgnGame:
    """One game of the file, as it is read: where it begins, its tags, its Round tag's
    round and its moves; ``number`` is its place among the file's games."""

    line: int
    tags: int = 0
    round: int | None = None
    #: Half-moves of the main line read as legal; the reading stops at an illegal one.
    plies: int = 0
    #: The first move python-chess could not play (its message's first line), and its line.
    error: str = ""
    error_line: int | None = None
    number: int = 0
    #: Each tag pair's value and line, by its name (the first of a name repeated).
    headers: dict[str, tuple[str, int]] = field(default_factory=dict)
    #: The line of the first tag whose name the game had already: two games' tags run
    #: together where the first has no movetext, not even its result.
    repeated_tag_line: int | None = None
    #: The result its movetext ends with ("1-0", "0-1", "1/2-1/2" or "*", PGN's game
    #: termination marker), and that marker's line; "" where it ends with none.
    termination: str = ""
    termination_line: int | None = None

    @property
    def label(self) -> str:
        return f"game {self.number} (line {self.line})"


@dataclass(frozen=True)
class GamesFile:
    """What a PGN file holds, or why it holds nothing (``unreadable``)."""

    games: tuple[PgnGame, ...]
    #: Why no game could be read: the file is no text, or no game in it has a move.
    unreadable: str = ""
    #: The lines where a game's tags begin that were not read as a game: swallowed by the
    #: game before, whose comment ("{") or variation ("(") is left open.
    swallowed: tuple[int, ...] = ()

    @property
    def with_moves(self) -> tuple[PgnGame, ...]:
        return tuple(game for game in self.games if game.plies)

    @property
    def rounds(self) -> Counter[int | None]:
        """The games with moves by their Round tag's round (None: a tag that names none)."""
        return Counter(game.round for game in self.with_moves)


#: A tag pair's line: "[Event ...", not a clock comment's "[%clk ...".
_TAG = re.compile(r"\[\w+\s")


class _Lines:
    """The text's lines handed to python-chess one by one (CR, LF or CRLF ends, as a
    report's: ``split_lines``), counted: a game's first line and an illegal move's line
    are where the count stands. A tag pair straight after a line of moves (round files
    joined without a blank line between them) is handed a blank line first, where
    python-chess would read the next game's tags as moves of the last; and of the blank
    lines between a game's tags and its moves it is handed one, where it would end the
    game at the second and read its moves as a game without tags."""

    def __init__(self, text: str) -> None:
        self.lines = split_lines(text)
        self.lines_read = 0
        self.after_moves = False
        self.after_tags = False

    def readline(self) -> str:
        if self.lines_read >= len(self.lines):
            return ""
        line = self.lines[self.lines_read]
        if _TAG.match(line.lstrip()):
            line = line.lstrip()  # python-chess reads an indented tag pair as moves
        if self.after_moves and _TAG.match(line):
            self.after_moves = False
            return "\n"
        self.lines_read += 1
        if self.after_tags and not line.strip():
            self._blank_lines_skip()
        start = line.lstrip()[:1]
        self.after_moves = start not in ("", "[", "%", ";")
        self.after_tags = bool(_TAG.match(line))
        return line + "\n"

    def _blank_lines_skip(self) -> None:
        """The blank lines after the first one that follows the tags, skipped when moves
        come next (a game without moves, followed by the next game's tags, keeps them)."""
        following = self.lines_read
        while following < len(self.lines) and not self.lines[following].strip():
            following += 1
        if following < len(self.lines) and not _TAG.match(self.lines[following].lstrip()):
            self.lines_read = following


class _GameReader(chess.pgn.BaseVisitor[PgnGame]):
    """Reads a game's tags and counts its main line's legal moves; variations are
    skipped, not read (python-chess, after an illegal move in one, would go on reading the
    main line from the variation's position)."""

    def __init__(self, handle: _Lines, moves: bool) -> None:
        self.handle = handle
        self.moves = moves

    def begin_game(self) -> None:
        self.read = PgnGame(line=self.handle.lines_read)

    def visit_header(self, tagname: str, tagvalue: str) -> None:
        self.read.tags += 1
        if tagname in self.read.headers and self.read.repeated_tag_line is None:
            self.read.repeated_tag_line = self.handle.lines_read
        self.read.headers.setdefault(tagname, (tagvalue, self.handle.lines_read))
        if tagname == "Round":
            self.read.round = _round(tagvalue)

    def end_headers(self) -> chess.pgn.SkipType | None:
        return None if self.moves else chess.pgn.SKIP

    def begin_variation(self) -> chess.pgn.SkipType:
        return chess.pgn.SKIP

    def visit_move(self, board: chess.Board, move: chess.Move) -> None:
        self.read.plies += 1

    def handle_error(self, error: Exception) -> None:
        if not self.read.error:
            self.read.error = _move_error(str(error), self.read.plies)
            self.read.error_line = self.handle.lines_read

    def result(self) -> PgnGame:
        return self.read


#: python-chess's words for a move it cannot play: "illegal san: 'Ke3' in <FEN> ...".
_MOVE_ERROR = re.compile(r"(illegal|invalid|ambiguous) san: '([^']*)'")
_MOVE_PROBLEMS = {
    "illegal": "cannot be played in that position",
    "invalid": "is no move",
    "ambiguous": "could be the move of more than one piece",
}


def _move_error(error: str, plies: int) -> str:
    """python-chess's error as an arbiter reads it, the move counted from the legal ones
    before it: "Black's move 2, Ke3, cannot be played in that position". A review found its
    raw text, with a FEN, naming Bb5 where the file's mistake was the unreadable Nf9
    before it (python-chess passes over what is no move at all): that is said too."""
    found = _MOVE_ERROR.match(error)
    if found is None:
        return error.splitlines()[0]
    side = "White" if plies % 2 == 0 else "Black"
    said = f"{side}'s move {plies // 2 + 1}, {found[2]}, {_MOVE_PROBLEMS[found[1]]}"
    return said + " (or something before it is written as no move)"


def _round(tag: str) -> int | None:
    found = _ROUND.match(tag)
    return int(found.group(1)) if found else None


def read_games(data: bytes, *, moves: bool = True) -> GamesFile:
    """Every game of a PGN file, in its order: each begins with its tags ("[Event ...]").
    A file that is no text, or in which no game has tags and a legal move (a report
    chosen in its place, say, whose names python-chess reads as moves), is
    ``unreadable``. ``moves=False`` reads the tags alone, the moves skipped unplayed (no
    ``plies``, no ``error``): a file is then unreadable when no game has tags."""
    if kind := binary_kind(data):
        return GamesFile((), f"The games file is {kind}, not a PGN text file.")
    handle = _Lines(decode(data).text)
    games = []
    while True:
        read = chess.pgn.read_game(handle, Visitor=lambda: _GameReader(handle, moves))  # type: ignore[arg-type]
        if read is None:
            break
        if read.tags:  # moves without tags are no PGN game (a report's lines read so)
            read.number = len(games) + 1
            games.append(read)
    if moves and not any(game.plies for game in games):
        return GamesFile(
            (), "No game with tags and moves could be read from the games file: is it a PGN file?"
        )
    if not games:
        return GamesFile((), "No game with tags could be read from the games file: is it PGN?")
    begun = {game.line for game in games}
    swallowed = tuple(line for line in _tag_sections(handle.lines) if line not in begun)
    _terminations_read(games, handle.lines)
    return GamesFile(tuple(games), swallowed=swallowed)


def _tag_sections(lines: list[str]) -> list[int]:
    """The lines (from 1) where a run of tag pairs begins: a game's first line."""
    starts, in_tags = [], False
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        tag = bool(_TAG.match(line.lstrip()))
        if tag and not in_tags:
            starts.append(number)
        in_tags = tag
    return starts


#: A movetext's end: its game termination marker, after the last comment (PGN 8.2.6).
_TERMINATION = re.compile(r"(1-0|0-1|1/2-1/2|\*)\s*\Z")
#: PGN's comments: braces (across lines, not nested; one left open runs to the end, as it
#: swallows what follows) and a semicolon's rest of the line.
_COMMENT = re.compile(r"\{[^}]*(?:\}|\Z)|;[^\n]*")
#: A variation with none inside it; one left open, once those are gone, runs to the end.
_VARIATION = re.compile(r"\([^()]*\)")
_VARIATION_OPEN = re.compile(r"\(.*\Z", re.S)
#: What an escape line (PGN 6: "%" in its first column, read by no one) and each line a
#: comment or variation spans are reduced to: no text, and no blank line either.
_NOTHING = "\x00"


def _terminations_read(games: list[PgnGame], lines: list[str]) -> None:
    """Each game's ``termination``: the marker its movetext ends with, from the line
    after its last tag on. Read off the text, not by python-chess, which skips the
    movetext when the moves are not read."""
    ends = [game.line - 1 for game in games[1:]] + [len(lines)]
    for game, end in zip(games, ends, strict=True):
        first = max(line for _, line in game.headers.values()) + 1
        text = _movetext(lines[first - 1 : end])
        if found := _TERMINATION.search(text):
            game.termination = found[1]
            game.termination_line = first + text.count("\n", 0, found.start())


def _movetext(lines: list[str]) -> str:
    """A game's movetext as python-chess reads it: up to the first blank line after it
    begins (text after that is read as no game's), its escape lines, comments and
    variations blanked with their line breaks kept, so that an offset gives a line."""
    text = "\n".join(_NOTHING if line.startswith("%") else line for line in lines)
    text = _COMMENT.sub(_line_breaks, text)
    while (bare := _VARIATION.sub(_line_breaks, text)) != text:
        text = bare
    rows, begun = [], False
    for row in _VARIATION_OPEN.sub(_line_breaks, text).split("\n"):
        if not row.strip() and begun:
            break
        begun = begun or bool(row.strip(_NOTHING + " \t"))
        rows.append(row.replace(_NOTHING, ""))
    return "\n".join(rows)


def _line_breaks(found: re.Match[str]) -> str:
    return f"\n{_NOTHING}" * found[0].count("\n")
