"""A tournament report checked against its registration, the rule set in force and the
registry. Pure: the caller loads the registration and registry facts (``selectors``).

Every finding is the TRF reader's ``Finding`` (one list, sorted one way), located on the
line and column it concerns and citing the clause that says so. ERROR findings keep a
report from ever becoming ready for rating; warnings and infos are for the officer.
"""

from __future__ import annotations

import datetime as dt
import itertools
import re
import unicodedata
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from django.template.defaultfilters import pluralize

from regulations import OnlineArena, OverTheBoardRules
from regulations.types import Category, TimeControl
from tournaments.pgn import TAGS_RUN_TOGETHER, GamesFile
from tournaments.report_rating import ROUND_ROBIN_WORDS, round_robin_composition_problems
from tournaments.time_controls import read_time_control
from tournaments.trf import (
    Finding,
    PlayedGame,
    Severity,
    TrfPlayer,
    TrfReport,
    TrfRound,
    sort_findings,
)
from tournaments.trf.decoding import decode, split_lines
from tournaments.trf.extensions import TrfRecord

ERROR, WARNING, INFO = Severity.ERROR, Severity.WARNING, Severity.INFO

#: TRF16 001's sex ("w" for a woman) as the registry writes it, and the registry's in TRF's.
TRF_SEX = {"m": "M", "w": "F"}
REGISTRY_SEX_IN_TRF = {registry: trf for trf, registry in TRF_SEX.items()}

#: TRF16 001 columns (trf16.md §3).
RATING_COLUMN = 49
FIDE_ID_COLUMN = 58
NAME_COLUMN = 15
HEADER_COLUMN = 5

SWISS = "swiss"
ROUND_ROBIN = "round_robin"
DOUBLE_ROUND_ROBIN = "double_round_robin"
MATCH = "match"
TEAM = "team"

#: PlayerMatch statuses (tournaments.models.PlayerMatch.Status values).
MATCHED, UNKNOWN, MISMATCH, NO_ID = "matched", "unknown", "mismatch", "no_id"


@dataclass(frozen=True)
class Registration:
    """What the registration says about the event (DESIGN.md interpretation 10: facts a
    TRF does not carry are fields of the registration)."""

    start_date: dt.date
    end_date: dt.date
    category: str
    system: str
    number_of_rounds: int
    time_control: TimeControl
    rules: OverTheBoardRules | OnlineArena
    match_games: int | None = None
    #: The event's name, city and registering federation's code, which the report's
    #: headers 012, 022 and 032 should repeat ("" where unknown: not compared).
    name: str = ""
    city: str = ""
    federation: str = ""
    #: Registered as a national championship (standard-2009 6.33).
    national_championship: bool = False
    #: An administrator granted the match's games after the win rated (R&B 2024 5.2).
    match_waiver: bool = False
    #: Played under hybrid conditions (R&B 2024 2.1): its games come in PGN too (8.4).
    hybrid: bool = False


@dataclass(frozen=True)
class RegistryPlayer:
    """A registry player as the checks need him."""

    pk: int
    fide_id: int
    name: str
    federation: str
    birth_year: int | None
    #: Rating of the list in force at the tournament's start (None: unrated there).
    rating: int | None = None
    #: Which list that is ("the standard list of 2025-03-01"), for messages.
    list_label: str = ""
    #: "m" or "w" as the report's sex column writes it ("": not known).
    sex: str = ""
    #: The clause where ``rating`` is his standard one, unrated in the tournament's rapid or
    #: blitz category (R&B 2024 7.2.1, pre-2024 7.21); "" otherwise.
    adoption: str = ""


@dataclass(frozen=True)
class MatchOutcome:
    """How one player line of the report matches the registry."""

    start_rank: int
    status: str
    player_id: int | None
    note: str = ""


@dataclass(frozen=True)
class Validation:
    findings: tuple[Finding, ...]
    matches: tuple[MatchOutcome, ...]

    @property
    def has_errors(self) -> bool:
        return any(f.severity is ERROR for f in self.findings)


def validate_report(
    report: TrfReport | None,
    *,
    registration: Registration,
    registry: Mapping[int, RegistryPlayer],
    header_lines: Mapping[str, int] | None = None,
    matched: Mapping[int, RegistryPlayer] | None = None,
) -> Validation:
    """Every check of a report against its registration, the rule set and the registry
    (``registry``: the registry players of the report's FIDE IDs, by FIDE ID).
    ``matched``: the registry players the rating officer matched lines to, by starting
    rank, whom the checks of a player's rating and sex read in place of the line's FIDE
    ID or, without one, the line's own word (the check made again at approval)."""
    if report is None:  # the reader has already said why (an ERROR)
        return Validation((), ())
    context = _Context(report, registration, registry, dict(header_lines or {}), matched or {})
    matches, match_findings = _match_players(context)
    findings = [
        *_date_findings(context),
        *_header_findings(context),
        *_round_count_findings(context),
        *_rounds_per_day_findings(context),
        *_player_count_findings(context),
        *_team_findings(context),
        *match_findings,
        *_rating_findings(context),
        *_rate_of_play_findings(context),
        *_unplayed_findings(context),
        *_match_system_findings(context),
        *_pairing_findings(context),
        *_unpaired_findings(context),
        *_composition_findings(context),
    ]
    return Validation(sort_findings(findings), tuple(matches))


