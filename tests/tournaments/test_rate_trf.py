"""``manage.py rate_trf``: the officer's quick check, end to end (DESIGN.md batch interface).

Hand-made reports with hand-computed figures (clauses cited), the 8.58 worked example as a
real TRF file, every corpus file, human and JSON output, and bad input.
"""

from __future__ import annotations

import datetime as dt
import json
from dataclasses import replace
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from tests.conftest import manage_py
from tournaments.trf import TrfDate, TrfPlayer, TrfReport, TrfRound, parse, write

#: rate_trf reads the administrators' rule-set dates (``test_the_rule_set_follows_...``).
pytestmark = pytest.mark.django_db

REPO = Path(__file__).resolve().parents[2]
CORPUS = REPO.parent / "shared" / "testdata" / "trf"
VALID = CORPUS / "icu_tournament__valid.trf"


def report_file(tmp_path: Path, report: TrfReport, name: str = "report.trf") -> Path:
    path = tmp_path / name
    path.write_text(write(report), encoding="utf-8")
    return path


def rate(path: Path, *args: str) -> dict:
    out = StringIO()
    call_command("rate_trf", str(path), "--json", *args, stdout=out)
    return json.loads(out.getvalue())


def player(rank, name, rating, rounds, birth="1990/01/01"):
    return TrfPlayer(
        start_rank=rank,
        name=name,
        rating=rating,
        fide_id=1000 + rank,
        birth_date=parse_date(birth),
        rounds=tuple(rounds),
    )


def parse_date(text: str) -> TrfDate:
    year, month, day = (int(x) for x in text.split("/"))
    return TrfDate(raw=text, value=dt.date(year, month, day), year=year)


def game(round_, opponent, colour, result):
    return TrfRound(round=round_, opponent=opponent, colour=colour, result=result)


# -- a hand-made Swiss -------------------------------------------------------------------------


@pytest.fixture
def small_swiss(tmp_path):
    """Four players, three rounds. 1 A 2400, 2 B 2200, 3 C 2000 (born 2010), 4 D unrated.
    R1 A-B 1-0, C-D =; R2 A-C =, B-D 0-1; R3 A-D 1-0, B-C 0-1."""
    report = TrfReport(
        name="Hand-made Swiss",
        start_date=parse_date("2025/03/01"),
        end_date=parse_date("2025/03/02"),
        tournament_type="Swiss",
        time_control="90 min + 30 sec",
        players=(
            player(1, "A", 2400, [game(1, 2, "w", "1"), game(2, 3, "b", "="),
                                  game(3, 4, "w", "1")]),
            player(2, "B", 2200, [game(1, 1, "b", "0"), game(2, 4, "w", "0"),
                                  game(3, 3, "b", "0")]),
            player(3, "C", 2000, [game(1, 4, "w", "="), game(2, 1, "w", "="),
                                  game(3, 2, "w", "1")], birth="2010/05/05"),
            player(4, "D", None, [game(1, 3, "b", "="), game(2, 2, "b", "1"),
                                  game(3, 1, "b", "0")]),
        ),
    )  # fmt: skip
    return report_file(tmp_path, report)


def by_rank(document: dict) -> dict[int, dict]:
    return {p["start_rank"]: p for p in document["players"]}


