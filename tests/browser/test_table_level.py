"""The bots' level at Play a deal, in real Chromium against the built site: a link's level is the
level chosen, a link naming none plays at Club and gains `level=club`, a changed level is kept in
the address, and a level the site does not know is named, with the levels it has."""

from __future__ import annotations

from typing import Any

from conftest import ENGINE_TIMEOUT
from playwright.sync_api import expect
from screen import PHONE

from somerset.api import dispatch

SETTLED = """(t) => { const b = t.querySelector('.sr-table__board');
  return b && b.dataset.pace === 'done' && (t.querySelector('.sr-table__result') || t.querySelector('.sr-table__you')); }"""


def level_in_address(page: Any, level: str) -> None:
    page.wait_for_function("(level) => new URLSearchParams(location.search).get('level') === level", arg=level,
                           timeout=ENGINE_TIMEOUT)


def test_a_link_plays_at_its_level_and_a_link_naming_none_at_club(open_page: Any) -> None:
    page, _ = open_page("tools/play/?rules=parker-1947&seed=7&level=strong")
    table = page.locator("somerset-table")
    level = table.get_by_label("Bots' level")
    expect(level).to_have_value("strong")
    level_in_address(page, "strong")
    page.wait_for_function(SETTLED, arg=table.element_handle(), timeout=ENGINE_TIMEOUT)
    page, _ = open_page("tools/play/?rules=parker-1947&seed=7")
    table = page.locator("somerset-table")
    expect(table.get_by_label("Bots' level")).to_have_value("club")
    level_in_address(page, "club")


def test_a_changed_level_is_kept_and_plays_on_with_the_new_bots(open_page: Any) -> None:
    page, _ = open_page("tools/play/?rules=parker-1947&seed=7&moves=pass", **PHONE)
    table = page.locator("somerset-table")
    level_in_address(page, "club")
    page.wait_for_function(SETTLED, arg=table.element_handle(), timeout=ENGINE_TIMEOUT)
    table.get_by_label("Bots' level").scroll_into_view_if_needed()
    page.screenshot(path="/tmp/bots-level-form-phone.png")
    table.get_by_label("Bots' level").select_option("beginner")
    level_in_address(page, "beginner")
    page.wait_for_function(SETTLED, arg=table.element_handle(), timeout=ENGINE_TIMEOUT)
    # the deal so far is the same code the engine gives at that level
    code = dispatch({"cmd": "table", "rules": "parker-1947", "seed": 7, "moves": ["pass"], "level": "beginner"})["play"]
    page.wait_for_function("(code) => new URLSearchParams(location.search).get('play') === code", arg=code,
                           timeout=ENGINE_TIMEOUT)
    page.screenshot(path="/tmp/bots-level-phone.png")


def test_an_unknown_level_is_named_with_the_levels_there_are(open_page: Any) -> None:
    page, _ = open_page("tools/play/?rules=parker-1947&seed=7&level=expert")
    table = page.locator("somerset-table")
    expect(table.locator(".sr-notice")).to_contain_text(
        "The bots' level “expert” is not one of Beginner, Club, Strong: the bots play at Club.", timeout=ENGINE_TIMEOUT)
    expect(table.get_by_label("Bots' level")).to_have_value("club")
    level_in_address(page, "club")
