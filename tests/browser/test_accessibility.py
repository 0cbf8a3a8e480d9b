"""Accessibility and touch, in real Chromium, on every page of the built site: axe-core's WCAG A and
AA checks in the light and dark schemes at desktop and phone widths, the palette's contrast, touch
targets of at least 44 px on a 360 px phone (controls, and links that are a whole entry of a list),
no sideways scrolling at 360 px, and a visible focus on every control of every tool when it is
reached by keyboard.

axe-core comes from the npm registry, pinned in package.json and package-lock.json; the tests
inject it from node_modules into the pages they open. It is never part of the site.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from conftest import ENGINE_TIMEOUT, ROOT
from playwright.sync_api import expect

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
WCAG_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
PHONE = {"width": 360, "height": 740}
DESKTOP = {"width": 1280, "height": 900}
TOUCH_MIN = 44


def site_pages() -> list[str]:
    """Every page of the site, as its address relative to the site root."""
    docs = ROOT / "docs"
    pages = []
    for md in sorted(docs.rglob("*.md")):
        rel = md.relative_to(docs).as_posix()
        if rel.startswith("includes/"):
            continue
        path = rel[: -len(".md")]
        path = "" if path == "index" else path[: -len("index")] if path.endswith("/index") else path + "/"
        pages.append(path)
    return pages


PAGES = site_pages()


def _finished_deal(seed: int) -> str:
    """The moves of a deal of Play a deal played to its end (the reader's first allowed move each time)."""
    from somerset.service.table import sit_down

    moves: list[str] = []
    data = sit_down("parker-1947", "four-partners", seed, moves)
    while not data["over"]:
        moves.append(data["to_play"]["moves"][0])
        data = sit_down("parker-1947", "four-partners", seed, moves)
    return ",".join(m.replace(" ", "_") for m in moves)


TOOLS = {  # each tool page with a position, so the engine starts and the tool shows an answer
    "tools/trick/?rules=all&trump=6&cards=8/8,0/0,4/4,9/12": ("somerset-trick", ".sr-verdict__winner"),
    # one ruleset's verdict with a play the reader says was a revoke: the condition line and its switch
    "tools/trick/?rules=parker-1947&trump=2&cards=5/8,0/0&held=1": ("somerset-trick", ".sr-verdict__condition--revoke"),
    "tools/score/?rules=parker-1947&bid=15&made=12&against=12": ("somerset-score", ".sr-verdict"),
    "tools/replay/?rules=hodges-1903&format=two&seed=3": ("somerset-deal", ".sr-replay__counter"),
    "tools/play/?rules=parker-1947&seed=2": ("somerset-table", ".sr-table__ask"),
    # a finished deal: the solver's check of the reader's cards, with the puzzles kept
    f"tools/play/?rules=parker-1947&seed=8&moves={_finished_deal(8)}": ("somerset-table", ".sr-table__saved"),
    "tools/pad/?rules=parker-1947&deals=s1b15p16.8,s2b16p9.15": ("somerset-pad", ".sr-pad__totals dd"),
    "tools/samedeal/?rules=parker-1947-house,parker-1947,parker-1950&seed=2": ("somerset-samedeal", ".sr-samedeal__summary"),
    "tools/worth/?rules=parker-1947&hand=6/6+5/6+4/6+3/6+2/6+1/6+0/6+S/S+1/2+3/4+5/8+7/10": ("somerset-worth", ".sr-worth__table"),
    # a table's own rules read back from their code: each change explained, the card and its QR code
    "tools/our-table/?rules=parker-1947~v1~rover_play.any-time~target.50~name.T3VyIHRhYmxl": ("somerset-our-table", ".sr-our-table__qrcode"),
    # a bidding puzzle in the trainer: the hand, the calls before and the choices of call
    "puzzles/trainer/?p=call-hodges-weak": ("somerset-trainer", ".sr-trainer__choice"),
}


def contrast(a: str, b: str) -> float:
    """WCAG contrast ratio of two opaque colours given as 'rgb(r, g, b)'."""

    def lum(colour: str) -> float:
        parts = colour[colour.index("(") + 1 : colour.index(")")].replace(",", " ").split()
        r, g, b = (float(p) / 255 for p in parts[:3])

        def f(c: float) -> float:
            return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

        return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b)

    la, lb = lum(a), lum(b)
    return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)


