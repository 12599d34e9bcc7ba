"""From a report with an error to a tournament ready for rating; limits and atomicity."""

from __future__ import annotations

import datetime as dt
import html

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.core.files.uploadedfile import SimpleUploadedFile
from trf_builder import four_players, trf

from audit.models import AuditEntry
from tests.conftest import persona_actor, persona_client
from tournaments.models import Game, PlayerMatch, ReportFinding, Tournament, TournamentReport
from tournaments.reports import services


def test_another_events_report_uploaded_to_a_tournament_is_flagged_for_the_officer(
    world, tournament, registry, upload
):
    """A club uploads the file of its other event: the name, city and federation of its
    headers are none of the registration's (standard-2009 0.4), each a warning on the
    report page; nothing is refused for it."""
    Tournament.objects.filter(pk=tournament.pk).update(name="Winter Cup", city="Bern")
    data = trf(four_players()).replace(b"022 Testville\n", b"022 Testville\n032 BBB\n")
    page = upload("arbiter", tournament, data, follow=True).content.decode()
    report = TournamentReport.objects.get()
    assert sorted(report.findings.filter(severity="warning").values_list("code", "line")) == [
        ("city-differs-from-registration", 2),
        ("federation-differs-from-registration", 3),
        ("name-differs-from-registration", 1),
    ]
    assert "the report&#x27;s tournament name &#x27;Test Open&#x27; has no word" in page
    assert report.status != "has_errors"


def test_the_same_file_uploaded_again_is_said_to_be_the_same(world, tournament, registry, upload):
    """A review uploaded one file twice: version 2 was stored and checked without a word
    that it was version 1 again. It is kept (files are kept as received), and said."""
    data = trf(four_players())
    first = upload("arbiter", tournament, data, follow=True).content.decode()
    assert "same file" not in first
    again = upload("arbiter", tournament, data, follow=True).content.decode()
    assert "It is the same file as version 1, byte for byte" in again
    assert TournamentReport.objects.filter(tournament=tournament).count() == 2
    other = upload("arbiter", tournament, data.replace(b"Test Open", b"Test Open."), follow=True)
    assert "same file" not in other.content.decode()


def test_a_report_with_an_error_then_a_fixed_version_is_approved_and_its_games_written(
    world, tournament, registry, upload
):
    broken = trf(four_players(), dates=("25/03/01", "25/03/02", "25/03/12"))
    response = upload("arbiter", tournament, broken, follow=True)
    assert response.redirect_chain[-1][0] == f"/tournaments/{tournament.pk}/reports/1/"
    first = TournamentReport.objects.get(version=1)
    assert first.status == "has_errors" and first.error_count == 1
    error = first.findings.get(severity="error")
    assert (error.code, error.line, error.column) == ("round-date-outside-registration", 8, 112)
    page = persona_client(world, "arbiter").get(f"/tournaments/{tournament.pk}/").content.decode()
    assert 'id="report-needs-fixing"' in page  # what the arbiter does next, on his tournament
    assert "Version 1 has 1 error" in page
    # And on his dashboard, where a review found it only as "Report received".
    dashboard = persona_client(world, "arbiter").get("/dashboard/").content.decode()
    section = dashboard.split('id="my-reports-with-errors"', 1)[1].split("</section>", 1)[0]
    assert f'href="/tournaments/{tournament.pk}/"' in section
    assert error.rule == "standard-2009 0.4"
    assert "round 3 is dated 25/03/12" in response.content.decode()
    # The line as the file holds it, the finding's column (112, the date) marked.
    shown = response.content.decode().split('class="finding-error', 1)[1].split("</tr>", 1)[0]
    assert '<code class="trf-line">' in shown and "<mark>2</mark>5/03/12" in shown
    # The file may be right and the registration wrong: what to do then is said too.
    assert "registration-wrong" in shown and "registered anew" in shown
    assert f'<a href="/tournaments/{tournament.pk}/">the tournament' in shown
    tournament.refresh_from_db()
    assert tournament.status == "report_received"
    officer = persona_client(world, "officer_a")
    refused = officer.post(f"/tournaments/{tournament.pk}/reports/1/approve/", follow=True)
    assert "has 1 error;" in refused.content.decode()
    assert not Game.objects.exists()

    fixed = trf(four_players())
    upload("arbiter", tournament, fixed)
    first.refresh_from_db()
    second = TournamentReport.objects.get(version=2)
    assert (first.status, second.status) == ("superseded", "checked")
    assert second.file.read() == fixed
    tournament.refresh_from_db()
    assert tournament.status == "checked"
    fixed_page = persona_client(world, "arbiter").get(f"/tournaments/{tournament.pk}/")
    assert b'id="report-needs-fixing"' not in fixed_page.content

    page = officer.get(f"/tournaments/{tournament.pk}/reports/2/")
    assert b'id="approve"' in page.content
    # No way back once approved: the button asks first (a usability audit).
    assert b'data-confirm="Approve version 2 of' in page.content
    approved = officer.post(f"/tournaments/{tournament.pk}/reports/2/approve/")
    assert approved.status_code == 302
    second.refresh_from_db()
    tournament.refresh_from_db()
    assert (second.status, tournament.status) == ("approved", "ready")
    assert tournament.entrants == 4  # paired, for a round robin's completeness (6.4)
    games = {(g.round, g.white.fide_id, g.black.fide_id, g.white_score) for g in Game.objects.all()}
    assert games == {
        (1, 1001, 1002, 2),
        (1, 1003, 1004, 2),
        (2, 1003, 1001, 1),
        (2, 1002, 1004, 2),
        (3, 1001, 1004, 2),
        (3, 1003, 1002, 2),
    }
    assert AuditEntry.objects.filter(action="approved for rating").exists()
    assert AuditEntry.objects.filter(action="status:ready").exists()
    again = upload("arbiter", tournament, fixed)
    assert again.status_code == 400 and b"already been approved" in again.content
    # And what he may still do (a review: only that he could not).
    tournament.refresh_from_db()
    said = html.unescape(again.content.decode())
    assert f"approved for rating on the list of {tournament.list_date}" in said
    assert "its rating officer may withdraw the approval" in said


def test_an_invalid_rating_field_is_an_error_on_its_line_and_column(tournament, registry, upload):
    lines = four_players()
    lines[1] = lines[1][:48] + "19x0" + lines[1][52:]
    upload("arbiter", tournament, trf(lines))
    report = TournamentReport.objects.get()
    assert report.status == "has_errors"
    assert report.findings.filter(severity="error", line=10, column=49).exists()


