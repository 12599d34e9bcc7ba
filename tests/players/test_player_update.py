"""Officers correct their federations' players; every change is in the audit trail."""

from __future__ import annotations

import pytest
from django.core.exceptions import PermissionDenied

from audit.selectors import audit_entries_for
from players.services import player_update
from tests import factories
from tests.conftest import PERSONAS, persona_actor, persona_client


@pytest.fixture
def player(world):
    return factories.PlayerFactory(name="Olsen, Ola", federation=world["fed_a"], birth_year=1990)


@pytest.mark.parametrize("persona", PERSONAS)
def test_only_his_federations_officer_or_an_administrator_updates_a_player(world, player, persona):
    actor = persona_actor(world, persona)
    if persona in ("officer_a", "administrator"):
        assert player_update(actor=actor, player=player, fields={"name": "Olsen, Ole"}).name == (
            "Olsen, Ole"
        )
    else:
        with pytest.raises(PermissionDenied):
            player_update(actor=actor, player=player, fields={"name": "Olsen, Ole"})
        player.refresh_from_db()
        assert player.name == "Olsen, Ola"


def test_a_birth_date_sets_the_birth_year_and_both_are_recorded(world, player):
    import datetime

    player_update(
        actor=persona_actor(world, "officer_a"),
        player=player,
        fields={"birth_date": datetime.date(1991, 4, 2)},
        reason="Birth certificate",
    )
    (entry,) = audit_entries_for(player)
    assert entry.changes == {"birth_year": [1990, 1991], "birth_date": [None, "1991-04-02"]}


def test_the_fide_id_and_federation_are_not_edits(world, player):
    with pytest.raises(ValueError, match="not editable: federation"):
        player_update(
            actor=persona_actor(world, "administrator"),
            player=player,
            fields={"federation": world["fed_b"]},
        )


def test_an_administrator_corrects_the_federation_of_a_record_registered_here(world):
    """A review registered "Berg, Ingrid" under IND when she is NOR, and found no way to
    put it right. A record registered here (its ID of ``NEW_PLAYER_ID_RANGE``) is on no
    FIDE list: an administrator corrects its federation on its edit page, recorded as
    any edit; its federation's officer is not offered it, nor is a FIDE ID's."""
    mistaken = factories.PlayerFactory(
        fide_id=900000006, name="Berg, Ingrid", federation=world["fed_a"], sex="F"
    )
    url = f"/players/{mistaken.fide_id}/edit/"
    assert 'name="federation"' not in persona_client(world, "officer_a").get(url).content.decode()
    admin = persona_client(world, "administrator")
    assert 'name="federation"' in admin.get(url).content.decode()
    form = {"name": "Berg, Ingrid", "sex": "F", "birth_year": mistaken.birth_year}
    form |= {"federation": "BBB", "reason": "Norwegian"}
    assert admin.post(url, form).status_code == 302
    mistaken.refresh_from_db()
    assert mistaken.federation == world["fed_b"]
    (entry,) = audit_entries_for(mistaken)
    assert entry.changes == {"federation": [str(world["fed_a"]), str(world["fed_b"])]}
    fide_listed = factories.PlayerFactory(fide_id=1503014, federation=world["fed_a"])
    page = admin.get(f"/players/{fide_listed.fide_id}/edit/").content.decode()
    assert 'name="federation"' not in page


def test_a_save_over_a_federation_corrected_meanwhile_is_refused_under_the_lock(world):
    """A review: an administrator's federation correction, saved while another's form of
    the record was open, went back with that form's birth year. The record as the form
    was opened is checked under the record's lock, its federation with it."""
    from django.core.exceptions import ValidationError

    from players.services import record_seen

    record = factories.PlayerFactory(fide_id=900000006, federation=world["fed_a"])
    opened = record_seen(record)
    administrator = persona_actor(world, "administrator")
    player_update(actor=administrator, player=record, fields={"federation": world["fed_b"]})
    with pytest.raises(ValidationError, match="federation is now “BBB”"):
        player_update(
            actor=administrator,
            player=record,
            fields={"birth_year": 1985, "federation": world["fed_a"]},
            seen=opened,
        )
    record.refresh_from_db()
    assert (record.federation, record.birth_year) == (world["fed_b"], 1990)
