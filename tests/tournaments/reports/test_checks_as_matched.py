"""The checks that read a player's rating or sex, made again with every line's player as
the rating officer matched it, at each match and again at approval (standard-2009 1.1,
6.3-6.33, 6.6; R&B 2024 1.1, 5.1). At upload a line without a FIDE ID, or with one the
registry does not know, is checked at the report's word; the officer's match says who the
player really is."""

from __future__ import annotations

import datetime as dt

import pytest
from django.core.exceptions import ValidationError
from trf_builder import four_players, player_line, trf

from audit.models import AuditEntry
from players.models import Player, RatingHistory
from tests.conftest import persona_actor, persona_client
from tournaments.models import Game, TournamentReport
from tournaments.reports import services

NEWCOMER = {"fide_id": None, "rating": None}


def _rated(world, fide_id: int, name: str, rating: int | None, sex: str = "M") -> Player:
    player = Player.objects.create(
        fide_id=fide_id, name=name, federation=world["fed_a"], sex=sex, birth_year=1990
    )
    if rating is not None:
        RatingHistory.objects.create(
            player=player, category="standard", list_date=dt.date(2025, 3, 1), rating=rating
        )
    return player


def _uploaded(upload, tournament, lines) -> TournamentReport:
    upload("arbiter", tournament, trf(lines))
    report = TournamentReport.objects.get()
    assert report.status == "checked", list(report.findings.values_list("message", flat=True))
    return report


def _approve(world, report):
    return services.report_approve(actor=persona_actor(world, "officer_a"), report=report)


def test_a_newcomer_matched_to_a_strong_player_is_checked_against_the_rate_of_play(
    world, tournament, registry, upload
):
    """standard-2009 1.1: 90 minutes for 60 moves are enough for a highest rating of 2000
    (the upload's view, line 4 a newcomer), not for 2250: the officer matched line 4 to
    a player of 2250. The match makes the report "has errors", the error stored with its
    findings and the tournament back to "report received" with the reason in its history
    (a review: only the officer who clicked Approve learnt of it, the report left checked
    for good); the approval is refused with the clause. Undone, the report is checked
    again; matched to a newcomer instead, it is approved."""
    tournament.base_minutes = 60
    tournament.save()
    report = _uploaded(upload, tournament, four_players(**{"4": NEWCOMER}))
    _rated(world, 2001, "Delta, Dora", 2250)
    officer = persona_actor(world, "officer_a")
    line = report.matches.get(start_rank=4)
    services.player_match_resolve(actor=officer, match=line, fide_id=2001)
    report.refresh_from_db()
    tournament.refresh_from_db()
    assert (report.status, report.error_count, tournament.status) == (
        "has_errors", 1, "report_received"
    )  # fmt: skip
    (found,) = report.findings.filter(as_matched=True)
    assert (found.severity, found.rule) == ("error", "standard-2009 1.1")
    assert "highest rating of 2250 the minimum is 120" in found.message
    history = AuditEntry.objects.filter(
        object_id=str(tournament.pk), action="status:report_received"
    )
    assert "checked again with its players as matched: 1 error" in history.latest("pk").reason

    with pytest.raises(ValidationError) as refused:
        _approve(world, report)
    message = refused.value.messages[0]
    assert "Checked again with the players as matched, version 1 has 1 error" in message
    assert "highest rating of 2250 the minimum is 120" in message
    assert "(standard-2009 1.1)" in message
    report.refresh_from_db()
    assert report.status == "has_errors" and not Game.objects.exists()

    services.player_match_reopen(actor=officer, match=report.matches.get(start_rank=4))
    report.refresh_from_db()
    tournament.refresh_from_db()
    assert (report.status, report.error_count, tournament.status) == ("checked", 0, "checked")
    assert not report.findings.filter(as_matched=True).exists()
    _rated(world, 2002, "Delta, Dorota", None)
    services.player_match_resolve(actor=officer, match=report.matches.get(start_rank=4),
                                  fide_id=2002)  # fmt: skip
    _approve(world, report)
    report.refresh_from_db()
    assert report.status == "approved" and Game.objects.count() == 6


def test_the_officers_page_says_why_the_approval_is_refused(world, tournament, registry, upload):
    tournament.base_minutes = 60
    tournament.save()
    report = _uploaded(upload, tournament, four_players(**{"4": NEWCOMER}))
    _rated(world, 2001, "Delta, Dora", 2250)
    client = persona_client(world, "officer_a")
    base = f"/tournaments/{tournament.pk}/reports/{report.version}"
    client.post(f"{base}/players/4/match/", {"fide_id": 2001})
    page = client.get(f"{base}/").content.decode()
    assert 'id="errors-as-matched"' in page and "can never be rated" not in page
    assert "found with the players as matched" in page  # the finding's badge
    assert 'id="approve"' not in page
    page = client.post(f"{base}/approve/", follow=True).content.decode()
    assert "Checked again with the players as matched" in page
    assert TournamentReport.objects.get().status == "has_errors"
    # The arbiter is told where the errors come from, not asked for another file.
    arbiter = persona_client(world, "arbiter")
    page = arbiter.get(f"/tournaments/{tournament.pk}/").content.decode()
    assert 'id="report-errors-as-matched"' in page and 'id="report-needs-fixing"' not in page
    dashboard = arbiter.get("/dashboard/").content.decode()
    section = dashboard.split('id="my-reports-with-errors"', 1)[1].split("</section>", 1)[0]
    assert "errors with its players as the rating officer matched them" in section


