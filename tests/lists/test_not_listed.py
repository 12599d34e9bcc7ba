"""A player whose record says he is not to be listed (a death, R&B 2024 9.2; the
federation's word, standard-2009 13.2) is left off the lists published from then on; his
games still rate his opponents and his own rating is kept, should he be listed again."""

from __future__ import annotations

import re

import pytest
from django.db import connection

from lists.models import ListEntry
from players.access import Actor
from players.models import Federation, Player, RatingState
from players.services import player_update
from tests import factories
from tests.conftest import persona_client
from tests.lists.conftest import APRIL


@pytest.fixture
def month(period_world):
    ana = period_world.player("Aasen, Ana", 2000)
    bo = period_world.player("Berg, Bo", 1900)
    cato = period_world.player("Dahl, Cato", 1800)  # no game this month
    period_world.tournament([(ana, bo, 1.0)])
    return ana, bo, cato


def test_a_player_not_to_be_listed_is_left_off_the_list_and_keeps_his_rating(
    month, compute, publish
):
    ana, _, cato = month
    for player, reason in ((ana, "Federation's letter of 2 April"), (cato, "Died 1 April")):
        player_update(
            actor=Actor(is_administrator=True), player=player, fields={"not_listed": reason}
        )
    period = publish(compute("rapid", APRIL))

    entries = dict(ListEntry.objects.filter(period=period).values_list("player__name", "rating"))
    # Bo lost to Ana: D = 100, P_D 0.36 (R&B 2024 7.1.2), 0 - 0.36 = -0.36 (7.3.2), x K 20
    # (7.3.3) = -7.2 -> -7 (7.3.4).
    assert entries == {"Berg, Bo": 1893}
    assert period.entries_count == 1
    # Ana: 1 - 0.64 = 0.36, x 20 = 7.2 -> +7 (R&B 2024 7.3.2-7.3.4): kept, though not listed.
    assert RatingState.objects.get(player=ana, category="rapid").rating == 2007
    assert RatingState.objects.get(player=cato, category="rapid").rating == 1800


def test_a_player_listed_again_is_on_the_next_list(month, compute, publish):
    ana, _, _ = month
    officer = Actor(is_administrator=True)
    player_update(actor=officer, player=ana, fields={"not_listed": "Federation's letter"})
    player_update(actor=officer, player=ana, fields={"not_listed": ""})
    period = publish(compute("rapid", APRIL))
    assert ListEntry.objects.filter(period=period, player=ana).get().rating == 2007


def test_an_excluded_federations_players_are_left_off_the_list_and_keep_their_ratings(
    month, compute, publish, client
):
    """R&B 2024 9.1 (standard-2009 13.1): "The Federation must not be temporarily or
    permanently excluded from membership"."""
    ana = month[0]
    other = factories.FederationFactory(code="XXA", excluded="Suspended by the FIDE Council")
    Player.objects.filter(pk=ana.pk).update(federation=other)
    period = publish(compute("rapid", APRIL))

    entries = dict(ListEntry.objects.filter(period=period).values_list("player__name", "rating"))
    assert entries == {"Berg, Bo": 1893, "Dahl, Cato": 1800}  # Bo -7, as above
    assert RatingState.objects.get(player=ana, category="rapid").rating == 2007
    page = client.get(f"/players/{ana.fide_id}/").content.decode()
    assert "federation is excluded from FIDE: Suspended by the FIDE Council" in page


def test_a_federation_written_by_sql_is_a_member_of_fide(month, compute, publish):
    """A federation loaded without the application (SQL, COPY) says nothing of an exclusion:
    the column's default makes it a member, and its players are listed."""
    bo = month[1]
    with connection.cursor() as cursor:
        cursor.execute("INSERT INTO players_federation (code, name) VALUES ('XXB', 'Bee')")
    Player.objects.filter(pk=bo.pk).update(federation=Federation.objects.get(code="XXB"))
    period = publish(compute("rapid", APRIL))
    assert ListEntry.objects.get(period=period, player=bo).rating == 1893  # -7, as above


def test_the_preview_marks_the_rated_players_the_list_will_leave_off(
    month, compute, world, period_world
):
    """The officer sees before publication who is rated but will not be listed, and why;
    not a player the list would not hold anyway: Dag, 1401, loses to Ana (D 599 counted as
    400, R&B 2024 7.3.1: P_D .08; K 20 x .08 = 1.6 -> -2): 1399, under 1400 (6.2.1)."""
    ana, bo, _ = month
    dag = period_world.player("Moe, Dag", 1401)
    period_world.tournament([(ana, dag, 1.0)])
    Player.objects.filter(pk__in=[ana.pk, dag.pk]).update(not_listed="Died 1 April")
    excluded = factories.FederationFactory(code="XXA", excluded="By the General Assembly")
    Player.objects.filter(pk=bo.pk).update(federation=excluded)
    period = compute("rapid", APRIL)
    administrator = persona_client(world, "administrator")
    page = administrator.get(f"/lists/periods/{period.pk}/").content.decode()
    preview = page.split('id="preview"', 1)[1].split("</table>", 1)[0]
    assert re.search(r"Aasen, Ana\s*<span[^>]*>not listed: not to be listed</span>", preview)
    assert re.search(r"Berg, Bo\s*<span[^>]*>not listed: federation excluded</span>", preview)
    # Dag below the floor, with no mark: the list would not have held him anyway.
    assert re.search(
        r"<td[^>]*>Moe, Dag</td>\s*<td[^>]*>NOR</td>\s*<td[^>]*>Below the floor", preview
    )
