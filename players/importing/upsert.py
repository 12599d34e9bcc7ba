"""Writing list records to the registry in batches: a handful of queries per batch of
5,000 lines, whatever the format, on SQLite and PostgreSQL alike.

Per batch: read the players, their rating states and this list date's history rows that
already exist; compute what differs; write only that, with ``bulk_create(...,
update_conflicts=True)`` (an upsert on the natural key). So importing the same list again
writes nothing, and an older list adds its history without overwriting newer state.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

import numpy as np

from players.importing.records import CategoryRating, ListRecord, SkippedLine
from players.models import Federation, Player, RatingHistory, RatingState, RatingStatus
from regulations.types import NEW_PLAYER_GAMES, REACHED_2400

BATCH_SIZE = 5_000
#: How many skipped lines a summary keeps (all are counted).
SKIPPED_KEPT = 1_000
#: A list's K at or below this is an established player's (standard-2009 8.56: 15 or 10;
#: R&B 2024 7.3.3 and FIDE's standard lists: 20 or 10); a new player's is 30 or 40.
ESTABLISHED_K = 20
#: K 10 is given once the published rating has reached 2400, and kept.
K_AFTER_2400 = 10
#: The 700 rule (R&B 2024 7.3.3, pre-2024 7.32): over this many games in a period, K x n
#: stays within 700, so a low K may be that rule's rather than the player's.
RULE_700 = 700
#: Before this, rapid and blitz lists gave everyone K 20 (pre-2024 7.32): K tells nothing.
RAPID_BLITZ_K_BY_STATUS_FROM = dt.date(2024, 1, 1)

#: Functions naming the categories whose list of a date is published here (``lists``
#: appends its own when it loads: it sits above ``players``, which may not import it). An
#: import of that date leaves their ratings as published: a published list never changes
#: (a review: FIDE's figure replaced the list's in the history, and the next period rated
#: from it).
PUBLISHED_HERE_CHECKS: list[Callable[[dt.date], Iterable[str]]] = []

PLAYER_FIELDS = (
    "name",
    "federation_id",
    "sex",
    "title",
    "women_title",
    "other_titles",
    "foa_title",
    "birth_year",
)
STATE_FIELDS = (
    "rating",
    "games",
    "period_games",
    "k",
    "reached_2400",
    "active",
    "status",
    "list_date",
    "last_played",
)
HISTORY_FIELDS = ("rating", "games", "k", "active")


@dataclass
class ImportSummary:
    """What an import did."""

    format: str
    as_of: dt.date
    lines_read: int = 0
    players_created: int = 0
    players_updated: int = 0
    players_unchanged: int = 0
    #: Rating states (one per player and category) created or changed.
    ratings_written: int = 0
    #: History rows (player, category, list date) created or changed.
    history_written: int = 0
    federations_created: list[str] = field(default_factory=list)
    #: Categories whose list of this date is published here: their ratings were left as
    #: the list has them (``PUBLISHED_HERE_CHECKS``).
    left_as_published: list[str] = field(default_factory=list)
    skipped_count: int = 0
    skipped: list[SkippedLine] = field(default_factory=list)

    def skip(self, skipped: SkippedLine) -> None:
        self.skipped_count += 1
        if len(self.skipped) < SKIPPED_KEPT:
            self.skipped.append(skipped)

    def as_json(self) -> dict[str, object]:
        return {
            "format": self.format,
            "as_of": self.as_of.isoformat(),
            "lines_read": self.lines_read,
            "players_created": self.players_created,
            "players_updated": self.players_updated,
            "players_unchanged": self.players_unchanged,
            "ratings_written": self.ratings_written,
            "history_written": self.history_written,
            "federations_created": self.federations_created,
            "left_as_published": self.left_as_published,
            "skipped_count": self.skipped_count,
            "skipped": [line.as_json() for line in self.skipped],
        }


def _kept_where_absent(record: ListRecord, values: tuple, current: list) -> tuple:
    """``values`` (in ``PLAYER_FIELDS`` order) with the registry's ``current`` ones where
    the record's list has no column (``ListRecord.absent``): not told is not blank."""
    return tuple(
        now if name in record.absent else value
        for name, value, now in zip(PLAYER_FIELDS, values, current, strict=True)
    )


