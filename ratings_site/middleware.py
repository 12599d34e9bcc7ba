"""Site-wide response handling."""

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string
from django.urls import Resolver404, resolve


class MethodNotAllowedPage:
    """Django answers a GET on a form's action (publish, approve, ...) with an empty 405;
    a person who followed such a link deserves a page that says what happened."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if response.status_code == 405 and not response.content:
            context = {
                "allowed": response.get("Allow", ""),
                "method": request.method,
                "page": page_of_button(request.path),
            }
            response.content = render_to_string("405.html", context, request=request)
            response["Content-Type"] = "text/html; charset=utf-8"
        return response


def page_of_button(path: str) -> str | None:
    """The page a form's action belongs to, one step up its address ("/lists/periods/2/"
    for "/lists/periods/2/close/"), where that is a page of the site; None otherwise.
    Signing in on the way to a button (an anonymous click) lands on the action's address:
    from there, this leads back."""
    parent = path.rstrip("/").rsplit("/", 1)[0] + "/"
    try:
        resolve(parent)
    except Resolver404:
        return None
    return parent
