"""The public rating calculator (issue 4): hand-computed cases from the regulation texts.

P_D values are read by hand from standard-2009 8.1(b) (= R&B 2024 7.1.2 = online arena
4.2): 99-106 -> .64/.36, 114-121 -> .66/.34, 189-197 -> .75/.25, 198-206 -> .76/.24,
392-411 -> .92/.08, 433-456 -> .94/.06, 518-559 -> .97/.03, 0-3 -> .50, 18-25 -> .53.
"""

from __future__ import annotations

from html.parser import HTMLParser
from urllib.parse import urlencode

import pytest
from django.http import HttpResponse
from django.test import Client

import regulations

URL = "/calculator/"
THREE_OPPONENTS = "2100 1\n1900 ½\n2500 0"


class _TextOfElement(HTMLParser):
    """The text inside the element with a given id."""

    def __init__(self, element_id: str) -> None:
        super().__init__()
        self.element_id = element_id
        self.depth = 0
        self.found = False
        self.parts: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if self.depth:
            self.depth += 1
        elif ("id", self.element_id) in attrs:
            self.depth, self.found = 1, True

    def handle_endtag(self, tag: str) -> None:
        if self.depth:
            self.depth -= 1

    def handle_data(self, data: str) -> None:
        if self.depth:
            self.parts.append(data)


class _Href(HTMLParser):
    """The href of the link with a given id."""

    def __init__(self, element_id: str) -> None:
        super().__init__()
        self.element_id = element_id
        self.href = ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if ("id", self.element_id) in attrs:
            self.href = dict(attrs)["href"] or ""


def text_of(response: HttpResponse, element_id: str) -> str:
    parser = _TextOfElement(element_id)
    parser.feed(response.content.decode())
    assert parser.found, f"no element with id {element_id!r}"
    return " ".join("".join(parser.parts).split())


def cells_of(response: HttpResponse, row_id: str) -> list[str]:
    """The cells of a table row, as text."""
    return text_of(response, row_id).split(" ")


def calculate(client: Client, **fields: str) -> HttpResponse:
    """GET the calculator with these fields: the shareable way."""
    response = client.get(URL, fields)
    assert response.status_code == 200
    return response


def summary(response: HttpResponse) -> dict[str, str]:
    ids = ("games", "score", "expected-total", "delta-total", "k-factor", "change")
    ids += ("change-rounded", "new-rating")
    return {element_id: text_of(response, element_id) for element_id in ids}


# -- the page ------------------------------------------------------------------------------


def test_the_empty_page_invites_a_calculation_with_an_example(client):
    response = client.get(URL)
    page = response.content.decode()
    assert response.status_code == 200
    assert 'id="empty-state"' in page and 'id="calculator-form"' in page
    assert 'id="summary"' not in page
    assert "Nothing calculated yet" in text_of(response, "empty-state")


def test_the_example_link_gives_a_calculation(client):
    page = client.get(URL).content.decode()
    parser = _Href("example-link")
    parser.feed(page)
    response = client.get(parser.href)
    assert text_of(response, "new-rating") == "2006"


def test_an_empty_post_redisplays_the_form_with_its_field_errors(client):
    response = client.post(URL, {})
    assert response.status_code == 200
    # A rating left blank is an unrated player's (his first rating): not an error.
    assert set(response.context["form"].errors) == {"rule_set", "opponents"}
    assert response.content.decode().count("This field is required.") == 2
    assert 'id="summary"' not in response.content.decode()
    assert 'id="form-has-errors"' in response.content.decode()


def test_a_post_calculates_as_a_get_does(client):
    fields = {"rule_set": "standard-2009", "rating": "2000", "opponents": THREE_OPPONENTS}
    posted = client.post(URL, fields)
    assert posted.status_code == 200
    assert summary(posted) == summary(calculate(client, **fields))


def test_the_share_link_repeats_the_calculation(client):
    fields = {"rule_set": "rapid-blitz-2024", "rating": "1800", "opponents": "1800 1"}
    response = client.post(URL, fields)
    parser = _Href("share-link")
    parser.feed(response.content.decode())
    assert parser.href.startswith("http://testserver/calculator/?")
    assert summary(client.get(parser.href)) == summary(response)


@pytest.mark.parametrize("rule_set_id", sorted(regulations.RULE_SETS))
def test_every_rule_set_calculates_and_cites_its_rules(client, rule_set_id):
    rules = regulations.get_rule_set(rule_set_id)
    response = calculate(
        client, rule_set=rule_set_id, rating="2000", opponents=THREE_OPPONENTS,
        category="online-blitz", birth_year="2012", year="2026",
    )  # fmt: skip
    assert text_of(response, "games") == "3"
    assert text_of(response, "score") == "1.5"
    assert text_of(response, "new-rating")
    cited = text_of(response, "rules-used")
    assert rules.difference_clause in cited
    for clause_name in ("k_clause", "rounding_clause"):
        if hasattr(rules, clause_name):
            assert getattr(rules, clause_name) in cited


