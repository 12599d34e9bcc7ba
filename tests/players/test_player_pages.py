"""The registry's pages for each persona: a player's page, editing, registering, duplicates."""

from __future__ import annotations

import html
import json
import re
import unicodedata

import pytest

from audit.selectors import audit_entries_for
from players.models import Player, RatingState
from players.services import PLAYER_EDITABLE_FIELDS
from tests import factories
from tests.conftest import PERSONAS, persona_actor, persona_client
from tests.players.factories import RatingHistoryFactory

CAN_EDIT_A = {"officer_a", "administrator"}


def refused(persona: str) -> int:
    """What a refusal looks like: the public is sent to sign in (ratings_site.views)."""
    return 302 if persona == "anonymous" else 403


@pytest.fixture
def player_a(world):
    player = factories.PlayerFactory(
        fide_id=4_100_018, name="Schiedsrichter, Otto", federation=world["fed_a"], title="FM"
    )
    factories.RatingStateFactory(player=player, rating=2105, k=20, list_date="2025-03-01")
    RatingHistoryFactory(player=player, list_date="2025-03-01", rating=2105)
    RatingHistoryFactory(player=player, list_date="2025-02-01", rating=2093)
    return player


@pytest.mark.parametrize("persona", PERSONAS)
def test_a_players_page_is_public_and_shows_his_ratings_and_history(world, player_a, persona):
    response = persona_client(world, persona).get(f"/players/{player_a.fide_id}/")
    page = response.content.decode()
    assert response.status_code == 200
    assert "Schiedsrichter, Otto" in page and "AAA" in page and "2105" in page and "2093" in page
    assert ('id="audit-trail"' in page) == (persona in CAN_EDIT_A)
    assert ('id="edit-player"' in page) == (persona in CAN_EDIT_A)


def test_a_long_history_is_shown_two_years_a_page_and_charted_whole(world, player_a):
    """A review timed the page of a player of 606 lists at a second: each category's table
    shows 24 lists a page, latest first, with its own pages; the chart keeps them all."""
    for month in range(1, 13):
        for year in (2022, 2023):
            RatingHistoryFactory(player=player_a, list_date=f"{year}-{month:02}-01", rating=2000)
    client = persona_client(world, "anonymous")
    first = client.get(f"/players/{player_a.fide_id}/").content.decode()
    table = first.split('id="history-standard"', 1)[1].split("</section>", 1)[0]
    assert table.count("<tr") == 1 + 24  # the header, then 2025-03, 2025-02, 2023-12 ...
    assert "2025-03-01" in table and "2022-03-01" in table and "2022-02-01" not in table
    assert "standard-page=2" in table
    chart = json.loads(
        first.split('id="rating-history-data" type="application/json">')[1].split("<")[0]
    )
    assert len(chart["datasets"][0]["points"]) == 26
    second = client.get(f"/players/{player_a.fide_id}/", {"standard-page": 2}).content.decode()
    table = second.split('id="history-standard"', 1)[1].split("</section>", 1)[0]
    assert table.count("<tr") == 1 + 2 and "2022-02-01" in table and "2022-01-01" in table


def test_an_unknown_fide_id_is_a_404(world):
    assert persona_client(world, "anonymous").get("/players/999/").status_code == 404


def test_the_player_list_links_names_to_their_pages(world, player_a):
    page = persona_client(world, "anonymous").get("/players/").content.decode()
    assert f'href="/players/{player_a.fide_id}/"' in page


@pytest.mark.parametrize("persona", PERSONAS)
def test_the_player_list_stays_within_a_query_budget(world, persona, django_assert_max_num_queries):
    for _ in range(30):
        factories.PlayerFactory(federation=world["fed_a"])
    client = persona_client(world, persona)
    with django_assert_max_num_queries(8):
        assert client.get("/players/").status_code == 200


@pytest.mark.parametrize("persona", PERSONAS)
def test_only_the_federations_officer_or_an_administrator_edits_a_player(world, player_a, persona):
    client = persona_client(world, persona)
    get = client.get(f"/players/{player_a.fide_id}/edit/")
    post = client.post(
        f"/players/{player_a.fide_id}/edit/",
        {"name": "Schiedsrichter, Otto Karl", "sex": "M", "title": "FM", "reason": "Passport"},
    )
    allowed = persona in CAN_EDIT_A
    assert get.status_code == (200 if allowed else refused(persona))
    assert post.status_code == (302 if allowed else refused(persona))
    player_a.refresh_from_db()
    assert (player_a.name == "Schiedsrichter, Otto Karl") == allowed


def test_an_edit_is_recorded_with_the_old_and_new_values(world, player_a):
    client = persona_client(world, "officer_a")
    client.post(
        f"/players/{player_a.fide_id}/edit/",
        {"name": "Schiedsrichter, Otto", "sex": "M", "title": "IM", "birth_year": "1961",
         "reason": "IM title confirmed"},
    )  # fmt: skip
    (entry,) = audit_entries_for(player_a)
    assert entry.actor == world["users"]["officer_a"] and entry.reason == "IM title confirmed"
    assert entry.changes == {"title": ["FM", "IM"], "birth_year": [1990, 1961]}
    page = client.get(f"/players/{player_a.fide_id}/").content.decode()
    assert "IM title confirmed" in page and "FIDE Master → International Master" in page


def test_a_form_saved_over_changes_made_since_it_was_opened_is_refused_naming_them(world, player_a):
    """A review: an officer opened the edit form, an administrator then mended the name,
    and the officer's birth year, saved from the form opened earlier, put the old name
    back. The form is refused, naming what changed meanwhile and keeping what was typed;
    saved again, knowingly, it goes through."""
    from players.services import player_update

    url = f"/players/{player_a.fide_id}/edit/"
    client = persona_client(world, "officer_a")
    opened = client.get(url).context["form"]
    form = {
        name: value
        for name in (*PLAYER_EDITABLE_FIELDS, "seen")
        if (value := opened[name].value()) is not None and value is not False
    }
    player_update(
        actor=persona_actor(world, "administrator"),
        player=player_a,
        fields={"name": "Schiedsrichter, Otto Karl"},
    )
    refused = client.post(url, {**form, "birth_year": "1961"})
    page = html.unescape(refused.content.decode())
    assert "Someone saved this record since you opened it: name is now “Schiedsrichter, " in page
    assert 'name="birth_year" value="1961"' in page
    player_a.refresh_from_db()
    assert (player_a.name, player_a.birth_year) == ("Schiedsrichter, Otto Karl", 1990)
    mended = {"name": "Schiedsrichter, Otto Karl", "birth_year": "1961"}
    again = {**form, **mended, "seen": refused.context["form"].data["seen"]}
    assert client.post(url, again).status_code == 302
    player_a.refresh_from_db()
    assert (player_a.name, player_a.birth_year) == ("Schiedsrichter, Otto Karl", 1961)


