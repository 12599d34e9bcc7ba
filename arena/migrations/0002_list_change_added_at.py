"""When a list's change was added to an online rating (3.15). The changes recorded before
were drawn at their list's date: they keep that moment."""

import datetime as dt

import django.utils.timezone
from django.db import migrations, models


def added_at_list_date(apps, schema_editor):
    ArenaListChange = apps.get_model("arena", "ArenaListChange")
    changes = list(ArenaListChange.objects.only("list_date"))
    for change in changes:
        change.added_at = dt.datetime.combine(change.list_date, dt.time.min, tzinfo=dt.UTC)
    ArenaListChange.objects.bulk_update(changes, ["added_at"], batch_size=2000)


class Migration(migrations.Migration):
    dependencies = [
        ("arena", "0001_initial"),
    ]

    operations = [
        migrations.AddField(
            model_name="arenalistchange",
            name="added_at",
            field=models.DateTimeField(default=django.utils.timezone.now),
        ),
        migrations.RunPython(added_at_list_date, migrations.RunPython.noop),
    ]
