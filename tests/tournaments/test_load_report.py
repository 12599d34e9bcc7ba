"""``manage.py load_report``: register from the headers, upload, approve (DESIGN.md)."""

from __future__ import annotations

import datetime as dt
import hashlib
import json
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from audit.selectors import audit_entries_for
from tests import factories
from tournaments.models import Game, Tournament
from tournaments.reports.services import duplicate_findings
from tournaments.trf import TrfDate, TrfPlayer, TrfReport, TrfRound, write


def day(text: str) -> TrfDate:
    value = dt.date.fromisoformat(text)
    return TrfDate(raw=value.strftime("%Y/%m/%d"), value=value, year=value.year)


@pytest.fixture
def swiss_report(db, tmp_path):
    """Four registry players of NOR, two rounds, 2025-03-01/02, 90 min + 30 s."""
    norway = factories.FederationFactory(code="NOR", name="Norway")
    people = [
        factories.PlayerFactory(fide_id=1_500_001 + i, name=name, federation=norway,
                                birth_year=1990 + i)
        for i, name in enumerate(["Aas, Anna", "Berg, Bo", "Dahl, Dag", "Eide, Eva"])
    ]  # fmt: skip
    results = {1: [(2, "w", "1"), (3, "b", "=")], 2: [(1, "b", "0"), (4, "w", "1")],
               3: [(4, "w", "0"), (1, "w", "=")], 4: [(3, "b", "1"), (2, "b", "0")]}  # fmt: skip
    players = tuple(
        TrfPlayer(
            start_rank=rank,
            name=person.name,
            rating=1800 + 50 * rank,
            federation="NOR",
            fide_id=person.fide_id,
            birth_date=TrfDate(raw=str(person.birth_year), year=person.birth_year),
            rounds=tuple(TrfRound(r + 1, opp, colour, res) for r, (opp, colour, res)
                         in enumerate(results[rank])),
        )
        for rank, person in enumerate(people, start=1)
    )  # fmt: skip
    report = TrfReport(
        name="Fjord Weekend",
        city="Bergen",
        federation="NOR",
        start_date=day("2025-03-01"),
        end_date=day("2025-03-02"),
        tournament_type="Swiss",
        time_control="90 min + 30 sec",
        round_dates=(day("2025-03-01"), day("2025-03-02")),
        players=players,
    )
    path = tmp_path / "fjord.trf"
    path.write_text(write(report))
    return path


def load(path, *args):
    out = StringIO()
    call_command("load_report", str(path), "--json", *args, stdout=out)
    return json.loads(out.getvalue())


def test_a_backfill_registers_grants_the_late_registration_and_approves(swiss_report):
    """Registered long after its start (late: standard-2009 0.4), the approvals are granted
    with an administrator's authority, the report checks clean and is approved: the
    tournament is ready for rating and its four games are stored."""
    document = load(swiss_report, "--category", "standard", "--register", "--approve")
    assert document["tournament"]["registered"] and document["tournament"]["late"]
    assert document["tournament"]["approvals_granted"] == ["late_registration"]
    assert document["report"] == {**document["report"], "status": "approved", "errors": 0}
    assert document["approved"] and document["refusal"] is None
    tournament = Tournament.objects.get(name="Fjord Weekend")
    assert tournament.status == "ready" and tournament.rule_set == "standard-2009"
    assert Game.objects.filter(report__tournament=tournament).count() == 4
    assert {entry.who for entry in audit_entries_for(tournament)} == {"load_report"}


def test_without_register_an_unknown_tournament_is_bad_input(swiss_report):
    with pytest.raises(CommandError, match="give --register") as raised:
        load(swiss_report, "--category", "standard")
    assert raised.value.returncode == 2


def test_a_registration_the_rules_refuse_is_bad_input_quoting_the_clause(swiss_report):
    """As rapid, 90 min + 30 s is no rapid rate of play (R&B 2024 1.1)."""
    with pytest.raises(CommandError, match=r"R&B 2024 1\.1") as raised:
        load(swiss_report, "--category", "rapid", "--register")
    assert raised.value.returncode == 2
    assert not Tournament.objects.exists()


def test_a_report_with_unknown_players_is_stored_but_not_approved(swiss_report, db):
    from players.models import Player

    Player.objects.filter(name="Eide, Eva").delete()
    document = load(swiss_report, "--category", "standard", "--register", "--approve")
    assert document["report"]["status"] == "checked" and not document["approved"]
    assert "Eide, Eva" in document["refusal"]
    assert Tournament.objects.get().status == "checked"


