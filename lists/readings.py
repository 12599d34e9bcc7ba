"""The readings the federation follows where the regulations are silent or ambiguous
(DESIGN.md, "Interpretations"), as the public page ``lists:rules`` shows them: the
explanations on the player, crosstable and calculator pages cite them by number."""

from __future__ import annotations

from typing import NamedTuple


class Reading(NamedTuple):
    number: int
    title: str
    text: str


#: DESIGN.md's interpretations 1-10, in its words.
INTERPRETATIONS: tuple[Reading, ...] = (
    Reading(1, "Exact arithmetic",
            "Tables are exact. P_D is looked up by integer |D|; p is rounded to two "
            "decimals, halves up, computed exactly. Averages are kept exact and only the "
            "resulting rating is rounded, except in standard-2009 round robins, where Ra and "
            "Rc(new) are whole numbers (halves up) at each step, as the 8.58 worked example "
            "does."),
    Reading(2, "The rating in a game",
            "A rated player's rating in a game is the published rating of the list in force "
            "at the tournament's start. The TRF's rating column is checked against the "
            "registry and a difference is reported as a warning; the registry wins."),
    Reading(3, "The 400-point rule before 2024",
            "The rapid-blitz-pre2024 400-point rule: the lower-rated player always has the "
            "cap; the higher-rated player gets it only for the one game in that tournament "
            "with the largest difference; other games use the real difference."),
    Reading(4, "K for the whole period",
            "K is fixed for the whole period from the player's state at the period's start: "
            "rating and rated games in that category as of the previous list, whether the "
            "published rating ever reached 2400, birth year (junior while list year <= birth "
            "year + 18). \"New\" means fewer than 30 rated games in that category, counting "
            "the games of the initial rating. The 700 rule uses n = the player's rated games "
            "in that category in the period."),
    Reading(5, "Rounding once a period",
            "Rounding happens once per period per category (standard: new rating halves up; "
            "rapid and blitz: the change halves away from zero). Per-tournament reports show "
            "K * sum(dR) unrounded, to two decimals, and the rounded value."),
    Reading(6, "Games that are not rated",
            "Unplayed games (forfeits, byes, a game in which a player made no move) are never "
            "rated and count nowhere. Games between two unrated players are not rated. In "
            "Swiss and team events a rated player's games against unrated opponents are not "
            "rated; in standard-2009 round robins they are, against the opponent's final Ru "
            "from the 8.58 iteration."),
    Reading(7, "Round robins with unrated players",
            "Round robins with unrated players (standard-2009): Ra = Rar - dpa*n/(n+1); "
            "unrated >= 50%: Ra + 15 per half point, < 50%: Ra + dp*n/(n+1). Iterate: an "
            "opponent rated more than 400 above the unrated player's current Ru counts as "
            "Ru + 400; Rc(new) = Ra minus the sum of those reductions divided by n; recompute "
            "Ru from Rc(new); repeat until no Ru changes. Then rate the rated players' games "
            "against the final Ru values."),
    Reading(8, "The list a tournament is rated on",
            "A tournament is rated in the first monthly list whose closing date (list date "
            "minus 7 days standard, minus 3 days rapid/blitz) is on or after its end date and "
            "whose period was still open when its report was approved. A report not rated by "
            "the third list after the tournament's end is refused with a reason."),
    Reading(9, "The floor and inactivity",
            "A player whose new rating is below the floor is shown as unrated on the next "
            "list and is treated as unrated afterwards. Inactive = no rated game in the "
            "category for 12 months; one rated game makes the player active again on the "
            "next list."),
    Reading(10, "Facts a report does not carry",
            "Where the regulations need facts a TRF does not carry (match length, hybrid, "
            "official FIDE event, Olympiad-type event, league), they are fields of the "
            "registration."),
)  # fmt: skip

#: What the excerpt of the rapid and blitz regulations before 2024 leaves out, and
#: DESIGN.md sets (its table of rule sets).
EXCERPT_SILENT = (
    "The surviving excerpt of the rapid and blitz regulations before 2024 does not state "
    "every figure: at least 5 games for a first rating, pooled over 26 months, and a floor "
    "of 1000 are the figures used here."
)
