"""Errors of the engine: raised when the input cannot be rated under a rule set at all.

Views and commands turn them into form errors, findings or 4xx pages; they never escape
as tracebacks.
"""

from __future__ import annotations


class RegulationError(ValueError):
    """The input breaks a rule so that no figure can be computed; ``clause`` says which."""

    def __init__(self, clause: str, message: str) -> None:
        super().__init__(f"{message} ({clause})")
        self.clause = clause
        self.message = message


class UnknownRuleSet(LookupError):
    """No rule set has that id, or none is in force for a category on a date."""
