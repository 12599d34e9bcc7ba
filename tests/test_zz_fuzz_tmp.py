"""TEMPORARY fuzz sweep (to be deleted)."""

from __future__ import annotations

import datetime as dt
import json
import sys
import time
import traceback
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from tests import factories
from tests.conftest import PERSONAS
from tests.lists.conftest import APRIL, MAY, compute, period_world, publish  # noqa: F401

sys.path.insert(0, str(Path(__file__).parent / "tournaments" / "reports"))

ROOT = "/work/main/"
OUT = Path("/tmp/fuzz_out.json")
HUGE = "99999999999999999999999"

RESULTS: list[dict] = []
LEAKS: list[dict] = []
STATUS: list[dict] = []


def client_for(world, persona):
    c = Client(raise_request_exception=False)
    if persona != "anonymous":
        c.force_login(world["users"][persona])
    return c


def frames(exc_info):
    tb = traceback.extract_tb(exc_info[2])
    mine = [f"{f.filename.replace(ROOT, '')}:{f.lineno} {f.name}" for f in tb if ROOT in f.filename and ".venv" not in f.filename]
    last = [f"{f.filename}:{f.lineno} {f.name}" for f in tb[-3:]]
    return mine[-6:], last


def do(clients, persona, method, path, data=None, secrets=(), tag="", **extra):
    c = clients[persona]
    try:
        fn = getattr(c, method.lower())
        if data is None:
            resp = fn(path, **extra)
        else:
            resp = fn(path, data, **extra)
    except Exception as error:  # noqa: BLE001
        RESULTS.append({"persona": persona, "method": method, "path": path, "data": repr(data)[:300],
                        "status": "RAISED", "exc": f"{type(error).__name__}: {error}"[:500],
                        "frames": frames(sys.exc_info())})
        return None
    status = resp.status_code
    exc = getattr(resp, "exc_info", None)
    if status >= 500 or exc:
        mine, last = frames(exc) if exc else ([], [])
        RESULTS.append({"persona": persona, "method": method, "path": path, "data": repr(data)[:300],
                        "status": status, "exc": f"{exc[0].__name__}: {exc[1]}"[:500] if exc else "",
                        "frames": mine, "last": last})
    body = b""
    if status == 200 and secrets:
        if getattr(resp, "streaming", False):
            body = b"".join(resp.streaming_content)
        else:
            body = resp.content
        text = body.decode("utf-8", "replace")
        for secret in secrets:
            if secret in text:
                LEAKS.append({"persona": persona, "method": method, "path": path, "secret": secret, "tag": tag})
    elif getattr(resp, "streaming", False):
        try:
            b"".join(resp.streaming_content)
        except Exception as error:  # noqa: BLE001
            RESULTS.append({"persona": persona, "method": method, "path": path, "data": repr(data)[:300],
                            "status": f"{status} STREAM-RAISED", "exc": f"{type(error).__name__}: {error}"[:500],
                            "frames": frames(sys.exc_info())})
    return resp


@pytest.fixture
def scene(world, period_world, compute, publish, django_capture_on_commit_callbacks, settings, tmp_path):
    from audit.services import audit_record
    from lists.models import RatingPeriod
    from players.models import PlayerImport
    from tournaments.models import ApprovalRequest, PlayerMatch, Tournament

    settings.MEDIA_ROOT = tmp_path / "media"
    w = period_world
    a, b, c = w.player("Alpha, Anna", 1800), w.player("Beta, Bert", 1700), w.player("Gamma, Gil", 2000)
    d = w.player("Müller, Hans", 1900, standard=2100)
    t1 = w.tournament([(a, b, 1), (c, d, 0.5)], name="Spring Rapid")
    april = publish(compute("rapid", APRIL))
    # computed, not published: the preview only officers see
    t2 = w.tournament([(a, c, 1)], name="May Rapid", start=dt.date(2025, 4, 10), list_date=MAY)
    may = compute("rapid", MAY)
    assert may.status == "computed", may.status
    ts = w.tournament([(d, a, 1)], name="Std Event", category="standard")
    std = compute("standard", APRIL)
    open_period = RatingPeriod.objects.create(category="blitz", list_date="2099-04-01", closing_date="2099-03-29")

    tournament = world["tournament"]
    tournament.status = "checked"
    tournament.save()
    report = factories.TournamentReportFactory(tournament=tournament)
    PlayerMatch.objects.create(report=report, start_rank=1, trf_name="Secretline, Nils", status="no_id")
    PlayerMatch.objects.create(report=report, start_rank=2, trf_name="Secondline, Olga", status="unknown")
    awaiting = factories.TournamentFactory(federation=world["fed_a"], status="awaiting_approval",
                                           name="HiddenAwaiting Cup")
    approval = ApprovalRequest.objects.create(tournament=awaiting, kind="late_registration",
                                              clause="standard-2009 0.4", explanation="SECRETEXPLAIN")
    registered = factories.TournamentFactory(federation=world["fed_a"], status="registered",
                                             name="HiddenRegistered Open", chief_arbiter=world["users"]["arbiter"].arbiter)
    withdrawn = factories.TournamentFactory(federation=world["fed_b"], status="withdrawn", name="HiddenWithdrawn Open")
    player = factories.PlayerFactory(federation=world["fed_a"], name="Fedaplayer, Alice")
    player_b = factories.PlayerFactory(federation=world["fed_b"], name="Fedbplayer, Bob")
    audit_record(target=player, actor=world["users"]["officer_a"], action="edited", reason="SECRETAUDITPLAYER",
                 changes={"name": ["Old", "New"]})
    audit_record(target=tournament, actor=world["users"]["officer_a"], action="status:checked",
                 reason="SECRETAUDITTOURN")
    audit_record(target=t2, actor=world["users"]["officer_a"], action="noted", reason="SECRETAUDITT2")
    imp = PlayerImport.objects.create(source="players_list_secret.txt", format="txt", as_of="2026-11-01",
                                      started_by=world["users"]["administrator"])
    return {
        "players": {"a": a, "b": b, "c": c, "d": d, "fa": player, "fb": player_b},
        "t1": t1, "t2": t2, "ts": ts, "t": tournament, "awaiting": awaiting, "registered": registered,
        "withdrawn": withdrawn, "report": report, "approval": approval, "import": imp,
        "april": april, "may": may, "std": std, "open": open_period,
    }


