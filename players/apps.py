from django.apps import AppConfig
from django.db.models.signals import post_migrate


class PlayersConfig(AppConfig):
    name = "players"
    verbose_name = "Players"

    def ready(self) -> None:
        # After every app's migrations: permissions of the apps migrated later must exist.
        post_migrate.connect(administrators_group_ensure, dispatch_uid="administrators_group")


def administrators_group_ensure(**kwargs: object) -> None:
    """The Administrators group holds every permission, so that its members use the whole
    admin (issue 3: the admin is for administrators); run after every migrate, when all
    permissions exist; idempotent."""
    from django.contrib.auth.models import Group, Permission

    from players.access import ADMINISTRATORS_GROUP

    group, _ = Group.objects.get_or_create(name=ADMINISTRATORS_GROUP)
    group.permissions.set(Permission.objects.all())
