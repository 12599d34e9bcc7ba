"""A player whose status changed between a tournament's start and its rating: rated for the
first time meanwhile (standard-2009 8.4, R&B 2024 7.2.5), or delisted meanwhile
(interpretation 9); and the K a first rating is listed with."""

from __future__ import annotations

import datetime as dt

from lists import services
from lists.models import ListEntry, RatingPeriod
from lists.selectors import computed_results
from lists.services import period_publish
from players.access import Actor
from players.models import RatingState
from tests.lists.conftest import APRIL, MAY
from tests.lists.test_period_partitions import computed, split_in

ADMIN = Actor(is_administrator=True)


def results(period) -> dict:
    return {r.player.name: r for r in computed_results(period)}


def test_a_player_rated_since_the_start_is_rated_with_his_rating_his_opponents_not(
    period_world, compute, django_capture_on_commit_callbacks, settings
):
    """R&B 2024 7.2.5 (standard-2009 8.4): N gets his first rating on the April list, 1657
    (five draws against 1600 and two hypothetical 1800 draws, 7.2.3: 11,600 / 7 = 1657.14
    at 50%). T2 started on 28 March, when he was unrated, and is rated on the May list: he
    is rated in it as a rated player with his current rating. D = 57 -> P_D .58; three
    wins: 3 - 1.74 = 1.26, x K 40 (new, 7.3.3) = +50.40 -> 1707. His opponents count him
    as unrated: their games against him are not rated (interpretation 6)."""
    w = period_world
    n = w.player("N")
    opponents = [w.player(f"O{i}", 1600) for i in range(8)]
    w.tournament([(n, opponents[i], 0.5) for i in range(5)], start=dt.date(2025, 3, 5))
    w.tournament(
        [(n, opponents[5 + i], 1) for i in range(3)],
        start=dt.date(2025, 3, 28),
        end=dt.date(2025, 4, 20),
        list_date=MAY,
    )
    april = compute("rapid", APRIL)
    assert (results(april)["N"].kind, results(april)["N"].new_rating) == ("initial", 1657)
    period_publish(period=april, actor=ADMIN)

    may = compute("rapid", MAY)
    got = results(may)
    assert (got["N"].kind, got["N"].old_rating, got["N"].k) == ("rated", 1657, 40)
    assert (got["N"].change_hundredths, got["N"].new_rating) == (5040, 1707)
    assert not {"O5", "O6", "O7"} & set(got)
    assert split_in(may, 2, settings, django_capture_on_commit_callbacks) == computed(may)


def test_a_player_delisted_since_the_start_is_unrated_for_himself_not_for_his_opponents(
    period_world, compute, django_capture_on_commit_callbacks
):
    """Interpretation 9: X (1405, 10 games, K 40) loses at D = 0 on the April list: 1385,
    below the floor of 1400 (R&B 2024 6.2.1), delisted. T2 started on 28 March, when X was
    1405, and is rated on the May list. X is unrated from April on: his win waits as a new
    player's result and he is not listed. His opponent counts him as he was at the start
    (interpretation 2, as in 7.2.5): Opp (1605, K 20) loses at D = 200 (P_D .76):
    -0.76 x 20 = -15.20 -> 1590."""
    w = period_world
    x, mid, opp = w.player("X", 1405, games=10), w.player("Mid", 1405), w.player("Opp", 1605)
    w.tournament([(mid, x, 1)])
    w.tournament([(x, opp, 1)], start=dt.date(2025, 3, 28), end=dt.date(2025, 4, 20), list_date=MAY)
    april = compute("rapid", APRIL)
    assert results(april)["X"].kind == "delisted"
    period_publish(period=april, actor=ADMIN)

    may = compute("rapid", MAY)
    got = results(may)
    assert (got["X"].kind, got["X"].new_rating) == ("pending", None)
    assert (got["Opp"].kind, got["Opp"].new_rating) == ("rated", 1590)
    period_publish(period=may, actor=ADMIN)
    assert not ListEntry.objects.filter(period=may, player=x).exists()
    assert RatingState.objects.get(player=x, category="rapid").status == "delisted"


