"""Loading the arena's games: rated game by game in the order played (online arena 3.4-
3.11), all or nothing, each game's figures kept."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest
from django.core.exceptions import PermissionDenied

from arena.games_file import read_arena_games
from arena.models import ArenaGame, ArenaGamesFile, ArenaGameSide, ArenaRating
from arena.services import ArenaGamesRefused, arena_games_load
from tests import factories
from tests.arena.conftest import pgn, pgn_game
from tests.conftest import persona_actor

D = Decimal


def load(world, data: bytes, name: str = "foa.pgn"):
    return arena_games_load(data=data, name=name, actor=persona_actor(world, "administrator"))


def rating(player, category="online-rapid") -> ArenaRating:
    return ArenaRating.objects.get(player=player, category=category)


def test_two_list_rated_members_are_rated_game_after_game_in_the_order_played(world, members):
    """3.4.1: Ann's first online rapid rating is her rapid 2000, Bob's his standard 1950
    (no rapid rating). 3.9: Ann beats Bob at 10:00 (D 50: P_D .57/.43, K 20): 2008.60 and
    1941.40. Then Bob beats her at 11:00 (D 67.20, row 62-68: .59 for her, .41 for him):
    Bob +20 x .59 = +11.80 -> 1953.20, Ann 20 x (0 - .59) = -11.80 -> 1996.80. The file
    lists the later game first."""
    data = pgn(
        pgn_game(1002, 1001, "1-0", "2026.11.03 11:00:00", "600+10"),
        pgn_game(1001, 1002, "1-0", "2026.11.03 10:00:00", "900"),
    )
    result = load(world, data)
    assert result.games == 2 and result.first_ratings == 0
    ann, bob = rating(members["ann"]), rating(members["bob"])
    assert (ann.rating, ann.games, ann.first_rating_from) == (D("1996.80"), 2, "rapid")
    assert (bob.rating, bob.games, bob.first_rating_from) == (D("1953.20"), 2, "standard")
    assert ann.displayed == 1997 and not ann.previously_unrated
    first, second = ArenaGameSide.objects.filter(player=members["ann"])
    assert (first.rating_before, first.expected, first.k, first.change) == (D(2000), 57, 20, 860)
    assert first.rating_after == D("2008.60") and first.clause == "online arena 3.9"
    assert "dR = 1 - 0.57, x K 20 = +8.60" in first.explanation
    assert (second.opponent_rating, second.expected, second.change) == (D("1941.40"), 59, -1180)
    # The file is kept as received.
    stored = ArenaGamesFile.objects.get()
    assert stored.file.read() == data and stored.games == 2


def test_an_unrated_member_earns_a_first_rating_from_five_results(world, members):
    """Uma is on no list (3.5). In online blitz she loses to Ann first (not counted,
    3.6.1), then draws, wins, loses, draws and wins: 6 half points of 10 against Ann's
    2000 each time (her rating stays, 3.8) -> Rf = 2000 + 20 = 2020.00 (3.7.4), with K 40
    until 30 games (3.10.3). Ann's online blitz rating is her rapid 2000 (3.4.2)."""
    results = ["1-0", "1/2-1/2", "0-1", "1-0", "1/2-1/2", "0-1"]
    data = pgn(
        *(
            pgn_game(1001, 1003, result, f"2026.11.04 1{hour}:00:00", "180+2")
            for hour, result in enumerate(results)
        )
    )
    assert load(world, data).first_ratings == 1
    uma = rating(members["uma"], "online-blitz")
    assert (uma.rating, uma.games, uma.previously_unrated) == (D("2020.00"), 5, True)
    ann = rating(members["ann"], "online-blitz")
    assert (ann.rating, ann.games, ann.first_rating_from) == (D(2000), 0, "rapid")
    clauses = list(
        ArenaGameSide.objects.filter(player=members["uma"]).values_list("clause", flat=True)
    )
    assert clauses == ["online arena 3.6.1"] * 2 + ["online arena 3.6.2"] * 3 + [
        "online arena 3.7.4"
    ]
    assert set(
        ArenaGameSide.objects.filter(player=members["ann"]).values_list("clause", flat=True)
    ) == {"online arena 3.8"}
    last = ArenaGameSide.objects.filter(player=members["uma"]).last()
    assert last.explanation == (
        "First rating from 5 results, 3 points against an average Ra of 2000.00: "
        "Ra + 20 x 1 half points over 50% = 2020.00"
    )


