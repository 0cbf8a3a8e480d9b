"""Golden links: links made by the tools must show the same deal in every later release.

``golden_links.json`` holds links of each tool (the deal replayer, Play a deal, Same deal) under
several rulesets, ways of playing and seeds, as the tools wrote them: with the deal's code
(``play=``), with the bots' version (``bots=1``), and as older pages wrote them (a seed alone, the
reader's ``moves``). For each, the digest of the deal's whole history (every action, chance steps
included: :func:`somerset.records.links.history_digest`) and its score were stored when the link was made.
Each link is opened here as the page opens it (its address read into the same API request) and
must give exactly the same deal. A change that fails this test changes what old links show: give
the bots a new version (:data:`somerset.players.roster.BOTS_VERSION`) and keep the old one's play, rather
than changing the stored digests.

To add links (never to change stored ones): ``python tests/engine/test_golden_links.py --add``
writes any entry of :data:`LINKS` not yet stored.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest

from somerset.api import dispatch
from somerset.records.links import history_digest
from somerset.records.deal_record import parse_record

GOLDEN = Path(__file__).with_name("golden_links.json")

#: The links kept, as the tools write them (Play a deal's reader's moves are those a test reader
#: chose; see :func:`_reader_moves`).
LINKS: list[str] = [
    # the deal replayer: a seed alone (the bots of version 1), the bots named, and the deal's code
    "tools/replay/?rules=parker-1947&format=four-partners&seed=7",
    "tools/replay/?rules=parker-1947&format=two&seed=3&bots=1",
    "tools/replay/?rules=hodges-1903&format=two&seed=3",
    "tools/replay/?rules=somersetcards-com&format=four-partners&seed=11",
    "tools/replay/?rules=boardgamegeek&format=four-partners&seed=18446744073709551615",
    "tools/replay/?rules=triple-2009&format=five-single&seed=2",
    "tools/replay/?rules=parker-1950&format=four-single&seed=4",
    "tools/replay/?rules=somersetgame-com&format=four-partners&seed=9",
    "tools/replay/?rules=parker-1947&format=three&seed=0",  # everyone passes: dealt again (k in the code)
    # the dealer named (readers' numbering), as the replayer and Same deal write a deal from their forms
    "tools/replay/?rules=parker-1947&format=four-partners&seed=7&dealer=4",
    "tools/replay/?rules=hodges-1903&format=two&seed=3&dealer=2",
    # Play a deal: the reader's moves (as older links have them), and the deal's code
    "tools/play/?rules=parker-1947&format=four-partners&seed=3&moves=*",
    "tools/play/?rules=somersetcards-com&format=four-partners&seed=5&moves=*",
    "tools/play/?rules=hodges-1903&format=two&seed=2&moves=*",
    "tools/play/?rules=triple-2009&format=five-single&seed=1&moves=*",
    "tools/play/?rules=parker-1947-house&format=three-kitty&seed=6&moves=*",
    # Same deal: the bots' version, and a deal played at the table (its code)
    "tools/samedeal/?rules=parker-1947,somersetcards-com,boardgamegeek&format=four-partners&seed=1&bots=1",
    "tools/samedeal/?rules=parker-1947,minden-hardware,somersetcards-com&format=two&seed=8",
    "tools/samedeal/?rules=parker-1950,hodges-1903&format=four-partners&seed=12&bots=1",
    "tools/samedeal/?rules=parker-1947,minden-hardware,parker-1934&format=four-partners&seed=3&moves=*",
    "tools/samedeal/?rules=parker-1947,somersetcards-com,boardgamegeek&format=four-partners&seed=1&dealer=4&bots=1",
]


def request_of(link: str) -> dict[str, Any]:
    """The API request a tool page sends for ``link`` (its address read as the widgets read it)."""
    url = urlsplit(link)
    q = {k: v[0] for k, v in parse_qs(url.query, keep_blank_values=True).items()}
    tool = url.path.strip("/").split("/")[-1]
    cmd = {"replay": "replay", "play": "table", "samedeal": "samedeal"}[tool]
    req: dict[str, Any] = {"cmd": cmd, "rules": q["rules"].split(",") if cmd == "samedeal" else q["rules"],
                           "seed": q["seed"]}
    if q.get("format"):
        req["format"] = q["format"]
    if q.get("dealer"):
        req["dealer"] = int(q["dealer"]) - 1
    if q.get("play"):
        req["play"] = q["play"]
    elif q.get("bots"):
        req["bots_version"] = q["bots"]
    if "moves" in q:
        req["moves"] = [m.strip().replace("_", " ") for m in q["moves"].split(",") if m.strip()]
    return req


def _digest_of_record(text: str) -> str:
    return history_digest(parse_record(text).replay())


def shown(link: str) -> dict[str, Any]:
    """What ``link`` shows: the digest and score of its deal (of each ruleset's, for Same deal), and
    the deal's code where the answer gives one."""
    req = request_of(link)
    a = dispatch(req)
    assert "error" not in a, (link, a.get("error"))
    if req["cmd"] == "replay":
        assert a["problem"] is None, (link, a["problem"])
        score = next(s for s in a["steps"] if s["label"] == "Score")
        return {"digest": _digest_of_record(a["record"]), "score": [row["change"] for row in score["score"]],
                "play": a["play"]}
    if req["cmd"] == "table":
        assert a["problem"] is None and a["over"], (link, a["problem"])
        return {"digest": _digest_of_record(a["record"]), "score": a["score"], "play": a["play"]}
    return {"endings": {e["ruleset"]: {"digest": _digest_of_record(e["record"]), "score": e["score"]}
                        for e in a["endings"]},
            "source_play": a["source"]["play"]}


def _reader_moves(link: str) -> list[str]:
    """A test reader's moves for a Play a deal link (or a Same deal link from the table, under its first
    ruleset): the lowest bid (else pass), the first trump, the first discards allowed, the highest card allowed."""
    from somerset.service.table import sit_down, table_deal

    req = request_of(link.replace("&moves=*", ""))
    rules = req["rules"][0] if isinstance(req["rules"], list) else req["rules"]
    moves: list[str] = []
    while True:
        d = sit_down(rules, req.get("format"), int(req["seed"]), moves)
        assert d["problem"] is None
        if d["over"]:
            return moves
        tp = d["to_play"]
        if tp["kind"] == "discard":
            deal, _, _ = table_deal(rules, req.get("format"), int(req["seed"]), moves)
            moves.append(str(deal.legal_actions()[0]))
        elif tp["kind"] == "card":
            moves.append(tp["moves"][len(tp["cards"]) - 1])
        else:
            moves.append(tp["moves"][min(1, len(tp["moves"]) - 1)])


def _made(link: str) -> list[dict[str, Any]]:
    """The stored entries for ``link``: the link itself, and the link the tool writes once it has shown it."""
    if "moves=*" in link:
        moves = ",".join(m.replace(" ", "_") for m in _reader_moves(link))
        link = link.replace("moves=*", f"moves={moves}")
    first = {"link": link, **shown(link)}
    out = [first]
    base = link.split("&moves=")[0].split("&bots=")[0]
    if "play" in first:
        out.append({"link": f"{base}&play={first['play']}", **shown(f"{base}&play={first['play']}")})
    elif first.get("source_play"):
        out.append({"link": f"{base}&play={first['source_play']}&bots=1", **shown(f"{base}&play={first['source_play']}&bots=1")})
    return out


def _stored() -> list[dict[str, Any]]:
    return list(json.loads(GOLDEN.read_text())["links"])


@pytest.mark.parametrize("entry", _stored(), ids=lambda e: e["link"][:90])
def test_golden_link_shows_the_same_deal(entry: dict[str, Any]) -> None:
    got = shown(entry["link"])
    if "endings" in entry:
        assert got["endings"] == entry["endings"]
    else:
        assert (got["digest"], got["score"]) == (entry["digest"], entry["score"])
        # the code the page writes into the address once the deal is shown is the same code
        assert got["play"] == entry["play"]


def test_every_tool_and_both_kinds_of_link_are_kept() -> None:
    links = [e["link"] for e in _stored()]
    for tool in ("replay", "play", "samedeal"):
        mine = [x for x in links if f"tools/{tool}/" in x]
        assert any("play=" in x for x in mine), tool  # a link with the deal's code
        assert any("play=" not in x for x in mine), tool  # a link the bots (or the reader's moves) make
    assert any("moves=" in x and "play=" not in x for x in links)  # an older Play a deal link, moves only
    assert len({x.split("rules=")[1].split("&")[0].split(",")[0] for x in links}) >= 6  # several rulesets


def test_a_code_that_no_longer_replays_names_its_step() -> None:
    """A stored code with one card changed to one the hand lacks: the deal up to there, the step named."""
    entry = next(e for e in _stored() if e["link"].startswith("tools/replay/") and "play=" in e["link"])
    code = entry["link"].split("play=")[1]
    broken = code[:-3] + "Z" + code[-2:]
    req = request_of(entry["link"].replace(code, broken))
    a = dispatch(req)
    assert "error" not in a
    assert a["problem"]["step"] > 1 and f"character {len(code) - 2}" in a["problem"]["message"]
    assert a["steps"][-1]["label"] == "Stopped"


def _add() -> None:
    stored = _stored() if GOLDEN.exists() else []
    have = {e["link"].split("&moves=")[0] for e in stored}
    for link in LINKS:
        key = link.split("&moves=")[0]
        if key in have:
            continue
        for e in _made(link):
            print(e["link"][:100])
            stored.append(e)
    GOLDEN.write_text(json.dumps({"links": stored}, indent=1) + "\n")


if __name__ == "__main__" and "--add" in sys.argv:
    if not GOLDEN.exists():
        GOLDEN.write_text('{"links": []}\n')
    _add()
