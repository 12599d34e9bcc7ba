"""The 23 real files of shared/testdata/trf, with the figures of its SOURCES.md.

Each file is parsed, checked against per-file expectations (players, rounds, rated
players, encoding, Points-column mismatches), then for the quirks SOURCES.md describes,
and finally written back and re-read to an equal report.
"""

from __future__ import annotations

import datetime
import re
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path

import pytest

from tournaments.trf import Severity, parse, write


@dataclass(frozen=True)
class Expected:
    """Per-file figures; `rounds` is number_of_rounds, `columns` the round columns used."""

    players: int
    rounds: int
    columns: int
    rated: int
    encoding: str = "utf-8"
    points_mismatches: int = 0


# Figures from SOURCES.md's summary table. Where a file declares more rounds than it
# uses (XXR / 142), `rounds` is the declared number and `columns` the table's figure.
CORPUS = {
    "icu_tournament__armstrong_2011.trf": Expected(160, 11, 11, 156),
    "icu_tournament__armstrong_2012_with_bom.trf": Expected(2, 1, 1, 2, "utf-8-sig"),
    "icu_tournament__bunratty_challengers_2011.trf": Expected(63, 6, 6, 0, points_mismatches=8),
    "icu_tournament__bunratty_major_2011.trf": Expected(56, 6, 6, 0, points_mismatches=11),
    "icu_tournament__bunratty_masters_2011.trf": Expected(34, 6, 6, 34, points_mismatches=5),
    "icu_tournament__bunratty_minor_2011.trf": Expected(103, 6, 6, 0, points_mismatches=17),
    "icu_tournament__irish_intermediate_champs_2011.trf": Expected(
        21, 5, 5, 20, "cp1252", points_mismatches=1
    ),
    "icu_tournament__irish_junior_champs_2011.trf": Expected(
        34, 5, 5, 31, "cp1252", points_mismatches=5
    ),
    "icu_tournament__latin-1.trf": Expected(3, 3, 3, 0, "cp1252"),
    "icu_tournament__utf-8.trf": Expected(3, 3, 3, 0),
    "icu_tournament__valid.trf": Expected(12, 5, 5, 0),
    "sklangen-TRF__example1_karl-mala-2005.trf": Expected(284, 7, 7, 146),
    "sklangen-TRF__2020_06_lichess.trf": Expected(13, 10, 10, 0),
    "sklangen-TRF__2021_03_lichess.trf": Expected(9, 9, 9, 0),
    "CompetiChess__testLargeFile_lichess.trf": Expected(112, 21, 20, 112),
    "CompetiChess__testTrfFile_javafo-aum-gros.trf": Expected(52, 9, 5, 41),
    "bbpPairings__issue_7.trf": Expected(60, 15, 14, 60),
    "bbpPairings__issue_15.trf": Expected(180, 11, 11, 180),
    "bbpPairings__dutch_2025_C5.trf": Expected(6, 3, 3, 6),
    "caissify_pairings__stress_50p31r_manybyes.trf": Expected(50, 31, 31, 50),
    "chessament__buchholz_1.trf": Expected(13, 5, 5, 13),
    "TieBreakServer__held_swiss_9_fide_tiebreak_exercise.trf": Expected(16, 9, 9, 16),
    "TieBreakServer__no_colour_preference_trf26.trf": Expected(8, 3, 2, 8),
}


def codes_of(result, severity: Severity | None = None) -> list[str]:
    return [f.code for f in result.findings if severity is None or f.severity is severity]


def only(result, code: str):
    found = [f for f in result.findings if f.code == code]
    assert len(found) == 1, found
    return found[0]


def test_the_corpus_holds_exactly_the_23_files_of_sources_md(corpus_dir):
    assert sorted(p.name for p in corpus_dir.glob("*.trf")) == sorted(CORPUS)


