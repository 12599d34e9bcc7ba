"""What the public sees of a rating (issue 4): the player page's ratings and chart, how each
rating was computed game by game, and a tournament's crosstable with its rating changes.

Hand-computed figures. Rapid periods of 2025 use R&B 2024: P_D from the table of 7.1
(D = 0 -> 0.50, D = 100 -> 0.64, D = 200 -> 0.76, D = 300 -> 0.85; the lower-rated side
1 - P_D), the difference capped at 400 (7.3.1), K 20 for an established adult (7.3.3),
the period's change rounded once, halves away from zero (7.3.4).
"""

from __future__ import annotations

import datetime as dt
import json
import re
from dataclasses import replace
from html.parser import HTMLParser
from itertools import combinations

import pytest
from django.contrib.staticfiles import finders
from django.test import Client

from lists.models import PeriodResult, RatingPeriod
from lists.views_player import DELISTED_SINCE
from tests import factories
from tests.conftest import persona_client
from tests.lists.conftest import APRIL, MAY
from tests.lists.test_period_round_robins import (
    half_a_point_round_robin,
    players_of_8_58,
    round_robin_games,
)
from tournaments.models import Tournament

TIMES = "\N{MULTIPLICATION SIGN}"
NO_GAME = "\N{EN DASH}"


# -- reading pages -----------------------------------------------------------------------------


class _Element(HTMLParser):
    """The text of the element with a given id, and of each table row inside it."""

    VOID = {"br", "img", "input", "meta", "link", "hr", "wbr", "col", "source"}

    def __init__(self, element_id: str) -> None:
        super().__init__()
        self.element_id = element_id
        self.depth = 0
        self.found = False
        self.parts: list[str] = []
        self.rows: list[list[str]] = []
        self.cell: list[str] | None = None

    BLOCKS = {"div", "p", "dt", "dd", "tr", "td", "th", "h1", "h2", "h3", "li", "section"}

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in self.VOID:
            return
        if self.depth and tag in self.BLOCKS:
            self.parts.append(" ")
        if self.depth:
            self.depth += 1
        elif ("id", self.element_id) in attrs:
            self.depth, self.found = 1, True
        if not self.depth:
            return
        if tag == "tr":
            self.rows.append([])
        elif tag in ("td", "th"):
            self.cell = []

    def handle_endtag(self, tag: str) -> None:
        if tag in self.VOID or not self.depth:
            return
        self.depth -= 1
        if tag in ("td", "th") and self.cell is not None and self.rows:
            self.rows[-1].append(" ".join("".join(self.cell).split()))
            self.cell = None

    def handle_data(self, data: str) -> None:
        if self.depth:
            self.parts.append(data)
            if self.cell is not None:
                self.cell.append(data)


def element(page: str, element_id: str) -> _Element:
    parser = _Element(element_id)
    parser.feed(page)
    assert parser.found, f"no element with id {element_id!r}"
    return parser


def text_of(page: str, element_id: str) -> str:
    return " ".join("".join(element(page, element_id).parts).split())


def rows_of(page: str, element_id: str) -> list[list[str]]:
    return element(page, element_id).rows


def get(path: str, client: Client | None = None) -> str:
    response = (client or Client()).get(path)
    assert response.status_code == 200, response.status_code
    return response.content.decode()


def calculations(player) -> str:
    return get(f"/lists/players/{player.fide_id}/")


def section_id(period: RatingPeriod) -> str:
    return f"period-{period.category}-{period.list_date:%Y-%m}"


def games_id(period: RatingPeriod, tournament) -> str:
    return f"games-{period.pk}-{tournament.pk}"


# -- how each rating was computed ----------------------------------------------------------------


def test_a_k_the_700_rule_holds_says_so(period_world, compute, publish):
    """R&B 2024 7.3.3: a junior's K is 40, and "if the number of games (n) ... multiplied
    by K exceeds 700, then K shall be the largest whole number such that K x n does not
    exceed 700": with 20 games, 35. His 20 draws with players of his rating: sum of dR 0,
    K 35. The page says why K is 35, not 40 (a review); a player of 2 games has K 20 and
    no such line."""
    w = period_world
    junior = w.player("Junior", 1800, birth_year=2010)
    opponents = [w.player(f"O{n}", 1800) for n in range(20)]
    w.tournament([(junior, opponent, 0.5) for opponent in opponents])
    publish(compute("rapid", APRIL))
    page = calculations(junior)
    assert '<span class="k-factor">35</span>' in page
    assert "20 games \u00d7 K may not exceed 700: K is at most 35 (R&amp;B 2024 7.3.3)" in page
    assert "may not exceed 700" not in calculations(opponents[0])


def test_a_win_shows_p_d_dr_and_k_times_dr_with_their_clauses(
    period_world, compute, publish, django_capture_on_commit_callbacks
):
    """R&B 2024: A 1800 beats B 1700. D = +100 -> P_D 0.64 (7.1), dR = 1 - 0.64 = +0.36,
    K 20 (7.3.3): +7.20, rounded +7 (7.3.4): 1807. B: D = -100 -> 0.36, dR -0.36, -7.20 -> -7."""
    w = period_world
    a, b = w.player("A", 1800), w.player("B", 1700)
    tournament = w.tournament([(a, b, 1)], name="Spring Rapid")
    period = publish(compute("rapid", APRIL))

    page = calculations(a)
    summary = text_of(page, section_id(period))
    assert "Rapid list of 2025-04-01" in summary
    assert "1800 → 1807" in summary
    assert f"K {TIMES} ΣdR = +7.20, rounded +7 (R&B 2024 7.3.4)" in summary
    assert "20 (R&B 2024 7.3.3)" in summary
    assert "rating difference per R&B 2024 7.3.1" in summary
    header, game, subtotal = rows_of(page, games_id(period, tournament))
    assert header == ["Round", "Opponent", "FIDE ID", "Colour", "Rating", "Opponent's rating",
                      "D", "PD", "Score", "dR", f"K {TIMES} dR"]  # fmt: skip
    assert game == ["1", "B", str(b.fide_id), "White", "1800", "1700", "+100", "0.64", "1",
                    "+0.36", "+7.20"]  # fmt: skip
    assert subtotal[-4:] == ["0.64", "1", "+0.36", "+7.20"]
    assert "D per R&B 2024 7.3.1" in text_of(page, games_id(period, tournament))
    assert f'href="/players/{b.fide_id}/"' in page
    assert f'href="/lists/tournaments/{tournament.pk}/"' in page

    page = calculations(b)
    assert "1700 → 1693" in text_of(page, section_id(period))
    assert "-7.20, rounded -7" in text_of(page, section_id(period))
    _, game, _ = rows_of(page, games_id(period, tournament))
    assert game == ["1", "A", str(a.fide_id), "Black", "1700", "1800", "-100", "0.36", "0",
                    "-0.36", "-7.20"]  # fmt: skip


