"""A period's rows as columns: written by binary COPY (PostgreSQL) or row by row
(SQLite), read back as arrays; a run's own tables; the games written apart."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import numpy as np
import pytest
from django.db import connection

from lists import bulk
from lists.bulk import Categorical, bulk_insert_columns, query_numbers
from lists.models import PeriodGame, PeriodResult, RatingPeriod
from lists.run_tables import run_tables_of
from lists.services import GAME_FIELDS, period_compute_request
from players.access import Actor
from players.models import RatingState
from tests.lists.conftest import APRIL
from tournaments.models import Game

ADMIN = Actor(is_administrator=True)
CLAUSES = ("R&B 2024 7.3.1", "standard-2009 8.54 (Zürich)")


def _period_game_columns(rows: list[tuple]) -> list:
    """Columns of ``GAME_FIELDS`` from rows of Python values, None for NULL."""
    columns = []
    for number, values in enumerate(zip(*rows, strict=True)):
        if number == len(GAME_FIELDS) - 1:  # the clause
            codes = np.array([CLAUSES.index(value) for value in values])
            columns.append((Categorical(codes, CLAUSES), None))
            continue
        null = np.array([value is None for value in values])
        array = np.array([0 if value is None else value for value in values], dtype=np.int64)
        columns.append((array, null if null.any() else None))
    return columns


@pytest.mark.parametrize("rows_per_block", [bulk.ROWS_PER_BLOCK, 2])
def test_columns_with_nulls_negatives_and_texts_are_stored_as_given(
    db, monkeypatch, rows_per_block
):
    """Every kind of value a period's games hold: NULL sides (a game that does not count
    for a player, interpretation 6), negative and zero differences, the cap (-400), texts
    of different lengths and non-ASCII letters; in several blocks as in one."""
    monkeypatch.setattr(bulk, "ROWS_PER_BLOCK", rows_per_block)
    rows = [
        (9, 1, 101, 7, 11, 12, 2, 1800, 1700, 100, 64, -100, 36, CLAUSES[0]),
        (9, 1, 102, 7, 12, 13, 1, 1700, None, None, None, None, None, CLAUSES[1]),
        (9, 1, 103, 7, 13, 11, 0, 2150, 1750, -400, 8, 400, 92, CLAUSES[1]),
        (9, 1, 104, 8, 14, 15, 1, None, 1600, None, None, 0, 50, CLAUSES[0]),
        (9, 1, 105, 8, 15, 14, 2, 9999, 9999, 0, 50, 0, 50, CLAUSES[0]),
    ]
    assert bulk_insert_columns(PeriodGame, GAME_FIELDS, _period_game_columns(rows)) == 5
    stored = list(PeriodGame.objects.order_by("game_id").values_list(*GAME_FIELDS))
    expected = [
        tuple(Decimal(value) if n in (9, 11) and value is not None else value
              for n, value in enumerate(row))
        for row in rows
    ]  # fmt: skip
    assert stored == expected


def test_a_json_column_of_few_documents_is_stored_as_each_document(db):
    """A period's rated players' results, written as columns: their explanation is one of
    a few documents (a rule set's clauses), stored as the document itself, non-ASCII and
    nested alike, not as its text."""
    documents = [
        {"k_clause": "R&B 2024 7.3.3", "rounding_clause": "R&B 2024 7.3.4"},
        {"difference_clause": "standard-2009 8.54 (Zürich)", "rule_sets": ["a", "b"]},
    ]
    codes = np.array([1, 0, 1])
    columns = [
        (np.full(3, 9), None),
        (np.full(3, 1), None),
        (np.array([21, 22, 23]), None),
        (Categorical(np.zeros(3, dtype=np.int64), ["rated"]), None),
        (Categorical(codes, ["standard-2009", "rapid-blitz-2024"]), None),
        (Categorical(codes, documents), None),
        *[(np.zeros(3, dtype=np.int64), None)] * 5,
    ]
    fields = (
        *("period_id", "run", "player_id", "kind", "rules", "explanation"),
        *("change_hundredths", "change_rounded", "games", "score_halves", "games_total"),
    )
    assert bulk_insert_columns(PeriodResult, fields, columns) == 3
    stored = PeriodResult.objects.order_by("player_id").values_list("rules", "explanation")
    assert list(stored) == [
        ("rapid-blitz-2024", documents[1]),
        ("standard-2009", documents[0]),
        ("rapid-blitz-2024", documents[1]),
    ]
    clause = "standard-2009 8.54 (Zürich)"
    assert PeriodResult.objects.filter(explanation__difference_clause=clause).count() == 2


def test_no_rows_are_no_rows(db):
    assert bulk_insert_columns(PeriodGame, GAME_FIELDS, [(np.zeros(0, dtype=np.int64), None)]) == 0
    assert not PeriodGame.objects.exists()


def test_numbers_read_back_as_arrays(period_world):
    w = period_world
    a, b, c = w.player("A", 1800), w.player("B", 1700), w.player("C")
    w.tournament([(a, b, 1), (b, c, 0.5), (c, a, 0)])
    query = Game.objects.values_list("white_id", "black_id", "white_score", "round")
    table = query_numbers(query)
    assert table.dtype == np.int64
    assert sorted(map(tuple, table.tolist())) == sorted(query)
    assert query_numbers(query.filter(round=99)).shape == (0, 4)


@pytest.mark.skipif(connection.vendor != "postgresql", reason="PostgreSQL's binary COPY")
def test_numbers_that_are_null_are_refused(period_world):
    w = period_world
    w.tournament([(w.player("A", 1800), w.player("B", 1700), 1)])
    assert RatingState.objects.filter(k=None).count() == 2
    with pytest.raises(ValueError, match="NULL"):
        query_numbers(RatingState.objects.values_list("player_id", "k"))
    with pytest.raises(ValueError, match="integer"):
        query_numbers(Game.objects.values_list("white_id", "report__tournament__start_date"))


def compute_now(list_date: dt.date) -> RatingPeriod:
    """The period computed outside any transaction (as a worker computes it): on
    PostgreSQL the games are written from another thread."""
    from lists.services import period_close, period_get_or_create

    period = period_get_or_create(category="rapid", list_date=list_date)
    period_close(period=period)
    period.refresh_from_db()
    period_compute_request(period=period, actor=ADMIN)  # eager: at once, no transaction open
    period.refresh_from_db()
    return period


@pytest.mark.django_db(transaction=True)
def test_a_failure_writing_the_games_fails_the_period_with_its_reason(period_world, monkeypatch):
    from lists import services

    def refused(*args, **kwargs):
        raise OSError("disk full")

    # Apart (PostgreSQL, another thread) or in turn (SQLite).
    monkeypatch.setattr(services, "encoded_rows_insert", refused)
    monkeypatch.setattr(services, "bulk_insert_columns", refused)
    w = period_world
    w.tournament([(w.player("A", 1800), w.player("B", 1700), 1)])
    with pytest.raises(OSError, match="disk full"):
        compute_now(APRIL)
    period = RatingPeriod.objects.get(list_date=APRIL, category="rapid")
    assert (period.status, period.failure_reason) == ("failed", "OSError: disk full")
    assert period.computed_run is None


@pytest.mark.django_db(transaction=True)
def test_a_period_computed_again_keeps_the_rows_of_its_last_run_alone(period_world):
    """Each run writes tables of its own (PostgreSQL): computing again leaves the last
    run's rows and tables, the games written apart included, and drops the earlier's."""
    w = period_world
    a, b = w.player("A", 1800), w.player("B", 1700)
    w.tournament([(a, b, 1), (b, a, 0.5)])
    first = compute_now(APRIL)
    second = compute_now(APRIL)
    assert (first.computed_run, second.computed_run) == (1, 2)
    games = PeriodGame.objects.filter(period=second)
    assert set(games.values_list("run", flat=True)) == {2}
    assert sorted(games.values_list("white_difference", "white_expected")) == [
        (Decimal("-100.00"), 36),
        (Decimal("100.00"), 64),
    ]
    if connection.vendor == "postgresql":
        assert [run for run, _ in run_tables_of(PeriodGame, second.pk)] == [2]


@pytest.mark.skipif(connection.vendor != "postgresql", reason="PostgreSQL's synchronous_commit")
@pytest.mark.django_db(transaction=True)
def test_a_run_step_commits_unawaited_but_never_a_callers_transaction():
    """DESIGN-notes 76: a step of a run (its own transaction) commits without waiting for
    the log; the setting ends with it, and a step inside a caller's transaction (a
    savepoint) leaves the caller's commit as it is."""
    from django.db import transaction

    def synchronous_commit() -> str:
        with connection.cursor() as cursor:
            cursor.execute("SHOW synchronous_commit")
            return cursor.fetchone()[0]

    with transaction.atomic():
        bulk.commit_unawaited()
        assert synchronous_commit() == "off"
    assert synchronous_commit() == "on"
    with transaction.atomic():
        with transaction.atomic():
            bulk.commit_unawaited()
        assert synchronous_commit() == "on"