def test_approval_is_refused_while_players_wait_for_a_match(world, tournament, registry, upload):
    upload("arbiter", tournament, trf(four_players(**{"4": {"fide_id": None}})))
    report = TournamentReport.objects.get()
    assert report.status == "checked"
    with pytest.raises(
        ValidationError, match=r"1 player\(s\) still wait.*4 Delta, Dora \(no fide id\)"
    ):
        services.report_approve(actor=persona_actor(world, "officer_a"), report=report)
    tournament.refresh_from_db()
    assert tournament.status == "checked" and not Game.objects.exists()


@pytest.mark.parametrize("persona", ["arbiter", "officer_b"])
def test_only_the_federations_officer_approves(world, tournament, registry, upload, persona):
    upload("arbiter", tournament, trf(four_players()))
    with pytest.raises(PermissionDenied):
        services.report_approve(
            actor=persona_actor(world, persona), report=TournamentReport.objects.get()
        )


def test_the_administrator_may_approve(world, tournament, registry, upload):
    upload("arbiter", tournament, trf(four_players()))
    services.report_approve(
        actor=persona_actor(world, "administrator"), report=TournamentReport.objects.get()
    )
    assert Game.objects.count() == 6


def test_a_file_over_the_limit_is_a_form_error_naming_the_limit(settings, tournament, upload):
    settings.REPORT_UPLOAD_MAX_BYTES = 5 * 1024 * 1024
    response = upload("arbiter", tournament, b"x" * (5 * 1024 * 1024 + 1))
    assert response.status_code == 400
    assert (
        "The file is 5,242,881 bytes, larger than the limit of 5 MB." in response.content.decode()
    )
    assert not TournamentReport.objects.exists()


def test_the_upload_page_states_the_limit(world, tournament):
    page = persona_client(world, "arbiter").get(f"/tournaments/{tournament.pk}/reports/upload/")
    assert page.status_code == 200 and "At most 5 MB" in page.content.decode()


def test_the_service_refuses_a_file_over_the_limit_too(settings, world, tournament):
    settings.REPORT_UPLOAD_MAX_BYTES = 100
    with pytest.raises(ValidationError, match="limit of 100 bytes"):
        services.report_upload(
            actor=persona_actor(world, "arbiter"),
            tournament=tournament,
            uploaded_file=SimpleUploadedFile("r.trf", b"0" * 101),
        )


@pytest.mark.parametrize(
    ("status", "reason"),
    [
        ("registered", "not been approved"),
        ("awaiting_approval", "not been approved"),
        ("refused", "was refused"),
        ("ready", "already been approved"),
        ("rated", "already been rated"),
    ],
)
def test_no_upload_outside_the_reporting_statuses(world, tournament, upload, status, reason):
    Tournament.objects.filter(pk=tournament.pk).update(status=status)
    tournament.refresh_from_db()
    with pytest.raises(ValidationError, match=reason):
        services.report_upload(
            actor=persona_actor(world, "arbiter"),
            tournament=tournament,
            uploaded_file=SimpleUploadedFile("r.trf", trf(four_players())),
        )
    assert not TournamentReport.objects.exists()


@pytest.mark.parametrize("failing", ["findings", "matches", "status"])
def test_nothing_is_half_stored_when_a_step_fails(
    world, tournament, registry, media, monkeypatch, failing
):
    targets = {
        "findings": (ReportFinding.objects, "bulk_create"),
        "matches": (PlayerMatch.objects, "bulk_create"),
        "status": (services, "tournament_status_change"),
    }

    def boom(*args, **kwargs):
        raise RuntimeError("disk on fire")

    monkeypatch.setattr(*targets[failing], boom)
    with pytest.raises(RuntimeError):
        services.report_upload(
            actor=persona_actor(world, "arbiter"),
            tournament=tournament,
            uploaded_file=SimpleUploadedFile("r.trf", trf(four_players())),
        )
    assert not TournamentReport.objects.exists()
    assert not ReportFinding.objects.exists() and not PlayerMatch.objects.exists()
    assert not [p for p in media.rglob("*") if p.is_file()]
    tournament.refresh_from_db()
    assert tournament.status == "approved"


def test_versions_are_numbered_and_the_file_downloads_as_received(world, tournament, upload):
    data_1 = trf(four_players()).replace(b"\n", b"\r\n")
    data_2 = "012 Caf\u00e9 Open\n".encode("latin-1") + trf(four_players())
    upload("arbiter", tournament, data_1, name="round 9 (final).trf")
    upload("officer_a", tournament, data_2)
    assert list(TournamentReport.objects.values_list("version", flat=True).order_by("version")) == [
        1,
        2,
    ]
    client = persona_client(world, "arbiter")
    for version, data in ((1, data_1), (2, data_2)):
        response = client.get(f"/tournaments/{tournament.pk}/reports/{version}/file/")
        assert response.status_code == 200
        assert b"".join(response.streaming_content) == data


def test_the_line_as_written_marks_the_column_read_with_separate_accents_composed(
    world, tournament, registry, upload
):
    """A review: on a line with a letter written with separate accents ("Lu\u0308nd"),
    the reader counts it one column, and the page marked the character a column before
    the finding's: it counts the line as the reader does."""
    lines = four_players()
    lines[1] = lines[1].replace("Beta, Bert", "Be\u0301ta, Bert").replace("1900", "19x0")
    response = upload("arbiter", tournament, trf(lines), follow=True)
    rows = response.content.decode().split("</tr>")
    [row] = [row for row in rows if "rating &#x27;19x0&#x27;" in row]
    assert "<mark>1</mark>9x0" in row  # column 49, the rating's first, not the blank before


def test_a_refused_file_says_the_error_the_reader_found_in_it(world, tournament, registry, upload):
    """A file of NUL characters (a binary file, or text in an encoding of its own) is no
    report, and the refusal says what the reader found, not only that no player was."""
    response = upload("arbiter", tournament, b"012 Test\x00Open\n\x00\x01\x02\n")
    page = html.unescape(response.content.decode())
    assert response.status_code == 400
    assert "The reader found: Line 1, column 9: a NUL character" in page
    assert not TournamentReport.objects.exists()