@dataclass
class _Context:
    report: TrfReport
    registration: Registration
    registry: Mapping[int, RegistryPlayer]
    header_lines: dict[str, int]
    matched: Mapping[int, RegistryPlayer]

    @property
    def rules(self) -> OverTheBoardRules | OnlineArena:
        return self.registration.rules

    def clause(self, standard: str, rapid_blitz: str) -> str:
        """The clause of the rule set in force (standard-2009 numbering or R&B 2024's)."""
        prefix = getattr(self.rules, "checks_clause_prefix", self.rules.id)
        return f"{prefix} {rapid_blitz if prefix.startswith('R&B') else standard}"

    @property
    def is_standard(self) -> bool:
        return getattr(self.rules, "checks_clause_prefix", "").startswith("standard")

    def named(self, player: TrfPlayer) -> RegistryPlayer | None:
        """The registry's player of the line's FIDE ID, if it has one."""
        return self.registry.get(player.fide_id) if player.fide_id else None

    def known(self, player: TrfPlayer) -> RegistryPlayer | None:
        """The registry's player the line is: the officer's match, else its FIDE ID's."""
        return self.matched.get(player.start_rank) or self.named(player)

    def is_woman(self, player: TrfPlayer) -> bool:
        """By the registry when it knows him, else by the report's sex column."""
        known = self.known(player)
        return (known.sex if known is not None and known.sex else player.sex) == "w"

    def rating(self, player: TrfPlayer) -> int | None:
        """The player's rating in this event: the registry's list in force at the start
        when the registry knows him (DESIGN.md interpretation 2), else the report's."""
        known = self.known(player)
        return known.rating if known is not None else player.rating

    @property
    def players(self) -> tuple[TrfPlayer, ...]:
        return self.report.real_players


def header_lines(data: bytes) -> dict[str, int]:
    """Line number of each header record (042, 052, 062, 122, 132, ...), first occurrence,
    numbered as the TRF reader numbers them."""
    lines: dict[str, int] = {}
    for number, text in enumerate(split_lines(decode(data).text), start=1):
        if len(text) >= 4 and text[:3].isdigit() and text[3] == " ":
            lines.setdefault(text[:3], number)
    return lines


def _block_column(round_number: int) -> int:
    """First column of round ``round_number``'s block in 001 and 132 lines (trf16.md §3)."""
    return 92 + 10 * (round_number - 1)


# -- the registration: dates and rounds ------------------------------------------------------


def _date_findings(ctx: _Context) -> Iterable[Finding]:
    """042, 052 and each 132 date within the registered start..end (standard-2009 0.4,
    R&B 2024 0.2: the event rated is the event registered)."""
    reg = ctx.registration
    clause = ctx.clause("0.4", "0.2")
    span = f"the registration's {reg.start_date:%Y-%m-%d} to {reg.end_date:%Y-%m-%d}"
    headers = (
        ("042", "start date", ctx.report.start_date),
        ("052", "end date", ctx.report.end_date),
    )
    for code, label, date in headers:
        line = ctx.header_lines.get(code)
        if date.value is not None and not reg.start_date <= date.value <= reg.end_date:
            yield Finding(
                ERROR,
                "date-outside-registration",
                f"Line {line}: the {label} {date.as_read} is outside {span}.",
                line,
                HEADER_COLUMN,
                clause,
            )
    line = ctx.header_lines.get("132")
    for number, date in enumerate(ctx.report.round_dates, start=1):
        if date.value is not None and not reg.start_date <= date.value <= reg.end_date:
            yield Finding(
                ERROR,
                "round-date-outside-registration",
                f"Line {line}: round {number} is dated {date.as_read}, outside {span}.",
                line,
                _block_column(number),
                clause,
            )
    yield from _dates_out_of_order(ctx)


def _dates_out_of_order(ctx: _Context) -> Iterable[Finding]:
    """A start (042) after the end (052), and a round dated before the round before it
    (132): a file written or edited wrongly, whose dates the registration's stand for (a
    review found both passed without a word). Warnings: the rating reads the registered
    dates (TRF16 042, 052, 132)."""
    start, end = ctx.report.start_date, ctx.report.end_date
    if start.value is not None and end.value is not None and start.value > end.value:
        line = ctx.header_lines.get("042")
        yield Finding(
            WARNING,
            "dates-out-of-order",
            f"Line {line}: the start date {start.as_read} is after the end date {end.as_read} "
            f"(line {ctx.header_lines.get('052')}).",
            line,
            HEADER_COLUMN,
            "TRF16 042, 052",
        )
    line = ctx.header_lines.get("132")
    dated = [(n, d) for n, d in enumerate(ctx.report.round_dates, start=1) if d.value is not None]
    for (before, earlier), (number, date) in itertools.pairwise(dated):
        if date.value < earlier.value:
            yield Finding(
                WARNING,
                "round-dates-out-of-order",
                f"Line {line}: round {number} is dated {date.as_read}, before round {before}, "
                f"dated {earlier.as_read}: rounds are played in their order.",
                line,
                _block_column(number),
                "TRF16 132",
            )


