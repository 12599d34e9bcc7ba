"""What every list format is read into: one ``ListRecord`` per player, or a ``SkippedLine``.

Each reader turns its lines into a mapping of canonical field names (``FIELDS``) to the
raw text, and ``record_from_fields`` checks and converts it, so the three formats agree
on what a value means: rating 0 or blank = unrated, flag ``i``/``wi`` = inactive, K blank
= not given, birth year 0 or blank = unknown.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Mapping
from dataclasses import dataclass, field

from players.models import FIRST_BIRTH_YEAR, Player, RatingCategory
from players.text import written_name

#: A one-category list's columns, named without their category: FIDE's standard_, rapid_ and
#: blitz_rating_list write "JUN25 Gms K" in TXT and <rating> <games> <k> in XML. The
#: category is the file's (its name, or the one the importer is told); in FIDE's combined
#: XML list the same tags are the standard rating's, beside <rapid_rating> and the rest.
PLAIN_FIELDS = ("rating", "games", "k")

#: The canonical names of the fields a list may carry.
CATEGORY_FIELDS = {
    category: (f"{category}_rating", f"{category}_games", f"{category}_k")
    for category in RatingCategory.values
}
FIELDS = (
    "fide_id",
    "name",
    "federation",
    "sex",
    "title",
    "women_title",
    "other_titles",
    "foa_title",
    *(name for names in CATEGORY_FIELDS.values() for name in names),
    "birth_year",
    "flag",
    *PLAIN_FIELDS,
)

#: The fields a list may do without: where it has no column (or XML tag) for one, each
#: player keeps what the registry has (a review: a CSV of ratings alone blanked every
#: title and birth year, and a junior lost his K 40), and his activity stays as it was.
OPTIONAL_FIELDS = frozenset(
    {"title", "women_title", "other_titles", "foa_title", "birth_year", "flag"}
)

#: FIDE Online Arena titles (the FOA column).
FOA_TITLES = frozenset({"AGM", "AIM", "AFM", "ACM", "AWGM", "AWIM", "AWFM", "AWCM"})
TITLES = frozenset(Player.Title.values)
WOMEN_TITLES = frozenset({"WGM", "WIM", "WFM", "WCM"})

#: No published rating is anywhere near this; a larger number is a damaged line.
HIGHEST_RATING = 3500
#: No FIDE list has held a rating below this (the lowest floor, standard and rapid lists
#: from 2012): a smaller one is a damaged line, such as a file cut short inside the rating
#: (a review: "16" was imported as a rating).
LOWEST_RATING = 1000
#: More games than a list's period holds, and a K above any rule set's (40 at most): a
#: line giving one is misread, not a record (and the database's columns would refuse it).
HIGHEST_GAMES = 9999
HIGHEST_K = 99
OTHER_TITLES_LENGTH = Player._meta.get_field("other_titles").max_length
NAME_LENGTH = Player._meta.get_field("name").max_length
FEDERATION_CODE = re.compile(r"[A-Z]{3}")


@dataclass(frozen=True, slots=True)
class CategoryRating:
    """A player's entry in one category of the list."""

    category: str
    rating: int | None  # None: unrated
    games: int  # games rated in the last period (the list's games column)
    k: int | None


@dataclass(frozen=True, slots=True)
class ListRecord:
    line: int
    fide_id: int
    name: str
    federation: str
    sex: str
    title: str
    women_title: str
    other_titles: str
    foa_title: str
    birth_year: int | None
    active: bool
    ratings: tuple[CategoryRating, ...]
    #: The ``OPTIONAL_FIELDS`` its list has no column for: not told, not blank.
    absent: frozenset[str] = frozenset()


@dataclass(frozen=True, slots=True)
class SkippedLine:
    line: int
    reason: str

    def as_json(self) -> dict[str, object]:
        return {"line": self.line, "reason": self.reason}


class ListUnreadable(ValueError):
    """The file as a whole cannot be read as the format (no header, not XML, ...)."""


@dataclass
class Malformed(Exception):
    reason: str


