"""``manage.py import_players``: the officers' batch interface."""

from __future__ import annotations

import json
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from players.models import PlayerImport, RatingState
from tests.conftest import manage_py
from tests.players.conftest import DATA


def import_players(*args: str) -> str:
    out = StringIO()
    call_command("import_players", *args, stdout=out)
    return out.getvalue()


def test_json_prints_the_summary_as_one_document(db):
    path = str(DATA / "players_list_foa.txt")
    summary = json.loads(import_players(path, "--as-of", "2025-03-01", "--json"))
    assert summary["file"] == path and summary["format"] == "fide-txt"
    assert summary["as_of"] == "2025-03-01"
    assert (summary["lines_read"], summary["players_created"], summary["skipped_count"]) == (
        8,
        6,
        2,
    )
    assert summary["skipped"][0] == {"line": 8, "reason": "standard rating '21x5' is not a number"}
    assert RatingState.objects.filter(list_date="2025-03-01").count() == 8
    # The registry had no federation: those the list names are created, and said so.
    assert summary["federations_created"] and all(
        len(code) == 3 for code in summary["federations_created"]
    )
    plain = import_players(path, "--as-of", "2025-03-01")
    assert "Federations new to the registry" not in plain  # the second time, none is new


def test_the_format_can_be_given_when_the_name_says_nothing(db, tmp_path):
    unnamed = tmp_path / "list.dat"
    unnamed.write_bytes((DATA / "players_list.xml").read_bytes())
    summary = json.loads(import_players(str(unnamed), "--format", "fide-xml", "--json"))
    assert summary["format"] == "fide-xml" and summary["players_created"] == 3


def test_without_as_of_the_list_is_in_force_from_the_first_of_this_month(db):
    import_players(str(DATA / "players_list.csv"))
    assert PlayerImport.objects.get().as_of.day == 1


def test_the_human_summary_lists_the_skipped_lines(db):
    output = import_players(str(DATA / "players_list_foa.txt"))
    assert "6 created" in output and "line 9: FIDE ID 'ABC' is not a positive number" in output


def test_an_xml_lists_summary_counts_records_not_lines(db, tmp_path):
    """A review: "line 4" named the fourth player record, on the file's line 67."""
    text = (DATA / "players_list.xml").read_text()
    broken = tmp_path / "players_list.xml"
    last = text.rindex("<fideid>")
    broken.write_text(text[:last] + "<fideid>ABC" + text[text.index("<", last + 8) :])
    output = import_players(str(broken))
    assert "4 records read" in output and "1 record skipped" in output
    assert "  record 4: " in output and "line" not in output


def test_a_file_that_is_not_a_list_is_bad_input(db, tmp_path):
    junk = tmp_path / "junk.txt"
    junk.write_text("Dear officer,\nplease find attached...\n")
    with pytest.raises(CommandError) as raised:
        import_players(str(junk), "--json")
    assert raised.value.returncode == 2
    assert str(raised.value).startswith(f"{junk}: the first line is not a FIDE list header")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["no/such/list.txt"], "no/such/list.txt: no such file"),
        ([str(DATA / "players_list.csv"), "--as-of", "2025-13-01"], "is not a date (YYYY-MM-DD)"),
        ([str(DATA / "players_list.csv"), "--as-of", "2031-05-01"], "is not out yet"),
    ],
)
def test_bad_input_exits_with_status_2_and_one_line_naming_the_file(args, message):
    result = manage_py("import_players", *args, "--json")
    assert result.returncode == 2 and result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and message in lines[0] and args[0] in lines[0]


def test_a_csv_with_carriage_returns_alone_is_read(db, tmp_path):
    """Spreadsheets on the Mac still write CSV whose lines end with a carriage return
    alone; an audit found the import ending in a traceback on it."""
    mac = tmp_path / "mac.csv"
    mac.write_bytes(
        (DATA / "players_list.csv").read_bytes().replace(b"\r\n", b"\n").replace(b"\n", b"\r")
    )
    summary = json.loads(import_players(str(mac), "--as-of", "2025-03-01", "--json"))
    plain = json.loads(
        import_players(str(DATA / "players_list.csv"), "--as-of", "2025-03-01", "--json")
    )
    assert (summary["lines_read"], summary["skipped"]) == (plain["lines_read"], plain["skipped"])
    assert summary["players_created"] > 0


