from django.apps import AppConfig


class ListsConfig(AppConfig):
    name = "lists"
    verbose_name = "Rating lists"

    def ready(self) -> None:
        from lists.selectors import period_published
        from tournaments.reports.services import LIST_OUT_CHECKS

        if period_published not in LIST_OUT_CHECKS:
            LIST_OUT_CHECKS.append(period_published)
