"""Standard-2009 round robins with unrated players, computed in a period through the
services (standard-2009 8.58; DESIGN.md interpretations 6 and 7)."""

from __future__ import annotations

import datetime as dt
from itertools import combinations

import numpy as np

from lists.computation import (
    FIRST_EVENT_CLAUSE,
    NO_RATING,
    GameColumns,
    Standing,
    TournamentFacts,
    compute_period,
)
from lists.models import PeriodResult
from lists.selectors import computed_games, computed_results
from lists.services import period_publish
from players.access import Actor
from players.models import Player
from regulations.standard_2009 import RULES as STANDARD_2009
from tests.lists.conftest import APRIL, MAY, PeriodWorld
from tournaments.models import Tournament

ADMIN = Actor(is_administrator=True)
ROUND_ROBIN = Tournament.System.ROUND_ROBIN


def round_robin_games(
    players: list[Player], points: list[float]
) -> list[tuple[Player, Player, float]]:
    """Every pairing of ``players`` once, with results that give each his ``points``."""
    need = [round(2 * p) for p in points]
    pairs = list(combinations(range(len(players)), 2))
    # Games each player still has to play after the k-th pairing: the search prunes on it.
    left = [[0] * len(players) for _ in range(len(pairs) + 1)]
    for k in range(len(pairs) - 1, -1, -1):
        left[k] = list(left[k + 1])
        for player in pairs[k]:
            left[k][player] += 1
    chosen: list[int] = []

    def place(k: int) -> bool:
        if k == len(pairs):
            return not any(need)
        white, black = pairs[k]
        for halves in (2, 1, 0):
            need[white] -= halves
            need[black] -= 2 - halves
            fits = all(0 <= need[p] <= 2 * left[k + 1][p] for p in (white, black))
            if fits and place(k + 1):
                chosen.append(halves)
                return True
            need[white] += halves
            need[black] += 2 - halves
        return False

    assert place(0), f"no round robin gives {points}"
    chosen.reverse()
    return [
        (players[white], players[black], halves / 2)
        for (white, black), halves in zip(pairs, chosen, strict=True)
    ]


def players_of_8_58(w: PeriodWorld) -> list[Player]:
    """A to J of 8.58, rated in standard on the previous list or unrated; K 10 from 2400
    (standard-2009 8.56)."""
    ratings = [2600, 2500, None, 2400, None, 2150, 2300, None, None, 2300]
    return [
        w.player(name, rating, category="standard", reached_2400=bool(rating and rating >= 2400))
        for name, rating in zip("ABCDEFGHIJ", ratings, strict=True)
    ]


def test_the_worked_round_robin_of_8_58_in_a_period(
    period_world, compute, django_capture_on_commit_callbacks
):
    """8.58: C, E, H and I, unrated, get their final Ru (2423, 2393, 2144, 1998 once the
    iteration of interpretation 7 ends; 8.51: nine games, enough for a first rating); the
    rated players' games count against those Ru: We of A 7.36, B 6.48, D 5.40, G 4.21,
    J 4.21 as printed, F 2.56 as the tables give it (the text prints 2.52, DESIGN-notes).
    A (K 10, 8.56) scores 8: 10 x (8 - 7.36) = +6.40 -> 2606."""
    w = period_world
    players = players_of_8_58(w)
    w.tournament(
        round_robin_games(players, [8, 7, 7, 6, 6, 4, 3, 2, 1, 1]),
        category="standard",
        system=ROUND_ROBIN,
    )
    period = compute("standard", APRIL)
    results = {r.player.name: r for r in computed_results(period)}
    assert {
        name: (r.kind, r.new_rating, r.games) for name, r in results.items() if name in "CEHI"
    } == {
        "C": ("initial", 2423, 9),
        "E": ("initial", 2393, 9),
        "H": ("initial", 2144, 9),
        "I": ("initial", 1998, 9),
    }
    assert {name: r.expected_hundredths for name, r in results.items() if name in "ABDFGJ"} == {
        "A": 736,
        "B": 648,
        "D": 540,
        "F": 256,
        "G": 421,
        "J": 421,
    }
    a = results["A"]
    assert (a.k, a.change_hundredths, a.new_rating) == (10, 640, 2606)
    # The player page explains A's game against I by I's final Ru (2600 - 1998, capped).
    game = computed_games(period).get(white__name__in="AI", black__name__in="AI")
    a_side = "white" if game.white.name == "A" else "black"
    assert getattr(game, f"{a_side}_difference") == 400
    assert getattr(game, f"{a_side}_rating") == 2600


