"""A published list written as FIDE TXT, FIDE XML, CSV and JSON reads back, field by field,
through our own readers; ``manage.py export_list`` writes it to a file or stdout."""

from __future__ import annotations

import csv
import datetime as dt
import io
import json
import os
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from downloads import csv_chunks
from lists import exports
from lists.exports import export_list
from lists.models import ListEntry, RatingPeriod
from players.importing.csv_list import read_csv
from players.importing.fide_txt import read_txt
from players.importing.fide_xml import read_xml
from players.importing.records import ListRecord
from players.models import Player
from tests import factories
from tests.conftest import manage_py
from tests.lists.conftest import APRIL


@dataclass(frozen=True)
class Entry:
    """What one line of a published list says."""

    fide_id: int
    name: str
    federation: str
    sex: str
    title: str = ""
    women_title: str = ""
    birth_year: int | None = 1990
    rating: int = 1800
    games: int = 0
    k: int | None = 20
    active: bool = True
    flag: str = ""
    other_titles: str = ""
    foa_title: str = ""


#: A list with what a list can hold: titles, women's titles, arbiters' and FOA titles (OTit
#: longer than FIDE's column), inactive players (flag i, wi),
#: a name FIDE's 60-character column cannot hold, markup and quotes, accents, no birth year
#: and no K, a player with 1000 games, and two players on the same rating (name order).
ENTRIES = (
    Entry(1503014, "Carlsen, Magnus", "NOR", "M", "GM", birth_year=1990, rating=2830, games=11,
          k=10),
    Entry(8603677, "Hou, Yifan", "CHN", "F", "GM", "WGM", 1994, 2600, 3, 10, flag="w"),
    Entry(25000011, "Ødegård, Åse Marie", "NOR", "F", "", "WFM", 2012, 2011, 9, 40, flag="w",
          foa_title="AWFM"),
    Entry(4100018, "Schiedsrichter, Otto", "GER", "M", "FM", birth_year=1961, rating=2010,
          games=0, k=20, active=False, flag="i", other_titles="FA,IA,FT,FI,DI,IO"),
    Entry(4100026, "O'Brien & <Sons>, \"Jo\"", "IRL", "F", birth_year=None, rating=1950,
          games=0, k=None, active=False, flag="wi"),
    Entry(4100034, "Wolfeschlegelsteinhausenbergerdorff-Vonderlindenhofen, Hubert Blaine Xavier",
          "USA", "M", "IM", birth_year=1955, rating=2400, games=1000, k=10),
    Entry(123456789, "Bullet, Bob", "ENG", "M", birth_year=2008, rating=2010, games=5, k=40),
)  # fmt: skip
FIELDS = (
    "fide_id", "name", "federation", "sex", "title", "women_title", "other_titles", "foa_title",
    "birth_year",
)  # fmt: skip


def publish_list(entries=ENTRIES, category="rapid", list_date=APRIL) -> RatingPeriod:
    """A published list holding exactly these entries."""
    period = RatingPeriod.objects.create(
        category=category, list_date=list_date, closing_date=list_date, status="published"
    )
    for entry in entries:
        player = factories.PlayerFactory(
            fide_id=entry.fide_id,
            name=entry.name,
            federation=factories.FederationFactory(code=entry.federation),
            sex=entry.sex,
        )
        ListEntry.objects.create(period=period, player=player, change=None, **vars(entry))
    return period


def in_list_order(entries=ENTRIES) -> list[Entry]:
    return sorted(entries, key=lambda entry: (-entry.rating, entry.name))


def text_of(period: RatingPeriod, fmt: str) -> str:
    return "".join(export_list(period, fmt))


def assert_records_match(records, category: str, entries=ENTRIES) -> None:
    assert all(isinstance(record, ListRecord) for record in records), records
    expected = in_list_order(entries)
    assert [r.fide_id for r in records] == [e.fide_id for e in expected]
    for record, entry in zip(records, expected, strict=True):
        for name in FIELDS:
            assert getattr(record, name) == getattr(entry, name), (entry.fide_id, name)
        assert record.active is entry.active
        (rating,) = record.ratings
        assert (rating.category, rating.rating, rating.games, rating.k) == (
            category, entry.rating, entry.games, entry.k,
        )  # fmt: skip


@pytest.fixture
def rapid_list(db) -> RatingPeriod:
    return publish_list()


