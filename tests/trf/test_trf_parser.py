"""Hand-made TRF snippets: each tolerance of trf16.md §7 and each finding, located.

Player lines are built column by column here (not with the writer), so that these tests
pin the format itself.
"""

from __future__ import annotations

import codecs
import unicodedata
from decimal import Decimal

import pytest

from tournaments.trf import Severity, parse, write
from tournaments.trf.decoding import decode
from tournaments.trf.parser import line_as_read


def player(
    rank: int | str,
    name: str = "Player",
    *blocks: str,
    sex: str = " ",
    title: str = "",
    rating: str = "",
    federation: str = "",
    fide_id: str = "",
    birth: str = "",
    points: str = "",
    place: str = "",
) -> str:
    """A 001 line with the exact columns of trf16.md §3 (blocks from column 92)."""
    line = (
        f"001 {rank:>4} {sex}{title:>3} {name:<33} {rating:>4} {federation:<3} "
        f"{fide_id:>11} {birth:<10} {points:>4} {place:>4}"
    )
    assert len(line) == 89
    return line + ("  " + "  ".join(blocks) if blocks else "")


def trf(*lines: str, name: str = "Test Open") -> str:
    """A file: a 012 line (unless name is None) and the given lines, LF-separated."""
    head = [f"012 {name}"] if name is not None else []
    return "\n".join([*head, *lines]) + "\n"


def findings(text: str | bytes, code: str) -> list[tuple[Severity, int | None, int | None]]:
    return [(f.severity, f.line, f.column) for f in parse(text).findings if f.code == code]


def one(text: str | bytes, code: str):
    found = [f for f in parse(text).findings if f.code == code]
    assert len(found) == 1, parse(text).findings
    return found[0]


GAME = trf(
    player(1, "Alpha, Ann", "   2 w 1", points="1.0"),
    player(2, "Beta, Bob", "   1 b 0", points="0.0"),
)


def test_a_minimal_two_player_file_reads_cleanly():
    result = parse(GAME)
    assert result.findings == ()
    assert result.report.name == "Test Open"
    game = result.report.played_games()[0]
    assert (game.round, game.white, game.black, game.white_score_halves) == (1, 1, 2, 2)


# ------------------------------------------------------------------ decoding and lines


@pytest.mark.parametrize("ending", ["\n", "\r\n", "\r"])
def test_lf_crlf_and_cr_only_line_ends_read_the_same(ending):
    assert parse(GAME.replace("\n", ending).encode()).report == parse(GAME).report


def test_cp1252_bytes_are_decoded_with_an_info_naming_the_encoding():
    text = trf(player(1, "Müller, Jörg", "   2 w 1"), player(2, "Ó Sé, Seán", "   1 b 0"))
    result = parse(text.encode("cp1252"))
    assert result.encoding == "cp1252"
    assert result.report.player(2).name == "Ó Sé, Seán"
    info = one(text.encode("cp1252"), "encoding-fallback")
    assert info.severity is Severity.INFO and "cp1252" in info.message


def test_bytes_undefined_in_cp1252_fall_back_to_latin1():
    result = parse(trf(player(1, "X\x81Y")).encode("latin-1"))
    assert result.encoding == "latin-1"
    assert result.report.player(1).name == "X\x81Y"


def test_a_file_mixing_utf8_and_cp1252_lines_reads_every_name_and_rating():
    first = player(1, "Zoë, Ann", "   2 w 1", rating="2215", points="1.0")
    second = player(2, "Sé, Seán", "   1 b 0", rating="2100", points="0.0")
    data = trf(first).encode("utf-8") + f"{second}\n".encode("cp1252")
    result = parse(data)
    report = result.report
    assert [(p.name, p.rating) for p in report.players] == [
        ("Zoë, Ann", 2215),
        ("Sé, Seán", 2100),
    ]
    assert len(report.played_games()) == 1
    assert result.encoding == "mixed"
    info = one(data, "encoding-fallback")
    assert (info.severity, info.line) == (Severity.INFO, 3)
    assert "line 3 was read as cp1252" in info.message


def test_utf16_with_bom_is_decoded():
    result = parse(codecs.BOM_UTF16_LE + GAME.encode("utf-16-le"))
    assert result.encoding == "utf-16"
    assert result.report == parse(GAME).report


@pytest.mark.parametrize("encoding", ["utf-32", "utf-32-be"])
def test_utf32_with_its_bom_is_decoded_not_taken_for_utf16(encoding):
    """A review: UTF-32's little-endian mark begins as UTF-16's does, and such a file was
    read as UTF-16 and refused for its NULs ("saved as UTF-16?")."""
    mark = codecs.BOM_UTF32_BE if encoding == "utf-32-be" else b""
    result = parse(mark + GAME.replace("Alpha, Ann", "Ålpha, Änn").encode(encoding))
    assert result.encoding == "utf-32" and result.errors == ()
    assert result.report.player(1).name == "Ålpha, Änn"
    [note] = [f for f in result.findings if f.code == "encoding-fallback"]
    assert note.message == "The file is not UTF-8; it was read as utf-32."


@pytest.mark.parametrize("encoding", ["utf-16-le", "utf-16-be"])
def test_utf16_without_a_bom_is_decoded_not_read_as_nul_characters(encoding):
    """A review: UTF-16 saved without its byte-order mark is valid UTF-8 too, with a NUL
    every other byte; it was refused as no report. Every other byte NUL: UTF-16."""
    result = parse(GAME.replace("Alpha, Ann", "Ålpha, Änn").encode(encoding))
    assert result.encoding == "utf-16"
    assert result.errors == ()
    assert result.report.player(1).name == "Ålpha, Änn"
    assert [f.code for f in result.findings] == ["encoding-fallback"]


def test_a_file_of_nuls_is_not_taken_for_utf16():
    """NULs alone (every byte) are no text in any encoding: still an error a line."""
    assert parse(b"\0" * 64).encoding != "utf-16"


def test_bom_in_text_input_is_stripped():
    result = parse("\ufeff" + GAME)
    assert result.report.name == "Test Open"
    assert one("\ufeff" + GAME, "byte-order-mark").line == 1


def test_columns_count_characters_not_bytes_in_utf8():
    text = trf(player(1, "Ñúñez, Ïñés", "   2 w 1", points="1.0"), player(2, "B", "   1 b 0"))
    report = parse(text.encode("utf-8")).report
    assert report.player(1).points == Decimal(1)
    assert report.player(1).rounds[0].opponent == 2


def test_form_feed_and_unicode_line_separators_do_not_split_a_line():
    text = trf(player(1, "A\x0cB\u2028C", "   2 w 1"), player(2, "B", "   1 b 0"))
    assert parse(text).report.player(1).name == "A\x0cB\u2028C"


def test_blank_lines_legend_and_ruler_lines_are_skipped():
    legend = "DDD SSSS sTTT NNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNN RRRR FFF"
    ruler = "0123456789" * 10
    result = parse(trf("", "   ", legend, ruler, *GAME.splitlines()[1:]))
    assert result.report == parse(GAME).report
    assert findings(trf(legend, ruler, *GAME.splitlines()[1:]), "layout-comment") == [
        (Severity.INFO, 2, None)
    ]


