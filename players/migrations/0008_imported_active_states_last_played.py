"""An active state without a known last game (an imported one) takes as its last game's
date that of the latest imported list that showed him active (interpretation 9: inactive
after twelve months without a rated game), as imports now write it; without this such a
player stayed active for ever. A list published here is not an import: its flags are the
states' own. Where no imported list shows him active, nothing changes."""

from django.db import migrations

FORWARD = """
    UPDATE players_ratingstate SET last_played = (
        SELECT MAX(h.list_date) FROM players_ratinghistory h
        WHERE h.player_id = players_ratingstate.player_id
          AND h.category = players_ratingstate.category
          AND h.active
          AND NOT EXISTS (
            SELECT 1 FROM lists_ratingperiod p
            WHERE p.category = h.category AND p.list_date = h.list_date
              AND p.status = 'published'))
    WHERE last_played IS NULL AND active
"""


class Migration(migrations.Migration):
    dependencies = [
        ("players", "0007_history_without_foreign_key_trigger"),
        ("lists", "0007_period_parts"),
    ]

    operations = [migrations.RunSQL(FORWARD, migrations.RunSQL.noop)]
