"""The compare page in real Chromium: picking rulesets, the marks against the rulesets picked, the
address, a phone's width, no JavaScript, and print."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import expect

from somerset import DIMENSIONS, RULESETS
from somerset.rules.describe import value_label
from somerset.rules.dimensions import AROUND_PLAY

COMPARE = "compare/"
PHONE = {"viewport": {"width": 360, "height": 740}, "is_mobile": True, "has_touch": True}
ROOT = Path(__file__).resolve().parents[2]


def _differing() -> Any:
    spec = importlib.util.spec_from_file_location("generate_hook_for_compare", ROOT / "hooks" / "generate.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.differing


differing = _differing()


def expected_marks(ids: list[str]) -> dict[tuple[str, str], bool]:
    """(ruleset, rule) -> whether the cell should carry ◆, computed from the engine's labels."""
    out = {}
    for key, _ in DIMENSIONS:
        marks = differing([value_label(RULESETS[rid], key) for rid in ids])
        out.update({(rid, key): m for rid, m in zip(ids, marks)})
    return out


def shown_marks(page: Any) -> dict[tuple[str, str], bool]:
    cells = page.locator(".sr-matrix td[data-rs]").evaluate_all(
        """tds => tds.filter(td => td.offsetParent !== null).map(td =>
            [td.dataset.rs, td.dataset.key, td.classList.contains('sr-differs'), !!td.querySelector('.sr-mark')])"""
    )
    for rs, key, cls, mark in cells:
        assert cls == mark, (rs, key, "class and ◆ disagree")
    return {(rs, key): cls for rs, key, cls, _ in cells}


def shown_columns(page: Any) -> list[str]:
    return page.locator(".sr-matrix thead th[data-rs]").evaluate_all(
        "ths => ths.filter(th => th.offsetParent !== null).map(th => th.dataset.rs)"
    )


def no_sideways_scroll(page: Any) -> None:
    # Against the viewport as configured: a phone's browser zooms out to fit a page that is too wide,
    # which would stretch window.innerWidth with it.
    window = page.viewport_size["width"]
    width = page.evaluate("() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth)")
    assert width <= window, f"the page is {width} px wide in a {window} px window"


def tap(page: Any, rid: str) -> None:
    page.locator(f"label[for='sr-show-{rid}']").tap()


def test_two_rulesets_in_two_taps_marked_against_each_other(open_page: Any) -> None:
    page, _ = open_page(COMPARE, **PHONE)
    status = page.locator(".sr-compare-status")
    expect(status).to_contain_text("Comparing all 12 rulesets")
    no_sideways_scroll(page)
    assert shown_marks(page) == expected_marks(list(RULESETS))
    for label in page.locator(".sr-compare-pick label").all():
        assert label.bounding_box()["height"] >= 44, label.text_content()
    assert page.locator(".sr-compare-all").bounding_box()["height"] >= 44

    tap(page, "parker-1947")
    expect(status).to_have_text("Showing Parker 1947 alone. Tick another ruleset to compare it with.")
    tap(page, "boardgamegeek")
    pair = ["parker-1947", "boardgamegeek"]
    marks = expected_marks(pair)
    differ = len({key for (_, key), m in marks.items() if m})
    assert 0 < differ < len(DIMENSIONS)  # a test that can fail both ways
    # The rules of play are counted first; those around the play (a tie rule, the options) apart.
    around = len({key for (_, key), m in marks.items() if m and key in AROUND_PLAY})
    besides = f" Around the play, {around} of {len(AROUND_PLAY)} differ{'s' if around == 1 else ''}." if around else ""
    expect(status).to_have_text(f"Comparing Parker 1947 and boardgamegeek.com: {differ - around} of "
                                f"{len(DIMENSIONS) - len(AROUND_PLAY)} rules of play differ, marked ◆.{besides}")
    assert shown_columns(page) == pair
    assert shown_marks(page) == marks
    # Against all twelve the same pair would be marked differently: the marks really were recomputed.
    assert marks != {k: v for k, v in expected_marks(list(RULESETS)).items() if k[0] in pair}
    no_sideways_scroll(page)

    query = parse_qs(urlsplit(page.url).query)
    assert query == {"rules": ["parker-1947,boardgamegeek"]}

    # The address round trip: the link opens the same comparison elsewhere.
    other, _ = open_page(COMPARE + "?" + urlsplit(page.url).query, **PHONE)
    expect(other.locator(".sr-compare-status")).to_contain_text("Comparing Parker 1947 and boardgamegeek.com")
    assert shown_columns(other) == pair and shown_marks(other) == marks
    expect(other.locator("#sr-show-parker-1947")).to_be_checked()

    # Only the rules that differ, also kept in the address.
    page.locator("label[for='sr-only-diff']").tap()
    expect(status).to_contain_text("Only those rows are shown.")
    rows = page.locator(".sr-matrix tbody tr[data-key]").evaluate_all("trs => trs.filter(tr => tr.offsetParent !== null).length")
    assert rows == differ
    assert parse_qs(urlsplit(page.url).query)["diff"] == ["1"]

    # Show all: every column back, marked against all twelve, the address cleared of the choice.
    page.locator("label[for='sr-only-diff']").tap()
    page.locator(".sr-compare-all").tap()
    expect(status).to_contain_text("Comparing all 12 rulesets")
    assert shown_columns(page) == list(RULESETS)
    assert shown_marks(page) == expected_marks(list(RULESETS))
    assert "rules" not in parse_qs(urlsplit(page.url).query)


