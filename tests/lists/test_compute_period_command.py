"""``compute_period YYYY-MM --category C [--publish] [--json]`` (DESIGN.md batch interface)
and Celery beat's round over the periods."""

from __future__ import annotations

import datetime as dt
import io
import json

import pytest
from django.core.management import CommandError, call_command

from lists.models import ListEntry, RatingPeriod
from lists.selectors import computed_results
from lists.services import period_get_or_create, periods_tick, reports_after_computation
from tests.lists.conftest import APRIL, MAY
from tournaments.models import Tournament

JANUARY = dt.date(2025, 1, 1)


def run(*args: str) -> dict:
    out = io.StringIO()
    call_command("compute_period", *args, "--json", stdout=out)
    return json.loads(out.getvalue())


@pytest.mark.django_db(transaction=True)
def test_the_command_computes_and_prints_each_player(period_world):
    """R&B 2024: A (1800) beats B (1700): 1 - 0.64 = 0.36 x 20 = 7.20 -> +7."""
    w = period_world
    w.tournament([(w.player("A", 1800), w.player("B", 1700), 1)])
    document = run("2025-04", "--category", "rapid")
    assert (document["list_date"], document["status"], document["published"]) == (
        "2025-04-01", "computed", False,
    )  # fmt: skip
    a = next(p for p in document["players"] if p["name"] == "A")
    assert {k: a[k] for k in ("old_rating", "new_rating", "change", "change_rounded", "k")} == {
        "old_rating": 1800, "new_rating": 1807, "change": 7.2, "change_rounded": 7, "k": 20,
    }  # fmt: skip
    assert (a["games"], a["score"], a["expected"]) == (1, 1, 0.64)
    assert not ListEntry.objects.exists()


@pytest.mark.django_db(transaction=True)
def test_publish_writes_the_list_and_a_second_run_is_refused(period_world):
    w = period_world
    w.tournament([(w.player("A", 1800), w.player("B", 1700), 1)])
    assert run("2025-04", "--category", "rapid", "--publish")["published"] is True
    assert sorted(ListEntry.objects.values_list("name", "rating")) == [("A", 1807), ("B", 1693)]
    with pytest.raises(CommandError, match="published") as refused:
        run("2025-04", "--category", "rapid", "--publish")
    assert refused.value.returncode == 2


@pytest.mark.django_db(transaction=True)
def test_a_later_list_waits_for_an_earlier_one_with_tournaments_to_rate(period_world):
    """DESIGN-notes 54: April's tournament is approved and not rated; May's list cannot
    be computed, nor published, before April's (its ratings are May's start, and a
    published May would bar April for good). The refused period is left open, as it was."""
    from lists.services import PeriodRefused, period_publish

    w = period_world
    a, b = w.player("A", 1800), w.player("B", 1700)
    w.tournament([(a, b, 1)], name="April Open")
    w.tournament([(a, b, 0)], start=dt.date(2025, 4, 10), list_date=MAY, name="May Open")
    period_get_or_create(category="rapid", list_date=MAY)  # created ahead by the scheduler
    with pytest.raises(
        CommandError, match=r"April Open \(2025-03-10\) is approved for the list of 2025-04-01"
    ):
        run("2025-05", "--category", "rapid", "--publish")
    assert RatingPeriod.objects.get(list_date=MAY).status == "open"
    # Computed by another way meanwhile, it is still not published before April.
    may = RatingPeriod.objects.get(list_date=MAY)
    RatingPeriod.objects.filter(pk=may.pk).update(status="computed", computed_run=1)
    may.refresh_from_db()
    with pytest.raises(PeriodRefused, match="April Open"):
        period_publish(period=may, actor=None)
    assert run("2025-04", "--category", "rapid", "--publish")["published"] is True
    RatingPeriod.objects.filter(pk=may.pk).update(status="open", computed_run=None)
    assert run("2025-05", "--category", "rapid", "--publish")["published"] is True


