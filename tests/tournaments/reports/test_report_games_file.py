"""A hybrid event's games in PGN (R&B 2024 8.4: "For Hybrid events, full pgn files must be
submitted with the tournament report"): checked against the report, kept as received with
each version, downloaded, and loaded by the batch command."""

from __future__ import annotations

import datetime as dt
from fractions import Fraction
from html import unescape
from io import StringIO

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.core.management.base import CommandError
from trf_builder import four_players, trf

from regulations import get_rule_set
from regulations.types import TimeControl
from tests.conftest import persona_client
from tournaments.models import TournamentReport
from tournaments.pgn import read_games
from tournaments.reports.validation import (
    Registration,
    games_file_doubts,
    games_file_findings,
)
from tournaments.trf import parse

#: FOUR_PLAYERS' games by round (white, black, result), as their lines pair them.
ROUNDS = {
    1: [("Alpha, Anna", "Beta, Bert", "1-0"), ("Gamma, Gil", "Delta, Dora", "1-0")],
    2: [("Beta, Bert", "Delta, Dora", "1-0"), ("Gamma, Gil", "Alpha, Anna", "1/2-1/2")],
    3: [("Alpha, Anna", "Delta, Dora", "1-0"), ("Gamma, Gil", "Beta, Bert", "1-0")],
}
REPORT = trf(four_players(), time_control="15+10")


def pgn(rounds=ROUNDS, *, round_tag=True, moves="1. e4 e5 2. Nf3 Nc6") -> bytes:
    """The games in PGN, one per pairing of ``rounds``."""
    games = []
    for number, pairings in rounds.items():
        for board, (white, black, result) in enumerate(pairings, 1):
            tags = {"Event": "Test Open", "Site": "Testville", "Round": f"{number}.{board}"}
            if not round_tag:
                tags["Round"] = "?"
            tags.update(White=white, Black=black, Result=result)
            header = "\n".join(f'[{tag} "{value}"]' for tag, value in tags.items())
            games.append(f"{header}\n\n{moves} {result}\n")
    return "\n".join(games).encode()


def findings(games: bytes | None, *, hybrid=True, rules="rapid-blitz-2024"):
    registration = Registration(
        start_date=dt.date(2025, 3, 1),
        end_date=dt.date(2025, 3, 9),
        category="rapid",
        system="swiss",
        number_of_rounds=3,
        rules=get_rule_set(rules),
        time_control=TimeControl(base_minutes=Fraction(15), increment_seconds=10),
        hybrid=hybrid,
    )
    read = read_games(games) if games is not None else None
    found = [
        *games_file_findings(
            parse(REPORT).report, registration=registration, rounds=read.rounds if read else None
        ),
        *(games_file_doubts(read) if read else ()),
    ]
    return [(f.severity, f.code, f.rule, f.message) for f in found]


# -- the checks ----------------------------------------------------------------------------------


def test_a_hybrid_events_report_without_its_games_is_an_error_under_rb_2024_8_4():
    [(severity, code, rule, message)] = findings(None)
    assert (severity, code, rule) == ("error", "games-file-missing", "R&B 2024 8.4")
    assert "full PGN file" in message


def test_no_games_file_is_asked_where_no_rule_asks_for_it():
    assert findings(None, hybrid=False) == []
    # Hybrid play is R&B 2024's alone (2.1); the pre-2024 rapid text says nothing of it.
    assert findings(None, rules="rapid-blitz-pre2024") == []


def test_every_game_played_over_the_board_in_the_file_is_all_8_4_asks():
    assert findings(pgn()) == []


def test_a_round_short_of_its_games_is_named_as_an_error():
    short = {**ROUNDS, 3: ROUNDS[3][:1]}
    [(severity, code, rule, message)] = findings(pgn(short))
    assert (severity, code, rule) == ("error", "games-file-short", "R&B 2024 8.4")
    assert message.startswith(
        "Round 3: the report has 2 games played over the board, the games file 1 with moves"
    )