def test_a_file_that_is_no_report_is_refused_and_the_checked_version_stays(
    world, tournament, registry, upload
):
    """A usability audit uploaded "hello world" by mistake: it became version 2 and
    superseded the checked version 1. A file without a player record is no report: the
    form says so, where its first unreadable line is, and nothing is stored."""
    upload("arbiter", tournament, trf(four_players()))
    response = upload("arbiter", tournament, b"hello world\n", name="notes.txt")
    assert response.status_code == 400
    page = response.content.decode()
    assert "no usable player record (001 line)" in page
    assert "The first line not read: line 1." in page
    assert "Version 1 stays the current one." in page
    assert list(TournamentReport.objects.values_list("version", "status")) == [(1, "checked")]
    tournament.refresh_from_db()
    assert tournament.status == "checked"


@pytest.mark.parametrize("archive", ["zip", "pdf"])
def test_an_archive_holding_the_report_is_refused_and_the_checked_version_stays(
    world, tournament, registry, upload, archive
):
    """A review: the report zipped without compression holds its lines as they are, and
    was read as a report (mixed encoding, NUL errors) that superseded the checked version
    1. A file that begins as a ZIP archive or a PDF is no report (TRF16 §1: a text file):
    the form says what it is and what to upload, and nothing is stored."""
    import io
    import zipfile

    report = trf(four_players())
    upload("arbiter", tournament, report)
    if archive == "zip":
        buffer = io.BytesIO()
        with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_STORED) as stored:
            stored.writestr("report.trf", report)
        data, name, kind = buffer.getvalue(), "report.zip", "a ZIP archive"
    else:
        data, name, kind = b"%PDF-1.7\n" + report, "report.pdf", "a PDF document"
    response = upload("arbiter", tournament, data, name=name)
    assert response.status_code == 400
    page = response.content.decode()
    assert f"The file is {kind}" in page and "Nothing was stored." in page
    assert "Version 1 stays the current one." in page
    assert list(TournamentReport.objects.values_list("version", "status")) == [(1, "checked")]


def test_a_report_the_reader_fails_on_is_kept_with_the_reader_s_words(
    world, tournament, registry, upload, monkeypatch
):
    """A review: the reader's own failure (forced here) is no wrong file; the version is
    kept as received, its finding asking for the file to be sent in."""
    from tournaments.trf import parser

    def broken(*args, **kwargs):
        raise RuntimeError("a bug")

    monkeypatch.setattr(parser, "_assemble", broken)
    response = upload("arbiter", tournament, trf(four_players()))
    assert response.status_code == 302
    (report,) = TournamentReport.objects.all()
    assert report.findings.filter(code="internal-error").exists()


def test_approval_fixes_the_list(world, tournament, registry, upload, monkeypatch):
    """DESIGN.md interpretation 8: ended 9 March 2025, the report is rated on 1 April 2025
    (closing 25 March)."""
    from django.utils import timezone

    upload("arbiter", tournament, trf(four_players()))
    officer = persona_client(world, "officer_a")
    monkeypatch.setattr(timezone, "localdate", lambda *a, **k: dt.date(2025, 3, 20))
    # The officer is told the list before confirming (a review: a report approved after
    # the closing date went to a later list unannounced).
    page = officer.get(f"/tournaments/{tournament.pk}/reports/1/").content.decode()
    assert "for rating on the list of 2025-04-01?" in page
    monkeypatch.setattr(timezone, "localdate", lambda *a, **k: dt.date(2025, 3, 27))
    page = officer.get(f"/tournaments/{tournament.pk}/reports/1/").content.decode()
    assert "for rating on the list of 2025-05-01?" in page  # past 25 March's closing
    monkeypatch.setattr(timezone, "localdate", lambda *a, **k: dt.date(2025, 3, 20))
    officer.post(f"/tournaments/{tournament.pk}/reports/1/approve/")
    tournament.refresh_from_db()
    assert tournament.status == "ready" and tournament.list_date == dt.date(2025, 4, 1)
    history = persona_client(world, "arbiter").get(f"/tournaments/{tournament.pk}/")
    assert "Status changed to Ready for rating" in history.content.decode()  # not "status:ready"


def test_a_late_report_is_refused_for_good_for_the_arbiter_to_see(
    world, tournament, registry, upload, monkeypatch
):
    """R&B 2024 8.1 / interpretation 8: approved after the closing day of the third list
    after its end (1 June 2025, closing 25 May) the report is refused, with its reason in
    the tournament's history. Being too late only gets later: the tournament is refused,
    leaves the officers' reports to approve, and takes no other version."""
    from django.utils import timezone

    from audit.models import AuditEntry

    upload("arbiter", tournament, trf(four_players()))
    officer = persona_client(world, "officer_a")
    monkeypatch.setattr(timezone, "localdate", lambda *a, **k: dt.date(2025, 5, 26))
    officer.post(f"/tournaments/{tournament.pk}/reports/1/approve/")
    tournament.refresh_from_db()
    assert tournament.status == "refused" and tournament.list_date is None
    refusal = AuditEntry.objects.get(action="status:refused")
    assert "after the third list following its end" in refusal.reason
    page = persona_client(world, "arbiter").get(f"/tournaments/{tournament.pk}/").content.decode()
    assert "after the third list following its end" in page
    assert "(DESIGN.md interpretation 8)" in page  # a standard event: R&B 8.1 is rapid's
    report_page = officer.get(f"/tournaments/{tournament.pk}/reports/1/").content.decode()
    assert 'id="refused"' in report_page
    assert 'id="approve"' not in report_page and 'id="refuse-too-late"' not in report_page
    dashboard = officer.get("/dashboard/").content.decode()
    section = dashboard.split('id="reports-to-approve"', 1)[1].split("</section>", 1)[0]
    assert tournament.name not in section
    response = upload("arbiter", tournament, trf(four_players()))
    assert response.status_code == 400
    assert "the tournament was refused (its history says why)" in response.content.decode()
    assert TournamentReport.objects.filter(tournament=tournament).count() == 1


@pytest.mark.parametrize(
    ("start", "clause"),
    [(dt.date(2023, 11, 4), "R&B pre-2024 8.1"), (dt.date(2024, 11, 4), "R&B 2024 8.1")],
)
def test_a_late_rapid_report_is_refused_under_the_clause_of_its_own_rule_set(db, start, clause):
    """The rapid texts before and from 2024 each say it in their own 8.1; a tournament
    rated by the text before 2024 (R&B 2024 0.1) was refused citing R&B 2024 8.1 (a review).
    Ended on 5 November: lists of December, January and February; approved on 10 February,
    after February's closing date (29 January, 3 days before: R&B 2024 6.1.3)."""
    from tournaments.models import Tournament

    end = start + dt.timedelta(days=1)
    event = Tournament(category="rapid", start_date=start, end_date=end)
    rated_on, refusal = services.approval_outlook(event, dt.date(end.year + 1, 2, 10))
    assert rated_on is None
    assert refusal.endswith(f"({clause})")


