"""``somerset lessons``: list the Learn section's stages and their exercises (id, kind, rulesets).

The exercises live in ``engine/src/somerset/content/lessons/*.toml``; ``somerset check`` checks such a
file against the engine.
"""

from __future__ import annotations

import argparse
from typing import Callable

from somerset.rules.rulesets import get_ruleset
from .common import emit

__all__ = ["register", "cmd_lessons"]


def cmd_lessons(args: argparse.Namespace) -> None:
    """Print every stage, in order, with its exercises."""
    from somerset.teaching.lessons import listing

    data = listing()
    lines = []
    for s in data["stages"]:
        lines.append(f"{s['order']}. {s['title']} ({s['id']}, {s['file']}): {len(s['exercises'])} exercises")
        for e in s["exercises"]:
            names = ", ".join(get_ruleset(r).short_name for r in e["rulesets"])
            lines.append(f"   {e['id']} [{e['kind']}] {e['task']} ({names})")
    emit(args, data, "\n".join(lines))


def register(add: Callable[[str, str, str], argparse.ArgumentParser]) -> None:
    """Add the ``lessons`` command."""
    p = add("lessons", "list the Learn section's stages and their exercises",
            "List every stage of the Learn section in order, with each exercise's id, kind, task and the "
            "rulesets it claims. The stages are TOML files in the engine's content/lessons folder; "
            "'somerset check FILE' checks one against the engine. Example: somerset lessons --json")
    p.set_defaults(func=cmd_lessons)