# The colour an element is drawn in and the opaque colour behind it (alpha composited over the
# ancestors' backgrounds).
COLOURS_JS = """
(el) => {
  const parse = (c) => { const m = c.match(/[\\d.]+/g).map(Number); return [m[0], m[1], m[2], m.length > 3 ? m[3] : 1]; };
  const over = (top, under) => top.slice(0, 3).map((v, i) => v * top[3] + under[i] * (1 - top[3]));
  const layers = [];
  for (let n = el; n; n = n.parentElement) {
    const bg = parse(getComputedStyle(n).backgroundColor);
    if (bg[3] > 0) layers.push(bg);
    if (bg[3] >= 1) break;
  }
  let back = [255, 255, 255];
  for (const layer of layers.reverse()) back = over(layer, back);
  const fg = over(parse(getComputedStyle(el).color), back);
  const rgb = (c) => `rgb(${c.map((v) => Math.round(v)).join(", ")})`;
  return { fg: rgb(fg), bg: rgb(back), outline: getComputedStyle(el).outlineColor, outlineStyle: getComputedStyle(el).outlineStyle,
           outlineWidth: parseFloat(getComputedStyle(el).outlineWidth), boxShadow: getComputedStyle(el).boxShadow };
}
"""


# axe-core, WCAG A and AA, with one narrow exception. A card button's visible text is a drawing of
# the card (the value above the suit numeral, a count card's value in a circle), hidden from
# assistive technology; its name starts with the card as written ("4/8, four of the eights suit").
# axe's label-in-name rule reads the drawing's digits run together ("48", "3/61") and reports a
# mismatch that is not one: the card as a reader sees and says it begins the name. Only such
# buttons are let through; every other label-in-name mismatch still fails.
AXE_RUN_JS = """
async (tags) => {
  const result = await axe.run(document, {runOnly: {type: 'tag', values: tags}, resultTypes: ['violations']});
  const cardDrawing = (node) => {
    const el = document.querySelector(node.target[0]);
    const card = el && el.dataset.card;
    return Boolean(card && (el.getAttribute('aria-label') || '').startsWith(card + ',') && el.querySelector('[aria-hidden=true]'));
  };
  for (const v of result.violations)
    if (v.id === 'label-content-name-mismatch') v.nodes = v.nodes.filter((n) => !cardDrawing(n));
  result.violations = result.violations.filter((v) => v.nodes.length);
  return result;
}
"""


# Every finite transition and animation finished, and none started in the next two frames (a scroll
# the page makes once its data is in can start the header's fade after the first look), or 5 s
# passed: an animation that never settles must not hold the test forever; the page is then checked
# as it stands, which is what the reader sees.
SETTLED_ANIMATIONS = """async () => {
  const end = performance.now() + 5000;
  const running = () => document.getAnimations().filter((a) => a.playState === "running" && a.effect
    && a.effect.getComputedTiming().endTime !== Infinity);
  const frames = () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  while (performance.now() < end) {
    const now = running();
    if (!now.length) {
      await frames();
      if (!running().length) return;
      continue;
    }
    await Promise.race([
      Promise.all(now.map((a) => a.finished.catch(() => null))),
      new Promise((done) => setTimeout(done, Math.max(0, end - performance.now()))),
    ]);
  }
}"""


