"""Large --cards files read through an index in the cache directory (bridge/card_index.py), and
MTGJSON AtomicCards files."""

import dataclasses
import json
import os
from pathlib import Path

import pytest

from rulecheck import card_index, cards
from rulecheck.cards import CardPool
from rulecheck.cli import main
from rulecheck.errors import CardDataError

HERE = Path(__file__).resolve().parent
ATOMIC = str(HERE / "cards" / "AtomicCards-sample.json")


def bear(name: str, power: str = "2", **extra) -> dict:
    return {"object": "card", "name": name, "layout": "normal", "mana_cost": "{1}{G}",
            "type_line": "Creature — Bear", "oracle_text": "", "power": power, "toughness": "2",
            "colors": ["G"], "color_identity": ["G"], "keywords": [], **extra}


def transform(front: str, back: str) -> dict:
    face = {"mana_cost": "{U}", "type_line": "Creature — Human", "oracle_text": "", "power": "1",
            "toughness": "1", "colors": ["U"]}
    return {"object": "card", "name": f"{front} // {back}", "layout": "transform", "keywords": [],
            "color_identity": ["U"], "card_faces": [{**face, "name": front}, {**face, "name": back, "mana_cost": ""}]}


@pytest.fixture
def cache(tmp_path, monkeypatch):
    """A cache folder of this test's own; every file large enough to be indexed."""
    monkeypatch.setenv("RULECHECK_CACHE", str(tmp_path / "cache"))
    monkeypatch.setattr(card_index, "INDEX_MIN_BYTES", 0)
    return tmp_path / "cache" / "cards"


@pytest.fixture
def counted(monkeypatch):
    """How many card objects are checked (cards.validate_item), by name."""
    CardPool.builtin()                                 # (the bundled cards parsed first: not counted)
    seen: list[str] = []
    real = cards.validate_item

    def counting(where, obj, *args):
        seen.append(obj["name"] if isinstance(obj, dict) else where)
        return real(where, obj, *args)
    monkeypatch.setattr(cards, "validate_item", counting)
    monkeypatch.setattr(card_index, "validate_item", counting)
    return seen


def write(path: Path, data) -> str:
    path.write_text(json.dumps(data, ensure_ascii=False, indent=1), encoding="utf-8")
    return str(path)


BULK = [bear(f"Bear {i}", power=str(i % 7)) for i in range(200)] + [transform("Seer", "Horror")]


def test_second_load_reads_the_index_and_parses_only_the_cards_named(cache, counted, tmp_path):
    path = write(tmp_path / "bulk.json", BULK)
    first = CardPool.builtin()
    assert first.add_file(path) == 201
    assert len(counted) == 201                         # read and checked in full, once
    assert len(list(cache.glob("*.sqlite"))) == 1
    counted.clear()

    pool = CardPool.builtin()
    assert pool.add_file(path) == 201
    assert counted == []                               # nothing parsed to add the file
    assert pool.find("bear 123").faces[0].power == "4"   # case-insensitive, as without an index
    assert pool.find("Horror").name == "Seer // Horror"  # by a face name
    assert pool.find("Bear 123") is pool.find("Bear 123")
    assert counted == ["Bear 123", "Seer // Horror"]   # each named card parsed once, no other
    assert len(pool) == 129 + 201 and "Bear 7" in pool and "Bear 7000" not in pool
    assert pool.find("Bear 5") == dataclasses.replace(first.find("Bear 5"))


def test_the_index_is_built_again_when_the_file_changes(cache, counted, tmp_path):
    path = tmp_path / "bulk.json"
    write(path, BULK)
    CardPool.builtin().add_file(str(path))
    stat = path.stat()
    # Same size, other modification time: read again.
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns + 5_000_000_000))
    counted.clear()
    CardPool.builtin().add_file(str(path))
    assert len(counted) == 201
    # Other size (a card's power changed), same time: read again, the new power read.
    write(path, [*BULK[:3], bear("Bear 3", power="66"), *BULK[4:]])
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns + 5_000_000_000))
    counted.clear()
    assert CardPool.builtin().add_file(str(path)) == 201
    assert len(counted) == 201
    pool = CardPool.builtin()
    pool.add_file(str(path))
    assert pool.find("Bear 3").faces[0].power == "66"
    assert len(list(cache.glob("*.sqlite"))) == 3