def test_saving_a_player_unchanged_says_nothing_changed(world, player_a):
    """A review: saving the edit form as it came said "changes saved"; it says what
    happened, as the tournament's correction form does."""
    client = persona_client(world, "officer_a")
    url = f"/players/{player_a.fide_id}/edit/"
    form = {"name": player_a.name, "sex": "M", "title": "FM", "birth_year": "1990"}
    unchanged = client.post(url, form, follow=True).content.decode()
    assert "nothing changed" in unchanged and "changes saved" not in unchanged
    changed = client.post(url, {**form, "title": "IM"}, follow=True).content.decode()
    assert "changes saved" in changed


def test_a_name_typed_with_separate_accents_is_saved_composed(world, player_a):
    """Pasted from a file saved on a Mac, "Ödön" arrives as letters and separate accents;
    kept so, the TXT download counted a column for each accent. Saved as imports keep it."""
    client = persona_client(world, "officer_a")
    typed = unicodedata.normalize("NFD", "Ödön, Ágnes")
    form = {"name": typed, "sex": "M", "title": "FM", "birth_year": "1990"}
    client.post(f"/players/{player_a.fide_id}/edit/", form)
    player_a.refresh_from_db()
    assert player_a.name == "Ödön, Ágnes" and len(player_a.name) == 11


def test_the_tournaments_offer_mine_only_to_arbiters(world):
    """A review: the public was offered "Mine only", which could only ever find nothing."""
    assert (
        'name="mine"'
        not in persona_client(world, "anonymous").get("/tournaments/").content.decode()
    )
    assert 'name="mine"' in persona_client(world, "arbiter").get("/tournaments/").content.decode()


def test_an_officer_records_a_membership_that_lowers_the_games_for_a_first_rating(world, player_a):
    """standard-2009 7.14g: an officer records that the player is a member of the IBCA;
    the edit is audited, his page says so to officers, and not to the public (a
    disability is nobody else's business); a wrong value is a field error."""
    client = persona_client(world, "officer_a")
    url = f"/players/{player_a.fide_id}/edit/"
    form = {"name": player_a.name, "sex": "M", "title": "FM", "birth_year": "1990"}
    wrong = client.post(url, {**form, "disability_association": "FIDE"})
    assert wrong.status_code == 200 and "disability_association" in wrong.context["form"].errors
    client.post(url, {**form, "disability_association": "IBCA", "reason": "IBCA card seen"})
    player_a.refresh_from_db()
    assert player_a.disability_association == "IBCA"
    (entry,) = audit_entries_for(player_a)
    assert entry.changes == {"disability_association": ["", "IBCA"]}
    page = client.get(f"/players/{player_a.fide_id}/").content.decode()
    assert "IBCA (International Braille Chess Association)" in page and "7.14g" in page
    public = persona_client(world, "anonymous").get(f"/players/{player_a.fide_id}/")
    assert "Braille" not in public.content.decode()


def test_an_officer_records_that_a_player_is_not_to_be_listed(world, player_a):
    """R&B 2024 9.2, standard-2009 13.2: a death, or the federation's word, recorded on
    the player's record and audited; his page says he is not on the lists, and only
    officers see why."""
    client = persona_client(world, "officer_a")
    url = f"/players/{player_a.fide_id}/edit/"
    form = {"name": player_a.name, "sex": "M", "title": "FM", "birth_year": "1990"}
    client.post(url, {**form, "not_listed": "Died 3 October 2026", "reason": "Club's letter"})
    player_a.refresh_from_db()
    assert player_a.not_listed == "Died 3 October 2026"
    (entry,) = audit_entries_for(player_a)
    assert entry.changes == {"not_listed": ["", "Died 3 October 2026"]}
    page = client.get(f"/players/{player_a.fide_id}/").content.decode()
    assert "Not included in the lists published from now on: Died 3 October 2026" in page
    public = persona_client(world, "anonymous").get(f"/players/{player_a.fide_id}/")
    public_page = public.content.decode()
    assert "Not included in the lists" in public_page and "October" not in public_page


def test_saving_an_unchanged_form_records_nothing(world, player_a):
    persona_client(world, "officer_a").post(
        f"/players/{player_a.fide_id}/edit/",
        {"name": player_a.name, "sex": "M", "title": "FM", "birth_year": "1990"},
    )
    assert not audit_entries_for(player_a).exists()


# -- registering -----------------------------------------------------------------------------

NEW_PLAYER = {"name": "Newcomer, Nina", "sex": "F", "birth_year": "2012", "reason": "Club player"}


@pytest.mark.parametrize(
    ("persona", "status"),
    [("anonymous", 302), ("arbiter", 403), ("officer_a", 200), ("officer_b", 200),
     ("administrator", 200)],
)  # fmt: skip
def test_officers_and_administrators_may_open_the_registration_form(world, persona, status):
    assert persona_client(world, persona).get("/players/register/").status_code == status


def test_an_officer_registers_a_player_of_his_federation(world):
    client = persona_client(world, "officer_a")
    response = client.post("/players/register/", {**NEW_PLAYER, "federation": world["fed_a"].pk})
    player = Player.objects.get(name="Newcomer, Nina")
    assert response.status_code == 302 and response["Location"] == f"/players/{player.fide_id}/"
    assert player.federation == world["fed_a"] and player.birth_year == 2012
    assert player.disability_association == ""


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"name": ","}, "name"),
        ({"sex": "M", "women_title": "WFM"}, "women_title"),
        ({"sex": "M", "title": "WGM"}, "title"),
        ({"birth_year": "", "birth_date": "1750-01-01"}, "birth_date"),
        ({"birth_year": "", "birth_date": "2099-01-01"}, "birth_date"),
        ({"birth_year": "2099"}, "birth_year"),
    ],
)
def test_a_registration_that_no_player_could_have_is_a_field_error(world, changes, field):
    """An audit registered a player named ",", a man with the WGM title and players born
    in 2099: each is now the field's error, and nobody is registered. The earliest birth
    year is the one a FIDE list may hold (1800)."""
    client = persona_client(world, "officer_a")
    form = {**NEW_PLAYER, "federation": world["fed_a"].pk, **changes}
    response = client.post("/players/register/", form)
    assert response.status_code == 200
    assert field in response.context["form"].errors, response.context["form"].errors
    assert not Player.objects.exists()


