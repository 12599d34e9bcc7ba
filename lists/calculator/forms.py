"""The calculator's form: shape and parsing only; the layout is set up in ``__init__``."""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from typing import Any

from crispy_forms.helper import FormHelper
from crispy_forms.layout import Div, Field, Fieldset, Layout, Submit
from django import forms
from django.utils import timezone

from lists.calculator.services import CalculatorInput, Opponent
from regulations import RULE_SETS, OnlineArena
from regulations.types import REACHED_2400, Category, Score, half_points
from tournaments.report_rating import HIGHEST_PLAUSIBLE_RATING

DEFAULT_RULE_SET = "rapid-blitz-2024"
DEFAULT_GAMES = 30
MAX_OPPONENTS = 100
#: Characters of the opponents box, and bad lines reported: a public form reads no more
#: (a review: a 2.4 MB box of bad lines took 71 s and came back as a 186 MB page).
MAX_OPPONENTS_CHARACTERS = MAX_OPPONENTS * 40
BAD_LINES_SHOWN = 10
#: A result written as a number: 1, 0, 0.5, .5, 1/2 and the like. Nothing longer reaches
#: ``Fraction``, which writes out an exponent in full (a review: "1e999999999" never ended).
RESULT_NUMBER = re.compile(r"\d{0,2}(?:[./]\d{1,2})?")
#: Spaces around a score's dash, colon or slash ("1 - 0", "1 / 2"), which join it.
SPACED_SEPARATOR = re.compile(r"\s*([-:/])\s*")
#: A rating written with thousands separated by a space ("2 100"): its two words.
SPACED_THOUSANDS = (re.compile(r"[1-3]"), re.compile(r"\d{3}(?:[.,]\d{1,2})?"))
#: A rating written with thousands separated by a comma: "2,100", "1,850.25".
THOUSANDS = re.compile(r"\d{1,3}(?:,\d{3})+(?:\.\d{1,2})?")
#: A comma between digits, as a decimal point: "0,5", "1850,25".
DECIMAL_COMMA = re.compile(r"(?<=\d),(?=\d)")
#: No rating FIDE publishes is higher (a review: 9999 against 9999 gave "new rating
#: 10004", beyond the form's own bounds); the floor is the rule set's (``_floor_check``).
MIN_RATING, MAX_RATING = 0, HIGHEST_PLAUSIBLE_RATING

#: Results written in words or as a game's score, for the player (standard-2009 8.55(b):
#: "the score is 1, 0.5 or 0"). Plain numbers (1, 0.5, .5, 1/2, 0) are read as numbers.
RESULT_WORDS: dict[str, Score] = {
    "=": Score.DRAW,
    "½": Score.DRAW,
    "1-0": Score.WIN,
    "0-1": Score.LOSS,
    "½-½": Score.DRAW,
    "=-=": Score.DRAW,
    "1/2-1/2": Score.DRAW,
    "0.5-0.5": Score.DRAW,
    "win": Score.WIN,
    "draw": Score.DRAW,
    "loss": Score.LOSS,
}
#: Forfeits are never rated (DESIGN.md interpretation 6).
FORFEITS = frozenset({"+", "-", "+/-", "-/+", "1f", "0f", "=f", "½f", "0.5f", "+:-", "-:+"})
#: A TRF's and the crosstable's letters of a game with less than one move (TRF16 001
#: result codes W, D, L), never rated (interpretation 6): a review copied them from a
#: crosstable and had them rated as a win, a draw and a loss.
UNPLAYED = frozenset({"w", "d", "l"})

OPPONENTS_HELP = (
    "One opponent a line: rating and your result, e.g. <code>2100 1</code>, "
    "<code>1900 ½</code>, <code>2400 0</code>. Results: 1, 0.5 (½, =), 0, or 1-0, ½-½, 0-1. "
    f"At most {MAX_OPPONENTS}."
)
OPPONENTS_PLACEHOLDER = "2100 1\n1900 ½\n2400 0"
ONLINE_CATEGORIES = [
    (Category.ONLINE_RAPID.value, "Online rapid (K 20)"),
    (Category.ONLINE_BLITZ.value, "Online blitz (K 20)"),
    (Category.ONLINE_BULLET.value, "Online bullet (K 10)"),
]


def rule_set_choices() -> list[tuple[str, str]]:
    return [
        (rule_set_id, f"{rules.title} ({rule_set_id})") for rule_set_id, rules in RULE_SETS.items()
    ]


