"""Report lines against the registry, and the officer's two ways of resolving them."""

from __future__ import annotations

import html
import re
from urllib.parse import quote

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from trf_builder import four_players, player_line, trf

from audit.models import AuditEntry
from players.models import Player, RetiredFideId
from players.services import player_duplicate_remove
from tests import factories
from tests.conftest import persona_actor, persona_client
from tournaments.models import Game, PlayerMatch, TournamentReport
from tournaments.reports import selectors, services


@pytest.fixture
def awkward(world, tournament, registry, upload):
    """Line 2 mismatches the registry, line 3's FIDE ID is unknown, line 4 has none."""
    upload(
        "arbiter",
        tournament,
        trf(
            four_players(
                **{
                    "2": {"name": "Betta, Robert", "birth": "1991/05/05"},
                    "3": {"fide_id": 99999},
                    "4": {"fide_id": None, "sex": "w"},
                }
            )
        ),
    )
    return TournamentReport.objects.get()


def test_each_line_is_matched_by_fide_id(awkward):
    statuses = dict(awkward.matches.values_list("start_rank", "status"))
    assert statuses == {1: "matched", 2: "mismatch", 3: "unknown", 4: "no_id"}
    mismatch = awkward.matches.get(start_rank=2)
    assert mismatch.player.fide_id == 1002
    assert "name 'Betta, Robert'" in mismatch.note and "birth year 1991" in mismatch.note
    codes = set(awkward.findings.values_list("code", flat=True))
    assert {"registry-mismatch", "fide-id-unknown", "no-fide-id"} <= codes
    assert awkward.findings.get(code="fide-id-unknown").column == 58


def test_the_officer_matches_a_line_to_an_existing_player(world, awkward):
    client = persona_client(world, "officer_a")
    url = f"/tournaments/{awkward.tournament_id}/reports/1/players/3/match/"
    response = client.post(url, {"fide_id": 1003, "note": "typo in the ID"}, follow=True)
    assert response.status_code == 200
    match = PlayerMatch.objects.get(report=awkward, start_rank=3)
    assert (match.status, match.player.fide_id, match.note) == ("resolved", 1003, "typo in the ID")
    assert match.resolved_by == world["users"]["officer_a"]
    assert AuditEntry.objects.filter(action__startswith="player resolved: starting rank 3").exists()


def test_a_match_to_a_record_that_differs_from_the_line_warns_the_officer(world, awkward):
    """A mistyped FIDE ID matched a line to another player without a word (a review): the
    typed ID is checked as an uploaded one is, name, federation and birth year."""
    carter = factories.PlayerFactory(
        fide_id=2001, name="Carter, James", birth_year=1960,
        federation=factories.FederationFactory(code="USA"),
    )  # fmt: skip
    client = persona_client(world, "officer_a")
    url = f"/tournaments/{awkward.tournament_id}/reports/1/players/3/match/"
    page = html.unescape(client.post(url, {"fide_id": 2001}, follow=True).content.decode())
    line_three = PlayerMatch.objects.get(report=awkward, start_rank=3)
    assert line_three.player == carter and line_three.status == "resolved"
    warning = page.split("The report's line differs from that record: ", 1)[1].split(". ")[0]
    assert "name '" in warning and "(registry: 'Carter, James')" in warning
    assert "(registry: USA)" in warning and "(registry: 1960)" in warning
    assert "Check the FIDE ID; if it names another player, undo the match." in page


def test_a_match_to_the_lines_own_player_says_only_that_it_is_done(world, awkward):
    client = persona_client(world, "officer_a")
    url = f"/tournaments/{awkward.tournament_id}/reports/1/players/3/match/"
    page = client.post(url, {"fide_id": 1003}, follow=True).content.decode()
    assert "Starting rank 3 is matched to" in page and "differs from that record" not in page


def test_the_officer_lands_back_on_the_line_and_a_woman_is_offered_as_f(world, awkward):
    """A usability audit: after each action the report page jumped back to its top (a
    report may have two thousand lines), and "Register new" offered M for a woman whom
    the report gives as "w"."""
    client = persona_client(world, "officer_a")
    base = f"/tournaments/{awkward.tournament_id}/reports/1"
    refused = client.post(f"{base}/players/3/match/", {"fide_id": 77777777})
    assert refused["Location"] == f"{base}/"  # at the top, where the refusal is written
    response = client.post(f"{base}/players/3/match/", {"fide_id": 1003})
    assert response["Location"] == f"{base}/#match-3"
    assert PlayerMatch.objects.get(report=awkward, start_rank=4).trf_sex == "F"
    page = client.get(f"{base}/").content.decode()
    row = page.split('id="match-4"', 1)[1].split("</tr>", 1)[0]
    assert '<option value="F" selected>F</option>' in row
    # The registry searched by the line's name, for the FIDE ID to match it to.
    name = PlayerMatch.objects.get(report=awkward, start_rank=4).trf_name
    link = re.search(r'href="(/players/\?q=[^"]+)"[^>]*>Find by name', row).group(1)
    assert client.get(link.replace("&amp;", "&")).status_code == 200
    assert link == f"/players/?q={quote(name)}"


def test_the_officer_registers_a_newcomer_and_the_report_can_be_approved(world, awkward):
    client = persona_client(world, "officer_a")
    base = f"/tournaments/{awkward.tournament_id}/reports/1/players"
    client.post(
        f"{base}/4/register/",
        {"name": "Delta, Dora", "federation": "AAA", "sex": "F", "birth_year": 1991},
    )
    newcomer = Player.objects.get(name="Delta, Dora", fide_id__gte=900_000_000)
    assert PlayerMatch.objects.get(report=awkward, start_rank=4).player == newcomer
    assert AuditEntry.objects.filter(action="registered", object_id=newcomer.pk).exists()
    client.post(f"{base}/2/match/", {"fide_id": 1002})
    client.post(f"{base}/3/match/", {"fide_id": 1003})
    client.post(f"/tournaments/{awkward.tournament_id}/reports/1/approve/")
    awkward.refresh_from_db()
    assert awkward.status == "approved"
    assert Game.objects.filter(black=newcomer).count() == 3


def test_matching_to_an_unknown_fide_id_is_refused_with_a_message(world, awkward):
    with pytest.raises(ValidationError, match="No player with FIDE ID 424242"):
        services.player_match_resolve(
            actor=persona_actor(world, "officer_a"),
            match=awkward.matches.get(start_rank=3),
            fide_id=424242,
        )


