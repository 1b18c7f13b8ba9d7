"""The guided first game as data: one deal of standard Tichu on fixed hands, and its steps.

The player sits at seat 0; the bots Mia (seat 1, the right-hand opponent), Leo (seat 2,
the partner) and Kai (seat 3, the left-hand opponent) play scripted actions. Every step
is one decision of the player, with what happens before it:

- `bots`: the bots' actions (seat, action in the record's form) between the player's
  previous decision and this one, in the order the game asks for them;
- `expect`: the player's decision as a pattern of the record's action: the act, and the
  fields that must be as given (cards compare as sets; a field left out is the player's
  choice: `{"act": "gift"}` takes either opponent); None for the last step, which only
  explains how the deal ended;
- `text`: the lesson shown once it is the player's turn for it; `watch`: what is shown
  while the bots before it still play; `wrong`: the answer to a move that is legal but not
  the one the lesson asks for (an illegal one gets the coach's "why not" instead).

Texts are English message ids marked with `N_` (babel.cfg extracts them; the page shows
them in its language). A text may name only cards the player holds, gave, received or
saw played at the moment it shows, and everything a text claims about the cards and the game is
written beside it as `claims` (`watch_claims` for its `watch` text; the kinds in `claims.py`),
which tests/coach/test_lesson.py checks against the engine at the moment the text shows (who
played what, which plays beat the trick, what combination some cards make, who is out, how the
round scores). The round ends
in a double victory of the player's team after the player's Tichu, and with a target of
50 points that ends the game: "Play a real game" comes next.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .claims import (
    Beaters,
    CalledTichu,
    Combination,
    DogTo,
    GiftTo,
    HandSize,
    Leads,
    MayCallTichu,
    Obliged,
    OneCardToEach,
    OnlyOfRank,
    Out,
    Played,
    Received,
    RoundScore,
    Rule,
    Teams,
    WholeHand,
)


def N_(text: str) -> str:
    """Marks a text for extraction (pybabel's default keywords); the page translates it."""
    return text


@dataclass(frozen=True)
class Step:
    name: str
    text: str
    expect: dict | None
    bots: tuple = ()  # ((seat, action), ...) before the player's decision
    watch: str | None = None
    wrong: str | None = None
    claims: tuple = ()  # what `text` says of the cards and the game, checked by the tests against the engine
    watch_claims: tuple = ()  # the same for `watch`


@dataclass(frozen=True)
class Lesson:
    id: str
    ruleset: str
    options: dict
    seat: int  # the player's
    names: dict  # the bots' seats -> their names
    deal: tuple  # each seat's 14 cards, its Grand Tichu eight first
    steps: tuple
    watch: str = field(default=N_("Watch: the others play in turn."))
    wrong: str = field(default=N_("That move is allowed, but this lesson asks for another one: "
                                  "read the lesson."))


def _no_grand(seat):
    return (seat, {"act": "grand", "call": False})


def _pass(seat):
    return (seat, {"act": "pass"})


def _play(seat, cards):
    return (seat, {"act": "play", "cards": cards})


def _all_passed():
    """Claim: the three bots passed, in turn, since the player's play."""
    return Played(((1, None), (2, None), (3, None)))


FIRST_GAME = Lesson(
    id="first",
    ruleset="standard",
    options={"target": 50},
    seat=0,
    names={1: "Mia", 2: "Leo", 3: "Kai"},
    deal=(
        "Mj Dr S6 B6 G6 R6 SK BK R10 SJ BQ GA R2 B3",
        "RA BA SQ BJ S9 S8 B8 G7 R5 G4 R3 G9 S5 R9",
        "GK RQ GJ B10 Ph S7 B7 S4 S3 G3 S2 B2 G2 B5",
        "SA RK GQ RJ S10 G10 B9 G8 R8 R7 G5 Dg B4 R4",
    ),
    steps=(
        Step("grand",
             N_("Welcome! Tichu is played in two teams: you and your partner Leo, opposite, against "
                "Mia and Kai. Get rid of your cards first. These are your first 8 cards: a Grand Tichu "
                "call bets 200 points on them that you go out first. Too bold: tap “No Grand Tichu”."),
             {"act": "grand", "call": False},
             bots=(_no_grand(1), _no_grand(2), _no_grand(3)),
             wrong=N_("Not this time: tap “No Grand Tichu”."),
             claims=(Teams(partner=2, opponents=(1, 3)), HandSize(8))),
        Step("exchange",
             N_("Now you hold 14 cards. Everybody gives one card to each other player. Give your Ace to "
                "your partner Leo and low cards to the opponents: the 2 to Mia, the 3 to Kai. Tap a "
                "card, then the place it goes, then “Give cards”."),
             {"act": "exchange", "give": {"1": "R2", "2": "GA", "3": "B3"}},
             bots=((1, {"act": "exchange", "give": {"0": "G9", "2": "S5", "3": "R9"}}),
                   (2, {"act": "exchange", "give": {"0": "Ph", "1": "S7", "3": "B7"}}),
                   (3, {"act": "exchange", "give": {"0": "Dg", "1": "R4", "2": "B4"}})),
             watch=N_("Watch: the others choose their cards to give."),
             wrong=N_("Give the Ace to Leo, the 2 to Mia and the 3 to Kai."),
             claims=(HandSize(14), OneCardToEach(), OnlyOfRank("GA R2 B3"))),
        Step("tichu",
             N_("Leo gave you the Phoenix, Mia a 9 and Kai the Dog: a strong hand. Calling Tichu bets "
                "100 points that you go out first; you may call it until you play your first card. "
                "Tap “Tichu!”."),
             {"act": "tichu"},
             wrong=N_("Call Tichu first: tap “Tichu!”."),
             claims=(Received({2: "Ph", 1: "G9", 3: "Dg"}), MayCallTichu())),
        Step("mahjong",
             N_("You hold the Mah Jong (a 1), so you lead the first trick. Play it alone, as a single "
                "card. Whoever plays the Mah Jong may wish for a rank: wish for an 8. The next player "
                "who can play an 8 must play it."),
             {"act": "play", "cards": "Mj", "wish": "8"},
             wrong=N_("Play the Mah Jong alone and wish for an 8."),
             claims=(Leads(), Combination("Mj", "single"))),
        Step("dragon",
             N_("Mia had to play an 8 (your wish), Leo passed, Kai played an Ace. To beat a single, "
                "play a higher single, or pass. Of your cards, three things beat the Ace: the Dragon, "
                "the highest single; the Phoenix; and your four 6s, a bomb. Play the Dragon and keep the "
                "other two for later."),
             {"act": "play", "cards": "Dr"},
             bots=(_play(1, "B8"), _pass(2), _play(3, "SA")),
             wrong=N_("Play the Dragon: keep the Phoenix and your four 6s for later."),
             claims=(Played(((1, "B8"), (2, None), (3, "SA"))), Obliged(1, "8"),
                     Beaters(("Dr", "Ph", "S6 B6 G6 R6")))),
        Step("gift",
             N_("Everybody passed: the trick is yours. That is how a trick ends, and its winner leads "
                "the next one. A trick won by the Dragon goes to an opponent, with the Dragon's 25 "
                "points: give it to Mia or Kai."),
             {"act": "gift"},
             bots=(_pass(1), _pass(2), _pass(3)),
             claims=(_all_passed(), GiftTo((1, 3)), Rule("card points"))),
        Step("dog",
             N_("You lead again. The Dog can only be led: it hands the lead to your partner at once, "
                "and nothing is played on it. Lead the Dog."),
             {"act": "play", "cards": "Dg"},
             wrong=N_("Lead the Dog."),
             claims=(Leads(), Combination("Dg", "dog"), DogTo(2))),
        Step("kings",
             N_("Leo led a pair of 3s, Kai beat it with a pair of 10s. To beat, play the same "
                "combination, higher: a single, pair, triple, stairs (5 5 6 6), full house (a triple "
                "and a pair) or straight (five or more in a row). Beat the 10s with your Kings."),
             {"act": "play", "cards": "SK BK"},
             bots=(_play(2, "S3 G3"), _play(3, "S10 G10")),
             wrong=N_("Play your pair of Kings."),
             claims=(Played(((2, "S3 G3"), (3, "S10 G10"))), Combination("SK BK", "pair"))),
        Step("bomb",
             N_("Mia beat your Kings with a pair of Aces; Leo and Kai passed. A bomb (four of a kind, "
                "or five or more in a row of one suit) beats every combination that is not a bomb; only a "
                "higher bomb beats a bomb. Play your four 6s."),
             {"act": "play", "cards": "S6 B6 G6 R6"},
             bots=(_play(1, "RA BA"), _pass(2), _pass(3)),
             wrong=N_("Play your four 6s: the bomb."),
             claims=(Played(((1, "RA BA"), (2, None), (3, None))), Rule("bombs"),
                     Combination("S6 B6 G6 R6", "bomb"))),
        Step("straight",
             N_("Nobody beat your bomb: the trick is yours and you lead. In a combination the Phoenix "
                "stands in for any card from 2 to Ace, but never in a bomb: with your 9, 10, Jack and "
                "Queen it makes a straight. Play all five and go out first! The table then asks which "
                "rank the Phoenix stands for: the 8 (a straight up to the Queen) or the King (up to "
                "the King). Either takes you out."),
             {"act": "play", "cards": "Ph BQ SJ R10 G9"},
             bots=(_pass(1), _pass(2), _pass(3)),
             wrong=N_("Play the straight: the Phoenix with your 9, 10, Jack and Queen."),
             claims=(_all_passed(), Leads(), Rule("phoenix"),
                     Combination("Ph BQ SJ R10 G9", "straight", ("8", "K")), WholeHand("Ph BQ SJ R10 G9"),
                     Out(()))),
        Step("score",
             N_("Leo went out second: a double victory! Your team scores 200 and the cards are not "
                "counted; your Tichu adds 100. Otherwise the cards count: each 5 is worth 5, each 10 "
                "and King 10, the Dragon 25 and the Phoenix −25. You are ready for a real game."),
             None,
             bots=(_pass(1), _play(2, "B10 GJ RQ GK GA"), _pass(3), _pass(1), _play(2, "S2 B2 G2 S4 B4"),
                   _pass(3), _pass(1), _play(2, "S5 B5")),
             watch=N_("You are out first: your Tichu is made! Watch Leo play out his cards."),
             claims=(Out((0, 2)), CalledTichu(), RoundScore((300, 0)), Rule("card points")),
             watch_claims=(Out((0,)), CalledTichu())),
    ),
)

LESSONS = {FIRST_GAME.id: FIRST_GAME}
