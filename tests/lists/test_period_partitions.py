"""A period shared by player id between parts (issue 4, README "Scaling the computation"):
each part reads only its players' games, yet the parts together give exactly what one
computation gives, where a game's figures depend on games between other players too."""

from __future__ import annotations

import datetime as dt
import random
from itertools import combinations

import pytest

from lists.models import PeriodResult, RatingPeriod
from lists.period_inputs import Part, load_period_inputs
from lists.run_tables import run_values
from lists.selectors import computed_games, computed_results
from lists.services import period_compute_request, period_publish
from players.access import Actor
from regulations.calendar import add_months
from tests.lists.conftest import APRIL, MAY
from tests.lists.test_period_round_robins import (
    four_rated_and_two_newcomers,
    half_a_point_round_robin,
    players_of_8_58,
    round_robin_games,
)
from tournaments.models import RuleSetSchedule, Tournament

ADMIN = Actor(is_administrator=True)
RESULT_FIELDS = (
    "player_id", "kind", "rules", "old_rating", "new_rating", "change_hundredths",
    "change_rounded", "games", "score_halves", "expected_hundredths", "k", "games_total",
    "explanation", "list_k",
)  # fmt: skip
GAME_FIELDS = (
    "game_id", "tournament_id", "white_id", "black_id", "white_score", "white_rating",
    "black_rating", "white_difference", "white_expected", "black_difference",
    "black_expected", "clause",
)  # fmt: skip


def computed(period: RatingPeriod) -> tuple[list[tuple], list[tuple], int, int]:
    period.refresh_from_db()
    assert period.status == "computed", period.failure_reason
    return (
        list(computed_results(period).order_by("player_id").values_list(*RESULT_FIELDS)),
        list(computed_games(period).order_by("game_id").values_list(*GAME_FIELDS)),
        period.games_count,
        period.tournaments_count,
    )


def split_in(period: RatingPeriod, parts: int, settings, capture) -> tuple:
    settings.PERIOD_PARTITIONS = parts
    with capture(execute=True):
        period_compute_request(period=RatingPeriod.objects.get(pk=period.pk), actor=ADMIN)
    settings.PERIOD_PARTITIONS = 1
    return computed(period)


def test_split_standard_periods_with_round_robins_give_what_one_computation_gives(
    period_world, compute, django_capture_on_commit_callbacks, settings
):
    """8.58's round robin (the unrated players' Ru need the games between others), a Swiss
    with an unrated player, and in May a first rating pooled with April's round robin
    (interpretation 7): split in two and in three, every figure is the one computation's."""
    w = period_world
    players = players_of_8_58(w)
    w.tournament(
        round_robin_games(players[:6], [4, 3.5, 3, 2.5, 1.5, 0.5]),
        category="standard",
        system=Tournament.System.ROUND_ROBIN,
    )
    w.tournament(
        [(players[i], players[(i + 3) % 10], i % 3 / 2) for i in range(10)],
        category="standard",
        start=dt.date(2025, 3, 14),
    )
    april = compute("standard", APRIL)
    whole = computed(april)
    assert {row[1] for row in whole[0]} >= {"rated", "pending"}
    for parts in (2, 3):
        assert split_in(april, parts, settings, django_capture_on_commit_callbacks) == whole
    period_publish(period=RatingPeriod.objects.get(pk=april.pk), actor=ADMIN)

    w.tournament(
        [
            (players[2], players[0], 0.5),
            (players[1], players[2], 1),
            (players[2], players[3], 1),
            (players[4], players[5], 1),
            (players[6], players[4], 0),
        ],
        category="standard",
        start=dt.date(2025, 4, 10),
        list_date=MAY,
    )
    may = compute("standard", MAY)
    whole = computed(may)
    for parts in (2, 3):
        assert split_in(may, parts, settings, django_capture_on_commit_callbacks) == whole


