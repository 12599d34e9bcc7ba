"""Each published format reads into the same registry records."""

from __future__ import annotations

import codecs
import datetime
import unicodedata
import zipfile
from pathlib import Path

import pytest

from players.access import Actor
from players.importing import ListUnreadable
from players.models import Federation, Player, PlayerImport, RatingHistory, RatingState
from players.services import player_import_file
from tests.players.conftest import DATA, MARCH

APRIL = datetime.date(2025, 4, 1)
#: The month FIDE's blitz_rating_list.txt names in its header ("JUN25").
JUNE = datetime.date(2025, 6, 1)


def state(fide_id: int, category: str = "standard") -> RatingState:
    return RatingState.objects.get(player__fide_id=fide_id, category=category)


def test_the_combined_txt_list_gives_players_ratings_in_three_categories_and_history(
    import_as_administrator,
):
    result = import_as_administrator("players_list_foa.txt")
    carlsen = Player.objects.get(fide_id=1503014)
    assert (carlsen.name, carlsen.federation.code, carlsen.sex, carlsen.title) == (
        "Carlsen, Magnus", "NOR", "M", "GM",
    )  # fmt: skip
    assert carlsen.birth_year == 1990
    ratings = {s.category: (s.rating, s.period_games, s.k) for s in carlsen.ratings.all()}
    assert ratings == {"standard": (2833, 9, 10), "rapid": (2824, 0, 10), "blitz": (2886, 0, 10)}
    assert state(1503014).reached_2400 and state(1503014).status == "rated"
    assert state(1503014).list_date == MARCH
    assert RatingHistory.objects.filter(player=carlsen, list_date=MARCH).count() == 3
    assert result.lines_read == 8 and result.players_created == 6


def test_an_other_title_running_into_foa_does_not_break_the_line(import_as_administrator):
    import_as_administrator("players_list_foa.txt")
    olga = Player.objects.get(fide_id=4100026)
    assert (olga.other_titles, olga.foa_title, olga.women_title) == ("FA,IA,FT,FI,DI,IO", "", "WFM")
    assert state(4100026).rating == 2011


def test_a_line_moved_right_by_a_long_other_title_still_reads(import_as_administrator):
    import_as_administrator("players_list_foa.txt")
    sam = Player.objects.get(fide_id=4100034)  # FOA written onto the end of OTit
    assert (sam.other_titles, sam.foa_title, sam.birth_year) == ("FA,IA,FT,DI,FST,IO", "AIM", 1980)
    assert (state(4100034).rating, state(4100034, "blitz").rating) == (1950, 1888)
    sue = Player.objects.get(fide_id=4100042)  # FOA after a space
    assert (sue.other_titles, sue.foa_title, state(4100042).rating) == (
        "IA,FA,FT,DI,FST,IO", "AFM", 1720,
    )  # fmt: skip


def test_the_inactive_flag_and_an_unknown_federation(import_as_administrator):
    import_as_administrator("players_list_foa.txt")
    assert state(4100018).active is False  # flag "i"
    nina = Player.objects.get(fide_id=25000011)
    assert nina.federation.code == "ZZZ" and Federation.objects.get(code="ZZZ").name == "ZZZ"
    # A combined list carries no category for a player it gives nothing in.
    assert not nina.ratings.exists()


def test_malformed_lines_are_skipped_with_their_line_number_and_reason(import_as_administrator):
    result = import_as_administrator("players_list_foa.txt")
    assert result.skipped == [
        {"line": 8, "reason": "standard rating '21x5' is not a number"},
        {"line": 9, "reason": "FIDE ID 'ABC' is not a positive number"},
    ]
    assert result.skipped_count == 2
    assert not Player.objects.filter(fide_id=25000020).exists()