def test_a_file_with_games_that_cannot_be_rated_is_refused_whole_with_each_line(world, members):
    data = pgn(
        pgn_game(1001, 1002, "1-0", "2026.11.03 10:00:00"),  # fine: lines 1-13
        pgn_game(1001, 5555, "1-0", "2026.11.03 11:00:00"),  # unknown member
        pgn_game(1001, 1002, "*", "2026.11.03 12:00:00"),  # not finished
        pgn_game(1001, 1002, "1-0", "2026.11.03 13:00:00", "600+5"),  # not a rated control
        pgn_game(None, 1002, "0-1", "2026.11.03 14:00:00"),  # no FIDE ID
        pgn_game(1001, 1002, "1-0", "????.??.?? ??:??:??"),  # no date
    )
    with pytest.raises(ArenaGamesRefused) as refused:
        load(world, data)
    text = [str(f) for f in refused.value.findings]
    assert any(t.startswith("Line 14: FIDE ID 5555") and "(online arena 2.1)" in t for t in text), (
        text
    )
    assert any(t.startswith("Line 35: Result '*'") for t in text), text
    assert any(
        t.startswith("Line 49: TimeControl 600+5") and "(online arena 2.3)" in t for t in text
    ), text
    assert any(t.startswith("Line 59: White's FIDE ID") for t in text), text
    assert any(t.startswith("Line 68: The game's date and time") for t in text), text
    # In the file's order, whatever found them (the unknown member was listed last).
    assert [finding.line for finding in refused.value.findings] == [14, 35, 49, 59, 68]
    # Nothing half-stored.
    assert not ArenaGamesFile.objects.exists() and not ArenaGame.objects.exists()
    assert not ArenaRating.objects.exists()


def test_a_game_played_before_one_already_rated_is_refused(world, members):
    """3.9, 3.11: ratings change game by game, so a later file cannot slip an earlier game
    in under ratings that already moved on."""
    load(world, pgn(pgn_game(1001, 1002, "1-0", "2026.11.03 10:00:00")))
    with pytest.raises(ArenaGamesRefused) as refused:
        load(world, pgn(pgn_game(1002, 1001, "1-0", "2026.11.03 09:00:00")))
    finding = str(refused.value.findings[0])
    assert "is not after Arena, Bob (1002)'s last game rated" in finding, finding
    assert finding.endswith("(online arena 3.9, 3.11)")
    assert rating(members["ann"]).rating == D("2008.60")
    assert ArenaGame.objects.count() == 1


def test_a_game_dated_after_the_files_loading_is_refused(world, members):
    """3.9, 3.11: a game not yet played cannot be rated. A review loaded one dated 2030 (a
    typo): rated, it stood before every later game of its players, each then refused as
    played before their last game rated, until 2030."""
    later = pgn_game(1001, 1002, "1-0", "2099.01.01 10:00:00")
    with pytest.raises(ArenaGamesRefused) as refused:
        load(world, pgn(pgn_game(1002, 1001, "1-0", "2026.11.03 09:00:00"), later))
    [finding] = [str(f) for f in refused.value.findings]
    assert finding.startswith("Line 16: The game is dated 2099-01-01 10:00:00 UTC, after the ")
    assert finding.endswith("a game not yet played cannot be rated (online arena 3.9, 3.11)")
    assert not ArenaGame.objects.exists() and not ArenaGamesFile.objects.exists()
    load(world, pgn(pgn_game(1001, 1002, "1-0", "2026.11.03 10:00:00")))  # the file put right
    assert rating(members["ann"]).rating == D("2008.60")