Q_VALUES = ["a" * 5000, "a" * 201, "Müller", "\x00", "a\x00b", "%", "%%", "_", "\\", "' OR 1=1 --",
            "1" * 25, "12345678", " ", "a b c d e f g h i j k l", "😀", ",,,,", "'", "d'", "’", "ß", "İ",
            "\u0301", "0", "-1", "1e5", "²", "Ⅻ", "\ud800".encode("utf-8", "surrogatepass").decode("latin-1"),
            "Carlsen M", "a,b", "x" * 199 + "😀", "ﬀ", "\t\n"]

LIST_PARAMS = [
    {}, {"page": "0"}, {"page": "-1"}, {"page": "999999"}, {"page": "abc"}, {"page": "1.5"}, {"page": ""},
    {"page": HUGE}, {"page": "1e3"}, {"page": "\x00"}, {"page": ["1", "2"]},
    {"sort": "nonexistent"}, {"sort": "-name"}, {"sort": "name"}, {"sort": "-rating"}, {"sort": "rating"},
    {"sort": "change"}, {"sort": "-change"}, {"sort": "-birth_year"}, {"sort": "games"}, {"sort": "__class__"},
    {"sort": "fide_id,,"}, {"sort": "-"}, {"sort": ""}, {"sort": "k"}, {"sort": "position"}, {"sort": "title"},
    {"sort": "federation"}, {"sort": "-federation"}, {"sort": "status"}, {"sort": "kind"}, {"sort": "period"},
    {"sort": "list_date"}, {"sort": "tournament"}, {"sort": "start_date"}, {"sort": "rating,name"},
    {"sort": "name,-rating,bogus"}, {"sort": "\x00"},
    {"per_page": "0"}, {"per_page": "-1"}, {"per_page": "100000000"}, {"per_page": "abc"},
    {"federation": "xx"}, {"federation": "ZZZ"}, {"federation": "1"}, {"federation": "nor"},
    {"federation": "AAA"}, {"federation": "BBB"}, {"federation": "\x00"}, {"federation": " "},
    {"federation": ["AAA", "BBB"]}, {"federation": "a" * 5000},
    {"category": "bogus"}, {"category": "rapid"}, {"status": "bogus"}, {"status": "active"},
    {"status": "inactive"}, {"kind": "bogus"}, {"kind": "rated"}, {"kind": "delisted"},
    {"title": "bogus"}, {"title": "GM"}, {"sex": "X"}, {"sex": "F"}, {"age": "bogus"}, {"age": "u20"},
    {"age": "65plus"}, {"mine": "maybe"}, {"mine": "true"}, {"system": "bogus"},
    {"start_date_after": "2025-02-30"}, {"start_date_before": "0000-01-01"},
    {"start_date_after": "9999-12-31", "start_date_before": "0001-01-01"}, {"start_date_after": "abc"},
    {"start_date_min": "x", "start_date_max": "y"}, {"start_date_0": "2025-13-01"},
    {"t-page": "abc"}, {"t-page": "-1"}, {"t-sort": "bogus"}, {"t-sort": "-name"},
    {"players-page": "-5"}, {"players-sort": "bogus"}, {"tournaments-page": HUGE},
    {"tournaments-sort": "-federation"}, {"rapid-page": "x"},
    {"player": "abc", "rated_in": "bogus"}, {"player": HUGE, "rated_in": "rapid"},
    {"player": "80000000", "rated_in": "rapid"}, {"rated_in": "standard"},
    {"q": "Alpha", "federation": "nor", "sex": "M", "age": "u20", "status": "active", "title": "GM"},
    {"q": "alpha", "kind": "rated", "federation": "NOR"},
    {"q": "a", "q2": "b"}, {"q": ["a", "b"]},
]
for q in Q_VALUES:
    LIST_PARAMS.append({"q": q})
    LIST_PARAMS.append({"name": q})
    LIST_PARAMS.append({"tournament": q})

SMALL_PARAMS = [{}, {"page": "-1"}, {"page": "abc"}, {"page": HUGE}, {"page": "0"}, {"page": "999999"},
                {"sort": "bogus"}, {"q": "\x00"}, {"x": "a" * 10000}]


def secrets_for(persona, s):
    """Strings the persona must not see on any page."""
    everyone_hidden = []
    if persona == "anonymous":
        return ["SECRETEXPLAIN", "SECRETAUDITPLAYER", "SECRETAUDITTOURN", "SECRETAUDITT2", "Secretline, Nils",
                "Secondline, Olga", "HiddenAwaiting", "HiddenRegistered", "HiddenWithdrawn",
                "players_list_secret", "period-rapid-2025-05", "period-standard-2025-04", "report.trf",
                f"/lists/periods/{s['may'].pk}/"]
    if persona == "officer_b":
        return ["SECRETEXPLAIN", "SECRETAUDITPLAYER", "SECRETAUDITTOURN", "Secretline, Nils",
                "HiddenAwaiting", "HiddenRegistered", "players_list_secret"]
    if persona == "arbiter":
        return ["SECRETEXPLAIN", "SECRETAUDITPLAYER", "HiddenAwaiting", "players_list_secret",
                "period-rapid-2025-05", "period-standard-2025-04", "Secretline, Nils"]
    return everyone_hidden


