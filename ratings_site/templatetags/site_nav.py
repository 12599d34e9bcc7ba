"""``{% nav_link "players:list" "Players" %}``: a link of the site's menu, marked as the
section the page is in (Bootstrap's ``active`` and ``aria-current``: a review found the
menu saying in no way where the reader was)."""

from django import template
from django.forms.utils import flatatt
from django.http import HttpRequest
from django.urls import reverse
from django.utils.html import format_html
from django.utils.safestring import SafeString

register = template.Library()

#: The menu's sections, by the name of their page (templates/base.html).
NAV_SECTIONS = (
    "home",
    "players:list",
    "tournaments:list",
    "lists:index",
    "arena:index",
    "calculator:index",
    "tournaments:report_list",
    "dashboard",
    "lists:periods",
)


def current_section(request: HttpRequest) -> str | None:
    """The section whose page's path is the longest start of the request's: the reports'
    pages are under the tournaments', the periods' under the lists'. The home page only
    for itself. Found once a request, not once a link of the menu."""
    if not hasattr(request, "_nav_section"):
        request._nav_section = _section_of(request.path)  # type: ignore[attr-defined]
    return request._nav_section  # type: ignore[attr-defined]


def _section_of(path_asked: str) -> str | None:
    found: tuple[int, str] | None = None
    for name in NAV_SECTIONS:
        path = reverse(name)
        within = path_asked == path if path == "/" else path_asked.startswith(path)
        if within and (found is None or len(path) > found[0]):
            found = (len(path), name)
    return found[1] if found else None


@register.simple_tag(takes_context=True)
def nav_link(context: template.Context, name: str, label: str, title: str = "") -> SafeString:
    request = context.get("request")
    current = request is not None and current_section(request) == name
    attrs = {
        "class": "nav-link active" if current else "nav-link",
        "href": reverse(name),
        "aria-current": "page" if current else None,
        "title": title or None,
    }
    return format_html('<li class="nav-item"><a{}>{}</a></li>', flatatt(attrs), label)