def test_without_approve_a_late_registration_waits_and_the_upload_is_refused(swiss_report):
    """The registration is stored and waits for an administrator (standard-2009 0.4)."""
    with pytest.raises(CommandError, match=r"registered but waits .*give --approve") as raised:
        load(swiss_report, "--category", "standard", "--register")
    assert raised.value.returncode == 2
    assert Tournament.objects.get().status == "awaiting_approval"


def test_loading_again_adds_a_version_of_the_same_tournament(swiss_report, db):
    from players.models import Player

    Player.objects.filter(name="Eide, Eva").delete()  # keeps the first version unapproved
    load(swiss_report, "--category", "standard", "--register", "--approve")
    again = load(swiss_report, "--category", "standard")
    assert again["report"]["version"] == 2 and not again["tournament"]["registered"]
    assert Tournament.objects.count() == 1


def test_a_report_another_tournament_has_already_is_not_approved_again(swiss_report):
    """A review loaded one report under a second name and had its games rated twice. The
    file, byte for byte another tournament's current report, is an error: stored with the
    new registration, not approved; withdrawn, the first registration no longer counts."""
    load(swiss_report, "--category", "standard", "--register", "--approve")
    with pytest.raises(CommandError, match="byte for byte, version 1 of the report of Fjord "):
        load(swiss_report, "--category", "standard", "--register", "--approve", "--name", "Fjord 2")
    assert Tournament.objects.get(name="Fjord 2").status == "awaiting_approval"
    # (Withdrawn before it was ready: a ready tournament's registration is withdrawn no more.)
    Tournament.objects.filter(name="Fjord Weekend").update(status=Tournament.Status.WITHDRAWN)
    again = load(swiss_report, "--category", "standard", "--approve", "--tournament",
                 str(Tournament.objects.get(name="Fjord 2").pk))  # fmt: skip
    assert again["approved"] and again["report"]["errors"] == 0


@pytest.mark.parametrize(
    ("report_status", "tournament_status", "duplicate"),
    [
        ("checked", "checked", True),
        ("approved", "rated", True),
        ("superseded", "checked", False),  # its tournament's report is another file now
        ("checked", "withdrawn", False),  # registered twice, this one withdrawn
        ("checked", "refused", False),  # refused: it will never be rated
    ],
)
def test_a_duplicate_is_another_live_tournaments_current_report(
    db, report_status, tournament_status, duplicate
):
    """``duplicate_findings``: the same bytes as another tournament's report are an error
    only where that report is its tournament's current one and the tournament may still be
    rated (or is): else the games are rated once, here."""
    data = b"012 Fjord Weekend\n"
    factories.TournamentReportFactory(
        tournament=factories.TournamentFactory(name="First", status=tournament_status),
        sha256=hashlib.sha256(data).hexdigest(),
        status=report_status,
    )
    found = duplicate_findings(factories.TournamentFactory(name="Second"), data)
    assert [f.code for f in found] == (["duplicate-report"] if duplicate else [])
    assert duplicate_findings(factories.TournamentFactory(), b"other bytes") == []


def test_a_tournament_named_by_its_number_must_be_of_the_category_given(swiss_report):
    load(swiss_report, "--category", "standard", "--register", "--approve")
    pk = str(Tournament.objects.get().pk)
    with pytest.raises(CommandError, match="is registered as standard, not rapid") as raised:
        load(swiss_report, "--category", "rapid", "--tournament", pk)
    assert raised.value.returncode == 2


def test_a_missing_federation_is_bad_input(swiss_report):
    with pytest.raises(CommandError, match="no federation 'XYZ'"):
        load(swiss_report, "--category", "standard", "--register", "--federation", "XYZ")


def test_human_output_names_the_outcome(swiss_report):
    out = StringIO()
    call_command("load_report", str(swiss_report), "--category", "standard", "--register",
                 "--approve", stdout=out)  # fmt: skip
    text = out.getvalue()
    assert "Fjord Weekend (standard-2009), registered now, late" in text
    assert "approved" in text


