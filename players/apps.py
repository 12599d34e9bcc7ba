from django.apps import AppConfig
from django.db.backends.signals import connection_created
from django.db.models.signals import post_migrate


class PlayersConfig(AppConfig):
    name = "players"
    verbose_name = "Players"

    def ready(self) -> None:
        # Registered before any table is defined: tables make their date columns of these.
        from players import columns  # noqa: F401

        # After every app's migrations: permissions of the apps migrated later must exist.
        post_migrate.connect(administrators_group_ensure, dispatch_uid="administrators_group")
        connection_created.connect(_name_key_given, dispatch_uid="players.name_key")


def _name_key_given(sender, connection, **kwargs) -> None:
    """SQLite's ``list_name_key``, ``name_key_transliterated`` and ``name_key_unordered``:
    PostgreSQL's are functions of the database (``players.name_keys``)."""
    if connection.vendor == "sqlite":
        from players.name_keys import (
            NAME_KEY_FUNCTION,
            TRANSLITERATED_KEY_FUNCTION,
            UNORDERED_KEY_FUNCTION,
            name_key,
            name_key_transliterated,
            name_key_unordered,
        )

        create = connection.connection.create_function
        create(NAME_KEY_FUNCTION, 1, name_key, deterministic=True)
        create(TRANSLITERATED_KEY_FUNCTION, 1, name_key_transliterated, deterministic=True)
        create(UNORDERED_KEY_FUNCTION, 1, name_key_unordered, deterministic=True)


def administrators_group_ensure(**kwargs: object) -> None:
    """The Administrators group holds every permission, so that its members use the whole
    admin (issue 3: the admin is for administrators); run after every migrate, when all
    permissions exist; idempotent."""
    from django.contrib.auth.models import Group, Permission

    from players.access import ADMINISTRATORS_GROUP

    group, _ = Group.objects.get_or_create(name=ADMINISTRATORS_GROUP)
    group.permissions.set(Permission.objects.all())
