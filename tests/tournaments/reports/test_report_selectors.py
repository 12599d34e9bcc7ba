"""The registry's rating in force at a tournament's start (DESIGN.md interpretation 2)."""

from __future__ import annotations

import datetime as dt

from players.models import Player, RatingHistory, RatingState
from tournaments.reports.selectors import registry_players


def test_the_rating_is_that_of_the_latest_list_on_or_before_the_start(world):
    player = Player.objects.create(
        fide_id=555, name="Echo, Eve", federation=world["fed_a"], sex="F"
    )
    for month, rating in ((1, 1950), (3, 1987), (5, 2100)):
        RatingHistory.objects.create(
            player=player, category="standard", list_date=dt.date(2025, month, 1), rating=rating
        )
    RatingState.objects.create(
        player=player,
        category="standard",
        rating=2100,
        status="rated",
        list_date=dt.date(2025, 5, 1),
    )
    known = registry_players(
        [555], category="standard", on=dt.date(2025, 3, 9), rules_id="standard-2009"
    )
    assert (known[555].rating, known[555].list_label) == (1987, "the standard list of 2025-03-01")
    before = registry_players(
        [555], category="standard", on=dt.date(2024, 12, 1), rules_id="standard-2009"
    )
    assert before[555].rating is None


def test_rapid_events_fall_back_on_the_standard_rating(world):
    """R&B 2024 7.2.1 and R&B pre-2024 7.21 alike: an unrated player's standard rating is
    used; the standard regulations have no such rule."""
    player = Player.objects.create(fide_id=556, name="Fox, Fay", federation=world["fed_a"], sex="F")
    RatingHistory.objects.create(
        player=player, category="standard", list_date=dt.date(2025, 3, 1), rating=1800
    )
    on = dt.date(2025, 3, 9)
    assert (
        registry_players([556], category="rapid", on=on, rules_id="rapid-blitz-2024")[556].rating
        == 1800
    )
    assert (
        registry_players([556], category="rapid", on=on, rules_id="rapid-blitz-pre2024")[556].rating
        == 1800
    )
    # The standard regulations rate no one by another list's rating.
    assert (
        registry_players([556], category="rapid", on=on, rules_id="standard-2009")[556].rating
        is None
    )
    assert (
        registry_players([556], category="blitz", on=on, rules_id="online-arena")[556].rating
        is None
    )


def test_an_upload_warns_when_the_report_disagrees_with_the_list(tournament, registry, upload):
    from trf_builder import four_players, trf

    from tournaments.models import TournamentReport

    upload("arbiter", tournament, trf(four_players(**{"2": {"rating": 1950}})))
    warning = TournamentReport.objects.get().findings.get(code="rating-differs")
    assert warning.severity == "warning" and warning.line == 10
    assert "1950 in the report" in warning.message and "2025-03-01 has 1900" in warning.message


def test_a_findings_clause_citing_the_readings_links_to_their_page():
    """The rapid rating column is checked under interpretation 2, which the arbiter cannot
    read in DESIGN.md: the findings' clause links to the public page of the readings (a
    review found "DESIGN.md interpretation 2", unlinked, beside linked clauses elsewhere)."""
    from tournaments.reports.tables import FindingTable

    table = FindingTable([])
    assert table.render_rule("DESIGN.md interpretation 2") == (
        '<a href="/lists/rules/#interpretation-2">interpretation 2</a>'
    )
    assert table.render_rule("R&B 2024 7.3.1") == "R&amp;B 2024 7.3.1"


def test_the_registrys_sex_is_told_to_the_checks_in_the_reports_letters(world):
    """A women's national championship is rated with 2 rated players (standard-2009
    6.33): the checks count the women the registry knows, as TRF 001 writes them ("w")."""
    for fide_id, sex in ((557, "F"), (558, "M")):
        Player.objects.create(
            fide_id=fide_id, name=f"P{fide_id}", federation=world["fed_a"], sex=sex
        )
    known = registry_players(
        [557, 558], category="standard", on=dt.date(2025, 3, 9), rules_id="standard-2009"
    )
    assert (known[557].sex, known[558].sex) == ("w", "m")
