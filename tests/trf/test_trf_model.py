"""The report model: round semantics (trf16.md §3 result codes), played games, findings."""

from __future__ import annotations

from decimal import Decimal

import pytest

from tournaments.trf import (
    Finding,
    PlayedGame,
    Severity,
    TrfPlayer,
    TrfReport,
    TrfRound,
    parse,
    sort_findings,
)
from tournaments.trf.extensions import TrfRecord
from tournaments.trf.findings import FindingCollector


@pytest.mark.parametrize(
    ("block", "played", "forfeit", "bye", "halves"),
    [
        (TrfRound(1, 2, "w", "1"), True, False, False, 2),
        (TrfRound(1, 2, "b", "="), True, False, False, 1),
        (TrfRound(1, 2, "w", "0"), True, False, False, 0),
        (TrfRound(1, 2, "w", "+"), False, True, False, 2),
        (TrfRound(1, 2, "b", "-"), False, True, False, 0),
        (TrfRound(1, 2, "w", "W"), False, False, False, 2),
        (TrfRound(1, 2, "w", "D"), False, False, False, 1),
        (TrfRound(1, 2, "w", "L"), False, False, False, 0),
        (TrfRound(1, None, None, "H"), False, False, True, 1),
        (TrfRound(1, None, None, "F"), False, False, True, 2),
        (TrfRound(1, None, None, "U"), False, False, True, 2),
        (TrfRound(1, None, None, "Z"), False, False, True, 0),
        (TrfRound(1, result_blank=True), False, False, True, 0),
        (TrfRound(1, None, None, "1"), False, False, True, 2),  # no opponent: never played
    ],
)
def test_round_properties_follow_the_result_code_table(block, played, forfeit, bye, halves):
    assert (block.played, block.is_forfeit, block.is_bye, block.halves) == (
        played,
        forfeit,
        bye,
        halves,
    )
    assert block.points == Decimal(halves) / 2


def test_a_paired_game_waiting_for_its_result_is_not_a_bye():
    pending = TrfRound(1, 2, "w", "Z", result_blank=True)
    assert not pending.is_bye and not pending.played and not pending.is_empty
    assert parse(trf_pair("   2 w  ", "   1 b  ")).report.player(1).round(1).is_bye is False


def trf_pair(first: str, second: str) -> str:
    """Two players whose round-1 blocks are `first` and `second`."""
    return f"012 T\n001    1      A{' ' * 76}{first}\n001    2      B{' ' * 76}{second}\n"


def test_player_lookup_by_start_rank():
    report = TrfReport(players=(TrfPlayer(4, "Four"), TrfPlayer(9, "Nine")))
    assert report.player(9).name == "Nine"
    assert report.player(5) is None
    assert report.player(4).round(1) is None


def test_played_games_list_each_game_once_from_whites_side():
    report = parse(
        "012 T\n"
        "001    1      A" + " " * 76 + "   2 b 1     3 w +\n"
        "001    2      B" + " " * 76 + "   1 w 0  0000 - H\n"
        "001    3      C" + " " * 76 + "0000 - U     1 b -\n"
    ).report
    assert report.played_games() == (PlayedGame(1, 2, 1, 0, True),)
    assert report.played_games()[0].white_score == Decimal(0)


def test_paired_players_count_forfeits_and_not_byes_nor_placeholders():
    """standard-2009 6.4: a round robin's games unplayed include a player who forfeited
    every game (C, paired twice); D was never paired (byes only) and "spielfrei" is a
    placeholder handing out byes, so neither is a player of the event's pairings; nor is
    E, paired against the placeholder alone."""
    report = parse(
        "012 T\n"
        "001    1      A" + " " * 76 + "   2 b 1     3 w +     5 w +\n"
        "001    2      B" + " " * 76 + "   1 w 0  0000 - H     3 b +\n"
        "001    3      C" + " " * 76 + "0000 - U     1 b -     2 w -\n"
        "001    4      D" + " " * 76 + "0000 - U  0000 - U  0000 - U\n"
        "001    5      spielfrei" + " " * 68 + "   6 b -  0000 - -     1 b -\n"
        "001    6      E" + " " * 76 + "   5 w +  0000 - U  0000 - U\n"
    ).report
    assert report.paired_players() == 3


def test_missing_colour_is_taken_from_the_opponents_line():
    report = parse(
        "012 T\n001    1      A" + " " * 76 + "   2 - =\n001    2      B" + " " * 76 + "   1 w =\n"
    ).report
    assert report.played_games() == (PlayedGame(1, 2, 1, 1, True),)


def test_number_of_rounds_is_the_largest_of_declared_used_and_dated():
    report = TrfReport(
        players=(TrfPlayer(1, "A", rounds=(TrfRound(1, None, None, "H"),)),),
        extra_records=(TrfRecord("XXR", "XXR 3"),),
    )
    assert (report.declared_rounds, report.rounds_in_file, report.number_of_rounds) == (3, 1, 3)


def test_reports_are_hashable_and_equal_by_value():
    first = TrfReport(name="T", players=(TrfPlayer(1, "A", line=2),))
    second = TrfReport(name="T", players=(TrfPlayer(1, "A", line=7),))
    assert first == second and hash(first) == hash(second)


def test_findings_sort_errors_first_then_by_line_and_column():
    found = [
        Finding(Severity.INFO, "c", "", 1, 1),
        Finding(Severity.WARNING, "b", "", 5, 2),
        Finding(Severity.ERROR, "a", "", 9, 1),
        Finding(Severity.WARNING, "b", "", 5, 1),
        Finding(Severity.ERROR, "z", "", None, None),
    ]
    assert [(f.code, f.line, f.column) for f in sort_findings(found)] == [
        ("z", None, None),
        ("a", 9, 1),
        ("b", 5, 1),
        ("b", 5, 2),
        ("c", 1, 1),
    ]


def test_collector_tallies_repeated_quirks_into_one_finding():
    out = FindingCollector()
    for line in (3, 4, 5):
        out.tally("quirk", "key", lambda n: f"seen {n} times", line=line, column=2)
    out.warning("real", "a real problem", line=9)
    assert [(f.code, f.message, f.line) for f in out.findings()] == [
        ("real", "a real problem", 9),
        ("quirk", "seen 3 times", 3),
    ]


def test_severity_values_are_plain_strings():
    assert [str(s) for s in Severity] == ["error", "warning", "info"]
