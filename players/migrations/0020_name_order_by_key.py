"""The registry is ordered by the names' keys (``players.name_keys.name_order``: regardless of
case and accents), where it was ordered by the names in lower case, which the "C" collation
sorts by code point (every name beginning with an accented letter after Z). On PostgreSQL
the order has two indexes of the keys compared byte by byte (``COLLATE "C"``, as
``name_order`` sorts them): the registry's, and one within each federation, which replaces
``player_federation_order``. ``player_registry_order`` stays: the names regardless of case
are looked up by their spellings through it (``registered_named``). SQLite sorts without
an index."""

from django.db import migrations

NAME_KEY_FUNCTION = "list_name_key"
INDEXES = {
    "player_by_name_key": f'({NAME_KEY_FUNCTION}(name) COLLATE "C", fide_id)',
    "player_federation_name_key": (
        f'(federation_id, {NAME_KEY_FUNCTION}(name) COLLATE "C", fide_id)'
    ),
}


def forwards(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    for name, columns in INDEXES.items():
        schema_editor.execute(f"CREATE INDEX {name} ON players_player {columns}")


def backwards(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        for name in INDEXES:
            schema_editor.execute(f"DROP INDEX {name}")


class Migration(migrations.Migration):
    dependencies = [
        ("players", "0019_history_activity_not_told"),
        # The key function the indexes hold, as it is.
        ("lists", "0018_name_keys_inlined"),
    ]

    operations = [
        migrations.RemoveIndex(model_name="player", name="player_federation_order"),
        migrations.RunPython(forwards, backwards),
    ]