def test_swiss_standard_2009_changes_by_hand(small_swiss):
    """standard-2009 (start 2025, 90+30: standard). Games against the unrated D are not rated
    (6.42, 8.52).
    A 2400 (K 10, 8.56): v B D 200 .76 won +.24, v C D 400 .92 drawn -.42: 1.5 v 1.68,
      -1.80 -> 2398.2 -> 2398 (8.57): -2.
    B 2200 (K 15): v A .24 lost -.24, v C .76 lost -.76: -15.00 -> -15.
    C 2000 (K 15): v A .08 drawn +.42, v B .24 won +.76: +17.70 -> 2017.7 -> 2018: +18.
    D: 1.5/3 against 2000, 2200, 2400: 50% -> Ru = Rc = 2200 (8.22)."""
    document = rate(small_swiss)
    assert document["rules"] == "standard-2009"
    players = by_rank(document)
    assert {r: (p["games"], p["score"], p["expected"], p["k"], p["change"], p["change_rounded"])
            for r, p in players.items()} == {
        1: (2, 1.5, 1.68, 10, -1.8, -2),
        2: (2, 0, 1, 15, -15, -15),
        3: (2, 1.5, 0.32, 15, 17.7, 18),
    }  # fmt: skip
    assert document["unrated"] == [
        {"start_rank": 4, "fide_id": 1004, "games_vs_rated": 3, "score_vs_rated": 1.5,
         "performance": 2200},
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("rating", "rules", "said", "clause"),
    [
        (1199, "standard-2009", "below 1200, the lowest rating standard-2009 publishes",
         "standard-2009 0.6"),
        (1399, "rapid-blitz-2024", "below 1400, the lowest rating rapid-blitz-2024 publishes",
         "R&B 2024 6.1.2"),
        (3001, "standard-2009", "above 3000, higher than any rating FIDE has published",
         "TRF16 001"),
    ],
)  # fmt: skip
def test_a_rating_no_list_holds_is_warned_of_and_rated_as_written(
    small_swiss, rating, rules, said, clause
):
    """A review: a rating of 12 and one of 9999 in columns 49-52 were rated without a word
    (and moved their opponents' changes). The report stands for them; the arbiter is told."""
    report = parse(small_swiss.read_bytes()).report
    first = replace(report.players[0], rating=rating)
    odd = report_file(
        small_swiss.parent, replace(report, players=(first, *report.players[1:])), "odd.trf"
    )
    document = rate(odd, "--rules", rules)
    [warning] = [f for f in document["findings"] if f["code"] == "implausible-rating"]
    assert warning["severity"] == "warning" and warning["rule"] == clause
    assert warning["message"] == (
        f"Line {first.line}: player 1 (A) is rated {rating} in columns 49-52, {said}; rated "
        "as written. Check the report."
    )
    assert by_rank(document)[1]["rating"] == rating
    for plausible in (1200 if rules == "standard-2009" else 1400, 3000):
        fine = replace(report, players=(replace(first, rating=plausible), *report.players[1:]))
        findings = rate(report_file(small_swiss.parent, fine, "fine.trf"), "--rules", rules)[
            "findings"
        ]
        assert "implausible-rating" not in {f["code"] for f in findings}


def test_the_rule_set_follows_the_dates_administrators_keep(small_swiss):
    """standard-2009 0.1: the rule set in force is the administrators' (their effective
    dates, as registration and the period read them). A review moved standard-2009 to
    2025-06-01 and rate_trf still rated this 2025-03-01 event by DESIGN.md's dates."""
    from tournaments.models import RuleSetSchedule

    assert rate(small_swiss)["rules"] == "standard-2009"
    RuleSetSchedule.objects.filter(rule_set="standard-2009").update(
        effective_from=dt.date(2025, 6, 1)
    )
    document = rate(small_swiss)
    assert document["rules"] == "standard-1994"
    # standard-1994 10.54: K 10 for a player rated 2400 (A), K 15 below (B, C).
    assert [by_rank(document)[r]["k"] for r in (1, 2, 3)] == [10, 15, 15]


def test_swiss_under_rapid_blitz_2024_uses_its_k_and_rounding(small_swiss):
    """--rules rapid-blitz-2024: A K 10 (2400): -1.80 -> -2 (7.3.4 away from zero); B K 20:
    -20; C is a junior in 2025 (born 2010) under 2300: K 40 (7.3.3): 1.18 x 40 = 47.20 ->
    +47. D: Ra = (2000 + 2200 + 2400 + 2 x 1800)/5 = 2040, p = 2.5/5 -> dp 0: 2040 (7.2.3)."""
    document = rate(small_swiss, "--rules", "rapid-blitz-2024")
    players = by_rank(document)
    figures = [
        (players[r]["k"], players[r]["change"], players[r]["change_rounded"]) for r in (1, 2, 3)
    ]
    assert figures == [
        (10, -1.8, -2),
        (20, -20, -20),
        (40, 47.2, 47),
    ]  # fmt: skip
    assert document["unrated"][0]["performance"] == 2040


def test_swiss_under_pre2024_rules_gives_the_unrated_20_per_half_point(small_swiss):
    """R&B pre-2024 7.24 at 50%: Ru = Ra = 2200; K 20 for everyone (7.32)."""
    document = rate(small_swiss, "--rules", "rapid-blitz-pre2024")
    assert {p["k"] for p in document["players"]} == {20}
    assert document["unrated"][0]["performance"] == 2200


