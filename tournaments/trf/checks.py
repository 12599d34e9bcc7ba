"""Cross-checks between records of one report (trf16.md §7.7-§7.8).

Each player's line is checked against the lines it refers to: the opponent exists, names
this player back in the same round, with the opposite colour and the complementary
result; the Points column matches the results; team members exist; the declared number
of rounds covers the rounds in the file.
"""

from __future__ import annotations

from collections.abc import Sequence

from . import codes
from .codes import round_rule, round_start
from .findings import FindingCollector, Severity
from .model import TrfPlayer, TrfReport, TrfRound, TrfTeam, colours_clash, results_confirm

_PAIRING_RULE = "trf16.md §7.7 (both lines of a game must agree)"
_NOT_RATED = " The game is not rated."


def check_report(
    report: TrfReport,
    out: FindingCollector,
    member_columns: dict[int, Sequence[int]] | None = None,
) -> None:
    """Run every cross-check; `member_columns` maps a team's index to its members' columns."""
    for player in report.players:
        for block in player.rounds:
            if block.opponent is not None:
                _check_block(report, player, block, out)
    _check_pairing_allocated_byes(report, out)
    _check_placeholders(report, out)
    check_points(report, out)
    check_rounds_read(report, out)
    _check_teams(report, out, member_columns or {})
    _check_round_count(report, out)


def _check_block(
    report: TrfReport, player: TrfPlayer, block: TrfRound, out: FindingCollector
) -> None:
    """One block naming an opponent: the opponent exists and names this player back
    (trf16.md §7.7). Two blocks naming each other are compared once, from the lower rank.
    """
    where = _Located(player, block, out)
    opponent = report.player(block.opponent) if block.opponent != player.start_rank else None
    theirs = opponent.round(block.round) if opponent is not None else None
    if opponent is not None and theirs is not None and theirs.opponent == player.start_rank:
        if player.start_rank < opponent.start_rank:
            _check_pair(where, _Located(opponent, theirs, out))
    elif block.result not in codes.BYE_RESULTS or block.result_blank:
        # (a bye naming an opponent was already reported by the reader)
        _report_unconfirmed(where, opponent, theirs)


class _Located:
    """Words and places findings about one block of one player's line."""

    def __init__(self, player: TrfPlayer, block: TrfRound, out: FindingCollector) -> None:
        self.player, self.block, self.out = player, block, out

    @property
    def line_label(self) -> str:
        """'player 2's line (line 3)': how the other side of a game is named."""
        return f"player {self.player.start_rank}'s line (line {self.player.line})"

    def report(self, severity: Severity, code: str, text: str, *, column_offset: int) -> None:
        """Add a finding placed at `column_offset` within this round's block."""
        number = self.block.round
        self.out.add(
            severity,
            code,
            f"Line {self.player.line}, round {number}: player {self.player.label} {text}",
            line=self.player.line,
            column=round_start(number) + column_offset,
            rule=round_rule(number) if code != "asymmetric-pairing" else _PAIRING_RULE,
        )


def _report_unconfirmed(
    where: _Located, opponent: TrfPlayer | None, theirs: TrfRound | None
) -> None:
    """The block names itself, a player who does not exist, or one who does not name back."""
    named = where.block.opponent
    if named == where.player.start_rank:
        where.report(Severity.ERROR, "self-pairing", "is paired with themselves.", column_offset=0)
    elif opponent is None:
        where.report(
            Severity.ERROR,
            "unknown-opponent",
            f"is paired with {named}, but there is no player {named}.",
            column_offset=0,
        )
    else:
        _report_one_sided(where, opponent, theirs)


def _report_one_sided(where: _Located, opponent: TrfPlayer, theirs: TrfRound | None) -> None:
    """The opponent's line does not name this player in this round."""
    me, them = where.player.start_rank, opponent.start_rank
    number = where.block.round
    if theirs is None or theirs.opponent is None:
        shows = f"shows no game against {me} in round {number}"
    else:
        shows = f"shows {them} paired with {theirs.opponent} in round {number}"
    where.report(
        Severity.ERROR,
        "asymmetric-pairing",
        f"is paired with {them}, but player {them}'s line (line {opponent.line}) {shows}.",
        column_offset=0,
    )


def _check_pair(low: _Located, high: _Located) -> None:
    """Two blocks naming each other (trf16.md §7.7): colours differ, results complement.

    When either block holds a played result (1, = or 0), the game is rated only if the
    other block confirms it (`TrfReport.played_games`); anything else is an ERROR.
    """
    played = low.block.played or high.block.played
    _check_colours(low, high, played=played)
    if played:
        _check_played_result(low, high)
    else:
        _check_unplayed_result(low, high)


