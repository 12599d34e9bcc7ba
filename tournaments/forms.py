"""Forms of the tournament pages: shape only (the rules live in ``tournaments.registration``)."""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

from crispy_forms.helper import FormHelper
from crispy_forms.layout import HTML, Column, Fieldset, Layout, Row, Submit
from django import forms

from audit.forms import RecordsChoiceField
from players.access import Actor
from players.models import Arbiter, Federation, RatingCategory
from tournaments.models import Tournament
from tournaments.registration import RegistrationData

DATE = forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")


class RoundDatesField(forms.CharField):
    """One date per line (YYYY-MM-DD), in round order; two rounds on a day are two lines.
    Commas and spaces separate dates too, so a pasted list works."""

    widget = forms.Textarea(attrs={"rows": 6, "placeholder": "2025-03-01\n2025-03-02\n..."})

    def to_python(self, value: Any) -> tuple[dt.date, ...]:  # type: ignore[override]
        text = super().to_python(value)
        dates = []
        for position, token in enumerate(re.split(r"[\s,;]+", text.strip()), start=1):
            if not token:
                continue
            try:
                dates.append(dt.date.fromisoformat(token))
            except ValueError:
                raise forms.ValidationError(
                    f"Date {position}, '{token}', is not a date: write it as YYYY-MM-DD.",
                    code="invalid",
                ) from None
        return tuple(dates)


def plausible_date(value: dt.date) -> None:
    """Rated chess has dates between 1900 and 2100; anything else is a typing slip."""
    if not dt.date(1900, 1, 1) <= value <= dt.date(2100, 12, 31):
        raise forms.ValidationError("Give a date between 1900 and 2100.")


