"""The examples in the engine's docstrings run, and say what the engine does."""

from __future__ import annotations

import doctest
import inspect
import importlib
import pkgutil

import pytest

import somerset
import somerset_tools

# The engine's modules and its tools' (the command line, benchmarks, miner, statistics).
MODULES = sorted(m.name for package in (somerset, somerset_tools)
                 for m in pkgutil.walk_packages(package.__path__, package.__name__ + ".") if not m.name.endswith("__main__"))


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0


def test_core_modules_have_examples() -> None:
    """A few examples per core module: the ones a newcomer reads first."""
    core = ["rules.cards", "rules.errors", "rules.dimensions", "rules.play", "rules.scoring", "rules.bidding",
            "rules.kitty", "game.rng", "game.actions", "game.deal", "game.match", "game.views", "players.simulate",
            "api", "service.compare"]
    finder = doctest.DocTestFinder()
    for name in core:
        module = importlib.import_module(f"somerset.{name}")
        examples = sum(len(t.examples) for t in finder.find(module))
        assert examples >= 2, f"somerset.{name} has {examples} docstring examples"


def _public(module: object) -> list[tuple[str, object]]:
    names = getattr(module, "__all__", None) or [n for n in vars(module) if not n.startswith("_")]
    return [(n, getattr(module, n)) for n in names]


def test_every_public_name_has_a_docstring() -> None:
    """Every public class and function of the engine, and every public method of its classes, says what it is."""
    missing = []
    for name in MODULES:
        module = importlib.import_module(name)
        if not (module.__doc__ or "").strip():
            missing.append(name)
        for attr, obj in _public(module):
            if not (inspect.isclass(obj) or inspect.isfunction(obj)) or getattr(obj, "__module__", None) != name:
                continue
            own = vars(obj).get("__doc__") if inspect.isclass(obj) else obj.__doc__
            if not own or own.startswith(f"{attr}("):  # a dataclass without one gets its signature
                missing.append(f"{name}.{attr}")
            if inspect.isclass(obj):
                for member, value in vars(obj).items():
                    if member.startswith("_") or not (inspect.isfunction(value) or isinstance(value, (property, staticmethod, classmethod))):
                        continue
                    if not inspect.getdoc(getattr(obj, member)):
                        missing.append(f"{name}.{attr}.{member}")
    assert not missing, "no docstring: " + ", ".join(missing)
