"""``manage.py load_arena_games PATH [--json]``: the batch interface's way in for the
arena's games (DESIGN.md: one JSON document, bad input exit 2 with one line)."""

from __future__ import annotations

import json

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from arena.models import ArenaGame, ArenaRating
from audit.models import AuditEntry
from tests.arena.conftest import pgn, pgn_game


def test_the_command_rates_a_file_and_prints_the_ratings_as_json(members, tmp_path, capsys):
    path = tmp_path / "foa-2026-11-03.pgn"
    path.write_bytes(
        pgn(
            pgn_game(1001, 1002, "1-0", "2026.11.03 10:00:00"),
            pgn_game(1004, 1001, "1/2-1/2", "2026.11.03 10:05:00", "60+1"),
        )
    )
    # Bob's online blitz, from earlier files: not this file's (a review found it listed).
    ArenaRating.objects.create(player=members["bob"], category="online-blitz", rating=1700)
    call_command("load_arena_games", str(path), "--json")
    printed = json.loads(capsys.readouterr().out)
    assert printed["games"] == 2 and printed["by_category"] == {
        "online-rapid": 1,
        "online-bullet": 1,
    }
    rows = {(r["fide_id"], r["category"]): r for r in printed["ratings"]}
    # 3.9: Ann 2000 beats Bob 1950 in rapid (+8.60, -8.60). In bullet Cy (blitz 1500,
    # 3.4.3) draws Ann (her rapid 2000, 3.4.3): D 500, .96/.04, K 10: Cy +4.60, Ann -4.60.
    assert rows[(1001, "online-rapid")]["rating"] == 2008.6
    assert rows[(1002, "online-rapid")]["rating"] == 1941.4
    assert rows[(1004, "online-bullet")] == {
        "fide_id": 1004, "name": "Arena, Cy", "category": "online-bullet", "rating": 1504.6,
        "displayed": 1505, "games": 1,
    }  # fmt: skip
    assert rows[(1001, "online-bullet")]["rating"] == 1995.4
    assert len(rows) == 4
    assert AuditEntry.objects.filter(actor_label="manage.py load_arena_games").exists()


def test_bad_input_exits_2_with_one_line_and_stores_nothing(members, tmp_path):
    path = tmp_path / "bad.pgn"
    path.write_bytes(pgn(pgn_game(1001, 9999, "1-0", "2026.11.03 10:00:00")))
    with pytest.raises(CommandError) as error:
        call_command("load_arena_games", str(path))
    assert error.value.returncode == 2
    message = str(error.value)
    assert "\n" not in message and "nothing loaded: Line 1: FIDE ID 9999" in message
    assert not ArenaGame.objects.exists()


def test_a_missing_file_is_bad_input(db, tmp_path):
    with pytest.raises(CommandError) as error:
        call_command("load_arena_games", str(tmp_path / "none.pgn"))
    assert error.value.returncode == 2 and "No such file" in str(error.value)
