"""Play-outs keep the rules the engine keeps: every move legal, the Mah Jong's wish honoured, bombs
out of turn only on a combination and never by a partner of its player.

Each play-out notes its moves (`Playout.trace`); every move is checked against the engine's own
lists: `turn_plays` in a seat's turn (the wish applied, the Trichu Table free of it) and
`bombs_beating` out of turn.
"""

import random

from app.bots.base import hand_views
from app.bots.knowledge import Knowledge
from app.bots.playout import Playout, planner_for
from app.bots.sampling import Sampler
from app.bots.table import TableLog, play_round
from app.engine import Game, Rules, view_for
from app.engine.combos import BOMB, DOG, MASK, PAIR, SINGLE
from app.engine.plays import bombs_beating, turn_plays, wish_mask

from .positions import TurnRecorder, mask, play, table

TABLES = [("standard", {}), ("trichu", {}), ("tientsin", {}), ("grandseigneur", {}),
          ("grandseigneur", {"players": 8})]


def new_round(name: str, options: dict, seed: int) -> Game:
    game = Game(name, options, seed=seed)
    for s in game.round.pending() if game.round.phase == "grand" else ():
        game.apply({"act": "grand", "seat": s, "call": False})
    return game


def playout_from_deal(game: Game, wish: int | None) -> Playout:
    """A play-out of the whole round from its first lead, every hand as dealt."""
    rules = game.rules
    hands = [sum(1 << c for c in cards) for cards in game.round.dealt]
    mj = next(s for s, h in enumerate(hands) if h & rules.deck.mahjong_mask)
    n = len(hands)
    po = Playout(rules, planner_for(rules.deck, rules.stairs_min_pairs), view_for(game, 0)["geometry"])
    return po.setup(hands, mj, None, None, 0, 0, [0] * n, [], [None] * n, wish=wish)


def check_moves(po: Playout, rules: Rules) -> dict:
    """Every noted move legal by the engine; counts of the moves the wish forced and of bombs."""
    deck = rules.deck
    free = po.wish_free
    seen = {"wish_bound": 0, "out_of_turn": 0, "moves": 0}
    for seat, c, top, wish, out_of_turn, hand in po.trace:
        seen["moves"] += 1
        on = None if top is None else (top[0], top[1], top[2], 0, None)
        if out_of_turn:
            assert on is not None and on[0] != DOG and c[0] == BOMB
            assert c[MASK] in {b[MASK] for b in bombs_beating(hand, deck, on)}
            seen["out_of_turn"] += 1
            continue
        binding = None if seat in free else wish
        plays, may_pass = turn_plays(hand, deck, on, binding, stairs_min_pairs=rules.stairs_min_pairs,
                                     led_phoenix=rules.led_phoenix_value,
                                     wish_bomb_escape=rules.wish_bomb_escape)
        if c is None:
            assert may_pass, (seat, top, wish, deck.format_cards(hand))
        else:
            assert c[MASK] in {p[MASK] for p in plays}, (seat, deck.format_cards(c[MASK]), top, wish)
        if binding is not None and hand & wish_mask(deck, binding) and not may_pass:
            seen["wish_bound"] += 1
    return seen


def test_play_outs_of_whole_rounds_move_only_as_the_engine_allows_wish_and_bombs_included():
    totals = {"wish_bound": 0, "out_of_turn": 0, "moves": 0}
    for name, options in TABLES:
        for seed in range(40):
            game = new_round(name, options, seed)
            # Half of them start under a wish (as if a Mah Jong had been played with one), so the
            # wish binds often; in the others it is the Mah Jong's player who wishes.
            deck = game.rules.deck
            wish = random.Random(seed).randint(deck.low, deck.high) if seed % 2 else None
            po = playout_from_deal(game, wish)
            po.trace = []
            po.run()
            assert po.out and len(set(po.out)) == len(po.out)
            for key, count in check_moves(po, game.rules).items():
                totals[key] += count
    assert totals["wish_bound"] > 50 and totals["out_of_turn"] > 5 and totals["moves"] > 5000


