"""Positions for the coach's tests, and the brute force that checks its claims against the engine.

- `endgames(...)`: positions from real rounds, played by the Normal bot (the
  table driver of `app.bots.table`), kept once few cards are left in the
  other hands; each is a copy of the game, with the hand to look at.
- `worlds(...)`: every deal (or a sample of the deals) of the cards the hand
  cannot place, among the other hands with their real sizes. The cards the
  hand knows the place of (the ones it passed, the Mah Jong with the first
  leader, a hand it sees) stay where they are, and each such pin is first
  checked against the real game, so no world is built on a false premise.
- `Rewind`: puts a game back as it was, cheaper than copying it per world.
- `nobody_can_act`, `refutes_unbeatable`, `refutes_plan`: replay the engine's
  own rules (legal plays, out-of-turn bombs, passes, the Dragon's gift) in a
  world and report whether another seat ever could play.
"""

from __future__ import annotations

import copy
import random
from itertools import combinations
from math import comb

from app.bots import NormalBot
from app.bots.table import TableLog, play_round
from app.coach.position import position_of
from app.engine import Game, IllegalAction, bombs_beating, mask_cards, view_for
from app.engine.combos import DOG, KIND, MASK
from app.engine.round import OVER
from app.engine.simulate import random_action


def endgames(ruleset: str, options: dict | None, seed: int, *, max_other_cards: int = 10,
             every: int = 1, driver: str = "normal") -> list[tuple[Game, int, int]]:
    """Positions of one round: (game copy, viewer, hand seat) for every hand in its regular turn
    once the other hands hold at most `max_other_cards` cards together (every `every`-th such
    moment). `driver`: "normal" bots, or "random" legal play (engine.simulate: more bombs out
    of turn, more wishes)."""
    game = Game(ruleset, options, seed=seed)
    rng = random.Random(seed)
    found: list = []
    moments = [0]

    def look(player=None, action=None):
        rnd = game.round
        if rnd.phase != "play" or rnd.turn is None or rnd.gift_from is not None:
            return
        seat = rnd.turn
        others = sum(rnd.hands[s].bit_count() for s in range(rnd.seating.seats) if s != seat)
        if others > max_other_cards:
            return
        moments[0] += 1
        if moments[0] % every == 0:
            found.append((copy.deepcopy(game), rnd.seating.controller[seat], seat))

    if driver == "random":
        rnd = game.round
        while rnd.phase != OVER:
            game.apply(random_action(rnd, rng, bomb_rate=0.3, wish_rate=0.9))
            look()
    else:
        bots = [NormalBot(s, rng=random.Random(rng.random())) for s in range(game.rules.seats)]
        play_round(game, bots, TableLog(), on_action=look)
    return found


def pins(game: Game, viewer: int, seat: int) -> list[int]:
    """Per seat, the unplayed cards the hand knows to be there, each checked against the game."""
    rnd = game.round
    n = rnd.seating.seats
    played = 0
    first = None
    for event in rnd.log:
        if event.get("act") == "play":
            played |= game.rules.deck.parse_mask(event["cards"])
            first = event["seat"] if first is None else first
    pinned = [0] * n
    view = view_for(game, viewer)
    seen = {}
    if view["table"] and view["table"]["hand"] is not None and view["table"]["seat"] != seat:
        seen[view["table"]["seat"]] = rnd.hands[view["table"]["seat"]]
    if seat == rnd.seating.table:
        seen[viewer] = rnd.hands[viewer]
    for s, hand in seen.items():
        pinned[s] |= hand
    for giver in {viewer, *rnd.seating.controls[viewer]}:
        for target, cards in (rnd.exchange[giver] or {}).items():
            for card in cards:
                if not played >> card & 1 and target != seat:
                    assert rnd.hands[target] >> card & 1, "a passed card left its receiver's hand unplayed"
                    pinned[target] |= 1 << card
    mahjong = game.rules.deck.mahjong_mask
    if first is not None and first != seat and mahjong & ~played & ~rnd.hands[seat]:
        assert rnd.hands[first] & mahjong, "the first leader does not hold the Mah Jong"
        pinned[first] |= mahjong
    pinned[seat] = 0
    return pinned


