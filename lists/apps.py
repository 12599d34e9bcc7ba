from django.apps import AppConfig


class ListsConfig(AppConfig):
    name = "lists"
    verbose_name = "Rating lists"

    def ready(self) -> None:
        from lists.selectors import (
            categories_published_on,
            period_no_longer_open,
            period_published,
        )
        from players.importing.upsert import PUBLISHED_HERE_CHECKS
        from tournaments.reports.services import LIST_OUT_CHECKS, PERIOD_CLOSED_CHECKS

        if period_published not in LIST_OUT_CHECKS:
            LIST_OUT_CHECKS.append(period_published)
        if period_no_longer_open not in PERIOD_CLOSED_CHECKS:
            PERIOD_CLOSED_CHECKS.append(period_no_longer_open)
        if categories_published_on not in PUBLISHED_HERE_CHECKS:
            PUBLISHED_HERE_CHECKS.append(categories_published_on)
