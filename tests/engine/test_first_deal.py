"""The guided first deal: its file read and checked against the table, its record for the page, the
narration of each step, and `somerset check` on a guided deal's file."""

from __future__ import annotations

import json
import subprocess
from dataclasses import replace
import sys
from pathlib import Path
from typing import Any

import pytest

from somerset.game.actions import parse_action
from somerset.game.deal import Deal
from somerset.game.narrate import narrate
from somerset.players.table import READER
from somerset.rules.cards import Card
from somerset.teaching.content_check import check_content
from somerset.teaching.contentfile import ContentError, ContentFile, shipped_files
from somerset.teaching.first_deals import (FIRST_DEALS, _decision_problems, decision_values, first_deal_problems,
                                           load_first_deals, played)
from somerset.players.table import table_deal
from somerset.service.first_deal import first_deal_record, first_deals_data

CLI = [sys.executable, "-m", "somerset_tools"]
def shipped(name: str) -> ContentFile:
    return next(f for f in shipped_files("first-deals", ".toml") if f.name == f"first-deals/{name}")


SHIPPED = shipped("parker-1947.toml")


def with_change(old: str, new: str, text: str = SHIPPED.text) -> ContentFile:
    assert old in text, old
    return ContentFile("first-deals/parker-1947.toml", text.replace(old, new, 1))


def problems_of(file: ContentFile) -> list[str]:
    return first_deal_problems(load_first_deals([file])[0])


def test_every_shipped_guided_deal_plays_at_the_table_as_its_file_says() -> None:
    assert [(d.guide, d.ruleset) for d in FIRST_DEALS] == [
        ("first-deal", "parker-1947"), ("first-deal", "somersetgame-com"), ("first-deal", "triple-2009"),
        ("second-deal", "parker-1947")]
    for d in FIRST_DEALS:
        assert first_deal_problems(d) == []


def test_the_record_gives_each_decision_the_tables_answer_and_the_coachs_move() -> None:
    fd = FIRST_DEALS[0]
    rec = first_deal_record(fd)
    assert [s["move"] for s in rec["steps"]] == [s.move for s in fd.steps]
    for step, source in zip(rec["steps"], fd.steps):
        table = step["table"]
        assert table["to_play"]["kind"] != "none" and step["move"] in table["to_play"]["moves"]
        assert step["coach"] == source.coach and step["instead"] == dict(source.instead)
        assert all(e["seat"] != READER and e["said"] for e in step["before"])
        assert step["after"]["said"] and step["after"]["said"][0].startswith("You ")
        assert step["after"]["seat"] == READER and step["after"]["move"] == step["move"]
        if table["to_play"]["kind"] == "card":
            # every card of the hand is either legal (offered) or barred with the rule's reason
            hand = set(table["view"]["hand"])
            assert set(step["illegal"]) | set(table["to_play"]["cards"]) == hand
            assert not set(step["illegal"]) & set(table["to_play"]["cards"])
            assert all(v["reason"] and v["citation"]["label"] for v in step["illegal"].values())
        else:
            assert step["illegal"] == {}
    end = rec["end"]
    assert end["table"]["over"] and end["table"]["play"] == fd.code
    assert end["score"]["reason"].startswith("The bidder's side bid 12 and took 22")
    assert rec == first_deal_record(fd), "the record is the same every time"
    assert json.loads(json.dumps(first_deals_data()))["deals"]["parker-1947"]["steps"][0]["move"] == "bid 12"