@pytest.mark.django_db(transaction=True)
def test_publishing_before_the_list_date_is_refused_before_anything_is_done(
    period_world, monkeypatch
):
    """R&B 2024 6.1.1: April's list is in force from 1 April. On 31 March `--publish` is
    refused at once, with exit status 2, and the period is left open, not computed; on 1
    April it is published."""
    from django.utils import timezone

    w = period_world
    w.tournament([(w.player("A", 1800), w.player("B", 1700), 1)])
    period_get_or_create(category="rapid", list_date=APRIL)  # created ahead by the scheduler
    monkeypatch.setattr(timezone, "localdate", lambda *a, **k: dt.date(2025, 3, 31))
    with pytest.raises(CommandError, match=r"published on 2025-04-01 or later.*6\.1\.1") as early:
        run("2025-04", "--category", "rapid", "--publish")
    assert early.value.returncode == 2
    assert RatingPeriod.objects.get(list_date=APRIL).status == "open"
    monkeypatch.setattr(timezone, "localdate", lambda *a, **k: dt.date(2025, 4, 1))
    assert run("2025-04", "--category", "rapid", "--publish")["published"] is True


@pytest.mark.django_db(transaction=True)
def test_the_plain_output_counts_the_list_and_the_results_apart(period_world):
    """Three players on the list, two of them with a result (C did not play)."""
    w = period_world
    w.player("C", 1600)
    w.tournament([(w.player("A", 1800), w.player("B", 1700), 1)])
    out = io.StringIO()
    call_command("compute_period", "2025-04", "--category", "rapid", "--publish", stdout=out)
    assert "published; 3 players on the list; 2 players with a result, 1 tournament, 1 game." in (
        out.getvalue()
    )


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("2025-4x", "--category", "rapid"), "not a month"),
        (("2025-4", "--category", "rapid"), "not a month"),
        # A review: an OverflowError traceback, the calendar's arithmetic out of range.
        (("0001-01", "--category", "standard"), "0001-01: no list of that year"),
        (("2025-04", "--category", "bullet"), "No category 'bullet'"),
    ],
)
@pytest.mark.django_db
def test_bad_input_is_one_line_and_exit_status_2(args, message):
    with pytest.raises(CommandError, match=message) as refused:
        run(*args)
    assert refused.value.returncode == 2 and "\n" not in str(refused.value)


@pytest.mark.django_db
def test_a_list_too_far_ahead_is_refused_and_no_period_is_made():
    """A slip of the pen (2030 for 2026) published would bar every list before it (an
    earlier list is never computed after a later one is published): periods exist for the
    next three lists only."""
    from django.utils import timezone

    from lists.models import RatingPeriod
    from regulations.calendar import add_months

    month = f"{add_months(timezone.localdate().replace(day=1), 4):%Y-%m}"
    with pytest.raises(CommandError, match="too far ahead") as refused:
        run(month, "--category", "rapid", "--publish")
    assert refused.value.returncode == 2
    assert not RatingPeriod.objects.exists()


@pytest.mark.django_db
def test_beat_creates_periods_ahead_and_closes_and_computes_those_past_closing(
    period_world, django_capture_on_commit_callbacks
):
    """standard-2009 7.13: the standard list of 1 April closes on 25 March; R&B 2024 6.1.3:
    the rapid one on 29 March. On 30 March both are closed and computed."""
    w = period_world
    w.tournament([(w.player("A", 1800), w.player("B", 1700), 1)])
    with django_capture_on_commit_callbacks(execute=True):
        done = periods_tick(today=dt.date(2025, 3, 30))
    periods = {(p.category, p.list_date): p for p in RatingPeriod.objects.all()}
    assert set(periods) == {
        (category, dt.date(2025, month, 1))
        for category in ("standard", "rapid", "blitz")
        for month in (4, 5, 6)
    }
    april = {c: periods[(c, APRIL)] for c in ("standard", "rapid", "blitz")}
    assert april["standard"].closing_date == dt.date(2025, 3, 25)
    assert april["rapid"].closing_date == dt.date(2025, 3, 29)
    assert {p.status for p in april.values()} == {"computed"}
    assert len(done["closed"]) == 3
    assert periods[("rapid", dt.date(2025, 5, 1))].status == "open"
    assert april["rapid"].games_count == 1


