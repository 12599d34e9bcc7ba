"""Uploading a report: stored as received, checked, its players matched."""

from __future__ import annotations

from trf_builder import four_players, trf

from tournaments.models import TournamentReport


def test_a_clean_report_is_stored_as_received_and_checked(world, tournament, registry, upload):
    data = trf(four_players())
    response = upload("arbiter", tournament, data)
    report = TournamentReport.objects.get()
    assert response.status_code == 302
    assert response["Location"] == f"/tournaments/{tournament.pk}/reports/1/"
    assert report.file.read() == data
    assert report.status == "checked", list(report.findings.values_list("message", flat=True))
    tournament.refresh_from_db()
    assert tournament.status == "checked"
    assert set(report.matches.values_list("status", flat=True)) == {"matched"}