class IdsSeen:
    """The FIDE IDs an import has written, each with its line, in a few sorted columns
    (16 bytes an ID: FIDE's 1.9 million lines in 30 MB, where a set of Python integers
    takes four times that), merged as they grow so that a batch is looked up in a handful
    of binary searches."""

    def __init__(self) -> None:
        self.runs: list[tuple[np.ndarray, np.ndarray]] = []

    def earlier_lines(self, fide_ids: Sequence[int]) -> dict[int, int]:
        """The line each of ``fide_ids`` that was seen before stood on."""
        wanted = np.asarray(fide_ids, dtype=np.int64)
        found: dict[int, int] = {}
        for ids, lines in self.runs:
            at = np.minimum(np.searchsorted(ids, wanted), len(ids) - 1)
            hits = ids[at] == wanted
            found.update(zip(wanted[hits].tolist(), lines[at[hits]].tolist(), strict=True))
        return found

    def add(self, fide_ids: Sequence[int], lines: Sequence[int]) -> None:
        ids, numbers = np.asarray(fide_ids, dtype=np.int64), np.asarray(lines, dtype=np.int64)
        order = np.argsort(ids, kind="stable")
        self.runs.append((ids[order], numbers[order]))
        while len(self.runs) > 1 and len(self.runs[-2][0]) <= 2 * len(self.runs[-1][0]):
            (ids_a, lines_a), (ids_b, lines_b) = self.runs.pop(-2), self.runs.pop()
            ids, numbers = np.concatenate((ids_a, ids_b)), np.concatenate((lines_a, lines_b))
            order = np.argsort(ids, kind="stable")
            self.runs.append((ids[order], numbers[order]))


def _fields_changed(current: list, values: tuple, federations: dict[str, int]) -> dict[str, list]:
    """{"field": [before, after]} of a record the list changes, its federation by code,
    as the player's history shows an officer's edit."""
    changed = {
        name: [old, new]
        for name, old, new in zip(PLAYER_FIELDS, current, values, strict=True)
        if old != new
    }
    if "federation_id" in changed:
        codes = {pk: code for code, pk in federations.items()}
        changed["federation"] = [codes.get(pk) for pk in changed.pop("federation_id")]
    return changed


#: A batch's records the list changed: player id -> {"field": [before, after]}.
RecordChanges = dict[int, dict[str, list]]
ChangesRecorded = Callable[[RecordChanges], None]