def test_a_skipped_xml_record_is_named_by_its_fide_id(import_as_administrator, tmp_path):
    """XML records are numbered by their place among the records, not by the file's lines:
    in a list of a million records the number alone did not find the bad one (a review)."""
    path = tmp_path / "players_list.xml"
    path.write_text(
        "<playerslist><player><fideid>90800041</fideid><name>Good, Gus</name>"
        "<country>NOR</country><sex>M</sex><rating>2000</rating><rapid_rating>2000"
        "</rapid_rating></player><player><fideid>90800042</fideid><name>Bad, Bo</name>"
        "<country>NOR</country><sex>M</sex><rating>21x5</rating><rapid_rating>2000"
        "</rapid_rating></player></playerslist>"
    )
    result = import_as_administrator("", path=path)
    assert result.skipped == [
        {"line": 2, "reason": "<fideid>90800042</fideid>: standard rating '21x5' is not a number"}
    ]


def test_a_one_category_list_is_read_by_its_header_even_with_moved_columns(
    import_as_administrator,
):
    result = import_as_administrator("rapid_rating_list.txt")
    assert (state(1503014, "rapid").rating, state(1503014, "rapid").period_games) == (2830, 11)
    assert not RatingState.objects.filter(category="standard").exists()
    unrated = state(25000011, "rapid")
    assert (unrated.rating, unrated.status, unrated.active) == (None, "unrated", False)
    assert result.skipped == [{"line": 4, "reason": "federation '' is not a three-letter code"}]


def test_the_xml_list_is_read(import_as_administrator):
    result = import_as_administrator("players_list.xml")
    assert result.format == "fide-xml"
    assert state(1503014, "blitz").rating == 2886
    olga = Player.objects.get(fide_id=4100026)
    assert (olga.foa_title, olga.other_titles) == ("AWFM", "FA,IA,FT,FI,DI,IO")
    assert state(4100026).active is False  # flag "wi"
    assert not RatingState.objects.filter(player=olga, category="rapid").exists()  # rating 0
    assert result.skipped == [
        {"line": 4, "reason": "<fideid>25000020</fideid>: sex 'X' is neither M nor F"}
    ]


@pytest.mark.parametrize("name", ["players_list.csv", "players_list_snake.csv"])
def test_csv_with_txt_or_snake_case_headers_is_read(import_as_administrator, name):
    result = import_as_administrator(name)
    assert result.format == "csv"
    assert state(1503014).rating == 2833
    assert Player.objects.get(fide_id=25000011).birth_year == 2012


def test_the_csv_line_number_counts_the_header(import_as_administrator):
    result = import_as_administrator("players_list.csv")
    assert result.skipped == [{"line": 5, "reason": "birth year '19x9' is not a year"}]


def test_a_zipped_list_is_read_in_place(import_as_administrator, tmp_path):
    import zipfile

    from tests.players.conftest import DATA

    archive = tmp_path / "players_list_xml.zip"
    with zipfile.ZipFile(archive, "w") as zipped:
        zipped.write(DATA / "players_list.xml", "players_list_xml_foa.xml")
    result = import_as_administrator("", path=archive)
    assert result.format == "fide-xml" and result.players_created == 3


def test_a_number_straddling_a_column_is_a_skipped_line_not_a_guess(
    import_as_administrator, tmp_path
):
    lines = (DATA / "players_list_foa.txt").read_text().splitlines()
    carlsen = lines[1]
    moved = carlsen[:112] + "   " + carlsen[112:]  # the rating now runs into SGm
    broken = tmp_path / "moved.txt"
    broken.write_text("\n".join([lines[0], moved]) + "\n")
    result = import_as_administrator("", path=broken)
    assert result.skipped == [
        {"line": 2, "reason": "the columns after OTit do not line up with the header"}
    ]


