"""A registry player's rating in a report's checks: the list in force at the start, else,
in rapid and blitz, his standard rating (R&B 2024 7.2.1, R&B pre-2024 7.21)."""

from __future__ import annotations

import datetime as dt
from fractions import Fraction

import pytest
from trf_builder import player_line, trf

from players.models import Player, RatingHistory
from regulations import get_rule_set
from regulations.types import TimeControl
from tests.tournaments.reports.test_report_validation import check
from tournaments.reports.selectors import registry_players


def _match_trf(second_fide_id: int, second_rating: int | None, *, start="2025/03/01",
               end="2025/03/09", dates=("25/03/01", "25/03/02")) -> bytes:  # fmt: skip
    """A two-game match, 1-0 then =, between Alpha (1001) and a second player."""
    return trf(
        [
            player_line(
                1,
                "Alpha, Anna",
                rating=2000,
                fide_id=1001,
                points="1.5",
                rounds=("   2 w 1", "   2 b ="),
            ),
            player_line(
                2,
                "Newman, Ned",
                rating=second_rating,
                fide_id=second_fide_id,
                points="0.5",
                rounds=("   1 b 0", "   1 w ="),
            ),
        ],
        start=start,
        end=end,
        dates=dates,
        time_control="15 min + 10 sec",
        kind="Match",
    )


@pytest.mark.django_db
def test_a_pre_2024_rapid_match_counts_a_standard_rated_player_as_rated(world):
    """R&B pre-2024 7.21 (as R&B 2024 7.2.1): "If an unrated player has a standard rating at
    the beginning of a rapid or blitz tournament, their standard rating is used ... Such a
    player is considered to be rated". The period computation adopted it under both rule
    sets, the report's checks under the 2024 text alone, and a 2023 rapid match against
    him was refused for good as "a match with an unrated player" (a review)."""
    start = dt.date(2023, 5, 1)
    alpha = Player.objects.create(fide_id=1001, name="Alpha, Anna", federation=world["fed_a"],
                                  sex="M", birth_year=1990)  # fmt: skip
    ned = Player.objects.create(fide_id=1002, name="Newman, Ned", federation=world["fed_a"],
                                sex="M", birth_year=1990)  # fmt: skip
    RatingHistory.objects.create(player=alpha, category="rapid", list_date=start, rating=2000)
    RatingHistory.objects.create(player=ned, category="standard", list_date=start, rating=1900)

    registry = registry_players(
        [1001, 1002], category="rapid", on=start, rules_id="rapid-blitz-pre2024"
    )
    data = _match_trf(1002, None, start="2023/05/01", end="2023/05/02",
                      dates=("23/05/01", "23/05/02"))  # fmt: skip
    findings = check(
        data,
        registry,
        start_date=start,
        end_date=dt.date(2023, 5, 2),
        category="rapid",
        system="match",
        number_of_rounds=2,
        match_games=2,
        rules=get_rule_set("rapid-blitz-pre2024"),
        time_control=TimeControl(base_minutes=Fraction(15), increment_seconds=10),
    )
    errors = [(f.code, f.rule) for f in findings if f.severity == "error"]
    assert errors == []
    assert registry[1002].rating == 1900
    assert registry[1002].list_label.endswith("(R&B pre-2024 7.21)")