def get_urls(s):
    """(name, path, param-set) for GET."""
    t, r = s["t"], s["report"]
    pa = s["players"]
    urls = [
        ("home", "/", LIST_PARAMS), ("login", "/accounts/login/", [{}, {"next": "//evil.com"}, {"next": "\x00"}]),
        ("logout", "/accounts/logout/", [{}]), ("password_change", "/accounts/password/", [{}]),
        ("password_change_done", "/accounts/password/done/", [{}]),
        ("password_reset", "/accounts/password/reset/", [{}]),
        ("password_reset_done", "/accounts/password/reset/sent/", [{}]),
        ("password_reset_confirm", "/accounts/password/reset/MQ/set-password/", [{}]),
        ("password_reset_confirm2", "/accounts/password/reset/%00%00/abc-def/", [{}]),
        ("password_reset_confirm3", "/accounts/password/reset/" + "A" * 500 + "/x/", [{}]),
        ("password_reset_confirm4", "/accounts/password/reset/OTk5OTk5OTk5OTk5OTk5OTk5OTk5OTk5/x-y/", [{}]),
        ("password_reset_confirm5", "/accounts/password/reset/LTE/x-y/", [{}]),
        ("password_reset_confirm6", "/accounts/password/reset/_-_-/set-password/", [{}]),
        ("password_reset_complete", "/accounts/password/reset/complete/", [{}]),
        ("dashboard", "/dashboard/", SMALL_PARAMS),
        ("players:list", "/players/", LIST_PARAMS),
        ("players:register", "/players/register/", SMALL_PARAMS),
        ("players:duplicates", "/players/duplicates/", SMALL_PARAMS),
        ("players:duplicate_remove", "/players/duplicates/remove/", [{}]),
        ("players:import", "/players/import/", SMALL_PARAMS),
        ("tournaments:list", "/tournaments/", LIST_PARAMS),
        ("tournaments:register", "/tournaments/register/", SMALL_PARAMS),
        ("tournaments:approvals", "/tournaments/approvals/", LIST_PARAMS),
        ("tournaments:report_list", "/tournaments/reports/", LIST_PARAMS),
        ("calculator:index", "/calculator/", LIST_PARAMS + CALC_GETS),
        ("lists:index", "/lists/", SMALL_PARAMS),
        ("lists:rules", "/lists/rules/", SMALL_PARAMS),
        ("lists:periods", "/lists/periods/", LIST_PARAMS),
    ]
    for label, pk in (("valid", None), ("zero", "0"), ("missing", "999999"), ("huge", HUGE)):
        def p(x, default):
            return str(default) if pk is None else pk
        fid = p(None, pa["a"].fide_id)
        fida = p(None, pa["fa"].fide_id)
        tpk = p(None, t.pk)
        urls += [
            (f"players:import_detail/{label}", f"/players/import/{p(0, s['import'].pk)}/", SMALL_PARAMS),
            (f"players:detail/{label}", f"/players/{fid}/", SMALL_PARAMS),
            (f"players:detail-fa/{label}", f"/players/{fida}/", SMALL_PARAMS),
            (f"players:edit/{label}", f"/players/{fida}/edit/", [{}]),
            (f"tournaments:detail/{label}", f"/tournaments/{tpk}/", SMALL_PARAMS),
            (f"tournaments:detail-awaiting/{label}", f"/tournaments/{p(0, s['awaiting'].pk)}/", [{}]),
            (f"tournaments:detail-registered/{label}", f"/tournaments/{p(0, s['registered'].pk)}/", [{}]),
            (f"tournaments:detail-withdrawn/{label}", f"/tournaments/{p(0, s['withdrawn'].pk)}/", [{}]),
            (f"tournaments:detail-t2/{label}", f"/tournaments/{p(0, s['t2'].pk)}/", [{}]),
            (f"tournaments:withdraw/{label}", f"/tournaments/{tpk}/withdraw/", [{}]),
            (f"tournaments:correct/{label}", f"/tournaments/{tpk}/correct/", [{}]),
            (f"tournaments:move_list/{label}", f"/tournaments/{tpk}/move-list/", [{}]),
            (f"tournaments:approval/{label}", f"/tournaments/approvals/{p(0, s['approval'].pk)}/", [{}]),
            (f"tournaments:approval-approve/{label}", f"/tournaments/approvals/{p(0, s['approval'].pk)}/approve/", [{}]),
            (f"tournaments:approval-refuse/{label}", f"/tournaments/approvals/{p(0, s['approval'].pk)}/refuse/", [{}]),
            (f"tournaments:report_upload/{label}", f"/tournaments/{tpk}/reports/upload/", [{}]),
            (f"tournaments:report_detail/{label}", f"/tournaments/{tpk}/reports/{p(0, 1)}/", SMALL_PARAMS),
            (f"tournaments:report_detail-t1/{label}", f"/tournaments/{p(0, s['t1'].pk)}/reports/{p(0, 1)}/", [{}]),
            (f"tournaments:report_download/{label}", f"/tournaments/{tpk}/reports/{p(0, 1)}/file/", [{}]),
            (f"tournaments:report_approve/{label}", f"/tournaments/{tpk}/reports/{p(0, 1)}/approve/", [{}]),
            (f"tournaments:player_match_resolve/{label}", f"/tournaments/{tpk}/reports/1/players/{p(0, 1)}/match/", [{}]),
            (f"tournaments:player_match_reopen/{label}", f"/tournaments/{tpk}/reports/1/players/{p(0, 1)}/reopen/", [{}]),
            (f"tournaments:players_register_new/{label}", f"/tournaments/{tpk}/reports/{p(0, 1)}/players/register-new/", SMALL_PARAMS),
            (f"tournaments:player_match_register/{label}", f"/tournaments/{tpk}/reports/1/players/{p(0, 1)}/register/", [{}]),
            (f"lists:player_calculations/{label}", f"/lists/players/{fid}/", SMALL_PARAMS),
            (f"lists:player_calculations-fa/{label}", f"/lists/players/{fida}/", [{}]),
            (f"lists:crosstable/{label}", f"/lists/tournaments/{p(0, s['t1'].pk)}/", SMALL_PARAMS),
            (f"lists:crosstable-t2/{label}", f"/lists/tournaments/{p(0, s['t2'].pk)}/", [{}]),
            (f"lists:crosstable-t/{label}", f"/lists/tournaments/{tpk}/", [{}]),
            (f"lists:crosstable-registered/{label}", f"/lists/tournaments/{p(0, s['registered'].pk)}/", [{}]),
        ]
        for pname in ("april", "may", "std", "open"):
            ppk = p(0, s[pname].pk)
            urls += [
                (f"lists:period-{pname}/{label}", f"/lists/periods/{ppk}/", LIST_PARAMS if pname == "may" and label == "valid" else SMALL_PARAMS),
                (f"lists:period_progress-{pname}/{label}", f"/lists/periods/{ppk}/progress/", [{}]),
                (f"lists:period_preview-{pname}/{label}", f"/lists/periods/{ppk}/preview.csv", LIST_PARAMS if pname == "may" and label == "valid" else SMALL_PARAMS),
                (f"lists:period_close-{pname}/{label}", f"/lists/periods/{ppk}/close/", [{}]),
                (f"lists:period_compute-{pname}/{label}", f"/lists/periods/{ppk}/compute/", [{}]),
                (f"lists:period_publish-{pname}/{label}", f"/lists/periods/{ppk}/publish/", [{}]),
            ]
    # published lists and downloads
    for cat in ("rapid", "standard", "blitz", "RAPID", "bogus", "%00", "rápid"):
        for ym in ("2025-04", "2025-05", "2025-4", "2025-004", "0000-01", "0-0", "9999-12", "2025-13", "2025-00",
                   HUGE + "-01", "2025-" + HUGE, "10000-01", "0001-01"):
            params = LIST_PARAMS if (cat, ym) == ("rapid", "2025-04") else [{}]
            urls.append((f"lists:published/{cat}/{ym}", f"/lists/{cat}/{ym}/", params))
            for fmt in ("csv", "txt", "json", "xml") if (cat, ym) == ("rapid", "2025-04") else ("csv",):
                urls.append((f"lists:download/{cat}/{ym}/{fmt}", f"/lists/{cat}/{ym}/download.{fmt}",
                             LIST_PARAMS if (cat, ym, fmt) == ("rapid", "2025-04", "csv") else
                             (SMALL_PARAMS + [{"q": "\x00"}, {"federation": "ZZZ"}, {"q": "a" * 5000}, {"age": "u20", "sex": "F"}] if (cat, ym) == ("rapid", "2025-04") else [{}])))
    for fmt in ("CSV", "pdf", "", "csv.", "..", "%00", "csv%00", "json/", "xml.gz", "a" * 300):
        urls.append((f"lists:download/badfmt/{fmt[:10]}", f"/lists/rapid/2025-04/download.{fmt}", [{}]))
        urls.append((f"lists:download/badfmt-unpub/{fmt[:10]}", f"/lists/rapid/2025-05/download.{fmt}", [{}]))
    urls.append(("lists:download/unpublished", "/lists/rapid/2025-05/download.csv", [{}]))
    return urls