#: The systems record 092's free text names (trf16.md §2: "Individual: Swiss-System",
#: "Team League", ...), first match first: the registration ``load_report --register``
#: reads off a report, and what its check against a registration compares.
SYSTEM_WORDS = (
    (re.compile(r"double[\s-]*round[\s-]*robin", re.I), DOUBLE_ROUND_ROBIN),
    (ROUND_ROBIN_WORDS, ROUND_ROBIN),  # the same words rate_trf reads
    (re.compile(r"\bteam|league|olympiad", re.I), TEAM),
    (re.compile(r"\bmatch\b", re.I), MATCH),
    (re.compile(r"swiss", re.I), SWISS),
)
#: Systems one report may be written for: a double round robin is a round robin.
SYSTEM_FAMILY = {DOUBLE_ROUND_ROBIN: ROUND_ROBIN}


def system_named(tournament_type: str) -> str | None:
    """The system record 092 names (``SYSTEM_WORDS``), or None."""
    return next((s for pattern, s in SYSTEM_WORDS if pattern.search(tournament_type)), None)


def _header_findings(ctx: _Context) -> Iterable[Finding]:
    """The report's own headers against its registration (standard-2009 0.4, R&B 2024 0.2:
    the event rated is the one its federation registered), each a warning: an event name
    (012) or city (022) with no word of the registration's (numbers aside), likely another
    event's file (another wording, "2nd Bern Open 2025" of "Bern Open", is none); a
    federation (032) other than the registering one; a type (092) naming another
    system."""
    reg, report, clause = ctx.registration, ctx.report, ctx.clause("0.4", "0.2")
    for code, label, written, registered in (
        ("012", "tournament name", report.name, reg.name),
        ("022", "city", report.city, reg.city),
    ):
        words, registered_words = _words_without_digits(written), _words_without_digits(registered)
        if not words or not registered_words or words & registered_words:
            continue
        yield Finding(
            WARNING,
            f"{label.split()[-1]}-differs-from-registration",
            f"Line {ctx.header_lines.get(code)}: the report's {label} '{written.strip()}' "
            f"has no word of the registration's '{registered}': is this the report of this "
            "event?",
            ctx.header_lines.get(code),
            HEADER_COLUMN,
            clause,
        )
    federation = report.federation.strip().upper()
    if federation and reg.federation and federation != reg.federation:
        yield Finding(
            WARNING,
            "federation-differs-from-registration",
            f"Line {ctx.header_lines.get('032')}: the report gives federation {federation}; "
            f"the event is registered by {reg.federation}, the federation in whose territory "
            "it is held.",
            ctx.header_lines.get("032"),
            HEADER_COLUMN,
            clause,
        )
    named = system_named(report.tournament_type)
    # A team event's games are paired by its own system: not compared.
    if named and TEAM not in (named, reg.system) and _family(named) != _family(reg.system):
        yield Finding(
            WARNING,
            "system-differs-from-registration",
            f"Line {ctx.header_lines.get('092')}: the report's type "
            f"'{report.tournament_type.strip()}' names a {_system_label(named)}; the event "
            f"is registered as a {_system_label(reg.system)}.",
            ctx.header_lines.get("092"),
            HEADER_COLUMN,
            clause,
        )


def _family(system: str) -> str:
    return SYSTEM_FAMILY.get(system, system)


def _system_label(system: str) -> str:
    return "Swiss" if system == SWISS else system.replace("_", " ")


def _words_without_digits(text: str) -> set[str]:
    return {word for word in _normalised_words(text) if not word.isdigit()}


def _round_count_findings(ctx: _Context) -> Iterable[Finding]:
    """More rounds than registered is another event (error); fewer is worth a warning."""
    registered, played = ctx.registration.number_of_rounds, ctx.report.number_of_rounds
    if played == registered:
        return
    line, column = _first_round_after(ctx, registered) if played > registered else (None, None)
    message = (
        f"The report has {played} round{pluralize(played)}; the registration has {registered}."
    )
    declaration = _rounds_declaration(ctx) if played > registered and line is None else None
    if declaration is not None:
        # Only declared: the record that declares them is what to mend (a review: the
        # error pointed at the 132 line, which held the registered rounds' dates).
        line, column = declaration.line, DECLARATION_COLUMN
        message = (
            f"{declaration.code} on line {line} declares {played} rounds; the registration "
            f"has {registered}, and the file shows no round beyond them."
        )
    yield Finding(
        ERROR if played > registered else WARNING,
        "rounds-differ-from-registration",
        message,
        line or ctx.header_lines.get("132"),
        column,
        ctx.clause("0.4", "0.2"),
    )


#: Where a record's value begins (trf16.md §2: the code, a blank, then the value).
DECLARATION_COLUMN = 5


def _rounds_declaration(ctx: _Context) -> TrfRecord | None:
    """The record declaring the number of rounds the reader took (TRF26 142 before JaVaFo
    XXR, the first of each: ``trf.extensions.read_declared_rounds``), with its line."""
    for code in ("142", "XXR"):
        for record in ctx.report.extra_records:
            if record.code == code and record.line is not None:
                return record
    return None


