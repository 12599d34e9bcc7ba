"""Workflows of the registry that write. Each checks the actor and records the audit trail."""

from __future__ import annotations

import copy
import datetime as dt
import logging
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.core.exceptions import PermissionDenied, ValidationError
from django.core.files import File
from django.db import InterfaceError, OperationalError, transaction
from django.db.models import Max
from django.utils import timezone

from audit.models import AuditEntry
from audit.services import AUDIT_ENTRY_FIELDS, audit_entry_rows, audit_record, field_changes
from players.access import Actor, actor_for, require, require_administrator, require_officer_for
from players.history_partitions import history_partition_ensure
from players.importing import ImportSummary, ListUnreadable, import_list
from players.importing.upsert import RecordChanges
from players.models import (
    DisabilityAssociation,
    Federation,
    Player,
    PlayerImport,
    RatingState,
    RetiredFideId,
)
from players.querysets import referring_fields, unconstrained_referrers_locked
from players.selectors import carried_by_the_lists, list_every_months
from players.task_queue import task_queue_refusal, unreachable_message
from players.text import written_name
from regulations.lists import furthest_list

logger = logging.getLogger(__name__)


class IdRangeExhausted(ValidationError):
    """Every FIDE ID of the configured range is taken."""


def next_free_fide_id() -> int:
    """The next FIDE ID of ``NEW_PLAYER_ID_RANGE`` after the highest one in use or retired
    (a duplicate's, removed: it may still be written in a report)."""
    first, last = settings.NEW_PLAYER_ID_RANGE
    highest = max(
        model.objects.filter(fide_id__range=(first, last)).aggregate(Max("fide_id"))["fide_id__max"]
        or first - 1
        for model in (Player, RetiredFideId)
    )
    candidate = highest + 1
    if candidate > last:
        raise IdRangeExhausted(
            f"Every FIDE ID from {first} to {last} is taken; an administrator must widen "
            "NEW_PLAYER_ID_RANGE."
        )
    return candidate


def fide_id_claimable(fide_id: int) -> None:
    """Raises ``ValidationError`` unless ``fide_id`` may be given to a new record as the
    ID FIDE gave the player: not one of ``NEW_PLAYER_ID_RANGE`` (handed out here, in
    turn), not another record's, not a removed duplicate's (``RetiredFideId``)."""
    first, last = settings.NEW_PLAYER_ID_RANGE
    if first <= fide_id <= last:
        refusal = (
            f"FIDE ID {fide_id} is of the range this registry hands out in turn ({first} to "
            f"{last}), not one FIDE gave: register the player with a new one."
        )
    elif Player.objects.filter(fide_id=fide_id).exists():
        refusal = f"FIDE ID {fide_id} is another player's."
    elif RetiredFideId.objects.filter(fide_id=fide_id).exists():
        refusal = f"FIDE ID {fide_id} was a duplicate record's, removed: it is not given again."
    else:
        return
    raise ValidationError({"fide_id": refusal})


@transaction.atomic
def player_register(
    *,
    actor: Actor,
    name: str,
    federation: Federation,
    sex: str,
    birth_year: int | None = None,
    birth_date: dt.date | None = None,
    title: str = "",
    women_title: str = "",
    other_titles: str = "",
    disability_association: str = "",
    reason: str = "",
    actor_label: str = "",
    fide_id: int | None = None,
) -> Player:
    """Register a new player of ``federation`` with the next free FIDE ID of the configured
    range (only that federation's rating officer, or an administrator); ``fide_id``: the
    one FIDE gave him, which a report names and the registry's list does not hold yet
    (``fide_id_claimable``)."""
    require_officer_for(
        actor, federation.pk, "Only the federation's rating officer registers its players."
    )
    if fide_id is not None:
        fide_id_claimable(fide_id)
    if disability_association not in ("", *DisabilityAssociation.values):
        raise ValidationError(
            {"disability_association": f"{disability_association!r} is not the IBCA, ICSC or IPCA."}
        )
    # Serialise concurrent registrations so two officers never get the same ID.
    list(Federation.objects.select_for_update().filter(pk=federation.pk))
    player = Player(
        fide_id=fide_id if fide_id is not None else next_free_fide_id(),
        name=written_name(name),
        federation=federation,
        sex=sex,
        birth_year=birth_date.year if birth_date else birth_year,
        birth_date=birth_date,
        title=title,
        women_title=women_title,
        other_titles=other_titles,
        disability_association=disability_association,
    )
    player.full_clean()
    player.save()
    audit_record(
        target=player,
        actor=actor.user,
        actor_label=actor_label,
        action="registered",
        reason=reason,
        changes={
            "fide_id": [None, player.fide_id],
            # The one fact a first rating hangs on that no list shows (standard-2009 7.14g).
            **(
                {"disability_association": ["", disability_association]}
                if disability_association
                else {}
            ),
        },
    )
    return player