def test_an_unreadable_index_is_built_again(cache, counted, tmp_path):
    path = write(tmp_path / "bulk.json", BULK)
    CardPool.builtin().add_file(path)
    [index] = cache.glob("*.sqlite")
    index.write_bytes(b"not a database" * 100)
    counted.clear()
    pool = CardPool.builtin()
    pool.add_file(path)
    assert len(counted) == 201 and pool.find("Bear 8").faces[0].power == "1"
    counted.clear()
    CardPool.builtin().add_file(path)                  # and kept again
    assert counted == []


def test_no_cache_no_index_file(tmp_path, monkeypatch, counted):
    monkeypatch.setenv("RULECHECK_CACHE", "")
    monkeypatch.setattr(card_index, "INDEX_MIN_BYTES", 0)
    path = write(tmp_path / "bulk.json", BULK)
    pool = CardPool.builtin()
    pool.add_file(path)
    assert pool.find("Bear 9").faces[0].power == "2"
    assert len(counted) == 201                         # read once, kept: no second parse
    assert [p.name for p in tmp_path.iterdir()] == ["bulk.json"]


def test_a_bad_card_in_a_large_file_is_reported_with_its_place(cache, tmp_path):
    data = [*BULK[:5], bear("Broken Bear", power=[2]), *BULK[5:]]
    path = write(tmp_path / "bulk.json", data)
    for _ in range(2):                                 # never indexed: reported every time
        with pytest.raises(CardDataError) as info:
            CardPool.builtin().add_file(path)
        err = info.value
        lines = Path(path).read_text(encoding="utf-8").splitlines()
        line = lines.index('  "name": "Broken Bear",') + 6          # its "power": [ ... ]
        assert (err.where, err.line, err.column, lines[line - 1]) == ("[5].power", line, 12, '  "power": [')
        assert str(err).startswith(f"{path}:{line}:12: [5].power: card 'Broken Bear': ")
    assert not cache.exists()


def test_a_card_changed_behind_the_index_is_reported_with_its_place(cache, tmp_path):
    """A change that keeps the file's size and time (an edit with the time put back) is read
    when the card is named: its error is placed in the file as a full read would place it."""
    path = tmp_path / "bulk.json"
    write(path, BULK)
    stat = path.stat()
    CardPool.builtin().add_file(str(path))
    text = path.read_text(encoding="utf-8")
    bad = text.replace('"name": "Bear 150",\n  "layout": "normal",\n  "mana_cost": "{1}{G}"',
                       '"name": "Bear 150",\n  "layout": "normal",\n  "mana_cost": "{1}{Q}"')
    assert len(bad) == len(text) and bad != text
    path.write_text(bad, encoding="utf-8")
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns))
    pool = CardPool.builtin()
    pool.add_file(str(path))
    assert pool.find("Bear 149").name == "Bear 149"
    with pytest.raises(CardDataError) as info:
        pool.find("Bear 150")
    err = info.value
    line = bad.splitlines().index('  "name": "Bear 150",') + 3
    assert (err.file, err.where, err.line, err.column) == (str(path), "[150].mana_cost", line, 16)
    assert bad.splitlines()[line - 1][15:] == '"{1}{Q}",'
    assert err.message == "card 'Bear 150': bad mana symbol '{Q}' in mana cost '{1}{Q}'"


def test_duplicate_names_the_later_card_replaces_the_earlier_as_without_an_index(cache, tmp_path, monkeypatch):
    data = [bear("Twin", power="1"), transform("Seer", "Horror"), bear("Twin", power="5"),
            transform("Seer", "Watcher"), bear("Grizzly Bears", power="9")]
    path = write(tmp_path / "dups.json", data)
    answers = []
    for minimum in (0, 10**9):                         # indexed, then read in full (no index)
        monkeypatch.setattr(card_index, "INDEX_MIN_BYTES", minimum)
        pool = CardPool.builtin()
        pool.add_file(path)
        with pytest.raises(CardDataError) as info:
            pool.find("Seer")
        answers.append((pool.find("Twin").faces[0].power, pool.find("grizzly bears").faces[0].power,
                        info.value.message, len(pool)))
    assert answers[0] == answers[1] == (
        "5", "9", "card name 'Seer' is ambiguous: it names 'Seer // Horror', 'Seer // Watcher'; use the full name",
        129 + 3)


def test_skipped_cards_are_reported_from_the_index_too(cache, tmp_path):
    path = write(tmp_path / "un.json", [*BULK[:3], bear("Half Bear", power="2.5")])
    notes = []
    for _ in range(2):
        pool = CardPool.builtin()
        assert pool.add_file(path) == 3
        notes.append(pool.skipped)
    assert notes[0] == notes[1] and len(notes[0]) == 1 and notes[0][0].startswith(f"{path}: [3].power: ")
    assert "Half Bear" not in pool