def test_each_tournament_has_its_subtotal_and_the_period_is_rounded_once(
    period_world, compute, publish, django_capture_on_commit_callbacks
):
    """DESIGN.md interpretation 5. A beats B (1700) in the first event: +0.36 x 20 = +7.20;
    draws C (2000) as black in the second: D = -200 -> P_D 0.24, dR +0.26, x 20 = +5.20.
    The period: 20 x 0.62 = +12.40, rounded +12 (R&B 2024 7.3.4): 1812."""
    w = period_world
    a, b, c = w.player("A", 1800), w.player("B", 1700), w.player("C", 2000)
    first = w.tournament([(a, b, 1)], name="First Open")
    second = w.tournament([(c, a, 0.5)], name="Second Open", start=dt.date(2025, 3, 20))
    period = publish(compute("rapid", APRIL))

    page = calculations(a)
    assert rows_of(page, games_id(period, first))[-1][-1] == "+7.20"
    _, game, subtotal = rows_of(page, games_id(period, second))
    assert game[3:] == ["Black", "1800", "2000", "-200", "0.24", "0.5", "+0.26", "+5.20"]
    assert subtotal[-1] == "+5.20"
    summary = text_of(page, section_id(period))
    assert "1800 → 1812" in summary and f"K {TIMES} ΣdR = +12.40, rounded +12" in summary
    assert "2 rated, score 1.5, expected ΣPD 0.88" in summary


def test_a_period_spanning_two_rule_sets_shows_each_tournaments_own_k(
    period_world, compute, publish, django_capture_on_commit_callbacks
):
    """February 2024's rapid list rates December's event by the rules before 2024 and
    January's by R&B 2024 (DESIGN.md rule sets: by the tournament's start). P, 2000 with 10
    rated games, beats a 2000 in each (D = 0, P_D 0.50): K 20 before 2024 (pre-2024 7.32),
    +0.50 x 20 = +10.00; K 40 as a new player in 2024 (R&B 2024 7.3.3: fewer than 30
    games), +0.50 x 40 = +20.00. The period: +30.00, rounded once +30 (7.3.4): 2030. A
    review found both tournaments shown with K 40, subtotals summing to +40.00."""
    w = period_world
    december_list, february = dt.date(2023, 12, 1), dt.date(2024, 2, 1)
    p = w.player("P", 2000, games=10, list_date=december_list)
    o1 = w.player("O1", 2000, list_date=december_list)
    o2 = w.player("O2", 2000, list_date=december_list)
    december = w.tournament(
        [(p, o1, 1)], name="December Rapid", start=dt.date(2023, 12, 27), list_date=february
    )
    later = w.tournament(
        [(p, o2, 1)], name="January Rapid", start=dt.date(2024, 1, 10), list_date=february
    )
    period = publish(compute("rapid", february))

    page = calculations(p)
    summary = text_of(page, section_id(period))
    assert "2000 → 2030" in summary
    assert f"K {TIMES} ΣdR = +30.00, rounded +30 (R&B 2024 7.3.4)" in summary
    assert (
        "20 for the games under rapid-blitz-pre2024 (R&B pre-2024 7.32), "
        "40 for the games under rapid-blitz-2024 (R&B 2024 7.3.3)"
    ) in summary
    subtotals = [rows_of(page, games_id(period, t))[-1] for t in (december, later)]
    assert [(row[0], row[-1]) for row in subtotals] == [
        (f"December Rapid: K 20 {TIMES} ΣdR", "+10.00"),
        (f"January Rapid: K 40 {TIMES} ΣdR", "+20.00"),
    ]
    assert "D per R&B pre-2024 7.31" in text_of(page, games_id(period, december))
    assert "D per R&B 2024 7.3.1" in text_of(page, games_id(period, later))
    rows = rows_of(get(f"/lists/tournaments/{december.pk}/"), "crosstable")
    assert [(row[1], row[-2], row[-1]) for row in rows[1:]] == [
        ("P", "20", "+10.00 (+10)"),
        ("O1", "20", "-10.00 (-10)"),
    ]


def test_a_player_delisted_since_the_start_is_told_so_not_that_his_opponent_is_unrated(
    period_world, compute, publish, django_capture_on_commit_callbacks
):
    """Interpretation 9: X (1405, 10 games, K 40) loses at D = 0 on the April list: 1385,
    below the floor of 1400 (R&B 2024 6.2.1), delisted. T2 started on 28 March, when X was
    1405, and is rated on the May list: his win there waits as a new player's result,
    while Opp (1605) counts him as he was at the start. A review found X's page telling
    him his opponent was unrated."""
    w = period_world
    x, mid, opp = w.player("X", 1405, games=10), w.player("Mid", 1405), w.player("Opp", 1605)
    w.tournament([(mid, x, 1)])
    later = w.tournament(
        [(x, opp, 1)], start=dt.date(2025, 3, 28), end=dt.date(2025, 4, 20), list_date=MAY
    )
    publish(compute("rapid", APRIL))
    may = publish(compute("rapid", MAY))

    _, game = rows_of(calculations(x), games_id(may, later))
    assert game[:6] == ["1", "Opp", str(opp.fide_id), "White", "1405", "1605"]
    assert game[6:8] == [
        DELISTED_SINCE.replace("DESIGN.md interpretation", "interpretation"),
        "1",
    ]
    _, game, _ = rows_of(calculations(opp), games_id(may, later))
    assert game[4:] == ["1605", "1405", "+200", "0.76", "0", "-0.76", "-15.20"]


def test_a_player_rated_since_the_start_is_shown_the_rating_his_d_comes_from(
    period_world, compute, publish, django_capture_on_commit_callbacks
):
    """R&B 2024 7.2.5: N's first rating, 1657, is on the April list; T2 started on 28 March,
    when he was unrated, and is rated on May's: he is rated with his current rating, 1657.
    D = 1657 - 1600 = +57 -> P_D 0.58 (7.1), a win: +0.42 x K 40 (7.3.3, new) = +16.80.
    A review found the row showing him unrated beside D = +57."""
    w = period_world
    n = w.player("N")
    opponents = [w.player(f"O{i}", 1600) for i in range(8)]
    w.tournament([(n, opponents[i], 0.5) for i in range(5)], start=dt.date(2025, 3, 5))
    later = w.tournament(
        [(n, opponents[5 + i], 1) for i in range(3)],
        start=dt.date(2025, 3, 28),
        end=dt.date(2025, 4, 20),
        list_date=MAY,
    )
    publish(compute("rapid", APRIL))
    may = publish(compute("rapid", MAY))

    _, first, *_ = rows_of(calculations(n), games_id(may, later))
    assert first[4:] == [
        "1657 (unrated at the start, rated now: R&B 2024 7.2.5)",
        "1600", "+57", "0.58", "1", "+0.42", "+16.80",
    ]  # fmt: skip
    crosstable = get(f"/lists/tournaments/{later.pk}/")
    rows = rows_of(crosstable, "crosstable")
    assert [row[4] for row in rows[1:] if row[1] == "N"] == ["1657 (rated since)"]
    # Its reason is a tooltip the keyboard reaches too, not a title for the mouse alone.
    assert re.search(
        r'<span [^>]*data-bs-toggle="tooltip" tabindex="0" title="Unrated at the start, '
        r'rated with the current rating \(R&amp;B 2024 7.2.5\)">\(rated since\)</span>',
        crosstable,
    )


