import datetime as dt
import json
from collections.abc import Iterator

from django.contrib import admin
from django.contrib.admin.options import IncorrectLookupParameters
from django.contrib.admin.views.main import ChangeList
from django.db.models import QuerySet
from django.http import StreamingHttpResponse
from django.urls import NoReverseMatch, reverse
from django.utils import timezone
from django.utils.html import format_html

from audit.forms import RecordsChoiceField
from audit.models import AuditEntry
from audit.services import audit_record
from downloads import CSV, csv_chunks, streamed_attachment


class DateCheckedChangeList(ChangeList):
    """Django's change list reads a year (the date hierarchy's ``?at__year=``, or a lookup
    such as ``?at__year__gte=``) into a datetime and lets an OverflowError (a year of 20
    digits) or the ValueError of a year after 9999 out as a server error; here they are
    the wrong lookup the admin already answers ("?e=1", the list unfiltered). The date
    hierarchy's is raised reading the filters, a lookup's counting the rows. A NUL
    character in a lookup is wrong on every database (PostgreSQL's text refuses it)."""

    def get_filters(self, request):
        if any("\x00" in key + "".join(values) for key, values in request.GET.lists()):
            # PostgreSQL refuses a NUL in text (a DataError, a 500 on ?action=%00).
            raise IncorrectLookupParameters("A NUL character in the lookups")
        try:
            return super().get_filters(request)
        except (OverflowError, ValueError) as error:
            raise IncorrectLookupParameters(error) from error

    def get_results(self, request):
        try:
            return super().get_results(request)
        except (OverflowError, ValueError) as error:
            raise IncorrectLookupParameters(error) from error


#: The longest admin search read: a condition per word and field, and SQLite refuses a
#: query of about a thousand (1,500 words were a server error).
ADMIN_SEARCH_MAX_LENGTH = 200


class ModelAdmin(admin.ModelAdmin):
    """The project's admin: every model's admin derives from it."""

    def get_changelist(self, request, **kwargs):
        return DateCheckedChangeList

    def formfield_for_manytomany(self, db_field, request, **kwargs):
        kwargs.setdefault("form_class", RecordsChoiceField)
        return super().formfield_for_manytomany(db_field, request, **kwargs)

    def get_search_results(self, request, queryset, search_term):
        """The first ``ADMIN_SEARCH_MAX_LENGTH`` characters, a NUL read as a space (PostgreSQL
        refuses it in text: the change list's search and the autocomplete's both come here),
        as ``players.filters.name_or_fide_id`` reads it."""
        term = search_term[:ADMIN_SEARCH_MAX_LENGTH].replace("\x00", " ")
        return super().get_search_results(request, queryset, term)


class ReadOnlyAdmin(ModelAdmin):
    """Seen in the admin, changed only through the application's services (or never)."""

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(AuditEntry)
class AuditEntryAdmin(ReadOnlyAdmin):
    """Read-only: the trail is evidence."""

    list_display = ("at", "who", "action", "target", "reason")
    # By person too (a review: only by action and kind of object).
    list_filter = ("action", "content_type", ("actor", admin.RelatedOnlyFieldListFilter))
    search_fields = ("reason", "actor__username", "actor_label", "action")
    date_hierarchy = "at"
    list_select_related = ("actor", "content_type")  # "who" names the actor on every row
    actions = ("download_csv",)

    @admin.display(description="object")
    def target(self, entry: AuditEntry) -> str:
        """The object, linked to its page here where it has one (a review: a kind of
        object and a number)."""
        label = f"{entry.content_type.name} {entry.object_id}"
        meta = entry.content_type
        try:
            url = reverse(f"admin:{meta.app_label}_{meta.model}_change", args=(entry.object_id,))
        except NoReverseMatch:
            return label
        return format_html('<a href="{}">{}</a>', url, label)

    @admin.action(description="Download the selected entries (CSV)")
    def download_csv(self, request, queryset: QuerySet[AuditEntry]) -> StreamingHttpResponse:
        """The entries chosen (all those the filters and the search keep, with "select
        all"), oldest first, streamed: a year's trail is kept by whoever audits it."""
        return streamed_attachment(
            csv_chunks(AUDIT_CSV_COLUMNS, audit_csv_rows(queryset)),
            content_type=CSV,
            filename=f"audit-trail-{timezone.localdate():%Y-%m-%d}.csv",
        )


#: The audit trail's CSV download, a column per fact of an entry.
AUDIT_CSV_COLUMNS = (
    "at_utc", "who", "action", "object_type", "object_id", "reason", "changes",
)  # fmt: skip


def audit_csv_rows(entries: QuerySet[AuditEntry]) -> Iterator[tuple[object, ...]]:
    """Each entry as a row of ``AUDIT_CSV_COLUMNS``: its moment in UTC to the second, who
    (a user's name, or the command or task), the action in words, the object's kind and
    id, the reason, and the changes as JSON ({"field": [before, after]})."""
    chosen = entries.select_related("actor", "content_type").order_by("at", "pk")
    for entry in chosen.iterator(chunk_size=2000):
        yield (
            entry.at.astimezone(dt.UTC).strftime("%Y-%m-%d %H:%M:%S"),
            entry.who,
            entry.action_text,
            entry.content_type.name,
            entry.object_id,
            entry.reason,
            json.dumps(entry.changes, ensure_ascii=False, sort_keys=True) if entry.changes else "",
        )


class AuditedModelAdmin(ModelAdmin):
    """An admin whose every add, change and delete is in the audit trail, like a change
    made through the application (DESIGN.md: every state change with who and when)."""

    #: Fields whose values the trail must not hold: only that they changed.
    secret_fields: frozenset[str] = frozenset()

    def save_model(self, request, obj, form, change):
        before = {name: form.initial.get(name) for name in form.changed_data}
        super().save_model(request, obj, form, change)
        changes = {
            name: (
                ["(not shown)", "(changed)"]
                if name in self.secret_fields
                else [_shown(before[name]), _shown(form.cleaned_data.get(name))]
            )
            for name in form.changed_data
        }
        audit_record(
            target=obj,
            actor=request.user,
            action="admin: changed" if change else "admin: added",
            changes=changes,
        )

    def delete_model(self, request, obj):
        audit_record(target=obj, actor=request.user, action="admin: deleted",
                     changes={"object": [str(obj), None]})  # fmt: skip
        super().delete_model(request, obj)

    def delete_queryset(self, request, queryset):
        for obj in queryset:
            audit_record(target=obj, actor=request.user, action="admin: deleted",
                         changes={"object": [str(obj), None]})  # fmt: skip
        super().delete_queryset(request, queryset)


def _shown(value):
    if value is None or isinstance(value, bool | int | str):
        return value
    if hasattr(value, "all"):  # a many-to-many selection
        return ", ".join(str(item) for item in value.all())
    if isinstance(value, list | tuple):  # one as the form's initial data holds it
        return ", ".join(str(item) for item in value)
    return str(value)