# -- editing a player ------------------------------------------------------------------------

#: What an officer may correct in a player's record (the federation is a transfer, not an
#: edit; the FIDE ID never changes).
PLAYER_EDITABLE_FIELDS = (
    "name",
    "sex",
    "birth_year",
    "birth_date",
    "title",
    "women_title",
    "other_titles",
    "foa_title",
    "disability_association",
    "not_listed",
)


#: What an edit form carries of the record as it was opened (``record_seen``).
RECORD_SEEN_FIELDS = (*PLAYER_EDITABLE_FIELDS, "federation")


def record_seen(player: Player) -> dict[str, Any]:
    """The record's fields an officer or an administrator edits (its federation by
    code), as plain values: an edit form carries them as it was opened, and a save over
    what someone saved since is refused (``saved_meanwhile``)."""
    return {
        name: value.isoformat() if hasattr(value, "isoformat") else value
        for name, value in (
            (name, player.federation.code if name == "federation" else getattr(player, name))
            for name in RECORD_SEEN_FIELDS
        )
    }


def saved_meanwhile(seen: Mapping[str, Any], now: Mapping[str, Any]) -> str:
    """Why a save over what someone saved since the form was opened is refused, naming
    each field with its value now; "" where nothing changed."""
    changed = [
        f"{Player._meta.get_field(name).verbose_name} is now “{now[name] or '—'}”"
        for name in RECORD_SEEN_FIELDS
        if seen.get(name) != now[name]
    ]
    if not changed:
        return ""
    return (
        "Someone saved this record since you opened it: "
        + "; ".join(changed)
        + ". Nothing is saved: the form keeps what you typed; check it against that, and "
        "save again."
    )


def federation_correctable(actor: Actor, player: Player) -> bool:
    """Whether ``actor`` may correct ``player``'s federation: an administrator, for a
    record registered here (``NEW_PLAYER_ID_RANGE``), which no FIDE list carries. A FIDE
    ID's federation is FIDE's, changed by its lists (a transfer). A review registered a
    player under the wrong federation and found no way to put it right: the duplicates
    page pairs records of one federation only."""
    first, last = settings.NEW_PLAYER_ID_RANGE
    return actor.is_administrator and first <= player.fide_id <= last


@transaction.atomic
def player_update(
    *,
    actor: Actor,
    player: Player,
    fields: Mapping[str, Any],
    reason: str = "",
    seen: Mapping[str, Any] | None = None,
) -> Player:
    """Correct a player's record (his federation's rating officer, or an administrator);
    the changed fields are recorded in the audit trail with their old and new values.
    The federation too, where ``federation_correctable``. ``seen``: the record as the
    form was opened (``record_seen``), checked under the record's lock."""
    editable = [*PLAYER_EDITABLE_FIELDS]
    if federation_correctable(actor, player):
        editable.append("federation")
    unknown = set(fields) - set(editable)
    if unknown:
        raise ValueError(f"not editable: {', '.join(sorted(unknown))}")
    require(
        actor,
        "edit",
        player,
        "Only the rating officer of the player's federation edits the record.",
    )
    before = Player.objects.select_for_update().select_related("federation").get(pk=player.pk)
    if seen is not None and (refusal := saved_meanwhile(seen, record_seen(before))):
        raise ValidationError(refusal)
    after = copy.copy(before)
    for name, value in fields.items():
        setattr(after, name, value.strip() if isinstance(value, str) else value)
    after.name = written_name(after.name)  # as the twin checks and the search compare
    if after.birth_date:
        after.birth_year = after.birth_date.year
    changes = field_changes(before, after, editable)
    if changes:
        after.full_clean()
        after.save(update_fields=[*changes, "updated_at"])
        audit_record(
            target=after, actor=actor.user, action="edited", reason=reason, changes=changes
        )
    return after


# -- likely duplicates -----------------------------------------------------------------------


