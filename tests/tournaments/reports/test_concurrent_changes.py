"""Two people changing the same records at once (PostgreSQL's locks): removing a duplicate
record, matching a report line, approving a report, withdrawing a registration and deciding
its approval. Each pair ends with one of them done and the other refused in words, never a
deadlock, a database error or a report naming one player twice (a review's findings)."""

from __future__ import annotations

import threading
import time

import pytest
from django.core.exceptions import ValidationError
from django.db import connection, transaction
from trf_builder import four_players, trf

from players.models import Player
from players.services import player_duplicate_remove
from tests import factories
from tests.conftest import persona_actor
from tests.threads import in_thread
from tournaments.models import ApprovalRequest, Game, PlayerMatch, Tournament, TournamentReport
from tournaments.registration import approval_decide, tournament_withdraw
from tournaments.reports import services

pytestmark = [
    pytest.mark.skipif(connection.vendor != "postgresql", reason="PostgreSQL's locks"),
    pytest.mark.django_db(transaction=True),
]

#: How long the first of the two holds its transaction open once it has done its work.
HELD = 1.0


def held(action, done: threading.Event):
    """``action`` in a transaction kept open ``HELD`` seconds after it is done."""

    def run() -> None:
        with transaction.atomic():
            action()
            done.set()
            time.sleep(HELD)

    return run


def after(done: threading.Event, action):
    def run() -> None:
        assert done.wait(10)
        action()

    return run


def both(first, second) -> list[Exception]:
    errors: list[Exception] = []
    threads = [in_thread(first, errors), in_thread(second, errors)]
    for thread in threads:
        thread.join(30)
    return errors


def refusals(errors: list[Exception]) -> list[str]:
    assert all(isinstance(error, ValidationError) for error in errors), errors
    return [" ".join(error.messages) for error in errors]


@pytest.fixture
def twins(world):
    return [
        factories.PlayerFactory(name="Twin, Tom", federation=world["fed_a"], birth_year=2001)
        for _ in range(2)
    ]


def test_two_officers_removing_each_others_twin_keep_one(world, twins):
    """Each removes the other's record from the page he loaded: both records went."""
    a, b = twins
    b_seen, a_seen = Player.objects.get(pk=b.pk), Player.objects.get(pk=a.pk)
    officer = persona_actor(world, "officer_a")
    done = threading.Event()
    errors = both(
        held(lambda: player_duplicate_remove(actor=officer, duplicate=a, kept=b, reason="x"), done),
        after(done, lambda: player_duplicate_remove(
            actor=officer, duplicate=b_seen, kept=a_seen, reason="x")),
    )  # fmt: skip
    assert refusals(errors) == [
        f"FIDE ID {b.fide_id} or {a.fide_id} was removed meanwhile: look again."
    ]
    assert list(Player.objects.filter(pk__in=(a.pk, b.pk))) == [b]


def test_a_line_matched_to_the_kept_record_while_the_twin_is_removed(world, twins):
    """Line 1 names the twin; line 2 is matched to the record kept while the twin is
    removed: the report named the kept player on both lines."""
    kept, twin = twins
    report = factories.TournamentReportFactory(tournament=world["tournament"], status="checked")
    PlayerMatch.objects.create(
        report=report, start_rank=1, trf_name="Twin, Tom", status="resolved", player=twin
    )
    line = PlayerMatch.objects.create(
        report=report, start_rank=2, trf_name="Twin, T.", status="no_id"
    )
    officer = persona_actor(world, "officer_a")
    done = threading.Event()
    errors = both(
        held(lambda: services.player_match_resolve(
            actor=officer, match=line, fide_id=kept.fide_id), done),
        after(done, lambda: player_duplicate_remove(
            actor=officer, duplicate=twin, kept=kept, reason="x")),
    )  # fmt: skip
    (refusal,) = refusals(errors)
    assert "two players, or a report to correct first" in refusal
    assert sorted(report.matches.values_list("start_rank", "player")) == [
        (1, twin.pk),
        (2, kept.pk),
    ]


