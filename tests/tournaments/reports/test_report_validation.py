"""Each validation rule, with the clause it cites (pure: no database)."""

from __future__ import annotations

import datetime as dt
from fractions import Fraction

import pytest
from trf_builder import CORPUS, FOUR_PLAYERS, four_players, player_line, trf

from regulations import get_rule_set
from regulations.types import TimeControl
from tournaments.reports.validation import (
    Registration,
    RegistryPlayer,
    header_lines,
    names_agree,
    validate_report,
)
from tournaments.trf import parse


def registration(**changes) -> Registration:
    fields = dict(
        start_date=dt.date(2025, 3, 1),
        end_date=dt.date(2025, 3, 9),
        category="standard",
        system="swiss",
        number_of_rounds=3,
        rules=get_rule_set("standard-2009"),
        time_control=TimeControl(base_minutes=Fraction(90), increment_seconds=30),
    )
    return Registration(**{**fields, **changes})


def check(data: bytes, registry=None, **changes):
    return validate_report(
        parse(data).report,
        registration=registration(**changes),
        registry=registry or {},
        header_lines=header_lines(data),
    ).findings


def codes(findings, severity=None):
    return [(f.code, f.rule) for f in findings if severity is None or f.severity == severity]


def test_a_fitting_report_has_nothing_but_notes():
    assert codes(check(trf(four_players())), "error") == []
    assert (
        codes(check(trf(four_players())), "warning")
        == [("fide-id-unknown", "TRF16 001 cols 58-68")] * 4
    )


@pytest.mark.parametrize(
    ("kwargs", "code", "line", "column"),
    [
        ({"start": "2025/02/28"}, "date-outside-registration", 3, 5),
        ({"end": "2025/03/10"}, "date-outside-registration", 4, 5),
        (
            {"dates": ("25/03/01", "25/02/27", "25/03/03")},
            "round-date-outside-registration",
            8,
            102,
        ),
    ],
)
def test_dates_must_lie_within_the_registration(kwargs, code, line, column):
    [error] = [f for f in check(trf(four_players(), **kwargs)) if f.severity == "error"]
    assert (error.code, error.line, error.column, error.rule) == (
        code,
        line,
        column,
        "standard-2009 0.4",
    )


def test_dates_out_of_order_are_warnings_with_their_line_and_column():
    """A review: a start (042) after the end (052), and 132's rounds dated backwards,
    passed without a word. Each is a warning at its line (the registered dates are the
    ones rated); the round is pointed at by its column."""
    backwards = trf(four_players(), start="2025/03/09", end="2025/03/01",
                    dates=("25/03/03", "25/03/02", "25/03/04"))  # fmt: skip
    found = [f for f in check(backwards) if f.code.endswith("out-of-order")]
    assert [(f.code, f.severity, f.line, f.column) for f in found] == [
        ("dates-out-of-order", "warning", 3, 5),
        ("round-dates-out-of-order", "warning", 8, 102),
    ]
    assert "the start date 2025/03/09 is after the end date 2025/03/01 (line 4)" in found[0].message
    assert (
        "round 2 is dated 25/03/02 (read as 2025-03-02), before round 1, dated 25/03/03 "
        "(read as 2025-03-03)"
    ) in found[1].message
    assert not [f for f in check(trf(four_players())) if f.code.endswith("out-of-order")]


def test_a_misread_date_outside_the_registration_is_quoted_as_read():
    """A review: "the start date 17.11.26 is outside 2026-11-17 to ..." reads as nonsense
    until it says the date was read as 2017-11-26."""
    found = check(trf(four_players(), start="03.09.25", end="2025/03/09"))
    outside = [f for f in found if f.code == "date-outside-registration"]
    assert [f.message for f in outside] == [
        "Line 3: the start date 03.09.25 (read as 2003-09-25) is outside the registration's "
        "2025-03-01 to 2025-03-09."
    ]


