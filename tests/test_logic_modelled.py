"""logic/modelled.lp: the printed abilities (113.2c) and keywords (702.1) of the scenario's
objects that no card script and no rule models, named once per object; the card scripts' link
from each scripted ability to the printed paragraph it models (scripts_ability/4); and the
lists that must not drift from the rules (the keywords they implement, the effects they
execute)."""

from __future__ import annotations

import re
from pathlib import Path

import clingo
import pytest
from clingo import ast

from harness import ask, pool, scenario, shown1
from rulecheck.facts import card_facts
from rulecheck.resources import logic_dir, queries_dir

SHOW = ("#show. #show not_modelled/5. #show not_executed/6. #show keyword_not_implemented/2.\n")
ESIKA_STATIC = 'Other legendary creatures you control have vigilance and \\"{T}: Add one mana of any color.\\"'


def test_a_vanilla_creature_and_a_fully_scripted_card_have_nothing_to_say():
    # Grizzly Bears has no abilities; Glorious Anthem's one ability is scripted and executed;
    # Serra Angel's keywords are implemented (702.9, 702.20); Blackblade Reforged's static
    # ability is scripted and its equip qualities are known (702.6c).
    assert shown1("""
    objects:
      bears: {card: Grizzly Bears}
      anthem: {card: Glorious Anthem}
      angel: {card: Serra Angel}
      blade: {card: Blackblade Reforged}
    """, SHOW) == []


def test_an_unscripted_static_ability_is_named_with_its_object():
    # Esika's third paragraph is a static ability no script models (113.2c, 113.3d); its first
    # is vigilance (implemented), its second a mana ability (executed: mana.lp).
    assert shown1("""
    objects:
      esika: {card: "Esika, God of the Tree"}
    """, SHOW) == [
        f'not_modelled("esika","Esika, God of the Tree // The Prismatic Bridge",front,2,"{ESIKA_STATIC}")',
    ]


def test_keywords_no_rule_implements_printed_or_gained():
    # Ninja of the Deep Hours' ninjutsu is a printed keyword (702.49) no rule implements; the
    # Bears gain indestructible in the timeline (613.1f; 702.12b: sba.lp) and flying; Gladecover
    # Scout's hexproof (targeting.lp) and Vampire Nighthawk's flying, deathtouch and lifelink are
    # implemented.
    atoms = shown1("""
    objects:
      scout: {card: Gladecover Scout}
      nighthawk: {card: Vampire Nighthawk}
      ninja: {card: Ninja of the Deep Hours}
      bears: {card: Grizzly Bears}
    timeline:
      - {gain: bears, ability: indestructible}
      - {gain: bears, ability: flying}
    """, "#show. #show keyword_not_implemented/2.")
    assert atoms == ['keyword_not_implemented("ninja",ninjutsu)']


def test_scripted_in_part_names_the_parts_not_executed():
    # Huntmaster's first ability triggers (603.2), but the token and the life it gives are
    # recorded, not executed; its upkeep transform abilities aren't scripted at all.
    atoms = shown1("""
    objects:
      hunt: {card: Huntmaster of the Fells}
    """, "#show. #show not_executed(O, S, I, P) : not_executed(O, C, S, I, T, P). "
         "#show not_modelled(O, S, I) : not_modelled(O, C, S, I, T).")
    assert atoms == ['not_executed("hunt",back,1,damage_split(2,2))',
                     'not_executed("hunt",front,0,create_tokens(1,wolf_2_2))',
                     'not_executed("hunt",front,0,gain_life(2))',
                     'not_modelled("hunt",back,2)', 'not_modelled("hunt",front,1)']


def test_what_a_script_says_it_leaves_out():
    # Spark Double's script gives the +1/+1 counter and "isn't legendary" (707.9b), and says it
    # leaves out the loyalty counter of a copy of a planeswalker (leaves_out/4).
    assert shown1("""
    objects:
      spark: {card: Spark Double}
    """, "#show. #show not_executed(O, I, P) : not_executed(O, C, S, I, T, P).") == [
        'not_executed("spark",0,"the additional loyalty counter of a copy of a planeswalker")']


