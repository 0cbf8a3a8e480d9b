"""The site's search finds each ruling first by the words players use: the built search index run by
Material's own search worker under Node (tests/site/search.mjs), as the search box would list it."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from somerset.teaching.rulings import RULINGS

ROOT = Path(__file__).resolve().parents[2]

# What a player types at the table, and the ruling that answers it.
PLAYER_QUERIES = {
    "double after 0/0": "double-before-rover",
    "revoke": "revoke",
    "renege": "revoke",
    "fail to follow suit": "revoke",
    "widow": "undealt-cards",
    "kitty discard": "kitty-discards",
}


# Questions as players ask them at the table, in their own words (the content files' keywords are
# what makes these work: "Rover" for the 0/0, "hold" for "follow", "going set" for "set"), with the
# ruling that must come first.
NATURAL_QUESTIONS = {
    "play 0/0 suit led": "rover-holding-suit",
    "may I play the 0/0": "rover-holding-suit",
    "play the rover": "rover-holding-suit",
    "rover instead of following suit": "rover-holding-suit",
    "the 0/0 when I can follow suit": "rover-holding-suit",
    "trump when I hold the suit": "trump-while-holding-suit",
    "ruff": "trump-while-holding-suit",
    "going set": "set-score",
    "we went set": "set-score",
    "does trump beat the rover": "trump-beats-rover",
    "name the rover trump": "zero-trump-allowed",
    "misdeal": "card-shown-dealing",
    "everyone passes": "bidding",
    "how many points to win": "game-target",
    "leftover cards": "undealt-cards",
    "too many cards": "wrong-number-of-cards",
    "dealt the wrong number of cards": "wrong-number-of-cards",
    "who gets the face up cards": "face-up-cards",
    "tie at the target": "game-target",
    "we both went out": "game-target",
}


def search(site: Path, queries: list[str]) -> dict[str, list[str]]:
    node = shutil.which("node")
    if not node:
        pytest.fail("node is needed to run the site's search (it is already needed for Pyodide)")
    proc = subprocess.run([node, str(ROOT / "tests" / "site" / "search.mjs"), str(site), *queries],
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    result: dict[str, list[str]] = json.loads(proc.stdout)
    return result


def first_section(locations: list[str]) -> str | None:
    return next((loc for loc in locations if "#" in loc), None)


def ruling_names() -> dict[str, str]:
    from mkdocs.utils import meta

    _, data = meta.get_data((ROOT / "docs" / "rulings.md").read_text(encoding="utf-8"))
    names: dict[str, str] = data["ruling_names"]
    return names


def test_every_ruling_has_a_name_players_use() -> None:
    missing = [r.id for r in RULINGS if r.id not in ruling_names()]
    assert missing == [], f"give these rulings a name in docs/rulings.md (ruling_names): {missing}"


def test_player_words_find_the_ruling_first(built_site: Path) -> None:
    found = search(built_site, list(PLAYER_QUERIES))
    for query, ruling in PLAYER_QUERIES.items():
        assert found[query][0].startswith("rulings/"), (query, found[query][:5])  # the first page listed
        assert first_section(found[query]) == f"rulings/#{ruling}", (query, found[query][:5])


def test_natural_questions_find_their_ruling_first(built_site: Path) -> None:
    found = search(built_site, list(NATURAL_QUESTIONS))
    wrong = {q: found[q][:3] for q, rid in NATURAL_QUESTIONS.items() if first_section(found[q]) != f"rulings/#{rid}"}
    assert wrong == {}, wrong


def test_the_keywords_are_the_sections_tags(built_site: Path) -> None:
    index = json.loads((built_site / "search" / "search_index.json").read_text(encoding="utf-8"))
    tags = {d["location"]: d.get("tags") for d in index["docs"] if d["location"].startswith("rulings/#")}
    names = ruling_names()
    for ruling in RULINGS:
        # The name players use first, then the content file's keywords (one the name repeats, once).
        name = names[ruling.id]
        assert tags[f"rulings/#{ruling.id}"] == [name, *(k for k in ruling.keywords if k.casefold() != name.casefold())], ruling.id


def test_each_ruling_is_found_first_by_its_name(built_site: Path) -> None:
    names = ruling_names()
    found = search(built_site, list(names.values()))
    wrong = {rid: first_section(found[name]) for rid, name in names.items() if first_section(found[name]) != f"rulings/#{rid}"}
    assert wrong == {}, wrong


def test_the_search_is_what_the_browser_runs(built_site: Path) -> None:
    # A query with no match lists nothing; a word on one page only lists that page.
    found = search(built_site, ["zzzzqx", "Hodges"])
    assert found["zzzzqx"] == []
    assert any(loc.startswith("variants/hodges-1903/") for loc in found["Hodges"])