def test_a_round_robin_opponent_rated_at_the_end_is_shown_with_his_ru(
    period_world, compute, publish, django_capture_on_commit_callbacks
):
    """standard-2009 8.52 and 8.58's worked round robin: A (2600) plays C and I, unrated,
    whose final Ru are 2423 and 1998: D = +177 against C; against I, 602 is counted as 400
    (8.54). A review found D shown beside an opponent marked "unrated"."""
    w = period_world
    players = players_of_8_58(w)
    tournament = w.tournament(
        round_robin_games(players, [8, 7, 7, 6, 6, 4, 3, 2, 1, 1]),
        category="standard",
        system=Tournament.System.ROUND_ROBIN,
    )
    period = publish(compute("standard", APRIL))
    a = next(p for p in players if p.name == "A")
    rows = {row[1]: row for row in rows_of(calculations(a), games_id(period, tournament))[1:-1]}
    ru = "(unrated, rated at the end of the event: standard-2009 8.52)"
    assert rows["C"][4:7] == ["2600", f"Ru 2423 {ru}", "+177"]
    assert rows["I"][4:7] == ["2600", f"Ru 2200 or below {ru}", "+400"]
    # J (2300) lost to C (2423): D = -123; G (2300) is 400 or more below nobody unrated.
    j = next(p for p in players if p.name == "J")
    rows = {row[1]: row for row in rows_of(calculations(j), games_id(period, tournament))[1:-1]}
    assert rows["C"][4:7] == ["2300", f"Ru 2423 {ru}", "-123"]


def test_an_unrated_opponent_400_or_more_above_is_shown_with_the_bound_on_his_ru(
    period_world, compute, publish, django_capture_on_commit_callbacks
):
    """standard-2009 8.54: L (1300) plays U, unrated, in a round robin: U's Ru is more than
    400 above L, so D is -400 and only the bound shows, "1700 or above" (a review found
    "400 or more below" there). Ra = Rar - dpa x n/(n+1) with Rar = (2000 + 2000 + 1300)/3,
    U wins all three."""
    w = period_world
    a, b = w.player("A", 2000, category="standard"), w.player("B", 2000, category="standard")
    low, u = w.player("L", 1300, category="standard"), w.player("U", category="standard")
    tournament = w.tournament(
        [(u, a, 1), (u, b, 1), (u, low, 1), (a, b, 0.5), (a, low, 1), (b, low, 1)],
        category="standard",
        system=Tournament.System.ROUND_ROBIN,
    )
    period = publish(compute("standard", APRIL))
    rows = {row[1]: row for row in rows_of(calculations(low), games_id(period, tournament))[1:-1]}
    ru = "(unrated, rated at the end of the event: standard-2009 8.52)"
    assert rows["U"][4:7] == ["1300", f"Ru 1700 or above {ru}", "-400"]


def test_a_game_against_an_unrated_opponent_is_shown_as_not_rated(
    period_world, compute, publish, django_capture_on_commit_callbacks
):
    """DESIGN.md interpretation 6: in a Swiss event a rated player's game against an unrated
    opponent is not rated; A's change comes from his game against B alone."""
    w = period_world
    a, b, new = w.player("A", 1800), w.player("B", 1700), w.player("New")
    tournament = w.tournament([(a, b, 1), (new, a, 1)])
    period = publish(compute("rapid", APRIL))
    page = calculations(a)
    _, rated, unrated, subtotal = rows_of(page, games_id(period, tournament))
    assert rated[-1] == "+7.20" and subtotal[-1] == "+7.20"
    assert unrated[:6] == ["2", "New", str(new.fide_id), "Black", "1800", "unrated"]
    assert "not rated: the opponent is unrated (interpretation 6)" in unrated[6]
    assert unrated[7:] == ["0", ""]  # the score under "Score" (a review: under PD)
    # The public cannot read DESIGN.md: the citation links to the page stating it.
    assert 'href="/lists/rules/#interpretation-6">interpretation 6</a>' in page


def test_a_game_between_two_unrated_players_is_shown_as_not_rated(
    period_world, compute, publish, django_capture_on_commit_callbacks
):
    """Interpretation 6: games between two unrated players are not rated; outside a
    standard-2009 round robin they do not count towards a first rating either, and the
    page says so rather than point to the events above."""
    w = period_world
    first, second, rated = w.player("First"), w.player("Second"), w.player("Rated", 1600)
    tournament = w.tournament([(first, second, 1), (first, rated, 1)])
    period = publish(compute("rapid", APRIL))
    games = rows_of(calculations(first), games_id(period, tournament))
    between = next(row for row in games if "Second" in row)
    assert "not rated: both players are unrated (interpretation 6)" in between[6]
    against_rated = next(row for row in games if "Rated" in row)
    assert "towards a first rating" in against_rated[6]


def test_a_new_players_page_shows_the_games_still_needed_then_his_first_rating(
    period_world, compute, publish, django_capture_on_commit_callbacks
):
    """R&B 2024 6.1.4: 3 games in April are not enough (5 needed). With May's 3 more,
    pooled: 6 games at 1600 scoring 3 and two hypothetical 1800 draws (7.2.3):
    Ra = (6 x 1600 + 2 x 1800) / 8 = 1650 at 50% -> 1650."""
    w = period_world
    new = w.player("Newcomer")
    opponents = [w.player(f"Opp{i}", 1600) for i in range(6)]
    april_event = w.tournament(
        [(new, opponents[0], 1), (opponents[1], new, 1), (new, opponents[2], 0.5)]
    )
    april = publish(compute("rapid", APRIL))

    page = calculations(new)
    summary = text_of(page, section_id(april))
    assert "Not yet rated" in summary
    assert "3 of the 5 games needed (R&B 2024 6.1.4)" in summary
    _, event = rows_of(page, section_id(april))[:2]
    assert event == ["2025-03-12", "3", "1.5", "1600.00", "", "counted"]
    games = rows_of(page, games_id(april, april_event))
    assert games[1][:6] == ["1", "Opp0", str(opponents[0].fide_id), "White", "unrated", "1600"]
    assert "towards a first rating" in games[1][6]

    w.tournament(
        [(new, opponents[3], 0.5), (opponents[4], new, 1), (new, opponents[5], 1)],
        start=dt.date(2025, 4, 10),
        list_date=MAY,
    )
    may = publish(compute("rapid", MAY))
    summary = text_of(calculations(new), section_id(may))
    assert "First rating" in summary and "1650 (R&B 2024 6.1.4)" in summary
    assert "Games counted 6, scoring 3" in summary
    assert (
        "Worked out Ra = (6 x 1600 + 2 x 1800) / 8 = 1650, with two hypothetical opponents "
        "rated 1800, both drawn (7.2.3); score 4 of 8: p = .50, dp = 0 (7.1.1); "
        "Ru = Ra + dp = 1650, rounded: 1650 (7.2.4)"
    ) in summary
    assert "see the events above" in rows_of(calculations(new), games_id(april, april_event))[1][6]