def test_the_servers_clock_may_run_ten_minutes_ahead_of_ours():
    """CLOCK_TOLERANCE: a game dated 9 minutes after the loading is rated (the two clocks
    differ a little); one dated 11 minutes after it is refused."""
    now = dt.datetime(2026, 11, 3, 10, 0, tzinfo=dt.UTC)
    ahead = pgn(pgn_game(1001, 1002, "1-0", "2026.11.03 10:09:00"))
    too_far = pgn(pgn_game(1001, 1002, "1-0", "2026.11.03 10:11:00"))
    assert read_arena_games(ahead, now=now).findings == ()
    [finding] = read_arena_games(too_far, now=now).findings
    assert "dated 2026-11-03 10:11:00 UTC, after the file was loaded (2026-11-03 10:00" in str(
        finding
    )


def test_a_fide_id_that_is_no_number_or_too_long_is_a_finding_not_a_crash(world, members):
    """2.1: a member is known by his FIDE ID. "1²" passes str.isdigit and not int(); 23
    digits overflowed SQLite's integer (a review: both were a traceback)."""
    data = pgn(pgn_game(1001, 1002, "1-0", "2026.11.03 10:00:00")).replace(
        b'"1001"', '"1\u00b2"'.encode()
    ) + pgn(pgn_game(1001, 1002, "1-0", "2026.11.03 11:00:00")).replace(
        b'"1002"', b'"10020000000000000000000"'
    )
    with pytest.raises(ArenaGamesRefused) as refused:
        load(world, data)
    text = [str(f) for f in refused.value.findings]
    assert len(text) == 2, text
    assert text[0].startswith("Line 7: White's FIDE ID (the WhiteFideId tag) is '1²', not a")
    assert text[1].startswith("Line 21: Black's FIDE ID (the BlackFideId tag) is '100200")
    assert not ArenaGame.objects.exists()


def test_tags_of_thousands_of_digits_or_other_scripts_digits_are_findings(world, members):
    """2.3: a TimeControl of 5,000 digits (int() refuses over 4,300: a 500, found by a
    tester), one padded with zeros past its column's 20 characters, one in Arabic-Indic
    digits; a Round of 5,000 digits (read by the PGN reader the reports share) is no
    finding for the arena, which rates no rounds."""
    games = [
        pgn_game(1001, 1002, "1-0", "2026.11.03 10:00:00", "9" * 5000),
        pgn_game(1001, 1002, "1-0", "2026.11.03 11:00:00", "0" * 30 + "180+2"),
        pgn_game(1001, 1002, "1-0", "2026.11.03 12:00:00", "\u0661\u0668\u0660+\u0662"),
    ]
    with pytest.raises(ArenaGamesRefused) as refused:
        load(world, pgn(*games))
    text = [str(f) for f in refused.value.findings]
    assert len(text) == 3, text
    assert all("is not seconds and increment, such as 180+2" in t for t in text), text
    assert [t.split(":")[0] for t in text] == ["Line 10", "Line 23", "Line 36"]
    assert f"TimeControl '{'9' * 40}'… is not" in text[0] and len(text[0]) < 200
    round_5000 = pgn_game(1001, 1002, "1-0", "2026.11.03 10:00:00", "180+2").replace(
        "[Site", f'[Round "{"9" * 5000}"]\n[Site'
    )
    load(world, pgn(round_5000))
    assert ArenaGame.objects.get().time_control == "180+2"


def test_a_game_without_even_its_result_after_its_tags_does_not_swallow_the_next(world, members):
    """A review: tags, one blank line, the next game's tags: python-chess reads them as one
    game, the second's tags dropped, and the file lost a game without a word."""
    first = pgn_game(1001, 1002, "1-0", "2026.11.03 10:00:00").split("\n\n")[0] + "\n\n"
    second = pgn_game(1002, 1001, "1-0", "2026.11.03 11:00:00")
    with pytest.raises(ArenaGamesRefused) as refused:
        load(world, (first + second).encode())
    text = [str(f) for f in refused.value.findings]
    assert text == [
        "Line 12: A tag the game has already: the tags of two games run together (each game "
        "needs its moves and result, such as 1-0, after its tags)"
    ]
    assert not ArenaGame.objects.exists()


