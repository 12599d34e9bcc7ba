"""Every view for every persona (issue 3): the status each one gets, never a 500.

Another federation's private object is a 404, a forbidden action a 403, the public is sent
to sign in where signing in could help. A new URL must be added here, or the completeness
test fails.
"""

from __future__ import annotations

import pytest
from django.core.files.base import ContentFile
from django.urls import URLPattern, URLResolver, get_resolver

from tests import factories
from tests.conftest import PERSONAS, persona_client
from tournaments.models import ApprovalRequest, PlayerMatch

ANON, ARB, OFF_A, OFF_B, ADMIN = PERSONAS


@pytest.fixture
def scene(world):
    """The world's federation-A tournament approved, with a checked report whose first line
    waits for the officer; a registration awaiting approval; a player of federation A."""
    tournament = world["tournament"]
    tournament.status = "checked"
    tournament.save()
    report = factories.TournamentReportFactory(tournament=tournament, games_original_name="g.pgn")
    report.games_file.save("g.pgn", ContentFile(b'[Event "x"]\n\n1. e4 e5 *\n'))
    PlayerMatch.objects.create(report=report, start_rank=1, trf_name="New, Nils", status="no_id")
    awaiting = factories.TournamentFactory(federation=world["fed_a"], status="awaiting_approval")
    approval = ApprovalRequest.objects.create(
        tournament=awaiting, kind="late_registration", clause="standard-2009 0.4", explanation="x"
    )
    player = factories.PlayerFactory(federation=world["fed_a"])
    return {"t": tournament, "report": report, "approval": approval, "player": player,
            "awaiting": awaiting}  # fmt: skip