def test_without_round_tags_the_games_are_counted_in_all():
    short = {**ROUNDS, 2: ROUNDS[2][:1]}
    [(_, code, _, message)] = findings(pgn(short, round_tag=False))
    assert code == "games-file-short"
    assert message.startswith("The report has 6 games played over the board, the games file 5")


def test_games_without_moves_are_not_full_games():
    games = pgn({1: ROUNDS[1], 2: ROUNDS[2]}) + b"\n" + pgn({3: ROUNDS[3]}, moves="")
    found = findings(games)
    assert [(s, c) for s, c, _, _ in found] == [
        ("error", "games-file-short"),
        ("warning", "games-without-moves"),
    ]
    assert found[0][3].startswith("Round 3: the report has 2 games played over the board, the ")
    assert found[1][3] == (
        "2 games of the games file have no moves, the first game 5 (line 37): not counted "
        "among its games."
    )


def test_a_games_tags_run_into_the_next_games_are_named_with_the_line():
    # Game 3 lost its movetext, result and all: its tags run into game 4's, and the two
    # are read as one game. The file is then one game short of round 2, and the warning
    # says why, at the repeated tag's line.
    lines = pgn().decode().split("\n")
    cut = [i for i, line in enumerate(lines) if line.startswith("[Event")][2]
    del lines[cut + 7 : cut + 9]  # its moves and the blank line after them
    found = findings("\n".join(lines).encode())
    assert [(s, c) for s, c, _, _ in found] == [
        ("error", "games-file-short"),
        ("warning", "games-tags-run-together"),
    ]
    assert found[1][3] == (
        "The games file's game 3 (line 19) repeats a tag at line 26: the tags of two games "
        "run together (each game needs its moves and result, such as 1-0, after its tags), "
        "and they are read as one game."
    )


def test_a_file_given_where_none_is_asked_is_compared_in_warnings_only():
    short = {**ROUNDS, 3: ROUNDS[3][:1]}
    assert [(s, c, r) for s, c, r, _ in findings(pgn(short), hybrid=False)] == [
        ("warning", "games-file-short", "")
    ]


def test_more_games_than_were_played_and_illegal_moves_are_warnings():
    extra = {**ROUNDS, 4: ROUNDS[1]}
    assert [(s, c) for s, c, _, _ in findings(pgn(extra))] == [("warning", "games-file-extra")]
    [(severity, code, _, message)] = findings(pgn(moves="1. e4 e5 2. Ke3"))
    assert (severity, code) == ("warning", "games-file-illegal-move")
    assert "game 1 (line 1) stops at line 8" in message and "5 more games too" in message


# -- upload, page, download ------------------------------------------------------------------------


@pytest.fixture
def hybrid(tournament):
    """The reports' tournament as a hybrid rapid event under R&B 2024."""
    tournament.category = "rapid"
    tournament.rule_set = "rapid-blitz-2024"
    tournament.base_minutes, tournament.increment_seconds = 15, 10
    tournament.hybrid = True
    tournament.save()
    return tournament


def upload(world, tournament, games: bytes | None, persona="arbiter"):
    files = {"file": SimpleUploadedFile("open.trf", REPORT)}
    if games is not None:
        files["games"] = SimpleUploadedFile("open games.pgn", games)
    client = persona_client(world, persona)
    return client.post(f"/tournaments/{tournament.pk}/reports/upload/", files)


def errors_of(report: TournamentReport) -> list[str]:
    return list(report.findings.filter(severity="error").values_list("code", flat=True))