def _check_colours(low: _Located, high: _Located, *, played: bool) -> None:
    """Same colour on both lines; or a rated game without any colour (lower rank white)."""
    mine, theirs = low.block, high.block
    them = high.player.start_rank
    if colours_clash(mine, theirs):
        low.report(
            Severity.ERROR if played else Severity.WARNING,
            "asymmetric-colour",
            f"has colour '{mine.colour}' against {them}, and {high.line_label} has "
            f"'{theirs.colour}' too; one of them should be "
            f"'{'b' if mine.colour == 'w' else 'w'}'." + (_NOT_RATED if played else ""),
            column_offset=codes.COLOUR_OFFSET,
        )
    elif results_confirm(mine, theirs) and mine.colour is None and theirs.colour is None:
        low.report(
            Severity.WARNING,
            "missing-colour",
            f"played {them}, but neither line gives a colour; {low.player.start_rank} "
            "is taken as white.",
            column_offset=codes.COLOUR_OFFSET,
        )


def _check_played_result(low: _Located, high: _Located) -> None:
    """A played result must be met by the complementary played result on the other line.

    Reported on the line claiming the game (the lower rank's when both do).
    """
    if results_confirm(low.block, high.block):
        return
    claim, other = (low, high) if low.block.played else (high, low)
    expected = codes.COMPLEMENTARY_RESULTS[claim.block.result]
    shown = "no result" if other.block.result_blank else f"'{other.block.result}'"
    claim.report(
        Severity.ERROR,
        "asymmetric-result",
        f"has result '{claim.block.result}' against {other.player.start_rank}, but "
        f"{other.line_label} has {shown} against {claim.player.start_rank}; expected "
        f"{_either(expected)}.{_NOT_RATED}",
        column_offset=codes.RESULT_OFFSET,
    )


def _check_unplayed_result(low: _Located, high: _Located) -> None:
    """Forfeits and W/D/L games complement too. A pairing whose two results are blank is a
    game not entered (a file written before the last round's results, say): a warning,
    the game is not rated (a review: a round robin's last round left blank was stored
    "without errors" and approved, three games unrated without a word). One blank beside
    a forfeit or a bye code is not judged."""
    mine, theirs = low.block, high.block
    if mine.result_blank and theirs.result_blank:
        low.report(
            Severity.WARNING,
            "pairing-without-result",
            f"is paired with {high.player.start_rank}, but neither line gives a result "
            "(both blank): the game is taken as not played and is not rated.",
            column_offset=codes.RESULT_OFFSET,
        )
        return
    if mine.result_blank or theirs.result_blank:
        return
    expected = codes.COMPLEMENTARY_RESULTS.get(mine.result)
    if expected is not None and theirs.result not in expected:
        low.report(
            Severity.ERROR,
            "asymmetric-result",
            f"has result '{mine.result}' against {high.player.start_rank}, but "
            f"{high.line_label} has '{theirs.result}' against {low.player.start_rank}; "
            f"expected {_either(expected)}.",
            column_offset=codes.RESULT_OFFSET,
        )


def _either(expected: frozenset[str]) -> str:
    """\"'+' or '-'\": the result codes the other line may show."""
    return " or ".join(repr(code) for code in sorted(expected))


def _check_pairing_allocated_byes(report: TrfReport, out: FindingCollector) -> None:
    """At most one pairing-allocated bye (U) a round: the one player left over when the
    others are paired (trf16.md §3 result codes). A second is a warning on its line, at
    its result column, naming the first (a review: two gave points warnings alone)."""
    first: dict[int, TrfPlayer] = {}
    for player in report.players:
        for block in player.rounds:
            if block.result != "U":
                continue
            earlier = first.setdefault(block.round, player)
            if earlier is not player:
                _Located(player, block, out).report(
                    Severity.WARNING,
                    "second-pairing-allocated-bye",
                    f"has a pairing-allocated bye (U), as has player {earlier.label} "
                    f"(line {earlier.line}): a round has at most one.",
                    column_offset=codes.RESULT_OFFSET,
                )


def _check_placeholders(report: TrfReport, out: FindingCollector) -> None:
    """'spielfrei' and the like: lines some programs add to hand out byes (trf16.md §3).

    INFO when the placeholder has no games; a WARNING when its line records played games,
    which are then left out of the rated games (`TrfReport.played_games`).
    """
    for player in report.players:
        if not player.is_placeholder:
            continue
        games = sum(1 for block in player.rounds if block.played)
        if games:
            severity, code = Severity.WARNING, "pseudo-player-games"
            plural = "s" if games > 1 else ""
            text = f", but its line records {games} played game{plural}; they are not rated."
        else:
            severity, code = Severity.INFO, "pseudo-player"
            text = ", not a real player; it should not be rated."
        out.add(
            severity,
            code,
            f"Line {player.line}: player {player.label} looks like a placeholder used for "
            f"byes{text}",
            line=player.line,
            column=codes.PLAYER_NAME.first,
            rule="trf16.md §3",
        )