@pytest.mark.django_db
def test_beat_computes_a_list_again_for_an_official_event_approved_after_its_computation(
    period_world, compute, django_capture_on_commit_callbacks
):
    """standard-2009 7.13 ("rated on the list"), R&B 2024 6.1.3: an official FIDE event may
    end on the last day before the list date, after the computation of its list has
    started, and its list's period takes its report until the list is out. Beat computes
    the list again, so that it rates the event, rather than leave it to the next list. An
    ordinary report approved after the computation does not make it: published as it is,
    the list leaves it to May's (interpretation 8)."""
    w = period_world
    w.tournament([(w.player("A", 1800), w.player("B", 1700), 1)])
    april = compute("rapid", APRIL)
    w.tournament([(w.player("C", 1600), w.player("D", 1600), 1)], name="Club Rapid")
    with django_capture_on_commit_callbacks(execute=True):
        assert april.pk not in periods_tick(today=dt.date(2025, 3, 31))["computing"]
    official = w.tournament(
        [(w.player("E", 1650), w.player("F", 1650), 0.5)], name="European Rapid",
        start=dt.date(2025, 3, 30), end=dt.date(2025, 3, 31),
    )  # fmt: skip
    Tournament.objects.filter(pk=official.pk).update(official_fide=True)
    assert {r.player.name for r in computed_results(april)} == {"A", "B"}
    with django_capture_on_commit_callbacks(execute=True):
        assert april.pk in periods_tick(today=dt.date(2025, 3, 31))["computing"]
    april.refresh_from_db()
    assert april.status == "computed"
    assert {r.player.name for r in computed_results(april)} == {"A", "B", "C", "D", "E", "F"}
    assert list(reports_after_computation(april)) == []
    with django_capture_on_commit_callbacks(execute=True):
        assert april.pk not in periods_tick(today=dt.date(2025, 3, 31))["computing"]


@pytest.mark.django_db
def test_beat_computes_a_list_again_for_a_report_the_next_list_would_rate_too_late(
    period_world, compute, django_capture_on_commit_callbacks
):
    """R&B 2024 8.1: a tournament ended on 20 January is rated by April's list at the
    latest. Approved for April after its computation (a backfill, as of its end), May's
    would be too late: beat computes April again, which rates it."""
    w = period_world
    w.tournament([(w.player("A", 1800), w.player("B", 1700), 1)])
    april = compute("rapid", APRIL)
    w.tournament(
        [(w.player("E", 1650, list_date=JANUARY), w.player("F", 1650, list_date=JANUARY), 1)],
        name="January Rapid",
        start=dt.date(2025, 1, 19), end=dt.date(2025, 1, 20),
    )  # fmt: skip
    with django_capture_on_commit_callbacks(execute=True):
        assert april.pk in periods_tick(today=dt.date(2025, 3, 31))["computing"]
    april.refresh_from_db()
    assert {r.player.name for r in computed_results(april)} == {"A", "B", "E", "F"}
    with django_capture_on_commit_callbacks(execute=True):
        assert april.pk not in periods_tick(today=dt.date(2025, 3, 31))["computing"]


