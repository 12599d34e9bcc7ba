"""``cited``: an explanation's text with its citations of the federation's readings
(DESIGN.md's interpretations) linked to the public page that states them (``lists:rules``;
here, below every app that shows a clause, as the page is reached by its name):
the public has the regulations, not DESIGN.md."""

from __future__ import annotations

import re

from django import template
from django.urls import reverse
from django.utils.html import conditional_escape, format_html
from django.utils.safestring import SafeString, mark_safe

register = template.Library()

#: "DESIGN.md interpretation 6", "DESIGN.md interp. 1", or "DESIGN.md" alone.
CITATION = re.compile(r"DESIGN\.md(?: (?:interpretations?|interp\.) (\d+))?")


def _link(match: re.Match[str]) -> str:
    number = match.group(1)
    page = reverse("lists:rules")
    if number is None:
        return format_html('<a href="{}">the readings followed here</a>', page)
    return format_html('<a href="{}#interpretation-{}">interpretation {}</a>', page, number, number)


@register.filter(needs_autoescape=True)
def cited(text: object, autoescape: bool = True) -> SafeString:
    """``text`` escaped, its citations of DESIGN.md linked (``CITATION``)."""
    escaped = conditional_escape(text) if autoescape else str(text)
    return mark_safe(CITATION.sub(_link, str(escaped)))


@register.filter
def cited_plain(text: object) -> str:
    """``cited`` for a tooltip, where no link can be: "interpretation 6", as the page of the
    readings numbers it."""
    return CITATION.sub(
        lambda m: f"interpretation {m.group(1)}" if m.group(1) else "the readings followed here",
        str(text),
    )
