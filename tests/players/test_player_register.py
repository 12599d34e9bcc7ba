"""Officers register new players with an ID from the configured range, audited."""

from __future__ import annotations

import unicodedata

import pytest
from django.core.exceptions import PermissionDenied

from audit.selectors import audit_entries_for
from players.services import IdRangeExhausted, player_register
from tests import factories
from tests.conftest import persona_actor


def register(world, persona="officer_a", **kwargs):
    fields = {
        "name": "Newcomer, Nina",
        "federation": world["fed_a"],
        "sex": "F",
        "birth_year": 2012,
    }
    return player_register(actor=persona_actor(world, persona), **{**fields, **kwargs})


def test_a_new_player_gets_the_next_id_of_the_range(world, settings):
    settings.NEW_PLAYER_ID_RANGE = (700_000_000, 700_000_010)
    factories.PlayerFactory(fide_id=700_000_004)
    factories.PlayerFactory(fide_id=12_345)  # outside the range: irrelevant
    assert register(world).fide_id == 700_000_005
    assert register(world, name="Second, Sam").fide_id == 700_000_006


def test_registering_is_recorded_with_who_did_it(world):
    player = register(world, reason="Played the club championship")
    (entry,) = audit_entries_for(player)
    assert entry.actor == world["users"]["officer_a"]
    assert entry.action == "registered" and entry.reason == "Played the club championship"


@pytest.mark.parametrize("persona", ["anonymous", "arbiter", "officer_b"])
def test_only_the_federations_officer_or_an_administrator_registers(world, persona):
    with pytest.raises(PermissionDenied):
        register(world, persona=persona)
    assert register(world, persona="administrator").federation == world["fed_a"]


def test_an_exhausted_range_is_a_clear_error(world, settings):
    settings.NEW_PLAYER_ID_RANGE = (700_000_000, 700_000_001)
    factories.PlayerFactory(fide_id=700_000_001)
    with pytest.raises(IdRangeExhausted, match="NEW_PLAYER_ID_RANGE"):
        register(world)


def test_a_name_with_separate_accents_is_registered_composed(world):
    """Every way in (the registry's form, a report line's "register new", a command) keeps
    the name as the lists' import does: a review found the report's form storing
    "Ödön, Ágnes" as letters and separate accents, 14 characters for 11."""
    player = register(world, name=unicodedata.normalize("NFD", "Ödön,  Ágnes"))
    player.refresh_from_db()
    assert player.name == "Ödön, Ágnes" and len(player.name) == 11
