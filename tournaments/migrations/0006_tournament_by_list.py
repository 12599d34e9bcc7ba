"""A list's tournaments (a period's page and its computation) found by index rather than
by reading every tournament of the registry."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0005_withdrawn")]

    operations = [
        migrations.AddIndex(
            model_name="tournament",
            index=models.Index(fields=["category", "list_date"], name="tournament_by_list"),
        ),
    ]