@pytest.mark.parametrize("name", sorted(CORPUS))
def test_each_corpus_file_gives_the_players_rounds_and_rated_count_of_sources_md(parsed, name):
    expected = CORPUS[name]
    result = parsed(name)
    report = result.report
    assert report is not None
    assert len(report.players) == expected.players
    assert report.number_of_rounds == expected.rounds
    assert report.rounds_in_file == expected.columns
    assert len(report.rated_players) == expected.rated
    assert result.encoding == expected.encoding


@pytest.mark.parametrize("name", sorted(CORPUS))
def test_each_corpus_file_reports_the_points_mismatches_of_sources_md(parsed, name):
    result = parsed(name)
    mismatches = [f for f in result.findings if f.code == "points-mismatch"]
    assert len(mismatches) == CORPUS[name].points_mismatches
    assert all(f.severity is Severity.WARNING and f.column == 81 for f in mismatches)


@pytest.mark.parametrize("name", sorted(CORPUS))
def test_no_corpus_file_has_errors_or_broken_pairings(parsed, name):
    result = parsed(name)
    assert not result.has_errors, result.errors
    assert not {"asymmetric-pairing", "asymmetric-result", "asymmetric-colour"} & set(
        codes_of(result)
    )


@pytest.mark.parametrize("name", sorted(CORPUS))
def test_each_corpus_file_survives_write_and_reparse_unchanged(parsed, name):
    report = parsed(name).report
    text = write(report)
    again = parse(text)
    assert again.report == report
    assert "\r" not in text
    assert not again.has_errors


def played_blocks_in_raw_text(path: Path) -> int:
    """Round blocks of 001 lines with a real opponent and a result 1, = or 0, counted
    straight from the file's text (trf16.md §3 columns), without the reader."""
    data = path.read_bytes()
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = data.decode("cp1252")
    count = 0
    for line in re.split(r"\r\n|\r|\n", text):
        if not line.startswith("001 "):
            continue
        for start in range(91, len(line), 10):  # round r's block starts at column 92+10(r-1)
            opponent, result = line[start : start + 4].strip(), line[start + 7 : start + 8]
            count += opponent.strip("0") != "" and result in ("1", "=", "0")
    return count


@pytest.mark.parametrize("name", sorted(CORPUS))
def test_every_played_game_of_a_corpus_file_is_listed_once(parsed, corpus_dir, name):
    games = parsed(name).report.played_games()
    keys = [(g.round, min(g.white, g.black), max(g.white, g.black)) for g in games]
    assert len(keys) == len(set(keys))
    assert 2 * len(games) == played_blocks_in_raw_text(corpus_dir / name)  # both lines


# Games played over the board (each game is on two lines), counted from the raw text by a
# column slicer independent of the reader; by hand for held_swiss_9, buchholz_1, dutch, valid.
PLAYED_GAMES = {
    "TieBreakServer__held_swiss_9_fide_tiebreak_exercise.trf": 66,
    "chessament__buchholz_1.trf": 17,  # rounds of 3, 4, 3, 2 (1-4 forfeited) and 5 games
    "bbpPairings__dutch_2025_C5.trf": 6,
    "icu_tournament__armstrong_2012_with_bom.trf": 1,
    "icu_tournament__latin-1.trf": 3,
    "icu_tournament__valid.trf": 24,
    "icu_tournament__bunratty_masters_2011.trf": 97,
}


@pytest.mark.parametrize(("name", "games"), sorted(PLAYED_GAMES.items()))
def test_corpus_files_give_the_number_of_games_played_over_the_board(parsed, name, games):
    assert len(parsed(name).report.played_games()) == games


# ------------------------------------------------------------------ sanichi/icu_tournament


def test_ruler_line_starting_with_012_is_not_a_tournament_name(parsed):
    result = parsed("icu_tournament__armstrong_2011.trf")
    assert result.report.name == "Leinster Chess Union Div 1 Armstrong Cup 2010 - 2011"
    assert "duplicate-header" not in codes_of(result)
    comment = only(result, "layout-comment")
    assert (comment.severity, comment.line) == (Severity.INFO, 28)  # legend; ruler on 29
    assert "2 occurrences" in comment.message


