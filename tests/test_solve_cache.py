"""bridge/solve.py keeps each rule file's parsed statements for the process: a file changed on
disk since must be parsed again, not answered with the statements it had."""

import os

import harness


def _shown(path):
    result = harness.solve([], (path,), extra_program="#show p/1.")
    return [str(s) for m in result.models for s in m]


def test_a_rule_file_changed_on_disk_is_read_again(tmp_path):
    path = tmp_path / "rules.lp"
    path.write_text("p(1).\n")
    assert _shown(path) == ["p(1)"]
    before = path.stat().st_mtime_ns

    # The same size, a later modification time: an edit.
    path.write_text("p(2).\n")
    os.utime(path, ns=(before + 10**9, before + 10**9))
    assert _shown(path) == ["p(2)"]

    # Another size, the modification time set back to the same: still a change.
    path.write_text("p(33).\n")
    os.utime(path, ns=(before + 10**9, before + 10**9))
    assert _shown(path) == ["p(33)"]


def test_the_split_kept_on_disk_is_keyed_by_how_rules_are_classified(tmp_path, monkeypatch):
    # The split of the same files into stages changes when stages.py classifies statements
    # differently (its version): a split kept by an older rulecheck must not be used.
    from rulecheck import solve as solve_module
    monkeypatch.setenv("RULECHECK_CACHE", str(tmp_path / "cache"))
    path = tmp_path / "rules.lp"
    path.write_text("p(1).\n")
    paths = (path,)
    solve_module.clear_caches()
    assert solve_module._split_text(paths, "") is None          # computed, and kept
    solve_module.clear_caches()
    assert solve_module._split_text(paths, "") is not None      # read back
    solve_module.clear_caches()
    monkeypatch.setattr(solve_module, "STAGES_VERSION", "another classification")
    assert solve_module._split_text(paths, "") is None          # not the one kept before
