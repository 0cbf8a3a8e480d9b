"""The source texts the rules come from, and citations into them."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Source:
    """One source text in ``shared/sources``."""

    key: str
    file: str
    title: str
    short: str
    year: str


SOURCES: dict[str, Source] = {
    s.key: s
    for s in (
        Source(
            "parker-1947-booklet",
            "000_cf4deb3a9c921d9d.txt",
            "Rules for Playing the Game of Double Somerset, Parker Brothers (copyright 1934, 1947)",
            "Parker 1947 booklet",
            "1947",
        ),
        Source(
            "childs-survey",
            "001_05ba2e6e8542f23e.txt",
            "Survey of Double Some R Set rules, compiled by Jerry Childs, with addenda A to D",
            "Childs survey",
            "c. 2009",
        ),
        Source(
            "house-rules-page",
            "002_79b22ac3e21de8a7.txt",
            "A web page giving the 1947 text with two house rules",
            "House-rules page",
            "undated",
        ),
        Source(
            "hodges-1903-booklet",
            "003_222cbbf70ce4dfcc.txt",
            "Rules for Playing the Game Some'r'Set, A. J. Hodges (copyright 1903, revised edition)",
            "Hodges 1903 booklet",
            "1903/1905",
        ),
        Source(
            "triple-2009-rules",
            "004_5209bb098c593adc.txt",
            "Rules for Triple Some R Set 2009",
            "Triple 2009 rules",
            "2009",
        ),
    )
}


@dataclass(frozen=True, slots=True)
class Citation:
    """Where a rule is stated: a source and the section within it."""

    source: str
    section: str

    def __post_init__(self) -> None:
        if self.source not in SOURCES:
            raise ValueError(f"unknown source key {self.source!r}; known: {', '.join(SOURCES)}")
        if not self.section.strip():
            raise ValueError("a citation needs a section")

    @property
    def label(self) -> str:
        """The citation in words: the source's short name and the section."""
        return f"{SOURCES[self.source].short}, {self.section}"

    @property
    def href(self) -> str:
        """Link target relative to the site root."""
        return f"sources/#{self.source}"

    def to_json(self) -> dict[str, str]:
        """The citation as JSON: the source's key and file, the section and a label."""
        return {
            "source": self.source,
            "file": SOURCES[self.source].file,
            "section": self.section,
            "label": self.label,
            "href": self.href,
        }

    def __str__(self) -> str:
        """The citation as a reader sees it, by the source's name (never its file's)."""
        return self.label