def test_start_and_end_written_day_first_beside_132s_year_first_are_read_and_said():
    data = trf(four_players(), start="01.03.25", end="09.03.25")
    assert not codes(check(data), "error"), codes(check(data), "error")
    guessed = [f for f in parse(data).findings if f.code == "date-order-guessed"]
    assert [(f.line, f.column, f.message) for f in guessed] == [
        (
            3,
            5,
            "Line 3: the start and end dates such as '01.03.25' are only consistent with the "
            "round dates (132, read as YY.MM.DD) when read as DD.MM.YY; they were read that way.",
        )
    ]


@pytest.mark.parametrize(
    ("system", "warned"),
    [("swiss", True), ("round_robin", True), ("double_round_robin", False), ("match", False)],
)
def test_two_players_who_play_each_other_again_are_a_warning(system, warned):
    """A review: a round robin of eight where 1 and 8 met twice passed without a word.
    Two players meet once in a Swiss (FIDE Handbook C.04.1 a) and a round robin, twice in
    a double round robin: a game more is a warning at its round, on the line of the lower
    starting rank."""
    players = [
        player_line(1, "Alpha, Anna", rating=2000, rounds=("   2 w 1", "   3 b =", "   2 b 1")),
        player_line(2, "Beta, Bert", rating=1900, rounds=("   1 b 0", "   4 w 1", "   1 w 0")),
        player_line(3, "Gamma, Gil", rating=1800, rounds=("   4 w =", "   1 w =", "   4 b 1")),
        player_line(4, "Delta, Dora", rating=1700, rounds=("   3 b =", "   2 b 0", "   3 w 0")),
    ]
    found = [f for f in check(trf(players), system=system) if f.code == "players-meet-again"]
    if not warned:
        assert found == []
        return
    assert [(f.severity, f.line, f.column) for f in found] == [
        ("warning", 9, 112),
        ("warning", 11, 112),
    ]
    assert (
        "players 1 (Alpha, Anna) and 2 (Beta, Bert) play each other again in round 3 "
        "(already in round 1)" in found[0].message
    )


def never_met(data: bytes, system: str) -> list[tuple[int | None, str]]:
    return [
        (f.line, f.message) for f in check(data, system=system) if f.code == "players-never-meet"
    ]


def test_round_robin_players_who_are_never_paired_are_a_warning_on_the_lower_ranks_line():
    """The review's round robin where 1 and 2 met twice: 1 then never meets 4, nor 2 3.
    Each of them has every pairing a round robin gives him (every other player once),
    so an opponent's rank is written wrong; a Swiss pairs nobody with everyone."""
    players = [
        player_line(1, "Alpha, Anna", rating=2000, rounds=("   2 w 1", "   3 b =", "   2 b 1")),
        player_line(2, "Beta, Bert", rating=1900, rounds=("   1 b 0", "   4 w 1", "   1 w 0")),
        player_line(3, "Gamma, Gil", rating=1800, rounds=("   4 w =", "   1 w =", "   4 b 1")),
        player_line(4, "Delta, Dora", rating=1700, rounds=("   3 b =", "   2 b 0", "   3 w 0")),
    ]
    assert never_met(trf(players), "round_robin") == [
        (9, "Line 9: player 1 (Alpha, Anna) is never paired with 4 (Delta, Dora); the "
         "registered system pairs every two players once."),
        (10, "Line 10: player 2 (Beta, Bert) is never paired with 3 (Gamma, Gil); the "
         "registered system pairs every two players once."),
    ]  # fmt: skip
    assert never_met(trf(players), "swiss") == []
    assert never_met(trf(four_players()), "round_robin") == []  # everyone meets everyone


def test_a_round_robin_withdrawal_is_no_pairing_warning():
    """Dora withdrew before round 3: she and Alpha, who had a bye for her, were paired in
    fewer rounds than a round robin pairs them; unplayed games make it rated as a Swiss
    (standard-2009 6.4), not a file written wrong."""
    players = four_players(
        **{"1": {"rounds": ("   2 w 1", "   3 b =", "0000 - +")},
           "4": {"rounds": ("   3 b 0", "   2 b 0", "0000 - -")}}
    )  # fmt: skip
    assert never_met(trf(players), "round_robin") == []


