"""A citation is shown by its source's name and section, never by the transcription's file name."""

from __future__ import annotations

import json
import re
import subprocess
import sys

from somerset import RULESETS, get_ruleset, parse_cards, parse_trump, trick_verdict
from somerset.rules.dimensions import DIMENSIONS
from somerset.rules.sources import SOURCES, Citation

FILE_NAME = re.compile(r"\d{3}_[0-9a-f]{16}\.txt")


def test_str_of_a_citation_is_its_label() -> None:
    c = Citation("parker-1947-booklet", "Naming the Trump")
    assert str(c) == "Parker 1947 booklet, Naming the Trump" == c.label


def test_no_citation_of_any_rule_shows_a_file_name() -> None:
    for r in RULESETS.values():
        for key, _ in DIMENSIONS:
            for c in r.rule(key).citations:
                assert not FILE_NAME.search(str(c)), (r.id, str(c))
                assert str(c).startswith(SOURCES[c.source].short)


def test_a_verdict_and_the_command_line_name_the_source() -> None:
    v = trick_verdict(get_ruleset("parker-1947"), parse_trump("2"), parse_cards("8/8 6/8 4/10 0/2"))
    assert str(v.citation) == "Parker 1947 booklet, Naming the Trump"
    out = subprocess.run([sys.executable, "-m", "somerset_tools", "trick", "--rules", "parker-1947", "--trump", "2",
                          "8/8", "6/8", "4/10", "0/2"], capture_output=True, text=True, check=True).stdout
    assert "Parker 1947 booklet, Naming the Trump" in out
    assert not FILE_NAME.search(out)
    data = json.loads(subprocess.run([sys.executable, "-m", "somerset_tools", "trick", "--rules", "all", "--trump", "2",
                                      "8/8", "6/8", "4/10", "0/2", "--json"], capture_output=True, text=True,
                                     check=True).stdout)
    assert data
