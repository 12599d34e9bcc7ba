"""The main journey in a real browser: an arbiter registers a tournament, uploads a report
with an error, sees the finding with its line, uploads the corrected report; the rating
officer approves it for rating."""

from __future__ import annotations

import datetime as dt

import pytest

from tests import factories
from tournaments.trf import TrfDate, TrfPlayer, TrfReport, TrfRound, write

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

START = dt.date.today() + dt.timedelta(days=120)  # registered well ahead: not late
PASSWORD = "correct-horse-battery"


def day(value: dt.date) -> TrfDate:
    return TrfDate(raw=value.strftime("%Y/%m/%d"), value=value, year=value.year)


def report_file(tmp_path, people, *, second_round: dt.date, name: str):
    """Two rounds of four registry players; ``second_round`` is the date 132 gives round 2."""
    results = {1: [(2, "w", "1"), (3, "b", "=")], 2: [(1, "b", "0"), (4, "w", "1")],
               3: [(4, "w", "0"), (1, "w", "=")], 4: [(3, "b", "1"), (2, "b", "0")]}  # fmt: skip
    players = tuple(
        TrfPlayer(
            start_rank=rank, name=p.name, rating=1800 + 50 * rank, federation="NOR",
            fide_id=p.fide_id, birth_date=TrfDate(raw=str(p.birth_year), year=p.birth_year),
            rounds=tuple(TrfRound(r + 1, o, c, s) for r, (o, c, s) in enumerate(results[rank])),
        )
        for rank, p in enumerate(people, start=1)
    )  # fmt: skip
    report = TrfReport(
        name="Fjord Weekend", city="Bergen", federation="NOR", start_date=day(START),
        end_date=day(START + dt.timedelta(days=1)), tournament_type="Swiss",
        time_control="90 min + 30 sec", round_dates=(day(START), day(second_round)),
        players=players,
    )  # fmt: skip
    path = tmp_path / name
    path.write_text(write(report))
    return path


def sign_in(page, base, username):
    page.goto(f"{base}/accounts/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", PASSWORD)
    page.click("form button[type=submit]")
    page.wait_for_url(f"{base}/dashboard/")  # what is waiting for the user


def sign_out(page):
    page.click("text=Sign out")


def test_arbiter_registers_uploads_fixes_and_the_officer_approves(
    browser_page, live_server, tmp_path, monkeypatch
):
    norway = factories.FederationFactory(code="NOR", name="Norway")
    arbiter = factories.ArbiterFactory(user__username="arbiter", federation=norway, name="Lie, Liv")
    factories.RatingOfficerFactory(user__username="officer", federation=norway)
    people = [
        factories.PlayerFactory(fide_id=1_600_001 + i, name=n, federation=norway,
                                birth_year=1990 + i)
        for i, n in enumerate(["Aas, Anna", "Berg, Bo", "Dahl, Dag", "Eide, Eva"])
    ]  # fmt: skip
    wrong = report_file(tmp_path, people, second_round=START + dt.timedelta(days=30), name="v1.trf")
    fixed = report_file(tmp_path, people, second_round=START + dt.timedelta(days=1), name="v2.trf")
    page, base = browser_page, live_server.url

    # The arbiter registers the tournament: in time, so it is approved at once.
    sign_in(page, base, "arbiter")
    page.goto(f"{base}/tournaments/register/")
    page.fill("#id_name", "Fjord Weekend")
    page.fill("#id_city", "Bergen")
    page.select_option("#id_federation", str(norway.pk))
    page.fill("#id_start_date", START.isoformat())
    page.fill("#id_end_date", (START + dt.timedelta(days=1)).isoformat())
    page.select_option("#id_category", "standard")
    page.select_option("#id_system", "swiss")
    page.fill("#id_base_minutes", "90")
    page.fill("#id_increment_seconds", "30")
    page.fill("#id_highest_rating", "2100")
    page.fill("#id_number_of_rounds", "2")
    page.fill(
        "#id_round_dates", f"{START.isoformat()}\n{(START + dt.timedelta(days=1)).isoformat()}"
    )
    page.select_option("#id_chief_arbiter", str(arbiter.pk))
    page.click("text=Register the tournament")
    page.wait_for_selector("#tournament-status")
    assert page.inner_text("#tournament-status") == "Approved"
    tournament_url = page.url

    # The first upload has a round date outside the registration: an error with its line.
    page.click("#upload-report")
    page.set_input_files("#id_file", str(wrong))
    page.click("#upload-form button[type=submit]")
    page.wait_for_selector("#report-status")
    assert page.inner_text("#report-status") == "Has errors"
    findings = page.inner_text("main")
    assert "can never be rated" in findings
    # 012 022 032 042 052 092 122 132: the round dates are on line 8
    assert "Line 8: round 2 is dated" in findings and "outside the registration" in findings

    # The corrected file is checked without errors.
    page.click("text=upload a new version")
    page.set_input_files("#id_file", str(fixed))
    page.click("#upload-form button[type=submit]")
    page.wait_for_selector("#report-status")
    assert page.inner_text("#report-status") == "Checked"
    report_url = page.url
    sign_out(page)

    # The federation's rating officer approves it for rating, once the weekend is over (a
    # report is approved after its tournament ends; the live server shares this clock).
    from django.utils import timezone

    monkeypatch.setattr(timezone, "localdate", lambda *a, **k: START + dt.timedelta(days=2))
    sign_in(page, base, "officer")
    page.goto(f"{base}/dashboard/")
    assert "Fjord Weekend" in page.inner_text("#reports-to-approve")
    page.goto(report_url)
    page.once("dialog", lambda dialog: dialog.accept())  # "Approve version 2 ... for rating?"
    page.click("#approve")
    page.wait_for_selector("#report-status")
    page.goto(tournament_url)
    assert page.inner_text("#tournament-status") == "Ready for rating"
    page.screenshot(path=str(tmp_path / "approved.png"), full_page=True)
