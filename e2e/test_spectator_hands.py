"""A spectator sees the hands only with every player's consent, on phones, by taps.

Anna (host) and Ben play with two bots; Zoe watches on her phone and asks to see the hands.
Each player gets a prompt that blocks nothing; once both allow, Zoe sees every hand under its
seat and the players see that she does. Ben withdraws: Zoe's page says so and shows no hand.
Ben's Settings then answer for all ("Always allow"), and at a table whose host forbids it
there is nothing to ask.
"""

from __future__ import annotations

from playwright.sync_api import expect

from .driver import TablePage
from .test_sizes import PHONE

SEED = 7


def phone(contexts) -> TablePage:
    return TablePage(contexts(**PHONE).new_page(), tap=True)


def test_a_spectator_sees_the_hands_only_while_both_players_agree(server, contexts):
    anna = phone(contexts)
    code = anna.create_table(server, "Anna", seed=SEED)
    url = f"{server}/t/{code}"
    anna.sit(0)
    ben = phone(contexts)
    ben.open(url)
    ben.sit(1, "Ben")
    for seat in (2, 3):
        anna.add_bot(seat, "greedy")
    anna.start()
    zoe = phone(contexts)
    zoe.open(url)
    expect(zoe.page.locator(".seen-hand")).to_have_count(0)
    zoe.page.fill("#name", "Zoe")  # the one name field (the bots' seats offer theirs too)
    zoe.press(zoe.key("see-hands"))
    state = zoe.key("sight-state")
    expect(state).to_have_text("Waiting for Anna, Ben.")
    expect(state).to_have_attribute("role", "status")  # read out as it changes

    # Each player is asked, without anything else being blocked.
    for player in (anna, ben):
        prompt = player.page.locator(".sight .request")
        expect(prompt).to_contain_text("Zoe asks to see the hands.")
        expect(player.page.locator(".hand [data-card]")).not_to_have_count(0)
        expect(player.page.locator("#announcer")).to_contain_text("Zoe asks to see the hands.")  # read out
    anna.press(anna.page.locator(".sight").get_by_role("button", name="Allow"))
    expect(state).to_have_text("Waiting for Ben.")
    expect(zoe.page.locator(".seen-hand")).to_have_count(0)
    ben.press(ben.page.locator(".sight").get_by_role("button", name="Allow"))
    expect(state).to_have_text("You see the hands.")
    expect(zoe.page.locator("#announcer")).to_contain_text("You see the hands.")
    for seat in range(4):
        seen = zoe.key(f"seen-hand-{seat}")
        expect(seen.locator("[data-card]")).not_to_have_count(0)
    expect(zoe.page.get_by_role("group", name="Anna's hand")).to_be_visible()  # read out by name
    # Zoe sees exactly Anna's cards, as Anna's page shows them.
    expect(zoe.key("seen-hand-0").locator("[data-card]")).to_have_count(len(anna.hand()))
    assert sorted(zoe.key("seen-hand-0").locator("[data-card]").evaluate_all(
        "els => els.map(e => e.dataset.card)")) == sorted(anna.hand())
    zoe.assert_layout()
    for player in (anna, ben):
        expect(player.page.locator(".sight .request.seeing")).to_contain_text("Zoe sees the hands.")

    # Ben withdraws: from the very next version on, Zoe sees no hand, and is told why.
    ben.press(ben.page.locator(".sight").get_by_role("button", name="Withdraw"))
    expect(state).to_have_text("Ben withdrew.")
    expect(zoe.page.locator("#announcer")).to_contain_text("Ben withdrew.")
    expect(zoe.page.locator(".seen-hand")).to_have_count(0)
    expect(anna.page.locator(".sight .request.seeing")).to_have_count(0)

    # Ben answers for all in his Settings ("Always allow"): his yes is back at once. Anna
    # withdraws; Zoe asks again, and only Anna is asked.
    ben.press(ben.key("tab-settings"))
    ben.press(ben.key("hands-pref-always"))
    expect(ben.key("hands-pref-always")).to_be_checked()
    expect(state).to_have_text("You see the hands.")
    anna.press(anna.page.locator(".sight").get_by_role("button", name="Withdraw"))
    expect(state).to_have_text("Anna withdrew.")
    zoe.press(zoe.key("see-hands"))
    expect(state).to_have_text("Waiting for Anna.")
    expect(anna.page.locator(".sight .request")).to_contain_text("Zoe asks to see the hands.")
    expect(ben.page.locator('.sight [data-key^="allow-hands-"]')).to_have_count(0)  # nothing to answer
    anna.press(anna.page.locator(".sight").get_by_role("button", name="Allow"))
    expect(state).to_have_text("You see the hands.")
    # A reload keeps Zoe's ask (its token), and the hands with it.
    zoe.page.reload()
    expect(zoe.key("sight-state")).to_have_text("You see the hands.")
    expect(zoe.page.locator(".seen-hand")).to_have_count(4)


def test_a_table_whose_host_forbids_it_offers_nothing_to_ask(server, contexts):
    anna = TablePage(contexts().new_page())
    anna.page.goto(server + "/")
    anna.page.fill("#host-name", "Anna")
    anna.page.locator("details.table-settings summary").click()
    anna.page.check("#no-hands")
    anna.page.fill("#seed", str(SEED))
    anna.press(anna.page.locator("form.create-form button[type=submit]"))
    anna.page.wait_for_url("**/t/*")
    url = anna.page.url
    anna.sit(0, "Anna")
    anna.press(anna.key("fill"))
    anna.start()
    zoe = phone(contexts)
    zoe.open(url)
    expect(zoe.app).to_have_attribute("data-status", "playing")
    expect(zoe.key("see-hands")).to_have_count(0)
    expect(zoe.page.locator(".sight")).to_have_count(0)
