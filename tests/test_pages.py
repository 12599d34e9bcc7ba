"""The shared pages every persona meets: lists, a tournament's page, the dashboard."""

from __future__ import annotations

import pytest

from tests import factories
from tests.conftest import PERSONAS, persona_client
from tournaments.models import ApprovalRequest


@pytest.mark.parametrize("persona", PERSONAS)
def test_the_registry_and_the_tournament_list_are_open_to_everyone(world, persona):
    client = persona_client(world, persona)
    assert client.get("/players/").status_code == 200
    assert client.get("/tournaments/").status_code == 200


@pytest.mark.parametrize(
    ("persona", "status"),
    [("anonymous", 404), ("arbiter", 200), ("officer_a", 200), ("officer_b", 404),
     ("administrator", 200)],
)  # fmt: skip
def test_a_registered_tournament_is_a_404_to_outsiders_until_approved(world, persona, status):
    response = persona_client(world, persona).get(f"/tournaments/{world['tournament'].pk}/")
    assert response.status_code == status


def test_the_public_page_of_an_approved_tournament_hides_its_history(world):
    tournament = world["tournament"]
    tournament.status = "approved"
    tournament.save()
    public = persona_client(world, "anonymous").get(f"/tournaments/{tournament.pk}/")
    assert public.status_code == 200 and b'id="audit-trail"' not in public.content
    officer = persona_client(world, "officer_a").get(f"/tournaments/{tournament.pk}/")
    assert b'id="audit-trail"' in officer.content


def test_the_dashboard_asks_the_public_to_sign_in(world):
    response = persona_client(world, "anonymous").get("/dashboard/")
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]


def test_the_dashboard_shows_each_role_what_waits_for_it(world):
    tournament = world["tournament"]
    ApprovalRequest.objects.create(
        tournament=tournament, kind="late_registration", clause="R&B 2024 0.2", explanation="x"
    )
    checked = factories.TournamentFactory(federation=world["fed_a"], status="checked")
    admin_page = persona_client(world, "administrator").get("/dashboard/").content.decode()
    assert "Approvals to decide" in admin_page and tournament.name in admin_page
    officer_page = persona_client(world, "officer_a").get("/dashboard/").content.decode()
    assert checked.name in officer_page and "Approvals to decide" not in officer_page
    other_officer = persona_client(world, "officer_b").get("/dashboard/").content.decode()
    assert checked.name not in other_officer
    arbiter_page = persona_client(world, "arbiter").get("/dashboard/").content.decode()
    assert tournament.name in arbiter_page and "My tournaments" in arbiter_page


def test_a_user_without_a_role_is_told_so(world):
    loner = factories.UserFactory(username="loner")
    from django.test import Client

    client = Client()
    client.force_login(loner)
    assert b'id="no-role"' in client.get("/dashboard/").content


def test_a_signed_in_user_can_change_his_password(world):
    client = persona_client(world, "officer_a")
    response = client.post(
        "/accounts/password/",
        {
            "old_password": "correct-horse-battery",
            "new_password1": "a-new-long-passphrase-42",
            "new_password2": "a-new-long-passphrase-42",
        },
    )
    assert response.status_code == 302 and response["Location"] == "/accounts/password/done/"
    user = world["users"]["officer_a"]
    user.refresh_from_db()
    assert user.check_password("a-new-long-passphrase-42")


def test_a_wrong_old_password_is_a_field_error(world):
    response = persona_client(world, "officer_a").post(
        "/accounts/password/",
        {
            "old_password": "nope",
            "new_password1": "x-long-enough-9",
            "new_password2": "x-long-enough-9",
        },
    )
    assert response.status_code == 200
    assert "old_password" in response.context["form"].errors