CALC_GETS = [
    {"rule_set": "bogus"}, {"rule_set": "standard-2009", "rating": "abc"}, {"rating": "-1"},
    {"rule_set": "standard-2009", "rating": "2000", "games": "-1", "opponents": "2100 1"},
    {"rule_set": "standard-2009", "rating": HUGE, "games": HUGE, "opponents": "2100 1", "birth_year": HUGE},
    {"rule_set": "rapid-blitz-2024", "rating": "2000", "games": "30", "opponents": "1e999999 1"},
    {"rule_set": "rapid-blitz-2024", "rating": "2000", "games": "30", "opponents": "NaN 1\nInfinity 0\n-0 1"},
    {"rule_set": "rapid-blitz-2024", "rating": "2000", "games": "30", "opponents": "\x00"},
    {"rule_set": "rapid-blitz-2024", "rating": "2000", "games": "30", "opponents": "2000 1/0"},
    {"rule_set": "rapid-blitz-2024", "rating": "2000", "games": "30", "opponents": "2000 99/99"},
    {"rule_set": "rapid-blitz-2024", "rating": "2000", "games": "30", "opponents": "2000 .5\n" * 200},
    {"rule_set": "rapid-blitz-2024", "rating": "2000", "games": "30", "opponents": "x" * 100000},
    {"rule_set": "rapid-blitz-2024", "rating": "2000", "games": "30", "birth_year": "0", "opponents": "2000 1"},
    {"rule_set": "rapid-blitz-2024", "rating": "2000", "games": "30", "birth_year": "9999", "opponents": "2000 1"},
    {"rule_set": "rapid-blitz-2024", "rating": "0", "games": "0", "opponents": "0 1"},
    {"rule_set": "rapid-blitz-2024", "rating": "9999", "games": "0", "opponents": "9999 0"},
    {"rule_set": ["standard-2009", "bogus"], "rating": ["1", "2"]},
]