def test_a_double_round_robin_pairs_every_two_players_twice():
    rounds = {
        1: ("   2 w 1", "   3 b =", "   4 w 1", "   2 b 1", "   3 w =", "   2 w 1"),
        2: ("   1 b 0", "   4 w 1", "   3 b 0", "   1 w 0", "   4 b 1", "   1 b 0"),
        3: ("   4 w 1", "   1 w =", "   2 w 1", "   4 b 1", "   1 b =", "   4 w 1"),
        4: ("   3 b 0", "   2 b 0", "   1 b 0", "   3 w 0", "   2 w 0", "   3 b 0"),
    }
    players = [
        player_line(rank, name, rating=2000 - 100 * rank, rounds=rounds[rank])
        for rank, name in (
            (1, "Alpha, Anna"),
            (2, "Beta, Bert"),
            (3, "Gamma, Gil"),
            (4, "Delta, Dora"),
        )
    ]
    data = trf(players, dates=tuple(f"25/03/0{day}" for day in range(1, 7)))
    assert [line for line, _ in never_met(data, "double_round_robin")] == [9, 10]
    assert (
        "1 (Alpha, Anna) is paired fewer than twice with 4 (Delta, Dora); the registered "
        "system pairs every two players twice." in never_met(data, "double_round_robin")[0][1]
    )


def test_rapid_reports_cite_the_rapid_registration_clause():
    findings = check(
        trf(four_players(), start="2025/02/01", time_control="15+10"),
        category="rapid",
        rules=get_rule_set("rapid-blitz-2024"),
        time_control=TimeControl(base_minutes=Fraction(15), increment_seconds=10),
    )
    assert ("date-outside-registration", "R&B 2024 0.2") in codes(findings, "error")


def test_more_rounds_than_registered_is_an_error_fewer_a_warning():
    assert ("rounds-differ-from-registration", "standard-2009 0.4") in codes(
        check(trf(four_players()), number_of_rounds=2), "error"
    )
    assert ("rounds-differ-from-registration", "standard-2009 0.4") in codes(
        check(trf(four_players()), number_of_rounds=4), "warning"
    )


def test_more_rounds_than_registered_points_at_the_first_extra_round():
    """The error stands where the first round beyond the registration is: round 3's block
    (column 112) on the first player line (line 9), not the dates' line."""
    [error] = [
        f
        for f in check(trf(four_players(), dates=("25/03/01", "25/03/02")), number_of_rounds=2)
        if f.code == "rounds-differ-from-registration"
    ]
    assert (error.severity, error.line, error.column) == ("error", 9, 112)
    two_rounds = [player_line(**{**f, "rounds": f["rounds"][:2]}) for f in FOUR_PLAYERS]
    [dated] = [
        f
        for f in check(trf(two_rounds), number_of_rounds=2)  # a third round dated, unplayed
        if f.code == "rounds-differ-from-registration"
    ]
    assert (dated.line, dated.column) == (8, 112)


@pytest.mark.parametrize("code", ["XXR", "142"])
def test_more_rounds_declared_than_registered_points_at_the_declaration(code):
    """Three rounds played and dated, three registered, but a record declares ten: the
    error stands on that record, which is what to mend (a review: it pointed at the 132
    line of three dates, the declaration named only in a note)."""
    lines = trf(four_players()).split(b"\n")
    lines.insert(6, f"{code} 10".encode())
    [error] = [f for f in check(b"\n".join(lines)) if f.code == "rounds-differ-from-registration"]
    assert (error.severity, error.line, error.column) == ("error", 7, 5)
    assert error.message.startswith(f"{code} on line 7 declares 10 rounds; the registration has 3")