PATHS = {
    "home": lambda s: "/",
    "login": lambda s: "/accounts/login/",
    "logout": lambda s: "/accounts/logout/",
    "password_change": lambda s: "/accounts/password/",
    "password_change_done": lambda s: "/accounts/password/done/",
    "password_reset": lambda s: "/accounts/password/reset/",
    "password_reset_done": lambda s: "/accounts/password/reset/sent/",
    "password_reset_confirm": lambda s: "/accounts/password/reset/MQ/set-password/",
    "password_reset_complete": lambda s: "/accounts/password/reset/complete/",
    "dashboard": lambda s: "/dashboard/",
    "players:list": lambda s: "/players/",
    "arena:index": lambda s: "/arena/",
    "arena:list": lambda s: "/arena/online-blitz/",
    "arena:download": lambda s: "/arena/online-blitz/download.csv",
    "arena:player": lambda s: f"/arena/online-blitz/players/{s['player'].fide_id}/",
    "arena:load": lambda s: "/arena/load/",
    "players:register": lambda s: "/players/register/",
    "players:duplicates": lambda s: "/players/duplicates/",
    "players:duplicate_remove": lambda s: "/players/duplicates/remove/",
    "players:import": lambda s: "/players/import/",
    "players:import_detail": lambda s: f"/players/import/{s['import'].pk}/",
    "players:detail": lambda s: f"/players/{s['player'].fide_id}/",
    "players:edit": lambda s: f"/players/{s['player'].fide_id}/edit/",
    "tournaments:list": lambda s: "/tournaments/",
    "tournaments:register": lambda s: "/tournaments/register/",
    "tournaments:detail": lambda s: f"/tournaments/{s['t'].pk}/",
    "tournaments:withdraw": lambda s: f"/tournaments/{s['t'].pk}/withdraw/",
    "tournaments:correct": lambda s: f"/tournaments/{s['t'].pk}/correct/",
    "tournaments:move_list": lambda s: f"/tournaments/{s['t'].pk}/move-list/",
    "tournaments:approvals": lambda s: "/tournaments/approvals/",
    "tournaments:approval": lambda s: f"/tournaments/approvals/{s['approval'].pk}/",
    "tournaments:approval-approve": lambda s: f"/tournaments/approvals/{s['approval'].pk}/approve/",
    "tournaments:approval-refuse": lambda s: f"/tournaments/approvals/{s['approval'].pk}/refuse/",
    "tournaments:report_list": lambda s: "/tournaments/reports/",
    "tournaments:report_upload": lambda s: f"/tournaments/{s['t'].pk}/reports/upload/",
    "tournaments:report_detail": lambda s: f"/tournaments/{s['t'].pk}/reports/1/",
    "tournaments:report_download": lambda s: f"/tournaments/{s['t'].pk}/reports/1/file/",
    "tournaments:report_games_download": lambda s: f"/tournaments/{s['t'].pk}/reports/1/games/",
    "tournaments:report_approve": lambda s: f"/tournaments/{s['t'].pk}/reports/1/approve/",
    "tournaments:report_approval_withdraw": lambda s: (
        f"/tournaments/{s['t'].pk}/reports/1/withdraw-approval/"
    ),
    "tournaments:report_return": lambda s: f"/tournaments/{s['t'].pk}/reports/1/return/",
    "tournaments:player_match_resolve": lambda s: (
        f"/tournaments/{s['t'].pk}/reports/1/players/1/match/"
    ),
    "tournaments:player_match_reopen": lambda s: (
        f"/tournaments/{s['t'].pk}/reports/1/players/1/reopen/"
    ),
    "tournaments:players_register_new": lambda s: (
        f"/tournaments/{s['t'].pk}/reports/1/players/register-new/"
    ),
    "tournaments:player_match_register": lambda s: (
        f"/tournaments/{s['t'].pk}/reports/1/players/1/register/"
    ),
    "calculator:index": lambda s: "/calculator/",
    "lists:index": lambda s: "/lists/",
    "lists:rules": lambda s: "/lists/rules/",
    "lists:published": lambda s: "/lists/rapid/2025-04/",
    "lists:download": lambda s: "/lists/rapid/2025-04/download.csv",
    "lists:statistics": lambda s: "/lists/rapid/2025-04/statistics/",
    "lists:unrated_titled": lambda s: "/lists/standard/2025-04/unrated-titled/",
    "lists:player_calculations": lambda s: f"/lists/players/{s['player'].fide_id}/",
    "lists:crosstable": lambda s: f"/lists/tournaments/{s['t'].pk}/",
    "lists:periods": lambda s: "/lists/periods/",
    "lists:periods_ensure": lambda s: "/lists/periods/ensure/",
    "lists:period": lambda s: f"/lists/periods/{s['period'].pk}/",
    "lists:period_progress": lambda s: f"/lists/periods/{s['period'].pk}/progress/",
    "lists:period_compute": lambda s: f"/lists/periods/{s['period'].pk}/compute/",
    "lists:period_close": lambda s: f"/lists/periods/{s['period'].pk}/close/",
    "lists:period_publish": lambda s: f"/lists/periods/{s['period'].pk}/publish/",
    "lists:period_preview": lambda s: f"/lists/periods/{s['period'].pk}/preview.csv",
}


def named_urls():
    def walk(patterns, namespace=None):
        for pattern in patterns:
            if isinstance(pattern, URLResolver):
                if pattern.namespace != "admin":
                    yield from walk(pattern.url_patterns, pattern.namespace or namespace)
            elif isinstance(pattern, URLPattern) and pattern.name:
                yield f"{namespace}:{pattern.name}" if namespace else pattern.name

    return sorted(set(walk(get_resolver().url_patterns)))


