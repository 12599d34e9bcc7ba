"""``name_key_transliterated``: a name's key with its umlauts and strokes written out first
("Müller" is "MUELLER", "Møller" "MOELLER"), so that a registry or preview search typed
"mueller" finds "Müller" and not "Muller, Jürgen". It calls ``list_name_key`` (migration
``lists.0012``) on the name composed (NFC) and transliterated. No index holds it: it is
worked out only for the names outside ASCII of a search that reads every name anyway
(``players.name_keys.name_key_contains``). The letters are copied here so that this
migration does not change with the code; a test checks the function against the
application's on PostgreSQL."""

from django.db import migrations

FUNCTION = "name_key_transliterated"
TRANSLITERATIONS = {
    "Ä": "AE", "ä": "ae", "Ö": "OE", "ö": "oe", "Ü": "UE", "ü": "ue", "Ø": "OE", "ø": "oe",
}  # fmt: skip


def forwards(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    written_out = "normalize(name, NFC)"
    for letter, letters in TRANSLITERATIONS.items():
        written_out = f"replace({written_out}, '{letter}', '{letters}')"
    schema_editor.execute(
        f"CREATE FUNCTION {FUNCTION}(name text) RETURNS text "
        "LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE "
        f"RETURN list_name_key({written_out})"
    )


def backwards(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(f"DROP FUNCTION {FUNCTION}(text)")


class Migration(migrations.Migration):
    dependencies = [("lists", "0013_result_by_change")]

    operations = [migrations.RunPython(forwards, backwards)]