def test_round_dates_give_the_rounds_per_day():
    data = trf(four_players(), dates=("25/03/02", "25/03/02", "25/03/02"))
    assert codes(check(data), "error") == []  # three rounds of 4 hours: 12 hours, allowed
    slow = TimeControl(base_minutes=Fraction(120), increment_seconds=30)
    [error] = [f for f in check(data, time_control=slow) if f.severity == "error"]
    assert (error.code, error.rule, error.line, error.column) == (
        "rounds-per-day",
        "standard-2009 3.1",
        8,
        92,
    )
    assert "15 hours" in error.message


def test_the_declared_player_count_is_checked():
    [warning] = [f for f in check(trf(four_players(), count=5)) if f.code == "player-count-differs"]
    assert (warning.severity, warning.line, warning.rule) == ("warning", 5, "TRF16 062")


def test_the_rate_of_play_is_checked_against_the_highest_rating_in_the_registry():
    data = trf(four_players(), time_control="60+30")
    quick = TimeControl(base_minutes=Fraction(60), increment_seconds=30)  # 90 minutes for 60 moves
    assert codes(check(data, time_control=quick), "error") == []  # highest 2000: 90 needed
    strong = {
        1001: RegistryPlayer(
            pk=1, fide_id=1001, name="Alpha, Anna", federation="AAA", birth_year=1990, rating=2250
        )
    }
    [error] = [f for f in check(data, strong, time_control=quick) if f.severity == "error"]
    assert (error.code, error.rule) == ("rate-of-play", "standard-2009 1.1")
    assert "highest rating of 2250 the minimum is 120" in error.message


def test_a_time_control_written_in_hours_agrees_with_the_registration():
    """A review: "2h + 30s" in 122 was read as two minutes, and an event registered at
    120 minutes + 30 seconds was told its report said otherwise (standard-2009 1.1)."""
    two_hours = TimeControl(base_minutes=Fraction(120), increment_seconds=30)
    one_hour = TimeControl(base_minutes=Fraction(60), increment_seconds=30)
    for written, minutes in (("2h + 30s", 120), ("2 hours + 30 seconds", 120), ("1h30 + 30s", 90)):
        data = trf(four_players(), time_control=written)
        registered = two_hours if minutes == 120 else registration().time_control
        assert not [
            f for f in check(data, time_control=registered) if f.code == "time-control-differs"
        ]
        # Read, not passed over: registered otherwise, the report is told what it says (a
        # review: a form left unread warns of nothing, and agreed with any registration).
        [differs] = [
            f for f in check(data, time_control=one_hour) if f.code == "time-control-differs"
        ]
        assert f"({minutes} min + 30 s/move); the registration has 60 min" in differs.message
    [warning] = [
        f
        for f in check(trf(four_players(), time_control="1h + 30s"), time_control=two_hours)
        if f.code == "time-control-differs"
    ]
    assert "(60 min + 30 s/move); the registration has 120 min + 30 s/move" in warning.message


def test_a_rating_that_differs_from_the_list_in_force_is_a_warning_naming_both():
    registry = {
        1001: RegistryPlayer(
            pk=1,
            fide_id=1001,
            name="Alpha, Anna",
            federation="AAA",
            birth_year=1990,
            rating=1987,
            list_label="the standard list of 2025-03-01",
        )
    }
    [warning] = [f for f in check(trf(four_players()), registry) if f.code == "rating-differs"]
    assert (warning.line, warning.column, warning.rule) == (9, 49, "standard-2009 4.13")
    assert "2000 in the report" in warning.message and "2025-03-01 has 1987" in warning.message


def test_a_rating_the_registry_does_not_have_says_the_player_plays_unrated():
    """A review: "the registry has no rating. The registry's figure is used" hid that the
    line's 2000 counts for nothing (interpretation 2)."""
    registry = {
        1001: RegistryPlayer(
            pk=1, fide_id=1001, name="Alpha, Anna", federation="AAA", birth_year=1990, rating=None
        )
    }
    [warning] = [f for f in check(trf(four_players()), registry) if f.code == "rating-differs"]
    assert warning.message.endswith(
        "has no rating. He is rated as the registry has him: unrated."
    ), warning.message