def test_a_result_that_waited_after_a_delisting_is_pooled_later(
    period_world, compute, publish, django_capture_on_commit_callbacks, settings
):
    """Interpretation 9 and R&B 2024 6.1.4: X is delisted on the April list; his win in T2
    (started when he was 1405, rated on the May list) waits as a new player's result. In
    June four draws against 1600 join it: five games, pooled with two hypothetical 1800
    draws (7.2.3): Ra = (1605 + 4 x 1600 + 2 x 1800) / 7 = 1657.86; 4 points of 7: p .57,
    dp 50 -> 1707.86 -> 1708. Without T2 four games would not be enough."""
    w = period_world
    x, mid, opp = w.player("X", 1405, games=10), w.player("Mid", 1405), w.player("Opp", 1605)
    w.tournament([(mid, x, 1)])
    w.tournament([(x, opp, 1)], start=dt.date(2025, 3, 28), end=dt.date(2025, 4, 20), list_date=MAY)
    publish(compute("rapid", APRIL))
    publish(compute("rapid", MAY))
    june = dt.date(2025, 6, 1)
    others = [w.player(f"J{i}", 1600) for i in range(4)]
    w.tournament([(x, other, 0.5) for other in others], start=dt.date(2025, 5, 10), list_date=june)
    period = compute("rapid", june)
    got = results(period)["X"]
    assert (got.kind, got.new_rating, got.games) == ("initial", 1708, 5)
    assert [event["games"] for event in got.explanation["counted"]] == [1, 4]
    assert split_in(period, 2, settings, django_capture_on_commit_callbacks) == computed(period)


def test_a_player_delisted_after_a_standard_rating_was_used_is_rated_from_it_again(
    period_world, compute, django_capture_on_commit_callbacks
):
    """R&B 2024 7.2.1 with 6.2.1 (DESIGN-notes 100): A, unrated in rapid, is rated from his
    standard rating, 1410, in April; he loses at D = 0 with K 40: 1390, below 1400,
    delisted. In May he is an unrated player like any other, and his standard rating at
    the start, 1410, is used again: against 1600, D = 190, P_D .25; a win with K 40 (one
    rated game so far, 7.3.3): 1410 + 30 = 1440; O2, K 20: 1600 - 15 = 1585."""
    w = period_world
    a = w.player("A", standard=1410)
    o1, o2 = w.player("O1", 1410), w.player("O2", 1600)
    w.tournament([(o1, a, 1)])
    april = compute("rapid", APRIL)
    assert results(april)["A"].kind == "delisted"
    period_publish(period=april, actor=ADMIN)
    w.tournament([(a, o2, 1)], start=dt.date(2025, 4, 10), list_date=MAY)
    got = results(compute("rapid", MAY))
    assert {name: (r.kind, r.new_rating, r.k) for name, r in got.items()} == {
        "A": ("adopted", 1440, 40),
        "O2": ("rated", 1585, 20),
    }


def test_a_first_rating_is_listed_with_a_new_players_k(
    period_world, compute, django_capture_on_commit_callbacks
):
    """R&B 2024 7.2.3-7.2.4: five wins against 2300 and two hypothetical 1800 draws:
    Ra = 15,100 / 7 = 2157.14, p = 12/14 -> .86 -> dp 309 -> 2466, capped at 2200. The
    list shows K (6.1.2): 40, a new player's (7.3.3: fewer than 30 games)."""
    w = period_world
    n = w.player("N")
    w.tournament([(n, w.player(f"O{i}", 2300), 1) for i in range(5)])
    period = compute("rapid", APRIL)
    got = results(period)["N"]
    assert (got.kind, got.new_rating, got.k, got.list_k) == ("initial", 2200, None, 40)
    period_publish(period=period, actor=ADMIN)
    entry = ListEntry.objects.get(period=period, player=n)
    assert (entry.rating, entry.k) == (2200, 40)
    assert RatingState.objects.get(player=n, category="rapid").k == 40