@pytest.mark.django_db
def test_beat_asks_of_every_computed_period_at_once_whether_an_official_event_waits(
    period_world, django_capture_on_commit_callbacks
):
    """Beat's round asks each computed period whether an official FIDE event's report was
    approved for it after its computation: one query for them all, not a look at each
    period's tournaments (a review counted one more query a computed period)."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    def queries_with(months: range) -> int:
        for month in months:
            list_date = dt.date(2024, month, 1)
            RatingPeriod.objects.create(
                category="rapid", list_date=list_date, status="computed",
                closing_date=list_date - dt.timedelta(days=3),
            )  # fmt: skip
        with CaptureQueriesContext(connection) as seen:
            done = periods_tick(today=dt.date(2025, 3, 20))
        assert done["computing"] == []
        return len(seen)

    periods_tick(today=dt.date(2025, 3, 20))  # the periods ahead made once
    assert queries_with(range(1, 2)) == queries_with(range(2, 8))


@pytest.mark.django_db
def test_beat_publishes_on_the_list_date_when_configured(
    period_world, django_capture_on_commit_callbacks, settings
):
    w = period_world
    w.tournament([(w.player("A", 1800), w.player("B", 1700), 1)])
    with django_capture_on_commit_callbacks(execute=True):
        periods_tick(today=dt.date(2025, 3, 30))
    assert periods_tick(today=dt.date(2025, 4, 1))["published"] == []  # not configured
    settings.LISTS_AUTO_PUBLISH = True
    published = periods_tick(today=dt.date(2025, 4, 1))["published"]
    assert len(published) == 3
    rapid = RatingPeriod.objects.get(category="rapid", list_date=APRIL)
    assert rapid.status == "published" and rapid.entries.count() == 2


@pytest.mark.django_db
def test_beat_computes_again_before_publishing_a_preview_whose_player_was_edited_since(
    period_world, django_capture_on_commit_callbacks, settings, world
):
    """R&B 2024 7.3.3: a junior (born 2010) has K 40 until the end of the year he turns 18.
    Rated 1800 against 1800 he wins: 0.5 x 40 = +20. His birth year is then corrected to
    1990, after the computation: K 20 (7.3.1, 40 games), 0.5 x 20 = +10. Beat, publishing
    on its own on the list date, computes the list again first, as the period page tells an
    administrator to; the published list has 1810 and K 20, not 1820 and K 40."""
    from players.services import player_update
    from tests.conftest import persona_actor

    w = period_world
    junior = w.player("Junior", 1800, birth_year=2010)
    w.tournament([(junior, w.player("Other", 1800), 1)])
    with django_capture_on_commit_callbacks(execute=True):
        periods_tick(today=dt.date(2025, 3, 30))
    april = RatingPeriod.objects.get(category="rapid", list_date=APRIL)
    computed = {r.player.name: r for r in computed_results(april)}
    assert (computed["Junior"].k, computed["Junior"].new_rating) == (40, 1820)

    administrator = persona_actor(world, "administrator")
    player_update(actor=administrator, player=junior, fields={"birth_year": 1990}, reason="ID")
    settings.LISTS_AUTO_PUBLISH = True
    with django_capture_on_commit_callbacks(execute=True):
        done = periods_tick(today=dt.date(2025, 4, 1))
    assert april.pk in done["computing"] and april.pk not in done["published"]
    assert periods_tick(today=dt.date(2025, 4, 1))["published"] == [april.pk]
    entry = ListEntry.objects.get(period=april, player=junior)
    assert (entry.rating, entry.k) == (1810, 20)
    with django_capture_on_commit_callbacks(execute=True):
        assert periods_tick(today=dt.date(2025, 4, 2))["computing"] == []


@pytest.mark.django_db
def test_beat_computes_again_a_preview_a_fide_list_was_imported_after(
    period_world, compute, django_capture_on_commit_callbacks
):
    """An import that changed a record or a rating state after the computation: what the
    preview read may have changed under it (``imports_after_computation``); one that
    changed nothing, or failed, leaves it."""
    from django.utils import timezone

    from players.models import PlayerImport

    w = period_world
    w.tournament([(w.player("A", 1800), w.player("B", 1700), 1)])
    april = compute("rapid", APRIL)

    def imported(**counts) -> PlayerImport:
        return PlayerImport.objects.create(
            source="players.txt", as_of=APRIL, status="done", finished_at=timezone.now(),
            **counts,
        )  # fmt: skip

    imported(players_unchanged=5)
    with django_capture_on_commit_callbacks(execute=True):
        assert april.pk not in periods_tick(today=dt.date(2025, 3, 31))["computing"]
    imported(ratings_written=1)
    with django_capture_on_commit_callbacks(execute=True):
        assert april.pk in periods_tick(today=dt.date(2025, 3, 31))["computing"]


@pytest.mark.django_db
def test_lists_are_published_in_order(period_world, compute, publish):
    """Each list starts from the one before (DESIGN.md interpretation 4). An audit
    published July's list, then June's, and every player's current rating went back a
    month: now June's must go first, and once July's is out June's is refused."""
    from lists.services import PeriodRefused

    june, july = dt.date(2025, 6, 1), dt.date(2025, 7, 1)
    early, late = compute("rapid", june), compute("rapid", july)
    assert (early.status, late.status) == ("computed", "computed")
    with pytest.raises(PeriodRefused, match="Rapid list of 2025-06-01 is computed, not published"):
        publish(late)
    publish(early)
    # July's run started from states June's publication has since changed: computed again.
    with pytest.raises(PeriodRefused, match="computed before the Rapid list of 2025-06-01"):
        publish(late)
    assert publish(compute("rapid", july)).status == "published"

    august = compute("rapid", dt.date(2025, 8, 1))
    RatingPeriod.objects.create(
        category="rapid",
        list_date=dt.date(2025, 9, 1),
        closing_date=dt.date(2025, 8, 29),
        status="published",
    )  # fmt: skip  (as a list imported or published elsewhere would be)
    with pytest.raises(PeriodRefused, match="Rapid list of 2025-09-01 is already published"):
        publish(august)