def test_human_output_is_a_readable_table(small_swiss):
    out = StringIO()
    call_command("rate_trf", str(small_swiss), stdout=out)
    text = out.getvalue()
    assert "Rules: standard-2009   System: swiss   Category: standard" in text
    assert "   1  A" in text and "-1.80" in text and "+17.70" in text
    assert "Unrated" in text and "2200" in text


# -- the 8.58 worked example as a TRF file -----------------------------------------------------

NAMES = "ABCDEFGHIJ"
RATINGS = [2600, 2500, None, 2400, None, 2150, 2300, None, None, 2300]
#: Each player beats everyone listed after him, except J beats A and E beats B: the scores
#: become 8, 7, 7, 6, 6, 4, 3, 2, 1, 1 as printed in 8.58.
UPSETS = {("A", "J"), ("B", "E")}


def round_robin_report() -> TrfReport:
    ranks = {name: i + 1 for i, name in enumerate(NAMES)}
    rounds: dict[str, list[TrfRound]] = {name: [] for name in NAMES}
    # circle method: 9 rounds, player 10 fixed
    order = list(NAMES)
    for round_ in range(1, 10):
        for i in range(5):
            a, b = order[i], order[9 - i]
            higher, lower = sorted((a, b), key=NAMES.index)
            higher_wins = (higher, lower) not in UPSETS
            white, black = (a, b) if round_ % 2 else (b, a)
            for me, other in ((white, black), (black, white)):
                won = (me == higher) == higher_wins
                colour = "w" if me == white else "b"
                rounds[me].append(game(round_, ranks[other], colour, "1" if won else "0"))
        order = [order[0], order[-1], *order[1:-1]]
    players = tuple(
        player(ranks[name], name, RATINGS[i], sorted(rounds[name], key=lambda r: r.round))
        for i, name in enumerate(NAMES)
    )
    return TrfReport(
        name="8.58 worked example",
        start_date=parse_date("2025/05/01"),
        end_date=parse_date("2025/05/09"),
        tournament_type="Round robin",
        time_control="90 min + 30 sec",
        players=players,
    )


def test_the_8_58_worked_example_rated_from_a_trf_file(tmp_path):
    """standard-2009 8.58 through the whole pipeline: unrated performances are the final Ru
    (C 2423, E 2393, H 2144, I 1998; DESIGN.md interp. 7), the rated players' expected
    scores include their games against the unrated at those values (A 7.36, B 6.48, D 5.40,
    G 4.21, J 4.21; F 2.56, see DESIGN-notes 4)."""
    path = report_file(tmp_path, round_robin_report())
    document = rate(path)  # 092 says "Round robin"
    assert document["rules"] == "standard-2009"
    performances = {NAMES[u["start_rank"] - 1]: u["performance"] for u in document["unrated"]}
    assert performances == {"C": 2423, "E": 2393, "H": 2144, "I": 1998}
    expected = {NAMES[p["start_rank"] - 1]: p["expected"] for p in document["players"]}
    assert expected == {"A": 7.36, "B": 6.48, "D": 5.40, "F": 2.56, "G": 4.21, "J": 4.21}
    scores = {NAMES[p["start_rank"] - 1]: p["score"] for p in document["players"]}
    assert scores == {"A": 8, "B": 7, "D": 6, "F": 4, "G": 3, "J": 1}
    assert {p["games"] for p in document["players"]} == {9}
    # A: K 10 (2600): (8 - 7.36) x 10 = +6.40
    assert by_rank(document)[1]["change"] == 6.4


def test_the_same_round_robin_rated_as_swiss_ignores_the_unrated(tmp_path):
    """--system swiss: games against unrated players are not rated (6.42), so each rated
    player has 5 rated games and A's expectation is no longer 8.58's."""
    path = report_file(tmp_path, round_robin_report())
    document = rate(path, "--system", "swiss")
    assert {p["games"] for p in document["players"]} == {5}  # six rated players: 5 opponents
    assert by_rank(document)[1]["expected"] != 7.36