def test_a_zero_first_event_is_listed_as_disregarded_with_the_reason(
    period_world, compute, publish, django_capture_on_commit_callbacks
):
    """R&B 2024 7.2.2: a zero score in the first event is disregarded; the 5 games of the
    next event count: Ra = (5 x 1600 + 2 x 1800) / 7 = 1657.14 at 50% -> 1657."""
    w = period_world
    new = w.player("Newcomer")
    opponents = [w.player(f"Opp{i}", 1600) for i in range(5)]
    lost = w.tournament([(opponents[0], new, 1), (opponents[1], new, 1)])
    april = publish(compute("rapid", APRIL))
    w.tournament(
        [(new, opponents[0], 1), (opponents[1], new, 1), (new, opponents[2], 0.5),
         (opponents[3], new, 0.5), (new, opponents[4], 0.5)],
        start=dt.date(2025, 4, 10), list_date=MAY,
    )  # fmt: skip
    may = publish(compute("rapid", MAY))
    page = calculations(new)
    # Its games are not "towards a first rating" (a review): the event does not count.
    notes = [row[6] for row in rows_of(page, games_id(april, lost))[1:]]
    assert (
        notes
        == [
            "not counted towards a first rating: a zero score in the first event is disregarded "
            "(R&B 2024 7.2.2)"
        ]
        * 2
    )
    assert "1657" in text_of(page, section_id(may))
    rows = rows_of(page, section_id(may))
    assert ["2025-04-12", "5", "2.5", "1600.00", "", "counted"] in rows
    assert [
        "2025-03-12", "2", "0", "1600.00", "",
        "disregarded: a zero score in the first event is disregarded (R&B 2024 7.2.2)",
    ] in rows  # fmt: skip


def test_a_round_robin_game_against_a_disregarded_first_event_says_why_it_is_not_rated(
    period_world, compute, publish, django_capture_on_commit_callbacks
):
    """standard-2009 6.1: U's first event, half a point in a round robin, is disregarded,
    "and that of his opponents against him": B's game against U is shown unrated with the
    clause, where a round robin would otherwise rate it against U's Ru (8.58); U's page
    lists the event as disregarded."""
    (_, b, _, _), u = half_a_point_round_robin(period_world)
    period = publish(compute("standard", APRIL))
    tournament = Tournament.objects.get(system=Tournament.System.ROUND_ROBIN)
    games = rows_of(calculations(b), games_id(period, tournament))
    against_u = next(row for row in games if "U" in row)
    assert against_u[:6] == ["8", "U", str(u.fide_id), "White", "2000", "unrated"]
    assert (
        "not rated: an unrated player's first event of zero or half a point is "
        "disregarded, and so are the opponents' games against that player (standard-2009 6.1)"
    ) in against_u[6]
    draws = [row for row in games if row[1:2] in (["A"], ["C"], ["D"])]
    assert [row[-1] for row in draws] == ["+0.00"] * 3
    rows = rows_of(calculations(u), section_id(period))
    assert [
        "2025-03-12", "4", "0.5", "2000.00", "",
        "disregarded: zero or half a point in a round robin, the player's first event: left "
        "out of it, and so are the opponents' games against the player (standard-2009 6.1)",
    ] in rows  # fmt: skip


def test_the_public_is_not_told_that_a_player_needs_seven_games_as_a_member(
    world, period_world, compute, publish, django_capture_on_commit_callbacks
):
    """standard-2009 7.14g: Member, of the IBCA, has 5 of his 7 games. Those who may edit
    him read that, with the clause; the public reads what it would of anybody, 5 of the 9
    games (7.14b): the membership tells of a disability (DESIGN-notes 80)."""
    from players.models import Player

    w = period_world
    member = w.player("Member")
    Player.objects.filter(pk=member.pk).update(disability_association="IBCA")
    opponents = [w.player(f"Opp{i}", 2000, category="standard") for i in range(5)]
    w.tournament([(member, o, 0.5) for o in opponents], category="standard")
    period = publish(compute("standard", APRIL))
    public = text_of(calculations(member), section_id(period))
    assert "5 of the 9 games needed (standard-2009 7.14)" in public
    assert "7 games" not in public and "7.14g" not in public
    admin = persona_client(world, "administrator")
    private = text_of(get(f"/lists/players/{member.fide_id}/", admin), section_id(period))
    assert "5 of the 7 games needed (standard-2009 7.14g)" in private


def test_an_adopted_standard_rating_and_a_fall_below_the_floor_are_explained(
    period_world, compute, publish, django_capture_on_commit_callbacks
):
    """R&B 2024 7.2.1: unrated in rapid, standard 2000 used, K 40 as a new player: a win at
    D = 0 is +0.50 x 40 = +20. R&B 2024 6.2.1, interpretation 9: 1405 with 10 games (K 40)
    loses at D = 0: -20 -> 1385, below the floor of 1400."""
    w = period_world
    adopted, rapid = w.player("Adopted", standard=2000), w.player("Rapid", 2000)
    low, mid = w.player("Low", 1405, games=10), w.player("Mid", 1405)
    w.tournament([(adopted, rapid, 1), (mid, low, 1)])
    period = publish(compute("rapid", APRIL))
    summary = text_of(calculations(adopted), section_id(period))
    assert "Standard rating used" in summary
    assert "standard rating 2000 used (R&B 2024 7.2.1)" in summary
    assert "2000 (standard) → 2020" in summary and "+20.00, rounded +20" in summary
    summary = text_of(calculations(low), section_id(period))
    assert "Below the floor" in summary and "1385 is below the floor of 1400" in summary


def test_a_computed_period_is_a_preview_for_officers_only(
    world, period_world, compute, django_capture_on_commit_callbacks
):
    w = period_world
    a, b = w.player("A", 1800), w.player("B", 1700)
    w.tournament([(a, b, 1)])
    period = compute("rapid", APRIL)
    public = calculations(a)
    assert "No calculation of an over-the-board list for A yet" in text_of(
        public, "no-calculations"
    )
    assert section_id(period) not in public
    officer = get(f"/lists/players/{a.fide_id}/", persona_client(world, "officer_b"))
    summary = text_of(officer, section_id(period))
    assert "preview: not published" in summary and "+7.20" in summary