def test_the_triple_deal_is_six_handed_with_the_kitty_and_names_its_format() -> None:
    fd = next(d for d in FIRST_DEALS if d.ruleset == "triple-2009")
    rec = first_deal_record(fd)
    assert (rec["format"], rec["format_label"], rec["players"]) == ("six-2x3", "Six players, two partnerships of three", 6)
    assert rec["teams"] == [[0, 2, 4], [1, 3, 5]] and rec["total"] == 36 and rec["dealer"] == 5
    assert [s["move"] for s in rec["steps"]] == [s.move for s in fd.steps]
    kinds = [s["table"]["to_play"]["kind"] for s in rec["steps"]]
    assert kinds[:3] == ["call", "discard", "trump"] and set(kinds[3:]) == {"card"} and len(kinds) == 18
    kitty = rec["steps"][1]["table"]["to_play"]
    assert kitty["kept"] == ["4/10", "S/S"] and kitty["count"] == 2
    assert "counts its 1 point for your side" in kitty["effects"]["cards"]["1/1"]
    for step in rec["steps"][3:]:  # every card is offered or barred with its rule
        table = step["table"]
        assert step["move"] in table["to_play"]["moves"]
        assert set(step["illegal"]) | set(table["to_play"]["cards"]) == set(table["view"]["hand"])
    assert rec["steps"][0]["after"]["hand_sizes"] == [15] * 6
    assert rec["steps"][1]["after"]["hand_sizes"] == [15] * 6
    # the first lead may be any card here: nothing is barred
    assert rec["steps"][3]["illegal"] == {} and len(rec["steps"][3]["table"]["to_play"]["cards"]) == 15
    assert rec["steps"][5]["illegal"]["7/7"]["reason"].startswith("7/7 does not follow")
    end = rec["end"]
    assert end["table"]["team_points"] == [30, 6]
    assert end["score"]["reason"] == ("The bidder's side bid 20 and took 30: the bid is made and scores the 30 points "
                                      "taken; the opponents score nothing (they took 6).")
    assert end["score"]["citation"]["label"] == "Triple 2009 rules, Scoring"


def kitty_deal() -> Any:
    return next(d for d in FIRST_DEALS if d.ruleset == "somersetgame-com")


def test_the_kitty_deals_discard_raises_the_bid_as_the_coach_says() -> None:
    fd = kitty_deal()
    assert first_deal_problems(fd) == []
    rec = first_deal_record(fd)
    step = rec["steps"][1]
    assert step["move"] == "discard 0/2 5/10"
    ask = step["table"]["to_play"]
    assert ask["kind"] == "discard" and ask["count"] == 2
    # the kitty's cards stay in the hand under these rules, and are named
    assert ask["kitty"] == ask["kept"] == ["0/0", "9/10"]
    assert set(ask["kitty"]) <= set(step["table"]["view"]["hand"])
    # the engine's warning for the count card the coach discards, and what the discard did
    assert ask["effects"]["cards"]["5/10"] == "Discarding 5/10 raises your bid by 2, from 12 to 14; its 2 points still count for your side."
    assert "from 12 to 14" in step["coach"] and "2 points" in step["coach"]
    assert step["after"]["bid"] == 14 and step["after"]["points"] == [2, 0]
    assert step["after"]["said"] == ["You discard 2 cards: 0/2, 5/10."]
    deal = played(fd)
    assert deal.bid == 12 and deal.bid_to_make == 14 and [str(c) for c in deal.discards] == ["0/2", "5/10"]
    assert rec["end"]["score"]["reason"].startswith("The bidder's side bid 14 and took 19")
    # every 'instead' is a legal discard, and the one keeping the count card says what it risks
    assert set(step["instead"]) == {"discard 0/2 1/8", "discard 0/2 6/12"}


def kitty_file(old: str, new: str) -> ContentFile:
    text = shipped("somersetgame-com.toml").text
    assert old in text, old
    return ContentFile("first-deals/somersetgame-com.toml", text.replace(old, new, 1))


def test_the_kitty_deals_late_claims_are_the_solvers() -> None:
    """Steps 10-14 say what the solver finds with every card in view; a claim it does not confirm
    is named with each card's points."""
    fd = kitty_deal()
    claims = [(n, s.move, s.solver) for n, s in enumerate(fd.steps, 1) if s.solver]
    assert claims == [(10, "play 9/10", "all-equal"), (11, "play 6/12", "all-equal"), (12, "play 0/0", "all-equal"),
                      (13, "play 0/12", "all-equal"), (14, "play 1/12", "best")]
    assert first_deal_problems(fd) == []
    found = first_deal_problems(load_first_deals([kitty_file(
        'which may be played at any time. Either card comes to the same points here; follow with 9/10, which takes the trick if 10/10 does not come, and keep the 0/0 for later."\nsolver = "all-equal"',
        'which may be played at any time. Keep the 0/0."\nsolver = "only-best"')])[0])
    assert found == ["first-deals/somersetgame-com.toml: step 10: field 'solver': the coach claims “only-best” (every other "
                     "card takes fewer points for your side), but with every card in view the solver finds, for your "
                     "side's points still to come: 0/0 8 points, 9/10 8 points; write the sentence and the claim to say "
                     "what the solver finds"]