class Viewer:
    """One browser context per scheme and width, shared by the tests of this module; axe-core is
    injected into every page it opens, and anything not from 127.0.0.1 is refused."""

    def __init__(self, browser: Any, base: str, scheme: str, viewport: dict[str, int]) -> None:
        if not AXE.is_file():
            pytest.fail(f"{AXE} is missing: install the pinned npm packages with `npm ci` (or `make setup`)")
        self.base = base
        self.context = browser.new_context(viewport=viewport, color_scheme=scheme, service_workers="block")
        self.context.set_default_timeout(ENGINE_TIMEOUT)
        self.context.add_init_script(path=str(AXE))
        self.foreign: list[str] = []
        self.context.route("**/*", self._route)
        self.page = self.context.new_page()

    def _route(self, route: Any) -> None:
        if urlsplit(route.request.url).hostname in ("127.0.0.1", None) or route.request.url.startswith(("data:", "blob:")):
            route.continue_()
        else:
            self.foreign.append(route.request.url)
            route.abort()

    def open(self, path: str) -> Any:
        """Open a page and wait until its widgets have drawn themselves (their modules load after
        the page's load event)."""
        self.page.goto(self.base + path)
        self.page.wait_for_function(
            """() => [...document.querySelectorAll('*')]
                 .filter((el) => el.localName.startsWith('somerset-'))
                 .every((el) => customElements.get(el.localName))"""  # defining one upgrades (draws) every instance
        )
        return self.page

    def axe(self) -> list[str]:
        """axe-core's WCAG A and AA violations on the page as it stands, one line each, once every
        finite transition and animation has finished (a colour caught half-way is not the page's)."""
        self.page.evaluate(SETTLED_ANIMATIONS)
        result = self.page.evaluate(AXE_RUN_JS, WCAG_AA)
        lines = []
        for v in result["violations"]:
            nodes = v["nodes"]
            first = nodes[0]
            lines.append(f"{v['id']} ({v['impact']}, {len(nodes)}x): {v['help']}; first at {first['target']}: "
                         f"{first['failureSummary'].splitlines()[-1].strip()}")
        return lines


@pytest.fixture(scope="module", params=[("light", "desktop"), ("light", "phone"), ("dark", "desktop"), ("dark", "phone")],
                ids=lambda p: f"{p[0]}-{p[1]}")
def viewer(request: Any, browser: Any, site_url: str) -> Iterator[Viewer]:
    scheme, width = request.param
    v = Viewer(browser, site_url, scheme, PHONE if width == "phone" else DESKTOP)
    yield v
    v.context.close()
    assert v.foreign == []


@pytest.fixture(scope="module")
def phone(browser: Any, site_url: str) -> Iterator[Viewer]:
    v = Viewer(browser, site_url, "light", PHONE)
    yield v
    v.context.close()
    assert v.foreign == []


def test_every_page_is_covered() -> None:
    assert len(PAGES) >= 40 and "" in PAGES and "tools/trick/" in PAGES and "rulings/" in PAGES


@pytest.mark.parametrize("path", PAGES, ids=lambda p: p or "home")
def test_axe_finds_no_wcag_violation(viewer: Viewer, path: str) -> None:
    viewer.open(path)
    problems = viewer.axe()
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("path", list(TOOLS), ids=lambda p: urlsplit(p).path.strip("/").split("/")[-1])
def test_axe_finds_no_wcag_violation_in_a_working_tool(viewer: Viewer, path: str) -> None:
    # The tools' answers, drawn once the engine has started, in both schemes and widths.
    tag, answer = TOOLS[path]
    page = viewer.open(path)
    expect(page.locator(f"{tag} {answer}").first).to_be_visible(timeout=ENGINE_TIMEOUT)
    expect(page.locator(f"{tag} .sr-status").first).to_be_hidden()
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")  # laid out
    problems = viewer.axe()
    assert not problems, "\n".join(problems)