def test_armstrong_team_league_keeps_its_12_teams_and_yy_mm_dd_dates(parsed):
    report = parsed("icu_tournament__armstrong_2011.trf").report
    assert len(report.teams) == 12
    assert report.teams[0].name == "Bray / Greystones"
    assert report.teams[0].members == tuple(range(47, 58))
    assert sorted(len(t.members) for t in report.teams)[::11] == [11, 21]
    assert report.start_date.value == datetime.date(2010, 9, 13)
    assert report.end_date.value == datetime.date(2011, 3, 13)
    assert report.round_dates[1].value == datetime.date(2010, 9, 25)
    assert all(p.rank is None and p.federation == "" for p in report.players)
    assert report.player(3).rounds[0].is_empty  # not fielded that round


def test_bom_is_stripped_and_said(parsed):
    result = parsed("icu_tournament__armstrong_2012_with_bom.trf")
    assert result.report.name.startswith("Leinster Chess Union")
    assert only(result, "byte-order-mark").severity is Severity.INFO
    assert result.report.player(1).rounds[0].opponent == 2


def test_bunratty_upper_case_sex_and_yy_dd_mm_round_dates(parsed):
    result = parsed("icu_tournament__bunratty_masters_2011.trf")
    report = result.report
    assert report.player(1).sex == "m" and report.player(1).sex_raw == "M"
    assert report.player(26).sex == "w" and report.player(26).title == "WFM"
    assert {p.title for p in report.players} == {"GM", "IM", "FM", "WFM", ""}
    assert [d.value for d in report.round_dates][:2] == [
        datetime.date(2011, 2, 25),
        datetime.date(2011, 2, 26),
    ]
    guessed = only(result, "date-order-guessed")
    assert (guessed.severity, guessed.line, guessed.column) == (Severity.WARNING, 13, 92)
    assert report.start_date.value == datetime.date(2011, 2, 25)


def test_bunratty_absent_rounds_are_empty_and_explain_the_points_mismatch(parsed):
    result = parsed("icu_tournament__bunratty_masters_2011.trf")
    absent = result.report.player(16).round(4)
    assert absent.is_empty and absent.is_bye and not absent.played
    lines = [f.line for f in result.findings if f.code == "points-mismatch"]
    assert lines == [29, 31, 32, 38, 47]  # players 16, 18, 19, 25, 34
    assert "player 16 (O'Connor, Jonathan) has 2.5 points" in only_on(result, 29).message


def only_on(result, line: int):
    return next(f for f in result.findings if f.line == line)


def test_latin1_names_decode_to_irish_accented_letters(parsed):
    result = parsed("icu_tournament__irish_junior_champs_2011.trf")
    report = result.report
    assert report.player(27).name == "Ó Muireagáin, Colm"
    assert report.player(29).name == "Ní Mhuireagáin, Eibhia"
    assert only(result, "encoding-fallback").message.count("cp1252") == 1


def test_irish_zero_padded_ratings_and_placeholder_birth_dates(parsed):
    report = parsed("icu_tournament__irish_junior_champs_2011.trf").report
    assert report.player(30).rating == 630
    assert report.player(32).rating is None  # 0000
    assert report.player(30).birth_date.raw == ".  ."
    assert report.player(30).birth_date.value is None
    assert report.player(1).birth_date.value == datetime.date(1967, 9, 12)
    assert report.round_dates[0].value == datetime.date(2011, 7, 2)


def test_irish_no_opponent_blocks_with_blank_result_are_zero_point_byes(parsed):
    report = parsed("icu_tournament__irish_intermediate_champs_2011.trf").report
    block = report.player(15).round(3)  # "0000 -  "
    assert (block.opponent, block.colour, block.result, block.points) == (None, None, "Z", 0)
    assert report.player(20).name == "Morgan, Mícheál"


