"""Pace at the table: passes without a tap (the setting, and "pass ahead"), in Chromium."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from .test_sizes import SizeGame, decide


class AutoPassGame(SizeGame):
    """A person and bots, the person with "pass automatically" on: the test never taps Pass
    where nothing beats the table, and the page passes by itself."""

    auto = 0

    def step(self, rounds: int) -> bool:
        view, version = self.wait(lambda g: 0 in g["to_act"] or len(g["scores"]["rounds"]) >= rounds)
        if len(view["scores"]["rounds"]) >= rounds:
            return False
        self.page.page.wait_for_function(
            f"() => Number(document.querySelector('#app').dataset.version) >= {version}")
        legal = view["legal"]
        if view["phase"] == "play" and legal["pass"] and not any(p["kind"] != "bomb" for p in legal["plays"]):
            # Nothing but bombs (or nothing) beats the table: the page passes by itself.
            events = self.wait_for_action_of(0, view)
            assert not events or events[0]["act"] == "pass", events
            self.auto += 1
            return True
        _seat, seen, action = decide(view)
        self.page.perform(action, seen)
        expect(self.page.app).to_have_attribute("data-busy", "")
        self.wait_for_action_of(0, view)
        return True


def test_with_the_setting_on_the_page_passes_where_nothing_beats_the_table(server, contexts):
    game = AutoPassGame(server, contexts, "standard", seed=7)
    try:
        page = game.page
        page.press(page.key("tab-settings"))
        setting = page.key("pref-autopass")
        expect(setting).not_to_be_checked()  # off by default
        setting.check()
        page.press(page.key("close-panel"))
        game.play(rounds=1)
        assert game.auto >= 3, game.auto
    finally:
        game.close()


def test_pass_ahead_is_armed_for_the_current_trick_only(server, contexts):
    # The rule of autopass.js, on documents as the page holds them.
    page = contexts().new_page()
    page.goto(server + "/")
    result = page.evaluate("""async () => {
        const { wantsPass, trickKey } = await import("/static/js/autopass.js");
        const trick = { plays: [{ seat: 1, cards: "S5 R5" }] };
        const view = (turn, plays) => ({ phase: "play", game_over: false, round: 0, to_act: [turn],
            trick, legal: { pass: turn === 0, plays } });
        const ctx = (turn, plays, ui) => ({ playing: true, me: 0, actor: 0, table: { bombs: {} },
            view: view(turn, plays), acting: view(turn, plays), ui: { prefs: {}, ...ui } });
        const pair = [{ kind: "pair", cards: "S9 R9" }];
        const key = trickKey(view(0, pair));
        const other = { ...view(0, pair), trick: { plays: [{ seat: 2, cards: "G7" }] } };
        return {
          key,
          armed: wantsPass(ctx(0, pair, { passTrick: key })),
          notArmed: wantsPass(ctx(0, pair, {})),
          nextTrick: wantsPass({ ...ctx(0, pair, { passTrick: key }), view: other, acting: other }),
          notMyTurn: wantsPass(ctx(1, pair, { passTrick: key })),
          onlyBombs: wantsPass(ctx(0, [{ kind: "bomb", cards: "S8 R8 G8 B8" }],
            { prefs: { autopass: true } })),
          held: wantsPass({ ...ctx(0, [], { prefs: { autopass: true } }),
            table: { bombs: { hold: { seat: 2, until: 0 } } } }),
        };
    }""")
    assert re.fullmatch(r"0:1:S5 R5", result["key"])
    assert result["armed"] and not result["notArmed"] and not result["nextTrick"] and not result["notMyTurn"]
    assert result["onlyBombs"] and not result["held"]


def test_escape_and_a_tap_outside_close_a_panel_on_a_phone(server, contexts):
    game = SizeGame(server, contexts, "standard", seed=7)
    try:
        page = game.page
        page.press(page.key("tab-score"))
        expect(page.page.locator("#panel")).to_have_count(1)
        page.page.keyboard.press("Escape")
        expect(page.page.locator("#panel")).to_have_count(0)
        page.press(page.key("tab-history"))
        expect(page.page.locator("#panel")).to_have_count(1)
        page.page.locator("#panel").click()  # inside the sheet: it stays
        expect(page.page.locator("#panel")).to_have_count(1)
        page.page.mouse.click(195, 12)  # the top of the table, above the sheet
        expect(page.page.locator("#panel")).to_have_count(0)
    finally:
        game.close()


def test_a_new_player_gets_a_hint_at_a_real_table(server, contexts):
    game = SizeGame(server, contexts, "standard", seed=7)
    try:
        page = game.page
        # Once the bots have decided: a move of theirs after the answer would close the hint
        # (it no longer fits the table), which a loaded machine can bring about.
        _, version = game.wait(lambda g: g["to_act"] == [0])
        shown = "Number(document.querySelector('#app').dataset.version)"
        page.page.wait_for_function(f"() => {shown} >= {version}")
        hint = page.key("hint")
        expect(hint).to_be_visible()  # the coach is on for a browser that never finished a round
        page.press(hint)
        box = page.page.locator(".coach-hint")
        expect(box.locator(".coach-suggestion")).to_contain_text("The Hard bot would")
        expect(page.page.locator("#announcer")).to_contain_text("The Hard bot would")
        # Its estimate of going out first, in words and figures, as the bot's own view.
        expect(box.locator(".reasons li").first).to_contain_text("On these eight cards it puts your chance")
        page.assert_layout()
        page.press(page.key("hint-close"))
        expect(box).to_have_count(0)
        # At a lead the bot's own reasons come under their heading, apart from the facts.
        for _ in range(80):
            view, _ = game.wait(lambda g: 0 in g["to_act"] or g["scores"]["rounds"])
            if view["phase"] == "play" and view["lead"] and view["turn"] == 0:
                break
            assert game.step(1)
        else:
            raise AssertionError("no lead of the person's in the first round")
        page.press(page.key("hint"))
        expect(box.locator(".reasons li", has_text="By its plan your hand needs")).to_have_count(1)
        expect(box.locator(".coach-kind").first).to_have_text("Its reasons, as the bot sees it:")
        page.assert_layout()
    finally:
        game.close()


def test_auto_pass_switched_on_while_only_a_pass_is_left_passes_that_turn(server, contexts):
    game = SizeGame(server, contexts, "standard", seed=7)
    game.page.check_layout = False  # about passing, not the layout (test_sizes checks that)
    game.swept = {"exchange", "trick"}
    try:
        page = game.page
        while True:  # the person plays by taps until nothing but a bomb (or nothing) beats the table
            view, version = game.wait(lambda g: 0 in g["to_act"])
            legal = view["legal"]
            only_pass = legal["pass"] and not any(p["kind"] != "bomb" for p in legal["plays"])
            if view["phase"] == "play" and only_pass:
                break
            assert game.step(1), "the round ended before a forced pass"
        shown = "Number(document.querySelector('#app').dataset.version)"
        page.page.wait_for_function(f"() => {shown} >= {version}")
        expect(page.key("pass")).to_be_enabled()  # the turn waits for the person
        page.press(page.key("tab-settings"))
        page.key("pref-autopass").check()
        page.press(page.key("close-panel"))
        # No tap on Pass: the page passes on this very turn.
        events = game.wait_for_action_of(0, view)
        assert events and events[0]["act"] == "pass", events
    finally:
        game.close()


def test_pass_ahead_for_a_trick_taken_before_the_turn_is_off_and_said(server, contexts):
    # The rule of autopass.js (the page says it in #alerts when it returns true).
    page = contexts().new_page()
    page.goto(server + "/")
    result = page.evaluate("""async () => {
        const { passAheadLapsed, trickKey } = await import("/static/js/autopass.js");
        const view = (plays, passed = false) => ({ phase: "play", round: 0, trick: { plays },
            players: [{ passed }, {}, {}, {}] });
        const old = view([{ seat: 1, cards: "S5" }]);
        const next = view([{ seat: 3, cards: "G9" }]);
        const key = trickKey(old);
        // Armed, and the trick was taken (a new lead) before the turn came: off, and told.
        const a = { passTrick: key };
        const lapsed = [passAheadLapsed(a, old, 0), passAheadLapsed(a, view([]), 0), a.passTrick];
        // Armed, the pass made in that trick, then the trick taken: off, nothing to tell.
        const b = { passTrick: key };
        const used = [passAheadLapsed(b, view(old.trick.plays, true), 0), passAheadLapsed(b, next, 0),
          b.passTrick];
        return { lapsed, used };
    }""")
    assert result["lapsed"] == [False, True, None]
    assert result["used"] == [False, False, None]
