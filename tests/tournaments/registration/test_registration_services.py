"""Registering tournaments and deciding approvals (tournaments.registration)."""

from __future__ import annotations

import datetime as dt

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from audit.models import AuditEntry
from audit.selectors import audit_entries_for
from tests import factories
from tests.conftest import PERSONAS, persona_actor
from tests.tournaments.registration.factories import (
    ApprovalRequestFactory,
    RapidDataFactory,
    RegistrationDataFactory,
    daily,
)
from tournaments.models import ApprovalRequest, Tournament
from tournaments.registration import approval_decide, tournament_register

IN_TIME = dt.date(2025, 1, 15)  # the factories' events start on 2025-03-01


@pytest.fixture
def arbiter(world):
    return persona_actor(world, "arbiter")


@pytest.fixture
def administrator(world):
    return persona_actor(world, "administrator")


def register(world, persona="arbiter", today=IN_TIME, factory=RegistrationDataFactory, **fields):
    actor = persona_actor(world, persona)
    fields.setdefault("chief_arbiter", world["users"]["arbiter"].arbiter)
    return tournament_register(actor=actor, data=factory(**fields), today=today)


def kinds(tournament):
    return {a.kind: a for a in tournament.approvals.all()}


# -- registering ------------------------------------------------------------------------------


def test_a_registration_in_time_is_approved_at_once_under_the_rule_set_in_force(world):
    tournament = register(world)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.APPROVED
    assert tournament.rule_set == "standard-2009" and not tournament.late
    assert tournament.registered_by == world["users"]["arbiter"]
    assert [r.date for r in tournament.rounds.all()] == list(daily(dt.date(2025, 3, 1), 9))
    assert not tournament.approvals.exists()


def test_a_registration_records_who_registered_it_and_its_approval(world):
    tournament = register(world)
    entries = list(audit_entries_for(tournament).order_by("pk"))
    assert [e.action for e in entries] == ["registered", "status:approved"]
    assert {e.actor for e in entries} == {world["users"]["arbiter"]}
    assert "standard-2009" in entries[0].reason


def test_a_registration_with_violations_stores_nothing_and_names_the_fields(world):
    with pytest.raises(ValidationError) as refused:
        register(world, factory=RapidDataFactory, base_minutes=90, increment_seconds=30)
    assert refused.value.message_dict["base_minutes"][0].startswith("R&B 2024 1.1:")
    assert not Tournament.objects.filter(category="rapid").exists()
    assert not AuditEntry.objects.filter(action="registered").exists()


def test_deputies_are_stored_and_the_chief_is_not_his_own_deputy(world):
    deputy = factories.ArbiterFactory(user__username="deputy")
    chief = world["users"]["arbiter"].arbiter
    tournament = register(world, deputy_arbiters=(deputy, chief))
    assert list(tournament.deputy_arbiters.all()) == [deputy]


# -- lead time (standard-2009 0.4, R&B 2024 0.2) ----------------------------------------------


@pytest.mark.parametrize(
    ("factory", "start", "deadline", "clause"),
    [
        (RegistrationDataFactory, dt.date(2025, 3, 1), dt.date(2025, 2, 1), "standard-2009 0.4"),
        (RegistrationDataFactory, dt.date(2025, 3, 31), dt.date(2025, 2, 28), "standard-2009 0.4"),
        (RapidDataFactory, dt.date(2025, 3, 10), dt.date(2025, 3, 7), "R&B 2024 0.2"),
    ],
)
def test_registering_on_the_deadline_is_in_time_and_a_day_later_is_late(
    world, factory, start, deadline, clause
):
    on_time = register(world, factory=factory, start_date=start, today=deadline)
    assert on_time.status == Tournament.Status.APPROVED and not on_time.late
    late = register(world, factory=factory, start_date=start, today=deadline + dt.timedelta(1))
    assert late.status == Tournament.Status.AWAITING_APPROVAL and late.late
    request = kinds(late)[ApprovalRequest.Kind.LATE_REGISTRATION]
    assert request.clause == clause and request.status == ApprovalRequest.Status.PENDING
    assert f"by {deadline:%Y-%m-%d}" in request.explanation


def test_a_late_registration_says_so_in_the_history(world):
    tournament = register(world, today=dt.date(2025, 2, 20))
    entry = audit_entries_for(tournament).get(action="approval_requested:late_registration")
    assert entry.actor == world["users"]["arbiter"]
    assert entry.reason.startswith("standard-2009 0.4: Registered on 2025-02-20")


