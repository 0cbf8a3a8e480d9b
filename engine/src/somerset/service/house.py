"""A table's own rules as JSON: what a table may change and the values each ruleset uses
(:func:`settings_json`), and a composed ruleset with its code and changes (:func:`composed_json`).

The choices a page offers come from here, from the engine's data, never copied by hand.

>>> answer = compose_request("parker-1947", {"rover_play": "any-time"}, "Our table")
>>> answer["code"], answer["name"], [c["sentence"] for c in answer["changes"]]
('parker-1947~v1~rover_play.any-time~name.T3VyIHRhYmxl', 'Our table', ['when the 0/0 may be played: at any time, as in somersetgame.com'])
"""

from __future__ import annotations

from typing import Any, Mapping

from ..rules.dimensions import Ruleset
from ..rules.errors import SomersetError
from ..rules.house import (CODE_MARK, CODE_VERSION, MAX_NAME_CHARS, SETTINGS, HouseCodeError, RulesetCode, changes_of,
                           choices, is_code, number_bounds, token_of, value_label)
from ..rules.limits import excerpt
from ..rules.rulesets import RULESETS, get_ruleset, house_ruleset
from .responses import JSON, ruleset_summary

__all__ = ["settings_json", "composed_json", "compose_request", "HouseRequestError"]


class HouseRequestError(SomersetError):
    """A compose request the engine cannot answer; ``field`` is ``rules``, ``set`` or ``name``."""


def settings_json() -> JSON:
    """What a table may change: each setting with its heading, its rule dimension, and the values
    the surveyed rulesets use (each with the rulesets that use it); for a number, its bounds over
    each ruleset. The code's version and separator come with them."""
    out = []
    for s in SETTINGS:
        values: dict[str, JSON] = {}
        for r in RULESETS.values():
            value = s.value_in(r)
            token = token_of(value)
            entry = values.setdefault(token, {"value": token, "label": value_label(value), "rulesets": [], "packs": []})
            entry["rulesets"].append(r.id)
            if r.deck.name not in entry["packs"]:
                entry["packs"].append(r.deck.name)
        item: JSON = {"key": s.key, "dimension": s.dimension, "heading": s.heading, "number": s.number,
                      "values": list(values.values())}
        if s.number:
            item["bounds"] = {r.id: list(number_bounds(s, r)) for r in RULESETS.values()}
        out.append(item)
    return {"settings": out, "code_version": CODE_VERSION, "code_mark": CODE_MARK, "max_name_chars": MAX_NAME_CHARS}


def composed_json(r: Ruleset) -> JSON:
    """A composed ruleset: its code, name, base, each change with where it comes from, the choices
    over its base, and the ruleset as the widgets list it."""
    code = RulesetCode.parse(r.id)
    base, changes = changes_of(code, RULESETS)
    out_changes = []
    for c in changes:
        rule = r.rule(c.setting.dimension)
        out_changes.append({
            "setting": c.setting.key, "dimension": c.setting.dimension, "heading": c.setting.heading,
            "value": c.token, "label": value_label(c.value), "sentence": c.sentence(),
            "from": c.source.id if c.source is not None else None,
            "from_name": c.source.short_name if c.source is not None else None,
            "summary": rule.summary, "citations": [x.to_json() for x in rule.citations],
            "interpretation": rule.interpretation,
        })
    choice_lists = {s.key: ([t for t, _, _ in choices(s, base, RULESETS)] if not s.number
                            else list(number_bounds(s, base))) for s in SETTINGS}
    return {"code": r.id, "name": r.name, "base": base.id, "base_name": base.short_name, "changes": out_changes,
            "summary": r.summary, "choices": choice_lists, "ruleset": ruleset_summary(r)}


def compose_request(rules: str, changes: Mapping[str, Any], name: str | None = None) -> JSON:
    """Compose a table's rules: ``rules`` (a surveyed ruleset's id or alias, or a code whose
    changes the new ones replace), ``changes`` (setting to value) and ``name`` (kept from a code
    when not given). Bad input is a :class:`HouseRequestError` naming its field."""
    try:
        if is_code(rules):
            start = RulesetCode.parse(rules)
            base = start.base
            merged = dict(start.changes)
            kept_name = start.name
        else:
            base = get_ruleset(rules).id
            merged, kept_name = {}, ""
    except SomersetError as e:
        raise HouseRequestError(str(e), field="rules") from e
    for key, value in changes.items():
        if not isinstance(value, (str, int)) or isinstance(value, bool):
            raise HouseRequestError(f"the value of '{excerpt(str(key))}' must be text such as any-time, or a whole "
                                    "number", field="set")
        merged[str(key).strip().lower()] = str(value).strip().lower()
    if name is not None and not isinstance(name, str):
        raise HouseRequestError("'name' must be text", field="name")
    try:
        code = RulesetCode(base, tuple(merged.items()), (name if name is not None else kept_name).strip())
        return composed_json(house_ruleset(code))
    except HouseCodeError as e:
        raise HouseRequestError(str(e), field=_FIELDS.get(e.part, "rules")) from e


#: The request field each part of a code comes from.
_FIELDS = {"change": "set", "name": "name", "base": "rules", "form": "rules"}
