"""Puzzles that do not give themselves away: before the verdict a page shows a puzzle's heading (its
theme and its task), never its title, which names the puzzle's idea and often a card of its answer;
the title comes with the verdict."""

from __future__ import annotations

import json
import re

import pytest

from somerset.api import handle
from somerset.service.trainer import trainer_data
from somerset.teaching.puzzles import PUZZLES, public

CARD = re.compile(r"(?<![\w/])(S/S|\d{1,2}/\d{1,2})(?![\w/])")


def _answer_cards(p) -> set[str]:
    return {c for value in p.kind_of.solve(p) for c in CARD.findall(value)} if p.kind_of.answers_with_cards else set()


@pytest.mark.parametrize("p", PUZZLES, ids=lambda p: p.id)
def test_the_heading_before_the_verdict_names_no_card_of_the_answer(p):
    heading = p.heading
    assert heading.startswith(f"{p.theme_name}: ") and heading.endswith(p.kind_of.task)
    # A theme's name may name a card ("Trumps and the S/S"): it heads every puzzle of the theme, whatever
    # its answer. Beyond it the heading names no card, so none of the answer.
    assert not (set(CARD.findall(heading)) - set(CARD.findall(p.theme_name))), heading
    assert not (set(CARD.findall(p.kind_of.task)) & _answer_cards(p)), heading
    assert p.title not in heading


def test_some_titles_name_a_card_of_their_answer_so_they_wait_for_the_verdict():
    """The reason for the headings: many titles name the answer (the build would show them otherwise)."""
    naming = [p.id for p in PUZZLES if set(CARD.findall(p.title)) & _answer_cards(p)]
    assert len(naming) >= 5


def test_the_trainer_records_carry_the_heading_and_keep_the_title_for_the_verdict():
    data = trainer_data()
    by_id = {p.id: p for p in PUZZLES}
    for rec in data["puzzles"]:
        p = by_id[rec["id"]]
        assert rec["heading"] == p.heading and rec["title"] == p.title


def test_what_the_api_shows_before_the_answer_has_no_title():
    one = next(p for p in PUZZLES if not p.kind_of.plays_out)
    shown = public(one)
    assert "title" not in shown and shown["heading"] == one.heading
    listed = json.loads(handle(json.dumps({"cmd": "puzzles"})))["puzzles"]
    assert listed and all("title" not in x and x["heading"] for x in listed)
