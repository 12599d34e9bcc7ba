"""Forms of the registry: shape only; the layout is set up in ``__init__`` (crispy)."""

from __future__ import annotations

import json
from typing import Any

from crispy_forms.helper import FormHelper
from crispy_forms.layout import Div, Field, Layout, Submit
from django import forms
from django.db.models import QuerySet
from django.utils import timezone

from players.filters import FIDE_ID_DIGITS
from players.importing import FORMATS
from players.importing.records import FOA_TITLES
from players.models import (
    FIRST_BIRTH_YEAR,
    DisabilityAssociation,
    Federation,
    Player,
    PlayerImport,
    RatingCategory,
)
from players.services import (
    PLAYER_EDITABLE_FIELDS,
    fide_id_claimable,
    first_of_this_month,
    import_date_refusal,
    record_seen,
    saved_meanwhile,
)

WOMEN_TITLE_CHOICES = [("", "—")] + [
    (value, label) for value, label in Player.Title.choices if value in Player.WOMEN_TITLES
]
FOA_TITLE_CHOICES = [("", "—")] + [(title, title) for title in sorted(FOA_TITLES)]


def women_title_field() -> forms.ChoiceField:
    """The women's title, held beside an open one (the title field offers both)."""
    return forms.ChoiceField(
        label="Women's title",
        choices=WOMEN_TITLE_CHOICES,
        required=False,
        help_text="Beside the title above: an IM who is also a WGM.",
    )


