"""``manage.py export_list YYYY-MM --category C --format txt|csv|json|xml [-o PATH] [--json]``

Writes the published list of the 1st of that month (DESIGN.md batch interface) to PATH, or
to stdout when no path is given. The file is streamed, never built in memory, and appears
at PATH only once complete; ``--json`` then prints what was written as one JSON document
(the batch interface's rule for every command). Bad input (a month that is not one, an
unknown category or format, a list that is not published): exit status 2 and one line on
stderr.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import json
import os
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from lists.exports import FORMATS, export_list
from lists.management.commands.compute_period import list_date_argument
from lists.models import RatingPeriod
from lists.selectors import published_entries
from players.management.batch import BatchCommand, bad_file, bad_input
from players.models import RatingCategory


class Command(BatchCommand):
    help = "Write a published rating list as FIDE TXT, FIDE XML, CSV or JSON."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("month", help="YYYY-MM: the list of the 1st of that month")
        parser.add_argument("--category", required=True, help=", ".join(RatingCategory.values))
        parser.add_argument("--format", required=True, help=", ".join(FORMATS))
        parser.add_argument("-o", "--output", help="the file to write (default: stdout)")
        parser.add_argument(
            "--json",
            action="store_true",
            help="with -o: print what was written as one JSON document (without -o, stdout "
            "is the list itself)",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        month, category, fmt = options["month"], options["category"], options["format"]
        list_date = list_date_argument(month)
        if category not in RatingCategory.values:
            raise bad_input(
                f"unknown category '{category}'; use {', '.join(RatingCategory.values)}"
            )
        if fmt not in FORMATS:
            raise bad_input(f"unknown format '{fmt}'; use {', '.join(FORMATS)}")
        period = published_period(category, month, list_date)
        if options["output"] == "":
            raise bad_input("-o: no path given (leave -o out to write to stdout)")
        if options["json"] and not options["output"] and fmt != "json":
            # Without -o stdout is the list; it is one JSON document only as --format json.
            raise bad_input(
                "--json prints what -o PATH received; without -o stdout is the list itself "
                "(--format json for a JSON document)"
            )
        chunks = export_list(period, fmt)
        if options["output"]:
            write_file(options["output"], chunks)
            if options["json"]:
                document = {
                    "category": category,
                    "list_date": list_date.isoformat(),
                    "format": fmt,
                    "path": options["output"],
                    "entries": published_entries(period).count(),
                }
                self.stdout.write(json.dumps(document))
        else:
            self.stdout_in_utf8()
            try:
                for chunk in chunks:
                    self.stdout.write(chunk, ending="")
                self.stdout.flush()
            except BrokenPipeError:
                raise self.reader_gone() from None
            except (OSError, AttributeError) as error:
                # A full disk behind a redirection, or stdout closed (``>&-``: Python then
                # has no sys.stdout, and writing to None raises AttributeError); one line,
                # as -o PATH says it (a review found a traceback).
                self.reader_gone()  # Python's own flush at exit would fail again
                reason = getattr(error, "strerror", None) or "closed"
                raise bad_file("stdout", reason) from None

    def stdout_in_utf8(self) -> None:
        """The list goes to the process's stdout in UTF-8, as -o PATH writes it, whatever
        the locale says (a review: under a Latin-1 locale, or Windows' code page behind
        ``> list.txt``, the first name outside it ended in a UnicodeEncodeError traceback
        and half a file)."""
        if self.stdout._out is sys.stdout and hasattr(sys.stdout, "reconfigure"):
            sys.stdout.reconfigure(encoding="utf-8")

    def reader_gone(self) -> SystemExit:
        """Whoever read stdout went away (``export_list ... | head``, a review found a
        traceback): nothing more is written, and exit status 1, quietly. Python's own
        flush of stdout at exit would fail again, so stdout is put to /dev/null first, as
        the Python documentation's note on SIGPIPE does (not when the caller gave a stream
        of its own, ``call_command(stdout=...)``)."""
        if self.stdout._out is sys.stdout:
            with contextlib.suppress(AttributeError, ValueError, OSError):
                os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return SystemExit(1)


def published_period(category: str, month: str, list_date: dt.date) -> RatingPeriod:
    period = RatingPeriod.objects.filter(category=category, list_date=list_date).first()
    if period is None:
        raise bad_input(f"{month}: there is no {category} list of {list_date:%Y-%m-%d}")
    if not period.is_published:
        raise bad_input(
            f"{month}: the {period} is {period.get_status_display().lower()}, not published"
        )
    return period


def write_file(path: str, chunks: Iterator[str]) -> None:
    """Write beside the target and rename: a failed export leaves no half-written file. A
    symbolic link is written through (the file it names is replaced, the link stays). A
    descriptor (/dev/stdout, /dev/fd/N) or a file that is not a regular one (a pipe, a
    device) is written into as it stands, appended to: it may be the caller's own
    redirection (``-o /dev/stdout >> list.txt``), and renaming over it would replace it."""
    if _is_descriptor(path) or (os.path.exists(path) and not os.path.isfile(path)):
        if os.path.isdir(path):
            raise bad_file(path, "is a directory")
        _write_into(path, chunks)
        return
    target = Path(os.path.realpath(path))
    try:
        handle, temporary = tempfile.mkstemp(
            dir=target.parent, prefix=f".{target.name}.", suffix=".part"
        )
    except OSError as error:
        raise bad_file(path, error.strerror or str(error)) from None
    try:
        with open(handle, "w", encoding="utf-8", newline="") as file:
            for chunk in chunks:
                file.write(chunk)
        os.chmod(temporary, _mode_for(target))
        os.replace(temporary, target)
    except OSError as error:
        Path(temporary).unlink(missing_ok=True)
        raise bad_file(path, error.strerror or str(error)) from None
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


#: Where a path names a descriptor of the process rather than a file.
DESCRIPTOR_DIRECTORIES = ("/proc/", "/dev/fd/")


def _is_descriptor(path: str) -> bool:
    """Whether ``path``, or a link on the way to what it names, is a process's descriptor
    (/dev/stdout is a link to /proc/self/fd/1)."""
    current, seen = os.path.abspath(path), set()
    while True:
        if current.startswith(DESCRIPTOR_DIRECTORIES):
            return True
        if current in seen or not os.path.islink(current):
            return False
        seen.add(current)
        try:
            link = os.readlink(current)
        except OSError:
            return False
        current = os.path.normpath(os.path.join(os.path.dirname(current), link))


def _write_into(path: str, chunks: Iterator[str]) -> None:
    try:
        with open(path, "a", encoding="utf-8", newline="") as file:
            for chunk in chunks:
                file.write(chunk)
    except OSError as error:
        raise bad_file(path, error.strerror or str(error)) from None


def _mode_for(target: Path) -> int:
    """The permissions of the file replaced, else an ordinary file's (mkstemp creates
    files 0600)."""
    try:
        return target.stat().st_mode & 0o7777
    except OSError:
        return 0o666 & ~_umask()


def _umask() -> int:
    """The process's umask (mkstemp creates files 0600; an export is an ordinary file)."""
    mask = os.umask(0)
    os.umask(mask)
    return mask