def test_a_line_with_a_fide_id_the_registry_lacks_is_registered_under_it(world, awkward):
    """Line 3 gives FIDE ID 99999, which the registry's list (older than FIDE's) does not
    hold, for a player the registry does not have: the officer registers him under that ID
    rather than a new one, so that FIDE's next list updates his record."""
    PlayerMatch.objects.filter(report=awkward, start_rank=3).update(trf_name="Zeta, Zora")
    client = persona_client(world, "officer_a")
    base = f"/tournaments/{awkward.tournament_id}/reports/1"
    page = client.get(f"{base}/").content.decode()
    rows = {rank: page.split(f'id="match-{rank}"', 1)[1].split("</tr>", 1)[0] for rank in (2, 3, 4)}
    assert 'name="under_report_id"' in rows[3] and "as 99999" in rows[3]
    assert 'name="under_report_id"' not in rows[2] + rows[4]
    form = {"name": "Zeta, Zora", "federation": "AAA", "sex": "M", "under_report_id": "on"}
    done = client.post(f"{base}/players/3/register/", form, follow=True).content.decode()
    zora = Player.objects.get(name="Zeta, Zora")
    assert zora.fide_id == 99999
    assert "Starting rank 3 is matched to Zeta, Zora" in done
    assert PlayerMatch.objects.get(report=awkward, start_rank=3).player == zora
    # Line 4 gives none: "under the report's ID" is refused there, and nothing is saved.
    form = {"name": "Epsilon, Eve", "federation": "AAA", "sex": "F", "under_report_id": "on"}
    page = client.post(f"{base}/players/4/register/", form, follow=True).content.decode()
    assert "Starting rank 4 gives no FIDE ID the registry does not know" in page
    assert not Player.objects.filter(name="Epsilon, Eve").exists()


@pytest.mark.parametrize(
    ("fide_id", "refusal"),
    [
        (900_000_005, "is of the range this registry hands out in turn (900000000 to 999999999)"),
        (55555, "was a duplicate record&#x27;s, removed: it is not given again"),
    ],
)
def test_a_report_id_of_the_registrys_own_range_or_retired_is_not_claimed(
    world, awkward, settings, fide_id, refusal
):
    settings.NEW_PLAYER_ID_RANGE = (900_000_000, 999_999_999)
    RetiredFideId.objects.create(fide_id=55555, kept_fide_id=1001)
    PlayerMatch.objects.filter(report=awkward, start_rank=3).update(
        trf_name="Zeta, Zora", trf_fide_id=fide_id
    )
    client = persona_client(world, "officer_a")
    base = f"/tournaments/{awkward.tournament_id}/reports/1"
    form = {"name": "Zeta, Zora", "federation": "AAA", "sex": "M", "under_report_id": "on"}
    page = client.post(f"{base}/players/3/register/", form, follow=True).content.decode()
    assert refusal in page
    assert not Player.objects.filter(name="Zeta, Zora").exists()
    assert PlayerMatch.objects.get(report=awkward, start_rank=3).status == "unknown"


def test_one_registry_player_cannot_take_two_lines(world, awkward):
    with pytest.raises(ValidationError, match="already matched to starting rank 1"):
        services.player_match_resolve(
            actor=persona_actor(world, "officer_a"),
            match=awkward.matches.get(start_rank=3),
            fide_id=1001,
        )


@pytest.mark.parametrize("persona", ["anonymous", "arbiter", "officer_b"])
def test_only_the_federations_officer_resolves(world, awkward, persona):
    match = awkward.matches.get(start_rank=3)
    with pytest.raises(PermissionDenied):
        services.player_match_resolve(
            actor=persona_actor(world, persona), match=match, fide_id=1003
        )
    with pytest.raises(PermissionDenied):
        services.player_match_register(
            actor=persona_actor(world, persona),
            match=match,
            name="X, Y",
            federation=world["fed_a"],
            sex="M",
        )
    match.refresh_from_db()
    assert match.status == "unknown"


def test_a_superseded_versions_players_are_left_alone(world, awkward, upload):
    upload("arbiter", awkward.tournament, trf(four_players()))
    with pytest.raises(ValidationError, match="superseded"):
        services.player_match_resolve(
            actor=persona_actor(world, "officer_a"),
            match=awkward.matches.get(start_rank=3),
            fide_id=1003,
        )


def test_a_corrected_version_keeps_the_officers_matches_for_unchanged_lines(
    world, awkward, tournament, upload
):
    """The arbiter uploads a corrected file: lines the officer already resolved, with the
    same FIDE ID and name, stay resolved; a line that changed goes back to the officer."""
    client = persona_client(world, "officer_a")
    base = f"/tournaments/{awkward.tournament_id}/reports/1/players"
    client.post(f"{base}/3/match/", {"fide_id": 1003, "note": "typo in the ID"})
    client.post(f"{base}/2/match/", {"fide_id": 1002})
    upload(
        "arbiter",
        tournament,
        trf(
            four_players(
                **{
                    "2": {"name": "Betta, Roberta", "birth": "1991/05/05"},  # changed line
                    "3": {"fide_id": 99999},
                    "4": {"fide_id": None, "sex": "w"},
                }
            )
        ),
    )
    second = TournamentReport.objects.get(version=2)
    kept = second.matches.get(start_rank=3)
    assert (kept.status, kept.player.fide_id) == ("resolved", 1003)
    assert kept.note == "Carried over from version 1. typo in the ID"
    assert kept.resolved_by == world["users"]["officer_a"]
    assert second.matches.get(start_rank=2).status == "mismatch"
    assert second.matches.get(start_rank=4).status == "no_id"


@pytest.fixture
def foreign_newcomer(world, tournament, registry, upload):
    """Line 4 has no FIDE ID and plays for federation B in federation A's tournament."""
    upload(
        "arbiter", tournament, trf(four_players(**{"4": {"fide_id": None, "federation": "BBB"}}))
    )
    return TournamentReport.objects.get()


def register_form_of_line_4(response) -> str:
    row = response.content.decode().split('id="match-4"')[1].split("</tr>")[0]
    return row.split("/players/4/register/")[1]


def test_an_officer_is_offered_only_his_own_federations_for_a_newcomer(world, foreign_newcomer):
    url = f"/tournaments/{foreign_newcomer.tournament_id}/reports/1/"
    response = persona_client(world, "officer_a").get(url)
    form = register_form_of_line_4(response)
    assert '<option value="AAA"' in form and '<option value="BBB"' not in form
    assert "an administrator registers players of other federations" in form


def test_an_administrator_is_offered_every_federation_and_no_referral(world, foreign_newcomer):
    url = f"/tournaments/{foreign_newcomer.tournament_id}/reports/1/"
    response = persona_client(world, "administrator").get(url)
    form = register_form_of_line_4(response)
    assert '<option value="AAA"' in form and '<option value="BBB" selected' in form
    assert "an administrator registers players of other federations" not in form


def test_an_officer_of_the_lines_own_federation_sees_no_referral(world, awkward):
    response = persona_client(world, "officer_a").get(
        f"/tournaments/{awkward.tournament_id}/reports/1/"
    )
    assert (
        "an administrator registers players of other federations" not in response.content.decode()
    )


def test_an_officer_registering_another_federations_newcomer_is_told_so_and_nothing_is_saved(
    world, foreign_newcomer
):
    base = f"/tournaments/{foreign_newcomer.tournament_id}/reports/1"
    response = persona_client(world, "officer_a").post(
        f"{base}/players/4/register/",
        {"name": "Newcomer, Nina", "federation": "BBB", "sex": "F"},
        follow=True,
    )
    assert response.status_code == 200 and "Not saved: Federation" in response.content.decode()
    assert not Player.objects.filter(name="Newcomer, Nina").exists()
    bad_year = persona_client(world, "officer_a").post(
        f"{base}/players/4/register/",
        {"name": "Newcomer, Nina", "federation": "AAA", "sex": "F", "birth_year": "19x"},
        follow=True,
    )
    assert "Not saved: Birth year: Enter a whole number." in bad_year.content.decode()
    assert PlayerMatch.objects.get(report=foreign_newcomer, start_rank=4).status == "no_id"