def test_ruler_line_starting_with_012_does_not_replace_the_tournament_name():
    result = parse(trf("0123456789012345678901234567890", *GAME.splitlines()[1:]))
    assert result.report.name == "Test Open"
    assert "duplicate-header" not in [f.code for f in result.findings]


def test_headers_are_read_and_112_repeats():
    text = trf(
        "022 Dublin",
        "032 IRL",
        "042 2024/03/01",
        "052 2024/03/03",
        "062 15 (12)",
        "072",
        "082 0",
        "092 Individual: Swiss-System",
        "102 IA Arbiter, Chief",
        "112 Deputy One",
        "112",
        "112 Deputy Two",
        "122 90'+30\"",
        *GAME.splitlines()[1:],
    )
    report = parse(text).report
    assert (report.city, report.federation, report.tournament_type) == (
        "Dublin",
        "IRL",
        "Individual: Swiss-System",
    )
    assert report.deputy_arbiters == ("Deputy One", "Deputy Two")
    assert (report.player_count_raw, report.player_count) == ("15 (12)", 15)
    assert (report.rated_count_raw, report.team_count) == ("", 0)
    assert report.time_control == "90'+30\""
    assert report.end_date.value.isoformat() == "2024-03-03"


def test_repeated_header_keeps_the_first_and_warns():
    text = trf("012 Second name", *GAME.splitlines()[1:])
    assert parse(text).report.name == "Test Open"
    assert findings(text, "duplicate-header") == [(Severity.WARNING, 2, 1)]


def test_missing_012_is_a_whole_file_warning():
    text = trf(*GAME.splitlines()[1:], name=None)
    assert findings(text, "missing-tournament-name") == [(Severity.WARNING, None, None)]


# ------------------------------------------------------------------ 001 fields


@pytest.mark.parametrize(
    ("raw", "title"),
    [
        ("  g", "GM"),
        ("  m", "IM"),
        ("  f", "FM"),
        (" wg", "WGM"),
        (" wm", "WIM"),
        (" wf", "WFM"),
        ("  c", "CM"),
        (" wc", "WCM"),
        ("GM ", "GM"),
        ("WIM", "WIM"),
        ("   ", ""),
    ],
)
def test_titles_are_normalised_to_modern_upper_case_codes(raw, title):
    read = parse(trf(f"001    1  {raw} Name")).report.player(1)
    assert (read.title, read.title_raw) == (title, raw)


def test_sex_and_title_run_together_as_swiss_manager_writes_them():
    read = parse(trf("001    1 mFM  Name")).report.player(1)
    assert (read.sex, read.title) == ("m", "FM")


def test_unknown_title_is_a_warning_at_column_11():
    assert findings(trf(player(1, title="XY")), "unknown-title") == [(Severity.WARNING, 2, 11)]


@pytest.mark.parametrize(
    ("raw", "sex"), [("m", "m"), ("M", "m"), ("w", "w"), ("W", "w"), ("f", "w"), ("F", "w")]
)
def test_sex_codes_are_normalised(raw, sex):
    assert parse(trf(player(1, sex=raw))).report.player(1).sex == sex


def test_unknown_sex_codes_are_tallied_into_one_info():
    text = trf(player(1, sex="u"), player(2, sex="u"), player(3, sex="u"))
    info = one(text, "unknown-sex")
    assert (info.severity, info.line, info.column) == (Severity.INFO, 2, 10)
    assert "3 occurrences" in info.message
    assert parse(text).report.player(2).sex == ""


@pytest.mark.parametrize(
    ("raw", "rating"), [("", None), ("0", None), ("0000", None), ("0951", 951)]
)
def test_blank_zero_and_0000_ratings_mean_unrated(raw, rating):
    assert parse(trf(player(1, rating=raw))).report.player(1).rating == rating


@pytest.mark.parametrize(("raw", "fide_id"), [("", None), ("0", None), ("24606650", 24606650)])
def test_blank_and_zero_fide_ids_mean_none(raw, fide_id):
    assert parse(trf(player(1, fide_id=raw))).report.player(1).fide_id == fide_id


def test_non_numeric_rating_is_an_error_at_column_49():
    text = trf(player(7, "Moreau, Elise", rating="22x5"))
    finding = one(text, "invalid-rating")
    assert (finding.severity, finding.line, finding.column) == (Severity.ERROR, 2, 49)
    assert finding.message == (
        "Line 2: player 7 (Moreau, Elise) has FIDE rating '22x5' in columns 49-52, "
        "which is not a number."
    )
    assert finding.rule == "TRF16 001 cols 49-52"
    assert parse(text).report.player(7).rating is None


def test_non_numeric_fide_id_is_an_error_at_column_58():
    assert findings(trf(player(1, fide_id="12-34")), "invalid-fide-id") == [(Severity.ERROR, 2, 58)]


def test_non_numeric_points_are_an_error_at_column_81():
    assert findings(trf(player(1, points="x.5")), "invalid-points") == [(Severity.ERROR, 2, 81)]


def test_points_with_a_decimal_comma_are_read():
    assert parse(trf(player(1, points="3,5"))).report.player(1).points == Decimal("3.5")


def test_non_numeric_rank_is_a_warning_at_column_86():
    assert findings(trf(player(1, place="1st")), "invalid-rank") == [(Severity.WARNING, 2, 86)]


@pytest.mark.parametrize(("raw", "rank"), [("", None), ("0", None), ("12", 12)])
def test_blank_and_zero_ranks_mean_none(raw, rank):
    assert parse(trf(player(1, place=raw))).report.player(1).rank == rank


def test_unusable_start_rank_drops_the_line_with_an_error_at_column_5():
    text = trf("001   x1      Nobody", *GAME.splitlines()[1:])
    assert findings(text, "invalid-start-rank") == [(Severity.ERROR, 2, 5)]
    assert len(parse(text).report.players) == 2
    # A blank one is said to be blank (a review: "is nothing").
    [blank] = [
        f
        for f in parse(trf("001           Nobody", *GAME.splitlines()[1:])).findings
        if f.code == "invalid-start-rank"
    ]
    assert "the starting rank (columns 5-8) is blank, not a number" in blank.message


def test_duplicate_start_rank_is_an_error_and_the_first_line_wins():
    text = trf(player(1, "First"), player(1, "Second"))
    finding = one(text, "duplicate-start-rank")
    assert (finding.severity, finding.line, finding.column) == (Severity.ERROR, 3, 5)
    assert "already used on line 2 (First)" in finding.message
    assert [p.name for p in parse(text).report.players] == ["First"]


def test_001_line_too_short_to_hold_a_name_is_an_error():
    text = trf("001    5", *GAME.splitlines()[1:])
    finding = one(text, "line-too-short")
    assert (finding.severity, finding.line, finding.column) == (Severity.ERROR, 2, 9)
    assert parse(text).report.player(5).name == ""