def test_a_report_that_can_no_longer_be_rated_says_so_and_offers_no_approval(
    world, tournament, registry, upload, monkeypatch
):
    """A review: a report past the third list after its end showed "Approve for rating",
    which led only to the refusal. The page says why it cannot be rated (R&B 2024 8.1,
    interpretation 8) to the arbiter and the officer, and offers no button; in time, it
    does."""
    from django.utils import timezone

    upload("arbiter", tournament, trf(four_players()))
    url = f"/tournaments/{tournament.pk}/reports/1/"
    monkeypatch.setattr(timezone, "localdate", lambda *a, **k: dt.date(2025, 5, 26))
    for persona in ("officer_a", "arbiter"):
        page = persona_client(world, persona).get(url).content.decode()
        assert 'id="too-late"' in page and "after the third list following its end" in page
        assert 'id="approve"' not in page
        # The officer records the refusal (a later review: hidden, it was never recorded).
        assert ('id="refuse-too-late"' in page) == (persona == "officer_a")
    # Before the refusal is recorded, the dashboard marks it.
    dashboard = persona_client(world, "officer_a").get("/dashboard/").content.decode()
    section = dashboard.split('id="reports-to-approve"', 1)[1].split("</section>", 1)[0]
    assert tournament.name in section and "too late to rate" in section
    monkeypatch.setattr(timezone, "localdate", lambda *a, **k: dt.date(2025, 3, 20))
    page = persona_client(world, "officer_a").get(url).content.decode()
    assert 'id="approve"' in page and 'id="too-late"' not in page
    dashboard = persona_client(world, "officer_a").get("/dashboard/").content.decode()
    assert "too late to rate" not in dashboard


@pytest.mark.parametrize(
    ("out", "how", "rated_on"),
    [
        (dt.date(2025, 4, 1), "imported", dt.date(2025, 5, 1)),
        (dt.date(2025, 5, 1), "imported", dt.date(2025, 6, 1)),
        (dt.date(2025, 5, 1), "published", dt.date(2025, 6, 1)),
    ],
)
def test_a_report_approved_once_its_list_is_out_goes_to_the_next_list(
    world, tournament, registry, upload, monkeypatch, out, how, rated_on
):
    """Interpretation 8: the tournament ended 9 March 2025 and would be rated on 1 April
    2025 (closing 25 March); that list is out already (imported, or its period closed
    early and was published), so a report approved on 20 March goes to 1 May, where it
    will be rated. Lists go out in order (interpretation 4): with May's out, imported or
    published here without entries, April's never comes, and the report goes to June's,
    the third after the end (R&B 2024 8.1; a review: April's, which would never rate it)."""
    from django.utils import timezone

    from lists.models import RatingPeriod
    from players.models import RatingHistory

    if how == "imported":
        player = next(iter(registry.values()))
        RatingHistory.objects.create(
            player=player, category=tournament.category, list_date=out, rating=2000
        )
    else:
        RatingPeriod.objects.create(
            category=tournament.category, list_date=out,
            closing_date=out - dt.timedelta(days=7), status="published",
        )  # fmt: skip
    upload("arbiter", tournament, trf(four_players()))
    monkeypatch.setattr(timezone, "localdate", lambda *a, **k: dt.date(2025, 3, 20))
    persona_client(world, "officer_a").post(f"/tournaments/{tournament.pk}/reports/1/approve/")
    tournament.refresh_from_db()
    assert tournament.status == "ready" and tournament.list_date == rated_on


def test_a_late_report_is_refused_whatever_waits_for_a_match(
    world, tournament, registry, upload, monkeypatch
):
    """Too late to rate, a report is refused though a line waits for a match: no match
    makes it rateable, and the officer would register players for nothing (a review
    found the refusal waiting for every line)."""
    from django.utils import timezone

    upload("arbiter", tournament, trf(four_players(**{"4": {"fide_id": None}})))
    monkeypatch.setattr(timezone, "localdate", lambda *a, **k: dt.date(2025, 5, 26))
    report_page = persona_client(world, "officer_a").get(f"/tournaments/{tournament.pk}/reports/1/")
    assert 'id="refuse-too-late"' in report_page.content.decode()
    with pytest.raises(ValidationError, match="after the third list following its end"):
        services.report_approve(
            actor=persona_actor(world, "officer_a"), report=TournamentReport.objects.get()
        )
    tournament.refresh_from_db()
    assert tournament.status == "refused" and not Game.objects.exists()


def test_a_late_report_with_errors_says_no_version_can_be_rated_and_is_refused(
    world, tournament, registry, upload, monkeypatch
):
    """Interpretation 8: too late to rate, a report with errors asks for no corrected
    version, which could not be rated either (a review: its page said to upload one, and
    the officer's refusal answered that the tournament "cannot become refused"). The
    dashboard marks it among the reports with errors; the officer refuses it, and the
    arbiter reads why in its history."""
    _late_report_with_errors(world, tournament, upload, monkeypatch)
    url = f"/tournaments/{tournament.pk}/reports/1/"
    for persona in ("officer_a", "arbiter"):
        page = persona_client(world, persona).get(url).content.decode()
        assert 'id="too-late"' in page and "after the third list following its end" in page
        assert "upload a new version" not in page
        assert ('id="refuse-too-late"' in page) == (persona == "officer_a")
    officer = persona_client(world, "officer_a")
    dashboard = officer.get("/dashboard/").content.decode()
    section = dashboard.split('id="reports-with-errors"', 1)[1].split("</section>", 1)[0]
    assert tournament.name in section and "too late to rate" in section
    page = officer.post(f"{url}approve/", follow=True).content.decode()
    assert "cannot become" not in page and "after the third list following its end" in page
    tournament.refresh_from_db()
    assert tournament.status == "refused"
    refusal = AuditEntry.objects.get(action="status:refused")
    assert "after the third list following its end" in refusal.reason
    page = persona_client(world, "arbiter").get(f"/tournaments/{tournament.pk}/").content.decode()
    assert "after the third list following its end" in page