def test_a_txt_list_saved_with_separate_accents_reads_in_its_columns(
    import_as_administrator, tmp_path
):
    """An editor on a Mac saves "Jönsson, Åsa" as letters and separate accents (decomposed
    Unicode), aligned as it shows them: the line was skipped as not lining up, a column
    for each accent counted. Read as shown, and the name kept composed, one spelling."""
    lines = (DATA / "players_list_foa.txt").read_text().splitlines()
    shown = "Jönsson, Åsa".ljust(len("Carlsen, Magnus"))
    saved = lines[1].replace("Carlsen, Magnus", unicodedata.normalize("NFD", shown))
    path = tmp_path / "players_list_foa.txt"
    path.write_text("\n".join([lines[0], saved]) + "\n")
    result = import_as_administrator("", path=path)
    assert result.skipped == []
    player = Player.objects.get(fide_id=1503014)
    assert player.name == unicodedata.normalize("NFC", "Jönsson, Åsa")
    assert (player.federation.code, state(1503014).rating) == ("NOR", 2833)


def csv_imported(import_as_administrator, tmp_path, text: str):
    """``text`` written as a UTF-8 CSV list and imported by an administrator."""
    path = tmp_path / "list.csv"
    path.write_text(text, encoding="utf-8")
    return import_as_administrator("", path=path)


def test_a_csv_name_with_separate_accents_is_stored_composed(import_as_administrator, tmp_path):
    """The registry's search and the TXT download count the letters a reader sees."""
    name = unicodedata.normalize("NFD", "Åström, Jörg")
    text = f'ID Number,Name,Fed,Sex,SRtng\n90800001,"{name}",SWE,M,1800\n'
    csv_imported(import_as_administrator, tmp_path, text)
    stored = Player.objects.get(fide_id=90800001).name
    assert stored == "Åström, Jörg" and len(stored) == 12


def test_a_short_row_and_a_birth_year_to_come_are_skipped_with_their_reasons(
    import_as_administrator, tmp_path
):
    """A CSV row with fewer values than the header has columns is named as such (not by
    the first column it lacks); a birth year after this year is nobody's."""
    result = csv_imported(
        import_as_administrator,
        tmp_path,
        "ID Number,Name,Fed,Sex,SRtng,B-day\n"
        "90800001,Short,NOR\n"
        "90800002,Future,NOR,M,1800,2090\n"
        "90800003,Fine,NOR,F,1800,1990\n",
    )
    assert result.skipped == [
        {"line": 2, "reason": "3 values for 6 columns"},
        {"line": 3, "reason": "birth year 2090 is in the future"},
    ]
    assert list(Player.objects.values_list("name", flat=True)) == ["Fine"]


def test_numbers_of_superscript_digits_or_too_many_digits_are_skipped_lines(
    import_as_administrator, tmp_path
):
    """ "²" is a digit to Python but no number: a FIDE ID, rating or birth year written with
    one is a skipped line with its reason, as is a FIDE ID longer than any, never an
    error that loses the whole import."""
    result = csv_imported(
        import_as_administrator,
        tmp_path,
        "ID Number,Name,Fed,Sex,SRtng,B-day\n"
        "9080000²,Superscript,NOR,M,1800,1990\n"
        "1234567890123456789012,Long,NOR,M,1800,1990\n"
        "90800003,Rating,NOR,F,18²0,1990\n"
        "90800004,Born,NOR,F,1800,199²\n"
        "90800005,Fine,NOR,F,1800,1990\n",
    )
    assert result.skipped == [
        {"line": 2, "reason": "FIDE ID '9080000²' is not a positive number"},
        {"line": 3, "reason": "FIDE ID '1234567890123456789012' is not a positive number"},
        {"line": 4, "reason": "standard rating '18²0' is not a number"},
        {"line": 5, "reason": "birth year '199²' is not a year"},
    ]
    assert Player.objects.filter(fide_id=90800005).exists()