def test_a_birth_date_decides_the_birth_year(world, player_a):
    """An edit of the date alone takes the date's year (a review found it refused because
    the stored year differed); registered with the year left blank, likewise."""
    client = persona_client(world, "officer_a")
    form = {**NEW_PLAYER, "federation": world["fed_a"].pk, "birth_year": ""}
    client.post("/players/register/", {**form, "birth_date": "2012-06-30"})
    assert Player.objects.get(name="Newcomer, Nina").birth_year == 2012
    edit = {"name": player_a.name, "sex": "M", "title": "FM", "birth_year": player_a.birth_year}
    response = client.post(
        f"/players/{player_a.fide_id}/edit/", {**edit, "birth_date": "1991-02-03"}
    )
    assert response.status_code == 302
    player_a.refresh_from_db()
    assert (player_a.birth_year, str(player_a.birth_date)) == (1991, "1991-02-03")


def test_a_birth_year_typed_beside_a_date_of_another_year_is_a_field_error(world, player_a):
    """A later review: the year typed was replaced by the date's without a word, and the
    year decides a junior's K (R&B 2024 7.3.3)."""
    client = persona_client(world, "officer_a")
    form = {**NEW_PLAYER, "federation": world["fed_a"].pk, "birth_year": "2011"}
    refused = client.post("/players/register/", {**form, "birth_date": "2012-06-30"})
    assert "The birth date is in 2012" in " ".join(refused.context["form"].errors["birth_year"])
    assert not Player.objects.filter(name="Newcomer, Nina").exists()
    edit = {"name": player_a.name, "sex": "M", "title": "FM", "birth_year": "2006"}
    response = client.post(
        f"/players/{player_a.fide_id}/edit/", {**edit, "birth_date": "2007-05-05"}
    )
    assert response.status_code == 200
    assert "The birth date is in 2007" in response.content.decode()
    player_a.refresh_from_db()
    assert player_a.birth_year != 2006 and player_a.birth_date is None


def test_a_record_imported_with_an_old_birth_year_can_still_be_corrected(world, player_a):
    """A FIDE list may give 1850 (the import keeps years from 1800): the officer corrects
    the name without having to touch FIDE's year."""
    Player.objects.filter(pk=player_a.pk).update(birth_year=1850)
    client = persona_client(world, "officer_a")
    edit = {"name": "Schiedsrichter, Otto K.", "sex": "M", "title": "FM", "birth_year": "1850"}
    assert client.post(f"/players/{player_a.fide_id}/edit/", edit).status_code == 302
    player_a.refresh_from_db()
    assert (player_a.name, player_a.birth_year) == ("Schiedsrichter, Otto K.", 1850)


@pytest.mark.parametrize("year", ["-5", "1799", "3000"])
def test_a_birth_year_out_of_range_is_one_message_on_every_form(world, player_a, year):
    """A review: -5 was "greater than or equal to 0" on the edit form, "between 1800 and
    this year" on the register form."""
    from django.utils import timezone

    said = f"A birth year falls between 1800 and this year ({timezone.localdate().year})."
    client = persona_client(world, "officer_a")
    edit = {"name": player_a.name, "sex": "M", "title": "FM", "birth_year": year}
    edited = client.post(f"/players/{player_a.fide_id}/edit/", edit).context["form"]
    register = {**NEW_PLAYER, "federation": world["fed_a"].pk, "birth_year": year}
    registered = client.post("/players/register/", register).context["form"]
    assert edited.errors["birth_year"] == registered.errors["birth_year"] == [said]


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"name": "--"}, "name"),
        ({"women_title": "WIM"}, "women_title"),
        ({"birth_date": "0001-01-01"}, "birth_date"),
    ],
)
def test_an_edit_that_no_player_could_have_is_a_field_error(world, player_a, changes, field):
    client = persona_client(world, "officer_a")
    form = {"name": player_a.name, "sex": "M", "title": "FM", "birth_year": "1990", **changes}
    response = client.post(f"/players/{player_a.fide_id}/edit/", form)
    assert response.status_code == 200
    assert field in response.context["form"].errors, response.context["form"].errors
    player_a.refresh_from_db()
    assert (player_a.name, player_a.women_title, player_a.birth_date) == (
        "Schiedsrichter, Otto", "", None,
    )  # fmt: skip
    assert not audit_entries_for(player_a).exists()


def test_a_new_player_is_registered_with_his_membership_of_the_icsc(world):
    """standard-2009 7.14g: registered as a member of the ICSC from the start, so that his
    first standard rating needs 7 games."""
    client = persona_client(world, "officer_a")
    form = {**NEW_PLAYER, "federation": world["fed_a"].pk, "disability_association": "ICSC"}
    client.post("/players/register/", form)
    nina = Player.objects.get(name="Newcomer, Nina")
    assert nina.disability_association == "ICSC"
    (entry,) = audit_entries_for(nina)
    assert entry.changes == {
        "fide_id": [None, nina.fide_id],
        "disability_association": ["", "ICSC"],
    }


def test_the_service_refuses_a_membership_of_another_association(world):
    from django.core.exceptions import ValidationError

    from players.services import player_register
    from tests.conftest import persona_actor

    with pytest.raises(ValidationError, match="is not the IBCA, ICSC or IPCA"):
        player_register(
            actor=persona_actor(world, "officer_a"), name="Newcomer, Nina",
            federation=world["fed_a"], sex="F", disability_association="FIDE",
        )  # fmt: skip
    assert not Player.objects.filter(name="Newcomer, Nina").exists()


def test_an_officer_cannot_register_a_player_in_another_federation(world):
    client = persona_client(world, "officer_a")
    response = client.post("/players/register/", {**NEW_PLAYER, "federation": world["fed_b"].pk})
    assert response.status_code == 200 and "federation" in response.context["form"].errors
    assert not Player.objects.filter(name="Newcomer, Nina").exists()


def test_a_player_is_registered_under_the_fide_id_fide_gave_him(world, player_a):
    """A review: only a report's line could register a player under the ID FIDE gave him,
    where the registry's list does not hold it yet. The register page takes it, and
    refuses at the field one of the registry's own range, another record's."""
    client = persona_client(world, "officer_a")
    form = {**NEW_PLAYER, "federation": world["fed_a"].pk}
    for fide_id, said in (
        (900000123, "of the range this registry hands out in turn"),
        (player_a.fide_id, "is another player's"),
    ):
        refused = client.post("/players/register/", {**form, "fide_id": fide_id})
        assert said in " ".join(refused.context["form"].errors["fide_id"])
    registered = client.post("/players/register/", {**form, "fide_id": 4100026})
    assert registered["Location"] == "/players/4100026/"
    assert Player.objects.get(fide_id=4100026).name == "Newcomer, Nina"


def test_likely_duplicates_are_shown_before_registering(world):
    twin = factories.PlayerFactory(
        name="Newcomer, Nina", federation=world["fed_a"], birth_year=2012, sex="F"
    )
    client = persona_client(world, "officer_a")
    form = {**NEW_PLAYER, "federation": world["fed_a"].pk}
    first = client.post("/players/register/", {**form, "name": "newcomer,  nina"})
    assert first.status_code == 200 and 'id="likely-duplicates"' in first.content.decode()
    assert f"/players/{twin.fide_id}/" in first.content.decode()
    assert Player.objects.filter(name__iexact="newcomer, nina").count() == 1
    anyway = client.post("/players/register/", {**form, "confirm": "on"})
    assert anyway.status_code == 302
    assert Player.objects.filter(name="Newcomer, Nina").count() == 2


