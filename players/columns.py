"""Date columns for every table of the site, in place of django-tables2's: theirs are
template columns that compile ``{{ value|date:"..." }}`` for every cell they render (a
review: a third of the time of a page of 540 published lists, and 606 compilations on the
page of a player with a long history). These format in Python, as the ``date`` filter
does: the same text, a date and time in the site's time zone.

Registered with django-tables2's column library (``players.apps``), so that the columns a
table makes of its model's date fields are these too."""

from __future__ import annotations

import datetime as dt
from typing import Any

import django_tables2 as tables
from django.db import models
from django.utils.formats import date_format
from django.utils.timezone import template_localtime
from django_tables2.columns import library


class _FormattedDateColumn(tables.Column):
    """A date or a date and time as Django's ``date`` filter writes it in ``format`` (a
    format string or the name of a format setting); its ISO form in exports."""

    default_format = "SHORT_DATE_FORMAT"

    def __init__(self, format: str | None = None, *args: Any, **kwargs: Any) -> None:
        self.format = format or self.default_format
        super().__init__(*args, **kwargs)

    def render(self, value: dt.date) -> str:
        return date_format(template_localtime(value), self.format)

    def value(self, value: Any) -> Any:
        return value.isoformat() if isinstance(value, dt.date) else value


@library.register
class DateColumn(_FormattedDateColumn):
    """A date: ``SHORT_DATE_FORMAT`` unless given a format."""

    @classmethod
    def from_field(cls, field: models.Field, **kwargs: Any) -> DateColumn | None:
        if isinstance(field, models.DateField) and not isinstance(field, models.DateTimeField):
            return cls(**kwargs)
        return None


@library.register
class DateTimeColumn(_FormattedDateColumn):
    """A date and time, in the site's time zone: ``SHORT_DATETIME_FORMAT`` unless given a
    format."""

    default_format = "SHORT_DATETIME_FORMAT"

    def value(self, value: Any) -> Any:
        return value.isoformat(sep=" ") if isinstance(value, dt.datetime) else value

    @classmethod
    def from_field(cls, field: models.Field, **kwargs: Any) -> DateTimeColumn | None:
        if isinstance(field, models.DateTimeField):
            return cls(**kwargs)
        return None
