"""Reads of the registry. The registry is public; what an officer may change is not."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from dataclasses import dataclass
from typing import NamedTuple

from django.conf import settings
from django.db.models import (
    Aggregate,
    BooleanField,
    CharField,
    Count,
    Exists,
    ExpressionWrapper,
    F,
    Func,
    OuterRef,
    Q,
    QuerySet,
    Subquery,
)
from django.db.models.functions import Lower

from players.access import Actor
from players.filters import name_or_fide_id, typed_fide_id
from players.models import (
    Federation,
    Player,
    PlayerImport,
    RatingCategory,
    RatingHistory,
    RatingState,
    RatingStatus,
)
from players.name_keys import (
    NameKey,
    UnorderedNameKey,
    key_words_unordered,
    name_key,
    name_key_unordered,
    name_order,
    registry_spellings,
    word_rotations,
)


def list_every_months() -> int:
    """Lists are monthly (standard-2009 7.3); a federation may publish less often."""
    return int(getattr(settings, "LIST_EVERY_MONTHS", 1))


def list_published(category: str, list_date: dt.date) -> bool:
    """Whether the list of ``category`` and ``list_date`` is out (published here, or
    imported): its period takes no more reports (DESIGN.md interpretation 8)."""
    return RatingHistory.objects.filter(category=category, list_date=list_date).exists()


def list_dates_out(category: str) -> QuerySet[RatingHistory, dt.date]:
    """The dates of the lists of ``category`` that are out, latest first: published here or
    imported (both write the players' history). Lists go out in order (DESIGN.md
    interpretation 4): none dated on or before the latest is computed or published here,
    nor takes a report (a review: publishing February's after March's import made
    February's ratings everyone's current ones)."""
    return (
        RatingHistory.objects.filter(category=category)
        .order_by("-list_date")
        .values_list("list_date", flat=True)
    )


#: How many groups of likely duplicates one page shows.
DUPLICATE_GROUPS_SHOWN = 200


def federation_list() -> QuerySet[Federation]:
    return Federation.objects.all()


def player_list() -> QuerySet[Player]:
    return with_current_ratings(Player.objects.select_related("federation"))


class _Unindexed(Func):
    """The text ``expression`` as it is, but as no index holds it (``expression || ''``)."""

    template = "(%(expressions)s || '')"
    output_field = CharField()


def registry_order(players: QuerySet[Player], *, descending: bool, searched: bool):
    """The registry by name, regardless of case and accents ("van Wely" among the V's,
    "Ádám" among the A's: ``name_order``), then FIDE ID, read off the index
    ``player_by_name_key`` (sorting a million players for the first page took 0.85 s),
    also under a filter, which PostgreSQL's statistics judge well. Not for a name search:
    PostgreSQL takes the accent-free search to find nearly every player and would walk the
    index, every player's row, to find a rare name (2 s); the same order is then sorted
    from the players found (DESIGN-notes 97)."""
    key = _Unindexed(NameKey("name")) if searched else NameKey("name")
    if descending:
        return players.order_by(name_order(key, descending=True), "-fide_id")
    return players.order_by(name_order(key), "fide_id")


def with_current_ratings(
    players: QuerySet[Player], categories: Iterable[str] = RatingCategory.values
) -> QuerySet[Player]:
    """Each player's current rating in each of ``categories`` as ``<category>_rating``
    (None where he has none: unrated, or delisted), read for the rows of a page only."""
    return players.annotate(
        **{
            f"{category}_rating": Subquery(
                RatingState.objects.filter(
                    player=OuterRef("pk"), category=category, status=RatingStatus.RATED
                )
                .order_by()  # one row at most: no ordering, and no join for it
                .values("rating")[:1]
            )
            for category in categories
        }
    )


def carried_by_the_lists() -> Q:
    """A player the lists carry: a history row (a list published or imported named him,
    rated or not) or a rating state with a rating or games. Such a record is no mere
    duplicate: it stays (``player_duplicate_remove``, the duplicates page)."""
    return Q(Exists(RatingHistory.objects.filter(player=OuterRef("pk")))) | Q(
        Exists(RatingState.objects.filter(player=OuterRef("pk")).exclude(rating=None, games=0))
    )


def federations_of_officer(actor: Actor) -> QuerySet[Federation]:
    """The federations ``actor`` registers and edits players of (administrators: all)."""
    if actor.is_administrator:
        return Federation.objects.all()
    return Federation.objects.filter(pk__in=actor.officer_of)


@dataclass(frozen=True)
class CategoryRecord:
    """A player's rating in one category: the state in force and the history by list."""

    category: str
    label: str
    state: RatingState | None
    history: list[RatingHistory]


def player_rating_records(player: Player) -> list[CategoryRecord]:
    """The categories the player has a rating state or history in, standard first."""
    states = {state.category: state for state in player.ratings.all()}
    history: dict[str, list[RatingHistory]] = {}
    for row in player.rating_history.order_by("category", "-list_date"):
        history.setdefault(row.category, []).append(row)
    return [
        CategoryRecord(category, label, states.get(category), history.get(category, []))
        for category, label in RatingCategory.choices
        if category in states or category in history
    ]


def player_likely_duplicates(
    *, name: str, birth_year: int | None, federation: Federation
) -> QuerySet[Player]:
    """Players a new registration may be a second record of: the same name (ignoring case,
    spacing, accents and the order of its parts: "Muller, Hans" is "Müller, Hans" and "Hans
    Müller"), federation and birth year, a birth year unknown on either side agreeing with
    any (as on the duplicates page: a review registered "Berg, Ingrid" without one beside
    the registry's, born 1985, without a word)."""
    years = Q() if birth_year is None else Q(birth_year=birth_year) | Q(birth_year__isnull=True)
    return (
        Player.objects.filter(years, federation=federation)
        .alias(key=NameKey("name"))
        .filter(key__in=word_rotations(name_key(name)))
        .select_related("federation")
    )


def likely_duplicates_among(
    candidates: Iterable[tuple[str, int | None, Federation]],
) -> dict[tuple[str | None, int | None, int], list[Player]]:
    """For many (name, birth year, federation) at once, in one query: the players
    ``player_likely_duplicates`` finds for each, by ``identity_key`` of the candidate."""
    candidates = list(candidates)
    wanted = {identity_key(name, year, federation.pk) for name, year, federation in candidates}
    if not wanted:
        return {}
    keys = {order for name, _, _ in candidates for order in word_rotations(name_key(name))}
    players = (
        Player.objects.filter(federation_id__in={fed for _, _, fed in wanted})
        .annotate(key=NameKey("name"))
        .filter(key__in=keys)
        .select_related("federation")
        .order_by("fide_id")
    )
    named: dict[tuple[str | None, int], list[Player]] = {}
    for player in players:
        named.setdefault((key_words_unordered(player.key), player.federation_id), []).append(player)
    found: dict[tuple[str | None, int | None, int], list[Player]] = {}
    for key, year, federation in wanted:
        if same := [
            player
            for player in named.get((key, federation), [])
            if year is None or player.birth_year in (None, year)
        ]:
            found[key, year, federation] = same
    return found


def players_named(names: Iterable[str]) -> dict[str, list[Player]]:
    """The registry's players named as one of ``names`` is, its words in any order,
    whatever their birth year and federation, by the name's ``name_key_unordered``: a
    line that gives no birth year or no federation may still be one of them. Found by the
    spellings the registry uses (``registry_spellings``), in one query on its order
    index; accents must agree (the strict ``likely_duplicates_among`` folds them)."""
    spellings = {spelling for name in names for spelling in registry_spellings(name)}
    if not spellings:
        return {}
    found: dict[str, list[Player]] = {}
    players = (
        Player.objects.alias(lowered=Lower("name"))
        .filter(lowered__in=spellings)
        .select_related("federation")
        .order_by("fide_id")
    )
    for player in players:
        found.setdefault(name_key_unordered(player.name), []).append(player)
    return found


def identity_key(name: str, birth_year: int | None, federation_id: int):
    """What tells likely duplicates: the name's search key, its words in any order
    (``key_words_unordered``), birth year and federation."""
    return (name_key_unordered(name), birth_year, federation_id)


class _Ids(Aggregate):
    """The ids of a group as one text, "3,17,42" (PostgreSQL's ``string_agg``, SQLite's
    ``group_concat``): a group's members read by their ids, not by their key again."""

    function = "STRING_AGG"
    template = "%(function)s(CAST(%(expressions)s AS text), ',')"
    output_field = CharField()

    def as_sqlite(self, compiler, connection, **extra_context):
        return super().as_sql(
            compiler,
            connection,
            function="GROUP_CONCAT",
            template="%(function)s(%(expressions)s, ',')",
            **extra_context,
        )


class DuplicateGroups(NamedTuple):
    groups: list[list[Player]]
    #: The names with likely duplicates in all: the groups are of the first
    #: ``DUPLICATE_GROUPS_SHOWN`` of them.
    names: int


def player_duplicate_groups(*, actor: Actor, search: str = "") -> DuplicateGroups:
    """Groups of players with the same name (with or without accents: "Muller, Hans" and
    "Müller, Hans"; its words in any order: "Hans Müller", as registration's check finds
    them, ``identity_key``), birth year and federation, among the federations ``actor`` edits
    (administrators: all). A record without a birth year agrees with any (a review: the
    record an officer registered from a line that gave none stayed off this page beside
    the player's own, born 1972); it joins each group of its name, those with a birth
    year listed first. ``search``: words of the name, as the registry's search reads them,
    or a FIDE ID, for its record's name (a review: past the first 200 names, the others
    could not be reached)."""
    players = Player.objects.restrict(actor, "edit")
    if (fide_id := typed_fide_id(search)) is not None:
        # One record's ID finds the group of its name, not that record alone (a review).
        search = players.filter(fide_id=fide_id).values_list("name", flat=True).first() or search
    if search.strip():
        players = players.filter(name_or_fide_id(search))
    named_twice = (
        players.annotate(key=UnorderedNameKey("name"))
        .order_by()
        .values("federation_id", "key")
        .annotate(
            count=Count("pk"),
            years=Count("birth_year"),
            distinct_years=Count("birth_year", distinct=True),
            ids=_Ids("pk"),
        )
        .filter(Q(distinct_years__lt=F("years")) | Q(years__lt=F("count")), count__gt=1)
        .order_by("federation_id", "key")
    )
    names = list(named_twice[:DUPLICATE_GROUPS_SHOWN])
    if not names:
        return DuplicateGroups([], 0)
    total = len(names) if len(names) < DUPLICATE_GROUPS_SHOWN else named_twice.count()
    name_of = {int(pk): index for index, name in enumerate(names) for pk in name["ids"].split(",")}
    named: list[list[Player]] = [[] for _ in names]
    twins = (
        with_current_ratings(Player.objects.filter(pk__in=name_of))
        .select_related("federation")
        .annotate(carried=ExpressionWrapper(carried_by_the_lists(), output_field=BooleanField()))
    )
    for player in twins.order_by("fide_id"):
        named[name_of[player.pk]].append(player)
    # Members gone meanwhile (deleted in the admin) may leave a name no group any more.
    groups = [group for players_named in named for group in _by_birth_year(players_named)]
    groups.sort(key=lambda group: (name_key(group[0].name), group[0].federation_id))
    return DuplicateGroups(groups, total)


def _by_birth_year(players: list[Player]) -> list[list[Player]]:
    """``players`` of one name and federation in groups of one birth year, those without
    one in each (alone, in one group), of two or more."""
    unknown = [player for player in players if player.birth_year is None]
    years: dict[int, list[Player]] = {}
    for player in players:
        if player.birth_year is not None:
            years.setdefault(player.birth_year, []).append(player)
    groups = [born + unknown for _, born in sorted(years.items())] or [unknown]
    return [group for group in groups if len(group) > 1]


def player_import_list(*, actor: Actor) -> QuerySet[PlayerImport]:
    return PlayerImport.objects.restrict(actor).select_related("started_by")
