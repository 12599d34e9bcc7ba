"""Once a list is published, each arbiter is told by mail which of his tournaments it
rated and which it left to the next list: the arbiter asked "to know when it is rated and
by how much each player moved" (DESIGN.md), and heard of it only by looking at the site."""

from __future__ import annotations

import datetime as dt

import pytest
from django.core import mail

from lists import services
from players.access import Actor
from tests import factories
from tests.lists.conftest import APRIL


def _arbiter(email: str, *, active: bool = True):
    return factories.ArbiterFactory(user__email=email, user__is_active=active)


def test_each_arbiter_gets_one_mail_naming_his_tournaments_rated_and_moved(
    period_world, compute, django_capture_on_commit_callbacks, settings, monkeypatch
):
    """Interpretation 8: a report approved after the computation is left to May's list;
    its arbiter is told so in the same mail as his tournaments April's list rated. One
    the next list would rate too late (R&B 2024 8.1) is refused, which its own mail says,
    and the list's does not name it; nor another category's, nor a rollback's."""
    settings.SITE_URL = "https://ratings.example.org"
    w = period_world
    chief, deputy = _arbiter("chief@example.org"), _arbiter("deputy@example.org")
    gone = _arbiter("gone@example.org", active=False)
    spring = w.tournament(
        [(w.player("A", 1800), w.player("B", 1700), 1)], name="Spring Rapid",
        start=dt.date(2025, 3, 20),
    )  # fmt: skip
    club = w.tournament(
        [(w.player("C", 1600), w.player("D", 1650), 0.5)], name="Club Rapid",
        start=dt.date(2025, 3, 5),
    )  # fmt: skip
    blitz = w.tournament(
        [(w.player("E", 1500, category="blitz"), w.player("F", 1500, category="blitz"), 1)],
        category="blitz", name="Club Blitz",
    )  # fmt: skip
    for tournament in (spring, club, blitz):
        tournament.chief_arbiter = chief
        tournament.save()
    spring.deputy_arbiters.add(deputy, gone)
    period = compute("rapid", APRIL)
    late = w.tournament([(w.player("G", 1600), w.player("H", 1600), 1)], name="Late Rapid")
    january = w.tournament(
        [(w.player("I", 1600), w.player("J", 1600), 1)], name="January Rapid",
        start=dt.date(2025, 1, 19), end=dt.date(2025, 1, 20),
    )  # fmt: skip
    for tournament in (late, january):
        tournament.chief_arbiter = chief
        tournament.save()

    def attach_fails(*args):
        raise RuntimeError("the disk is full")

    with (
        django_capture_on_commit_callbacks(execute=True),
        monkeypatch.context() as patched,
        pytest.raises(RuntimeError),
    ):
        patched.setattr(services, "_entries_attach", attach_fails)  # its last step
        services.period_publish(period=period, actor=Actor(is_administrator=True))
    assert mail.outbox == []  # rolled back: nothing told
    with django_capture_on_commit_callbacks(execute=True):
        services.period_publish(period=period, actor=Actor(is_administrator=True))

    assert [m.subject for m in mail.outbox if m.to == ["chief@example.org"]] == [
        "January Rapid: refused",
        "Rapid list of 2025-04-01 published",
    ]
    by_address = {message.to[0]: message for message in mail.outbox if "list" in message.subject}
    assert sorted(by_address) == ["chief@example.org", "deputy@example.org"]
    told = by_address["chief@example.org"]
    assert told.subject == "Rapid list of 2025-04-01 published"
    assert told.body == (
        "The Rapid list of 2025-04-01 is published.\n\n"
        "Rated on it (each player's rating change is on the tournament's page):\n"
        f"- Club Rapid, 2025-03-05 to 2025-03-07\n"
        f"  https://ratings.example.org/tournaments/{club.pk}/\n"
        f"- Spring Rapid, 2025-03-20 to 2025-03-22\n"
        f"  https://ratings.example.org/tournaments/{spring.pk}/\n\n"
        "Approved after the list was computed, and so left to the list of 2025-05-01:\n"
        f"- Late Rapid, 2025-03-10 to 2025-03-12\n"
        f"  https://ratings.example.org/tournaments/{late.pk}/"
    )
    assert "Spring Rapid" in by_address["deputy@example.org"].body
    assert "Club Rapid" not in by_address["deputy@example.org"].body


def test_a_list_whose_tournaments_have_no_arbiter_with_an_address_sends_nothing(
    period_world, compute, django_capture_on_commit_callbacks, settings
):
    """No address, no mail, and no link without the site's address."""
    settings.SITE_URL = ""
    w = period_world
    open_ = w.tournament([(w.player("A", 1800), w.player("B", 1700), 1)], name="Open")
    open_.chief_arbiter = _arbiter("")
    open_.save()
    other = w.tournament([(w.player("C", 1800), w.player("D", 1700), 1)], name="Other")
    other.chief_arbiter = _arbiter("other@example.org")
    other.save()
    period = compute("rapid", APRIL)

    with django_capture_on_commit_callbacks(execute=True):
        services.period_publish(period=period, actor=Actor(is_administrator=True))

    assert [message.to for message in mail.outbox] == [["other@example.org"]]
    assert mail.outbox[0].body.endswith("page):\n- Other, 2025-03-10 to 2025-03-12")
