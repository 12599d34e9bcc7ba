"""A small demonstration data set, loaded by `manage.py load_demo`.

It spans the registry, tournaments and user accounts, so it lives at the top of the
dependency order. Loading is idempotent: every row is keyed on its natural key.
"""

import datetime
import hashlib
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.db import transaction
from django.utils import timezone
from django.utils.text import slugify

from players.access import ADMINISTRATORS_GROUP
from players.models import (
    Arbiter,
    Federation,
    Player,
    RatingOfficer,
    RatingState,
    RatingStatus,
)
from tournaments.models import Game, PlayerMatch, Tournament
from tournaments.selectors import rules_for

FEDERATIONS = (
    ("ENG", "England"),
    ("FRA", "France"),
    ("GER", "Germany"),
    ("IND", "India"),
    ("NOR", "Norway"),
    ("USA", "United States of America"),
)

# fide_id, name, federation, sex, birth year, title. Invented people, invented IDs.
PLAYERS = (
    (90000011, "Aldridge, Thomas", "ENG", "M", 1988, "GM"),
    (90000029, "Baxter, Eleanor", "ENG", "F", 1995, "WIM"),
    (90000037, "Cartwright, Oliver", "ENG", "M", 2008, ""),
    (90000045, "Dubois, Camille", "FRA", "F", 1999, "WGM"),
    (90000053, "Lefevre, Antoine", "FRA", "M", 1979, "IM"),
    (90000061, "Moreau, Lucas", "FRA", "M", 2011, ""),
    (90000070, "Becker, Jonas", "GER", "M", 1991, "GM"),
    (90000088, "Hoffmann, Lena", "GER", "F", 2003, "WFM"),
    (90000096, "Schulz, Matthias", "GER", "M", 1965, "FM"),
    (90000100, "Wagner, Sophie", "GER", "F", 2012, ""),
    (90000118, "Iyer, Arjun", "IND", "M", 2006, "GM"),
    (90000126, "Nair, Priya", "IND", "F", 2001, "IM"),
    (90000134, "Reddy, Karthik", "IND", "M", 1997, "IM"),
    (90000142, "Sharma, Ananya", "IND", "F", 2010, "WCM"),
    (90000150, "Berg, Ingrid", "NOR", "F", 1985, "WIM"),
    (90000169, "Haugen, Erik", "NOR", "M", 2004, "FM"),
    (90000177, "Lund, Magnus", "NOR", "M", 1972, "CM"),
    (90000185, "Carter, James", "USA", "M", 1990, "GM"),
    (90000193, "Nguyen, Emily", "USA", "F", 2007, "WFM"),
    (90000207, "Rodriguez, Daniel", "USA", "M", None, ""),
)


def demo_tournaments(today: datetime.date) -> tuple[dict[str, object], ...]:
    """The two registered demo tournaments, ended a few days before ``today`` (the day the
    demo is first loaded): an arbiter uploads their reports, and an officer approves them
    for the next list (interpretation 8). Fixed dates ran out: a year on, no report of
    theirs could be rated any more (a review)."""
    return (
        {
            "name": "Demo Spring Open",
            "city": "Oslo",
            "federation": "NOR",
            "start_date": today - datetime.timedelta(days=12),
            "end_date": today - datetime.timedelta(days=4),
            "category": Tournament.Category.STANDARD,
            "system": Tournament.System.SWISS,
            "base_minutes": 90,
            "increment_seconds": 30,
            "number_of_rounds": 9,
        },
        {
            "name": "Demo Rapid Round Robin",
            "city": "Chennai",
            "federation": "IND",
            "start_date": today - datetime.timedelta(days=3),
            "end_date": today - datetime.timedelta(days=2),
            "category": Tournament.Category.RAPID,
            "system": Tournament.System.ROUND_ROBIN,
            "base_minutes": 15,
            "increment_seconds": 10,
            "number_of_rounds": 7,
        },
    )


@dataclass(frozen=True)
class DemoUser:
    username: str
    password: str
    role: str
    is_superuser: bool = False


