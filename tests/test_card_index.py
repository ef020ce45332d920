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


@pytest.fixture
def scans(monkeypatch):
    """How many times a file is read to build its index (card_index._scan_file)."""
    seen: list[str] = []
    real = card_index._scan_file

    def counting(path, file):
        seen.append(file)
        return real(path, file)
    monkeypatch.setattr(card_index, "_scan_file", counting)
    return seen


def write(path: Path, data) -> str:
    path.write_text(json.dumps(data, ensure_ascii=False, indent=1), encoding="utf-8")
    return str(path)


BULK = [bear(f"Bear {i}", power=str(i % 7)) for i in range(200)] + [transform("Seer", "Horror")]


def test_second_load_reads_the_index_and_parses_only_the_cards_named(cache, counted, scans, tmp_path):
    path = write(tmp_path / "bulk.json", BULK)
    first = CardPool.builtin()
    assert first.add_file(path) == 201
    assert counted == [] and scans == [path]           # indexed: read once, no card checked
    assert len(list(cache.glob("*.sqlite"))) == 1

    pool = CardPool.builtin()
    assert pool.add_file(path) == 201
    assert counted == [] and scans == [path]           # the index read: the file not read again
    assert pool.find("bear 123").faces[0].power == "4"   # case-insensitive, as without an index
    assert pool.find("Horror").name == "Seer // Horror"  # by a face name
    assert pool.find("Bear 123") is pool.find("Bear 123")
    assert counted == ["Bear 123", "Seer // Horror"]   # each named card parsed once, no other
    assert len(pool) == 129 + 201 and "Bear 7" in pool and "Bear 7000" not in pool
    assert pool.find("Bear 5") == dataclasses.replace(first.find("Bear 5"))
    assert counted == ["Bear 123", "Seer // Horror", "Bear 5", "Bear 5"]   # one check per pool


def test_the_index_is_built_again_when_the_file_changes(cache, scans, tmp_path):
    path = tmp_path / "bulk.json"
    write(path, BULK)
    CardPool.builtin().add_file(str(path))
    stat = path.stat()
    # Same size, other modification time: read again.
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns + 5_000_000_000))
    CardPool.builtin().add_file(str(path))
    assert len(scans) == 2
    # Other size (a card's power changed), same time: read again, the new power read.
    write(path, [*BULK[:3], bear("Bear 3", power="66"), *BULK[4:]])
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns + 5_000_000_000))
    assert CardPool.builtin().add_file(str(path)) == 201
    assert len(scans) == 3
    pool = CardPool.builtin()
    pool.add_file(str(path))
    assert pool.find("Bear 3").faces[0].power == "66"
    assert len(list(cache.glob("*.sqlite"))) == 3


def test_an_unreadable_index_is_built_again(cache, scans, tmp_path):
    path = write(tmp_path / "bulk.json", BULK)
    CardPool.builtin().add_file(path)
    [index] = cache.glob("*.sqlite")
    index.write_bytes(b"not a database" * 100)
    pool = CardPool.builtin()
    pool.add_file(path)
    assert len(scans) == 2 and pool.find("Bear 8").faces[0].power == "1"
    CardPool.builtin().add_file(path)                  # and kept again
    assert len(scans) == 2


def test_no_cache_no_index_file(tmp_path, monkeypatch, counted):
    monkeypatch.setenv("RULECHECK_CACHE", "")
    monkeypatch.setattr(card_index, "INDEX_MIN_BYTES", 0)
    path = write(tmp_path / "bulk.json", BULK)
    pool = CardPool.builtin()
    pool.add_file(path)
    assert pool.find("Bear 9").faces[0].power == "2"
    assert counted == ["Bear 9"]                       # an index in memory: only the card named checked
    assert [p.name for p in tmp_path.iterdir()] == ["bulk.json"]


def test_a_bad_card_in_a_large_file_is_reported_with_its_place_when_named(cache, scans, tmp_path):
    data = [*BULK[:5], bear("Broken Bear", power=[2]), *BULK[5:]]
    path = write(tmp_path / "bulk.json", data)
    lines = Path(path).read_text(encoding="utf-8").splitlines()
    line = lines.index('  "name": "Broken Bear",') + 6          # its "power": [ ... ]
    for _ in range(2):                                 # as the index is built, then from the index
        pool = CardPool.builtin()
        assert pool.add_file(path) == 202
        assert pool.find("Bear 7").faces[0].power == "0"           # a card no scenario names isn't checked
        with pytest.raises(CardDataError) as info:
            pool.find("Broken Bear")
        err = info.value
        assert (err.where, err.line, err.column, lines[line - 1]) == ("[5].power", line, 12, '  "power": [')
        assert str(err).startswith(f"{path}:{line}:12: [5].power: card 'Broken Bear': ")
    assert len(scans) == 1


