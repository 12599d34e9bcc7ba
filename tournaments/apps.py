from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = "Tournaments"

    def ready(self) -> None:
        from players.services import DUPLICATE_REFERENCES, DuplicateReferences
        from tournaments.reports.services import report_lines_move, reports_naming_locked

        references = DuplicateReferences(lock=reports_naming_locked, move=report_lines_move)
        if references not in DUPLICATE_REFERENCES:
            DUPLICATE_REFERENCES.append(references)
