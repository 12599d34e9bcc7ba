from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = "Tournaments"

    def ready(self) -> None:
        from players.services import DUPLICATE_REFERENCES_MOVE
        from tournaments.reports.services import report_lines_move

        if report_lines_move not in DUPLICATE_REFERENCES_MOVE:
            DUPLICATE_REFERENCES_MOVE.append(report_lines_move)