def test_the_dashboard_lists_report_lines_without_a_fide_id_for_the_officer(world):
    """A newcomer without a FIDE ID blocks approval until the officer matches him, so the
    officer must see him waiting (tournaments.reports: no_id lines)."""
    from tournaments.models import PlayerMatch

    report = factories.TournamentReportFactory(tournament=world["tournament"])
    PlayerMatch.objects.create(
        report=report, start_rank=7, trf_name="Newcomer, Nils", status="no_id"
    )
    page = persona_client(world, "officer_a").get("/dashboard/").content.decode()
    assert "newcomer, nils: no fide id" in page.lower()
    assert f"/tournaments/{report.tournament_id}/reports/{report.version}/#player-matches" in page
    # Withdrawn, the tournament's lines wait for nobody.
    world["tournament"].status = "withdrawn"
    world["tournament"].save()
    page = persona_client(world, "officer_a").get("/dashboard/").content.decode()
    assert "newcomer, nils" not in page.lower()


@pytest.mark.parametrize("persona", ["officer_a", "administrator", "arbiter"])
def test_the_dashboard_stays_within_a_query_budget(world, persona, django_assert_max_num_queries):
    """The number of queries does not grow with what is waiting."""
    for i in range(15):
        tournament = factories.TournamentFactory(
            federation=world["fed_a"],
            status="checked",
            chief_arbiter=world["tournament"].chief_arbiter,
        )
        report = factories.TournamentReportFactory(tournament=tournament)
        from tournaments.models import PlayerMatch

        PlayerMatch.objects.create(
            report=report, start_rank=i + 1, trf_name=f"New {i}", status="unknown"
        )
        ApprovalRequest.objects.create(
            tournament=tournament, kind="late_registration", clause="x", explanation="y"
        )
    client = persona_client(world, persona)
    # 13: the tournaments of the reports with players to resolve are read once, to mark
    # those too late to rate.
    with django_assert_max_num_queries(13):
        assert client.get("/dashboard/").status_code == 200


def test_the_dashboard_shows_the_first_of_a_months_work_and_counts_the_rest(world):
    """At the start of a month an administrator has tens of thousands of reports waiting
    (the page took 1.2 s for 17,000 and grew with them): each section shows its first 25,
    the badge counts them all, and a link leads to the whole list. Players to resolve are
    counted by line, shown by report, each with its first five names."""
    import re

    from tournaments.models import PlayerMatch, TournamentReport

    for number in range(27):
        tournament = factories.TournamentFactory(
            federation=world["fed_a"], status="checked", name=f"Open {number:02d}"
        )
        report = factories.TournamentReportFactory(tournament=tournament)
        for rank in range(1, 3 if number else 8):
            PlayerMatch.objects.create(
                report=report, start_rank=rank, trf_name=f"Line {number}-{rank}", status="unknown"
            )
    page = persona_client(world, "administrator").get("/dashboard/").content.decode()
    resolve = page.split('id="matches-to-resolve"', 1)[1].split("</section>", 1)[0]
    # 7 lines of "Open 00", 2 of each of the 26 others.
    assert '<span class="badge text-bg-primary">59</span>' in resolve
    assert resolve.count('class="border-bottom py-2 report-to-resolve"') == 25
    first = re.search(r"Open 00 \(\d{4}-\d\d-\d\d\), report version 1</a>: 7 players", resolve)
    assert first and "Line 0-5: Unknown FIDE ID; …" in resolve and "Line 0-6" not in resolve
    assert "Open 25" not in resolve and "And 2 more reports." in resolve
    approve = page.split('id="reports-to-approve"', 1)[1].split("</section>", 1)[0]
    # Not while their players wait (interpretation 8 and the officer's matches).
    assert "No checked reports waiting." in approve
    # A version with errors waits for its arbiter's next one, whose lines are matched anew:
    # its lines are not the officer's to resolve (a review: 34 lines of a version of 148
    # errors counted).
    reports = TournamentReport.objects.filter(tournament__name="Open 00")
    (status,) = set(reports.values_list("status", flat=True))
    reports.update(status="has_errors")
    page = persona_client(world, "administrator").get("/dashboard/").content.decode()
    resolve = page.split('id="matches-to-resolve"', 1)[1].split("</section>", 1)[0]
    assert '<span class="badge text-bg-primary">52</span>' in resolve
    reports.update(status=status)
    PlayerMatch.objects.update(status="matched")
    page = persona_client(world, "administrator").get("/dashboard/").content.decode()
    approve = page.split('id="reports-to-approve"', 1)[1].split("</section>", 1)[0]
    assert '<span class="badge text-bg-primary">27</span>' in approve
    assert approve.count('<div class="border-bottom py-2">') == 25
    assert (
        'And 2 more: <a href="/tournaments/reports/?status=checked">all the checked reports</a>'
        in approve
    )