# -- standard-2009 ---------------------------------------------------------------------------


def test_standard_2009_three_games_with_a_difference_capped_at_400(client):
    """standard-2009 8.54: -500 counts as -400; 8.1(b): P_D .36 (D -100), .64 (D +100),
    .08 (D -400); 8.55: dR +.64, -.14, -.08, sum +.42; 8.56: K 15 (30 games, under
    2400); change 6.30; 8.57: 2006.30 rounds to 2006."""
    response = calculate(client, rule_set="standard-2009", rating="2000", games="30",
                         opponents=THREE_OPPONENTS)  # fmt: skip
    assert summary(response) == {
        "games": "3", "score": "1.5", "expected-total": "1.08", "delta-total": "+0.42",
        "k-factor": "15", "change": "+6.30", "change-rounded": "+6", "new-rating": "2006",
    }  # fmt: skip
    assert cells_of(response, "game-1") == ["1", "2100", "-100", "-100", "0.36", "1", "+0.64"]
    assert cells_of(response, "game-2") == ["2", "1900", "+100", "+100", "0.64", "0.5", "-0.14"]
    assert cells_of(response, "game-3") == ["3", "2500", "-500", "-400", "0.08", "0", "-0.08"]
    assert "standard-2009 8.54" in text_of(response, "rules-used")


@pytest.mark.parametrize(
    ("games", "reached_2400", "k", "change", "new_rating"),
    [
        ("12", "", "30", "+12.60", "2013"),  # 8.56: a new player; 2012.60 -> 2013 (8.57)
        ("30", "", "15", "+6.30", "2006"),
        ("30", "on", "10", "+4.20", "2004"),  # 8.56: published rating reached 2400
    ],
)
def test_standard_2009_k_follows_8_56(client, games, reached_2400, k, change, new_rating):
    """standard-2009 8.56: K 30 until 30 games, 10 once the published rating has reached
    2400, else 15; the sum of dR is +.42 as in the case above."""
    response = calculate(client, rule_set="standard-2009", rating="2000", games=games,
                         reached_2400=reached_2400, opponents=THREE_OPPONENTS)  # fmt: skip
    assert text_of(response, "k-factor") == k
    assert text_of(response, "change") == change
    assert text_of(response, "new-rating") == new_rating


@pytest.mark.parametrize(
    ("rule_set", "change_rounded", "new_rating"),
    [
        ("standard-2009", "-7", "2393"),  # 8.57: the new rating 2392.5 rounds up
        ("rapid-blitz-2024", "-8", "2392"),  # 7.3.4: the change -7.5 rounds away from zero
    ],
)
def test_a_half_point_of_change_rounds_by_each_rule_sets_clause(
    client, rule_set, change_rounded, new_rating
):
    """K 10 (reached 2400: standard-2009 8.56, R&B 2024 7.3.3); a loss at D 0 (P_D .50,
    dR -.50) and a draw at D +190 (P_D .75, dR -.25): the change is 10 x -.75 = -7.50."""
    response = calculate(client, rule_set=rule_set, rating="2400", reached_2400="on",
                         opponents="2400 0\n2210 =")  # fmt: skip
    assert text_of(response, "k-factor") == "10"
    assert text_of(response, "change") == "-7.50"
    assert text_of(response, "change-rounded") == change_rounded
    assert text_of(response, "new-rating") == new_rating


# -- rapid and blitz ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rating", "year", "k", "change", "new_rating"),
    [
        ("1800", "2028", "40", "+20.00", "1820"),  # junior to the end of 2010 + 18
        ("1800", "2029", "20", "+10.00", "1810"),  # no longer a junior
        ("2300", "2028", "20", "+10.00", "2310"),  # a junior, but not rated under 2300
    ],
)
def test_rapid_blitz_2024_juniors_under_2300_have_k_40(client, rating, year, k, change, new_rating):
    """R&B 2024 7.3.3: K 40 for all players until the end of the year of their 18th birthday
    as long as their rating remains under 2300 (DESIGN.md interpretation 4: list year <=
    birth year + 18). A win at D 0: P_D .50, dR +.50."""
    response = calculate(client, rule_set="rapid-blitz-2024", rating=rating, games="100",
                         birth_year="2010", year=year, opponents=f"{rating} 1")  # fmt: skip
    assert text_of(response, "k-factor") == k
    assert text_of(response, "change") == change
    assert text_of(response, "new-rating") == new_rating
    assert "born 2010" in text_of(response, "k-facts")


def forty_games_21_wins() -> str:
    return "\n".join(["1800 1"] * 21 + ["1800 0"] * 19)