def test_an_administrator_registers_another_federations_newcomer(world, foreign_newcomer):
    base = f"/tournaments/{foreign_newcomer.tournament_id}/reports/1"
    persona_client(world, "administrator").post(
        f"{base}/players/4/register/", {"name": "Newcomer, Nina", "federation": "BBB", "sex": "F"}
    )
    newcomer = Player.objects.get(name="Newcomer, Nina")
    assert newcomer.federation == world["fed_b"]
    assert PlayerMatch.objects.get(report=foreign_newcomer, start_rank=4).player == newcomer


# -- registering the lines without a FIDE ID at once ----------------------------------------


@pytest.fixture
def newcomers(world, tournament, registry, upload):
    """Three lines without a FIDE ID: 2 is the registry's "Beta, Bert" spelt with an accent
    (a likely duplicate), 3 a newcomer whose sex the report leaves blank, 4 a woman of
    federation B."""
    upload(
        "arbiter",
        tournament,
        trf(
            four_players(
                **{
                    "2": {"fide_id": None, "name": "Bêta, Bert"},
                    "3": {"fide_id": None, "name": "Gammon, Gil", "sex": " ", "birth": "2010"},
                    "4": {"fide_id": None, "name": "Dalton, Dora", "sex": "w", "federation": "BBB"},
                }
            )
        ),
    )
    return TournamentReport.objects.get()


def test_the_officer_registers_the_lines_without_an_id_on_one_page(world, newcomers):
    """A junior event may bring forty players without a FIDE ID: the officer registers them
    from one page, supplying the sex the report leaves out; a likely duplicate (with or
    without accents) and another federation's player are left to the report page, with
    the reason."""
    client = persona_client(world, "officer_a")
    base = f"/tournaments/{newcomers.tournament_id}/reports/1"
    report_page = client.get(f"{base}/").content.decode()
    assert "Register the lines without a FIDE ID at once" in report_page
    assert "2 lines of your federations" in report_page  # line 4 is of federation B
    page = client.get(f"{base}/players/register-new/").content.decode()
    assert re.findall(r'<tr id="line-(\d+)"', page) == ["3"]
    left_out = page.split('id="left-out"', 1)[1]
    assert "Beta, Bert (1002, AAA, born 1990)" in left_out and 'href="/players/1002/"' in left_out
    assert "Players of BBB are registered by its rating officer or an administrator." in left_out
    form = {
        "form-TOTAL_FORMS": "1",
        "form-INITIAL_FORMS": "1",
        "form-0-start_rank": "3",
        "form-0-register": "on",
        "form-0-sex": "",
        "form-0-birth_year": "2010",
    }
    refused = client.post(f"{base}/players/register-new/", form)
    assert refused.status_code == 400
    assert "The report does not say: choose M or F." in refused.content.decode()
    assert not Player.objects.filter(name="Gammon, Gil").exists()
    done = client.post(f"{base}/players/register-new/", {**form, "form-0-sex": "M"})
    assert done["Location"] == f"{base}/#player-matches"
    gil = Player.objects.get(name="Gammon, Gil")
    assert (gil.sex, gil.birth_year, gil.federation.code) == ("M", 2010, "AAA")
    assert gil.fide_id >= 900_000_000
    match = newcomers.matches.get(start_rank=3)
    assert (match.status, match.player) == ("resolved", gil)
    message = client.get(f"{base}/").content.decode()
    assert f"Registered 1 new player (FIDE ID {gil.fide_id}), matched to the line." in message
    # The administrator registers federation B's player; the report's "w" is taken.
    admin = persona_client(world, "administrator")
    page = admin.get(f"{base}/players/register-new/").content.decode()
    assert re.findall(r'<tr id="line-(\d+)"', page) == ["4"]
    assert '<option value="F" selected>' in page
    form = {**form, "form-0-start_rank": "4", "form-0-sex": "F", "form-0-birth_year": ""}
    assert admin.post(f"{base}/players/register-new/", form).status_code == 302
    assert Player.objects.get(name="Dalton, Dora").federation.code == "BBB"


def test_registering_several_lines_is_all_or_nothing(world, newcomers):
    """A line the officer must decide himself refuses the lot: the newcomer before it is
    not registered either."""
    with pytest.raises(ValidationError, match="Starting rank 2: The registry has a player"):
        services.player_matches_register(
            actor=persona_actor(world, "officer_a"),
            report=newcomers,
            lines=[services.NewPlayerLine(3, "M", 2010), services.NewPlayerLine(2, "M")],
        )
    assert not Player.objects.filter(name="Gammon, Gil").exists()
    assert newcomers.matches.get(start_rank=3).status == "no_id"


@pytest.mark.parametrize(("persona", "status"), [("arbiter", 403), ("officer_b", 404)])
def test_only_the_federations_officer_registers_the_lines_at_once(
    world, newcomers, persona, status
):
    url = f"/tournaments/{newcomers.tournament_id}/reports/1/players/register-new/"
    assert persona_client(world, persona).get(url).status_code == status
    assert persona_client(world, persona).post(url, {}).status_code == status
    assert not Player.objects.filter(name="Gammon, Gil").exists()


def test_a_withdrawn_tournaments_report_is_kept_but_no_longer_worked_on(world, awkward):
    """Withdrawn after its report came (tournaments.workflow): the report page says so,
    offers neither matching nor approval, and the services refuse both."""
    from tournaments.registration import tournament_withdraw

    officer = persona_actor(world, "officer_a")
    tournament_withdraw(actor=officer, tournament=awkward.tournament, reason="Registered twice.")
    page = persona_client(world, "officer_a").get(
        f"/tournaments/{awkward.tournament_id}/reports/1/"
    )
    text = page.content.decode()
    assert (
        'id="withdrawn"' in text and "/players/3/match/" not in text and 'id="approve"' not in text
    )
    register_new = persona_client(world, "officer_a").get(
        f"/tournaments/{awkward.tournament_id}/reports/1/players/register-new/"
    )
    assert (
        "registration was withdrawn: its players are not resolved" in register_new.content.decode()
    )
    assert 'id="register-new"' not in register_new.content.decode()
    with pytest.raises(ValidationError, match="registration was withdrawn"):
        services.player_match_resolve(
            actor=officer, match=awkward.matches.get(start_rank=3), fide_id=1003
        )
    assert awkward.matches.get(start_rank=3).status == "unknown"


def newcomer_form(rank: int = 3, sex: str = "M", birth_year: str = "2010", forms: int = 1):
    return {
        "form-TOTAL_FORMS": str(forms),
        "form-INITIAL_FORMS": str(forms),
        **{
            key: value
            for index in range(forms)
            for key, value in {
                f"form-{index}-start_rank": str(rank),
                f"form-{index}-register": "on",
                f"form-{index}-sex": sex,
                f"form-{index}-birth_year": birth_year,
            }.items()
        },
    }


