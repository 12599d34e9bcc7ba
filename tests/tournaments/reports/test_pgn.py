"""A hybrid event's games file read (``tournaments.pgn``, R&B 2024 8.4): its games, their
rounds and moves, and the files that are no PGN."""

from __future__ import annotations

import pytest
from trf_builder import CORPUS, four_players, trf

from tournaments.pgn import read_games


def pgn_game(round_: str, moves: str, result: str = "1-0", **tags: str) -> str:
    header = {"Event": "Hybrid Open", "Round": round_, "White": "A", "Black": "B"}
    header.update(tags, Result=result)
    lines = [f'[{tag} "{value}"]' for tag, value in header.items()]
    return "\n".join(lines) + f"\n\n{moves} {result}\n\n"


def test_each_game_is_read_with_its_first_line_its_round_and_its_moves():
    text = pgn_game("1.1", "1. e4 e5 2. Nf3 Nc6") + pgn_game("2", "1. d4 d5", "1/2-1/2")
    read = read_games(text.encode())
    assert read.unreadable == ""
    assert [(g.number, g.line, g.round, g.plies) for g in read.games] == [
        (1, 1, 1, 4),
        (2, 9, 2, 2),
    ]


def test_variations_and_comments_are_not_counted_as_moves_of_the_game():
    text = pgn_game("1", "1. e4 {best by test} e5 (1... c5 2. Nf3) 2. Nf3 $1 Nc6")
    [game] = read_games(text.encode()).games
    assert game.plies == 4


def test_a_move_that_cannot_be_played_stops_the_game_and_is_located():
    text = pgn_game("1", "1. e4 e5") + pgn_game("2", "1. d4 d5\n2. Ke3 Nf6")
    first, second = read_games(text.encode()).games
    assert first.error == "" and first.error_line is None
    assert second.plies == 2
    assert second.error_line == 16  # the movetext's second line
    # As an arbiter reads it (a review: python-chess's text, with a FEN).
    assert second.error.startswith("White's move 2, Ke3, cannot be played in that position")
    assert "/" not in second.error


def test_a_round_tag_that_names_no_round_leaves_the_round_unknown():
    text = pgn_game("?", "1. e4 e5") + pgn_game("-", "1. d4 d5")
    assert [g.round for g in read_games(text.encode()).games] == [None, None]


def test_a_round_of_thousands_of_digits_or_another_scripts_digits_is_unknown():
    """int() refuses over 4,300 digits (a tester's 5,000 made the upload a 500) and takes
    Arabic-Indic ones; "0012" is round 12."""
    rounds = ("9" * 5000, "12345", "\u0663", "0012", "3.1")
    text = "".join(pgn_game(round_, "1. e4 e5") for round_ in rounds)
    assert [g.round for g in read_games(text.encode()).games] == [None, None, None, 12, 3]


def test_a_game_without_moves_is_kept_but_not_among_those_with_moves():
    text = pgn_game("1", "1. e4 e5") + pgn_game("1", "", "0-1")
    read = read_games(text.encode())
    assert [g.plies for g in read.games] == [2, 0]
    assert len(read.with_moves) == 1


def test_latin_1_names_are_read_as_a_report_is():
    text = pgn_game("1", "1. e4 e5", White="Müller").encode("latin-1")
    read = read_games(text)
    assert read.unreadable == "" and [g.plies for g in read.games] == [2]


def test_a_report_chosen_in_place_of_the_games_is_no_pgn_file():
    """A TRF's lines hold tokens python-chess takes for moves ("a3" in a name, say): a
    game without tags is no PGN game."""
    read = read_games(trf(four_players()))
    assert read.games == ()
    assert "is it a PGN file?" in read.unreadable


@pytest.mark.parametrize("path", sorted(p.name for p in CORPUS.glob("*") if p.suffix != ".md"))
def test_no_real_report_is_taken_for_a_games_file(path):
    assert read_games((CORPUS / path).read_bytes()).unreadable


def test_an_archive_and_an_empty_file_are_unreadable_and_say_why():
    assert "ZIP archive" in read_games(b"PK\x03\x04rest").unreadable
    assert "No game with tags and moves" in read_games(b"").unreadable
    assert "No game with tags and moves" in read_games(pgn_game("1", "", "*").encode()).unreadable


def test_round_files_joined_without_a_blank_line_keep_every_game():
    """``cat r1.pgn r2.pgn``, each ending on its result's line: python-chess alone reads the
    next game's tags as moves of the last (a review: a game lost a round)."""
    text = pgn_game("1", "1. e4 e5").rstrip("\n") + "\n" + pgn_game("2", "1. d4 d5")
    read = read_games(text.encode())
    assert [(g.line, g.round, g.plies) for g in read.games] == [(1, 1, 2), (8, 2, 2)]


def test_blank_lines_between_a_games_tags_and_its_moves_keep_its_moves():
    """Some programs (and hand edits) leave two or more blank lines, or blank lines with
    spaces, after the tags: python-chess alone ends the game there, without moves, and
    drops its moves as a game without tags; a hybrid round would then lack a game."""
    first = pgn_game("1", "1. e4 e5 2. Nf3 Nc6").replace("\n\n1.", "\n\n\n\n1.")
    second = pgn_game("2", "1. d4 d5").replace("\n\n1.", "\n  \n\t\n1.")
    read = read_games((first + second).encode())
    assert [(g.line, g.round, g.plies) for g in read.games] == [(1, 1, 4), (11, 2, 2)]


def test_a_game_without_moves_before_blank_lines_does_not_take_the_next_games_tags():
    text = pgn_game("1", "1. e4 e5").split("\n\n1.")[0] + "\n\n\n" + pgn_game("2", "1. d4 d5")
    read = read_games(text.encode())
    assert [(g.line, g.round, g.plies) for g in read.games] == [(1, 1, 0), (8, 2, 2)]


def test_indented_tag_pairs_are_read_as_tags():
    text = pgn_game("1", "1. e4 e5").replace("[", "  [") + pgn_game("2", "1. d4 d5")
    read = read_games(text.encode())
    assert [(g.tags, g.round, g.plies) for g in read.games] == [(5, 1, 2), (5, 2, 2)]


def test_a_clock_comment_on_a_line_of_its_own_is_no_tag():
    text = pgn_game("1", "1. e4 {\n[%clk 0:14:58]} e5 2. Nf3")
    [game] = read_games(text.encode()).games
    assert (game.plies, game.error) == (3, "")


def test_lines_ended_by_carriage_returns_alone_are_read():
    text = (pgn_game("1", "1. e4 e5") + pgn_game("2", "1. d4\nd5 2. Ke3")).replace("\n", "\r")
    first, second = read_games(text.encode()).games
    assert (first.plies, second.line, second.plies, second.error_line) == (2, 9, 2, 16)


def test_a_move_that_cannot_be_played_in_a_variation_leaves_the_main_line_whole():
    text = pgn_game("1", "1. e4 e5 (1... Ke3) 2. Nf3 Nc6")
    [game] = read_games(text.encode()).games
    assert (game.plies, game.error) == (4, "")
