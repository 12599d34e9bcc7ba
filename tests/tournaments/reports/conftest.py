"""Fixtures of the report tests: a TRF writer for small made-up reports, a tournament
registered to fit a report, uploads into a throw-away media directory."""

from __future__ import annotations

import datetime as dt

import pytest
from trf_builder import FOUR_PLAYERS


@pytest.fixture(autouse=True)
def media(settings, tmp_path):
    """Uploads go to a directory of their own."""
    settings.MEDIA_ROOT = tmp_path / "media"
    return settings.MEDIA_ROOT


@pytest.fixture
def tournament(world):
    """World's tournament, approved, registered to fit ``trf()``'s default report."""
    tournament = world["tournament"]
    tournament.status = "approved"
    tournament.number_of_rounds = 3
    tournament.start_date = dt.date(2025, 3, 1)
    tournament.end_date = dt.date(2025, 3, 9)
    tournament.save()
    return tournament


@pytest.fixture
def registry(world):
    """FOUR_PLAYERS in the registry (federation A) with the standard list of 2025-03-01."""
    from players.models import Player, RatingHistory

    players = {}
    for fields in FOUR_PLAYERS:
        player = Player.objects.create(
            fide_id=fields["fide_id"],
            name=fields["name"],
            federation=world["fed_a"],
            sex="M",
            birth_year=1990,
        )
        RatingHistory.objects.create(
            player=player,
            category="standard",
            list_date=dt.date(2025, 3, 1),
            rating=fields["rating"],
            games=50,
        )
        players[fields["rank"]] = player
    return players


@pytest.fixture
def upload(world):
    """upload(persona, tournament, data, name="report.trf") -> the response of the upload view."""
    from django.core.files.uploadedfile import SimpleUploadedFile

    from tests.conftest import persona_client

    def _upload(persona, tournament, data: bytes, name: str = "report.trf", follow: bool = False):
        client = persona_client(world, persona)
        return client.post(
            f"/tournaments/{tournament.pk}/reports/upload/",
            {"file": SimpleUploadedFile(name, data, content_type="text/plain")},
            follow=follow,
        )

    return _upload


#: The reports tests' tournament is played 1-9 March 2025; they run as if it were shortly
#: after, when its report is in time for a list (DESIGN.md interpretation 8).
TODAY = dt.date(2025, 3, 12)


@pytest.fixture(autouse=True)
def today_after_the_event(monkeypatch):
    from django.utils import timezone

    monkeypatch.setattr(timezone, "localdate", lambda *args, **kwargs: TODAY)
    return TODAY
