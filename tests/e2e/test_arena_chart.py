"""A member's online rating drawn by Chart.js in a real browser: a point per game, the
dates on the axis."""

from __future__ import annotations

import re

import pytest

from arena.services import arena_games_load
from tests import factories
from tests.arena.conftest import pgn, pgn_game
from tests.conftest import persona_actor
from tests.e2e.conftest import wait_until

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_a_members_online_rating_is_drawn_game_by_game(browser_page, live_server, world):
    ann = factories.PlayerFactory(fide_id=1001, name="Arena, Ann", federation=world["fed_a"])
    bob = factories.PlayerFactory(fide_id=1002, name="Arena, Bob", federation=world["fed_a"])
    factories.RatingStateFactory(player=ann, category="rapid", rating=2000)
    factories.RatingStateFactory(player=bob, category="rapid", rating=1950)
    arena_games_load(
        data=pgn(
            pgn_game(1001, 1002, "1-0", "2026.11.03 10:00:00"),
            pgn_game(1002, 1001, "1-0", "2026.11.05 18:30:00"),
            pgn_game(1001, 1002, "1/2-1/2", "2026.11.09 09:15:00"),
        ),
        name="week.pgn",
        actor=persona_actor(world, "administrator"),
    )
    page = browser_page
    page.goto(f"{live_server.url}/arena/online-rapid/players/1001/")
    wait_until(page, "window.Chart && Object.keys(Chart.instances).length > 0")
    ys = page.evaluate("Object.values(Chart.instances)[0].data.datasets[0].data.map(p => p.y)")
    # 3.9, K 20, table 4.2: 2000 beats 1950 (D 50: .57), +8.60; loses at D 67.20 (.59),
    # -11.80: 1996.80; draws at D 43.60 (.56), -1.20: 1995.60.
    assert ys == [2008.6, 1996.8, 1995.6]
    xs = page.evaluate(
        "Object.values(Chart.instances)[0].getDatasetMeta(0).data.map(point => point.x)"
    )
    # 56.5 hours, then 86.75: drawn as far apart as they are.
    assert (xs[2] - xs[1]) / (xs[1] - xs[0]) == pytest.approx(86.75 / 56.5, abs=0.02)
    ticks = page.evaluate(
        "Object.values(Chart.instances)[0].scales.x.ticks.map(tick => tick.label)"
    )
    assert ticks and all(re.fullmatch(r"\d{4}-\d{2}-\d{2}", label) for label in ticks), ticks
