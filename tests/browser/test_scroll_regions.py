"""What scrolls sideways on a 360 px phone is reachable by keyboard (widgets/base/scroll-regions.js): a
wide table's wrapper is a named tab stop that arrow keys scroll, a wide code block a tab stop on a
screen with hover, and both hold on a tool page whose Material bundle waits for the engine's answer
and on the pages a reader goes on to from there."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import expect

PHONE = {"width": 360, "height": 740}
WIDE_TABLE = "variants/parker-1947/"  # its rules, ruleset by ruleset: wider than 360 px
PERMALINK = "tools/trick/?rules=parker-1947&trump=2&cards=8/8,6/8,4/10,0/2"
# The replayer's page prints a deal record wider than the phone; opened with a deal, the page holds
# Material's bundle back until the replayer has answered.
REPLAY = "tools/replay/?rules=hodges-1903&format=two&seed=3"
OVERFLOWS = "(el) => el.scrollWidth > el.clientWidth + 1"


def a_wide_table(page: Any) -> Any:
    """The wrapper of the first table in view that is wider than the window (not one inside a
    folded block), once Material has wrapped the page's tables."""
    index = page.wait_for_function("""() => {
      const wraps = [...document.querySelectorAll('.md-typeset__scrollwrap')];
      const i = wraps.findIndex((w) => w.scrollWidth > w.clientWidth + 1 && !w.closest('details:not([open])'));
      return i >= 0 ? i + 1 : 0;
    }""").json_value() - 1
    return page.locator(".md-typeset__scrollwrap").nth(index)


def test_a_wide_table_is_a_named_tab_stop_that_arrow_keys_scroll(open_page: Any) -> None:
    page, _ = open_page(WIDE_TABLE, viewport=PHONE)
    wrap = a_wide_table(page)
    expect(wrap).to_have_attribute("tabindex", "0")
    expect(wrap).to_have_attribute("role", "region")
    expect(wrap).to_have_attribute("aria-label", re.compile(r"^Table: .+ \(scrolls sideways\)$"))
    wrap.focus()
    page.keyboard.press("ArrowRight")
    page.wait_for_function("(el) => el.scrollLeft > 0", arg=wrap.element_handle())
    # A table that fits is not a tab stop.
    fits = page.locator(".md-typeset__scrollwrap:not([tabindex])")
    assert all(not fits.nth(i).evaluate(OVERFLOWS) for i in range(fits.count()))


def test_a_wide_code_block_is_a_tab_stop_while_materials_bundle_waits(open_page: Any) -> None:
    # Material's bundle never arrives here: the record's block is a tab stop all the same, on a
    # screen with hover, as Material makes it.
    page, rec = open_page(goto=False, viewport=PHONE)
    rec.stall.add("/assets/javascripts/bundle.")
    page.goto(rec.base + REPLAY, wait_until="domcontentloaded")
    code = page.locator(".md-typeset pre > code").first
    expect(code).to_have_attribute("tabindex", "0")
    assert code.evaluate(OVERFLOWS)
    assert page.evaluate("typeof window.document$") == "undefined"


def test_a_wide_code_block_is_left_out_of_the_tab_order_on_a_touch_screen(open_page: Any) -> None:
    # On a screen without hover Material leaves a code block out of the tab order (a finger
    # scrolls it), and so does the page before Material's bundle has run.
    page, rec = open_page(goto=False, viewport=PHONE, has_touch=True, is_mobile=True)
    rec.stall.add("/assets/javascripts/bundle.")
    page.goto(rec.base + REPLAY, wait_until="domcontentloaded")
    expect(page.locator("somerset-deal").first).to_be_attached()
    page.wait_for_function("() => document.readyState === 'complete'")
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
    code = page.locator(".md-typeset pre > code").first
    assert code.evaluate(OVERFLOWS)
    assert code.get_attribute("tabindex") is None


def test_after_a_tool_page_the_next_pages_wide_table_is_a_tab_stop(open_page: Any) -> None:
    # The trick resolver's permalink holds Material's bundle until its answer; once it has run, a
    # link followed from there swaps the page in (no new document), and the new page's wide table
    # is a named tab stop as on a page opened directly.
    page, _ = open_page(PERMALINK, viewport=PHONE)
    expect(page.locator("somerset-trick .sr-verdict__winner")).to_be_visible()
    page.wait_for_function("() => !!window.document$")
    page.evaluate("""() => {
      window.__sameVisit = true;
      const a = document.createElement('a');
      a.href = new URL('../../variants/parker-1947/', location.href).href;
      a.id = 'sr-test-link';
      a.textContent = 'a link';
      document.querySelector('article').appendChild(a);
    }""")
    page.click("#sr-test-link")
    page.wait_for_url("**/variants/parker-1947/")
    expect(page.locator("h1")).to_contain_text("Parker 1947")
    assert page.evaluate("window.__sameVisit === true"), "the link loaded a new page"
    expect(a_wide_table(page)).to_have_attribute("tabindex", "0")
