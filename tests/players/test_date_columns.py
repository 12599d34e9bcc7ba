"""The site's tables write dates in Python (players.columns), as Django's date filter
does: a date and time in the federation's time zone; ISO in exports."""

from __future__ import annotations

import datetime as dt

import django_tables2 as tables
from django.test import RequestFactory

from players.columns import DateColumn, DateTimeColumn
from tournaments.tables import TournamentTable


class Uploads(tables.Table):
    day = DateColumn(format="Y-m-d")
    at = DateTimeColumn(format="Y-m-d H:i")


ROWS = [{"day": dt.date(2025, 3, 1), "at": dt.datetime(2025, 3, 1, 23, 30, tzinfo=dt.UTC)}]


def test_a_time_is_written_in_the_sites_time_zone_and_exported_in_iso(settings):
    settings.TIME_ZONE = "Europe/Oslo"
    table = Uploads(ROWS)
    html = table.as_html(RequestFactory().get("/"))
    assert "<td >2025-03-01</td>" in html and "<td >2025-03-02 00:30</td>" in html
    assert list(table.as_values()) == [["Day", "At"], ["2025-03-01", "2025-03-01 23:30:00+00:00"]]


def test_a_models_date_fields_are_given_these_columns():
    """Not django-tables2's, which compile a template for every cell (a review)."""
    columns = TournamentTable.base_columns
    assert type(columns["start_date"]) is DateColumn and type(columns["end_date"]) is DateColumn