def test_001_line_with_blank_name_is_an_error_at_column_15():
    assert findings(trf(player(3, "", rating="2000")), "missing-name") == [(Severity.ERROR, 2, 15)]


def test_text_in_a_separator_column_warns_that_fields_are_shifted():
    line = "001    1      A name far too long to fit into its 33 columns  2000"
    assert findings(trf(line), "misaligned-field") == [(Severity.WARNING, 2, 48)]


def test_birth_date_styles_are_read_with_year_only_kept():
    report = parse(
        trf(
            player(1, birth="1978/04/17"),
            player(2, birth="1978.04.17"),
            player(3, birth="1978/00/00"),
            player(4, birth="1978"),
            player(5, birth="0000/00/00"),
            player(6, birth=".  ."),
        )
    ).report
    dates = [p.birth_date for p in report.players]
    assert [d.year for d in dates] == [1978, 1978, 1978, 1978, None, None]
    assert [d.value is not None for d in dates] == [True, True, False, False, False, False]
    assert [d.raw for d in dates][4:] == ["0000/00/00", ".  ."]


def test_unreadable_birth_date_is_a_warning_at_column_70():
    assert findings(trf(player(1, birth="1978/13/45")), "invalid-date") == [
        (Severity.WARNING, 2, 70)
    ]


def test_short_lines_and_uneven_round_counts_are_padded_with_empty_rounds():
    text = trf(
        player(1, "A", "   2 w 1", " " * 8, "   3 b 1"), player(2, "B", "   1 b 0"), player(3)
    )
    text = text.replace("   3 b 1", "   3 b 1   ")  # trailing blanks, too
    text += player(3, "C").replace("001    3", "001    4") + "\n"
    report = parse(text).report
    assert [len(p.rounds) for p in report.players] == [3, 3, 3, 3]
    assert report.player(2).round(3).is_empty
    assert report.player(1).round(2).is_empty


# ------------------------------------------------------------------ round blocks


@pytest.mark.parametrize(
    ("block", "result", "halves"),
    [
        ("0000 - H", "H", 1),
        ("   0 - H", "H", 1),
        ("       H", "H", 1),
        ("0000 - F", "F", 2),
        ("0000 - U", "U", 2),
        ("       U", "U", 2),
        ("0000 - Z", "Z", 0),
        ("0000 -  ", "Z", 0),
        ("     -  ", "Z", 0),
        ("        ", "Z", 0),
        ("0000 - +", "F", 2),
        ("0000 - -", "Z", 0),
        ("       -", "Z", 0),
        ("0000 - =", "H", 1),
    ],
)
def test_byes_written_in_every_style_are_read_as_byes(block, result, halves):
    read = parse(trf(player(1, "A", block), player(2, "B", "   3 w 1"), player(3, "C", "   2 b 0")))
    bye = read.report.player(1).round(1)
    assert (bye.opponent, bye.colour, bye.result, bye.halves) == (None, None, result, halves)
    assert bye.is_bye and not bye.played and not bye.is_forfeit
    assert not read.has_errors


def test_bye_coded_as_draw_is_a_warning_at_the_result_column():
    finding = one(trf(player(1, "A", "   2 w 1", "0000 - =")), "bye-coded-as-draw")
    assert (finding.severity, finding.line, finding.column) == (Severity.WARNING, 2, 109)
    assert "read as bye 'H'" in finding.message


def test_byes_coded_as_forfeits_are_tallied_into_one_info():
    text = trf(player(1, "A", "0000 - +", "0000 - -"), player(2, "B", "0000 - +"))
    assert findings(text, "bye-coded-as-forfeit") == [
        (Severity.INFO, 2, 99),
        (Severity.INFO, 2, 109),
    ]


def test_game_result_without_opponent_is_read_as_a_bye_with_a_warning():
    text = trf(player(1, "A", "0000 - 1"))
    assert findings(text, "result-without-opponent") == [(Severity.WARNING, 2, 99)]
    assert parse(text).report.player(1).round(1).result == "F"


def test_bye_code_naming_an_opponent_is_a_warning():
    text = trf(player(1, "A", "   2 - H"), player(2, "B", "   1 - H"))
    assert findings(text, "bye-with-opponent") == [
        (Severity.WARNING, 2, 99),
        (Severity.WARNING, 3, 99),
    ]


def test_upper_case_colours_and_lower_case_result_letters_are_accepted():
    text = trf(player(1, "A", "   2 W 1", "   2 B w"), player(2, "B", "   1 B 0", "   1 W l"))
    result = parse(text)
    assert not result.findings
    first, second = result.report.player(1).rounds
    assert (first.colour, second.colour, second.result) == ("w", "b", "W")
    assert second.is_not_moved and not second.played and second.halves == 2


def test_forfeit_with_colour_dash_keeps_the_opponent():
    text = trf(player(1, "A", "   2 - +"), player(2, "B", "   1 - -"))
    result = parse(text)
    win = result.report.player(1).round(1)
    assert (win.opponent, win.colour, win.is_forfeit, win.halves) == (2, None, True, 2)
    assert result.report.played_games() == ()
    assert not result.findings


def test_double_forfeit_is_consistent():
    assert not parse(trf(player(1, "A", "   2 w -"), player(2, "B", "   1 b -"))).findings


def test_a_pairing_without_a_result_is_read_as_unplayed_with_a_warning_at_its_result():
    """Both results blank: a game not entered (a review: a round robin's last round left
    blank was stored "without errors", its games unrated without a word). The game is not
    rated; the warning stands at the lower rank's result column."""
    result = parse(trf(player(1, "A", "   2 w  "), player(2, "B", "   1 b  ")))
    pending = result.report.player(1).round(1)
    assert (pending.opponent, pending.result, pending.result_blank) == (2, "Z", True)
    assert not pending.is_empty and not pending.played
    assert result.report.played_games() == ()
    assert [(f.code, f.severity, f.line, f.column) for f in result.findings] == [
        ("pairing-without-result", Severity.WARNING, 2, 99)
    ]
    assert "paired with 2, but neither line gives a result" in result.findings[0].message


def test_invalid_result_code_is_an_error_at_its_column():
    finding = one(trf(player(1, "A", "   2 w 1", "   2 b x")), "invalid-result")
    assert (finding.severity, finding.line, finding.column) == (Severity.ERROR, 2, 109)
    assert "round 2" in finding.message


def test_invalid_colour_is_an_error_at_its_column():
    assert findings(
        trf(player(1, "A", "   2 g 1"), player(2, "B", "   1 b 0")), "invalid-colour"
    ) == [(Severity.ERROR, 2, 97)]


def test_invalid_opponent_is_an_error_at_its_column():
    assert findings(trf(player(1, "A", "  x2 w 1")), "invalid-opponent") == [
        (Severity.ERROR, 2, 92)
    ]


def test_misaligned_round_block_is_a_warning_at_the_stray_column():
    line = player(1, "A") + "       2 w 1"  # the block starts two columns late
    assert findings(trf(line), "misaligned-round") == [(Severity.WARNING, 2, 101)]


