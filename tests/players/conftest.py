import datetime
from pathlib import Path

import pytest

DATA = Path(__file__).parent / "data"
MARCH = datetime.date(2025, 3, 1)
FEBRUARY = datetime.date(2025, 2, 1)


@pytest.fixture
def import_as_administrator(db):
    """Import a sample list through the service, as the command does."""
    from players.access import Actor
    from players.services import player_import_file

    def run(name: str, as_of: datetime.date = MARCH, list_format: str = "", path=None):
        return player_import_file(
            actor=Actor(is_administrator=True),
            path=Path(path) if path else DATA / name,
            list_format=list_format,
            as_of=as_of,
            actor_label="import_players",
        )

    return run
