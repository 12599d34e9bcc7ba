"""Workflows of tournament reports that write: upload, player matching, approval.

Each checks the actor (``players.access``), moves the tournament only through the status
machine (``tournaments.workflow``) and records the audit trail.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import os
import re
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from functools import cache, partial
from typing import Any, NamedTuple

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.files.base import ContentFile
from django.core.files.storage import Storage
from django.db import transaction
from django.db.models import Count, F, Max, Min
from django.template.defaultfilters import pluralize
from django.utils import timezone
from django.utils.text import get_valid_filename

from audit.services import audit_record
from players.access import Actor, require, require_officer_for
from players.locks import rating_list_lock
from players.models import Federation, Player
from players.selectors import list_dates_out, list_every_months, player_likely_duplicates
from players.services import player_register
from regulations import EffectiveDate
from regulations.lists import (
    ListAssignment,
    TooLateToRate,
    first_list_taking,
    is_list_date,
    rating_list_for,
)
from tournaments.models import Game, PlayerMatch, ReportFinding, Tournament, TournamentReport
from tournaments.pgn import GamesFile, read_games
from tournaments.reports.selectors import (
    UNRESOLVED,
    UPLOAD_STATUSES,
    games_file_kept,
    lines_to_register,
    registration_of,
    registry_players,
)
from tournaments.reports.validation import (
    TRF_SEX,
    Registration,
    RegistryPlayer,
    Validation,
    games_file_doubts,
    games_file_findings,
    header_lines,
    registry_differences,
    validate_report,
)
from tournaments.selectors import official_event_clause, rule_schedule, rules_for
from tournaments.trf import NOT_A_REPORT, Finding, ParseResult, Severity, parse, sort_findings
from tournaments.workflow import TransitionNotAllowed, tournament_status_change

Status = Tournament.Status
ReportStatus = TournamentReport.Status
MatchStatus = PlayerMatch.Status


class ReportRefused(ValidationError):
    """The report cannot be taken or approved as asked; the message says why."""


class GamesFileRefused(ReportRefused):
    """The games file sent with a report cannot be taken: nothing was stored."""


def size_label(size: int) -> str:
    """'5 MB', '512 KB' or '100 bytes': how the upload limit is written for people."""
    for unit, factor in (("MB", 1024 * 1024), ("KB", 1024)):
        if size >= factor and size % factor == 0:
            return f"{size // factor} {unit}"
    return f"{size} bytes"


def report_upload_refusal(tournament: Tournament) -> str | None:
    """Why no report can be uploaded for the tournament now, or None when one can."""
    if tournament.status in UPLOAD_STATUSES:
        return None
    reasons = {
        Status.REGISTERED: "the tournament's registration has not been approved yet",
        Status.AWAITING_APPROVAL: "the tournament's registration has not been approved yet",
        Status.REFUSED: "the tournament was refused (its history says why)",
        # What the arbiter may still do (a review: he was told only that he could not).
        Status.READY: (
            "a report has already been approved for rating"
            + (f" on the list of {tournament.list_date}" if tournament.list_date else "")
            + ". While that list's period still takes reports, its rating officer may "
            "withdraw the approval; a corrected version can then be uploaded"
        ),
        Status.RATED: "the tournament has already been rated",
        Status.WITHDRAWN: "the tournament's registration was withdrawn",
    }
    return f"No report can be uploaded: {reasons.get(tournament.status, tournament.status)}."


# -- upload ------------------------------------------------------------------------------------


def report_upload(
    *,
    actor: Actor,
    tournament: Tournament,
    uploaded_file: Any,
    games: GamesUpload | None = None,
) -> TournamentReport:
    """Store a new version of the tournament's report exactly as received, with its
    findings and player matches, superseding the older versions, and move the tournament
    to "report received" (then "checked" when nothing is an error). ``games``: the event's
    games in PGN (a hybrid event's, R&B 2024 8.4; ``games_upload_read``), kept as
    received too; without them, the latest version's games file is kept. Nothing is
    half-stored: the files are read and checked in memory first, and everything written
    afterwards, the files included, is undone if any step fails."""
    require(
        actor,
        "upload_report",
        tournament,
        "Only the tournament's arbiters and rating officers upload its report.",
    )
    refusal = report_upload_refusal(tournament)
    if refusal:
        raise ReportRefused(refusal)
    data = _uploaded_bytes(uploaded_file, settings.REPORT_UPLOAD_MAX_BYTES, ReportRefused)
    games = games or games_kept(tournament)
    parsed = parse(data)
    no_players = next((f for f in parsed.findings if f.code in NOT_A_REPORT), None)
    if no_players is not None:
        # Not a report at all (a wrong file chosen): stored, it would supersede the
        # version before, a checked one perhaps.
        raise ReportRefused(_not_a_report(no_players, parsed, tournament))
    registration = registration_of(tournament)
    validation = report_validate(
        tournament=tournament, parsed=parsed, data=data, registration=registration
    )
    findings = _combined_findings(
        parsed,
        validation,
        [*games_findings(registration, parsed, games), *duplicate_findings(tournament, data)],
    )
    name = _stored_name(uploaded_file, "report.trf")
    stored: list[tuple[Storage, str]] = []
    try:
        return _report_store(
            actor, tournament, data, name, parsed, validation, findings, games, stored
        )
    except BaseException:
        for storage, path in stored:  # the rows were rolled back; the files go too
            storage.delete(path)
        raise


def _stored_name(uploaded_file: Any, default: str) -> str:
    return get_valid_filename(os.path.basename(uploaded_file.name or "")) or default


def size_refusal(size: int, limit: int, what: str = "file") -> str | None:
    """Why a ``what`` of ``size`` bytes is refused as larger than ``limit``, or None."""
    if size > limit:
        return f"The {what} is {size:,} bytes, larger than the limit of {size_label(limit)}."
    return None


def _uploaded_bytes(
    uploaded_file: Any, limit: int, refused: type[ReportRefused], what: str = "file"
) -> bytes:
    """The uploaded file's bytes, refused (``refused``) above ``limit``, as its size
    says and as read."""
    if too_large := size_refusal(uploaded_file.size, limit, what):
        raise refused(too_large)
    data = b"".join(uploaded_file.chunks())
    if too_large := size_refusal(len(data), limit, what):
        raise refused(too_large)
    return data


#: How a games file's games with moves are kept by round (``TournamentReport.games_rounds``):
#: JSON's keys are text, and "?" stands for the games whose Round tag names no round.
_NO_ROUND = "?"


@dataclass(frozen=True)
class GamesUpload:
    """The games file going with a new version, and its games with moves by round: sent
    with it (``data``, ``read``) or kept from an earlier version (``kept``, whose rounds
    were kept with it: a corrected report does not read the games again)."""

    name: str
    rounds: dict[int | None, int]
    read: GamesFile | None = None
    data: bytes | None = None
    kept: TournamentReport | None = None

    @property
    def rounds_stored(self) -> dict[str, int]:
        return {_NO_ROUND if key is None else str(key): n for key, n in self.rounds.items()}

    @classmethod
    def kept_from(cls, report: TournamentReport) -> GamesUpload:
        """The games file of ``report``, with its rounds as ``rounds_stored`` kept them."""
        rounds = {
            None if key == _NO_ROUND else int(key): count
            for key, count in (report.games_rounds or {}).items()
        }
        return cls(report.games_original_name, rounds, kept=report)


def games_upload_read(games_file: Any) -> GamesUpload:
    """The games file sent with a report, read (R&B 2024 8.4): refused when it is too
    large or holds no game (``GamesFileRefused``), before anything is stored."""
    data = _uploaded_bytes(
        games_file, settings.REPORT_GAMES_MAX_BYTES, GamesFileRefused, "games file"
    )
    read = read_games(data)
    if read.unreadable:
        raise GamesFileRefused(f"{read.unreadable} Nothing was stored.")
    name = _stored_name(games_file, "games.pgn")
    return GamesUpload(name, dict(read.rounds), read=read, data=data)


def games_kept(tournament: Tournament) -> GamesUpload | None:
    """The games file of the tournament's latest version that has one (a corrected report
    keeps its games), with its rounds as kept; None where there is none."""
    kept = games_file_kept(tournament)
    return GamesUpload.kept_from(kept) if kept is not None else None


def _not_a_report(no_players: Finding, parsed: ParseResult, tournament: Tournament) -> str:
    """Why a file is refused as no report: the reader's words, where its first
    unreadable line is, and the first error the reader found in it (NUL characters,
    say: a review found the cause of the refusal unsaid)."""
    placed = next((f for f in parsed.findings if f.line), None)
    where = f" The first line not read: line {placed.line}." if placed else ""
    cause = next(
        (f for f in parsed.findings if f.severity is Severity.ERROR and f.code not in NOT_A_REPORT),
        None,
    )
    if cause is not None:
        where += f" The reader found: {cause.located}"
    current = tournament.reports.exclude(status=ReportStatus.SUPERSEDED).first()
    kept = f" Version {current.version} stays the current one." if current else ""
    return f"{no_players.message} Is it the right file? Nothing was stored.{where}{kept}"


def report_validate(
    *,
    tournament: Tournament,
    parsed: ParseResult,
    data: bytes,
    matched: dict[int, int] | None = None,
    registration: Registration | None = None,
) -> Validation:
    """The findings of validation (not the reader's) and the player matches (reads only).
    ``matched``: the FIDE IDs of the registry players the officer matched lines to, by
    starting rank, who they are for the checks of ratings and sex. ``registration``: the
    tournament's (``registration_of``), where the caller has it already."""
    registration = registration or registration_of(tournament)
    fide_ids = [p.fide_id for p in parsed.report.players if p.fide_id] if parsed.report else []
    matched = matched or {}
    registry = registry_players(
        [*fide_ids, *matched.values()],
        category=tournament.category,
        on=tournament.start_date,
        rules_id=registration.rules.id,
    )
    return validate_report(
        parsed.report,
        registration=registration,
        registry=registry,
        header_lines=header_lines(data),
        matched={rank: registry[fide_id] for rank, fide_id in matched.items()},
    )


def _combined_findings(
    parsed: ParseResult, validation: Validation, others: Iterable[Finding] = ()
) -> tuple[Finding, ...]:
    """The reader's findings, validation's and ``others``, errors first. The reader's
    informational 062 note gives way to validation's warning about the same count."""
    codes = {f.code for f in validation.findings}
    reader = [
        f
        for f in parsed.findings
        if not (f.code == "player-count-mismatch" and "player-count-differs" in codes)
    ]
    return sort_findings([*reader, *validation.findings, *others])


@transaction.atomic
def _report_store(
    actor: Actor,
    tournament: Tournament,
    data: bytes,
    name: str,
    parsed: ParseResult,
    validation: Validation,
    findings: tuple[Finding, ...],
    games: GamesUpload | None,
    stored: list[tuple[Storage, str]],
) -> TournamentReport:
    locked = Tournament.objects.select_for_update().get(pk=tournament.pk)
    refusal = report_upload_refusal(locked)
    if refusal:
        raise ReportRefused(refusal)
    errors = sum(1 for f in findings if f.severity is Severity.ERROR)
    version = (locked.reports.aggregate(last=Max("version"))["last"] or 0) + 1
    report = TournamentReport(
        tournament=locked,
        version=version,
        original_name=name[:255],
        size=len(data),
        sha256=hashlib.sha256(data).hexdigest(),
        encoding=parsed.encoding[:16],
        rounds=parsed.report.number_of_rounds if parsed.report else None,
        status=ReportStatus.HAS_ERRORS if errors else ReportStatus.CHECKED,
        error_count=errors,
        warning_count=sum(1 for f in findings if f.severity is Severity.WARNING),
        info_count=sum(1 for f in findings if f.severity is Severity.INFO),
        uploaded_by=actor.user if actor.is_authenticated else None,
    )
    report.file.save(name, ContentFile(data), save=False)
    stored.append((report.file.storage, report.file.name))
    if games is not None:
        _games_attach(report, games, stored)
    report.save()
    _findings_store(report, findings)
    _matches_store(report, parsed, validation)
    # The officer's matches of the version before, carried over to this one: it is checked
    # with them before its status is told (a review: "checked" was mailed, then undone).
    if matched_errors := _new_errors_as_matched(report, parsed, data):
        _findings_store(report, matched_errors, first=len(findings), as_matched=True)
        errors += len(matched_errors)
        report.status, report.error_count = ReportStatus.HAS_ERRORS, errors
        report.save(update_fields=["status", "error_count"])
    superseded = locked.reports.exclude(pk=report.pk).exclude(status=ReportStatus.SUPERSEDED)
    superseded.update(status=ReportStatus.SUPERSEDED)
    _matched_players_locked(report)
    audit_record(
        target=report,
        actor=actor.user,
        action="uploaded",
        changes={"version": [None, version], "sha256": [None, report.sha256]},
    )
    reason = f"Report version {version} uploaded"
    tournament_status_change(
        tournament=locked, status=Status.REPORT_RECEIVED, actor=actor, reason=reason
    )
    if not errors:
        tournament_status_change(
            tournament=locked, status=Status.CHECKED, actor=actor, reason=f"{reason}; no errors"
        )
    tournament.status = locked.status
    return report


def duplicate_findings(tournament: Tournament, data: bytes) -> list[Finding]:
    """An ERROR where the file is, byte for byte, the current report of another tournament
    not withdrawn nor refused: the same event registered twice, whose games would be rated
    twice (a review rated a report so, its players' games counted double)."""
    digest = hashlib.sha256(data).hexdigest()
    other = (
        TournamentReport.objects.filter(sha256=digest)
        .exclude(tournament=tournament)
        .exclude(status=ReportStatus.SUPERSEDED)
        .exclude(tournament__status__in=(Status.WITHDRAWN, Status.REFUSED))
        .select_related("tournament")
        .order_by("pk")
        .first()
    )
    if other is None:
        return []
    return [
        Finding(
            Severity.ERROR,
            "duplicate-report",
            f"This file is, byte for byte, version {other.version} of the report of "
            f"{other.tournament.name} (tournament #{other.tournament_id}): the same event "
            "registered twice? Its games would be rated twice. Withdraw the registration "
            "that is not this event's, or upload this event's own report.",
        )
    ]


def games_findings(
    registration: Registration, parsed: ParseResult, games: GamesUpload | None
) -> list[Finding]:
    """The games file's findings (R&B 2024 8.4): against the report, the file's own when
    it is sent, and a word where it was kept from an earlier version."""
    findings = [
        *games_file_findings(
            parsed.report,
            registration=registration,
            rounds=games.rounds if games else None,
        ),
        *(games_file_doubts(games.read) if games and games.read else ()),
    ]
    if games is not None and games.kept is not None:
        findings.append(
            Finding(
                Severity.INFO,
                "games-file-kept",
                f"The games file of version {games.kept.version} ({games.name}, "
                f"{games.kept.games_count} games with moves) goes with this version: "
                "upload another with the report to replace it.",
            )
        )
    return findings


def _games_attach(
    report: TournamentReport, games: GamesUpload, stored: list[tuple[Storage, str]]
) -> None:
    """The games file stored with the new version, or the earlier version's kept (the
    same stored file: never deleted, as no report's file is)."""
    if games.kept is not None:
        kept = games.kept
        report.games_file.name = kept.games_file.name
        report.games_size, report.games_sha256 = kept.games_size, kept.games_sha256
    else:
        assert games.data is not None
        report.games_file.save(games.name, ContentFile(games.data), save=False)
        stored.append((report.games_file.storage, report.games_file.name))
        report.games_size = len(games.data)
        report.games_sha256 = hashlib.sha256(games.data).hexdigest()
    report.games_original_name = games.name[:255]
    report.games_rounds = games.rounds_stored


def _matched_players_locked(report: TournamentReport) -> None:
    """Lock the registry players the new version's lines name, in the order of their ids,
    after the older versions (as a removal of a duplicate locks the reports naming him,
    then him): a removal under way is waited for, and a player it removed meanwhile refuses
    the upload in words rather than fail at its commit."""
    named = set(report.matches.exclude(player=None).values_list("player_id", flat=True))
    there = Player.objects.select_for_update(no_key=True).filter(pk__in=named).order_by("pk")
    if len(list(there.values_list("pk", flat=True))) != len(named):
        raise ReportRefused(
            "A player this report names was removed from the registry meanwhile, as a "
            "duplicate: upload the file again."
        )


#: The findings of one kind a report's page lists; the rest are counted in one more.
FINDINGS_LISTED_PER_CODE = 100


def listed_findings(findings: Sequence[Finding]) -> list[Finding]:
    """The first ``FINDINGS_LISTED_PER_CODE`` findings of each kind, in their order, the
    last of them followed by one saying how many more there are. A review uploaded a
    4.7 MB file of random pairings: 71,000 findings stored a version, 28 s an upload,
    and its page took 6 s to list them; nobody reads the thousandth error of a kind
    before mending the first. The report's counts still count every one."""
    counts = Counter(finding.code for finding in findings)
    seen: Counter[str] = Counter()
    listed = []
    for finding in findings:
        seen[finding.code] += 1
        if seen[finding.code] > FINDINGS_LISTED_PER_CODE:
            continue
        listed.append(finding)
        more = counts[finding.code] - FINDINGS_LISTED_PER_CODE
        if seen[finding.code] == FINDINGS_LISTED_PER_CODE and more > 0:
            listed.append(
                replace(
                    finding,
                    line=None,
                    column=None,
                    message=(
                        f"{more:,} more finding{pluralize(more)} like the one above "
                        f"({finding.code}) {pluralize(more, 'is,are')} not listed: the first "
                        f"{FINDINGS_LISTED_PER_CODE} are"
                        + (
                            ". Mend those and upload the file again"
                            if finding.severity is Severity.ERROR
                            else ""
                        )
                        + "; the report's counts include every one."
                    ),
                )
            )
    return listed


def _findings_store(
    report: TournamentReport,
    findings: Sequence[Finding],
    *,
    first: int = 0,
    as_matched: bool = False,
) -> None:
    """The findings stored from position ``first``: those of a file as ``listed_findings``
    lists them; ``as_matched`` (found with the players as the officer matched them,
    ``ReportFinding.as_matched``), every one, so that their rows count them."""
    ReportFinding.objects.bulk_create(
        ReportFinding(
            report=report,
            position=position,
            severity=str(finding.severity),
            code=finding.code[:64],
            line=finding.line,
            column=finding.column,
            rule=finding.rule[:120],
            message=finding.message,
            as_matched=as_matched,
        )
        for position, finding in enumerate(
            findings if as_matched else listed_findings(findings), start=first
        )
    )


def _matches_store(report: TournamentReport, parsed: ParseResult, validation: Validation) -> None:
    if parsed.report is None:
        return
    earlier = _earlier_resolutions(report)
    # A name and FIDE ID on two lines of this version (two players without a FIDE ID of
    # one name, say) cannot tell which resolution was whose: none is carried over.
    keys = Counter(
        (player.fide_id, player.name[:200])
        for outcome in validation.matches
        if (player := parsed.report.player(outcome.start_rank)) is not None
    )
    rows = []
    for outcome in validation.matches:
        player = parsed.report.player(outcome.start_rank)
        if player is None:
            continue
        match = PlayerMatch(
            report=report,
            start_rank=outcome.start_rank,
            trf_name=player.name[:200],
            trf_fide_id=player.fide_id,
            trf_rating=player.rating,
            trf_federation=player.federation[:3],
            trf_birth_year=player.birth_date.year,
            trf_sex=TRF_SEX.get(player.sex, ""),
            player_id=outcome.player_id,
            status=outcome.status,
            note=outcome.note,
        )
        key = (match.trf_fide_id, match.trf_name)
        resolved = earlier.get(key) if keys[key] == 1 else None
        if match.needs_officer and resolved is not None:
            match.player_id = resolved.player_id
            match.status = PlayerMatch.Status.RESOLVED
            match.resolved_by_id, match.resolved_at = resolved.resolved_by_id, resolved.resolved_at
            earlier_note = CARRIED_OVER.sub("", resolved.note)
            match.note = f"Carried over from version {resolved.report.version}. {earlier_note}"
        rows.append(match)
    PlayerMatch.objects.bulk_create(rows)


#: The note a carried-over resolution starts with: not repeated at each version.
CARRIED_OVER = re.compile(r"^(Carried over from version \d+\. )+")


def _earlier_resolutions(report: TournamentReport) -> dict[tuple[int | None, str], PlayerMatch]:
    """The officer's resolutions in earlier versions, by the line's FIDE ID and name: a
    corrected report keeps them for lines that did not change. The latest version holding
    the line decides: a resolution the officer undid there is not carried over from an
    older one, nor one of two lines of the same name and FIDE ID there."""
    lines = (
        PlayerMatch.objects.filter(report__tournament_id=report.tournament_id)
        .exclude(report=report)
        .select_related("report")
        .order_by("report__version")
    )
    latest: dict[tuple[int | None, str], list[PlayerMatch]] = {}
    for line in lines:
        key = (line.trf_fide_id, line.trf_name)
        held = latest.setdefault(key, [])
        if held and held[0].report_id != line.report_id:
            held.clear()  # a later version holds the line: it decides
        held.append(line)
    # One line of the key in the version that decides, resolved by the officer.
    return {
        key: held[0]
        for key, held in latest.items()
        if len(held) == 1 and held[0].status == PlayerMatch.Status.RESOLVED
    }


# -- the officer's player matching ---------------------------------------------------------------


def _report_locked(pk: int) -> TournamentReport:
    """The report locked, its tournament's row locked first: an upload locks the
    tournament, then the versions it supersedes, so every action on a version takes them in
    that order. Locked in one statement, a join's rows are locked report first, and an
    action that moves the tournament (a match checked again, a return) could end an upload
    beside it, or itself, as PostgreSQL's deadlock (a review)."""
    tournament = TournamentReport.objects.values_list("tournament_id", flat=True).get(pk=pk)
    list(Tournament.objects.select_for_update().filter(pk=tournament))
    return (
        TournamentReport.objects.select_for_update(of=("self",))
        .select_related("tournament")
        .get(pk=pk)
    )


def _match_check(actor: Actor, match: PlayerMatch) -> PlayerMatch:
    """The line as it is now, under its report's lock, when the actor may still change it."""
    require(
        actor, "resolve", match, "Only the federation's rating officer resolves a report's players."
    )
    # The version may have been superseded or approved since the page was shown.
    match.report = _report_locked(match.report_id)
    if match.report.tournament.status == Status.WITHDRAWN:
        raise ReportRefused(
            "The tournament's registration was withdrawn: its players are not resolved."
        )
    if match.report.status not in (ReportStatus.HAS_ERRORS, ReportStatus.CHECKED):
        raise ReportRefused(
            f"Version {match.report.version} is {match.report.get_status_display().lower()}; "
            "its players can no longer be changed."
        )
    return PlayerMatch.objects.select_related("player").get(pk=match.pk)


def _waiting_line_check(actor: Actor, match: PlayerMatch) -> None:
    """``_match_check``, for a line still waiting for the officer. Read again under the
    report's lock: a second click, or another officer, may have resolved it since the page
    was shown, and doing it again would register twice."""
    current = _match_check(actor, match)
    if not current.needs_officer:
        raise ReportRefused(
            f"Starting rank {match.start_rank} is already resolved ({current.player}): "
            "undo that first to match it otherwise."
        )


@transaction.atomic
def player_match_reopen(*, actor: Actor, match: PlayerMatch) -> PlayerMatch:
    """Undo the officer's resolution of a line (matched to the wrong player, say): it waits
    for him again as the report left it, without a FIDE ID, with one the registry does not
    know, or with one whose record differs. A player registered from it stays in the
    registry (and is a duplicate to remove if he was one)."""
    current = _match_check(actor, match)
    if current.status != MatchStatus.RESOLVED:
        raise ReportRefused(
            f"Starting rank {match.start_rank} was not resolved by an officer: nothing to undo."
        )
    before = str(current.player) if current.player_id else None
    # Locked, as a match locks its player: a removal of that record waits, or is waited for.
    registry = (
        Player.objects.select_for_update(no_key=True).filter(fide_id=current.trf_fide_id).first()
        if current.trf_fide_id
        else None
    )
    if current.trf_fide_id is None:
        current.status = MatchStatus.NO_ID
    elif registry is None:
        current.status = MatchStatus.UNKNOWN
    else:
        current.status = MatchStatus.MISMATCH
    current.player = registry
    current.note = f"The match to {before} was undone."
    current.resolved_by, current.resolved_at = None, None
    current.save(update_fields=["player", "status", "note", "resolved_by", "resolved_at"])
    audit_record(
        target=match.report,
        actor=actor.user,
        action=f"player match undone: starting rank {current.start_rank} ({current.trf_name})",
        changes={
            "player": [before, str(registry) if registry else None],
            "status": ["Resolved", current.get_status_display()],
        },
    )
    report_check_as_matched(actor=actor, report=current.report)
    return current


@transaction.atomic
def player_match_resolve(
    *, actor: Actor, match: PlayerMatch, fide_id: int, note: str = ""
) -> PlayerMatch:
    """Match a report line to the registry player with ``fide_id`` (the officer's call)."""
    _waiting_line_check(actor, match)
    player = Player.objects.filter(fide_id=fide_id).first()
    if player is None:
        raise ReportRefused(f"No player with FIDE ID {fide_id} is in the registry.")
    resolved = _match_set(actor, match, player, note or f"Matched to FIDE ID {fide_id}.")
    report_check_as_matched(actor=actor, report=resolved.report)
    return resolved


def match_differences(match: PlayerMatch) -> list[str]:
    """How the line's name, federation and birth year differ from the record it is
    matched to: an officer's typed FIDE ID is checked as an uploaded one is (a review: a
    mistyped ID matched a line to another player without a word)."""
    if match.player is None:
        return []
    player = match.player
    known = RegistryPlayer(
        pk=player.pk,
        fide_id=player.fide_id,
        name=player.name,
        federation=player.federation.code,
        birth_year=player.birth_year,
    )
    return registry_differences(
        match.trf_name, match.trf_federation, match.trf_birth_year, known=known
    )


@transaction.atomic
def _player_match_register(
    *,
    actor: Actor,
    match: PlayerMatch,
    name: str,
    federation: Federation,
    sex: str,
    birth_year: int | None = None,
    note: str = "",
    under_report_id: bool = False,
) -> PlayerMatch:
    """Register the line's player as a new registry player (``player_register``) and match
    the line to him; refused when the registry holds a likely duplicate (same name with or
    without accents, birth year and federation): one click made a second record of him.
    ``under_report_id``: with the FIDE ID the line gives, which the registry does not know
    (FIDE gave it after the list the registry holds), rather than a new one."""
    _waiting_line_check(actor, match)
    if under_report_id and (match.status != MatchStatus.UNKNOWN or not match.trf_fide_id):
        raise ReportRefused(
            f"Starting rank {match.start_rank} gives no FIDE ID the registry does not know: "
            "register the player with a new one."
        )
    twins = list(
        player_likely_duplicates(name=name, birth_year=birth_year, federation=federation)[:3]
    )
    if twins:
        named = ", ".join(f"{twin.name} (FIDE ID {twin.fide_id})" for twin in twins)
        # A birth year unknown on either side agrees with any (``player_likely_duplicates``).
        agreeing = (
            "birth year and federation"
            if birth_year and all(twin.birth_year == birth_year for twin in twins)
            else "federation, and a birth year that agrees (one not known agrees with any)"
        )
        raise ReportRefused(
            f"Starting rank {match.start_rank}: the registry has {named}, of this name, "
            f"{agreeing}: match the line to that record. Another player of the same name, "
            "birth year and federation is registered on the registry's page (Register "
            "anyway), then matched here."
        )
    player = player_register(
        actor=actor,
        name=name,
        federation=federation,
        sex=sex,
        birth_year=birth_year,
        reason=f"Registered from {match.report} line {match.start_rank}",
        fide_id=match.trf_fide_id if under_report_id else None,
    )
    return _match_set(actor, match, player, note or f"{REGISTERED_FROM_LINE} {player.fide_id}.")


@transaction.atomic
def player_match_register(*, actor: Actor, match: PlayerMatch, **fields: Any) -> PlayerMatch:
    """Register the line's player and match the line to him (``_player_match_register``,
    whose ``fields`` are the new record's), then check the report again with its players
    as matched (``report_check_as_matched``): once for the lot where several lines are
    registered together (``player_matches_register``)."""
    registered = _player_match_register(actor=actor, match=match, **fields)
    report_check_as_matched(actor=actor, report=registered.report)
    return registered


#: How a line's note says that its player was registered from it (``registered_from``).
REGISTERED_FROM_LINE = "Registered as FIDE ID"


def registered_from(match: PlayerMatch) -> bool:
    """Whether the line's player was registered from it, as ``player_match_register``'s
    note (or the note carried over with it) says: of him, not of a duplicate since removed
    whose line moved to the record kept (a review: a rated, listed player was said to
    have been registered from the line)."""
    return (
        match.player is not None and f"{REGISTERED_FROM_LINE} {match.player.fide_id}." in match.note
    )


@dataclass(frozen=True)
class NewPlayerLine:
    """A report line to register, with what the officer confirmed or supplied."""

    start_rank: int
    sex: str
    birth_year: int | None = None


@transaction.atomic
def player_matches_register(
    *, actor: Actor, report: TournamentReport, lines: Iterable[NewPlayerLine]
) -> list[PlayerMatch]:
    """Register the players of several lines without a FIDE ID at once, each as
    ``player_match_register`` does, all or none: a line the report page must decide
    (``lines_to_register``'s ``left_out``) or no longer waiting refuses the lot."""
    # Locked before the lines are read: a second submission waits, then finds them resolved.
    report = _report_locked(report.pk)
    waiting = {
        line.match.start_rank: line for line in lines_to_register(actor=actor, report=report)
    }
    registered = []
    for line in lines:
        found = waiting.pop(line.start_rank, None)
        if found is None:
            raise ReportRefused(
                f"Starting rank {line.start_rank} no longer waits for a new registration."
            )
        if found.left_out:
            raise ReportRefused(f"Starting rank {line.start_rank}: {found.left_out}")
        try:
            match = _player_match_register(
                actor=actor,
                match=found.match,
                name=found.match.trf_name,
                federation=found.federation,
                sex=line.sex,
                birth_year=line.birth_year,
            )
        except ValidationError as error:
            said = " ".join(error.messages)
            rank = f"Starting rank {line.start_rank}"
            raise ReportRefused(said if said.startswith(rank) else f"{rank}: {said}") from error
        registered.append(match)
    if not registered:
        raise ReportRefused("No line was chosen to register.")
    report_check_as_matched(actor=actor, report=report)
    return registered


def _match_set(actor: Actor, match: PlayerMatch, player: Player, note: str) -> PlayerMatch:
    # The player's row locked, under the report's: a removal of his record as a duplicate
    # (which locks the reports naming him, then him) waits for this, or this for it.
    if not list(Player.objects.select_for_update(no_key=True).filter(pk=player.pk)):
        raise ReportRefused(f"FIDE ID {player.fide_id} is no longer in the registry.")
    taken = (
        match.report.matches.filter(player=player)
        .exclude(pk=match.pk)
        .exclude(status__in=UNRESOLVED)  # a waiting line's registry player is but a guess
        .first()
    )
    if taken is not None:
        raise ReportRefused(
            f"{player} is already matched to starting rank {taken.start_rank} of this report."
        )
    before = (match.get_status_display(), str(match.player) if match.player_id else None)
    match.player = player
    match.status = MatchStatus.RESOLVED
    match.note = note
    match.resolved_by = actor.user if actor.is_authenticated else None
    match.resolved_at = timezone.now()
    match.save(update_fields=["player", "status", "note", "resolved_by", "resolved_at"])
    audit_record(
        target=match.report,
        actor=actor.user,
        action=f"player resolved: starting rank {match.start_rank} ({match.trf_name})",
        reason=note,
        changes={"player": [before[1], str(player)], "status": [before[0], "Resolved"]},
    )
    return match


def reports_naming_locked(duplicate: Player) -> set[int]:
    """Lock the reports with a line matched to ``duplicate`` (in the order of their ids, as
    every removal does), before his record is locked: matching a line (which then locks
    the player, ``_match_set``) and approving a report (which writes games naming him) lock
    the report first, so each waits for the other."""
    ids = set(PlayerMatch.objects.filter(player=duplicate).values_list("report_id", flat=True))
    list(TournamentReport.objects.select_for_update().filter(pk__in=ids).order_by("pk"))
    return ids


def report_lines_move(actor: Actor, duplicate: Player, kept: Player, locked: set[int]) -> int:
    """The report lines matched to ``duplicate`` name ``kept`` instead (a duplicate record
    removed, ``players.services.player_duplicate_remove``); refused where a report would
    then name him on two lines, or where a report not ``locked`` came to name him. How many
    lines moved."""
    lines = list(PlayerMatch.objects.filter(player=duplicate).select_related("report__tournament"))
    if not {line.report_id for line in lines} <= locked:
        raise ReportRefused(
            f"A report was matched to FIDE ID {duplicate.fide_id} meanwhile: look again."
        )
    for line in lines:
        # A waiting line's registry player is but a guess, on either side.
        other = (
            None
            if line.needs_officer
            else line.report.matches.filter(player=kept).exclude(status__in=UNRESOLVED).first()
        )
        if other is not None:
            raise ReportRefused(
                f"{line.report} names FIDE ID {duplicate.fide_id} on starting rank "
                f"{line.start_rank} and FIDE ID {kept.fide_id} on starting rank "
                f"{other.start_rank}: two players, or a report to correct first."
            )
    for line in lines:
        line.player = kept
        line.note = f"{line.note} Moved from duplicate FIDE ID {duplicate.fide_id}.".strip()
        line.save(update_fields=["player", "note"])
        audit_record(
            target=line.report,
            actor=actor.user,
            action=f"player moved: starting rank {line.start_rank} ({line.trf_name})",
            changes={"player": [str(duplicate), str(kept)]},
        )
    return len(lines)


# -- approval -------------------------------------------------------------------------------


#: Other ways than its history rows (``list_dates_out``) in which a list is out, from the
#: apps above this one: the lists app registers a published period, whose list may have no
#: entries, so no history (``lists.apps``). Kept here so that tournaments import no app
#: above them.
LIST_OUT_CHECKS: list[Callable[[str, dt.date], bool]] = []


def list_out(category: str, list_date: dt.date) -> bool:
    """Whether the list of ``category`` and ``list_date`` is out, or a later one is (an
    imported list included: lists go out in order, interpretation 4), and so its period
    takes no more reports (DESIGN.md interpretation 8); or will never come, its date being
    no list date since ``LIST_EVERY_MONTHS`` changed (a report approved for it then waits
    to be moved on: ``list_gone``)."""
    return (
        not is_list_date(list_date, list_every_months())
        or list_dates_out(category).filter(list_date__gte=list_date).exists()
        or any(check(category, list_date) for check in LIST_OUT_CHECKS)
    )


#: How the apps above this one tell a list's period closed before its list is out: the
#: lists app registers a period no longer open (``lists.apps``).
PERIOD_CLOSED_CHECKS: list[Callable[[str, dt.date], bool]] = []


def period_closed(category: str, list_date: dt.date) -> bool:
    """Whether the period of the list takes no more reports approved today: its list is
    out, or it is no longer open (interpretation 8: "whose period was still open when its
    report was approved"), closed early by a computation asked for before its closing date
    included. A review: a report approved after such a computation was given the closed
    list, and its publication moved it on, past the third list after the tournament."""
    # A period no longer open includes a published one, and one a later published list
    # leaves behind (as ``LIST_OUT_CHECKS`` finds them).
    return list_dates_out(category).filter(list_date__gte=list_date).exists() or any(
        check(category, list_date) for check in PERIOD_CLOSED_CHECKS
    )


def report_approve(
    *, actor: Actor, report: TournamentReport, approved_on: dt.date | None = None
) -> TournamentReport:
    """Approve a checked report for rating (the federation's rating officer or an
    administrator): write its played games, fix the list it is rated on and make the
    tournament ready for rating. Refused while the report has errors or players wait for a
    match, and when it would be rated after the third list following the tournament's end
    (R&B 2024 8.1): that refusal stays in the tournament's history for its arbiter.

    ``approved_on`` (default today) is the day the period must still be open; a backfill
    with an administrator's authority passes the tournament's end date."""
    require(
        actor,
        "approve",
        report,
        "Only the federation's rating officer approves a report for rating.",
    )
    tournament = report.tournament
    today = timezone.localdate()
    approved_on = approved_on or today
    # Today too: a backfill's day of approval is the tournament's end, which a report
    # dated 2090 passed (a review).
    if tournament.end_date > min(approved_on, today):
        raise ReportRefused(
            f"The tournament ends on {tournament.end_date}; its report is approved for rating "
            "once it has ended (interpretation 8: rated on the first list after its end)."
        )
    with transaction.atomic():
        # A publication of the category under way finishes first: its list is out then.
        rating_list_lock(tournament.category)
        try:
            # A backfill approved as of a day gone by is rated on the list it would have
            # had then, unless that list is out; an approval today, on a period still open.
            out = period_closed if approved_on == today else list_out
            assignment = _rating_list(tournament, approved_on, out=out)
        except TooLateToRate as late:
            # Whatever its errors and unmatched lines: no fixing makes it rateable (a
            # review found the refusal waiting for every line to be matched or registered).
            refusal = late
        else:
            _approval_refusal(report)  # errors and unmatched players: the arbiter's to fix
            return _report_approve(actor=actor, report=report, list_date=assignment.list_date)
    # Refused for good, with its reason in the tournament's history for its arbiter: being
    # too late only gets later. It leaves the officers' reports to approve.
    tournament_status_change(
        tournament=tournament, status=Status.REFUSED, actor=actor, reason=str(refusal)
    )
    raise ReportRefused(str(refusal))


def list_gone(tournament: Tournament) -> bool:
    """Whether ``tournament`` waits for a list that can come out no more: approved for it,
    not rated, and that list or a later one is out (imported from FIDE after the approval:
    lists go out in order). Every later list of the category waits for it
    (``lists.services.earlier_list_waiting``)."""
    return (
        tournament.status == Status.READY
        and tournament.list_date is not None
        and list_out(tournament.category, tournament.list_date)
    )


def tournament_list_move(*, actor: Actor, tournament: Tournament) -> Tournament:
    """Give a tournament whose list can come out no more (``list_gone``) the next list whose
    period still takes reports (the federation's rating officer or an administrator). The
    third list after its end does not bar it (R&B 2024 8.1): its report was approved in
    time, and it is the list's import that moved it on (DESIGN-notes 111). A review found
    only the admin's list-date field for it, while every later list waited."""
    require_officer_for(
        actor,
        tournament.federation_id,
        "Only the federation's rating officer moves a tournament to another list.",
    )
    with transaction.atomic():
        rating_list_lock(tournament.category)
        tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
        if not list_gone(tournament):
            raise ReportRefused(
                f"{tournament} is not waiting for a list that can no longer come out; it "
                "keeps its list."
            )
        old = tournament.list_date
        terms = list_terms(tournament, period_closed)
        tournament.list_date = first_list_taking(
            tournament.end_date,
            timezone.localdate(),
            terms.closing_date,
            list_every_months(),
            terms.list_out,
            open_until_out=terms.open_until_out,
        )
        tournament.save(update_fields=["list_date"])
        audit_record(
            target=tournament,
            actor=actor.user,
            action="moved to a later list",
            changes={"list_date": [str(old), str(tournament.list_date)]},
        )
    return tournament


def _rating_list(
    tournament: Tournament,
    approved_on: dt.date,
    *,
    schedule: tuple[EffectiveDate, ...] | None = None,
    out: Callable[[str, dt.date], bool] = list_out,
    out_for_official: Callable[[str, dt.date], bool] = list_out,
) -> ListAssignment:
    """The list a report of ``tournament`` approved on ``approved_on`` is rated on (raises
    ``TooLateToRate`` after the third list following its end, R&B 2024 8.1), lists every
    ``LIST_EVERY_MONTHS`` months. ``out``: whether a list's period takes no more reports
    (``list_out``, ``period_closed``); ``schedule``: the rule schedule, where a caller
    asks for many."""
    terms = list_terms(tournament, out, schedule, out_for_official)
    return rating_list_for(
        end_date=tournament.end_date,
        approved_on=approved_on,
        closing_date=terms.closing_date,
        every_months=list_every_months(),
        list_out=terms.list_out,
        lateness_clause=terms.lateness_clause,
        open_until_out=terms.open_until_out,
    )


class ListTerms(NamedTuple):
    """How the lists take a tournament's report (``list_terms``)."""

    #: The last day the tournament may end to be rated on a list, by the list's date.
    closing_date: Callable[[dt.date], dt.date]
    #: Whether a list's period takes the report no more, by the list's date.
    list_out: Callable[[dt.date], bool]
    #: The period takes the report until its list is out (``first_list_taking``).
    open_until_out: bool
    lateness_clause: str


def list_terms(
    tournament: Tournament,
    out: Callable[[str, dt.date], bool],
    schedule: tuple[EffectiveDate, ...] | None = None,
    out_for_official: Callable[[str, dt.date], bool] = list_out,
) -> ListTerms:
    """How the lists take a report of ``tournament``, by the rule set in force at its start:
    ``out`` says when a period takes no more reports, ``out_for_official`` when it takes no
    official event's (a caller asking for many passes both cached). An official FIDE event
    may end on the last day before the list date and still be rated on it (standard-2009
    7.13, R&B 2024 6.1.3): its list's period takes its report until the list is out,
    approved after the closing date and after the computation too (computed again, the
    list rates it: ``lists.services.periods_tick``)."""
    rules = rules_for(tournament.category, tournament.start_date, schedule)
    official = bool(official_event_clause(tournament, rules))
    return ListTerms(
        closing_date=partial(rules.event_closing_date, official_event=official),
        list_out=partial(out_for_official if official else out, tournament.category),
        open_until_out=official,
        lateness_clause=rules.lateness_clause,
    )


def approval_outlook(
    tournament: Tournament,
    today: dt.date | None = None,
    *,
    schedule: tuple[EffectiveDate, ...] | None = None,
    out: Callable[[str, dt.date], bool] = period_closed,
    out_for_official: Callable[[str, dt.date], bool] = list_out,
) -> tuple[dt.date | None, str | None]:
    """What approving a report of ``tournament`` today would do: (the list it is rated on,
    None), or (None, why it is too late; R&B 2024 8.1, interpretation 8). The report page
    names the list before the officer confirms (a review: a report approved after the
    closing date went to a later list unannounced)."""
    try:
        assignment = _rating_list(
            tournament,
            today or timezone.localdate(),
            schedule=schedule,
            out=out,
            out_for_official=out_for_official,
        )
    except TooLateToRate as refusal:
        return None, str(refusal)
    return assignment.list_date, None


def too_late_to_rate(
    tournaments: Iterable[Tournament], today: dt.date | None = None
) -> dict[int, str]:
    """Why reports of ``tournaments`` approved today would be refused as too late, by
    tournament id (those that would not be are absent): said on a report's page and the
    dashboard, where an approval button led only to the refusal (a review). The rule
    schedule is read once and each list's being out asked once, for them all (the
    dashboard lists 25). A tournament not ended yet is never too late, and is not asked;
    asked of none, nothing is read."""
    today = today or timezone.localdate()
    ended = [tournament for tournament in tournaments if tournament.end_date <= today]
    if not ended:
        return {}
    schedule, out, out_for_official = rule_schedule(), cache(period_closed), cache(list_out)
    late = {}
    for tournament in ended:
        _, refusal = approval_outlook(
            tournament, today, schedule=schedule, out=out, out_for_official=out_for_official
        )
        if refusal is not None:
            late[tournament.pk] = refusal
    return late


@transaction.atomic
def _report_approve(
    *, actor: Actor, report: TournamentReport, list_date: dt.date
) -> TournamentReport:
    report = _report_locked(report.pk)
    _approval_refusal(report)
    players = dict(report.matches.values_list("start_rank", "player_id"))
    try:
        with report.file.open("rb") as handle:
            data = handle.read()
    except OSError as error:  # gone from the storage (a review: a server error)
        raise ReportRefused(
            f"The stored file of version {report.version} can no longer be read "
            f"({error.strerror or error}); upload it again."
        ) from error
    parsed = parse(data)
    if parsed.report is None:
        raise ReportRefused("The stored file can no longer be read; upload it again.")
    _errors_as_matched_refusal(report, parsed, data)
    games = []
    for game in parsed.report.played_games():
        white, black = players.get(game.white), players.get(game.black)
        if white is None or black is None:
            raise ReportRefused(
                f"Round {game.round}: starting rank {game.white if white is None else game.black} "
                "has no registry player; match it first."
            )
        games.append(
            Game(
                report=report,
                round=game.round,
                white_id=white,
                black_id=black,
                white_score=game.white_score_halves,
            )
        )
    Game.objects.bulk_create(games)
    _report_status_recorded(
        report, actor, ReportStatus.APPROVED, "approved for rating", games=[None, len(games)]
    )
    tournament = report.tournament
    tournament.list_date = list_date
    tournament.entrants = parsed.report.paired_players()
    tournament.save(update_fields=["list_date", "entrants"])
    try:
        tournament_status_change(
            tournament=tournament,
            status=Status.READY,
            actor=actor,
            reason=f"Report version {report.version} approved for rating ({len(games)} games); "
            f"to be rated on the list of {list_date}",
        )
    except TransitionNotAllowed as error:
        raise ReportRefused(error.messages[0]) from None
    return report


def _errors_as_matched(report: TournamentReport, parsed: ParseResult, data: bytes) -> list[Finding]:
    """The errors the checks find with the players as the officer matched the lines: at
    upload a line the registry did not know by its FIDE ID was checked at the report's
    word (its rating, its sex), and a line whose FIDE ID named another player as that
    player. The checks that read a player's rating or sex (rate of play by the highest
    rating, standard-2009 1.1 and R&B 2024 1.1; a match with an unrated player, 6.6 and
    5.1; a round robin's rated players, 6.3-6.33) are made again with the registry's
    player of each line (a review: a line matched to a 2300 player passed the upload's
    check of 60 minutes as an unrated newcomer). None where no line was matched by hand:
    the upload's checks stand."""
    resolved = report.matches.filter(status=PlayerMatch.Status.RESOLVED).exclude(player=None)
    matched = dict(resolved.values_list("start_rank", "player__fide_id"))
    if not matched:
        return []
    validation = report_validate(
        tournament=report.tournament, parsed=parsed, data=data, matched=matched
    )
    return [f for f in validation.findings if f.severity is Severity.ERROR]


def _new_errors_as_matched(
    report: TournamentReport, parsed: ParseResult, data: bytes
) -> list[Finding]:
    """``_errors_as_matched`` but for those the upload found itself (its stored findings)."""
    if parsed.report is None:
        return []
    found = _errors_as_matched(report, parsed, data)
    if not found:
        return []
    uploaded = set(
        report.findings.filter(as_matched=False, severity=Severity.ERROR).values_list(
            "code", "line", "column"
        )
    )
    return [f for f in found if (f.code, f.line, f.column) not in uploaded]


@transaction.atomic
def report_check_as_matched(*, actor: Actor, report: TournamentReport) -> None:
    """After a line was matched, registered or its match undone: the errors found with the
    players as matched that the upload did not find are stored with the report's findings
    (``ReportFinding.as_matched``, replacing the last check's), counted in its errors, and
    the report and its tournament move between "has errors"/"report received" and
    "checked"/"checked" accordingly, with the reason in the tournament's history. A review
    found such an error told only to the officer who clicked Approve, the report left
    "checked, 0 errors" with its Approve button, on his list for good, and its arbiter
    told nothing."""
    report = _report_locked(report.pk)
    if report.status not in (ReportStatus.HAS_ERRORS, ReportStatus.CHECKED):
        return
    try:
        with report.file.open("rb") as handle:
            data = handle.read()
    except OSError:
        return  # the approval says so, and refuses
    new = _new_errors_as_matched(report, parse(data), data)
    before = report.findings.filter(as_matched=True)
    was = before.count()
    if not was and not new:
        return
    before.delete()
    last = report.findings.aggregate(last=Max("position"))["last"]
    _findings_store(report, new, first=0 if last is None else last + 1, as_matched=True)
    errors = report.error_count + len(new) - was
    _report_status_recorded(
        report,
        actor,
        ReportStatus.HAS_ERRORS if errors else ReportStatus.CHECKED,
        "checked again with the players as matched",
        errors=[report.error_count, errors],
    )
    tournament = report.tournament
    said = f"Version {report.version} checked again with its players as matched: " + (
        f"{len(new)} error{pluralize(len(new))}" if new else "no error"
    )
    if errors and tournament.status == Status.CHECKED:
        tournament_status_change(
            tournament=tournament, status=Status.REPORT_RECEIVED, actor=actor, reason=said
        )
    elif not errors and tournament.status == Status.REPORT_RECEIVED:
        tournament_status_change(
            tournament=tournament, status=Status.CHECKED, actor=actor, reason=said
        )


def _errors_as_matched_refusal(report: TournamentReport, parsed: ParseResult, data: bytes) -> None:
    """Refuse the approval when the checks find errors with the players as the officer
    matched them (``_errors_as_matched``): usually found at the match already
    (``report_check_as_matched``), but a registry record may have changed since."""
    errors = _errors_as_matched(report, parsed, data)
    if errors:
        raise ReportRefused(_as_matched_refusal_text(report, errors))


def _as_matched_refusal_text(report: TournamentReport, errors: Sequence[Finding]) -> str:
    said = " ".join(f.located + (f" ({f.rule})" if f.rule else "") for f in errors[:3])
    more = f" And {len(errors) - 3} more." if len(errors) > 3 else ""
    return (
        f"Checked again with the players as matched, version {report.version} has "
        f"{len(errors)} error{pluralize(len(errors))}: {said}{more} Correct the matches, "
        "or the report cannot be rated."
    )


def approval_withdrawal_refusal(report: TournamentReport) -> str | None:
    """Why the approval of ``report`` cannot be withdrawn, or None: only an approved
    report's, while the period of its list takes reports (interpretation 8), that is while
    approving it again today (``approval_outlook``) gives it the same list. Once it is
    closed, its computation rates the report: a correction goes into a later period."""
    tournament = report.tournament
    if report.status == ReportStatus.APPROVED and tournament.status == Status.RATED:
        # A review: "not approved for rating", of the report rated on a published list.
        return (
            f"Version {report.version} was rated on the published list of "
            f"{tournament.list_date}, which never changes: a correction goes into a later "
            "period."
        )
    if report.status != ReportStatus.APPROVED or tournament.status != Status.READY:
        return f"Version {report.version} is not approved for rating and waiting for its list."
    if tournament.list_date and period_closed(tournament.category, tournament.list_date):
        return (
            f"The period of the list of {tournament.list_date} is closed: its computation "
            "rates this report as approved. A correction goes into a later period."
        )
    rated_on, too_late = approval_outlook(tournament)
    if tournament.list_date and rated_on != tournament.list_date:
        # Open still, past its closing date (no scheduler closed it): approved again, the
        # report would lose its list, and past the third after the end be refused for good
        # (a review).
        again = f"be refused: {too_late}" if too_late else f"go to the list of {rated_on}"
        return (
            f"Approved again today, the report would {again}. The list of "
            f"{tournament.list_date} rates it as approved; a correction goes into a later "
            "period."
        )
    return None


def report_approval_withdraw(*, actor: Actor, report: TournamentReport, reason: str) -> None:
    """Withdraw the approval of ``report`` (the federation's rating officer or an
    administrator), with a reason, while its list's period is open: its games go, the
    report and the tournament are checked again, to approve again or to replace by a
    corrected version (a review: a wrong file approved could not be taken back)."""
    require(actor, "approve", report, "Only the federation's rating officer withdraws an approval.")
    reason = reason.strip()
    if not reason:
        raise ValidationError({"reason": "Give a reason: the arbiter reads it in the history."})
    with transaction.atomic():
        rating_list_lock(report.tournament.category)  # not while its list is published
        report = _report_locked(report.pk)
        if refusal := approval_withdrawal_refusal(report):
            raise ReportRefused(refusal)
        games = report.games.all().delete()[0]
        _report_status_recorded(
            report, actor, ReportStatus.CHECKED, "approval withdrawn", reason, games=[games, None]
        )
        tournament = report.tournament
        listed = tournament.list_date
        tournament.list_date = tournament.entrants = None
        tournament.save(update_fields=["list_date", "entrants"])
        tournament_status_change(
            tournament=tournament,
            status=Status.CHECKED,
            actor=actor,
            reason=f"Approval of report version {report.version} withdrawn (it was for the "
            f"list of {listed}): {reason}",
        )


#: The finding a report returned to its arbiter carries (``report_return``).
RETURNED_BY_THE_OFFICER = "returned-by-the-officer"


def report_return(*, actor: Actor, report: TournamentReport, reason: str) -> None:
    """Return a checked version, or one with errors, to its arbiter with a reason (the
    federation's rating officer or an administrator): a problem the checks cannot see (a
    player who did not play, the wrong section's file). The reason becomes an error of
    the version, which can then never be approved, and the tournament waits for a
    corrected one, the reason in its history (a review: an officer could only leave the
    report waiting, or approve it and withdraw the approval to tell why)."""
    require(actor, "approve", report, "Only the federation's rating officer returns a report.")
    reason = reason.strip()
    if not reason:
        raise ValidationError({"reason": "Give a reason: the arbiter reads it on the report."})
    with transaction.atomic():
        report = _report_locked(report.pk)
        tournament = report.tournament
        if report.status not in (ReportStatus.CHECKED, ReportStatus.HAS_ERRORS) or (
            tournament.status not in (Status.CHECKED, Status.REPORT_RECEIVED)
        ):
            raise ReportRefused(
                f"Version {report.version} is {report.get_status_display().lower()} and its "
                f"tournament {tournament.get_status_display().lower()}; only a version "
                "waiting for approval is returned."
            )
        if report.findings.filter(code=RETURNED_BY_THE_OFFICER).exists():
            raise ReportRefused(f"Version {report.version} was returned already.")
        who = "an administrator" if actor.is_administrator else "the rating officer"
        # First on the page: it is what the arbiter must read.
        report.findings.update(position=F("position") + 1)
        returned = Finding(Severity.ERROR, RETURNED_BY_THE_OFFICER, f"Returned by {who}: {reason}")
        _findings_store(report, [returned])
        _report_status_recorded(
            report,
            actor,
            ReportStatus.HAS_ERRORS,
            "returned to the arbiter",
            reason,
            errors=[report.error_count, report.error_count + 1],
        )
        # From "report received" too (a version with errors): the reason is in the
        # tournament's history, which its arbiter reads (and is mailed).
        tournament_status_change(
            tournament=tournament,
            status=Status.REPORT_RECEIVED,
            actor=actor,
            reason=f"Report version {report.version} returned by {who}: "
            f"{reason.rstrip('.')}. Upload a corrected version.",
        )


def _report_status_recorded(
    report: TournamentReport,
    actor: Actor,
    status: str,
    action: str,
    reason: str = "",
    **changes: list[int | None],
) -> None:
    """``report`` to ``status`` (and to its new error count where ``changes`` has
    ``errors``), in the audit trail with ``changes``, each [before, after] (the games an
    approval writes and its withdrawal removes; the errors a check or a return adds)."""
    recorded = {"status": [report.status, status], **changes}
    report.status = status
    fields = ["status"]
    if "errors" in changes:
        report.error_count = changes["errors"][1] or 0
        fields.append("error_count")
    report.save(update_fields=fields)
    audit_record(target=report, actor=actor.user, action=action, reason=reason, changes=recorded)


def _approval_refusal(report: TournamentReport) -> None:
    if report.errors_as_matched_only:
        # Its errors are the officer's matches': another match may clear them.
        as_matched = report.findings.filter(severity=Severity.ERROR, as_matched=True)
        raise ReportRefused(
            _as_matched_refusal_text(
                report,
                [
                    Finding(Severity.ERROR, f.code, f.message, f.line, f.column, f.rule)
                    for f in as_matched
                ],
            )
        )
    if report.status == ReportStatus.HAS_ERRORS:
        raise ReportRefused(
            f"Version {report.version} has {report.error_count} "
            f"error{pluralize(report.error_count)}; it can never be "
            "rated. Upload a corrected version."
        )
    if report.status != ReportStatus.CHECKED:
        raise ReportRefused(
            f"Version {report.version} is {report.get_status_display().lower()}; only a "
            "checked report can be approved."
        )
    # Lines still waiting are named by the refusal below, not here: a mismatched line's
    # registry player is the registry's guess, not yet the officer's.
    twice = (
        report.matches.exclude(player=None)
        .exclude(status__in=UNRESOLVED)
        .values("player")
        .annotate(lines=Count("pk"), first=Min("start_rank"), last=Max("start_rank"))
        .filter(lines__gt=1)
        .order_by("first")
        .first()
    )
    if twice is not None:
        raise ReportRefused(
            f"Starting ranks {twice['first']} and {twice['last']} name the same registry "
            "player: one of them is another player (undo its match, then match it again)."
        )
    waiting = list(report.matches.filter(status__in=UNRESOLVED).order_by("start_rank"))
    if waiting:
        shown = ", ".join(
            f"{m.start_rank} {m.trf_name} ({m.get_status_display().lower()})" for m in waiting[:10]
        )
        more = f" and {len(waiting) - 10} more" if len(waiting) > 10 else ""
        raise ReportRefused(
            f"{len(waiting)} player(s) still wait for the rating officer's match: {shown}{more}."
        )
