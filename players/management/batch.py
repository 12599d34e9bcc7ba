"""What the officers' batch commands share (DESIGN.md, "The officers' batch interface"):
bad input exits with status 2 and a one-line message on stderr, a wrong argument
included, where argparse would print the usage block first."""

from __future__ import annotations

from typing import Any, NoReturn

from django.core.management.base import BaseCommand, CommandError, CommandParser

#: The exit status of bad input.
BAD_INPUT = 2


def bad_input(problem: str) -> CommandError:
    """The error a command raises for bad input: Django prints it on one line and exits
    with ``BAD_INPUT``."""
    return CommandError(problem, returncode=BAD_INPUT)


def bad_file(path: str, problem: str) -> CommandError:
    """``bad_input`` about the file a command was given, named first."""
    return bad_input(f"{path}: {problem}")


class OneLineParser(CommandParser):
    """A command's parser whose errors take one line (``--help`` still prints the usage)."""

    def error(self, message: str) -> NoReturn:
        if self.called_from_command_line:
            self.exit(BAD_INPUT, f"{self.prog}: {message} (--help lists the arguments)\n")
        raise bad_input(message)  # called from code (call_command)


class BatchCommand(BaseCommand):
    """A batch command: its argument errors are bad input on one line."""

    def create_parser(self, prog_name: str, subcommand: str, **kwargs: Any) -> CommandParser:
        parser = super().create_parser(prog_name, subcommand, **kwargs)
        # Django builds its own CommandParser; only its error() is to differ.
        parser.__class__ = OneLineParser
        return parser