def test_the_games_go_with_the_report_and_come_back_as_received(world, registry, hybrid):
    games = pgn() + b"\n% a comment line the reader skips\n"
    response = upload(world, hybrid, games)
    assert response.status_code == 302
    report = hybrid.reports.get()
    assert errors_of(report) == []
    assert report.games_original_name == "open_games.pgn" and report.games_count == 6
    client = persona_client(world, "officer_a")
    page = client.get(f"/tournaments/{hybrid.pk}/reports/1/").content.decode()
    assert "open_games.pgn" in page and "6 games with moves" in page
    download = client.get(f"/tournaments/{hybrid.pk}/reports/1/games/")
    assert download.status_code == 200
    assert b"".join(download.streaming_content) == games
    assert download["Content-Disposition"] == 'attachment; filename="open_games.pgn"'


def test_a_hybrid_report_without_its_games_is_stored_with_the_error(world, registry, hybrid):
    upload(world, hybrid, None)
    report = hybrid.reports.get()
    assert report.status == "has_errors" and errors_of(report) == ["games-file-missing"]
    page = persona_client(world, "arbiter").get(f"/tournaments/{hybrid.pk}/reports/1/")
    # The finding's row, not the page's note on a hybrid event without games (which cites
    # 8.4 as well).
    text = page.content.decode().split('id="games-file"', 1)[1].split("</dd>", 1)[1]
    assert "games-file-missing" in text and "R&amp;B 2024 8.4" in text


def test_a_corrected_report_keeps_the_games_of_the_version_before(world, registry, hybrid):
    upload(world, hybrid, pgn())
    upload(world, hybrid, None)
    first, second = hybrid.reports.order_by("version")
    assert second.games_file.name == first.games_file.name
    assert (second.games_sha256, second.games_count) == (first.games_sha256, 6)
    assert errors_of(second) == []
    [kept] = second.findings.filter(code="games-file-kept")
    assert kept.severity == "info" and "version 1 (open_games.pgn, 6 games" in kept.message
    form = persona_client(world, "arbiter").get(f"/tournaments/{hybrid.pk}/reports/upload/")
    assert "Leave it empty to keep version 2's, open_games.pgn" in unescape(form.content.decode())


def test_the_same_report_sent_again_with_its_games_is_no_repeat(world, registry, hybrid):
    """The arbiter's fix of a report without its games (a review: told "it is the same
    file as version 1, byte for byte")."""
    upload(world, hybrid, None)
    response = persona_client(world, "arbiter").post(
        f"/tournaments/{hybrid.pk}/reports/upload/",
        {
            "file": SimpleUploadedFile("open.trf", REPORT),
            "games": SimpleUploadedFile("g.pgn", pgn()),
        },
        follow=True,
    )
    [message] = [str(m) for m in response.context["messages"]]
    assert message == "Version 2 was stored and checked: no errors."
    repeated = persona_client(world, "arbiter").post(
        f"/tournaments/{hybrid.pk}/reports/upload/",
        {"file": SimpleUploadedFile("open.trf", REPORT)},
        follow=True,
    )
    assert "the same file as version 2" in str(next(iter(repeated.context["messages"])))


def test_a_kept_games_file_is_checked_by_its_rounds_as_kept(world, registry, hybrid):
    """A corrected report is checked against the rounds read at the first upload: the
    file is not read again (a review: 4 s again for 3,000 games)."""
    upload(world, hybrid, pgn({**ROUNDS, 3: ROUNDS[3][:1]}))
    first = hybrid.reports.get()
    assert first.games_rounds == {"1": 2, "2": 2, "3": 1}
    first.games_file.storage.delete(first.games_file.name)
    upload(world, hybrid, None)
    second = hybrid.reports.get(version=2)
    assert errors_of(second) == ["games-file-short"]
    assert "Round 3: the report has 2 games" in second.findings.get(code="games-file-short").message


def test_a_games_file_that_is_no_pgn_is_refused_on_its_field_and_nothing_is_stored(
    world, registry, hybrid
):
    response = upload(world, hybrid, REPORT)
    assert response.status_code == 400
    assert response.context["form"].errors["games"] == [
        "No game with tags and moves could be read from the games file: is it a PGN file? "
        "Nothing was stored."
    ]
    assert not hybrid.reports.exists()