def post_bodies(s, world):
    """(name, path, [bodies]) for POST."""
    t, pa = s["t"], s["players"]
    garbage = [{}, {"reason": "x" * 100000}, {"reason": "\x00"}, {"reason": "ok reason", "x": "\x00"},
               {"fide_id": "abc", "note": "n"}, {"fide_id": HUGE, "note": "n"}, {"fide_id": "-1"},
               {"fide_id": str(pa["fb"].fide_id), "note": "n"}, {"fide_id": str(pa["fa"].fide_id), "note": "n"},
               {"fide_id": "0"}]
    reg = {"name": "New, Person", "federation": "AAA", "sex": "M", "birth_year": "1990", "note": "x"}
    reg_bodies = [reg, {**reg, "federation": "ZZZ"}, {**reg, "federation": "BBB"}, {**reg, "birth_year": HUGE},
                  {**reg, "birth_year": "-5"}, {**reg, "birth_year": "abc"}, {**reg, "sex": "X"},
                  {**reg, "name": "\x00"}, {**reg, "name": "a" * 1000}, {**reg, "federation": "\x00"}]
    formsets = [
        {"form-TOTAL_FORMS": "abc", "form-INITIAL_FORMS": "0"},
        {"form-TOTAL_FORMS": "-1", "form-INITIAL_FORMS": "0"},
        {"form-TOTAL_FORMS": "100000", "form-INITIAL_FORMS": "0"},
        {"form-TOTAL_FORMS": HUGE, "form-INITIAL_FORMS": HUGE},
        {"form-TOTAL_FORMS": "1", "form-INITIAL_FORMS": "1", "form-0-start_rank": "abc", "form-0-register": "on"},
        {"form-TOTAL_FORMS": "1", "form-INITIAL_FORMS": "1", "form-0-start_rank": HUGE, "form-0-register": "on", "form-0-sex": "M", "form-0-birth_year": "1990"},
        {"form-TOTAL_FORMS": "1", "form-INITIAL_FORMS": "1", "form-0-start_rank": "2", "form-0-register": "on", "form-0-sex": "M", "form-0-birth_year": "1990"},
        {"form-TOTAL_FORMS": "1", "form-INITIAL_FORMS": "1", "form-0-start_rank": "999", "form-0-register": "on", "form-0-sex": "M", "form-0-birth_year": "1990"},
        {"form-TOTAL_FORMS": "1", "form-INITIAL_FORMS": "1", "form-0-start_rank": "-1", "form-0-register": "on", "form-0-sex": "X", "form-0-birth_year": HUGE},
        {"form-TOTAL_FORMS": "1", "form-INITIAL_FORMS": "1", "form-0-start_rank": "1", "form-0-register": "", "form-0-sex": "", "form-0-birth_year": ""},
    ]
    player_edit = [{}, {"name": "\x00", "reason": "r"}, {"name": "x" * 500, "reason": "r", "sex": "Q", "birth_year": HUGE},
                   {"name": "Fedaplayer, Alice", "sex": "F", "birth_year": "0", "reason": "r", "title": "bogus",
                    "women_title": "bogus", "foa_title": "bogus", "federation": "ZZZ"},
                   {"name": "Fedaplayer, Alice", "sex": "F", "birth_year": "1990", "reason": "r", "federation": str(world["fed_b"].pk)},
                   {"name": "Fedaplayer, Alice", "sex": "F", "birth_year": "1990", "reason": "r", "fide_id": "1"}]
    player_register = [{}, {"name": "N, N", "federation": str(world["fed_b"].pk), "sex": "M", "birth_year": "1990", "reason": "r"},
                       {"name": "N, N", "federation": HUGE, "sex": "M", "birth_year": HUGE, "reason": "r", "birth_date": "2025-02-30"},
                       {"name": "N, N", "federation": str(world["fed_a"].pk), "sex": "M", "birth_year": "1990", "reason": "r", "birth_date": "0001-01-01", "confirm": "maybe"},
                       {"name": "\x00", "federation": "abc", "sex": "\x00", "birth_year": "1e3", "title": "XX", "disability_association": "bogus", "other_titles": "x" * 100}]
    dup = [{}, {"duplicate": "abc", "kept": "-1", "reason": "r"}, {"duplicate": HUGE, "kept": HUGE, "reason": "r"},
           {"duplicate": str(pa["fa"].fide_id), "kept": str(pa["fa"].fide_id), "reason": "r"},
           {"duplicate": str(pa["fa"].fide_id), "kept": str(pa["fb"].fide_id), "reason": "r"},
           {"duplicate": str(2**63 - 1), "kept": str(2**63 - 1), "reason": "r"},
           {"duplicate": "999999", "kept": str(pa["fa"].fide_id), "reason": "r"}]
    imports = [{}, {"format": "bogus", "as_of": "2025-02-30"}, {"format": "txt", "as_of": "0001-01-01"},
               {"format": "txt", "as_of": "9999-12-31"}, {"format": "txt", "as_of": "abc"}]
    correct = [{}, {"name": "\x00"}, {"name": "x" * 1000, "city": "y" * 1000, "chief_arbiter": HUGE, "deputy_arbiters": ["abc", HUGE]},
               {"name": "ok", "city": "ok", "chief_arbiter": "999999", "reason": "r"},
               {"name": "ok", "city": "ok", "chief_arbiter": str(world["users"]["arbiter"].arbiter.pk), "deputy_arbiters": [str(world["users"]["arbiter"].arbiter.pk)], "reason": "r"}]
    decide = [{}, {"reason": "\x00"}, {"reason": "x" * 100000}]
    out = [
        ("logout", "/accounts/logout/", [{}, {"next": "//evil.com"}]),
        ("login", "/accounts/login/", [{}, {"username": "\x00", "password": "x"}, {"username": "a" * 10000, "password": "x"},
                                       {"username": "arbiter", "password": "\x00"}, {"username": ["a", "b"], "password": "x"}]),
        ("password_change", "/accounts/password/", [{}, {"old_password": "\x00", "new_password1": "x", "new_password2": "y"}]),
        ("password_reset", "/accounts/password/reset/", [{}, {"email": "\x00"}, {"email": "a@b.c"}, {"email": "a" * 1000 + "@b.c"}, {"email": "x"}]),
        ("password_reset_confirm", "/accounts/password/reset/MQ/set-password/", [{}, {"new_password1": "abcDEF123!!", "new_password2": "abcDEF123!!"}]),
        ("password_reset_confirm_bad", "/accounts/password/reset/%00/abc/", [{}]),
        ("players:register", "/players/register/", player_register),
        ("players:duplicate_remove", "/players/duplicates/remove/", dup),
        ("players:import", "/players/import/", imports),
        ("tournaments:register", "/tournaments/register/", [{}]),
        ("calculator:index", "/calculator/", CALC_GETS + [{}]),
    ]
    for label, fida, tpk, v, rank in (("valid", pa["fa"].fide_id, t.pk, 1, 1), ("missing", 999999, 999999, 99, 99),
                                      ("huge", HUGE, HUGE, HUGE, HUGE), ("zero", 0, 0, 0, 0),
                                      ("other-fb", pa["fb"].fide_id, s["withdrawn"].pk, 1, 2),
                                      ("t2", pa["a"].fide_id, s["t2"].pk, 1, 1)):
        out += [
            (f"players:edit/{label}", f"/players/{fida}/edit/", player_edit),
            (f"tournaments:correct/{label}", f"/tournaments/{tpk}/correct/", correct),
            (f"tournaments:report_approve/{label}", f"/tournaments/{tpk}/reports/{v}/approve/", [{}]),
            (f"tournaments:player_match_resolve/{label}", f"/tournaments/{tpk}/reports/{v}/players/{rank}/match/", garbage),
            (f"tournaments:player_match_register/{label}", f"/tournaments/{tpk}/reports/{v}/players/{rank}/register/", reg_bodies),
            (f"tournaments:players_register_new/{label}", f"/tournaments/{tpk}/reports/{v}/players/register-new/", formsets),
            (f"tournaments:player_match_reopen/{label}", f"/tournaments/{tpk}/reports/{v}/players/{rank}/reopen/", [{}]),
            (f"tournaments:report_upload/{label}", f"/tournaments/{tpk}/reports/upload/", [{}, {"file": "notafile"}]),
            (f"tournaments:approval-approve/{label}", f"/tournaments/approvals/{tpk if label != 'valid' else s['approval'].pk}/approve/", decide),
            (f"tournaments:approval-refuse/{label}", f"/tournaments/approvals/{tpk if label != 'valid' else s['approval'].pk}/refuse/", decide),
            (f"tournaments:withdraw/{label}", f"/tournaments/{tpk}/withdraw/", [{}, {"reason": "\x00"}]),
            (f"tournaments:move_list/{label}", f"/tournaments/{tpk}/move-list/", [{}, {"list_date": "2025-02-30"}]),
        ]
    for pname in ("open", "april", "std", "may"):
        ppk = s[pname].pk
        for sub in ("close", "compute", "publish"):
            out.append((f"lists:period_{sub}-{pname}", f"/lists/periods/{ppk}/{sub}/", [{}, {"x": "\x00"}]))
    for sub in ("close", "compute", "publish"):
        out.append((f"lists:period_{sub}-missing", f"/lists/periods/999999/{sub}/", [{}]))
        out.append((f"lists:period_{sub}-huge", f"/lists/periods/{HUGE}/{sub}/", [{}]))
    return out