def four_rated_and_two_newcomers(
    w: PeriodWorld, u1: Player, u2: Player, *, u1_against_u2: float
) -> None:
    """April's round robin of R1 2400, R2 2300, R3 2200, R4 2100 (5, 4, 2 and 0.5 points
    against each other and the newcomers) and the unrated U1 (wins against R3 and R4) and
    U2 (a draw against R4), with U1's result against U2 as given."""
    r1, r2, r3, r4 = (
        w.player(f"R{i}", r, category="standard") for i, r in enumerate((2400, 2300, 2200, 2100), 1)
    )
    w.tournament(
        [
            (r1, r2, 1), (r1, r3, 1), (r1, r4, 1), (r1, u1, 1), (r1, u2, 1),
            (r2, r3, 1), (r2, r4, 1), (r2, u1, 1), (r2, u2, 1),
            (r3, r4, 1), (r3, u1, 0), (r3, u2, 1),
            (r4, u1, 0), (r4, u2, 0.5),
            (u1, u2, u1_against_u2),
        ],
        category="standard",
        system=ROUND_ROBIN,
    )  # fmt: skip


def in_may(w: PeriodWorld, compute, player: Player, points: list[float]) -> PeriodResult:
    """``player``'s result on May's list after his ``points`` against 2000s in April."""
    opponents = [w.player(f"O{i}", 2000, category="standard") for i in range(len(points))]
    w.tournament(
        [(player, o, p) for o, p in zip(opponents, points, strict=True)],
        category="standard",
        start=dt.date(2025, 4, 10),
        list_date=MAY,
    )
    results = computed_results(compute("standard", MAY))
    return results.get(player=player)


def test_an_earlier_round_robin_is_pooled_as_a_round_robin(
    period_world, compute, django_capture_on_commit_callbacks
):
    """A first rating pooled with an earlier period's round robin (8.51, 8.58; 7.14c).

    April: R1 2400, R2 2300, R3 2200, R4 2100 and the unrated U1, U2 play a round robin.
    The rated score 5, 4, 2 and 0.5 of 5: dp 800, 240, -72, -366 (8.1a), dpa = 150.5;
    Ra = 2250 - 150.5 x 5/6 = 2124.58 -> 2125. U1 scores 2.5 of 5: Ru = Rc (8.22); no
    opponent more than 400 above, so Rc(new) = 2125. Five games: no rating yet (7.14).
    (U2 scores 1 point: more than half, so 6.1 does not leave him out.)
    May: U1 scores 2 of 4 against 2000s. Pooled: 9 games, 4.5 points, against
    (5 x 2125 + 4 x 2000) / 9 = 2069.44 at 50%: 2069.
    Read as a Swiss, the round robin would count only his four games against the rated
    (8.21) and leave him pending with eight games."""
    w = period_world
    u1, u2 = w.player("U1"), w.player("U2")
    four_rated_and_two_newcomers(w, u1, u2, u1_against_u2=0.5)
    april = compute("standard", APRIL)
    pending = {r.player.name: r for r in computed_results(april)}["U1"]
    assert (pending.kind, pending.explanation["competition_rating"]) == ("pending", "2125")
    period_publish(period=april, actor=ADMIN)

    first = in_may(w, compute, u1, [1, 1, 0, 0])
    assert (first.kind, first.new_rating, first.games) == ("initial", 2069, 9)
    assert [e["competition_rating"] for e in first.explanation["counted"]] == ["2125", "2000"]


