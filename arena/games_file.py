"""An arena games file, read: the PGN the arena's server writes, one game after another,
each with the tags that say who played whom, when, at what time control and with what
result. The moves are not rated and not read here (python-chess reads the file,
``tournaments.pgn``), but the result they end with must be the Result tag's; what is wrong
with a game is said with its line."""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass
from fractions import Fraction

from players.filters import typed_fide_id
from regulations.online_arena import RULES
from regulations.types import Category, TimeControl
from tournaments.pgn import TAGS_RUN_TOGETHER, PgnGame, read_games

#: The Result tag's values, as White's score in half points; "*" is a game not finished.
RESULTS = {"1-0": 2, "0-1": 0, "1/2-1/2": 1}
#: PGN's TimeControl tag: seconds for the game, and an increment in seconds ("180+2").
# ASCII digits alone, and few: int() takes other scripts' digits, and refuses (or takes
# seconds over) thousands of them.
_TIME_CONTROL = re.compile(r"\s*(\d{1,5})(?:\+(\d{1,3}))?\s*$", re.ASCII)
_DATE = re.compile(r"\s*(\d{4})[.-](\d{2})[.-](\d{2})\s*$", re.ASCII)
_TIME = re.compile(r"\s*(\d{1,2}):(\d{2})(?::(\d{2}))?\s*$", re.ASCII)


@dataclass(frozen=True)
class ArenaFinding:
    """Why a game of the file cannot be rated, where it stands in the file."""

    line: int | None
    message: str
    clause: str = ""

    def __str__(self) -> str:
        where = f"Line {self.line}: " if self.line else ""
        rule = f" ({self.clause})" if self.clause else ""
        return f"{where}{self.message}{rule}"


@dataclass(frozen=True)
class ArenaGameRead:
    """One game, as its tags give it."""

    line: int
    white_fide_id: int
    black_fide_id: int
    white_name: str
    black_name: str
    white_score: int
    played_at: dt.datetime
    time_control: str
    category: Category

    @property
    def label(self) -> str:
        return f"{self.white_name or self.white_fide_id} - {self.black_name or self.black_fide_id}"


@dataclass(frozen=True)
class ArenaGamesRead:
    games: tuple[ArenaGameRead, ...]
    findings: tuple[ArenaFinding, ...]


#: How far after the file's loading a game's moment may be (the server's clock and ours
#: may differ a little); a game dated later is refused, not rated.
CLOCK_TOLERANCE = dt.timedelta(minutes=10)


def read_arena_games(data: bytes, *, now: dt.datetime | None = None) -> ArenaGamesRead:
    """Every game of the file with the findings that keep any from being rated. Its tags
    are all the arena's rating reads (2.1, 2.3, 3.9): its moves are skipped, not replayed
    (a game lost by disconnection, 2.4, may have none). ``now``: the moment the file is
    loaded, after which no game can have been played."""
    read = read_games(data, moves=False)
    if read.unreadable:
        return ArenaGamesRead((), (ArenaFinding(None, read.unreadable),))
    games: list[ArenaGameRead] = []
    findings = [
        ArenaFinding(
            line,
            "A game's tags begin here but were read as part of the game before: a comment "
            "({) or a variation (() of that game is left open, and every game after it "
            "would be lost",
        )
        for line in read.swallowed
    ]
    for game in read.games:
        found, problems = _game(game, now)
        findings.extend(problems)
        if found is not None:
            games.append(found)
    return ArenaGamesRead(tuple(games), tuple(findings))