def six_player_round_robin(ratings: list[int | None], results: dict[tuple[int, int], str]):
    """A round robin of six (five rounds, circle method): ``results[(a, b)]`` is a's result
    against b (a < b, by start rank); any pair not named is won by the lower rank."""
    rounds: dict[int, list[TrfRound]] = {rank: [] for rank in range(1, 7)}
    order = list(range(1, 7))
    for round_ in range(1, 6):
        for i in range(3):
            white, black = order[i], order[5 - i]
            low, high = sorted((white, black))
            result = results.get((low, high), "1")
            mine = {low: result, high: {"1": "0", "0": "1", "=": "="}[result]}
            rounds[white].append(game(round_, black, "w", mine[white]))
            rounds[black].append(game(round_, white, "b", mine[black]))
        order = [order[0], order[-1], *order[1:-1]]
    return TrfReport(
        name="Six-player round robin",
        start_date=parse_date("2025/05/01"),
        end_date=parse_date("2025/05/05"),
        tournament_type="Round robin",
        time_control="90 min + 30 sec",
        players=tuple(
            player(rank, f"P{rank}", ratings[rank - 1], rounds[rank]) for rank in range(1, 7)
        ),
    )


#: Unrated 5 draws with 1 and loses the rest (half a point); unrated 6 beats 5, draws with
#: 1, 2 and 3 and loses to 4 (2.5 of 5).
HALF_AND_HALF = {(1, 5): "=", (1, 6): "=", (2, 6): "=", (3, 6): "=", (4, 6): "1", (5, 6): "0"}


def test_half_a_point_in_a_first_round_robin_leaves_the_player_out_with_his_games(tmp_path):
    """standard-2009 6.1: "If an unrated player scores zero or half in his first event, his
    score and that of his opponents against him are disregarded": player 5 (half a point)
    gets no performance and the round robin is rated without him (DESIGN-notes 79, as the
    period computes it), a round robin of five (n = 4). The rated then score 3.5, 2.5, 1.5
    and 1 of 4: p .88, .63, .38, .25 (halves up), dp +336, +95, -87, -193 (8.1a), so
    Ra = 2400 - 37.75 x 4/5 = 2369.8 -> 2370 (8.21(b), whole: interpretation 1). Player 6,
    1.5 of 4 (p .38, dp -87): Ru = 2370 - 87 x 4/5 = 2300.4 -> 2300 (8.25), within 400 of
    every opponent."""
    report = six_player_round_robin([2400, 2400, 2400, 2400, None, None], HALF_AND_HALF)
    document = rate(report_file(tmp_path, report))
    performances = {u["start_rank"]: u["performance"] for u in document["unrated"]}
    assert performances == {5: None, 6: 2300}
    # What he played is still told: 4 rated opponents, half a point.
    five = next(u for u in document["unrated"] if u["start_rank"] == 5)
    assert (five["games_vs_rated"], five["score_vs_rated"]) == (4, 0.5)
    # Player 1: 2, 3, 4 (.50 each) and 6 at 2300 (D 100: .64, 8.1b): We = 2.14 of 4 games
    # (his draw with player 5 is disregarded); K 10 (2400): (3.5 - 2.14) x 10 = +13.60.
    assert by_rank(document)[1]["games"] == 4
    assert by_rank(document)[1]["score"] == 3.5
    assert by_rank(document)[1]["expected"] == 2.14
    assert by_rank(document)[1]["change"] == 13.6
    [note] = [f for f in document["findings"] if f["code"] == "first-event-disregarded"]
    assert note["rule"] == "standard-2009 6.1"
    assert note["message"].startswith("Player 5 (P5) scores zero or half a point")


def test_a_round_robin_performance_below_the_floor_is_none(tmp_path):
    """standard-2009 8.31 and 7.14d: among players rated 1300 who score 4, 3, 2.5 and 2 of
    5 (dp +240, +72, 0, -72), Ra = 1300 - 60 x 5/6 = 1250; 1 point of 5 then gives
    Ru = 1250 - 240 x 5/6 = 1050, below the floor of 1200 (0.6): no performance. 2.5 of 5
    gives Ru = Ra = 1250, above it."""
    results = {**HALF_AND_HALF, (2, 5): "="}  # player 5 draws with 1 and 2: 1 point
    report = six_player_round_robin([1300, 1300, 1300, 1300, None, None], results)
    document = rate(report_file(tmp_path, report))
    performances = {u["start_rank"]: u["performance"] for u in document["unrated"]}
    assert performances == {5: None, 6: 1250}