class BirthYearField(forms.IntegerField):
    """A birth year as the player record takes it (``Player.clean``): from
    ``FIRST_BIRTH_YEAR`` to this year, checked at the field rather than after the form."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("required", False)
        super().__init__(**kwargs)

    def validate(self, value: Any) -> None:
        """One message for a year too early or too late, on every form that takes one (a
        review: -5 was "greater than or equal to 0" on the edit form)."""
        super().validate(value)
        this_year = timezone.localdate().year
        if value is not None and not FIRST_BIRTH_YEAR <= value <= this_year:
            raise forms.ValidationError(
                f"A birth year falls between {FIRST_BIRTH_YEAR} and this year ({this_year})."
            )


def _row(*names: str) -> Div:
    return Div(*(Div(Field(name), css_class="col-md") for name in names), css_class="row")


def birth_year_disagreement(form: forms.Form, *, typed: bool = True) -> None:
    """A birth year typed beside a birth date of another year is a field error, not
    replaced by the date's without a word (a review: the year decides a junior's K, R&B
    2024 7.3.3). ``typed``: the year was entered now (an edit of the date alone takes
    the date's year, as ``Player.clean`` does)."""
    year, date = form.cleaned_data.get("birth_year"), form.cleaned_data.get("birth_date")
    if typed and year and date and year != date.year:
        form.add_error(
            "birth_year",
            f"The birth date is in {date.year}: give the same year, or leave the year blank "
            "to take the date's.",
        )


class PlayerEditForm(forms.ModelForm):
    birth_year = BirthYearField()
    women_title = women_title_field()
    foa_title = forms.ChoiceField(label="FOA title", choices=FOA_TITLE_CHOICES, required=False)
    reason = forms.CharField(
        required=False, widget=forms.Textarea(attrs={"rows": 2}), help_text="Kept in the history."
    )
    #: The record as the form was opened on it (``record_seen``): a form saved over
    #: changes another officer made since is refused, naming them (a review: a birth year
    #: saved from a form opened earlier put back the name an administrator had mended).
    seen = forms.CharField(required=False, widget=forms.HiddenInput)

    class Meta:
        model = Player
        fields = PLAYER_EDITABLE_FIELDS
        widgets = {"birth_date": forms.DateInput(attrs={"type": "date"})}

    def __init__(
        self, *args: Any, federations: QuerySet[Federation] | None = None, **kwargs: Any
    ) -> None:
        """``federations``: the federation is corrected too, to one of them
        (``players.services.federation_correctable``)."""
        super().__init__(*args, **kwargs)
        if federations is not None:
            self.fields["federation"] = forms.ModelChoiceField(
                queryset=federations,
                to_field_name="code",
                initial=self.instance.federation.code,
                help_text="A record registered here: no FIDE list carries its federation.",
            )
        self.helper = FormHelper()
        self.helper.layout = Layout(
            Field("name"),
            *([Field("federation")] if federations is not None else []),
            _row("sex", "birth_year", "birth_date"),
            _row("title", "women_title", "foa_title"),
            _row("other_titles", "disability_association"),
            Field("not_listed"),
            Field("reason"),
            Field("seen"),
            Submit("save", "Save changes"),
        )
        if not self.is_bound:
            self.initial["seen"] = json.dumps(record_seen(self.instance), sort_keys=True)

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        birth_year_disagreement(self, typed="birth_year" in self.changed_data)
        self._saved_meanwhile_refused(cleaned.get("seen") or "")
        return cleaned

    def _saved_meanwhile_refused(self, seen: str) -> None:
        """A form error naming each field someone saved since the form was opened
        (``saved_meanwhile``); the form then carries the record as it is, so that saving
        again, knowingly, goes through. A form without ``seen`` (a script's) is not
        checked."""
        before = self.seen_values()
        if before is None:
            return
        now = record_seen(self.instance)
        if refusal := saved_meanwhile(before, now):
            self.data = self.data.copy()
            self.data["seen"] = json.dumps(now, sort_keys=True)
            self.add_error(None, refusal)

    def seen_values(self) -> dict[str, Any] | None:
        """The record as the form was opened on it, or None where it carries none."""
        try:
            seen = json.loads(self.data.get("seen") or "null")
        except ValueError:
            return None
        return seen if isinstance(seen, dict) else None

    def changed_fields(self) -> dict[str, Any]:
        return {name: self.cleaned_data[name] for name in self._record_fields()}

    def record_changed(self) -> bool:
        """Whether any field of the record changed (the reason is no field of it)."""
        return any(name in self.changed_data for name in self._record_fields())

    def _record_fields(self) -> list[str]:
        return [*PLAYER_EDITABLE_FIELDS, *(["federation"] if "federation" in self.fields else [])]


class PlayerRegisterForm(forms.Form):
    name = forms.CharField(max_length=200, help_text="As FIDE writes it: Surname, Given names.")
    federation = forms.ModelChoiceField(queryset=Federation.objects.none())
    #: A review: only a report's line could register a player under the ID FIDE gave him.
    fide_id = forms.IntegerField(
        label="FIDE ID",
        required=False,
        min_value=1,
        max_value=10**FIDE_ID_DIGITS - 1,
        help_text="The one FIDE gave the player, where the registry's list does not hold it "
        "yet; blank: the next of this registry's own.",
    )
    # No default: a field left alone would otherwise register every player as a man.
    sex = forms.ChoiceField(choices=[("", "—"), *Player.Sex.choices])
    birth_year = BirthYearField()
    birth_date = forms.DateField(required=False, widget=forms.DateInput(attrs={"type": "date"}))
    title = forms.ChoiceField(choices=[("", "—"), *Player.Title.choices], required=False)
    women_title = women_title_field()
    other_titles = forms.CharField(max_length=30, required=False)
    disability_association = forms.ChoiceField(
        label="Member of",
        choices=[("", "—"), *DisabilityAssociation.choices],
        required=False,
        help_text=Player._meta.get_field("disability_association").help_text,
    )
    reason = forms.CharField(
        required=False, widget=forms.Textarea(attrs={"rows": 2}), help_text="Kept in the history."
    )
    #: Set by "Register anyway" once the likely duplicates have been shown.
    confirm = forms.BooleanField(required=False, widget=forms.HiddenInput)

    def __init__(self, *args: Any, federations: QuerySet[Federation], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["federation"].queryset = federations
        if federations.count() == 1:
            self.fields["federation"].initial = federations.first()
        self.helper = FormHelper()
        self.helper.form_tag = False  # the page adds "Register anyway" inside the form
        self.helper.layout = Layout(
            _row("name", "fide_id"),
            _row("federation", "sex"),
            _row("birth_year", "birth_date"),
            _row("title", "women_title", "other_titles"),
            Field("disability_association"),
            Field("reason"),
            Field("confirm"),
            Submit("register", "Register"),
        )

    def clean_fide_id(self) -> int | None:
        """Refused at the field, as the service would refuse it (``fide_id_claimable``):
        one of this registry's own range, another record's, a removed duplicate's."""
        fide_id = self.cleaned_data.get("fide_id")
        if fide_id is not None:
            try:
                fide_id_claimable(fide_id)
            except forms.ValidationError as refusal:  # the service's names its field
                raise forms.ValidationError(refusal.messages) from refusal
        return fide_id

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        birth_year_disagreement(self)
        return cleaned


class PlayerImportForm(forms.Form):
    file = forms.FileField(help_text="FIDE TXT or XML list, or CSV with a header row; .zip too.")
    format = forms.ChoiceField(
        choices=[("", "From the file name or its first line")]
        + [(value, label) for value, label in PlayerImport.Format.choices if value in FORMATS],
        required=False,
    )
    category = forms.ChoiceField(
        label="Category",
        choices=[("", "From the file name or its columns"), *RatingCategory.choices],
        required=False,
        help_text="For a one-category list whose file name does not say it: FIDE's "
        "rapid_rating_list.txt does, its rating column named after the month.",
    )
    as_of = forms.DateField(
        label="In force from",
        initial=first_of_this_month,
        widget=forms.DateInput(attrs={"type": "date"}),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.helper = FormHelper()
        self.helper.form_tag = False
        self.helper.layout = Layout(
            Field("file"), _row("format", "category", "as_of"), Submit("import", "Import")
        )

    def clean_as_of(self) -> Any:
        as_of = self.cleaned_data["as_of"]
        if refusal := import_date_refusal(as_of):
            raise forms.ValidationError(refusal[0].upper() + refusal[1:] + ".")
        return as_of


class DuplicateRemoveForm(forms.Form):
    """Remove one record of a likely duplicate, keeping another (``player_duplicate_remove``)."""

    duplicate = forms.IntegerField(min_value=1, max_value=2**63 - 1, label="Record to remove")
    kept = forms.IntegerField(min_value=1, max_value=2**63 - 1, label="Record to keep")
    reason = forms.CharField(
        max_length=1000,
        error_messages={"required": "Give a reason: it is kept in the player's history."},
    )
