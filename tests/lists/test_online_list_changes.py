"""online arena 3.15: a published over-the-board rapid or blitz list's changes are added
to its players' online ratings (DESIGN-notes 130: rapid to online rapid, blitz to online
blitz and bullet)."""

from __future__ import annotations

from decimal import Decimal

from django.utils import timezone

from arena.models import ArenaListChange, ArenaRating
from tests.lists.conftest import APRIL

D = Decimal


def test_a_published_rapid_lists_change_is_added_to_the_online_rapid_rating(
    period_world, compute, publish
):
    """R&B 2024 7.3: Ann 2000 beats Bob 1800 (D 200: P_D .76, table 7.1.2), K 20 each: Ann
    +4.8 -> +5, Bob -4.8 -> -5 (7.3.4, halves away from zero). Ann's online rapid 2010.50
    becomes 2015.50; Bob's online blitz is not the rapid list's (his stays 1700.00); Uma,
    whose first online rating is still to come, has nothing to add to."""
    ann = period_world.player("Ann", 2000)
    bob = period_world.player("Bob", 1800)
    period_world.tournament([(ann, bob, 1)])
    ArenaRating.objects.create(player=ann, category="online-rapid", rating=D("2010.50"))
    ArenaRating.objects.create(player=bob, category="online-blitz", rating=D("1700.00"))
    ArenaRating.objects.create(player=bob, category="online-rapid", rating=None)
    computed = compute("rapid", APRIL)
    before = timezone.now()
    publish(computed)
    assert ArenaRating.objects.get(player=ann, category="online-rapid").rating == D("2015.50")
    assert ArenaRating.objects.get(player=bob, category="online-blitz").rating == D("1700.00")
    assert ArenaRating.objects.get(player=bob, category="online-rapid").rating is None
    change = ArenaListChange.objects.get()
    assert (change.player, change.change, change.list_category, change.list_date) == (
        ann, 5, "rapid", APRIL
    )  # fmt: skip
    assert (change.rating_before, change.rating_after) == (D("2010.50"), D("2015.50"))
    assert before <= change.added_at <= timezone.now()  # at the publication, not on April 1st


def test_a_blitz_lists_change_goes_to_online_blitz_and_bullet(period_world, compute, publish):
    ann = period_world.player("Ann", 2000, category="blitz")
    bob = period_world.player("Bob", 1800, category="blitz")
    period_world.tournament([(ann, bob, 0)], category="blitz")
    for category in ("online-blitz", "online-bullet", "online-rapid"):
        ArenaRating.objects.create(player=bob, category=category, rating=D("1500.25"))
    publish(compute("blitz", APRIL))
    ratings = dict(ArenaRating.objects.filter(player=bob).values_list("category", "rating"))
    # Bob 1800 beats Ann 2000: 20 x (1 - .24) = +15.2 -> +15 (R&B 2024 7.3.2, 7.3.4).
    assert ratings == {
        "online-blitz": D("1515.25"),
        "online-bullet": D("1515.25"),
        "online-rapid": D("1500.25"),
    }
    # Both added at one moment, the publication's (the chart places them by it).
    assert ArenaListChange.objects.values("added_at").distinct().count() == 1


def test_a_change_counted_from_the_standard_rating_is_not_added(period_world, compute, publish):
    """Cy has no rapid rating: his standard 1401 is used (R&B 2024 7.2.1), and losing to
    Ann (D 599, capped at 400 by 7.3.1: P_D .08) costs him K 40 (7.3.3: new to the rapid
    list) x .08 = 3.2 -> 3: 1398, under 1400 (6.2.1), so he is shown unrated, with
    no old rapid rating. His change was
    measured from his standard rating, no rapid list's change: nothing is added to his
    online rapid rating. Ann's +1.6 -> +2 is (2010.50 -> 2012.50)."""
    ann = period_world.player("Ann", 2000)
    cy = period_world.player("Cy", standard=1401)
    period_world.tournament([(ann, cy, 1)])
    ArenaRating.objects.create(player=ann, category="online-rapid", rating=D("2010.50"))
    ArenaRating.objects.create(player=cy, category="online-rapid", rating=D("1500.00"))
    publish(compute("rapid", APRIL))
    assert ArenaRating.objects.get(player=ann, category="online-rapid").rating == D("2012.50")
    assert ArenaRating.objects.get(player=cy, category="online-rapid").rating == D("1500.00")
    assert list(ArenaListChange.objects.values_list("player__name", "change")) == [("Ann", 2)]


def test_the_change_of_a_player_the_list_delists_is_added(period_world, compute, publish):
    """Dan, rapid 1401, loses to Ann 2000 (D 599, capped at 400 by 7.3.1: P_D .08): K 20 x
    .08 = 1.6 -> -2 (7.3.3-7.3.4), 1399: under 1400, shown unrated on this list (6.2.1).
    His change was measured from his rapid rating: it is added, 1500.00 -> 1498.00."""
    ann = period_world.player("Ann", 2000)
    dan = period_world.player("Dan", 1401)
    period_world.tournament([(ann, dan, 1)])
    ArenaRating.objects.create(player=dan, category="online-rapid", rating=D("1500.00"))
    publish(compute("rapid", APRIL))
    assert ArenaRating.objects.get(player=dan, category="online-rapid").rating == D("1498.00")
    change = ArenaListChange.objects.get()
    assert (change.player, change.change, change.rating_after) == (dan, -2, D("1498.00"))
