from django.contrib import admin

from lists.models import WorkerHeartbeat


@admin.register(WorkerHeartbeat)
class WorkerHeartbeatAdmin(admin.ModelAdmin):
    """Read-only: is a worker alive, on which host, and on which database?"""

    list_display = ("created_at", "hostname", "database_vendor", "token")
    search_fields = ("token", "hostname")
    list_filter = ("database_vendor", "hostname")
    date_hierarchy = "created_at"

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False
