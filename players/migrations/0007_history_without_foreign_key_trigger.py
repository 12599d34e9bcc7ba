"""The rating history refers to players without a constraint in the database: a
publication writes a row for every rated player, and the deferred check of each took
2-2.7 s at its commit on a federation's list (DESIGN-notes 56). Deleting a player locks the
history against writers first (``players.querysets.unconstrained_referrers_locked``).

Going back restores the constraint, after removing any row whose player is gone."""

import django.db.models.deletion
from django.db import migrations, models


def _orphans_delete(apps, schema_editor) -> None:
    history = apps.get_model("players", "RatingHistory")
    players = apps.get_model("players", "Player")
    history.objects.exclude(player_id__in=players.objects.values("pk")).delete()


class Migration(migrations.Migration):
    dependencies = [
        ("players", "0006_rating_states_updated_in_place"),
    ]

    operations = [
        migrations.AlterField(
            model_name="ratinghistory",
            name="player",
            field=models.ForeignKey(
                db_constraint=False,
                db_index=False,
                on_delete=django.db.models.deletion.CASCADE,
                related_name="rating_history",
                to="players.player",
            ),
        ),
        # Runs first going back, before the constraint returns.
        migrations.RunPython(migrations.RunPython.noop, _orphans_delete),
    ]