def test_an_earlier_round_robin_is_pooled_without_the_player_it_left_out(
    period_world, compute, django_capture_on_commit_callbacks
):
    """A first rating pooled with an earlier period's round robin that left a player out
    (6.1; 8.58; 7.14c): May pools it as April's computation left it.

    April: R1 2400, R2 2300, R3 2200, R4 2100 and the unrated U1, U2 play a round robin.
    U2 scores half a point in his first event: his score and his opponents' against him
    are disregarded (6.1), and the others play a round robin of five. The rated score 4,
    3, 1 and 0 of 4: dp 800, 193, -193, -800 (8.1a), dpa = 0; Ra = 2250. U1 scores 2 of 4:
    Ru = Ra = 2250 (8.22), no opponent more than 400 above, so Rc(new) = 2250. Four games:
    no rating yet (7.14). May: U1 scores 3 of 5 against 2000s. Pooled: 9 games, 5 points,
    against (4 x 2250 + 5 x 2000) / 9 = 2111.11; one half point over 50%: 2126.11 -> 2126.
    With U2 in it, U1's Rc(new) would be 2125 (the test above)."""
    w = period_world
    u1, u2 = w.player("U1"), w.player("U2")
    four_rated_and_two_newcomers(w, u1, u2, u1_against_u2=1)
    april = compute("standard", APRIL)
    pending = {r.player.name: r for r in computed_results(april)}["U1"]
    assert (pending.kind, pending.explanation["competition_rating"]) == ("pending", "2250")
    period_publish(period=april, actor=ADMIN)

    first = in_may(w, compute, u1, [1, 1, 1, 0, 0])
    assert (first.kind, first.new_rating, first.games) == ("initial", 2126, 9)
    assert [e["competition_rating"] for e in first.explanation["counted"]] == ["2250", "2000"]


def test_a_double_round_robin_gives_a_first_rating_with_n_the_opponents(
    period_world, compute, django_capture_on_commit_callbacks
):
    """8.21(b)(iii), 8.25 with n = 5 opponents met twice each (DESIGN-notes 5): A-E rated
    2000 draw each other twice; U draws A, B and C twice and loses twice to D and E, 3/10.
    Ra = 2000 - 28.8 x 5/6 = 1976; Ru = 1976 - 149 x 5/6 = 1851.83 -> 1852 (8.32), ten
    games (7.14). D's games against U count against 1852: D = 148, P_D .70, two wins:
    2 x (1 - .70) = +0.60; eight draws at D = 0: 0; x K 15 = +9.00 -> 2009."""
    w = period_world
    rated = [w.player(name, 2000, category="standard") for name in "ABCDE"]
    u = w.player("U")
    games = [(x, y, 0.5) for x, y in combinations(rated, 2)] * 2
    games += [(u, r, 0.5) for r in rated[:3]] * 2 + [(rated[3], u, 1), (rated[4], u, 1)] * 2
    w.tournament(games, category="standard", system=Tournament.System.DOUBLE_ROUND_ROBIN)
    results = {r.player.name: r for r in computed_results(compute("standard", APRIL))}
    assert (results["U"].kind, results["U"].new_rating, results["U"].games) == ("initial", 1852, 10)
    assert (results["D"].change_hundredths, results["D"].new_rating) == (900, 2009)


