"""An arena's members and a way to write the games files its server hands over."""

from __future__ import annotations

import pytest

from tests import factories


def pgn_game(
    white: int | None,
    black: int | None,
    result: str,
    when: str,
    time_control: str = "900",
    white_name: str = "",
    black_name: str = "",
) -> str:
    """One game as the arena's server writes it: its tags, a blank line, its moves."""
    date, time = when.split(" ")
    tags = [
        ("Event", "FOA rated game"),
        ("Site", "FIDE Online Arena"),
        ("UTCDate", date),
        ("UTCTime", time),
        ("White", white_name or f"Player {white}"),
        ("Black", black_name or f"Player {black}"),
        ("WhiteFideId", "" if white is None else str(white)),
        ("BlackFideId", "" if black is None else str(black)),
        ("Result", result),
        ("TimeControl", time_control),
    ]
    header = "\n".join(f'[{name} "{value}"]' for name, value in tags)
    return f"{header}\n\n1. e4 e5 2. Nf3 Nc6 {result}\n\n"


def pgn(*games: str) -> bytes:
    return "".join(games).encode()


@pytest.fixture
def members(world):
    """Ann, rated 2000 on the rapid list; Bob, 1950 on the standard list alone; Uma, on no
    list; Cy, 1500 on the blitz list."""
    fed = world["fed_a"]
    ann = factories.PlayerFactory(fide_id=1001, name="Arena, Ann", federation=fed)
    bob = factories.PlayerFactory(fide_id=1002, name="Arena, Bob", federation=fed)
    uma = factories.PlayerFactory(fide_id=1003, name="Arena, Uma", federation=world["fed_b"])
    cy = factories.PlayerFactory(fide_id=1004, name="Arena, Cy", federation=fed)
    factories.RatingStateFactory(player=ann, category="rapid", rating=2000)
    factories.RatingStateFactory(player=bob, category="standard", rating=1950)
    factories.RatingStateFactory(player=cy, category="blitz", rating=1500)
    return {"ann": ann, "bob": bob, "uma": uma, "cy": cy}