def test_a_split_period_finds_a_first_event_in_games_of_players_it_does_not_own(
    period_world, compute, django_capture_on_commit_callbacks, settings
):
    """standard-2009 6.1: U scores half a point in a round robin; a Swiss that ended
    before it, 1.5 of 3 against E1-E3 (1800, Ru 1800: a result to build on, 8.21), makes
    it not his first event, so A-D's games against him count (B: +2.10 -> 2002, see
    test_period_round_robins). A part that owns B but neither U nor all of E1-E3 must read
    U's Swiss to know it: split in two and in three, every figure is the one
    computation's."""
    w = period_world
    u = w.player("U")
    swiss = [w.player(f"E{i}", 1800, category="standard") for i in range(3)]
    w.tournament(
        [(u, swiss[0], 1), (swiss[1], u, 1), (u, swiss[2], 0.5)],
        category="standard",
        start=dt.date(2025, 3, 1),
    )
    (_, b, _, _), _ = half_a_point_round_robin(w, u)
    april = compute("standard", APRIL)
    whole = computed(april)
    assert PeriodResult.objects.get(period=april, run=april.computed_run, player=b).new_rating == (
        2002
    )
    assert {p.pk % 2 for p in (b, *swiss)} == {0, 1} and b.pk % 2 != u.pk % 2
    for parts in (2, 3):
        assert split_in(april, parts, settings, django_capture_on_commit_callbacks) == whole


def test_a_split_period_finds_a_first_event_in_an_earlier_list_of_a_player_it_does_not_own(
    period_world, compute, django_capture_on_commit_callbacks, settings
):
    """As above, U's result to build on was rated on April's list (five draws against
    1800s): in May every part reads it, whoever owns U."""
    w = period_world
    u = w.player("U")
    w.tournament([(u, w.player(f"E{i}", 1800, category="standard"), 0.5) for i in range(5)],
                 category="standard")  # fmt: skip
    period_publish(period=compute("standard", APRIL), actor=ADMIN)
    (_, b, _, _), _ = half_a_point_round_robin(w, u, start=dt.date(2025, 4, 10), list_date=MAY)
    may = compute("standard", MAY)
    whole = computed(may)
    assert PeriodResult.objects.get(period=may, run=may.computed_run, player=b).new_rating == 2002
    for parts in (2, 3):
        assert split_in(may, parts, settings, django_capture_on_commit_callbacks) == whole


@pytest.mark.parametrize("v_plays_in_may", [True, False])
def test_an_earlier_round_robin_is_pooled_as_its_period_decided_6_1(
    v_plays_in_may, period_world, compute, django_capture_on_commit_callbacks, settings
):
    """April: V scores 1.5 of 3 against 1800s (a result to build on), then half a point in
    a round robin with R1-R4 and Y: not his first event, he stays in it (6.1), and Y's
    Rc(new) is 2125 (as in test_an_earlier_round_robin_is_pooled_as_a_round_robin). May:
    Y draws five 2000s; pooled, 10 games, 5.5 points against (5 x 2125 + 5 x 2000) / 10 =
    2062.5, one half point over 50%: 2077.5 -> 2078. May pools April's round robin as
    April decided it, whether V's Swiss is read again (he plays in May too) or not, and in
    every part (the one that owns Y may not read V's games)."""
    w = period_world
    y, v = w.player("Y"), w.player("V")
    swiss = [w.player(f"E{i}", 1800, category="standard") for i in range(3)]
    w.tournament([(v, swiss[0], 1), (swiss[1], v, 1), (v, swiss[2], 0.5)], category="standard",
                 start=dt.date(2025, 3, 1))  # fmt: skip
    four_rated_and_two_newcomers(w, y, v, u1_against_u2=1)
    april = compute("standard", APRIL)
    period_publish(period=RatingPeriod.objects.get(pk=april.pk), actor=ADMIN)
    for player, name in [(y, "O"), (v, "P")][: 2 if v_plays_in_may else 1]:
        opponents = [w.player(f"{name}{i}", 2000, category="standard") for i in range(5)]
        w.tournament([(player, o, 0.5) for o in opponents], category="standard",
                     start=dt.date(2025, 4, 10), list_date=MAY)  # fmt: skip
    may = compute("standard", MAY)
    whole = computed(may)
    first = PeriodResult.objects.get(period=may, run=may.computed_run, player=y)
    assert (first.kind, first.new_rating, first.games) == ("initial", 2078, 10)
    assert [e["competition_rating"] for e in first.explanation["counted"]] == ["2125", "2000"]
    for parts in (2, 3):
        assert split_in(may, parts, settings, django_capture_on_commit_callbacks) == whole


def test_a_split_period_leaves_out_a_first_event_as_one_computation_does(
    period_world, compute, django_capture_on_commit_callbacks, settings
):
    """6.1 with nothing before: A-D's games against U are left out in every part."""
    half_a_point_round_robin(period_world)
    april = compute("standard", APRIL)
    whole = computed(april)
    assert {row[-1] for row in whole[1]} == {"standard-2009 6.1", "standard-2009 8.54"}
    for parts in (2, 3):
        assert split_in(april, parts, settings, django_capture_on_commit_callbacks) == whole