def test_the_txt_list_reads_back_through_the_fide_txt_reader(rapid_list):
    """Its category is the file's, as FIDE's rapid_rating_list.txt (the download's name,
    rapid-2025-04.txt, says it: ``players.importing.import_list``)."""
    text = text_of(rapid_list, "txt")
    assert_records_match(list(read_txt(io.StringIO(text), "rapid")), "rapid")


def test_the_txt_list_has_fides_columns(rapid_list):
    """FIDE's standard_rating_list.txt layout, its rating column named after the month;
    the name column widens for the longest name (here 75 characters) and the games column
    for 1000 games, and every line keeps it."""
    header, *lines = text_of(rapid_list, "txt").splitlines()
    assert header.split() == [
        "ID", "Number", "Name", "Fed", "Sex", "Tit", "WTit", "OTit", "FOA", "APR25", "Gms",
        "K", "B-day", "Flag",
    ]  # fmt: skip
    assert header.startswith("ID Number      Name")
    fed = header.index("Fed")
    assert fed == 15 + len(ENTRIES[5].name) + 1
    assert all(line[fed : fed + 3].isupper() for line in lines)
    carlsen = lines[0]
    assert carlsen.startswith("1503014        Carlsen, Magnus")
    rating = header.index("APR25")
    assert carlsen[rating:].split() == ["2830", "11", "10", "1990"]
    # The flag column, whole: our readers give back only "i" (the activity), not "w".
    flag = header.index("Flag")
    assert [line[flag:].strip() for line in lines] == [e.flag for e in in_list_order()]


def test_a_short_txt_list_keeps_fides_own_widths(db):
    """Where readers of FIDE's fixed columns look (a review: the rating stood at column
    147, OTit being as wide as the combined list's): the rating from 113 (counted from 0),
    games 119, K 123, birth year 126, flag 132."""
    text = text_of(publish_list(ENTRIES[:2], category="standard"), "txt")
    header, carlsen, _ = text.splitlines()
    assert header.index("Name") == 15 and header.index("Fed") == 76
    assert header.index("OTit") == 94 and header.index("FOA") == 109
    assert header.index("APR25") == 113 and header.index("Gms") == 119
    assert header.endswith("Gms K  B-day Flag") and header.index("Flag") == 132
    assert (carlsen[113:119], carlsen[119:123], carlsen[123:126]) == ("2830  ", "11  ", "10 ")
    assert carlsen[126:] == "1990"  # no flag: the line ends there
    assert_records_match(list(read_txt(io.StringIO(text), "standard")), "standard", ENTRIES[:2])


def test_a_womans_title_held_alone_is_written_in_fides_wtit_column_too(db):
    """FIDE's files write a WIM without an open title "Tit WIM WTit WIM"; a record entered
    here with the title alone had WTit blank in the TXT and XML downloads (a review), and
    the CSV's women_title blank (another)."""
    wim = Entry(4100042, "Lindqvist, Ida", "SWE", "F", "WIM", birth_year=2001, rating=2210)
    period = publish_list((ENTRIES[1], wim), category="standard")
    header, *lines = text_of(period, "txt").splitlines()
    tit, wtit = header.index("Tit"), header.index("WTit")
    assert [(line[tit:wtit].strip(), line[wtit : wtit + 5].strip()) for line in lines] == [
        ("GM", "WGM"),
        ("WIM", "WIM"),
    ]
    xml = text_of(period, "xml")
    assert re.findall(r"<w_title>([^<]*)</w_title>", xml) == ["WGM", "WIM"]
    rows = csv.DictReader(io.StringIO(text_of(period, "csv"), newline=""))
    assert [(row["title"], row["women_title"]) for row in rows] == [("GM", "WGM"), ("WIM", "WIM")]


def test_a_published_list_keeps_the_arbiters_and_foa_titles_its_players_held(
    period_world, compute, publish
):
    """FIDE's OTit and FOA columns come from the players' records as they were at
    publication (a list reads the same after a new title), and OTit is one word in the TXT
    ("IA,FA,FT" where the record says "IA, FA FT"): its readers split the line at spaces.
    They were written blank before."""
    w = period_world
    arbiter, organiser = w.player("Arbiter, Anna", 1900), w.player("Organiser, Olaf", 1700)
    w.tournament([(arbiter, organiser, 1)])
    Player.objects.filter(pk=arbiter.pk).update(other_titles="IA, FA FT")
    Player.objects.filter(pk=organiser.pk).update(foa_title="AFM")
    period = publish(compute("rapid", APRIL))
    Player.objects.filter(pk=arbiter.pk).update(other_titles="IA, FA, IO")

    text = text_of(period, "txt")
    records = {r.name: r for r in read_txt(io.StringIO(text), "rapid")}
    assert (records["Arbiter, Anna"].other_titles, records["Arbiter, Anna"].foa_title) == (
        "IA,FA,FT",
        "",
    )
    assert records["Organiser, Olaf"].foa_title == "AFM"
    xml = text_of(period, "xml")
    assert re.findall(r"<o_title>([^<]*)</o_title>", xml) == ["IA, FA FT", ""]
    assert re.findall(r"<foa_title>([^<]*)</foa_title>", xml) == ["", "AFM"]


