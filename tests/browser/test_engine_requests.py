"""The page's engine (widgets/engine/engine.js -> widgets/engine/worker.js -> Pyodide -> somerset.api) answers or
refuses every request it is sent, however deep or large: a request is never left unanswered, and a
refusal comes in the API's usual error shape, ``{"error": {"message", "field"}}``."""

from __future__ import annotations

import json
from typing import Any

import pytest

from somerset.api import handle
from somerset.rules.limits import MAX_REQUEST_CHARS, MAX_REQUEST_DEPTH

ENGINE_TIMEOUT = 60_000  # Pyodide's first boot takes seconds; wait, never sleep
ENGINE = "window[Symbol.for('somerset.engine')]"

# Sends window.__request (built in the page by `build`) and keeps what comes back in window.__answer:
# {answer} when the promise resolves, {failed: message} when it rejects.
ASK = f"""build => {{
  const request = (0, eval)(build);
  window.__answer = undefined;
  {ENGINE}.ask(request).then(answer => {{ window.__answer = {{ answer }}; }},
                             e => {{ window.__answer = {{ failed: String((e && e.message) || e) }}; }});
}}"""


def _nested(depth: int, opener: str) -> str:
    """JavaScript that builds a request nesting ``depth`` levels of arrays (``[``) or objects (``{``)."""
    inner = "[]" if opener == "[" else "({})"
    wrap = "v => [v]" if opener == "[" else "v => ({a: v})"
    return f"(() => {{ let v = {inner}; const w = {wrap}; for (let i = 0; i < {depth}; i++) v = w(v); return {{cmd: 'rulesets', x: v}}; }})()"


@pytest.fixture(scope="module")
def engine_page(browser: Any, site_url: str) -> Any:
    # The test builds its requests with eval and waits with a predicate: the site's CSP forbids both.
    context = browser.new_context(service_workers="block", bypass_csp=True)
    context.set_default_timeout(ENGINE_TIMEOUT)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(site_url + "tools/trick/")
    page.evaluate(f"{ENGINE}.start()")
    page.wait_for_function(f"{ENGINE}.state.status === 'ready'", timeout=ENGINE_TIMEOUT)
    yield page
    assert errors == [], errors
    context.close()


def _ask(page: Any, build: str) -> dict[str, Any]:
    page.evaluate(ASK, build)
    page.wait_for_function("window.__answer !== undefined", timeout=ENGINE_TIMEOUT)
    answer: dict[str, Any] = page.evaluate("window.__answer")
    assert "failed" not in answer, answer  # an answer, not a broken engine
    assert page.evaluate(f"{ENGINE}.state.status") == "ready"
    return answer["answer"]  # type: ignore[no-any-return]


def _refusal(answer: Any) -> str:
    assert isinstance(answer, dict) and set(answer) == {"error"}, answer
    error = answer["error"]
    assert isinstance(error["message"], str) and "\n" not in error["message"] and len(error["message"]) <= 600
    assert "field" in error and not error.get("internal"), error
    return error["message"]


@pytest.mark.parametrize("depth", [9, 100, 3_000, 3_500, 5_000, 100_000, 1_000_000])
@pytest.mark.parametrize("opener", ["[", "{"])
def test_a_request_of_any_depth_is_refused(engine_page: Any, depth: int, opener: str) -> None:
    message = _refusal(_ask(engine_page, _nested(depth, opener)))
    if depth * 7 < MAX_REQUEST_CHARS:
        assert message == f"the request nests arrays or objects more than {MAX_REQUEST_DEPTH} deep"
    else:  # a text that long is refused for its length before its nesting is measured
        assert message.startswith("the request is ") and f"the longest accepted is {MAX_REQUEST_CHARS:,}" in message
    # The engine still answers afterwards.
    assert "rulesets" in _ask(engine_page, "({cmd: 'rulesets'})")


def test_a_request_at_the_depth_limit_is_answered(engine_page: Any) -> None:
    answer = _ask(engine_page, "({cmd: 'pack', deck: 'double'})")
    assert answer == json.loads(handle(json.dumps({"cmd": "pack", "deck": "double"})))
    # Six levels inside the request's own object: within the limit, so read (and its field refused).
    message = _refusal(_ask(engine_page, _nested(MAX_REQUEST_DEPTH - 2, "[")))
    assert "unknown field 'x'" in message


@pytest.mark.parametrize("build, words", [
    (f"({{cmd: 'pack', deck: 'x'.repeat({MAX_REQUEST_CHARS + 1})}})", f"the longest accepted is {MAX_REQUEST_CHARS:,}"),
    ("({cmd: 'pack', deck: 'x'.repeat(50_000_000)})", f"the longest accepted is {MAX_REQUEST_CHARS:,}"),
    ("(() => { const r = {cmd: 'rulesets'}; r.self = r; return r; })()", "cannot be sent as JSON"),
    ("({cmd: 'rulesets', n: 10n})", "cannot be sent as JSON"),
    ("undefined", "a request must be a JSON object"),
    ("({cmd: 'pack', deck: 'a\\nb'})", "'a\\nb' is not a pack"),  # one line: the line break shown as \\n
])
def test_a_request_too_large_or_not_json_is_refused(engine_page: Any, build: str, words: str) -> None:
    assert words in _refusal(_ask(engine_page, build))
