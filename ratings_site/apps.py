from django.contrib.admin.apps import AdminConfig


class SiteAdminConfig(AdminConfig):
    """Django's admin, with the site that lets administrators in (ratings_site.admin)."""

    default_site = "ratings_site.admin.AdministratorsAdminSite"