@pytest.fixture
def two_newcomers(world, tournament, registry, upload):
    """Lines 3 and 4 without a FIDE ID, both the officer's to register."""
    upload(
        "arbiter",
        tournament,
        trf(
            four_players(
                **{
                    "3": {"fide_id": None, "name": "Gammon, Gil", "birth": "2010"},
                    "4": {"fide_id": None, "name": "Dalton, Dora", "sex": "w", "birth": "2011"},
                }
            )
        ),
    )
    return TournamentReport.objects.get()


def test_a_line_named_twice_or_submitted_twice_is_registered_once(world, two_newcomers):
    """A review: a forged form naming line 3 twice registered two players for it, and a
    second click registered it again; each now finds the line taken."""
    client = persona_client(world, "officer_a")
    url = f"/tournaments/{two_newcomers.tournament_id}/reports/1/players/register-new/"
    twice = client.post(url, newcomer_form(forms=2))
    assert twice.status_code == 400 and "A line is named twice" in twice.content.decode()
    assert not Player.objects.filter(name="Gammon, Gil").exists()
    officer = persona_actor(world, "officer_a")
    with pytest.raises(ValidationError, match="Starting rank 3 no longer waits"):
        services.player_matches_register(
            actor=officer,
            report=two_newcomers,
            lines=[services.NewPlayerLine(3, "M"), services.NewPlayerLine(3, "M")],
        )
    assert not Player.objects.filter(name="Gammon, Gil").exists()
    line = two_newcomers.matches.get(start_rank=3)
    services.player_match_register(
        actor=officer, match=line, name="Gammon, Gil", federation=world["fed_a"], sex="M"
    )
    with pytest.raises(ValidationError, match="Starting rank 3 is already resolved"):
        services.player_match_register(
            actor=officer, match=line, name="Gammon, Gil", federation=world["fed_a"], sex="M"
        )
    assert Player.objects.filter(name="Gammon, Gil").count() == 1


def test_a_refused_line_keeps_what_the_officer_entered(world, two_newcomers, settings):
    """A review: a birth year to come was refused only by the record, after a redirect that
    lost the officer's choices; the field refuses it now, and a refusal of the service
    (the new FIDE IDs used up) shows the page again as filled in, naming the line."""
    client = persona_client(world, "officer_a")
    url = f"/tournaments/{two_newcomers.tournament_id}/reports/1/players/register-new/"
    form = {
        **newcomer_form(forms=2),
        "form-1-start_rank": "4",
        "form-1-sex": "M",
        "form-1-birth_year": "2099",
    }
    page = client.post(url, form)
    assert page.status_code == 400
    row = page.content.decode().split('id="line-4"', 1)[1].split("</tr>", 1)[0]
    assert "A birth year falls between 1800 and this year" in row
    assert '<option value="M" selected>' in row  # the officer's M, not the report's F
    settings.NEW_PLAYER_ID_RANGE = (700_000_000, 700_000_000)
    factories.PlayerFactory(fide_id=700_000_000)
    page = client.post(url, {**form, "form-1-birth_year": "2011"})
    assert page.status_code == 400
    text = page.content.decode()
    assert "Starting rank 3: Every FIDE ID from 700000000 to 700000000 is taken" in text
    row = text.split('id="line-4"', 1)[1].split("</tr>", 1)[0]
    assert '<option value="M" selected>' in row and 'value="2011"' in row
    assert not Player.objects.filter(name__in=("Gammon, Gil", "Dalton, Dora")).exists()


def test_a_long_list_of_lines_is_registered_a_page_at_a_time(world, two_newcomers, monkeypatch):
    """Each line sends four fields and Django refuses a form of more than 1,000: a page
    holds LINES_REGISTERED_AT_ONCE lines and says how many follow."""
    from tournaments.reports import views

    monkeypatch.setattr(views, "LINES_REGISTERED_AT_ONCE", 1)
    client = persona_client(world, "officer_a")
    url = f"/tournaments/{two_newcomers.tournament_id}/reports/1/players/register-new/"
    page = client.get(url).content.decode()
    assert re.findall(r'<tr id="line-(\d+)"', page) == ["3"]
    assert "1 more line after these" in page
    assert client.post(url, newcomer_form()).status_code == 302
    page = client.get(url).content.decode()
    assert re.findall(r'<tr id="line-(\d+)"', page) == ["4"] and "more line" not in page


# -- undoing a match --------------------------------------------------------------------------

AWKWARD_LINES = {
    "2": {"name": "Betta, Robert", "birth": "1991/05/05"},
    "3": {"fide_id": 99999},
    "4": {"fide_id": None, "sex": "w"},
}


def test_the_officer_undoes_a_wrong_match_and_matches_the_line_again(world, awkward):
    """A line matched to the wrong player could not be put right before approval but by a
    new version of the file: "Undo this match" sets it waiting as the report left it."""
    client = persona_client(world, "officer_a")
    base = f"/tournaments/{awkward.tournament_id}/reports/1"
    client.post(f"{base}/players/3/match/", {"fide_id": 1004})  # meant 1003
    client.post(f"{base}/players/2/match/", {"fide_id": 1002})
    page = client.get(f"{base}/").content.decode()
    row = page.split('id="match-3"', 1)[1].split("</tr>", 1)[0]
    assert "Undo this match" in row and f"{base}/players/3/reopen/" in row
    response = client.post(f"{base}/players/3/reopen/")
    assert response["Location"] == f"{base}/#match-3"
    line = awkward.matches.get(start_rank=3)
    assert (line.status, line.player, line.resolved_by) == ("unknown", None, None)
    assert "The match to Delta, Dora (1004) was undone." in line.note
    assert AuditEntry.objects.filter(action="player match undone: starting rank 3 (Gamma, Gil)")
    client.post(f"{base}/players/3/match/", {"fide_id": 1003})
    assert awkward.matches.get(start_rank=3).player.fide_id == 1003
    # A mismatched line goes back to the registry's record its FIDE ID names.
    client.post(f"{base}/players/2/reopen/")
    line = awkward.matches.get(start_rank=2)
    assert (line.status, line.player.fide_id) == ("mismatch", 1002)


def test_only_the_officers_own_matches_are_undone(world, awkward):
    """A line the registry matched by itself, or one still waiting, has nothing to undo."""
    officer = persona_actor(world, "officer_a")
    for rank in (1, 4):
        with pytest.raises(ValidationError, match="was not resolved by an officer"):
            services.player_match_reopen(actor=officer, match=awkward.matches.get(start_rank=rank))
    with pytest.raises(PermissionDenied):
        services.player_match_reopen(
            actor=persona_actor(world, "arbiter"), match=awkward.matches.get(start_rank=1)
        )


def test_a_match_undone_is_not_carried_into_the_next_version(world, tournament, awkward, upload):
    """Versions carry the officer's resolutions over (the latest version holding the line
    decides): one he undid in version 2 is not taken from version 1 into version 3."""
    client = persona_client(world, "officer_a")
    client.post(f"/tournaments/{tournament.pk}/reports/1/players/3/match/", {"fide_id": 1004})
    upload("arbiter", tournament, trf(four_players(**AWKWARD_LINES)))
    second = TournamentReport.objects.get(version=2)
    assert second.matches.get(start_rank=3).player.fide_id == 1004  # carried over
    client.post(f"/tournaments/{tournament.pk}/reports/2/players/3/reopen/")
    upload("arbiter", tournament, trf(four_players(**AWKWARD_LINES)))
    third = TournamentReport.objects.get(version=3)
    assert (third.matches.get(start_rank=3).status, third.matches.get(start_rank=3).player) == (
        "unknown",
        None,
    )


