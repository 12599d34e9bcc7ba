"""Who may see and do what: the one chokepoint (netbox ``RestrictedQuerySet.restrict``).

A request's ``Actor`` says who the user is in the workflow: an administrator, the rating
officer of some federations, an arbiter, or the public. Every model's queryset answers
``restrict(actor, action)``; every view starts from it, so an object the actor may not
see is a 404, and ``require`` turns an action he may not take on a visible object into a
403 (``PermissionDenied``), never a traceback.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth.models import AnonymousUser
from django.core.exceptions import PermissionDenied
from django.db import models
from django.db.models import Q

#: Members of this group (and superusers) are administrators.
ADMINISTRATORS_GROUP = "Administrators"
#: Who ``actor_for`` makes an administrator, as a filter of users (the admin's accounts).
ADMINISTRATOR = Q(is_superuser=True) | Q(groups__name=ADMINISTRATORS_GROUP)


@dataclass(frozen=True)
class Actor:
    """The user as the workflow sees him."""

    user: Any = field(default_factory=AnonymousUser)
    is_administrator: bool = False
    #: Ids of the federations he is rating officer of.
    officer_of: frozenset[int] = frozenset()
    #: His arbiter record, if he is an arbiter.
    arbiter_id: int | None = None

    @property
    def is_authenticated(self) -> bool:
        return bool(self.user.is_authenticated)

    @property
    def is_officer(self) -> bool:
        return bool(self.officer_of)

    @property
    def is_arbiter(self) -> bool:
        return self.arbiter_id is not None

    def officer_for(self, federation_id: int | None) -> bool:
        """Administrators act for every federation, officers for their own."""
        return self.is_administrator or federation_id in self.officer_of


ANONYMOUS = Actor()


def actor_for(user: Any) -> Actor:
    """The actor of an authenticated user (two queries), or ``ANONYMOUS``."""
    if user is None or not user.is_authenticated or not user.is_active:
        return ANONYMOUS
    from players.models import Arbiter, RatingOfficer

    return Actor(
        user=user,
        is_administrator=user.is_superuser
        or user.groups.filter(name=ADMINISTRATORS_GROUP).exists(),
        officer_of=frozenset(
            RatingOfficer.objects.filter(user=user).values_list("federation_id", flat=True)
        ),
        arbiter_id=Arbiter.objects.filter(user=user).values_list("pk", flat=True).first(),
    )


#: What a queryset rule returns: a filter, or everything (True), or nothing (False).
Rule = Q | bool


class RestrictedQuerySet(models.QuerySet):
    """A queryset that knows what each actor may see and do with its rows.

    Subclasses implement ``rule(actor, action)``. Administrators may do everything;
    an action a subclass does not name is refused. A rule filters on the row's own
    fields, single-valued relations and subqueries, never on a many-valued relation: each
    row then comes once.
    """

    def rule(self, actor: Actor, action: str) -> Rule:
        return False

    def restrict(self, actor: Actor, action: str = "view") -> RestrictedQuerySet:
        if actor.is_administrator:
            return self.all()
        rule = self.rule(actor, action)
        if rule is True:
            return self.all()
        if rule is False:
            return self.none()
        # No DISTINCT (see the class): it sorted every visible row, a registry's
        # tournaments, before the first page could be read.
        return self.filter(rule)


def require(actor: Actor, action: str, obj: models.Model, message: str = "") -> None:
    """403 unless ``actor`` may take ``action`` on ``obj``."""
    manager = type(obj)._default_manager
    if not manager.restrict(actor, action).filter(pk=obj.pk).exists():
        raise PermissionDenied(message or f"You may not {action.replace('_', ' ')} this.")


def require_officer_for(actor: Actor, federation_id: int | None, message: str = "") -> None:
    """403 unless ``actor`` is rating officer of the federation (or an administrator)."""
    if not actor.officer_for(federation_id):
        raise PermissionDenied(message or "Only the federation's rating officer may do this.")


def require_administrator(actor: Actor, message: str = "") -> None:
    if not actor.is_administrator:
        raise PermissionDenied(message or "Only an administrator may do this.")
