"""``manage.py import_players PATH [--format F] [--category C] [--as-of YYYY-MM-DD] [--json]``

``--format``: fide-txt, fide-xml or csv; ``--category``: a one-category list's (standard,
rapid or blitz), where its file name does not say it.

Imports a FIDE list as the list in force from ``--as-of`` (default: the 1st of this
month), acting as an administrator (audited as "import_players", one entry per import).
Bad input: exit status 2 and one line on stderr naming the file and the problem.
"""

from __future__ import annotations

import datetime as dt
import json
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from django.template.defaultfilters import pluralize
from tqdm import tqdm

from players.access import Actor
from players.importing import FORMATS, ListUnreadable
from players.management.batch import BatchCommand, bad_file
from players.models import PlayerImport, RatingCategory
from players.services import first_of_this_month, import_date_refusal, player_import_file

#: The command is trusted as an administrator would be; it has no user.
COMMAND_ACTOR = Actor(is_administrator=True)


class Command(BatchCommand):
    help = "Import a FIDE player list (TXT, XML or CSV) into the registry."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("path", help="the list (a .zip holding one list is read in place)")
        parser.add_argument(
            "--format", choices=FORMATS, help="default: from the extension or the first line"
        )
        parser.add_argument(
            "--category",
            choices=RatingCategory.values,
            help="a one-category list's, where its file name does not say it (FIDE's "
            "rapid_rating_list.txt does)",
        )
        parser.add_argument(
            "--as-of",
            help="YYYY-MM-DD: the date the list is in force from (default: the 1st "
            "of the current month)",
        )
        parser.add_argument("--json", action="store_true", help="print the summary as JSON")

    def handle(self, *args: Any, **options: Any) -> None:
        path = options["path"]
        as_of = parse_as_of(path, options["as_of"])
        if Path(path).is_dir():
            raise bad_file(path, "a directory, not a list: name the list's file")
        if not Path(path).is_file():
            raise bad_file(path, "no such file")
        with progress_bar(Path(path)) as bar:
            try:
                player_import = player_import_file(
                    actor=COMMAND_ACTOR,
                    path=Path(path),
                    list_format=options["format"] or "",
                    category=options["category"] or "",
                    as_of=as_of,
                    actor_label="import_players",
                    progress=bar.update if bar else None,
                )
            except ListUnreadable as error:
                raise bad_file(path, str(error)) from None
        if options["json"]:
            self.stdout.write(json.dumps(summary_json(player_import), ensure_ascii=False))
        else:
            self.stdout.write(human_summary(player_import))


def parse_as_of(path: str, text: str | None) -> dt.date:
    if text is None:
        return first_of_this_month()
    try:
        as_of = dt.date.fromisoformat(text)
    except ValueError:
        raise bad_file(path, f"--as-of {text!r} is not a date (YYYY-MM-DD)") from None
    if refusal := import_date_refusal(as_of):
        raise bad_file(path, f"--as-of: {refusal}")
    return as_of


@contextmanager
def progress_bar(path: Path) -> Iterator[tqdm | None]:
    """A tqdm bar of bytes read, on stderr when it is a terminal; None otherwise."""
    if not sys.stderr.isatty():
        yield None
        return
    with tqdm(total=path.stat().st_size, unit="B", unit_scale=True, file=sys.stderr) as bar:
        yield bar


def summary_json(player_import: PlayerImport) -> dict[str, object]:
    return {
        "file": player_import.source,
        "format": player_import.format,
        "as_of": player_import.as_of.isoformat(),
        "lines_read": player_import.lines_read,
        "players_created": player_import.players_created,
        "players_updated": player_import.players_updated,
        "players_unchanged": player_import.players_unchanged,
        "ratings_written": player_import.ratings_written,
        "history_written": player_import.history_written,
        "skipped_count": player_import.skipped_count,
        "skipped": player_import.skipped,
        "federations_created": player_import.federations_created,
        "left_as_published": player_import.left_as_published,
    }


def counted(number: int, noun: str) -> str:
    return f"{number} {noun}{pluralize(number)}"


def human_summary(player_import: PlayerImport) -> str:
    # An XML list's lines are its player records, as its import's page says (a review: "line
    # 4" for the fourth record, on the file's line 67).
    unit = "record" if player_import.format == "fide-xml" else "line"
    lines = [
        f"{player_import.source} ({player_import.format}, in force from "
        f"{player_import.as_of}): {counted(player_import.lines_read, unit)} read; players "
        f"{player_import.players_created} created, {player_import.players_updated} updated, "
        f"{player_import.players_unchanged} unchanged; "
        f"{counted(player_import.ratings_written, 'rating')} and "
        f"{counted(player_import.history_written, 'history row')} written; "
        f"{counted(player_import.skipped_count, unit)} skipped."
    ]
    if player_import.left_as_published:
        lines.append(
            f"Left as published here, the lists of {player_import.as_of} being ours: "
            + ", ".join(player_import.left_as_published)
        )
    if player_import.federations_created:
        lines.append(
            "Federations new to the registry, created with their code as the name: "
            + ", ".join(player_import.federations_created)
        )
    lines += [f"  {unit} {s['line']}: {s['reason']}" for s in player_import.skipped]
    return "\n".join(lines)
