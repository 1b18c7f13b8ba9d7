"""A page whose JavaScript is older than the server's offers a reload instead of misbehaving:
the page is served as an older version would be (its version tag rewritten on the way), and
the server's version in the join's answer makes it show the reload banner."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.web.cluster.fixtures import create_table


def test_a_page_of_another_version_offers_a_reload(server, contexts):
    code, _token = create_table(server)
    page = contexts().new_page()

    def as_old_page(route):
        html = route.fetch().text()
        old = re.sub(r'(<meta name="tichu-version" content=")[^"]*', r"\g<1>0.0.0-old", html)
        assert old != html, "the page has no version tag"
        route.fulfill(body=old, headers={"content-type": "text/html; charset=utf-8"})

    page.route(f"**/t/{code}", as_old_page)
    page.goto(f"{server}/t/{code}")
    banner = page.locator(".reload-banner")
    expect(banner).to_contain_text("A new version of the game is here")
    expect(banner.get_by_role("button", name="Reload")).to_be_visible()


def test_a_page_of_the_servers_version_shows_no_banner(server, contexts):
    code, _token = create_table(server)
    page = contexts().new_page()
    page.goto(f"{server}/t/{code}")
    expect(page.locator("#connection")).to_have_attribute("data-status", "online")
    expect(page.locator(".reload-banner")).to_have_count(0)
