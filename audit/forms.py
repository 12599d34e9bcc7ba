"""Form fields every app's forms and admins share."""

from __future__ import annotations

from typing import Any

from django import forms


class RecordsChoiceField(forms.ModelMultipleChoiceField):
    """Records chosen by their ids, as Django's field does, where an id past the column's
    range is a choice that is not there, as PostgreSQL answers it: Django checks each id
    alone (a lookup that knows the range), then all together (``pk__in``, which does not),
    and SQLite raised OverflowError there, a 500. Overrides Django's private
    ``_check_values``: see it again on upgrades."""

    def _check_values(self, value: Any) -> Any:
        try:
            return super()._check_values(value)
        except OverflowError:
            key = self.to_field_name or "pk"
            missing = next(v for v in value if not self.queryset.filter(**{key: v}).exists())
            raise forms.ValidationError(
                self.error_messages["invalid_choice"],
                code="invalid_choice",
                params={"value": missing},
            ) from None