@dataclass(frozen=True)
class DuplicateReferences:
    """How an app above the registry moves what names a duplicate being removed to the
    record kept (the tournaments app: its report lines). ``lock(duplicate)`` locks, before
    the two players are, the rows through which others come to name him (the reports: a
    match and an approval take the report's lock first) and returns what it locked;
    ``move(actor, duplicate, kept, locked)`` moves them, returns how many, and refuses
    (ValidationError) what it cannot move, or what named the duplicate outside ``locked``
    meanwhile."""

    lock: Callable[[Player], Any]
    move: Callable[[Actor, Player, Player, Any], int]


#: Registered by the apps above the registry, so that players import none of them.
DUPLICATE_REFERENCES: list[DuplicateReferences] = []


@transaction.atomic
def player_duplicate_remove(*, actor: Actor, duplicate: Player, kept: Player, reason: str) -> int:
    """Remove ``duplicate``, a second record of the player ``kept`` is (an officer
    registered a newcomer from a report line the registry already had), its report lines
    moving to ``kept``; how many rows moved. Only a record that nothing rated names can go:
    no rating, no rated game, no list or period result; one that does stays, as FIDE's
    lists carry it. Both records must be the actor's to edit (their federations' rating
    officer, or an administrator); the reason is kept in the audit trail of ``kept``."""
    reason = reason.strip()
    if not reason:
        raise ValidationError({"reason": "Give a reason: it is kept in the player's history."})
    if duplicate.pk == kept.pk:
        raise ValidationError("Choose another record to keep than the one removed.")
    unconstrained_referrers_locked(Player)
    locked = [(references, references.lock(duplicate)) for references in DUPLICATE_REFERENCES]
    both = Player.objects.select_for_update().filter(pk__in=(duplicate.pk, kept.pk)).order_by("pk")
    if len(both) != 2:  # another officer removed one of them since the page was shown
        raise ValidationError(
            f"FIDE ID {duplicate.fide_id} or {kept.fide_id} was removed meanwhile: look again."
        )
    for player in both:
        require(actor, "edit", player, "Only the players' federation's rating officer does this.")
    if Player.objects.filter(carried_by_the_lists(), pk=duplicate.pk).exists():
        raise ValidationError(
            f"FIDE ID {duplicate.fide_id} is on the lists (rated, or listed unrated): the "
            "lists carry it, so it stays."
        )
    moved = sum(references.move(actor, duplicate, kept, rows) for references, rows in locked)
    naming = sorted(
        str(field.model._meta.verbose_name_plural)
        for field in referring_fields(Player)
        if field.model is not RatingState
        and field.model._base_manager.filter(**{field.name: duplicate}).exists()
    )
    if naming:
        raise ValidationError(
            f"FIDE ID {duplicate.fide_id} stays: {', '.join(naming)} name it, from a report "
            "already approved for rating."
        )
    audit_record(
        target=duplicate,
        actor=actor.user,
        action="removed as a duplicate",
        reason=reason,
        changes={"kept": [None, f"{kept.fide_id} {kept.name}"]},
    )
    audit_record(
        target=kept,
        actor=actor.user,
        action="duplicate removed",
        reason=reason,
        changes={"duplicate": [f"{duplicate.fide_id} {duplicate.name}", None]},
    )
    # A FIDE ID removed before can come back with a FIDE list, and go again.
    RetiredFideId.objects.update_or_create(
        fide_id=duplicate.fide_id,
        defaults={"kept_fide_id": kept.fide_id, "retired_at": timezone.now()},
    )
    duplicate.delete()
    return moved


# -- importing FIDE lists -------------------------------------------------------------------


def first_of_this_month() -> dt.date:
    return timezone.localdate().replace(day=1)


#: FIDE published its first rating list in 1971: a list dated earlier is a mistyped year,
#: which would stand first in every player's history.
FIRST_FIDE_LIST_YEAR = dt.date(1971, 1, 1)


def import_date_refusal(as_of: dt.date) -> str | None:
    """Why a list cannot be imported as in force from ``as_of``, or None: not before 1971
    (``FIRST_FIDE_LIST_YEAR``) and not after the coming lists, whose periods exist (a list
    dated years ahead would show on every page and stand for a list already out)."""
    furthest = furthest_list(timezone.localdate(), list_every_months())
    if as_of < FIRST_FIDE_LIST_YEAR:
        return f"{as_of} is before 1971, the year of FIDE's first rating list"
    if as_of > furthest:
        return f"a list in force from {as_of} is not out yet: at most {furthest}, the coming lists'"
    return None


