"""The tournament report as read from, or written to, a TRF16 file (trf16.md §2-§4).

Everything is a frozen dataclass. Values are normalised (titles, sex, colours, result
codes, bye conventions) so that consumers need not know the producers' quirks; what was
literally written is kept in fields excluded from equality (`compare=False`), like the
source line numbers, so that parse -> write -> parse gives an equal report.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from decimal import Decimal
from functools import cached_property
from typing import Literal

from .codes import (
    BYE_RESULTS,
    DEFAULT_HALVES,
    FORFEIT_RESULTS,
    NOT_MOVED_RESULTS,
    PLAYED_RESULTS,
    PSEUDO_PLAYER_NAMES,
)
from .dates import BLANK_DATE, TrfDate
from .extensions import ScoringSystem, TrfRecord, read_declared_rounds, read_scoring

Colour = Literal["w", "b"]

__all__ = [
    "Colour",
    "PlayedGame",
    "ScoringSystem",
    "TrfDate",
    "TrfPlayer",
    "TrfRecord",
    "TrfReport",
    "TrfRound",
    "TrfTeam",
]


@dataclass(frozen=True)
class TrfRound:
    """One round block of a 001 line (trf16.md §3 "Round block").

    `opponent` is the opponent's starting rank (None for `0000`, `0` or blanks);
    `colour` is "w", "b" or None (`-` or blank); `result` is the upper-case result code,
    "Z" for a blank result (`result_blank` remembers the blank, so the writer can leave a
    pending result blank). Byes written with a game symbol (`0000 - =`, `0000 - +`) are
    read as the bye they stand for; `raw` keeps the block as written.
    """

    round: int
    opponent: int | None = None
    colour: Colour | None = None
    result: str = "Z"
    result_blank: bool = field(default=False, compare=False)
    raw: str = field(default="", compare=False)

    @property
    def played(self) -> bool:
        """This line claims a game played over the board: result 1, = or 0 against an
        opponent. Whether the game counts depends on the opponent's line too (see
        `TrfReport.played_games`)."""
        return self.opponent is not None and self.result in PLAYED_RESULTS

    @property
    def is_forfeit(self) -> bool:
        """A scheduled game decided by forfeit (`+` or `-` against an opponent)."""
        return self.opponent is not None and self.result in FORFEIT_RESULTS

    @property
    def is_not_moved(self) -> bool:
        """A game with less than one move played (W, D, L): not rated (trf16.md §3)."""
        return self.opponent is not None and self.result in NOT_MOVED_RESULTS

    @property
    def is_bye(self) -> bool:
        """No game: no opponent at all, or a bye code (H, F, U, Z) written out.

        A blank result against an opponent is a game still waiting for its result
        (trf16.md §3), not a bye.
        """
        return self.opponent is None or (self.result in BYE_RESULTS and not self.result_blank)

    @property
    def is_empty(self) -> bool:
        """Nothing recorded: no opponent, no colour, blank result (an all-blank block)."""
        return (
            self.opponent is None
            and self.colour is None
            and self.result == "Z"
            and self.result_blank
        )

    @property
    def halves(self) -> int:
        """Points under the default 1/½/0 scoring, in half-points (trf16.md §3)."""
        return DEFAULT_HALVES.get(self.result, 0)

    @property
    def points(self) -> Decimal:
        """Points under the default 1/½/0 scoring (trf16.md §3)."""
        return Decimal(self.halves) / 2


@dataclass(frozen=True)
class TrfPlayer:
    """A 001 player record (trf16.md §3).

    `sex` is "m", "w" or "" (unknown); `title` is the modern upper-case title ("GM",
    "WFM", ...; old codes `g`, `wf` are translated) or ""; `rating` and `fide_id` are None
    when blank or zero; `rank` is None when blank or zero. `rounds` has one entry per round
    column of the file, in round order.
    """

    start_rank: int
    name: str = ""
    sex: str = ""
    title: str = ""
    rating: int | None = None
    federation: str = ""
    fide_id: int | None = None
    birth_date: TrfDate = BLANK_DATE
    points: Decimal | None = None
    rank: int | None = None
    rounds: tuple[TrfRound, ...] = ()
    sex_raw: str = field(default="", compare=False)
    title_raw: str = field(default="", compare=False)
    line: int | None = field(default=None, compare=False)

    def round(self, number: int) -> TrfRound | None:
        """This player's block for round `number` (1-based), or None beyond the file."""
        if 1 <= number <= len(self.rounds):
            return self.rounds[number - 1]
        return None

    @property
    def is_rated(self) -> bool:
        """True when columns 49-52 hold a non-zero rating."""
        return self.rating is not None

    @property
    def result_halves(self) -> int:
        """Sum of the round results under 1/½/0 scoring, in half-points (trf16.md §3)."""
        return sum(r.halves for r in self.rounds)

    @property
    def result_points(self) -> Decimal:
        """Sum of the round results under 1/½/0 scoring (compare with `points`)."""
        return Decimal(self.result_halves) / 2

    @property
    def is_placeholder(self) -> bool:
        """A pseudo-player some programs add to hand out byes ('spielfrei', 'bye', ...)."""
        return self.name.strip().lower() in PSEUDO_PLAYER_NAMES

    @property
    def label(self) -> str:
        """'7 (Moreau, Elise)': how findings name a player."""
        return f"{self.start_rank} ({self.name})" if self.name else str(self.start_rank)


