"""The registry's order, by name: an index, so that its first page reads fifty names
rather than sorting every player's."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("players", "0012_retired_fide_id_kept")]

    operations = [
        migrations.AddIndex(
            model_name="player",
            index=models.Index(fields=["name", "id"], name="player_by_name"),
        ),
    ]