@pytest.mark.django_db
def test_beat_publishes_the_oldest_list_first_and_goes_on_past_a_refusal(
    period_world, compute, settings, django_capture_on_commit_callbacks
):
    june, july = compute("rapid", dt.date(2025, 6, 1)), compute("rapid", dt.date(2025, 7, 1))
    standard = compute("standard", dt.date(2025, 7, 1))
    RatingPeriod.objects.filter(pk=june.pk).update(status="failed")  # June cannot go out
    settings.LISTS_AUTO_PUBLISH = True
    published = periods_tick(today=dt.date(2025, 7, 2))["published"]
    assert published == [standard.pk]  # rapid July waits for June; the round goes on
    RatingPeriod.objects.filter(pk=june.pk).update(status="computed")
    assert periods_tick(today=dt.date(2025, 7, 2))["published"] == [june.pk]
    # July was computed before June went out, which it starts from: computed again by the
    # next round, and published by the one after.
    with django_capture_on_commit_callbacks(execute=True):
        assert periods_tick(today=dt.date(2025, 7, 2))["computing"] == [july.pk]
    assert periods_tick(today=dt.date(2025, 7, 2))["published"] == [july.pk]


@pytest.mark.django_db
def test_a_period_left_before_a_published_list_blocks_no_later_one(
    period_world, compute, publish, settings
):
    """A review found a refused `compute_period 2025-03` (April's list being out) leaving an
    open March period behind, which then barred every later rapid list for good. A period
    before the latest list out can never be published; later lists do not wait for it,
    and beat's round does not compute it."""
    publish(compute("rapid", APRIL))
    stray = period_get_or_create(category="rapid", list_date=dt.date(2025, 3, 1))
    with pytest.raises(CommandError, match="already published"):
        call_command("compute_period", "2025-03", "--category", "rapid")
    may = compute("rapid", MAY)
    settings.LISTS_AUTO_PUBLISH = True
    done = periods_tick(today=dt.date(2025, 5, 2))
    assert stray.pk not in done["computing"]
    assert may.pk in done["published"]


def test_a_refused_computation_of_a_list_without_a_period_leaves_none(
    period_world, compute, publish
):
    """A review: a mistyped `compute_period 1990-01` was refused, and its period stayed on
    the officers' periods for good (closed by the scheduler, never to be computed)."""
    publish(compute("rapid", APRIL))
    with pytest.raises(CommandError, match="already published"):
        call_command("compute_period", "1990-01", "--category", "rapid")
    assert not RatingPeriod.objects.filter(list_date=dt.date(1990, 1, 1)).exists()