# Published passwords: demonstration only. load_demo refuses to run with DEBUG off.
DEMO_USERS = (
    DemoUser("admin", "admin-demo-password", "administrator (superuser)", is_superuser=True),
    DemoUser("officer", "officer-demo-password", "rating officer of NOR and IND"),
    DemoUser("arbiter", "arbiter-demo-password", "arbiter (chief arbiter of the demo events)"),
)


@dataclass(frozen=True)
class DemoSummary:
    federations: int
    players: int
    tournaments: int
    users: tuple[DemoUser, ...]


@transaction.atomic
def demo_data_load() -> DemoSummary:
    """Create or update the demonstration rows; running it again changes no counts."""
    federations = {}
    for code, name in FEDERATIONS:
        federations[code], _ = Federation.objects.update_or_create(
            code=code, defaults={"name": name}
        )
    for fide_id, name, federation, sex, birth_year, title in PLAYERS:
        Player.objects.update_or_create(
            fide_id=fide_id,
            defaults={
                "name": name,
                "federation": federations[federation],
                "sex": sex,
                "birth_year": birth_year,
                "title": title,
            },
        )
    user_model = get_user_model()
    users = {}
    for demo_user in DEMO_USERS:
        user, _ = user_model.objects.get_or_create(username=demo_user.username)
        user.is_superuser = demo_user.is_superuser
        user.is_staff = demo_user.is_superuser
        user.is_active = True
        user.set_password(demo_user.password)
        user.save()
        users[demo_user.username] = user
    administrators, _ = Group.objects.get_or_create(name=ADMINISTRATORS_GROUP)
    users["admin"].groups.add(administrators)
    for code in ("NOR", "IND"):
        RatingOfficer.objects.get_or_create(user=users["officer"], federation=federations[code])
    arbiter, _ = Arbiter.objects.update_or_create(
        user=users["arbiter"], defaults={"name": "Demo, Arbiter", "federation": federations["NOR"]}
    )
    tournaments = demo_tournaments(timezone.localdate())
    for tournament in tournaments:
        # As a registration records it (a review: the demo's tournaments said "Rule set —").
        rule_set = rules_for(tournament["category"], tournament["start_date"]).id
        defaults = {
            **tournament,
            "federation": federations[tournament["federation"]],
            "chief_arbiter": arbiter,
            "status": Tournament.Status.APPROVED,
            "rule_set": rule_set,
        }
        # Kept as first loaded: a report may have been uploaded for those dates since.
        if not Tournament.objects.filter(name=tournament["name"]).exists():
            Tournament.objects.create(**defaults)
        Tournament.objects.filter(name=tournament["name"], rule_set="").update(rule_set=rule_set)
    return DemoSummary(
        federations=len(FEDERATIONS),
        players=len(PLAYERS),
        tournaments=len(tournaments),
        users=DEMO_USERS,
    )


DEMO_LIST_BEFORE = datetime.date(2025, 3, 1)
DEMO_LIST = datetime.date(2025, 4, 1)
DEMO_PERIOD_TOURNAMENT = {
    "name": "Demo Rapid Weekend",
    "city": "Bergen",
    "federation": "NOR",
    "start_date": datetime.date(2025, 3, 8),
    "end_date": datetime.date(2025, 3, 9),
    "category": Tournament.Category.RAPID,
    "system": Tournament.System.ROUND_ROBIN,
    "base_minutes": 15,
    "increment_seconds": 10,
    "number_of_rounds": 7,
    "rule_set": "rapid-blitz-2024",  # R&B 2024 0.1: in force from 2024-01-01
}


def demo_rating(fide_id: int) -> int:
    """An invented rapid rating for a demo player, the same on every run."""
    return 1500 + fide_id * 7919 % 900