def test_a_round_robin_short_of_rated_players_is_warned_of_under_each_clause(tmp_path):
    """standard-2009 6.3: a third rated; 6.31: under 10 players at least 4 rated. Two rated
    of six fall short of neither 6.3 (2 x 3 = 6) but of 6.31, which the warning cites (it
    cited 6.3 for both), naming the exception of a national championship (6.33)."""
    report = six_player_round_robin([2400, 2400, None, None, None, None], HALF_AND_HALF)
    findings = rate(report_file(tmp_path, report))["findings"]
    composition = [f for f in findings if f["code"] == "round-robin-composition"]
    assert [f["rule"] for f in composition] == ["standard-2009 6.31"]
    assert "6 players of whom 2 rated" in composition[0]["message"]
    assert "national championship" in composition[0]["message"]


def test_a_round_robin_with_a_forfeit_is_rated_as_swiss_with_a_warning(tmp_path):
    """standard-2009 6.4: a round robin with unplayed games is reported as a Swiss."""
    report = round_robin_report()

    def forfeited(p: TrfPlayer, opponent: int, result: str) -> TrfPlayer:
        rounds = tuple(replace(r, result=result) if r.opponent == opponent else r for r in p.rounds)
        return replace(p, rounds=rounds)

    a, j = report.players[0], report.players[9]
    players = (forfeited(a, 10, "+"), *report.players[1:9], forfeited(j, 1, "-"))
    path = report_file(tmp_path, replace(report, players=players))
    document = rate(path)
    codes = [f["code"] for f in document["findings"]]
    assert "round-robin-unplayed" in codes
    assert by_rank(document)[1]["games"] == 4  # rated opponents B, D, F, G; J forfeited


def test_a_round_robin_with_a_placeholder_for_byes_is_rated_by_8_58(tmp_path):
    """A round robin of nine paired against "spielfrei" for their byes (as some pairing
    programs write one of an odd number): the byes are no unplayed game of it, and it is
    rated by 8.58 as the period rates it (every pair of the nine met over the board). A
    review found it rated as a Swiss here, each "+" against the placeholder an unplayed
    game (standard-2009 6.4)."""
    report = round_robin_report()

    def bye(p: TrfPlayer, result: str) -> TrfPlayer:
        rounds = tuple(replace(r, colour=None, result=result) if r.opponent == 10 else r
                       for r in p.rounds)  # fmt: skip
        return replace(p, rounds=rounds)

    placeholder = replace(report.players[9], name="spielfrei", rating=None, fide_id=None,
                          rounds=tuple(replace(r, colour=None, result="-")
                                       for r in report.players[9].rounds))  # fmt: skip
    players = (*(bye(p, "+") for p in report.players[:9]), placeholder)
    document = rate(report_file(tmp_path, replace(report, players=players)))
    codes = [f["code"] for f in document["findings"]]
    assert "round-robin-unplayed" not in codes
    assert "round-robin-composition" not in codes  # 9 players, 5 rated (6.31: 4)
    # 8.58: the rated players' games against the unrated count (a Swiss would give A 4),
    # but for H's and I's: without J, each scores zero in his first event and is left out
    # with his games (standard-2009 6.1), so A's rated games are B, D, F, G, C and E.
    assert by_rank(document)[1]["games"] == 6
    assert codes.count("first-event-disregarded") == 2
    assert 10 not in by_rank(document)
    assert {u["start_rank"] for u in document["unrated"]} == {3, 5, 8, 9}


# -- the corpus --------------------------------------------------------------------------------

#: (file, rule set chosen, rated players, unrated players) for every corpus file that can
#: be rated on its own; SOURCES.md's "Rated" column gives the rated counts.
CORPUS_EXPECTATIONS = [
    ("CompetiChess__testLargeFile_lichess.trf", "standard-2009", 112, 0),
    ("CompetiChess__testTrfFile_javafo-aum-gros.trf", "standard-2009", 41, 11),
    ("TieBreakServer__held_swiss_9_fide_tiebreak_exercise.trf", "standard-2009", 16, 0),
    ("icu_tournament__armstrong_2011.trf", "standard-2009", 156, 4),
    ("icu_tournament__bunratty_masters_2011.trf", "standard-2009", 34, 0),
    ("icu_tournament__bunratty_minor_2011.trf", "standard-2009", 0, 103),
    ("icu_tournament__irish_intermediate_champs_2011.trf", "standard-2009", 20, 1),
    ("icu_tournament__irish_junior_champs_2011.trf", "standard-2009", 31, 3),
    ("icu_tournament__valid.trf", "standard-1994", 0, 12),
    # 283 players and "spielfrei", a placeholder handing out byes, neither rated nor listed
    ("sklangen-TRF__example1_karl-mala-2005.trf", "standard-1994", 146, 137),
]


