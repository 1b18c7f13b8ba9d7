"""Which decisions a seat made in one round of a record, each with what it knew then.

A record is public (every hand is in it), but a decision may only be judged on
what its seat knew when it made it. So the record is replayed action by action
with the engine, and just before each of the seat's actions the seat's view is
taken (`view_for(game, player)`, the hand's part of it by `hand_views`); that
view is all the review later uses about the cards. The real deal serves only
to replay what happened.

The decisions of player N in a round: every action of a hand N plays (its own;
in Trichu, when N deals, the Table's too; `--seat 3` there is the Table's hand,
whoever dealt): the Grand Tichu decision, a Tichu call, the exchange, each play
or pass in its turn (a lead or a follow), each bomb out of turn, the Dragon's
gift. One decision is no action: not calling Tichu, judged at the hand's first
card (the last moment it could still call) and, for a hand that never called in the
round, also at its exchange (where a call before the exchange was open), when the play
begins (the exchanged cards in hand: a hand that passes at its first turns may reach its
first card only when the call no longer pays) and, where its partner called after the
exchange, just before that call (the last moment it could call: beside a partner who
called, calling is no alternative the review weighs).

Refusals (a malformed record, a seat or round that is not there, a round that
is not complete) raise `ReviewRefused` with one line for people.
"""

from __future__ import annotations

from dataclasses import dataclass

from app.bots.base import hand_views
from app.engine import Action, Game, MalformedRecord, replay, view_for
from app.engine.record import parse_record


class ReviewRefused(ValueError):
    """A review that cannot be made; the message is one line for people."""


@dataclass
class Decision:
    round: int  # the round's index in the record
    index: int  # the action's index in the round's actions (a Tichu not called: the action it preceded)
    seat: int  # the hand that decided (the Table's seat for the Trichu dealer's Table)
    player: int  # who decided (the Trichu dealer for the Table)
    kind: str  # grand, tichu, exchange, lead, follow, bomb, gift
    done: dict  # what was done, an action in the record's form without "seat"
    view: dict  # the hand's view just before (see `base.hand_views`)
    player_view: dict  # the player's whole view just before (both hands of the Trichu dealer)


@dataclass
class RoundReplay:
    """A record read and checked, ready to be replayed round by round."""

    ruleset: str
    options: dict
    hands: list  # per round, the dealt hands (card ids per seat)
    actions: list  # per round, the actions as the record holds them
    complete: list  # per round, whether it was played to its end
    seats: int
    refused: dict | None = None  # the first action the rules refuse (`replay`'s error), if any

    def game(self) -> Game:
        hands = self.hands
        return Game(self.ruleset, self.options, deal=lambda i: hands[i] if i < len(hands) else None)


def read_record(record) -> RoundReplay:
    """Check a record (the engine's replay, every rule checked) and keep what replays it."""
    try:
        result = replay(record)
        ruleset, options, hands, actions = parse_record(record)
    except MalformedRecord as exc:
        raise ReviewRefused(f"the record is malformed: {exc.message}") from None
    complete = [bool(r.get("complete")) for r in result["rounds"]]
    complete += [False] * (len(hands) - len(complete))
    if result["error"] is not None:
        err = result["error"]
        # Rounds before the refused action's stay reviewable; that one and later ones are not.
        for r in range(err["round"], len(complete)):
            complete[r] = False
    seats = Game(ruleset, options, deal=lambda i: None).rules.seats
    return RoundReplay(ruleset, options, hands, actions, complete, seats, result["error"])


def check_request(rec: RoundReplay, seat, round_index) -> None:
    """Refuse a seat that is not at the table or a round that is not complete in the record."""
    check_seat(rec, seat)
    if not isinstance(round_index, int) or isinstance(round_index, bool) or \
            not 0 <= round_index < len(rec.hands):
        raise ReviewRefused(f"there is no round {round_index} in this record "
                            f"({_count(len(rec.hands), 'round')}, counted from 0)")
    err = rec.refused
    if err is not None and round_index >= err["round"]:
        raise ReviewRefused(f"round {round_index} of this record cannot be replayed: its action "
                            f"{err['index']} of round {err['round']} is refused ({err['code']}: "
                            f"{err['message']})")
    if not rec.complete[round_index]:
        raise ReviewRefused(f"round {round_index} of this record is not complete: only finished "
                            "rounds are reviewed")