def test_games_k_or_a_rating_beyond_any_list_s_are_skipped_lines(import_as_administrator, tmp_path):
    """An audit found games of 99999999999999999999 ending the import in a server error
    (the database's integer refused it), and K 70000 accepted: no rule set gives K above
    40, and no list period holds ten thousand games."""
    result = csv_imported(
        import_as_administrator,
        tmp_path,
        "fide_id,name,federation,sex,standard_rating,standard_games,standard_k\n"
        "90800001,Games,NOR,M,2000,99999999999999999999,20\n"
        "90800002,Kay,NOR,M,2000,9,70000\n"
        "90800003,Rating,NOR,M,3501,9,20\n"
        "90800004,Padded,NOR,F,02000,0009,020\n",
    )
    assert result.skipped == [
        {"line": 2, "reason": "standard games 99999999999999999999 is out of range"},
        {"line": 3, "reason": "standard K 70000 is out of range"},
        {"line": 4, "reason": "standard rating 3501 is out of range"},
    ]
    padded = RatingState.objects.get(player__fide_id=90800004, category="standard")
    assert (padded.rating, padded.period_games, padded.k) == (2000, 9, 20)


def test_a_list_cut_short_inside_its_last_line_leaves_that_line_out(
    import_as_administrator, tmp_path
):
    """A download broken off inside the last line: Carlsen's K of 10 cut to "1" would have
    been read whole, and with it the 2400 flag a K of 10 or less implies (a review). A last
    line with no line break that stops before its birth year column is skipped, saying
    so; the lines before it are read."""
    lines = (DATA / "blitz_rating_list.txt").read_text().splitlines()
    header, carlsen, hou = lines[0], lines[1], lines[2]
    cut = carlsen[: carlsen.index(" 10 1990") + 2]  # "... 2886  13  1"
    path = tmp_path / "blitz_rating_list.txt"
    path.write_text(f"{header}\n{hou}\n{cut}")
    result = import_as_administrator("", path=path, as_of=JUNE)
    assert result.skipped == [
        {
            "line": 3,
            "reason": "the file ends inside this line, before its birth year column, with no "
            "line break after it: cut short? Import the whole file again (a whole file whose "
            "last player has no birth year: end that line with a line break)",
        }
    ]
    assert not Player.objects.filter(fide_id=1503014).exists()
    assert state(8603677, "blitz").rating == 2610
    # Whole, with or without its line break, the same line is read.
    path.write_text(f"{header}\n{hou}\n{carlsen}")
    assert import_as_administrator("", path=path, as_of=JUNE).skipped == []
    assert state(1503014, "blitz").k == 10
    # As the message says: a last player without a birth year, his line ended, is read.
    unborn = carlsen[: carlsen.index(" 10 1990") + 3]
    path.write_text(f"{header}\n{hou}\n{unborn}\n")
    assert import_as_administrator("", path=path, as_of=JUNE).skipped == []
    assert state(1503014, "blitz").k == 10


def test_a_rating_below_any_fide_lists_is_a_skipped_line(import_as_administrator, tmp_path):
    """No FIDE list has held a rating below 1000: "16" is a damaged line (a review
    imported a file cut inside the rating as a rating of 16)."""
    result = csv_imported(
        import_as_administrator,
        tmp_path,
        "fide_id,name,federation,sex,standard_rating,standard_games,standard_k\n"
        "90800011,Low,NOR,M,16,9,20\n"
        "90800012,Floor,NOR,M,1000,9,20\n",
    )
    assert result.skipped == [
        {"line": 2, "reason": "standard rating 16 is below 1000, the lowest any FIDE list has held"}
    ]
    assert state(90800012).rating == 1000


def test_a_windows_spreadsheets_csv_keeps_its_letters(import_as_administrator, tmp_path):
    """Excel's "CSV (Comma delimited)" on a Western Windows writes Windows-1252: read as
    Latin-1, "Šebenik, Žiga" was stored with control characters for Š and Ž (a review)."""
    path = tmp_path / "list.csv"
    path.write_bytes(
        "fide_id,name,federation,sex\n90800021,Šebenik, Žiga,SLO,M\n90800022,Œuvre, Léa,FRA,F\n"
        .replace("Šebenik, Žiga", '"Šebenik, Žiga"').replace("Œuvre, Léa", '"Œuvre, Léa"')
        .encode("cp1252")
    )  # fmt: skip
    import_as_administrator("", path=path)
    names = set(Player.objects.values_list("name", flat=True))
    assert names == {"Šebenik, Žiga", "Œuvre, Léa"}


