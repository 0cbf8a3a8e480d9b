// widgets/base/in-view.js on a page drawn by hand: a 360 x 740 window, a sticky header 56 px high,
// elements placed on the page, Material's Back to top pill under the header.
import { test } from "node:test";
import assert from "node:assert/strict";

const page = { y: 0, marked: new Set(), listeners: [] };
const rect = (top, height, left = 0, width = 300) => ({ top, bottom: top + height, left, right: left + width, width, height });
// An element at `at` px from the page's top (or fixed at `fixed` px from the window's top).
function element({ at = null, fixed = null, height = 40, left = 0, width = 300, style = {} }) {
  const attrs = new Map();
  return {
    isConnected: true,
    style: { position: "static", display: "block", visibility: "visible", ...style },
    getClientRects: () => (height ? [1] : []),
    getBoundingClientRect: () => rect(fixed !== null ? fixed : at - page.y, height, left, width),
    setAttribute: (k, v) => attrs.set(k, v),
    hasAttribute: (k) => attrs.has(k),
  };
}
const header = element({ fixed: 0, height: 56, width: 360, style: { position: "sticky" } });
const pill = element({ fixed: 64, height: 36, left: 120, width: 120, style: { position: "fixed" } });
let boards = [];
globalThis.window = globalThis;
globalThis.innerHeight = 740;
globalThis.scrollBy = ({ top }) => {
  page.y += top;
};
globalThis.getComputedStyle = (el) => el.style;
globalThis.addEventListener = (type, f) => page.listeners.push([type, f]);
globalThis.requestAnimationFrame = (f) => f();
globalThis.document = {
  querySelectorAll: (sel) => (sel === "[data-sr-board]" ? boards.filter((b) => b.hasAttribute("data-sr-board")) : sel.includes(".md-header") ? [header] : []),
  querySelector: (sel) => (sel === ".md-top" ? pill : null),
  documentElement: { classList: { toggle: (name, on) => (on ? page.marked.add(name) : page.marked.delete(name)) } },
};
const { bringIntoView, fitsBand, keepPillOff, visibleBand } = await import("../../widgets/base/in-view.js");

test("the band runs from the sticky header's bottom to the window's bottom", () => {
  assert.deepEqual(visibleBand(), { top: 56, bottom: 740 });
  header.style.position = "static";
  assert.deepEqual(visibleBand(), { top: 0, bottom: 740 });
  header.style.position = "sticky";
});

test("a span in view does not move the page", () => {
  page.y = 0;
  assert.equal(bringIntoView(element({ at: 100 }), element({ at: 600 })), 0);
  assert.equal(page.y, 0);
});

test("a span below the band comes up until its bottom is 8 px above the window's bottom", () => {
  page.y = 0;
  const last = element({ at: 900, height: 50 });
  assert.equal(bringIntoView(element({ at: 500 }), last), 218);
  assert.equal(last.getBoundingClientRect().bottom, 732);
});

test("a span under the header comes down until its top is 8 px below the header", () => {
  page.y = 1000;
  const first = element({ at: 980 });
  assert.equal(bringIntoView(first, element({ at: 1100 })), -84);
  assert.equal(first.getBoundingClientRect().top, 64);
});

test("a span taller than the band keeps its top in view", () => {
  page.y = 0;
  const first = element({ at: 300 });
  assert.ok(!fitsBand(first, element({ at: 1000 })));
  assert.ok(fitsBand(first, element({ at: 300 + 668 - 40 })));
  assert.ok(!fitsBand(first, element({ at: 300 + 669 - 40 })));
  bringIntoView(first, element({ at: 1000 }));
  assert.equal(first.getBoundingClientRect().top, 64);
});

test("an element that is not drawn brings nothing into view", () => {
  page.y = 0;
  assert.equal(bringIntoView(element({ at: 2000, height: 0 })), 0);
  assert.equal(bringIntoView(null), 0);
  assert.equal(page.y, 0);
});

test("the Back to top pill is marked away only while it lies over a board", () => {
  page.y = 0;
  const board = element({ at: 400, height: 300 });
  boards = [board, element({ at: 2000, height: 300 })];
  keepPillOff(board);
  assert.ok(!page.marked.has("sr-board-under-top"), "the board is below the pill");
  bringIntoView(board, element({ at: 1200 })); // taller than the band: its top goes under the pill
  assert.ok(page.marked.has("sr-board-under-top"));
  globalThis.scrollBy({ top: 800 });
  for (const [type, f] of page.listeners) if (type === "scroll") f();
  assert.ok(!page.marked.has("sr-board-under-top"), "past the board, nothing to hide the pill over");
});
