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


def test_a_report_lists_the_first_hundred_findings_of_a_kind_and_counts_the_rest(
    world, tournament, upload
):
    """A review uploaded a file of random pairings: 71,000 findings stored a version, and
    its page took seconds to list them. The page lists the first hundred of a kind and one
    more saying how many are left out; the report's count still counts every one."""
    from trf_builder import player_line

    from tests.conftest import persona_client

    lines = [
        player_line(rank, f"Player {rank:03}", fide_id=9_000_000 + rank).replace(
            "             AAA", "         X900 AAA", 1
        )
        for rank in range(1, 131)
    ]
    assert upload("arbiter", tournament, trf(lines)).status_code == 302
    report = TournamentReport.objects.get()
    invalid = report.findings.filter(code="invalid-rating").order_by("position")
    assert report.error_count >= 130
    assert invalid.count() == 101
    assert [f.line for f in invalid[:2]] == [9, 10]  # after the 8 header lines
    more = invalid.last()
    assert more.line is None
    assert "30 more findings like the one above (invalid-rating) are not listed" in more.message
    assert "Mend those and upload the file again" in more.message
    client = persona_client(world, "arbiter")
    page = client.get(f"/tournaments/{tournament.pk}/reports/1/").content.decode()
    assert f"<strong>{report.error_count}</strong> errors" in page
    assert '<span class="badge text-bg-danger">Error</span>' in page
    listed_on = more.position // 100 + 1  # a hundred findings a page
    page = client.get(f"/tournaments/{tournament.pk}/reports/1/?findings-page={listed_on}")
    assert "30 more findings like the one above" in page.content.decode()


def test_notes_are_counted_whole_and_their_rest_asks_for_nothing(world, tournament, upload):
    """A review: the page counted the notes stored (the first hundred of a kind and the
    line for the rest), where the errors and warnings counted every one; and the line for
    the rest told the arbiter to mend notes, which need nothing."""
    from trf_builder import player_line

    from tests.conftest import persona_client
    from tournaments.reports.services import FINDINGS_LISTED_PER_CODE, listed_findings
    from tournaments.trf import Finding, Severity

    notes = [Finding(Severity.INFO, "a-note", f"Note {n}.", line=n) for n in range(150)]
    listed = listed_findings(notes)
    assert len(listed) == FINDINGS_LISTED_PER_CODE + 1
    assert "50 more findings" in listed[-1].message and "Mend" not in listed[-1].message

    lines = [player_line(rank, f"Player {rank}") for rank in range(1, 4)]
    upload("arbiter", tournament, trf(lines))
    report = TournamentReport.objects.get()
    assert report.info_count == report.findings.filter(severity="info").count() > 0
    # The page says the report's count, not the rows stored (fewer, past a hundred).
    TournamentReport.objects.filter(pk=report.pk).update(info_count=250)
    page = persona_client(world, "arbiter").get(f"/tournaments/{tournament.pk}/reports/1/")
    assert "<strong>250</strong> notes" in page.content.decode()