def test_fides_one_category_txt_list_is_read_as_the_category_its_name_says(
    import_as_administrator,
):
    """FIDE's blitz_rating_list.txt names its rating column after the month ("JUN25") and
    its games and K "Gms" and "K" (a review: the ratings of such a list were read as none,
    and the import said nothing)."""
    result = import_as_administrator("blitz_rating_list.txt", as_of=JUNE)
    carlsen = state(1503014, "blitz")
    assert (carlsen.rating, carlsen.period_games, carlsen.k) == (2886, 13, 10)
    assert state(8603677, "blitz").active is False  # flag "wi"
    assert state(25000011, "blitz").status == "unrated"
    assert not RatingState.objects.exclude(category="blitz").exists()
    assert result.ratings_written == 3 and result.skipped == []


def test_fides_one_category_xml_list_is_read_as_its_category_not_standard(
    import_as_administrator,
):
    """FIDE's rapid_rating_list.xml writes <rating>, <games> and <k>, which in the combined
    list are the standard rating's (a review: rapid ratings were filed as standard)."""
    import_as_administrator("rapid_rating_list.xml")
    assert (state(1503014, "rapid").rating, state(1503014, "rapid").period_games) == (2824, 7)
    assert not RatingState.objects.filter(category="standard").exists()


@pytest.mark.parametrize("name", ["blitz_rating_list.txt", "rapid_rating_list.xml"])
def test_a_one_category_list_whose_name_says_nothing_is_refused_whole(
    import_as_administrator, tmp_path, name
):
    unnamed = tmp_path / f"june{Path(name).suffix}"
    unnamed.write_bytes((DATA / name).read_bytes())
    with pytest.raises(ListUnreadable, match="say which category it holds"):
        import_as_administrator(name, path=unnamed, as_of=JUNE)
    assert not Player.objects.exists()
    assert PlayerImport.objects.get().status == PlayerImport.Status.FAILED


def test_a_one_category_list_is_read_as_the_category_chosen(db, tmp_path):
    unnamed = tmp_path / "june.txt"
    unnamed.write_bytes((DATA / "blitz_rating_list.txt").read_bytes())
    player_import_file(
        actor=Actor(is_administrator=True), path=unnamed, category="rapid", as_of=JUNE
    )
    assert state(1503014, "rapid").rating == 2886


def test_a_one_category_list_put_in_force_from_another_month_than_its_own_is_refused(
    import_as_administrator,
):
    """FIDE's blitz_rating_list.txt names its list in its header ("JUN25"): imported as in
    force from March, its June ratings became March's state and history (a review found
    April's list so made November's). Refused whole, saying which month to choose."""
    with pytest.raises(ListUnreadable) as refused:
        import_as_administrator("blitz_rating_list.txt", as_of=MARCH)
    assert str(refused.value) == (
        "its header names the list of 2025-06-01 (JUN25), and it was to be in force from "
        "2025-03-01: import it as of 2025-06-01"
    )
    assert not Player.objects.exists()


def test_a_document_with_no_player_is_refused(import_as_administrator, tmp_path):
    """A web server's error page in XML, or a header alone, read "Done, 0 lines read"."""
    path = tmp_path / "players_list.xml"
    path.write_text("<html><body>Service unavailable</body></html>")
    with pytest.raises(ListUnreadable, match="it holds no player"):
        import_as_administrator("", path=path)
    assert PlayerImport.objects.get().status == PlayerImport.Status.FAILED


