"""The officers' batch commands share DESIGN.md's rule for bad input: exit status 2 and one
line on stderr, a wrong or missing argument included (argparse alone prints its usage
block first; an audit found seven lines)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from tests.conftest import manage_py

REPO = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["compute_period", "2026-12", "--json"],
            "the following arguments are required: --category",
        ),
        (["compute_period", "2026-12", "--category", "rapid", "--timeout", "abc"], "--timeout"),
        *[
            (
                ["compute_period", "2026-12", "--category", "rapid", "--timeout", seconds],
                f"--timeout: {seconds}: give the seconds to wait, from 0 to 604800",
            )
            for seconds in ("-5", "nan", "inf", "1e9")
        ],
        (["export_list", "2025-04", "--format", "txt"], "required: --category"),
        (["import_players", "x.txt", "--format", "bogus"], "invalid choice: 'bogus'"),
        (["load_report", "x.trf", "--json"], "required: --category"),
        (["rate_trf", "--json"], "required: path"),
        (["rate_trf", "x.trf", "--colour"], "unrecognized arguments: --colour"),
    ],
)
def test_a_wrong_argument_is_one_line_and_exit_status_2(args, message):
    result = manage_py(*args)
    assert result.returncode == 2 and result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith(f"manage.py {args[0]}: ") and message in lines[0]
    assert "--help" in lines[0]


def test_help_still_prints_the_usage():
    result = manage_py("export_list", "--help")
    assert result.returncode == 0 and result.stdout.startswith("usage: manage.py export_list")


def test_called_from_code_a_wrong_argument_raises_command_error():
    with pytest.raises(CommandError, match="required: --category") as raised:
        call_command("export_list", "2025-04", "--format", "txt")
    assert raised.value.returncode == 2


def test_settings_that_refuse_to_start_are_one_line_not_a_traceback():
    """A review ran the commands without DEBUG or SECRET_KEY: each printed a traceback of
    about thirty lines. The refusal stands (README: set one of the two), in one line."""
    environment = {k: v for k, v in os.environ.items() if k not in ("DEBUG", "SECRET_KEY")}
    result = subprocess.run(
        [sys.executable, "manage.py", "rate_trf", "x.trf", "--json"],
        cwd=REPO,
        capture_output=True,
        text=True,
        env=environment,
        check=False,
    )
    assert result.returncode == 2 and result.stdout == ""
    [line] = result.stderr.strip().splitlines()
    assert line.startswith("CommandError: the settings: SECRET_KEY is not set and DEBUG is off")
