"""The trick read at a glance, and the table on phones and laptops.

A trick of four plays (an 11-card straight among them) is drawn by the page's own modules at
360, 390 and 1366 px: each play sits in front of its seat, the play to beat is marked, cards run
low to high, and nothing overlaps (names, plays, the wish, the status). The prompt to act shows
only once a play in flight has landed. Panels open from the bottom and leave the seats in sight;
both teams' totals are always on screen; small things the trial found stay fixed."""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import expect

from app.engine import view_for

from .driver import LAYOUT_CHECK
from .test_table import BotGame

HERE = Path(__file__).parent
DRAW = (HERE / "draw_doc.js").read_text()
MEASURE = (HERE / "trick_check.js").read_text()
STRAIGHT = "SK SQ SJ S10 S9 S8 S7 S6 S5 S4 S3"  # as the engine lists it: high to low


def trick_view(view) -> dict:
    """A seat's view with a trick of four plays (the left opponent's an 11-card straight) and a wish."""
    view = {**view, "wish": "8", "phase": "play", "turn": 0, "lead": False}
    view["trick"] = {"closed": False, "winner": None, "plays": [
        {"seat": 1, "cards": "R2", "kind": "single", "rank": "2"},
        {"seat": 2, "cards": "GA BA", "kind": "pair", "rank": "A"},
        {"seat": 3, "cards": STRAIGHT, "kind": "straight", "rank": "K"},
        {"seat": 0, "cards": "Ph", "kind": "single", "rank": "K", "phoenix": "K"},
    ]}
    return view


def test_the_trick_at_a_glance_at_every_width(server, contexts):
    game = BotGame(server, contexts, seed=7)
    while game.mirror.round.phase != "play":
        game.step()
    game.bots_move()
    game.page.wait_moves(game.mirror.version)  # the server's bots have moved: no state over the drawing
    base = view_for(game.mirror, 0)
    seats = [{"seat": i, "team": base["players"][i]["team"], "name": name, "bot": None, "taken": True,
              "human": True, "online": True} for i, name in enumerate(["Anna", "Bartholomew", "Cleo", "Dan"])]
    table = {"code": game.code, "name": "t", "ruleset": "standard", "options": base["options"],
             "status": "playing", "seats": seats, "host": {"name": "Anna", "seat": 0, "online": True},
             "spectators": 0, "moves": 1,
             "game_no": 0, "finished_games": 0, "levels": ["greedy"], "default_level": "greedy",
             "settings": {"tracker": False}, "chat": []}
    doc = {"table": table, "you": {"seat": 0, "host": True, "manage": True, "bot_plays": False},
           "game": trick_view(base)}
    page = game.page.page
    for width, height in ((360, 640), (390, 844), (1366, 768)):
        page.set_viewport_size({"width": width, "height": height})
        # The page re-renders its own document for the new size first: draw after that, not under it.
        expect(game.page.app).to_have_attribute("data-width", str(width))
        page.evaluate(DRAW, {"doc": doc})
        got = page.evaluate(MEASURE)
        assert not got["problems"], (width, got["problems"])
        assert got["sw"] <= got["vw"], (width, "horizontal scroll")
        assert got["top"] == "0", "the last play is the one to beat"
        order = dict(got["order"])
        assert order["3"] == STRAIGHT.split()[::-1], "a straight reads low to high"
        pos, center = got["pos"], got["center"]
        mid = (center["left"] + center["right"]) / 2
        assert pos["2"]["top"] < pos["0"]["top"], (width, "the partner's play above mine")
        assert all(pos["0"]["top"] >= pos[s]["bottom"] - 1 for s in "123"), (width, "mine nearest to me")
        assert pos["3"]["left"] < pos["1"]["left"], (width, "left of the right one")
        assert pos["3"]["left"] < mid < pos["1"]["right"], width
        assert page.evaluate(LAYOUT_CHECK) == [], width


def test_the_prompt_to_act_waits_until_the_play_has_landed(server, contexts):
    game = BotGame(server, contexts, seed=7)
    page = game.page.page
    page.evaluate("""() => {
      window.__early = 0; window.__landings = 0;
      const app = document.getElementById("app");
      new MutationObserver(() => {
        if (app.dataset.landing) window.__landings += 1;
        const duty = app.querySelector(".center .status.duty");
        const flying = document.getAnimations().some((a) => a.playState === "running"
          && a.effect && a.effect.target && a.effect.target.closest && a.effect.target.closest(".trick"));
        if (duty && getComputedStyle(duty).visibility === "visible" && flying) window.__early += 1;
      }).observe(app, { subtree: true, childList: true, attributes: true });
    }""")
    while sum(e["act"] == "trick" for e in game.mirror.round.log) < 3 and game.step():
        pass
    assert page.evaluate("window.__landings") > 0, "plays flew in"
    assert page.evaluate("window.__early") == 0, "the prompt showed while a play was still flying"


