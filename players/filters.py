from collections.abc import Iterable

import django_filters
from django import forms
from django.db.models import Q, QuerySet
from django.forms.utils import flatatt
from django.http import QueryDict
from django.utils.html import format_html, format_html_join
from django.utils.text import slugify

from players.models import Federation, Player
from players.name_keys import name_key_contains, typed_spellings
from players.retired import kept_in_place_of


class NarrowingFilterSet(django_filters.FilterSet):
    """A filter set that tells whether a search or filter narrows the list: an empty page
    then says nothing matched, not that there is nothing at all."""

    @property
    def is_filtering(self) -> bool:
        """A value given for any filter, valid or not: a search that matches nothing beside
        a filter the form refused (and shows the error of) still matched nothing."""
        return self.is_bound and any(_given(self.form[name].value()) for name in self.filters)

    def matching(self) -> QuerySet:
        """What the filters let through; nobody where the form refused a value (its error
        shown above): not the whole list under the name of the choice (a review found the
        registry listing everybody under "federation=ZZZ")."""
        return self.qs if self.is_valid() else self.queryset.none()

    def empty_text(self, nothing_matched: str, refused: str = "") -> str | None:
        """What an empty page says: that the form refused a value (``refused``, by default
        ``REFUSED_TEXT``), that nothing matched the search (``nothing_matched``), or None
        (the table's own: there is nothing)."""
        if not self.is_valid():
            return refused or REFUSED_TEXT
        return nothing_matched if self.is_filtering else None

    def chosen(self) -> list[tuple[str, str]]:
        """Each filter's value as the request gave it, blanks left out: what a download
        holds, for its link and its file's name."""
        if not self.is_bound:
            return []
        return [
            (name, value)
            for name in self.filters
            for value in self.data.getlist(name)
            if isinstance(value, str) and value.strip()
        ]

    def download_query(self) -> str | None:
        """The query of the page's download link: its filters' values alone (not its
        order or page), "" for none; None where the form refused a value, whose download
        refuses too (no link to a refusal)."""
        if not self.is_valid():
            return None
        query = QueryDict(mutable=True)
        for name, value in self.chosen():
            query.appendlist(name, value)
        return query.urlencode()

    def filename(self, stem: str, extension: str) -> str:
        """The download's file name, saying which part of the list the filters chose
        (``chosen_filename``)."""
        return chosen_filename(stem, extension, self.chosen())

    def refusal(self) -> str:
        """What the form refused, field by field ("federation: Select a valid choice..."),
        or "" when it took everything: a download refuses rather than hand out more than
        was asked for under the name of what was asked."""
        if self.is_valid():
            return ""
        return "; ".join(f"{name}: {' '.join(errors)}" for name, errors in self.form.errors.items())


def chosen_filename(stem: str, extension: str, chosen: Iterable[tuple[str, str]] = ()) -> str:
    """``stem.extension``; a part of a list chosen by filters says which part:
    ``stem-federation-nor-sex-f.csv``, a search in its own letters (``stem-q-jönsson.csv``,
    ``stem-q-日本.csv``: sent as RFC 6266's ``filename*``, ``attachment``),
    and a value with nothing a filename keeps ("!?") by its name alone: ``stem-q.csv``, not
    the whole list's name."""
    parts = [
        f"{name}-{slug}" if (slug := slugify(value, allow_unicode=True)) else name
        for name, value in chosen
        if value.strip()
    ]
    return "-".join([stem, *parts]) + f".{extension}"


#: An empty page under a value the filter form refused: a list of people, of things.
REFUSED_TEXT = "Nobody shown: the choice above is not one this list can take."
REFUSED_ROWS_TEXT = "Nothing shown: the choice above is not one this list can take."


def federation_in_capitals(data: QueryDict | None) -> QueryDict | None:
    """The query with its federation in capitals: "nor" is NOR, as names are found in any
    case."""
    federation = data.get("federation") if data else None
    if isinstance(federation, str) and federation:
        data = data.copy()
        data["federation"] = federation.strip().upper()
    return data


def _given(value: object) -> bool:
    """A filter's value as the request gave it; a range's is a pair ("after", "before").
    Blanks alone are none (a review: a search of a space said the whole list "matches
    the search")."""
    if isinstance(value, list | tuple):
        return any(_given(part) for part in value)
    return bool(value.strip()) if isinstance(value, str) else bool(value)


#: The longest search typed in a box: longer than any name (200), and short of what SQLite
#: refuses in a LIKE pattern (50,000 bytes).
SEARCH_MAX_LENGTH = 200
#: The words of a name search looked for: more than a name has. SQLite refuses a query of
#: about a thousand, each a condition of its own.
SEARCH_WORDS = 8


class SearchFilter(django_filters.CharFilter):
    """A search box: at most ``SEARCH_MAX_LENGTH`` characters, a field error beyond."""

    def __init__(self, *args, **kwargs) -> None:
        kwargs.setdefault("max_length", SEARCH_MAX_LENGTH)
        super().__init__(*args, **kwargs)


class WordsFilter(SearchFilter):
    """A search box whose words are each looked for, in any order: "blitz open" finds
    "Blitz Test Open", as the registry's search finds "Smith, John" for "john smith" (a
    review found the tournaments' search matching the phrase alone)."""

    def filter(self, qs, value):
        for word in (value or "").split():
            qs = qs.filter(**{f"{self.field_name}__{self.lookup_expr}": word})
        return qs


