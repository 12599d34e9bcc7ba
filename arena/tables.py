"""The arena's tables."""

from __future__ import annotations

import datetime as dt
import itertools

import django_tables2 as tables
from django.utils.html import format_html

from arena.models import ArenaGamesFile, ArenaGameSide, ArenaRating
from regulations.rounding import hundredths
from regulations.types import points_from_halves


class ArenaRatingTable(tables.Table):
    """The arena's list: the rating shown whole (3.12), kept to two decimals beside it."""

    position = tables.Column(empty_values=(), orderable=False, verbose_name="#")
    # Sortable as the published lists are, each order finished by rating, name and FIDE
    # ID so that a page holds the same members from one visit to the next.
    fide_id = tables.Column(
        accessor="player__fide_id", verbose_name="FIDE ID", order_by=("player__fide_id",)
    )
    name = tables.Column(
        accessor="player__name",
        linkify=("players:detail", {"fide_id": tables.A("player__fide_id")}),
        order_by=("player__name", "player__fide_id"),
    )
    federation = tables.Column(
        accessor="player__federation__code",
        verbose_name="Fed",
        order_by=("player__federation__code", "-rating", "player__name", "player__fide_id"),
    )
    rating = tables.Column(order_by=("rating", "player__name", "player__fide_id"))
    exact = tables.Column(accessor="rating", verbose_name="Exact (3.1)", orderable=False)
    games = tables.Column(order_by=("games", "-rating", "player__name", "player__fide_id"))
    k = tables.Column(empty_values=(), verbose_name="K", orderable=False)

    def render_position(self) -> int:
        if not hasattr(self, "_positions"):
            self._positions = itertools.count(self.page.start_index() if self.page else 1)
        return next(self._positions)

    def render_rating(self, record: ArenaRating) -> int | None:
        return record.displayed

    def render_k(self, record: ArenaRating) -> int:
        return record.k

    class Meta:
        model = ArenaRating
        fields = ("position", "fide_id", "name", "federation", "rating", "exact", "games", "k")
        empty_text = "No member is rated in this category yet."
        attrs = {"class": "table table-sm table-striped align-middle"}


class ArenaGameSideTable(tables.Table):
    """A member's games with what each did to his rating (3.6-3.9)."""

    played_at = tables.Column(verbose_name="Played (UTC)")
    opponent = tables.Column(linkify=("players:detail", {"fide_id": tables.A("opponent__fide_id")}))
    score = tables.Column()
    rating_before = tables.Column(verbose_name="Rating")
    opponent_rating = tables.Column(verbose_name="Opponent's")
    expected = tables.Column(verbose_name="P_D")
    k = tables.Column(verbose_name="K")
    change = tables.Column(verbose_name="Change")
    rating_after = tables.Column(verbose_name="After")
    explanation = tables.Column(verbose_name="How")

    def render_played_at(self, value: dt.datetime) -> str:
        """In UTC, as the column says, whatever the site's TIME_ZONE (a review: a game of
        12:00 UTC showed 14:00 under Europe/Oslo)."""
        return f"{value.astimezone(dt.UTC):%Y-%m-%d %H:%M}"

    def render_score(self, value: int) -> str:
        return str(points_from_halves(value))

    def render_expected(self, value: int) -> str:
        return str(hundredths(value))

    def render_change(self, value: int) -> str:
        return f"{hundredths(value):+.2f}"

    def render_explanation(self, record: ArenaGameSide) -> str:
        return format_html(
            '{} <span class="text-body-secondary">(online arena {})</span>',
            record.explanation,
            record.clause.removeprefix("online arena "),
        )

    class Meta:
        model = ArenaGameSide
        fields = (
            "played_at", "opponent", "score", "rating_before", "opponent_rating", "expected",
            "k", "change", "rating_after", "explanation",
        )  # fmt: skip
        orderable = False
        empty_text = "No game in this category yet."
        attrs = {"class": "table table-sm align-middle"}


class ArenaGamesFileTable(tables.Table):
    class Meta:
        model = ArenaGamesFile
        fields = ("original_name", "games", "loaded_by", "loaded_at", "sha256")
        orderable = False
        empty_text = "No games file loaded yet."
        attrs = {"class": "table table-sm"}