def test_a_solver_claim_needs_a_card_to_play_and_a_known_word() -> None:
    with pytest.raises(ContentError, match="step 1: field 'solver': the solver judges cards to play; “bid 12” is not one"):
        load_first_deals([kitty_file('move = "bid 12"\n', 'move = "bid 12"\nsolver = "best"\n')])
    with pytest.raises(ContentError, match="step 14: field 'solver': 'better' is not accepted; write one of: best, only-best, all-equal"):
        load_first_deals([kitty_file('solver = "best"', 'solver = "better"')])


def test_a_discard_may_list_its_cards_in_any_order() -> None:
    text = kitty_deal().file and shipped("somersetgame-com.toml").text
    mine = ContentFile("first-deals/somersetgame-com.toml", text.replace('move = "discard 0/2 5/10"', 'move = "discard 5/10 0/2"')
                       .replace('"discard 0/2 1/8" =', '"discard 1/8 0/2" ='))
    fd = load_first_deals([mine])[0]
    assert fd.steps[1].move == "discard 0/2 5/10" and "discard 0/2 1/8" in dict(fd.steps[1].instead)
    assert first_deal_problems(fd) == []
    bad = ContentFile("first-deals/somersetgame-com.toml", text.replace('"discard 0/2 1/8" =', '"discard 0/2 9/10" ='))
    found = first_deal_problems(load_first_deals([bad])[0])
    assert any("step 2: field 'instead': “discard 0/2 9/10” is not a move the reader may make here" in p for p in found), found
    kept = ContentFile("first-deals/somersetgame-com.toml", text.replace('move = "discard 0/2 5/10"', 'move = "discard 0/0 5/10"'))
    found = first_deal_problems(load_first_deals([kept])[0])
    assert found and "step 2: field 'move'" in found[0] and "0/0 came from the kitty" in found[0], found


def test_each_move_gives_the_table_just_after_it() -> None:
    rec = first_deal_record(FIRST_DEALS[0])
    lead = rec["steps"][2]["after"]
    assert lead["trick"] == {"leader": 0, "cards": ["12/12"], "winner": None}
    assert lead["hand_sizes"] == [11, 12, 12, 12] and lead["points"] == [0, 0]
    last_of_trick = rec["steps"][3]["before"][-1]
    assert last_of_trick["trick"] == {"leader": 0, "cards": ["12/12", "1/12", "5/10", "0/12"], "winner": 0}
    assert last_of_trick["points"] == [3, 0]
    assert rec["steps"][1]["before"][-1]["trick"] == {"leader": None, "cards": [], "winner": None}
    final = rec["end"]["before"][-1]
    assert final["points"] == rec["end"]["table"]["team_points"] == [22, 2]


def test_the_first_lead_bars_every_card_but_a_trump_with_the_rule() -> None:
    rec = first_deal_record(FIRST_DEALS[0])
    lead = rec["steps"][2]
    assert lead["move"] == "play 12/12" and lead["table"]["to_play"]["cards"] == ["4/12", "6/12", "9/12", "10/12", "11/12", "12/12", "S/S"]
    assert "1/4" in lead["illegal"] and "trump" in lead["illegal"]["1/4"]["reason"]


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ('move = "play 4/10"', 'move = "play 4/12"',
         "first-deals/parker-1947.toml: step 8: field 'move': move 8, “play 4/12”, is not allowed: 4/12 is a trump"),
        ('"play 7/10" = "7/10 loses', '"play 6/12" = "7/10 loses',
         "first-deals/parker-1947.toml: step 8: field 'instead': “play 6/12” is not a move the reader may make here; "
         "the moves are: play 4/10, play 7/10"),
        ('code = "hMg', 'code = "hMh', "[deal]: field 'code': the bots no longer play this deal as the file says: its code is now hMg"),
    ],
)
def test_a_step_the_engine_disagrees_with_is_named(old: str, new: str, message: str) -> None:
    found = problems_of(with_change(old, new))
    assert any(message in p for p in found), found