def test_latin1_and_utf8_copies_of_one_event_give_equal_reports(parsed):
    latin1 = parsed("icu_tournament__latin-1.trf")
    utf8 = parsed("icu_tournament__utf-8.trf")
    assert latin1.report == utf8.report
    assert latin1.encoding == "cp1252" and utf8.encoding == "utf-8"
    assert "encoding-fallback" not in codes_of(utf8)


def test_utf8_columns_are_counted_in_characters_so_points_are_right(parsed):
    report = parsed("icu_tournament__utf-8.trf").report
    assert report.name == "Läs Végas National Opeñ"
    assert [p.name for p in report.players] == [
        "Uì Laighlèis,Gearoìdin",
        "Örr,Mârk",
        "Bologan,Viktor",
    ]
    assert [p.points for p in report.players] == [Decimal("1.0"), Decimal("2.0"), Decimal(0)]
    assert [p.title for p in report.players] == ["", "IM", "GM"]
    assert report.player(3).round(1).is_empty and report.player(3).round(2).opponent == 1


def test_bye_written_as_0000_draw_is_a_half_point_bye_with_a_warning(parsed):
    result = parsed("icu_tournament__valid.trf")
    warnings = [f for f in result.findings if f.code == "bye-coded-as-draw"]
    assert [(f.severity, f.line, f.column) for f in warnings] == [
        (Severity.WARNING, 10, 99),
        (Severity.WARNING, 17, 99),
        (Severity.WARNING, 19, 129),
    ]
    bye = result.report.player(1).round(1)
    assert (bye.result, bye.is_bye, bye.halves, bye.raw) == ("H", True, 1, "0000 - =")


def test_valid_trf_forfeits_and_full_point_bye(parsed):
    report = parsed("icu_tournament__valid.trf").report
    assert report.player(4).round(4).is_forfeit and report.player(4).round(4).halves == 2
    assert report.player(11).round(4).is_forfeit and report.player(11).round(4).halves == 0
    assert report.player(11).round(5).result == "F"  # 0000 - +
    assert report.player(1).fide_id == 2502054 and report.player(3).fide_id is None
    assert report.start_date.value == datetime.date(2008, 2, 1)


# ------------------------------------------------------------------ sklangen/TRF


def test_spielfrei_pseudo_player_is_reported(parsed):
    result = parsed("sklangen-TRF__example1_karl-mala-2005.trf")
    finding = only(result, "pseudo-player")
    assert (finding.severity, finding.line, finding.column) == (Severity.INFO, 297, 15)
    spielfrei = result.report.player(284)
    assert spielfrei.name == "spielfrei" and spielfrei.rank is None
    assert not any(r.played for r in spielfrei.rounds)


def test_karl_mala_dotted_dates_old_titles_and_forfeits(parsed):
    report = parsed("sklangen-TRF__example1_karl-mala-2005.trf").report
    assert report.start_date.value == datetime.date(2005, 7, 28)
    assert report.player(1).birth_date.value == datetime.date(1969, 12, 6)
    assert [report.player(n).title for n in (1, 2, 11, 13)] == ["GM", "IM", "", "FM"]
    assert report.player(1).title_raw == "  g"
    forfeit = report.player(59).round(6)  # "151 - -"
    assert (forfeit.opponent, forfeit.colour, forfeit.is_forfeit) == (151, None, True)
    assert report.player(282).round(5).result == "F"  # 0000 - +
    assert report.deputy_arbiters == ("NSR Thomas Rondio, NSR Wolfgang Hettler",)


def test_lichess_exports_blank_opponent_byes_and_month_name_dates(parsed):
    result = parsed("sklangen-TRF__2020_06_lichess.trf")
    report = result.report
    assert report.start_date.value == datetime.date(2020, 5, 29)
    assert report.declared_rounds == 10
    half = report.player(5).round(1)  # "         H"
    assert (half.opponent, half.result, half.halves) == (None, "H", 1)
    missed = report.player(5).round(2)  # "         -"
    assert (missed.opponent, missed.result, missed.halves) == (None, "Z", 0)
    assert only(result, "bye-coded-as-forfeit").severity is Severity.INFO
    assert all(p.rank is None and p.rating is None for p in report.players)


