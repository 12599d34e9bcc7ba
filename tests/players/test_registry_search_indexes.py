"""On PostgreSQL the registry's name search is served by trigram indexes (migration
``players.0014``): each condition ``name_key_contains`` writes must be an index's
expression, or the search reads every name of the registry again (0.45 s a word on a
million players, DESIGN-notes 108). The planner is told to avoid reading the table whole,
which on a handful of test rows it would rightly prefer."""

from __future__ import annotations

import pytest
from django.db import connection

from players.filters import name_or_fide_id
from players.models import Player
from tests import factories

pytestmark = [
    pytest.mark.django_db,
    pytest.mark.skipif(connection.vendor != "postgresql", reason="PostgreSQL's indexes"),
]

NAMES = ("Müller, Jürgen", "Muller, Hans", "Moeller, Ole", "Møller, Åse", "Berdorff, Ka")


@pytest.fixture
def registry():
    federation = factories.FederationFactory(code="GER")
    return [factories.PlayerFactory(name=name, federation=federation) for name in NAMES]


def plan_and_names(word: str) -> tuple[str, list[str]]:
    """The plan of the registry's search for ``word`` with the table's whole read ruled
    out, and the names it finds."""
    found = Player.objects.filter(name_or_fide_id(word)).order_by("name")
    sql, params = found.values_list("name").query.sql_with_params()
    with connection.cursor() as cursor:
        cursor.execute("SET LOCAL enable_seqscan = off")
        cursor.execute(f"EXPLAIN {sql}", params)
        plan = "\n".join(line for (line,) in cursor.fetchall())
        cursor.execute(sql, params)
        names = [name for (name,) in cursor.fetchall()]
    return plan, names


def test_a_word_of_ascii_names_is_found_through_the_capitals_index(registry):
    plan, names = plan_and_names("berdor")
    assert "player_name_trigrams" in plan and "player_name_key_trigrams" in plan
    assert "Seq Scan" not in plan
    assert names == ["Berdorff, Ka"]


def test_a_word_without_its_accents_finds_accented_names_through_their_keys(registry):
    plan, names = plan_and_names("muller")
    assert "player_name_key_trigrams" in plan and "Seq Scan" not in plan
    assert names == ["Muller, Hans", "Müller, Jürgen"]


def test_a_word_with_an_umlaut_written_out_goes_through_the_third_index(registry):
    plan, names = plan_and_names("moeller")
    assert "player_written_out_name_key_trigrams" in plan and "Seq Scan" not in plan
    assert names == ["Moeller, Ole", "Møller, Åse"]