def _random_results(
    rng: random.Random, players: list, rated: set
) -> list[tuple[object, object, float]]:
    """Every pairing of ``players`` once, the rated side usually the stronger one."""
    games = []
    for white, black in combinations(players, 2):
        if (white in rated) != (black in rated):
            favourite, other = (white, black) if white in rated else (black, white)
            roll = rng.random()
            winner = favourite if roll < 0.75 else None if roll < 0.9 else other
        else:
            winner = rng.choice([white, black, None])
        games.append((white, black, 0.5 if winner is None else float(winner is white)))
    return games


def _random_events(rng, w, rated, unrated, *, days, list_date, count) -> None:
    """``count`` standard events: round robins (single or double) of rated and unrated
    players, or Swiss pairings of anybody."""
    for _ in range(count):
        start = rng.choice(days)
        end = start + dt.timedelta(days=rng.choice([0, 2]))
        if rng.random() < 0.6:
            chosen = rng.sample(rated, rng.randint(1, 3)) + rng.sample(unrated, rng.randint(1, 3))
            games = _random_results(rng, chosen, set(rated))
            system = Tournament.System.ROUND_ROBIN
            if rng.random() < 0.25:
                system = Tournament.System.DOUBLE_ROUND_ROBIN
                games += [(b, a, 1 - p) for a, b, p in _random_results(rng, chosen, set(rated))]
        else:
            chosen = rng.sample(rated + unrated, 2 * rng.randint(2, 3))
            games = [
                (chosen[i], chosen[i + 1], rng.choice([0, 0.5, 1]))
                for i in range(0, len(chosen), 2)
            ]
            system = Tournament.System.SWISS
        w.tournament(games, category="standard", start=start, end=end, list_date=list_date,
                     system=system)  # fmt: skip


@pytest.mark.parametrize("seed", range(6))
def test_random_standard_months_split_give_what_one_computation_gives(
    seed, period_world, compute, django_capture_on_commit_callbacks, settings
):
    """Random months of round robins with newcomers (8.58; 6.1: some score zero or half a
    point, some after a result to build on, some in the same week) and Swiss events, over
    two lists with late reports: split in two and in three, every figure is the one
    computation's (README "Scaling the computation")."""
    rng = random.Random(seed)
    w = period_world
    ratings = [1700, 1800, 1900, 2000, 2100, 2300]
    rated = [w.player(f"R{i}", rng.choice(ratings), category="standard") for i in range(5)]
    unrated = [w.player(f"U{i}") for i in range(6)]
    march = [dt.date(2025, 3, day) for day in (1, 5, 10, 12, 15)]
    _random_events(rng, w, rated, unrated, days=march, list_date=APRIL, count=4)
    april = compute("standard", APRIL)
    whole = computed(april)
    for parts in (2, 3):
        assert split_in(april, parts, settings, django_capture_on_commit_callbacks) == whole
    period_publish(period=RatingPeriod.objects.get(pk=april.pk), actor=ADMIN)
    april_days = [dt.date(2025, 4, day) for day in (1, 5, 10, 12)]
    _random_events(rng, w, rated, unrated, days=april_days, list_date=MAY, count=4)
    _random_events(rng, w, rated, unrated, days=march, list_date=MAY, count=2)  # late
    may = compute("standard", MAY)
    whole = computed(may)
    for parts in (2, 3):
        assert split_in(may, parts, settings, django_capture_on_commit_callbacks) == whole


def test_a_split_period_under_a_per_tournament_difference_rule_gives_what_one_gives(
    period_world, compute, django_capture_on_commit_callbacks, settings
):
    """rapid-blitz-pre2024 7.31 (interpretation 3): H (2400) is more than 400 above L1
    (1900) and L2 (1950) in one tournament; only his game against L1, the greatest
    difference, is capped at 400, the other uses 450. The game L2 - H belongs to L2's part,
    which must still see H's game against L1 to explain it."""
    RuleSetSchedule.objects.filter(category="rapid").delete()
    RuleSetSchedule.objects.create(
        rule_set="rapid-blitz-pre2024", category="rapid", effective_from=dt.date(2000, 1, 1)
    )
    w = period_world
    h, l1, l2 = w.player("H", 2400), w.player("L1", 1900), w.player("L2", 1950)
    others = [w.player(f"P{i}", 1800 + 50 * i) for i in range(6)]
    w.tournament([(h, l1, 1), (l2, h, 0.5)] + [(others[i], others[i - 1], 1) for i in range(6)])
    period = compute("rapid", APRIL)
    whole = computed(period)
    explained = {(row[2], row[3]): row for row in whole[1]}
    assert explained[(h.pk, l1.pk)][7] == 400  # white H: the upgraded game
    assert explained[(l2.pk, h.pk)][9] == 450  # black H: the real difference
    assert len({p.pk % 3 for p in (h, l1, l2)}) == 3  # three parts, one each
    assert split_in(period, 3, settings, django_capture_on_commit_callbacks) == whole