def test_the_txt_rating_column_is_named_after_the_lists_month(db):
    assert exports.month_column(dt.date(2025, 6, 1)) == "JUN25"
    text = text_of(publish_list(ENTRIES[:1], list_date=dt.date(2030, 12, 1)), "txt")
    assert text.splitlines()[0].split()[9] == "DEC30"


def test_the_xml_list_reads_back_through_the_fide_xml_reader(rapid_list):
    text = text_of(rapid_list, "xml")
    assert text.startswith('<?xml version="1.0" encoding="utf-8"?>\n<playerslist>\n<player>')
    # FIDE's rapid_rating_list.xml names its rating <rating>: the file's name says rapid.
    assert "<rating>2830</rating>\n<games>11</games>\n<k>10</k>" in text
    assert "rapid_rating" not in text
    assert_records_match(list(read_xml(io.BytesIO(text.encode()), "rapid")), "rapid")
    # The flags, whole ("w" too, which the reader does not give back).
    assert re.findall(r"<flag>([^<]*)</flag>", text) == [e.flag for e in in_list_order()]


def test_a_standard_xml_list_uses_fides_rating_games_and_k_elements(db):
    text = text_of(publish_list(ENTRIES[:1], category="standard"), "xml")
    assert "<rating>2830</rating>\n<games>11</games>\n<k>10</k>" in text
    records = list(read_xml(io.BytesIO(text.encode()), "standard"))
    assert_records_match(records, "standard", ENTRIES[:1])


def test_the_csv_list_has_its_columns_and_reads_back(rapid_list):
    text = text_of(rapid_list, "csv")
    rows = list(csv.DictReader(io.StringIO(text, newline="")))
    assert list(rows[0]) == [
        "fide_id", "name", "federation", "sex", "title", "women_title", "rapid_rating",
        "rapid_games", "rapid_k", "birth_year", "flag", "other_titles", "foa_title",
    ]  # fmt: skip
    expected = in_list_order()
    assert [
        (int(r["fide_id"]), r["name"], r["women_title"], r["rapid_k"], r["birth_year"], r["flag"])
        for r in rows
    ] == [
        (e.fide_id, e.name, e.women_title, "" if e.k is None else str(e.k),
         "" if e.birth_year is None else str(e.birth_year), e.flag)
        for e in expected
    ]  # fmt: skip
    # Read back, a rapid list's ratings are rapid ratings (an audit found them filed as
    # standard when the header said only "rating").
    records = list(read_csv(io.StringIO(text, newline="")))
    assert_records_match([r for r in records if isinstance(r, ListRecord)], "rapid")
    assert len(records) == len(ENTRIES)


def test_a_blitz_csv_list_reads_back_as_blitz(db):
    text = text_of(publish_list(ENTRIES[:2], category="blitz"), "csv")
    assert text.splitlines()[0].split(",")[6:9] == ["blitz_rating", "blitz_games", "blitz_k"]
    records = list(read_csv(io.StringIO(text, newline="")))
    assert_records_match(records, "blitz", ENTRIES[:2])


def test_the_json_list_is_an_array_of_players_with_exactly_the_documented_fields(rapid_list):
    document = json.loads(text_of(rapid_list, "json"))
    assert [
        (p["fide_id"], p["name"], p["federation"], p["sex"], p["title"], p["rating"],
         p["games"], p["k"], p["birth_year"], p["flag"])
        for p in document
    ] == [
        # One title, the one the page shows: Ødegård's WFM (no open title) included.
        (e.fide_id, e.name, e.federation, e.sex, e.title or e.women_title, e.rating, e.games,
         e.k, e.birth_year, e.flag)
        for e in in_list_order()
    ]  # fmt: skip
    assert {p["name"]: p["title"] for p in document}["Ødegård, Åse Marie"] == "WFM"
    assert all(
        set(p) == {"fide_id", "name", "federation", "sex", "title", "rating", "games", "k",
                   "birth_year", "flag"}
        for p in document
    )  # fmt: skip


