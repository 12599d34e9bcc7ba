"""Reading and writing FIDE TRF16 tournament report files (pure Python, no Django).

    result = parse(path.read_bytes())
    for finding in result.findings: ...
    text = write(result.report)

See /work/shared/reference/trf16.md for the format and its pitfalls.
"""

from .findings import Finding, Severity, sort_findings
from .model import PlayedGame, TrfDate, TrfPlayer, TrfReport, TrfRound, TrfTeam
from .parser import NOT_A_REPORT, ParseResult, parse
from .writer import TrfWriteError, write

__all__ = [
    "NOT_A_REPORT",
    "Finding",
    "ParseResult",
    "PlayedGame",
    "Severity",
    "TrfDate",
    "TrfPlayer",
    "TrfReport",
    "TrfRound",
    "TrfTeam",
    "TrfWriteError",
    "parse",
    "sort_findings",
    "write",
]