@dataclass(frozen=True)
class TrfTeam:
    """A 013 team record: name and the starting ranks of its members (trf16.md §4)."""

    name: str
    members: tuple[int, ...] = ()
    line: int | None = field(default=None, compare=False)


@dataclass(frozen=True)
class PlayedGame:
    """One game played over the board, listed once (white and black are starting ranks).

    `white_score_halves`: 2 white won, 1 draw, 0 black won. When neither line gives a
    colour, the lower starting rank is called white and `colours_known` is False.
    """

    round: int
    white: int
    black: int
    white_score_halves: int
    colours_known: bool = True

    @property
    def white_score(self) -> Decimal:
        """White's score: 1, 0.5 or 0."""
        return Decimal(self.white_score_halves) / 2


_LEADING_INT = re.compile(r"\s*(\d{1,6})")


def _leading_int(text: str) -> int | None:
    """The number a count header starts with: '15 (12)' -> 15 (Swiss-Manager style)."""
    match = _LEADING_INT.match(text)
    return int(match.group(1)) if match else None


@dataclass(frozen=True)
class TrfReport:
    """A whole tournament report (trf16.md §2-§6).

    Header fields hold the text of their records ("" when absent). The three count
    headers are kept raw (`062 15 (12)`); `player_count` etc. read their leading number.
    Records that are not TRF16 (XX*, BB*, TRF26, unknown) are kept verbatim in
    `extra_records`; the number of rounds and the scoring system are read from them.
    """

    name: str = ""
    city: str = ""
    federation: str = ""
    start_date: TrfDate = BLANK_DATE
    end_date: TrfDate = BLANK_DATE
    player_count_raw: str = ""
    rated_count_raw: str = ""
    team_count_raw: str = ""
    tournament_type: str = ""
    chief_arbiter: str = ""
    deputy_arbiters: tuple[str, ...] = ()
    time_control: str = ""
    round_dates: tuple[TrfDate, ...] = ()
    players: tuple[TrfPlayer, ...] = ()
    teams: tuple[TrfTeam, ...] = ()
    extra_records: tuple[TrfRecord, ...] = ()

    @cached_property
    def _by_start_rank(self) -> dict[int, TrfPlayer]:
        """Index of players by starting rank (first one wins; the parser drops duplicates)."""
        index: dict[int, TrfPlayer] = {}
        for player in self.players:
            index.setdefault(player.start_rank, player)
        return index

    def player(self, start_rank: int) -> TrfPlayer | None:
        """The player with this starting rank, or None."""
        return self._by_start_rank.get(start_rank)

    @cached_property
    def real_players(self) -> tuple[TrfPlayer, ...]:
        """The players, without a placeholder handing out byes ('spielfrei', ...)."""
        return tuple(p for p in self.players if not p.is_placeholder)

    def opponent(self, block: TrfRound) -> TrfPlayer | None:
        """The player ``block`` pairs its player with, if the report has him."""
        return self.player(block.opponent) if block.opponent else None

    def against_placeholder(self, block: TrfRound) -> bool:
        """Whether ``block`` pairs its player with a placeholder: a bye, whatever its code."""
        opponent = self.opponent(block)
        return opponent is not None and opponent.is_placeholder

    def paired_players(self) -> int:
        """How many players were paired at least once against another player (not a
        placeholder), whatever the result: a round robin whose paired players did not all
        play each other over the board has games unplayed (standard-2009 6.4)."""
        return sum(
            1
            for player in self.real_players
            if any(
                (opponent := self.opponent(block)) is not None and not opponent.is_placeholder
                for block in player.rounds
            )
        )

    @property
    def player_count(self) -> int | None:
        """Number of players declared by 062 (informational, trf16.md §2)."""
        return _leading_int(self.player_count_raw)

    @property
    def rated_count(self) -> int | None:
        """Number of rated players declared by 072 (informational)."""
        return _leading_int(self.rated_count_raw)

    @property
    def team_count(self) -> int | None:
        """Number of teams declared by 082 (informational)."""
        return _leading_int(self.team_count_raw)

    @property
    def declared_rounds(self) -> int | None:
        """Rounds declared by TRF26 `142` or JaVaFo `XXR` (trf16.md §6), if any."""
        return read_declared_rounds(self.extra_records)[0]

    @property
    def rounds_in_file(self) -> int:
        """Number of round columns the 001 lines use."""
        return max((len(p.rounds) for p in self.players), default=0)

    @property
    def number_of_rounds(self) -> int:
        """The event's number of rounds: declared, or as many as the file shows."""
        return max(self.declared_rounds or 0, self.rounds_in_file, len(self.round_dates))

    @property
    def scoring(self) -> ScoringSystem | None:
        """The scoring system declared by 162 / XXS / BBx records, if any (trf16.md §6)."""
        return read_scoring(self.extra_records)[0]

    @property
    def rated_players(self) -> tuple[TrfPlayer, ...]:
        """Players with a rating in columns 49-52."""
        return tuple(p for p in self.players if p.is_rated)

    def played_games(self) -> tuple[PlayedGame, ...]:
        """Every game played over the board, once, in round then board-owner order.

        A game is listed only when both lines confirm it (trf16.md §7.7): in that round
        each player's block names the other, both have a played result (1, = or 0), the
        results complement each other (1/0, =/=, 0/1), and the colours are opposite or
        missing on at least one side (if neither line gives one, the lower starting rank
        is called white). Forfeits, W/D/L games, byes, pending (blank) results and games
        against a placeholder player ('spielfrei') are never listed. A block claiming a
        played game that the opponent's line does not confirm is left out altogether,
        whichever line is right; the parser reports it as an ERROR.
        """
        games: dict[tuple[int, int, int], PlayedGame] = {}
        for player in self.players:
            for block in player.rounds:
                game = self._confirmed_game(player, block)
                if game is not None:
                    games[(game.round, *sorted((game.white, game.black)))] = game
        return tuple(games[key] for key in sorted(games))

    def _confirmed_game(self, player: TrfPlayer, block: TrfRound) -> PlayedGame | None:
        """The game `block` records, when the opponent's line confirms it (see above)."""
        opponent = self.opponent(block) if block.played else None
        if opponent is None or opponent is player:
            return None
        if player.is_placeholder or opponent.is_placeholder:
            return None
        theirs = opponent.round(block.round)
        if theirs is None or theirs.opponent != player.start_rank:
            return None
        if not results_confirm(block, theirs) or colours_clash(block, theirs):
            return None
        return _game_from(player, block, opponent, theirs)


def results_confirm(mine: TrfRound, theirs: TrfRound) -> bool:
    """Both blocks hold a played result and the two complement each other (1/0, =/=)."""
    return mine.played and theirs.played and mine.halves + theirs.halves == 2


def colours_clash(mine: TrfRound, theirs: TrfRound) -> bool:
    """Both blocks give the same colour (a missing colour never clashes)."""
    return mine.colour is not None and mine.colour == theirs.colour


def _game_from(
    player: TrfPlayer, block: TrfRound, opponent: TrfPlayer, theirs: TrfRound
) -> PlayedGame:
    """A confirmed game seen from `player`'s block (opponent's colour used if ours is missing)."""
    colour = block.colour
    if colour is None and theirs.colour is not None:
        colour = "b" if theirs.colour == "w" else "w"
    known = colour is not None
    if colour is None:
        colour = "w" if player.start_rank < opponent.start_rank else "b"
    if colour == "w":
        return PlayedGame(block.round, player.start_rank, opponent.start_rank, block.halves, known)
    return PlayedGame(block.round, opponent.start_rank, player.start_rank, 2 - block.halves, known)