def test_players_on_the_same_rating_are_listed_by_name(rapid_list):
    names = [p["name"] for p in json.loads(text_of(rapid_list, "json"))]
    assert names.index("Bullet, Bob") == names.index("Schiedsrichter, Otto") - 1


@pytest.mark.parametrize("fmt", exports.FORMATS)
def test_a_list_is_written_in_chunks_as_it_is_read(rapid_list, monkeypatch, fmt):
    monkeypatch.setattr(exports, "CHUNK_LINES", 2)
    monkeypatch.setattr(exports, "FETCH_ROWS", 3)
    chunks = list(export_list(rapid_list, fmt))
    assert len(chunks) >= len(ENTRIES) // 2
    assert "".join(chunks) == text_of(rapid_list, fmt)


@pytest.mark.parametrize("fmt", exports.FORMATS)
def test_an_empty_published_list_is_a_valid_empty_file(db, fmt):
    text = text_of(publish_list(()), fmt)
    if fmt == "json":
        assert json.loads(text) == []
    elif fmt == "xml":
        assert list(read_xml(io.BytesIO(text.encode()), "rapid")) == []
    else:
        reader = read_txt if fmt == "txt" else read_csv
        assert list(reader(io.StringIO(text, newline=""), "rapid")) == []


def test_a_list_computed_and_published_reads_back(
    period_world, compute, publish, django_capture_on_commit_callbacks
):
    """End to end: the services publish, the exporter writes, the reader reads the same."""
    w = period_world
    a, b = w.player("Alpha, Anna", 1800, sex="F"), w.player("Beta, Bert", 1700)
    w.tournament([(a, b, 1)])
    period = publish(compute("rapid", APRIL))
    records = list(read_txt(io.StringIO(text_of(period, "txt")), "rapid"))
    got = [(r.name, r.ratings[0].rating, r.ratings[0].games, r.ratings[0].k) for r in records]
    entries = ListEntry.objects.filter(period=period).order_by("-rating")
    assert got == [(e.name, e.rating, e.games, e.k) for e in entries]
    assert [e.flag for e in entries] == ["w", ""]


# -- manage.py export_list --------------------------------------------------------------------


def export(*args: str) -> str:
    out = io.StringIO()
    call_command("export_list", *args, stdout=out)
    return out.getvalue()


class ClosedPipe(io.StringIO):
    """A stdout whose reader has gone after the first chunk (``| head``)."""

    def write(self, text: str) -> int:
        if self.tell():
            raise BrokenPipeError(32, "Broken pipe")
        return super().write(text)


def test_a_reader_that_goes_away_ends_the_command_quietly(db):
    """A review: ``export_list ... | head`` ended in a BrokenPipeError traceback. The
    command stops writing and exits with status 1, saying nothing."""
    publish_list()
    with pytest.raises(SystemExit) as ended:
        call_command(
            "export_list", "2025-04", "--category", "rapid", "--format", "txt",
            stdout=ClosedPipe(), stderr=io.StringIO(),
        )  # fmt: skip
    assert ended.value.code == 1


class FullDisk(io.StringIO):
    """A stdout redirected to a full disk (``> /dev/full``)."""

    def write(self, text: str) -> int:
        raise OSError(28, "No space left on device")


def test_a_stdout_that_cannot_be_written_is_one_line_and_status_2(db):
    """A review: ``export_list ... > /dev/full`` ended in a 19-line traceback, where
    ``-o /dev/full`` says it in one line."""
    publish_list()
    with pytest.raises(CommandError, match=r"^stdout: No space left on device$") as refused:
        call_command(
            "export_list", "2025-04", "--category", "rapid", "--format", "csv",
            stdout=FullDisk(), stderr=io.StringIO(),
        )  # fmt: skip
    assert refused.value.returncode == 2


