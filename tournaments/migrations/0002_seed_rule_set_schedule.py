"""Seed the rule-set schedule with DESIGN.md's effective dates (administrators may edit)."""

from django.db import migrations


def seed(apps, schema_editor):
    from regulations import DEFAULT_SCHEDULE

    schedule = apps.get_model("tournaments", "RuleSetSchedule")
    for entry in DEFAULT_SCHEDULE:
        schedule.objects.get_or_create(
            category=str(entry.category),
            effective_from=entry.effective_from,
            defaults={"rule_set": entry.rule_set},
        )


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0001_initial")]
    operations = [migrations.RunPython(seed, migrations.RunPython.noop)]