def demo_period_load() -> str:
    """A rated rapid list of March 2025 for every demo player, an eight-player round robin
    approved for the April list, that list computed and published through the services,
    and the periods ahead created: the pages of lists, periods and players have something to
    show. Idempotent: nothing is done again once April's list is published."""
    from django.core.files.base import ContentFile
    from django.utils import timezone

    from lists.models import RatingPeriod
    from lists.services import (
        period_close,
        period_compute,
        period_compute_request,
        period_get_or_create,
        period_publish,
        periods_ensure,
    )
    from players.access import Actor
    from players.models import RatingHistory
    from players.selectors import list_every_months
    from regulations.lists import is_list_date
    from tournaments.models import TournamentReport

    periods_ensure(today=timezone.localdate())
    if not is_list_date(DEMO_LIST, list_every_months()):
        # A review: a traceback ("2025-04-01 is not a list date") under two-monthly lists.
        return (
            f"No demo list: the demo's lists are monthly (March and April 2025), and this "
            f"site publishes every {list_every_months()} months (LIST_EVERY_MONTHS)."
        )
    period = period_get_or_create(category="rapid", list_date=DEMO_LIST)
    if period.status == RatingPeriod.Status.PUBLISHED:
        return f"The {period} is already published."
    players = list(Player.objects.filter(fide_id__in=[p[0] for p in PLAYERS]).order_by("fide_id"))
    for player in players:
        rating = demo_rating(player.fide_id)
        RatingState.objects.update_or_create(
            player=player,
            category="rapid",
            defaults={
                "rating": rating,
                "games": 45,
                "status": "rated",
                "list_date": DEMO_LIST_BEFORE,
                # Rated games counted on March's list, as an import of it records them: so
                # that twelve months without one make the player inactive (interpretation
                # 9; a review found the demo's players active for ever).
                "last_played": DEMO_LIST_BEFORE,
            },
        )
        RatingHistory.objects.update_or_create(
            player=player, category="rapid", list_date=DEMO_LIST_BEFORE,
            defaults={"rating": rating, "games": 6},
        )  # fmt: skip
    tournament, _ = Tournament.objects.update_or_create(
        name=DEMO_PERIOD_TOURNAMENT["name"],
        start_date=DEMO_PERIOD_TOURNAMENT["start_date"],
        defaults={
            **DEMO_PERIOD_TOURNAMENT,
            "federation": Federation.objects.get(code="NOR"),
            "status": Tournament.Status.READY,
            "list_date": DEMO_LIST,
            # Its chief arbiter is the demo's, as load_demo says of every demo event.
            "chief_arbiter": Arbiter.objects.filter(user__username="arbiter").first(),
        },
    )
    if not tournament.reports.exists():
        entrants = players[:8]
        ratings = {player.pk: demo_rating(player.fide_id) for player in entrants}
        games = _round_robin(entrants, ratings)
        # The report as its arbiter would have sent it: the file its games come from.
        data = _demo_report_file(DEMO_PERIOD_TOURNAMENT, entrants, games, ratings).encode()
        report = TournamentReport.objects.create(
            tournament=tournament, version=1, original_name="demo-rapid-weekend.trf",
            size=len(data), sha256=hashlib.sha256(data).hexdigest(),
            status=TournamentReport.Status.APPROVED,
            file=ContentFile(data, name="demo-rapid-weekend.trf"),
        )  # fmt: skip
        for game in games:
            game.report = report
        Game.objects.bulk_create(games)
        PlayerMatch.objects.bulk_create(
            PlayerMatch(
                report=report, start_rank=number, trf_name=player.name,
                trf_fide_id=player.fide_id, trf_rating=demo_rating(player.fide_id),
                trf_federation=player.federation.code, trf_birth_year=player.birth_year,
                player=player, status=PlayerMatch.Status.MATCHED,
            )
            for number, player in enumerate(entrants, start=1)
        )  # fmt: skip
    administrator = Actor(is_administrator=True)
    period_close(period=period, actor_label="load_demo")
    period.refresh_from_db()
    if period.status != RatingPeriod.Status.COMPUTED:
        period = period_compute_request(period=period, actor=administrator, actor_label="load_demo")
        if period.status == RatingPeriod.Status.COMPUTING:
            # Inside a transaction the queued task waits for the commit: compute here (the
            # task, when it comes, finds the work done and stops).
            period = period_compute(period_id=period.pk, token=period.claim_token)
    publication = period_publish(period=period, actor=administrator, actor_label="load_demo")
    return f"The {period} is published: {publication.entries} players."


