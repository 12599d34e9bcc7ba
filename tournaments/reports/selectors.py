"""Reads for the report pages and for validation: what an actor may see, the registration
as validation needs it, and the registry's players and ratings in force at a date."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from dataclasses import dataclass
from typing import NamedTuple

from django.db.models import QuerySet
from django.shortcuts import get_object_or_404

from players.access import Actor
from players.models import Federation, Player, RatingHistory, RatingState, RatingStatus
from players.name_keys import name_key_unordered
from players.retired import kept_in_place_of
from players.selectors import identity_key, likely_duplicates_among, players_named
from regulations import get_rule_set
from tournaments.models import (
    ApprovalRequest,
    PlayerMatch,
    ReportFinding,
    Tournament,
    TournamentReport,
)
from tournaments.reports.validation import REGISTRY_SEX_IN_TRF, Registration, RegistryPlayer
from tournaments.selectors import rules_for
from tournaments.trf.decoding import decode, split_lines
from tournaments.trf.parser import line_as_read

#: Tournament statuses in which a (new) report may be uploaded.
UPLOAD_STATUSES = (
    Tournament.Status.APPROVED,
    Tournament.Status.REPORT_RECEIVED,
    Tournament.Status.CHECKED,
)

UNRESOLVED = PlayerMatch.OPEN_STATUSES
#: The registry's players of a line's name shown where the line lacks a birth year or a
#: federation (``named_like``): a common name may have many.
NAMED_LIKE_SHOWN = 5


def report_list(*, actor: Actor, tournament: Tournament) -> QuerySet[TournamentReport]:
    """The tournament's report versions the actor may see, newest first."""
    return (
        TournamentReport.objects.restrict(actor, "view")
        .filter(tournament=tournament)
        .select_related("uploaded_by")
        .order_by("-version")
    )


def report_get(*, actor: Actor, tournament_pk: int, version: int) -> TournamentReport:
    """One version of a tournament's report, or a 404 when the actor may not see it."""
    return get_object_or_404(
        TournamentReport.objects.restrict(actor, "view").select_related(
            "tournament__federation", "uploaded_by"
        ),
        # By the tournament's pk, not its column: a number past the column's range is then
        # no match (SQLite raised OverflowError from tournament_id).
        tournament__pk=tournament_pk,
        version=version,
    )


def approved_report(tournament: Tournament) -> TournamentReport | None:
    """The tournament's approved report (the latest approved version), the one rated."""
    return (
        TournamentReport.objects.filter(
            tournament=tournament, status=TournamentReport.Status.APPROVED
        )
        .order_by("-version")
        .first()
    )


def games_file_kept(tournament: Tournament) -> TournamentReport | None:
    """The version whose games file (PGN) a new version uploaded without one keeps: the
    latest that has one."""
    return tournament.reports.exclude(games_file="").order_by("-version").first()


def finding_list(*, report: TournamentReport) -> QuerySet[ReportFinding]:
    """Errors first, as stored (``position``)."""
    return report.findings.order_by("position")


def finding_lines(*, report: TournamentReport, numbers: Iterable[int | None]) -> dict[int, str]:
    """The report's lines of these numbers as the file holds them, decoded and numbered as
    the reader numbered them (the findings' lines); none where the file cannot be read."""
    wanted = {number for number in numbers if number}
    if not wanted:
        return {}
    try:
        with report.file.open("rb") as file:
            data = file.read()
    except OSError:
        return {}
    decoded = decode(data)
    lines = split_lines(decoded.text)
    # Columns as the reader counted them: a letter with separate accents is one, a name
    # padded by bytes is read by bytes.
    return {
        number: line_as_read(decoded, lines[number - 1], number)
        for number in wanted
        if number <= len(lines)
    }


def player_match_list(*, report: TournamentReport) -> QuerySet[PlayerMatch]:
    return report.matches.select_related("player__federation", "resolved_by").order_by("start_rank")


@dataclass(frozen=True)
class LineToRegister:
    """A report line without a FIDE ID, to register as a new player with the others, or
    ``left_out`` with the reason, for the officer to resolve on the report page."""

    match: PlayerMatch
    federation: Federation | None
    twins: tuple[Player, ...] = ()
    left_out: str = ""