def test_a_games_file_over_the_limit_is_refused_on_its_field(world, registry, hybrid, settings):
    settings.REPORT_GAMES_MAX_BYTES = 100
    response = upload(world, hybrid, pgn())
    assert response.status_code == 400
    assert response.context["form"].errors["games"] == [
        f"The file is {len(pgn()):,} bytes, larger than the limit of 100 bytes."
    ]
    assert not hybrid.reports.exists()


def test_only_a_hybrid_event_is_asked_for_its_games(world, tournament):
    form = persona_client(world, "arbiter").get(f"/tournaments/{tournament.pk}/reports/upload/")
    assert "games" not in form.context["form"].fields


def test_the_games_are_downloaded_only_by_those_who_see_the_report(world, registry, hybrid):
    upload(world, hybrid, pgn())
    url = f"/tournaments/{hybrid.pk}/reports/1/games/"
    assert persona_client(world, "officer_b").get(url).status_code == 404
    assert persona_client(world, "anonymous").get(url).status_code == 302


def test_a_version_without_games_has_no_games_download(world, registry, hybrid):
    upload(world, hybrid, None)
    response = persona_client(world, "officer_a").get(f"/tournaments/{hybrid.pk}/reports/1/games/")
    assert response.status_code == 404


# -- the batch command ---------------------------------------------------------------------------


def test_load_report_uploads_the_games_given(world, registry, hybrid, tmp_path):
    report, games = tmp_path / "open.trf", tmp_path / "open.pgn"
    report.write_bytes(REPORT)
    games.write_bytes(pgn())
    out = StringIO()
    call_command(
        "load_report", str(report), "--category", "rapid", "--tournament", str(hybrid.pk),
        "--games", str(games), "--json", stdout=out,
    )  # fmt: skip
    assert '"games": 6' in out.getvalue()
    stored = hybrid.reports.get()
    assert stored.games_file.read() == pgn() and errors_of(stored) == []


def test_load_report_grants_no_approval_to_a_hybrid_report_without_its_games(
    world, registry, hybrid, tmp_path
):
    """A review: the hybrid event's approval was granted, and the report then stored with
    the error of its missing games."""
    from tournaments.models import ApprovalRequest

    hybrid.status = "awaiting_approval"
    hybrid.save()
    approval = ApprovalRequest.objects.create(
        tournament=hybrid, kind="hybrid", clause="R&B 2024 0.2", explanation="Hybrid."
    )
    report = tmp_path / "open.trf"
    report.write_bytes(REPORT)
    with pytest.raises(CommandError, match=r"R&B 2024 8\.4"):
        call_command(
            "load_report", str(report), "--category", "rapid", "--tournament", str(hybrid.pk),
            "--approve",
        )  # fmt: skip
    approval.refresh_from_db()
    assert approval.status == "pending" and not hybrid.reports.exists()


def test_load_report_refuses_a_games_file_that_is_no_pgn_before_registering(world, tmp_path):
    from tournaments.models import Tournament

    report = tmp_path / "open.trf"
    report.write_bytes(REPORT)
    before = Tournament.objects.count()
    with pytest.raises(CommandError, match="is it a PGN file"):
        call_command(
            "load_report", str(report), "--category", "rapid", "--register", "--approve",
            "--federation", "AAA", "--name", "New Hybrid", "--games", str(report),
        )  # fmt: skip
    assert Tournament.objects.count() == before


def test_load_report_refuses_a_games_file_it_cannot_read(world, hybrid, tmp_path):
    report = tmp_path / "open.trf"
    report.write_bytes(REPORT)
    with pytest.raises(CommandError, match=r"missing\.pgn"):
        call_command(
            "load_report", str(report), "--category", "rapid", "--tournament", str(hybrid.pk),
            "--games", str(tmp_path / "missing.pgn"),
        )  # fmt: skip
    assert not hybrid.reports.exists()
