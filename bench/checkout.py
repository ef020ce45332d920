"""Imported first by the benchmarks: `rulecheck` as installed, or, run from a checkout without
installing, the package bridge/ as `rulecheck`.

    import checkout  # noqa: F401  (bench/ is on sys.path: the scripts run as `python bench/X.py`)
"""

import pathlib
import sys
import types

ROOT = pathlib.Path(__file__).resolve().parent.parent
try:
    import rulecheck  # noqa: F401  (installed)
except ImportError:  # run from a checkout without installing: bridge/ is the package
    pkg = types.ModuleType("rulecheck")
    pkg.__path__ = [str(ROOT / "bridge")]
    sys.modules["rulecheck"] = pkg
