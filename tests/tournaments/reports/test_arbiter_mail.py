"""A tournament's arbiters are told by mail when someone else moves it on (a review: an
arbiter heard of his report's approval, return or refusal only by looking at the site)."""

from __future__ import annotations

import datetime as dt

from django.core import mail
from trf_builder import four_players, trf

from players.models import Arbiter
from tests import factories
from tests.conftest import persona_actor
from tournaments.models import TournamentReport
from tournaments.reports import services


def _addresses(world) -> None:
    arbiter = world["users"]["arbiter"]
    arbiter.email = "chief@example.org"
    arbiter.save()
    deputy = factories.ArbiterFactory(user__email="deputy@example.org")
    world["tournament"].deputy_arbiters.add(deputy)


def test_the_officers_return_is_mailed_to_the_arbiters_with_the_reason(
    world, tournament, registry, upload, django_capture_on_commit_callbacks, monkeypatch, settings
):
    from django.utils import timezone

    settings.SITE_URL = "https://ratings.example.org"
    monkeypatch.setattr(timezone, "localdate", lambda *a, **k: dt.date(2025, 3, 12))
    _addresses(world)
    with django_capture_on_commit_callbacks(execute=True):
        upload("arbiter", tournament, trf(four_players()))
    assert mail.outbox == []  # his own upload: nothing to tell him
    report = TournamentReport.objects.get()
    with django_capture_on_commit_callbacks(execute=True):
        services.report_return(
            actor=persona_actor(world, "officer_a"), report=report, reason="Wrong section."
        )
    assert sorted(message.to[0] for message in mail.outbox) == [
        "chief@example.org",
        "deputy@example.org",
    ]
    message = mail.outbox[0]
    assert message.subject == f"{tournament.name}: report received"
    assert "Wrong section." in message.body
    assert f"https://ratings.example.org/tournaments/{tournament.pk}/" in message.body


def test_an_approval_is_mailed_and_nothing_without_an_address(
    world, tournament, registry, upload, django_capture_on_commit_callbacks, monkeypatch
):
    from django.utils import timezone

    monkeypatch.setattr(timezone, "localdate", lambda *a, **k: dt.date(2025, 3, 12))
    upload("arbiter", tournament, trf(four_players()))
    report = TournamentReport.objects.get()
    with django_capture_on_commit_callbacks(execute=True):
        services.report_approve(actor=persona_actor(world, "officer_a"), report=report)
    assert mail.outbox == []  # the arbiter has no address
    assert Arbiter.objects.get(user=world["users"]["arbiter"]).user.email == ""
    _addresses(world)
    with django_capture_on_commit_callbacks(execute=True):
        services.report_approval_withdraw(
            actor=persona_actor(world, "officer_a"), report=report, reason="Approved too soon."
        )
        services.report_approve(actor=persona_actor(world, "officer_a"), report=report)
    approved = [m for m in mail.outbox if m.subject == f"{tournament.name}: ready for rating"]
    assert len(approved) == 2 and "Its report is approved for rating." in approved[0].body
    # No SITE_URL here: no link, where a path alone would lead nowhere.
    assert "Its page" not in approved[0].body
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        services.report_approval_withdraw(
            actor=persona_actor(world, "officer_a"),
            report=TournamentReport.objects.get(),
            reason="The wrong file.",
        )
    assert {m.subject for m in mail.outbox} == {f"{tournament.name}: checked"}
    assert all("The wrong file." in m.body for m in mail.outbox)


def test_a_late_registrations_decision_is_mailed(world, django_capture_on_commit_callbacks):
    from tournaments.models import ApprovalRequest, Tournament
    from tournaments.registration import approval_decide

    _addresses(world)
    tournament = world["tournament"]
    Tournament.objects.filter(pk=tournament.pk).update(status="awaiting_approval")
    request = ApprovalRequest.objects.create(
        tournament=tournament, kind="late_registration", clause="standard-2009 0.4",
        explanation="Registered late.",
    )  # fmt: skip
    with django_capture_on_commit_callbacks(execute=True):
        approval_decide(
            actor=persona_actor(world, "administrator"), approval=request, approve=True,
            reason="The organiser's letter explains it.",
        )  # fmt: skip
    assert len(mail.outbox) == 2
    assert mail.outbox[0].subject == f"{tournament.name}: approved"
    assert "upload its report once it has ended" in mail.outbox[0].body
    assert "The organiser's letter explains it." in mail.outbox[0].body


def test_a_version_with_errors_returned_is_told_in_the_history_and_mailed(
    world, tournament, registry, upload, django_capture_on_commit_callbacks
):
    """Its tournament is "report received" already: the return's reason went to the
    report's audit alone, which the tournament page does not show, and no mail (a review)."""
    from audit.models import AuditEntry

    upload("arbiter", tournament, trf(four_players(), dates=("25/03/01", "25/03/02", "25/03/12")))
    report = TournamentReport.objects.get()
    assert report.status == "has_errors"
    _addresses(world)
    with django_capture_on_commit_callbacks(execute=True):
        services.report_return(
            actor=persona_actor(world, "officer_a"), report=report, reason="Also the B section."
        )
    history = AuditEntry.objects.filter(
        object_id=str(tournament.pk), action="status:report_received"
    )
    assert (
        "returned by the rating officer: Also the B section. Upload" in history.latest("pk").reason
    )
    assert {m.subject for m in mail.outbox} == {f"{tournament.name}: report received"}


def test_a_new_version_checked_with_carried_over_matches_is_not_mailed_as_checked(
    world, tournament, registry, upload, django_capture_on_commit_callbacks
):
    """An officer uploads the next version; line 4's match to a 2250 player is carried over
    and makes it "has errors" (standard-2009 1.1 at 60 minutes). Worked out after the
    upload's transaction, "checked" was mailed first, then undone (a review)."""
    from players.models import Player, RatingHistory

    tournament.base_minutes = 60
    tournament.save()
    newcomer = {"4": {"fide_id": None, "rating": None}}
    upload("arbiter", tournament, trf(four_players(**newcomer)))
    strong = Player.objects.create(
        fide_id=2001, name="Delta, Dora", federation=world["fed_a"], sex="M", birth_year=1990
    )
    RatingHistory.objects.create(
        player=strong, category="standard", list_date=dt.date(2025, 3, 1), rating=2250
    )
    officer = persona_actor(world, "officer_a")
    first = TournamentReport.objects.get()
    services.player_match_resolve(
        actor=officer, match=first.matches.get(start_rank=4), fide_id=2001
    )
    _addresses(world)
    with django_capture_on_commit_callbacks(execute=True):
        upload("officer_a", tournament, trf(four_players(**newcomer)) + b"\n")
    second = TournamentReport.objects.get(version=2)
    assert (second.status, second.error_count) == ("has_errors", 1)
    assert {m.subject for m in mail.outbox} == {f"{tournament.name}: report received"}