def test_a_name_spelt_without_its_accents_is_a_likely_duplicate(world):
    """A report spells "Muller" the registry's "Müller, Jürgen": registering him again from
    it warns of the record there is (players.name_keys)."""
    twin = factories.PlayerFactory(
        name="Müller, Jürgen", federation=world["fed_a"], birth_year=2012, sex="M"
    )
    client = persona_client(world, "officer_a")
    form = {**NEW_PLAYER, "federation": world["fed_a"].pk, "sex": "M"}
    page = client.post("/players/register/", {**form, "name": "Muller, Jurgen"}).content.decode()
    assert 'id="likely-duplicates"' in page and f"/players/{twin.fide_id}/" in page
    assert not Player.objects.filter(name="Muller, Jurgen").exists()


@pytest.mark.parametrize("typed", ["Ravi Kumar", "kumar ravi", "Van Wely, Loek"])
def test_a_name_written_in_another_order_is_a_likely_duplicate(world, typed):
    """A report's names are "Lastname, Firstname", the comma optional in practice (TRF
    digest, 001): "Ravi Kumar" typed without it is the registry's "Kumar, Ravi", and
    "Loek van Wely" the registry's "van Wely, Loek" (players.name_keys.word_rotations)."""
    registered = "Kumar, Ravi" if "avi" in typed else "Loek van Wely"
    twin = factories.PlayerFactory(
        name=registered, federation=world["fed_a"], birth_year=2012, sex="M"
    )
    client = persona_client(world, "officer_a")
    form = {**NEW_PLAYER, "federation": world["fed_a"].pk, "sex": "M"}
    page = client.post("/players/register/", {**form, "name": typed}).content.decode()
    assert 'id="likely-duplicates"' in page and f"/players/{twin.fide_id}/" in page
    assert not Player.objects.filter(name=typed).exists()


@pytest.mark.parametrize(("registered", "typed"), [(1985, ""), (None, "1985")])
def test_a_birth_year_unknown_on_either_side_agrees_with_any(world, registered, typed):
    """A review: "Berg, Ingrid" registered without a birth year beside the registry's,
    born 1985, without a word; the duplicates page then grouped the two at once."""
    twin = factories.PlayerFactory(
        name="Berg, Ingrid", federation=world["fed_a"], birth_year=registered, sex="F"
    )
    client = persona_client(world, "officer_a")
    form = {**NEW_PLAYER, "federation": world["fed_a"].pk, "name": "Berg Ingrid", "sex": "F"}
    page = client.post("/players/register/", {**form, "birth_year": typed}).content.decode()
    assert 'id="likely-duplicates"' in page and f"/players/{twin.fide_id}/" in page
    assert Player.objects.filter(name__startswith="Berg").count() == 1


def test_the_same_words_in_another_order_but_another_year_are_no_duplicate(world):
    factories.PlayerFactory(name="Kumar, Ravi", federation=world["fed_a"], birth_year=2011)
    client = persona_client(world, "officer_a")
    form = {**NEW_PLAYER, "federation": world["fed_a"].pk, "sex": "M", "birth_year": 2012}
    response = client.post("/players/register/", {**form, "name": "Ravi Kumar"})
    assert response.status_code == 302
    assert Player.objects.filter(name="Ravi Kumar").exists()


def test_an_exhausted_id_range_is_shown_on_the_form_and_registers_no_one(world, settings):
    settings.NEW_PLAYER_ID_RANGE = (700_000_000, 700_000_000)
    factories.PlayerFactory(fide_id=700_000_000)
    client = persona_client(world, "officer_a")
    response = client.post("/players/register/", {**NEW_PLAYER, "federation": world["fed_a"].pk})
    assert response.status_code == 200
    assert "Every FIDE ID from 700000000 to 700000000 is taken" in response.content.decode()
    assert response.context["form"].non_field_errors()
    assert not Player.objects.filter(name="Newcomer, Nina").exists()


# -- likely duplicates -----------------------------------------------------------------------


@pytest.fixture
def twins(world):
    made = {}
    for key in ("fed_a", "fed_b"):
        made[key] = [
            factories.PlayerFactory(name="Twin, Tom", federation=world[key], birth_year=2001)
            for _ in range(2)
        ]
    factories.PlayerFactory(name="Twin, Tom", federation=world["fed_a"], birth_year=2002)
    return made


@pytest.mark.parametrize(
    ("persona", "status", "groups"),
    [("anonymous", 302, 0), ("arbiter", 403, 0), ("officer_a", 200, 1), ("officer_b", 200, 1),
     ("administrator", 200, 2)],
)  # fmt: skip
def test_the_duplicates_page_shows_each_officer_his_federations(
    world, twins, persona, status, groups
):
    response = persona_client(world, persona).get("/players/duplicates/")
    assert response.status_code == status
    if status == 200:
        assert response.content.decode().count('class="card mb-3 duplicate-group"') == groups
        assert len(response.context["groups"]) == groups


def test_officer_a_sees_only_his_federations_twins(world, twins):
    (group,) = persona_client(world, "officer_a").get("/players/duplicates/").context["groups"]
    assert {p.pk for p in group} == {p.pk for p in twins["fed_a"]}


def test_each_twin_shows_the_ratings_that_tell_which_record_the_lists_carry(world, twins):
    """A usability audit: the duplicates page gave nothing to decide by."""
    listed, registered_here = twins["fed_a"]
    factories.RatingStateFactory(player=listed, category="rapid", rating=1950)
    page = persona_client(world, "officer_a").get("/players/duplicates/").content.decode()
    line = page.split(f"FIDE ID {listed.fide_id}</a>", 1)[1].split("</li>", 1)[0]
    assert "standard —, rapid 1950, blitz —" in line
    other = page.split(f"FIDE ID {registered_here.fide_id}</a>", 1)[1].split("</li>", 1)[0]
    assert "standard —, rapid —, blitz —" in other


