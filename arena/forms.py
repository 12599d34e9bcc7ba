"""The arena's one form: a games file to load."""

from __future__ import annotations

from typing import Any

from crispy_forms.helper import FormHelper
from crispy_forms.layout import Field, Layout, Submit
from django import forms
from django.conf import settings

from tournaments.reports.services import size_refusal


class ArenaGamesForm(forms.Form):
    file = forms.FileField(
        label="Games file",
        help_text="The PGN file the arena's server wrote: each game with its WhiteFideId, "
        "BlackFideId, Result, UTCDate, UTCTime and TimeControl tags.",
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.helper = FormHelper()
        self.helper.form_tag = False
        self.helper.layout = Layout(Field("file"), Submit("load", "Load and rate"))

    def clean_file(self) -> Any:
        upload = self.cleaned_data["file"]
        if refusal := size_refusal(upload.size, settings.REPORT_UPLOAD_MAX_BYTES):
            # A day of 20,000 games is 13 MB and rated in 8 s (bench/arena.py): the command
            # takes it, where a proxy would not wait for the page.
            raise forms.ValidationError(
                f"{refusal} A larger file is loaded on the server with "
                "manage.py load_arena_games PATH."
            )
        return upload