def test_play_outs_from_sampled_deals_of_real_turns_move_legally():
    """From turns in the middle of rounds Normal plays (a trick on the table, cards gone, the wish
    maybe in force), on deals of the hidden cards the seat in turn may imagine."""
    for name, options in TABLES:
        rules = Rules.of(name, options)
        for seed in range(3):
            game = new_round(name, options, 100 + seed)
            turns: list = []
            play_round(game, [TurnRecorder(s, random.Random(s), turns) for s in range(rules.seats)],
                       TableLog())
            rng = random.Random(seed)
            for view in turns:
                for hand_view in hand_views(view):
                    if not (hand_view["legal"] and hand_view["legal"]["plays"]):
                        continue
                    k = Knowledge(hand_view)
                    n = rules.seats
                    top = (k.top[0], k.top[1], k.top[2]) if k.top is not None else None
                    passes = sum(1 for s, p in enumerate(k.passed) if p and s != k.seat)
                    out = [s for s, _ in sorted(((s, p) for s, p in enumerate(k.places) if p),
                                                key=lambda x: x[1])]
                    planner = planner_for(rules.deck, rules.stairs_min_pairs)
                    po = Playout(rules, planner, hand_view["geometry"])
                    po.setup(Sampler(k).sample(rng), k.seat, top, k.top_seat if top else None, passes, 0,
                             [0] * n, out, list(k.calls), wish=k.wish)
                    po.trace = []
                    po.run()
                    check_moves(po, rules)


def test_a_seat_holding_the_wished_rank_breaks_a_pair_to_play_it():
    game = table(["Mj S3 B4 G6", "S9 B9 G2", "SK GK BQ", "S8 B8 G8"], fill=False)
    play(game, 0, "Mj", wish="9")
    rules = game.rules
    deck = rules.deck
    hands = [h for h in game.round.hands]
    po = Playout(rules, planner_for(deck, rules.stairs_min_pairs), view_for(game, 0)["geometry"])
    po.setup(hands, 1, (0, 1, 1), 0, 0, 0, [0] * 4, [], [None] * 4, wish=9)
    po.trace = []
    po.run()
    seat, c, top, wish, out_of_turn, hand = po.trace[0]
    assert seat == 1 and c[MASK].bit_count() == 1 and c[MASK] & deck.rank_masks[9] and wish == 9
    # The wish is over once a 9 is out.
    assert all(move[3] is None for move in po.trace[1:])
    check_moves(po, rules)


def test_an_opponent_bombs_a_dragon_out_of_turn():
    # Seat 0 leads the Dragon, its last card; seat 3 (an opponent, not next in turn) holds four 7s.
    game = Game(seed=1)  # (its rules and seats; the hands are these)
    rules = game.rules
    deck = rules.deck
    po = Playout(rules, planner_for(deck, rules.stairs_min_pairs), view_for(game, 0)["geometry"])
    hands = [mask("Dr"), mask("S5 B6 G2"), mask("SK GK BQ Mj"), mask("S7 B7 G7 R7 G9")]
    po.setup(hands, 0, None, None, 0, 0, [0] * 4, [], [None] * 4)
    assert po.bombers == [3]
    po.trace = []
    po.run()
    first, second = po.trace[0], po.trace[1]
    assert first[0] == 0 and first[1][MASK] == deck.dragon_mask
    assert second[0] == 3 and second[4] and second[1][0] == BOMB  # out of turn, before seat 1 plays
    check_moves(po, rules)


def _first_answer(hands: list[str], top: tuple) -> tuple:
    """Seat 1's answer (seat, combination) in a play-out where seat 0, its opponent, leads `top`."""
    game = Game(seed=1)
    rules = game.rules
    po = Playout(rules, planner_for(rules.deck, rules.stairs_min_pairs), view_for(game, 0)["geometry"])
    po.setup([mask(h) for h in hands], 1, top, 0, 0, 0, [0] * 4, [], [None] * 4)
    po.trace = []
    po.run()
    check_moves(po, rules)
    return po.trace[0][0], po.trace[0][1]


def test_an_opponents_single_is_taken_with_a_card_out_of_a_combination():
    # Nothing of seat 1's plan (a full house, a low pair) beats a single 8: the lowest 9 does.
    seat, c = _first_answer(["S8 G2 B3 R4", "S9 B9 G9 SJ BJ S3 B3", "SK GK BQ Mj", "S5 B6 G7 R10"],
                            (SINGLE, 1, 8))
    assert seat == 1 and c[0] == SINGLE and c[MASK] == mask("S9")


def test_an_opponents_pair_is_taken_with_a_pair_out_of_a_combination():
    # A pair of 8s: seat 1 breaks its full house for two 9s, not its straight's cards...
    seat, c = _first_answer(["S8 B8 G2 R4", "S9 B9 G9 SJ BJ S3 B4 G5 R6 S7", "SK GK BQ Mj", "S5 B6 G7 R10"],
                            (PAIR, 2, 8))
    assert seat == 1 and c[0] == PAIR and c[MASK] == mask("S9 B9")
    # ...and with no two cards of a rank above, it pairs the lowest card above with the Phoenix.
    seat, c = _first_answer(["S8 B8 G2 R4", "S9 B10 GJ RQ SK Ph S3", "SA GK BQ Mj", "S5 B6 G7 R10"],
                            (PAIR, 2, 8))
    assert seat == 1 and c[0] == PAIR and c[MASK] == mask("S9 Ph")