def lines_to_register(*, actor: Actor, report: TournamentReport) -> list[LineToRegister]:
    """The report's lines without a FIDE ID still waiting for the officer, in starting
    rank order, each with the federation it would be registered in: the one the line gives,
    or the tournament's. A line is left to the report page when that federation is not in
    the registry or not the actor's to register players of, or when the registry holds a
    likely duplicate (same name with or without accents, birth year and federation), in the
    registry or on an earlier line."""
    waiting = list(
        report.matches.filter(status=PlayerMatch.Status.NO_ID, player__isnull=True).order_by(
            "start_rank"
        )
    )
    own = report.tournament.federation
    federation_of, twins = _twins(own, waiting)
    named = named_like(waiting)
    earlier = earlier_version_players(report)
    lines, seen = [], {}
    for match in waiting:
        line = _line_to_register(
            actor, match, federation_of[match.pk], own.code, twins, named.get(match.pk, [])
        )
        if (before := earlier.get(match.start_rank)) is not None and not line.left_out:
            reason = (
                f"Version {before.version} matched this line (then “{before.name}”) to "
                f"{before.player.name} ({before.player.fide_id}): most likely the same player, "
                "his name mended. Match the line to him on the report page."
            )
            line = LineToRegister(match, line.federation, left_out=reason)
        if line.left_out or line.federation is None:
            lines.append(line)
            continue
        identity = identity_key(match.trf_name, match.trf_birth_year, line.federation.pk)
        if (first := seen.setdefault(identity, match)) is not match:
            reason = (
                f"Starting rank {first.start_rank} has the same name and birth year: register "
                "one of them here; the other, if another player, on the registry's page "
                "(Register anyway), then match that line to the new record."
            )
            line = LineToRegister(match, line.federation, left_out=reason)
        lines.append(line)
    return lines


Twins = dict[tuple[str | None, int | None, int], list[Player]]


def _twins(
    own: Federation, matches: list[PlayerMatch]
) -> tuple[dict[int, Federation | None], Twins]:
    """Each line's federation (the one it gives, else ``own``, the tournament's; None where
    the registry does not know it) and the registry's likely duplicates of the lines
    (``likely_duplicates_among``), in two queries."""
    codes = {match.federation_code for match in matches} | {own.code}
    federations = {fed.code: fed for fed in Federation.objects.filter(code__in=codes)}
    federation_of = {m.pk: federations.get(m.federation_code or own.code) for m in matches}
    twins = likely_duplicates_among(
        (match.trf_name, match.trf_birth_year, federation_of[match.pk])
        for match in matches
        if federation_of[match.pk] is not None
    )
    return federation_of, twins


def _line_to_register(
    actor: Actor,
    match: PlayerMatch,
    federation: Federation | None,
    own_code: str,
    twins: Twins,
    named: list[Player],
) -> LineToRegister:
    code = match.federation_code or own_code
    if federation is None:
        reason = f"The report gives federation {code}, which the registry does not know."
        return LineToRegister(match, None, left_out=reason)
    if not actor.officer_for(federation.pk):
        reason = f"Players of {code} are registered by its rating officer or an administrator."
        return LineToRegister(match, federation, left_out=reason)
    found = twins.get(identity_key(match.trf_name, match.trf_birth_year, federation.pk))
    if found and not _facts_missing(match):
        reason = (
            "The registry has a player of this name, birth year and federation: match the "
            "line to that record on the report page; if it is another player, register the "
            "player on the registry's page (Register anyway), then match the line."
        )
        return LineToRegister(match, federation, tuple(found), left_out=reason)
    # Without a birth year the twins agree with any (``likely_duplicates_among``, which
    # folds accents where ``named`` does not: "Odegard, Ase" is "Ødegård, Åse").
    named = named or list(found or [])[:NAMED_LIKE_SHOWN]
    if named:
        reason = (
            f"The report gives no {_facts_missing(match)} for the line, and the registry has "
            "a player of this name agreeing with what it gives: match the line to that "
            "record on the report page; if it is another player, register the player on "
            "the registry's page (Register anyway), then match the line."
        )
        return LineToRegister(match, federation, tuple(named), left_out=reason)
    return LineToRegister(match, federation)


def _facts_missing(match: PlayerMatch) -> str:
    missing = [
        what
        for what, given in (
            ("birth year", match.trf_birth_year),
            ("federation", match.federation_code),
        )
        if not given
    ]
    return " or ".join(missing)