# ------------------------------------------------------------------ CompetiChess


def test_players_listed_in_standings_order_are_sorted_by_start_rank(parsed):
    result = parsed("CompetiChess__testLargeFile_lichess.trf")
    assert [p.start_rank for p in result.report.players] == list(range(1, 113))
    assert only(result, "players-out-of-order").line == 32
    assert result.report.player(1).name == "sherwin--tiu"


def test_javafo_sample_year_only_birth_dates_zero_rating_and_extensions(parsed):
    result = parsed("CompetiChess__testTrfFile_javafo-aum-gros.trf")
    report = result.report
    assert report.start_date.value == datetime.date(2010, 9, 24)
    assert report.end_date.value == datetime.date(2010, 10, 2)  # 02/10 read like 24/09
    assert "ambiguous-date" not in codes_of(result)
    birth = report.player(1).birth_date
    assert (birth.raw, birth.value, birth.year) == ("1978", None, 1978)
    unrated = report.player(6)
    assert (unrated.rating, unrated.fide_id) == (None, None)
    assert sum(r.code == "XXA" for r in report.extra_records) == 26
    assert max(g.round for g in report.played_games()) == 4
    assert report.player(22).round(5).result == "Z" and not report.player(22).round(5).is_empty


# ------------------------------------------------------------------ bbpPairings


@pytest.mark.parametrize(
    ("name", "players"), [("bbpPairings__issue_7.trf", 60), ("bbpPairings__issue_15.trf", 180)]
)
def test_cr_only_files_are_split_into_lines(parsed, name, players):
    report = parsed(name).report
    assert len(report.players) == players
    assert report.name.startswith("AutoTest Tournament")
    assert report.players[-1].line == players + 1


def test_issue_7_declares_one_round_more_than_it_has_played(parsed):
    report = parsed("bbpPairings__issue_7.trf").report
    assert report.declared_rounds == 15
    assert max(g.round for g in report.played_games()) == 14


def test_dutch_c5_round_to_be_paired_carries_an_explicit_zero_bye(parsed):
    report = parsed("bbpPairings__dutch_2025_C5.trf").report
    assert report.declared_rounds == 3
    assert max(g.round for g in report.played_games()) == 2
    assert report.player(4).round(3).result == "Z"
    assert report.player(1).round(3).is_empty


# ------------------------------------------------------------------ TRF26 producers


def test_trf26_records_are_skipped_with_one_info_per_record_type(parsed):
    result = parsed("caissify_pairings__stress_50p31r_manybyes.trf")
    infos = [f for f in result.findings if f.code == "trf26-record"]
    assert [(f.severity, f.line) for f in infos] == [(Severity.INFO, n) for n in (11, 12, 13)]
    report = result.report
    assert report.declared_rounds == 31
    assert report.scoring is not None and report.scoring.is_default
    assert [r.code for r in report.extra_records] == ["142", "152", "162"]


def test_caissify_two_digit_dates_are_ambiguous_and_sex_u_is_unknown(parsed):
    result = parsed("caissify_pairings__stress_50p31r_manybyes.trf")
    ambiguous = only(result, "ambiguous-date")
    assert (ambiguous.severity, ambiguous.line, ambiguous.column) == (Severity.WARNING, 4, 5)
    assert result.report.start_date.value == datetime.date(2025, 9, 17)
    assert only(result, "unknown-sex").message.endswith("(50 occurrences; the first is shown).")
    assert result.report.player(4).name == "Player    7"  # internal blanks kept


def test_left_aligned_title_and_162_scoring(parsed):
    report = parsed("chessament__buchholz_1.trf").report
    assert {p.title for p in report.players} == {"GM"}
    assert report.player(1).title_raw == "GM "
    assert report.scoring.points_for("162", "D") == Decimal("0.5")
    assert report.player(4).round(4).result == "+" and report.player(1).round(4).result == "-"