@pytest.mark.parametrize("persona", ["officer_a", "administrator"])
def test_a_federation_the_registry_does_not_know_is_named_so(
    world, tournament, registry, upload, persona
):
    """The report page told officer and administrator alike that "an administrator
    registers players of other federations" for a code no federation of the registry has."""
    upload(
        "arbiter", tournament, trf(four_players(**{"4": {"fide_id": None, "federation": "ZZZ"}}))
    )
    report = TournamentReport.objects.get()
    page = persona_client(world, persona).get(f"/tournaments/{report.tournament_id}/reports/1/")
    row = page.content.decode().split('id="match-4"')[1].split("</tr>")[0]
    assert "federation ZZZ, which the registry does not know" in row
    assert "an administrator registers players of other federations" not in row


def test_two_lines_of_one_name_keep_their_own_players(world, tournament, registry, upload):
    """A review: two players without a FIDE ID of one name, each registered, were both
    carried into the next version as the second of them, and the report was approved with
    a player playing himself. Neither resolution is carried over now (which was whose
    cannot be told), and a report naming one player on two lines is not approved."""
    lines = {
        "3": {"fide_id": None, "name": "Nowak, Jan"},
        "4": {"fide_id": None, "name": "Nowak, Jan"},
    }
    upload("arbiter", tournament, trf(four_players(**lines)))
    first = TournamentReport.objects.get()
    officer = persona_actor(world, "officer_a")
    services.player_match_register(
        actor=officer, match=first.matches.get(start_rank=3), name="Nowak, Jan",
        federation=world["fed_a"], sex="M", birth_year=1990,
    )  # fmt: skip
    # His namesake of the same year: registered on the registry's page, then matched.
    namesake = factories.PlayerFactory(
        name="Nowak, Jan", federation=world["fed_a"], birth_year=1990
    )
    services.player_match_resolve(
        actor=officer, match=first.matches.get(start_rank=4), fide_id=namesake.fide_id
    )
    upload("arbiter", tournament, trf(four_players(**lines)))
    second = TournamentReport.objects.get(version=2)
    assert [(m.status, m.player) for m in second.matches.filter(start_rank__in=(3, 4))] == [
        ("no_id", None),
        ("no_id", None),
    ]
    nowak = first.matches.get(start_rank=3).player
    second.matches.filter(start_rank__in=(3, 4)).update(player=nowak, status="resolved")
    with pytest.raises(ValidationError, match="Starting ranks 3 and 4 name the same registry"):
        services.report_approve(actor=officer, report=second)
    assert not Game.objects.exists()


def test_a_federation_written_in_small_letters_is_the_registry_s(
    world, tournament, registry, upload
):
    """A review: "aaa" in the file was named a federation the registry does not know,
    though AAA is; the validation reads codes in capitals, and so do the report page and
    the register-new page."""
    upload(
        "arbiter", tournament, trf(four_players(**{"4": {"fide_id": None, "federation": "aaa"}}))
    )
    report = TournamentReport.objects.get()
    client = persona_client(world, "officer_a")
    page = client.get(f"/tournaments/{report.tournament_id}/reports/1/").content.decode()
    row = page.split('id="match-4"')[1].split("</tr>")[0]
    assert "does not know" not in row and '<option value="AAA" selected>' in row
    (line,) = selectors.lines_to_register(actor=persona_actor(world, "officer_a"), report=report)
    assert line.federation == world["fed_a"]  # and so the registry's Delta, Dora is his twin
    assert [twin.fide_id for twin in line.twins] == [1004]


@pytest.mark.parametrize("written", ["Muller, Hans", "Hans Muller"])
def test_registering_a_line_whose_player_the_registry_has_is_refused(world, awkward, written):
    """A usability walk: "Register new" on a line "Muller, Hans" made a second record of
    the registry's "Müller, Hans" in one click. The report page offers him as the line's
    match, and the refusal names him; so too when the line writes "Hans Muller", given
    name first and without the comma the convention asks for (TRF digest, 001)."""
    twin = factories.PlayerFactory(
        name="Müller, Hans", federation=world["fed_a"], birth_year=1990, sex="M"
    )
    PlayerMatch.objects.filter(report=awkward, start_rank=4).update(
        trf_name=written, trf_birth_year=1990
    )
    client = persona_client(world, "officer_a")
    base = f"/tournaments/{awkward.tournament_id}/reports/1"
    row = client.get(f"{base}/").content.decode().split('id="match-4"', 1)[1].split("</tr>")[0]
    assert f'name="fide_id" value="{twin.fide_id}"' in row
    page = client.post(
        f"{base}/players/4/register/",
        {"name": written, "federation": "AAA", "sex": "M", "birth_year": 1990},
        follow=True,
    ).content.decode()
    assert f"the registry has Müller, Hans (FIDE ID {twin.fide_id}), of this name" in page
    assert not Player.objects.filter(name=written).exists()
    assert awkward.matches.get(start_rank=4).status == "no_id"


def test_the_register_form_chooses_no_sex_the_report_does_not_give(
    world, tournament, registry, upload
):
    """A usability walk: a line without a sex was offered as M, one of another federation
    as the officer's first federation; both start at "—" and must be chosen."""
    upload(
        "arbiter",
        tournament,
        trf(four_players(**{"4": {"fide_id": None, "sex": " ", "federation": "BBB"}})),
    )
    report = TournamentReport.objects.get()
    page = persona_client(world, "officer_a").get(f"/tournaments/{report.tournament_id}/reports/1/")
    form = register_form_of_line_4(page)
    assert '<option value="">—</option><option value="M">' in form
    assert " selected" not in form.split('name="sex"')[1].split("</select>")[0]
    assert " selected" not in form.split('name="federation"')[1].split("</select>")[0]


def test_a_withdrawn_tournaments_pages_say_so_and_nothing_else(world, awkward):
    """A usability walk: withdrawn, the report page still asked for players to be matched
    before approval, and the crosstable promised itself once the report was approved."""
    from tournaments.registration import tournament_withdraw

    tournament_withdraw(
        actor=persona_actor(world, "officer_a"), tournament=awkward.tournament, reason="Twice."
    )
    client = persona_client(world, "officer_a")
    page = client.get(f"/tournaments/{awkward.tournament_id}/reports/1/").content.decode()
    assert 'id="withdrawn"' in page and "must be matched or registered" not in page
    crosstable = client.get(f"/lists/tournaments/{awkward.tournament_id}/").content.decode()
    assert "registration was withdrawn: it has no crosstable" in crosstable