def named_like(matches: Iterable[PlayerMatch]) -> dict[int, list[Player]]:
    """For each line of ``matches`` that gives no birth year or no federation (by the
    match's id): the registry's players of its name (its words in any order) who agree
    with what it gives, the first ``NAMED_LIKE_SHOWN`` by FIDE ID. A review: a CM rated
    1863 on a line without either was offered no match beside the registry's only
    "Lund, Magnus" of the tournament's federation, and the page registering newcomers
    had him ticked; a line without a federation, none beside the only "Moreau, Lucas"
    born the year it gives."""
    loose = [m for m in matches if m.trf_birth_year is None or not m.federation_code]
    named = players_named(match.trf_name for match in loose)
    found = {}
    for match in loose:
        agreeing = [
            player
            for player in named.get(name_key_unordered(match.trf_name), [])
            if (not match.federation_code or player.federation.code == match.federation_code)
            and (match.trf_birth_year is None or player.birth_year == match.trf_birth_year)
        ]
        if agreeing:
            found[match.pk] = agreeing[:NAMED_LIKE_SHOWN]
    return found


class EarlierMatch(NamedTuple):
    """The player the version before matched a line to, and that line's name."""

    version: int
    name: str
    player: Player


def earlier_version_players(report: TournamentReport) -> dict[int, EarlierMatch]:
    """By starting rank, the player the version before matched (or registered) a line
    without a FIDE ID to, where this version's line of that rank has none either and
    waits: its name mended, most likely the same player, whose match was not carried over
    (``services._matches_store`` carries it by name). A review corrected "Nyberg, Ola" to
    "Nyberg, Ola Martin": the officer's registration was lost, and the register-new page
    made a second record of him."""
    if report.version == 1:
        return {}
    before = (
        report.tournament.reports.filter(version__lt=report.version).order_by("-version").first()
    )
    if before is None:
        return {}
    earlier = {
        match.start_rank: match
        for match in before.matches.filter(
            status=PlayerMatch.Status.RESOLVED, trf_fide_id=None, player__isnull=False
        ).select_related("player")
    }
    waiting = report.matches.filter(
        status=PlayerMatch.Status.NO_ID, trf_fide_id=None, start_rank__in=list(earlier)
    )
    taken = set(
        report.matches.exclude(status__in=UNRESOLVED)
        .exclude(player=None)
        .values_list("player_id", flat=True)
    )
    return {
        match.start_rank: EarlierMatch(
            before.version, earlier[match.start_rank].trf_name, earlier[match.start_rank].player
        )
        for match in waiting
        if earlier[match.start_rank].player_id not in taken
        and _same_newcomer(earlier[match.start_rank], match)
    }


def _same_newcomer(before: PlayerMatch, now: PlayerMatch) -> bool:
    """Whether two lines without a FIDE ID, on one starting rank of two versions, are
    most likely one player whose name was mended: the same birth year and federation, and
    the same surname (a review: another newcomer put in his place was taken for him)."""

    def surname(name: str) -> str:
        return name_key_unordered(name.split(",")[0])

    return (
        before.trf_birth_year == now.trf_birth_year
        and before.trf_federation == now.trf_federation
        and surname(before.trf_name) == surname(now.trf_name)
    )


def likely_players(
    tournament: Tournament,
    matches: list[PlayerMatch],
    earlier: dict[int, EarlierMatch] | None = None,
) -> dict[int, list[Player]]:
    """For each waiting line of ``matches`` (a report's lines; by starting rank), the
    registry's players it likely is: the same name (with or without accents), birth year
    and federation (the line's, else the tournament's), but for the record its FIDE ID
    already names and those other lines are matched to. The report page offers
    them as one-click matches (a review: a line with a mistyped FIDE ID beside the one
    record of that name left the officer to search and copy the ID)."""
    unresolved = [match for match in matches if match.status in UNRESOLVED]
    if not unresolved:
        return {}
    # A record another line is matched to is that line's: matching it again is refused.
    taken = {m.player_id for m in matches if m.player_id and m.status not in UNRESOLVED}
    federation_of, twins = _twins(tournament.federation, unresolved)
    named = named_like(unresolved)
    likely = {}
    for match in unresolved:
        federation = federation_of[match.pk]
        found = []
        if federation is not None:
            found = twins.get(identity_key(match.trf_name, match.trf_birth_year, federation.pk), [])
        found = found or named.get(match.pk, [])
        if match.start_rank in (earlier or {}):
            # The version before's player first: the line's name was mended since.
            before = earlier[match.start_rank].player
            found = [before, *(p for p in found if p.pk != before.pk)]
        if players := [p for p in found if p.fide_id != match.trf_fide_id and p.pk not in taken]:
            likely[match.start_rank] = players
    return likely