def test_each_line_of_a_carriage_return_csv_is_decoded_on_its_own(db, tmp_path):
    """A line of Latin-1 among UTF-8 lines is read as Latin-1 alone: a review found one
    such line garbling every UTF-8 name of a file whose lines end with CR alone."""
    from players.models import Player

    mac = tmp_path / "mac.csv"
    mac.write_bytes(
        b"fide_id,name,federation,sex\r"
        + '90800001,"Müller, Jörg",GER,M\r'.encode()
        + '90800002,"Dupré, Zoé",FRA,F\r'.encode("latin-1")
    )
    import_players(str(mac), "--as-of", "2025-03-01")
    names = dict(Player.objects.values_list("fide_id", "name"))
    assert names == {90800001: "Müller, Jörg", 90800002: "Dupré, Zoé"}


def damaged_zip(tmp_path: Path) -> Path:
    """A zip of a real list whose compressed bytes are damaged (its directory intact)."""
    import zipfile

    archive = tmp_path / "damaged.zip"
    with zipfile.ZipFile(archive, "w", compression=zipfile.ZIP_DEFLATED) as zipped:
        zipped.write(DATA / "players_list.xml", "players_list.xml")
    data = bytearray(archive.read_bytes())
    for offset in range(60, 160):  # inside the deflated member, after its local header
        data[offset] ^= 0xFF
    archive.write_bytes(bytes(data))
    return archive


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("huge", "line 2: field larger than field limit"),
        ("zip", "the zip archive is damaged"),
    ],
)
def test_a_damaged_file_is_bad_input_and_the_import_is_recorded_failed(
    db, tmp_path, content, message
):
    """A field longer than the csv module reads, a damaged zip: one
    line naming the problem, exit status 2, nothing imported, and the import recorded as
    failed rather than left running."""
    header = "fide_id,name,federation,sex\n"
    if content == "zip":
        path = damaged_zip(tmp_path)
    else:
        path = tmp_path / f"{content}.csv"
        path.write_text(header + "1503014," + "x" * 200_000 + ",NOR,M\n")
    with pytest.raises(CommandError) as raised:
        import_players(str(path), "--as-of", "2025-03-01", "--json")
    assert raised.value.returncode == 2
    assert str(raised.value).startswith(f"{path}: ") and message in str(raised.value)
    assert "\n" not in str(raised.value)
    attempt = PlayerImport.objects.get()
    assert attempt.status == PlayerImport.Status.FAILED and message in attempt.error
    assert not RatingState.objects.exists()


def test_category_names_a_one_category_lists_category_where_its_name_does_not(db, tmp_path):
    unnamed = tmp_path / "june.txt"
    unnamed.write_bytes((DATA / "blitz_rating_list.txt").read_bytes())
    with pytest.raises(CommandError, match="say which category it holds"):
        import_players(str(unnamed), "--as-of", "2025-06-01")
    import_players(str(unnamed), "--as-of", "2025-06-01", "--category", "rapid")
    assert RatingState.objects.get(player__fide_id=1503014, category="rapid").rating == 2886


def test_a_directory_is_named_as_such_not_as_missing(db, tmp_path):
    with pytest.raises(CommandError) as raised:
        import_players(str(tmp_path))
    assert raised.value.returncode == 2
    assert str(raised.value) == f"{tmp_path}: a directory, not a list: name the list's file"


def test_the_summary_counts_one_line_in_the_singular(db, tmp_path):
    one = tmp_path / "one.csv"
    one.write_text('ID Number,Name,Fed,Sex,SRtng\n1503014,"Carlsen, Magnus",NOR,M,28x0\n')
    output = import_players(str(one), "--as-of", "2025-03-01")
    assert "1 line read" in output and "1 line skipped" in output
    assert "0 ratings and 0 history rows written" in output


def test_a_category_the_lists_columns_contradict_is_bad_input(db, tmp_path):
    """A review: --category blitz on a list whose columns are the rapid list's was
    silently read as rapid."""
    rapid = tmp_path / "list.csv"
    rapid.write_text("fide_id,name,federation,sex,rapid_rating\n90800031,Moe Mo,NOR,M,1800\n")
    with pytest.raises(CommandError, match="its rating columns are of the rapid list, and it"):
        import_players(str(rapid), "--as-of", "2025-06-01", "--category", "blitz")
    assert not RatingState.objects.exists()
    import_players(str(rapid), "--as-of", "2025-06-01", "--category", "rapid")
    assert RatingState.objects.get().category == "rapid"
