from django.apps import AppConfig
from django.db.backends.signals import connection_created


def _name_key_given(sender, connection, **kwargs) -> None:
    """SQLite's ``list_name_key``: PostgreSQL's is a function of the database
    (``lists.name_keys``)."""
    if connection.vendor == "sqlite":
        from lists.name_keys import NAME_KEY_FUNCTION, name_key

        connection.connection.create_function(NAME_KEY_FUNCTION, 1, name_key, deterministic=True)


class ListsConfig(AppConfig):
    name = "lists"
    verbose_name = "Rating lists"

    def ready(self) -> None:
        from lists.selectors import period_published
        from tournaments.reports.services import LIST_OUT_CHECKS

        connection_created.connect(_name_key_given, dispatch_uid="lists.name_key")
        if period_published not in LIST_OUT_CHECKS:
            LIST_OUT_CHECKS.append(period_published)