def test_a_record_without_a_birth_year_is_a_likely_duplicate_of_any_of_its_name(world):
    """A review: the record an officer registered from a report line that gave no birth
    year ("Lund, Magnus", none) stayed off the page beside the player's own (born 1972),
    though the message undoing its match promised it there. A record without a birth
    year agrees with any: it joins each group of its name and federation; two of the
    name born in different years are no group by themselves."""
    own = factories.PlayerFactory(name="Lund, Magnus", federation=world["fed_a"], birth_year=1972)
    other = factories.PlayerFactory(name="Lund, Magnus", federation=world["fed_a"], birth_year=1980)
    alone = factories.PlayerFactory(name="Berg, Ola", federation=world["fed_a"], birth_year=1972)
    factories.PlayerFactory(name="Berg, Ola", federation=world["fed_a"], birth_year=1990)
    client = persona_client(world, "officer_a")
    assert client.get("/players/duplicates/").context["groups"] == []
    registered = factories.PlayerFactory(
        name="Lund, Magnus", federation=world["fed_a"], birth_year=None
    )
    page = client.get("/players/duplicates/")
    groups = [[player.pk for player in group] for group in page.context["groups"]]
    assert groups == [[own.pk, registered.pk], [other.pk, registered.pk]]
    assert "Lund, Magnus · AAA · born 1972" in page.content.decode()
    assert alone.pk not in {pk for group in groups for pk in group}


def test_no_duplicates_says_so(world):
    page = persona_client(world, "officer_a").get("/players/duplicates/").content.decode()
    assert 'id="no-duplicates"' in page


def test_a_player_without_ratings_says_so(world):
    player = factories.PlayerFactory(federation=world["fed_b"])
    assert not RatingState.objects.filter(player=player).exists()
    page = persona_client(world, "anonymous").get(f"/players/{player.fide_id}/").content.decode()
    assert "Not rated in any category." in page


@pytest.mark.parametrize("persona", PERSONAS)
def test_a_players_page_stays_within_a_query_budget(
    world, player_a, persona, django_assert_max_num_queries
):
    client = persona_client(world, persona)
    with django_assert_max_num_queries(12):
        assert client.get(f"/players/{player_a.fide_id}/").status_code == 200


def test_the_registry_finds_a_name_by_its_words_in_any_order(db, client):
    """ "magnus carlsen" and "Carlsen, Magnus" find the player the registry writes
    "Carlsen, Magnus"; a search that finds nobody says so, not that the registry is empty."""
    from tests.factories import PlayerFactory

    PlayerFactory(name="Carlsen, Magnus")
    PlayerFactory(name="Magnusson, Karl")
    for query in ("magnus carlsen", "Carlsen, Magnus", "carlsen"):
        page = client.get("/players/", {"q": query}).content.decode()
        assert "Carlsen, Magnus" in page and "Magnusson, Karl" not in page, query
    nobody = client.get("/players/", {"q": "kasparov"}).content.decode()
    assert "No player in the registry matches the search." in nobody
    assert "No players in the registry yet." not in nobody


def test_the_registry_takes_a_typographic_apostrophe_for_ascii_s(db, client):
    """A phone types U+2019 in "O'Brien" for the registry's "O'Brien, Sean" (a review
    found nobody); a name written with U+2019 is still found as typed."""
    from tests.factories import PlayerFactory

    PlayerFactory(name="O'Brien, Sean")
    PlayerFactory(name="O\u2019Neill, Ann")

    def found(query: str) -> set[str]:
        page = html.unescape(client.get("/players/", {"q": query}).content.decode())
        return {name for name in ("O'Brien, Sean", "O\u2019Neill, Ann") if f">{name}</a>" in page}

    assert (
        found("o\u2019brien") == found("O'Brien") == found("sean o\u2018brien") == {"O'Brien, Sean"}
    )
    assert found("o\u2019neill") == found("o'neill") == {"O\u2019Neill, Ann"}
    # Without the apostrophe, as most type it (a review found nobody).
    assert found("obrien") == found("sean obrien") == {"O'Brien, Sean"}
    assert found("oneill") == {"O\u2019Neill, Ann"}


def test_the_registry_finds_a_name_with_or_without_its_accents(db, client):
    """An arbiter's report spells "Muller" where the registry has "Müller" (and the other
    way round): the search folds both, as the published list's does (players.name_keys)."""
    from tests.factories import PlayerFactory

    PlayerFactory(name="Müller, Hans")
    PlayerFactory(name="Muller, Jürgen")
    PlayerFactory(name="Ødegaard, Åse")
    PlayerFactory(name="Mueller, Peter")

    def found(query: str) -> set[str]:
        page = client.get("/players/", {"q": query}).content.decode()
        return {
            name
            for name in ("Müller, Hans", "Muller, Jürgen", "Ødegaard, Åse", "Mueller, Peter")
            if f">{name}</a>" in page
        }

    assert found("muller") == {"Müller, Hans", "Muller, Jürgen"}
    assert found("MÜLLER hans") == {"Müller, Hans"}
    assert found("jurgen") == {"Muller, Jürgen"}
    assert found("odegaard ase") == {"Ødegaard, Åse"}
    assert found("ueller") == {"Mueller, Peter", "Müller, Hans"}
    # Typed as German writes it without the umlaut: Müller, not Muller Jürgen.
    assert found("mueller") == {"Mueller, Peter", "Müller, Hans"}
    assert found("mueller jurgen") == set()
    assert found("muller juergen") == {"Muller, Jürgen"}


def test_any_form_that_cleans_a_player_takes_the_year_from_the_date(world, player_a):
    """The admin's form included (a review): Player.clean sets the year from the date."""
    import datetime

    player_a.birth_date, player_a.birth_year = datetime.date(1990, 5, 1), 1985
    player_a.full_clean()
    assert player_a.birth_year == 1990


def test_the_registry_shows_each_player_s_current_ratings(world, player_a):
    """A usability audit: the registry had no rating column. Standard 2105 (the fixture),
    rapid delisted (none shown), blitz never rated."""
    factories.RatingStateFactory(
        player=player_a, category="rapid", rating=None, status="delisted", list_date="2025-03-01"
    )
    page = persona_client(world, "anonymous").get("/players/", {"q": "Schiedsrichter"})
    row = page.content.decode().split(f">{player_a.name}</a>", 1)[1].split("</tr>", 1)[0]
    cells = re.findall(r"<td[^>]*>\s*(.*?)\s*</td>", row, re.S)
    assert cells[-3:] == ["2105", "—", "—"]


# -- removing a duplicate record ------------------------------------------------------------


def remove(world, persona, duplicate, kept, reason="Registered from a report by mistake."):
    return persona_client(world, persona).post(
        "/players/duplicates/remove/",
        {"duplicate": duplicate.fide_id, "kept": kept.fide_id, "reason": reason},
        follow=True,
    )


