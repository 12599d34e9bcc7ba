"""``{% report_panel tournament as panel %}``: the report versions the visitor may see and
whether he may upload, for ``templates/tournaments/reports/_panel.html`` (the tournament
page includes the panel; its view need not know about reports)."""

from django import template

from tournaments.models import TournamentReport
from tournaments.reports.selectors import report_list
from tournaments.reports.services import report_upload_refusal, too_late_to_rate
from tournaments.reports.tables import ReportVersionTable

register = template.Library()


@register.simple_tag(takes_context=True)
def report_panel(context, tournament):
    actor = context["request"].actor
    may_upload = (
        tournament.__class__.objects.restrict(actor, "upload_report")
        .filter(pk=tournament.pk)
        .exists()
    )
    versions = list(report_list(actor=actor, tournament=tournament))
    # The version in force, when it has errors (an older one is superseded): the
    # arbiter's next step is a new one, unless the report is too late to rate whatever
    # it says (interpretation 8; a review found him still asked to upload it again).
    with_errors = next(
        (v for v in versions if v.status == TournamentReport.Status.HAS_ERRORS), None
    )
    too_late = too_late_to_rate([tournament]).get(tournament.pk) if with_errors else None
    return {
        "table": ReportVersionTable(versions),
        "may_upload": may_upload,
        "refusal": report_upload_refusal(tournament),
        "current_with_errors": with_errors,
        "too_late": too_late,
    }
