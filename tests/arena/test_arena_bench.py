"""``make bench-arena`` (``bench/arena.py``) run on a small day: a model change its
generator does not follow must fail here, not when someone next times a day of games."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

BASE_DIR = Path(__file__).resolve().parents[2]


def test_the_arena_benchmark_loads_two_days_and_prints_its_figures():
    env = {key: value for key, value in os.environ.items() if key != "DATABASE_URL"}
    run = subprocess.run(
        [sys.executable, "bench/arena.py", "--members", "60", "--games", "300"],
        cwd=BASE_DIR,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    output = run.stdout + run.stderr
    assert run.returncode == 0, output
    loads = re.findall(r"^  load of 2026-11-0[23]\s+[\d.]+ s  \(300 rated", run.stdout, re.M)
    assert len(loads) == 2, output
    assert re.search(r"^  peak memory \(RSS\)\s+\d+ MB$", run.stdout, re.M), output