def test_each_part_reads_only_the_games_of_its_players(period_world, compute):
    """With three parts, a part reads the games with one of its players and the round
    robins whole; together the parts read every game, no part reads them all."""
    w = period_world
    players = [w.player(f"P{i}", 1500 + 37 * i) for i in range(12)]
    swiss = w.tournament([(players[i], players[(i + 5) % 12], 1) for i in range(12)])
    robin = w.tournament(
        round_robin_games(players[:4], [3, 2, 1, 0]), system=Tournament.System.ROUND_ROBIN
    )
    period = compute("rapid", APRIL)
    every = {game.pk for t in (swiss, robin) for game in t.reports.get().games.all()}
    read_by_any: set[int] = set()
    for index in range(3):
        part = Part(index, 3)
        games = load_period_inputs(period, part).games
        assert len(games) < len(every)
        for row in games:
            assert part.owns(row.white) or part.owns(row.black) or row.tournament == robin.pk
        assert {row.id for row in games if row.tournament == robin.pk} == {
            game.pk for game in robin.reports.get().games.all()
        }
        read_by_any |= {row.id for row in games}
    assert read_by_any == every


def test_a_tournament_approved_once_the_run_started_waits_for_the_next_list(
    period_world, compute, django_capture_on_commit_callbacks, monkeypatch
):
    """Interpretation 8: the tournaments a run rates are fixed when it starts. One approved
    for the list while the run reads its games is not rated by it (no part saw it), and
    publication moves it to the next list rather than marking it rated."""
    from lists import services

    w = period_world
    a, b, c, d = (w.player(name, 1800 + 50 * i) for i, name in enumerate("ABCD"))
    w.tournament([(a, b, 1)])
    late: list[Tournament] = []
    read = services.load_period_inputs

    def approved_meanwhile(*args, **kwargs):  # another officer's approval, mid-run
        late.append(w.tournament([(c, d, 1)], start=dt.date(2025, 3, 12)))
        return read(*args, **kwargs)

    monkeypatch.setattr(services, "load_period_inputs", approved_meanwhile)
    period = compute("rapid", APRIL)
    monkeypatch.undo()
    assert (period.tournaments_count, period.games_count) == (1, 1)
    assert not computed_games(period).filter(tournament=late[0]).exists()
    assert {r.player.name for r in computed_results(period)} == {"A", "B"}
    period_publish(period=period, actor=ADMIN)
    late[0].refresh_from_db()
    assert (late[0].status, late[0].list_date) == ("ready", MAY)


def test_a_part_finds_the_ratings_in_earlier_tournaments_the_whole_computation_finds(
    period_world, compute, django_capture_on_commit_callbacks, settings
):
    """The earlier tournaments of new players are read for pooling (standard-2009 7.14c),
    with the ratings of the lists in force then (interpretation 2). The look-back for those
    lists is the period's: A's part reads only A's earlier event, and must find O's rating
    (on a list 22 months before it) as the whole computation, which also reads B's older
    event, does."""
    w = period_world
    september, january = dt.date(2023, 9, 1), dt.date(2025, 1, 1)
    rated = [
        w.player(f"R{i}", 2000 + 10 * i, category="standard", list_date=september) for i in range(8)
    ]
    for player in rated:
        w.listed(player, "standard", january)
    o = w.player("O", 2300, category="standard", list_date=dt.date(2023, 3, 1))
    a, b = w.player("A"), w.player("B")
    assert a.pk % 2 != b.pk % 2  # one in each of two parts
    for player, opponents, start in (
        (b, rated[:4], dt.date(2023, 9, 10)),
        (a, [o, *rated[:4]], dt.date(2025, 1, 10)),
    ):
        earlier = w.tournament(
            [(player, opponent, 0.5) for opponent in opponents],
            category="standard", start=start, list_date=add_months(start.replace(day=1), 1),
        )  # fmt: skip
        Tournament.objects.filter(pk=earlier.pk).update(status=Tournament.Status.RATED)
    w.tournament(
        [(a, rated[4], 1), (rated[5], a, 0.5), (b, rated[6], 0.5), (rated[7], b, 1)],
        category="standard",
        start=dt.date(2025, 4, 10),
        list_date=MAY,
    )
    may = compute("standard", MAY)
    whole = computed(may)
    pending_a = next(row for row in whole[0] if row[0] == a.pk)
    assert (pending_a[1], pending_a[7]) == ("pending", 7)  # O's game counts: five + two
    assert split_in(may, 2, settings, django_capture_on_commit_callbacks) == whole