@pytest.mark.django_db(transaction=True)  # committed: the command's own process reads it
def test_a_real_pipe_closed_by_head_leaves_no_traceback(db):
    """The same through a shell's pipe, on a list longer than the pipe holds (PostgreSQL:
    the command's process reads the test database)."""
    from django.db import connection

    from tests.integration.test_celery_worker import _test_database_url

    if connection.vendor != "postgresql":
        pytest.skip("the command's process reads the test database on PostgreSQL only")
    period = RatingPeriod.objects.create(
        category="rapid", list_date=APRIL, closing_date=APRIL, status="published"
    )
    ListEntry.objects.bulk_create(
        ListEntry(period=period, player_id=number, fide_id=number, name=f"Player {number}",
                  federation="NOR", sex="M", rating=1000 + number % 1500)
        for number in range(1, 5001)
    )  # fmt: skip
    command = (
        f"{sys.executable} manage.py export_list 2025-04 --category rapid --format txt "
        "| head -c 100"
    )
    result = subprocess.run(
        ["bash", "-o", "pipefail", "-c", command],
        cwd=Path(__file__).resolve().parents[2],
        capture_output=True,
        text=True,
        env={**os.environ, "DEBUG": "1", "DATABASE_URL": _test_database_url()},
        check=False,
    )
    assert (result.returncode, result.stderr, len(result.stdout)) == (1, "", 100)


def test_the_command_writes_utf8_to_a_stdout_of_another_encoding(rapid_list, monkeypatch):
    """As -o PATH does: a review's ``PYTHONIOENCODING=latin-1 export_list ... > o.csv``
    ended in a UnicodeEncodeError traceback at the first name outside Latin-1."""
    ListEntry.objects.create(
        period=rapid_list, player=factories.PlayerFactory(fide_id=99_000_001),
        fide_id=99_000_001, name="侯逸凡, Ødegård", federation="CHN", sex="F", rating=2500,
    )  # fmt: skip
    written = io.BytesIO()
    monkeypatch.setattr(sys, "stdout", io.TextIOWrapper(written, encoding="latin-1"))
    call_command("export_list", "2025-04", "--category", "rapid", "--format", "csv")
    sys.stdout.flush()
    text = written.getvalue().decode("utf-8")
    assert "侯逸凡, Ødegård" in text
    assert text == text_of(rapid_list, "csv")


def test_the_command_writes_the_list_to_stdout(rapid_list):
    assert export("2025-04", "--category", "rapid", "--format", "json") == text_of(
        rapid_list, "json"
    )


@pytest.mark.parametrize("fmt", exports.FORMATS)
def test_the_command_writes_the_file_given_with_o(rapid_list, tmp_path, fmt):
    path = tmp_path / f"rapid.{fmt}"
    assert export("2025-04", "--category", "rapid", "--format", fmt, "-o", str(path)) == ""
    assert path.read_bytes() == text_of(rapid_list, fmt).encode()
    assert [p.name for p in tmp_path.iterdir()] == [path.name]  # no temporary file left


def test_the_command_says_what_it_wrote_with_json(rapid_list, tmp_path):
    path = tmp_path / "rapid.xml"
    output = export("2025-04", "--category", "rapid", "--format", "xml", "-o", str(path), "--json")
    assert json.loads(output) == {
        "category": "rapid", "list_date": "2025-04-01", "format": "xml", "path": str(path),
        "entries": len(ENTRIES),
    }  # fmt: skip
    assert path.read_text(encoding="utf-8") == text_of(rapid_list, "xml")


def test_the_command_exports_an_empty_published_list(db):
    publish_list(())
    assert export("2025-04", "--category", "rapid", "--format", "csv").splitlines() == [
        ",".join(exports.csv_header("rapid"))
    ]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["2025-13", "--category", "rapid", "--format", "txt"], "2025-13: not a month"),
        (["April", "--category", "rapid", "--format", "txt"], "April: not a month"),
        (["0001-01", "--category", "rapid", "--format", "txt"], "no list of that year"),
        (["2025-04", "--category", "bullet", "--format", "txt"], "unknown category 'bullet'"),
        (["2025-04", "--category", "rapid", "--format", "pdf"], "unknown format 'pdf'"),
        (["2025-05", "--category", "rapid", "--format", "txt"], "there is no rapid list"),
        (["2025-04", "--category", "blitz", "--format", "txt"], "is computed, not published"),
    ],
)
def test_bad_input_is_refused_with_status_2_and_one_line(rapid_list, tmp_path, args, message):
    RatingPeriod.objects.create(
        category="blitz", list_date=APRIL, closing_date=APRIL, status="computed"
    )
    path = tmp_path / "list.txt"
    with pytest.raises(CommandError) as refused:
        export(*args, "-o", str(path))
    assert refused.value.returncode == 2
    assert message in str(refused.value) and "\n" not in str(refused.value)
    assert not path.exists()


