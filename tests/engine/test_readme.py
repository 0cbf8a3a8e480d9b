"""The Python examples of the README and of the developer pages run as written."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PAGES = [ROOT / "README.md", *sorted((ROOT / "develop").glob("*.md"))]


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_python_examples_run(page: Path) -> None:
    text = page.read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", text, re.S)
    if page.name == "README.md":
        assert blocks, "the README shows the engine with one Python example"
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.NORMALIZE_WHITESPACE)
    for block in blocks:
        test = parser.get_doctest(block, {}, page.name, str(page), 0)
        result = runner.run(test)
        assert result.failed == 0


def test_the_readme_is_a_front_door() -> None:
    """The README says what the project is, the two commands and where things are, and links on."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(text.splitlines()) <= 200
    assert "make serve" in text and "make test" in text
    for link in re.findall(r"\]\(([^)#]+)(?:#[^)]*)?\)", text):
        if "://" not in link:
            assert (ROOT / link).exists(), f"the README links to {link}, which does not exist"