def _late_report_with_errors(world, tournament, upload, monkeypatch):
    """A report whose round dates run past the registration (an error), ended 9 March 2025
    and read on 26 May, after the closing date of June's list, its third (25 May)."""
    from django.utils import timezone

    upload("arbiter", tournament, trf(four_players(), dates=("25/03/01", "25/03/02", "25/03/12")))
    assert TournamentReport.objects.get().status == "has_errors"
    monkeypatch.setattr(timezone, "localdate", lambda *a, **k: dt.date(2025, 5, 26))


def test_a_late_report_with_errors_is_not_said_to_need_a_corrected_upload_on_the_tournament_page(
    world, tournament, registry, upload, monkeypatch
):
    """Interpretation 8: no version of a report too late to rate can be rated. Its report
    page said so, but the tournament page still told the arbiter to correct the file and
    upload it again (a review)."""
    _late_report_with_errors(world, tournament, upload, monkeypatch)
    report_page = (
        persona_client(world, "arbiter")
        .get(f"/tournaments/{tournament.pk}/reports/1/")
        .content.decode()
    )
    assert 'id="too-late"' in report_page  # the report page: no version can be rated
    page = persona_client(world, "arbiter").get(f"/tournaments/{tournament.pk}/").content.decode()
    assert "upload it again" not in page
    assert 'id="report-too-late"' in page and "after the third list following its end" in page


def test_a_late_report_with_errors_is_not_on_the_arbiters_dashboard_as_one_to_correct(
    world, tournament, registry, upload, monkeypatch
):
    """And his dashboard said "upload a corrected version from its page" (a review)."""
    _late_report_with_errors(world, tournament, upload, monkeypatch)
    officer = persona_client(world, "officer_a").get("/dashboard/").content.decode()
    assert "too late to rate" in officer
    dashboard = persona_client(world, "arbiter").get("/dashboard/").content.decode()
    assert "upload a corrected version" not in dashboard
    section = dashboard.split('id="my-reports-with-errors"', 1)[1].split("</section>", 1)[0]
    assert tournament.name in section and "too late to rate" in section


def test_the_dashboard_marks_players_to_resolve_of_a_report_too_late_to_rate(
    world, tournament, registry, upload, monkeypatch
):
    """Interpretation 8: the officer would match or register the players of a report that
    can no longer be rated for nothing; the dashboard marks it as it marks the checked
    reports (a review)."""
    from django.utils import timezone

    upload("arbiter", tournament, trf(four_players(**{"4": {"fide_id": None}})))
    officer = persona_client(world, "officer_a")

    def to_resolve() -> str:
        dashboard = officer.get("/dashboard/").content.decode()
        return dashboard.split('id="matches-to-resolve"', 1)[1].split("</section>", 1)[0]

    assert tournament.name in to_resolve() and "too late to rate" not in to_resolve()
    monkeypatch.setattr(timezone, "localdate", lambda *a, **k: dt.date(2025, 5, 26))
    assert tournament.name in to_resolve() and "too late to rate" in to_resolve()


def test_uploading_a_report_too_late_to_rate_says_so_not_that_it_will_be_approved(
    world, tournament, registry, upload, monkeypatch
):
    """A review: the upload said "then the report is approved for rating" of a report the
    page below called too late to rate."""
    from django.utils import timezone

    monkeypatch.setattr(timezone, "localdate", lambda *a, **k: dt.date(2025, 5, 26))
    data = trf(four_players(**{"4": {"fide_id": None}}))
    page = upload("arbiter", tournament, data, follow=True).content.decode()
    assert "was stored as received, but it cannot be rated" in page
    assert "after the third list following its end" in page
    assert "then the report is approved for rating" not in page


def test_a_report_whose_third_list_closed_early_is_too_late(
    world, tournament, registry, upload, monkeypatch
):
    """The third list after the end (1 June 2025, closing 25 May) closed early: a report
    approved on 20 May would be rated on July's, and is refused (R&B 2024 8.1; a review:
    it was given June's list and moved on to July's, a fourth, at its publication)."""
    from django.utils import timezone

    from lists.models import RatingPeriod

    RatingPeriod.objects.create(
        category=tournament.category, list_date=dt.date(2025, 6, 1),
        closing_date=dt.date(2025, 5, 25), status="closed",
    )  # fmt: skip
    upload("arbiter", tournament, trf(four_players()))
    monkeypatch.setattr(timezone, "localdate", lambda *a, **k: dt.date(2025, 5, 20))
    report_page = persona_client(world, "officer_a").get(f"/tournaments/{tournament.pk}/reports/1/")
    assert "after the third list following its end" in report_page.content.decode()
    persona_client(world, "officer_a").post(f"/tournaments/{tournament.pk}/reports/1/approve/")
    tournament.refresh_from_db()
    assert tournament.status == "refused" and tournament.list_date is None


def test_lists_every_two_months_take_the_reports_on_their_own_dates(
    world, tournament, registry, upload, monkeypatch, settings
):
    """A federation that publishes every two months (LIST_EVERY_MONTHS=2: January, March,
    May...): ended 9 March 2025 and approved on 20 March, the report is rated on 1 May, not
    on an April list that never comes (a review: it was given April's, no list date, and
    every later list of the category waited for it)."""
    from django.utils import timezone

    settings.LIST_EVERY_MONTHS = 2
    upload("arbiter", tournament, trf(four_players()))
    monkeypatch.setattr(timezone, "localdate", lambda *a, **k: dt.date(2025, 3, 20))
    persona_client(world, "officer_a").post(f"/tournaments/{tournament.pk}/reports/1/approve/")
    tournament.refresh_from_db()
    assert tournament.status == "ready" and tournament.list_date == dt.date(2025, 5, 1)


@pytest.mark.parametrize("status", ["published", "computed", "closed"])
def test_a_report_approved_once_its_period_is_no_longer_open_goes_to_the_next_list(
    world, tournament, registry, upload, monkeypatch, status
):
    """Interpretation 8, as above, "whose period was still open when its report was
    approved": April's list published with no entries (no rated player in the category
    yet), so without a history row to show it is out; or its period computed, or closed,
    before its closing day (compute_period closes it). The report goes to 1 May rather
    than to a list that will never rate it (a review: given April's list, which its
    computation had not rated, it was moved on at the publication)."""
    from django.utils import timezone

    from lists.models import RatingPeriod

    RatingPeriod.objects.create(
        category=tournament.category, list_date=dt.date(2025, 4, 1),
        closing_date=dt.date(2025, 3, 25), status=status,
    )  # fmt: skip
    upload("arbiter", tournament, trf(four_players()))
    monkeypatch.setattr(timezone, "localdate", lambda *a, **k: dt.date(2025, 3, 20))
    persona_client(world, "officer_a").post(f"/tournaments/{tournament.pk}/reports/1/approve/")
    tournament.refresh_from_db()
    assert tournament.status == "ready" and tournament.list_date == dt.date(2025, 5, 1)