def test_an_officer_removes_a_duplicate_and_its_report_line_names_the_record_kept(world, twins):
    """An officer registered a newcomer from a report line though the registry had him: the
    duplicates page removes the second record and the line names the first, which the
    lists carry (players.services.player_duplicate_remove)."""
    from audit.models import AuditEntry
    from tournaments.models import PlayerMatch

    listed, mistaken = twins["fed_a"]
    factories.RatingStateFactory(player=listed, category="standard", rating=1950)
    report = factories.TournamentReportFactory(tournament=world["tournament"])
    line = PlayerMatch.objects.create(
        report=report, start_rank=5, trf_name="Twin, Tom", status="resolved", player=mistaken
    )
    page = remove(world, "officer_a", mistaken, listed).content.decode()
    kept = f"its report line now names Twin, Tom (FIDE ID {listed.fide_id})."
    assert f"FIDE ID {mistaken.fide_id} is removed; {kept}" in page
    assert not Player.objects.filter(pk=mistaken.pk).exists()
    line.refresh_from_db()
    assert (
        line.player == listed and f"Moved from duplicate FIDE ID {mistaken.fide_id}." in line.note
    )
    history = persona_client(world, "officer_a").get(f"/players/{listed.fide_id}/").content.decode()
    assert (
        "duplicate removed" in history.lower() and "Registered from a report by mistake." in history
    )
    assert AuditEntry.objects.filter(action__startswith="player moved: starting rank 5").exists()


def test_a_record_the_lists_carry_or_a_rated_game_names_stays(world, twins):
    """Nothing rated may lose its player: a record with ratings, or named by the games of
    a report approved for rating, is not removed, and says why."""
    from tournaments.models import Game

    listed, other = twins["fed_a"]
    factories.RatingStateFactory(player=listed, category="rapid", rating=1950)
    page = remove(world, "officer_a", listed, other).content.decode()
    assert f"Nothing removed: FIDE ID {listed.fide_id} is on the lists (rated, or listed" in page
    report = factories.TournamentReportFactory(tournament=world["tournament"], status="approved")
    Game.objects.create(report=report, round=1, white=other, black=listed, white_score=1)
    page = remove(world, "officer_a", other, listed).content.decode()
    assert f"Nothing removed: FIDE ID {other.fide_id} stays: games name it" in page
    assert Player.objects.filter(pk__in=(listed.pk, other.pk)).count() == 2


def test_a_report_that_names_both_records_keeps_them_both(world, twins):
    """Two lines of one report matched to the two records are two players, or a report to
    correct: removing one would name a player twice in a tournament."""
    from tournaments.models import PlayerMatch

    first, second = twins["fed_a"]
    report = factories.TournamentReportFactory(tournament=world["tournament"])
    for rank, player in ((1, first), (2, second)):
        PlayerMatch.objects.create(
            report=report, start_rank=rank, trf_name="Twin, Tom", status="matched", player=player
        )
    page = remove(world, "officer_a", second, first).content.decode()
    assert "Nothing removed:" in page and "two players, or a report to correct first" in page
    assert PlayerMatch.objects.get(report=report, start_rank=2).player == second


@pytest.mark.parametrize(
    ("persona", "status"), [("anonymous", 302), ("arbiter", 403), ("officer_b", 403)]
)
def test_only_the_players_officer_removes_a_duplicate(world, twins, persona, status):
    """Another federation's officer is refused (403, a review: a bare 404)."""
    first, second = twins["fed_a"]
    response = persona_client(world, persona).post(
        "/players/duplicates/remove/",
        {"duplicate": second.fide_id, "kept": first.fide_id, "reason": "Twice."},
    )
    assert response.status_code == status
    assert Player.objects.filter(pk=second.pk).exists()


def test_removing_a_record_gone_meanwhile_says_so(world, twins):
    first, _second = twins["fed_a"]
    page = remove(world, "officer_a", first, Player(fide_id=123456789)).content.decode()
    assert "Nothing removed: FIDE ID 123456789 is in the registry no more." in page
    assert Player.objects.filter(pk=first.pk).exists()


def test_a_removal_without_a_reason_removes_nothing(world, twins):
    first, second = twins["fed_a"]
    page = remove(world, "officer_a", second, first, reason="").content.decode()
    assert "Nothing removed: Give a reason" in page
    assert Player.objects.filter(pk=second.pk).exists()


def test_a_removed_duplicates_fide_id_is_never_given_again(world, twins):
    """A review: the duplicate removed is usually the newest record, and the next
    registration took its FIDE ID, which a report or the kept player's history may still
    name (players.models.RetiredFideId)."""
    first, _ = twins["fed_a"]
    mistaken = factories.PlayerFactory(
        name="Twin, Tom", federation=world["fed_a"], birth_year=2001, fide_id=900_000_007
    )
    remove(world, "officer_a", mistaken, first)
    assert not Player.objects.filter(fide_id=900_000_007).exists()
    client = persona_client(world, "officer_a")
    client.post("/players/register/", {**NEW_PLAYER, "federation": world["fed_a"].pk})
    assert Player.objects.get(name="Newcomer, Nina").fide_id == 900_000_008
    admin = persona_client(world, "administrator").get("/admin/players/retiredfideid/")
    assert "900000007" in admin.content.decode()


def test_a_rated_twin_offers_no_removal_and_a_removed_one_leads_to_the_record_kept(world, twins):
    """A usability walk: a rated record offered "Remove this record", refused only after
    its confirmation; and a removed record's page was a bare "not found"."""
    listed, mistaken = twins["fed_a"]
    factories.RatingStateFactory(player=listed, category="standard", rating=1950)
    page = persona_client(world, "officer_a").get("/players/duplicates/").content.decode()
    listed_line = page.split(f"FIDE ID {listed.fide_id}</a>", 1)[1].split("</li>", 1)[0]
    assert "the lists carry this record, which stays" in listed_line
    assert "Remove this record" not in listed_line
    remove(world, "officer_a", mistaken, listed)
    response = persona_client(world, "anonymous").get(f"/players/{mistaken.fide_id}/", follow=True)
    assert response.redirect_chain == [(f"/players/{listed.fide_id}/", 302)]
    assert f"FIDE ID {mistaken.fide_id} was removed as a duplicate: this is the record kept" in (
        response.content.decode()
    )
    missing = persona_client(world, "anonymous").get("/players/123456789/")
    assert missing.status_code == 404
    assert "No player with FIDE ID 123456789 is in the registry." in missing.content.decode()


def test_a_twin_a_list_named_unrated_is_not_offered_for_removal(world, twins):
    """A review: a record a FIDE list imported as unrated (a history row, no rating) was
    offered "Remove this record", then refused as having ratings. The lists carry it:
    the page says so and offers nothing, and the service says why in the same words."""
    import datetime as dt

    from players.models import RatingHistory

    listed, mistaken = twins["fed_a"]
    RatingHistory.objects.create(
        player=listed, category="rapid", list_date=dt.date(2025, 3, 1), rating=None
    )
    page = persona_client(world, "officer_a").get("/players/duplicates/").content.decode()
    listed_line = page.split(f"FIDE ID {listed.fide_id}</a>", 1)[1].split("</li>", 1)[0]
    assert "On the lists (rated, or listed unrated): the lists carry this record" in listed_line
    assert "Remove this record" not in listed_line
    refused = remove(world, "officer_a", listed, mistaken).content.decode()
    assert f"FIDE ID {listed.fide_id} is on the lists (rated, or listed unrated)" in refused


