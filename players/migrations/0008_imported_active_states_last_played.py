"""An active state without a known last game (an imported one) takes its list date as
its last game's (interpretation 9: inactive after twelve months without a rated game),
as imports now write it; without this such a player stayed active for ever."""

from django.db import migrations

FORWARD = """
    UPDATE players_ratingstate SET last_played = list_date
    WHERE last_played IS NULL AND active AND list_date IS NOT NULL
"""


class Migration(migrations.Migration):
    dependencies = [("players", "0007_history_without_foreign_key_trigger")]

    operations = [migrations.RunSQL(FORWARD, migrations.RunSQL.noop)]