def test_a_rating_is_not_compared_with_another_players_whose_fide_id_the_line_gives():
    """A review: Lund's line with Berg's FIDE ID was told "the registry has 2250", Berg's
    rating, as the line's own, beside the warning that the ID belongs to Berg. The rating
    is said to be Berg's, used if the officer confirms the match."""
    registry = {
        1001: RegistryPlayer(
            pk=1, fide_id=1001, name="Berg, Ola", federation="AAA", birth_year=1990, rating=2250
        )
    }
    found = {f.code: f.message for f in check(trf(four_players()), registry)}
    assert "registry-mismatch" in found
    assert found["rating-differs"].endswith(
        "has 2250 for Berg, Ola, whose FIDE ID the line gives. It is used if the rating "
        "officer confirms the match."
    )


@pytest.mark.parametrize(
    ("blocks", "code", "count"),
    [
        (("   2 w +", "   1 b -"), "unplayed-forfeit", "2 forfeits"),
        (("   2 w W", "   1 b L"), "unplayed-not-moved", "2 games with less than one move"),
        (("0000 - H", "0000 - U"), "unplayed-bye", "2 byes or absences"),
    ],
)
def test_unplayed_games_are_noted_and_never_rated(blocks, code, count):
    players = [
        player_line(1, "Alpha, Anna", rating=2000, rounds=(blocks[0],)),
        player_line(2, "Beta, Bert", rating=1900, rounds=(blocks[1],)),
    ]
    data = trf(players, dates=("25/03/01",))
    for rules, clause in (
        ("standard-2009", "standard-2009 5.0"),
        ("rapid-blitz-2024", "R&B 2024 4.1"),
    ):
        found = [
            f for f in check(data, number_of_rounds=1, rules=get_rule_set(rules)) if f.code == code
        ]
        assert [(f.severity, f.rule, f.line, f.column) for f in found] == [("info", clause, 9, 92)]
        assert found[0].message.startswith(count)


def match_report(results, ratings=(2100, 2050)):
    mirror = {"1": "0", "0": "1", "=": "=", "+": "-", "-": "+"}
    colours = [("w", "b") if n % 2 == 0 else ("b", "w") for n in range(len(results))]
    first = [f"   2 {c[0]} {r}" for c, r in zip(colours, results, strict=True)]
    second = [f"   1 {c[1]} {mirror[r]}" for c, r in zip(colours, results, strict=True)]
    dates = [f"25/03/0{n + 1}" for n in range(len(results))]
    return trf(
        [
            player_line(1, "Alpha, Anna", rating=ratings[0], rounds=first),
            player_line(2, "Beta, Bert", rating=ratings[1], rounds=second),
        ],
        dates=dates,
    )


@pytest.mark.parametrize(
    ("rules", "after_win", "unrated"),
    [
        ("standard-2009", "standard-2009 6.5", "standard-2009 6.6"),
        ("rapid-blitz-2024", "R&B 2024 5.2", "R&B 2024 5.1"),
    ],
)
def test_matches(rules, after_win, unrated):
    rule_set = dict(rules=get_rule_set(rules), system="match", match_games=4, number_of_rounds=4)
    if rules.startswith("rapid"):
        rapid = TimeControl(base_minutes=Fraction(15), increment_seconds=10)
        rule_set.update(category="rapid", time_control=rapid)
    decided = check(match_report(["1", "1", "=", "1"]), **rule_set)
    assert codes(decided, "error") == [("match-game-after-win", after_win)]
    [late] = [f for f in decided if f.severity == "error"]
    assert late.column == 122 and "round 4" in late.message
    assert codes(check(match_report(["1", "0", "=", "="]), **rule_set), "error") == []
    with_unrated = check(match_report(["1", "0", "=", "="], ratings=(2100, None)), **rule_set)
    assert codes(with_unrated, "error") == [("match-unrated-player", unrated)]