@pytest.mark.parametrize("rule_set", ["rapid-blitz-2024", "rapid-blitz-pre2024"])
def test_the_700_rule_lowers_k_for_forty_games(client, rule_set):
    """R&B 2024 7.3.3 / pre-2024 7.32: 40 games x K 20 = 800 > 700, so K is the largest whole
    number with K x 40 <= 700: 17. Every game at D 0 (P_D .50): 21 wins and 19 losses make
    the sum of dR +1.00, the change 17.00."""
    response = calculate(client, rule_set=rule_set, rating="1800", games="100",
                         opponents=forty_games_21_wins())  # fmt: skip
    assert summary(response) == {
        "games": "40", "score": "21", "expected-total": "20.00", "delta-total": "+1.00",
        "k-factor": "17", "change": "+17.00", "change-rounded": "+17", "new-rating": "1817",
    }  # fmt: skip
    assert "lowered K from 20 to 17" in text_of(response, "seven-hundred-rule")


def test_thirty_five_games_keep_k_20(client):
    """R&B pre-2024 7.32: only more than 35 games lower K (35 x 20 = 700 does not exceed)."""
    response = calculate(client, rule_set="rapid-blitz-pre2024", rating="1800",
                         opponents="\n".join(["1800 ½"] * 35))  # fmt: skip
    assert text_of(response, "k-factor") == "20"
    assert 'id="seven-hundred-rule"' not in response.content.decode()


def test_rapid_blitz_pre2024_upgrades_only_the_greatest_difference(client):
    """R&B pre-2024 7.31: in a tournament a player benefits from only one 400-point upgrade,
    for the game with the greatest difference (DESIGN.md interpretation 3): D +500 counts as
    +400 (P_D .92), D +450 stays (P_D .94); dR .08 + .06 = .14; K 20 (7.32): 2.80; 7.33:
    rounded to +3."""
    response = calculate(client, rule_set="rapid-blitz-pre2024", rating="2500",
                         opponents="2000 1\n2050 1")  # fmt: skip
    assert cells_of(response, "game-1") == ["1", "2000", "+500", "+400", "0.92", "1", "+0.08"]
    assert cells_of(response, "game-2") == ["2", "2050", "+450", "+450", "0.94", "1", "+0.06"]
    assert text_of(response, "change") == "+2.80"
    assert text_of(response, "new-rating") == "2503"
    assert "one tournament" in text_of(response, "one-tournament")


def test_rapid_blitz_pre2024_the_lower_rated_player_always_has_the_cap(client):
    """R&B pre-2024 7.31 and DESIGN.md interpretation 3: D -500 and -450 both count as -400
    (P_D .08 each); dR -.16; K 20: -3.20, rounded -3."""
    response = calculate(client, rule_set="rapid-blitz-pre2024", rating="2000",
                         opponents="2500 0\n2450 0")  # fmt: skip
    assert text_of(response, "expected-total") == "0.16"
    assert text_of(response, "change") == "-3.20"
    assert text_of(response, "new-rating") == "1997"


# -- standard-1994 --------------------------------------------------------------------------


def test_standard_1994_reads_the_table_with_the_average_of_the_opponents(client):
    """standard-1994 10.51: opponents counted at most 350 from the player (2500 -> 2350),
    Rc = (2100 + 1900 + 2350) / 3 = 2116.67; 10.53: D = -116.67, P_D .34 each (114-121);
    10.54: We 1.02, W 1.5, K 15: +7.20; 10.56: 2007.2 rounds to 2007."""
    response = calculate(client, rule_set="standard-1994", rating="2000",
                         opponents=THREE_OPPONENTS)  # fmt: skip
    assert text_of(response, "expected-total") == "1.02"
    assert text_of(response, "k-factor") == "15"
    assert text_of(response, "change") == "+7.20"
    assert text_of(response, "new-rating") == "2007"
    assert cells_of(response, "game-3") == ["3", "2500", "-500", "-116.67", "0.34", "0", "-0.34"]


# -- online arena ---------------------------------------------------------------------------


def test_online_arena_rates_game_after_game_with_two_decimals(client):
    """Online arena 3.14: 1799.60 beats a 1270 (D 529.60, P_D .97), gains 0.60 -> 1800.20;
    3.11: the next game starts from 1800.20: a draw at D -199.80 (P_D .24) gains
    20 x .26 = 5.20 -> 1805.40; 3.13: displayed 1805, was 1800."""
    response = calculate(client, rule_set="online-arena", rating="1799.60",
                         category="online-blitz", opponents="1270 1\n2000 =")  # fmt: skip
    assert cells_of(response, "game-1") == [
        "1", "1799.60", "1270", "+529.60", "0.97", "1", "+0.03", "20", "+0.60", "1800.20",
    ]  # fmt: skip
    assert cells_of(response, "game-2") == [
        "2", "1800.20", "2000", "-199.80", "0.24", "0.5", "+0.26", "20", "+5.20", "1805.40",
    ]  # fmt: skip
    assert text_of(response, "change") == "+5.80"
    assert text_of(response, "new-rating") == "1805.40"
    assert text_of(response, "new-rating-displayed") == "1805"
    assert text_of(response, "change-rounded") == "+5"


def test_online_bullet_has_k_10(client):
    """Online arena 3.10.2: K 10 for bullet: the 3.14 win gains 0.30."""
    response = calculate(client, rule_set="online-arena", rating="1799.60",
                         category="online-bullet", opponents="1270 1")  # fmt: skip
    assert text_of(response, "k-factor") == "10"
    assert text_of(response, "new-rating") == "1799.90"