def test_keyboard_and_aliases_and_bad_names(open_page: Any) -> None:
    page, _ = open_page(COMPARE + "?rules=bgg,Hodges,nonsense")
    status = page.locator(".sr-compare-status")
    expect(status).to_contain_text("There is no ruleset called “nonsense”")
    expect(status).to_contain_text("Comparing Hodges 1903 and boardgamegeek.com")
    assert shown_columns(page) == ["hodges-1903", "boardgamegeek"]
    assert shown_marks(page) == expected_marks(["hodges-1903", "boardgamegeek"])
    assert status.get_attribute("aria-live") == "polite"
    # The keyboard: focus a ruleset's box, Space ticks it, the status says so.
    page.locator("#sr-show-triple-2009").focus()
    page.keyboard.press("Space")
    expect(status).to_contain_text("Comparing Hodges 1903, boardgamegeek.com and Triple 2009")
    assert shown_marks(page) == expected_marks(["hodges-1903", "boardgamegeek", "triple-2009"])
    assert parse_qs(urlsplit(page.url).query)["rules"] == ["hodges-1903,boardgamegeek,triple-2009"]


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_without_javascript_the_full_matrix_and_the_picker_work(open_page: Any, scheme: str) -> None:
    page, _ = open_page(COMPARE, java_script_enabled=False, color_scheme=scheme, **PHONE)
    no_sideways_scroll(page)
    assert shown_columns(page) == list(RULESETS)
    assert shown_marks(page) == expected_marks(list(RULESETS))
    expect(page.locator(".sr-compare-status")).to_be_hidden()
    tap(page, "parker-1934")
    tap(page, "triple-2009")
    assert shown_columns(page) == ["parker-1934", "triple-2009"]
    no_sideways_scroll(page)


def test_print_shows_the_matrix_without_the_picker(open_page: Any) -> None:
    page, _ = open_page(COMPARE + "?rules=parker-1947,parker-1950")
    expect(page.locator(".sr-compare-status")).to_contain_text("Comparing Parker 1947 and Parker 1950")
    page.emulate_media(media="print")
    expect(page.locator(".sr-compare-pick")).to_be_hidden()
    expect(page.locator(".sr-compare-status")).to_be_visible()
    assert shown_columns(page) == ["parker-1947", "parker-1950"]
    expect(page.locator(".sr-matrix")).to_be_visible()