def worlds(game: Game, viewer: int, seat: int, limit: int, rng: random.Random):
    """The other hands of every deal the hand cannot tell from the real one (a random sample of
    `limit` of them when there are more), each a list of hand masks per seat. Returns
    (hands lists, whether the list is every deal)."""
    rnd = game.round
    n = rnd.seating.seats
    pinned = pins(game, viewer, seat)
    seats = [s for s in range(n) if s != seat and rnd.hands[s]]
    free = 0
    for s in seats:
        free |= rnd.hands[s] & ~pinned[s]
    room = [(s, rnd.hands[s].bit_count() - pinned[s].bit_count()) for s in seats]
    cards = mask_cards(free)
    total = 1
    left = len(cards)
    for _, k in room:
        total *= comb(left, k)
        left -= k
    if total <= limit:
        return list(_all_deals(cards, room, pinned, rnd.hands)), True
    out = []
    for _ in range(limit):
        shuffled = cards[:]
        rng.shuffle(shuffled)
        hands = list(rnd.hands)
        at = 0
        for s, k in room:
            hands[s] = pinned[s] | sum(1 << c for c in shuffled[at:at + k])
            at += k
        out.append(hands)
    return out, False


def _all_deals(cards, room, pinned, real):
    if not room:
        yield list(real)
        return
    (s, k), rest = room[0], room[1:]
    for chosen in combinations(cards, k):
        left = [c for c in cards if c not in chosen]
        for hands in _all_deals(left, rest, pinned, real):
            hands[s] = pinned[s] | sum(1 << c for c in chosen)
            yield hands


def deal_with_bomb(game: Game, viewer: int, seat: int, holder: int, bomb: tuple, rng: random.Random) -> bool:
    """Whether a deal the hand cannot rule out gives `holder` the bomb `bomb`: ("four", rank) or
    ("flush", suit index, low rank, high rank). Built, not searched: the bomb's cards (any copy
    of each, with two decks) go to the holder if its pins and room allow, the rest at random."""
    rnd = game.round
    deck = game.rules.deck
    pinned = pins(game, viewer, seat)
    seats = [s for s in range(rnd.seating.seats) if s != seat and rnd.hands[s]]
    free = 0
    for s in seats:
        free |= rnd.hands[s] & ~pinned[s]
    if bomb[0] == "four":
        needs = [[c for c in mask_cards(deck.rank_masks[bomb[1]]) if deck.suit_of[c] == suit]
                 for suit in range(4)]
    else:
        needs = [[c for c in mask_cards(deck.rank_masks[r]) if deck.suit_of[c] == bomb[1]]
                 for r in range(bomb[2], bomb[3] + 1)]
    mask = 0
    for options in needs:  # one card per suit (four) or per rank (flush), pinned ones first
        usable = [c for c in options if (pinned[holder] | free) >> c & 1]
        if not usable:
            return False
        usable.sort(key=lambda c: not pinned[holder] >> c & 1)
        mask |= 1 << usable[0]
    room = rnd.hands[holder].bit_count() - pinned[holder].bit_count()
    taken = mask & free
    if taken.bit_count() > room:
        return False
    rest = mask_cards(free & ~taken)
    rng.shuffle(rest)
    hands = list(rnd.hands)
    hands[holder] = pinned[holder] | taken | sum(1 << c for c in rest[:room - taken.bit_count()])
    at = room - taken.bit_count()
    for s in seats:
        if s == holder:
            continue
        k = rnd.hands[s].bit_count() - pinned[s].bit_count()
        hands[s] = pinned[s] | sum(1 << c for c in rest[at:at + k])
        at += k
    assert at == len(rest)
    assert all(hands[s].bit_count() == rnd.hands[s].bit_count() for s in seats)
    return any(_bomb_is(b, bomb, deck) for b in bombs_beating(hands[holder], deck, (0, 1, 0.5, 0, None)))


def _bomb_is(play: tuple, bomb: tuple, deck) -> bool:
    cards = mask_cards(play[3])
    ranks = sorted(deck.rank_of[c] for c in cards)
    if bomb[0] == "four":
        return play[1] == 4 and ranks[0] == bomb[1]
    return play[1] > 4 and deck.suit_of[cards[0]] == bomb[1] and (ranks[0], ranks[-1]) == bomb[2:]


class Rewind:
    """Restores a game's current round (and the game's round list and totals) to the moment
    it was made, so many worlds can be played from one copy."""

    def __init__(self, game: Game):
        self.game = game
        self.rnd = game.round
        self.round_state = {k: _copy(v) for k, v in vars(self.rnd).items()}
        self.game_state = {k: _copy(v) for k, v in vars(game).items()}

    def __call__(self, hands: list[int] | None = None):
        for k, v in self.round_state.items():
            setattr(self.rnd, k, _copy(v))
        for k, v in self.game_state.items():
            setattr(self.game, k, _copy(v))
        if hands is not None:
            self.rnd.hands = list(hands)


def _copy(value):
    if isinstance(value, list):
        return [dict(v) if isinstance(v, dict) else v for v in value]
    if isinstance(value, dict):
        return dict(value)
    return value