def test_online_previously_unrated_player_has_k_40_until_30_games(client):
    """Online arena 3.10.3: K 40 until 30 rated games: the 30th game (D 0, win) gains 20.00;
    then K 20: a win at D +20 (P_D .53) gains 9.40."""
    response = calculate(client, rule_set="online-arena", rating="1500", games="29",
                         previously_unrated="on", category="online-rapid",
                         opponents="1500 1\n1500 1")  # fmt: skip
    assert text_of(response, "k-factor") == "40 then 20"
    assert cells_of(response, "game-2")[-1] == "1529.40"


def test_online_rating_below_the_floor_is_lost(client):
    """Online arena 3.2-3.3: a rating below 100 is lost (105 - 10.00 = 95)."""
    response = calculate(client, rule_set="online-arena", rating="105", category="online-blitz",
                         opponents="105 0\n105 1")  # fmt: skip
    assert text_of(response, "new-rating") == "unrated"
    assert "after game 1" in text_of(response, "rating-lost")
    assert 'id="game-2"' not in response.content.decode()


# -- the opponents box ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "score"),
    [
        ("2000 1", "1"), ("2000 1-0", "1"), ("2000 1 - 0", "1"), ("2000,1", "1"),
        ("2000 0.5", "0.5"), ("2000 .5", "0.5"), ("2000 ½", "0.5"), ("2000 =", "0.5"),
        ("2000 1/2", "0.5"), ("2000;½-½", "0.5"), ("2000\t0", "0"), ("2000 0-1", "0"),
        ("2000 0,5", "0.5"), ("2000, 0,5", "0.5"), ("2000;0,5", "0.5"), ("2000 win", "1"),
        ("2000,0,5", "0.5"), ("2000,1,", "1"), (",2000,,1", "1"),
    ],
)  # fmt: skip
def test_results_may_be_written_in_the_usual_ways(client, line, score):
    """standard-2009 8.55(b): the score is 1, 0.5 or 0."""
    response = calculate(client, rule_set="standard-2009", rating="2000", opponents=line)
    assert text_of(response, "score") == score


@pytest.mark.parametrize(
    ("rating", "opponents", "plain_rating", "plain_opponents", "rule_set"),
    [
        # A comma before three digits separates thousands: "2,100" is 2100, not 2.1.
        ("2,000", "2,100 1\n1,900 0,5", "2000", "2100 1\n1900 0.5", "standard-2009"),
        # A comma alone separates the rating from the result; the result's own is decimal.
        ("2000", "2100,0,5\n2,100,1", "2000", "2100 0.5\n2100 1", "standard-2009"),
        # The online arena's two decimals, with a decimal comma, in both boxes.
        ("1850,25", "1900,5 1", "1850.25", "1900.5 1", "online-arena"),
    ],
)
def test_ratings_are_read_as_people_write_them(
    client, rating, opponents, plain_rating, plain_opponents, rule_set
):
    """A review: "2,100" was read as 2.1 and refused as below the floor, "2100,0,5" was
    split at every comma, and "Your rating" took no decimal comma. Written either way, the
    same games give the same change."""
    online = {"category": "online-blitz"} if rule_set == "online-arena" else {}
    written = calculate(client, rule_set=rule_set, rating=rating, opponents=opponents, **online)
    plain = calculate(
        client, rule_set=rule_set, rating=plain_rating, opponents=plain_opponents, **online
    )
    assert not written.context["form"].errors
    assert summary(written) == summary(plain)
    assert text_of(written, "new-rating") == text_of(plain, "new-rating")


def test_a_bad_line_is_named_by_its_number(client):
    """Blank lines are skipped but counted, so the numbers match what the user sees."""
    lines = "2100 1\n\nabc\n1900 2\n12000 1\n1900 +\n2100 1 extra"
    response = calculate(client, rule_set="standard-2009", rating="2000", opponents=lines)
    errors = response.context["form"].errors["opponents"]
    assert [error.split(" ")[1] for error in errors] == ["3", "4", "5", "6", "7"]
    page = response.content.decode()
    assert "Line 4 (“1900 2”): “2” is not a result" in page
    # What was typed, quoted as typed (a review: "“1extra” is not a result").
    assert "Line 7 (“2100 1 extra”): “1 extra” is not a result" in page
    assert "a rating is from 0 to 3000, not 12000" in page  # line 5: no rating is that high
    assert "forfeit is not rated" in page  # line 6: DESIGN.md interpretation 6
    assert 'id="summary"' not in page


@pytest.mark.parametrize("written", ["2100 0 1", "2100\t0\t1", "2100 1 0", "2100 ½ ½"])
def test_two_results_on_a_line_are_refused_not_read_as_one(client, written):
    """A review: "0 1", copied from a crosstable for a loss, was glued into "01" and rated
    as a win (+10.00 against 2100 under standard-2009 8.56). Two words are no result."""
    response = calculate(client, rule_set="standard-2009", rating="2000", opponents=written)
    page = response.content.decode()
    assert 'id="summary"' not in page
    assert "is not a result: write one" in page