def test_a_tab_separated_txt_is_read_as_such(import_as_administrator, tmp_path):
    """Excel's "Unicode Text" is tab-separated text named .txt: read as FIDE's columns,
    every line was skipped (a review)."""
    path = tmp_path / "players.txt"
    path.write_text("ID Number\tName\tFed\tSex\n90800031\tTab, Tom\tNOR\tM\n")
    result = import_as_administrator("", path=path)
    assert result.skipped == [] and Player.objects.get(fide_id=90800031).name == "Tab, Tom"


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-be"])
@pytest.mark.parametrize("name", ["players_list.csv", "players_list_foa.txt"])
def test_a_spreadsheets_unicode_text_is_read_as_utf16(
    import_as_administrator, tmp_path, name, encoding
):
    """Excel's "Unicode text" is UTF-16 with its byte-order mark: it reads as the same
    list in UTF-8 does, names outside ASCII included (before, no header was found)."""
    text = (DATA / name).read_text(encoding="utf-8")
    if name.endswith(".csv"):
        text += '90800001,"Müller, Jörg",GER,M' + "," * 15 + "\n"
    utf8 = tmp_path / "utf8" / name
    utf8.parent.mkdir()
    utf8.write_text(text, encoding="utf-8")
    unicode_text = tmp_path / name
    mark = codecs.BOM_UTF16_BE if encoding == "utf-16-be" else b""
    unicode_text.write_bytes(mark + text.encode(encoding))
    expected = import_as_administrator("", path=utf8)
    result = import_as_administrator("", path=unicode_text, as_of=APRIL)
    assert result.format == expected.format and result.skipped == expected.skipped
    assert result.players_unchanged == expected.players_created + expected.players_updated > 0
    if name.endswith(".csv"):
        assert Player.objects.filter(name="Müller, Jörg").exists()


def test_a_file_that_is_not_text_is_refused_with_the_reason(import_as_administrator, tmp_path):
    no_mark = tmp_path / "players.csv"
    no_mark.write_bytes((DATA / "players_list.csv").read_text().encode("utf-16-le"))
    with pytest.raises(ListUnreadable, match=r"not text .* Save it as CSV in UTF-8"):
        import_as_administrator("", path=no_mark)
    assert not Player.objects.exists()


def zipped(tmp_path: Path, *members: tuple[str, bytes]) -> Path:
    archive = tmp_path / "list.zip"
    with zipfile.ZipFile(archive, "w") as writing:
        for name, data in members:
            writing.writestr(name, data)
    return archive


def test_a_zip_of_two_lists_is_refused_rather_than_half_read(import_as_administrator, tmp_path):
    """Reading the first file of several would import one list and say nothing of the
    other (the blitz list of such a zip was left unread, unsaid)."""
    csv = (DATA / "players_list.csv").read_bytes()
    archive = zipped(tmp_path, ("a.csv", csv), ("blitz_rating_list.txt", b"ID Number  Name\n"))
    with pytest.raises(ListUnreadable, match=r"holds 2 files \(a.csv, blitz_rating_list.txt\)"):
        import_as_administrator("", path=archive)
    assert not Player.objects.exists()


def test_a_zip_cut_short_is_told_as_such(import_as_administrator, tmp_path):
    """A download broken off leaves a zip's members without the archive's end: it was
    refused as "not text ... a spreadsheet's own format", advice that did not fit."""
    whole = zipped(tmp_path, ("players_list_foa.txt", (DATA / "players_list_foa.txt").read_bytes()))
    cut = tmp_path / "cut.zip"
    cut.write_bytes(whole.read_bytes()[:200])
    with pytest.raises(ListUnreadable, match=r"a zip archive cut short \(its end is missing\)"):
        import_as_administrator("", path=cut)


def test_a_zip_made_on_a_mac_is_read_past_its_shadow_files(import_as_administrator, tmp_path):
    csv = (DATA / "players_list.csv").read_bytes()
    archive = zipped(tmp_path, ("list.csv", csv), ("__MACOSX/._list.csv", b"\0\5\26\7"))
    assert import_as_administrator("", path=archive).players_created == 3


def test_an_excel_workbook_is_told_to_be_saved_as_csv(import_as_administrator, tmp_path):
    workbook = zipped(
        tmp_path, ("[Content_Types].xml", b"<Types/>"), ("xl/workbook.xml", b"<workbook/>")
    )
    with pytest.raises(ListUnreadable, match="an Excel workbook, not a list: save it as CSV"):
        import_as_administrator("", path=workbook)