def _demo_report_file(
    tournament: dict[str, object],
    entrants: list[Player],
    games: list[Game],
    ratings: dict[int, int],
    round_dates: tuple[datetime.date, ...] = (),
) -> str:
    """The TRF16 file of a demo round robin (``tournament``: its registration's fields):
    its players with ``ratings`` (by player id; 0 unrated) and each one's round blocks,
    written by the application's own writer."""
    from tournaments.trf import TrfDate, TrfPlayer, TrfReport, TrfRound, write

    rank = {player.pk: number for number, player in enumerate(entrants, start=1)}
    blocks: dict[int, dict[int, TrfRound]] = {number: {} for number in rank.values()}
    points = dict.fromkeys(rank.values(), 0)
    for game in games:
        white, black = rank[game.white.pk], rank[game.black.pk]
        codes = {2: ("1", "0"), 1: ("=", "="), 0: ("0", "1")}[game.white_score]
        blocks[white][game.round] = TrfRound(game.round, black, "w", codes[0])
        blocks[black][game.round] = TrfRound(game.round, white, "b", codes[1])
        points[white] += game.white_score
        points[black] += 2 - game.white_score

    def day(value: object) -> TrfDate:
        assert isinstance(value, datetime.date)
        return TrfDate(f"{value:%Y/%m/%d}", value, value.year)

    system = tournament.get("system", Tournament.System.ROUND_ROBIN)
    return write(
        TrfReport(
            name=str(tournament["name"]),
            city=str(tournament["city"]),
            federation=str(tournament["federation"]),
            start_date=day(tournament["start_date"]),
            end_date=day(tournament["end_date"]),
            tournament_type=Tournament.System(system).label,
            chief_arbiter="Demo, Arbiter",
            time_control=(
                f"{tournament['base_minutes']} min + {tournament['increment_seconds']} sec"
            ),
            round_dates=tuple(day(date) for date in round_dates),
            players=tuple(
                TrfPlayer(
                    start_rank=number,
                    name=player.name,
                    sex="w" if player.sex == "F" else "m",
                    rating=ratings.get(player.pk, 0),
                    federation=player.federation.code,
                    fide_id=player.fide_id,
                    birth_date=TrfDate(str(player.birth_year or ""), year=player.birth_year),
                    points=Decimal(points[number]) / 2,
                    rounds=tuple(blocks[number][r] for r in sorted(blocks[number])),
                )
                for player, number in zip(entrants, rank.values(), strict=True)
            ),
        )
    )


def _round_robin(entrants: list[Player], rating: dict[int, int]) -> list[Game]:
    """Every pairing of ``entrants`` (an even number) once, in the rounds of the circle
    method: the stronger one wins, every third game drawn, a plausible crosstable."""
    games = []
    for i, first in enumerate(entrants):
        for j, second in enumerate(entrants[i + 1 :], start=i + 1):
            # Colours taken in turn, as a pairing program would give them.
            white, black = (first, second) if (i + j) % 2 else (second, first)
            score = 1 if (i + j) % 3 == 0 else 2
            if rating.get(white.pk, 0) < rating.get(black.pk, 0):
                score = 2 - score
            games.append(
                Game(round=_round_of(i, j, len(entrants)), white=white, black=black,
                     white_score=score)
            )  # fmt: skip
    return games


def _round_of(first: int, second: int, players: int) -> int:
    """The round in which entrants ``first`` < ``second`` of ``players`` (an even number)
    meet (the circle method: 0 to players - 2 around the circle, the last one fixed, who
    meets the one the round leaves out): each plays once a round."""
    circle = players - 1
    if second == circle:
        return (2 * first) % circle + 1
    return (first + second) % circle + 1