def _first_round_after(ctx: _Context, registered: int) -> tuple[int | None, int | None]:
    """Where the first round beyond the registered ones is: its block on the first player
    line that has one, else its date on the 132 line (a review: the error pointed at the
    132 line when the extra round stood on the players' lines alone)."""
    extra = registered + 1
    for player in ctx.report.players:
        if any(block.round == extra and not block.is_empty for block in player.rounds):
            return player.line, _block_column(extra)
    if len(ctx.report.round_dates) >= extra and "132" in ctx.header_lines:
        return ctx.header_lines["132"], _block_column(extra)
    return None, None


def _rounds_per_day_findings(ctx: _Context) -> Iterable[Finding]:
    """The rule set's limit of rounds a day, from the 132 round dates (standard-2009 3.1,
    R&B 2024 3.1)."""
    days = Counter(d.value for d in ctx.report.round_dates if d.value is not None)
    first_round: dict[dt.date, int] = {}
    for number, date in enumerate(ctx.report.round_dates, start=1):
        if date.value is not None:
            first_round.setdefault(date.value, number)
    line = ctx.header_lines.get("132")
    category = Category(ctx.registration.category)
    for day in sorted(days):
        for violation in ctx.rules.rounds_per_day_violations(
            {day: days[day]}, category=category, time_control=ctx.registration.time_control
        ):
            yield Finding(
                ERROR,
                "rounds-per-day",
                f"Line {line}: {violation.message}",
                line,
                _block_column(first_round[day]),
                violation.clause,
            )


def _player_count_findings(ctx: _Context) -> Iterable[Finding]:
    declared, lines = ctx.report.player_count, len(ctx.report.players)
    if declared is None or declared == lines:
        return
    line = ctx.header_lines.get("062")
    yield Finding(
        WARNING,
        "player-count-differs",
        f"Line {line}: 062 declares {declared} players; the report has {lines} player lines.",
        line,
        HEADER_COLUMN,
        "TRF16 062",
    )


def _team_findings(ctx: _Context) -> Iterable[Finding]:
    """A team event's report lists its teams and their members (013, trf16.md §4), as many
    as 082 declares; each a warning, as the player count's is. Without them an officer
    cannot see who played for which team (a team event registered as such is still rated
    by its registration's system: DESIGN.md interpretations 6 and 10)."""
    teams, declared = len(ctx.report.teams), ctx.report.team_count
    line = ctx.header_lines.get("082")
    if declared and declared != teams:
        yield Finding(
            WARNING,
            "team-count-differs",
            f"Line {line}: 082 declares {declared} teams; the report has {teams} team "
            "records (013).",
            line,
            HEADER_COLUMN,
            "TRF16 082",
        )
    elif ctx.registration.system == TEAM and not teams:
        yield Finding(
            WARNING,
            "team-records-missing",
            "The event is registered as a team event, but the report has no team record "
            "(013): it does not say who played for which team. Ask for the file the pairing "
            "program writes with its teams.",
            None,
            None,
            "TRF16 013",
        )


# -- the registry: FIDE IDs and ratings -------------------------------------------------------


def _normalised_words(text: str) -> tuple[str, ...]:
    """Name words without accents, case or punctuation, in order ('Müller, Hans-Peter'
    -> ('hans', 'muller', 'peter'))."""
    decomposed = unicodedata.normalize("NFKD", text)
    plain = "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()
    return tuple(sorted(re.findall(r"[^\W_]+", plain)))


def names_agree(first: str, second: str) -> bool:
    """Same words, whatever their order, accents, case and punctuation."""
    return _normalised_words(first) == _normalised_words(second)


def _differences(player: TrfPlayer, known: RegistryPlayer) -> list[str]:
    differences = registry_differences(
        player.name, player.federation, player.birth_date.year, known=known
    )
    if player.fide_id != known.fide_id:  # removed as a duplicate (``registry_players``)
        differences.insert(
            0,
            f"FIDE ID {player.fide_id}, removed as a duplicate (the registry keeps FIDE ID "
            f"{known.fide_id} in its place)",
        )
    return differences


def registry_differences(
    name: str, federation: str, birth_year: int | None, *, known: RegistryPlayer
) -> list[str]:
    """How a report line's name, federation and birth year differ from the registry's
    record (names compared as DESIGN-notes 35 reads them), for an upload's findings and
    an officer's match alike."""
    differences = []
    if not names_agree(name, known.name):
        differences.append(f"name '{name}' (registry: '{known.name}')")
    if federation and federation.upper() != known.federation:
        differences.append(f"federation {federation} (registry: {known.federation})")
    if birth_year and known.birth_year and birth_year != known.birth_year:
        differences.append(f"birth year {birth_year} (registry: {known.birth_year})")
    return differences