def test_a_line_whose_fide_id_named_another_player_is_checked_as_matched(
    world, tournament, registry, upload
):
    """Line 4 gives Alpha's neighbour's FIDE ID with another name (a mismatch: the upload
    checked the rating of the ID's player, 1700); the officer matches it to the player it
    is, rated 2300, and 60 minutes are too few (standard-2009 1.1)."""
    tournament.base_minutes = 60
    tournament.save()
    lines = four_players(**{"4": {"name": "Dalton, Dan"}})
    upload("arbiter", tournament, trf(lines))
    report = TournamentReport.objects.get()
    assert report.matches.get(start_rank=4).status == "mismatch"
    _rated(world, 2003, "Dalton, Dan", 2300)
    services.player_match_resolve(actor=persona_actor(world, "officer_a"),
                                  match=report.matches.get(start_rank=4), fide_id=2003)  # fmt: skip
    with pytest.raises(ValidationError, match="highest rating of 2300 the minimum is 120"):
        _approve(world, report)


def test_a_match_against_a_line_rated_by_its_own_word_is_refused_once_matched_unrated(
    world, tournament, registry, upload
):
    """standard-2009 6.6: a match with an unrated player is not rated. The report rated
    line 2 at 1900 without a FIDE ID; matched to a registry player without a rating, the
    match cannot be approved."""
    tournament.system = "match"
    tournament.number_of_rounds = 2
    tournament.match_games = 2
    tournament.save()
    lines = [
        player_line(1, "Alpha, Anna", rating=2000, fide_id=1001, points="1.5",
                    rounds=("   2 w 1", "   2 b =")),
        player_line(2, "Newman, Ned", rating=1900, fide_id=None, points="0.5",
                    rounds=("   1 b 0", "   1 w =")),
    ]  # fmt: skip
    upload("arbiter", tournament, trf(lines, kind="Match", dates=("25/03/01", "25/03/02")))
    report = TournamentReport.objects.get()
    assert report.error_count == 0, list(report.findings.values_list("message", flat=True))
    _rated(world, 2004, "Newman, Ned", None)
    services.player_match_resolve(actor=persona_actor(world, "officer_a"),
                                  match=report.matches.get(start_rank=2), fide_id=2004)  # fmt: skip
    with pytest.raises(ValidationError) as refused:
        _approve(world, report)
    assert "a match with an unrated player is not rated" in refused.value.messages[0]
    assert "(standard-2009 6.6)" in refused.value.messages[0]


def test_a_round_robin_whose_rated_newcomers_prove_unrated_is_refused(
    world, tournament, registry, upload
):
    """standard-2009 6.31: a round robin of fewer than 10 players needs 4 rated. Lines 3
    and 4 give ratings without FIDE IDs (the upload counted four rated players); matched
    to unrated registry players, two are rated and the approval is refused."""
    tournament.system = "round_robin"
    tournament.save()
    lines = four_players(**{"3": {"fide_id": None}, "4": {"fide_id": None}})
    report = _uploaded(upload, tournament, lines)
    officer = persona_actor(world, "officer_a")
    for rank, fide_id, name in ((3, 2005, "Gamma, Gil"), (4, 2006, "Delta, Dora")):
        _rated(world, fide_id, name, None)
        services.player_match_resolve(actor=officer, match=report.matches.get(start_rank=rank),
                                      fide_id=fide_id)  # fmt: skip
    with pytest.raises(ValidationError) as refused:
        _approve(world, report)
    assert "(standard-2009 6.31)" in refused.value.messages[0]
    assert not Game.objects.exists()


def test_a_match_carried_over_to_a_new_version_is_checked_with_it(
    world, tournament, registry, upload
):
    """The officer's match of line 4 is carried over to the arbiter's next version of the
    file (the line unchanged): that version is checked with it as well, at its upload."""
    tournament.base_minutes = 60
    tournament.save()
    report = _uploaded(upload, tournament, four_players(**{"4": NEWCOMER}))
    _rated(world, 2001, "Delta, Dora", 2250)
    services.player_match_resolve(actor=persona_actor(world, "officer_a"),
                                  match=report.matches.get(start_rank=4), fide_id=2001)  # fmt: skip
    upload(
        "arbiter",
        tournament,
        trf(four_players(**{"4": NEWCOMER})).replace(b"Test Open", b"Test Open."),
    )
    second = TournamentReport.objects.get(version=2)
    assert second.matches.get(start_rank=4).status == "resolved"
    assert (second.status, second.error_count) == ("has_errors", 1)
    assert second.findings.filter(as_matched=True, rule="standard-2009 1.1").exists()
    tournament.refresh_from_db()
    assert tournament.status == "report_received"