def registration_of(tournament: Tournament) -> Registration:
    """The registration as validation reads it, with the rule set in force."""
    if tournament.rule_set:
        rules = get_rule_set(tournament.rule_set)
    else:
        rules = rules_for(tournament.category, tournament.start_date)
    return Registration(
        start_date=tournament.start_date,
        end_date=tournament.end_date,
        category=tournament.category,
        system=tournament.system,
        number_of_rounds=tournament.number_of_rounds,
        time_control=tournament.time_control,
        rules=rules,
        match_games=tournament.match_games,
        name=tournament.name,
        city=tournament.city,
        federation=tournament.federation.code,
        national_championship=tournament.national_championship,
        hybrid=tournament.hybrid,
        match_waiver=tournament.system == Tournament.System.MATCH
        and tournament.approvals.filter(
            kind=ApprovalRequest.Kind.MATCH_WAIVER, status=ApprovalRequest.Status.APPROVED
        ).exists(),
    )


def registry_players(
    fide_ids: Iterable[int], *, category: str, on: dt.date, rules_id: str
) -> dict[int, RegistryPlayer]:
    """The registry's players with these FIDE IDs and their rating of the list in force
    on ``on`` in ``category``: the latest list date on or before it (three queries, and
    two a step along a chain of removals). An ID removed as a duplicate gives the record
    kept in its place (a review: a report naming one was told the ID is not in the
    registry, and offered to register it)."""
    fide_ids = set(fide_ids)
    kept = kept_in_place_of(fide_ids)  # {} for the IDs the registry has as they are
    wanted = (fide_ids - kept.keys()) | set(kept.values())
    players = {
        p.pk: p for p in Player.objects.filter(fide_id__in=wanted).select_related("federation")
    }
    categories = {category}
    # R&B 2024 7.2.1, R&B pre-2024 7.21: a player without a rapid (blitz) rating who has a
    # standard rating is rated with it (a review: only the 2024 text was read so).
    adoption = get_rule_set(rules_id).adoption_clause
    if adoption:
        categories.add("standard")
    ratings = ratings_in_force(players, categories, on)
    by_fide_id = {}
    for pk, player in players.items():
        rating, label = ratings.get((pk, category), (None, ""))
        adopted = ""
        if rating is None and (pk, "standard") in ratings and category != "standard":
            rating, label = ratings[(pk, "standard")]
            adopted = adoption if rating is not None else ""
            label = f"{label} ({adoption})" if adopted else label
        by_fide_id[player.fide_id] = RegistryPlayer(
            pk=pk,
            fide_id=player.fide_id,
            name=player.name,
            federation=player.federation.code,
            birth_year=player.birth_year,
            rating=rating,
            list_label=label or f"the {category} list in force on {on:%Y-%m-%d}",
            sex=REGISTRY_SEX_IN_TRF.get(player.sex, ""),
            adoption=adopted,
        )
    # Each ID asked for, its own record or the one kept in its place: a report may name
    # both (a review: the kept record's ID went missing, and confirming it was an error).
    return {
        fide_id: by_fide_id[found]
        for fide_id in fide_ids
        if (found := kept.get(fide_id, fide_id)) in by_fide_id
    }


def ratings_in_force(
    players: dict[int, Player], categories: set[str], on: dt.date
) -> dict[tuple[int, str], tuple[int | None, str]]:
    """(player, category) -> (rating, 'the standard list of 2025-03-01'): the rating in force
    on ``on`` (interpretation 2), None where unrated. History rows and
    the current state compete by list date; a state without a list date counts only when
    nothing dated does."""
    found: dict[tuple[int, str], tuple[dt.date, int | None]] = {}
    history = RatingHistory.objects.filter(
        player_id__in=players, category__in=categories, list_date__lte=on
    ).values_list("player_id", "category", "list_date", "rating")
    states = RatingState.objects.filter(player_id__in=players, category__in=categories).values_list(
        "player_id", "category", "list_date", "rating", "status"
    )
    undated: dict[tuple[int, str], int | None] = {}
    for player_id, category, list_date, rating, status in states:
        rating = rating if status == RatingStatus.RATED else None
        if list_date is None:
            undated[(player_id, category)] = rating
        elif list_date <= on:
            found[(player_id, category)] = (list_date, rating)
    for player_id, category, list_date, rating in history:
        key = (player_id, category)
        if key not in found or found[key][0] <= list_date:
            found[key] = (list_date, rating)
    result = {
        key: (rating, f"the {key[1]} list of {list_date:%Y-%m-%d}")
        for key, (list_date, rating) in found.items()
    }
    for key, rating in undated.items():
        result.setdefault(key, (rating, f"the registry's current {key[1]} rating"))
    return result
