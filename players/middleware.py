"""Puts the request's ``Actor`` on ``request.actor`` (loaded on first use)."""

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.utils.functional import SimpleLazyObject

from players.access import actor_for


class ActorMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        request.actor = SimpleLazyObject(lambda: actor_for(request.user))  # type: ignore[attr-defined]
        return self.get_response(request)