def check_seat(rec: RoundReplay, seat) -> None:
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < rec.seats:
        raise ReviewRefused(f"there is no seat {seat} in this record (seats 0 to {rec.seats - 1})")


def _count(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def seat_decisions(rec: RoundReplay, seat: int, round_index: int) -> list[Decision]:
    """The decisions of player `seat` in round `round_index`, in the order they were made."""
    check_request(rec, seat, round_index)
    game = rec.game()
    for r in range(round_index):
        for action in rec.actions[r]:
            game.apply(action)
    rnd = game.rounds[round_index]
    out: list[Decision] = []
    callers = {a.get("seat") for a in rec.actions[round_index] if isinstance(a, dict)
               and (a.get("act") == "tichu" or a.get("act") == "grand" and a.get("call"))}
    seating = rnd.seating
    mine = [h for h in range(seating.seats) if h == seat or seating.controller[h] == seat]
    play_began = False
    for index, action in enumerate(rec.actions[round_index]):
        hand = action.get("seat") if isinstance(action, dict) else None
        player = seating.controller[hand] if isinstance(hand, int) and 0 <= hand < seating.seats else None
        if player is not None and rnd.phase == "play":
            # A hand's call still open is judged when the play begins (the exchanged cards in
            # hand) and just before a partner's call (it closes the hand's chance to call).
            partner_calls = action.get("act") == "tichu" and seat not in (player, hand)
            for own in mine:
                if own not in callers and own != hand and \
                        (not play_began or partner_calls and hand in seating.partners[own]):
                    out += _not_called_at(game, index, own, seating.controller[own], round_index)
            play_began = True
        if player is not None and (player == seat or hand == seat):
            out += _decisions_at(game, rnd, index, action, hand, player, round_index, hand not in callers)
        game.apply(action)
    return out


def _not_called_at(game, index: int, hand: int, player: int, round_index: int) -> list[Decision]:
    """A Tichu not called by `hand` just before action `index` (the play's first, or its partner's
    call), if it could call."""
    player_view = view_for(game, player)
    view = next((v for v in hand_views(player_view) if v["viewer"] == hand), None)
    if view is None or not (view.get("legal") or {}).get("tichu"):
        return []
    return [Decision(round_index, index, hand, player, "tichu", {"act": "tichu", "call": False}, view,
                     player_view)]


def _decisions_at(game, rnd, index: int, action: dict, hand: int, player: int,
                  round_index: int, never_called: bool) -> list[Decision]:
    """The decisions one action of a reviewed hand stands for (none, one, or two)."""
    player_view = view_for(game, player)
    view = next((v for v in hand_views(player_view) if v["viewer"] == hand), None)
    if view is None or view.get("legal") is None:
        return []
    legal = view["legal"]
    done = Action.from_record(action, game.rules.deck, rnd.seating.seats).to_record(game.rules.deck)
    done.pop("seat", None)  # the engine's canonical notation: cards highest first
    act = done["act"]
    found = []

    def decision(kind: str, done: dict) -> Decision:
        return Decision(round_index, index, hand, player, kind, done, view, player_view)

    if act == "grand":
        found.append(decision("grand", done))
    elif act == "tichu":
        found.append(decision("tichu", {"act": "tichu", "call": True}))
    elif act == "exchange":
        if never_called and legal["tichu"]:
            # A call before the exchange was open and never made, there nor later.
            found.append(decision("tichu", {"act": "tichu", "call": False}))
        found.append(decision("exchange", done))
    elif act == "gift":
        found.append(decision("gift", done))
    elif act in ("play", "pass"):
        if act == "play" and legal["tichu"]:
            # Its first card closes the Tichu window: not calling was a decision too.
            found.append(decision("tichu", {"act": "tichu", "call": False}))
        in_turn = view["turn"] == hand and view["gift_from"] is None
        kind = ("lead" if legal["lead"] else "follow") if in_turn else "bomb"
        found.append(decision(kind, done))
    return found
