"""What each actor may see and do with tournaments and their reports (``players.access``).

The public sees registered tournaments once approved; a tournament's arbiters (chief and
deputies) and its federation's rating officers see it from registration on, and only
they see its reports, findings and approvals. Deciding approvals is the administrators'.
"""

from __future__ import annotations

from django.db.models import Q

from players.access import Actor, RestrictedQuerySet, Rule

#: Statuses in which a tournament is on the public pages.
PUBLIC_STATUSES = ("approved", "report_received", "checked", "ready", "rated")


def arbiter_of(actor: Actor, prefix: str = "") -> Q:
    """The tournaments ``actor`` is chief or deputy arbiter of; the deputies as a subquery,
    so that a tournament is one row however many deputies it has (``restrict``)."""
    if actor.arbiter_id is None:
        return Q(pk__in=[])
    from tournaments.models import Tournament  # the models import these querysets

    deputy_of = Tournament.deputy_arbiters.through.objects.filter(arbiter_id=actor.arbiter_id)
    return Q(**{f"{prefix}chief_arbiter_id": actor.arbiter_id}) | Q(
        **{f"{prefix}id__in": deputy_of.values("tournament_id")}
    )


def _officer_of(actor: Actor, prefix: str = "") -> Q:
    return Q(**{f"{prefix}federation_id__in": actor.officer_of})


class TournamentQuerySet(RestrictedQuerySet):
    def rule(self, actor: Actor, action: str) -> Rule:
        if action == "view":
            return Q(status__in=PUBLIC_STATUSES) | _officer_of(actor) | arbiter_of(actor)
        if action in ("view_private", "upload_report", "withdraw", "correct"):
            return _officer_of(actor) | arbiter_of(actor)
        if action in ("approve_report", "resolve_players"):
            return _officer_of(actor)
        return False


class TournamentReportQuerySet(RestrictedQuerySet):
    def rule(self, actor: Actor, action: str) -> Rule:
        if action == "view":
            return _officer_of(actor, "tournament__") | arbiter_of(actor, "tournament__")
        if action == "approve":
            return _officer_of(actor, "tournament__")
        return False


class ApprovalRequestQuerySet(RestrictedQuerySet):
    """Administrators decide (they pass every rule); the others only read."""

    def rule(self, actor: Actor, action: str) -> Rule:
        if action == "view":
            return _officer_of(actor, "tournament__") | arbiter_of(actor, "tournament__")
        return False


class PlayerMatchQuerySet(RestrictedQuerySet):
    def rule(self, actor: Actor, action: str) -> Rule:
        if action in ("view", "resolve"):
            return _officer_of(actor, "report__tournament__")
        return False