def test_runaway_line_is_cut_with_an_error_where_the_ignored_part_begins():
    line = player(1, "A", *(["0000 - Z"] * 5000))
    result = parse(trf(line))
    kept = result.report.player(1).rounds
    assert [(f.severity, f.code, f.line) for f in result.errors] == [
        (Severity.ERROR, "too-many-rounds", 2)
    ]
    assert f"more than {len(kept)} round blocks" in result.errors[0].message
    assert result.errors[0].column == 92 + 10 * len(kept)  # the first block not read
    assert all(block.result == "Z" for block in kept)


def test_a_001_line_padded_with_blanks_far_past_the_last_round_reads_cleanly():
    text = trf(player(1, "A", "   2 w 1") + " " * 20_000, player(2, "B", "   1 b 0"))
    result = parse(text)
    assert result.findings == ()
    assert len(result.report.player(1).rounds) == 1
    assert len(result.report.played_games()) == 1


def test_a_line_of_junk_round_blocks_describes_the_first_and_counts_the_others():
    result = parse(trf(player(1, "A", *(["xxxx x x"] * 50))))
    assert [(f.code, f.line, f.column) for f in result.errors] == [
        ("invalid-opponent", 2, 92),
        ("invalid-colour", 2, 97),
        ("invalid-result", 2, 99),
        ("unreadable-round-blocks", 2, 102),
    ]
    assert "49 more round blocks that cannot be read, from round 2" in result.errors[-1].message


def test_a_note_written_after_the_rounds_is_one_warning_and_the_rounds_are_read():
    """Text after the last round block ("withdrew after round 1") is no round block
    (trf16.md §3): a warning that quotes it and where it starts, once for the file, and
    no error of shifted fields or invalid opponents."""
    text = trf(
        player(1, "Alpha, Ann", "   2 w 1", "withdrew after round 1", points="1.0"),
        player(2, "Beta, Bob", "   1 b 0", "  late entry", points="0.0"),
    )
    result = parse(text)
    assert result.errors == ()
    assert [(f.code, f.severity, f.line, f.column) for f in result.findings] == [
        ("note-after-rounds", Severity.WARNING, 2, 102)
    ]
    assert "'withdrew after round 1' from column 102" in result.findings[0].message
    assert "(2 occurrences" in result.findings[0].message
    assert result.report == parse(GAME).report


def test_letters_in_a_block_where_a_round_is_written_stay_an_error():
    """A colour or result letter is a block's, not a note: 'x' for a result is an error."""
    result = parse(trf(player(1, "A", "   2 w 1", "   3 b x"), player(2, "B", "   1 b 0")))
    assert ("invalid-result", 2, 109) in [(f.code, f.line, f.column) for f in result.errors]
    assert "note-after-rounds" not in [f.code for f in result.findings]


def test_thousands_of_junk_round_blocks_give_a_handful_of_findings():
    result = parse(trf(player(1, "A", *(["xxxx x x"] * 3000))))
    assert len(result.findings) <= 6
    counted = next(f for f in result.errors if f.code == "unreadable-round-blocks")
    others = int(counted.message.split(" has ")[1].split()[0])
    assert others + 1 == len(result.report.player(1).rounds)  # every block read is accounted
    assert "too-many-rounds" in [f.code for f in result.errors]


# ------------------------------------------------------------------ cross-checks


def test_one_sided_pairing_is_an_error_naming_both_players():
    text = trf(
        player(1, "P1"),
        player(2, "P2", "   7 b 0"),
        player(3, "P3", " " * 8, "   7 w ="),
        *[player(n, f"P{n}") for n in range(4, 7)],
        player(7, "Moreau, Elise", "   2 w 1", "   3 b =", "  22 b 1"),
        *[player(n, f"P{n}") for n in range(8, 22)],
        player(22, "Other, Olga"),
    )
    finding = one(text, "asymmetric-pairing")
    assert (finding.severity, finding.line, finding.column) == (Severity.ERROR, 8, 112)
    assert finding.message == (
        "Line 8, round 3: player 7 (Moreau, Elise) is paired with 22, but player 22's line "
        "(line 23) shows no game against 7 in round 3."
    )


def test_pairing_with_a_different_opponent_is_an_error_on_both_claiming_lines():
    text = trf(
        player(1, "A", "   2 w 1"),
        player(2, "B", "   3 b 0"),
        player(3, "C", "   2 w 1"),
    )
    found = [f for f in parse(text).findings if f.code == "asymmetric-pairing"]
    assert [(f.line, f.column) for f in found] == [(2, 92)]
    assert "shows 2 paired with 3 in round 1" in found[0].message


def test_opponent_that_is_no_player_is_an_error():
    finding = one(trf(player(1, "A", "  99 w 1")), "unknown-opponent")
    assert (finding.severity, finding.line, finding.column) == (Severity.ERROR, 2, 92)
    assert "there is no player 99" in finding.message


def test_player_paired_with_themselves_is_an_error():
    assert findings(trf(player(1, "A", "   1 w 1")), "self-pairing") == [(Severity.ERROR, 2, 92)]


def test_same_colour_on_both_lines_of_a_forfeit_is_a_warning_at_the_colour_column():
    text = trf(player(1, "A", "   2 w +"), player(2, "B", "   1 w -"))
    assert findings(text, "asymmetric-colour") == [(Severity.WARNING, 2, 97)]


def test_same_colour_on_both_lines_of_a_played_game_is_an_error_and_the_game_is_not_rated():
    text = trf(player(1, "A", "   2 w 1"), player(2, "B", "   1 w 0"))
    assert findings(text, "asymmetric-colour") == [(Severity.ERROR, 2, 97)]
    assert parse(text).report.played_games() == ()


def test_results_that_do_not_complement_are_an_error():
    text = trf(player(1, "A", "   2 w 1"), player(2, "B", "   1 b 1"))
    finding = one(text, "asymmetric-result")
    assert (finding.severity, finding.line, finding.column) == (Severity.ERROR, 2, 99)
    assert "player 2's line (line 3) has '1' against 1; expected '0'" in finding.message


def test_a_played_result_against_a_pending_one_is_an_error_and_not_rated():
    text = trf(player(1, "A", "   2 w  "), player(2, "B", "   1 b 1"))
    finding = one(text, "asymmetric-result")
    assert (finding.severity, finding.line, finding.column) == (Severity.ERROR, 3, 99)
    assert finding.message.startswith("Line 3, round 1: player 2 (B) has result '1' against 1")
    assert "player 1's line (line 2) has no result against 2" in finding.message
    assert parse(text).report.played_games() == ()