def test_a_double_round_robin_short_of_a_game_is_rated_as_a_swiss_event(
    period_world, compute, django_capture_on_commit_callbacks
):
    """standard-2009 6.4: "In the case of a round robin tournament where one or more games
    are unplayed, the results of the tournament must be reported for rating as if for a
    Swiss system tournament." The double round robin above, U's second game against A
    unplayed (a forfeit: not stored): every pair still met once, and a review found it
    rated by 8.58. As a Swiss, the rated players' games against U do not count (6.42): D
    has eight draws at D = 0, no change, eight games. U: 2.5 of 9 against 2000, p .28,
    dp -166 (8.1(a)): Ru = Rc + dp = 1834 (8.24; Rc 2000, 8.21)."""
    w = period_world
    rated = [w.player(name, 2000, category="standard") for name in "ABCDE"]
    u = w.player("U")
    games = [(x, y, 0.5) for x, y in combinations(rated, 2)] * 2
    games += [(u, r, 0.5) for r in rated[:3]] * 2 + [(rated[3], u, 1), (rated[4], u, 1)] * 2
    games.remove((u, rated[0], 0.5))
    w.tournament(games, category="standard", system=Tournament.System.DOUBLE_ROUND_ROBIN)
    results = {r.player.name: r for r in computed_results(compute("standard", APRIL))}
    d = results["D"]
    assert (d.games, d.change_hundredths, d.new_rating) == (8, 0, 2000)
    assert (results["U"].kind, results["U"].new_rating, results["U"].games) == ("initial", 1834, 9)


def test_a_round_robin_one_of_whose_players_forfeited_every_game_is_rated_as_a_swiss(
    period_world, compute, django_capture_on_commit_callbacks
):
    """standard-2009 6.4, as above: the double round robin that rated U 1852 by 8.58, with
    a seventh player, X, who forfeited every game. His games are not stored (5.0), so the
    others' games look like a complete round robin; his report paired seven players
    (``Tournament.entrants``), and a review found it rated by 8.58. As a Swiss (6.42), D
    has eight draws at D = 0: no change, eight games. U: 3 of 10 against 2000, p .30, dp
    -149 (8.1(a)): Ru = Rc + dp = 1851 (8.24; Rc 2000, 8.21)."""
    w = period_world
    rated = [w.player(name, 2000, category="standard") for name in "ABCDE"]
    u = w.player("U")
    games = [(x, y, 0.5) for x, y in combinations(rated, 2)] * 2
    games += [(u, r, 0.5) for r in rated[:3]] * 2 + [(rated[3], u, 1), (rated[4], u, 1)] * 2
    w.tournament(
        games, category="standard", system=Tournament.System.DOUBLE_ROUND_ROBIN, entrants=7
    )
    results = {r.player.name: r for r in computed_results(compute("standard", APRIL))}
    d = results["D"]
    assert (d.games, d.change_hundredths, d.new_rating) == (8, 0, 2000)
    assert (results["U"].kind, results["U"].new_rating, results["U"].games) == ("initial", 1851, 10)


# -- standard-2009 6.1: a first event of zero or half a point --------------------------------


def half_a_point_round_robin(
    w: PeriodWorld,
    u: Player | None = None,
    *,
    start: dt.date = dt.date(2025, 3, 10),
    list_date: dt.date = APRIL,
) -> tuple[list[Player], Player]:
    """A, B, C, D (2000) draw each other; the unrated U (a new player unless given) draws
    A and loses to B, C and D: half a point of four."""
    rated = [w.player(name, 2000, category="standard") for name in "ABCD"]
    u = u or w.player("U")
    a, b, c, d = rated
    games = [(x, y, 0.5) for x, y in combinations(rated, 2)]
    games += [(a, u, 0.5), (b, u, 1), (c, u, 1), (d, u, 1)]
    w.tournament(games, category="standard", system=ROUND_ROBIN, start=start, list_date=list_date)
    return rated, u


def test_a_first_event_of_half_a_point_leaves_his_opponents_games_against_him_out(
    period_world, compute, django_capture_on_commit_callbacks
):
    """standard-2009 6.1: U scores half a point in his first event; "his score and that of
    his opponents against him are disregarded". A to D keep their three draws among
    themselves, at D = 0: no change, 2000 each, three games. (Rated against U's Ru of
    8.58, B would have gained 2: see the next test.) U's event is listed as disregarded,
    and the games against him carry the clause."""
    _, u = half_a_point_round_robin(period_world)
    period = compute("standard", APRIL)
    got = {r.player.name: r for r in computed_results(period)}
    assert {n: (got[n].new_rating, got[n].change_hundredths, got[n].games) for n in "ABCD"} == (
        dict.fromkeys("ABCD", (2000, 0, 3))
    )
    assert got["U"].kind == "pending"
    assert [(e["games"], e["score"]) for e in got["U"].explanation["disregarded"]] == [(4, 0.5)]
    against_u = computed_games(period).filter(black=u)
    assert {(g.clause, g.white_expected) for g in against_u} == {("standard-2009 6.1", None)}