def check_points(report: TrfReport, out: FindingCollector) -> None:
    """Points (cols 81-84) against the 1/½/0 sum of the results (trf16.md §3, §7.8).

    A WARNING normally; only INFO when the file declares a scoring system of its own,
    because the Points column then legitimately uses that system.
    """
    scoring = report.scoring
    own_scoring = scoring is not None and not scoring.is_default
    severity = Severity.INFO if own_scoring else Severity.WARNING
    for player in report.players:
        if player.points is None or player.points == player.result_points:
            continue
        note = (
            " The file declares its own scoring system, so this may be expected."
            if own_scoring
            else ""
        )
        out.add(
            severity,
            "points-mismatch",
            f"Line {player.line}: player {player.label} has {player.points:.1f} points in "
            f"columns 81-84, but the round results add up to {player.result_points:.1f} under "
            f"1/½/0 scoring.{note}",
            line=player.line,
            column=codes.POINTS.first,
            rule=codes.POINTS.rule,
        )


def check_rounds_read(report: TrfReport, out: FindingCollector) -> None:
    """Points in columns 81-84 but no round result on any line (columns 92 on, trf16.md
    §3): the rounds were not read (the lines shifted, the blocks cut away), and a report
    of no game would be approved and marked rated with nothing rated (a review: a file
    with one blank more on every line passed with warnings alone). An error of the whole
    file; forfeits and byes are results, so a report of those alone is not one. Without
    points either, no line has a round at all: a list of players written before the
    first round (a review found one checked without a word and approved with no game)."""
    points = sum(player.points for player in report.players if player.points is not None)
    if any(player.result_halves for player in report.players):
        return
    if points > 0:
        out.error(
            "unread-rounds",  # after "shifted-lines", its cause, among the file's errors
            f"The players' points (columns 81-84) add up to {points:.1f}, but no round result "
            "could be read on any player line (the rounds start in column 92): there is "
            "nothing to rate. Upload the file as the pairing program wrote it.",
            rule="trf16.md §3",
        )
    elif report.players and not any(
        not block.is_empty for player in report.players for block in player.rounds
    ):
        out.error(
            "without-rounds",  # after "shifted-lines", its likelier cause where there is one
            f"None of the {len(report.players)} player lines has a round (columns 92 on): "
            "the file lists the players but holds no game to rate, as a pairing program "
            "writes it before the first round. Upload the report written after the last "
            "round.",
            rule="trf16.md §3",
        )


def _check_teams(
    report: TrfReport, out: FindingCollector, member_columns: dict[int, Sequence[int]]
) -> None:
    """Every 013 member must be a player of the file (trf16.md §4), and of one team only:
    a member listed again (in his own team or another) is a warning at the second listing,
    naming the first."""
    first_team: dict[int, TrfTeam] = {}
    for index, team in enumerate(report.teams):
        columns = member_columns.get(index, ())
        for position, member in enumerate(team.members):
            column = columns[position] if position < len(columns) else None
            earlier = first_team.get(member)
            if earlier is None:
                first_team[member] = team
            else:
                out.warning(
                    "team-member-twice",
                    f"Line {team.line}: team '{team.name}' lists member {member}, who is "
                    f"already a member of team '{earlier.name}' (line {earlier.line}); a "
                    "player plays for one team.",
                    line=team.line,
                    column=column,
                    rule="TRF16 013 cols 37+5(k-1) to 40+5(k-1)",
                )
            if report.player(member) is not None:
                continue
            out.warning(
                "unknown-team-member",
                f"Line {team.line}: team '{team.name}' lists member {member}, "
                "but there is no player with that starting rank.",
                line=team.line,
                column=column,
                rule="TRF16 013 cols 37+5(k-1) to 40+5(k-1)",
            )


def _check_round_count(report: TrfReport, out: FindingCollector) -> None:
    """A declared number of rounds (142 / XXR) smaller than the rounds the file uses."""
    declared = report.declared_rounds
    used = max((b.round for p in report.players for b in p.rounds if not b.is_empty), default=0)
    if declared is None or used <= declared:
        return
    record = next(r for r in report.extra_records if r.code in ("142", "XXR"))
    out.warning(
        "round-count-mismatch",
        f"Line {record.line}: the file declares {declared} rounds, but player lines "
        f"have results up to round {used}.",
        line=record.line,
        column=5,
        rule=f"trf16.md §6 ({record.code})",
    )


