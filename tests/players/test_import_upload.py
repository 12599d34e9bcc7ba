"""Administrators upload a FIDE list; a worker imports it; the page shows the summary."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from audit.selectors import audit_entries_for
from players.models import Player, PlayerImport
from tests.conftest import PERSONAS, persona_client
from tests.players.conftest import DATA
from tests.players.factories import PlayerImportFactory

OTHERS = [persona for persona in PERSONAS if persona != "administrator"]


@pytest.fixture(autouse=True)
def media(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"


def upload(client, name="players_list_foa.txt", data=None, **fields):
    data = data if data is not None else (DATA / name).read_bytes()
    return client.post(
        "/players/import/",
        {"file": SimpleUploadedFile(name, data), "format": "", "as_of": "2025-03-01", **fields},
    )


def test_an_administrator_uploads_a_list_and_sees_its_summary(
    world, django_capture_on_commit_callbacks
):
    client = persona_client(world, "administrator")
    with django_capture_on_commit_callbacks(execute=True):
        response = upload(client)
    player_import = PlayerImport.objects.get()
    assert response.status_code == 302
    assert response["Location"] == f"/players/import/{player_import.pk}/"
    page = client.get(response["Location"]).content.decode()
    assert "Done" in page and 'http-equiv="refresh"' not in page
    assert "FIDE ID &#x27;ABC&#x27; is not a positive number" in page
    assert Player.objects.filter(fide_id=1503014).exists()
    assert player_import.started_by == world["users"]["administrator"]
    (entry,) = audit_entries_for(player_import)
    assert entry.actor == world["users"]["administrator"]


def test_the_uploaded_file_is_kept_as_received(world, django_capture_on_commit_callbacks):
    data = (DATA / "players_list.xml").read_bytes()
    with django_capture_on_commit_callbacks(execute=True):
        upload(persona_client(world, "administrator"), "players_list.xml", data)
    player_import = PlayerImport.objects.get()
    assert player_import.file.read() == data and player_import.format == "fide-xml"


def test_a_queued_import_page_refreshes_itself(world):
    queued = PlayerImportFactory(status="queued")
    page = persona_client(world, "administrator").get(f"/players/import/{queued.pk}/")
    assert b'http-equiv="refresh"' in page.content and b"Queued" in page.content


def test_an_import_under_way_shows_how_much_of_its_file_is_read(
    world, django_capture_on_commit_callbacks
):
    """The import is one transaction, which nobody sees before it ends: its worker tells
    the bytes read through the cache, which the page shows as a bar (a review: "Running"
    alone for the minutes FIDE's full list takes). Read whole, the worker has told all."""
    from django.core.cache import cache

    from players.services import import_progress_key

    running = PlayerImportFactory(status="running")
    cache.delete(import_progress_key(running.pk))  # an earlier test's import of that id
    client = persona_client(world, "administrator")
    assert (
        'id="import-progress"' not in client.get(f"/players/import/{running.pk}/").content.decode()
    )
    cache.set(import_progress_key(running.pk), (300, 1200))
    page = client.get(f"/players/import/{running.pk}/").content.decode()
    assert 'aria-valuenow="25"' in page and "25 % of the file read" in page

    data = (DATA / "players_list_foa.txt").read_bytes()
    with django_capture_on_commit_callbacks(execute=True):
        upload(client, "players_list_foa.txt", data)
    done = PlayerImport.objects.latest("pk")
    assert cache.get(import_progress_key(done.pk)) == (len(data), len(data))
    assert 'id="import-progress"' not in client.get(f"/players/import/{done.pk}/").content.decode()


def test_a_file_that_is_not_a_list_fails_with_the_reason(world, django_capture_on_commit_callbacks):
    client = persona_client(world, "administrator")
    with django_capture_on_commit_callbacks(execute=True):
        response = upload(client, "notes.txt", b"Hello\nworld\n")
    page = client.get(response["Location"]).content.decode()
    assert "Failed" in page and "the first line is not a FIDE list header" in page
    assert PlayerImport.objects.get().status == "failed"


def test_an_import_the_task_queue_does_not_take_fails_with_the_reason(
    world, django_capture_on_commit_callbacks, broker_away
):
    """A review: with the task queue away the upload ended in a server error, and the
    import waited "queued" for ever. It fails with the reason, its list kept as received
    for another import."""
    client = persona_client(world, "administrator")
    with django_capture_on_commit_callbacks(execute=True):
        response = upload(client)
    assert response.status_code == 302
    player_import = PlayerImport.objects.get()
    assert player_import.status == "failed"
    assert player_import.file.read() == (DATA / "players_list_foa.txt").read_bytes()
    page = client.get(response["Location"]).content.decode()
    assert "Failed" in page and "No worker could be reached" in page
    assert "the import was not started" in page


def test_the_import_page_lists_recent_imports(world):
    PlayerImportFactory(source="february.txt")
    page = persona_client(world, "administrator").get("/players/import/").content.decode()
    assert "february.txt" in page and 'type="file"' in page


def test_the_import_page_pages_through_every_import(world):
    """A review: the 20 latest imports, and no way to older ones."""
    for number in range(21):
        PlayerImportFactory(source=f"list-{number:02}.txt")
    client = persona_client(world, "administrator")
    first = client.get("/players/import/").content.decode()
    assert "list-20.txt" in first and "list-00.txt" not in first
    assert "list-00.txt" in client.get("/players/import/?page=2").content.decode()


@pytest.mark.parametrize("persona", OTHERS)
def test_nobody_else_may_upload_or_see_imports(world, persona):
    client = persona_client(world, persona)
    done = PlayerImportFactory()
    # The public is sent to sign in (ratings_site.views.permission_denied); others get 403.
    refused = 302 if persona == "anonymous" else 403
    assert client.get("/players/import/").status_code == refused
    assert upload(client).status_code == refused
    assert client.get(f"/players/import/{done.pk}/").status_code == refused
    assert PlayerImport.objects.count() == 1


def test_a_redelivered_task_does_not_import_twice(world):
    from players.tasks import import_player_list

    done = PlayerImportFactory(status="done", lines_read=8)
    assert import_player_list.delay(done.pk).get() == "done"
    assert PlayerImport.objects.get(pk=done.pk).lines_read == 8
    assert not Player.objects.exists()


def test_a_list_dated_beyond_the_coming_lists_is_a_field_error(world):
    """A list in force years ahead would show on every player's page and stand for a list
    already out; the form says so on its date and imports nothing."""
    from players.models import PlayerImport

    response = upload(persona_client(world, "administrator"), as_of="2031-05-01")
    assert response.status_code == 200
    assert "is not out yet" in response.context["form"].errors["as_of"][0]
    assert not PlayerImport.objects.exists()


def test_a_list_dated_before_fide_rated_anyone_is_a_field_error(world):
    """A mistyped year (1925 for 2025) would put the list first in every player's history."""
    response = upload(persona_client(world, "administrator"), as_of="1925-03-01")
    assert response.status_code == 200
    assert "before 1971" in response.context["form"].errors["as_of"][0]
    assert not PlayerImport.objects.exists()
    assert upload(persona_client(world, "administrator"), as_of="1971-01-01").status_code == 302


def test_an_import_whose_database_stays_away_through_every_retry_fails_with_the_reason(
    world, django_capture_on_commit_callbacks, monkeypatch, settings
):
    """A review found the import left "running" for good, its page refreshing itself,
    once a database error outlasted the task's retries. Forced here: every attempt meets
    a locked database; the last one records the failure, which the page shows."""
    from django.db import OperationalError

    import players.services
    from ratings_site.celery import app

    attempts = []

    def locked(*args, **kwargs):
        attempts.append(1)
        raise OperationalError("database is locked")

    monkeypatch.setattr(players.services, "import_list", locked)
    client = persona_client(world, "administrator")
    # As the embedded settings run tasks (the tests' own conftest propagates errors).
    app.conf.task_eager_propagates = getattr(settings, "CELERY_TASK_EAGER_PROPAGATES", False)
    try:
        with django_capture_on_commit_callbacks(execute=True):
            response = upload(client)
    finally:
        app.conf.task_eager_propagates = True
    assert response.status_code == 302 and len(attempts) == 6  # the first and five retries
    player_import = PlayerImport.objects.get()
    assert player_import.status == PlayerImport.Status.FAILED
    assert "database is locked" in player_import.error
    page = client.get(response["Location"]).content.decode()
    assert "database is locked" in page and 'http-equiv="refresh"' not in page


def test_an_upload_of_a_one_category_list_takes_the_category_chosen(
    world, django_capture_on_commit_callbacks
):
    """FIDE's blitz_rating_list.txt uploaded as "june.txt": the form's category says it."""
    data = (DATA / "blitz_rating_list.txt").read_bytes()
    client = persona_client(world, "administrator")
    with django_capture_on_commit_callbacks(execute=True):
        upload(client, "june.txt", data, as_of="2025-06-01")
    refused = PlayerImport.objects.get()
    assert refused.status == PlayerImport.Status.FAILED
    assert (
        "say which category it holds"
        in client.get(f"/players/import/{refused.pk}/").content.decode()
    )
    with django_capture_on_commit_callbacks(execute=True):
        upload(client, "june.txt", data, category="blitz", as_of="2025-06-01")
    assert PlayerImport.objects.latest("pk").status == PlayerImport.Status.DONE
    assert Player.objects.get(fide_id=1503014).ratings.get(category="blitz").rating == 2886


def test_an_import_of_which_every_line_was_skipped_says_nothing_was_read(
    world, django_capture_on_commit_callbacks
):
    """A review saw "Done" in green for a file of which no line was read."""
    client = persona_client(world, "administrator")
    data = b"fide_id,name,federation,sex,standard_rating\n90800051,Bad,NOR,M,21x5\n"
    with django_capture_on_commit_callbacks(execute=True):
        upload(client, "bad.csv", data)
    done = PlayerImport.objects.get()
    page = client.get(f"/players/import/{done.pk}/").content.decode()
    assert "Done: nothing read</span>" in page and 'id="nothing-read"' in page
    good = b"fide_id,name,federation,sex,standard_rating\n90800052,Good,NOR,M,2000\n"
    with django_capture_on_commit_callbacks(execute=True):
        upload(client, "good.csv", good)
    page = client.get(f"/players/import/{PlayerImport.objects.latest('pk').pk}/").content.decode()
    assert "nothing read" not in page


def test_a_queued_import_whose_file_is_gone_fails_with_the_reason(world):
    """A review: the progress of an import read its file's size first, and a file gone
    (storage emptied under a queued import) failed as an internal error, raised."""
    from players.services import player_import_run

    queued = PlayerImportFactory(
        status="queued", file="imports/gone.txt", started_by=world["users"]["administrator"]
    )
    player_import_run(player_import_id=queued.pk)
    queued.refresh_from_db()
    assert queued.status == PlayerImport.Status.FAILED
    assert "No such file or directory" in queued.error and "internal error" not in queued.error