def _match_players(ctx: _Context) -> tuple[list[MatchOutcome], list[Finding]]:
    """Each player line against the registry by FIDE ID: matched, mismatch (name,
    federation or birth year differ), unknown (not in the registry) or no_id."""
    matches: list[MatchOutcome] = []
    findings: list[Finding] = []
    for player in ctx.players:
        known = ctx.named(player)
        if player.fide_id is None:
            matches.append(MatchOutcome(player.start_rank, NO_ID, None))
        elif known is None:
            matches.append(MatchOutcome(player.start_rank, UNKNOWN, None))
            findings.append(
                Finding(
                    WARNING,
                    "fide-id-unknown",
                    f"Line {player.line}: player {player.label} has FIDE ID {player.fide_id}, "
                    "which is not in the registry; the rating officer must match or register "
                    "the player.",
                    player.line,
                    FIDE_ID_COLUMN,
                    "TRF16 001 cols 58-68",
                )
            )
        elif differences := _differences(player, known):
            note = "; ".join(differences)
            # Shown under "Differs from the registry": whose name is whose (a review read
            # the report's name as the registry's).
            matches.append(
                MatchOutcome(
                    player.start_rank, MISMATCH, known.pk, f"The report's line gives {note}."
                )
            )
            findings.append(
                Finding(
                    WARNING,
                    "registry-mismatch",
                    f"Line {player.line}: FIDE ID {player.fide_id} "
                    + (
                        f"belongs to {known.name}"
                        if known.fide_id == player.fide_id
                        else f"leads to {known.name} (FIDE ID {known.fide_id})"
                    )
                    + f", but the report gives {note}; the rating officer must confirm the "
                    "match.",
                    player.line,
                    FIDE_ID_COLUMN,
                    "TRF16 001 cols 58-68",
                )
            )
        else:
            matches.append(MatchOutcome(player.start_rank, MATCHED, known.pk))
    findings.extend(_no_id_findings(ctx, [m for m in matches if m.status == NO_ID]))
    findings.extend(_fide_id_twice_findings(ctx))
    return matches, findings


def _fide_id_twice_findings(ctx: _Context) -> Iterable[Finding]:
    """One FIDE ID on two player lines: one player would play as two, and his games
    against himself (a review: matched twice, the officer could neither approve nor undo)."""
    first_line: dict[int, TrfPlayer] = {}
    for player in ctx.players:
        if player.fide_id is None:
            continue
        first = first_line.setdefault(player.fide_id, player)
        if first is not player:
            yield Finding(
                ERROR,
                "fide-id-twice",
                f"Line {player.line}: FIDE ID {player.fide_id} is given to player {player.label} "
                f"and, on line {first.line}, to player {first.label}: a player has one line. "
                "Correct the file.",
                player.line,
                FIDE_ID_COLUMN,
                "TRF16 001 cols 58-68",
            )


def _no_id_findings(ctx: _Context, without_id: list[MatchOutcome]) -> Iterable[Finding]:
    """One note for the lines without a FIDE ID (newcomers), and a warning on each of
    them that gives a rating or a FIDE title: a rated or titled player has a FIDE ID, and
    registered as a newcomer he would play unrated (a review: thirteen such lines were
    only "newcomers")."""
    if not without_id:
        return
    for outcome in without_id:
        player = ctx.report.player(outcome.start_rank)
        if player is None or not (player.rating or player.title):
            continue
        rating = f"a rating of {player.rating}" if player.rating else ""
        given = " and ".join(filter(None, (rating, player.title and f"the title {player.title}")))
        yield Finding(
            WARNING,
            "rated-without-fide-id",
            f"Line {player.line}: player {player.label} has {given} but no FIDE ID: a "
            "rated or titled player has one. Find him in the registry and match the line "
            "rather than register him as a newcomer, who would play unrated.",
            player.line,
            FIDE_ID_COLUMN,
            "TRF16 001 cols 58-68",
        )
    first = ctx.report.player(without_id[0].start_rank)
    line = first.line if first else None
    count = len(without_id)
    yield Finding(
        INFO,
        "no-fide-id",
        f"{count} player line{'s have' if count > 1 else ' has'} no FIDE ID (the first on "
        f"line {line}): newcomers the rating officer matches or registers before approval.",
        line,
        FIDE_ID_COLUMN,
        "TRF16 001 cols 58-68",
    )


def _rating_findings(ctx: _Context) -> Iterable[Finding]:
    """The report's rating column against the list in force at the start; the registry
    wins (DESIGN.md interpretation 2; standard-2009 4.13). Where the FIDE ID names a
    player of another name, the rating is said to be his, used if the officer confirms
    the match (a review: Lund's line with Berg's ID was told Berg's rating as the line's
    own)."""
    clause = ctx.clause("4.13", "7.2") if ctx.is_standard else "DESIGN.md interpretation 2"
    for player in ctx.players:
        known = ctx.named(player)
        if known is None or player.rating == known.rating:
            continue
        reported = player.rating or "no rating"
        official = known.rating or "no rating"
        # A review: "The registry's figure is used" hid that the player plays unrated.
        used = (
            "The registry's figure is used."
            if known.rating
            else "He is rated as the registry has him: unrated."
        )
        if known.fide_id != player.fide_id:  # removed as a duplicate
            official = f"{official} for {known.name}, kept in place of the FIDE ID the line gives"
            used = "It is used if the rating officer confirms the match."
        elif not names_agree(player.name, known.name):
            official = f"{official} for {known.name}, whose FIDE ID the line gives"
            used = "It is used if the rating officer confirms the match."
        yield Finding(
            WARNING,
            "rating-differs",
            f"Line {player.line}: player {player.label} has {reported} in the report; "
            f"{known.list_label or 'the registry'} has {official}. {used}",
            player.line,
            RATING_COLUMN,
            clause,
        )


# -- the regulations ---------------------------------------------------------------------------