@pytest.mark.parametrize(
    ("status", "rated_on"),
    [("closed", dt.date(2025, 4, 1)), ("computed", dt.date(2025, 4, 1)),
     ("published", dt.date(2025, 5, 1))],
)  # fmt: skip
def test_an_official_fide_events_report_is_taken_by_its_list_until_the_list_is_out(
    world, tournament, registry, upload, monkeypatch, status, rated_on
):
    """standard-2009 7.13: an official FIDE event is rated on the list even if it ends on
    the last day before the list date, so its report, approved after the closing date,
    still goes to that list while the list is not out. Ended on 9 March 2025, approved on
    28 March (April's list closed on 25 March): an ordinary report goes to May (above);
    this one to April, its period closed or computed (computed again, the list rates it),
    and to May once April's list is published."""
    from django.utils import timezone

    from lists.models import RatingPeriod

    tournament.official_fide = True
    tournament.save(update_fields=["official_fide"])
    RatingPeriod.objects.create(
        category=tournament.category, list_date=dt.date(2025, 4, 1),
        closing_date=dt.date(2025, 3, 25), status=status,
    )  # fmt: skip
    upload("arbiter", tournament, trf(four_players()))
    monkeypatch.setattr(timezone, "localdate", lambda *a, **k: dt.date(2025, 3, 28))
    officer = persona_client(world, "officer_a")
    page = officer.get(f"/tournaments/{tournament.pk}/reports/1/").content.decode()
    assert f"for rating on the list of {rated_on}?" in page
    officer.post(f"/tournaments/{tournament.pk}/reports/1/approve/")
    tournament.refresh_from_db()
    assert tournament.status == "ready" and tournament.list_date == rated_on


def test_a_report_of_a_tournament_not_ended_yet_is_not_approved(
    world, tournament, registry, upload, monkeypatch
):
    """Interpretation 8 rates a tournament on the first list after its end: before it
    ends (9 March 2025) its report is not complete, and approval is refused with why."""
    from django.utils import timezone

    upload("arbiter", tournament, trf(four_players()))
    monkeypatch.setattr(timezone, "localdate", lambda *a, **k: dt.date(2025, 3, 5))
    officer = persona_client(world, "officer_a")
    page = officer.get(f"/tournaments/{tournament.pk}/reports/1/").content.decode()
    assert 'id="approve"' not in page and "ends on 2025-03-09" in page
    assert tournament.name not in officer.get("/dashboard/").content.decode()
    response = persona_client(world, "officer_a").post(
        f"/tournaments/{tournament.pk}/reports/1/approve/", follow=True
    )
    assert "ends on 2025-03-09; its report is approved for rating once it has ended" in (
        response.content.decode()
    )
    tournament.refresh_from_db()
    assert tournament.status == "checked" and tournament.list_date is None