@transaction.atomic
def player_import_queue(
    *, actor: Actor, upload: File, list_format: str = "", category: str = "", as_of: dt.date
) -> PlayerImport:
    """Keep an uploaded list as received and queue its import (administrators only). The
    caller starts ``players.tasks.import_player_list`` once this has committed."""
    require_administrator(actor, "Only an administrator imports FIDE lists.")
    return PlayerImport.objects.create(
        file=upload,
        source=Path(upload.name or "list").name,
        format=list_format,
        category=category,
        as_of=as_of,
        started_by=actor.user if actor.is_authenticated else None,
    )


def player_import_start(player_import: PlayerImport) -> None:
    """Hand a queued import to a worker (once its upload has committed). A task queue that
    does not take it fails the import with the reason, its list kept as received (a
    review: the page waited for ever, "queued", after a server error)."""
    from players.tasks import import_player_list  # tasks import services

    error = task_queue_refusal(partial(import_player_list.delay, player_import.pk))
    if error is not None:
        _record_failure(player_import, unreachable_message(error, "import"))


def player_import_run(*, player_import_id: int, last_attempt: bool = True) -> PlayerImport:
    """Run a queued import as the administrator who queued it. A failure (a file that is
    not a list) is recorded on the import, not raised. Only one worker runs an import. A
    database error is raised for the task to try again, and recorded on the
    ``last_attempt``."""
    claimed = PlayerImport.objects.filter(
        pk=player_import_id, status__in=(PlayerImport.Status.QUEUED, PlayerImport.Status.RUNNING)
    ).update(status=PlayerImport.Status.RUNNING, started_at=timezone.now())
    player_import = PlayerImport.objects.select_related("started_by").get(pk=player_import_id)
    if not claimed:
        return player_import
    actor = actor_for(player_import.started_by)
    path = Path(player_import.file.path)
    try:
        _import_into(
            player_import, path=path, actor=actor, progress=ImportProgress(player_import, path)
        )
    except (ListUnreadable, PermissionDenied):
        pass  # recorded on the import
    except (OperationalError, InterfaceError) as error:
        if last_attempt:
            _record_failure(player_import, _failure("the database failed", error))
        raise  # transient: the task is retried and claims the import again
    except Exception as error:
        _record_failure(player_import, _failure("internal error", error))
        raise
    return player_import


#: How often an import's progress is told (``ImportProgress``), in seconds.
IMPORT_PROGRESS_EVERY = 0.5


def import_progress_key(player_import_id: int) -> str:
    return f"player-import-progress:{player_import_id}"