class QuickSelect(forms.Select):
    """A select written in one pass. Django renders each ``<option>`` through a template,
    which for some 200 federations costs a page more than its queries (the published
    list's two; the registry's and the tournaments' pages 30-40 ms, DESIGN-notes 108)."""

    def render(self, name, value, attrs=None, renderer=None) -> str:
        chosen = "" if value is None else str(value)
        options = format_html_join(
            "",
            '<option value="{}"{}>{}</option>',
            (
                (option, " selected" if str(option) == chosen else "", label)
                for option, label in self.choices
            ),
        )
        attributes = flatatt(self.build_attrs(self.attrs, {**(attrs or {}), "name": name}))
        return format_html("<select{}>{}</select>", attributes, options)


class FederationFilter(django_filters.ModelChoiceFilter):
    """A federation chosen by its code (``?federation=NOR``, as the published lists take
    it; with ``federation_in_capitals``, in any case)."""

    def __init__(self, *args, **kwargs) -> None:
        kwargs.setdefault("queryset", Federation.objects.all())
        kwargs.setdefault("to_field_name", "code")
        kwargs.setdefault("widget", QuickSelect)
        super().__init__(*args, **kwargs)


class PlayerFilter(NarrowingFilterSet):
    """Search by name or FIDE ID; filter by federation, title and sex."""

    q = SearchFilter(method="search", label="Name or FIDE ID")
    federation = FederationFilter()
    title = django_filters.ChoiceFilter(
        choices=Player.Title.choices, method="filter_title", label="Title"
    )

    class Meta:
        model = Player
        fields = ("q", "federation", "title", "sex")

    def __init__(self, data=None, *args, **kwargs) -> None:
        super().__init__(federation_in_capitals(data), *args, **kwargs)

    def search(self, queryset, name, value):
        return queryset.filter(name_or_fide_id(value))

    def filter_title(self, queryset, name, value):
        return queryset.filter(title_held(value))


def title_held(title: str, player: str = "") -> Q:
    """Who holds ``title``: a woman's title counts whether it is her title or beside an
    open one (a review: the registry's WGM found no GM who is a WGM too), as FIDE's files
    write it in either column (``players.models.women_title_held``). For a player and a
    list entry alike: both name the columns ``title`` and ``women_title``; ``player``:
    the path to the player ("player__") from another model."""
    return Q(**{f"{player}title": title}) | Q(**{f"{player}women_title": title})


class AgeGroup:
    """The list's display groups, by year of birth as FIDE counts its age categories:
    juniors (U20) are born in the list's year minus 20 or later (FIDE's under-20 events:
    born on or after 1 January of that year); seniors 50+ and 65+ reach that age in the
    list's year (born in the list's year minus 50, or 65, or earlier). They choose what the
    page shows; they are not the rating rules' juniors (K 40 runs to the end of the year of
    the 18th birthday, R&B 2024 7.3.3). A player without a birth year is in no group."""

    JUNIORS = "u20"
    SENIORS_50 = "50plus"
    SENIORS_65 = "65plus"
    CHOICES = (
        (JUNIORS, "Juniors (U20)"),
        (SENIORS_50, "Seniors (50+)"),
        (SENIORS_65, "Seniors (65+)"),
    )

    @classmethod
    def condition(cls, group: str, list_year: int, player: str = "") -> Q:
        """Who is in ``group`` in ``list_year``; ``player``: the path to the player
        ("player__") from another model."""
        if group == cls.JUNIORS:
            return Q(**{f"{player}birth_year__gte": list_year - 20})
        age = 65 if group == cls.SENIORS_65 else 50
        return Q(**{f"{player}birth_year__lte": list_year - age})


#: More digits than any FIDE ID has, or a bigint holds.
FIDE_ID_DIGITS = 18


def typed_fide_id(value: str) -> int | None:
    """A search typed as a FIDE ID: ASCII digits alone ("²" is a digit to Python, not to
    ``int``), no more than ``FIDE_ID_DIGITS`` of them; None otherwise."""
    if value.isascii() and value.isdigit() and len(value) <= FIDE_ID_DIGITS:
        return int(value)
    return None


def name_or_fide_id(value: str, player: str = "") -> Q:
    """A FIDE ID, or words each found in the name in any order and with or without their
    accents ("magnus carlsen" finds "Carlsen, Magnus", "muller" "Müller, Hans");
    ``player``: the path to the player ("player__") from another model."""
    value = value.strip()
    if (fide_id := typed_fide_id(value)) is not None:
        # A FIDE ID removed as a duplicate finds the record kept in its place: looked up
        # first, so that the search stays one lookup of the FIDE ID's index (an OR with a
        # subquery reads the whole table on PostgreSQL).
        fide_ids = [fide_id, *kept_in_place_of([fide_id]).values()]
        return Q(**{f"{player}fide_id__in": fide_ids})
    # A NUL is no letter of a name, and PostgreSQL refuses it in a string.
    words = value.replace(",", " ").replace("\x00", " ").split()[:SEARCH_WORDS]
    if not words:  # a comma alone names nobody (a review: it found everybody)
        return Q(pk__in=[])
    found = Q()
    for word in words:
        either = Q()
        for form in typed_spellings(word):
            either |= name_key_contains(f"{player}name", form)
        found &= either
    return found