def test_steps_that_stop_before_the_end_are_named() -> None:
    text = SHIPPED.text[: SHIPPED.text.rindex("[[step]]")]
    found = problems_of(ContentFile("first-deals/parker-1947.toml", text))
    assert found == ["first-deals/parker-1947.toml: [deal]: the deal is not over after the last step: the reader's seat "
                     "is asked next for one of play S/S; add a [[step]] for every decision of the reader's seat"]


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ('ruleset = "parker-1947"', 'ruleset = "parker-1974"', "[deal]: field 'ruleset': 'parker-1974' is not a known ruleset"),
        ('ruleset = "parker-1947"', 'ruleset = "parker-1950"', "[deal]: field 'ruleset': the file of a guided deal under parker-1950 is named parker-1950.toml"),
        ('seed = 13', 'seed = "13"', "[deal]: field 'seed': expected a whole number (without quotes), got text"),
        ('seed = 13', 'seed = 13\nsede = 4', "[deal]: field 'sede': unknown field; the fields accepted here are: code, ending, guide, intro, ruleset, seed, title"),
        ('move = "bid 12"', 'move = "bid twelve"', "step 1: field 'move': “bid twelve” is not a move: 'bid twelve' is not a bid"),
        ('"pass" = "Passing', '"bid 12" = "Passing', "step 1: field 'instead': “bid 12” is the move the coach suggests; list only other moves"),
        ('code = "hMg', 'code = "?Mg', "[deal]: field 'code':"),
        ('[[step]]\nmove = "trump 12"', '[[stpe]]\nmove = "trump 12"', "'stpe' is not accepted at the top of the file; write one [deal] table and [[step]] tables"),
    ],
)
def test_a_malformed_file_gets_a_clear_message(old: str, new: str, message: str) -> None:
    with pytest.raises(ContentError) as e:
        load_first_deals([with_change(old, new)])
    assert message in str(e.value) and str(e.value).startswith("first-deals/parker-1947.toml: ")


def test_two_guided_deals_under_one_ruleset_are_refused() -> None:
    with pytest.raises(ContentError, match="is already the guided deal under parker-1947; there is one per ruleset"):
        load_first_deals([SHIPPED, ContentFile("mine/parker-1947.toml", SHIPPED.text)])


def deal_after(moves: list[str]) -> Deal:
    d = Deal("parker-1947", dealer=3, seed=13)
    for m in ["shuffle 13", *moves]:
        d.apply(m)
    return d


def test_narration_says_what_each_kind_of_step_does() -> None:
    d = deal_after(["bid 12", "pass", "pass"])
    assert narrate(d, parse_action("pass"), you=0) == ["Seat 4 passes.", "You win the bid at 12."]
    assert narrate(d, parse_action("pass")) == ["Seat 4 passes.", "Seat 1 wins the bid at 12."]
    d = deal_after(["bid 12", "pass", "pass", "pass"])
    assert narrate(d, parse_action("trump 12"), you=0) == ["You name the trump: /12 suit."]
    d = deal_after(["bid 12", "pass", "pass", "pass", "trump 12"])
    assert narrate(d, parse_action("play 12/12"), you=0) == ["You lead 12/12."]
    d.apply("play 12/12")
    assert narrate(d, parse_action("play 1/12"), you=0) == ["Seat 2 follows suit with 1/12."]
    d.apply("play 1/12")
    assert narrate(d, parse_action("play 5/10"), you=0) == ["Seat 3 has no /12 and throws off 5/10."]
    d.apply("play 5/10")
    last = narrate(d, parse_action("play 0/12"), you=0)
    assert last[0] == "Seat 4 follows suit with 0/12."
    assert last[1].startswith("You take the trick (3 points): 12/12 is the highest trump played")