def test_unknown_players_and_tournaments_are_404(db):
    client = Client()
    assert client.get("/lists/players/999999/").status_code == 404
    assert client.get("/lists/tournaments/999999/").status_code == 404


def test_the_calculations_page_stays_within_a_query_budget(
    period_world,
    compute,
    publish,
    django_capture_on_commit_callbacks,
    django_assert_max_num_queries,
):
    """Two lists, four tournaments, eight games: one query for the results, one for all
    their games, whatever their number (and one for the online arena's ratings)."""
    w = period_world
    a = w.player("A", 1800)
    others = [w.player(f"O{i}", 1700 + 10 * i) for i in range(8)]
    w.tournament([(a, others[0], 1), (others[1], a, 0.5)])
    w.tournament([(a, others[2], 0), (others[3], a, 1)], start=dt.date(2025, 3, 20))
    publish(compute("rapid", APRIL))
    w.tournament([(a, others[4], 1), (others[5], a, 0)], start=dt.date(2025, 4, 10), list_date=MAY)
    w.tournament(
        [(a, others[6], 1), (others[7], a, 0.5)], start=dt.date(2025, 4, 12), list_date=MAY
    )
    publish(compute("rapid", MAY))
    client = Client()
    with django_assert_max_num_queries(6):
        page = get(f"/lists/players/{a.fide_id}/", client)
    assert page.count('class="game') == 8


def test_older_lists_are_on_further_pages(period_world):
    """Twelve lists a page, newest first."""
    w = period_world
    a = w.player("A", 1800)
    for month in range(1, 14):
        period = RatingPeriod.objects.create(
            category="rapid", list_date=dt.date(2024, month, 1) if month < 13 else MAY,
            closing_date=dt.date(2024, 1, 1), status="computed", computed_run=1,
        )  # fmt: skip
        PeriodResult.objects.create(
            period=period, run=1, player=a, kind="rated", rules="rapid-blitz-2024",
            old_rating=1800, new_rating=1800, k=20,
        )  # fmt: skip
    RatingPeriod.objects.update(status="published")  # then published, never changed again
    first = calculations(a)
    assert first.count('class="card mb-4 period-result"') == 12
    assert "Rapid list of 2025-05-01" in first and "Rapid list of 2024-01-01" not in first
    assert 'id="older-lists" href="?page=2"' in first
    second = get(f"/lists/players/{a.fide_id}/?page=2")
    assert "Rapid list of 2024-01-01" in second
    before_the_first = get(f"/lists/players/{a.fide_id}/?page=0")  # the newest, not the oldest
    assert "Rapid list of 2025-05-01" in before_the_first
    assert "Rapid list of 2024-01-01" not in before_the_first


# -- the player page -----------------------------------------------------------------------------


def chart_json(page: str) -> dict:
    found = re.search(
        r'<script id="rating-history-data" type="application/json">(.*?)</script>', page, re.S
    )
    assert found, "no chart data"
    return json.loads(found.group(1))


def test_the_player_page_charts_each_categorys_history_from_the_published_lists(
    period_world, compute, publish, django_capture_on_commit_callbacks
):
    """After April's list (A 1800 beats B 1700: +7), A's history is 1800 (March) and 1807
    (April) in rapid; his standard rating 2000 of March is a second line."""
    w = period_world
    a, b = w.player("A", 1800, standard=2000), w.player("B", 1700)
    w.tournament([(a, b, 1)])
    publish(compute("rapid", APRIL))
    page = get(f"/players/{a.fide_id}/")
    assert chart_json(page) == {
        "datasets": [
            {"category": "standard", "label": "Standard",
             "points": [{"x": "2025-03-01", "y": 2000}]},
            {"category": "rapid", "label": "Rapid",
             "points": [{"x": "2025-03-01", "y": 1800}, {"x": "2025-04-01", "y": 1807}]},
        ],
    }  # fmt: skip
    assert 'id="rating-history-chart"' in page
    assert "/static/vendor/chartjs/chart.umd.min.js" in page
    assert "/static/js/rating-chart.js" in page
    assert rows_of(page, "current-rapid") == [
        ["Rapid", "1807", "41", "20", "1", "Rated · active", "2025-04-01", "Calculate a change"]
    ]
    assert f'href="/lists/players/{a.fide_id}/"' in page
    assert "How each rating was computed" in page


def test_a_delisted_player_is_shown_unrated_with_the_rating_that_delisted_him(
    period_world, compute, publish
):
    """Interpretation 9 (R&B 2024 6.2.1): X (1405, 10 games, K 40) loses at D = 0:
    -0.5 x 40 = -20 -> 1385, below the floor of 1400: unrated from this list on."""
    w = period_world
    x = w.player("X", 1405, games=10)
    w.tournament([(w.player("Y", 1405), x, 1)])
    publish(compute("rapid", APRIL))
    row = rows_of(get(f"/players/{x.fide_id}/"), "current-rapid")[0]
    assert row[1:2] == ["unrated (delisted at 1385)"] and row[5].startswith("Delisted")


def test_a_player_without_history_gets_no_chart_but_a_sentence(period_world):
    page = get(f"/players/{period_world.player('Fresh').fide_id}/")
    assert "No published rating lists yet" in page
    assert "rating-history-chart" not in page and "chart.umd.min.js" not in page


def test_chart_js_is_vendored_with_its_licence():
    for name in ("vendor/chartjs/chart.umd.min.js", "vendor/chartjs/LICENSE.md",
                 "vendor/chartjs/chart.umd.min.js.map", "js/rating-chart.js"):  # fmt: skip
        assert finders.find(name), name


def test_a_round_robin_rated_as_a_swiss_explains_its_games_against_the_unrated_as_a_swiss(
    period_world, compute, publish, django_capture_on_commit_callbacks
):
    """standard-2009 6.4: a double round robin whose seventh player, X, forfeited every
    game (``entrants=7``) is rated as a Swiss event, so D's games against the newcomer U
    are not rated (6.42). The page read the event as an 8.58 round robin and told D that
    he was "delisted since the tournament began" (a review)."""
    w = period_world
    rated = [w.player(name, 2000, category="standard") for name in "ABCDE"]
    u = w.player("U")
    games = [(x, y, 0.5) for x, y in combinations(rated, 2)] * 2
    games += [(u, r, 0.5) for r in rated[:3]] * 2 + [(rated[3], u, 1), (rated[4], u, 1)] * 2
    tournament = w.tournament(
        games, category="standard", system=Tournament.System.DOUBLE_ROUND_ROBIN, entrants=7
    )
    period = publish(compute("standard", APRIL))
    d = rated[3]
    rows = rows_of(calculations(d), games_id(period, tournament))
    against_u = [row for row in rows if "U" in row]
    assert len(against_u) == 2
    notes = [row[6] for row in against_u]
    assert all("delisted" not in note for note in notes), notes
    assert all("the opponent is unrated" in note for note in notes), notes


