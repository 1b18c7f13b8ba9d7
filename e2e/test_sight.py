"""What a person sees before sitting down: who plays with whom."""

from __future__ import annotations

from playwright.sync_api import expect

from .driver import TablePage

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}


def test_a_person_opening_the_link_sees_the_teams_before_sitting(server, contexts):
    host = TablePage(contexts(**PHONE).new_page(), tap=True)
    code = host.create_table(server, "Anna", seed=3)
    host.sit(0, "Anna")
    guest = TablePage(contexts(**PHONE).new_page(), tap=True)
    guest.open(f"{server}/t/{code}")
    expect(guest.key("teams")).to_have_text("Teams: Anna + Seat 3 against Seat 2 + Seat 4")
    trichu = TablePage(contexts(**PHONE).new_page(), tap=True)
    trichu.create_table(server, "Ben", seed=3, ruleset="trichu")
    expect(trichu.key("teams")).to_contain_text("the Table")
    hint = trichu.page.locator(".lobby-panel .hint")
    expect(hint).to_contain_text("The dealer's role moves on every round")
    seigneur = TablePage(contexts(**PHONE).new_page(), tap=True)
    seigneur.create_table(server, "Cleo", seed=3, ruleset="grandseigneur")
    teams = seigneur.page.locator(".lobby-panel .teams")
    expect(teams).to_have_text("No teams: every player for themselves.")


def test_the_score_sheet_shows_this_rounds_card_points_and_tricks_so_far(server, contexts):
    from .test_sizes import SizeGame

    game = SizeGame(server, contexts, "standard", seed=7)
    try:
        while True:  # the person plays until a few tricks are taken
            view, _ = game.wait(lambda g: True)
            if sum(1 for e in view["history"] if e.get("act") == "trick") >= 2 or not game.step(1):
                break
        view, _ = game.wait(lambda g: 0 in g["to_act"])  # the bots wait for the person: nothing moves
        page = game.page
        page.press(page.key("tab-score"))
        row = page.page.locator('[data-key="round-so-far"]')
        teams = view["geometry"]["team_of"]
        for team in (0, 1):
            tricks = [e for e in view["history"] if e.get("act") == "trick" and teams[e["to"]] == team]
            points = sum(e["points"] for e in tricks)
            word = "trick" if len(tricks) == 1 else "tricks"
            cell = row.locator(f'td[data-team="{team}"]')
            expect(cell).to_have_text(f"{points} points in {len(tricks)} {word}")
    finally:
        game.close()