# -- hybrid (R&B 2024 0.2) and over 90 days (standard-2009 4.1, 4.11, 4.12) -------------------


def test_a_hybrid_event_waits_for_an_administrator(world):
    tournament = register(world, factory=RapidDataFactory, hybrid=True)
    assert tournament.status == Tournament.Status.AWAITING_APPROVAL and not tournament.late
    assert kinds(tournament)[ApprovalRequest.Kind.HYBRID].clause == "R&B 2024 0.2"


@pytest.mark.parametrize(("days", "needs_approval"), [(90, False), (91, True)])
def test_a_standard_event_over_90_days_needs_approval(world, days, needs_approval):
    start = dt.date(2025, 3, 1)
    end = start + dt.timedelta(days=days - 1)
    tournament = register(
        world, end_date=end, number_of_rounds=2, round_dates=(start, end), today=IN_TIME
    )
    assert (ApprovalRequest.Kind.LONG_EVENT in kinds(tournament)) == needs_approval
    if needs_approval:
        request = kinds(tournament)[ApprovalRequest.Kind.LONG_EVENT]
        assert request.clause == "standard-2009 4.1, 4.12"
        assert "lasts 91 days" in request.explanation


def test_a_league_may_last_over_90_days_without_approval(world):
    start, end = dt.date(2025, 3, 1), dt.date(2025, 10, 1)
    tournament = register(
        world, league=True, end_date=end, number_of_rounds=2, round_dates=(start, end)
    )
    assert tournament.status == Tournament.Status.APPROVED


def test_a_rapid_event_has_no_90_day_limit(world):
    start, end = dt.date(2025, 3, 1), dt.date(2025, 10, 1)
    tournament = register(
        world, factory=RapidDataFactory, end_date=end, number_of_rounds=2, round_dates=(start, end)
    )
    assert tournament.status == Tournament.Status.APPROVED


# -- who may register -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("persona", "allowed"),
    [("anonymous", False), ("arbiter", True), ("officer_a", True), ("officer_b", False),
     ("administrator", True)],
)  # fmt: skip
def test_arbiters_the_federations_officer_and_administrators_register(world, persona, allowed):
    if allowed:
        assert register(world, persona).federation == world["fed_a"]
    else:
        with pytest.raises(PermissionDenied):
            register(world, persona)


def test_an_arbiter_must_be_one_of_the_arbiters_of_the_event_he_registers(world):
    other = factories.ArbiterFactory(user__username="other-arbiter")
    with pytest.raises(ValidationError) as refused:
        register(world, chief_arbiter=other)
    assert "chief_arbiter" in refused.value.message_dict
    assert register(
        world, chief_arbiter=other, deputy_arbiters=(world["users"]["arbiter"].arbiter,)
    )


# -- deciding approvals -----------------------------------------------------------------------


@pytest.mark.parametrize("persona", [p for p in PERSONAS if p != "administrator"])
def test_only_an_administrator_decides_an_approval(world, persona):
    request = ApprovalRequestFactory(tournament=world["tournament"])
    with pytest.raises(PermissionDenied):
        approval_decide(
            actor=persona_actor(world, persona), approval=request, approve=True, reason="fine"
        )
    request.refresh_from_db()
    assert request.status == ApprovalRequest.Status.PENDING


def test_a_decision_needs_a_reason(world, administrator):
    request = ApprovalRequestFactory()
    with pytest.raises(ValidationError) as refused:
        approval_decide(actor=administrator, approval=request, approve=False, reason="   ")
    assert "reason" in refused.value.message_dict


def test_approving_the_only_request_approves_the_tournament_and_records_who_and_why(
    world, administrator
):
    tournament = register(world, today=dt.date(2025, 2, 20))
    request = tournament.approvals.get()
    approval_decide(
        actor=administrator, approval=request, approve=True, reason="Club's first event"
    )
    request.refresh_from_db()
    tournament.refresh_from_db()
    assert request.status == ApprovalRequest.Status.APPROVED
    assert request.decided_by == world["users"]["administrator"] and request.decided_at
    assert request.reason == "Club's first event"
    assert tournament.status == Tournament.Status.APPROVED
    entry = audit_entries_for(tournament).get(action="approval:late_registration:approved")
    assert entry.actor == world["users"]["administrator"] and entry.reason == "Club's first event"


