from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("lists", "0008_period_rows_partitioned_by_run"),
    ]

    operations = [
        migrations.AddField(
            model_name="periodpart",
            name="games",
            field=models.PositiveIntegerField(default=0),
        ),
    ]