def test_narration_of_a_ruff_and_of_a_deal_thrown_in() -> None:
    rec = first_deal_record(FIRST_DEALS[0])
    said = [s for step in rec["steps"] for s in step["after"]["said"]]
    assert "You have no /10 and trump with 4/12." in said
    d = Deal("parker-1947", dealer=3, seed=13)
    d.apply("shuffle 13")
    for m in ["pass", "pass", "pass"]:
        d.apply(m)
    assert narrate(d, parse_action("pass"), you=0) == ["Seat 4 passes.", "Everyone passed: the deal is thrown in."]


def test_a_bots_discards_are_not_named_but_the_readers_are() -> None:
    from somerset.game.deal import new_deal
    from somerset.players.roster import make_bots
    from somerset.players.autoplay import play_deal

    for seed in range(1, 40):
        deal = play_deal(new_deal("somersetgame-com", None, seed, 3), make_bots("heuristic", 4, seed))
        d = Deal(deal.ruleset, deal.format.id, dealer=deal.dealer, seed=deal.seed)
        for a in deal.history:
            if str(a).startswith("discard"):
                seat = d.current_player
                other = (seat + 1) % d.players
                assert narrate(d, a, you=other) == [f"Seat {seat + 1} discards {len(a.cards)} cards."]
                cards = ", ".join(str(c) for c in a.cards)
                assert narrate(d, a, you=seat) == [f"You discard {len(a.cards)} cards: {cards}."]
                return
            d.apply(a)
    pytest.fail("no bot discarded a kitty in 40 deals")


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*CLI, *args], capture_output=True, text=True, timeout=300)


def test_somerset_check_reads_a_guided_deals_file(tmp_path: Path) -> None:
    folder = tmp_path / "first-deals"
    folder.mkdir()
    good = folder / "parker-1947.toml"
    good.write_text(SHIPPED.text, encoding="utf-8")
    out = run_cli("check", str(good))
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == f"ok: {good}: 1 guided deal, the deal plays at the table as the file says"
    good.write_text(SHIPPED.text.replace('move = "play 2/6"', 'move = "play 7/8"'), encoding="utf-8")
    out = run_cli("check", str(good))
    assert out.returncode == 2
    assert f"{good}: step 9: field 'move': move 9, “play 7/8”, is not allowed" in out.stderr
    report = check_content([str(Path(__file__).parents[2] / "engine/src/somerset/content/first-deals")])
    assert report.ok and [f["entries"] for f in report.files] == [1, 1, 1, 1]


def test_somerset_check_reads_the_triple_deal() -> None:
    path = Path(__file__).parents[2] / "engine/src/somerset/content/first-deals/triple-2009.toml"
    out = run_cli("check", str(path))
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == f"ok: {path}: 1 guided deal, the deal plays at the table as the file says"


# --- the second guided deal: a decision the reader must find -------------------------------------------

SECOND = shipped("parker-1947-second-deal.toml")


def second_with(old: str, new: str) -> ContentFile:
    assert old in SECOND.text, old
    return ContentFile(SECOND.name, SECOND.text.replace(old, new, 1))


def test_the_second_deal_asks_at_its_decision_and_the_solver_backs_each_answer() -> None:
    fd = next(d for d in FIRST_DEALS if d.guide == "second-deal")
    assert fd.ruleset == "parker-1947" and first_deal_problems(fd) == []
    asks = [(n, s.move) for n, s in enumerate(fd.steps, 1) if s.ask]
    assert asks == [(11, "play 5/6")]
    data = first_deals_data()
    assert set(data["deals"]) == {"parker-1947", "somersetgame-com", "triple-2009"}
    rec = data["guides"]["second-deal"]["parker-1947"]
    assert rec["guide"] == "second-deal" and rec["title"] == fd.title
    step = rec["steps"][10]
    decision = step["decision"]
    # the suggested card makes the bid with best play; every other card the reader may play is refuted
    assert decision["bid"] == 13 and decision["points"] >= 13
    assert set(decision["refute"]) | {step["move"]} == set(f"play {c}" for c in step["table"]["to_play"]["cards"])
    assert all(v["points"] < 13 and v["why"] for v in decision["refute"].values())
    assert all("decision" not in s for n, s in enumerate(rec["steps"]) if n != 10)
    assert rec["end"]["score"]["reason"].startswith("The bidder's side bid 13 and took 15")


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ('"play 2/10" = "8/10 and 9/10 are still out, both higher: the others take the lead and keep it to the end."\n',
         '',
         "step 11: field 'refute': every card you may play here needs an answer, in 'refute' (it loses the bid) or "
         "'instead'; not answered: play 2/10"),
    ],
)
def test_a_decision_the_solver_does_not_back_is_named(old: str, new: str, message: str) -> None:
    found = first_deal_problems(load_first_deals([second_with(old, new)])[0])
    assert any(p.startswith("first-deals/parker-1947-second-deal.toml: ") and message in p for p in found), found