def test_a_line_matched_to_a_record_being_removed_is_refused(world, twins):
    """The removal first, a match of another report's line to the record it removes
    meanwhile: the match waits, then finds him gone (no database error at its commit)."""
    kept, twin = twins
    report = factories.TournamentReportFactory(tournament=world["tournament"], status="checked")
    line = PlayerMatch.objects.create(
        report=report, start_rank=2, trf_name="Twin, T.", status="no_id"
    )
    officer = persona_actor(world, "officer_a")
    done = threading.Event()
    errors = both(
        held(lambda: player_duplicate_remove(
            actor=officer, duplicate=twin, kept=kept, reason="x"), done),
        after(done, lambda: services.player_match_resolve(
            actor=officer, match=line, fide_id=twin.fide_id)),
    )  # fmt: skip
    assert refusals(errors) == [f"FIDE ID {twin.fide_id} is no longer in the registry."]
    line.refresh_from_db()
    assert line.player is None and not Player.objects.filter(pk=twin.pk).exists()


def test_a_match_undone_while_the_record_its_fide_id_names_is_removed(world, twins):
    """A review: the line's FIDE ID names the twin being removed, and undoing the officer's
    match set the line back to the twin, a database error at its commit. The undo waits,
    then finds the FIDE ID unknown."""
    kept, twin = twins
    report = factories.TournamentReportFactory(tournament=world["tournament"], status="checked")
    line = PlayerMatch.objects.create(
        report=report, start_rank=1, trf_name="Twin, Tom", trf_fide_id=twin.fide_id,
        status="resolved", player=kept,
    )  # fmt: skip
    officer = persona_actor(world, "officer_a")
    done = threading.Event()
    errors = both(
        held(lambda: player_duplicate_remove(
            actor=officer, duplicate=twin, kept=kept, reason="x"), done),
        after(done, lambda: services.player_match_reopen(actor=officer, match=line)),
    )  # fmt: skip
    assert errors == []
    line.refresh_from_db()
    assert (line.status, line.player) == ("unknown", None)


def test_a_report_uploaded_while_a_player_it_names_is_removed(world, tournament, registry, upload):
    """The removal first, then an upload naming the record it removes by his FIDE ID: the
    upload failed at its commit (a server error). It waits for the removal, then says the
    player went, and stores nothing."""
    from django.core.files.uploadedfile import SimpleUploadedFile

    kept = Player.objects.get(fide_id=1004)
    duplicate = factories.PlayerFactory(
        name=kept.name, federation=world["fed_a"], sex="F", birth_year=1990, fide_id=900_000_050
    )
    officer = persona_actor(world, "officer_a")
    done = threading.Event()

    def upload_now() -> None:
        data = trf(four_players(**{"4": {"fide_id": duplicate.fide_id}}))
        services.report_upload(
            actor=officer,
            tournament=Tournament.objects.get(pk=tournament.pk),
            uploaded_file=SimpleUploadedFile("report.trf", data),
        )

    errors = both(
        held(lambda: player_duplicate_remove(
            actor=officer, duplicate=duplicate, kept=kept, reason="x"), done),
        after(done, upload_now),
    )  # fmt: skip
    assert refusals(errors) == [
        "A player this report names was removed from the registry meanwhile, as a duplicate: "
        "upload the file again."
    ]
    assert not TournamentReport.objects.exists()


def test_a_report_approved_while_a_player_of_it_is_removed(world, tournament, registry, upload):
    """The approval writes games naming the newcomer while his record is removed as a
    duplicate: the approval failed at its commit (a server error). The removal waits for
    the report and is refused: games name him now."""
    upload("arbiter", tournament, trf(four_players(**{"4": {"fide_id": None, "sex": "w"}})))
    report = TournamentReport.objects.get()
    officer = persona_actor(world, "officer_a")
    services.player_match_register(  # born in another year than the registry's Delta, Dora
        actor=officer, match=report.matches.get(start_rank=4), name="Delta, Dora",
        federation=world["fed_a"], sex="F", birth_year=1991,
    )  # fmt: skip
    newcomer = report.matches.get(start_rank=4).player
    kept = factories.PlayerFactory(name=newcomer.name, federation=world["fed_a"], sex="F")
    done = threading.Event()
    errors = both(
        held(lambda: services.report_approve(actor=officer, report=report), done),
        after(done, lambda: player_duplicate_remove(
            actor=officer, duplicate=newcomer, kept=kept, reason="x")),
    )  # fmt: skip
    (refusal,) = refusals(errors)
    assert refusal.startswith(f"FIDE ID {newcomer.fide_id} stays: games name it")
    report.refresh_from_db()
    assert report.status == "approved" and Game.objects.filter(black=newcomer).exists()