def test_a_tournament_waits_until_every_request_is_approved(world, administrator):
    tournament = register(world, factory=RapidDataFactory, hybrid=True, today=dt.date(2025, 2, 28))
    late, hybrid = (kinds(tournament)[k] for k in ("late_registration", "hybrid"))
    approval_decide(actor=administrator, approval=late, approve=True, reason="ok")
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.AWAITING_APPROVAL
    approval_decide(actor=administrator, approval=hybrid, approve=True, reason="Rules IIIb kept")
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.APPROVED


def test_a_refusal_refuses_the_tournament_and_closes_its_other_requests(world, administrator):
    tournament = register(world, factory=RapidDataFactory, hybrid=True, today=dt.date(2025, 2, 28))
    late, hybrid = (kinds(tournament)[k] for k in ("late_registration", "hybrid"))
    approval_decide(actor=administrator, approval=late, approve=False, reason="Far too late")
    tournament.refresh_from_db()
    hybrid.refresh_from_db()
    assert tournament.status == Tournament.Status.REFUSED
    assert hybrid.status == ApprovalRequest.Status.REFUSED and "late registration" in hybrid.reason
    status_entry = audit_entries_for(tournament).get(action="status:refused")
    assert status_entry.reason == "Far too late"
    assert status_entry.actor == world["users"]["administrator"]


def register_match_asking_every_game_rated(world, **fields):
    return register(
        world,
        factory=RapidDataFactory,
        system="match",
        number_of_rounds=4,
        match_games=4,
        match_waiver=True,
        **fields,
    )


def test_a_match_asking_every_game_rated_waits_and_a_refusal_still_registers_it(
    world, administrator
):
    """R&B 2024 5.2's waiver is asked "by prior request": an administrator decides it.
    Refused, the games after the win are not rated, and the match is registered all the
    same; granted, the report's checks read it."""
    from tournaments.reports.selectors import registration_of

    tournament = register_match_asking_every_game_rated(world)
    assert tournament.status == Tournament.Status.AWAITING_APPROVAL
    waiver = kinds(tournament)[ApprovalRequest.Kind.MATCH_WAIVER]
    assert waiver.clause == "R&B 2024 5.2" and "4-game match" in waiver.explanation
    approval_decide(actor=administrator, approval=waiver, approve=False, reason="Asked too late")
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.APPROVED
    assert audit_entries_for(tournament).get(action="status:approved").reason == (
        "Registered; not granted: every game of the match rated. Asked too late"
    )
    assert not registration_of(tournament).match_waiver

    granted = register_match_asking_every_game_rated(world, name="Title Match")
    waiver = kinds(granted)[ApprovalRequest.Kind.MATCH_WAIVER]
    approval_decide(actor=administrator, approval=waiver, approve=True, reason="Asked in May")
    granted.refresh_from_db()
    assert granted.status == Tournament.Status.APPROVED
    assert registration_of(granted).match_waiver


def test_a_refused_waiver_waits_for_the_other_requests_and_another_refusal_closes_it(
    world, administrator
):
    tournament = register_match_asking_every_game_rated(world, today=dt.date(2025, 2, 28))
    late, waiver = (kinds(tournament)[k] for k in ("late_registration", "match_waiver"))
    approval_decide(actor=administrator, approval=waiver, approve=False, reason="No")
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.AWAITING_APPROVAL
    approval_decide(actor=administrator, approval=late, approve=True, reason="Force majeure")
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.APPROVED

    refused = register_match_asking_every_game_rated(
        world, name="Late Match", today=dt.date(2025, 2, 28)
    )
    late, waiver = (kinds(refused)[k] for k in ("late_registration", "match_waiver"))
    approval_decide(actor=administrator, approval=late, approve=False, reason="Far too late")
    refused.refresh_from_db()
    waiver.refresh_from_db()
    assert refused.status == Tournament.Status.REFUSED
    assert waiver.status == ApprovalRequest.Status.REFUSED


def test_a_decided_request_cannot_be_decided_again(world, administrator):
    tournament = register(world, today=dt.date(2025, 2, 20))
    request = tournament.approvals.get()
    approval_decide(actor=administrator, approval=request, approve=False, reason="Too late")
    with pytest.raises(ValidationError, match="already refused"):
        approval_decide(actor=administrator, approval=request, approve=True, reason="Changed mind")