@pytest.mark.parametrize(
    ("first", "second", "claim_line"),
    [
        ("   2 w H", "   1 b 0", 3),
        ("   2 w Z", "   1 b 1", 3),
        ("   2 w 1", "   1 b H", 2),
        ("   2 w 0", "   1 b Z", 2),
    ],
)
def test_a_bye_code_against_a_played_result_is_an_error_whichever_rank_is_lower(
    first, second, claim_line
):
    text = trf(player(1, "A", first), player(2, "B", second))
    assert findings(text, "asymmetric-result") == [(Severity.ERROR, claim_line, 99)]
    assert parse(text).report.played_games() == ()


def test_a_forfeit_against_a_played_result_is_an_error_and_not_rated():
    text = trf(player(1, "A", "   2 w +"), player(2, "B", "   1 b 0"))
    finding = one(text, "asymmetric-result")
    assert (finding.severity, finding.line, finding.column) == (Severity.ERROR, 3, 99)
    assert "player 1's line (line 2) has '+' against 2; expected '1'" in finding.message
    assert parse(text).report.played_games() == ()


def test_players_naming_each_other_in_different_rounds_give_no_game():
    text = trf(player(1, "A", "   2 w 1", " " * 8), player(2, "B", " " * 8, "   1 b 0"))
    assert findings(text, "asymmetric-pairing") == [
        (Severity.ERROR, 2, 92),
        (Severity.ERROR, 3, 102),
    ]
    assert parse(text).report.played_games() == ()


def test_played_game_without_any_colour_warns_and_lower_rank_is_white():
    text = trf(player(1, "A", "   2 - 0"), player(2, "B", "   1 - 1"))
    assert findings(text, "missing-colour") == [(Severity.WARNING, 2, 97)]
    game = parse(text).report.played_games()[0]
    assert (game.white, game.black, game.white_score_halves, game.colours_known) == (1, 2, 0, False)


def test_points_differing_from_the_result_sum_is_a_warning_at_column_81():
    text = trf(player(1, "A", "   2 w 1", points="2.0"), player(2, "B", "   1 b 0", points="0.0"))
    finding = one(text, "points-mismatch")
    assert (finding.severity, finding.line, finding.column) == (Severity.WARNING, 2, 81)
    assert finding.message == (
        "Line 2: player 1 (A) has 2.0 points in columns 81-84, but the round results add up "
        "to 1.0 under 1/½/0 scoring."
    )


def test_points_mismatch_is_only_info_under_a_declared_non_default_scoring():
    text = trf(
        player(1, "A", "   2 w 1", points="3.0"),
        player(2, "B", "   1 b 0", points="0.0"),
        "XXS WW=3 BW=3 D=1",
    )
    assert findings(text, "points-mismatch") == [(Severity.INFO, 2, 81)]
    assert not parse(text).report.scoring.is_default


def test_points_mismatch_stays_a_warning_under_a_declared_default_scoring():
    text = trf(
        player(1, "A", "   2 w 1", points="3.0"),
        player(2, "B", "   1 b 0"),
        "162  W 1.0    D 0.5    L 0.0",
    )
    assert findings(text, "points-mismatch") == [(Severity.WARNING, 2, 81)]


def test_bbpairings_scoring_records_are_read():
    text = trf(*GAME.splitlines()[1:], "BBW  3.0", "BBD  1.0")
    scoring = parse(text).report.scoring
    assert scoring.points_for("BB", "BBW") == Decimal(3) and not scoring.is_default


def test_unreadable_scoring_record_is_a_warning():
    assert findings(trf(*GAME.splitlines()[1:], "XXS nonsense"), "invalid-scoring") == [
        (Severity.WARNING, 4, 5)
    ]


# ------------------------------------------------------------------ extra records


def test_unknown_records_are_kept_and_reported_once_per_code():
    text = trf(*GAME.splitlines()[1:], "ABC first", "ABC second", "9x9 junk")
    result = parse(text)
    assert [r.text for r in result.report.extra_records] == ["ABC first", "ABC second", "9x9 junk"]
    assert findings(text, "national-rating-record") == [(Severity.INFO, 4, 1)]
    assert findings(text, "unknown-record") == [(Severity.INFO, 6, 1)]


def test_an_unknown_record_ending_in_a_tab_survives_write_and_parse():
    text = trf(*GAME.splitlines()[1:], "132\t")
    report = parse(text).report
    assert [r.text for r in report.extra_records] == ["132\t"]
    again = parse(write(report))
    assert [r.text for r in again.report.extra_records] == ["132\t"]
    assert again.report == report


def test_indented_player_line_is_a_warning_not_silently_lost():
    text = trf(*GAME.splitlines()[1:], " 001    3      Indented")
    assert findings(text, "misplaced-record") == [(Severity.WARNING, 4, 1)]


def test_trf26_records_and_comments_are_skipped_with_one_info_per_type():
    text = trf(
        "### a TRF26 comment",
        "### another",
        "142 1",
        "192 FIDE_DUTCH_2025",
        *GAME.splitlines()[1:],
        "BEL    1 m    Alpha, Ann",
        "801 crosstable",
    )
    result = parse(text)
    assert findings(text, "trf26-record") == [(Severity.INFO, n, 1) for n in (2, 4, 5, 9)]
    assert findings(text, "national-rating-record") == [(Severity.INFO, 8, 1)]
    assert result.report.declared_rounds == 1
    assert not result.has_errors


def test_xxr_gives_the_number_of_rounds_and_other_xx_records_are_kept():
    text = trf(*GAME.splitlines()[1:], "XXR 7", "XXC white1", "XXA    1  1.0")
    report = parse(text).report
    assert (report.declared_rounds, report.rounds_in_file, report.number_of_rounds) == (7, 1, 7)
    assert [r.code for r in report.extra_records] == ["XXR", "XXC", "XXA"]


def test_unreadable_and_conflicting_round_counts_are_warnings():
    text = trf(*GAME.splitlines()[1:], "XXR many", "142 5", "XXR 6")
    assert findings(text, "invalid-round-count") == [(Severity.WARNING, 4, 5)]
    assert findings(text, "conflicting-round-count") == [(Severity.WARNING, 4, 5)]
    assert parse(text).report.declared_rounds == 5


def test_two_pairing_allocated_byes_in_a_round_are_a_warning_at_the_second():
    """trf16.md §3: a pairing-allocated bye (U) goes to the one player left over."""
    text = trf(
        player(1, "A", "0000 - U", "   2 w 1"),
        player(2, "B", "0000 - U", "   1 b 0"),
        player(3, "C", "0000 - U", "0000 - U"),
    )
    assert findings(text, "second-pairing-allocated-bye") == [
        (Severity.WARNING, 3, 99),
        (Severity.WARNING, 4, 99),
    ]
    seconds = [f for f in parse(text).findings if f.code == "second-pairing-allocated-bye"]
    assert "as has player 1 (A) (line 2): a round has at most one." in seconds[0].message
    assert (
        findings(trf(player(1, "A", "0000 - U"), player(2, "B")), "second-pairing-allocated-bye")
        == []
    )