def test_the_tournaments_search_finds_each_word_in_any_order(world):
    """A review: "blitz open" found nothing beside "Blitz Test Open", the phrase alone
    being looked for; the officers' reports page searches tournaments the same way."""
    factories.TournamentFactory(federation=world["fed_a"], name="Blitz Test Open")
    factories.TournamentFactory(federation=world["fed_a"], name="Irish Championship Juniors")
    factories.TournamentFactory(federation=world["fed_a"], name="Open Rapid")

    administrator = persona_client(world, "administrator")  # the public sees approved ones

    def found(words: str) -> set[str]:
        table = administrator.get("/tournaments/", {"name": words}).context["table"]
        return {row.record.name for row in table.rows}

    assert found("blitz open") == {"Blitz Test Open"}
    assert found("open rapid") == {"Open Rapid"}
    assert found("  juniors   IRISH ") == {"Irish Championship Juniors"}
    assert found("irish open") == set()


def test_an_arbiter_lists_the_tournaments_of_his_own_from_the_dashboard(world, client):
    """ "My tournaments" shows an arbiter's first 25 and links to the tournaments page
    narrowed to those the arbiter is chief or deputy arbiter of (``?mine=true``), not to
    every tournament of the registry."""
    arbiter = world["tournament"].chief_arbiter
    for number in range(26):
        tournament = factories.TournamentFactory(federation=world["fed_b"], name=f"Own {number}")
        tournament.deputy_arbiters.add(arbiter)
    others = {factories.TournamentFactory(federation=world["fed_a"]).name for _ in range(3)}
    arbiters = persona_client(world, "arbiter")
    mine = arbiters.get("/dashboard/").content.decode().split('id="my-tournaments"', 1)[1]
    assert 'And 2 more: <a href="/tournaments/?mine=true">all the tournaments of yours</a>' in mine
    listed = arbiters.get("/tournaments/", {"mine": "true"}).context["table"]
    # A box to tick, ticked (a review: a choice of "Unknown", "Yes" and "No").
    box = arbiters.get("/tournaments/", {"mine": "true"}).content.decode()
    assert '<input type="checkbox" name="mine" value="true"' in box and 'id_mine" checked' in box
    unticked = arbiters.get("/tournaments/", {"mine": "0"})  # "0" is unticked
    assert 'id_mine" checked' not in unticked.content.decode()
    assert not unticked.context["filter"].form.cleaned_data["mine"]
    names = {row.record.name for row in listed.rows}
    assert len(names) == 27 and "Own 25" in names and not names & others
    # The public has no tournament of its own.
    assert len(client.get("/tournaments/", {"mine": "true"}).context["table"].rows) == 0


def test_the_approvals_page_stays_within_a_query_budget(world, django_assert_max_num_queries):
    for _ in range(25):
        tournament = factories.TournamentFactory(
            federation=world["fed_a"], status="awaiting_approval"
        )
        ApprovalRequest.objects.create(
            tournament=tournament, kind="late_registration", clause="x", explanation="y"
        )
    client = persona_client(world, "administrator")
    with django_assert_max_num_queries(12):
        assert client.get("/tournaments/approvals/").status_code == 200


# -- pages of a table (players.pagination) -----------------------------------------------------