def is_online(rule_set_id: str) -> bool:
    return isinstance(RULE_SETS.get(rule_set_id), OnlineArena)


def lowest_rating(rules: Any) -> int:
    """The lowest rating a game under ``rules`` is rated with: the floor, or in rapid and
    blitz the standard floor where lower, since a player unrated there plays with his
    standard rating (R&B 2024 7.2.1; standard-2009 0.6: 1200)."""
    if is_online(rules.id) or Category.STANDARD in rules.categories:
        return int(rules.floor)
    return min(int(rules.floor), RULE_SETS["standard-2009"].floor)


def is_whole(value: Decimal) -> bool:
    return value == value.to_integral_value()


def parse_result(text: str) -> int:
    """The player's result in half points (0, 1 or 2) from ``1``, ``0.5``, ``½``, ``=``,
    ``1-0`` and the like; ``ValueError`` with the reason otherwise."""
    token = SPACED_SEPARATOR.sub(r"\1", text.strip().lower())  # "1 - 0" is "1-0"
    token = DECIMAL_COMMA.sub(".", token)  # "0,5" is 0.5, "0,5-0,5" a draw
    glued = "".join(token.split())  # "1 f" is a forfeit as "1f" is
    if glued in FORFEITS:
        raise ValueError("a forfeit is not rated (DESIGN.md interpretation 6); leave it out")
    if glued in UNPLAYED:
        raise ValueError(
            f"“{text}” is a game with less than one move in a report and a crosstable, "
            "which is not rated (DESIGN.md interpretation 6): leave it out, or write a "
            "game played as 1, 0.5 or 0 (win, draw, loss)"
        )
    if glued != token:
        # "0 1" glued was 01, a win (a review): two words are no result.
        raise ValueError(
            f"“{text}” is not a result: write one, 1, 0.5 (½, =) or 0, or the game's "
            "score, 1-0, ½-½ or 0-1"
        )
    if token in RESULT_WORDS:
        return int(RESULT_WORDS[token])
    try:
        if not RESULT_NUMBER.fullmatch(token):
            raise ValueError(token)
        halves = half_points(Fraction(token))
    except (ValueError, ZeroDivisionError):
        raise ValueError(f"“{text}” is not a result: use 1, 0.5 (½, =) or 0") from None
    if halves not in (Score.LOSS, Score.DRAW, Score.WIN):
        raise ValueError(f"“{text}” is not a result: use 1, 0.5 (½, =) or 0")
    return halves


def rating_number(text: str) -> str:
    """A rating as ``Decimal`` reads it. A comma before three digits separates thousands
    ("2,100" is 2100: as a decimal comma it would give three decimals, which no rating
    has); any other comma between digits is a decimal comma ("1850,25"), as much of
    Europe writes it."""
    text = text.strip()
    if THOUSANDS.fullmatch(text):
        return text.replace(",", "")
    return DECIMAL_COMMA.sub(".", text)


def parse_rating(text: str) -> Decimal:
    """An opponent's rating: a number from 0 to 3000 with at most two decimals (the online
    arena keeps two, 3.1; the over-the-board rule sets need whole numbers), written as
    ``rating_number`` reads it."""
    try:
        rating = Decimal(rating_number(text))
    except InvalidOperation:
        raise ValueError(f"“{text}” is not a rating") from None
    if not rating.is_finite() or not MIN_RATING <= rating <= MAX_RATING:
        raise ValueError(f"a rating is from {MIN_RATING} to {MAX_RATING}, not {text}")
    if rating != rating.quantize(Decimal("0.01")):
        raise ValueError(f"a rating has at most two decimals, not {text}")
    return rating


#: A line of ``rating,result`` without a space: the rating (thousands separated by commas
#: or not, ``THOUSANDS``), a comma, and the result, which may hold a decimal comma.
COMMA_LINE = re.compile(rf"({THOUSANDS.pattern}|[^,]+),(.+)")


def opponent_tokens(line: str) -> list[str]:
    """The words of ``rating result``, separated by spaces, a semicolon or a tab, or by a
    comma alone (``2100,1``, ``2100,0,5``: the first comma after the rating). The words
    keep their commas between digits: the rating's (``rating_number``) and the result's
    (``parse_result``) are read there."""
    text = line.strip()
    if not re.search(r"[\s;]", text):
        match = COMMA_LINE.fullmatch(text.strip(","))  # "2100,1," as "2100,1"
        return [match.group(1), match.group(2).strip(",")] if match else [text]
    words = (word.strip(",") for word in re.split(r"[\s;]+", text))
    return [word for word in words if word]