def test_a_round_count_declared_twice_differently_is_a_warning_at_the_second():
    """A review: "XXR 5" then "XXR 12" kept the first without a word of the other."""
    text = trf(*GAME.splitlines()[1:], "XXR 5", "XXR 12", "XXR 5")
    assert findings(text, "conflicting-round-count") == [(Severity.WARNING, 5, 5)]
    assert (
        "XXR declares 12 rounds, but an earlier XXR declares 5"
        in one(text, "conflicting-round-count").message
    )
    assert parse(text).report.declared_rounds == 5


def test_declared_rounds_fewer_than_the_results_is_a_warning():
    text = trf(player(1, "A", "0000 - H", "0000 - H"), "XXR 1")
    assert findings(text, "round-count-mismatch") == [(Severity.WARNING, 3, 5)]


def test_062_differing_from_the_player_lines_is_an_info():
    assert findings(trf("062 3", *GAME.splitlines()[1:]), "player-count-mismatch") == [
        (Severity.INFO, 2, 5)
    ]


def test_pseudo_player_bye_is_reported_as_info():
    assert findings(trf(player(9, "BYE")), "pseudo-player") == [(Severity.INFO, 2, 15)]


def test_a_placeholder_with_played_games_warns_and_its_games_are_not_rated():
    text = trf(
        player(1, "A", "   9 w 1", "   2 b =", rating="2000"),
        player(2, "B", " " * 8, "   1 w =", rating="2100"),
        player(9, "spielfrei", "   1 b 0"),
    )
    result = parse(text)
    finding = one(text, "pseudo-player-games")
    assert (finding.severity, finding.line, finding.column) == (Severity.WARNING, 4, 15)
    assert "records 1 played game" in finding.message
    assert "pseudo-player" not in [f.code for f in result.findings]
    assert [(g.round, g.white, g.black) for g in result.report.played_games()] == [(2, 2, 1)]


def test_players_out_of_order_are_sorted_with_an_info():
    text = trf(GAME.splitlines()[2], GAME.splitlines()[1])
    assert [p.start_rank for p in parse(text).report.players] == [1, 2]
    assert findings(text, "players-out-of-order") == [(Severity.INFO, 2, None)]


# ------------------------------------------------------------------ 013 and 132


def test_team_records_list_members_every_five_columns_from_column_37():
    text = trf(*GAME.splitlines()[1:], f"013 {'Club Example':<32}   1    2")
    assert [(t.name, t.members) for t in parse(text).report.teams] == [("Club Example", (1, 2))]


def test_team_member_that_is_no_player_is_a_warning_at_its_column():
    text = trf(*GAME.splitlines()[1:], f"013 {'Club':<32}   1   77")
    assert findings(text, "unknown-team-member") == [(Severity.WARNING, 4, 42)]


def test_a_player_listed_in_two_teams_is_a_warning_at_the_second_listing():
    text = trf(
        *GAME.splitlines()[1:],
        f"013 {'Club':<32}   1   2",
        f"013 {'Other club':<32}   2",
        f"013 {'Third':<32}   1",
    )
    assert findings(text, "team-member-twice") == [
        (Severity.WARNING, 5, 37),
        (Severity.WARNING, 6, 37),
    ]
    [on_line_5] = [f for f in parse(text).findings if f.code == "team-member-twice" and f.line == 5]
    assert "member 2, who is already a member of team 'Club' (line 4)" in on_line_5.message


def test_a_player_listed_twice_in_one_team_is_the_same_warning():
    text = trf(*GAME.splitlines()[1:], f"013 {'Club':<32}   1   2   1")
    assert findings(text, "team-member-twice") == [(Severity.WARNING, 4, 47)]
    assert (
        findings(trf(*GAME.splitlines()[1:], f"013 {'Club':<32}   1   2"), "team-member-twice")
        == []
    )


def test_team_member_that_is_not_a_number_is_an_error_at_its_column():
    text = trf(*GAME.splitlines()[1:], f"013 {'Club':<32}   1  ab")
    assert findings(text, "invalid-team-member") == [(Severity.ERROR, 4, 42)]


def test_132_dates_aligned_with_the_round_blocks_are_read():
    dates = "132" + " " * 88 + "24/03/01  24/03/02"
    report = parse(trf(dates, "042 2024-03-01", *GAME.splitlines()[1:])).report
    assert [d.raw for d in report.round_dates] == ["24/03/01", "24/03/02"]
    assert [d.value.isoformat() for d in report.round_dates] == ["2024-03-01", "2024-03-02"]


def test_132_dates_not_aligned_are_read_as_words_with_a_warning():
    text = trf("132" + " " * 80 + "24/03/01  24/03/02", *GAME.splitlines()[1:])
    assert findings(text, "misaligned-round-dates") == [(Severity.WARNING, 2, 84)]
    assert [d.raw for d in parse(text).report.round_dates] == ["24/03/01", "24/03/02"]


def test_unreadable_round_date_is_a_warning_at_its_column():
    text = trf("132" + " " * 88 + "24/03/01  tomorrow", *GAME.splitlines()[1:])
    assert findings(text, "invalid-date") == [(Severity.WARNING, 2, 102)]


@pytest.mark.parametrize("start, end", [("0001/01/01", "2024/03/02"), ("2024/03/01", "9999/12/31")])
def test_an_event_date_beyond_the_years_of_a_report_is_unreadable_not_a_crash(start, end):
    """A review: 0001/01/01 and 9999/12/31 overflowed the calendar in the date checks (an
    internal error) and in the later arithmetic of a list's dates (a traceback). A report's
    dates lie between 1900 and 2199 (tournaments.trf.dates.YEARS); outside, a warning
    where the date is, and the date is not read."""
    result = parse(trf(f"042 {start}", f"052 {end}", *GAME.splitlines()[1:]))
    assert "internal-error" not in [f.code for f in result.findings]
    (bad,) = [f for f in result.findings if f.code == "invalid-date"]
    assert (bad.severity, bad.line) == (Severity.WARNING, 2 if start < "1" else 3)
    assert "is not between the years 1900 and 2199" in bad.message
    dates = (result.report.start_date.value, result.report.end_date.value)
    assert None in dates and len(result.report.players) == 2


def test_a_two_digit_date_is_cited_from_a_long_start_date_line():
    """A review: a date pattern with blanks on both sides of any separator took time
    growing with the square of a long 042 (15 s for 40,000 blanks). The two-digit round
    dates are said to fit several reading orders, citing one of them, not the 042's text."""
    start = "042 12" + " " * 40_000 + "a"
    dates = "132" + " " * 88 + "10.09.13  11.09.13"
    found = one(trf(start, dates, *GAME.splitlines()[1:]), "ambiguous-date")
    assert "'10.09.13'" in found.message and found.line == 3


@pytest.mark.parametrize("end, column", [(50, 50), (62, 62), (83, 83)])
def test_a_line_ending_inside_a_number_is_an_error_where_it_ends(end, column):
    """A review: a line cut at column 50 read the rating 2100 as 21, and one cut inside the
    FIDE ID read another player's ID, with no finding. No writer ends a line inside a
    right-aligned number; the rest of it is lost."""
    whole = player(1, "Alpha, Ann", rating="2100", fide_id="2500001", points="1.0")
    text = trf(whole[:end], player(2, "Beta, Bob", rating="1900", points="0.0"))
    assert findings(text, "line-cut-short") == [(Severity.ERROR, 2, column)]