def test_a_withdrawal_while_an_administrator_decides_its_request(world):
    """The decision locked the request, then the tournament; the withdrawal the tournament,
    then its requests: a withdrawal between the two ended one of them as PostgreSQL's
    deadlock. The decision is held once it has locked the request."""
    tournament = world["tournament"]
    tournament.status = Tournament.Status.AWAITING_APPROVAL
    tournament.save()
    request = ApprovalRequest.objects.create(
        tournament=tournament, kind="hybrid", clause="R&B 2024 0.2", explanation="Hybrid."
    )
    admin, arbiter = persona_actor(world, "administrator"), persona_actor(world, "arbiter")
    request_locked = threading.Event()

    def held_after_the_request(execute, sql, params, many, context):
        result = execute(sql, params, many, context)
        if 'FROM "tournaments_approvalrequest"' in sql and "FOR UPDATE" in sql:
            request_locked.set()
            time.sleep(HELD)
        return result

    def decide() -> None:
        with connection.execute_wrapper(held_after_the_request):
            approval_decide(actor=admin, approval=request, approve=True, reason="Fine.")

    errors = both(
        decide,
        after(request_locked, lambda: tournament_withdraw(
            actor=arbiter, tournament=Tournament.objects.get(pk=tournament.pk),
            reason="Cancelled.")),
    )  # fmt: skip
    assert errors == []
    tournament.refresh_from_db()
    assert tournament.status == "withdrawn"


def _held_after_locking(table: str, locked: threading.Event):
    """An execute wrapper that holds its connection ``HELD`` seconds once it has locked a
    row of ``table`` (a SELECT ... FOR UPDATE)."""

    def wrapper(execute, sql, params, many, context):
        result = execute(sql, params, many, context)
        if f'FROM "{table}"' in sql and "FOR UPDATE" in sql and not locked.is_set():
            locked.set()
            time.sleep(HELD)
        return result

    return wrapper


@pytest.mark.parametrize("action", ["approve", "return", "match"])
def test_a_new_version_uploaded_while_the_officer_acts_on_the_last_one(
    world, tournament, registry, upload, action
):
    """An officer's action locked the report, then the tournament; an upload the
    tournament, then the reports it supersedes: an upload between the two ended one of
    them as PostgreSQL's deadlock, a server error (a review). The tournament is locked
    first by both: the upload waits, then finds the officer's work done."""
    from django.core.files.uploadedfile import SimpleUploadedFile

    lines = four_players(**{"4": {"fide_id": None}}) if action == "match" else four_players()
    upload("arbiter", tournament, trf(lines))
    report = TournamentReport.objects.get()
    if action == "match":
        Player.objects.create(fide_id=2001, name="Delta, Dan", federation=world["fed_a"], sex="M")
    officer, arbiter = persona_actor(world, "officer_a"), persona_actor(world, "arbiter")
    locked = threading.Event()
    act = {
        "approve": lambda: services.report_approve(actor=officer, report=report),
        "return": lambda: services.report_return(actor=officer, report=report, reason="No."),
        "match": lambda: services.player_match_resolve(
            actor=officer, match=report.matches.get(start_rank=4), fide_id=2001
        ),
    }[action]

    def officer_acts() -> None:
        with connection.execute_wrapper(
            _held_after_locking("tournaments_tournamentreport", locked)
        ):
            act()

    def arbiter_uploads() -> None:
        services.report_upload(
            actor=arbiter,
            tournament=Tournament.objects.get(pk=tournament.pk),
            uploaded_file=SimpleUploadedFile("report.trf", trf(four_players()) + b"\n"),
        )

    errors = both(officer_acts, after(locked, arbiter_uploads))
    assert all(isinstance(error, ValidationError) for error in errors), errors
    if action == "approve":
        assert refusals(errors) and "already been approved" in refusals(errors)[0]
    else:
        assert errors == [] and TournamentReport.objects.count() == 2