def parse_opponent_line(number: int, line: str) -> Opponent:
    """``rating result`` (``opponent_tokens``); the result may itself contain spaces
    (``1 - 0``)."""
    tokens = opponent_tokens(line)
    if len(tokens) < 2:
        raise ValueError("write the opponent's rating and your result, e.g. “2100 1”")
    thousands, rest = SPACED_THOUSANDS
    if len(tokens) > 2 and thousands.fullmatch(tokens[0]) and rest.fullmatch(tokens[1]):
        # "2 100 1" read the rating as 2 and "100 1" as the result (a review).
        rating = tokens[0] + tokens[1]
        raise ValueError(
            f"“{tokens[0]} {tokens[1]}” looks like a rating written with a space: write "
            f"{rating}, e.g. “{rating} {' '.join(tokens[2:])}”"
        )
    return Opponent(
        line=number, rating=parse_rating(tokens[0]), score_halves=parse_result(" ".join(tokens[1:]))
    )


class RatingField(forms.DecimalField):
    """A rating typed as people write it (``rating_number``): "2,100", "1850,25"."""

    def to_python(self, value: Any) -> Decimal | None:
        return super().to_python(rating_number(value) if isinstance(value, str) else value)


class OpponentsField(forms.CharField):
    """A box of opponents, one a line; every bad line is reported with its number."""

    widget = forms.Textarea

    def to_python(self, value: Any) -> tuple[Opponent, ...]:  # type: ignore[override]
        text = super().to_python(value)
        if len(text) > MAX_OPPONENTS_CHARACTERS:
            raise forms.ValidationError(
                "At most %(max)s opponents, one a line: this is %(length)s characters long.",
                code="too_long",
                params={"max": MAX_OPPONENTS, "length": f"{len(text):,}"},
            )
        opponents, errors = [], []
        for number, line in enumerate(text.splitlines(), start=1):
            if not line.strip():
                continue
            if len(errors) == BAD_LINES_SHOWN:
                errors.append(
                    forms.ValidationError(
                        "Line %(number)s and those after it are not read: correct the lines "
                        "above first.",
                        code="bad_lines",
                        params={"number": number},
                    )
                )
                break
            try:
                opponents.append(parse_opponent_line(number, line))
            except ValueError as error:
                errors.append(
                    forms.ValidationError(
                        "Line %(number)s (“%(line)s”): %(reason)s.",
                        code="bad_line",
                        params={"number": number, "line": line.strip(), "reason": error},
                    )
                )
        if errors:
            raise forms.ValidationError(errors)
        if len(opponents) > MAX_OPPONENTS:
            raise forms.ValidationError(
                "At most %(max)s opponents, not %(count)s.",
                code="too_many",
                params={"max": MAX_OPPONENTS, "count": len(opponents)},
            )
        return tuple(opponents)

    def validate(self, value: Any) -> None:
        if self.required and not value:
            raise forms.ValidationError(self.error_messages["required"], code="required")


def _row(*names: str) -> Div:
    return Div(*(Div(Field(name), css_class="col-sm") for name in names), css_class="row")


