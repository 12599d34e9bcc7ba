"""The writer: canonical TRF16 columns (trf16.md §3-§5), refusal of what cannot fit."""

from __future__ import annotations

import datetime
from dataclasses import replace
from decimal import Decimal

import pytest

from tournaments.trf import TrfPlayer, TrfReport, TrfRound, TrfTeam, TrfWriteError, parse, write
from tournaments.trf.dates import TrfDate
from tournaments.trf.extensions import TrfRecord

# The worked example of trf16.md §5 (invented data), exactly as printed there.
EXAMPLE_LINE = (
    "001    7 wWIM Moreau, Elise                     2215 FRA    20612345 1998/04/17  3.5    4"
    "    15 w 1     3 b =  0000 - H    22 b +     1 w ="
)
EXAMPLE_DATES = "132" + " " * 88 + "25/03/01  25/03/01  25/03/02  25/03/02  25/03/03"
EXAMPLE_TEAM = "013 Chess Club Example                 7   12   31   40"


def test_the_worked_example_of_the_format_digest_is_written_back_column_for_column():
    text = f"012 Example\n{EXAMPLE_DATES}\n{EXAMPLE_LINE}\n{EXAMPLE_TEAM}\n"
    assert write(parse(text).report) == text


def test_the_worked_example_reads_as_the_digest_explains():
    elise = parse(f"012 Example\n{EXAMPLE_LINE}\n").report.player(7)
    assert (elise.sex, elise.title, elise.rating, elise.federation) == ("w", "WIM", 2215, "FRA")
    assert (elise.fide_id, elise.points, elise.rank) == (20612345, Decimal("3.5"), 4)
    assert [r.result for r in elise.rounds] == ["1", "=", "H", "+", "="]
    assert elise.result_points == elise.points


def test_output_is_headers_in_code_order_then_players_teams_and_extras():
    report = TrfReport(
        name="Open",
        time_control="90+30",
        city="Cork",
        deputy_arbiters=("Deputy A", "Deputy B"),
        start_date=TrfDate("2024-01-01"),
        players=(TrfPlayer(2, "Second"), TrfPlayer(1, "First")),
        teams=(TrfTeam("Club", (1, 2)),),
        extra_records=(TrfRecord("XXR", "XXR 5"),),
    )
    lines = write(report).split("\n")
    assert [line[:3] for line in lines] == [
        "012", "022", "042", "112", "112", "122", "001", "001", "013", "XXR", "",
    ]  # fmt: skip
    assert lines[6].startswith("001    1      First")
    assert lines[8] == "013 Club                               1    2"


def test_lines_end_with_lf_only_and_carry_no_trailing_blanks():
    text = write(TrfReport(name="Open", players=(TrfPlayer(1, "A"),)))
    assert "\r" not in text and text.endswith("\n")
    assert all(line == line.rstrip() for line in text.split("\n"))


def test_old_titles_sex_and_bye_codes_come_out_normalised():
    text = (
        "012 T\n001    1 F  g A                                                               "
        "   1.5       0000 - =  0000 - +\n"
    )
    line = write(parse(text).report).split("\n")[1]
    assert line[9:13] == "w GM"
    assert line[91:] == "0000 - H  0000 - F"


def test_empty_rounds_stay_blank_and_pending_results_stay_blank():
    player = TrfPlayer(
        1,
        "A",
        rounds=(TrfRound(1, result_blank=True), TrfRound(2, 2, "w", "Z", result_blank=True)),
    )
    line = write(TrfReport(players=(player, TrfPlayer(2, "B")))).split("\n")[0]
    assert line[91:] == " " * 8 + "     2 w"


@pytest.mark.parametrize(
    ("points", "text"),
    [
        (Decimal("3.5"), " 3.5"),
        (Decimal(11), "11.0"),
        (Decimal(100), " 100"),
        (Decimal("1.25"), "1.25"),
    ],
)
def test_points_use_one_decimal_when_four_columns_allow(points, text):
    line = write(TrfReport(players=(TrfPlayer(1, "A", points=points),))).split("\n")[0]
    assert line[80:84] == text


@pytest.mark.parametrize(
    "player",
    [
        TrfPlayer(1, "N" * 34),
        TrfPlayer(1, "A", rating=12345),
        TrfPlayer(10000, "A"),
        TrfPlayer(1, "A", points=Decimal("123.5")),
        TrfPlayer(1, "A", rounds=(TrfRound(1, 10000, "w", "1"),)),
        TrfPlayer(1, "A\nB"),
        TrfPlayer(1, "A", birth_date=TrfDate("1990/01/01 x")),
    ],
)
def test_values_that_do_not_fit_their_columns_are_refused(player):
    with pytest.raises(TrfWriteError):
        write(TrfReport(players=(player,)))


def test_line_breaks_in_headers_are_refused():
    with pytest.raises(TrfWriteError):
        write(TrfReport(name="Open\r012 Injected", players=(TrfPlayer(1, "A"),)))


def dated(raw: str, value: datetime.date | None = None) -> TrfDate:
    return TrfDate(raw, value, value.year if value else None)


def test_round_dates_keep_their_rounds_when_one_is_blank_and_others_are_too_wide():
    dates = (
        dated(""),
        dated("2024/03/02", datetime.date(2024, 3, 2)),
        dated("2024/03/03", datetime.date(2024, 3, 3)),
    )
    text = write(TrfReport(round_dates=dates, players=(TrfPlayer(1, "A"),)))
    result = parse(text)
    assert [d.value for d in result.report.round_dates] == [
        None,
        datetime.date(2024, 3, 2),
        datetime.date(2024, 3, 3),
    ]
    assert "misaligned-round-dates" not in [f.code for f in result.findings]


def test_a_round_date_too_wide_for_its_slot_and_of_unknown_value_is_refused_naming_its_round():
    dates = (dated("24/03/01", datetime.date(2024, 3, 1)), dated("next Saturday"))
    with pytest.raises(TrfWriteError, match="round 2 date 'next Saturday'"):
        write(TrfReport(round_dates=dates, players=(TrfPlayer(1, "A"),)))


def test_line_numbers_are_not_part_of_equality():
    assert TrfPlayer(1, "A", line=3) == TrfPlayer(1, "A", line=9)
    assert replace(TrfRound(1, 2, "w", "1", raw="   2 W 1"), raw="   2 w 1") == TrfRound(
        1, 2, "w", "1"
    )