def test_undoing_a_registration_says_the_player_stays_in_the_registry(world, awkward):
    """A usability walk: undoing a line registered by mistake left the new record in the
    registry without a word."""
    client = persona_client(world, "officer_a")
    base = f"/tournaments/{awkward.tournament_id}/reports/1"
    client.post(
        f"{base}/players/4/register/",
        {"name": "Delta, Dora", "federation": "AAA", "sex": "F", "birth_year": 1991},
    )
    newcomer = awkward.matches.get(start_rank=4).player
    page = client.post(f"{base}/players/4/reopen/", follow=True).content.decode()
    assert f"{newcomer.name} ({newcomer.fide_id}) stays in the registry" in page
    assert Player.objects.filter(pk=newcomer.pk).exists()
    # Registered again (a birth year mistyped), then removed as the duplicate of the record
    # the registry had: the line moves there, and undoing it says nothing of that record.
    client.post(
        f"{base}/players/4/register/",
        {"name": "Delta, Dora", "federation": "AAA", "sex": "F", "birth_year": 1992},
    )
    again = awkward.matches.get(start_rank=4).player
    player_duplicate_remove(
        actor=persona_actor(world, "officer_a"), duplicate=again, kept=newcomer, reason="Twice."
    )
    assert awkward.matches.get(start_rank=4).player == newcomer
    page = client.post(f"{base}/players/4/reopen/", follow=True).content.decode()
    assert "Starting rank 4 waits for a match again." in page
    assert "stays in the registry" not in page


def test_the_arbiter_is_told_that_players_wait_for_the_officer(world, tournament, registry, upload):
    """A usability walk: "checked: no errors" left the arbiter thinking the report done,
    while its newcomers waited for the officer."""
    response = upload(
        "arbiter", tournament, trf(four_players(**{"4": {"fide_id": None}})), follow=True
    )
    assert (
        "no errors. 1 player of it waits for the federation&#x27;s rating officer"
        in response.content.decode()
    )


def test_one_fide_id_on_two_lines_is_an_error_of_the_file(world, tournament, registry, upload):
    """A fourth review: lines 1 and 3 both giving FIDE ID 1001 were matched to him twice,
    "no errors" for the arbiter, and the officer could neither approve nor undo."""
    upload("arbiter", tournament, trf(four_players(**{"3": {"fide_id": 1001}})))
    report = TournamentReport.objects.get()
    assert report.status == "has_errors"
    finding = report.findings.get(code="fide-id-twice")
    assert (finding.severity, finding.column) == ("error", 58)
    assert "FIDE ID 1001 is given to" in finding.message


def test_a_mismatched_lines_guess_does_not_block_matching_another_line(world, awkward):
    """A fourth review: line 2's mismatch names the registry's 1002 only as a guess; the
    officer who finds that line 4 is 1002 may say so, and line 2 then waits for him."""
    officer = persona_actor(world, "officer_a")
    services.player_match_resolve(
        actor=officer, match=awkward.matches.get(start_rank=4), fide_id=1002
    )
    services.player_match_resolve(
        actor=officer, match=awkward.matches.get(start_rank=3), fide_id=1003
    )
    with pytest.raises(ValidationError, match=r"1 player\(s\) still wait.*2 Betta, Robert"):
        services.report_approve(actor=officer, report=awkward)


def test_a_carried_over_note_says_its_version_once(world, tournament, awkward, upload):
    client = persona_client(world, "officer_a")
    client.post(f"/tournaments/{tournament.pk}/reports/1/players/3/match/", {"fide_id": 1003})
    for _ in range(2):
        upload("arbiter", tournament, trf(four_players(**AWKWARD_LINES)))
    line = TournamentReport.objects.get(version=3).matches.get(start_rank=3)
    assert line.note.startswith("Carried over from version 2. ")
    assert line.note.count("Carried over") == 1


def test_a_mismatched_lines_guess_does_not_keep_a_duplicate(world, awkward):
    """A fifth review: line 4 matched to D, a duplicate of the registry's 1002, whom
    mismatched line 2 only guesses; removing D keeping 1002 was refused as "two players"
    though it leads to what matching line 4 to 1002 allows."""
    from players.services import player_duplicate_remove

    officer = persona_actor(world, "officer_a")
    real = Player.objects.get(fide_id=1002)
    duplicate = factories.PlayerFactory(name=real.name, federation=world["fed_a"], birth_year=1990)
    services.player_match_resolve(
        actor=officer, match=awkward.matches.get(start_rank=4), fide_id=duplicate.fide_id
    )
    player_duplicate_remove(actor=officer, duplicate=duplicate, kept=real, reason="Twice.")
    assert awkward.matches.get(start_rank=4).player == real


def test_the_lines_to_register_are_read_in_queries_that_do_not_grow_with_them(
    world, tournament, upload, django_assert_max_num_queries
):
    """Reading the likely duplicates line by line was a query a line (eighty for a junior
    open); the lines, the federations, the duplicates and the players named as the lines
    without a birth year are four queries."""
    players = [player_line(n, f"Player{n}, Test", birth="") for n in range(1, 81)]
    upload("arbiter", tournament, trf(players, count=80))
    actor = persona_actor(world, "officer_a")
    report = selectors.report_get(actor=actor, tournament_pk=tournament.pk, version=1)
    with django_assert_max_num_queries(4):  # the report read as its pages read it
        lines = selectors.lines_to_register(actor=actor, report=report)
    assert len(lines) == 80 and not any(line.left_out for line in lines)


def test_a_line_with_a_mistyped_fide_id_is_offered_the_registry_record_of_its_name(world, awkward):
    """Line 3 gives FIDE ID 99999, which the registry does not know; the registry holds a
    player of the line's name, birth year and federation (1003). The officer is offered
    him as a one-click match, where he had to search the registry and copy the ID (a UX
    review)."""
    client = persona_client(world, "officer_a")
    base = f"/tournaments/{awkward.tournament_id}/reports/1"
    page = client.get(f"{base}/").content.decode()
    row = page.split('id="match-3"', 1)[1].split("</tr>", 1)[0]
    offered = re.search(
        r'name="fide_id" value="(\d+)">\s*<input[^>]*>\s*<button[^>]*>Match to ([^<]+)</button>',
        row,
    )
    assert offered and offered.group(1) == "1003"
    assert offered.group(2).startswith(f"{Player.objects.get(fide_id=1003).name} (1003, ")
    # Line 4 gives no FIDE ID, and its player is in the registry too (1004).
    assert 'name="fide_id" value="1004"' in page.split('id="match-4"', 1)[1].split("</tr>")[0]
    client.post(f"{base}/players/3/match/", {"fide_id": offered.group(1), "note": "likely"})
    assert PlayerMatch.objects.get(report=awkward, start_rank=3).player.fide_id == 1003


def test_a_finding_the_officer_settled_by_a_match_says_so(world, awkward):
    """Line 3's unknown FIDE ID said "the rating officer must match or register the
    player", and still did once he had (a UX review): the finding stays, as the file was
    sent, marked settled with the record matched."""
    client = persona_client(world, "officer_a")
    base = f"/tournaments/{awkward.tournament_id}/reports/1"
    client.post(f"{base}/players/3/match/", {"fide_id": 1003})
    page = client.get(f"{base}/").content.decode()
    findings = page.split('id="findings"', 1)[1].split("</table>", 1)[0]
    unknown = next(row for row in findings.split("<tr")[1:] if "FIDE ID 99999" in row)
    name = Player.objects.get(fide_id=1003).name
    assert f"settled: matched to {name} (1003)" in unknown
    assert findings.count("settled: matched to") == 1  # line 2 still waits for him