def test_a_protection_quality_protection_lp_does_not_know_is_not_modelled():
    # 702.16a, 702.16g: Baneslayer's "from Demons and from Dragons" is two creature types
    # (205.3m), modelled like its other keywords; protection from a player (702.16k) is not.
    assert shown1("""
    cards:
      - {name: Warded Knight, layout: normal, mana_cost: "{1}{W}", type_line: Creature — Human Knight,
         oracle_text: "Protection from the chosen player", keywords: [Protection], power: "2", toughness: "2"}
    objects:
      angel: {card: Baneslayer Angel}
      knight: {card: Warded Knight}
    """, SHOW) == ['not_modelled("knight","Warded Knight",front,0,"Protection from the chosen player")']


def test_a_copy_has_the_abilities_of_what_it_copies():
    # 707.2: Clone copying Esika has Esika's abilities; its own ("enter as a copy") is scripted.
    atoms = shown1("""
    objects:
      esika: {card: "Esika, God of the Tree"}
      clone: {card: Clone, copy_of: esika}
    """, "#show. #show not_modelled(O, I) : not_modelled(O, C, S, I, T).")
    assert atoms == ['not_modelled("clone",2)', 'not_modelled("esika",2)']


def test_a_static_grant_of_a_keyword_no_rule_implements_is_not_executed():
    # A scripted static ability is modelled except a grant the rules can't apply: a keyword no
    # rule implements (613.1f). (A grant of the test's own added to Sublime Archangel's script:
    # bushido, which no rule implements; its exalted is, exalted.lp.)
    script = ('static_grants("Sublime Archangel", front, "Other creatures you control have exalted.", keyword(gain, bushido)).\n')
    atoms = shown1("""
    objects:
      angel: {card: Sublime Archangel}
    """, script + "#show. #show not_executed(O, P) : not_executed(O, C, S, I, T, P). "
                  "#show not_modelled(O, I) : not_modelled(O, C, S, I, T).")
    assert atoms == ['not_executed("angel",grant(keyword(gain,bushido)))']


def test_the_warnings_of_an_answer_group_objects_and_keep_the_answer():
    # (Huntmaster of the Fells: two abilities not modelled, two modelled except recorded parts.
    # Miles Morales, once this test's card, has every ability executed now: no warning.)
    text = """
    objects:
      a1: {card: Glorious Anthem}
      e1: {card: "Huntmaster of the Fells // Ravager of the Fells", zone: hand}
      e2: {card: "Huntmaster of the Fells // Ravager of the Fells", zone: hand}
      miles: {card: "Miles Morales // Ultimate Spider-Man", zone: hand}
      scout: {card: Vampire Nighthawk}
    """
    got = ask(text, "characteristics scout")
    assert (got.single.value["power"], got.single.rules) == (3, ["202.3", "613.4c"])
    hunt = "Huntmaster of the Fells // Ravager of the Fells (objects e1, e2): "
    assert got.warnings == [
        hunt + '"Whenever this creature enters or transforms into Huntmaster of the Fells, create a 2/2 green Wolf '
        'creature token and you gain 2 life." is modelled except create_tokens(1,wolf_2_2) and gain_life(2) '
        '(recorded, not executed); this answer ignores that part',
        hunt + '"At the beginning of each upkeep, if no spells were cast last turn, transform this creature." is not '
        'modelled; this answer ignores it',
        hunt + '"Whenever this creature transforms into Ravager of the Fells, it deals 2 damage to target opponent or '
        'planeswalker and 2 damage to up to one target creature that player or that planeswalker\'s controller '
        'controls." is modelled except damage_split(2,2) (recorded, not executed); this answer ignores that part',
        hunt + '"At the beginning of each upkeep, if a player cast two or more spells last turn, transform this '
        'creature." is not modelled; this answer ignores it',
    ]
    assert got.invalid == []


# --- The card scripts' links (scripts_ability/4) ------------------------------------------------