def test_past_the_names_shown_the_duplicates_page_says_so_and_finds_the_others(
    world, twins, monkeypatch
):
    """A review: past 200 names the page stopped without a word, and the twins beyond
    could not be reached. It says how many names there are, and searches by name."""
    from players import selectors

    monkeypatch.setattr(selectors, "DUPLICATE_GROUPS_SHOWN", 1)
    monkeypatch.setattr("players.views.DUPLICATE_GROUPS_SHOWN", 1)
    pair = [
        factories.PlayerFactory(name="Zeta, Zoe", federation=world["fed_a"], birth_year=1999)
        for _ in range(2)
    ]
    client = persona_client(world, "administrator")
    page = client.get("/players/duplicates/")
    assert "3 names have likely duplicates; the first 1 of them" in page.content.decode()
    assert {player.name for group in page.context["groups"] for player in group} == {"Twin, Tom"}
    found = client.get("/players/duplicates/?q=zoe zeta")
    assert 'id="more-duplicates"' not in found.content.decode()
    assert [sorted(p.pk for p in group) for group in found.context["groups"]] == [
        sorted(p.pk for p in pair)
    ]
    nothing = client.get("/players/duplicates/?q=nobody").content.decode()
    assert "No likely duplicates of that name." in nothing
    by_id = client.get(f"/players/duplicates/?q={pair[0].fide_id}").context["groups"]
    assert [sorted(p.pk for p in group) for group in by_id] == [sorted(p.pk for p in pair)]


def test_twins_spelt_with_and_without_accents_are_one_group(world):
    """A usability walk: "Müller, Hans" and "Muller, Hans" of one federation and year, the
    twins a report without accents makes, were never shown together."""
    pair = [
        factories.PlayerFactory(name=name, federation=world["fed_a"], birth_year=1990)
        for name in ("Müller, Hans", "Muller, Hans")
    ]
    (group,) = persona_client(world, "officer_a").get("/players/duplicates/").context["groups"]
    assert sorted(p.pk for p in group) == sorted(p.pk for p in pair)


def test_a_removed_id_leads_through_later_removals_once_and_never_round(world):
    """A review: A removed keeping B, then B keeping C, led from A to B to C in two
    redirects, C's page saying that A was B's duplicate; two retired IDs naming each other
    looped for ever."""
    from players.models import RetiredFideId

    a, b, c = (factories.PlayerFactory(federation=world["fed_a"]) for _ in range(3))
    RetiredFideId.objects.create(fide_id=a.fide_id, kept_fide_id=b.fide_id)
    RetiredFideId.objects.create(fide_id=b.fide_id, kept_fide_id=c.fide_id)
    a.delete()
    b.delete()
    client = persona_client(world, "anonymous")
    response = client.get(f"/players/{a.fide_id}/", follow=True)
    assert response.redirect_chain == [(f"/players/{c.fide_id}/", 302)]
    # The registry's search follows the chain as far (a review: one step, and nobody).
    found = client.get(f"/players/?q={a.fide_id}").content.decode()
    assert f'href="/players/{c.fide_id}/"' in found
    RetiredFideId.objects.filter(fide_id=b.fide_id).update(kept_fide_id=a.fide_id)
    assert client.get(f"/players/{a.fide_id}/").status_code == 404


def test_a_removed_id_leads_to_the_kept_records_calculations_online_games_and_search(world):
    """A review: a retired FIDE ID was followed on the player page alone; his rating
    calculations and his online games answered 404, and a registry search for it found
    nobody."""
    from players.models import RetiredFideId

    removed, kept = (factories.PlayerFactory(federation=world["fed_a"]) for _ in range(2))
    RetiredFideId.objects.create(fide_id=removed.fide_id, kept_fide_id=kept.fide_id)
    removed.delete()
    client = persona_client(world, "anonymous")
    calculations = client.get(f"/lists/players/{removed.fide_id}/")
    assert calculations["Location"] == f"/lists/players/{kept.fide_id}/"
    online = client.get(f"/arena/online-rapid/players/{removed.fide_id}/")
    assert online["Location"] == f"/arena/online-rapid/players/{kept.fide_id}/"
    found = client.get("/players/", {"q": str(removed.fide_id)}).content.decode()
    assert f'href="/players/{kept.fide_id}/"' in found
    assert client.get("/lists/players/99999999999/").status_code == 404


def test_a_fide_id_back_from_a_list_can_be_removed_again(world, twins):
    """A fourth review: a retired FIDE ID that a FIDE list brought back could not be
    removed again (a unique constraint, a server error)."""
    from players.models import RetiredFideId

    first, second = twins["fed_a"]
    fide_id = second.fide_id
    remove(world, "officer_a", second, first)
    back = factories.PlayerFactory(
        name="Twin, Tom", federation=world["fed_a"], birth_year=2001, fide_id=fide_id
    )
    page = remove(world, "officer_a", back, first).content.decode()
    assert f"FIDE ID {fide_id} is removed" in page
    assert RetiredFideId.objects.get(fide_id=fide_id).kept_fide_id == first.fide_id


def test_a_name_is_registered_with_single_spaces(world):
    """A fourth review: "Dubois,  Camille" kept its two spaces, and neither the twin
    checks nor the duplicates page found "Dubois, Camille"."""
    client = persona_client(world, "officer_a")
    client.post(
        "/players/register/",
        {**NEW_PLAYER, "name": "Dubois,  Camille ", "federation": world["fed_a"].pk},
    )
    assert Player.objects.filter(name="Dubois, Camille").exists()


def test_the_registry_is_in_order_of_names_regardless_of_case(db, client):
    """ "van Wely, Loek" stands among the V's, not after every capital (as a database
    sorting bytes put it), and "Ádám", "Ødegaard" and "Šimon" among the A's, O's and S's,
    not after Z (a review), searched or not, and backwards when sorted so; players of one
    name by FIDE ID."""
    for name, fide_id in (
        ("Zvjagintsev, Vadim", 4100015), ("van Wely, Loek", 1000268),
        ("Anand, Viswanathan", 5000017), ("Vachier-Lagrave, Maxime", 623539),
        ("Anand, Viswanathan", 5000001), ("Šimon, Jan", 310000), ("Ødegaard, Ola", 1500000),
        ("Ádám, Zoltán", 700000),
    ):  # fmt: skip
        factories.PlayerFactory(name=name, fide_id=fide_id)

    def shown(**params) -> list[str]:
        page = client.get("/players/", params).content.decode()
        return re.findall(r'href="/players/(\d+)/">([^<]+)</a>', page)

    expected = [
        ("700000", "Ádám, Zoltán"), ("5000001", "Anand, Viswanathan"),
        ("5000017", "Anand, Viswanathan"), ("1500000", "Ødegaard, Ola"),
        ("310000", "Šimon, Jan"), ("623539", "Vachier-Lagrave, Maxime"),
        ("1000268", "van Wely, Loek"), ("4100015", "Zvjagintsev, Vadim"),
    ]  # fmt: skip
    assert shown() == expected
    assert shown(q="a") == expected  # a search sorts what it found the same way
    assert shown(sort="-name") == expected[::-1]


