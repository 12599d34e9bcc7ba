"""Standard-2009 7.22: "Unrated titled players are published in a separate list
concurrently with the list of rated titled players"."""

from __future__ import annotations

import re

from players.models import Player
from tests.lists.conftest import APRIL


def _names(page) -> list[str]:
    return re.findall(r'<a href="/players/\d+/">([^<]+)</a>', page.content.decode())


def test_the_titled_players_a_standard_list_does_not_hold_are_published_beside_it(
    period_world, compute, publish, client
):
    w = period_world
    gm = w.player("Aune, Gunnar", 2500, category="standard")
    im = w.player("Berg, Ivar", 2400, category="standard")  # no game: on the list all the same
    rated = w.player("Dahl, Per", 2300, category="standard")
    unrated = w.player("Eide, Wenche")  # on no list
    left_off = w.player("Foss, Frode")
    untitled = w.player("Gran, Ola")
    Player.objects.filter(pk__in=[gm.pk, im.pk]).update(title="GM")
    Player.objects.filter(pk=unrated.pk).update(women_title="WGM")
    Player.objects.filter(pk=left_off.pk).update(title="FM", not_listed="Died 2 March")
    w.tournament([(gm, rated, 0.5), (unrated, untitled, 1.0)], category="standard")
    publish(compute("standard", APRIL))

    listed = client.get("/lists/standard/2025-04/").content.decode()
    assert 'id="unrated-titled-link"' in listed
    page = client.get("/lists/standard/2025-04/unrated-titled/")
    assert page.status_code == 200
    assert _names(page) == ["Eide, Wenche"]
    assert "WGM" in page.content.decode()
    assert _names(client.get("/lists/standard/2025-04/unrated-titled/", {"q": "gran"})) == []


def test_only_the_standard_list_has_one(period_world, compute, publish, client):
    a, b = period_world.player("Aune, Gunnar", 1800), period_world.player("Berg, Ivar", 1700)
    period_world.tournament([(a, b, 1.0)])
    publish(compute("rapid", APRIL))
    assert 'id="unrated-titled-link"' not in client.get("/lists/rapid/2025-04/").content.decode()
    assert client.get("/lists/rapid/2025-04/unrated-titled/").status_code == 404
    assert client.get("/lists/standard/2025-04/unrated-titled/").status_code == 404  # none yet