@pytest.fixture
def registry_of_60(world):
    factories.PlayerFactory.create_batch(60, federation=world["fed_a"])
    return world


def rows_on(response) -> int:
    return response.content.decode().split("<tbody", 1)[1].split("</tbody>", 1)[0].count("<tr")


@pytest.mark.parametrize(
    ("path", "rows"),
    [
        ("/players/?per_page=-1", 50),  # an audit found a server error
        ("/players/?per_page=0", 50),
        ("/players/?per_page=1000000", 50),  # not the whole registry on one page
        ("/players/?page=0", 50),  # the first page, not the last
        ("/players/?page=-3", 50),
        ("/players/?page=2&per_page=-1", 10),
        ("/?players-per_page=-1", 10),  # the home page's ten
    ],
)
def test_a_table_s_pages_are_of_a_fixed_size_whatever_the_query_asks(registry_of_60, path, rows):
    response = persona_client(registry_of_60, "anonymous").get(path)
    assert response.status_code == 200
    assert rows_on(response) == rows


def test_the_first_page_is_shown_for_a_page_before_it(registry_of_60):
    client = persona_client(registry_of_60, "anonymous")
    first = client.get("/players/?sort=name").content.decode()
    assert client.get("/players/?sort=name&page=0").content.decode() == first


@pytest.fixture
def a_row_each(world):
    """One row in each officer's list: an approval request, a rating period, a report."""
    import datetime

    from lists.models import RatingPeriod

    ApprovalRequest.objects.create(
        tournament=world["tournament"], kind=ApprovalRequest.Kind.LATE_REGISTRATION,
        clause="standard-2009 9.1", explanation="Registered late.",
    )  # fmt: skip
    RatingPeriod.objects.create(
        category="rapid", list_date=datetime.date(2025, 4, 1),
        closing_date=datetime.date(2025, 3, 29),
    )  # fmt: skip
    factories.TournamentReportFactory(tournament=world["tournament"])
    return world


@pytest.mark.parametrize(
    "path", ["/tournaments/?per_page=-1", "/tournaments/approvals/?per_page=-1",
             "/lists/periods/?per_page=-1"],
)  # fmt: skip
def test_a_negative_page_size_is_no_server_error_anywhere(a_row_each, path):
    """Each table holds a row (an empty one never failed)."""
    world = a_row_each
    response = persona_client(world, "administrator").get(path)
    assert response.status_code == 200 and rows_on(response) == 1


@pytest.mark.parametrize(
    ("path", "said"),
    [
        ("/players/?q=zzzz", "No player in the registry matches the search."),
        # A value refused shows nobody, and says why (a later review: everybody was shown).
        ("/players/?q=zzzz&federation=999", "Nobody shown: the choice above is not one"),
        ("/tournaments/?name=zzzz&start_date_after=abc", "Nobody shown: the choice above"),
        ("/tournaments/?start_date_after=2999-01-01", "No tournament matches the search."),
        ("/tournaments/approvals/?tournament=zzzz", "No approval request matches the search."),
    ],
)
def test_a_search_that_finds_nothing_says_so_beside_a_filter_refused(world, path, said):
    """An audit found "No players in the registry yet." where a search matched nothing and
    another filter's value was refused (the form shows that error)."""
    response = persona_client(world, "administrator").get(path)
    assert said in response.content.decode()


@pytest.mark.parametrize(("persona", "shown"), [("officer_a", False), ("administrator", True)])
def test_administrators_find_the_approvals_and_the_import_in_the_menu(world, persona, shown):
    page = persona_client(world, persona).get("/players/").content.decode()
    menu = page.split('id="site-nav"', 1)[1].split("</ul>\n        <ul", 1)[0]
    assert ('href="/tournaments/approvals/"' in menu) is shown
    assert ('href="/players/import/"' in menu) is shown