@pytest.mark.parametrize(("name", "rules", "rated", "unrated"), CORPUS_EXPECTATIONS)
def test_corpus_reports_are_rated_with_the_rule_set_of_their_start_date(
    name, rules, rated, unrated
):
    document = rate(CORPUS / name)
    assert document["rules"] == rules
    assert len(document["players"]) == rated
    assert len(document["unrated"]) == unrated
    for p in document["players"]:
        # K x (score - expected) is the change, to the hundredth (8.55)
        assert round(p["k"] * (p["score"] - p["expected"]), 2) == pytest.approx(p["change"])


def test_every_corpus_file_gives_json_or_one_clear_line(tmp_path):
    """Every corpus file, with --rules so that files without dates can be rated too: every
    player is rated or listed unrated, a placeholder handing out byes neither."""
    for path in sorted(CORPUS.glob("*.trf")):
        document = rate(path, "--rules", "rapid-blitz-2024")
        players = [p for p in parse(path.read_bytes()).report.players if not p.is_placeholder]
        assert len(document["players"]) + len(document["unrated"]) == len(players)


def test_a_lichess_bullet_file_can_be_rated_under_the_online_arena():
    """online arena: ratings updated after each game in round order; no 400 cap."""
    document = rate(CORPUS / "CompetiChess__testLargeFile_lichess.trf", "--rules", "online-arena")
    assert document["rules"] == "online-arena"
    top = by_rank(document)[1]
    assert top["games"] == 20 and top["k"] == 20


# -- bad input: exit status 2, one line on stderr ----------------------------------------------


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["no/such/file.trf"], "no/such/file.trf: No such file or directory"),
        ([str(CORPUS / "TieBreakServer__no_colour_preference_trf26.trf")], "give --rules"),
        ([str(VALID), "--rules", "standard-2030"], "No rule set 'standard-2030'"),
        ([str(VALID), "--system", "knockout"], "unknown system 'knockout'"),
    ],
)  # fmt: skip
def test_bad_input_exits_with_status_2_and_one_line_naming_the_problem(args, message):
    result = manage_py("rate_trf", *args, "--json")
    assert result.returncode == 2
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and message in lines[0]
    assert args[0] in lines[0]


def test_a_file_that_is_not_a_trf_is_refused_with_line_and_column(tmp_path):
    junk = tmp_path / "junk.trf"
    junk.write_bytes(b"%PDF-1.4\n\x00\x01\x02 binary junk \xff\xfe\n")
    with pytest.raises(CommandError) as raised:
        call_command("rate_trf", str(junk), "--json", stdout=StringIO())
    assert raised.value.returncode == 2
    assert str(raised.value).startswith(f"{junk}: ")


def test_a_report_with_an_error_is_refused_with_its_place(tmp_path):
    """A rating that is not a number (TRF16 001 cols 49-52) is an error with line/column."""
    text = (CORPUS / "icu_tournament__valid.trf").read_text()
    lines = text.splitlines()
    index = next(i for i, line in enumerate(lines) if line.startswith("001"))
    line = lines[index]
    lines[index] = line[:48] + "ab12" + line[52:]
    bad = tmp_path / "bad.trf"
    bad.write_text("\n".join(lines) + "\n")
    with pytest.raises(CommandError) as raised:
        call_command("rate_trf", str(bad), stdout=StringIO())
    assert f"line {index + 1}, column 49" in str(raised.value)
    assert raised.value.returncode == 2


def test_an_unreadable_time_control_is_reported_unless_the_rules_are_given():
    """The javafo sample's 122 says "moves/time, increment": standard is assumed and the
    officer is told; with --rules there is nothing to assume."""
    path = CORPUS / "CompetiChess__testTrfFile_javafo-aum-gros.trf"
    assumed = [f for f in rate(path)["findings"] if f["code"] == "category-assumed"]
    assert len(assumed) == 1 and assumed[0]["severity"] == "info"
    assert "give --rules" in assumed[0]["message"]
    with_rules = rate(path, "--rules", "rapid-blitz-2024")["findings"]
    assert not [f for f in with_rules if f["code"] == "category-assumed"]
