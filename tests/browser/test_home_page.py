"""The home page on a phone: a drawn card, one sentence and the three jobs (Learn to play, Settle a
ruling, Today's puzzle) on the first screen at 360x740, each reached by keyboard; today's puzzle is
the day's puzzle of the trainer, an easy one, shown by its task and difficulty (never its title), and
without JavaScript the link opens the trainer."""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import parse_qs, urlsplit

from playwright.sync_api import expect

from somerset.teaching.puzzles import PUZZLES

PHONE = {"viewport": {"width": 360, "height": 740}, "is_mobile": True, "has_touch": True}
ENTRIES = ["Learn to play", "Settle a ruling", "Today's puzzle"]


def entries(page: Any) -> Any:
    return page.get_by_role("navigation", name="Start here").get_by_role("link")


def test_three_entries_and_a_card_on_the_first_screen_of_a_phone(open_page: Any) -> None:
    page, _ = open_page("", **PHONE)
    card = page.locator(".sr-home .sr-cardface")
    expect(card).to_be_visible()
    assert card.bounding_box()["y"] + card.bounding_box()["height"] <= 740
    expect(entries(page)).to_have_count(3)
    for i, name in enumerate(ENTRIES):
        link = entries(page).nth(i)
        expect(link).to_contain_text(name)
        box = link.bounding_box()
        assert box["y"] + box["height"] <= 740, (name, box)  # above the fold
        assert box["height"] >= 44 and box["width"] >= 300, (name, box)  # large: the whole width
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= 360


def test_the_entries_work_by_keyboard(open_page: Any, site_url: str) -> None:
    page, _ = open_page("", **PHONE)
    expect(entries(page)).to_have_count(3)
    for i, (name, where) in enumerate(zip(ENTRIES, ("learn/", "rulings/", "puzzles/trainer/"))):
        page.goto(site_url)
        entries(page).nth(i).focus()
        expect(entries(page).nth(i)).to_be_focused()
        page.keyboard.press("Enter")
        page.wait_for_url(lambda url: urlsplit(url).path.endswith("/" + where))


def _daily_index(date_text: str, count: int) -> int:
    """FNV-1a (32 bits) of the date, as widgets/store/puzzle-store.js dailyIndex counts it."""
    h = 0x811C9DC5
    for ch in date_text:
        h ^= ord(ch)
        h = (h * 0x01000193) & 0xFFFFFFFF
    return h % count


CARD = __import__("re").compile(r"(?<![\w/])(S/S|\d{1,2}/\d{1,2})(?![\w/])")


def test_todays_puzzle_is_an_easy_one_shown_by_its_task_not_its_answer(open_page: Any) -> None:
    page, _ = open_page("", **PHONE)
    link = entries(page).nth(2)
    expect(link).to_have_attribute("href", __import__("re").compile(r"\?p="))
    today = page.evaluate("() => { const d = new Date(); return [d.getFullYear(), String(d.getMonth() + 1).padStart(2, '0'), String(d.getDate()).padStart(2, '0')].join('-'); }")
    easy = sorted(p.id for p in PUZZLES if p.difficulty <= 2)
    expected = next(p for p in PUZZLES if p.id == easy[_daily_index(today, len(easy))])
    href = link.get_attribute("href")
    assert parse_qs(urlsplit(href).query)["p"] == [expected.id]
    # The task and the difficulty, never the title (which may name the answer) nor a card of the answer.
    line = link.locator(".sr-home__entry-line")
    expect(line).to_have_text(f"{expected.heading} · difficulty {expected.difficulty} of 5")
    shown = line.inner_text()
    assert expected.title not in shown
    assert not set(CARD.findall(shown)) - set(CARD.findall(expected.theme_name)), shown  # no card but its theme's
    box = link.bounding_box()
    assert box["y"] + box["height"] <= 740
    # The trainer's data holds that puzzle, and the trainer calls it today's puzzle too.
    data = json.loads(page.request.get(page.url.split("#")[0] + "assets/data/puzzles.json").text())
    assert expected.id in {p["id"] for p in data["puzzles"]}
    link.click()
    page.wait_for_url(lambda url: "puzzles/trainer/" in url)
    expect(page.locator(".sr-trainer__badge")).to_have_text("Today's puzzle")
    expect(page.locator(".sr-trainer__title")).to_have_text(expected.heading)


def test_without_javascript_the_puzzle_link_opens_the_trainer(browser: Any, site_url: str) -> None:
    context = browser.new_context(java_script_enabled=False, service_workers="block", **PHONE)
    page = context.new_page()
    page.goto(site_url)
    link = entries(page).nth(2)
    expect(link).to_have_attribute("href", "puzzles/trainer/")
    box = link.bounding_box()
    assert box["y"] + box["height"] <= 740
    context.close()