#: url name -> expected status of a GET and of an empty POST, per persona in the order
#: anonymous, arbiter, officer of A, officer of B, administrator. The scene's objects all
#: belong to federation A; the arbiter is chief arbiter of the checked tournament only.
EXPECTED = {
    "home": ([200] * 5, None),
    "login": ([200] * 5, None),
    "logout": ([405] * 5, [302] * 5),
    "password_change": ([302, 200, 200, 200, 200], None),
    "password_change_done": ([302, 200, 200, 200, 200], None),
    # open to everyone, as a forgotten password is; an empty form is a field error (200)
    "password_reset": ([200] * 5, [200] * 5),
    "password_reset_done": ([200] * 5, None),
    "password_reset_confirm": ([200] * 5, None),  # "this link no longer works"
    "password_reset_complete": ([200] * 5, None),
    "dashboard": ([302, 200, 200, 200, 200], None),
    "players:list": ([200] * 5, None),
    "players:detail": ([200] * 5, None),
    "players:register": ([302, 403, 200, 200, 200], [302, 403, 200, 200, 200]),
    "players:duplicates": ([302, 403, 200, 200, 200], None),
    # an empty POST: back to the duplicates, told what is missing
    "players:duplicate_remove": ([405] * 5, [302, 403, 302, 302, 302]),
    "players:edit": ([302, 403, 200, 403, 200], [302, 403, 200, 403, 200]),
    "players:import": ([302, 403, 403, 403, 200], [302, 403, 403, 403, 200]),
    "players:import_detail": ([302, 403, 403, 403, 200], None),
    "tournaments:list": ([200] * 5, None),
    "tournaments:detail": ([200] * 5, None),
    # an empty POST: back to the tournament, told the reason is missing
    "tournaments:withdraw": ([405] * 5, [302, 302, 302, 403, 302]),
    # an empty POST is the form again with its field errors (400); another federation's
    # officer sees the tournament's page and may not correct it: a 403, as withdrawing
    "tournaments:correct": ([302, 200, 200, 403, 200], [302, 400, 400, 403, 400]),
    "tournaments:register": ([302, 200, 200, 200, 200], [302, 200, 200, 200, 200]),
    # its officers and administrators are sent back to the tournament, told it keeps its
    # list (it waits for no list gone); arbiters and other federations' officers may not
    "tournaments:move_list": ([302, 405, 405, 405, 405], [302, 403, 302, 403, 302]),
    "tournaments:approvals": ([302, 403, 403, 403, 200], None),
    "tournaments:approval": ([302, 404, 403, 404, 200], None),
    # an empty POST is refused with the missing reason (400) for the administrator
    "tournaments:approval-approve": ([302, 405, 405, 405, 405], [302, 404, 403, 404, 400]),
    "tournaments:approval-refuse": ([302, 405, 405, 405, 405], [302, 404, 403, 404, 400]),
    "tournaments:report_list": ([302, 200, 200, 200, 200], None),
    # an empty POST is the form again with its field errors (400; a review: the blank form)
    "tournaments:report_upload": ([302, 200, 200, 403, 200], [302, 400, 400, 403, 400]),
    "tournaments:report_detail": ([302, 200, 200, 404, 200], None),
    "tournaments:report_download": ([302, 200, 200, 404, 200], None),
    "tournaments:report_games_download": ([302, 200, 200, 404, 200], None),
    # officers and administrators are sent back to the report with the refusal (a line
    # still waits for a match); the arbiter may not act, officer B may not even see it
    "tournaments:report_approve": ([302, 405, 405, 405, 405], [302, 403, 302, 404, 302]),
    # the same: sent back with the reason missing (the report is not approved either)
    "tournaments:report_approval_withdraw": (
        [302, 405, 405, 405, 405],
        [302, 403, 302, 404, 302],
    ),
    # the same: sent back with the reason missing
    "tournaments:report_return": ([302, 405, 405, 405, 405], [302, 403, 302, 404, 302]),
    "tournaments:player_match_resolve": ([302, 405, 405, 405, 405], [302, 403, 302, 404, 302]),
    "tournaments:player_match_register": ([302, 405, 405, 405, 405], [302, 403, 302, 404, 302]),
    "tournaments:player_match_reopen": ([302, 405, 405, 405, 405], [302, 403, 302, 404, 302]),
    # an empty POST (no formset) is sent back to the page, told to look again
    "tournaments:players_register_new": ([302, 403, 200, 404, 200], [302, 403, 302, 404, 302]),
    # the public calculator: an empty POST redisplays the form with its errors
    "calculator:index": ([200] * 5, [200] * 5),
    "lists:index": ([200] * 5, None),
    "arena:index": ([302] * 5, None),  # to the online rapid list
    "arena:list": ([200] * 5, None),
    "arena:download": ([200] * 5, None),
    "arena:player": ([200] * 5, None),
    # an empty POST is the form again with its field error (200)
    # an empty POST is the form again with its field error (400), as a refused file is
    "arena:load": ([302, 403, 403, 403, 200], [302, 403, 403, 403, 400]),
    "lists:rules": ([200] * 5, None),
    # the scene's rapid list of April 2025 is published (with no entries)
    "lists:published": ([200] * 5, None),
    "lists:download": ([200] * 5, None),
    "lists:statistics": ([200] * 5, None),  # no entries: "No player ... matches"
    "lists:unrated_titled": ([200] * 5, None),  # the standard list of April 2025
    "lists:player_calculations": ([200] * 5, None),
    "lists:crosstable": ([200] * 5, None),
    "lists:periods": ([302, 403, 200, 200, 200], None),
    # the coming lists' periods made by hand: officers and administrators, sent back
    "lists:periods_ensure": ([302, 405, 405, 405, 405], [302, 403, 302, 302, 302]),
    "lists:period": ([302, 403, 200, 200, 200], None),
    "lists:period_progress": ([302, 403, 200, 200, 200], None),
    # the scene's open period cannot be computed yet: officers are sent back with the reason
    "lists:period_compute": ([302, 405, 405, 405, 405], [302, 403, 302, 302, 302]),
    "lists:period_publish": ([302, 405, 405, 405, 405], [302, 403, 403, 403, 302]),
    # closing by hand: officers and administrators, sent back to the period
    "lists:period_close": ([302, 405, 405, 405, 405], [302, 403, 302, 302, 302]),
    # the scene's period has no computed preview to download
    "lists:period_preview": ([302, 403, 404, 404, 404], None),
}