@pytest.mark.parametrize("written", ["2 100 1", "2\u00a0100 1", "1 850,5 0"])
def test_a_rating_written_with_a_space_is_named_so(client, written):
    """ "2 100 1" was read as a rating of 2 and a result "100 1", which the message blamed."""
    response = calculate(client, rule_set="online-arena", category="online-blitz",
                         rating="2000", opponents=written)  # fmt: skip
    assert "looks like a rating written with a space" in response.content.decode()


def test_a_forfeit_or_a_rating_past_3000_written_with_spaces_is_named_as_such(client):
    """A review of the two-word refusal: "1 f" is a forfeit, said so, not "write one
    result"; "12 345 1" is no rating written with a space (12345 is past any rating)."""
    forfeit = calculate(client, rule_set="standard-2009", rating="2000", opponents="2100 1 f")
    assert "forfeit is not rated" in forfeit.content.decode()
    unplayed = calculate(client, rule_set="standard-2009", rating="2000", opponents="2100 ½ F")
    assert "forfeit is not rated" in unplayed.content.decode()
    big = calculate(client, rule_set="standard-2009", rating="2000", opponents="12 345 1")
    assert "looks like a rating written with a space" not in big.content.decode()


def test_a_score_spaced_around_its_separator_is_still_read(client):
    response = calculate(
        client, rule_set="standard-2009", rating="2000", opponents="2100 0 - 1\n2100 1 / 2"
    )
    assert text_of(response, "score") == "0.5"


@pytest.mark.parametrize("result", ["W", "D", "L", "=F", "½F", "0.5F"])
def test_a_game_not_played_is_not_rated(client, result):
    """Interpretation 6: a forfeit, and a game with less than one move (a report's and the
    crosstable's W, D, L, which a review copied and had rated), is not rated: the line is
    refused with the reason, not counted as a game played."""
    response = calculate(
        client, rule_set="rapid-blitz-2024", rating="2000", opponents=f"2100 1\n2100 {result}"
    )
    page = response.content.decode()
    assert 'id="summary"' not in page
    assert "Line 2 (“2100 " + result + "”)" in page and "not rated" in page


@pytest.mark.parametrize(
    ("rule_set", "k", "change"),
    [
        ("standard-2009", "10", "+5.00"),
        ("standard-1994", "10", "+5.00"),
        ("rapid-blitz-2024", "10", "+5.00"),
    ],
)
def test_a_rating_of_2400_or_more_has_reached_2400(client, rule_set, k, change):
    """A review: 2500 with the 2400 box left blank was given K 15 (standard-2009 8.56),
    and the page said the published rating "has not reached 2400". The rating entered is
    the published one: at 2400 or more it has (8.56, 1994 10.54, R&B 2024 7.3.3: K 10).
    A win against 2500: (1 - 0.5) x 10 = +5."""
    response = calculate(client, rule_set=rule_set, rating="2500", games="100",
                         opponents="2500 1")  # fmt: skip
    page = response.content.decode()
    assert text_of(response, "k-factor") == k and text_of(response, "change") == change
    assert "published rating has reached 2400" in page


def test_at_most_100_opponents(client):
    response = calculate(client, rule_set="standard-2009", rating="2000",
                         opponents="\n".join(["2000 1"] * 101))  # fmt: skip
    assert "At most 100 opponents, not 101." in response.content.decode()


def test_a_result_written_as_a_huge_number_is_refused_unread(client):
    """A review: "1e999999999" went to Python's Fraction, which writes the exponent out in
    full: the request never ended. Only short numbers are read as results."""
    response = calculate(client, rule_set="standard-2009", rating="2000",
                         opponents="2000 1e999999999")  # fmt: skip
    assert "“1e999999999” is not a result" in response.content.decode()


def test_a_box_longer_than_a_hundred_opponents_is_refused_unread(client):
    """A review: 2.4 MB of bad lines took 71 s and came back as a 186 MB page, one error
    a line. A box longer than a hundred opponents' lines is refused whole; of one within
    it, the first ten bad lines are named and the rest left unread."""
    response = calculate(client, rule_set="standard-2009", rating="2000",
                         opponents="x\n" * 3000)  # fmt: skip
    page = response.content.decode()
    assert "At most 100 opponents, one a line: this is 5,999 characters long." in page
    assert "Line 1 " not in page
    response = calculate(client, rule_set="standard-2009", rating="2000",
                         opponents="x\n" * 50)  # fmt: skip
    errors = response.context["form"].errors["opponents"]
    assert len(errors) == 11 and errors[9].startswith("Line 10 (“x”)")
    assert errors[10] == ("Line 11 and those after it are not read: correct the lines above first.")