def test_axe_finds_no_wcag_violation_in_a_pad_with_a_refused_deal_and_one_waiting(viewer: Viewer) -> None:
    # A link's pad whose deal 2 the engine refuses (a bid above the deal's points): deal 1 scored,
    # deal 2 marked "not scored" with the note above the pad, deal 3 "waiting".
    page = viewer.open("tools/pad/?rules=parker-1947&deals=s1b15p16.8,s2b30p10.14,s1b12p24.0")
    expect(page.locator("somerset-pad .sr-pad__refused")).to_be_visible(timeout=ENGINE_TIMEOUT)
    expect(page.locator("somerset-pad .sr-pad__waiting")).to_have_count(2)
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")  # laid out
    problems = viewer.axe()
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_palette_contrast(browser: Any, site_url: str, scheme: str) -> None:
    v = Viewer(browser, site_url, scheme, DESKTOP)
    try:
        page = v.open("tools/trick/")
        colours = lambda selector: page.locator(selector).first.evaluate(COLOURS_JS)  # noqa: E731
        primary = colours("somerset-trick .md-button--primary:visible")  # Start, before the engine runs
        # A working resolver (its other buttons are enabled once the engine has answered).
        page.goto(page.url + "?rules=parker-1947&trump=2&cards=8/8,4/8")
        expect(page.locator("somerset-trick .sr-verdict__winner")).to_be_visible(timeout=ENGINE_TIMEOUT)
        # Read hover colours at once: no transitions (a constructed style sheet, which the site's
        # Content-Security-Policy allows, unlike an inline <style>).
        page.evaluate("""() => { const s = new CSSStyleSheet(); s.replaceSync('* { transition: none !important; }');
                                document.adoptedStyleSheets = [...document.adoptedStyleSheets, s]; }""")
        checks = {
            "a text link": colours("article p a[href]"),
            "the header's title": colours(".md-header__topic .md-ellipsis"),
            "a tab": colours(".md-tabs__link"),
            "a primary button": primary,
            "an outlined button": colours("somerset-trick .md-button:not(.md-button--primary):visible"),
            "body text": colours("article p"),
            "small print": colours(".md-copyright"),
        }
        for what, c in checks.items():
            assert contrast(c["fg"], c["bg"]) >= 4.5, f"{scheme}: {what} is {contrast(c['fg'], c['bg']):.2f}:1 ({c})"
        # Hover: the accent colour on links and buttons.
        link = page.locator("article p a[href]").first
        link.hover()
        c = link.evaluate(COLOURS_JS)
        assert contrast(c["fg"], c["bg"]) >= 4.5, f"{scheme}: a hovered link is {contrast(c['fg'], c['bg']):.2f}:1"
        button = page.locator("somerset-trick .md-button:not(.md-button--primary):visible").first
        button.hover()
        c = button.evaluate(COLOURS_JS)
        assert contrast(c["fg"], c["bg"]) >= 4.5, f"{scheme}: a hovered button is {contrast(c['fg'], c['bg']):.2f}:1"
        # Focus: a visible outline, 3:1 against the background (WCAG's non-text contrast).
        page.mouse.move(0, 0)
        button.focus()
        page.keyboard.press("Shift+Tab")
        page.keyboard.press("Tab")
        c = page.evaluate(f"({COLOURS_JS})(document.activeElement)")
        assert c["outlineStyle"] != "none" and c["outlineWidth"] >= 2, (c, page.evaluate("document.activeElement.outerHTML.slice(0, 300)"))
        # The outline is drawn around the control, on what is behind the control.
        behind = page.evaluate(f"({COLOURS_JS})(document.activeElement.parentElement)")["bg"]
        assert contrast(c["outline"], behind) >= 3, f"{scheme}: the focus outline is {contrast(c['outline'], behind):.2f}:1"
        # A focused button does not look chosen: its colours stay those of the button at rest, only the ring is added.
        rest = checks["an outlined button"]
        assert (c["fg"], c["bg"]) == (rest["fg"], rest["bg"]), f"{scheme}: focus changes the button's colours: {c} at rest {rest}"
        assert c["outline"] not in (c["fg"], rest["fg"]), f"{scheme}: the focus ring is the button's own colour: {c}"
    finally:
        v.context.close()