# What each scripted ability is, as the link names it: the predicate a script states it with,
# and the Ability term of scripts_ability(Card, Side, Text, Ability).
_ABILITY_TERMS = {
    "activated_ability": lambda a: f"activated({a[2]})",
    "triggered_ability": lambda a: f"triggered({a[2]})",
    "static_ability": lambda a: f"static({a[2]})",
    "name_choice_ability": lambda a: f"name_choice({a[2]})",
    "scripted_ability": lambda a: f"scripted({a[2]})",
    "spell_effect": lambda a: "spell",
    "as_enters": lambda a: f"as_enters({a[2]})",
    "enters_as_copy_ability": lambda a: "enters_as_copy",
    "cda_pt": lambda a: "cda(pt)",
}
_CARD_SCRIPTS = sorted((logic_dir() / "cards").glob("*.lp"))


def _script_atoms(path: Path, extra: str = "") -> list[clingo.Symbol]:
    ctl = clingo.Control(["--warn=none"])
    ctl.load(str(path))
    ctl.add("base", [], extra)
    ctl.ground([("base", [])])
    return [a.symbol for a in ctl.symbolic_atoms if a.is_fact]


def unlinked(atoms: list[clingo.Symbol]) -> list[str]:
    """The scripted abilities of one card script that no scripts_ability/4 links to a printed
    ability, and the links to no scripted ability."""
    abilities = {(str(s.arguments[0]), str(s.arguments[1]), _ABILITY_TERMS[s.name]([str(a) for a in s.arguments]))
                 for s in atoms if s.name in _ABILITY_TERMS}
    links = {(str(s.arguments[0]), str(s.arguments[1]), str(s.arguments[3]))
             for s in atoms if s.name == "scripts_ability"}
    return sorted(f"{c} {side}: {a} has no scripts_ability" for c, side, a in abilities - links) + \
        sorted(f"{c} {side}: scripts_ability names {a}, which the script doesn't state" for c, side, a in links - abilities)


@pytest.mark.parametrize("path", _CARD_SCRIPTS, ids=[p.stem for p in _CARD_SCRIPTS])
def test_every_scripted_ability_is_linked_to_its_printed_text(path):
    assert unlinked(_script_atoms(path)) == []


def test_a_script_that_forgets_the_link_is_named():
    # The check above fails for a script with an ability and no link (here, a second
    # activated ability added to Llanowar Elves' script).
    atoms = _script_atoms(logic_dir() / "cards" / "llanowar_elves.lp",
                          'activated_ability("Llanowar Elves", front, "untap").')
    assert unlinked(atoms) == ['"Llanowar Elves" front: activated("untap") has no scripts_ability']


def _seed_cards() -> dict[str, object]:
    """Cards the scripts are about that the built-in pool doesn't have: the seed scenarios carry
    their data (Meddling Mage, Profane Procession)."""
    from rulecheck.load import load_scenario
    cards = {}
    for path in sorted((Path(__file__).resolve().parent.parent / "seeds" / "scenarios").rglob("*.yaml")):
        scn = load_scenario(str(path), pool())
        for state in scn.objects.values():
            if state.card is not None:
                cards.setdefault(state.card.name, state.card)
    return cards


def test_every_link_names_a_printed_paragraph_of_its_card():
    # The link is keyed by the printed text as face_ability/4 gives it: a typo, or card data
    # that changed, leaves the ability unlinked, and answers name it as not modelled.
    seeds = _seed_cards()
    problems = []
    for path in _CARD_SCRIPTS:
        for link in (s for s in _script_atoms(path) if s.name == "scripts_ability"):
            name, side, text = link.arguments[0].string, link.arguments[1].name, link.arguments[2].string
            card = pool()._cards.get(name) or seeds.get(name)
            assert card is not None, f"{path.name}: no card data for {name}"
            printed = {(str(f.arguments[1]), f.arguments[3].string) for f in card_facts(card) if f.name == "face_ability"}
            if (side, text) not in printed:
                problems.append(f"{path.name}: {side} has no printed ability {text!r}")
    assert problems == []


