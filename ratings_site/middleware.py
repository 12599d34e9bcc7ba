"""Site-wide response handling."""

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string


class MethodNotAllowedPage:
    """Django answers a GET on a form's action (publish, approve, ...) with an empty 405;
    a person who followed such a link deserves a page that says what happened."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if response.status_code == 405 and not response.content:
            allowed = response.get("Allow", "")
            response.content = render_to_string(
                "405.html", {"allowed": allowed, "method": request.method}, request=request
            )
            response["Content-Type"] = "text/html; charset=utf-8"
        return response