def test_byes_with_opponent_written_as_a_single_zero(parsed):
    report = parsed("TieBreakServer__held_swiss_9_fide_tiebreak_exercise.trf").report
    bye = report.player(4).round(2)  # "   0 - H"
    assert (bye.opponent, bye.result, bye.is_bye) == (None, "H", True)
    assert report.player(6).round(3).result == "U"
    assert all(p.fide_id is None for p in report.players)
    assert report.start_date.value == datetime.date(2024, 8, 1)


def test_file_without_012_warns_and_reads_162_placed_after_the_players(parsed):
    result = parsed("TieBreakServer__no_colour_preference_trf26.trf")
    missing = only(result, "missing-tournament-name")
    assert (missing.severity, missing.line) == (Severity.WARNING, None)
    report = result.report
    assert report.name == ""
    assert report.declared_rounds == 3
    assert report.scoring.points_for("162", "P") == Decimal("1.0")
    assert all(p.rank is None for p in report.players)
    assert [f.line for f in result.findings if f.code == "trf26-record"] == [3, 4, 5, 6, 15]


#: Real files with a 062 count, longer than 3,000 bytes, their byte 3,000 inside a line.
CUT_OFF_FILES = [
    "icu_tournament__bunratty_masters_2011.trf",
    "caissify_pairings__stress_50p31r_manybyes.trf",
    "CompetiChess__testLargeFile_lichess.trf",
]


@pytest.mark.parametrize("name", CUT_OFF_FILES)
def test_a_real_file_cut_off_mid_line_is_said_to_be_cut_off_first(corpus_dir, name):
    """A real file cut at 3,000 bytes, in the middle of a player line, as an interrupted
    upload or copy leaves it: the first error says the file looks cut off, naming the line
    and the players 062 declares, before the errors about opponents it does not hold (a
    review found only those, and a note about 062). The whole file has no such error."""
    data = (corpus_dir / name).read_bytes()
    cut = data[:3000]
    assert not cut.endswith((b"\n", b"\r"))
    findings = parse(cut).findings
    first_error = next(f for f in findings if f.severity == Severity.ERROR)
    assert first_error.code == "file-cut-off"
    assert "it looks cut off" in first_error.message
    assert first_error.message.startswith(f"Line {len(cut.splitlines())}: the file ends")
    assert "file-cut-off" not in {f.code for f in parse(data).findings}


def test_a_real_file_with_its_player_lines_shifted_is_said_to_be_shifted_first(corpus_dir):
    """Bunratty Masters 2011 with one blank added at the start of every player line, as a
    hand edit or a re-save leaves it: the first error names the shift, the count of lines
    and the first of them, before the pairing and points errors that follow from it (a
    review found 148 errors listed before the warnings that named the cause)."""
    data = (corpus_dir / "icu_tournament__bunratty_masters_2011.trf").read_bytes()
    shifted = b"\n".join(
        b"001 " + line[3:] if line.startswith(b"001") else line for line in data.split(b"\n")
    )
    result = parse(shifted)
    first_error = next(f for f in result.findings if f.severity == Severity.ERROR)
    players = shifted.count(b"\n001 ")
    assert first_error.code == "shifted-lines"
    # A line whose shifted character lands on a blank says nothing; half is enough.
    said = re.match(rf"(\d+) of the {players} player lines have a character", first_error.message)
    assert said and players // 2 <= int(said.group(1)) <= players
    # Located at its first instance, as every finding of a malformed file is.
    first_shifted = min(
        (f for f in result.findings if f.code in ("misaligned-field", "misaligned-round")),
        key=lambda f: (f.line, f.column),
    )
    assert (first_error.line, first_error.column) == (first_shifted.line, first_shifted.column)
    assert shifted.split(b"\n")[first_error.line - 1].startswith(b"001 ")
    assert f"the first on line {first_error.line}, column {first_error.column}" in (
        first_error.message
    )
    assert first_error.located == first_error.message  # it names its line itself
    assert "shifted-lines" not in {f.code for f in parse(data).findings}


