"""Findings: what a reader or a checker has to say about a file, with where it is.

The type is deliberately generic: the TRF parser produces findings, and later checks
(validation of a report against the rating regulations) reuse the same type, so a rating
officer sees one list sorted one way.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field


class Severity(enum.StrEnum):
    """How much a finding matters.

    ERROR: the data cannot be trusted as it stands (a rating officer must act).
    WARNING: the data was read, but something looks wrong or was guessed.
    INFO: something unusual was tolerated; nothing needs doing.
    """

    ERROR = "error"
    WARNING = "warning"
    INFO = "info"


_SEVERITY_ORDER = {Severity.ERROR: 0, Severity.WARNING: 1, Severity.INFO: 2}


@dataclass(frozen=True)
class Finding:
    """One thing worth telling the user about, located as precisely as possible.

    `line` and `column` are 1-based; columns count characters after decoding (TRF16 columns
    are character positions, trf16.md §7.1). Either may be None for whole-file findings.
    """

    severity: Severity
    code: str
    message: str
    line: int | None = None
    column: int | None = None
    rule: str = ""
    #: A finding of the whole file located at its first instance (the message names it):
    #: sorted with the whole-file findings, ahead of the located ones.
    summary: bool = False

    @property
    def located(self) -> str:
        """The message with its line in front ("line 8: ..."), unless it begins with it
        or sums up the whole file."""
        if self.line is None or self.summary or self.message.startswith("Line "):
            return self.message
        return f"line {self.line}: {self.message}"


def finding_sort_key(finding: Finding) -> tuple[int, int, int, str]:
    """Errors first, then warnings, then info; within a severity by position.

    Whole-file findings (no line, or a summary) come before the located ones of the same
    severity.
    """
    return (
        _SEVERITY_ORDER[finding.severity],
        0 if finding.summary else finding.line or 0,
        0 if finding.summary else finding.column or 0,
        finding.code,
    )


def sort_findings(findings: Iterable[Finding]) -> tuple[Finding, ...]:
    """Return the findings sorted by severity, then line, then column."""
    return tuple(sorted(findings, key=finding_sort_key))


@dataclass
class _Tally:
    """Occurrences of one repeated, tolerated quirk (reported once, with a count)."""

    severity: Severity
    code: str
    describe: Callable[[int], str]
    line: int | None
    column: int | None
    rule: str
    count: int = 0


@dataclass
class FindingCollector:
    """Accumulates findings while a file is read.

    Repeated harmless quirks (the same unusual convention on hundreds of lines) are
    *tallied*: they become one finding at their first occurrence, with a count, so that
    the real problems are not buried.
    """

    _findings: list[Finding] = field(default_factory=list)
    _tallies: dict[tuple[str, str], _Tally] = field(default_factory=dict)

    def add(
        self,
        severity: Severity,
        code: str,
        message: str,
        *,
        line: int | None = None,
        column: int | None = None,
        rule: str = "",
        summary: bool = False,
    ) -> None:
        """Record one finding as it is."""
        self._findings.append(Finding(severity, code, message, line, column, rule, summary))

    def error(
        self,
        code: str,
        message: str,
        *,
        line: int | None = None,
        column: int | None = None,
        rule: str = "",
    ) -> None:
        """Record an ERROR finding."""
        self.add(Severity.ERROR, code, message, line=line, column=column, rule=rule)

    def warning(
        self,
        code: str,
        message: str,
        *,
        line: int | None = None,
        column: int | None = None,
        rule: str = "",
    ) -> None:
        """Record a WARNING finding."""
        self.add(Severity.WARNING, code, message, line=line, column=column, rule=rule)

    def info(
        self,
        code: str,
        message: str,
        *,
        line: int | None = None,
        column: int | None = None,
        rule: str = "",
    ) -> None:
        """Record an INFO finding."""
        self.add(Severity.INFO, code, message, line=line, column=column, rule=rule)

    def tally(
        self,
        code: str,
        key: str,
        describe: Callable[[int], str],
        *,
        line: int | None,
        column: int | None = None,
        rule: str = "",
        severity: Severity = Severity.INFO,
    ) -> None:
        """Count one occurrence of a repeated quirk; `describe(count)` writes the message."""
        tally = self._tallies.get((code, key))
        if tally is None:
            tally = _Tally(severity, code, describe, line, column, rule)
            self._tallies[(code, key)] = tally
        tally.count += 1

    def findings(self) -> tuple[Finding, ...]:
        """All findings so far, tallies included, sorted (see `sort_findings`)."""
        tallied = (
            Finding(t.severity, t.code, t.describe(t.count), t.line, t.column, t.rule)
            for t in self._tallies.values()
        )
        return sort_findings([*self._findings, *tallied])


def times(count: int) -> str:
    """' (3 lines)'-style suffix for tallied messages; empty for a single occurrence."""
    return "" if count == 1 else f" ({count} occurrences; the first is shown)"