#: The findings of a character where a blank separator column should be.
MISALIGNED = ("misaligned-field", "misaligned-round")
#: A tab on a player line (``parser._note_tabs``), the likeliest cause of shifted fields.
TAB_CHARACTER = "tab-character"


def check_shifted_lines(player_lines: int, out: FindingCollector) -> None:
    """Half the player lines or more (two at least) with a character where a column must be
    blank: the fields were shifted (a file re-saved with other spacing, edited by hand).
    Where errors stand on those lines, the errors of pairings and points that follow say
    nothing of the tournament: said first, as one error of the whole file (a review found
    148 errors listed before the 109 warnings that named the cause). Without such errors
    (names overflowing into a blank column) it is a warning, as each line's is: the file
    is read as before (a later review)."""
    findings = out.findings()
    misaligned = [f for f in findings if f.code in MISALIGNED and f.line]
    lines = sorted({f.line for f in misaligned})
    if len(lines) < max(2, (player_lines + 1) // 2):
        return
    first = min(misaligned, key=lambda f: (f.line, f.column or 0))
    erring = {f.line for f in findings if f.severity is Severity.ERROR and f.line}
    if any(f.code in ("unread-rounds", "without-rounds") for f in findings):  # the shift took them
        erring |= set(lines)
    said = (
        f"{len(lines)} of the {player_lines} player lines have a character in a column "
        f"that must be blank (the first on line {first.line}, column {first.column}): their "
        "fields look shifted"
        + (
            " by the tab characters the lines hold (save the file with blanks, not tabs)"
            if any(f.code == TAB_CHARACTER for f in findings)
            else ""
        )
    )
    if erring & set(lines):
        severity, advice = (
            Severity.ERROR,
            ", and the errors below may all follow from it. Upload the file as the pairing "
            "program wrote it.",
        )
    else:
        severity, advice = Severity.WARNING, ". Check the file against the pairing program's."
    out.add(
        severity,
        "shifted-lines",
        said + advice,
        line=first.line,
        column=first.column,
        rule="trf16.md §3 (fields are separated by one blank column)",
        summary=True,
    )


def check_unread_players(unread: Sequence[tuple[int, str]], out: FindingCollector) -> None:
    """A player line not read (indented, joined from another file, a starting rank used
    twice) leaves its player out, and each of his opponents' blocks "paired with a player
    who does not exist": said first, as the cause of those errors, with the line and why
    (a review: the first error an arbiter saw was "there is no player 1", the unread line
    itself a warning after every error, or a note)."""
    findings = out.findings()
    unknown = [f for f in findings if f.code == "unknown-opponent"]
    if not unread or not unknown:
        return
    line, why = unread[0]
    more = f" (and {len(unread) - 1} more player lines)" if len(unread) > 1 else ""
    out.add(
        Severity.ERROR,
        "unread-player-line",
        f"Line {line}: this player line was not read, as {why}{more}: the "
        f"{len(unknown)} error{'s' if len(unknown) != 1 else ''} about a player paired with "
        "one the file lacks may all follow from it. Correct the line as the pairing program "
        "writes it.",
        line=line,
        column=1,
        rule="TRF16 001",
        summary=True,
    )


def check_cut_off(report: TrfReport, last_line: int, out: FindingCollector) -> None:
    """A file that ends without a line break, in the middle of its ``last_line``, has
    fewer player lines than 062 declares, and pairs players with starting ranks it does
    not hold, was cut off (an upload or a copy interrupted): the errors about those
    opponents follow from that, and the arbiter is told so first (a review found 44
    "unknown opponent" errors and a note about 062). A complete file saved without a final
    line break whose 062 counts players deleted by hand (no-shows nobody played) pairs
    nobody missing: it keeps its note (a later review)."""
    declared = report.player_count
    if declared is None or declared <= len(report.players):
        return
    held = {player.start_rank for player in report.players}
    paired = {
        block.opponent
        for player in report.players
        for block in player.rounds
        if block.opponent is not None
    }
    if paired <= held:
        return
    out.error(
        "file-cut-off",
        f"Line {last_line}: the file ends in the middle of this line, and it has "
        f"{len(report.players)} of the {declared} player lines 062 declares: it looks cut "
        "off. Upload the whole file as the pairing program wrote it.",
        rule="TRF16 062",  # a finding of the whole file: listed before the errors it causes
    )


def check_player_count(report: TrfReport, line: int | None, out: FindingCollector) -> None:
    """062 is informational (trf16.md §2); a different count is worth a note only."""
    declared = report.player_count
    if declared is None or declared == len(report.players):
        return
    out.info(
        "player-count-mismatch",
        f"Line {line}: 062 says {declared} players, the file has {len(report.players)} "
        "player lines.",
        line=line,
        column=5,
        rule="TRF16 062",
    )