def test_panels_open_from_the_bottom_and_totals_stay_on_screen(server, contexts, phones):
    game = BotGame(server, contexts, seed=7, context_options=phones["android"])
    page = game.page
    p = page.page
    expect(page.key("tab-score").locator(".totals")).to_have_attribute("data-totals", "0:0")
    tabs = page.box(page.key("tab-history"))
    assert tabs["y"] > 640 * 0.8, "the tabs sit at the bottom, in thumb reach"
    page.press(page.key("tab-history"))
    panel = page.box(p.locator("#panel"))
    assert panel["y"] > 640 * 0.3 and panel["y"] + panel["height"] <= tabs["y"] + 1
    seat = page.box(p.locator('.opponents .seat[data-seat="2"]'))
    assert seat["y"] + seat["height"] < panel["y"], "the seats stay in sight above the sheet"
    page.assert_layout()
    page.press(page.key("close-panel"))
    # Small things: the sort button says the order it shows; the opponents say where they sit;
    # the exchange is asked once; bigger cards where the phone has room.
    expect(page.key("sort")).to_contain_text("By rank")
    page.press(page.key("sort"))
    expect(page.key("sort")).to_contain_text("By suit")
    page.press(page.key("sort"))
    expect(p.locator('.opponents .seat[data-seat="1"] .tag.rel')).to_have_text("right")
    expect(p.locator('.opponents .seat[data-seat="3"] .tag.rel')).to_have_text("left")
    expect(p.locator('.opponents .seat[data-seat="2"] .tag.rel')).to_have_text("partner")
    game.step()  # Grand Tichu
    game.bots_move()
    expect(page.key("slot-3")).to_be_visible()  # the slot of the left-hand neighbour
    assert p.get_by_text(re.compile("for each player")).count() == 1


def test_small_things_the_trial_found(server, contexts, phones):
    game = BotGame(server, contexts, seed=7, context_options={"viewport": {"width": 1366, "height": 768}})
    page = game.page
    p = page.page
    page.press(p.locator("header .langs a", has_text="DE"))  # German: the longest labels
    expect(p.locator("html")).to_have_attribute("lang", "de")
    expect(page.app).to_have_attribute("data-seat", "0")
    page.by_code = True
    # Every tab's label fits at 1366 px (German, the longest labels).
    cut = p.locator(".tabs .tab").evaluate_all("els => els.filter(e => e.scrollWidth > e.clientWidth + 1)"
                                               ".map(e => e.dataset.key)")
    assert cut == []
    # A laptop's Hint is in the action bar (its tabs share a narrow column), never among the tabs.
    expect(p.locator('.actions [data-key="hint"]')).to_have_count(1)
    expect(p.locator('.tabs [data-key="hint"]')).to_have_count(0)
    # The Dog's word stays inside the card, in the hand and on the table, in both languages.
    for size in (24, 34, 44, 56, 74):
        out = p.evaluate("""async (size) => {
          const { cardFace } = await import("/static/js/cards.js");
          const card = cardFace("Dg", "standard");
          card.style.setProperty("--card-w", size + "px");
          document.body.append(card);
          const c = card.getBoundingClientRect(), r = card.querySelector(".rank").getBoundingClientRect();
          card.remove();
          return [r.right <= c.right - 1, card.querySelector(".rank").textContent];
        }""", size)
        assert out == [True, "Hund"], size
    # My own chat message shows for a moment with my name, my seat marked as the one who said it.
    page.press(page.key("tab-chat"))
    page.press(page.key("quick-thanks"))
    expect(p.locator(".center .bubble")).to_contain_text("Anna: Danke!")
    expect(p.locator(".seat.mine .tag.says")).to_have_count(1)
    # At a round's end the laptop's side column shows the score sheet, whatever was open: at
    # 1366 x 768 it is always open, the chosen panel under it.
    page.press(page.key("tab-history"))
    while len(game.mirror.rounds) == 1 and game.step():
        pass
    game.bots_move()
    page.wait_moves(game.mirror.version)
    expect(p.locator(".side .panel-score")).to_be_visible()
    expect(p.locator("#panel")).to_have_class(re.compile(r"\bpanel-history\b"))
    expect(p.locator(".scores td.total").first).to_be_in_viewport()