# --- The lists that must follow the rules ------------------------------------------------------

# Predicates whose argument at this position is a keyword (input.lp, characteristics.lp).
_KEYWORD_ARGS = {("has_keyword", 3): 1, ("printed_keyword", 3): 1, ("keyword_parameter", 4): 1,
                 ("face_keyword", 3): 2, ("face_keyword_parameter", 4): 2, ("face_keyword_text", 5): 2,
                 ("face_keyword_quality", 5): 2, ("face_keyword_cost", 5): 2, ("face_ability_keyword", 4): 3,
                 ("strike_keyword", 1): 0}


def _terms(node):
    """Every function term of a parsed statement, depth first."""
    if isinstance(node, ast.AST):
        if node.ast_type == ast.ASTType.Function:
            yield node.name, node.arguments
        if node.ast_type == ast.ASTType.SymbolicTerm and node.symbol.type == clingo.SymbolType.Function:
            yield from _symbol_terms(node.symbol)
        for key in node.child_keys:
            yield from _terms(getattr(node, key))
    elif isinstance(node, (list, tuple)) or type(node).__name__ == "ASTSequence":
        for child in node:
            yield from _terms(child)


def _symbol_terms(sym):
    if sym.type == clingo.SymbolType.Function:
        yield sym.name, [ast.SymbolicTerm(ast.Location(ast.Position("", 0, 0), ast.Position("", 0, 0)), a)
                         for a in sym.arguments]
        for a in sym.arguments:
            yield from _symbol_terms(a)


def _constant(arg) -> str | None:
    if arg.ast_type == ast.ASTType.SymbolicTerm and arg.symbol.type == clingo.SymbolType.Function \
            and not arg.symbol.arguments:
        return arg.symbol.name
    if arg.ast_type == ast.ASTType.Function and not arg.arguments:
        return arg.name
    return None


def _statements(paths) -> list:
    out: list = []
    ast.parse_files([str(p) for p in paths], out.append)
    return out


def _rule_files() -> list[Path]:
    return [p for p in sorted(logic_dir().glob("*.lp")) if p.name != "modelled.lp"] + sorted(queries_dir().glob("*.lp"))


def test_the_implemented_keywords_are_the_keywords_the_rules_read():
    read = set()
    for stm in _statements(_rule_files()):
        for name, args in _terms(stm):
            pos = _KEYWORD_ARGS.get((name, len(args)))
            if pos is not None and (k := _constant(args[pos])) is not None:
                read.add(k)
    atoms = _script_atoms(logic_dir() / "modelled.lp")
    listed = {str(s.arguments[0]) for s in atoms if s.name == "implemented_keyword"}
    noted = {str(s.arguments[0]) for s in atoms if s.name == "read_not_implemented"}
    # A keyword a rule reads is listed (a file implementing one adds it) or said to be read only
    # to be noted (ward: targeting.lp says it would trigger), and a listed keyword is read by
    # some rule (the list claims nothing the rules don't do).
    assert sorted(read - listed - noted) == [] and sorted((listed | noted) - read) == []
    assert not listed & noted
    assert "flying" in listed and "deathtouch" in listed and "bushido" not in listed and "exalted" in listed and "ward" in noted


def _executed_terms() -> list[str]:
    """The effects modelled.lp lists as executed, unwrapped, with variables as written."""
    text = (logic_dir() / "modelled.lp").read_text()
    out = []
    for m in re.finditer(r"^executed\((.*?)\)\s*(?:\.|:-)", text, re.M):
        term = m.group(1)
        inner = re.fullmatch(r"(?:as_enters|copy_exception|selector|grant|replacement|mana_replacement|player_rule)\((.*)\)", term)
        out.append(inner.group(1) if inner else term)
    return out


