"""Every report page for every persona: allowed, 403, or 404 for another federation's
report; never a 500."""

from __future__ import annotations

import datetime as dt

import pytest
from trf_builder import four_players, player_line, trf

from tests.conftest import PERSONAS, persona_client
from tournaments.models import PlayerMatch, Tournament, TournamentReport

#: persona -> expected status of (upload page, report page, download, approve, match, register)
EXPECTED = {
    # the public is sent to sign in (302) where an account could help (ratings_site.views),
    # a saved link to a report included (a review: it read "Page not found")
    # and its actions, signed out (a review: a 404 for them alone)
    "anonymous": (302, 302, 302, 302, 302, 302),
    "arbiter": (200, 200, 200, 403, 403, 403),
    "officer_a": (200, 200, 200, 302, 302, 302),
    "officer_b": (403, 404, 404, 404, 404, 404),
    "administrator": (200, 200, 200, 302, 302, 302),
}


@pytest.fixture
def stored(world, tournament, registry, upload):
    upload("arbiter", tournament, trf(four_players(**{"4": {"fide_id": None}})))
    return TournamentReport.objects.get()


@pytest.mark.parametrize("persona", PERSONAS)
def test_each_persona_meets_each_report_page_as_allowed(world, stored, persona):
    client = persona_client(world, persona)
    base = f"/tournaments/{stored.tournament_id}/reports/"
    statuses = (
        client.get(f"{base}upload/").status_code,
        client.get(f"{base}1/").status_code,
        client.get(f"{base}1/file/").status_code,
        client.post(f"{base}1/approve/").status_code,
        client.post(f"{base}1/players/4/match/", {"fide_id": 1004}).status_code,
        client.post(
            f"{base}1/players/4/register/",
            {"name": "Delta, Dora", "federation": "AAA", "sex": "F", "birth_year": 1990},
        ).status_code,
    )
    assert statuses == EXPECTED[persona]


@pytest.mark.parametrize("pk", [2**63, 10**20])
def test_a_tournament_number_past_the_database_is_no_report_not_a_500(world, stored, pk):
    """A tester's finding: SQLite raised OverflowError on such a number (a server error)."""
    client = persona_client(world, "officer_a")
    for page in ("1/", "1/file/"):
        assert client.get(f"/tournaments/{pk}/reports/{page}").status_code == 404


@pytest.mark.parametrize(
    ("persona", "status"),
    [
        ("anonymous", 302),  # to sign in, as on every private page
        ("arbiter", 200),
        ("officer_a", 200),
        ("officer_b", 404),
        ("administrator", 200),
    ],
)
def test_a_registered_tournaments_upload_page_is_hidden_from_outsiders(world, persona, status):
    tournament = world["tournament"]  # registered, not yet approved
    response = persona_client(world, persona).get(f"/tournaments/{tournament.pk}/reports/upload/")
    assert response.status_code == status
    if status == 200:
        assert b"not been approved yet" in response.content


@pytest.mark.parametrize("persona", PERSONAS)
def test_the_tournament_page_shows_the_reports_panel_to_arbiters_and_officers(
    world, stored, persona
):
    response = persona_client(world, persona).get(f"/tournaments/{stored.tournament_id}/")
    assert response.status_code == 200
    html = response.content.decode()
    insider = persona in ("arbiter", "officer_a", "administrator")
    assert ('id="report-versions"' in html) is insider
    assert ('id="upload-report"' in html) is insider
    if insider:
        assert f"/tournaments/{stored.tournament_id}/reports/1/" in html


@pytest.mark.parametrize("persona", PERSONAS)
def test_the_report_page_offers_forms_only_to_officers(world, stored, persona):
    response = persona_client(world, persona).get(f"/tournaments/{stored.tournament_id}/reports/1/")
    if response.status_code == 404:
        return
    officer = persona in ("officer_a", "administrator")
    assert (b"/players/4/match/" in response.content) is officer
    assert PlayerMatch.objects.get(start_rank=4).status == "no_id"


def test_the_report_page_keeps_to_its_query_budget(
    world, tournament, upload, django_assert_max_num_queries
):
    players = [player_line(n, f"Player{n}, Test", birth="") for n in range(1, 81)]
    upload("arbiter", tournament, trf(players, count=80))
    client = persona_client(world, "officer_a")
    client.get(f"/tournaments/{tournament.pk}/reports/1/")
    # 12, 3 for whether it is too late to rate (the rule schedule, the lists out), and 3
    # for the registry's likely players of all the waiting lines (federations, players,
    # those named as the lines without a birth year or a federation).
    with django_assert_max_num_queries(18):
        response = client.get(f"/tournaments/{tournament.pk}/reports/1/")
    assert response.status_code == 200 and response.content.count(b'class="match-no_id"') == 80


@pytest.mark.parametrize(
    ("persona", "sees"),
    [("arbiter", True), ("officer_a", True), ("officer_b", False), ("administrator", True)],
)
def test_the_reports_list_shows_each_persona_only_the_reports_he_may_see(
    world, stored, persona, sees, django_assert_max_num_queries
):
    client = persona_client(world, persona)
    with django_assert_max_num_queries(12):
        page = client.get("/tournaments/reports/").content.decode()
    assert (stored.tournament.name in page) == sees
    if not sees:
        assert "No reports you may see yet." in page


def test_a_report_of_a_tournament_rated_since_says_on_which_list(world, stored):
    """A review: the reports list said "Approved for rating" of reports whose tournaments
    the list of 2025-04 had rated, and could not tell them from those still waiting."""
    stored.status = TournamentReport.Status.APPROVED
    stored.save(update_fields=["status"])
    client = persona_client(world, "officer_a")

    def rows(**query) -> str:
        page = client.get("/tournaments/reports/", query).content.decode()
        return page.split("<tbody", 1)[1].split("</tbody>", 1)[0]

    assert "Approved for rating" in rows()
    Tournament.objects.filter(pk=stored.tournament_id).update(
        status=Tournament.Status.RATED, list_date=dt.date(2025, 4, 1)
    )
    shown = rows()
    assert "Rated on the list of 2025-04-01" in shown and "Approved for rating" not in shown
    assert "Rated on the list of 2025-04-01" in rows(status="rated")
    assert stored.tournament.name not in rows(status="approved")  # no longer waiting


def test_a_signed_out_arbiter_following_a_saved_report_link_is_asked_to_sign_in(world, stored):
    """A review: a saved link to a report answered "Page not found" to its own arbiter,
    signed out. He is sent to sign in and brought back; a report that does not exist is
    answered the same way, so nothing is told to the public."""
    base = f"/tournaments/{stored.tournament_id}/reports/"
    for url in (f"{base}1/", f"{base}1/file/", f"{base}99/"):
        response = persona_client(world, "anonymous").get(url)
        assert response.status_code == 302
        assert response["Location"] == f"/accounts/login/?next={url}"
    arbiter = persona_client(world, "arbiter")
    assert arbiter.get(f"{base}1/").status_code == 200


def test_a_stored_report_has_no_public_address_even_in_development(world, stored, settings):
    """A review downloaded a report anonymously from /media/ with DEBUG on (the demo's
    set-up): the stored files have no route of their own; only the checked view serves
    them."""
    import importlib

    from django.urls import Resolver404, clear_url_caches, resolve

    import ratings_site.urls

    settings.DEBUG = True
    importlib.reload(ratings_site.urls)
    clear_url_caches()
    try:
        with pytest.raises(Resolver404):
            resolve(f"/media/{stored.file.name}")
    finally:
        settings.DEBUG = False
        importlib.reload(ratings_site.urls)
        clear_url_caches()