def test_approvals_are_not_granted_to_a_report_with_errors(swiss_report):
    """DESIGN.md: --approve grants approvals only when validation found no error. A rating
    that is not a number (TRF16 001 cols 49-52) leaves the late registration waiting."""
    lines = swiss_report.read_text().splitlines()
    index = next(i for i, line in enumerate(lines) if line.startswith("001"))
    lines[index] = lines[index][:48] + "18x0" + lines[index][52:]
    swiss_report.write_text("\n".join(lines) + "\n")
    with pytest.raises(CommandError, match=r"1 error, the first: [Ll]ine \d+") as raised:
        load(swiss_report, "--category", "standard", "--register", "--approve")
    assert raised.value.returncode == 2
    tournament = Tournament.objects.get()
    assert tournament.status == "awaiting_approval"
    assert tournament.approvals.get().status == "pending"


CORPUS = Path(__file__).resolve().parents[2].parent / "shared" / "testdata" / "trf"


def test_sections_sharing_a_name_and_start_are_not_merged(db):
    """The Bunratty 2011 sections share 012 and 042: the second is refused with the way
    out rather than filed as a new version of the first."""
    factories.FederationFactory(code="IRL", name="Ireland")
    minor = CORPUS / "icu_tournament__bunratty_minor_2011.trf"
    major = CORPUS / "icu_tournament__bunratty_major_2011.trf"
    load(minor, "--category", "standard", "--register", "--approve", "--federation", "IRL")
    with pytest.raises(CommandError, match="already holds a report with other players"):
        load(major, "--category", "standard", "--register", "--approve", "--federation", "IRL")
    named = load(major, "--category", "standard", "--register", "--approve",
                 "--federation", "IRL", "--name", "Bunratty 2011 Major")  # fmt: skip
    assert named["tournament"]["registered"] and named["report"]["version"] == 1
    assert Tournament.objects.count() == 2


@pytest.mark.parametrize(
    ("written", "system"),
    [("Round robin", "round_robin"), ("Closed RR", "round_robin"),
     ("Double round-robin", "double_round_robin"), ("Team League", "team"), ("Swiss", "swiss")],
)  # fmt: skip
def test_the_system_is_read_from_092_as_rate_trf_reads_it(db, written, system):
    """load_report and rate_trf read record 092 with the same words (a round robin written
    "RR" is one for both)."""
    from tournaments.batch import registration_from_report
    from tournaments.report_rating import ROUND_ROBIN, tournament_system

    norway = factories.FederationFactory(code="NOR", name="Norway")
    report = TrfReport(name="X", start_date=day("2025-03-01"), end_date=day("2025-03-02"),
                       tournament_type=written, round_dates=(day("2025-03-01"),))  # fmt: skip
    data, _ = registration_from_report(
        report, category="standard", federation=norway, fallback_name="x"
    )
    assert data.system == system
    if system in ("round_robin", "double_round_robin"):
        assert tournament_system(report) == ROUND_ROBIN


def test_a_withdrawn_registration_is_not_the_report_s_tournament(swiss_report):
    """A review: registered twice, the first registration withdrawn, load_report took the
    withdrawn one and refused the report. It registers the event anew (tournaments.batch:
    withdrawn and refused registrations are no candidates)."""
    from players.access import Actor
    from tournaments.registration import tournament_withdraw

    with pytest.raises(CommandError, match="waits for an administrator's approval"):
        load(swiss_report, "--category", "standard", "--register")
    first = Tournament.objects.get(name="Fjord Weekend")
    tournament_withdraw(
        actor=Actor(is_administrator=True), tournament=first, reason="Registered twice."
    )
    document = load(swiss_report, "--category", "standard", "--register", "--approve")
    assert document["approved"] and document["tournament"]["registered"]
    second = Tournament.objects.exclude(pk=first.pk).get(name="Fjord Weekend")
    assert second.status == "ready"
    first.refresh_from_db()
    assert first.status == "withdrawn"


def test_a_report_goes_to_the_registration_that_holds_its_players(swiss_report):
    """A review: of two registrations of one name, start, category and federation, the
    report went to the first found, one without a report, even when the other held its
    earlier version. Now the one holding its players takes it."""
    from tests import factories

    with pytest.raises(CommandError):  # registered late: to learn the event's fields
        load(swiss_report, "--category", "standard", "--register")
    learnt = Tournament.objects.get(name="Fjord Weekend")
    learnt.status = "withdrawn"
    learnt.save()
    fields = {
        "name": learnt.name, "start_date": learnt.start_date, "end_date": learnt.end_date,
        "category": learnt.category, "federation": learnt.federation, "status": "approved",
        "number_of_rounds": learnt.number_of_rounds,
    }  # fmt: skip
    empty = factories.TournamentFactory(**fields)  # found first
    holding = factories.TournamentFactory(**fields)
    load(swiss_report, "--category", "standard", "--tournament", str(holding.pk))
    document = load(swiss_report, "--category", "standard")
    assert document["tournament"]["id"] == holding.pk
    assert not empty.reports.exists()