def test_a_game_lost_by_disconnection_has_no_moves_and_is_rated(world, members):
    """2.4: a player who does not reconnect within 60 seconds loses; the server may hand
    the game over without a move. The arena rates results, so the moves are not read."""
    no_moves = pgn_game(1002, 1001, "0-1", "2026.11.03 10:00:00").replace(
        "1. e4 e5 2. Nf3 Nc6 0-1", "0-1"
    )
    illegal = pgn_game(1001, 1002, "1/2-1/2", "2026.11.03 11:00:00").replace("e4", "Ke5")
    assert load(world, pgn(no_moves, illegal)).games == 2
    # 3.9: Ann (2000) beats Bob (1950) as Black, +8.60 (2008.60 and 1941.40); then draws
    # him: D 67.20, .59 (row 62-68), 20 x (.5 - .59) = -1.80 -> 2006.80.
    assert rating(members["ann"]).rating == D("2006.80")


def test_a_file_that_is_no_pgn_is_refused_saying_so(world, members):
    data = b"012 Bench Open\n001    1 m    Aasen, Ana      2000 NOR    1001 1990/01/01  1.0\n"
    with pytest.raises(ArenaGamesRefused, match="No game with tags could be read"):
        load(world, data)
    assert not ArenaGamesFile.objects.exists()


def test_the_same_file_is_not_loaded_twice(world, members):
    data = pgn(pgn_game(1001, 1002, "1-0", "2026.11.03 10:00:00"))
    load(world, data)
    with pytest.raises(ArenaGamesRefused, match="loaded already"):
        load(world, data, name="again.pgn")
    assert ArenaGame.objects.count() == 1


@pytest.mark.parametrize("persona", ["officer_a", "arbiter", "anonymous"])
def test_only_an_administrator_loads_the_arenas_games(world, members, persona):
    data = pgn(pgn_game(1001, 1002, "1-0", "2026.11.03 10:00:00"))
    with pytest.raises(PermissionDenied):
        arena_games_load(data=data, name="x.pgn", actor=persona_actor(world, persona))
    assert not ArenaGamesFile.objects.exists()


def test_a_comment_left_open_is_refused_not_the_games_after_it_lost(world, members):
    """A review: a "{" left open in the first game's moves swallowed the next two games;
    "1 games rated", and the corrected file was then refused as out of order. Each game
    whose tags were swallowed is named, and nothing is rated."""
    first = pgn_game(1001, 1002, "1-0", "2026.11.03 10:00:00").replace("e5 2.", "{ e5 2.")
    second = pgn_game(1002, 1001, "1-0", "2026.11.03 11:00:00")
    third = pgn_game(1001, 1002, "0-1", "2026.11.03 12:00:00")
    with pytest.raises(ArenaGamesRefused) as refused:
        load(world, pgn(first, second, third))
    text = [str(f) for f in refused.value.findings]
    assert [t.split(":")[0] for t in text] == ["Line 14", "Line 27"]
    assert "a comment ({) or a variation (() of that game is left open" in text[0]
    assert not ArenaGame.objects.exists() and not ArenaGamesFile.objects.exists()


def test_the_same_two_players_at_the_same_moment_in_another_category_is_a_finding(
    world, members, settings
):
    """A review: a server error (the moment's unique rule holds across the categories),
    and the stored file left behind without its row."""
    load(world, pgn(pgn_game(1001, 1002, "1-0", "2026.11.03 10:00:00", time_control="900")))
    again = pgn(pgn_game(1001, 1002, "0-1", "2026.11.03 10:00:00", time_control="180"))
    with pytest.raises(ArenaGamesRefused) as refused:
        load(world, again, name="blitz.pgn")
    (finding,) = refused.value.findings
    assert "is rated already (in online-rapid): the same two players at the same moment" in (
        str(finding)
    )
    assert ArenaGame.objects.count() == ArenaGamesFile.objects.count() == 1


def test_a_file_whose_rating_fails_midway_leaves_no_stored_file(
    world, members, monkeypatch, settings
):
    """All or nothing, the file included: the rows roll back, and the stored file goes."""
    from pathlib import Path

    from arena import services

    def broken(*args, **kwargs):
        raise RuntimeError("the database went away")

    monkeypatch.setattr(services, "_games_rate", broken)
    stored = set(Path(settings.MEDIA_ROOT).rglob("*.pgn"))
    with pytest.raises(RuntimeError):
        load(world, pgn(pgn_game(1001, 1002, "1-0", "2026.11.03 10:00:00")))
    assert not ArenaGamesFile.objects.exists()
    assert set(Path(settings.MEDIA_ROOT).rglob("*.pgn")) == stored


