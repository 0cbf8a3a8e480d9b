"""Every ruleset, format and option the engine plays: the cases the whole-deal tests run."""

from __future__ import annotations

from somerset.rules.rulesets import RULESETS

CASES = [
    (rid, fmt.id, opt)
    for rid, r in RULESETS.items()
    for fmt in r.formats.value
    for opt in (None, *(o.id for o in r.options.value if not o.formats or fmt.id in o.formats))
]


def _ids(case: tuple[str, str, str | None]) -> str:
    return "-".join(x for x in case if x)