@dataclass(frozen=True)
class ListLayout:
    """Which categories a list carries, from its header (or its first XML record)."""

    categories: tuple[str, ...] = field(default=())
    #: The category of the columns named without one (``PLAIN_FIELDS``), if any.
    plain: str | None = None
    #: The ``OPTIONAL_FIELDS`` it has columns for.
    given: frozenset[str] = OPTIONAL_FIELDS

    @property
    def single_category(self) -> bool:
        return len(self.categories) == 1

    @property
    def names_categories(self) -> bool:
        """Whether any of its columns is named after its category (SRtng, rapid_rating)."""
        return any(category != self.plain for category in self.categories)

    def fields_of(self, category: str) -> tuple[str, str, str]:
        """The rating, games and K fields of ``category`` in this list."""
        return PLAIN_FIELDS if category == self.plain else CATEGORY_FIELDS[category]


def category_named(name: str) -> str | None:
    """The category a list's file name names, as FIDE's do (rapid_rating_list.txt) and our
    downloads (blitz-2025-06.csv); None for none or more than one."""
    named = [category for category in RatingCategory.values if category in name.lower()]
    return named[0] if len(named) == 1 else None


def layout_for(
    names: frozenset[str], category: str | None, *, combined: bool = False
) -> ListLayout:
    """The layout of a list whose columns (or XML tags) are ``names``; ``category`` is
    the one its file name or the importer names. Columns named without a category are
    the standard rating's beside other categories' (FIDE's combined XML, ``combined``
    where an earlier record had them), else ``category``'s; without one the list is
    refused rather than read as standard (a review: FIDE's rapid list imported as
    standard ratings, its TXT list as none)."""
    categories = categories_in(names)
    given = names & OPTIONAL_FIELDS
    if not names & set(PLAIN_FIELDS):
        if category and categories and category not in categories:
            # Not read as the columns say without a word (a review: --category blitz
            # imported a rapid list's ratings as rapid, silently).
            raise ListUnreadable(
                f"its rating columns are of the {' and '.join(categories)} list, and it was "
                f"to be read as the {category} list: choose {' or '.join(categories)}, or "
                "no category"
            )
        return ListLayout(categories, given=given)
    plain = RatingCategory.STANDARD.value if categories or combined else category
    if plain is None:
        raise ListUnreadable(
            "a one-category list (its rating column is named without its category, as in "
            "FIDE's standard_rating_list, rapid_rating_list and blitz_rating_list): say which "
            "category it holds, or keep FIDE's file name"
        )
    ordered = tuple(c for c in RatingCategory.values if c in {*categories, plain})
    return ListLayout(ordered, plain=plain, given=given)


def categories_in(names: set[str] | frozenset[str]) -> tuple[str, ...]:
    return tuple(
        category
        for category, columns in CATEGORY_FIELDS.items()
        if any(column in names for column in columns)
    )


def record_from_fields(
    line: int, fields: Mapping[str, str], layout: ListLayout
) -> ListRecord | SkippedLine:
    """Check and convert one line's raw fields; a line that cannot be read is skipped
    with the reason, never half-imported."""
    try:
        return ListRecord(
            line=line,
            fide_id=_fide_id(fields.get("fide_id", "")),
            name=_name(fields.get("name", "")),
            federation=_federation(fields.get("federation", "")),
            sex=_sex(fields.get("sex", "")),
            title=_choice(fields.get("title", ""), TITLES),
            women_title=_choice(fields.get("women_title", ""), WOMEN_TITLES),
            other_titles=fields.get("other_titles", "").strip()[:OTHER_TITLES_LENGTH],
            foa_title=_choice(fields.get("foa_title", ""), FOA_TITLES),
            birth_year=_birth_year(fields.get("birth_year", "")),
            active="i" not in fields.get("flag", "").lower(),
            ratings=_ratings(fields, layout),
            absent=OPTIONAL_FIELDS - layout.given,
        )
    except Malformed as problem:
        return SkippedLine(line, problem.reason)


def _fide_id(text: str) -> int:
    text = text.strip()
    if not text.isdecimal() or len(text) > 18 or int(text) == 0:
        raise Malformed(f"FIDE ID {text!r} is not a positive number")
    return int(text)


