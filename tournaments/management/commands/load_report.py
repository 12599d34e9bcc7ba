"""``manage.py load_report PATH --category C [--register] [--approve] [--federation CODE]
[--tournament ID] [--name NAME] [--games PGN] [--json]``

Bulk backfills (DESIGN.md batch interface): registers the tournament from the report's
headers when asked (late registrations included), uploads and validates the report, and
approves it when asked and there is no error. Acts with an administrator's authority; the
audit trail names the command. Bad input: exit status 2 and one line on stderr.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management.base import CommandError

from players.management.batch import BatchCommand, bad_file
from players.models import Federation, RatingCategory
from tournaments.batch import CannotLoad, LoadOutcome, report_load
from tournaments.management.commands.rate_trf import refuse_unusable
from tournaments.reports.services import (
    GamesFileRefused,
    GamesUpload,
    games_upload_read,
    size_refusal,
)
from tournaments.trf import parse


class Command(BatchCommand):
    help = "Register (--register), upload and approve (--approve) one tournament report."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("path", help="the TRF file")
        parser.add_argument("--category", required=True, help="standard, rapid or blitz")
        parser.add_argument("--register", action="store_true", help="register it if needed")
        parser.add_argument("--approve", action="store_true", help="grant approvals; approve")
        parser.add_argument(
            "--federation",
            help="the federation that registers the tournament (default: record 032's)",
        )
        parser.add_argument("--tournament", type=int, help="add a version to tournament #ID")
        parser.add_argument("--name", help="the tournament's name, when record 012 is shared")
        parser.add_argument(
            "--games", help="a hybrid event's games in PGN, uploaded with it (R&B 2024 8.4)"
        )
        parser.add_argument("--json", action="store_true", help="print one JSON document")

    def handle(self, *args: Any, **options: Any) -> None:
        path = options["path"]
        category = options["category"]
        if category not in RatingCategory.values:
            raise bad_file(path, f"unknown category '{category}'; use standard, rapid or blitz")
        federation = None
        if options["federation"]:
            federation = Federation.objects.filter(code=options["federation"].upper()).first()
            if federation is None:
                raise bad_file(path, f"no federation '{options['federation']}' in the registry")
        try:
            data = Path(path).read_bytes()
        except OSError as error:
            raise bad_file(path, error.strerror or str(error)) from None
        # Before anything is registered or granted for it (a review: a 6 MB file was).
        if too_large := size_refusal(len(data), settings.REPORT_UPLOAD_MAX_BYTES):
            raise bad_file(path, too_large)
        games = _games_file(options["games"]) if options["games"] else None
        parsed = parse(data)
        if parsed.report is None:
            refuse_unusable(path, parsed)
        try:
            outcome = report_load(
                report=parsed.report,  # type: ignore[arg-type]
                parsed=parsed,
                data=data,
                filename=Path(path).name,
                category=category,
                register=options["register"],
                approve=options["approve"],
                federation=federation,
                tournament_id=options["tournament"],
                name=options["name"],
                games=games,
            )
        except CannotLoad as error:
            raise bad_file(path, str(error)) from None
        if options["json"]:
            self.stdout.write(json.dumps(as_json(outcome), ensure_ascii=False, indent=2))
        else:
            self.stdout.write(human(path, outcome))


def _games_file(path: str) -> GamesUpload:
    """The games file read as the upload reads it: one that cannot be read, too large or
    holding no game is refused before anything is registered or granted for the report
    (a review: a report chosen twice registered and approved the tournament first)."""
    try:
        data = Path(path).read_bytes()
    except OSError as error:
        raise bad_file(path, error.strerror or str(error)) from None
    try:
        return games_upload_read(SimpleUploadedFile(Path(path).name, data))
    except GamesFileRefused as refusal:
        raise bad_file(path, " ".join(refusal.messages)) from None


def as_json(outcome: LoadOutcome) -> dict[str, Any]:
    tournament, report = outcome.tournament, outcome.report
    return {
        "tournament": {
            "id": tournament.pk,
            "name": tournament.name,
            "status": tournament.status,
            "rule_set": tournament.rule_set,
            "registered": outcome.registered,
            "late": tournament.late,
            "approvals_granted": outcome.approvals_granted,
            "assumed": outcome.assumed,
        },
        "report": {
            "version": report.version,
            "status": report.status,
            "errors": report.error_count,
            "warnings": report.warning_count,
            "sha256": report.sha256,
            "games_file": report.games_original_name,
            "games": report.games_count,
        },
        "approved": outcome.approved,
        "refusal": outcome.refusal,
        "findings": [
            {
                "severity": f.severity,
                "code": f.code,
                "line": f.line,
                "column": f.column,
                "rule": f.rule,
                "message": f.message,
            }
            for f in report.findings.all()
        ],
    }


def human(path: str, outcome: LoadOutcome) -> str:
    document = as_json(outcome)
    tournament, report = document["tournament"], document["report"]
    lines = [
        f"{path}: {tournament['name']} ({tournament['rule_set']}), "
        f"{'registered now' if tournament['registered'] else 'already registered'}"
        + (", late" if tournament["late"] else ""),
        f"Report v{report['version']}: {report['status']}, {report['errors']} errors, "
        f"{report['warnings']} warnings; tournament {tournament['status']}",
    ]
    if tournament["assumed"]:
        lines.append("Assumed: " + "; ".join(tournament["assumed"]))
    if outcome.refusal:
        lines.append(f"Not approved: {outcome.refusal}")
    for finding in document["findings"]:
        if finding["severity"] != "info":
            place = f"line {finding['line']}: " if finding["line"] else ""
            lines.append(f"  {finding['severity']:<7} {place}{finding['message']}")
    return "\n".join(lines)


__all__ = ["Command", "CommandError"]