def _rate_of_play_findings(ctx: _Context) -> Iterable[Finding]:
    """The registered rate of play against the highest rating actually in the event
    (standard-2009 1.1; R&B 2024 1.1); a 122 that says otherwise is a warning."""
    ratings = [r for p in ctx.players if (r := ctx.rating(p)) is not None]
    highest = max(ratings, default=None)
    registered = ctx.registration.time_control
    line = ctx.header_lines.get("122")
    for violation in ctx.rules.rate_of_play_violations(
        registered, category=Category(ctx.registration.category), highest_rating=highest
    ):
        yield Finding(ERROR, "rate-of-play", violation.message, line, None, violation.clause)
    written = read_time_control(ctx.report.time_control) if ctx.report.time_control else None
    if written is not None and written.minutes_for(60) != registered.minutes_for(60):
        yield Finding(
            WARNING,
            "time-control-differs",
            f"Line {line}: 122 says '{ctx.report.time_control.strip()}' ({written}); the "
            f"registration has {registered}. The registration's rate of play is checked.",
            line,
            HEADER_COLUMN,
            ctx.clause("1.1", "1.1"),
        )


#: (code, one, several, test) for each kind of round not played over the board.
_UNPLAYED_KINDS = (
    ("forfeit", "forfeit", "forfeits", lambda b: b.is_forfeit),
    (
        "not-moved",
        "game with less than one move (W, D, L)",
        "games with less than one move (W, D, L)",
        lambda b: b.is_not_moved,
    ),
    ("bye", "bye or absence", "byes or absences", lambda b: b.is_bye and not b.is_empty),
)


def _unplayed_findings(ctx: _Context) -> Iterable[Finding]:
    """Forfeits, byes and games without a move are never rated (standard-2009 5.0,
    R&B 2024 4.1; DESIGN.md interpretation 6): one note per kind, at its first line."""
    clause = ctx.clause("5.0", "4.1")
    for code, one, several, test in _UNPLAYED_KINDS:
        found: list[tuple[TrfPlayer, TrfRound]] = [
            (p, b) for p in ctx.players for b in p.rounds if test(b)
        ]
        if not found:
            continue
        player, block = found[0]
        count = len(found)
        yield Finding(
            INFO,
            f"unplayed-{code}",
            f"{count} {one if count == 1 else several} (the first: line {player.line}, "
            f"round {block.round}, "
            f"player {player.label}): not played, so never rated.",
            player.line,
            _block_column(block.round),
            clause,
        )


def _match_system_findings(ctx: _Context) -> Iterable[Finding]:
    """A match over a set number of games: games after one player has won are not rated
    (standard-2009 6.5, R&B 2024 5.2); a match with an unrated player is not rated
    (standard-2009 6.6, R&B 2024 5.1)."""
    if ctx.registration.system != MATCH:
        return
    for player in ctx.players:
        if ctx.rating(player) is None and player.rounds:
            yield Finding(
                ERROR,
                "match-unrated-player",
                f"Line {player.line}: player {player.label} is unrated; a match with an unrated "
                "player is not rated.",
                player.line,
                RATING_COLUMN,
                ctx.clause("6.6", "5.1"),
            )
    games = ctx.registration.match_games
    if games is None:
        yield Finding(
            WARNING,
            "match-length-unknown",
            "The registration does not give the number of games of the match, so games "
            "played after the match was decided cannot be found.",
            None,
            None,
            ctx.clause("6.5", "5.2"),
        )
        return
    yield from _games_after_the_match_was_won(ctx, games)


def _games_after_the_match_was_won(ctx: _Context, games: int) -> Iterable[Finding]:
    """A player has won a match of ``games`` games once he has more than half the points,
    a game won by forfeit counting as any other (a review: a forfeit point was left out,
    and the game after the win rated). Round by round: the games of the round that gives
    the win are the match's own. Each later game is an error, unless an administrator
    granted the waiver asked at registration (R&B 2024 5.2): then one note says they are
    rated."""
    after = list(_played_after_the_win(ctx, games))
    if not after:
        return
    if ctx.registration.match_waiver:
        winner, first = after[0]
        white = ctx.report.player(first.white)
        yield Finding(
            INFO,
            "match-games-after-win-waived",
            f"{len(after)} game(s) from round {first.round} were played after player "
            f"{winner.label} had won the {games}-game match; they are rated, as the waiver "
            "asked at registration was granted.",
            white.line if white else None,
            _block_column(first.round) if white else None,
            ctx.registration.rules.match_waiver_clause,
        )
        return
    for winner, game in after:
        white = ctx.report.player(game.white)
        if white is None:
            continue
        yield Finding(
            ERROR,
            "match-game-after-win",
            f"Line {white.line}: the game of round {game.round} was played after "
            f"player {winner.label} had won the {games}-game match; it cannot be "
            "rated.",
            white.line,
            _block_column(game.round),
            ctx.clause("6.5", "5.2"),
        )