def _name(text: str) -> str:
    name = written_name(text)
    if not name:
        raise Malformed("the name is missing")
    if len(name) > NAME_LENGTH:
        raise Malformed(f"the name is longer than {NAME_LENGTH} characters")
    return name


def _federation(text: str) -> str:
    code = text.strip().upper()
    if not FEDERATION_CODE.fullmatch(code):
        raise Malformed(f"federation {text.strip()!r} is not a three-letter code")
    return code


def _sex(text: str) -> str:
    sex = text.strip().upper()
    if sex not in ("M", "F"):
        raise Malformed(f"sex {text.strip()!r} is neither M nor F")
    return sex


def _choice(text: str, known: frozenset[str]) -> str:
    """A title FIDE does not award is dropped, not guessed at."""
    value = text.strip().upper()
    return value if value in known else ""


def _birth_year(text: str) -> int | None:
    text = text.strip()
    if not text:
        return None
    year = text[:4]  # a year, or a date written year first (1990-05-17, 1990/00/00)
    if not year.isdecimal():
        raise Malformed(f"birth year {text!r} is not a year")
    if int(year) > dt.date.today().year:
        raise Malformed(f"birth year {year} is in the future")
    return int(year) if int(year) >= FIRST_BIRTH_YEAR else None


def _number(text: str, what: str, highest: int) -> int | None:
    text = text.strip()
    if not text:
        return None
    if not text.isdecimal():
        raise Malformed(f"{what} {text!r} is not a number")
    if len(text.lstrip("0")) > len(str(highest)) or int(text) > highest:
        raise Malformed(f"{what} {text} is out of range")
    return int(text)


def _ratings(fields: Mapping[str, str], layout: ListLayout) -> tuple[CategoryRating, ...]:
    """The categories the line carries. A one-category list carries its category on every
    line (an unrated player included); a combined list carries a category only where the
    line gives a rating, games or K for it (docs/DESIGN-notes.md)."""
    carried = []
    for category in layout.categories:
        rating_field, games_field, k_field = layout.fields_of(category)
        texts = [fields.get(name, "").strip() for name in (rating_field, games_field, k_field)]
        if not layout.single_category and all(text in ("", "0") for text in texts):
            continue
        rating = _number(texts[0], f"{category} rating", HIGHEST_RATING) or None
        if rating is not None and rating < LOWEST_RATING:
            raise Malformed(
                f"{category} rating {rating} is below {LOWEST_RATING}, the lowest any FIDE list "
                "has held"
            )
        carried.append(
            CategoryRating(
                category=category,
                rating=rating,
                games=_number(texts[1], f"{category} games", HIGHEST_GAMES) or 0,
                k=_number(texts[2], f"{category} K", HIGHEST_K) or None,
            )
        )
    return tuple(carried)


#: Column names of the CSV and XML lists (lower-case snake), and the TXT header names
#: written the same way, -> canonical field names.
FIELD_ALIASES = {
    **{name: name for name in FIELDS},
    "id_number": "fide_id",
    "id": "fide_id",
    "fideid": "fide_id",
    "fed": "federation",
    "country": "federation",
    "tit": "title",
    "wtit": "women_title",
    "w_title": "women_title",
    "otit": "other_titles",
    "o_title": "other_titles",
    "foa": "foa_title",
    "srtng": "standard_rating",
    "sgm": "standard_games",
    "gms": "games",
    "sk": "standard_k",
    "rrtng": "rapid_rating",
    "rgm": "rapid_games",
    "rk": "rapid_k",
    "brtng": "blitz_rating",
    "bgm": "blitz_games",
    "bk": "blitz_k",
    "b_day": "birth_year",
    "bday": "birth_year",
    "birthday": "birth_year",
}


def canonical(name: str) -> str:
    """The canonical field for a column name ("B-day", "b_day", "ID Number"), or ""."""
    key = re.sub(r"[^a-z0-9]+", "_", name.strip().lower()).strip("_")
    return FIELD_ALIASES.get(key, "")
