"""Migration arena 0002: the list changes recorded before ``added_at`` existed keep the
moment their chart drew them at, their list's date."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from tests.factories import PlayerFactory


@pytest.mark.django_db(transaction=True)
def test_changes_recorded_before_keep_their_lists_date():
    player = PlayerFactory()
    executor = MigrationExecutor(connection)
    executor.migrate([("arena", "0001_initial")])
    old_apps = executor.loader.project_state([("arena", "0001_initial")]).apps
    old_apps.get_model("arena", "ArenaListChange").objects.create(
        player_id=player.pk, category="online-rapid", list_category="rapid",
        list_date=dt.date(2026, 3, 1), change=4, rating_before=Decimal("1500.00"),
        rating_after=Decimal("1504.00"),
    )  # fmt: skip
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())
    from arena.models import ArenaListChange

    assert ArenaListChange.objects.get().added_at == dt.datetime(2026, 3, 1, tzinfo=dt.UTC)