@pytest.mark.parametrize("official_fide", [False, True])
def test_the_dashboard_asks_whether_reports_are_too_late_once_for_them_all(
    world, monkeypatch, official_fide
):
    """The dashboard marks each checked report too late to rate (R&B 2024 8.1,
    interpretation 8): its queries do not grow with the reports it lists (the rule schedule
    read once, each list's being out asked once), where a review counted three a report;
    official FIDE events', whose lists take them until they are out, too (a review counted
    two more an event)."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext
    from django.utils import timezone

    from tests import factories

    # Ended 9 March 2025: the third list after it closed on 25 May (the test above).
    monkeypatch.setattr(timezone, "localdate", lambda *a, **k: dt.date(2025, 5, 26))
    officer = persona_client(world, "officer_a")
    officer.get("/dashboard/")

    def queries_with(count: int) -> tuple[int, str]:
        for _ in range(count):
            factories.TournamentFactory(
                federation=world["fed_a"], status="checked", official_fide=official_fide
            )
        with CaptureQueriesContext(connection) as queries:
            page = officer.get("/dashboard/").content.decode()
        return len(queries), page

    two, _ = queries_with(2)
    ten, page = queries_with(8)
    assert ten == two
    section = page.split('id="reports-to-approve"', 1)[1].split("</section>", 1)[0]
    # An official event's third list, 1 June, takes its report until it is out, its
    # closing date gone by (standard-2009 7.13): none of them is too late.
    assert section.count("too late to rate") == (0 if official_fide else 10)


def test_an_officer_withdraws_an_approval_while_its_period_is_open(
    world, tournament, registry, upload, monkeypatch
):
    """A review: a wrong file approved on Monday could not be taken back, though its list
    was weeks away. While the period of its list takes reports (interpretation 8) the
    officer withdraws the approval, with a reason: its games go, the report and the
    tournament are checked again, and it is approved again (or replaced)."""
    from django.utils import timezone

    monkeypatch.setattr(timezone, "localdate", lambda *a, **k: dt.date(2025, 3, 20))
    upload("arbiter", tournament, trf(four_players()))
    officer = persona_client(world, "officer_a")
    base = f"/tournaments/{tournament.pk}/reports/1/"
    officer.post(f"{base}approve/")
    report = TournamentReport.objects.get()
    games = Game.objects.count()
    assert report.status == "approved" and games == 6
    # The list is to come: the tournament's history says "to be rated" (a review).
    approved = AuditEntry.objects.get(action__contains="ready")
    assert approved.reason.endswith("to be rated on the list of 2025-04-01")
    page = html.unescape(officer.get(base).content.decode())
    assert 'id="withdraw-approval"' in page
    assert f'data-confirm="Withdraw the approval of version 1 of {tournament.name}? Its' in page
    assert "Possible while the period of the list of 2025-04-01 takes reports." in page
    arbiter = persona_client(world, "arbiter")
    assert 'id="withdraw-approval"' not in arbiter.get(base).content.decode()
    assert arbiter.post(f"{base}withdraw-approval/", {"reason": "mine"}).status_code == 403
    blank = officer.post(f"{base}withdraw-approval/", {"reason": " "}, follow=True)
    assert "Give a reason" in blank.content.decode() and Game.objects.count() == games
    done = officer.post(
        f"{base}withdraw-approval/", {"reason": "The B section's file"}, follow=True
    )
    assert "The approval of version 1 is withdrawn and its games removed" in done.content.decode()
    report.refresh_from_db()
    tournament.refresh_from_db()
    assert (report.status, tournament.status, tournament.list_date) == ("checked", "checked", None)
    assert not Game.objects.exists()
    entry = AuditEntry.objects.get(action="approval withdrawn")
    assert entry.reason == "The B section's file" and entry.changes["games"] == [6, None]
    officer.post(f"{base}approve/")
    report.refresh_from_db()
    assert report.status == "approved" and Game.objects.count() == games


def test_an_approval_is_final_once_its_lists_closing_date_has_passed(
    world, tournament, registry, upload, monkeypatch
):
    """The period of 1 June 2025 is still open on 27 May (no scheduler closed it), but its
    closing date, 25 May, has passed: approved again, the report would go to July's list,
    past the third after the tournament's end in March, and be refused for good. A review
    found the withdrawal offered and that refusal the result; the page now says why not."""
    from django.utils import timezone

    from lists.models import RatingPeriod

    upload("arbiter", tournament, trf(four_players()))
    officer = persona_client(world, "officer_a")
    base = f"/tournaments/{tournament.pk}/reports/1/"
    monkeypatch.setattr(timezone, "localdate", lambda *a, **k: dt.date(2025, 5, 25))
    officer.post(f"{base}approve/")
    tournament.refresh_from_db()
    assert (tournament.status, tournament.list_date) == ("ready", dt.date(2025, 6, 1))
    RatingPeriod.objects.create(
        category="standard", list_date=dt.date(2025, 6, 1), closing_date=dt.date(2025, 5, 25),
        status="open",
    )  # fmt: skip
    assert 'id="withdraw-approval"' in officer.get(base).content.decode()
    monkeypatch.setattr(timezone, "localdate", lambda *a, **k: dt.date(2025, 5, 27))
    page = officer.get(base).content.decode()
    assert 'id="withdraw-approval"' not in page
    refusal = (
        "Approved again today, the report would be refused: The tournament ended on "
        "2025-03-09; a report approved on 2025-05-27 would be rated on the list of "
        "2025-07-01 at the earliest, after the third list following its end"
    )
    assert refusal in page
    assert "The list of 2025-06-01 rates it as approved" in page
    refused = officer.post(f"{base}withdraw-approval/", {"reason": "fix a match"}, follow=True)
    assert refusal in refused.content.decode()
    tournament.refresh_from_db()
    assert tournament.status == "ready" and Game.objects.count() == 6


def test_an_approval_past_its_lists_closing_date_says_where_it_would_go(
    world, tournament, registry, upload, monkeypatch
):
    """Approved on 20 March for 1 April (closing 25 March): on 27 March, the period still
    open, approving it again would give it May's list (interpretation 8), so the approval
    is not withdrawn and the page says so."""
    from django.utils import timezone

    upload("arbiter", tournament, trf(four_players()))
    officer = persona_client(world, "officer_a")
    base = f"/tournaments/{tournament.pk}/reports/1/"
    monkeypatch.setattr(timezone, "localdate", lambda *a, **k: dt.date(2025, 3, 20))
    officer.post(f"{base}approve/")
    monkeypatch.setattr(timezone, "localdate", lambda *a, **k: dt.date(2025, 3, 27))
    page = officer.get(base).content.decode()
    assert 'id="withdraw-approval"' not in page
    assert "Approved again today, the report would go to the list of 2025-05-01." in page


def test_an_approval_is_final_once_its_lists_period_is_closed(
    world, tournament, registry, upload, monkeypatch
):
    """Closed, the period's computation rates the report as approved: a correction goes
    into a later period (issue 4), and the page says so rather than offer the withdrawal."""
    from django.utils import timezone

    from lists.models import RatingPeriod

    monkeypatch.setattr(timezone, "localdate", lambda *a, **k: dt.date(2025, 3, 20))
    upload("arbiter", tournament, trf(four_players()))
    officer = persona_client(world, "officer_a")
    base = f"/tournaments/{tournament.pk}/reports/1/"
    officer.post(f"{base}approve/")
    RatingPeriod.objects.create(
        category="standard", list_date=dt.date(2025, 4, 1), closing_date=dt.date(2025, 3, 25),
        status="closed",
    )  # fmt: skip
    page = officer.get(base).content.decode()
    assert 'id="withdraw-approval"' not in page
    assert "The period of the list of 2025-04-01 is closed" in page
    refused = officer.post(f"{base}withdraw-approval/", {"reason": "late"}, follow=True)
    assert "A correction goes into a later period." in refused.content.decode()
    assert TournamentReport.objects.get().status == "approved" and Game.objects.count() == 6
    # A review: once rated, the refusal said the report was "not approved for rating".
    tournament.refresh_from_db()
    tournament.status = "rated"
    tournament.save(update_fields=["status"])
    refused = officer.post(f"{base}withdraw-approval/", {"reason": "late"}, follow=True)
    assert (
        "Version 1 was rated on the published list of 2025-04-01, which never changes: a "
        "correction goes into a later period."
    ) in refused.content.decode()


def test_a_report_whose_stored_file_is_gone_is_refused_with_a_reason(
    world, tournament, registry, upload, monkeypatch
):
    """The storage lost the file (a disk replaced, a bucket emptied): approving it and
    downloading it were server errors (a review). The approval is refused with the reason
    and nothing is written; the download is a page that says the file is gone."""
    from django.utils import timezone

    monkeypatch.setattr(timezone, "localdate", lambda *a, **k: dt.date(2025, 3, 20))
    upload("arbiter", tournament, trf(four_players()))
    report = TournamentReport.objects.get()
    report.file.storage.delete(report.file.name)
    officer = persona_client(world, "officer_a")
    base = f"/tournaments/{tournament.pk}/reports/1/"
    response = officer.post(f"{base}approve/", follow=True)
    assert response.status_code == 200
    assert "The stored file of version 1 can no longer be read" in response.content.decode()
    report.refresh_from_db()
    tournament.refresh_from_db()
    assert report.status == "checked" and tournament.status == "checked"
    assert not Game.objects.exists()
    gone = officer.get(f"{base}file/")
    assert gone.status_code == 404
    assert "The stored file of version 1 can no longer be read" in gone.content.decode()


def test_an_event_cut_short_shows_the_rounds_its_approved_report_has(
    world, tournament, registry, upload
):
    """Registered for 4 rounds, played 3: validation warns (standard-2009 0.4) and the
    officer may approve; the tournament's page then says the approved report has 3, where
    it went on showing the registration's 4 alone."""
    Tournament.objects.filter(pk=tournament.pk).update(number_of_rounds=4)
    upload("arbiter", tournament, trf(four_players()))
    report = TournamentReport.objects.get()
    assert report.rounds == 3
    assert report.findings.filter(code="rounds-differ-from-registration").exists()
    address = f"/tournaments/{tournament.pk}/"
    before = persona_client(world, "administrator").get(address).content.decode()
    assert 'id="rounds-played"' not in before  # not approved yet: nothing is rated of it
    services.report_approve(actor=persona_actor(world, "officer_a"), report=report)
    page = persona_client(world, "administrator").get(address).content.decode()
    assert '<span id="rounds-played">the approved report has 3</span>' in page