def import_progress_percent(player_import: PlayerImport) -> int | None:
    """How much of its file an import under way has read, as its worker last told it, or
    None where this process cannot know: the import is one transaction, which nobody sees
    before it ends, so its progress goes through the cache, which a web process shares
    with the workers where ``CACHE_URL`` names one (README)."""
    if not player_import.in_progress:
        return None
    try:
        told = cache.get(import_progress_key(player_import.pk))
    except Exception:  # a cache server down: the page without its bar
        logger.warning("an import's progress could not be read", exc_info=True)
        return None
    if not told or not told[1]:
        return None
    read, total = told
    return min(100, read * 100 // total)


class ImportProgress:
    """The ``progress`` of ``import_list`` for an import run by a worker: the bytes read of
    the file (compressed, for a zip), told through the cache every
    ``IMPORT_PROGRESS_EVERY`` seconds and at the end (a review: the page said "Running"
    for the minutes FIDE's full list takes, and nothing else)."""

    def __init__(self, player_import: PlayerImport, path: Path) -> None:
        self.key = import_progress_key(player_import.pk)
        try:
            self.total = path.stat().st_size
        except OSError:  # no file: the import says so (``open_list``), with no bar
            self.total = 0
        self.read = 0
        self.told = 0.0
        self._tell()

    def __call__(self, read: int) -> None:
        self.read = min(self.total, self.read + read)
        if time.monotonic() - self.told >= IMPORT_PROGRESS_EVERY or self.read == self.total:
            self._tell()

    def _tell(self) -> None:
        self.told = time.monotonic()
        if not self.total:
            return
        try:
            cache.set(self.key, (self.read, self.total), timeout=24 * 3600)
        except Exception:  # a cache server down: the bar is for show, the import goes on
            logger.warning("an import's progress could not be told", exc_info=True)


def player_import_file(
    *,
    actor: Actor,
    path: Path,
    list_format: str = "",
    category: str = "",
    as_of: dt.date,
    actor_label: str = "",
    progress: Callable[[int], object] | None = None,
) -> PlayerImport:
    """Import the list at ``path`` now (``manage.py import_players``, the benchmark).
    Raises ``ListUnreadable`` for a file that is not a list, after recording it."""
    require_administrator(actor, "Only an administrator imports FIDE lists.")
    player_import = PlayerImport.objects.create(
        source=str(path),
        format=list_format,
        category=category,
        as_of=as_of,
        status=PlayerImport.Status.RUNNING,
        started_at=timezone.now(),
        started_by=actor.user if actor.is_authenticated else None,
        actor_label=actor_label,
    )
    try:
        _import_into(player_import, path=path, actor=actor, progress=progress)
    except (ListUnreadable, PermissionDenied):
        raise  # recorded on the import
    except Exception as error:  # not left "running" for good
        _record_failure(player_import, _failure("internal error", error))
        raise
    return player_import


def _import_into(
    player_import: PlayerImport,
    *,
    path: Path,
    actor: Actor,
    progress: Callable[[int], object] | None = None,
) -> None:
    """The list is imported whole or not at all (one transaction); the import row records
    the outcome either way, and a success is one audit entry (not one per player)."""
    try:
        require_administrator(actor, "Only an administrator imports FIDE lists.")
        history_partition_ensure(player_import.as_of)
        with transaction.atomic():
            # Serialises two workers handed the same import (a redelivered task).
            locked = PlayerImport.objects.select_for_update().get(pk=player_import.pk)
            if locked.status == PlayerImport.Status.DONE:
                return
            summary = import_list(
                path,
                list_format=player_import.format,
                category=player_import.category,
                as_of=player_import.as_of,
                progress=progress,
                name=player_import.source,
                changes_recorded=partial(_changes_audited, player_import, actor),
            )
            _record_summary(player_import, summary)
            audit_record(
                target=player_import,
                actor=actor.user,
                actor_label=player_import.actor_label,
                action="imported player list",
                changes={
                    key: value for key, value in summary.as_json().items() if key != "skipped"
                },
            )
    except (ListUnreadable, PermissionDenied) as error:
        _record_failure(player_import, str(error))
        raise


def _changes_audited(player_import: PlayerImport, actor: Actor, changes: RecordChanges) -> None:
    """Each record the list changed (its name, federation, titles, sex, birth year), in
    its player's history as an officer's edit is, a batch in one statement: a review found
    a transfer, a new name and a title only as "players_updated: 1" on the import. Its
    ratings are the list's own, shown as such; a record it creates is the import's."""
    AuditEntry.objects.bulk_create(
        AuditEntry(**dict(zip(AUDIT_ENTRY_FIELDS, row, strict=True)))
        for row in audit_entry_rows(
            model=Player,
            object_ids=changes,
            actor=actor.user,
            actor_label=player_import.actor_label,
            action="changed by a list import",
            reason=f"The list of {player_import.as_of} ({player_import.source})",
            changes_of=changes,
        )
    )


def _failure(what: str, error: Exception) -> str:
    """An unexpected failure as the import page shows it: what, the error's kind, its words."""
    return f"{what} ({type(error).__name__}): {error}"


def _record_failure(player_import: PlayerImport, error: str) -> None:
    player_import.status = PlayerImport.Status.FAILED
    player_import.error = error
    player_import.finished_at = timezone.now()
    player_import.save(update_fields=["status", "error", "finished_at"])


def _record_summary(player_import: PlayerImport, summary: ImportSummary) -> None:
    player_import.format = summary.format
    for name in (
        "lines_read",
        "players_created",
        "players_updated",
        "players_unchanged",
        "ratings_written",
        "history_written",
        "skipped_count",
    ):
        setattr(player_import, name, getattr(summary, name))
    player_import.skipped = [line.as_json() for line in summary.skipped]
    player_import.federations_created = summary.federations_created
    player_import.left_as_published = summary.left_as_published
    player_import.status = PlayerImport.Status.DONE
    player_import.finished_at = timezone.now()
    player_import.save()