class Killed(BaseException):
    """A worker's death: nothing in the computation catches it."""


def claimed_in_two_parts(period_world, compute, capture, settings) -> tuple:
    """Nine players' April, computed whole; then claimed for two parts, which are sent
    out but run by nobody yet: (the period, the claim's token, the whole's figures)."""
    from lists import services

    w = period_world
    players = [w.player(f"P{i}", 1500 + 37 * i) for i in range(9)]
    w.tournament([(players[i], players[(i + 4) % 9], i % 3 / 2) for i in range(9)])
    april = compute("rapid", APRIL)
    whole = computed(april)
    settings.PERIOD_PARTITIONS = 2
    with capture(execute=False):  # claimed; no worker yet
        period_compute_request(period=april, actor=ADMIN)
    period = RatingPeriod.objects.get(pk=april.pk)
    services.period_parts_start(period_id=period.pk, token=period.claim_token, parts=2)
    return period, period.claim_token, whole


def test_a_part_delivered_again_replaces_what_its_killed_attempt_wrote(
    period_world, compute, django_capture_on_commit_callbacks, settings, monkeypatch
):
    """Celery delivers the task of a part whose worker died again (acks_late): the new
    attempt deletes the rows of its players the dead one wrote, and the parts still give
    what one computation gives. The task that sends the parts out, delivered again, does
    not send them a second time."""
    from lists import services

    period, token, whole = claimed_in_two_parts(
        period_world, compute, django_capture_on_commit_callbacks, settings
    )
    with pytest.raises(services.PeriodRefused, match="sent out already"):
        services.period_parts_start(period_id=period.pk, token=token, parts=2)

    def killed(*args, **kwargs):
        raise Killed

    monkeypatch.setattr(services, "_part_finish", killed)
    with pytest.raises(Killed):
        services.period_compute(period_id=period.pk, token=token, part=0, parts=2)
    monkeypatch.undo()
    # Written into the run's own tables, which the models see once the run is computed.
    left = run_values(PeriodResult, period.pk, period.run, "player_id")
    assert left and all(player % 2 == 0 for player in left)
    for part in (0, 1):
        services.period_compute(period_id=period.pk, token=token, part=part, parts=2)
    assert computed(period) == whole
    # The progress counts each player once, the killed attempt's rows not kept.
    assert period.progress_done == period.progress_total == len(whole[0])


def test_a_part_delivered_again_after_it_finished_finishes_once(
    period_world, compute, django_capture_on_commit_callbacks, settings, monkeypatch
):
    """A part's worker dies after the part finished but before Celery heard of it: the
    part is delivered again. It does nothing: computing it again would delete its rows
    while the other part may finish meanwhile and make the run computed without them; nor
    does it count as the second part finished, or count its players twice."""
    from lists import services

    period, token, whole = claimed_in_two_parts(
        period_world, compute, django_capture_on_commit_callbacks, settings
    )
    owned = sum(1 for player, *_ in whole[0] if player % 2 == 0)
    period = services.period_compute(period_id=period.pk, token=token, part=0, parts=2)
    rows = list(PeriodResult.objects.filter(period=period, run=period.run).values_list("pk"))
    # Delivered again: nothing read, nothing deleted, nothing counted.
    monkeypatch.setattr(services, "load_period_inputs", lambda *a, **k: pytest.fail("read"))
    period = services.period_compute(period_id=period.pk, token=token, part=0, parts=2)
    monkeypatch.undo()
    assert (period.status, period.partitions_done) == ("computing", 1)
    assert (period.progress_done, period.progress_total) == (owned, owned)
    # Half done, as the progress bar says (a review: 100 %, "4 of 4 players").
    assert (period.partitions, period.progress_percent) == (2, 50)
    assert "1 of 2 parts finished" in period.progress_stage
    assert list(PeriodResult.objects.filter(period=period, run=period.run).values_list("pk")) == (
        rows
    )
    services.period_compute(period_id=period.pk, token=token, part=1, parts=2)
    assert computed(period) == whole
    assert period.progress_done == period.progress_total == len(whole[0])