@pytest.mark.django_db
def test_beat_computes_a_closed_list_once_the_one_before_it_is_out(
    period_world, publish, django_capture_on_commit_callbacks
):
    """DESIGN-notes 54: May's list is not computed while April's tournament waits (its
    ratings are May's start); beat's round closes May and leaves it, then computes it in
    the round after April's list is out, where it used to compute it at once."""
    w = period_world
    a, b = w.player("A", 1800), w.player("B", 1700)
    w.tournament([(a, b, 1)], name="April Open")
    w.tournament([(a, b, 0)], start=dt.date(2025, 4, 10), list_date=MAY, name="May Open")
    april = RatingPeriod.objects.create(
        category="rapid", list_date=APRIL, closing_date=dt.date(2025, 3, 29), status="closed"
    )
    with django_capture_on_commit_callbacks(execute=True):
        done = periods_tick(today=dt.date(2025, 4, 29))
    may = RatingPeriod.objects.get(category="rapid", list_date=MAY)
    assert may.pk in done["closed"] and may.pk not in done["computing"]
    assert april.pk in done["computing"]
    publish(RatingPeriod.objects.get(pk=april.pk))
    with django_capture_on_commit_callbacks(execute=True):
        done = periods_tick(today=dt.date(2025, 4, 30))
    assert may.pk in done["computing"]
    may.refresh_from_db()
    assert may.status == "computed" and may.games_count == 1


@pytest.mark.django_db
def test_the_command_waits_for_a_computation_beat_started_a_moment_before(period_world):
    """A review: beat's round claims any closed period, so it may claim the one the
    command has just closed, before the command asks. The command then waits for that
    computation rather than fail; another refusal still stops it."""
    from django.utils import timezone

    from lists.management.commands.compute_period import computation_requested
    from lists.services import PeriodRefused
    from tournaments.batch import batch_actor

    claimed = RatingPeriod.objects.create(
        category="rapid", list_date=APRIL, closing_date=dt.date(2025, 3, 29),
        status="computing", claim_token="beat", heartbeat_at=timezone.now(),
    )  # fmt: skip
    actor = batch_actor("compute_period")
    assert computation_requested(claimed, actor).status == "computing"
    published = RatingPeriod.objects.create(
        category="blitz", list_date=APRIL, closing_date=dt.date(2025, 3, 29), status="published"
    )
    with pytest.raises(PeriodRefused, match="published"):
        computation_requested(published, actor)


def test_the_command_waits_for_a_computation_under_way(period_world, settings):
    """A review: run while beat's computation of the period was under way, the command
    stopped at once with "The period is being computed" (exit 2). It waits for it, here
    until its timeout of 0 s (no worker is there to finish it)."""
    from django.utils import timezone

    settings.CELERY_TASK_ALWAYS_EAGER = False
    RatingPeriod.objects.create(
        category="rapid", list_date=APRIL, closing_date=dt.date(2025, 3, 29),
        status="computing", claim_token="beat", heartbeat_at=timezone.now(),
    )  # fmt: skip
    with pytest.raises(CommandError, match="still computing after 0 s"):
        call_command("compute_period", "2025-04", "--category", "rapid", "--timeout", "0")


@pytest.mark.django_db(transaction=True)  # the claim commits, then its task is queued
def test_a_task_queue_that_does_not_answer_leaves_the_period_open(period_world, broker_away):
    """The claim closes an open period; the queue refusing its task, the period is open as
    it was, taking reports (a review: closed early for nothing, with a traceback when the
    result store failed first)."""
    w = period_world
    w.tournament([(w.player("A", 1800), w.player("B", 1700), 1)])
    period = period_get_or_create(category="rapid", list_date=APRIL)
    with pytest.raises(CommandError, match="No worker could be reached") as refused:
        call_command("compute_period", "2025-04", "--category", "rapid")
    assert refused.value.returncode == 2
    period.refresh_from_db()
    assert (period.status, period.claim_token) == ("open", "")


@pytest.mark.django_db(transaction=True)
def test_the_plain_output_counts_one_player_as_one(period_world):
    """A review: "1 players on the list"."""
    period_world.player("C", 1600)
    out = io.StringIO()
    call_command("compute_period", "2025-04", "--category", "rapid", "--publish", stdout=out)
    assert "published; 1 player on the list; 0 players with a result, 0 tournaments" in (
        out.getvalue()
    )
