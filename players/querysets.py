"""What each actor may see and do with the registry (see ``players.access``)."""

from __future__ import annotations

from django.db.models import Q

from players.access import Actor, RestrictedQuerySet, Rule


class FederationQuerySet(RestrictedQuerySet):
    def rule(self, actor: Actor, action: str) -> Rule:
        return action == "view"


class PlayerQuerySet(RestrictedQuerySet):
    """The registry is public; officers edit their federations' players."""

    def rule(self, actor: Actor, action: str) -> Rule:
        if action == "view":
            return True
        if action == "edit":
            return Q(federation_id__in=actor.officer_of)
        return False


class RatingOfficerQuerySet(RestrictedQuerySet):
    """Officers see who else is officer of their federations."""

    def rule(self, actor: Actor, action: str) -> Rule:
        if action == "view":
            return Q(federation_id__in=actor.officer_of)
        return False


class ArbiterQuerySet(RestrictedQuerySet):
    """Signed-in users choose chief and deputy arbiters from the list."""

    def rule(self, actor: Actor, action: str) -> Rule:
        return action == "view" and actor.is_authenticated
