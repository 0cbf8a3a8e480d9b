"""Load one of the site's MkDocs hooks (hooks/NAME.py) as a module, for the site tests."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[2]


def hook(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"somerset_{name}_hook", ROOT / "hooks" / f"{name}.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module