def test_a_file_over_the_size_limit_is_refused_before_anything_is_registered(
    swiss_report, settings
):
    """A review: a 6 MB file was registered and its late registration granted before the
    upload refused it for its size. The limit is checked first; nothing is stored."""
    settings.REPORT_UPLOAD_MAX_BYTES = swiss_report.stat().st_size - 1
    with pytest.raises(CommandError, match="larger than the limit") as raised:
        load(swiss_report, "--category", "standard", "--register", "--approve")
    assert raised.value.returncode == 2
    assert not Tournament.objects.exists()


def test_a_name_longer_than_a_registration_holds_is_bad_input(swiss_report):
    """A review: a 201-character 012 was PostgreSQL's "value too long", a traceback after
    the registration had begun. The command names the record and the remedy."""
    text = swiss_report.read_text().replace("012 Fjord Weekend", "012 " + "F" * 201)
    swiss_report.write_text(text)
    with pytest.raises(CommandError, match=r"name \(012\) has 201 characters.*--name"):
        load(swiss_report, "--category", "standard", "--register", "--approve")
    assert not Tournament.objects.exists()
    outcome = load(
        swiss_report, "--category", "standard", "--register", "--approve", "--name", "Fjord"
    )
    assert outcome["tournament"]["name"] == "Fjord"


def test_a_too_long_name_given_is_named_as_given_not_as_the_reports(swiss_report):
    """The message blamed record 012 and told to give --name when --name was the one too
    long."""
    with pytest.raises(CommandError) as raised:
        load(swiss_report, "--category", "standard", "--register", "--name", "F" * 201)
    assert raised.value.returncode == 2
    assert "name (--name) has 201 characters" in str(raised.value)
    assert "012" not in str(raised.value) and str(raised.value).endswith("shorten it")
    assert not Tournament.objects.exists()


def test_a_start_date_beyond_the_calendar_is_bad_input_not_a_traceback(swiss_report):
    """A review: 042 0001/01/01 overflowed the list arithmetic (an OverflowError). The
    date is not read (tournaments.trf.dates.YEARS), and without another date the command
    says so; nothing is stored."""
    text = swiss_report.read_text()
    text = text.replace("042 2025/03/01", "042 0001/01/01").replace("052 2025/03/02", "052")
    text = "\n".join(line for line in text.splitlines() if not line.startswith("132")) + "\n"
    swiss_report.write_text(text)
    with pytest.raises(CommandError, match="no readable start date") as raised:
        load(swiss_report, "--category", "standard", "--register", "--approve")
    assert raised.value.returncode == 2
    assert not Tournament.objects.exists()


def test_a_backfill_of_an_event_that_has_not_ended_is_not_approved(swiss_report):
    """A review: a backfill approves "as of" the tournament's end, and so approved an event
    dated 2090 for rating. An event is approved once it has ended, backfill or not."""
    text = swiss_report.read_text().replace("2025/03/0", "2090/03/0")
    text = "\n".join(line for line in text.splitlines() if not line.startswith("132")) + "\n"
    swiss_report.write_text(text)
    outcome = load(swiss_report, "--category", "standard", "--register", "--approve")
    assert outcome["approved"] is False
    assert "once it has ended" in outcome["refusal"]
    assert Tournament.objects.get().status != "ready"


def test_a_backfill_too_late_to_rate_leaves_its_tournament_refused(swiss_report):
    """A review: the backfill's approval ran in a transaction of its own, so the refusal
    of a report past the third list after its end (R&B 2024 8.1, interpretation 8) was
    printed and then undone: the tournament stayed "report received" and waited among the
    reports to approve, where the page's approval refuses it for good."""
    from players.models import Player, RatingHistory

    # The standard list of 2025-07-01 is out: the third list after 2025-03-02 was June's.
    RatingHistory.objects.create(
        player=Player.objects.first(), category="standard", list_date=dt.date(2025, 7, 1),
        rating=1900,
    )  # fmt: skip
    outcome = load(swiss_report, "--category", "standard", "--register", "--approve")
    assert outcome["approved"] is False
    assert "after the third list following its end" in outcome["refusal"]
    tournament = Tournament.objects.get()
    assert tournament.status == "refused"
    [entry] = [e for e in audit_entries_for(tournament) if "refused" in e.action.lower()]
    assert "after the third list following its end" in entry.reason
