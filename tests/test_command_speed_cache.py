"""The cache directory pruned whenever an entry is written (bridge/cache.py): entries unused for
MAX_AGE go, then the least recently used beyond MAX_BYTES; what is read is marked used. Each
writer of the cache prunes its folder: the rules' JSON (stages.cached_json), the built-in cards'
pickle and the indexes of large card files (card_index)."""

import json
import os
import time
from pathlib import Path

import pytest

from rulecheck import cache, card_index, cards, stages
from rulecheck.cards import CardPool

DAY = 24 * 3600


def entry(folder: Path, name: str, size: int, age_days: float, now: float) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_bytes(b"x" * size)
    os.utime(path, (now - age_days * DAY, now - age_days * DAY))
    return path


def names(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


def test_entries_unused_for_the_maximum_age_are_removed(tmp_path):
    now = time.time()
    entry(tmp_path, "old.json", 10, 31, now)
    entry(tmp_path, "old.sqlite", 10, 400, now)
    entry(tmp_path, "recent.json", 10, 29, now)
    entry(tmp_path, "new.pickle", 10, 0, now)
    entry(tmp_path, "notes.txt", 10, 400, now)                 # not an entry: never removed
    entry(tmp_path, "dead.123.tmp", 10, 2 / 24, now)           # a write that died two hours ago
    entry(tmp_path, "writing.456.tmp", 10, 0, now)             # another process writing now
    kept = entry(tmp_path, "kept.json", 10, 90, now)           # the entry just written
    removed = cache.prune(tmp_path, kept, now=now)
    assert sorted(p.name for p in removed) == ["dead.123.tmp", "old.json", "old.sqlite"]
    assert names(tmp_path) == ["kept.json", "new.pickle", "notes.txt", "recent.json", "writing.456.tmp"]


def test_beyond_the_size_the_least_recently_used_are_removed(tmp_path, monkeypatch):
    monkeypatch.setattr(cache, "MAX_BYTES", 350)
    now = time.time()
    for i, age in enumerate([5, 1, 3, 2, 4]):
        entry(tmp_path, f"e{i}.json", 100, age, now)
    kept = entry(tmp_path, "kept.json", 100, 10, now)
    removed = cache.prune(tmp_path, kept, now=now)
    # 600 bytes: the three least recently used go (ages 5, 4, 3 days), kept.json stays though oldest.
    assert sorted(p.name for p in removed) == ["e0.json", "e2.json", "e4.json"]
    assert names(tmp_path) == ["e1.json", "e3.json", "kept.json"]
    assert cache.prune(tmp_path, kept, now=now) == []            # within the bounds: nothing more


def test_a_missing_folder_prunes_nothing(tmp_path):
    assert cache.prune(tmp_path / "none") == []


@pytest.fixture
def cache_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("RULECHECK_CACHE", str(tmp_path / "cache"))
    return tmp_path / "cache"


def test_writing_a_rules_entry_prunes_its_folder_and_reading_one_marks_it_used(cache_dir):
    rules = cache_dir / "rules"
    now = time.time()
    stale = entry(rules, "0" * 64 + ".json", 10, 40, now)
    assert stages.cached_json(b"test key", lambda: [1, 2], list) == [1, 2]      # written
    [written] = [p for p in rules.glob("*.json") if p != stale]
    assert not stale.exists()
    os.utime(written, (now - 20 * DAY, now - 20 * DAY))
    assert stages.cached_json(b"test key", lambda: pytest.fail("computed again"), list) == [1, 2]
    assert now - written.stat().st_mtime < DAY                  # read: used now, kept 30 days more
    assert json.loads(written.read_text(encoding="utf-8")) == [1, 2]


def test_writing_the_built_in_cards_prunes_the_cards_folder(cache_dir, monkeypatch):
    now = time.time()
    stale = entry(cache_dir / "cards", "builtin-" + "0" * 64 + ".pickle", 10, 40, now)
    stale_index = entry(cache_dir / "cards", "1" * 64 + ".sqlite", 10, 40, now)
    fresh = entry(cache_dir / "cards", "2" * 64 + ".sqlite", 10, 1, now)
    assert "Raging Goblin" in cards._builtin_cards()
    assert not stale.exists() and not stale_index.exists() and fresh.exists()
    assert len(list((cache_dir / "cards").glob("builtin-*.pickle"))) == 1


def test_writing_a_card_index_prunes_the_cards_folder(cache_dir, tmp_path, monkeypatch):
    monkeypatch.setattr(card_index, "INDEX_MIN_BYTES", 0)
    CardPool.builtin()
    now = time.time()
    stale = entry(cache_dir / "cards", "1" * 64 + ".sqlite", 10, 40, now)
    data = tmp_path / "bulk.json"
    data.write_text(json.dumps([{"object": "card", "name": "Bear 1", "layout": "normal", "mana_cost": "{1}{G}",
                                 "type_line": "Creature — Bear", "oracle_text": "", "power": "2", "toughness": "2",
                                 "colors": ["G"], "color_identity": ["G"], "keywords": []}]), encoding="utf-8")
    pool = CardPool.builtin()
    assert pool.add_file(str(data)) == 1
    assert pool.find("Bear 1").name == "Bear 1"
    assert not stale.exists()
    assert len(list((cache_dir / "cards").glob("*.sqlite"))) == 1
