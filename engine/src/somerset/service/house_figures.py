"""What a table's own rules do, in numbers: the same seeded deals played by the bots under the
table's rules and under their base (:func:`house_figures`), as Same deal plays one: in how many
deals the two part ways, and for each how often a bid is made, set or passed out, and what the
bidder's side takes and scores on average.

>>> f = house_figures("parker-1947~v1~rover_play.any-time", deals=4)
>>> f["deals"], [s["ruleset"] for s in f["sides"]], 0 <= f["parted"] <= 4
(4, ['parker-1947~v1~rover_play.any-time', 'parker-1947'], True)
"""

from __future__ import annotations

from ..rules.errors import SomersetError
from ..rules.house import RulesetCode, is_code
from ..rules.limits import MAX_SEED
from ..rules.rulesets import load_ruleset
from .house import HouseRequestError
from .responses import JSON
from .samedeal import same_deal, seed_source

__all__ = ["house_figures", "MAX_FIGURE_DEALS"]

#: The most deals one request plays both ways (each is two deals played by the bots).
MAX_FIGURE_DEALS = 200


def house_figures(rules: str, deals: int = 40, seed: int = 1) -> JSON:
    """Deals ``seed`` to ``seed + deals - 1``, dealt and played by the heuristic bots under the table's
    rules (a code), each also under its base: ``parted``, the deals in which they part ways, and per
    ruleset the deals with a bid, made, set and passed out, and the bidder's side's mean points taken
    and mean score (over the deals with a bid)."""
    if not is_code(rules):
        raise HouseRequestError("'rules' must be a table's own rules (a ruleset code, such as "
                                "parker-1947~v1~target.50)", field="rules")
    if not 1 <= deals <= MAX_FIGURE_DEALS:
        raise HouseRequestError(f"'deals' must be a whole number from 1 to {MAX_FIGURE_DEALS}", field="deals")
    if seed + deals - 1 > MAX_SEED:
        raise HouseRequestError(f"'seed' must leave room for {deals} deals: at most {MAX_SEED - deals + 1}", field="seed")
    try:
        table = load_ruleset(rules)
        base = load_ruleset(RulesetCode.parse(rules).base)
    except SomersetError as e:
        raise HouseRequestError(str(e), field="rules") from e
    names = {r.id: r.name for r in (table, base)}
    tallies = {r.id: {"bids": 0, "made": 0, "set": 0, "passed_out": 0, "points": 0, "score": 0} for r in (table, base)}
    parted = 0
    for s in range(seed, seed + deals):
        answer = same_deal(seed_source(table, None, s), [table.id, base.id])
        teams = answer["source"]["teams"] or [[p] for p in range(answer["source"]["players"])]
        parted += any(e["parted"] for e in answer["events"])
        for ending in answer["endings"]:
            t = tallies[ending["ruleset"]]
            if ending["passed_out"]:
                t["passed_out"] += 1
                continue
            side = next(i for i, team in enumerate(teams) if ending["declarer"] in team)
            t["bids"] += 1
            t["made" if ending["made"] else "set"] += 1
            t["points"] += ending["team_points"][side]
            t["score"] += ending["score"][side]
    sides: list[JSON] = []
    for rid, t in tallies.items():
        n = t["bids"]
        sides.append({"ruleset": rid, "ruleset_name": names[rid], **t, "points": round(t["points"] / n, 2) if n else None,
                      "score": round(t["score"] / n, 2) if n else None})
    return {"rules": table.id, "base": base.id, "base_name": base.short_name, "deals": deals, "seed": seed,
            "parted": parted, "sides": sides}
