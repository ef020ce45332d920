import sys, types, pathlib
ROOT = pathlib.Path(__file__).resolve().parent.parent
# Let tests import the source tree as `rulecheck` without installing it.
if "rulecheck" not in sys.modules:
    try:
        import rulecheck  # installed
    except ImportError:
        pkg = types.ModuleType("rulecheck"); pkg.__path__ = [str(ROOT / "bridge")]; sys.modules["rulecheck"] = pkg