def test_a_record_matched_to_a_line_is_offered_to_no_other(world, tournament, registry, upload):
    """Line 4 gives no FIDE ID and line 3's name: the registry's record of that name (1003)
    is line 3's, matched by its FIDE ID, and matching it again would be refused; it is not
    offered to line 4 (a review)."""
    name = Player.objects.get(fide_id=1003).name
    upload("arbiter", tournament, trf(four_players(**{"4": {"name": name, "fide_id": None}})))
    report = TournamentReport.objects.get()
    assert report.matches.get(start_rank=3).status == "matched"
    page = persona_client(world, "officer_a").get(f"/tournaments/{tournament.pk}/reports/1/")
    row = page.content.decode().split('id="match-4"', 1)[1].split("</tr>", 1)[0]
    assert 'id="match-4"' in page.content.decode() and "Register new" in row
    assert "likely-player" not in row
    # Each control is named after the line's player (a review: "FIDE ID" on every row).
    labels = set(re.findall(r'aria-label="([^"]+)"', row))
    assert {f"FIDE ID of {name}", f"Federation of {name}", f"Register new: {name}"} <= labels


def test_a_match_settles_the_lines_registry_finding_not_its_others(
    world, tournament, registry, upload
):
    """Line 2's name differs from its FIDE ID's record and its rating from the list: the
    officer's match settles the first, not the second (a review found every finding of
    the line marked settled)."""
    upload(
        "arbiter",
        tournament,
        trf(four_players(**{"2": {"name": "Betta, Robert", "rating": 1950}})),
    )
    client = persona_client(world, "officer_a")
    client.post(f"/tournaments/{tournament.pk}/reports/1/players/2/match/", {"fide_id": 1002})
    page = client.get(f"/tournaments/{tournament.pk}/reports/1/").content.decode()
    rows = page.split('id="findings"', 1)[1].split("</table>", 1)[0].split("<tr")[1:]
    mismatch = next(row for row in rows if "belongs to" in row)
    rating = next(row for row in rows if "1950 in the report" in row)
    assert "settled: matched to" in mismatch and "settled" not in rating


def test_a_rated_line_without_a_birth_year_or_federation_is_offered_its_registry_record(
    world, tournament, registry, upload
):
    """A review: a CM rated 1863 without a FIDE ID or a birth year, beside the registry's
    only record of his name in the tournament's federation, was offered no match, and the
    page registering newcomers had him ticked: registered, he became a second record and
    played unrated. A line without a federation, beside the only record of its name born
    the year it gives, likewise. Both are offered their record, as the line gives its
    name (its words in any order); the page registering newcomers leaves them to the
    report page; a rated line it does list is not ticked."""
    gamma, delta = Player.objects.get(fide_id=1003), Player.objects.get(fide_id=1004)
    Player.objects.filter(pk=delta.pk).update(federation=world["fed_b"])
    upload(
        "arbiter",
        tournament,
        trf(
            four_players(
                **{
                    "2": {"fide_id": None, "name": "Newman, Ned", "birth": "", "rating": 1700},
                    "3": {"fide_id": None, "name": "Gil Gamma", "birth": "", "rating": 1863},
                    "4": {"fide_id": None, "federation": "", "birth": "1990/01/01"},
                }
            )
        ),
    )
    client = persona_client(world, "officer_a")
    base = f"/tournaments/{tournament.pk}/reports/1"
    page = client.get(f"{base}/").content.decode()
    for rank, player in ((3, gamma), (4, delta)):
        row = page.split(f'id="match-{rank}"', 1)[1].split("</tr>", 1)[0]
        assert f'name="fide_id" value="{player.fide_id}"' in row
    register = client.get(f"{base}/players/register-new/").content.decode()
    assert re.findall(r'<tr id="line-(\d+)"', register) == ["2"]
    line_2 = register.split('id="line-2"', 1)[1].split("</tr>", 1)[0]
    assert "checked" not in line_2 and "a rated player has a FIDE ID" in line_2
    left_out = register.split('id="left-out"', 1)[1]
    assert "The report gives no birth year for the line" in left_out
    assert "The report gives no federation for the line" in left_out
    assert f"{gamma.name} (1003, AAA, born 1990)" in left_out


def test_a_long_report_shows_its_lines_and_findings_a_page_at_a_time(
    world, tournament, registry, upload
):
    """A review: a file of 9,999 lines made a report page of 34 MB that took 11 s (35 s
    with a finding a line). The lines come 200 a page, the findings 100; the officer's
    match of a line on the second page lands back there, at the line."""
    players = [player_line(n, f"Player{n}, Test", birth="", rating=1500) for n in range(1, 251)]
    upload("arbiter", tournament, trf(players, count=250))
    client = persona_client(world, "officer_a")
    base = f"/tournaments/{tournament.pk}/reports/1/"
    first = client.get(base).content.decode()
    assert re.findall(r'id="match-(\d+)"', first) == [str(n) for n in range(1, 201)]
    assert "Lines 1 to 200 of 250." in first
    second = client.get(f"{base}?lines=2").content.decode()
    assert re.findall(r'id="match-(\d+)"', second) == [str(n) for n in range(201, 251)]
    findings = TournamentReport.objects.get().findings.count()
    assert findings > 100 and first.count('class="finding-') == 100
    response = client.post(f"{base}players/230/match/", {"fide_id": 1003})
    assert response["Location"] == f"{base}?lines=2#match-230"
    response = client.post(f"{base}players/5/match/", {"fide_id": 1004})
    assert response["Location"] == f"{base}#match-5"


def test_a_rated_line_without_a_fide_id_is_settled_by_its_match(
    world, tournament, registry, upload
):
    """ "Find him in the registry and match the line" stayed as it was once he had (a
    review): the match settles it."""
    upload("arbiter", tournament, trf(four_players(**{"4": {"fide_id": None}})))
    client = persona_client(world, "officer_a")
    base = f"/tournaments/{tournament.pk}/reports/1"
    client.post(f"{base}/players/4/match/", {"fide_id": 1004})
    page = client.get(f"{base}/").content.decode()
    rows = page.split('id="findings"', 1)[1].split("</table>", 1)[0].split("<tr")[1:]
    rated = next(row for row in rows if "but no FIDE ID" in row)
    assert "settled: matched to" in rated


def test_a_newcomer_whose_name_the_next_version_mends_is_offered_not_registered_again(
    world, tournament, registry, upload
):
    """Line 4 has no FIDE ID; the officer registers "Nyberg, Ola". The arbiter's next
    version mends the name to "Nyberg, Ola Martin": the officer's registration is not
    carried over (it goes by name), so the report page offers that record first and the
    register-new page leaves the line out, saying why (a review: it registered him again,
    a second record of one player)."""
    lines = {"4": {"name": "Nyberg, Ola", "fide_id": None, "rating": None, "birth": "2010"}}
    upload("arbiter", tournament, trf(four_players(**lines)))
    client = persona_client(world, "officer_a")
    first = TournamentReport.objects.get()
    services.player_match_register(
        actor=persona_actor(world, "officer_a"), match=first.matches.get(start_rank=4),
        name="Nyberg, Ola", federation=world["fed_a"], sex="M", birth_year=2010,
    )  # fmt: skip
    ola = Player.objects.get(name="Nyberg, Ola")
    lines["4"]["name"] = "Nyberg, Ola Martin"
    upload("arbiter", tournament, trf(four_players(**lines)))
    second = TournamentReport.objects.get(version=2)
    assert second.matches.get(start_rank=4).status == "no_id"
    base = f"/tournaments/{tournament.pk}/reports/2"
    row = client.get(f"{base}/").content.decode().split('id="match-4"', 1)[1].split("</tr>")[0]
    assert f'name="fide_id" value="{ola.fide_id}"' in row  # one click to match him
    page = client.get(f"{base}/players/register-new/").content.decode()
    assert 'id="line-4"' not in page
    left_out = html.unescape(page.split('id="left-out"', 1)[1])
    assert f"Version 1 matched this line (then “Nyberg, Ola”) to Nyberg, Ola ({ola.fide_id})" in (
        left_out
    )