def test_a_period_written_without_naming_its_publication_failure_has_none(db):
    """During a rolling deploy, processes still running the code from before the column
    create periods without naming it: the database's default stands in for them."""
    from django.db import connection

    from lists.models import RatingPeriod

    with connection.cursor() as cursor:
        cursor.execute(
            "INSERT INTO lists_ratingperiod (category, list_date, closing_date, status, "
            "failure_reason, progress_done, progress_total, run, computed_run, claim_token, "
            "partitions, partitions_done, tournaments_count, games_count, created_at) "
            "VALUES ('rapid', %s, %s, 'open', '', 0, 0, 0, 0, '', 1, 0, 0, 0, %s)",
            [MAY, MAY, dt.datetime(2025, 4, 1, tzinfo=dt.UTC)],
        )
    assert RatingPeriod.objects.get(list_date=MAY).publication_failure == ""


def test_a_standard_rating_is_read_for_each_start_a_player_is_unrated_at(
    period_world, compute, django_capture_on_commit_callbacks
):
    """R&B 2024 7.2.1 is decided at each tournament's start. N, unrated in rapid, is rated
    from his standard rating (1900) on April's list; in T, which started on 28 March
    (March's list in force: N unrated there), B plays him at 1900. A review found B's game
    rated only while no other tournament of the period started after April's list: an
    unrelated one made N count as rated throughout and his standard rating go unread.
    B: D = 300, P_D .15, lost with K 20: 1600 - 3 = 1597."""
    w = period_world
    n = w.player("N", standard=1900)
    a, b = w.player("A", 1800), w.player("B", 1600)
    w.tournament([(n, a, 0.5)], start=dt.date(2025, 3, 5), name="T0")
    w.tournament([(n, b, 1)], start=dt.date(2025, 3, 28), end=dt.date(2025, 4, 20),
                 list_date=MAY, name="T")  # fmt: skip
    c, d = w.player("C", 1700), w.player("D", 1700)
    w.tournament([(c, d, 0.5)], start=dt.date(2025, 4, 10), list_date=MAY, name="Later")
    april = compute("rapid", APRIL)
    assert results(april)["N"].kind == "adopted"
    period_publish(period=april, actor=ADMIN)
    got = results(compute("rapid", MAY))
    assert (got["B"].kind, got["B"].new_rating) == ("rated", 1597)


def test_a_list_published_while_the_next_one_is_computed_makes_it_compute_again(
    period_world, compute, publish, monkeypatch, django_capture_on_commit_callbacks
):
    """Interpretation 4: May's list starts from April's. Published while May's run was
    under way, after it had read its inputs, April's list changed the states that run
    rated from (a review: a player April delisted was rated and delisted again by May).
    The run's end came after the publication, its start before: May is refused until it is
    computed again, and beat computes it again (``computed_before_their_start``)."""
    w = period_world
    anna, bo = w.player("Anna", 1800), w.player("Bo", 1700)
    w.tournament([(bo, anna, 1)], start=dt.date(2025, 4, 5), end=dt.date(2025, 4, 6), list_date=MAY)
    april = compute("rapid", APRIL)  # nothing to rate: it lists the players as they were
    may = services.period_get_or_create(category="rapid", list_date=MAY)
    services.period_close(period=may)
    may.refresh_from_db()
    rate = services.compute_period

    def april_published_meanwhile(**arguments):
        publish(april)
        return rate(**arguments)

    monkeypatch.setattr(services, "compute_period", april_published_meanwhile)
    with django_capture_on_commit_callbacks(execute=True):
        services.period_compute_request(period=may, actor=ADMIN)
    may.refresh_from_db()
    assert (april.status, may.status) == ("published", "computed")
    assert "compute it again" in services.publication_refusal(may, MAY)
    assert services.computed_before_their_start(RatingPeriod.objects.all()).get() == may

    monkeypatch.setattr(services, "compute_period", rate)
    may = compute("rapid", MAY)
    assert services.publication_refusal(may, MAY) is None
