"""Every file of the shared TRF corpus, uploaded through the upload page against a
registration that fits it."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from django.utils.html import escape
from trf_builder import CORPUS

from tests import factories
from tests.conftest import persona_client
from tournaments.models import Tournament, TournamentReport
from tournaments.reports.views import FINDINGS_PER_PAGE
from tournaments.time_controls import category_of
from tournaments.trf import parse

CORPUS_FILES = sorted(CORPUS.glob("*.trf"))


def fitting_registration(world, data: bytes) -> Tournament:
    """A tournament registered with the dates, category, system and rounds of the file."""
    report = parse(data).report
    dates = [
        d.value
        for d in (report.start_date, report.end_date, *report.round_dates)
        if d.value is not None
    ]
    start, end = (min(dates), max(dates)) if dates else (dt.date(2025, 3, 1), dt.date(2025, 3, 9))
    kind = report.tournament_type.lower()
    system = (
        "team" if "team" in kind else "round_robin" if re.search(r"round.?robin", kind) else "swiss"
    )
    return factories.TournamentFactory(
        federation=world["fed_a"],
        chief_arbiter=world["tournament"].chief_arbiter,
        start_date=start,
        end_date=end,
        category=category_of(report.time_control, report.tournament_type) or "standard",
        system=system,
        number_of_rounds=report.number_of_rounds,
        status="approved",
    )


def test_the_corpus_is_there():
    assert len(CORPUS_FILES) >= 20


@pytest.mark.parametrize("path", CORPUS_FILES, ids=[p.name for p in CORPUS_FILES])
def test_every_corpus_report_is_stored_byte_for_byte_and_its_findings_shown(world, upload, path):
    data = path.read_bytes()
    tournament = fitting_registration(world, data)
    response = upload("arbiter", tournament, data, name=path.name)
    assert response.status_code == 302
    report = TournamentReport.objects.get(tournament=tournament)
    assert response["Location"] == f"/tournaments/{tournament.pk}/reports/{report.version}/"
    assert report.file.read() == data and report.size == len(data)
    errors = report.findings.filter(severity="error")
    assert report.status == ("has_errors" if errors.exists() else "checked"), list(
        errors.values_list("message", flat=True)
    )
    tournament.refresh_from_db()
    assert tournament.status == ("report_received" if errors.exists() else "checked")
    client = persona_client(world, "arbiter")
    pages = -(-report.findings.count() // FINDINGS_PER_PAGE) or 1
    html = ""
    for number in range(1, pages + 1):  # a page of findings at a time
        page = client.get(f"{response['Location']}?findings-page={number}")
        assert page.status_code == 200
        html += page.content.decode()
    for finding in report.findings.exclude(line=None):
        assert re.search(rf"<td[^>]*>\s*{finding.line}\s*</td>", html), finding
        assert escape(finding.message) in html


@pytest.mark.parametrize("path", CORPUS_FILES, ids=[p.name for p in CORPUS_FILES])
def test_every_corpus_report_fits_its_registration(world, upload, path):
    """A registration made from the file's own headers leaves no error (the reader's and
    validation's): each corpus file is a report that can be checked."""
    data = path.read_bytes()
    tournament = fitting_registration(world, data)
    upload("arbiter", tournament, data, name=path.name)
    report = TournamentReport.objects.get(tournament=tournament)
    assert report.status == "checked"
    assert report.matches.count() == len(
        [p for p in parse(data).report.players if not p.is_placeholder]
    )