def _played_after_the_win(ctx: _Context, games: int) -> Iterable[tuple[TrfPlayer, PlayedGame]]:
    """(the winner, a game played after he had won), in round order."""
    played: dict[int, list[PlayedGame]] = defaultdict(list)
    for game in ctx.report.played_games():
        played[game.round].append(game)
    halves: Counter[int] = Counter()
    winner: TrfPlayer | None = None
    for number in sorted({b.round for p in ctx.players for b in p.rounds} | set(played)):
        if winner is not None:
            yield from ((winner, game) for game in played[number])
            continue
        for player in ctx.players:
            block = player.round(number)
            if block is not None and block.opponent is not None:  # a game, played or not
                halves[player.start_rank] += block.halves
        leader = next((rank for rank, h in halves.items() if h > games), None)
        if leader is not None:
            winner = ctx.report.player(leader)


#: How often two players meet in each system the pairings can be checked for: once in a
#: Swiss (FIDE Handbook C.04.1 a) and a round robin, twice in a double round robin.
MEETINGS = {SWISS: 1, ROUND_ROBIN: 1, DOUBLE_ROUND_ROBIN: 2}
_TIMES = {1: "once", 2: "twice"}


def _pairing_findings(ctx: _Context) -> Iterable[Finding]:
    """Two players who play each other more often than the registered system pairs them
    (``MEETINGS``): a file edited by hand, or a round entered twice (a review: a round
    robin of eight where 1 and 8 met twice, and 1-2 never, passed without a word). A
    warning at the game too many, on the line of the lower starting rank: the games are
    as the file says; the rating officer asks the arbiter."""
    most = MEETINGS.get(ctx.registration.system)
    if most is None:
        return
    met: dict[tuple[int, int], list[int]] = {}
    for game in ctx.report.played_games():
        pair = (min(game.white, game.black), max(game.white, game.black))
        rounds = met.setdefault(pair, [])
        rounds.append(game.round)
        if len(rounds) <= most:
            continue
        first, second = ctx.report.player(pair[0]), ctx.report.player(pair[1])
        if first is None or second is None:
            continue
        earlier = ", ".join(str(number) for number in rounds[:-1])
        yield Finding(
            WARNING,
            "players-meet-again",
            f"Line {first.line}: players {first.label} and {second.label} play each other "
            f"again in round {game.round} (already in round{'s' if most > 1 else ''} "
            f"{earlier}); the registered system pairs two players {_TIMES[most]}.",
            first.line,
            _block_column(game.round),
            "FIDE Handbook C.04.1 a" if ctx.registration.system == SWISS else "",
        )


def _unpaired_findings(ctx: _Context) -> Iterable[Finding]:
    """A round robin's two players who are paired less often than the system pairs them
    (``MEETINGS``), though each has as many pairings as the system gives him (every other
    player once, or twice): an opponent's rank written wrong (a review: 1 met 8 twice and
    2 never). A player with fewer (a withdrawal, a round left unpaired) is left out: games
    unplayed make the event rated as a Swiss (standard-2009 6.4). A warning a player, on
    his line, naming those of higher rank he misses."""
    system = ctx.registration.system
    if system not in (ROUND_ROBIN, DOUBLE_ROUND_ROBIN):
        return
    most, players = MEETINGS[system], ctx.report.players
    paired = [
        player
        for player in players
        if sum(1 for block in player.rounds if block.opponent is not None)
        >= most * (len(players) - 1)
    ]
    meetings = Counter(
        (player.start_rank, block.opponent)
        for player in paired
        for block in player.rounds
        if block.opponent is not None
    )
    how = "never paired with" if most == 1 else "paired fewer than twice with"
    for player in paired:
        missed = [
            other.label
            for other in paired
            if other.start_rank > player.start_rank
            and meetings[(player.start_rank, other.start_rank)] < most
        ]
        if missed:
            yield Finding(
                WARNING,
                "players-never-meet",
                f"Line {player.line}: player {player.label} is {how} {', '.join(missed)}; "
                f"the registered system pairs every two players {_TIMES[most]}.",
                player.line,
                None,
                "",
            )


def _composition_findings(ctx: _Context) -> Iterable[Finding]:
    """Round robins under the standard regulations: at least a third rated (6.3), under
    10 players at least 4 rated (6.31), a double round robin with unrated players at least
    6 players of whom 4 rated (6.32); a national championship instead at least 3 rated
    players, 2 in an event for women alone (6.33)."""
    system = ctx.registration.system
    if system not in (ROUND_ROBIN, DOUBLE_ROUND_ROBIN) or not ctx.is_standard:
        return
    players = [p for p in ctx.players if p.rounds]
    rated = sum(1 for p in players if ctx.rating(p) is not None)
    if ctx.registration.national_championship:
        womens = bool(players) and all(ctx.is_woman(p) for p in players)
        problems = _championship_composition_problems(womens, rated)
    else:
        double = system == DOUBLE_ROUND_ROBIN
        problems = round_robin_composition_problems(len(players), rated, double=double)
    for number, problem in problems:
        yield Finding(
            ERROR,
            "round-robin-composition",
            f"Round robin: {problem}.",
            None,
            None,
            ctx.clause(number, number),
        )


#: standard-2009 6.33: the rated players a national championship played as a round robin
#: needs, "at least 3 men (or 2 women in events exclusively for women)". "Men" is read as
#: the players of an event not for women alone (DESIGN-notes 123).
CHAMPIONSHIP_RATED = 3
WOMENS_CHAMPIONSHIP_RATED = 2