class ListWriter:
    """Collects records and writes them a batch at a time; call ``flush`` at the end."""

    def __init__(
        self,
        summary: ImportSummary,
        batch_size: int = BATCH_SIZE,
        changes_recorded: ChangesRecorded | None = None,
    ) -> None:
        self.summary = summary
        #: Told, a batch at a time, how the list changed records it had (``RecordChanges``).
        self.changes_recorded = changes_recorded
        self.as_of = summary.as_of
        self.batch_size = batch_size
        self.batch: dict[int, ListRecord] = {}
        #: The FIDE IDs of the batches written: one further on is skipped and named, as one
        #: within a batch is (a review: one more than a batch apart overwrote the first).
        self.seen = IdsSeen()
        #: The batch's activity as its states have it, by (FIDE ID, category), for the
        #: history (``_state_values``).
        self.activity: dict[tuple[int, str], bool] = {}
        self.federations = dict(Federation.objects.values_list("code", "pk"))
        self.published_here = frozenset(
            category for check in PUBLISHED_HERE_CHECKS for category in check(self.as_of)
        )
        summary.left_as_published = sorted(self.published_here)

    def add(self, record: ListRecord | SkippedLine) -> None:
        self.summary.lines_read += 1
        if isinstance(record, SkippedLine):
            self.summary.skip(record)
            return
        first = self.batch.get(record.fide_id)
        if first is not None:
            self.summary.skip(
                SkippedLine(record.line, f"FIDE ID {record.fide_id} is also on line {first.line}")
            )
            return
        self.batch[record.fide_id] = record
        if len(self.batch) >= self.batch_size:
            self.flush()

    def flush(self) -> None:
        if not self.batch:
            return
        records = list(self.batch.values())
        self.batch, self.activity = {}, {}
        earlier = self.seen.earlier_lines([record.fide_id for record in records])
        for record in records:
            if record.fide_id in earlier:
                line = earlier[record.fide_id]
                self.summary.skip(
                    SkippedLine(record.line, f"FIDE ID {record.fide_id} is also on line {line}")
                )
        records = [record for record in records if record.fide_id not in earlier]
        if not records:
            return
        self.seen.add([r.fide_id for r in records], [r.line for r in records])
        self._add_federations(records)
        player_ids = self._write_players(records)
        self._write_states(records, player_ids)
        self._write_history(records, player_ids)

    def _add_federations(self, records: list[ListRecord]) -> None:
        """Unknown federations are created with their code as the name."""
        new = sorted({r.federation for r in records} - self.federations.keys())
        if not new:
            return
        Federation.objects.bulk_create(
            [Federation(code=code, name=code) for code in new], ignore_conflicts=True
        )
        self.federations.update(Federation.objects.filter(code__in=new).values_list("code", "pk"))
        self.summary.federations_created.extend(new)

    def _write_players(self, records: list[ListRecord]) -> dict[int, int]:
        """Upsert by FIDE ID; returns FIDE ID -> primary key."""
        existing = {
            row[0]: row[1:]
            for row in Player.objects.filter(fide_id__in=[r.fide_id for r in records])
            .order_by()
            .values_list("fide_id", "pk", "list_date", *PLAYER_FIELDS)
        }
        writes, created = [], []
        changes: RecordChanges = {}
        for record in records:
            values = (
                record.name,
                self.federations[record.federation],
                record.sex,
                record.title,
                record.women_title,
                record.other_titles,
                record.foa_title,
                record.birth_year,
            )
            found = existing.get(record.fide_id)
            if found is None:
                created.append(record.fide_id)
                self.summary.players_created += 1
            else:
                _, list_date, *current = found
                values = _kept_where_absent(record, values, current)
                if list_date is not None and list_date > self.as_of:
                    self.summary.players_unchanged += 1  # a newer list has spoken
                    continue
                if tuple(current) == values:
                    self.summary.players_unchanged += 1
                    if list_date == self.as_of:
                        continue
                else:
                    self.summary.players_updated += 1
                    changes[found[0]] = _fields_changed(current, values, self.federations)
            writes.append(
                Player(
                    fide_id=record.fide_id,
                    list_date=self.as_of,
                    **dict(zip(PLAYER_FIELDS, values, strict=True)),
                )
            )
        if writes:
            Player.objects.bulk_create(
                writes,
                update_conflicts=True,
                unique_fields=["fide_id"],
                update_fields=[*PLAYER_FIELDS, "list_date", "updated_at"],
            )
        if changes and self.changes_recorded is not None:
            self.changes_recorded(changes)
        ids = {fide_id: found[0] for fide_id, found in existing.items()}
        if created:
            ids.update(Player.objects.filter(fide_id__in=created).values_list("fide_id", "pk"))
        return ids

    def _write_states(self, records: list[ListRecord], player_ids: dict[int, int]) -> None:
        """The state in force: replaced by a list as new as or newer than its own;
        ``reached_2400`` is set by any list that shows 2400 and never unset; ``games`` (the
        total) grows by each newer list's period games."""
        existing = {
            (row[0], row[1]): row[2:]
            for row in RatingState.objects.filter(player_id__in=player_ids.values())
            .order_by()
            .values_list("player_id", "category", *STATE_FIELDS)
        }
        writes = []
        for record in records:
            player_id = player_ids[record.fide_id]
            for entry in self._ratings(record):
                current = existing.get((player_id, entry.category))
                reached = self._k_shows(entry, K_AFTER_2400) or (
                    entry.rating is not None and entry.rating >= REACHED_2400
                )
                if current is not None:
                    current_values = dict(zip(STATE_FIELDS, current, strict=True))
                    reached = reached or current_values["reached_2400"]
                    newer = current_values["list_date"] and current_values["list_date"] > self.as_of
                    if newer:
                        if reached == current_values["reached_2400"]:
                            continue
                        values = {**current_values, "reached_2400": reached}
                    else:
                        values = self._state_values(
                            record,
                            entry,
                            reached,
                            self._games(current_values, entry),
                            current_values["last_played"],
                            current_values["active"],
                        )
                    if values == current_values:
                        continue
                else:
                    values = self._state_values(
                        record, entry, reached, self._total(entry.games, entry)
                    )
                writes.append(RatingState(player_id=player_id, category=entry.category, **values))
        if writes:
            RatingState.objects.bulk_create(
                writes,
                update_conflicts=True,
                unique_fields=["player", "category"],
                update_fields=list(STATE_FIELDS),
            )
            self.summary.ratings_written += len(writes)

    def _ratings(self, record: ListRecord) -> list[CategoryRating]:
        """The record's ratings in the categories whose list of this date is not
        published here."""
        return [entry for entry in record.ratings if entry.category not in self.published_here]

    def _games(self, current: dict[str, object], entry: CategoryRating) -> int:
        """The total of rated games: a newer list adds its period's games; the same list
        again adds nothing (DESIGN.md interpretation 4)."""
        if current["list_date"] == self.as_of:
            return current["games"]
        return self._total(current["games"] + entry.games, entry)

    def _total(self, games: int, entry: CategoryRating) -> int:
        """The rated games so far as far as a list tells: it gives only the last period's
        (DESIGN-notes 37), but an established player's K shows at least
        ``NEW_PLAYER_GAMES``, so that K is not taken for a new player's (interpretation 4)."""
        if self._k_shows(entry, ESTABLISHED_K):
            return max(games, NEW_PLAYER_GAMES)
        return games

    def _k_shows(self, entry: CategoryRating, k: int) -> bool:
        """Whether the list's K, at most ``k``, is the player's own: not where every player
        had K 20 (rapid and blitz before 2024), nor where the 700 rule could have lowered
        a higher K to it (the period's games over 700 / (k + 1))."""
        if entry.k is None or not 0 < entry.k <= k:
            return False
        if entry.category != "standard" and self.as_of < RAPID_BLITZ_K_BY_STATUS_FROM:
            return False
        return entry.games * (k + 1) <= RULE_700

    def _state_values(
        self,
        record: ListRecord,
        entry: CategoryRating,
        reached: bool,
        games: int,
        last_played: dt.date | None = None,
        active: bool | None = None,
    ) -> dict[str, object]:
        """The state the list gives. Active on it, the player played within the twelve
        months before it (interpretation 9): the list date stands for his last game, so
        that he turns inactive twelve months on without one (never too early, up to a year
        late); inactive on it, he keeps what was known. A list without a flag column does
        not tell: the player's state stays as ``active`` (as it was) and ``last_played``
        say; a player new to the registry is taken as active."""
        if "flag" not in record.absent or active is None:
            active = record.active
            last_played = self.as_of if active else last_played
        self.activity[record.fide_id, entry.category] = active
        return {
            "rating": entry.rating,
            "games": games,
            "period_games": entry.games,
            "k": entry.k,
            "reached_2400": reached,
            "active": active,
            "status": RatingStatus.RATED if entry.rating else RatingStatus.UNRATED,
            "list_date": self.as_of,
            "last_played": last_played,
        }

    @staticmethod
    def _listed_active(record: ListRecord) -> bool | None:
        """Whether the list shows the player active: not told (None) by a list without a
        flag column, whose history row would otherwise call every player active on it."""
        return None if "flag" in record.absent else record.active

    def _write_history(self, records: list[ListRecord], player_ids: dict[int, int]) -> None:
        """One row per player, category and list date; the same list again writes nothing."""
        existing = {
            (row[0], row[1]): row[2:]
            for row in RatingHistory.objects.filter(
                player_id__in=player_ids.values(), list_date=self.as_of
            )
            .order_by()
            .values_list("player_id", "category", *HISTORY_FIELDS)
        }
        writes = []
        for record in records:
            player_id = player_ids[record.fide_id]
            for entry in self._ratings(record):
                active = self.activity.get(
                    (record.fide_id, entry.category), self._listed_active(record)
                )
                values = (entry.rating, entry.games, entry.k, active)
                if existing.get((player_id, entry.category)) == values:
                    continue
                writes.append(
                    RatingHistory(
                        player_id=player_id,
                        category=entry.category,
                        list_date=self.as_of,
                        **dict(zip(HISTORY_FIELDS, values, strict=True)),
                    )
                )
        if writes:
            RatingHistory.objects.bulk_create(
                writes,
                update_conflicts=True,
                unique_fields=["player", "category", "list_date"],
                update_fields=list(HISTORY_FIELDS),
            )
            self.summary.history_written += len(writes)
