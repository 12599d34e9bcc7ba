"""Forms of the report pages: shape only; the services decide."""

from __future__ import annotations

from django import forms
from django.conf import settings
from django.db.models import QuerySet

from players.forms import BirthYearField
from players.models import Federation, Player
from tournaments.models import TournamentReport
from tournaments.reports.services import size_label, size_refusal


class ReportUploadForm(forms.Form):
    """The report; for a hybrid event (R&B 2024 2.1) its games in PGN too (8.4)."""

    file = forms.FileField(label="Tournament report (TRF file)")

    def __init__(
        self, *args, hybrid: bool = False, kept: TournamentReport | None = None, **kwargs
    ) -> None:
        """``kept``: the version whose games file an upload without one keeps."""
        super().__init__(*args, **kwargs)
        self.limit = settings.REPORT_UPLOAD_MAX_BYTES
        self.fields[
            "file"
        ].help_text = (
            f"The file your pairing program wrote, as it is. At most {size_label(self.limit)}."
        )
        if hybrid:
            keeps = (
                f" Leave it empty to keep version {kept.version}'s, {kept.games_original_name} "
                f"({kept.games_count} games with moves)."
                if kept
                else ""
            )
            self.fields["games"] = forms.FileField(
                label="Games (PGN file)",
                required=False,
                help_text="A hybrid event's report comes with every game of the event in PGN "
                f"(R&B 2024 8.4). At most {size_label(settings.REPORT_GAMES_MAX_BYTES)}." + keeps,
            )

    def clean_file(self):
        return _within(self.cleaned_data["file"], self.limit)

    def clean_games(self):
        return _within(self.cleaned_data["games"], settings.REPORT_GAMES_MAX_BYTES)


def _within(uploaded, limit: int):
    """The uploaded file, refused on its field when larger than ``limit``
    (``size_refusal``, the service's own words)."""
    if uploaded and (too_large := size_refusal(uploaded.size, limit)):
        raise forms.ValidationError(too_large)
    return uploaded


class PlayerMatchResolveForm(forms.Form):
    """Match a report line to an existing registry player."""

    fide_id = forms.IntegerField(label="FIDE ID", min_value=1)
    note = forms.CharField(required=False, max_length=500)


class PlayerMatchRegisterForm(forms.Form):
    """Register the report line's player as a new registry player of one of
    ``federations``: those the officer registers players of (administrators: all)."""

    name = forms.CharField(max_length=200)
    federation = forms.ModelChoiceField(
        queryset=Federation.objects.none(), to_field_name="code", label="Federation"
    )
    sex = forms.ChoiceField(
        choices=Player.Sex.choices,
        error_messages={"required": "The report does not say: choose M or F."},
    )
    birth_year = BirthYearField()
    note = forms.CharField(required=False, max_length=500)
    under_report_id = forms.BooleanField(required=False, label="Under the report's FIDE ID")

    def __init__(self, *args, federations: QuerySet[Federation], **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["federation"].queryset = federations


class NewPlayerLineForm(forms.Form):
    """One report line of the "register them all" page: whether to register it, and the
    sex and birth year the report gives or the officer supplies."""

    start_rank = forms.IntegerField(widget=forms.HiddenInput)
    register = forms.BooleanField(required=False, initial=True)
    sex = forms.ChoiceField(choices=[("", "—"), *Player.Sex.choices], required=False)
    birth_year = BirthYearField()

    def clean(self):
        data = super().clean()
        if data.get("register") and not data.get("sex"):
            self.add_error("sex", "The report does not say: choose M or F.")
        return data


class NewPlayerLinesFormSet(forms.BaseFormSet):
    def clean(self) -> None:
        """Each line once: a forged form naming a line twice would register it twice."""
        ranks = [form.cleaned_data.get("start_rank") for form in self.forms if form.cleaned_data]
        if len(ranks) != len(set(ranks)):
            raise forms.ValidationError("A line is named twice: look again.")


NewPlayerLineFormSet = forms.formset_factory(
    NewPlayerLineForm, formset=NewPlayerLinesFormSet, extra=0
)
