"""The public rating calculator: one page, for everybody, that writes nothing."""

from __future__ import annotations

from urllib.parse import urlencode

from django.http import HttpRequest, HttpResponse, QueryDict
from django.shortcuts import render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_http_methods

from lists.calculator.forms import CalculatorForm
from lists.calculator.services import rating_change_calculate
from players.filters import typed_fide_id
from players.models import RatingCategory, RatingState, RatingStatus
from regulations import RegulationError, UnknownRuleSet
from tournaments.selectors import rules_for

#: The worked example the empty page offers (standard-2009 8.54: 2500 counts as 2400).
EXAMPLE = {
    "rule_set": "standard-2009",
    "rating": "2000",
    "games": "30",
    "opponents": "2100 1\n1900 ½\n2500 0",
}


def calculator_form_for(request: HttpRequest) -> CalculatorForm:
    """A POST, or a GET carrying any of the form's fields (a shared link), is a
    calculation; a bare GET is the empty form, filled in from a player's record where
    it names one (``?player=FIDE ID&rated_in=category``, the player page's link)."""
    if request.method == "POST":
        return CalculatorForm(request.POST)
    if any(name in request.GET for name in CalculatorForm.base_fields):
        return CalculatorForm(request.GET)
    return CalculatorForm(
        initial=player_inputs(request.GET.get("player", ""), request.GET.get("rated_in", ""))
    )


def player_inputs(fide_id: str, category: str) -> dict[str, object]:
    """The calculator's inputs from a player's current rating in ``category``: the rule
    set in force today, his rating, rated games, birth year and the 2400 mark. Nothing
    where he has no rating there (or the FIDE ID names nobody)."""
    number = typed_fide_id(fide_id)
    if number is None or category not in RatingCategory.values:
        return {}
    state = (
        RatingState.objects.filter(
            player__fide_id=number, category=category, status=RatingStatus.RATED
        )
        .exclude(rating=None)
        .select_related("player")
        .first()
    )
    if state is None:
        return {}
    try:
        rules = rules_for(category, timezone.localdate())  # for a tournament starting today
    except UnknownRuleSet:  # the administrators' schedule names none today: he chooses
        rules = None
    return {
        **({"rule_set": rules.id} if rules else {}),
        "rating": state.rating,
        "games": state.games,
        "birth_year": state.player.birth_year,
        "reached_2400": state.reached_2400,
        # The list his rating is from, as the field asks: a junior's K 40 ends with the year
        # of his 18th birthday (R&B 2024 7.3.3; a review found this year's K beside the
        # list's K on his page).
        **({"year": state.list_date.year} if state.list_date else {}),
    }


def share_url(request: HttpRequest, data: QueryDict) -> str:
    """The link that repeats this calculation: the form's fields as a query string."""
    query = QueryDict(mutable=True)
    for name in CalculatorForm.base_fields:
        if name in data:
            query.setlist(name, data.getlist(name))
    return request.build_absolute_uri(f"{reverse('calculator:index')}?{query.urlencode()}")


@require_http_methods(["GET", "HEAD", "POST"])
def calculator(request: HttpRequest) -> HttpResponse:
    """A rating, K inputs and opponents in; expected score and change under the chosen rule
    set out, with each rule used and its clause."""
    form = calculator_form_for(request)
    calculation = None
    if form.is_bound and form.is_valid():
        try:
            calculation = rating_change_calculate(data=form.calculator_input())
        except (RegulationError, ValueError) as error:  # the engine refused the input
            form.add_error(None, str(error))
    context = {
        "form": form,
        "calculation": calculation,
        "share_url": share_url(request, form.data) if calculation else None,
        "example_url": f"{reverse('calculator:index')}?{urlencode(EXAMPLE)}",
    }
    return render(request, "lists/calculator.html", context)
