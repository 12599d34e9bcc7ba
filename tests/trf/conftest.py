"""Shared helpers for the TRF reader/writer tests (pure: no database, no Django)."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

from tournaments.trf import ParseResult, parse

#: The real TRF files beside the project (../shared/testdata/trf), see its SOURCES.md.
CORPUS_DIR = Path(__file__).resolve().parents[2].parent / "shared" / "testdata" / "trf"


@cache
def _parsed(name: str) -> ParseResult:
    return parse((CORPUS_DIR / name).read_bytes())


@pytest.fixture(scope="session")
def corpus_dir() -> Path:
    """The corpus directory; the tests fail loudly (never skip) when it is missing."""
    if not CORPUS_DIR.is_dir():
        pytest.fail(f"The TRF test corpus is missing: {CORPUS_DIR}")
    return CORPUS_DIR


@pytest.fixture(scope="session")
def parsed(corpus_dir: Path):
    """parsed(name) -> ParseResult of a corpus file, read once per session."""

    def read(name: str) -> ParseResult:
        if not (corpus_dir / name).is_file():
            pytest.fail(f"Corpus file {name} is missing from {corpus_dir}")
        return _parsed(name)

    return read