@pytest.fixture
def full_scene(scene, world):
    from lists.models import RatingPeriod
    from players.models import PlayerImport

    for category, closing in (("rapid", "2025-03-29"), ("standard", "2025-03-25")):
        RatingPeriod.objects.create(
            category=category, list_date="2025-04-01", closing_date=closing, status="published"
        )
    scene["period"] = RatingPeriod.objects.create(
        category="rapid", list_date="2099-04-01", closing_date="2099-03-29"
    )
    scene["import"] = PlayerImport.objects.create(
        source="players_list_foa.txt", format="txt", as_of="2026-11-01",
        started_by=world["users"]["administrator"],
    )  # fmt: skip
    return scene


def test_every_url_is_in_the_matrix():
    """A new view must say here what each persona gets."""
    assert set(named_urls()) == set(EXPECTED) == set(PATHS)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_every_view_gives_each_persona_the_expected_status(full_scene, world, name):
    path = PATHS[name](full_scene)
    get_expected, post_expected = EXPECTED[name]
    got = [persona_client(world, p).get(path).status_code for p in PERSONAS]
    assert got == get_expected, f"GET {path}"
    if post_expected is not None:
        posted = [persona_client(world, p).post(path, {}).status_code for p in PERSONAS]
        assert posted == post_expected, f"POST {path}"


def test_the_public_is_sent_to_sign_in_and_back(full_scene, world):
    response = persona_client(world, ANON).get("/tournaments/register/")
    assert response["Location"] == "/accounts/login/?next=/tournaments/register/"


def test_signing_in_returns_to_the_page_without_a_query_too_long_to_carry(world):
    """An audit found a query of 16,400 characters turning the sign-in redirect into a
    server error (Django refuses to redirect to such an address)."""
    client = persona_client(world, ANON)
    response = client.get("/players/register/", {"x": "a" * 16_400})
    assert response.status_code == 302
    assert response["Location"] == "/accounts/login/?next=/players/register/"
    short = client.get("/players/register/", {"x": "a"})
    assert short["Location"] == "/accounts/login/?next=/players/register/%3Fx%3Da"


def test_a_refusal_says_why(full_scene, world):
    """A 403 is a page with the service's reason, not a traceback."""
    response = persona_client(world, OFF_B).get(PATHS["players:edit"](full_scene))
    assert response.status_code == 403
    assert b'id="reason"' in response.content and b"officer" in response.content
