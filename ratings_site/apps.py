from django.apps import AppConfig
from django.contrib.admin.apps import AdminConfig


class SiteConfig(AppConfig):
    """The site: settings, URLs, home page and the demo data (``load_demo``), above every
    app (DESIGN.md's dependency direction)."""

    name = "ratings_site"
    label = "ratings_site"


class SiteAdminConfig(AdminConfig):
    """Django's admin, with the site that lets administrators in (ratings_site.admin)."""

    default_site = "ratings_site.admin.AdministratorsAdminSite"