def test_a_match_whose_waiver_was_granted_rates_the_games_after_the_win():
    """R&B 2024 5.2: "This requirement may be waived by prior request." Granted at the
    registration, the games after the win are no error; one note says they are rated."""
    rapid = TimeControl(base_minutes=Fraction(15), increment_seconds=10)
    match = dict(
        rules=get_rule_set("rapid-blitz-2024"), category="rapid", time_control=rapid,
        system="match", match_games=4, number_of_rounds=5,
    )  # fmt: skip
    decided = match_report(["1", "1", "=", "1", "0"])
    refused = [(f.line, f.column) for f in check(decided, **match) if f.severity == "error"]
    assert sorted(refused) == [(9, 132), (10, 122)]  # rounds 5 and 4, on White's line
    waived = check(decided, match_waiver=True, **match)
    assert codes(waived, "error") == []
    [note] = [f for f in waived if f.code == "match-games-after-win-waived"]
    assert (note.severity, note.rule, note.line, note.column) == ("info", "R&B 2024 5.2", 10, 122)
    assert note.message.startswith("2 game(s) from round 4 were played after player 1")


def test_a_match_won_with_a_forfeit_point_rates_no_later_game():
    """standard-2009 6.5 (R&B 2024 5.2): "those played after one player has won shall not be
    rated". In a 4-game match Alpha wins round 1 by forfeit and rounds 2 and 3 over the
    board: 3 of 4 points, the match is won; round 4 is played all the same. The check
    counted only games over the board (2 points: not yet won), and round 4 was rated (a
    review)."""
    match = dict(system="match", match_games=4, number_of_rounds=4)
    won = check(match_report(["+", "1", "1", "="]), **match)
    assert codes(won, "error") == [("match-game-after-win", "standard-2009 6.5")]
    assert "round 4" in next(f for f in won if f.severity == "error").message
    assert codes(check(match_report(["+", "1", "0", "="]), **match), "error") == []


def round_robin(rated: int, players: int, sex: str = "m") -> bytes:
    lines = [
        player_line(
            n,
            f"Player{n}, Test",
            rating=2000 if n <= rated else None,
            rounds=(f"{(n % players) + 1:>4} w =",),
            sex=sex,
        )
        for n in range(1, players + 1)
    ]
    return trf(lines, dates=("25/03/01",))


def test_round_robin_composition():
    rr = dict(system="round_robin", number_of_rounds=1)
    assert codes(check(round_robin(4, 9), **rr), "error") == []
    assert set(codes(check(round_robin(2, 9), **rr), "error")) == {
        ("round-robin-composition", "standard-2009 6.3"),
        ("round-robin-composition", "standard-2009 6.31"),
    }
    double = dict(system="double_round_robin", number_of_rounds=1)
    assert codes(check(round_robin(4, 5), **double), "error") == [
        ("round-robin-composition", "standard-2009 6.32")
    ]
    assert codes(check(round_robin(5, 5), **double), "error") == []  # all rated


def test_a_national_championship_is_rated_with_three_rated_players_two_for_women():
    """standard-2009 6.33: a national championship played as a round robin is rated with
    at least 3 rated players (2 in an event for women alone), in place of 6.3-6.32: 3 rated
    of 10 are short of a third (6.3) in any other round robin."""
    rr = dict(system="round_robin", number_of_rounds=1)
    championship = dict(rr, national_championship=True)
    assert codes(check(round_robin(3, 10), **rr), "error") == [
        ("round-robin-composition", "standard-2009 6.3")
    ]
    assert codes(check(round_robin(3, 10), **championship), "error") == []
    assert codes(check(round_robin(3, 5), **championship), "error") == []  # 6.31 aside
    short = check(round_robin(2, 10), **championship)
    assert codes(short, "error") == [("round-robin-composition", "standard-2009 6.33")]
    assert "needs at least 3 rated players; it has 2" in short[0].message
    assert "(2 in an event for women alone, where the report's sex column" in short[0].message
    assert codes(check(round_robin(2, 10, sex="w"), **championship), "error") == []
    womens = check(round_robin(1, 10, sex="w"), **championship)
    assert codes(womens, "error") == [("round-robin-composition", "standard-2009 6.33")]
    assert "for women needs at least 2 rated players; it has 1" in womens[0].message
    double = dict(championship, system="double_round_robin")
    assert codes(check(round_robin(3, 5), **double), "error") == []  # 6.32 aside
    # The sex column blank, the registry knows them: women.
    women = {
        n: RegistryPlayer(pk=n, fide_id=n, name=f"Player{n}, Test", federation="AAA",
                          birth_year=1990, rating=2000 if n <= 2 else None, sex="w")
        for n in range(1, 11)
    }  # fmt: skip
    lines = [
        player_line(n, f"Player{n}, Test", fide_id=n, rating=2000 if n <= 2 else None,
                    rounds=(f"{(n % 10) + 1:>4} w =",), sex=" ")
        for n in range(1, 11)
    ]  # fmt: skip
    known = check(trf(lines, dates=("25/03/01",)), registry=women, **championship)
    assert codes(known, "error") == []