def test_an_event_played_as_registered_shows_its_rounds_once(world, tournament, registry, upload):
    upload("arbiter", tournament, trf(four_players()))
    services.report_approve(
        actor=persona_actor(world, "officer_a"), report=TournamentReport.objects.get()
    )
    page = persona_client(world, "administrator").get(f"/tournaments/{tournament.pk}/")
    assert TournamentReport.objects.get().rounds == 3  # kept, and the same as registered
    assert b'id="rounds-played"' not in page.content


def test_the_arbiters_dashboard_asks_for_the_report_of_an_ended_tournament(
    world, tournament, registry, upload, monkeypatch
):
    """An approved tournament that has ended waits for its report: his dashboard links to
    the upload (a review: the demo's arbiter saw "Approved" and nothing more). Once it is
    uploaded it leaves the section; past the third list after its end it is marked too
    late to rate (R&B 2024 8.1, interpretation 8) instead."""
    from django.utils import timezone

    def due() -> str:
        page = persona_client(world, "arbiter").get("/dashboard/").content.decode()
        return (
            page.split('id="my-reports-due"', 1)[1].split("</section>", 1)[0]
            if ('id="my-reports-due"' in page)
            else ""
        )

    monkeypatch.setattr(timezone, "localdate", lambda *a, **k: dt.date(2025, 3, 8))
    assert due() == ""  # not ended yet
    monkeypatch.setattr(timezone, "localdate", lambda *a, **k: dt.date(2025, 3, 10))
    section = due()
    assert "Reports to send" in section and "ended 2025-03-09" in section
    assert f'href="/tournaments/{tournament.pk}/reports/upload/">upload its report' in section
    assert "too late" not in section
    assert (
        persona_client(world, "officer_a")
        .get("/dashboard/")
        .content.decode()
        .count('id="my-reports-due"')
        == 0
    )  # the officer's dashboard has no such section
    monkeypatch.setattr(timezone, "localdate", lambda *a, **k: dt.date(2025, 5, 26))
    section = due()
    assert "too late to rate" in section and "upload its report" not in section
    monkeypatch.setattr(timezone, "localdate", lambda *a, **k: dt.date(2025, 3, 10))
    upload("arbiter", tournament, trf(four_players()))
    assert due() == ""


def test_the_officer_returns_a_checked_report_to_its_arbiter_with_a_reason(
    world, tournament, registry, upload, monkeypatch
):
    """What the checks cannot see (the wrong section's file): the officer returns the
    version with a reason, which becomes its first error; it can no longer be approved,
    the tournament waits for a corrected version with the reason in its history, and its
    arbiter reads it on his dashboard and the report (a review: an officer could only
    leave a report waiting, or approve it and withdraw the approval to say why)."""
    from django.utils import timezone

    monkeypatch.setattr(timezone, "localdate", lambda *a, **k: dt.date(2025, 3, 12))
    upload("arbiter", tournament, trf(four_players()))
    officer = persona_client(world, "officer_a")
    base = f"/tournaments/{tournament.pk}/reports/1"
    page = html.unescape(officer.get(f"{base}/").content.decode())
    assert 'id="return-report"' in page
    assert f'data-confirm="Return version 1 of {tournament.name} to its arbiter?' in page
    refused = officer.post(f"{base}/return/", {"reason": "  "}, follow=True).content.decode()
    assert "Give a reason" in refused
    assert TournamentReport.objects.get().status == "checked"

    reason = "This is the B section's file; the A section's is wanted."
    page = officer.post(f"{base}/return/", {"reason": reason}, follow=True).content.decode()
    assert "returned to its arbiter" in page
    report = TournamentReport.objects.get()
    tournament.refresh_from_db()
    assert (report.status, report.error_count, tournament.status) == (
        "has_errors", 1, "report_received"
    )  # fmt: skip
    first = report.findings.first()
    assert (first.severity, first.code) == ("error", "returned-by-the-officer")
    assert reason in first.message
    assert 'id="return-report"' not in page and 'id="approve"' not in page
    with pytest.raises(ValidationError, match="has 1 error"):
        services.report_approve(actor=persona_actor(world, "officer_a"), report=report)
    with pytest.raises(ValidationError, match="returned already"):
        services.report_return(actor=persona_actor(world, "officer_a"), report=report, reason="x")
    history = AuditEntry.objects.filter(
        object_id=str(tournament.pk), action="status:report_received"
    )
    assert reason in history.latest("pk").reason
    arbiter = persona_client(world, "arbiter")
    dashboard = arbiter.get("/dashboard/").content.decode()
    section = dashboard.split('id="my-reports-with-errors"', 1)[1].split("</section>", 1)[0]
    assert tournament.name in section and "upload a corrected version" in section
    assert reason in html.unescape(arbiter.get(f"{base}/").content.decode())
    with pytest.raises(PermissionDenied):
        services.report_return(actor=persona_actor(world, "arbiter"), report=report, reason="x")


def test_fewer_rounds_than_registered_gets_no_advice_to_register_anew(
    world, tournament, registry, upload
):
    """A warning: an event of fewer rounds is rated as played. Only the errors against the
    registration say that a wrong registration is registered anew (a review)."""
    Tournament.objects.filter(pk=tournament.pk).update(number_of_rounds=4)
    upload("arbiter", tournament, trf(four_players()))
    report = TournamentReport.objects.get()
    assert report.findings.filter(code="rounds-differ-from-registration", severity="warning")
    page = persona_client(world, "arbiter").get(f"/tournaments/{tournament.pk}/reports/1/")
    assert "registration-wrong" not in page.content.decode()