# -- the crosstable ------------------------------------------------------------------------------


@pytest.fixture
def three_players(period_world):
    """A 1800, B 1700, C 2000. R1 A-B 1-0, R2 C-A ½-½, R3 B-C 0-1. A and C 1½ (A first by
    name), B 0."""
    w = period_world
    a, b, c = w.player("A", 1800), w.player("B", 1700), w.player("C", 2000)
    tournament = w.tournament([(a, b, 1), (c, a, 0.5), (b, c, 0)], name="Crosstable Open")
    return tournament, a, b, c


def test_the_crosstable_shows_results_and_no_changes_before_publication(
    three_players, compute, django_capture_on_commit_callbacks
):
    """Before, the ratings in force at the start (interpretation 2), which it will be rated
    from: a review found no rating at all until the list came out."""
    tournament, a, b, c = three_players
    for _ in range(2):  # approved, then computed but not published
        page = get(f"/lists/tournaments/{tournament.pk}/")
        assert rows_of(page, "crosstable") == [
            ["Rank", "Player", "FIDE ID", "Fed.", "Rating at the start", "R1", "R2", "R3",
             "Total"],
            ["1", "A", str(a.fide_id), "NOR", "1800", "3w1", "2b½", NO_GAME, "1½"],
            ["2", "C", str(c.fide_id), "NOR", "2000", NO_GAME, "1w½", "3b1", "1½"],
            ["3", "B", str(b.fide_id), "NOR", "1700", "1b0", NO_GAME, "2w0", "0"],
        ]  # fmt: skip
        assert "Not yet rated" in page and f"K {TIMES} ΣdR" not in page
        compute("rapid", APRIL)


def test_the_crosstable_shows_each_players_change_once_published(
    three_players, compute, publish, django_capture_on_commit_callbacks
):
    """K 20 (R&B 2024 7.3.3). A: +0.36 (D +100) + 0.26 (D -200, draw) = 0.62 -> +12.40.
    C: 0.5 - 0.76 = -0.26 (D +200), 1 - 0.85 = +0.15 (D +300) -> -0.11 x 20 = -2.20.
    B: -0.36 (D -100), 0 - 0.15 (D -300) -> -0.51 x 20 = -10.20. Each shown with its
    rounded value too (interpretation 5; R&B 2024 7.3.4: +12, -2, -10)."""
    tournament, a, _, _ = three_players
    publish(compute("rapid", APRIL))
    page = get(f"/lists/tournaments/{tournament.pk}/")
    rows = rows_of(page, "crosstable")
    assert rows[0] == ["Rank", "Player", "FIDE ID", "Fed.", "Rating", "R1", "R2", "R3", "Total",
                       "K", f"Change (K {TIMES} ΣdR, rounded)"]  # fmt: skip
    assert [row[:2] + row[4:5] + row[-3:] for row in rows[1:]] == [
        ["1", "A", "1800", "1½", "20", "+12.40 (+12)"],
        ["2", "C", "2000", "1½", "20", "-2.20 (-2)"],
        ["3", "B", "1700", "0", "20", "-10.20 (-10)"],
    ]
    assert "Rated on the Rapid list of 2025-04-01" in page
    assert f'href="/lists/players/{a.fide_id}/#period-rapid-2025-04"' in page


@pytest.mark.parametrize(
    ("category", "shown"),
    [
        # R&B 2024 7.3.4: the change is rounded, 0.5 away from zero: -2.50 -> -3.
        # B, K 20 (7.3.3): 0.5 - 0.25 = +0.25 -> +5.00.
        ("rapid", [("A", "10", "-2.50 (-3)"), ("B", "20", "+5.00 (+5)")]),
        # standard-2009 8.57: the new rating is rounded, 0.5 up: 2397.50 -> 2398, -2.
        # B, K 15 (8.56): +0.25 x 15 = +3.75 -> 2213.75 -> 2214, +4.
        ("standard", [("A", "10", "-2.50 (-2)"), ("B", "15", "+3.75 (+4)")]),
    ],
)
def test_the_crosstable_rounds_a_half_as_the_rule_set_does(
    period_world, compute, publish, django_capture_on_commit_callbacks, category, shown
):
    """Interpretation 5: a tournament's K x sum(dR) with its rounded value. A (2400, K 10)
    draws B (2210): D 190, P_D .75 (table 8.1b), 0.5 - 0.75 = -0.25, x 10 = -2.50, which
    the two rule sets round differently."""
    w = period_world
    a = w.player("A", 2400, category=category, reached_2400=True)
    b = w.player("B", 2210, category=category)
    tournament = w.tournament([(a, b, 0.5)], category=category)
    publish(compute(category, APRIL))
    rows = rows_of(get(f"/lists/tournaments/{tournament.pk}/"), "crosstable")
    assert [(row[1], row[-2], row[-1]) for row in rows[1:]] == shown


def test_the_crosstable_counts_forfeits_and_byes_in_the_standings(
    period_world, tmp_path, compute, publish, django_capture_on_commit_callbacks
):
    """Only games played over the board are rated (interpretation 6), but the standings are
    the report's: R1 A beats B; R2 B wins by forfeit against C, A has a half-point bye; C
    had a full-point bye in R1. A 1½, then C and B on 1, in the order the TRF ranks them
    (C 2nd on its tie-break), not by name."""
    from django.core.files.base import ContentFile

    from tests.tournaments.reports.trf_builder import player_line, trf
    from tournaments.models import PlayerMatch, TournamentReport

    w = period_world
    a, b, c = w.player("A", 1800), w.player("B", 1700), w.player("C", 1600)
    tournament = w.tournament([(a, b, 1)], name="Forfeit Open")
    lines = [
        player_line(1, "A", points="1.5", final_rank=1, rounds=("   2 w 1", "0000 - H")),
        player_line(2, "B", points="1.0", final_rank=3, rounds=("   1 b 0", "   3 w +")),
        player_line(3, "C", points="1.0", final_rank=2, rounds=("0000 - F", "   2 b -")),
    ]
    report = TournamentReport.objects.get(tournament=tournament)
    report.file.save("forfeit.trf", ContentFile(trf(lines, dates=("25/03/01", "25/03/02"))))
    for rank, player in enumerate((a, b, c), start=1):
        PlayerMatch.objects.create(
            report=report, start_rank=rank, trf_name=player.name, player=player, status="matched"
        )
    rows = rows_of(get(f"/lists/tournaments/{tournament.pk}/"), "crosstable")
    assert [row[:2] + row[4:] for row in rows[1:]] == [
        ["1", "A", "1800", "3w1", "bye ½", "1½"],
        ["2", "C", "1600", "bye 1", "3b-", "1"],
        ["3", "B", "1700", "1b0", "2w+", "1"],
    ]
    assert "Not yet rated" in get(f"/lists/tournaments/{tournament.pk}/")
    # Rated: C, with a bye and a forfeit only, is shown with his rating in force at the
    # start (interpretation 2), not "unrated" (a review).
    publish(compute("rapid", APRIL))
    rows = rows_of(get(f"/lists/tournaments/{tournament.pk}/"), "crosstable")
    assert [row[4] for row in rows[1:]] == ["1800", "1600", "1700"]
    # The file is read once, not on every view of a public page (a review timed a large
    # open's at 0.4 s a view): gone from storage since, its byes and forfeits still show.
    report.file.storage.delete(report.file.name)
    rows = rows_of(get(f"/lists/tournaments/{tournament.pk}/"), "crosstable")
    assert [row[5:8] for row in rows[1:]] == [["3w1", "bye ½", "1½"], ["bye 1", "3b-", "1"],
                                             ["1b0", "2w+", "1"]]  # fmt: skip