def test_a_scenario_card_replaces_an_indexed_card_of_the_same_name(cache, tmp_path):
    pool = CardPool.builtin()
    pool.add_file(write(tmp_path / "bulk.json", BULK))
    own = cards.parse_card(bear("Bear 4", power="40"), "s.yaml", "cards[0]", "s.yaml")
    mine = pool.with_cards([own])
    assert mine.find("Bear 4").faces[0].power == "40"
    assert pool.find("Bear 4").faces[0].power == "4"


def test_cards_named_through_the_index(cache, tmp_path):
    token = {"object": "card", "name": "Beast", "layout": "token", "type_line": "Token Creature — Beast",
             "power": "3", "toughness": "3", "colors": ["G"], "oracle_text": ""}
    pool = CardPool.builtin()
    pool.add_file(write(tmp_path / "bulk.json", [*BULK, token]))
    assert [c.name for c in pool.cards_named("Horror")[1]] == ["Seer // Horror"]
    spelt, found = pool.cards_named("beast token")
    assert (spelt, [c.name for c in found]) == ("Beast Token", ["Beast"])
    assert pool.cards_named("No Such Card")[1] == []


# ---------------------------------------------------------------- MTGJSON AtomicCards

def test_mtgjson_cards_read_as_the_same_cards_as_scryfall_data():
    builtin = CardPool.builtin()
    pool = CardPool.builtin()
    assert pool.add_file(ATOMIC) == 4
    for name in ("Delver of Secrets", "Brazen Borrower", "Vampire Nighthawk"):
        card = pool.find(name)
        assert card.source == ATOMIC
        assert dataclasses.replace(card, source="built-in") == builtin.find(name)
    lions = pool.find("Savannah Lions")
    assert (lions.layout, lions.faces[0].mana_cost, lions.faces[0].power, lions.faces[0].colors) == (
        "normal", "{W}", "2", ("W",))
    # Which cards meld into which, MTGJSON doesn't say: a meld card is skipped, with a note.
    assert pool.skipped == [f"{ATOMIC}: data.Hanweir Garrison[0].layout: card 'Hanweir Garrison': meld cards are "
                            "read from Scryfall data only (all_parts)"]


def test_mtgjson_large_file_through_the_index(cache, counted, tmp_path):
    path = write(tmp_path / "AtomicCards.json", json.loads(Path(ATOMIC).read_text(encoding="utf-8")))
    CardPool.builtin().add_file(path)
    counted.clear()
    pool = CardPool.builtin()
    pool.add_file(path)
    assert pool.find("Insectile Aberration").faces[1].color_indicator == ("U",)
    assert counted == ["data.Delver of Secrets // Insectile Aberration"]


def test_mtgjson_error_names_the_mtgjson_path_and_place(tmp_path):
    data = json.loads(Path(ATOMIC).read_text(encoding="utf-8"))
    data["data"]["Delver of Secrets // Insectile Aberration"][1]["manaCost"] = "{U}{Q}"
    path = write(tmp_path / "AtomicCards.json", data)
    with pytest.raises(CardDataError) as info:
        CardPool.builtin().add_file(path)
    err = info.value
    assert err.where == "data.Delver of Secrets // Insectile Aberration[1].manaCost"
    lines = Path(path).read_text(encoding="utf-8").splitlines()
    assert lines[err.line - 1][err.column - 1:] == '"{U}{Q}",'
    assert err.message == ("card 'Delver of Secrets // Insectile Aberration': bad mana symbol '{Q}' "
                           "in mana cost '{U}{Q}'")


def test_mtgjson_card_in_a_scenario(tmp_path, capsys):
    scenario = tmp_path / "s.yaml"
    scenario.write_text("players: [alice, bob]\nturn: {number: 3, active: alice}\n"
                        "objects:\n  lions: {card: Savannah Lions, zone: battlefield, owner: alice}\n",
                        encoding="utf-8")
    code = main(["ask", str(scenario), "--cards", ATOMIC, "--json", "--ask", "characteristics lions"])
    out, err = capsys.readouterr()
    assert code == 0
    answer = json.loads(out)[0]
    facts = answer["answer"]
    assert (facts["power"], facts["toughness"], facts["name"]) == (2, 1, "Savannah Lions")
    assert "skipped 1 card(s)" in err
