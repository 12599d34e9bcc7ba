"""What each actor may see and do with the registry (see ``players.access``)."""

from __future__ import annotations

from django.db import connection, models, transaction
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

    def delete(self) -> tuple[int, dict[str, int]]:
        with transaction.atomic():
            unconstrained_referrers_locked(self.model)
            return super().delete()


def unconstrained_referrers_locked(model: type[models.Model]) -> None:
    """Until the transaction ends, no other transaction writes the tables that refer to
    ``model`` without a foreign-key constraint (the rows written a list at a time, DESIGN-
    notes 56), and this one sees every row they committed: a player deleted meanwhile
    would leave their rows pointing at nobody, where the constraint used to refuse it.
    Take it before Django collects what a deletion protects and cascades to. SQLite
    lets one writer at a time anyway."""
    if connection.vendor != "postgresql":
        return
    tables = sorted(
        {field.model._meta.db_table for field in referring_fields(model) if not field.db_constraint}
    )
    if tables:
        with connection.cursor() as cursor:
            cursor.execute(f"LOCK TABLE {', '.join(tables)} IN SHARE MODE")


def referring_fields(model: type[models.Model]) -> list[models.ForeignKey]:
    """Every foreign key to ``model``, those without a reverse accessor included."""
    return [
        relation.field
        for relation in model._meta.get_fields(include_hidden=True)
        if relation.auto_created
        and not relation.concrete
        and isinstance(getattr(relation, "field", None), models.ForeignKey)
    ]


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
