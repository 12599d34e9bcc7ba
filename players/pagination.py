"""One way to paginate a table: django-tables2's ``RequestConfig`` with pages of a fixed
size. A query parameter (``?per_page=``) cannot ask for a million rows, nor for -1 (a
server error); a page before the first is the first, not the last."""

from __future__ import annotations

from contextlib import suppress
from typing import Any

from django.core.paginator import Paginator
from django.http import HttpRequest
from django_tables2 import RequestConfig, Table


class FixedPagePaginator(Paginator):
    """Pages of ``page_size`` rows, whatever ``per_page`` the request asked for."""

    def __init__(
        self,
        object_list: Any,
        per_page: Any,
        *args: Any,
        page_size: int,
        count: int | None = None,
        **kwargs: Any,
    ):
        """``count``: how many rows there are, where the caller knows it already."""
        super().__init__(object_list, page_size, *args, **kwargs)
        if count is not None:
            self.count = count  # stands in for the cached property that would count them

    def validate_number(self, number: Any) -> int:
        """A page before the first is the first (Django's paginator calls it empty, and the
        table then shows the last page: the bottom of the list for ``?page=0``)."""
        # Not a whole number: Django's own refusal, and the first page.
        with suppress(TypeError, ValueError):
            number = max(1, int(number))
        return super().validate_number(number)


def paginate(
    request: HttpRequest,
    table: Table,
    page_size: int,
    paginator_class: type[FixedPagePaginator] = FixedPagePaginator,
    **paginator_options: Any,
) -> None:
    """Sort ``table`` and cut it into pages as the request asks (``?sort=``, ``?page=``,
    with the table's prefix), ``page_size`` rows a page."""
    options = {"paginator_class": paginator_class, "page_size": page_size, **paginator_options}
    RequestConfig(request, paginate=options).configure(table)