def test_over_the_board_ratings_are_whole_numbers(client):
    response = calculate(client, rule_set="rapid-blitz-2024", rating="1800.5",
                         opponents="1800 1\n1700.25 0")  # fmt: skip
    errors = response.context["form"].errors
    assert errors["rating"] == ["Over-the-board ratings are whole numbers."]
    assert errors["opponents"] == ["Line 2: over-the-board ratings are whole numbers, not 1700.25."]


def test_a_rating_outside_four_digits_is_refused(client):
    response = calculate(client, rule_set="standard-2009", rating="10000", opponents="2000 1")
    assert "rating" in response.context["form"].errors
    assert 'id="summary"' not in response.content.decode()


def test_an_unknown_rule_set_is_a_field_error(client):
    response = client.get(f"{URL}?{urlencode({'rule_set': 'fide-1970', 'rating': '2000'})}")
    assert response.status_code == 200
    assert "rule_set" in response.context["form"].errors


def test_a_birth_year_after_the_lists_year_is_refused(client):
    """R&B 2024 7.3.3 reads junior status off the birth year and the list's year; one born
    after the list would be a junior of negative age."""
    response = calculate(client, rule_set="rapid-blitz-2024", rating="1800", birth_year="2030",
                         year="2020", opponents="1800 1")  # fmt: skip
    errors = response.context["form"].errors
    assert errors["birth_year"] == ["A player is born before the list the rating is for."]
    assert 'id="summary"' not in response.content.decode()


@pytest.mark.parametrize(
    ("rule_set", "floor", "category"),
    [
        ("standard-2009", 1200, ""),
        ("rapid-blitz-2024", 1200, ""),
        ("online-arena", 100, "online-blitz"),
    ],
)
def test_a_rating_below_the_floor_is_refused(client, rule_set, floor, category):
    """standard-2009 0.6 and 7.21, R&B 2024 6.1.2, online arena 3.2: nobody is published
    below the floor, so an opponent rated 0 (or 1100 in rapid) is an unrated one, whose game
    is not rated against him (standard-2009 8.52); the player's own rating likewise. The
    rapid floor is 1400, but a player unrated in rapid plays with his standard rating
    (R&B 2024 7.2.1), which may be as low as 1200."""
    response = calculate(client, rule_set=rule_set, rating=str(floor - 1), category=category,
                         opponents=f"{floor} 1\n0 1\n{floor - 1} 0")  # fmt: skip
    errors = response.context["form"].errors
    assert errors["rating"] == [
        f"{floor - 1} is below {floor}, the lowest rating a game under {rule_set} is rated "
        "with: no published rating is that low."
    ]
    assert [error.split(":")[0] for error in errors["opponents"]] == ["Line 2", "Line 3"]
    assert "such an opponent is unrated" in errors["opponents"][0]
    assert 'id="summary"' not in response.content.decode()
    at_the_floor = calculate(client, rule_set=rule_set, rating=str(floor), category=category,
                             opponents=f"{floor} 1")  # fmt: skip
    assert 'id="summary"' in at_the_floor.content.decode()


@pytest.mark.parametrize(
    ("rule_set", "category"), [("rapid-blitz-2024", ""), ("online-arena", "online-blitz")]
)
def test_a_rating_above_any_published_is_refused(client, rule_set, category):
    """A review: 9999 against 9999 gave "New rating 10004", beyond the form's own bound of
    9999; no rating FIDE publishes is above 3000."""
    response = calculate(client, rule_set=rule_set, rating="9999", games="30",
                         opponents="9999 1\n3000.5 0")  # fmt: skip
    errors = response.context["form"].errors
    assert errors["rating"] == ["No rating FIDE publishes is above 3000 (the highest yet is 2882)."]
    assert errors["opponents"] == [
        "Line 1 (“9999 1”): a rating is from 0 to 3000, not 9999.",
        "Line 2 (“3000.5 0”): a rating is from 0 to 3000, not 3000.5.",
    ]
    assert 'id="summary"' not in response.content.decode()
    at_the_top = calculate(client, rule_set=rule_set, rating="3000", games="30",
                           category=category, opponents="3000 1")  # fmt: skip
    assert text_of(at_the_top, "new-rating").startswith("30")


def test_a_player_s_page_opens_the_calculator_with_his_rating_filled_in(db, client):
    """A usability audit: the calculator had no way to start from a player. His page
    links to it; the form comes with the rule set in force today for the category, his
    rating, games, birth year and 2400 mark; the opponents are his to write."""
    from tests import factories

    player = factories.PlayerFactory(name="Rapid, Rita", birth_year=2011)
    factories.RatingStateFactory(player=player, category="rapid", rating=2105, games=44)
    factories.RatingStateFactory(player=player, category="blitz", rating=None, status="delisted")
    page = client.get(f"/players/{player.fide_id}/").content.decode()
    link = f"/calculator/?player={player.fide_id}&amp;rated_in=rapid"
    assert f'href="{link}"' in page and "rated_in=blitz" not in page  # no rating to start from
    form = client.get(link.replace("&amp;", "&")).content.decode()
    assert '<option value="rapid-blitz-2024" selected>' in form
    assert 'name="rating" value="2105"' in form and 'name="games" value="44"' in form
    assert 'name="birth_year" value="2011"' in form
    assert 'id="share-link"' not in form  # nothing calculated before the opponents
    nobody = client.get("/calculator/?player=²&rated_in=rapid")
    assert nobody.status_code == 200 and 'name="rating" value=' not in nobody.content.decode()