def test_a_card_without_a_name_or_invalid_json_is_reported_at_once_and_never_indexed(cache, tmp_path):
    nameless = {k: v for k, v in bear("Nameless").items() if k != "name"}
    path = write(tmp_path / "bulk.json", [*BULK[:3], nameless, *BULK[3:]])
    lines = Path(path).read_text(encoding="utf-8").splitlines()
    for _ in range(2):                                 # never indexed: reported every time
        with pytest.raises(CardDataError) as info:
            CardPool.builtin().add_file(path)
        err = info.value
        assert (err.where, err.message) == ("[3]", "a card object needs a name")
        assert lines[err.line - 1][err.column - 1:] == "{"
    text = json.dumps(BULK, indent=1)
    bad = tmp_path / "bad.json"
    at = text.index("},", 5000) + 2                    # a second comma after a card
    bad.write_text(text[:at] + "," + text[at:], encoding="utf-8")
    with pytest.raises(CardDataError) as info:
        CardPool.builtin().add_file(str(bad))
    assert info.value.message.startswith("not valid JSON: ") and info.value.line == text[:at].count("\n") + 1
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


def test_a_duplicate_key_written_behind_the_index_is_reported_with_its_place(cache, tmp_path):
    path = tmp_path / "bulk.json"
    write(path, BULK)
    stat = path.stat()
    CardPool.builtin().add_file(str(path))
    text = path.read_text(encoding="utf-8")
    old = '"name": "Bear 150",\n  "layout": "normal",'
    new = '"name": "Bear 150",\n  "name": "Bear 150",'
    bad = text.replace(old, new.ljust(len(old)))
    assert len(bad) == len(text) and bad != text
    path.write_text(bad, encoding="utf-8")
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns))
    pool = CardPool.builtin()
    pool.add_file(str(path))
    with pytest.raises(CardDataError) as info:
        pool.find("Bear 150")
    line = bad.splitlines().index('  "name": "Bear 150",') + 2
    assert (info.value.where, info.value.line, info.value.message) == (
        "[150]", line, "duplicate key 'name' (first written on line %d)" % (line - 1))


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


def test_a_card_no_rule_models_is_refused_when_named_from_the_index(cache, tmp_path):
    """A small file skips such a card with a note; an indexed file checks no card until it is
    named: then it says what no rule models, at its place."""
    path = write(tmp_path / "un.json", [*BULK[:3], bear("Half Bear", power="2.5")])
    line = Path(path).read_text(encoding="utf-8").splitlines().index('  "power": "2.5",') + 1
    for _ in range(2):
        pool = CardPool.builtin()
        assert pool.add_file(path) == 4 and pool.skipped == []
        assert pool.find("Bear 2").faces[0].power == "2"
        with pytest.raises(cards.UnsupportedCardData) as info:
            pool.find("Half Bear")
        assert (info.value.where, info.value.line, info.value.column) == ("[3].power", line, 12)


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
    assert (lions.layout, lions.faces[0].mana_cost, lions.faces[0].power) == ("normal", "{W}", "2")
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
    pool = CardPool.builtin()
    pool.add_file(path)
    with pytest.raises(CardDataError) as info:
        pool.find("Insectile Aberration")
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


def test_the_names_an_index_reads_are_those_of_the_checked_cards():
    """card_index._card_names reads a card's names without checking it: for every valid card
    (the bundled ones, the AtomicCards sample, a token) they are the checked card's."""
    items, prefix = cards._card_items(json.loads(Path(ATOMIC).read_text(encoding="utf-8")), ATOMIC)
    checked = [(where, obj, prefix) for where, obj in items]
    for name in cards.BUILTIN_FILES:
        data = json.loads((cards.data_dir() / name).read_text(encoding="utf-8"))
        checked += [(where, obj, "") for where, obj in cards._card_items(data, name)[0]]
    token = {"object": "card", "name": "Beast", "layout": "normal", "type_line": "Token Creature — Beast",
             "power": "3", "toughness": "3", "colors": ["G"], "oracle_text": ""}
    checked += [("[0]", token, ""), ("[1]", transform("Seer", "Horror"), "")]
    compared = 0
    for where, obj, prefix in checked:
        try:
            card = cards.validate_item(where, obj, "f.json", "f.json", prefix)
        except cards.UnsupportedCardData:
            assert card_index._card_names(where, obj, prefix) is None      # (an MTGJSON meld card)
            continue
        assert card_index._card_names(where, obj, prefix) == (card.name, [f.name for f in card.faces], card.is_token)
        compared += 1
    assert compared == 4 + 129 + 2


# ---------------------------------------------------------------- the built-in cards, cached

def test_the_built_in_cards_are_kept_parsed_in_the_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("RULECHECK_CACHE", str(tmp_path / "cache"))
    monkeypatch.setattr(cards, "_BUILTIN", None)
    parsed = CardPool.builtin()                        # checked, and kept
    [kept] = (tmp_path / "cache" / "cards").glob("builtin-*.pickle")
    monkeypatch.setattr(cards, "_BUILTIN", None)
    monkeypatch.setattr(cards, "validate_item", lambda *args: pytest.fail("a built-in card checked again"))
    again = CardPool.builtin()
    assert again._cards == parsed._cards and len(again) == 129
    assert again.find("Delver of Secrets").faces[1].name == "Insectile Aberration"
    kept.write_bytes(b"not a pickle")                  # unreadable: checked again, and kept again
    monkeypatch.undo()
    monkeypatch.setenv("RULECHECK_CACHE", str(tmp_path / "cache"))
    monkeypatch.setattr(cards, "_BUILTIN", None)
    assert CardPool.builtin()._cards == parsed._cards
    assert kept.read_bytes() != b"not a pickle"