# Controls a finger presses: everything that is not a link inside a sentence (WCAG exempts those).
TARGETS_JS = """
(min) => {
  const sel = "button, select, textarea, summary, [role=button], a.md-button, label.md-header__button, .md-search__icon, .md-top, " +
              "input:not([type=hidden]):not([type=checkbox]):not([type=radio])";
  // A link that is a whole entry of a list or a whole term of a definition list is tapped as a
  // button is (an index of questions, tools or rulesets); a link inside a sentence or a table is not.
  const entry = (a) => ["LI", "DT"].includes(a.parentElement.tagName) &&
    a.parentElement.textContent.trim() === a.textContent.trim();
  const targets = [...document.querySelectorAll(sel), ...[...document.querySelectorAll(".md-content a[href]")].filter(entry)];
  const small = [];
  for (const el of targets) {
    const r = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    if (r.width === 0 || r.height === 0 || style.visibility === "hidden" || el.closest("[hidden], [aria-hidden=true]")) continue;
    if (r.right <= 0 || r.left >= innerWidth) continue;  // off screen: the closed drawer
    if (r.width + 0.5 < min || r.height + 0.5 < min)
      small.push(`${el.tagName.toLowerCase()}${el.className ? "." + String(el.className).trim().split(/\\s+/).join(".") : ""}` +
                 ` "${(el.getAttribute("aria-label") || el.textContent || "").trim().slice(0, 30)}" ${Math.round(r.width)}x${Math.round(r.height)}`);
  }
  return small;
}
"""


@pytest.mark.parametrize("path", PAGES, ids=lambda p: p or "home")
def test_touch_targets_at_360px(phone: Viewer, path: str) -> None:
    page = phone.open(path)
    assert page.evaluate(TARGETS_JS, TOUCH_MIN) == []


@pytest.mark.parametrize("path", list(TOOLS), ids=lambda p: urlsplit(p).path.strip("/").split("/")[-1])
def test_touch_targets_of_a_working_tool_at_360px(phone: Viewer, path: str) -> None:
    tag, answer = TOOLS[path]
    page = phone.open(path)
    expect(page.locator(f"{tag} {answer}").first).to_be_visible(timeout=ENGINE_TIMEOUT)
    assert page.evaluate(TARGETS_JS, TOUCH_MIN) == []


@pytest.mark.parametrize("path", PAGES, ids=lambda p: p or "home")
def test_no_sideways_scrolling_at_360px(phone: Viewer, path: str) -> None:
    page = phone.open(path)
    widths = page.evaluate("[document.documentElement.scrollWidth, document.documentElement.clientWidth]")
    assert widths[0] <= widths[1], f"{path or 'home'} is {widths[0]} px wide in a {widths[1]} px window"


@pytest.mark.parametrize("path", list(TOOLS), ids=lambda p: urlsplit(p).path.strip("/").split("/")[-1])
def test_every_control_of_a_tool_shows_its_focus(phone: Viewer, path: str) -> None:
    """Tab through a working tool: every control takes the focus in turn and draws an outline."""
    tag, answer = TOOLS[path]
    page = phone.open(path)
    expect(page.locator(f"{tag} {answer}").first).to_be_visible(timeout=ENGINE_TIMEOUT)
    # An aria-live region announces the tool's answers.
    assert page.locator(f"{tag} [aria-live]").count() >= 1
    page.locator(tag).first.evaluate("(el) => { const b = document.createElement('button'); b.id = 'sr-focus-start';"
                                     " b.textContent = 'start'; el.before(b); b.focus(); }")
    seen = 0
    for _ in range(200):
        page.keyboard.press("Tab")
        inside = page.evaluate(f"document.activeElement.closest('{tag}') !== null")
        if not inside:
            break
        seen += 1
        c = page.evaluate(f"({COLOURS_JS})(document.activeElement)")
        described = page.evaluate("document.activeElement.outerHTML.slice(0, 80)")
        assert (c["outlineStyle"] != "none" and c["outlineWidth"] >= 2) or c["boxShadow"] != "none", \
            f"no visible focus on {described}: {c}"
    assert seen >= 3, f"the keyboard reached only {seen} controls of {tag}"
    page.evaluate("document.getElementById('sr-focus-start').remove()")