def _game(
    game: PgnGame, now: dt.datetime | None = None
) -> tuple[ArenaGameRead | None, list[ArenaFinding]]:
    tags = game.headers
    problems: list[ArenaFinding] = []

    def tag(name: str) -> str:
        return tags.get(name, ("", 0))[0].strip()

    def line(*names: str) -> int:
        return next((tags[n][1] for n in names if n in tags), game.line)

    if game.repeated_tag_line is not None:
        problems.append(
            ArenaFinding(
                game.repeated_tag_line,
                f"A tag the game has already: {TAGS_RUN_TOGETHER}",
            )
        )
    fide_ids = []
    for colour in ("White", "Black"):
        text = tag(f"{colour}FideId")
        fide_id = typed_fide_id(text)
        if not fide_id:
            problems.append(
                ArenaFinding(
                    line(f"{colour}FideId", colour),
                    f"{colour}'s FIDE ID (the {colour}FideId tag) is "
                    + (f"{_quoted(text)}, not a FIDE ID" if text else "missing")
                    + ": the arena rates its full members, known by their FIDE ID",
                    "online arena 2.1",
                )
            )
        fide_ids.append(fide_id or 0)
    if fide_ids[0] and fide_ids[0] == fide_ids[1]:
        problems.append(
            ArenaFinding(line("WhiteFideId"), f"White and Black are one player, {fide_ids[0]}.")
        )
    result = tag("Result")
    if result not in RESULTS:
        problems.append(
            ArenaFinding(
                line("Result"),
                f"Result {_quoted(result)} is no finished game's (1-0, 0-1 or 1/2-1/2): only a "
                "game's result changes the ratings",
                "online arena 3.9.1",
            )
        )
    elif game.termination and game.termination != result:
        # PGN's two records of one result disagree: neither can be rated as the score.
        ending, why = (
            ("with *, a game not finished", "only a finished game's result changes the ratings")
            if game.termination == "*"
            else (game.termination, "the game's score is one of the two")
        )
        problems.append(
            ArenaFinding(
                game.termination_line,
                f"The moves end {ending}, where the Result tag (line {line('Result')}) says "
                f"{result}: {why}",
                "online arena 3.9.1",
            )
        )
    played_at = _played_at(tag("UTCDate") or tag("Date"), tag("UTCTime") or tag("Time"))
    if played_at is None:
        problems.append(
            ArenaFinding(
                line("UTCDate", "Date"),
                "The game's date and time (UTCDate and UTCTime, or Date and Time) are missing "
                "or unreadable: ratings change game by game in the order played",
                "online arena 3.9, 3.11",
            )
        )
    elif now is not None and played_at > now + CLOCK_TOLERANCE:
        # Rated, it would stand before every later game of its players (3.11), which would
        # then be refused as played before their last game rated (a review: a typo of 2030).
        problems.append(
            ArenaFinding(
                line("UTCDate", "Date"),
                f"The game is dated {played_at:%Y-%m-%d %H:%M:%S} UTC, after the file was "
                f"loaded ({now:%Y-%m-%d %H:%M} UTC): a game not yet played cannot be rated",
                "online arena 3.9, 3.11",
            )
        )
    category, problem = _category(tag("TimeControl"), line("TimeControl"))
    if problem:
        problems.append(problem)
    if problems or played_at is None or category is None:
        return None, problems
    return (
        ArenaGameRead(
            line=game.line,
            white_fide_id=fide_ids[0],
            black_fide_id=fide_ids[1],
            white_name=tag("White"),
            black_name=tag("Black"),
            white_score=RESULTS[result],
            played_at=played_at,
            time_control=tag("TimeControl"),
            category=category,
        ),
        [],
    )


def _quoted(tag: str) -> str:
    """A tag's value quoted in a finding, its first 40 characters of a longer one."""
    return repr(tag[:40]) + ("…" if len(tag) > 40 else "")


def _played_at(date: str, time: str) -> dt.datetime | None:
    """The tags' moment, in UTC (the server's clock: UTCDate and UTCTime)."""
    day, clock = _DATE.match(date), _TIME.match(time)
    if not day or not clock:
        return None
    try:
        return dt.datetime(
            *(int(part) for part in day.groups()),
            int(clock.group(1)),
            int(clock.group(2)),
            int(clock.group(3) or 0),
            tzinfo=dt.UTC,
        )
    except ValueError:
        return None


def _category(text: str, line: int) -> tuple[Category | None, ArenaFinding | None]:
    """2.3: the category of a rated game's time control; any other is no rated game."""
    found = _TIME_CONTROL.match(text)
    if found is None:
        problem = f"TimeControl {_quoted(text)} is not seconds and increment, such as 180+2"
        return None, ArenaFinding(line, problem, "online arena 2.3")
    seconds, increment = int(found.group(1)), int(found.group(2) or 0)
    control = TimeControl(Fraction(seconds, 60), increment)
    category = RULES.classify_time_control(control)
    if category is None:
        problem = f"TimeControl {text} ({control}) is not one of the arena's rated time controls"
        return None, ArenaFinding(line, problem, "online arena 2.3")
    return category, None