def test_the_calculator_opened_for_a_junior_takes_the_year_of_his_list(db, client):
    """R&B 2024 7.3.3: K 40 for a junior to the end of the year of his 18th birthday; the
    "year of the list" field is the year of the list his rating is from (interpretation
    4). Born 2007, rated on the list of April 2025 (30 games or more, under 2300): K 40,
    as his page says; this year's K (2026: no longer a junior) would be 20 (a review)."""
    import datetime as dt

    from tests import factories

    player = factories.PlayerFactory(birth_year=2007)
    factories.RatingStateFactory(
        player=player, category="rapid", rating=2000, games=40, list_date=dt.date(2025, 4, 1)
    )
    form = client.get(f"/calculator/?player={player.fide_id}&rated_in=rapid").content.decode()
    assert 'name="year" value="2025"' in form


def test_the_calculator_opens_for_a_player_when_no_rule_set_is_scheduled_today(db, client):
    """A review: with no rule set in the administrators' schedule for the category today,
    the prefill was a server error; now the form comes with his figures, the rule set to
    choose."""
    from tests import factories
    from tournaments.models import RuleSetSchedule

    player = factories.PlayerFactory()
    factories.RatingStateFactory(player=player, category="rapid", rating=2105, games=44)
    RuleSetSchedule.objects.filter(category="rapid").delete()
    form = client.get(f"/calculator/?player={player.fide_id}&rated_in=rapid")
    assert form.status_code == 200 and 'name="rating" value="2105"' in form.content.decode()


# -- an unrated player's first rating ---------------------------------------------------------


def test_five_draws_give_an_unrated_player_a_first_rating_under_rb_2024(client):
    """R&B 2024 6.1.4 (5 games against rated opponents), 7.2.3 (two hypothetical 1800
    opponents, both drawn): Ra = (5 x 1600 + 2 x 1800) / 7 = 1657.14; 3.5 of 7 is 50%, dp
    0 (7.1.1): Ru = 1657.14, rounded 1657 (7.2.4). A review: the calculator asked for a
    rating, so a newcomer could not work out his first one."""
    response = calculate(client, rule_set="rapid-blitz-2024", opponents="1600 ½\n" * 5)
    assert text_of(response, "first-rating-value") == "1657"
    assert text_of(response, "first-rating-games") == (
        "5, scoring 2.5; the opponents' average 1600; 5 needed"
    )
    working = text_of(response, "first-rating-working")
    assert "Ra = (5 x 1600 + 2 x 1800) / 7 = 1657.14" in working
    assert "Ru = Ra + dp = 1657.14, rounded: 1657 (7.2.4)" in working
    assert 'id="share-link"' in response.content.decode()


def test_four_games_are_not_enough_for_a_first_rapid_rating(client):
    """R&B 2024 6.1.4: a first rating is published from 5 games against rated opponents."""
    response = calculate(client, rule_set="rapid-blitz-2024", opponents="1600 1\n" * 4)
    assert text_of(response, "first-rating-value") == "none yet"
    assert text_of(response, "first-rating-reason") == "4 of the 5 games needed (R&B 2024 6.1.4)"


def test_a_zero_first_event_is_disregarded(client):
    """R&B 2024 7.2.2: a zero score in the player's first event is disregarded."""
    response = calculate(client, rule_set="rapid-blitz-2024", opponents="1600 0\n" * 5)
    assert text_of(response, "first-rating-value") == "none yet"
    assert "(R&B 2024 7.2.2)" in text_of(response, "first-rating-disregarded")


def test_nine_standard_games_at_half_give_the_average_of_the_opponents(client):
    """standard-2009 7.14a (9 games), 8.22: at 50% Ru = Rc, the opponents' average: nine
    2000s, 4.5 points: 2000."""
    response = calculate(client, rule_set="standard-2009", opponents="2000 ½\n" * 9)
    assert text_of(response, "first-rating-value") == "2000"
    assert "the opponents' average 2000" in text_of(response, "first-rating-games")


def first_online(client: Client, opponents: str) -> HttpResponse:
    return calculate(client, rule_set="online-arena", category="online-blitz", opponents=opponents)


