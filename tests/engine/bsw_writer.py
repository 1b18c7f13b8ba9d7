"""Test helper: prints games of our engine as Brettspielwelt writes its Tichu logs.

Only the tests write BSW logs: a game played on the engine (by random players or
a script) is printed the way BSW_LOGS.md describes, so that importing the text
must give back the very same game. What the description leaves open is fixed
here, and the importer is tested against other choices where it matters:

- the cards of a line are written highest first (Dragon, Phoenix, Ace .. 2, Mah
  Jong, Dog); a Phoenix in a combination stands at the rank it takes, after the
  cards of that rank (`phoenix_before_equals=True`: before them);
- the trick's winner gets a `passt.` line right after the pass that won him the
  trick, if he still holds cards (`marker=False`: no such lines);
- the exchange lines name the next seat, the partner and the seat before, each by
  its Schupfen nickname, and end in "- ";
- `BOMBE:` lists the seats holding a bomb after the exchange (no line if none);
- `bsw_score_error=True` prints BSW's Ergebnis where both partners called Grand
  Tichu and one failed (without that call's -200).
"""

from __future__ import annotations

import random

from app.engine import Game
from app.engine.combos import SINGLE
from app.engine.plays import bombs_beating
from app.engine.round import PLAY, Round
from app.engine.simulate import play_random_round

GRAND_HEADER = "---------------Gr.Tichukarten------------------"
START_HEADER = "---------------Startkarten------------------"
PLAY_HEADER = "---------------Rundenverlauf------------------"
NAMES = ["anna", "bert", "cleo", "dino"]

_RANK = {"J": "B", "Q": "D"}
_SPECIAL = {"Mj": "Ma", "Dg": "Hu", "Ph": "Ph", "Dr": "Dr"}
_LONE_TWO = (SINGLE, 1, 2, 0, None)


def bsw_card(code: str) -> str:
    if code in _SPECIAL:
        return _SPECIAL[code]
    return code[0] + _RANK.get(code[1:], code[1:])


def bsw_rank(name: str) -> str:
    return _RANK.get(name, name)


def bsw_cards(deck, cards, phoenix: int | None = None, before_equals: bool = False) -> str:
    """Card ids highest first in BSW names; a Phoenix standing for `phoenix` among them."""
    ordered = deck.sorted_cards(cards)
    if phoenix is not None:
        ordered.remove(deck.phoenix)
        place = next((i for i, c in enumerate(ordered) if deck.rank_of[c] < phoenix
                      or (before_equals and deck.rank_of[c] == phoenix)), len(ordered))
        ordered.insert(place, deck.phoenix)
    return " ".join(bsw_card(deck.codes[c]) for c in ordered)


def random_game(seed, rounds: int | None = None, **rates) -> Game:
    """A game of random legal play: `rounds` rounds, or to its end."""
    game = Game("standard", seed=seed)
    rng = random.Random(seed)
    while not game.over and (rounds is None or len(game.results()) < rounds):
        play_random_round(game, rng, **rates)
    return game


def write_game(game: Game, names=NAMES, **style) -> str:
    """The log of a game's finished rounds; `--END GAME--` after the last if the game is over."""
    lines = []
    for index, rnd in enumerate(game.rounds):
        if rnd.result is not None:
            lines += round_lines(rnd, names, index=index, **style)
    if game.over:
        lines.append("--END GAME--")
    return "\n".join(lines) + "\n"


def round_lines(rnd, names=NAMES, *, index: int = 0, renames: dict | None = None, marker: bool = True,
                phoenix_before_equals: bool = False, bsw_score_error: bool = False) -> list[str]:
    """One finished round (an engine `Round`) as BSW writes it.

    `renames`: {(round index, section): {seat: nickname}}, sections being
    "Gr.Tichukarten", "Startkarten", "calls", "Schupfen", "Rundenverlauf".
    """
    rules = rnd.rules
    deck = rules.deck
    renames = renames or {}

    def who(seat: int, section: str) -> str:
        return renames.get((index, section), {}).get(seat, names[seat])

    def seated(seat: int, section: str) -> str:
        return f"({seat}){who(seat, section)}"

    lines = [GRAND_HEADER]
    lines += [f"{seated(s, 'Gr.Tichukarten')} {bsw_cards(deck, rnd.dealt[s][:8])}" for s in range(4)]
    lines.append(START_HEADER)
    lines += [f"{seated(s, 'Startkarten')} {bsw_cards(deck, rnd.dealt[s])}" for s in range(4)]
    sim = Round(rules, rnd.dealt)
    actions = list(rnd.actions)
    calls, gives = [], {}
    while sim.phase != PLAY:
        action = actions.pop(0)
        sim.apply(action)
        if action.act == "grand" and action.call:
            calls.append(f"Grosses Tichu: {seated(action.seat, 'calls')}")
        elif action.act == "tichu":
            calls.append(f"Tichu: {seated(action.seat, 'calls')}")
        elif action.act == "exchange":
            gives[action.seat] = dict(action.give)
    lines += sorted(calls, key=lambda c: not c.startswith("Grosses"))  # BSW: Grand Tichu lines first
    lines.append("Schupfen:")
    for s in range(4):
        parts = [f"{who(t, 'Schupfen')}: {bsw_card(deck.codes[gives[s][t]])} - " for t in ((s + 1) % 4,
                 (s + 2) % 4, (s + 3) % 4)]
        lines.append(f"{seated(s, 'Schupfen')} gibt: " + "".join(parts))
    bombers = [s for s in range(4) if bombs_beating(sim.hands[s], deck, _LONE_TWO)]
    if bombers:
        lines.append("BOMBE: " + " ".join(seated(s, "Schupfen") for s in bombers))
    lines.append(PLAY_HEADER)
    for action in actions:
        s = action.seat
        if action.act == "play":
            sim.apply(action)
            shown = next(e for e in reversed(sim.log) if e["act"] == "play")  # the reading the engine took
            phoenix = deck.parse_rank(shown["phoenix"]) if shown["phoenix"] else None
            cards = bsw_cards(deck, _ids(action.cards), phoenix, phoenix_before_equals)
            lines.append(f"{seated(s, 'Rundenverlauf')}: {cards}")
            if action.wish is not None:
                lines.append(f"Wunsch:{bsw_rank(deck.rank_name(action.wish))}")
        elif action.act == "pass":
            sim.apply(action)
            lines.append(f"{seated(s, 'Rundenverlauf')} passt.")
            winner = sim.top_seat
            if marker and sim.closed and sim.hands[winner]:
                lines.append(f"{seated(winner, 'Rundenverlauf')} passt.")
        elif action.act == "tichu":
            sim.apply(action)
            lines.append(f"Tichu: {seated(s, 'Rundenverlauf')}")
        elif action.act == "gift":
            sim.apply(action)
            lines.append(f"Drache an: {seated(action.to, 'Rundenverlauf')}")
        else:
            raise AssertionError(f"no BSW line for {action}")
    assert sim.result is not None and sim.result.scores == rnd.result.scores
    scores = list(sim.result.scores)
    if bsw_score_error:
        for team, seats in enumerate(((0, 2), (1, 3))):
            made = [sim.result.call_made[p] for p in seats]
            if all(sim.result.calls[p] == "grand" for p in seats) and sorted(made) == [False, True]:
                scores[team] += 200
    lines.append(f"Ergebnis: {scores[0]} - {scores[1]}")
    return lines


def _ids(mask: int) -> list[int]:
    return [i for i in range(mask.bit_length()) if mask >> i & 1]