def test_the_registry_filters_by_federation_and_keeps_it_chosen(world, player_a):
    """By the federation's code, in any case, as the published lists take it (a review: by
    its database id)."""
    factories.PlayerFactory(name="Zweiter, Bruno", federation=world["fed_b"])
    fed_a, fed_b = world["fed_a"].code, world["fed_b"].code
    client = persona_client(world, "anonymous")
    page = client.get(f"/players/?federation={fed_b.lower()}").content.decode()
    assert "Zweiter, Bruno" in page and "Schiedsrichter, Otto" not in page
    assert f'<option value="{fed_b}" selected>' in page and f'<option value="{fed_a}">' in page


def test_a_womens_title_without_an_open_title_is_shown_as_her_title(world):
    """A WIM without an open title is a WIM, as the published list shows her (a review: "—"
    in the registry's Title column, "— · WIM" and no badge on her page)."""
    wim = factories.PlayerFactory(name="Wim, Wilma", sex="F", title="", women_title="WIM")
    wgm = factories.PlayerFactory(name="Both, Berta", sex="F", title="IM", women_title="WGM")
    client = persona_client(world, "anonymous")
    rows = {
        cells[1]: cells[2]
        for cells in (
            re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)
            for row in re.findall(
                r"<tr[^>]*>(.*?)</tr>", client.get("/players/").content.decode(), re.S
            )
        )
        if len(cells) > 2
    }
    assert "WIM" in rows[f'<a href="/players/{wim.fide_id}/">Wim, Wilma</a>']
    both = rows[f'<a href="/players/{wgm.fide_id}/">Both, Berta</a>']
    assert "IM" in both and "WGM" in both
    page = client.get(f"/players/{wim.fide_id}/").content.decode()
    assert '<span class="badge text-bg-secondary me-2">WIM</span>' in page
    assert re.search(r'id="titles">\s*WIM\s*</dd>', page)
    page = client.get(f"/players/{wgm.fide_id}/").content.decode()
    assert re.search(r'id="titles">\s*International Master · WGM\s*</dd>', page)


def test_the_registrys_title_filter_finds_a_womens_title_in_either_column(world):
    """A review: "WGM" found no GM who is a WGM too, and "WIM" no WIM whose record holds it
    beside no open title (the published list's filter finds both: ``title_held``)."""
    factories.PlayerFactory(name="Hou, Yifan", sex="F", title="GM", women_title="WGM")
    factories.PlayerFactory(name="Wim, Wilma", sex="F", title="", women_title="WIM")
    factories.PlayerFactory(name="Alone, Alma", sex="F", title="WGM")
    client = persona_client(world, "anonymous")

    def found(title: str) -> set[str]:
        page = client.get(f"/players/?title={title}").content.decode()
        return set(re.findall(r'href="/players/\d+/">([^<]+)</a>', page))

    assert found("WGM") == {"Hou, Yifan", "Alone, Alma"}
    assert found("WIM") == {"Wim, Wilma"}
    assert found("GM") == {"Hou, Yifan"}


@pytest.mark.parametrize("query", ["federation=ZZZ", "title=XX", "sex=Q"])
def test_the_registry_shows_nobody_under_a_filter_it_refuses(world, player_a, query):
    """A review: the error above the table, and every player below it, as if chosen."""
    page = persona_client(world, "anonymous").get(f"/players/?{query}").content.decode()
    assert "Select a valid choice" in page and player_a.name not in page
    assert "Nobody shown: the choice above is not one this list can take." in page


def test_the_tournaments_filter_by_federation_and_keep_it_chosen(world):
    factories.TournamentFactory(name="Open of B", federation=world["fed_b"])
    fed_a, fed_b = world["fed_a"].code, world["fed_b"].code
    client = persona_client(world, "administrator")
    page = client.get(f"/tournaments/?federation={fed_a}").content.decode()
    assert "Select a valid choice" in client.get("/tournaments/?federation=1").content.decode()
    assert world["tournament"].name in page and "Open of B" not in page
    assert f'<option value="{fed_a}" selected>' in page and f'<option value="{fed_b}">' in page


def test_the_registry_finds_nobody_for_marks_alone(db, client):
    """A lone combining accent has no letters to look for: not every name (a review)."""
    from tests.factories import PlayerFactory

    PlayerFactory(name="Carlsen, Magnus")
    page = client.get("/players/", {"q": "\u0308"}).content.decode()
    assert "No player in the registry matches the search." in page


def test_names_with_their_words_in_another_order_are_likely_duplicates(world):
    """A record registered from a report line that wrote the name given name first
    ("Magnus Lund") is the registration's likely duplicate of "Lund, Magnus"; the
    duplicates page showed them apart (a review). One name now, whatever the order of its
    words and its accents; "Lund, Magnus Ole" is another name."""
    own = factories.PlayerFactory(name="Lund, Magnus", federation=world["fed_a"], birth_year=1972)
    turned = factories.PlayerFactory(name="Magnus Lund", federation=world["fed_a"], birth_year=1972)
    accented = factories.PlayerFactory(
        name="Lünd Magnus", federation=world["fed_a"], birth_year=1972
    )
    factories.PlayerFactory(name="Lund, Magnus Ole", federation=world["fed_a"], birth_year=1972)
    page = persona_client(world, "officer_a").get("/players/duplicates/")
    groups = [[player.pk for player in group] for group in page.context["groups"]]
    ordered = sorted([own, turned, accented], key=lambda player: player.fide_id)
    assert groups == [[player.pk for player in ordered]]


def test_the_registration_form_leaves_the_sex_to_be_chosen(world):
    """A review: the sex's first choice was "Male", so a form sent without choosing
    registered a man. It starts empty, and sent empty it is the field's error."""
    client = persona_client(world, "officer_a")
    page = client.get("/players/register/").content.decode()
    select = re.search(r'<select name="sex"[^>]*>(.*?)</select>', page, re.S).group(1)
    assert re.findall(r'<option value="(\w*)"', select) == ["", "M", "F"]
    response = client.post(
        "/players/register/", {**NEW_PLAYER, "sex": "", "federation": world["fed_a"].pk}
    )
    assert "sex" in response.context["form"].errors and not Player.objects.exists()