def test_after_a_result_to_build_on_his_half_point_counts_for_his_opponents(
    period_world, compute, django_capture_on_commit_callbacks
):
    """6.1's exception: U drew five 1800s on April's list (Ru 1800, above the floor: 8.21,
    a result to build on), so May's round robin is not his first event and his
    opponents' games against him count (8.58, interpretation 6).

    A scores 2 of 4 (dp 0), B, C, D 2.5 of 4 (p .625 -> .63, dp 95, 8.1a): dpa = 71.25,
    Ra = 2000 - 71.25 x 4/5 = 1943. U: .125 -> .13, dp -322: Ru = 1943 - 322 x 4/5 =
    1685.4; no opponent more than 400 above. B beat him at D = 315, P_D .86 (8.1b):
    15 x (1 - .86) = +2.10 -> 2002; A drew him: 15 x (.5 - .86) = -5.40 -> 1995."""
    w = period_world
    u = w.player("U")
    earlier = [w.player(f"E{i}", 1800, category="standard") for i in range(5)]
    w.tournament([(u, e, 0.5) for e in earlier], category="standard")
    period_publish(period=compute("standard", APRIL), actor=ADMIN)
    half_a_point_round_robin(w, u, start=dt.date(2025, 4, 10), list_date=MAY)
    got = {r.player.name: r for r in computed_results(compute("standard", MAY))}
    assert {n: (got[n].new_rating, got[n].games) for n in "ABCD"} == {
        "A": (1995, 4), "B": (2002, 4), "C": (2002, 4), "D": (2002, 4)
    }  # fmt: skip
    assert [(e["games"], e["score"]) for e in got["U"].explanation["counted"]] == [
        (5, 2.5), (4, 0.5)
    ]  # fmt: skip


def test_a_result_left_out_stays_disregarded_when_an_earlier_one_comes_to_light(
    period_world, compute, django_capture_on_commit_callbacks
):
    """April left U's half a point out (6.1), A-D's games against him with it. In May a
    Swiss that ended before the round robin is reported late: 1.5 of 3 against 1800s, a
    result to build on. April's list is out; U's round robin stays disregarded for him as
    it was for his opponents, and his Swiss counts."""
    w = period_world
    _, u = half_a_point_round_robin(w)
    period_publish(period=compute("standard", APRIL), actor=ADMIN)
    swiss = [w.player(f"E{i}", 1800, category="standard") for i in range(3)]
    w.tournament(
        [(u, swiss[0], 1), (swiss[1], u, 1), (u, swiss[2], 0.5)],
        category="standard",
        start=dt.date(2025, 3, 1),
        list_date=MAY,
    )
    mine = {r.player.name: r for r in computed_results(compute("standard", MAY))}["U"]
    shown = {
        key: [(e["games"], e["score"], e.get("left_out", False)) for e in mine.explanation[key]]
        for key in ("counted", "disregarded")
    }
    assert shown == {"counted": [(3, 1.5, False)], "disregarded": [(4, 0.5, True)]}


