from django.contrib import admin

from audit.models import AuditEntry


@admin.register(AuditEntry)
class AuditEntryAdmin(admin.ModelAdmin):
    """Read-only: the trail is evidence."""

    list_display = ("at", "who", "action", "content_type", "object_id", "reason")
    list_filter = ("action", "content_type")
    search_fields = ("reason", "actor__username", "actor_label", "action")
    date_hierarchy = "at"

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False