def test_names_agree_whatever_the_order_accents_and_punctuation():
    assert names_agree("Müller, Hans-Peter", "Hans Peter Muller")
    assert not names_agree("Müller, Hans", "Müller, Hanna")


# -- the report's own headers against the registration (standard-2009 0.4, R&B 2024 0.2) ----


def header_findings(data: bytes, **changes):
    codes_ = ("name-differs", "city-differs", "federation-differs", "system-differs")
    return [
        (f.severity, f.code, f.line, f.column, f.rule)
        for f in check(data, **changes)
        if f.code.startswith(codes_)
    ]


def test_headers_that_repeat_the_registration_in_their_own_words_are_silent():
    """012 "Test Open" and 022 "Testville" (trf_builder), the registration's in another
    case and order; 092 "Individual: Swiss-System" of a Swiss."""
    assert header_findings(trf(four_players()), name="open TEST", city="TESTVILLE") == []


def test_an_event_name_with_no_word_of_the_registrations_is_likely_another_events_file():
    rule = "standard-2009 0.4"
    assert header_findings(trf(four_players()), name="Zurich Rapid 2025") == [
        ("warning", "name-differs-from-registration", 1, 5, rule)
    ]
    [finding] = [f for f in check(trf(four_players()), name="Zurich Rapid 2025")
                 if f.code == "name-differs-from-registration"]  # fmt: skip
    assert finding.message == (
        "Line 1: the report's tournament name 'Test Open' has no word of the registration's "
        "'Zurich Rapid 2025': is this the report of this event?"
    )
    # A word in common is another wording of the name; numbers are no word in common.
    assert header_findings(trf(four_players()), name="2nd Test Open 2025") == []
    assert header_findings(trf(four_players()), name="test-open") == []
    assert header_findings(trf(four_players()), name="Test Open 2025 / 2026") == []
    assert header_findings(trf(four_players()), name="Open 2026") == []
    assert header_findings(trf(four_players()), city="Bern") == [
        ("warning", "city-differs-from-registration", 2, 5, rule)
    ]


def with_federation(data: bytes, code: str) -> bytes:
    """The report with a 032 line after its 022 (line 3)."""
    lines = data.decode().split("\n")
    return "\n".join([*lines[:2], f"032 {code}", *lines[2:]]).encode()


def test_a_federation_other_than_the_registering_one_is_a_warning():
    """R&B 2024 0.2: a tournament is registered by the federation in whose territory it is
    held; 032 names another."""
    data = with_federation(trf(four_players(), time_control="15+10"), "BBB")
    rapid = dict(
        category="rapid",
        rules=get_rule_set("rapid-blitz-2024"),
        time_control=TimeControl(base_minutes=Fraction(15), increment_seconds=10),
    )
    assert header_findings(data, federation="AAA", **rapid) == [
        ("warning", "federation-differs-from-registration", 3, 5, "R&B 2024 0.2")
    ]
    assert header_findings(with_federation(trf(four_players()), "aaa"), federation="AAA") == []
    assert header_findings(with_federation(trf(four_players()), ""), federation="AAA") == []