def test_a_round_robin_that_left_out_all_but_its_rated_player_is_pooled_so(
    period_world, compute, django_capture_on_commit_callbacks
):
    """April: R (2000) beats the newcomers U1 and U2, who draw each other: both score half
    a point in their first event and are left out (6.1); every game of R's carries the
    clause, yet R was not left out. In May U1 plays again: April's round robin is still
    his, disregarded (1 game against R, 0 points), not gone."""
    w = period_world
    r, u1, u2 = w.player("R", 2000, category="standard"), w.player("U1"), w.player("U2")
    w.tournament([(r, u1, 1), (r, u2, 1), (u1, u2, 0.5)], category="standard", system=ROUND_ROBIN)
    april = compute("standard", APRIL)
    assert {g.clause for g in computed_games(april)} == {"standard-2009 6.1"}
    period_publish(period=april, actor=ADMIN)
    opponents = [w.player(f"O{i}", 2000, category="standard") for i in range(3)]
    w.tournament([(u1, o, 0.5) for o in opponents], category="standard",
                 start=dt.date(2025, 4, 10), list_date=MAY)  # fmt: skip
    mine = {r.player.name: r for r in computed_results(compute("standard", MAY))}["U1"]
    assert [(e["games"], e["score"]) for e in mine.explanation["disregarded"]] == [(1, 0.0)]
    assert [(e["games"], e["score"]) for e in mine.explanation["counted"]] == [(3, 1.5)]


# -- 6.1 in the computation itself: which events come before, who is left out ------------------

LIST = dt.date(2025, 4, 1)
A_TO_D = {1: 2000, 2: 2000, 3: 2000, 4: 2000}
NEW, OTHER_NEW = 10, 11
EIGHTEEN_HUNDREDS = {20: 1800, 21: 1800, 22: 1800}


def columns(rows: list[tuple[int, int, int, int]], ratings: dict[int, int]) -> GameColumns:
    """(tournament, white, black, white's half points) rows, with the players' ratings."""
    raw = [(game, *row) for game, row in enumerate(rows, start=1)]
    return GameColumns.of(
        raw,
        np.array([ratings.get(white, NO_RATING) for _, white, _, _ in rows]),
        np.array([ratings.get(black, NO_RATING) for _, _, black, _ in rows]),
    )


def draws_of_a_to_d(tournament: int) -> list[tuple[int, int, int, int]]:
    return [(tournament, x, y, 1) for x, y in combinations(A_TO_D, 2)]


def half_a_point(tournament: int) -> list[tuple[int, int, int, int]]:
    """NEW draws A and loses to B, C and D."""
    results = [(tournament, 1, NEW, 1)] + [(tournament, r, NEW, 2) for r in (2, 3, 4)]
    return draws_of_a_to_d(tournament) + results


def a_swiss(tournament: int) -> list[tuple[int, int, int, int]]:
    """NEW scores 1.5 of 3 against 1800s: Ru 1800, a result to build on (8.21)."""
    return [(tournament, NEW, 20, 2), (tournament, 21, NEW, 2), (tournament, NEW, 22, 1)]


def event(start: dt.date, end: dt.date, *, round_robin: bool = False, **more) -> TournamentFacts:
    return TournamentFacts(STANDARD_2009, start, end, round_robin=round_robin, **more)


def period_of(facts, rows, earlier_rows=(), standings=None):
    ratings = {**A_TO_D, **EIGHTEEN_HUNDREDS}
    players = {*A_TO_D, *EIGHTEEN_HUNDREDS}
    return compute_period(
        list_date=LIST,
        tournaments=facts,
        games=columns(rows, ratings),
        earlier_games=columns(list(earlier_rows), ratings) if earlier_rows else None,
        standings={p: Standing(ratings[p], 40) for p in players} | (standings or {}),
    )


def left_out_games(outcome, tournament: int) -> set[tuple[int, int]]:
    figures = outcome.games
    return {
        (int(figures.games.white[i]), int(figures.games.black[i]))
        for i in range(len(figures.games))
        if figures.games.tournament[i] == tournament
        and figures.clauses[figures.clause[i]] == FIRST_EVENT_CLAUSE
    }


def events_of(outcome, player: int) -> tuple[list[tuple[int, float]], list[tuple[int, float]]]:
    """(games, score) of the player's counted and disregarded events."""
    mine = next(p for p in outcome.players if p.player == player).explanation
    return tuple(
        [(e["games"], e["score"]) for e in mine.get(key, [])] for key in ("counted", "disregarded")
    )