def test_the_tournament_list_asks_for_dates_with_a_date_picker(world):
    """Each date named for a screen reader (a review: two unnamed dates in a fieldset)."""
    page = persona_client(world, "anonymous").get("/tournaments/").content.decode()
    assert 'type="date" name="start_date_after" aria-label="Start on or after"' in page
    assert 'type="date" name="start_date_before" aria-label="Start on or before"' in page


@pytest.mark.parametrize(
    "search",
    ["a" * 100_000, " ".join(["ab"] * 1500), "x\x00y"],
    ids=["a-word-of-100000-letters", "1500-words", "a-nul"],
)
@pytest.mark.parametrize(
    "url", ["/players/", "/tournaments/", "/tournaments/reports/", "/tournaments/approvals/"]
)
def test_a_search_box_takes_any_text_without_a_server_error(world, url, search):
    """A review: 1,500 words in the registry's search, or a word of 100,000 letters in the
    tournaments', were SQLite's "Expression tree is too large" and "LIKE pattern too
    complex", a server error. A search is at most 200 characters (a field error beyond,
    players.filters.SearchFilter) of which 8 words are looked for."""
    client = persona_client(world, "administrator")
    response = client.get(url, {"q": search, "name": search, "tournament": search})
    assert response.status_code == 200
    if len(search) > 200:
        assert "Ensure this value has at most 200 characters" in response.content.decode()


def test_the_dashboard_offers_for_approval_only_reports_whose_players_are_all_matched(world):
    """A usability walk: "to approve for rating" listed a report the approval refuses, a
    newcomer waiting; he is under "Players to resolve" until he is matched."""
    from tournaments.models import PlayerMatch

    checked = factories.TournamentFactory(federation=world["fed_a"], status="checked")
    report = factories.TournamentReportFactory(tournament=checked)
    line = PlayerMatch.objects.create(
        report=report, start_rank=1, trf_name="Newcomer, Nils", status="no_id"
    )
    client = persona_client(world, "officer_a")
    page = client.get("/dashboard/").content.decode()
    to_approve = page.split("to approve for rating", 1)[1].split("</section>", 1)[0]
    assert checked.name not in to_approve and "Newcomer, Nils: No FIDE ID" in page
    line.status = "resolved"
    line.save()
    page = client.get("/dashboard/").content.decode()
    assert checked.name in page.split("to approve for rating", 1)[1].split("</section>", 1)[0]


@pytest.mark.parametrize(
    "path",
    ["/tournaments/reports/?status=bogus", "/tournaments/approvals/?kind=bogus",
     "/lists/periods/?category=bogus"],
)  # fmt: skip
def test_a_refused_filter_value_shows_nothing_on_the_officers_lists(a_row_each, path):
    """A value the form refuses shows its error and nothing under it, as the registry and
    the published lists do (``NarrowingFilterSet.matching``): a review found every report,
    approval request and period listed under "status=bogus"."""
    client = persona_client(a_row_each, "administrator")
    refused = "Nothing shown: the choice above is not one this list can take."

    def body(response) -> str:
        assert response.status_code == 200
        return response.content.decode().split("<tbody", 1)[1].split("</tbody>", 1)[0]

    assert rows_on(client.get(path.split("?")[0])) == 1
    assert refused not in body(client.get(path.split("?")[0]))
    shown = body(client.get(path))
    assert shown.count("<tr") == 1 and refused in shown  # the empty table's one row


@pytest.mark.parametrize(
    "path",
    ["/players/register/", "/players/import/", "/tournaments/register/",
     "/tournaments/{pk}/reports/upload/"],
)  # fmt: skip
def test_an_empty_form_sent_gets_its_field_errors_not_the_blank_form(world, path):
    """A review: an empty POST showed the blank form again, without a word, as if nothing
    had been sent (the views took an empty POST for no POST)."""
    world["tournament"].status = "approved"  # a report may be uploaded
    world["tournament"].save()
    client = persona_client(world, "administrator")
    response = client.post(path.format(pk=world["tournament"].pk), {})
    assert response.status_code in (200, 400)
    assert "This field is required." in response.content.decode()