class CalculatorForm(forms.Form):
    rule_set = forms.ChoiceField(
        label="Rule set", choices=rule_set_choices, initial=DEFAULT_RULE_SET
    )
    rating = RatingField(
        label="Your rating",
        min_value=MIN_RATING,
        max_value=MAX_RATING,
        error_messages={
            "max_value": f"No rating FIDE publishes is above {MAX_RATING} (the highest yet "
            "is 2882)."
        },
        decimal_places=2,
        required=False,
        help_text="The published rating before these games (online arena: two decimals "
        "allowed). Blank: unrated, for the first rating these games give.",
    )
    games = forms.IntegerField(
        label="Rated games so far",
        min_value=0,
        max_value=100_000,
        required=False,
        initial=DEFAULT_GAMES,
        help_text=(
            "In this category, before these games; fewer than 30 is a new player. "
            f"Blank: {DEFAULT_GAMES}."
        ),
    )
    birth_year = forms.IntegerField(
        label="Birth year", min_value=1850, max_value=2100, required=False,
        help_text="For the junior K (R&B 2024 7.3.3).",
    )  # fmt: skip
    year = forms.IntegerField(
        label="Year of the list", min_value=1970, max_value=2100, required=False,
        help_text=(
            "Of the list your rating is from: junior status is by its year "
            "(interpretation 4). Blank: this year."
        ),
    )  # fmt: skip
    reached_2400 = forms.BooleanField(
        label="My published rating has reached 2400",
        required=False,
        help_text="Ever, on any list of the category: K stays 10. A rating of 2400 or more has.",
    )
    opponents = OpponentsField(label="Opponents", help_text=OPPONENTS_HELP)
    category = forms.ChoiceField(
        label="Online category",
        choices=ONLINE_CATEGORIES,
        initial=Category.ONLINE_BLITZ.value,
        required=False,
    )
    previously_unrated = forms.BooleanField(
        label="My first online rating came from online games (3.6-3.7)",
        required=False,
        help_text="K 40 until 30 rated games (online arena 3.10.3).",
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["year"].initial = timezone.localdate().year
        self.fields["opponents"].widget.attrs.update(
            {"rows": 8, "placeholder": OPPONENTS_PLACEHOLDER, "spellcheck": "false"}
        )
        self.helper = FormHelper()
        self.helper.form_method = "get"
        self.helper.form_id = "calculator-form"
        self.helper.disable_csrf = True  # a GET form: the result is a shareable link
        self.helper.layout = Layout(
            Field("rule_set"),
            _row("rating", "games"),
            _row("birth_year", "year"),
            Field("reached_2400"),
            Field("opponents", css_class="font-monospace"),
            Fieldset(
                "Online arena only",
                Field("category"),
                Field("previously_unrated"),
                css_id="online-only",  # shown for the online arena alone (calculator.js)
            ),
            Submit("calculate", "Calculate"),
        )

    def clean(self) -> dict[str, Any]:
        """Over-the-board ratings are whole numbers; the online arena needs a category; a
        birth year lies before the list's year."""
        cleaned = super().clean()
        birth_year, year = cleaned.get("birth_year"), cleaned.get("year")
        if birth_year is not None and birth_year > (year or timezone.localdate().year):
            self.add_error("birth_year", "A player is born before the list the rating is for.")
        rule_set_id = cleaned.get("rule_set")
        if not rule_set_id:
            return cleaned
        self._floor_check(RULE_SETS[rule_set_id], cleaned)
        if is_online(rule_set_id):
            if not cleaned.get("category"):
                self.add_error("category", "Choose the online category: K depends on it.")
            return cleaned
        rating = cleaned.get("rating")
        if rating is not None and not is_whole(rating):
            self.add_error("rating", "Over-the-board ratings are whole numbers.")
        for opponent in cleaned.get("opponents") or ():
            if not is_whole(opponent.rating):
                self.add_error(
                    "opponents",
                    f"Line {opponent.line}: over-the-board ratings are whole numbers, "
                    f"not {opponent.rating}.",
                )
        return cleaned

    def _floor_check(self, rules: Any, cleaned: dict[str, Any]) -> None:
        """A rating below the floor is no published rating (standard-2009 0.6, 7.12,
        7.21; R&B 2024 6.1.2; online arena 3.2, 3.3): neither the player's own nor an
        opponent's, whose games are then against an unrated player (standard-2009 8.52)."""
        floor = lowest_rating(rules)
        rating = cleaned.get("rating")
        if rating is not None and rating < floor:
            self.add_error(
                "rating",
                f"{rating} is below {floor}, the lowest rating a game under {rules.id} is "
                "rated with: no published rating is that low.",
            )
        for opponent in cleaned.get("opponents") or ():
            if opponent.rating < floor:
                self.add_error(
                    "opponents",
                    f"Line {opponent.line}: {opponent.rating} is below {floor}, the lowest "
                    f"rating a game under {rules.id} is rated with; such an opponent is "
                    "unrated and the game is not rated against that opponent. Leave the line out.",
                )

    def calculator_input(self) -> CalculatorInput:
        data = self.cleaned_data
        games = data["games"]
        year = data["year"]
        rating = data["rating"]
        return CalculatorInput(
            rule_set_id=data["rule_set"],
            rating=rating,
            games=DEFAULT_GAMES if games is None else games,
            # A review: 2500 with the box left blank was given K 15, "has not reached
            # 2400". The rating entered is the published one (standard-2009 8.56).
            reached_2400=data["reached_2400"] or (rating is not None and rating >= REACHED_2400),
            birth_year=data["birth_year"],
            year=timezone.localdate().year if year is None else year,
            opponents=data["opponents"],
            category=Category(data["category"] or Category.ONLINE_BLITZ),
            previously_unrated=data["previously_unrated"],
        )
