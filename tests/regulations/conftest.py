"""Shared helpers for the pure engine tests (no database, no Django)."""

from __future__ import annotations

from pathlib import Path

import pytest

#: The regulation texts beside the project (../shared/regulations).
REGULATIONS_DIR = Path(__file__).resolve().parents[2].parent / "shared" / "regulations"


@pytest.fixture(scope="session")
def regulation_texts() -> Path:
    if not REGULATIONS_DIR.is_dir():
        pytest.fail(f"The regulation texts are missing: {REGULATIONS_DIR}")
    return REGULATIONS_DIR