def test_a_line_ending_where_a_number_ends_reads_cleanly():
    """Trailing blanks trimmed: a line ending with its rating, or its points, is whole."""
    whole = player(1, "Alpha, Ann", rating="2100", points="1.0")
    for end in (52, 84):
        assert findings(trf(whole[:end]), "line-cut-short") == []


def test_a_nul_character_is_an_error_where_it_is_and_read_as_a_blank():
    """A review: a NUL in a player's name reached PostgreSQL, which refused it (a server
    error on upload). No TRF holds one: an error at its line and column."""
    lines = GAME.splitlines()
    lines[1] = lines[1].replace("Alpha, Ann", "Alpha,\0Ann")
    result = parse("\n".join(lines) + "\n")
    assert findings("\n".join(lines) + "\n", "nul-character") == [(Severity.ERROR, 2, 21)]
    assert result.report.players[0].name == "Alpha, Ann"


# ------------------------------------------------------------------ unusable input


@pytest.mark.parametrize(
    "data",
    [
        b"",
        b"\n\r\n",
        b"\x00\xff" * 500,
        "012 Only a header\n042 2024-01-01\n",
        b"001",
    ],
)
def test_input_without_a_usable_player_gives_no_report_and_an_error(data):
    result = parse(data)
    assert result.report is None
    assert result.has_errors
    assert "no-players" in [f.code for f in result.errors]
    assert "internal-error" not in [f.code for f in result.findings]