def _read_by(term: str, rules: str) -> bool:
    """A rule's text has the term: its functors as written, a variable of the term matching
    anything; a constant argument of the term may be a variable in the rule if the constant
    itself is in some rule (stack.lp reads `if(revealed(Kind), ...)` and `revealed_qualifies(X,
    creature_or_planeswalker, B)`)."""
    compact = re.sub(r"\s+", "", term)
    tokens = re.split(r"(?<![A-Za-z0-9_])([A-Za-z_][A-Za-z0-9_]*)(?![A-Za-z0-9_(])", compact)
    pattern = ""
    for i, tok in enumerate(tokens):
        if i % 2 == 0:
            pattern += re.escape(tok)
        elif tok[0].isupper() or tok[0] == "_":
            pattern += r"[^(),]+"
        elif re.search(rf"(?<![A-Za-z0-9_]){tok}(?![A-Za-z0-9_])", rules):
            pattern += rf"(?:{tok}|[A-Z][A-Za-z0-9_]*)"
        else:
            return False
    return re.search(pattern, rules) is not None


def test_every_effect_listed_as_executed_is_read_by_a_rule():
    # A rule outside modelled.lp and the card scripts reads the effect's term (an effect listed
    # but executed by no rule would be an answer that ignores it without saying so).
    rules = " ".join(re.sub(r"%.*", "", p.read_text()) for p in _rule_files())    # rules, not comments
    rules = re.sub(r"\s+", "", rules)
    terms = _executed_terms()
    assert len(terms) == 68
    assert [t for t in terms if not _read_by(t, rules)] == []
    # create_tokens is executed (tokens.lp) only for a token whose characteristics a script
    # defines (token_spec/2: Peter Parker's Spider); Huntmaster's Wolf stays recorded only
    # (test_scripted_in_part_names_the_parts_not_executed).
    assert _read_by("create_tokens(N, Def)", rules) and _read_by("token_spec(Def, type(Ty))", rules)


# --- The command ------------------------------------------------------------------------------

ANTHEMS = """
players: [alice, bob]
objects:
  bears: {card: Grizzly Bears, zone: battlefield, controller: alice}
  scout: {card: Vampire Nighthawk, zone: battlefield, controller: alice}
  esika1: {card: "Esika, God of the Tree", zone: battlefield, controller: alice}
  esika2: {card: "Esika, God of the Tree", zone: battlefield, controller: alice}
questions:
  - {ask: characteristics, object: bears}
expect:
  - {ask: characteristics, object: bears, answer: {power: 2}}
"""
ESIKA_NOTES = [
    'Esika, God of the Tree // The Prismatic Bridge (objects esika1, esika2): "Other legendary creatures you '
    'control have vigilance and "{T}: Add one mana of any color."" is not modelled; this answer ignores it',
]


def _run(capsys, tmp_path, *args):
    from rulecheck.cli import main
    path = tmp_path / "anthems.yaml"
    path.write_text(ANTHEMS)
    code = main([a.replace("SCN", str(path)) for a in args])
    out, err = capsys.readouterr()
    return code, out.replace(str(path), "SCN"), err


def test_ask_prints_each_note_once_after_the_answer(capsys, tmp_path):
    code, out, err = _run(capsys, tmp_path, "ask", "SCN")
    assert (code, err) == (0, "")
    assert out.splitlines()[-1 - len(ESIKA_NOTES):] == ["  rules: 202.3", *[f"  note: {n}" for n in ESIKA_NOTES]]


def test_ask_json_has_the_warnings(capsys, tmp_path):
    import json
    code, out, _ = _run(capsys, tmp_path, "ask", "SCN", "--json")
    assert code == 0
    [answer] = json.loads(out)
    assert (answer["answer"]["power"], answer["warnings"]) == (2, ESIKA_NOTES)


def test_check_shows_the_notes_and_passes(capsys, tmp_path):
    # What the answer ignores is no inconsistency: the expectation passes, exit 0.
    code, out, err = _run(capsys, tmp_path, "check", "SCN")
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert [" ".join(line.split()) for line in lines[:3]] == [
        "result scenario question", "pass SCN characteristics bears (after entry 0)", "1 passed, 0 failed"]
    assert lines[3:] == ["", *(f"SCN: note: {n}" for n in ESIKA_NOTES)]