def test_an_event_that_ended_the_same_day_comes_first_by_its_number():
    """6.1's "previously" where a Swiss and the round robin ended the same day: the order
    his own first rating takes them in (by end date, then by tournament), for his
    opponents too. Swiss 100 before round robin 200: not his first event, his opponents'
    games count and so does his result. Round robin 200 before Swiss 300: his first event,
    left out for everybody."""
    day = dt.date(2025, 3, 12)
    start = dt.date(2025, 3, 10)
    swiss_first = period_of(
        {100: event(start, day), 200: event(start, day, round_robin=True)},
        a_swiss(100) + half_a_point(200),
    )
    assert left_out_games(swiss_first, 200) == set()
    assert events_of(swiss_first, NEW) == ([(3, 1.5), (4, 0.5)], [])
    robin_first = period_of(
        {300: event(start, day), 200: event(start, day, round_robin=True)},
        half_a_point(200) + a_swiss(300),
    )
    assert left_out_games(robin_first, 200) == {(1, NEW), (2, NEW), (3, NEW), (4, NEW)}
    assert events_of(robin_first, NEW) == ([(3, 1.5)], [(4, 0.5)])


def test_a_result_out_of_the_pooling_window_is_not_previously():
    """A result to build on 25 months before the list (read: the look-back is 27 months)
    is out of the 2 years his first rating pools (7.14): the round robin is his first
    event, left out for everybody, as his own result is disregarded."""
    facts = {
        100: event(dt.date(2023, 2, 20), dt.date(2023, 3, 1), list_date=dt.date(2023, 4, 1)),
        200: event(dt.date(2025, 3, 10), dt.date(2025, 3, 12), round_robin=True),
    }
    outcome = period_of(facts, half_a_point(200), earlier_rows=a_swiss(100))
    assert left_out_games(outcome, 200) == {(1, NEW), (2, NEW), (3, NEW), (4, NEW)}
    assert events_of(outcome, NEW) == ([], [(3, 1.5), (4, 0.5)])


def test_a_point_against_a_player_left_out_is_disregarded_with_him():
    """OTHER_NEW loses every game, his first event: left out (6.1). NEW's one point was
    won against him, "his opponents' [score] against him" is disregarded too, which leaves
    NEW with nothing in his first event: left out as well. A to D keep their draws."""
    rows = draws_of_a_to_d(200) + [(200, r, NEW, 2) for r in A_TO_D]
    rows += [(200, r, OTHER_NEW, 2) for r in A_TO_D] + [(200, NEW, OTHER_NEW, 2)]
    outcome = period_of(
        {200: event(dt.date(2025, 3, 10), dt.date(2025, 3, 12), round_robin=True)}, rows
    )
    against = {(r, NEW) for r in A_TO_D} | {(r, OTHER_NEW) for r in A_TO_D} | {(NEW, OTHER_NEW)}
    assert left_out_games(outcome, 200) == against
    rated = {
        p.player: (p.games, p.change_hundredths) for p in outcome.players if p.player in A_TO_D
    }
    assert rated == dict.fromkeys(A_TO_D, (3, 0))


def test_a_player_rated_since_the_round_robin_started_is_not_left_out():
    """8.4: NEW, unrated at the start, has a published rating now (1900): he is rated in
    the round robin with it, and his opponents' games against him count against his Ru,
    even with an earlier event that did not count (half a point of three, 8.21)."""
    facts = {
        100: event(dt.date(2024, 11, 1), dt.date(2024, 11, 3), list_date=dt.date(2024, 12, 1)),
        200: event(dt.date(2025, 2, 20), dt.date(2025, 3, 12), round_robin=True),
    }
    earlier = [(100, NEW, 20, 0), (100, 21, NEW, 2), (100, NEW, 22, 1)]
    outcome = period_of(
        facts, half_a_point(200), earlier_rows=earlier, standings={NEW: Standing(1900, 0)}
    )
    assert left_out_games(outcome, 200) == set()
    b = next(p for p in outcome.players if p.player == 2)
    assert b.games == 4