def test_a_first_online_rating_counts_from_the_first_draw_or_win_then_rates_with_k_40(client):
    """Online arena 3.6-3.7: a loss (not counted, 3.6.1), then ½ v 1800, 1 v 1900, 0 v 2000,
    ½ v 1700, 1 v 1600: 3 of 5 against an average of 1800, one half point over 50%:
    Rf = 1800 + 20 = 1820.00 (3.7.4). The win over a 2500 after it is rated from 1820 with
    K 40 (3.10.3): D -680 reads P_D .01, dR +0.99, the change +39.60: 1859.60, shown 1860."""
    response = first_online(client, "1500 0\n1800 ½\n1900 1\n2000 0\n1700 ½\n1600 1\n2500 1")
    assert text_of(response, "first-rating-value") == "1820.00"
    working = text_of(response, "first-rating-working")
    assert "Ra = 1800" in working and "Rf = Ra + 1 x 20 = 1820.00 (online arena 3.7.4)" in working
    assert "a loss before the first draw or win (3.6.1)" in text_of(response, "stage-1")
    assert "result 1 of 5" in text_of(response, "stage-2")
    assert "result 5 of 5" in text_of(response, "stage-6")
    assert cells_of(response, "game-7") == [
        "7", "1820.00", "2500", "-680", "0.01", "1", "+0.99", "40", "+39.60", "1859.60"
    ]  # fmt: skip
    assert text_of(response, "new-rating") == "1859.60"
    assert text_of(response, "new-rating-displayed") == "1860"


def test_a_first_online_rating_below_half_reads_dp_from_table_4_1(client):
    """3.7.5: 1.5/5 against 1500.10 .. 1500.55: Ra 1500.31, p .30, dp -149: 1351.31; no game
    after it, so nothing else is rated."""
    response = first_online(client, "1500.10 ½\n1500.20 0\n1500.30 1\n1500.40 0\n1500.55 0")
    assert text_of(response, "first-rating-value") == "1351.31"
    assert text_of(response, "first-rating-displayed") == "1351"
    assert "dp -149 from table 4.1 = 1351.31 (online arena 3.7.5)" in (
        text_of(response, "first-rating-working")
    )
    assert "after-first-rating" not in response.content.decode()


@pytest.mark.parametrize(
    ("opponents", "needed"),
    [
        ("1600 0\n1700 0", "a first draw or win against a rated opponent (online arena 3.6.1)"),
        ("1600 0\n1600 1\n1700 0", "3 more games against rated opponents (online arena 3.6.2)"),
        ("1600 1\n1600 1\n1600 1\n1600 1", "1 more game against rated opponents"),
    ],
)
def test_a_first_online_rating_not_reached_says_what_is_still_needed(client, opponents, needed):
    response = first_online(client, opponents)
    assert text_of(response, "first-rating-value") == "none yet"
    assert needed in text_of(response, "first-rating-reason")


def test_a_first_online_rating_under_the_floor_starts_the_stage_again(client):
    """3.2-3.3: ½ then four losses against 150s: p .10, dp -366: Rf -216, no rating; the
    next game, a loss, counts for nothing again (3.6.1)."""
    response = first_online(client, "150 ½\n150 0\n150 0\n150 0\n150 0\n150 0")
    assert text_of(response, "first-rating-value") == "none yet"
    assert "= -216.00" in text_of(response, "stage-5")
    assert "under the floor of 100, no rating" in text_of(response, "stage-5")
    assert "a loss before the first draw or win" in text_of(response, "stage-6")
    assert "a first draw or win" in text_of(response, "first-rating-reason")


def test_a_first_rating_is_for_the_list_an_event_ending_today_is_rated_on():
    """Interpretation 8: an event ending on 30 March 2025 is past the rapid closing date of
    the April list (29 March, R&B 2024 6.1.3: three days before), so it is rated on May's;
    on 20 March, April's."""
    import datetime as dt
    from decimal import Decimal

    from lists.calculator.services import CalculatorInput, Opponent, rating_change_calculate

    data = CalculatorInput(
        rule_set_id="rapid-blitz-2024", rating=None, games=0, reached_2400=False,
        birth_year=None, year=2025,
        opponents=tuple(Opponent(n, Decimal(1600), 1) for n in range(1, 6)),
    )  # fmt: skip
    late = rating_change_calculate(data=data, today=dt.date(2025, 3, 30))
    early = rating_change_calculate(data=data, today=dt.date(2025, 3, 20))
    assert (late.list_date, early.list_date) == (dt.date(2025, 5, 1), dt.date(2025, 4, 1))


def test_a_first_event_below_the_floor_is_disregarded_and_says_its_performance(client):
    """standard-2009 8.21, 8.31: 1 point of 9 against 1200s: p .11, dp -351, Ru = 1200 -
    351 = 849, below the floor of 1200: the event is disregarded, and its games count
    towards no later first rating either. A review found "0 of the 9 games needed", as if
    more games would pool with these."""
    response = calculate(client, rule_set="standard-2009", opponents="1200 1\n" + "1200 0\n" * 8)
    assert text_of(response, "first-rating-value") == "none yet"
    said = text_of(response, "first-rating-disregarded")
    assert "standard-2009 6.1, 8.21, 8.31" in said
    assert "count neither now nor towards a later first rating" in said
    assert said.endswith("It scored 1 of 9 against an average of 1200, a performance (Ru) of 849.")
    assert 'id="first-rating-games"' not in response.content.decode()