@pytest.mark.parametrize(
    ("start", "kind"),
    [
        (b"PK\x03\x04", "a ZIP archive"),
        (b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n", "a PDF document"),
        (b"\x1f\x8b\x08\x00", "a gzip archive"),
        (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1", "an older Word or Excel document"),
    ],
)
def test_a_file_that_is_no_text_is_named_for_what_it_is_and_not_read(start, kind):
    """TRF16 §1: a report is a text file. An archive holding one uncompressed has its
    lines (a review): the file's first bytes say what it is, and none of it is read."""
    result = parse(start + b"012 Open\n001    1 m    A                                 2000\n")
    assert result.report is None
    assert [f.code for f in result.findings] == ["not-text"]
    assert result.findings[0].message.startswith(f"The file is {kind}")


def test_a_flood_of_unknown_codes_is_capped_and_says_how_many_lines_it_left_out():
    junk = "\n".join(f"{n:03x}x junk" for n in range(200))
    found = [f for f in parse(trf(*GAME.splitlines()[1:], junk)).findings]
    unknown = [f for f in found if f.code == "unknown-record"]
    assert len(unknown) < 50
    listed = [f for f in unknown if " more lines " not in f.message]
    (summary,) = [f for f in unknown if " more lines " in f.message]
    left_out = int(summary.message.split(" and ")[1].split()[0])
    assert len(listed) + 1 + left_out == 200  # every junk line is accounted for


def test_huge_numbers_do_not_break_the_reader():
    text = trf(player(1, "A", "9999 w 1", rating="9999", fide_id="99999999999"), "XXR 99999999999")
    result = parse(text)
    assert result.report.player(1).fide_id == 99999999999
    assert "internal-error" not in [f.code for f in result.findings]


def test_a_tab_after_the_record_code_is_named_at_column_4():
    """A review: "001<tab>1 ..." was told "the record code must start in column 1",
    where it does. The finding names the tab in column 4 (TRF16: a blank there)."""
    good = "001    1 m    Alpha, Anna                       2000"
    result = parse(f"012 Open\n{good}\n001\t   2 m    Beta, Bert                        1900\n")
    [finding] = [f for f in result.findings if f.code == "misplaced-record"]
    assert (finding.line, finding.column) == (3, 4)
    assert "column 4 holds '\\t' where TRF16 has a blank after the record code" in finding.message
    assert "save the file with blanks, not tabs" in finding.message
    assert "must start in column 1" not in finding.message
    # A review: a non-breaking space there was told of tabs.
    spaced = parse(f"012 Open\n{good}\n001\u00a0   2 m    Beta, Bert\n").findings
    [finding] = [f for f in spaced if f.code == "misplaced-record"]
    assert "column 4 holds '\\xa0'" in finding.message and "write a blank there" in finding.message
    assert "tabs" not in finding.message


def test_decomposed_accents_take_a_column_each_as_an_editor_shows_them():
    """A review: a name saved with decomposed accents ("A" + U+030A for "Å") moved every
    field after it by one column a mark, and the findings blamed the FIDE ID, the birth
    date and the pairings. Read composed (NFC), the line reads as its composed twin, with
    a note."""
    import unicodedata

    composed = (
        "012 Open\n"
        "001    1 m    Ångström, Åse                     2000 NOR     1234567 1990/01/01  1.0"
        "    1     2 w 1\n"
        "001    2 m    Berg, Ola                         1900 NOR     7654321 1991/01/01  0.0"
        "    2     1 b 0\n"
    )
    decomposed = unicodedata.normalize("NFD", composed)
    assert len(decomposed) > len(composed)
    as_composed, as_decomposed = parse(composed.encode()), parse(decomposed.encode())
    assert as_decomposed.report == as_composed.report
    assert [f.code for f in as_decomposed.findings if f.severity != "info"] == [
        f.code for f in as_composed.findings if f.severity != "info"
    ]
    [note] = [f for f in as_decomposed.findings if f.code == "decomposed-accents"]
    assert note.line == 2 and "read as single letters" in note.message


def test_only_decomposed_letters_are_composed():
    """NFC of a whole line would also change a compatibility ideograph (U+F900 becomes
    U+8C48: a property test's find) in a field the writer must give back as read."""
    text = "012 Open\n122 \uf900\n" + "001    1 m    A\u030angstr\u00f6m, Ase" + " " * 21 + "2000\n"
    report = parse(text.encode()).report
    assert report.time_control == "\uf900"
    assert report.player(1).name == "\u00c5ngstr\u00f6m, Ase"


def byte_padded(line: str) -> str:
    """``line`` as a program padding by bytes writes it (C's ``%-33s`` on UTF-8): the
    name's field as long in bytes as trf16.md §3 makes it in characters."""
    name_end = 47
    extra = len(line[:name_end].encode()) - name_end
    return line[: name_end - extra] + line[name_end:]


def test_a_name_padded_by_bytes_is_read_where_its_fields_line_up():
    """A real file's kind (a program printing with C): "Jönsson, Åsa" padded to 33 bytes
    stands 2 columns short, and every field after it was an error of its own (rating "00
    A", FIDE ID "1002 1", opponent "1 b"), none naming the cause. Read by bytes, where
    each separator is blank, with one warning naming the padding (trf16.md §7)."""
    text = trf(
        player(1, "Alpha, Ann", "   2 w 1", rating="2000", federation="NOR", points="1.0"),
        byte_padded(
            player(2, "Jönsson, Åsa", "   1 b 0", rating="1900", federation="SWE",
                   fide_id="1002", points="0.0")
        ),
    )  # fmt: skip
    result = parse(text.encode())
    assert [f.code for f in result.findings if f.severity is not Severity.INFO] == ["byte-padded"]
    warning = one(text.encode(), "byte-padded")
    assert (warning.severity, warning.line) == (Severity.WARNING, 3)
    assert "stand 2 columns left" in warning.message and "padded names by bytes" in warning.message
    jonsson = result.report.player(2)
    assert (jonsson.name, jonsson.rating, jonsson.federation, jonsson.fide_id) == (
        "Jönsson, Åsa", 1900, "SWE", 1002,
    )  # fmt: skip
    assert (jonsson.rounds[0].opponent, jonsson.rounds[0].result) == (1, "0")


def test_lines_counted_in_characters_or_not_utf8_are_read_as_written():
    """The byte reading is a last resort: a UTF-8 line whose separators are blank as
    written, and a cp1252 file (a byte a letter), are read in characters (trf16.md §7)."""
    line = player(2, "Jönsson, Åsa", "   1 b 0", rating="1900", federation="SWE", points="0.0")
    game = trf(player(1, "Alpha, Ann", "   2 w 1", points="1.0"), line)
    for data in (game.encode(), game.encode("cp1252")):
        result = parse(data)
        assert not [f for f in result.findings if f.code == "byte-padded"]
        assert result.report.player(2).rating == 1900
    # Padded by bytes and written in cp1252 is a shifted line, and said so, not re-read.
    shifted = trf(player(1, "Alpha, Ann", "   2 w 1", points="1.0"), byte_padded(line))
    codes = {f.code for f in parse(shifted.encode("cp1252")).findings}
    assert "byte-padded" not in codes and "misaligned-field" in codes


def test_a_line_with_separate_accents_aligned_as_shown_is_not_read_by_bytes():
    """A review: "Jönsson, Åsa" saved with separate accents (decomposed Unicode) and aligned
    as an editor shows it has a letter in a blank column counted in code points; an
    unrated player's line (no rating, federation or FIDE ID to mark a shift) then lined
    up by bytes, and its game was misread. Columns are counted as shown first."""
    shown = player(2, "Jönsson, Åsa", "   1 b 0", points="0.0", place="2")
    saved = unicodedata.normalize("NFD", shown)
    text = trf(player(1, "Alpha, Ann", "   2 w 1", points="1.0", place="1"), saved)
    result = parse(text.encode())
    assert "byte-padded" not in {f.code for f in result.findings}
    jonsson = result.report.player(2)
    assert (jonsson.name, jonsson.points, jonsson.rounds[0].colour) == (
        "Jönsson, Åsa", Decimal("0.0"), "b",
    )  # fmt: skip


def test_a_line_padded_by_bytes_with_blank_fields_is_told_by_its_round_blocks():
    """One letter outside ASCII, unrated, no federation: shifted one column left, every
    blank between the fields stays blank, and the round block's colour stands in the blank
    before it. A review found the game dropped without a word."""
    line = byte_padded(player(2, "Müller, Hans", "   1 b 0", points="0.0"))
    text = trf(player(1, "Alpha, Ann", "   2 w 1", points="1.0"), line)
    result = parse(text.encode())
    assert [f.code for f in result.findings if f.severity is not Severity.INFO] == ["byte-padded"]
    assert (result.report.player(2).rounds[0].opponent, result.report.player(2).points) == (
        1, Decimal("0.0"),
    )  # fmt: skip


def test_the_report_page_shows_a_line_padded_by_bytes_as_read():
    """The findings' columns are the byte reading's: the page marks them on that line, not
    on the line as written, where they stand two columns to the right (a review)."""
    line = byte_padded(player(2, "Jönsson, Åsa", "   1 b 0", rating="X900", points="0.0"))
    decoded = decode(trf(line).encode())
    as_read = line_as_read(decoded, line, 2)
    invalid = one(trf(line).encode(), "invalid-rating")
    assert as_read[invalid.column - 1 : invalid.column + 3] == "X900"
    assert line_as_read(decode(trf(line).encode("cp1252")), line, 2) == line


def team_byte_padded(name: str, *members: int) -> str:
    """A 013 line as a program padding by bytes writes it: the team's name as long in
    bytes as trf16.md §4 makes it in characters, members every five columns after it."""
    field = name.encode().ljust(32).decode()
    return f"013 {field}" + " ".join(f"{member:>4}" for member in members)


def test_a_team_name_padded_by_bytes_is_read_where_its_members_line_up():
    """ "Škola šachu Ústí" padded to 32 bytes stands 4 columns short: member 12's "1" fell
    into the name's last column and "2" was read as the member, and 13's "1" into the
    blank before its field, without a word. Read by bytes as a player line is (trf16.md
    §7), with the warning naming the padding."""
    players = [player(rank, f"Player {rank}", points="0.0") for rank in range(1, 14)]
    text = trf(*players, team_byte_padded("Škola šachu Ústí", 12, 13))
    result = parse(text.encode())
    assert [(t.name, t.members) for t in result.report.teams] == [("Škola šachu Ústí", (12, 13))]
    warning = one(text.encode(), "byte-padded")
    assert (warning.severity, warning.line) == (Severity.WARNING, 15)
    assert "stand 4 columns left" in warning.message


@pytest.mark.parametrize(
    ("name", "members"),
    [
        ("Sportovní klub Kroměříž", (12, 13)),  # 5 bytes more: a whole field's shift
        ("ŠK Žďár nad Sázavou", (12, 13)),
        ("Łódzki Klub Szachowy Ślęża", (12, 13)),
        ("日本チーム", (1, 2)),  # 10 bytes more: two fields
    ],
)
def test_a_team_name_padded_by_bytes_a_field_or_more_short_is_read_by_bytes(name, members):
    """A review: shifted five columns or more, the members keep every blank blank, and
    "Sportovní klub Kroměříž" was read with 12 in its name and 13 its only member, without
    a word. A number standing apart at the end of the name tells the shift."""
    players = [player(rank, f"Player {rank}", points="0.0") for rank in range(1, 14)]
    text = trf(*players, team_byte_padded(name, *members))
    result = parse(text.encode())
    assert [(t.name, t.members) for t in result.report.teams] == [(name, members)]
    assert "byte-padded" in {f.code for f in result.findings}


def test_a_team_line_counted_in_characters_is_read_as_written():
    """A team's name with letters outside ASCII, padded in characters, is not re-read."""
    players = [player(rank, f"Player {rank}", points="0.0") for rank in range(1, 14)]
    text = trf(*players, f"013 {'Škola šachu Ústí':<32}  12   13")
    result = parse(text.encode())
    assert [(t.name, t.members) for t in result.report.teams] == [("Škola šachu Ústí", (12, 13))]
    assert "byte-padded" not in {f.code for f in result.findings}
