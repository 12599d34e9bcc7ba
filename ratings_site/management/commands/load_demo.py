"""Load the demonstration data set (idempotent). Development only."""

import json

from django.conf import settings

from players.management.batch import BatchCommand, bad_input
from ratings_site.demo import (
    demo_arena_load,
    demo_data_load,
    demo_period_load,
    demo_reports_write,
)
from tournaments.models import Tournament


class Command(BatchCommand):
    help = (
        "Load a small demonstration data set: federations, players, tournaments and the "
        "users admin, officer and arbiter with published passwords. Safe to run again."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--force",
            action="store_true",
            help="Run even with DEBUG off. Never on a production database.",
        )
        parser.add_argument("--json", action="store_true", help="print the summary as JSON")

    def handle(self, *args, **options):
        if not settings.DEBUG and not options["force"]:
            raise bad_input(
                "load_demo creates users with published passwords; it runs only with DEBUG=1 "
                "(or --force on a database that is not production)."
            )
        summary = demo_data_load()
        published = demo_period_load()  # adds the rated tournament of April's list
        arena = demo_arena_load()  # after April's list: first online ratings from it (3.4)
        tournaments = Tournament.objects.count()
        reports = demo_reports_write()
        if options["json"]:
            document = {
                "federations": summary.federations,
                "players": summary.players,
                "tournaments": tournaments,
                "list": published,
                "arena": arena,
                "reports": [str(path) for path in reports],
                "users": [
                    {"username": u.username, "password": u.password, "role": u.role}
                    for u in summary.users
                ],
            }
            self.stdout.write(json.dumps(document, indent=2))
            return
        self.stdout.write(
            self.style.SUCCESS(
                f"Demo data loaded: {summary.federations} federations, "
                f"{summary.players} players, {tournaments} tournaments."
            )
        )
        self.stdout.write(published)
        self.stdout.write(arena)
        if reports:
            self.stdout.write(
                "Reports to upload as the arbiter, each from its tournament's page "
                "(Upload a report):"
            )
            for path in reports:
                self.stdout.write(f"  {path}")
        self.stdout.write("Demo users (demonstration only; the passwords are public):")
        for user in summary.users:
            self.stdout.write(f"  {user.username:<8} password: {user.password:<24} {user.role}")
