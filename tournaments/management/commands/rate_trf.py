"""``manage.py rate_trf PATH [--rules ID] [--system swiss|round-robin] [--json]``

The officer's quick check: rates one tournament report on its own and writes nothing
(DESIGN.md, "The officers' batch interface"). Bad input: exit status 2 and one line on
stderr naming the file and the problem.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from django.db import DatabaseError

from players.management.batch import BatchCommand, bad_file
from regulations import DEFAULT_SCHEDULE, RULE_SETS, EffectiveDate
from tournaments.report_rating import SYSTEMS, ReportNotRateable, ReportRating, rate_report
from tournaments.selectors import rule_schedule
from tournaments.trf import Finding, ParseResult, Severity, parse


class Command(BatchCommand):
    help = "Rate one TRF tournament report on its own (writes nothing)."
    requires_system_checks: list[str] = []
    requires_migrations_checks = False

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("path", help="the TRF file")
        parser.add_argument(
            "--rules",
            help="rule set id (default: the one in force for the report's category and "
            f"start date): {', '.join(sorted(RULE_SETS))}",
        )
        parser.add_argument("--system", help="swiss or round-robin (default: what record 092 says)")
        parser.add_argument("--json", action="store_true", help="print one JSON document")

    def handle(self, *args: Any, **options: Any) -> None:
        path = options["path"]
        if options["system"] is not None and options["system"] not in SYSTEMS:
            raise bad_file(path, f"unknown system '{options['system']}'; use swiss or round-robin")
        try:
            data = Path(path).read_bytes()
        except OSError as error:
            raise bad_file(path, error.strerror or str(error)) from None
        parsed = parse(data)
        refuse_unusable(path, parsed)
        schedule, notes = _schedule() if options["rules"] is None else (DEFAULT_SCHEDULE, ())
        try:
            rating = rate_report(
                parsed.report,  # type: ignore[arg-type]  # refuse_unusable checked it
                rules_id=options["rules"],
                system=options["system"],
                findings=(*parsed.findings, *notes),
                schedule=schedule,
            )
        except ReportNotRateable as error:
            raise bad_file(path, str(error)) from None
        if options["json"]:
            self.stdout.write(json.dumps(rating.as_json(), ensure_ascii=False, indent=2))
        else:
            self.stdout.write(human_report(path, rating))


def _schedule() -> tuple[tuple[EffectiveDate, ...], tuple[Finding, ...]]:
    """The administrators' effective dates, as registration and the period read them; on a
    machine without the database (a report checked on its own), DESIGN.md's, with a note."""
    try:
        return rule_schedule(), ()
    except DatabaseError as error:
        note = Finding(
            Severity.INFO,
            "rule-schedule-default",
            "The administrators' rule-set dates could not be read from the database "
            f"({str(error).strip().splitlines()[0]}): DESIGN.md's dates are used.",
        )
        return DEFAULT_SCHEDULE, (note,)


def refuse_unusable(path: str, parsed: ParseResult) -> None:
    """A report with errors is not rated: the first error, with its place, and a count."""
    errors = [f for f in parsed.findings if f.severity == Severity.ERROR]
    if parsed.report is not None and not errors:
        return
    if not errors:
        raise bad_file(path, "no usable player record (001) in the file")
    first = errors[0]
    place = ", ".join(
        part
        for part in (
            f"line {first.line}" if first.line else "",
            f"column {first.column}" if first.column else "",
        )
        if part
    )
    more = f" ({len(errors)} errors in all)" if len(errors) > 1 else ""
    # As the upload page says it: no player read, where the reader first stopped reading.
    placed = next((f for f in parsed.findings if f.line), None) if not place else None
    where = f" The first line not read: {placed.located}" if placed else ""
    raise bad_file(path, f"{place + ': ' if place else ''}{first.message}{more}{where}")


def human_report(path: str, rating: ReportRating) -> str:
    """A readable table: rated players, unrated players, findings."""
    lines = [
        f"{path}",
        f"Rules: {rating.rules}   System: {rating.system}   Category: {rating.category}",
        "",
        f"{'No':>4}  {'Name':<32} {'Rtg':>4} {'Gms':>4} {'Score':>5} {'Exp':>6} "
        f"{'K':>3} {'Change':>8} {'Rnd':>4}",
    ]
    for p in rating.players:
        lines.append(
            f"{p.start_rank:>4}  {p.name[:32]:<32} {p.rating:>4} {p.games:>4} {p.score:>5.1f} "
            f"{p.expected:>6} {p.k:>3} {p.change:>+8} {p.change_rounded:>+4}"
        )
    if not rating.players:
        lines.append("      (no rated players)")
    if rating.unrated:
        lines += ["", f"{'No':>4}  {'Unrated':<32} {'Gms':>4} {'Score':>5} {'Perf':>7}"]
        for u in rating.unrated:
            performance = "-" if u.performance is None else str(u.performance)
            lines.append(
                f"{u.start_rank:>4}  {u.name[:32]:<32} {u.games_vs_rated:>4} "
                f"{u.score_vs_rated:>5.1f} {performance:>7}"
            )
    if rating.findings:
        lines += ["", f"Findings ({len(rating.findings)}):"]
        for f in rating.findings:
            place = f"line {f.line}" + (f", col {f.column}" if f.column else "") if f.line else ""
            lines.append(f"  {f.severity:<7} {place:<18} {f.message} [{f.rule}]")
    return "\n".join(lines)
