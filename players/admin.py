from django.contrib import admin
from django.contrib.auth import get_user_model
from django.contrib.auth.admin import GroupAdmin, UserAdmin
from django.contrib.auth.models import Group
from django.db.models import Exists, OuterRef, Q

from audit.admin import AuditedModelAdmin, ReadOnlyAdmin
from players.access import ADMINISTRATOR
from players.models import (
    Arbiter,
    Federation,
    Player,
    PlayerImport,
    RatingHistory,
    RatingOfficer,
    RatingState,
    RetiredFideId,
)


@admin.register(Federation)
class FederationAdmin(AuditedModelAdmin):
    list_display = ("code", "name", "excluded")
    search_fields = ("code", "name")
    ordering = ("code",)


#: A player's rating states, seen and never changed in the admin (``RatingStateAdmin``).
STATE_FIELDS = ("category", "rating", "games", "period_games", "k", "reached_2400", "active",
                "status", "list_date")  # fmt: skip


class RatingStateInline(admin.TabularInline):
    model = RatingState
    extra = 0
    fields = readonly_fields = STATE_FIELDS
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False


@admin.register(Player)
class PlayerAdmin(AuditedModelAdmin):
    """A player's record. Registered on the site (/players/register/: an ID of the
    configured range, likely duplicates shown first); his FIDE ID and federation are not
    changed here: published lists, exports and reports name him by that ID, and an ID
    changed here led them to a page that no longer was (a review). FIDE's lists bring a
    transfer; a duplicate is removed on the site (its lines moved to the record kept, its
    ID retired), where a deletion here took his history and games' references with it."""

    list_display = ("fide_id", "name", "federation", "title", "sex", "birth_year")
    search_fields = ("=fide_id", "name")
    list_filter = ("federation", "title", "sex")
    list_select_related = ("federation",)
    autocomplete_fields = ("federation",)
    readonly_fields = ("fide_id", "federation", "created_at", "updated_at")
    inlines = (RatingStateInline,)

    def has_add_permission(self, request):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(RatingState)
class RatingStateAdmin(ReadOnlyAdmin):
    """Written by publications and imports, as the history is: the state is what the next
    period rates from, and one changed here disagreed with the published list (a review).
    Corrections go into a later period."""

    list_display = ("player", "category", "rating", "games", "k", "status", "active", "list_date")
    list_filter = ("category", "status", "active", "reached_2400")
    search_fields = ("=player__fide_id", "player__name")
    list_select_related = ("player",)
    autocomplete_fields = ("player",)


@admin.register(RatingHistory)
class RatingHistoryAdmin(ReadOnlyAdmin):
    """Written by publications and imports: a published rating is never changed here (a
    review changed one, and the player's page no longer agreed with the published list)."""

    list_display = ("player", "category", "list_date", "rating", "games", "k", "active")
    list_filter = ("category", "list_date")
    search_fields = ("=player__fide_id", "player__name")
    list_select_related = ("player",)
    autocomplete_fields = ("player",)
    # No date hierarchy: its years are read off every row of the history (millions, a
    # row per listed player a month: 0.8 s a page); the list-date filter serves.


@admin.register(RatingOfficer)
class RatingOfficerAdmin(AuditedModelAdmin):
    list_display = ("user", "federation")
    list_filter = ("federation",)
    search_fields = ("user__username", "federation__code")
    autocomplete_fields = ("user", "federation")


@admin.register(Arbiter)
class ArbiterAdmin(AuditedModelAdmin):
    list_display = ("name", "fide_id", "federation", "user")
    # Both nullable: a bare select_related() leaves them, two queries a row (a review).
    list_select_related = ("federation", "user")
    list_filter = ("federation",)
    search_fields = ("name", "=fide_id", "user__username")
    autocomplete_fields = ("user", "federation")


@admin.register(PlayerImport)
class PlayerImportAdmin(AuditedModelAdmin):
    """Read-only: an import's record is evidence; imports are started at /players/import/."""

    list_display = ("source", "format", "as_of", "status", "lines_read", "skipped_count",
                    "started_by", "created_at")  # fmt: skip
    list_select_related = ("started_by",)
    list_filter = ("status", "format")
    date_hierarchy = "created_at"

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False  # the record of a list as received, kept with its file


@admin.register(RetiredFideId)
class RetiredFideIdAdmin(ReadOnlyAdmin):
    """Read-only: the FIDE IDs of records removed as duplicates, never given again."""

    list_display = ("fide_id", "kept_fide_id", "retired_at")
    search_fields = ("=fide_id",)


class RoleFilter(admin.SimpleListFilter):
    """Accounts by the role they hold, and those with none."""

    title = "role"
    parameter_name = "role"

    def lookups(self, request, model_admin):
        return (
            ("administrator", "administrator"),
            ("officer", "rating officer"),
            ("arbiter", "arbiter"),
            ("none", "none"),
        )

    def queryset(self, request, queryset):
        held = {
            "administrator": ADMINISTRATOR,
            "officer": Q(officer_roles__isnull=False),
            "arbiter": Q(arbiter__isnull=False),
        }
        if self.value() in held:
            return queryset.filter(held[self.value()]).distinct()
        if self.value() == "none":
            return queryset.exclude(ADMINISTRATOR).filter(
                officer_roles__isnull=True, arbiter__isnull=True
            )
        return queryset


class AuditedUserAdmin(AuditedModelAdmin, UserAdmin):
    """Accounts, and the roles they carry (the Administrators group, staff, superuser), in
    the audit trail as every other change made in the admin (DESIGN-notes 44; a review
    made an administrator and found nothing recorded). A password never: only that it
    changed."""

    secret_fields = frozenset({"password", "password1", "password2", "usable_password"})
    list_display = ("username", "email", "roles", "is_active", "last_login")
    list_filter = (RoleFilter, "is_active", "is_staff", "is_superuser", "groups")

    def get_queryset(self, request):
        return (
            super()
            .get_queryset(request)
            .select_related("arbiter")
            .prefetch_related("officer_roles__federation")
            .annotate(
                administrator=Exists(
                    get_user_model().objects.filter(ADMINISTRATOR, pk=OuterRef("pk"))
                )
            )
        )

    @admin.display(description="roles")
    def roles(self, user) -> str:
        """What the site lets the account do (``players.access.actor_for``), in words: an
        administrator looking for the accounts waiting for a role (the site tells such a
        user that an administrator gives roles) finds them by the filter beside."""
        held = []
        if user.administrator:
            held.append("administrator")
        federations = sorted(role.federation.code for role in user.officer_roles.all())
        if federations:
            held.append(f"rating officer ({', '.join(federations)})")
        if getattr(user, "arbiter", None) is not None:
            held.append("arbiter")
        return ", ".join(held) or "none"


class AuditedGroupAdmin(AuditedModelAdmin, GroupAdmin):
    """Groups (Administrators) in the audit trail, their members' changes included."""


admin.site.unregister(get_user_model())
admin.site.register(get_user_model(), AuditedUserAdmin)
admin.site.unregister(Group)
admin.site.register(Group, AuditedGroupAdmin)