def test_a_real_file_whose_rounds_the_shift_took_is_an_error_not_warnings(corpus_dir):
    """bbpPairings' C5 (six players, every starting rank one digit) with one blank added
    after the sex of every player line: no round block is read, every line's points stand
    against results of 0. A review found such a file passed with warnings alone, was
    approved with no game and marked rated: it is an error of the whole file now, and
    the shift said first as one. The whole file has neither."""
    data = (corpus_dir / "bbpPairings__dutch_2025_C5.trf").read_bytes()
    shifted = b"\n".join(
        line[:14] + b" " + line[14:] if line.startswith(b"001") else line
        for line in data.split(b"\n")
    )
    result = parse(shifted)
    errors = [f for f in result.findings if f.severity == Severity.ERROR]
    assert [f.code for f in errors] == ["shifted-lines", "unread-rounds"]  # the cause first
    [no_rounds] = [f for f in errors if f.code == "unread-rounds"]
    assert no_rounds.message.startswith("The players' points (columns 81-84) add up to ")
    assert "no round result could be read on any player line" in no_rounds.message
    assert not result.report.played_games()
    codes = {f.code for f in parse(data).findings}
    assert not codes & {"unread-rounds", "shifted-lines"}


def test_a_list_of_players_written_before_the_first_round_is_an_error(corpus_dir):
    """A review: a real file with every player line cut after its points column (no round,
    no points), as written before round 1, was checked with 0 errors and approved with no
    game. It is an error of the whole file; the whole file has none."""
    data = (corpus_dir / "bbpPairings__dutch_2025_C5.trf").read_bytes()
    before_round_one = b"\n".join(
        line[:80].rstrip() if line.startswith(b"001") else line for line in data.split(b"\n")
    )
    result = parse(before_round_one)
    errors = [f for f in result.findings if f.severity == Severity.ERROR]
    assert [f.code for f in errors] == ["without-rounds"]
    assert errors[0].message.startswith("None of the 6 player lines has a round (columns 92 on)")
    assert "without-rounds" not in {f.code for f in parse(data).findings}


def test_a_report_of_forfeits_alone_has_results_and_no_such_error():
    """Two players, one round, lost by forfeit: no game to rate, but the round's result
    was read (trf16.md §3: "+" and "-"); nothing to say of the file."""
    from tests.tournaments.reports.trf_builder import player_line

    lines = [
        "012 Forfeits",
        player_line(1, "Alpha, Anna", rating=2000, points="1.0", rounds=["   2 w +"]),
        player_line(2, "Beta, Bert", rating=1900, points="0.0", rounds=["   1 b -"]),
    ]
    result = parse(("\n".join(lines) + "\n").encode())
    assert result.report.players[0].result_halves == 2
    assert not {"unread-rounds", "without-rounds"} & {f.code for f in result.findings}


@pytest.mark.parametrize("name", CUT_OFF_FILES)
def test_a_complete_file_without_a_final_line_break_is_not_cut_off(corpus_dir, name):
    """062 counts more players than the file holds (no-shows deleted by hand, or Swiss
    Manager's registered count) and no line break ends the file, as an editor saves it:
    nobody is paired with a player it lacks, so it is complete; 062 keeps its note (a
    review found such files refused)."""
    data = (corpus_dir / name).read_bytes().rstrip(b"\r\n")
    declared = re.search(rb"^062 +(\d+)", data, re.M)
    raised = data[: declared.start(1)] + str(int(declared.group(1)) + 5).encode()
    raised += data[declared.end(1) :]
    codes = {f.code for f in parse(raised).findings}
    assert "file-cut-off" not in codes and "player-count-mismatch" in codes


