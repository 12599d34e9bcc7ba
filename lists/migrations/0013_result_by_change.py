"""The preview's order, biggest change first: an index, so that a page of a month's
250,000 results is read in order rather than sorted whole for each request (built with
the run's other indexes when its tables are attached, ``lists.run_tables``)."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("lists", "0012_name_key_without_commas")]

    operations = [
        migrations.AddIndex(
            model_name="periodresult",
            index=models.Index(
                fields=["period", "run", "change_rounded", "id"], name="result_by_change"
            ),
        ),
    ]
