"""The admin is for administrators: superusers and members of the Administrators group."""

from django.contrib import admin
from django.http import HttpRequest

from players.access import actor_for


class AdministratorsAdminSite(admin.AdminSite):
    site_header = "The rating officer's system: administration"
    site_title = "Administration"

    def has_permission(self, request: HttpRequest) -> bool:
        return request.user.is_active and (
            request.user.is_staff or actor_for(request.user).is_administrator
        )
