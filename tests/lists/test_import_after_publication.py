"""FIDE's list imported for a date whose list is published here: the published list never
changes (a review found FIDE's figure in the history, and the next period rating from it)."""

from __future__ import annotations

from players.access import Actor
from players.models import RatingHistory, RatingState
from players.services import player_import_file
from tests.lists.conftest import APRIL


def test_an_import_of_a_published_lists_date_leaves_its_ratings_as_published(
    period_world, compute, publish, tmp_path
):
    w = period_world
    anna = w.player("Alpha, Anna", 1800, sex="F")
    bert = w.player("Beta, Bert", 1700)
    w.tournament([(anna, bert, 1)])
    publish(compute("rapid", APRIL))
    published = RatingState.objects.get(player=anna, category="rapid")
    assert published.list_date == APRIL
    fide_list = tmp_path / "players_list.csv"
    fide_list.write_text(
        "fide_id,name,federation,sex,rapid_rating,rapid_games,rapid_k,standard_rating\n"
        f'{anna.fide_id},"Alpha-Berg, Anna",NOR,F,1500,3,20,2000\n'
    )
    done = player_import_file(actor=Actor(is_administrator=True), path=fide_list, as_of=APRIL)
    assert done.left_as_published == ["rapid"]
    history = RatingHistory.objects.get(player=anna, category="rapid", list_date=APRIL)
    state = RatingState.objects.get(player=anna, category="rapid")
    assert history.rating == state.rating == published.rating != 1500
    # The rest of the list is read as usual: her name, and a category not published here.
    anna.refresh_from_db()
    assert anna.name == "Alpha-Berg, Anna"
    assert RatingState.objects.get(player=anna, category="standard").rating == 2000
