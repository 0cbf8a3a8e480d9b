"""The rulings page: each ruling's heading starts with the name players use, and each ruling about
a whole trick links to the trick resolver with that trick, whose answers agree with the ruling's."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from urllib.parse import parse_qsl, urlsplit

import pytest
from mkdocs.exceptions import PluginError

from somerset.api import handle
from somerset.teaching.rulings import RULINGS, answer_all


def trick_of(ruling: object) -> dict[str, tuple[str, str]]:
    """A "winner" ruling's trick per pack: (trump, cards as written in the content file)."""
    if getattr(ruling, "kind") != "winner":
        return {}
    return {pack: (str(pos["trump"]), str(pos["trick"])) for pack, pos in getattr(ruling, "positions").items()}


def section(page: str, ruling_id: str) -> str:
    start = page.index(f'<h3 id="{ruling_id}">')
    end = page.find("<h3 ", start + 1)
    end2 = page.find("<h2 ", start + 1)
    stops = [e for e in (end, end2) if e != -1]
    return page[start:min(stops) if stops else len(page)]


def test_every_trick_ruling_opens_its_trick_in_the_resolver(built_site: Path) -> None:
    page = (built_site / "rulings" / "index.html").read_text(encoding="utf-8")
    tricks = [r for r in RULINGS if trick_of(r)]
    assert len(tricks) >= 10
    for ruling in tricks:
        links = re.findall(r'href="(\.\./tools/trick/\?[^"]+)"', section(page, ruling.id))
        assert links, f"{ruling.id} has no link to the trick resolver"
        wanted = {(t, ",".join(c.strip() for c in cards.split(","))) for t, cards in trick_of(ruling).values()}
        got = set()
        for href in links:
            query = dict(parse_qsl(urlsplit(html.unescape(href)).query))
            assert query["rules"] == "all"
            got.add((query["trump"], query["cards"]))
            # The resolver, asked what the link asks, gives each ruleset the ruling's answer.
            answer = json.loads(handle(json.dumps({"cmd": "trick", **query})))
            assert "error" not in answer, answer
            by_ruleset = {v["ruleset"]: v["card"] for v in answer["results"]}
            for r, a in answer_all(ruling):
                pack_trick = trick_of(ruling).get(r.deck.name)
                if pack_trick and a.applies and (pack_trick[0], pack_trick[1].replace(" ", "")) == (query["trump"], query["cards"]):
                    assert f"{by_ruleset[r.id]} wins" == a.short, (ruling.id, r.id)
        assert got == wanted, ruling.id
    # Rulings without a whole trick have no such link.
    for ruling in RULINGS:
        if not trick_of(ruling):
            assert "tools/trick/?" not in section(page, ruling.id), ruling.id


def test_headings_start_with_the_names_and_the_contents_lists_them(built_site: Path) -> None:
    page = (built_site / "rulings" / "index.html").read_text(encoding="utf-8")
    revoke = section(page, "revoke")
    assert revoke.startswith('<h3 id="revoke">Revoke (renege): What happens if someone fails to follow suit when able?')
    assert re.search(r'<a href="#revoke" class="md-nav__link">\s*<span class="md-ellipsis">\s*Revoke \(renege\)\s*</span>', page)


def test_a_name_for_an_unknown_ruling_fails_the_build() -> None:
    import importlib.util
    import sys

    root = Path(__file__).resolve().parents[2]
    spec = importlib.util.spec_from_file_location("generate_hook_names", root / "hooks" / "generate.py")
    assert spec and spec.loader
    gen = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = gen
    spec.loader.exec_module(gen)

    class Page:
        meta = {"ruling_names": {"revoke": "Revoke", "no-such-ruling": "Nothing"}}

        class file:
            src_uri = "rulings.md"

    with pytest.raises(PluginError, match="unknown ruling 'no-such-ruling'; the rulings are: .*revoke"):
        gen.ruling_names(Page())
    Page.meta = {"ruling_names": {"revoke": 'Say "no"'}}
    with pytest.raises(PluginError, match="must be plain text without quotes"):
        gen.ruling_names(Page())