def test_a_tournament_of_forfeits_alone_says_it_changed_no_rating_once_its_list_is_out(
    period_world, compute, publish, django_capture_on_commit_callbacks
):
    """Interpretation 6: forfeits are not rated. A report of forfeits alone is rated on its
    list with nothing to rate (the publication marks it rated); its crosstable said "Not
    yet rated" for ever (a review)."""
    from django.core.files.base import ContentFile

    from tests.tournaments.reports.trf_builder import player_line, trf
    from tournaments.models import PlayerMatch, TournamentReport

    w = period_world
    a, b = w.player("A", 1800), w.player("B", 1700)
    w.tournament([(w.player("C", 1600), w.player("D", 1500), 1)], name="Played Open")
    tournament = w.tournament([], name="Forfeit Open")
    lines = [
        player_line(1, "A", points="1.0", final_rank=1, rounds=("   2 w +",)),
        player_line(2, "B", points="0.0", final_rank=2, rounds=("   1 b -",)),
    ]
    report = TournamentReport.objects.get(tournament=tournament)
    report.file.save("forfeit.trf", ContentFile(trf(lines, dates=("25/03/01",))))
    for rank, player in enumerate((a, b), start=1):
        PlayerMatch.objects.create(
            report=report, start_rank=rank, trf_name=player.name, player=player, status="matched"
        )
    assert "Not yet rated" in get(f"/lists/tournaments/{tournament.pk}/")
    publish(compute("rapid", APRIL))
    page = get(f"/lists/tournaments/{tournament.pk}/")
    assert [row[:2] + row[5:] for row in rows_of(page, "crosstable")[1:]] == [
        ["1", "A", "2w+", "1"],
        ["2", "B", "1b-", "0"],
    ]
    assert "Not yet rated" not in page
    assert "Rated on the list of 2025-04-01: no game of it was played over the board" in page


@pytest.fixture
def approved(world):
    """The world's tournament, approved: on the public pages, without a report yet."""
    tournament = world["tournament"]
    tournament.status = "approved"
    tournament.save()
    return tournament


def test_the_crosstable_marks_a_standard_rating_used_in_rapid(
    period_world, compute, publish, django_capture_on_commit_callbacks
):
    """R&B 2024 7.2.1: unrated in rapid, Adopted is rated from his standard 2000; the
    crosstable says the rating it shows is his standard one."""
    w = period_world
    adopted, rapid = w.player("Adopted", standard=2000), w.player("Rapid", 2000)
    # A standard rating the registry holds without a list's date stands for rapid too.
    undated = w.player("Undated")
    factories.RatingStateFactory(player=undated, category="standard", rating=1900)
    tournament = w.tournament([(adopted, rapid, 1), (undated, rapid, 0)])
    # Before the list, the rating it will be rated from (a review found "unrated").
    before = {
        row[1]: row[4] for row in rows_of(get(f"/lists/tournaments/{tournament.pk}/"), "crosstable")
    }
    assert (before["Adopted"], before["Rapid"]) == ("2000 (standard)", "2000")
    assert before["Undated"] == "1900 (standard)"
    publish(compute("rapid", APRIL))
    page = get(f"/lists/tournaments/{tournament.pk}/")
    rows = rows_of(page, "crosstable")
    by_name = {row[1]: row for row in rows[1:]}
    assert by_name["Adopted"][4] == "2000 (standard)"
    assert 'title="Unrated in the category: standard rating 2000 used (R&amp;B 2024 7.2.1)"' in page
    assert by_name["Rapid"][4] == "2000" and "(standard)" not in by_name["Rapid"]


def test_the_tournament_page_says_to_be_rated_until_its_list_is_published(
    three_players, compute, publish, django_capture_on_commit_callbacks
):
    """Interpretation 8: approved, the tournament waits for the list of 2025-04-01; once
    that list is published it is rated on it, and the page links to the list."""
    tournament = three_players[0]
    ready = get(f"/tournaments/{tournament.pk}/")
    assert "To be rated on the list of 2025-04-01" in text_of(ready, "list-date")
    publish(compute("rapid", APRIL))
    rated = get(f"/tournaments/{tournament.pk}/")
    assert text_of(rated, "list-date") == "Rated on the list of 2025-04-01"
    assert 'href="/lists/rapid/2025-04/">list of 2025-04-01</a>' in rated


def test_the_crosstable_says_why_a_rated_players_games_were_not_rated(
    period_world, compute, publish, django_capture_on_commit_callbacks
):
    """Interpretation 6: Rated (2000) met only the new player New, so none of his games
    counted. Where K x ΣdR would be, the crosstable says "no game rated", and why on
    pointing at it; New's row says he is not yet rated (one game is no first rating)."""
    w = period_world
    rated, new = w.player("Rated", 2000), w.player("New")
    tournament = w.tournament([(rated, new, 1)], name="Newcomers Open")
    publish(compute("rapid", APRIL))
    page = get(f"/lists/tournaments/{tournament.pk}/")
    by_name = {row[1]: row for row in rows_of(page, "crosstable")[1:]}
    assert by_name["Rated"][4] == "2000" and by_name["Rated"][-1] == "no game rated"
    assert by_name["New"][-1] == "not yet rated"
    assert 'title="Not rated: the opponent is unrated (interpretation 6)"' in page


