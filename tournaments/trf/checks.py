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
from .model import TrfPlayer, TrfReport, TrfRound

_PAIRING_RULE = "trf16.md §7.7 (both lines of a game must agree)"


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
    check_points(report, out)
    _check_teams(report, out, member_columns or {})
    _check_round_count(report, out)


def _check_block(
    report: TrfReport, player: TrfPlayer, block: TrfRound, out: FindingCollector
) -> None:
    """One block naming an opponent: the opponent exists and agrees (trf16.md §7.7)."""
    opponent_rank = block.opponent
    if opponent_rank is None:
        return
    where = _Located(player, block, out)
    if block.result in codes.BYE_RESULTS and not block.result_blank:
        return  # a bye naming an opponent was already reported by the reader
    if opponent_rank == player.start_rank:
        where.report(Severity.ERROR, "self-pairing", "is paired with themselves.", column_offset=0)
        return
    opponent = report.player(opponent_rank)
    if opponent is None:
        where.report(
            Severity.ERROR,
            "unknown-opponent",
            f"is paired with {opponent_rank}, but there is no player {opponent_rank}.",
            column_offset=0,
        )
        return
    theirs = opponent.round(block.round)
    if theirs is None or theirs.opponent != player.start_rank:
        _report_one_sided(where, opponent, theirs)
    elif player.start_rank < opponent_rank:
        _check_agreement(where, opponent, theirs)


class _Located:
    """Words and places findings about one block of one player's line."""

    def __init__(self, player: TrfPlayer, block: TrfRound, out: FindingCollector) -> None:
        self.player, self.block, self.out = player, block, out

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


def _check_agreement(where: _Located, opponent: TrfPlayer, theirs: TrfRound) -> None:
    """Both lines name each other: colours must differ and results complement."""
    mine = where.block
    them = opponent.start_rank
    their_line = f"player {them}'s line (line {opponent.line})"
    if mine.colour is not None and mine.colour == theirs.colour:
        where.report(
            Severity.WARNING,
            "asymmetric-colour",
            f"has colour '{mine.colour}' against {them}, and {their_line} has "
            f"'{theirs.colour}' too; one of them should be "
            f"'{'b' if mine.colour == 'w' else 'w'}'.",
            column_offset=codes.COLOUR_OFFSET,
        )
    if mine.result_blank or theirs.result_blank:
        return  # a pending result (paired, not yet played) has nothing to agree with
    expected = codes.COMPLEMENTARY_RESULTS.get(mine.result)
    if expected is not None and theirs.result not in expected:
        where.report(
            Severity.ERROR,
            "asymmetric-result",
            f"has result '{mine.result}' against {them}, but {their_line} has "
            f"'{theirs.result}' against {where.player.start_rank}; expected "
            f"{' or '.join(repr(code) for code in sorted(expected))}.",
            column_offset=codes.RESULT_OFFSET,
        )
    if (mine.played or theirs.played) and mine.colour is None and theirs.colour is None:
        where.report(
            Severity.WARNING,
            "missing-colour",
            f"played {them}, but neither line gives a colour; {min(where.player.start_rank, them)} "
            "is taken as white.",
            column_offset=codes.COLOUR_OFFSET,
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


def _check_teams(
    report: TrfReport, out: FindingCollector, member_columns: dict[int, Sequence[int]]
) -> None:
    """Every 013 member must be a player of the file (trf16.md §4)."""
    for index, team in enumerate(report.teams):
        columns = member_columns.get(index, ())
        for position, member in enumerate(team.members):
            if report.player(member) is not None:
                continue
            column = columns[position] if position < len(columns) else None
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
