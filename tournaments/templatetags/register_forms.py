"""``{% federation_options federations chosen %}``: the "Register new" forms' federations
on a report's page (templates/tournaments/reports/detail.html)."""

from collections.abc import Iterable

from django import template
from django.utils.html import format_html_join
from django.utils.safestring import SafeString

from players.models import Federation

register = template.Library()


@register.simple_tag
def federation_options(federations: Iterable[Federation], chosen: str) -> SafeString:
    """One ``<option>`` a federation, ``chosen``'s selected. Written here rather than by a
    loop in the template: a report of 200 lines without FIDE IDs, seen by an
    administrator (every federation, 195), made the template write 40,000 options, 1.5 s
    a page (a review)."""
    return format_html_join(
        "",
        '<option value="{}"{}>{}</option>',
        ((f.code, " selected" if f.code == chosen else "", f.code) for f in federations),
    )
