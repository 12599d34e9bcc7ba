"""Rating states are rewritten by every publication (most of a federation's players each
month). Without an index on a column that changes, and with half of every page left free,
PostgreSQL updates each row in place on its page ("HOT") and touches none of the indexes:
publication's state updates take a third of the time (issue 4's benchmark).

The fill factor applies to pages written from now on; ``VACUUM FULL players_ratingstate``
rewrites an existing table with it. SQLite has no such setting.
"""

from django.db import migrations

#: Half of each page free: a publication rewrites every rated state once, and the old
#: versions are only pruned after it commits.
FILL_FACTOR = 50


def _fill_factor_set(apps, schema_editor) -> None:
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(f"ALTER TABLE players_ratingstate SET (fillfactor = {FILL_FACTOR})")


def _fill_factor_reset(apps, schema_editor) -> None:
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute("ALTER TABLE players_ratingstate RESET (fillfactor)")


class Migration(migrations.Migration):
    dependencies = [
        ("players", "0005_player_indexes_by_constraints"),
    ]

    operations = [
        migrations.RemoveIndex(
            model_name="ratingstate",
            name="players_rat_categor_6b0158_idx",
        ),
        migrations.RunPython(_fill_factor_set, _fill_factor_reset),
    ]