class TournamentRegistrationForm(forms.Form):
    name = forms.CharField(max_length=200)
    city = forms.CharField(max_length=100)
    federation = forms.ModelChoiceField(queryset=Federation.objects.none())
    start_date = forms.DateField(widget=DATE, validators=[plausible_date])
    end_date = forms.DateField(widget=DATE, validators=[plausible_date])
    category = forms.ChoiceField(choices=RatingCategory.choices)
    system = forms.ChoiceField(choices=Tournament.System.choices)
    match_games = forms.IntegerField(
        label="Games in the match",
        min_value=1,
        max_value=99,
        required=False,
        help_text="Matches only.",
    )
    base_minutes = forms.IntegerField(label="Minutes", min_value=0, max_value=600, initial=90)
    increment_seconds = forms.IntegerField(
        label="Increment (s/move)", min_value=0, max_value=600, initial=30
    )
    moves = forms.IntegerField(
        label="First control at move",
        min_value=1,
        max_value=200,
        required=False,
        help_text="Blank if none.",
    )
    extra_minutes = forms.IntegerField(
        label="Minutes added after it", min_value=0, max_value=600, initial=0, required=False
    )
    highest_rating = forms.IntegerField(
        label="Highest rating expected",
        min_value=0,
        max_value=9999,
        required=False,
        help_text="Standard play: required, as it sets the minimum time (standard-2009 "
        "1.1: 120 minutes from 2200, 90 from 1600, else 60); any figure below 1600 where "
        "nobody is rated higher.",
    )
    number_of_rounds = forms.IntegerField(min_value=1, max_value=999)
    round_dates = RoundDatesField(
        label="Round dates",
        help_text="One date per line, in round order (YYYY-MM-DD); write a date twice for "
        "two rounds that day.",
    )
    chief_arbiter = forms.ModelChoiceField(queryset=Arbiter.objects.none())
    deputy_arbiters = RecordsChoiceField(queryset=Arbiter.objects.none(), required=False)
    hybrid = forms.BooleanField(required=False, help_text="Needs an administrator's approval.")
    match_waiver = forms.BooleanField(
        label="Rate every game of the match",
        required=False,
        help_text="Games played after a player has won the match are rated only when asked "
        "before it (R&B 2024 5.2); an administrator decides.",
    )
    official_fide = forms.BooleanField(label="Official FIDE event", required=False)
    olympiad_type = forms.BooleanField(label="Olympiad-type event", required=False)
    national_championship = forms.BooleanField(
        required=False,
        help_text="A round robin is rated with 3 rated players, 2 in an event for women "
        "alone (standard-2009 6.33).",
    )
    league = forms.BooleanField(required=False, help_text="Leagues may last over 90 days.")

    def __init__(self, *args: Any, actor: Actor, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        federations = Federation.objects.restrict(actor).order_by("code")
        if not (actor.is_administrator or actor.is_arbiter):
            federations = federations.filter(pk__in=actor.officer_of)
        self.fields["federation"].queryset = federations
        arbiters = Arbiter.objects.restrict(actor).order_by("name")
        self.fields["chief_arbiter"].queryset = arbiters
        self.fields["deputy_arbiters"].queryset = arbiters
        if actor.arbiter_id is not None:
            self.fields["chief_arbiter"].initial = actor.arbiter_id
            own = Arbiter.objects.filter(pk=actor.arbiter_id).values_list("federation", flat=True)
            self.fields["federation"].initial = own.first()
        self.helper = FormHelper()
        self.helper.form_id = "registration-form"
        self.helper.form_error_title = "The registration was not accepted"
        self.helper.layout = Layout(
            Fieldset(
                "The event",
                Row(Column("name", css_class="col-md-6"), Column("city", css_class="col-md-3"),
                    Column("federation", css_class="col-md-3")),
                Row(Column("start_date"), Column("end_date"), Column("category"),
                    Column("system"), Column("match_games")),
            ),
            Fieldset(
                "Rate of play",
                Row(Column("base_minutes"), Column("increment_seconds"), Column("moves"),
                    Column("extra_minutes"), Column("highest_rating")),
            ),
            Fieldset(
                "Schedule",
                Row(Column("number_of_rounds", css_class="col-md-3"),
                    Column("round_dates", css_class="col-md-9")),
            ),
            Fieldset(
                "Arbiters",
                Row(Column("chief_arbiter"), Column("deputy_arbiters")),
            ),
            Fieldset(
                "What the regulations ask about",
                Row(Column("hybrid"), Column("official_fide"), Column("olympiad_type"),
                    Column("national_championship"), Column("league"), Column("match_waiver")),
            ),
            HTML(
                '<p class="small text-body-secondary">Register standard events one month and '
                "rapid or blitz events three days before they start (standard-2009 0.4, "
                "R&amp;B 2024 0.2); a later registration waits for an administrator.</p>"
            ),
            Submit("register", "Register the tournament"),
        )  # fmt: skip

    def clean(self) -> dict[str, Any]:
        """A standard event names its highest rating: left blank it was read as "all below
        1600", and the report of an event with a 2658 was refused at upload for a rate of
        play the registration had let through (standard-2009 1.1; a UX review)."""
        cleaned = super().clean() or {}
        standard = cleaned.get("category") == Tournament.Category.STANDARD
        if standard and cleaned.get("highest_rating") is None and "highest_rating" in self.fields:
            self.add_error(
                "highest_rating",
                "Give the highest rating expected: standard-2009 1.1 sets the minimum time by "
                "it (any figure below 1600 where nobody is rated higher).",
            )
        return cleaned

    def registration_data(self) -> RegistrationData:
        data = self.cleaned_data
        return RegistrationData(
            name=data["name"],
            city=data["city"],
            federation=data["federation"],
            start_date=data["start_date"],
            end_date=data["end_date"],
            category=data["category"],
            system=data["system"],
            number_of_rounds=data["number_of_rounds"],
            round_dates=data["round_dates"],
            base_minutes=data["base_minutes"],
            increment_seconds=data["increment_seconds"],
            moves=data["moves"],
            extra_minutes=data["extra_minutes"] or 0,
            match_games=data["match_games"],
            chief_arbiter=data["chief_arbiter"],
            deputy_arbiters=tuple(data["deputy_arbiters"]),
            hybrid=data["hybrid"],
            match_waiver=data["match_waiver"],
            official_fide=data["official_fide"],
            olympiad_type=data["olympiad_type"],
            national_championship=data["national_championship"],
            league=data["league"],
            highest_rating=data["highest_rating"],
        )


class TournamentCorrectionForm(forms.Form):
    """A registration's name, city and arbiters (``registration.tournament_correct``)."""

    name = forms.CharField(max_length=200)
    city = forms.CharField(max_length=100)
    chief_arbiter = forms.ModelChoiceField(queryset=Arbiter.objects.none())
    deputy_arbiters = RecordsChoiceField(
        queryset=Arbiter.objects.none(),
        required=False,
        help_text="Ctrl-click (Cmd-click on a Mac) to choose several; the chief is none.",
    )
    reason = forms.CharField(
        max_length=1000,
        required=False,
        help_text="Kept in the tournament's history with the changes.",
    )

    def __init__(self, *args: Any, actor: Actor, tournament: Tournament, **kwargs: Any) -> None:
        kwargs.setdefault(
            "initial",
            {
                "name": tournament.name,
                "city": tournament.city,
                "chief_arbiter": tournament.chief_arbiter_id,
                "deputy_arbiters": list(tournament.deputy_arbiters.values_list("pk", flat=True)),
            },
        )
        super().__init__(*args, **kwargs)
        arbiters = Arbiter.objects.restrict(actor).order_by("name")
        self.fields["chief_arbiter"].queryset = arbiters
        self.fields["deputy_arbiters"].queryset = arbiters
        self.helper = FormHelper()
        self.helper.form_id = "correction-form"
        self.helper.layout = Layout(
            Row(Column("name", css_class="col-md-8"), Column("city", css_class="col-md-4")),
            Row(Column("chief_arbiter"), Column("deputy_arbiters")),
            "reason",
            Submit("correct", "Save the correction"),
        )


class ApprovalDecisionForm(forms.Form):
    reason = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text="The arbiter and the federation's officer read it on the tournament page.",
        error_messages={"required": "Give a reason: the arbiter reads it on the tournament page."},
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.helper = FormHelper()
        self.helper.form_tag = False
        self.helper.disable_csrf = True
        self.helper.layout = Layout("reason")


class WithdrawalForm(forms.Form):
    """Withdraw a registration: the reason is kept in the tournament's history."""

    reason = forms.CharField(
        max_length=1000,
        widget=forms.Textarea(attrs={"rows": 2}),
        error_messages={"required": "Give a reason: it is kept in the tournament's history."},
    )