@pytest.mark.parametrize(
    ("april_games", "event"),
    [
        # R&B 2024 6.1.4: 1.5 of 3 against 1600, pooled with May's 3 games into 1650.
        ([(0, 1), (1, 0), (2, 0.5)], "this event counted"),
        # R&B 2024 7.2.2: a zero first event is disregarded; May's 3 games alone, 1657.
        ([(0, 0), (1, 0)], "this event disregarded"),
    ],
)
def test_the_crosstable_of_a_first_event_shows_the_first_rating_a_later_list_gave(
    period_world, compute, publish, django_capture_on_commit_callbacks, april_games, event
):
    """A review: April's crosstable said "not yet rated" of Newcomer for good, though May's
    list rated him. Once May's list is out, his row names that first rating, its list, and
    whether this event counted in it (the events are told apart by their end date)."""
    w = period_world
    new = w.player("Newcomer")
    opponents = [w.player(f"Opp{i}", 1600) for i in range(8)]
    april_event = w.tournament([(new, opponents[i], points) for i, points in april_games])
    publish(compute("rapid", APRIL))
    url = f"/lists/tournaments/{april_event.pk}/"
    assert {row[1]: row for row in rows_of(get(url), "crosstable")[1:]}["Newcomer"][-1] == (
        "not yet rated"
    )
    w.tournament(
        [(new, opponents[3], 0.5), (opponents[4], new, 1), (new, opponents[5], 1),
         (new, opponents[6], 0.5), (opponents[7], new, 0.5)],
        start=dt.date(2025, 4, 10), list_date=MAY,
    )  # fmt: skip
    may = publish(compute("rapid", MAY))
    rating = PeriodResult.objects.get(period=may, run=may.computed_run, player=new).new_rating
    page = get(url)
    row = {row[1]: row for row in rows_of(page, "crosstable")[1:]}["Newcomer"]
    assert row[-1] == f"first rating {rating} on the list of 2025-05-01, {event}"
    assert f'href="/lists/players/{new.fide_id}/#period-rapid-2025-05"' in page


def test_the_crosstable_names_6_1_for_games_against_a_player_left_out(
    period_world, compute, publish, django_capture_on_commit_callbacks
):
    """standard-2009 6.1: in a double round robin of Rated (2000) and the new player U, U
    loses both games, his first event: he is left out, and Rated's games against him with
    him. Rated's row says no game rated, naming 6.1 (Django writes the apostrophes as
    &#x27;)."""
    w = period_world
    rated, u = w.player("Rated", 2000, category="standard"), w.player("U")
    tournament = w.tournament(
        [(rated, u, 1), (u, rated, 0)], category="standard", system=Tournament.System.ROUND_ROBIN
    )
    publish(compute("standard", APRIL))
    page = get(f"/lists/tournaments/{tournament.pk}/")
    by_name = {row[1]: row for row in rows_of(page, "crosstable")[1:]}
    assert by_name["Rated"][-1] == "no game rated"
    assert "the opponents&#x27; games against that player (standard-2009 6.1)" in page


def test_the_crosstable_of_a_tournament_without_a_report_is_empty_and_public(approved):
    assert "No approved report yet" in get(f"/lists/tournaments/{approved.pk}/")


def test_a_tournament_the_public_may_not_see_has_no_public_crosstable(world):
    """A registration not yet approved is its arbiters' and officers' only (a 404)."""
    tournament = world["tournament"]
    assert Client().get(f"/lists/tournaments/{tournament.pk}/").status_code == 404
    assert get(f"/lists/tournaments/{tournament.pk}/", persona_client(world, "arbiter"))


def test_the_tournament_page_links_to_its_crosstable(approved):
    tournament = approved
    page = get(f"/tournaments/{tournament.pk}/")
    assert f'href="/lists/tournaments/{tournament.pk}/"' in page


def test_the_readings_the_explanations_cite_are_on_a_public_page(period_world):
    """The explanations cite the federation's readings by number ("interpretation 6"); the
    public has the regulations, not DESIGN.md. The page states each reading under its
    number, and the rule set in force for each category by start date (standard-2009 0.1,
    R&B 2024 0.1), with its floor (standard-2009 0.6: 1200; R&B 2024 6.1.2: 1400)."""
    page = get("/lists/rules/")
    for number in range(1, 11):
        assert f'id="interpretation-{number}"' in page
    assert "are never rated and count nowhere" in text_of(page, "readings")
    rows = rows_of(page, "rule-set-schedule")
    standard = [row for row in rows if row and row[0] == "standard"]
    assert [(row[2], row[3]) for row in standard] == [
        ("before 2009-07-01", "1801"),
        ("from 2009-07-01", "1200"),
    ]
    shown = {(row[0], row[2], row[3]) for row in rows if row}
    assert {("rapid", "before 2024-01-01", "1000"), ("rapid", "from 2024-01-01", "1400")} <= shown


def test_the_readings_page_states_design_md_interpretations_word_for_word():
    """The page quotes the binding text; a reading changed in DESIGN.md and not here (or
    the reverse) fails."""
    import pathlib

    from lists.readings import INTERPRETATIONS

    design = pathlib.Path(__file__).resolve().parents[2].parent / "shared" / "DESIGN.md"
    section = design.read_text().split("## Interpretations", 1)[1].split("\n## ", 1)[0]
    numbered = re.findall(r"^(\d+)\. (.*?)(?=^\d+\. |\Z)", section, re.S | re.M)
    stated = {int(number): " ".join(text.split()) for number, text in numbered}
    assert {r.number: r.text for r in INTERPRETATIONS} == stated


def test_in_a_round_robin_a_player_delisted_since_the_start_is_told_so():
    """standard-2009 8.58 counts a rated player's game against an unrated opponent; one not
    counted for a player who shows a rating there was not counted because he was delisted
    since the start (interpretation 9), not because the opponent was unrated (a review)."""
    from lists.views_player import UNRATED_OPPONENT, GameLine

    line = GameLine(
        round=1, opponent=None, white=True, rating=1450, opponent_rating=None,
        difference=None, expected_hundredths=None, score_halves=2, k=None,
        clause="standard-2009 8.54",
    )  # fmt: skip
    assert line.note == UNRATED_OPPONENT  # a Swiss event: the opponent's being unrated
    assert replace(line, unrated_games_count=True).note == DELISTED_SINCE


def test_a_result_without_each_rule_sets_k_shows_no_k_for_the_earlier_rule_set():
    """A result written before each rule set's K was kept (a period spanning two rule sets
    rated each by its own K) knows only the last K: the earlier rule set's tournaments show
    none rather than a wrong one (a review: K 40 shown where K 20 was used)."""
    mixed = PeriodResult(
        rules="rapid-blitz-2024",
        k=40,
        explanation={"rule_sets": ["rapid-blitz-2024", "rapid-blitz-pre2024"]},
    )
    assert (mixed.k_under("rapid-blitz-2024"), mixed.k_under("rapid-blitz-pre2024")) == (40, None)
    assert PeriodResult(rules="rapid-blitz-2024", k=20).k_under("rapid-blitz-2024") == 20