def test_fuzz(scene, world, settings):
    s = scene
    clients = {p: client_for(world, p) for p in PERSONAS}
    started = time.time()
    counts = {p: 0 for p in PERSONAS}
    urls = get_urls(s)
    # Phase A: GETs
    for persona in PERSONAS:
        secrets = secrets_for(persona, s)
        for name, path, params in urls:
            for param in params:
                resp = do(clients, persona, "GET", path, param, secrets=secrets, tag=name)
                counts[persona] += 1
                if param == {} and resp is not None:
                    STATUS.append({"persona": persona, "name": name, "method": "GET", "status": resp.status_code})
            # other methods, once
            for method in ("head", "options", "put", "delete", "patch"):
                do(clients, persona, method.upper(), path)
                counts[persona] += 1
    phase_a = time.time() - started
    # Phase B: POST garbage
    for persona in PERSONAS:
        for name, path, bodies in post_bodies(s, world):
            for body in bodies:
                resp = do(clients, persona, "POST", path, body, tag=name)
                counts[persona] += 1
                if body == {} and resp is not None:
                    STATUS.append({"persona": persona, "name": name, "method": "POST", "status": resp.status_code})
            # raw garbage bodies
            do(clients, persona, "POST", path, b"\x00\xff\xfe garbage", content_type="application/octet-stream")
            do(clients, persona, "POST", path, "a=%ZZ&b=%00&&&=", content_type="application/x-www-form-urlencoded")
            do(clients, persona, "POST", path, "--xx\r\nbad", content_type="multipart/form-data; boundary=xx")
            do(clients, persona, "POST", path, "{}", content_type="multipart/form-data")
            do(clients, persona, "POST", path, "{\"a\":1}", content_type="application/json")
            counts[persona] += 5
    # uploads
    from trf_builder import four_players, trf
    t = s["t"]
    uploads = [b"", b"\x00" * 100, b"\xff\xfe\x00garbage", b"012 x\n" * 10, "012 Tëst\n042 2025/02/30\n".encode("utf-16"),
               trf(four_players()), trf(four_players(), start="2025/02/30", end="0000/00/00"),
               trf(four_players(), start="9999/99/99", end="2025/13/01", dates=("99/99/99", "00/00/00", "25/02/30")),
               trf(four_players(), count=-1), trf(four_players(**{"1": {"rating": 9999, "fide_id": 99999999999}})),
               trf(four_players(**{"2": {"birth": "9999/99/99", "points": "99.9", "final_rank": 9999}})),
               trf(four_players(**{"3": {"rounds": ("9999 w 1", "   0 x Z", "  -1 b =")}})),
               trf(four_players(), time_control="\x00" * 10, kind="Individual: Round-Robin"),
               trf([]), trf(four_players(), dates=()),
               b"012 A\r\n001    1 m    X                                 2000 AAA       1001 1990/01/01  0.0    1  " + b"   1 w 1" * 200,
               (b"001" + b" " * 5000 + b"\n") * 3]
    corpus = Path("/work/shared/testdata/trf")
    if corpus.exists():
        uploads += [f.read_bytes() for f in sorted(corpus.glob("*.trf"))[:12] if f.stat().st_size < 300_000]
    for persona in ("arbiter", "officer_a", "administrator", "officer_b"):
        for i, data in enumerate(uploads):
            for name in ("report.trf", "x" * 300 + ".trf", "../../etc/passwd", "\x00.trf", "r.zip"):
                if name != "report.trf" and i > 3:
                    continue
                f = SimpleUploadedFile(name, data, content_type="application/octet-stream")
                do(clients, persona, "POST", f"/tournaments/{t.pk}/reports/upload/", {"file": f}, tag=f"upload{i}")
                counts[persona] += 1
        # afterwards: report pages of every version
        for v in range(1, 25):
            do(clients, persona, "GET", f"/tournaments/{t.pk}/reports/{v}/")
            do(clients, persona, "GET", f"/tournaments/{t.pk}/reports/{v}/file/")
            do(clients, persona, "GET", f"/tournaments/{t.pk}/reports/{v}/players/register-new/")
            counts[persona] += 3
    for persona in ("administrator",):
        for data, fmt in ((b"", "txt"), (b"\x00\xff", "xml"), (b"a,b,c\n1,2,3\n", "csv"), (b"PK\x03\x04garbage", "zip"),
                          (b"<x>", "xml"), (b"ID Number Name\n", "txt"), (b"", "bogus")):
            f = SimpleUploadedFile("list." + fmt, data)
            do(clients, persona, "POST", "/players/import/", {"file": f, "format": fmt, "as_of": "2026-01-01"})
    # tournament registration variants
    arb = world["users"]["arbiter"].arbiter.pk

    def reg(start, rounds=5, **over):
        dates = [start + dt.timedelta(days=n) for n in range(rounds)]
        data = {"name": "Fuzz Open", "city": "C", "federation": world["fed_a"].pk, "start_date": start.isoformat(),
                "end_date": dates[-1].isoformat(), "category": "standard", "system": "swiss", "base_minutes": 90,
                "increment_seconds": 30, "extra_minutes": 0, "number_of_rounds": rounds,
                "round_dates": "\n".join(d.isoformat() for d in dates), "chief_arbiter": arb}
        data.update(over)
        return data
    today = dt.date.today()
    future = today + dt.timedelta(days=60)
    variants = [reg(future), reg(future, category="rapid", base_minutes=15, increment_seconds=10),
                reg(future, category="blitz", base_minutes=3, increment_seconds=2),
                reg(dt.date(2100, 12, 27), rounds=5), reg(dt.date(1900, 1, 1)), reg(future, end_date="2100-12-31"),
                reg(future, end_date=(future - dt.timedelta(days=3)).isoformat()),
                reg(future, start_date="2025-02-30"), reg(future, round_dates="9999-12-31\n0001-01-01\n2025-02-30"),
                reg(future, round_dates=" , ; \n"), reg(future, round_dates="\x00"),
                reg(future, number_of_rounds=999, round_dates="\n".join([future.isoformat()] * 999)),
                reg(future, round_dates="\n".join([future.isoformat()] * 5000)),
                reg(future, system="match", match_games=""), reg(future, system="match", match_games="0"),
                reg(future, system="match", match_games="2", number_of_rounds=2, round_dates=f"{future}\n{future}"),
                reg(future, system="round_robin"), reg(future, system="double_round_robin"), reg(future, system="team"),
                reg(future, system="bogus"), reg(future, category="bogus"), reg(future, federation=HUGE),
                reg(future, federation=world["fed_b"].pk), reg(future, chief_arbiter=HUGE), reg(future, chief_arbiter="999999"),
                reg(future, deputy_arbiters=[arb, arb]), reg(future, deputy_arbiters=["abc"]),
                reg(future, base_minutes=0, increment_seconds=0), reg(future, base_minutes=600, increment_seconds=600, moves=1, extra_minutes=600),
                reg(future, moves=200, extra_minutes=""), reg(future, highest_rating=9999), reg(future, highest_rating=HUGE),
                reg(future, hybrid="on", official_fide="on", olympiad_type="on", league="on"),
                reg(future, league="on", end_date=(future + dt.timedelta(days=400)).isoformat()),
                reg(future, end_date=(future + dt.timedelta(days=400)).isoformat()),
                reg(today - dt.timedelta(days=30)), reg(today), reg(today - dt.timedelta(days=3650)),
                reg(future, name="\x00"), reg(future, name="x" * 300), reg(future, rounds=1), reg(future, number_of_rounds=0)]
    for persona in PERSONAS:
        for data in variants:
            do(clients, persona, "POST", "/tournaments/register/", data, tag="register")
            counts[persona] += 1
    # calculator: each rule set with edge inputs
    from regulations import RULE_SETS
    for rule_set in list(RULE_SETS) + ["bogus"]:
        for rating, games, by, opps, extra in (
                ("2000", "30", "1990", "2100 1\n1900 ½\n2500 0", {}),
                ("", "", "", "2100 1", {}), ("0", "0", "2025", "0 1\n9999 0", {}),
                ("9999", "999999", "1800", "9999 1", {"reached_2400": "on"}),
                ("", "0", "", "\n".join(["2000 1"] * 100), {}), ("", "0", "", "\n".join(["2000 1"] * 101), {}),
                ("2000", "30", "2030", "2000.5 1\n2000.123 1\n-1 1\n10000 0\n2000 2\n2000 -\n2000", {"category": "bogus"}),
                ("1.5", "1.5", "1.5", "2000 1", {"category": "online-rapid"}),
                ("", "", "", "", {}), ("2000", "30", "1990", "2000 1-0\n2000 0-1\n2000 =\n2000 ½-½\n2000 w\n2000 +", {}),
                ("2000", "30", "1990", "1000 1\n" * 5, {}), ("", "0", "", "1000 0\n" * 9, {}), ("", "0", "", "1000 1\n" * 9, {}),
                ("", "0", "", "3000 1\n" * 9, {}), ("", "0", "", "0.01 0.5\n" * 9, {}), ("", "0", "", "1000 0\n", {})):
            body = {"rule_set": rule_set, "rating": rating, "games": games, "birth_year": by, "opponents": opps, **extra}
            do(clients, "anonymous", "POST", "/calculator/", body, tag="calc")
            do(clients, "anonymous", "GET", "/calculator/", body, tag="calc")
            counts["anonymous"] += 2
    # Phase C: admin for the administrator (and anonymous)
    from django.contrib import admin as dj_admin
    for persona in ("administrator", "anonymous", "officer_a"):
        do(clients, persona, "GET", "/admin/")
        for model, model_admin in dj_admin.site._registry.items():
            base = f"/admin/{model._meta.app_label}/{model._meta.model_name}/"
            for params in ({}, {"o": "99"}, {"o": "-1.abc"}, {"q": "\x00"}, {"q": "%"}, {"p": "-1"}, {"p": "abc"},
                           {"p": "999999"}, {"bogus__exact": "x"}, {"status__exact": "bogus"}, {"_to_field": "password"},
                           {"e": "1"}, {"all": ""}, {"federation__id__exact": "abc"}, {"list_date__gte": "2025-02-30"}):
                do(clients, persona, "GET", base, params)
                counts[persona] += 1
            do(clients, persona, "GET", base + "add/")
            obj = model._default_manager.first()
            for pk in ([obj.pk] if obj else []) + ["999999", "abc", HUGE, "%00"]:
                do(clients, persona, "GET", f"{base}{pk}/change/")
                do(clients, persona, "GET", f"{base}{pk}/history/")
                do(clients, persona, "GET", f"{base}{pk}/delete/")
                counts[persona] += 3
            do(clients, persona, "POST", base, {"action": "bogus", "_selected_action": ["abc", HUGE]})
            do(clients, persona, "POST", base, {"action": "delete_selected", "_selected_action": ["abc"]})
            do(clients, persona, "POST", base + "add/", {})
            counts[persona] += 3
    # Phase D: valid-ish mutating posts at the end (publish, approve, withdraw, move)
    adm = "administrator"
    for persona in PERSONAS:
        do(clients, persona, "POST", f"/tournaments/approvals/{s['approval'].pk}/approve/", {"reason": "fine"})
        do(clients, persona, "POST", f"/tournaments/{s['registered'].pk}/move-list/", {})
        do(clients, persona, "POST", f"/tournaments/{s['t1'].pk}/move-list/", {})
        do(clients, persona, "POST", f"/tournaments/{s['t'].pk}/reports/1/players/1/match/", {"fide_id": str(s['players']['fa'].fide_id), "note": "n"})
        do(clients, persona, "POST", f"/tournaments/{s['t'].pk}/reports/1/players/1/reopen/", {})
    do(clients, adm, "POST", f"/lists/periods/{s['may'].pk}/publish/", {})
    do(clients, adm, "POST", f"/lists/periods/{s['may'].pk}/publish/", {})
    for persona in PERSONAS:
        for path in ("/lists/", "/lists/rapid/2025-05/", "/lists/rapid/2025-05/download.json",
                     f"/lists/players/{s['players']['a'].fide_id}/", f"/lists/tournaments/{s['t2'].pk}/",
                     f"/lists/periods/{s['may'].pk}/", "/dashboard/", f"/tournaments/{s['awaiting'].pk}/"):
            for param in SMALL_PARAMS:
                do(clients, persona, "GET", path, param)
    for persona in ("arbiter", "officer_a", "administrator"):
        do(clients, persona, "POST", f"/tournaments/{s['registered'].pk}/withdraw/", {"reason": "fuzz"})
        do(clients, persona, "POST", f"/tournaments/{s['t'].pk}/withdraw/", {"reason": "fuzz"})
        do(clients, persona, "GET", f"/tournaments/{s['t'].pk}/")
        do(clients, persona, "GET", f"/tournaments/{s['t'].pk}/reports/1/")
        do(clients, persona, "GET", f"/tournaments/{s['t'].pk}/correct/")
        do(clients, persona, "POST", f"/tournaments/{s['t'].pk}/correct/", {"name": "a", "city": "b", "chief_arbiter": arb, "reason": "r"})

    elapsed = time.time() - started
    OUT.write_text(json.dumps({"results": RESULTS, "leaks": LEAKS, "status": STATUS, "counts": counts,
                               "urls": len(urls), "phase_a": phase_a, "elapsed": elapsed}, indent=1, default=str))
    print(f"\nrequests per persona {counts}; {len(urls)} GET url entries; {elapsed:.0f}s (A {phase_a:.0f}s)")
    print(f"500s/raised: {len(RESULTS)}, leaks: {len(LEAKS)}")
