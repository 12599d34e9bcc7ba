"""Standard-2009 7.22: "Unrated titled players are published in a separate list
concurrently with the list of rated titled players"."""

from __future__ import annotations

import re

from players.models import Player
from tests import factories
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
    # Delisted by this list: 1200 loses to 2300 (D 1100, counted as 400 by 8.54: P_D .08),
    # K 15 (8.56) x .08 = 1.2 -> 1: 1199, under the floor of 1200 (0.6; 7.21).
    delisted = w.player("Holm, Hege", 1200, category="standard")
    excluded = w.player("Isaksen, Ivar")  # his federation is excluded from FIDE (13.1)
    Player.objects.filter(pk__in=[gm.pk, im.pk]).update(title="GM")
    Player.objects.filter(pk=unrated.pk).update(women_title="WGM")
    Player.objects.filter(pk=delisted.pk).update(women_title="WFM")
    Player.objects.filter(pk=left_off.pk).update(title="FM", not_listed="Died 2 March")
    outside = factories.FederationFactory(code="XXB", excluded="Suspended")
    Player.objects.filter(pk=excluded.pk).update(title="IM", federation=outside)
    w.tournament(
        [(gm, rated, 0.5), (unrated, untitled, 1.0), (rated, delisted, 1.0)], category="standard"
    )
    publish(compute("standard", APRIL))

    listed = client.get("/lists/standard/2025-04/").content.decode()
    assert 'id="unrated-titled-link"' in listed
    page = client.get("/lists/standard/2025-04/unrated-titled/")
    assert page.status_code == 200
    assert _names(page) == ["Eide, Wenche", "Holm, Hege"]
    # Her title in her row (the filter's list of titles names WGM on every page).
    text = page.content.decode()
    assert re.search(r"Eide, Wenche</a>\s*</td>\s*<td[^>]*>\s*WGM\s*</td>", text), text
    assert ">Standard</" not in text  # today's standard rating is not this list's
    searched = client.get("/lists/standard/2025-04/unrated-titled/", {"q": "eide"})
    assert _names(searched) == ["Eide, Wenche"]
    assert _names(client.get("/lists/standard/2025-04/unrated-titled/", {"q": "gran"})) == []


def test_only_the_standard_list_has_one(period_world, compute, publish, client):
    a, b = period_world.player("Aune, Gunnar", 1800), period_world.player("Berg, Ivar", 1700)
    period_world.tournament([(a, b, 1.0)])
    publish(compute("rapid", APRIL))
    assert 'id="unrated-titled-link"' not in client.get("/lists/rapid/2025-04/").content.decode()
    assert client.get("/lists/rapid/2025-04/unrated-titled/").status_code == 404
    assert client.get("/lists/standard/2025-04/unrated-titled/").status_code == 404  # none yet