@pytest.mark.parametrize(
    ("kind", "system", "found"),
    [
        ("Round Robin", "swiss", True),
        ("Individual: Swiss-System", "round_robin", True),
        ("Individual: Swiss-System", "match", True),
        ("Individual: Match", "swiss", True),
        ("Berger", "double_round_robin", False),
        ("Double Round Robin", "round_robin", False),
        ("Team Swiss", "team", False),
        ("Team League", "round_robin", False),
        ("Individual", "round_robin", False),
    ],
)
def test_a_type_naming_another_system_than_registered_is_a_warning(kind, system, found):
    findings = header_findings(trf(four_players(), kind=kind), system=system)
    expected = [("warning", "system-differs-from-registration", 6, 5, "standard-2009 0.4")]
    assert findings == (expected if found else [])


def test_the_system_warning_names_both_systems():
    [finding] = [
        f
        for f in check(trf(four_players(), kind="Round Robin"), system="swiss")
        if f.code == "system-differs-from-registration"
    ]
    assert finding.message == (
        "Line 6: the report's type 'Round Robin' names a round robin; the event is "
        "registered as a Swiss."
    )


def test_a_line_with_a_rating_or_a_title_but_no_fide_id_is_a_warning():
    """A rated or titled player has a FIDE ID: registered as a newcomer from a line without
    one, he would play unrated. Line 10 (player 2) gives its rating, line 11 (player 3) a
    title alone; line 12 (player 4) neither, a newcomer as the note says."""
    lines = four_players(
        **{
            "2": {"fide_id": None},
            "3": {"fide_id": None, "rating": None},
            "4": {"fide_id": None, "rating": None},
        }
    )
    lines[2] = lines[2][:10] + "GM " + lines[2][13:]
    findings = [f for f in check(trf(lines)) if f.code in ("rated-without-fide-id", "no-fide-id")]
    assert [(f.severity, f.code, f.line, f.column) for f in findings] == [
        ("warning", "rated-without-fide-id", 10, 58),
        ("warning", "rated-without-fide-id", 11, 58),
        ("info", "no-fide-id", 10, 58),
    ]
    assert findings[0].message.startswith(
        "Line 10: player 2 (Beta, Bert) has a rating of 1900 but no FIDE ID"
    )
    assert "has the title GM but no FIDE ID" in findings[1].message


def _team_findings(data: bytes, system: str) -> list[tuple]:
    return [
        (f.severity, f.code, f.line, f.column, f.rule)
        for f in check(data, system=system)
        if f.code.startswith("team-")
    ]


def test_a_team_event_without_its_team_records_is_a_warning():
    """A real Team League (ICU's Armstrong Cup 2011, twelve 013 records, 082 "12"): as
    written, nothing to say; without its 013 records, 082 counts teams the file does not
    list (a warning at 082); without 082 too, a report of an event registered as a team
    event that says nobody's team (trf16.md §4)."""
    data = (CORPUS / "icu_tournament__armstrong_2011.trf").read_bytes()
    lines = data.decode("latin-1").split("\n")
    without_teams = "\n".join(line for line in lines if not line.startswith("013"))
    line_082 = next(i for i, line in enumerate(without_teams.split("\n"), 1) if line[:3] == "082")
    assert _team_findings(data, "team") == []
    assert _team_findings(without_teams.encode("latin-1"), "team") == [
        ("warning", "team-count-differs", line_082, 5, "TRF16 082")
    ]
    neither = "\n".join(line for line in without_teams.split("\n") if not line.startswith("082"))
    assert _team_findings(neither.encode("latin-1"), "team") == [
        ("warning", "team-records-missing", None, None, "TRF16 013")
    ]
    # An individual event has no teams to list.
    assert _team_findings(neither.encode("latin-1"), "swiss") == []
    assert _team_findings(trf(four_players()), "team") == [
        ("warning", "team-records-missing", None, None, "TRF16 013")
    ]