def test_a_retired_fide_id_names_the_record_kept_in_its_place(world, members):
    """The registry refuses to add a FIDE ID retired as a duplicate: "add the player" was
    advice it would refuse (a review)."""
    from players.models import RetiredFideId

    RetiredFideId.objects.create(fide_id=7777, kept_fide_id=1002)
    with pytest.raises(ArenaGamesRefused) as refused:
        load(world, pgn(pgn_game(1001, 7777, "1-0", "2026.11.03 10:00:00")))
    (finding,) = refused.value.findings
    assert "FIDE ID 7777 (Player 7777) was removed from the registry as a duplicate: write " in (
        str(finding)
    )
    assert "FIDE ID 1002, the record kept in its place, and load the file again" in str(finding)


def test_a_rating_lost_under_the_floor_no_longer_says_it_came_from_a_list(world, members):
    """3.3: a rating under 100 is lost, and a new first rating comes by 3.6-3.7. Ann's came
    from her rapid list (3.4.1); once lost, her page still said so (a review). Ann at
    101.00 loses to Zed at 200.00: D 99, P_D .36, K 20 x -.36 = -7.20 -> 93.80, lost."""
    load(world, pgn(pgn_game(1001, 1002, "1-0", "2026.11.03 10:00:00")))
    ann = rating(members["ann"])
    assert ann.first_rating_from == "rapid"
    ArenaRating.objects.filter(pk=ann.pk).update(rating=D("101.00"))
    zed = factories.PlayerFactory(fide_id=1009, name="Arena, Zed", federation=world["fed_a"])
    ArenaRating.objects.create(player=zed, category="online-rapid", rating=D("200.00"))
    load(world, pgn(pgn_game(1009, 1001, "1-0", "2026.11.03 12:00:00")), name="next.pgn")
    ann = rating(members["ann"])
    assert (ann.rating, ann.first_rating_from) == (None, "")


def test_moves_that_end_with_another_result_than_the_result_tag_are_a_finding(world, members):
    """PGN writes a game's result twice, in its Result tag and at the end of its moves.
    Which of two that disagree is the score (3.9.1) the file does not say: the game is
    named with both lines, and nothing is rated. A result in a comment (a clock's, a word
    of the server's, across lines), in a variation, on an escape line (%) or in text
    after the game's moves is no end of its moves."""
    contradicted = pgn_game(1001, 1002, "1-0", "2026.11.03 10:00:00").replace(
        "Nc6 1-0", "Nc6 {White resigns (on time)\n\nafter a pause}\n0-1"
    )
    unfinished = pgn_game(1002, 1001, "0-1", "2026.11.03 10:30:00").replace("Nc6 0-1", "Nc6 *")
    commented = pgn_game(1002, 1001, "1/2-1/2", "2026.11.03 11:00:00").replace(
        "Nc6 1/2-1/2", "Nc6 {[%clk 0:00:01]\n1-0\n} (2... Nf6 0-1) 1/2-1/2 {0-1} ; 0-1"
    )
    escaped = pgn_game(1001, 1002, "0-1", "2026.11.03 12:00:00").replace(
        "0-1\n\n", "0-1\n% exported 1-0\n\n"
    )
    noted = pgn_game(1002, 1001, "1-0", "2026.11.03 13:00:00") + "a note 0-1\n\n"
    with pytest.raises(ArenaGamesRefused) as refused:
        load(world, pgn(contradicted, unfinished, commented, escaped, noted))
    assert [str(f) for f in refused.value.findings] == [
        "Line 15: The moves end 0-1, where the Result tag (line 9) says 1-0: the game's score "
        "is one of the two (online arena 3.9.1)",
        "Line 28: The moves end with *, a game not finished, where the Result tag (line 25) "
        "says 0-1: only a finished game's result changes the ratings (online arena 3.9.1)",
    ]
    assert not ArenaGame.objects.exists()
    mended = contradicted.replace("\n0-1", "\n1-0"), unfinished.replace("Nc6 *", "Nc6 0-1")
    assert load(world, pgn(*mended, commented, escaped, noted)).games == 5