def test_a_refuted_card_that_still_makes_the_bid_is_named() -> None:
    """At step 10 (trumping 1/8 or not), every card makes the bid: refuting one is refused."""
    text = SECOND.text.replace('coach = "Seat 2 led a four and you have none',
                               'ask = "Which card?"\ncoach = "Seat 2 led a four and you have none', 1)
    text = text.replace('takes the trick from seat 4\'s 4/4 and gives you the lead."\n',
                        'takes the trick from seat 4\'s 4/4 and gives you the lead."\n\n[step.refute]\n"play 1/2" = "It loses."\n', 1)
    found = first_deal_problems(load_first_deals([ContentFile(SECOND.name, text)])[0])
    assert any("step 10: field 'refute': “play 1/2” does not lose the bid: with every card in view and best play "
               "after it, your side still takes" in p for p in found), found


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ('[step.refute]\n"play 1/2"', '[step.instead]\n"play 1/2"',
         "step 11: field 'refute': a decision ('ask') needs a [step.refute] table"),
        ('"play 1/2" = "Only', '"bid 14" = "Only', "step 11: field 'refute': “bid 14” is not a card to play"),
        ('"play 1/2" = "Only', '"play 5/6" = "Only', "step 11: field 'refute': “play 5/6” is the move the coach suggests"),
        ('move = "bid 11"\n', 'move = "bid 11"\nask = "What do you bid?"\n',
         "step 1: field 'ask': a decision asks for a card to play; “bid 11” is not one"),
        ('ask = "Your side has 12 points', 'asks = "Your side has 12 points',
         "step 11: field 'ask': 'refute' answers the wrong cards of a decision"),
        ('guide = "second-deal"', 'guide = "third-deal"', "[deal]: field 'guide': 'third-deal' is not accepted"),
    ],
)
def test_a_malformed_decision_gets_a_clear_message(old: str, new: str, message: str) -> None:
    with pytest.raises(ContentError) as e:
        load_first_deals([second_with(old, new)])
    assert str(e.value).startswith("first-deals/parker-1947-second-deal.toml: ") and message in str(e.value), str(e.value)


def test_a_suggested_card_that_gets_the_side_set_is_named() -> None:
    """Swapping the decision's card and a refuted one: the solver finds the suggestion short of the bid
    and the refuted card making it. (The deal then goes another way, so this is judged at the decision.)"""
    fd = next(d for d in FIRST_DEALS if d.guide == "second-deal")
    step = fd.steps[10]
    deal, _, problem = table_deal(fd.ruleset, None, fd.seed, [s.move for s in fd.steps[:10]])
    assert problem is None
    values = decision_values(deal, step)
    assert values["play 5/6"].makes and values["play 5/6"].points == 13
    assert {m: v.points for m, v in values.items() if m != "play 5/6"} == {m: 12 for m, _ in step.refute}
    swapped = replace(step, move="play 1/2", refute=(("play 5/6", "It loses."),) + step.refute[1:])
    offered = {f"play {c}" for c in ("1/2", "5/6", "2/10", "1/12", "7/12")}
    found = _decision_problems(deal, swapped, offered)
    assert ("move", "with every card in view, after 1/2 your side takes at most 12 points with best play, short of "
            "its bid of 13: the suggested card must make the bid") in found
    assert any(f == "refute" and p.startswith("“play 5/6” does not lose the bid") for f, p in found), found