def nobody_can_act(game: Game, seat: int) -> bool:
    """No seat but `seat` can play on the table now: no out-of-turn bomb, and the seat in turn,
    if another one following, has nothing to play (leading a new trick is not playing on it)."""
    rnd = game.round
    if rnd.phase == OVER:
        return True
    for other in range(rnd.seating.seats):
        if other == seat or not rnd.hands[other]:
            continue
        legal = rnd.legal(other)
        if legal.bombs or (other == rnd.turn and legal.plays and not legal.lead):
            return False
    return True


def _apply_play(game: Game, seat: int, play: tuple):
    rnd = game.round
    action = {"seat": seat, "act": "play", "cards": game.rules.deck.format_cards(play[MASK])}
    if play[4] is not None:
        action["phoenix"] = game.rules.deck.rank_name(play[4])
    if play[KIND] == DOG and rnd.dog_targets(seat):
        action["to"] = rnd.dog_targets(seat)[0]
    game.apply(action, by=rnd.seating.controller[seat])


def _finish_trick(game: Game, seat: int, rnd) -> bool:
    """Let the others pass until the trick is `seat`'s (True), or until one could play (False).
    `rnd`: the round being played (the game starts the next one when it ends)."""
    for _ in range(4 * rnd.seating.seats):
        if rnd.phase == OVER or game.round is not rnd:
            return True
        if not nobody_can_act(game, seat):
            return False
        if rnd.gift_from is not None:
            if rnd.gift_from != seat:
                return False
            game.apply({"seat": seat, "act": "gift", "to": rnd.legal(seat).gift[0]},
                       by=rnd.seating.controller[seat])
            return True  # its Dragon took the trick (given away now, the lead is its or passes on)
        if rnd.turn == seat or (rnd.closed and rnd.top_seat == seat):
            return True
        game.apply({"seat": rnd.turn, "act": "pass"}, by=rnd.seating.controller[rnd.turn])
    raise AssertionError("the trick did not end")


def refutes_unbeatable(game: Game, seat: int, play: tuple) -> bool:
    """In this world, after `seat` plays `play`, could another seat ever play on the trick?"""
    rnd = game.round
    _apply_play(game, seat, play)
    return not _finish_trick(game, seat, rnd)


def refutes_plan(game: Game, seat: int, plan: list[tuple]) -> str | None:
    """Why this world refutes a going-out plan (None: it does not): a refused play, another seat
    able to play before the last one, or cards left."""
    rnd = game.round
    if rnd.trick and not nobody_can_act(game, seat):
        return "a bomb could hit the table first"
    for i, play in enumerate(plan):
        try:
            _apply_play(game, seat, play)
        except IllegalAction as err:
            return f"the engine refused play {i}: {err.message}"
        if i < len(plan) - 1 and not _finish_trick(game, seat, rnd):
            return f"another seat could play after play {i}"
    if rnd.hands[seat]:
        return "cards are left"
    return None


def position(game: Game, viewer: int, seat: int):
    return position_of(view_for(game, viewer), seat)


def provable_going_out(game: Game, seat: int, deals: list) -> bool:
    """Whether some order of this hand's legal plays (the engine's lists) empties it with no
    other seat able to play in between, in every one of `deals`: the exact truth of the
    coach's going-out claim over those deals, found by search with the engine alone."""
    rnd = game.round
    start = Rewind(game)
    try:
        if rnd.trick:
            for hands in deals:
                start(hands)
                if not nobody_can_act(game, seat):
                    return False
            start()
        safe: dict = {}
        failed: set = set()

        def all_deals_safe(here: Rewind, play: tuple, key) -> bool:
            if key not in safe:
                safe[key] = True
                for hands in deals:
                    world = list(hands)
                    world[seat] = here.round_state["hands"][seat]
                    here(world)
                    if refutes_unbeatable(game, seat, play):
                        safe[key] = False
                        break
                here()
            return safe[key]

        def search(first: bool) -> bool:
            here = Rewind(game)
            memo = (rnd.hands[seat], rnd.wish, first)
            if memo in failed:
                return False
            legal = rnd.legal(seat)
            if any(p[MASK] == rnd.hands[seat] for p in legal.plays):
                return True
            for play in legal.plays:
                if play[KIND] == DOG:
                    continue  # it hands the lead over
                if not all_deals_safe(here, play, (first, play[MASK], play[4])):
                    continue
                _apply_play(game, seat, play)
                if _finish_trick(game, seat, rnd) and rnd.turn == seat and search(False):
                    return True
                here()
            failed.add(memo)
            return False

        return search(True)
    finally:
        start()