def _championship_composition_problems(womens: bool, rated: int) -> list[tuple[str, str]]:
    """standard-2009 6.33, in place of 6.3-6.32 for a national championship: at least 3
    rated players, 2 in an event for women alone (``womens``: every player a woman)."""
    needed = WOMENS_CHAMPIONSHIP_RATED if womens else CHAMPIONSHIP_RATED
    if rated >= needed:
        return []
    event = "a national championship for women" if womens else "a national championship"
    problem = f"{event} needs at least {needed} rated players; it has {rated}"
    if not womens and rated >= WOMENS_CHAMPIONSHIP_RATED:
        # A report without the sex column (001 column 10) of newcomers the registry does
        # not know reads as an event not for women alone.
        problem += (
            f" ({WOMENS_CHAMPIONSHIP_RATED} in an event for women alone, where the report's "
            "sex column, 001 column 10, or the registry gives every player as a woman)"
        )
    return [("6.33", problem)]


# -- a hybrid event's games (R&B 2024 8.4) -------------------------------------------------------


def games_file_findings(
    report: TrfReport | None,
    *,
    registration: Registration,
    rounds: Mapping[int | None, int] | None,
) -> tuple[Finding, ...]:
    """The games file (PGN) against the report, by ``rounds``: its games with moves by the
    round its Round tags give (None: a tag that names none), or None where there is no
    file. A hybrid event's report comes with full PGN files under the rule set's
    ``hybrid_games_clause`` (R&B 2024 8.4): without one, or with fewer games with moves
    than the report's games played over the board, it is an ERROR; elsewhere a games file
    given is only compared, in warnings. The findings name the games file's lines in
    their words (their ``line`` is the report's)."""
    clause = registration.rules.hybrid_games_clause if registration.hybrid else ""
    if report is None:
        return ()
    if rounds is None:
        if not clause:
            return ()
        return (
            Finding(
                ERROR,
                "games-file-missing",
                "A hybrid event's report must come with the full PGN file of its games "
                f"({clause}): upload it beside the report.",
                rule=clause,
            ),
        )
    played = Counter(game.round for game in report.played_games())
    return sort_findings(
        [*_games_missing_findings(played, rounds, clause), *_games_extra_findings(played, rounds)]
    )


def _games_missing_findings(
    played: Counter[int], in_file: Mapping[int | None, int], clause: str
) -> list[Finding]:
    """The rounds whose games played over the board outnumber the file's games with moves
    (by the file's Round tags; in all, where a game has none)."""
    severity = ERROR if clause else WARNING
    full = f" ({clause}: full PGN files)" if clause else ""
    if None in in_file:
        short = sum(played.values()) - sum(in_file.values())
        if short <= 0:
            return []
        return [
            Finding(
                severity,
                "games-file-short",
                f"The report has {sum(played.values())} games played over the board, the "
                f"games file {sum(in_file.values())} with moves{full}.",
                rule=clause,
            )
        ]
    return [
        Finding(
            severity,
            "games-file-short",
            f"Round {round_}: the report has {count} game{pluralize(count)} played over the "
            f"board, the games file {in_file.get(round_, 0)} with moves{full}.",
            rule=clause,
        )
        for round_, count in sorted(played.items())
        if in_file.get(round_, 0) < count
    ]


def _games_extra_findings(played: Counter[int], in_file: Mapping[int | None, int]) -> list[Finding]:
    """More games with moves in the file than were played: another event's file?"""
    games, in_report = sum(in_file.values()), sum(played.values())
    if games <= in_report:
        return []
    return [
        Finding(
            WARNING,
            "games-file-extra",
            f"The games file has {games} games with moves, the report {in_report} played over "
            "the board: is it this event's file?",
        )
    ]


def games_file_doubts(games: GamesFile) -> list[Finding]:
    """Warnings about the games as the file writes them, told when it is uploaded: games
    whose tags run into the next game's, games without moves, and moves that cannot be
    played."""
    findings = []
    run_together = [game for game in games.games if game.repeated_tag_line is not None]
    if run_together:
        first = run_together[0]
        more = len(run_together) - 1
        findings.append(
            Finding(
                WARNING,
                "games-tags-run-together",
                f"The games file's {first.label} repeats a tag at line "
                f"{first.repeated_tag_line}: {TAGS_RUN_TOGETHER}, and they are read as one "
                f"game{f'; {more} more time{pluralize(more)} in the file' if more else ''}.",
            )
        )
    without_moves = [game for game in games.games if not game.plies]
    if without_moves:
        count = len(without_moves)
        findings.append(
            Finding(
                WARNING,
                "games-without-moves",
                f"{count} game{pluralize(count)} of the games file "
                f"{pluralize(count, 'has,have')} no moves, the first "
                f"{without_moves[0].label}: not counted among its games.",
            )
        )
    illegal = [game for game in games.games if game.error]
    if illegal:
        first = illegal[0]
        others = (
            f"; {len(illegal) - 1} more game{pluralize(len(illegal) - 1)} too"
            if len(illegal) > 1
            else ""
        )
        findings.append(
            Finding(
                WARNING,
                "games-file-illegal-move",
                f"The games file's {first.label} stops at line {first.error_line}, at a move "
                f"that cannot be played ({first.error}){others}.",
            )
        )
    return findings