def test_another_newcomer_on_the_same_starting_rank_is_not_taken_for_the_first(
    world, tournament, registry, upload
):
    """Version 2 puts another newcomer (another surname and birth year) where "Nyberg, Ola"
    stood: he is registered as any newcomer, not offered Nyberg's record (a review)."""
    lines = {"4": {"name": "Nyberg, Ola", "fide_id": None, "rating": None, "birth": "2010"}}
    upload("arbiter", tournament, trf(four_players(**lines)))
    services.player_match_register(
        actor=persona_actor(world, "officer_a"),
        match=TournamentReport.objects.get().matches.get(start_rank=4),
        name="Nyberg, Ola", federation=world["fed_a"], sex="M", birth_year=2010,
    )  # fmt: skip
    lines["4"] = {"name": "Smith, John", "fide_id": None, "rating": None, "birth": "1975"}
    upload("arbiter", tournament, trf(four_players(**lines)))
    page = persona_client(world, "officer_a").get(
        f"/tournaments/{tournament.pk}/reports/2/players/register-new/"
    )
    assert 'id="line-4"' in page.content.decode()


def test_a_line_without_a_birth_year_spelt_without_accents_is_offered_its_record(
    world, tournament, registry, upload
):
    """A review: "Odegard, Ase" (no birth year, no FIDE ID) was registered from the page
    registering newcomers beside the registry's "Ødegård, Åse", born 1960: the loose
    search by name wants its accents, the strict one wanted a birth year. A birth year
    unknown agrees with any, and accents are folded: the line is left to the report page
    with her record, and registering it alone is refused, naming her."""
    ase = factories.PlayerFactory(name="Ødegård, Åse", federation=world["fed_a"], birth_year=1960)
    line = {"fide_id": None, "name": "Odegard, Ase", "birth": "", "sex": "w"}
    upload("arbiter", tournament, trf(four_players(**{"4": line})))
    client = persona_client(world, "officer_a")
    base = f"/tournaments/{tournament.pk}/reports/1"
    register = client.get(f"{base}/players/register-new/").content.decode()
    assert re.findall(r'<tr id="line-(\d+)"', register) == []
    left_out = register.split('id="left-out"', 1)[1]
    assert "The report gives no birth year for the line" in left_out
    assert f"{ase.name} ({ase.fide_id}, AAA, born 1960)" in left_out
    page = client.post(
        f"{base}/players/4/register/",
        {"name": "Odegard, Ase", "federation": "AAA", "sex": "F", "birth_year": ""},
        follow=True,
    ).content.decode()
    assert (
        f"the registry has {ase.name} (FIDE ID {ase.fide_id}), of this name, federation, and "
        "a birth year that agrees (one not known agrees with any)"
    ) in html.unescape(page)
    assert not Player.objects.filter(name="Odegard, Ase").exists()


def test_a_line_naming_an_id_removed_as_a_duplicate_is_offered_the_record_kept(
    world, tournament, registry, upload
):
    """A review: a report naming a FIDE ID removed as a duplicate was told the ID is not
    in the registry and offered its registration, then refused it. The line goes to the
    record kept in its place, for the officer to confirm, saying why."""
    RetiredFideId.objects.create(fide_id=900000007, kept_fide_id=55555)
    RetiredFideId.objects.create(fide_id=55555, kept_fide_id=1004)  # removed in turn
    upload("arbiter", tournament, trf(four_players(**{"4": {"fide_id": 900000007}})))
    report = TournamentReport.objects.get()
    line = PlayerMatch.objects.get(report=report, start_rank=4)
    assert (line.status, line.player.fide_id) == ("mismatch", 1004)
    said = (
        "FIDE ID 900000007, removed as a duplicate (the registry keeps FIDE ID 1004 in its place)"
    )
    assert said in line.note
    finding = report.findings.get(code="registry-mismatch")
    assert finding.message.startswith(
        f"Line {finding.line}: FIDE ID 900000007 leads to {line.player.name} (FIDE ID 1004), "
    )
    assert not any("not in the registry" in finding.message for finding in report.findings.all())
    # Confirmed, the line is the kept record's (a review: the recheck lost its ID, a 500).
    client = persona_client(world, "officer_a")
    base = f"/tournaments/{tournament.pk}/reports/1"
    assert client.post(f"{base}/players/4/match/", {"fide_id": 1004}).status_code == 302
    line.refresh_from_db()
    assert (line.status, line.player.fide_id) == ("resolved", 1004)


def test_the_registry_read_for_a_report_gives_every_id_asked_for(world, registry):
    """A report may name a removed ID beside the kept record's own, or two removed IDs
    kept as one record: each ID asked for has its record. Unknown IDs, however many, cost
    the same few queries (the read runs again at each of the officer's matches)."""
    import datetime as dt

    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    RetiredFideId.objects.create(fide_id=900000007, kept_fide_id=1004)
    RetiredFideId.objects.create(fide_id=900000008, kept_fide_id=1004)

    def read(fide_ids):
        return selectors.registry_players(
            fide_ids, category="standard", on=dt.date(2025, 3, 10), rules_id="standard-2009"
        )

    known = read([1004, 900000007, 900000008, 1001])
    assert {fide_id: player.fide_id for fide_id, player in known.items()} == {
        1004: 1004, 900000007: 1004, 900000008: 1004, 1001: 1001,
    }  # fmt: skip
    with CaptureQueriesContext(connection) as few:
        read(range(5_000_000, 5_000_010))
    with CaptureQueriesContext(connection) as many:
        read(range(5_000_000, 5_000_500))
    assert len(many) == len(few)


def test_a_lines_registration_refused_shows_what_was_typed_again(world, awkward):
    """A review: a birth year of 3000, refused, came back as the report's value, what the
    officer typed lost. The line's form shows it again, once, beside the message."""
    client = persona_client(world, "officer_a")
    base = f"/tournaments/{awkward.tournament_id}/reports/1"
    typed = {"name": "Delta, Dora", "federation": "AAA", "sex": "F", "birth_year": 3000}
    page = client.post(f"{base}/players/4/register/", typed, follow=True).content.decode()
    assert "Not saved: Birth year" in page
    row = page.split('id="match-4"', 1)[1].split("</tr>", 1)[0]
    assert 'name="birth_year" type="number" placeholder="Born"' in row and 'value="3000"' in row
    assert '<option value="F" selected>' in row
    again = client.get(f"{base}/").content.decode().split('id="match-4"', 1)[1].split("</tr>")[0]
    assert 'value="3000"' not in again  # once: the next view shows the report's