def test_names_overflowing_into_a_blank_column_stay_a_warning(corpus_dir):
    """Bunratty Masters 2011 with every name written one character into the blank column
    after the name field (column 48): the lines are read as before, the shift is said as
    a warning of the whole file, not an error (a review: such files were refused)."""
    data = (corpus_dir / "icu_tournament__bunratty_masters_2011.trf").read_bytes()
    overflowing = b"\n".join(
        line[:47] + b"x" + line[48:] if line.startswith(b"001") else line
        for line in data.split(b"\n")
    )
    findings = parse(overflowing).findings
    shifted = [f for f in findings if f.code == "shifted-lines"]
    assert [f.severity for f in shifted] == [Severity.WARNING]
    first_name_line = next(
        i for i, line in enumerate(overflowing.split(b"\n"), 1) if line[:3] == b"001"
    )
    assert (shifted[0].line, shifted[0].column) == (first_name_line, 48)
    # Said before the warnings of the lines it sums up.
    warnings = [f for f in findings if f.severity == Severity.WARNING]
    assert warnings[0] == shifted[0]
    assert not [f for f in findings if f.severity == Severity.ERROR]


def _with_line(data: bytes, number: int, change) -> bytes:
    lines = data.split(b"\n")
    lines[number - 1] = change(lines[number - 1])
    return b"\n".join(lines)


@pytest.mark.parametrize(
    ("change", "why"),
    [
        (lambda line: b" " + line, "its 001 does not start in column 1"),
        (lambda line: b"\xef\xbb\xbf" + line, "a byte-order mark (U+FEFF) stands before its 001"),
        (lambda line: b"001\xc2\xa0" + line[4:], "its column 4 holds '\\xa0'"),
        (lambda line: line[:4] + b"   3" + line[8:], "its starting rank, 3, is line 4's"),
    ],
)
def test_a_player_line_not_read_is_said_first_as_the_cause_of_the_missing_player(
    corpus_dir, change, why
):
    """A review: player 4's line indented, joined from another file (its byte-order mark
    mid-file), with a no-break space after 001 or a starting rank used twice was left out,
    and the first error an arbiter saw was "player 1 is paired with 4, but there is no
    player 4", the line itself a warning after every error (or a note)."""
    data = (corpus_dir / "bbpPairings__dutch_2025_C5.trf").read_bytes()
    errors = [f for f in parse(_with_line(data, 5, change)).findings if f.severity == "error"]
    unknown = [f for f in errors if f.code == "unknown-opponent"]
    assert errors[0].code == "unread-player-line" and (errors[0].line, errors[0].column) == (5, 1)
    assert errors[0].message.startswith(f"Line 5: this player line was not read, as {why}")
    assert f"the {len(unknown)} errors about a player paired with one the file lacks" in (
        errors[0].message
    )
    assert len(unknown) == 2  # players 1 and 3 were paired with 4
    assert "unread-player-line" not in {f.code for f in parse(data).findings}


def test_tabs_on_the_player_lines_are_named_as_what_shifted_their_fields(corpus_dir):
    """A review: a file whose blanks were turned into tabs had 145 errors about shifted
    fields, none naming the tabs (a tab right after 001 alone was named)."""
    data = (corpus_dir / "bbpPairings__dutch_2025_C5.trf").read_bytes()
    tabbed = b"\n".join(
        line.replace(b"      ", b"\t") if line.startswith(b"001") else line
        for line in data.split(b"\n")
    )
    findings = parse(tabbed).findings
    assert findings[0].code == "shifted-lines"
    assert "their fields look shifted by the tab characters the lines hold (save the file " in (
        findings[0].message
    )
    [tabs] = [f for f in findings if f.code == "tab-character"]
    assert (tabs.severity, tabs.line, tabs.column) == ("warning", 2, 9)
    assert tabs.message.startswith("Line 2, column 9: a tab character on a player line")
    assert "(6 occurrences; the first is shown). Save the file with blanks, not tabs." in (
        tabs.message
    )
    assert "tab-character" not in {f.code for f in parse(data).findings}