@pytest.mark.parametrize(("fmt", "refused"), [("txt", True), ("json", False)])
def test_json_without_a_path_is_refused_unless_the_list_is_json(rapid_list, fmt, refused):
    """--json prints one JSON document (DESIGN.md's batch interface); without -o stdout is
    the list itself, a JSON document only as --format json (a review: the TXT list came
    out, exit 0)."""
    if not refused:
        assert isinstance(
            json.loads(export("2025-04", "--category", "rapid", "--format", fmt, "--json")), list
        )
        return
    with pytest.raises(CommandError, match="without -o stdout is the list itself") as error:
        export("2025-04", "--category", "rapid", "--format", fmt, "--json")
    assert error.value.returncode == 2


def test_an_unwritable_path_is_bad_input(rapid_list, tmp_path):
    with pytest.raises(CommandError) as refused:
        export("2025-04", "--category", "rapid", "--format", "txt", "-o", str(tmp_path / "no/x"))
    assert refused.value.returncode == 2 and "no/x: No such file or directory" in str(refused.value)


def test_a_symbolic_link_is_written_through_and_keeps_its_target_s_permissions(
    rapid_list, tmp_path
):
    """An audit found -o replacing the link with a file and leaving its target as it was."""
    target = tmp_path / "lists" / "rapid.csv"
    target.parent.mkdir()
    target.write_text("last month's list\n")
    target.chmod(0o640)
    link = tmp_path / "latest.csv"
    link.symlink_to(target)
    export("2025-04", "--category", "rapid", "--format", "csv", "-o", str(link))
    assert link.is_symlink()
    assert target.read_bytes() == text_of(rapid_list, "csv").encode()
    assert target.stat().st_mode & 0o777 == 0o640
    assert sorted(p.name for p in target.parent.iterdir()) == ["rapid.csv"]


def test_a_pipe_is_written_into_not_replaced(rapid_list, tmp_path):
    """-o /dev/stdout, or a named pipe another program reads: renaming a finished file over
    it would replace the pipe (or the device) and the reader would get nothing."""
    import threading

    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    received: list[bytes] = []
    reader = threading.Thread(target=lambda: received.append(pipe.read_bytes()), daemon=True)
    reader.start()
    export("2025-04", "--category", "rapid", "--format", "txt", "-o", str(pipe))
    reader.join(timeout=10)
    assert received == [text_of(rapid_list, "txt").encode()]
    assert pipe.is_fifo()


def test_a_descriptor_is_written_into_as_the_caller_opened_it(tmp_path, capfd):
    """`-o /dev/stdout`, piped or redirected: a review found the descriptor's file renamed
    over (`>> list.txt` lost what the file held) or, piped, a "No such file" error."""
    from lists.management.commands.export_list import write_file

    write_file("/dev/stdout", iter(["a,b\n", "1,2\n"]))
    assert capfd.readouterr().out == "a,b\n1,2\n"
    kept = tmp_path / "lists.csv"
    kept.write_text("earlier list\n")
    descriptor = os.open(kept, os.O_WRONLY | os.O_APPEND)
    try:
        write_file(f"/dev/fd/{descriptor}", iter(["this list\n"]))
    finally:
        os.close(descriptor)
    assert kept.read_text() == "earlier list\nthis list\n"


def test_an_empty_output_path_is_bad_input(rapid_list):
    with pytest.raises(CommandError) as refused:
        export("2025-04", "--category", "rapid", "--format", "txt", "-o", "")
    assert refused.value.returncode == 2 and "-o: no path given" in str(refused.value)


def test_the_command_exits_2_with_one_line_on_stderr():
    result = manage_py("export_list", "2025-4x", "--category", "rapid", "--format", "txt")
    assert result.returncode == 2 and result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "2025-4x: not a month" in lines[0]


def test_a_csv_cell_a_spreadsheet_would_run_is_written_as_text_and_reads_back(db):
    """A name registered as a formula is shown by a spreadsheet, not run (OWASP's CSV
    injection: an apostrophe first); the importer takes the apostrophe off again, and a
    negative number stays a number."""
    formula = '=HYPERLINK("http://x.example","Carlsen")'
    entries = (
        Entry(1503014, formula, "NOR", "M", rating=2830),
        Entry(8603677, "@Hou, Yifan", "CHN", "F", rating=2600),
    )
    text = text_of(publish_list(entries), "csv")
    rows = list(csv.reader(io.StringIO(text, newline="")))
    assert [row[1] for row in rows[1:]] == ["'" + formula, "'@Hou, Yifan"]
    records = list(read_csv(io.StringIO(text, newline="")))
    assert [record.name for record in records] == [formula, "@Hou, Yifan"]
    assert "".join(csv_chunks(["change"], [[-12]])) == "change\r\n-12\r\n"
