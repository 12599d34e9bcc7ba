"""DESIGN.md, "Architecture (one direction of dependency, top to bottom)": the site builds
on the apps, ``lists`` on ``arena`` (online arena 3.15), ``arena`` on ``tournaments`` (its
PGN reader) and ``players``, ``tournaments`` on ``players``;
``audit`` (the trail every app writes) and ``regulations`` are below them all. A review
found ``players`` importing ``tournaments`` through its demo command."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
#: Bottom to top: a package may import those at or below it.
LAYERS = (
    "regulations",
    "downloads",
    "audit",
    "players",
    "tournaments",
    "arena",
    "lists",
    "ratings_site",
)


def imported_modules(path: Path) -> set[str]:
    """The top-level modules a module imports, at its top or inside a function."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        if isinstance(node, ast.Import):
            found |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.add(node.module.split(".")[0])
    return found


def imported_packages(path: Path) -> set[str]:
    """The first-party packages among them."""
    return imported_modules(path) & set(LAYERS)


def test_regulations_imports_only_the_standard_library():
    """DESIGN.md: regulations/ is pure Python; no Django, no third-party package."""
    wrong = {
        path.name: sorted(imported - set(sys.stdlib_module_names) - {"regulations"})
        for path in (ROOT / "regulations").glob("*.py")
        if (imported := imported_modules(path)) - set(sys.stdlib_module_names) - {"regulations"}
    }
    assert wrong == {}


@pytest.mark.parametrize("package", LAYERS)
def test_a_package_imports_nothing_above_it(package):
    above = set(LAYERS[LAYERS.index(package) + 1 :])
    wrong = {
        str(path.relative_to(ROOT)): sorted(imported_packages(path) & above)
        for path in (ROOT / package).rglob("*.py")
        if imported_packages(path) & above
    }
    assert wrong == {}
