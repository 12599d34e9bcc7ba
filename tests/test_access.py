"""The permission chokepoint (players.access): who sees and does what, for every persona."""

from __future__ import annotations

import pytest
from django.core.exceptions import PermissionDenied

from players.access import ANONYMOUS, actor_for, require
from players.models import Player
from tests import factories
from tests.conftest import PERSONAS, persona_actor
from tournaments.models import ApprovalRequest, Tournament, TournamentReport


def test_an_actor_knows_the_users_roles(world):
    officer = actor_for(world["users"]["officer_a"])
    assert officer.officer_of == {world["fed_a"].pk} and not officer.is_administrator
    arbiter = actor_for(world["users"]["arbiter"])
    assert arbiter.is_arbiter and not arbiter.is_officer
    assert actor_for(world["users"]["administrator"]).is_administrator
    assert not ANONYMOUS.is_authenticated


def test_an_inactive_user_is_treated_as_the_public(world):
    user = world["users"]["officer_a"]
    user.is_active = False
    assert actor_for(user) == ANONYMOUS


@pytest.mark.parametrize(
    ("persona", "sees_registered", "sees_approved"),
    [
        ("anonymous", False, True),
        ("arbiter", True, True),  # chief arbiter of both
        ("officer_a", True, True),  # federation A
        ("officer_b", False, True),
        ("administrator", True, True),
    ],
)
def test_registered_tournaments_are_private_until_approved(
    world, persona, sees_registered, sees_approved
):
    registered = world["tournament"]  # status "registered"
    approved = factories.TournamentFactory(
        federation=world["fed_a"], chief_arbiter=registered.chief_arbiter, status="approved"
    )
    visible = set(Tournament.objects.restrict(persona_actor(world, persona)))
    assert (registered in visible) == sees_registered
    assert (approved in visible) == sees_approved


@pytest.mark.parametrize("persona", PERSONAS)
def test_only_the_tournaments_arbiters_and_officers_see_its_reports(world, persona):
    report = factories.TournamentReportFactory(tournament=world["tournament"])
    visible = report in TournamentReport.objects.restrict(persona_actor(world, persona))
    assert visible == (persona in ("arbiter", "officer_a", "administrator"))


def test_a_deputy_arbiter_sees_the_tournament_too(world):
    deputy = factories.ArbiterFactory(user__username="deputy")
    world["tournament"].deputy_arbiters.add(deputy)
    assert world["tournament"] in Tournament.objects.restrict(actor_for(deputy.user))
    report = factories.TournamentReportFactory(tournament=world["tournament"])
    assert list(TournamentReport.objects.restrict(actor_for(deputy.user))) == [report]
    assert not TournamentReport.objects.restrict(actor_for(world["users"]["officer_b"])).exists()


def test_a_tournament_with_deputies_is_one_row_for_its_arbiters(world):
    """The chief arbiter of a tournament with two deputies, who is a deputy too of another:
    each tournament once, in the list and in its count (the pages count and page them)."""
    arbiter = actor_for(world["users"]["arbiter"])
    world["tournament"].deputy_arbiters.add(
        factories.ArbiterFactory(user__username="deputy 1"),
        factories.ArbiterFactory(user__username="deputy 2"),
    )
    other = factories.TournamentFactory(federation=world["fed_b"], status="registered")
    other.deputy_arbiters.add(
        factories.ArbiterFactory(user__username="deputy 3"), world["tournament"].chief_arbiter
    )
    visible = Tournament.objects.restrict(arbiter).filter(status="registered")
    assert sorted(t.pk for t in visible) == sorted([world["tournament"].pk, other.pk])
    assert visible.count() == 2
    reports = [
        factories.TournamentReportFactory(tournament=world["tournament"]),
        factories.TournamentReportFactory(tournament=other),
    ]
    assert TournamentReport.objects.restrict(arbiter).count() == len(reports)


@pytest.mark.parametrize("persona", PERSONAS)
def test_only_the_federations_officer_approves_its_reports(world, persona):
    report = factories.TournamentReportFactory(tournament=world["tournament"])
    actor = persona_actor(world, persona)
    if persona in ("officer_a", "administrator"):
        require(actor, "approve", report)
    else:
        with pytest.raises(PermissionDenied):
            require(actor, "approve", report)


@pytest.mark.parametrize("persona", PERSONAS)
def test_only_administrators_decide_approval_requests(world, persona):
    request = ApprovalRequest.objects.create(
        tournament=world["tournament"], kind="late_registration", clause="x", explanation="y"
    )
    decides = request in ApprovalRequest.objects.restrict(persona_actor(world, persona), "decide")
    assert decides == (persona == "administrator")


@pytest.mark.parametrize("persona", PERSONAS)
def test_the_registry_is_public_and_officers_edit_their_own_players(world, persona):
    own = factories.PlayerFactory(federation=world["fed_a"])
    actor = persona_actor(world, persona)
    assert own in Player.objects.restrict(actor)
    edits = own in Player.objects.restrict(actor, "edit")
    assert edits == (persona in ("officer_a", "administrator"))


def test_an_action_nobody_named_is_refused(world):
    actor = persona_actor(world, "officer_a")
    assert not Tournament.objects.restrict(actor, "teleport").exists()
