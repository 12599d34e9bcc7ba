"""``{% federation_select federations chosen %}``: the "Register new" forms' federation
choice on a report's page (templates/tournaments/reports/detail.html)."""

from collections.abc import Iterable

from django import template
from django.utils.safestring import SafeString

from players.filters import QuickSelect
from players.models import Federation

register = template.Library()


@register.simple_tag
def federation_select(
    federations: Iterable[Federation], chosen: str, player: str = ""
) -> SafeString:
    """The federations to register ``player`` in, ``chosen``'s selected, "—" first, written
    by ``QuickSelect`` in one pass: a report of 200 lines without FIDE IDs, seen by an
    administrator (every federation, 195), made a template loop write 40,000 options,
    1.5 s a page (a review). Named after the player: a screen reader reads every line's
    choice alike otherwise (a review)."""
    label = f"Federation of {player}" if player else "Federation"
    select = QuickSelect(
        attrs={"class": "form-select form-select-sm", "aria-label": label, "required": True},
        choices=[("", "—"), *((federation.code, federation.code) for federation in federations)],
    )
    return select.render("federation", chosen)