#: Where load_demo writes the reports of the demo's registered tournaments, under
#: MEDIA_ROOT: the files an arbiter trying the demo uploads.
DEMO_REPORTS_DIRECTORY = "demo-reports"


def demo_reports_write() -> list[Path]:
    """The TRF report of each registered demo tournament still waiting for one, as its
    arbiter's pairing program would write it, in ``DEMO_REPORTS_DIRECTORY``: a round robin
    of one player more than its rounds, its rounds spread over its days, each player's
    rating that of his state in its category (0 unrated). The site stores nothing: the
    arbiter uploads them (a review: the demo's two tournaments waited for reports that
    nobody trying it had)."""
    directory = Path(settings.MEDIA_ROOT) / DEMO_REPORTS_DIRECTORY
    written = []
    players = list(Player.objects.select_related("federation").order_by("fide_id"))
    for fields in demo_tournaments(timezone.localdate()):
        tournament = Tournament.objects.filter(
            name=fields["name"], status=Tournament.Status.APPROVED
        ).first()
        if tournament is None:
            continue
        rounds = tournament.number_of_rounds
        # An even number of players, one a round more than its rounds where they are odd
        # (a whole round robin); its first rounds otherwise.
        entrants = players[-(rounds + 1) :] if rounds % 2 else players[: rounds + 2]
        ratings = dict(
            RatingState.objects.filter(
                player__in=entrants, category=tournament.category, status=RatingStatus.RATED
            ).values_list("player_id", "rating")
        )
        days = (tournament.end_date - tournament.start_date).days + 1
        round_dates = tuple(
            tournament.start_date + datetime.timedelta(days=(number * days) // rounds)
            for number in range(rounds)
        )
        registered = {
            **fields,
            "start_date": tournament.start_date,
            "end_date": tournament.end_date,
            "federation": tournament.federation.code,
        }
        games = [game for game in _round_robin(entrants, ratings) if game.round <= rounds]
        text = _demo_report_file(registered, entrants, games, ratings, round_dates)
        directory.mkdir(parents=True, exist_ok=True)
        path = directory / f"{slugify(tournament.name)}.trf"
        path.write_text(text, encoding="utf-8")
        written.append(path)
    return written


DEMO_ARENA_DAY = datetime.datetime(2025, 4, 2, 18, 0, tzinfo=datetime.UTC)


def demo_arena_load() -> str:
    """A games file of the online arena: each demo player plays his neighbours in the
    registry at blitz (3+2) and bullet (1+1), rated through the service as an
    administrator's upload is. Idempotent: loaded once."""
    from arena.models import ArenaGamesFile
    from arena.services import arena_games_load
    from players.access import Actor

    if ArenaGamesFile.objects.exists():
        return "The online arena's demo games were loaded before."
    games = []
    pairs = zip(PLAYERS, PLAYERS[1:] + PLAYERS[:1], strict=True)
    for number, (white, black) in enumerate(pairs):
        played = DEMO_ARENA_DAY + datetime.timedelta(minutes=10 * number)
        result = ("1-0", "1/2-1/2", "0-1")[(white[0] + black[0]) % 3]
        for control, later in (("180+2", 0), ("60+1", 5)):
            moment = played + datetime.timedelta(minutes=later)
            games.append(
                f'[Event "FOA demo"]\n[UTCDate "{moment:%Y.%m.%d}"]\n'
                f'[UTCTime "{moment:%H:%M:%S}"]\n[White "{white[1]}"]\n[Black "{black[1]}"]\n'
                f'[WhiteFideId "{white[0]}"]\n[BlackFideId "{black[0]}"]\n'
                f'[Result "{result}"]\n[TimeControl "{control}"]\n\n1. e4 e5 {result}\n\n'
            )
    load = arena_games_load(
        data="".join(games).encode(),
        name="foa-demo-2025-04-02.pgn",
        actor=Actor(is_administrator=True),
        actor_label="manage.py load_demo",
    )
    return f"The online arena: {load.games} games rated ({load.first_ratings} first ratings)."
