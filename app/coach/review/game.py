"""A whole game's review for one seat: every complete round reviewed (`examine_round`), and the
game's costliest flagged decisions named first.

- `review_game(record, seat, ...) -> GameReview`: the rounds' reviews in order, each with how
  many decisions it compared, and `costliest`: the `COSTLIEST` flags of the whole game with the
  greatest gain per round;
- `costliest(flags)`: that ranking on flags as dicts (`Flag.as_dict`, or a page's flags), so the
  command line and the web page order them alike;
- `game_page(seat, round_pages)`: the web page's whole game, made of the rounds' pages
  (`page.review_for_page`), with the costliest as references into them.

The ranking is by the flag's mean gain per round. A flag judged by the chance to win the game
(`judged == "game"`) has its gain in the same points: the round's difference plus 1,000 points
per whole chance to win (`HardConfig.game_weight`, as the Hard bot weighs a play near the
target), so it ranks among the others on that scale, and `RANKED_BY_GAME` says so. Ties go to
the earlier decision. Pure and reproducible as `examine_round` is: no I/O, no clock.
"""

from __future__ import annotations

from dataclasses import dataclass

from app.bots.evaluation import GAME_WEIGHT

from .candidates import MAX_CANDIDATES
from .decisions import ReviewRefused, RoundReplay, check_request, check_seat, read_record
from .review import DEALS, GAIN, SHARE, Flag, RoundReview, check_settings, examine_round

COSTLIEST = 3  # decisions named first

#: What the ranking means where a flag among the costliest was judged by the chance to win.
RANKED_BY_GAME = (f"ranked by the gain per round; where the chance to win the game judged a decision, that "
                  f"chance counts {GAME_WEIGHT:,.0f} points for the whole game, as the Hard bot weighs it")


@dataclass
class GameReview:
    seat: int
    ruleset: str
    unit: str  # "points", or "places" where the game has no points
    rounds: list  # a `RoundReview` per complete round, in order
    costliest: list  # the `COSTLIEST` flags (`Flag`) with the greatest gain, greatest first

    @property
    def decisions(self) -> int:
        return sum(r.decisions for r in self.rounds)

    @property
    def flags(self) -> list[Flag]:
        return [f for r in self.rounds for f in r.flags]


def cost_order(flag: dict) -> tuple:
    """The costliest first (by the gain per round as `Flag.as_dict` rounds it, so a page's
    flags rank as the command line's do), then the earlier decision."""
    return (-flag["gain"], flag["round"], flag["index"], flag["seat"], flag["kind"])


def costliest(flags: list[dict], n: int = COSTLIEST) -> list[dict]:
    return sorted(flags, key=cost_order)[:n]


def complete_rounds(rec: RoundReplay, seat) -> list[int]:
    """The record's complete rounds, or `ReviewRefused` (a seat not there is the clearer refusal)."""
    rounds = [r for r, done in enumerate(rec.complete) if done]
    if not rounds:
        check_seat(rec, seat)
        raise ReviewRefused("this record has no complete round to review")
    check_request(rec, seat, rounds[0])
    return rounds


def review_game(record, seat: int, deals: int = DEALS, share: float = SHARE, gain: float = GAIN, seed=0,
                max_candidates: int = MAX_CANDIDATES, **budget) -> GameReview:
    """Every complete round of `record` reviewed for `seat` (each as `examine_round`, with its
    own time: a game takes rounds times a round's), and the game's costliest flags. Raises
    `ReviewRefused` as `examine_round` does, or for a record with no complete round."""
    check_settings(deals, share, gain, max_candidates)
    rec = record if isinstance(record, RoundReplay) else read_record(record)
    reviews: list[RoundReview] = [
        examine_round(rec, seat, r, deals, share, gain, seed, max_candidates, **budget)
        for r in complete_rounds(rec, seat)]
    flags = [f for r in reviews for f in r.flags]
    ranked = sorted(flags, key=lambda f: cost_order(f.as_dict()))[:COSTLIEST]
    unit = "places" if rec.ruleset == "grandseigneur" else "points"
    return GameReview(seat, rec.ruleset, unit, reviews, ranked)


def game_page(seat: int, round_pages: list[dict]) -> dict:
    """The whole game as the web page shows it: the rounds' pages (`page.review_for_page`) in
    order, and the costliest flags as {round, at}: round `round`'s flag number `at`, so the page
    opens it in its round's review."""
    flags = [{**f, "at": i} for page in round_pages for i, f in enumerate(page["flags"])]
    return {
        "seat": seat,
        "rounds": round_pages,
        "decisions": sum(page["decisions"] for page in round_pages),
        "unit": "places" if any(page["unit"] == "places" for page in round_pages) else "points",
        "costliest": [{"round": f["round"], "at": f["at"]} for f in costliest(flags)],
        "game_weight": GAME_WEIGHT,  # points per whole chance to win, where a flag is judged by it
    }
