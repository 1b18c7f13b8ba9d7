"""A whole seeded round played by four people through their pages, mirrored with the engine."""

from __future__ import annotations

from app.engine import Game, view_for
from tests.web.policy import next_action

from .driver import TablePage

SEED = 4  # round 1: Grand Tichu, Tichu, a bomb out of turn, the wish, the Dog, the Phoenix, a Dragon gift


def seat_four(server: str, make_page, seed: int = SEED) -> tuple[list[TablePage], str]:
    """Four people at a seeded table (make_page(seat) gives each one's TablePage); the host starts."""
    host = make_page(0)
    code = host.create_table(server, "Anna", seed=seed)
    url = f"{server}/t/{code}"
    host.sit(0)
    players = [host]
    for seat, name in ((1, "Ben"), (2, "Cleo"), (3, "Dan")):
        page = make_page(seat)
        page.open(url)
        page.sit(seat, name)
        players.append(page)
    return players, url


def illegal_pair(hand: list[str], plays: list[dict]) -> list[str] | None:
    """Two cards of the hand that are no legal play together."""
    legal = {frozenset(p["cards"].split()) for p in plays}
    for i, a in enumerate(hand):
        for b in hand[i + 1:]:
            if frozenset((a, b)) not in legal:
                return [a, b]
    return None


def play_round(players: list[TablePage], seed: int = SEED) -> tuple[Game, set, bool]:
    """Play the first round to its end, each action through its person's page; the page must show
    the hand the mirror holds (low to high). Returns the mirror, what was seen, and whether a bomb fell."""
    mirror = Game(seed=seed)
    bombed = False
    seen: set = set()
    while len(mirror.rounds) == 1 and mirror.round.phase != "over":
        views = [view_for(mirror, s) for s in range(4)]
        seat, action = next_action(views, bombed)
        if action["act"] == "play" and not views[seat]["legal"]["plays"]:
            bombed = True
        page = players[seat]
        page.wait_moves(mirror.version)
        shown = page.hand()
        wanted = views[seat]["hand"][::-1]
        assert shown == wanted, f"seat {seat} shows the hand it holds: {shown} instead of {wanted}"
        legal = views[seat]["legal"]
        if "illegal" not in seen and legal["lead"] and legal["plays"]:
            illegal = illegal_pair(views[seat]["hand"], legal["plays"])
            if illegal:
                page.check_play_stays_disabled(illegal)
                seen.add("illegal")
        page.perform(action, views[seat])
        seen.add(action["act"] + ("-wish" if action.get("wish") else ""))
        if action["act"] == "play" and sum(p["cards"] == action["cards"] for p in legal["plays"]) > 1:
            seen.add("phoenix-choice")
        mirror.apply({**action, "seat": seat})
    return mirror, seen, bombed
