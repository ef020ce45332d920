"""`rulecheck verify`: properties hold within the bound under the rules in force, a planted
mistake in a copy of logic/ is found as a counterexample that `rulecheck ask` loads and
answers, and each property's universe does reach the situation it speaks of (a property that
holds because its premise never happens would hold of any rules)."""

from __future__ import annotations

import dataclasses
import re
import shutil
from pathlib import Path

import pytest
import yaml

from rulecheck import resources, solve, verify as v
from rulecheck.ask import answer_all
from rulecheck.cards import CardPool
from rulecheck.cli import main
from rulecheck.load import load_scenario

BOUND = v.Bound(2, 3)
PROPERTIES = ["any_equip_ability_may_be_activated", "approach_doubles_any_damage",
              "attackers_controlled_since_turn_began", "base_pt_latest_wins", "control_change_removes_from_combat",
              "control_latest_effect_decides",
              "copy_of_nonmodal_back_mana_value", "counters_doubled", "damage_doubled_once",
              "damage_effects_in_the_affected_players_order", "divided_damage_then_doubled", "doubling_life",
              "doubling_modifies_not_sets", "enters_front_face_up",
              "equip_planeswalker_targets_planeswalkers_you_control", "equip_quality_restricts_targets_only",
              "equip_targets_creatures_you_control", "face_up_characteristics_on_battlefield",
              "first_step_only_first_strikers", "front_face_not_transformed",
              "front_face_outside_battlefield_and_stack", "haste_ignores_summoning_sickness",
              "incubator_token_faces", "indestructible_not_destroyed", "keyword_counter_before_lose_all",
              "keyword_counter_timestamp", "keyword_latest_effect_decides",
              "lethal_damage_destroys", "mana_doubled", "mdfc_mana_value_by_face", "modal_dfc_enters_transformed",
              "modal_dfc_transforms_to_a_permanent_face", "modal_face_cast_by_its_own_characteristics",
              "no_mana_cost_mana_value_zero", "nonbasic_lands_under_blood_moon", "nonmodal_back_face_mana_value",
              "plus_minus_counters_annihilate", "power_and_toughness_doubled", "printed_on_either_face",
              "second_step_needs_double_strike", "second_step_the_rest_assign", "single_faced_never_transforms",
              "steps_in_order", "tap_abilities_and_summoning_sickness", "transform_ability_only_if_not_since",
              "transform_gives_new_timestamp", "transform_is_not_turning_face_down",
              "transform_never_to_instant_or_sorcery", "transforms_into_triggers",
              "until_your_next_turn_untap_skipped"]
# The properties the rules in force keep within BOUND.
HOLDING = PROPERTIES
# properties/seeds/: seed rulings as they are worded, each superseded under the CR in force.
SEED_PROPERTIES = ["color_identity_counts_basic_land_types", "nothing_happens_unless_transforming",
                   "transformed_means_transforming_card", "transforming_cards_only"]


def test_the_properties():
    assert [p.name for p in v.all_properties()] == PROPERTIES
    by_name = {p.name: p for p in v.all_properties()}
    assert by_name["second_step_needs_double_strike"].rules == ("510.4",)
    assert by_name["front_face_not_transformed"].summary.startswith("\"A permanent with its front face up is never")


@pytest.mark.parametrize("name", HOLDING)
def test_each_property_holds_within_the_bound(name, tmp_path):
    prop = v.select([name])[0]
    outcome = v.verify(prop, BOUND, out_dir=tmp_path, time_limit=120)
    # (A property with its own smaller bound, `%! most:`, is searched within it.)
    assert (outcome.result, outcome.parts, outcome.file) == ("holds", BOUND.within(prop).events + 1, None)
    assert list(tmp_path.iterdir()) == []


# --- Each universe reaches its property's premise ------------------------------------------------
# The property with its conclusion dropped: "the premise never happens", which must be broken.
# (An equip property asks every equip ability, as its file does.)
EQUIP_ASKED = ("equip_asked(O, Name, P) :- object_card(O, C), equip_ability(C, S, Name, Q, Cost), timeline_entry(T), "
               "end_of(T, P). activation_check(O, Name, P) :- equip_asked(O, Name, P). "
               "target_search(O, Name, P) :- equip_asked(O, Name, P), has_ability(O, C, S, Name, P), "
               "ability_targets(C, S, Name). ")
PREMISES = {
    "second_step_needs_double_strike": ("violated(P) :- prop(P), step_pair(T1, T2), in_step(T1, O, R1), in_step(T2, O, R2).",
                                        "witness(P, damage_steps, T2) :- prop(P), step_pair(T1, T2)."),
    "front_face_not_transformed": ("violated(P) :- prop(P), happens(T, transform(O)), end_of(T, E), face_up(O, front, E), "
                                   "read_point(T, O, B), transformed_permanent(O, B).",
                                   "witness(P, is_transformed(O), T) :- prop(P), happens(T, transform(O))."),
    "copy_of_nonmodal_back_mana_value": ("violated(P) :- prop(P), end_of(T, E), copy_in_force(O, Eff, E), "
                                         "copies_values(Eff, face(C, back)), nonmodal_dfc(C).",
                                         "witness(P, mana_value(O), T) :- prop(P), end_of(T, E), copy_in_force(O, Eff, E)."),
    "attackers_controlled_since_turn_began": ("attack_check(O, E, E) :- object(O), timeline_entry(T), end_of(T, E). "
                                              "violated(P) :- prop(P), end_of(T, E), can_attack(O, E, E), controlled_since(O, N, E), N > 0.",
                                              "witness(P, can_attack(O), T) :- prop(P), end_of(T, E), can_attack(O, E, E)."),
    "front_face_outside_battlefield_and_stack": ("violated(P) :- prop(P), happens(T, move(O, Z, M, Pl)), Z != battlefield, "
                                                 "read_point(T, O, B), face_up(O, back, B).",
                                                 "witness(P, characteristics(O), T) :- prop(P), happens(T, move(O, Z, M, Pl))."),
    "haste_ignores_summoning_sickness": ("attack_check(O, E, E) :- object(O), timeline_entry(T), end_of(T, E). "
                                         "violated(P) :- prop(P), end_of(T, E), summoning_sick(O, E, E), has_keyword(O, haste, E).",
                                         "witness(P, can_attack(O), T) :- prop(P), end_of(T, E), summoning_sick(O, E, E)."),
    "single_faced_never_transforms": ("violated(P) :- prop(P), happens(T, transform(O)), object_card(O, C), not face(C, back), "
                                      "read_point(T, O, B), copy_in_force(O, Eff, B), copies_values(Eff, face(C2, S)), "
                                      "face(C2, back).",
                                      "witness(P, characteristics(O), T) :- prop(P), happens(T, transform(O))."),
    # A step that begins again after a later one: a new combat phase (500.8).
    "steps_in_order": ("violated(P) :- prop(P), happens(T, begin_step(end_of_combat)), happens(T2, begin_step(beginning_of_combat)), T < T2.",
                       "witness(P, damage_steps, T) :- prop(P), happens(T, begin_step(S))."),
    "mdfc_mana_value_by_face": ("violated(P) :- prop(P), happens(T, move(O, Z, M, Pl)), Z != battlefield, object_card(O, C), "
                                "modal_dfc(C), read_point(T, O, B), face_up(O, back, B).",
                                "witness(P, mana_value(O), T) :- prop(P), happens(T, move(O, Z, M, Pl))."),
    "nonmodal_back_face_mana_value": ("violated(P) :- prop(P), happens(T, transform(O)), object_card(O, C), nonmodal_dfc(C), "
                                      "end_of(T, E), on_battlefield(O, E), char_face(O, C, back, E).",
                                      "witness(P, mana_value(O), T) :- prop(P), happens(T, transform(O))."),
    "transform_never_to_instant_or_sorcery": ("violated(P) :- prop(P), happens(T, transform(O)), read_point(T, O, B), "
                                              "face_up(O, S, B), object_card(O, C), face(C, S2), S2 != S, "
                                              "instant_or_sorcery_face(C, S2).",
                                              "witness(P, characteristics(O), T) :- prop(P), happens(T, transform(O))."),
    # A combat whose first step has a creature with first strike and one without (000-08, 000-09).
    "first_step_only_first_strikers": ("violated(P) :- prop(P), first_cd(T), combatant(T, X), combatant(T, O), "
                                       "read_point(T, X, BX), has_keyword(X, first_strike, BX), read_point(T, O, B), "
                                       "not has_keyword(O, first_strike, B), not has_keyword(O, double_strike, B).",
                                       "witness(P, damage_steps, T) :- prop(P), first_cd(T)."),
    # A creature with double strike still attacking as the second step begins. (The branch of a
    # creature that had neither as the first began needs two attackers and four events: see
    # test_the_second_step_branch_of_creatures_without_first_strike.)
    "second_step_the_rest_assign": ("violated(P) :- prop(P), step_pair(T1, T2), combatant(T2, O), read_point(T2, O, B), "
                                    "has_keyword(O, double_strike, B).",
                                    "witness(P, damage_steps, T2) :- prop(P), step_pair(T1, T2)."),
    # A modal double-faced permanent told to transform whose other face is a permanent face.
    "modal_dfc_transforms_to_a_permanent_face": ("violated(P) :- prop(P), happens(T, transform(O)), object_card(O, C), "
                                                 "modal_dfc(C), read_point(T, O, B), on_battlefield(O, B), "
                                                 "face_up(O, S, B), face(C, S2), S2 != S, not instant_or_sorcery_face(C, S2).",
                                                 "witness(P, characteristics(O), T) :- prop(P), happens(T, transform(O))."),
    # A double-faced permanent back face up after a transform.
    "face_up_characteristics_on_battlefield": ("violated(P) :- prop(P), happens(T, transform(O)), end_of(T, E), "
                                               "on_battlefield(O, E), face_up(O, back, E).",
                                               "witness(P, characteristics(O), T) :- prop(P), happens(T, transform(O))."),
    # A double-faced card whose front face is a permanent card put onto the battlefield from a hand.
    "enters_front_face_up": ("violated(P) :- prop(P), happens(T, move(O, battlefield, normal, Pl)), object_card(O, C), "
                             "double_faced_card(C), face_type(C, front, creature), read_point(T, O, B), zone(O, hand, B).",
                             "witness(P, characteristics(O), T) :- prop(P), happens(T, move(O, Z, M, Pl))."),
    # A copy of a nonmodal back face, which has no mana cost.
    "no_mana_cost_mana_value_zero": ("violated(P) :- prop(P), end_of(T, E), copy_in_force(O, Eff, E), "
                                     "char_face(O, C, back, E), nonmodal_dfc(C), not face_mana_cost(C, back, _).",
                                     "witness(P, mana_value(O), T) :- prop(P), end_of(T, E), copy_in_force(O, Eff, E)."),
    # A creature with haste and a {T} ability that came under its controller's control this turn.
    "tap_abilities_and_summoning_sickness": ("activation_check(O, Name, E) :- object_card(O, C), activated_ability(C, S, Name), "
                                             "timeline_entry(T), end_of(T, E). "
                                             "violated(P) :- prop(P), end_of(T, E), has_ability(O, C, S, Name, E), "
                                             "ability_cost(C, S, Name, tap), has_keyword(O, haste, E), "
                                             "controlled_since(O, N, E), N > 0.",
                                             "witness(P, can_activate(O, Name), T) :- prop(P), end_of(T, E), "
                                             "has_ability(O, C, S, Name, E)."),
    # A nonmodal double-faced card with its back face up, or in a hand after it was.
    "printed_on_either_face": ("violated(P) :- prop(P), object_card(O, C), nonmodal_dfc(C), end_of(T, E), "
                               "face_up(O, back, E).",
                               "witness(P, printed_on(O), T) :- prop(P), object_card(O, C), timeline_entry(T)."),
    # A modal double-faced card whose back face is a sorcery put onto the battlefield transformed.
    "modal_dfc_enters_transformed": ("violated(P) :- prop(P), happens(T, move(O, battlefield, transformed, Pl)), "
                                     "object_card(O, C), modal_dfc(C), face_type(C, back, sorcery), read_point(T, O, B), "
                                     "zone(O, hand, B).",
                                     "witness(P, characteristics(O), T) :- prop(P), happens(T, move(O, Z, M, Pl))."),
    # A permanent an instruction turns over.
    "transform_is_not_turning_face_down": ("violated(P) :- prop(P), happens(T, transform(O)), turns_over(transform, O, T).",
                                           "witness(P, would_trigger(O, turned_face_down, T), T) :- prop(P), "
                                           "happens(T, transform(O))."),
    # A permanent turned over by an instruction.
    # A damage event while a Furnace of Rath is on the battlefield.
    "damage_doubled_once": ("violated(P) :- prop(P), happens(T, damage(Src, Tgt, N)), read_point(T, X, B), "
                            "on_battlefield(X, B), object_card(X, \"Furnace of Rath\").",
                            "witness(P, damage_outcomes(T), T) :- prop(P), happens(T, damage(Src, Tgt, N))."),
    # A creature with lethal damage marked just after an entry's event, before state-based actions.
    "lethal_damage_destroys": ("violated(P) :- prop(P), entry(T), point_of(T, E), on_battlefield(O, E), creature(O, E), "
                               "toughness(O, N, E), N > 0, damage_marked(O, D, E), D >= N.",
                               "witness(P, characteristics(O), T) :- prop(P), happens(T, damage(Src, O, N))."),
    # Counters of a kind a permanent has (some) doubled.
    "counters_doubled": ("violated(P) :- prop(P), happens(T, double_counters(O, K)), read_point(T, O, B), "
                         "on_battlefield(O, B), val(O, counter(K), N, B), N > 0.",
                         "witness(P, counters(O), T) :- prop(P), happens(T, double_counters(O, K))."),
    # A permanent with both kinds of counters before the state-based actions.
    "plus_minus_counters_annihilate": ("violated(P) :- prop(P), entry(T), point_of(T, E), on_battlefield(O, E), "
                                       "counter(O, \"+1/+1\", A, E), counter(O, \"-1/-1\", B, E).",
                                       "witness(P, counters(O), T) :- prop(P), happens(T, counters(O, K, N))."),
    # Damage to a recipient with a shield that has some left, while a Furnace of Rath is on the battlefield.
    "damage_effects_in_the_affected_players_order": (
        "violated(P) :- prop(P), happens(T0, resolve(O)), happens(T0, targets(O, Tgt, 0)), happens(T, damage(S, Tgt, N)), "
        "T0 < T, shield_after(O, Tgt, L, T0 + 1), read_point(T, X, B), on_battlefield(X, B), object_card(X, \"Furnace of Rath\").",
        "witness(P, damage_outcomes(T), T) :- prop(P), happens(T, damage(S, G, K))."),
    # Fireball cast with X = 1 and two targets, a player among them, while a Furnace of Rath is on the battlefield.
    "divided_damage_then_doubled": ("violated(P) :- prop(P), happens(T, resolve(O)), happens(T, chosen_x(O, 1)), "
                                    "happens(T, targets(O, player(Pl), J)), happens(T, targets(O, Y, 1)), read_point(T, X, B), "
                                    "on_battlefield(X, B), object_card(X, \"Furnace of Rath\").",
                                    "witness(P, damage_outcomes(T), T) :- prop(P), happens(T, resolve(O))."),
    # A face that can be cast from a hand it was moved to, of a card type its other face (not a land) lacks.
    "modal_face_cast_by_its_own_characteristics": (
        "question(can_cast(O, S, Q), T) :- object_card(O, C), face(C, S), gen_criteria(Q), timeline_entry(T). "
        "violated(P) :- prop(P), happens(T, move(O, hand, M, Pl)), answer(can_cast(O, S, Q), T, true), object_card(O, C), "
        "face(C, S2), S2 != S, not face_type(C, S2, land), face_type(C, S, Ty), not face_type(C, S2, Ty).",
        "witness(P, can_cast(O, S, Q), T) :- prop(P), happens(T, move(O, hand, M, Pl)), answer(can_cast(O, S, Q), T, true)."),
    # The scheme's effect created, its owner's next turn begun with its untap step skipped, then damage.
    "until_your_next_turn_untap_skipped": ("violated(P) :- prop(P), happens(T2, resolve(Id)), happens(Tb, begin_turn(M, Pl)), "
                                           "happens(Tb, skips(untap)), happens(T, damage(S, G, K)), T2 < Tb, Tb < T.",
                                           "witness(P, damage_outcomes(T), T) :- prop(P), happens(T, damage(S, G, K))."),
    # A creature doubled, then given base power and toughness other than it had, on the battlefield after.
    "doubling_modifies_not_sets": ("wants_pt(O, E) :- happens(T, double(O, W, D)), point_of(T, E). "
                                   "violated(P) :- prop(P), happens(T1, double(O, W, D)), happens(T2, set_base_pt(O, X, Y, D2)), "
                                   "T1 < T2, X != 2, point_of(T2, E), on_battlefield(O, E), creature(O, E).",
                                   "witness(P, characteristics(O), T) :- prop(P), happens(T, set_base_pt(O, X, Y, D))."),
    # A life total that damage changed, doubled.
    "doubling_life": ("life_read(Pl, E) :- happens(T, double_life(Pl)), before(T, E). "
                      "violated(P) :- prop(P), happens(T, double_life(Pl)), before(T, E), life(Pl, L, E), L != 20.",
                      "witness(P, life(Pl), T) :- prop(P), happens(T, double_life(Pl))."),
    # An Equipment with a quality equip ability attached by an effect to a creature without it.
    "equip_quality_restricts_targets_only": ("violated(P) :- prop(P), happens(T, attach(O, X)), point_of(T, E), "
                                             "attached_to(O, X, E), object_card(O, \"Blackblade Reforged\"), "
                                             "not supertype(X, legendary, E), creature(X, E).",
                                             "witness(P, timestamp(O), T) :- prop(P), happens(T, attach(O, X))."),
    # Two equip abilities of one Equipment that can both be activated.
    "any_equip_ability_may_be_activated": (EQUIP_ASKED + "violated(P) :- prop(P), equip_asked(O, Name, E), "
                                           "equip_asked(O, Name2, E), Name != Name2, can_activate(O, Name, E), "
                                           "can_activate(O, Name2, E).",
                                           "witness(P, can_activate(O, Name), T) :- prop(P), equip_asked(O, Name, E), "
                                           "end_of(T, E)."),
    # An Equip planeswalker ability with a planeswalker for a target, that can be activated.
    "equip_planeswalker_targets_planeswalkers_you_control": (
        EQUIP_ASKED + "violated(P) :- prop(P), equip_asked(O, Name, E), legal_target(O, Name, X, E), "
        "card_type(X, planeswalker, E), can_activate(O, Name, E).",
        "witness(P, equip_targets(O, Name), T) :- prop(P), equip_asked(O, Name, E), end_of(T, E)."),
    # A creature with a negative power doubled (701.10c).
    "power_and_toughness_doubled": ("wants_pt(O, E) :- happens(T, double(O, W, D)), point_of(T, E). "
                                    "violated(P) :- prop(P), happens(T, double(O, power, D)), read_point(T, O, B), "
                                    "on_battlefield(O, B), creature(O, B), power(O, X, B), X < 0.",
                                    "witness(P, characteristics(O), T) :- prop(P), happens(T, double(O, W, D))."),
    # A plain equip ability that has a legal target and can be activated.
    "equip_targets_creatures_you_control": (EQUIP_ASKED + "violated(P) :- prop(P), equip_asked(O, Name, E), "
                                            "legal_target(O, Name, X, E), can_activate(O, Name, E).",
                                            "witness(P, equip_targets(O, Name), T) :- prop(P), equip_asked(O, Name, E), "
                                            "end_of(T, E)."),
    # The scheme's triggered ability put on the stack and resolved, then damage dealt.
    "approach_doubles_any_damage": ("violated(P) :- prop(P), happens(T1, trigger(O, N, Id)), happens(T2, resolve(Id)), "
                                    "happens(T, damage(S, G, K)), T1 < T2, T2 < T.",
                                    "witness(P, damage_outcomes(T), T) :- prop(P), happens(T, damage(S, G, K))."),
    # An Incubator token transformed, still on the battlefield after (counters on it: a 0/0 dies).
    "incubator_token_faces": ("violated(P) :- prop(P), happens(T, transform(O)), end_of(T, E), face_up(O, back, E), "
                              "on_battlefield(O, E).",
                              "witness(P, characteristics(O), T) :- prop(P), happens(T, transform(O))."),
    # Restricted mana in a pool whose type is doubled.
    "mana_doubled": ("violated(P) :- prop(P), happens(T, double_mana(Pl, Ty)), pool(Pl, Ty, restricted(Src, K), N, T - 1), "
                     "N > 0.",
                     "witness(P, mana_pool(Pl), T) :- prop(P), happens(T, double_mana(Pl, Ty))."),
    # A permanent turned over by an instruction while its own transform ability waits on the stack.
    "transform_ability_only_if_not_since": ("violated(P) :- prop(P), happens(T1, activate(O, Name, Id)), happens(T, transform(O)), "
                                            "happens(T2, resolve(Id)), T1 < T, T < T2, read_point(T, O, B), face_up(O, S1, B), "
                                            "end_of(T, E), face_up(O, S2, E), S1 != S2.",
                                            "witness(P, characteristics(O), T2) :- prop(P), happens(T2, resolve(Id)), happens(T1, activate(O, N, Id))."),
    # A copy (Delver of Secrets copying White Knight, 712.9) turned over by a transform, and a convert
    # that turns a permanent over.
    "transforms_into_triggers": ("violated(P) :- prop(P), happens(T, transform(O)), copy_of(O, X), read_point(T, O, B), "
                                 "face_up(O, S1, B), point_of(T, E), face_up(O, S2, E), S1 != S2, happens(T2, convert(O2)), "
                                 "read_point(T2, O2, B2), face_up(O2, S3, B2), point_of(T2, E2), face_up(O2, S4, E2), S3 != S4.",
                                 "witness(P, characteristics(O), T) :- prop(P), happens(T, transform(O))."),
    "transform_gives_new_timestamp": ("violated(P) :- prop(P), happens(T, transform(O)), read_point(T, O, B), "
                                      "face_up(O, front, B), end_of(T, E), face_up(O, back, E).",
                                      "witness(P, timestamp(O), T) :- prop(P), happens(T, transform(O))."),
    # A creature with indestructible that lethal or deathtouch damage would have destroyed.
    "indestructible_not_destroyed": ("violated(P) :- prop(P), not_destroyed(O, E, R).",
                                     "witness(P, characteristics(O), T) :- prop(P), not_destroyed(O, E, R), timeline_entry(T), "
                                     "T*k <= E, E < T*k + k."),
    # An attacker that changes hands, and a later step of that combat.
    "control_change_removes_from_combat": ("violated(P) :- prop(P), attack_made(O, Tgt, Ta), happens(T, gain_control(O, Pl)), "
                                           "Ta < T, point_of(Ta, E), controller(O, Pl0, E), Pl != Pl0, happens(T2, begin_step(S)), "
                                           "T < T2.",
                                           "witness(P, damage_steps, T2) :- prop(P), happens(T2, begin_step(S))."),
    # Two different base power and toughness, one after the other.
    "base_pt_latest_wins": ("violated(P) :- prop(P), happens(T1, set_base_pt(O, X1, Y1, D1)), happens(T2, set_base_pt(O, X2, Y2, D2)), "
                            "T1 < T2, (X1, Y1) != (X2, Y2).",
                            "witness(P, characteristics(O), T) :- prop(P), happens(T, set_base_pt(O, X, Y, D))."),
    # Flying counters put on a creature while Humility is on the battlefield.
    "keyword_counter_timestamp": ("question_reads(T, H) :- timeline_entry(T), object(H).",
                                  "violated(P) :- prop(P), happens(T, counters(O, \"flying\", N)), N > 0, end_of(T, E), "
                                  "on_battlefield(O, E), creature(O, E), on_battlefield(H, E), object_card(H, \"Humility\").",
                                  "witness(P, characteristics(O), T) :- prop(P), happens(T, counters(O, K, N))."),
    # Urborg and Blood Moon on the battlefield together.
    "nonbasic_lands_under_blood_moon": ("violated(P) :- prop(P), timeline_entry(T), end_of(T, E), on_battlefield(U, E), "
                                        "object_card(U, \"Urborg, Tomb of Yawgmoth\"), on_battlefield(M, E), "
                                        "object_card(M, \"Blood Moon\").",
                                        "witness(P, characteristics(U), T) :- prop(P), timeline_entry(T), "
                                        "object_card(U, \"Urborg, Tomb of Yawgmoth\")."),
    # A permanent given to one player, then to the other, still on the battlefield after.
    "control_latest_effect_decides": ("violated(P) :- prop(P), happens(T1, gain_control(O, Pl1)), "
                                      "happens(T2, gain_control(O, Pl2)), T1 < T2, Pl1 != Pl2, end_of(T2, E), "
                                      "on_battlefield(O, E).",
                                      "witness(P, characteristics(O), T) :- prop(P), happens(T, gain_control(O, Pl))."),
    # A creature on the battlefield with Humility given flying.
    "keyword_latest_effect_decides": ("violated(P) :- prop(P), happens(T, gain(O, flying, D)), end_of(T, E), "
                                      "on_battlefield(O, E), creature(O, E), on_battlefield(H, E), "
                                      "object_card(H, \"Humility\").",
                                      "witness(P, characteristics(O), T) :- prop(P), happens(T, gain(O, K, D))."),
    # Humility entering the battlefield beside a creature with a flying counter.
    "keyword_counter_before_lose_all": ("violated(P) :- prop(P), happens(T, move(H, battlefield, M, Pl)), "
                                        "object_card(H, \"Humility\"), end_of(T, E), on_battlefield(H, E), "
                                        "on_battlefield(O, E), creature(O, E), val(O, counter(\"flying\"), N, E), N > 0.",
                                        "witness(P, characteristics(H), T) :- prop(P), happens(T, move(H, battlefield, M, Pl))."),
}


@pytest.mark.parametrize("name", PROPERTIES)
def test_each_universe_reaches_its_premise(name, tmp_path):
    real = v.select([name])[0]
    header = [line for line in real.path.read_text(encoding="utf-8").splitlines()
              if line.startswith("%! ") and not line.startswith("%! property")]
    premise = tmp_path / "premise.lp"
    premise.write_text("\n".join([f"% {name}, its premise only", "%", f"% {name}'s premise.", "%! property: premise",
                                  *header, "prop(premise).", *PREMISES[name]]) + "\n", encoding="utf-8")
    for line in header:                 # an abstract card beside the property goes beside the premise
        if line.startswith("%! card-file:"):
            card_file = line.split(":", 1)[1].strip()
            shutil.copy(real.path.parent / card_file, tmp_path / card_file)
    outcome = v.verify(v.load_property(premise), BOUND, out_dir=tmp_path / "out", time_limit=120)
    assert outcome.result == "counterexample", outcome


# --- Proof that it can fail: a planted mistake in a copy of logic/ --------------------------------

def _clear_caches() -> None:
    resources._find.cache_clear()
    resources.logic_files.cache_clear()
    resources.on_demand.cache_clear()
    solve.clear_caches()
    v._statements.cache_clear()


@pytest.fixture
def planted_logic(tmp_path, monkeypatch):
    """A function that points the engine at a copy of logic/ with one rule replaced."""
    def plant(file: str, real: str, planted: str) -> Path:
        copy = tmp_path / "logic"
        shutil.copytree(resources.logic_dir(), copy)
        path = copy / file
        text = path.read_text(encoding="utf-8")
        assert text.count(real) == 1, f"logic/{file} no longer has the rule this test plants a mistake in"
        path.write_text(text.replace(real, planted), encoding="utf-8")
        monkeypatch.setenv("RULECHECK_CACHE", str(tmp_path / "cache"))
        _clear_caches()
        monkeypatch.setenv("RULECHECK_LOGIC_DIR", str(copy))
        assert resources.logic_dir() == copy
        return copy
    yield plant
    monkeypatch.delenv("RULECHECK_LOGIC_DIR", raising=False)
    _clear_caches()


# 510.4's first-strike condition for the second step: only creatures that had neither first
# strike nor double strike as the first step began. Planted: the 702.7c rule forgets it, so a
# creature that still has first strike assigns again.
REAL_510_4 = 'in_step(T2, O, "702.7c") :- step_pair(_, T2), combatant(T2, O), not had_strike(T2, O), has_now(T2, O, first_strike).'
PLANTED_510_4 = 'in_step(T2, O, "702.7c") :- step_pair(_, T2), combatant(T2, O), has_now(T2, O, first_strike).'


def test_a_planted_mistake_in_510_4_is_found(planted_logic, tmp_path, capsys):
    planted_logic("combat.lp", REAL_510_4, PLANTED_510_4)
    out = tmp_path / "out"
    code = main(["verify", "second_step_needs_double_strike", "--bound", "2,3", "--jobs", "1", "-o", str(out)])
    report = capsys.readouterr().out
    assert code == 1
    assert "counterexample (1 object, 3 events)" in report
    written = out / "second_step_needs_double_strike.yaml"
    assert f" {written}" in report
    scenario = yaml.safe_load(written.read_text(encoding="utf-8"))
    # The smallest: one creature with first strike (and not double strike) attacks, two steps.
    assert scenario["objects"] == {"o1": {"card": "White Knight"}}
    assert scenario["timeline"] == [{"attack": "o1", "target": "bob"}, {"begin": "combat_damage"},
                                    {"begin": "combat_damage"}]
    assert scenario["questions"] == [{"ask": "damage_steps", "at": 3}]
    # `rulecheck ask` loads it, and with the planted rules White Knight assigns in both steps.
    scn = load_scenario(written, CardPool.builtin())
    [got] = answer_all(scn, list(scn.questions))
    damage = got.single.value["damage"]
    assert [(d["step"], d["creature"], d["rule"]) for d in damage] == [(1, "o1", "702.7b"), (2, "o1", "702.7c")]


def test_the_counterexample_of_the_planted_510_4_is_none_under_the_real_rules(tmp_path):
    path = tmp_path / "knight.yaml"
    path.write_text(yaml.safe_dump({
        "players": ["alice", "bob"], "turn": {"number": 3, "active": "alice", "step": "declare_attackers"},
        "objects": {"o1": {"card": "White Knight"}},
        "timeline": [{"attack": "o1", "target": "bob"}, {"begin": "combat_damage"}, {"begin": "combat_damage"}],
        "questions": [{"ask": "damage_steps", "at": 3}]}), encoding="utf-8")
    prop = v.select(["second_step_needs_double_strike"])[0]
    assert v.confirm(prop, path, CardPool.builtin(), 60) is False
    scn = load_scenario(path, CardPool.builtin())
    [got] = answer_all(scn, list(scn.questions))
    assert [(d["step"], d["creature"], d["rule"]) for d in got.single.value["damage"]] == [(1, "o1", "702.7b")]
    assert got.single.value["none"] == [{"step": 2, "creature": "o1", "rule": "510.4"}]


# 701.27d: the face it would transform INTO. Planted: the face it is leaving is checked instead.
REAL_701_27D = "would_become(O, C, S2, P), instant_or_sorcery_face(C, S2),"
PLANTED_701_27D = "would_become(O, C, S2, P), face(C, S1), S1 != S2, instant_or_sorcery_face(C, S1),"


def test_a_planted_mistake_in_701_27d_is_found(planted_logic, tmp_path):
    planted_logic("transform.lp", REAL_701_27D, PLANTED_701_27D)
    prop = v.select(["transform_never_to_instant_or_sorcery"])[0]
    outcome = v.verify(prop, BOUND, out_dir=tmp_path / "out", time_limit=120)
    assert (outcome.result, outcome.objects, outcome.events) == ("counterexample", 1, 1)
    scenario = outcome.counterexample
    # Valakut Stoneforge (the land back face) transformed into Valakut Awakening, an instant.
    assert scenario["objects"] == {"o1": {"card": "Valakut Awakening // Valakut Stoneforge", "face": "back"}}
    assert scenario["timeline"] == [{"transform": "o1"}]
    scn = load_scenario(outcome.file, CardPool.builtin())
    [got] = answer_all(scn, list(scn.questions))
    assert (got.single.value["face"], got.single.value["types"]) == ("front", ["instant"])


# The gap verify found in the rules before logic/turns.lp refused a step out of order (500.1,
# 506.1): planted back by removing the rule.
REAL_STEP_ORDER = ("invalid(step_out_of_order(S2, S1, Rule), T) :- step_after(T, S1, S2), not step_added(S1, S2), "
                   "step_order_rule(S1, S2, Rule).")
PLANTED_STEP_ORDER = "% (removed: a step out of order is no longer invalid)"


def test_a_step_out_of_order_is_found_without_the_rule_that_refuses_it(planted_logic, tmp_path, monkeypatch):
    planted_logic("turns.lp", REAL_STEP_ORDER, PLANTED_STEP_ORDER)
    outcome = v.verify(v.select(["steps_in_order"])[0], BOUND, out_dir=tmp_path, time_limit=120)
    assert (outcome.result, outcome.objects, outcome.events, outcome.parts) == ("counterexample", 0, 2, 3)
    assert outcome.counterexample["objects"] == {}
    # A step begun twice (which step is the solver's pick among the smallest: all are 2 events).
    [first, second] = outcome.counterexample["timeline"]
    assert list(first) == ["begin"] and first == second
    step = first["begin"].replace("_", " ")
    scn = load_scenario(outcome.file, CardPool.builtin())
    [got] = answer_all(scn, list(scn.questions))
    assert got.invalid == [] and got.single.value["steps"] == 0
    # The rules in force refuse the same file.
    monkeypatch.delenv("RULECHECK_LOGIC_DIR")
    _clear_caches()
    [got] = answer_all(scn, list(scn.questions))
    [message] = got.invalid
    assert message.startswith(f"step out of order: {step}, {step}, 5") and message.endswith(
        "(at timeline entry 2, line 21: begin)")


# Planted mistakes the seed rulings' properties find, each in the rule the property rests on; the
# unaltered rules hold (test_each_property_holds_within_the_bound). Each counterexample is loaded
# and answered as `rulecheck ask` does.
def _planted_counterexample(planted_logic, tmp_path, file, real, planted, name, bound=BOUND):
    planted_logic(file, real, planted)
    outcome = v.verify(v.select([name])[0], bound, out_dir=tmp_path / "out", time_limit=120)
    assert outcome.result == "counterexample", outcome
    scn = load_scenario(outcome.file, CardPool.builtin())
    [got] = answer_all(scn, list(scn.questions))
    assert got.invalid == []
    return outcome, got.single


# 510.4, 702.7b: in the first of two steps, only creatures with first strike or double strike.
# Planted: the 702.7b rule forgets the first strike it asks for, so every creature assigns.
REAL_702_7B = 'in_step(T, O, "702.7b") :- first_strike_step(T), combatant(T, O), read_point(T, O, B), has_keyword(O, first_strike, B),'
PLANTED_702_7B = 'in_step(T, O, "702.7b") :- first_strike_step(T), combatant(T, O), read_point(T, O, B),'


def test_a_planted_mistake_in_702_7b_is_found(planted_logic, tmp_path):
    outcome, got = _planted_counterexample(planted_logic, tmp_path, "combat.lp", REAL_702_7B, PLANTED_702_7B,
                                           "first_step_only_first_strikers")
    # The smallest: a creature with first strike and one without attack; one step begins.
    assert (outcome.objects, outcome.events) == (2, 3)
    # (The striker is White Knight or Fencing Ace: the solver's pick among the smallest.)
    by_card = {o: spec["card"] for o, spec in outcome.counterexample["objects"].items()}
    [striker] = [c for c in by_card.values() if c != "Grizzly Bears"]
    assert sorted(by_card.values()) == sorted(["Grizzly Bears", striker]) and striker in ("White Knight", "Fencing Ace")
    assert [list(e)[0] for e in outcome.counterexample["timeline"]] == ["attack", "attack", "begin"]
    # (damage_steps also predicts the second step: the first is the one asked about.)
    assert sorted((d["step"], by_card[d["creature"]], d["rule"]) for d in got.value["damage"] if d["step"] == 1) == sorted([
        (1, "Grizzly Bears", "702.7b"), (1, striker, "702.7b" if striker == "White Knight" else "702.4b")])


# 510.4, 702.4b: a creature that has double strike as the second step begins assigns in it.
# Planted: the second step's 702.4b rule is gone.
REAL_702_4B = 'in_step(T2, O, "702.4b") :- has_now(T2, O, double_strike), first_had(T2, O, double_strike).'
PLANTED_702_4B = "% (removed: double strike all along no longer assigns in the second step)"


def test_a_planted_mistake_in_the_second_step_of_double_strike_is_found(planted_logic, tmp_path):
    outcome, got = _planted_counterexample(planted_logic, tmp_path, "combat.lp", REAL_702_4B, PLANTED_702_4B,
                                           "second_step_the_rest_assign")
    assert outcome.counterexample["objects"] == {"o1": {"card": "Fencing Ace"}}
    assert outcome.counterexample["timeline"] == [{"attack": "o1", "target": "bob"}, {"begin": "combat_damage"},
                                                  {"begin": "combat_damage"}]
    assert [(d["step"], d["creature"], d["rule"]) for d in got.value["damage"]] == [(1, "o1", "702.4b")]


def test_the_second_step_branch_of_creatures_without_first_strike(planted_logic, tmp_path):
    """The premise the default bound doesn't reach: a creature that had neither first strike nor
    double strike as the first step began and was given first strike since (702.7c, seed 000-10)
    needs a second attacker with first strike and five events. With 702.7c's rule gone, the
    property finds it at bound 2,5; the unaltered rules hold there."""
    held = v.verify(v.select(["second_step_the_rest_assign"])[0], v.Bound(2, 5), out_dir=tmp_path, time_limit=120)
    assert (held.result, held.parts) == ("holds", 6)
    outcome, got = _planted_counterexample(
        planted_logic, tmp_path, "combat.lp", REAL_510_4,
        "% (removed: a creature given first strike between the steps no longer assigns)",
        "second_step_the_rest_assign", bound=v.Bound(2, 5))
    assert (outcome.objects, outcome.events) == (2, 5)
    by_card = {o: spec["card"] for o, spec in outcome.counterexample["objects"].items()}
    [striker] = [c for c in by_card.values() if c != "Grizzly Bears"]
    assert striker in ("White Knight", "Fencing Ace") and "Grizzly Bears" in by_card.values()
    bears = next(o for o, c in by_card.items() if c == "Grizzly Bears")
    assert {"gain": bears, "ability": "first_strike", "until": "end_of_turn"} in outcome.counterexample["timeline"]
    # Grizzly Bears assigns in neither step.
    assert bears not in [d["creature"] for d in got.value["damage"]]


# 701.27c, 712.9 in force: any double-faced permanent can transform. Planted: the superseded
# wording of seed rulings 000-01 and 000-03, only a transforming (nonmodal) double-faced card.
REAL_701_27C = ("cannot_turn_over(A, O, P, R) :- rule_not_double_faced(A, R), turn_check(O, P), on_battlefield(O, P), "
                "not double_faced(O).")
PLANTED_701_27C = ("cannot_turn_over(A, O, P, R) :- rule_not_double_faced(A, R), turn_check(O, P), on_battlefield(O, P), "
                   "object_card(O, C), not nonmodal_dfc(C).")


def test_the_superseded_wording_of_701_27c_is_found(planted_logic, tmp_path):
    outcome, got = _planted_counterexample(planted_logic, tmp_path, "transform.lp", REAL_701_27C, PLANTED_701_27C,
                                           "modal_dfc_transforms_to_a_permanent_face")
    assert outcome.counterexample["objects"] == {"o1": {"card": "Miles Morales // Ultimate Spider-Man"}}
    assert outcome.counterexample["timeline"] == [{"transform": "o1"}]
    assert (got.value["face"], got.value["name"]) == ("front", "Miles Morales")


# 202.3a, 202.3b: only a NONMODAL back face takes its front face's mana cost. Planted: any
# double-faced card's back face does.
REAL_202_3B = ("nonmodal_back_up(O, P) :- char_face(O, C, back, P), reads_mana_value(O), nonmodal_double_faced(O), "
               "object_card(O, C),")
PLANTED_202_3B = ("nonmodal_back_up(O, P) :- char_face(O, C, back, P), reads_mana_value(O), double_faced(O), "
                  "object_card(O, C),")


def test_a_planted_mistake_in_202_3b_is_found(planted_logic, tmp_path):
    outcome, got = _planted_counterexample(planted_logic, tmp_path, "mana_value.lp", REAL_202_3B, PLANTED_202_3B,
                                           "no_mana_cost_mana_value_zero")
    # Valakut Stoneforge, a land with no mana cost, given Valakut Awakening's {2}{R}.
    assert outcome.counterexample["objects"] == {"o1": {"card": "Valakut Awakening // Valakut Stoneforge",
                                                        "face": "back"}}
    assert outcome.counterexample["timeline"] == []
    assert got.value == 3


# 613.7g: a new timestamp each time it transforms. Planted: the rule that gives it is gone.
REAL_613_7G = "sets(O, timestamp, (E, 0), E) :- turns_over(A, O, T), point_of(T, E)."
PLANTED_613_7G = "% (removed: transforming no longer gives a new timestamp)"


def test_a_planted_mistake_in_613_7g_is_found(planted_logic, tmp_path):
    outcome, got = _planted_counterexample(planted_logic, tmp_path, "transform.lp", REAL_613_7G, PLANTED_613_7G,
                                           "transform_gives_new_timestamp")
    assert (outcome.objects, outcome.events) == (1, 1)
    assert outcome.counterexample["timeline"] == [{"transform": "o1"}]
    assert got.value == 0                       # the timestamp it had in the initial state


# 702.10c: haste lets a creature's {T} abilities be activated. Planted: haste.lp forgets haste.
REAL_702_10C = "sick_without_haste(O, P, G) :- summoning_sick(O, P, G), not has_keyword(O, haste, P)."
PLANTED_702_10C = "sick_without_haste(O, P, G) :- summoning_sick(O, P, G)."


def test_a_planted_mistake_in_702_10c_is_found(planted_logic, tmp_path):
    outcome, got = _planted_counterexample(planted_logic, tmp_path, "haste.lp", REAL_702_10C, PLANTED_702_10C,
                                           "tap_abilities_and_summoning_sickness")
    # Llanowar Elves that came under alice's control this turn, given haste.
    assert outcome.counterexample["objects"] == {"o1": {"card": "Llanowar Elves", "controlled_since": 3}}
    assert outcome.counterexample["timeline"] == [{"gain": "o1", "ability": "haste", "until": "end_of_turn"}]
    assert (got.value, got.rules) == (False, ["302.6", "602.5a"])


# 701.27b: transforming is not turning face up. Planted: an engine that treats it as one.
REAL_701_27B = "turns_face_up(O, T) :- happens(T, turn_face_up(O)), read_point(T, O, B), face_down(O, B)."
PLANTED_701_27B = REAL_701_27B + "\nturns_face_up(O, T) :- turns_over(transform, O, T)."


def test_a_planted_mistake_in_701_27b_is_found(planted_logic, tmp_path):
    outcome, got = _planted_counterexample(planted_logic, tmp_path, "facedown.lp", REAL_701_27B, PLANTED_701_27B,
                                           "transform_is_not_turning_face_down")
    assert (outcome.objects, outcome.events) == (1, 1)
    assert outcome.counterexample["timeline"] == [{"transform": "o1"}]
    assert outcome.counterexample["questions"] == [{"ask": "would_trigger", "object": "o1",
                                                    "condition": "turned_face_up", "entry": 1, "at": 1}]
    assert got.value is True


# 607.1b: both faces of a nonmodal double-faced object, whichever is up. Planted: only the face
# whose characteristics it has (712.8's rule, applied where 607.1b makes the exception).
REAL_607_1B = "nonmodal_double_faced(O), object_card(O, C), face(C, S),"
PLANTED_607_1B = "nonmodal_double_faced(O), object_card(O, C), char_face(O, C, S, P),"


def test_a_planted_mistake_in_607_1b_is_found(planted_logic, tmp_path):
    outcome, got = _planted_counterexample(planted_logic, tmp_path, "printed_on.lp", REAL_607_1B, PLANTED_607_1B,
                                           "printed_on_either_face")
    assert (outcome.objects, outcome.events) == (1, 0)
    [spec] = outcome.counterexample["objects"].values()
    assert spec["card"] in ("Delver of Secrets // Insectile Aberration", "Huntmaster of the Fells // Ravager of the Fells")
    # One face only (the face up: front, a scenario's default), where 607.1b gives both.
    assert "face" not in spec and got.value["faces"] == ["front"]


# 712.14a, 307.4 (400.4a): a card put onto the battlefield transformed enters with its back face,
# so a sorcery BACK face keeps it where it was. Planted: an engine that checks the front face.
REAL_307_4 = 'face_type(C, S, sorcery), not stays_at(O, K, "712.14a")'
PLANTED_307_4 = 'face_type(C, S, sorcery), S = front, not stays_at(O, K, "712.14a")'


def test_a_planted_mistake_in_entering_transformed_is_found(planted_logic, tmp_path):
    outcome, got = _planted_counterexample(planted_logic, tmp_path, "zones.lp", REAL_307_4, PLANTED_307_4,
                                           "modal_dfc_enters_transformed")
    # The abstract card travels in the file (properties/cards.json): a sorcery face on the battlefield.
    # (From a hand or a graveyard: the solver's pick, both equally plain.)
    [spec] = outcome.counterexample["objects"].values()
    assert spec["card"] == "Tidecaller Adept // Tidecaller's Rebuke" and spec["zone"] in ("hand", "graveyard")
    assert outcome.counterexample["timeline"] == [{"move": "o1", "to": "battlefield", "transformed": True}]
    assert [c["name"] for c in outcome.counterexample["cards"]] == ["Tidecaller Adept // Tidecaller's Rebuke"]
    assert (got.value["zone"], got.value["face"], got.value["types"]) == ("battlefield", "back", ["sorcery"])


# 701.10g, 614.1a (seed rulings 000-22, 003-08; 003-10 for Approach's effect of the same wording):
# a doubling applies whatever the recipient. Planted: Furnace of Rath doubles only damage to its
# controller's opponent.
REAL_701_10G = "damage_mod(C, S, Name, double, any, any) :- damage_replacement(C, S, Name, double(any))."
PLANTED_701_10G = "damage_mod(C, S, Name, double, any, opponent) :- damage_replacement(C, S, Name, double(any))."


def test_a_planted_mistake_in_701_10g_is_found(planted_logic, tmp_path):
    outcome, got = _planted_counterexample(planted_logic, tmp_path, "replacement.lp", REAL_701_10G, PLANTED_701_10G,
                                           "damage_doubled_once")
    # The smallest: a Furnace of Rath alone, dealing damage to itself or to its controller.
    assert (outcome.objects, outcome.events) == (1, 1)
    assert outcome.counterexample["objects"] == {"o1": {"card": "Furnace of Rath"}}
    [event] = outcome.counterexample["timeline"]
    assert event["source"] == "o1" and event["target"] in ("o1", "alice")
    # Dealt as it would be: not doubled.
    assert got.value["dealt"] == [{"source": "o1", "to": event["target"], "amount": event["damage"]}]


# 704.5g: damage at least its toughness. Planted: an engine that destroys only for more than it.
REAL_704_5G = "toughness(O, N, P), N > 0, damage_marked(O, D, P), D >= N,"
PLANTED_704_5G = "toughness(O, N, P), N > 0, damage_marked(O, D, P), D > N,"


def test_a_planted_mistake_in_704_5g_is_found(planted_logic, tmp_path):
    outcome, got = _planted_counterexample(planted_logic, tmp_path, "sba.lp", REAL_704_5G, PLANTED_704_5G,
                                           "lethal_damage_destroys")
    # The smallest: a creature whose damage marked from the start (120.6) equals its toughness,
    # checked as the state-based actions after the initial state are (entry 0).
    assert (outcome.objects, outcome.events) == (1, 0)
    [spec] = outcome.counterexample["objects"].values()
    assert outcome.counterexample["timeline"] == []
    assert spec["damage"] == {"Grizzly Bears": 2, "Raging Goblin": 1}[spec["card"]]
    # It stays on the battlefield.
    assert got.value["zone"] == "battlefield"


# 701.10e (seed ruling 000-20): doubling gives as many as it has. Planted: one more counter.
REAL_701_10E = "sets(O, counter(K), 2 * N, E) :- doubled_from(O, K, N, T), point_of(T, E)."
PLANTED_701_10E = "sets(O, counter(K), N + 1, E) :- doubled_from(O, K, N, T), point_of(T, E)."


def test_a_planted_mistake_in_701_10e_is_found(planted_logic, tmp_path):
    outcome, got = _planted_counterexample(planted_logic, tmp_path, "counters.lp", REAL_701_10E, PLANTED_701_10E,
                                           "counters_doubled")
    # The smallest: a permanent with 2 counters of a kind (1 doubled is 2 either way), doubled.
    assert (outcome.objects, outcome.events) == (1, 1)
    [spec] = outcome.counterexample["objects"].values()
    [event] = outcome.counterexample["timeline"]
    kind = event["kind"]
    assert spec["counters"] == {kind: 2} and event["double_counters"] == "o1"
    assert got.value == {"counters": {kind: 3}}


# 704.5q: +1/+1 and -1/-1 counters in pairs. Planted: an engine that removes them only when there
# are more -1/-1 counters (equal numbers stay).
REAL_704_5Q = 'counter(O, "+1/+1", A, P), counter(O, "-1/-1", B, P), A <= B.'
PLANTED_704_5Q = 'counter(O, "+1/+1", A, P), counter(O, "-1/-1", B, P), A < B.'


def test_a_planted_mistake_in_704_5q_is_found(planted_logic, tmp_path):
    outcome, got = _planted_counterexample(planted_logic, tmp_path, "sba.lp", REAL_704_5Q, PLANTED_704_5Q,
                                           "plus_minus_counters_annihilate")
    # The smallest: a permanent with as many of each kind from the start (entry 0's check).
    assert (outcome.objects, outcome.events) == (1, 0)
    [spec] = outcome.counterexample["objects"].values()
    assert spec["counters"]["+1/+1"] == spec["counters"]["-1/-1"]
    counters = got.value["counters"]
    assert set(counters) == {"+1/+1", "-1/-1"} and counters["+1/+1"] == counters["-1/-1"]


# 701.10d (seed ruling 000-19): twice the current total. Planted: an engine that adds the starting
# total instead (right only while no damage changed it).
REAL_701_10D = "life_base(Pl, T, 2 * L) :- life_doubles(Pl, T, L)."
PLANTED_701_10D = "life_base(Pl, T, L + 20) :- life_doubles(Pl, T, L)."


def test_a_planted_mistake_in_701_10d_is_found(planted_logic, tmp_path):
    outcome, got = _planted_counterexample(planted_logic, tmp_path, "life.lp", REAL_701_10D, PLANTED_701_10D,
                                           "doubling_life")
    # The smallest: no object; a player's life total doubled twice (20 to 40, right under the
    # planted rule too, then 40 to 60 instead of 80).
    assert (outcome.objects, outcome.events) == (0, 2)
    first, second = outcome.counterexample["timeline"]
    assert first == second and list(first) == ["double_life"]
    assert got.value == 60


# 702.6a (seed ruling 002-08): "target creature you control". Planted: an engine that forgets
# "you control", so an opponent's creature is a target too.
REAL_702_6A_TARGET = ("object(X), on_battlefield(X, P), card_type(X, Kind, P),\n"
                      "                                               controller(X, Pl, P).")
PLANTED_702_6A_TARGET = "object(X), on_battlefield(X, P), card_type(X, Kind, P)."


def test_a_planted_mistake_in_702_6a_targets_is_found(planted_logic, tmp_path):
    outcome, got = _planted_counterexample(planted_logic, tmp_path, "equip.lp", REAL_702_6A_TARGET,
                                           PLANTED_702_6A_TARGET, "equip_targets_creatures_you_control")
    # The smallest: an Equipment and bob's creature, from the start.
    assert (outcome.objects, outcome.events) == (2, 0)
    specs = outcome.counterexample["objects"]
    [creature] = [o for o, spec in specs.items() if spec["card"] == "Grizzly Bears"]
    assert specs[creature].get("controller", specs[creature].get("owner")) == "bob"
    assert (got.value, got.rules) == ([creature], ["702.6a"])


# 602.5d, 307.1: "Activate only as a sorcery" — in its controller's turn. Planted: an engine that
# forgets whose turn it is.
REAL_307_1_TURN = "not_sorcery_time(Pl, P, not_your_turn) :- timing_checked(P), player(Pl), not active_player(Pl, P).\n"
PLANTED_307_1_TURN = "% (removed: not_your_turn)\n"


def test_a_planted_mistake_in_equip_timing_is_found(planted_logic, tmp_path):
    outcome, got = _planted_counterexample(planted_logic, tmp_path, "activation.lp", REAL_307_1_TURN,
                                           PLANTED_307_1_TURN, "equip_targets_creatures_you_control")
    # The smallest: bob's Equipment and bob's creature in alice's turn.
    assert (outcome.objects, outcome.events) == (2, 0)
    assert {spec.get("controller", spec.get("owner")) for spec in outcome.counterexample["objects"].values()} == {"bob"}
    assert (got.value, got.rules) == (True, ["602.2", "702.6a"])


# 702.6c (seed ruling 002-10): the quality restricts the targets. Planted: an engine that forgets it.
REAL_702_6C = "equip_target_ok(C, S, Name, Pl, X, P) :- equip_candidate(C, S, Name, Pl, X, P, supertype(T)), supertype(X, T, P)."
PLANTED_702_6C = "equip_target_ok(C, S, Name, Pl, X, P) :- equip_candidate(C, S, Name, Pl, X, P, supertype(T))."


def test_a_planted_mistake_in_702_6c_targets_is_found(planted_logic, tmp_path):
    outcome, got = _planted_counterexample(planted_logic, tmp_path, "equip.lp", REAL_702_6C, PLANTED_702_6C,
                                           "equip_quality_restricts_targets_only")
    # The smallest: Blackblade Reforged and Grizzly Bears (not legendary), from the start.
    assert (outcome.objects, outcome.events) == (2, 0)
    assert sorted(spec["card"] for spec in outcome.counterexample["objects"].values()) == [
        "Blackblade Reforged", "Grizzly Bears"]
    assert outcome.counterexample["questions"][0]["ability"] == "Equip legendary creature {3}"
    [bears] = got.value
    assert outcome.counterexample["objects"][bears]["card"] == "Grizzly Bears"


# 702.6c: "Additional restrictions for an equip ability don't restrict what the Equipment may be
# attached to". Planted: a state-based action that unattaches Equipment from a creature that isn't
# legendary (as if the quality restricted the attachment).
REAL_704_5N = ("illegal_attachment(Eq, X, P, \"704.5n\") :- attachment_check(Eq, P), attached_to(Eq, X, P), is_equipment(Eq, P),\n"
               "                                          on_battlefield(X, P), not creature(X, P).\n")
PLANTED_704_5N = REAL_704_5N + (
    "illegal_attachment(Eq, X, P, \"704.5n\") :- attachment_check(Eq, P), attached_to(Eq, X, P), is_equipment(Eq, P),"
    " on_battlefield(X, P), not supertype(X, legendary, P).\n")


def test_a_planted_mistake_in_what_a_quality_equipment_may_be_attached_to_is_found(planted_logic, tmp_path):
    outcome, got = _planted_counterexample(planted_logic, tmp_path, "equip.lp", REAL_704_5N, PLANTED_704_5N,
                                           "equip_quality_restricts_targets_only")
    # The smallest: Blackblade Reforged attached by an effect to Grizzly Bears.
    assert (outcome.objects, outcome.events) == (2, 1)
    by_card = {spec["card"]: o for o, spec in outcome.counterexample["objects"].items()}
    assert outcome.counterexample["timeline"] == [{"attach": by_card["Blackblade Reforged"], "to": by_card["Grizzly Bears"]}]
    assert (got.value, got.rules) == (1, ["613.7e"])


# 702.6d (seed ruling 002-11): any of several equip abilities may be activated. Planted: an engine
# that lets only the first (by its text) of a face's equip abilities be activated.
REAL_702_6D = ('ability_rule(C, S, Text, "702.6d") :- equip_ability(C, S, Text, _, _), equip_ability(C, S, Text2, _, _), '
               'Text != Text2.\n')
PLANTED_702_6D = REAL_702_6D + ('cannot_activate(O, Name, P, "702.6d") :- has_ability(O, C, S, Name, P), '
                                'equip_ability(C, S, Name, _, _), equip_ability(C, S, Name2, _, _), Name2 < Name.\n')


def test_a_planted_mistake_in_702_6d_is_found(planted_logic, tmp_path):
    outcome, got = _planted_counterexample(planted_logic, tmp_path, "equip.lp", REAL_702_6D, PLANTED_702_6D,
                                           "any_equip_ability_may_be_activated")
    # The smallest: an Equipment with two equip abilities and a creature both can target.
    assert (outcome.objects, outcome.events) == (2, 0)
    assert (got.value, got.rules) == (False, ["702.6d"])


# 702.6e (seed ruling 002-12): Equip planeswalker targets a planeswalker "as though that planeswalker
# were a creature". Planted: an engine that wants every equip target to be a creature too.
REAL_702_6E = "card_type(X, Kind, P),\n                                               controller(X, Pl, P)."
PLANTED_702_6E = "card_type(X, Kind, P), creature(X, P),\n                                               controller(X, Pl, P)."


def test_a_planted_mistake_in_702_6e_is_found(planted_logic, tmp_path):
    outcome, got = _planted_counterexample(planted_logic, tmp_path, "equip.lp", REAL_702_6E, PLANTED_702_6E,
                                           "equip_planeswalker_targets_planeswalkers_you_control")
    # The smallest: Luxior and Nissa, Sage Animist (a planeswalker, no creature), from the start.
    assert (outcome.objects, outcome.events) == (2, 0)
    assert sorted(spec["card"] for spec in outcome.counterexample["objects"].values()) == [
        "Luxior, Giada's Gift", "Nissa, Vastwood Seer // Nissa, Sage Animist"]
    assert outcome.counterexample["questions"][0]["ability"] == "Equip planeswalker {1}"
    assert got.value == []


# 701.10c (seed ruling 000-18): a negative power doubled gets -X/-0. Planted: an engine that adds the
# power's distance from 0 whatever its sign (+X/+0 for a power of -X).
REAL_701_10C = "doubled(Eff, O, power, X) :- double_read(Eff, O, W, B), doubles(W, power), power(O, X, B)."
PLANTED_701_10C = "doubled(Eff, O, power, |X0|) :- double_read(Eff, O, W, B), doubles(W, power), power(O, X0, B)."


def test_a_planted_mistake_in_701_10c_is_found(planted_logic, tmp_path):
    outcome, got = _planted_counterexample(planted_logic, tmp_path, "layers.lp", REAL_701_10C, PLANTED_701_10C,
                                           "power_and_toughness_doubled")
    # Searched in its own bound (`%! most: 1,1`): Ludevic's Test Subject (0/3) with -1/-1 counters,
    # its power doubled: -N gets +N/+0, so 0, instead of -N/-0, -2N.
    assert (outcome.bound, outcome.objects, outcome.events) == (v.Bound(1, 1), 1, 1)
    [spec] = outcome.counterexample["objects"].values()
    n = spec["counters"]["-1/-1"]
    assert [list(e)[0] for e in outcome.counterexample["timeline"]] == ["double"]
    assert n > 0 and got.value["power"] == 0


# 701.27e (seed ruling 000-05): "transforms into" triggers if the object has the characteristic
# immediately after. Planted: an engine that triggers on any transform, whatever the name after.
REAL_701_27E = "turned_at(O, T, _), point_of(T, E), name(O, N, E)."
PLANTED_701_27E = "turned_at(O, T, _), point_of(T, E)."


def test_a_planted_mistake_in_701_27e_is_found(planted_logic, tmp_path):
    outcome, got = _planted_counterexample(planted_logic, tmp_path, "triggers.lp", REAL_701_27E, PLANTED_701_27E,
                                           "transforms_into_triggers", v.Bound(1, 1))
    # The smallest: one double-faced permanent turned over; "transforms into" a name it doesn't
    # have just after triggers anyway.
    assert (outcome.objects, outcome.events) == (1, 1)
    [spec] = outcome.counterexample["objects"].values()
    [event] = outcome.counterexample["timeline"]
    [question] = outcome.counterexample["questions"]
    assert list(event)[0] in ("transform", "convert") and question["condition"].startswith("transforms_into:")
    assert question["condition"] != "transforms_into:" + {"Delver of Secrets // Insectile Aberration": "Insectile Aberration",
                                                          "Huntmaster of the Fells // Ravager of the Fells": "Ravager of the Fells"}[spec["card"]]
    assert (got.value, got.rules) == (True, ["701.27e"])


# 701.27f (seed ruling 000-06): a permanent's own ability transforms it only if it hasn't
# transformed since the ability was put on the stack. Planted: an engine without the rule.
REAL_701_27F = ("ignored(A, O, T, R) :- instructed(A, O, T, ability(Id)), item_source(Id, O), rule_since(A, R),\n"
                "                       ability_since(Id, P0), transform_entry(O, T1), T1 < T, turns_over(A1, O, T1),\n"
                "                       point_of(T1, P1), P0 < P1.")
PLANTED_701_27F = "% (removed: 701.27f)"


def test_a_planted_mistake_in_701_27f_is_found(planted_logic, tmp_path):
    outcome, got = _planted_counterexample(planted_logic, tmp_path, "transform.lp", REAL_701_27F, PLANTED_701_27F,
                                           "transform_ability_only_if_not_since", v.Bound(1, 3))
    # The smallest: Kessig Prowler's own transform ability activated, a spell's instruction
    # transforms it, then the ability resolves and transforms it back.
    assert (outcome.objects, outcome.events) == (1, 3)
    assert outcome.counterexample["objects"] == {"o1": {"card": "Kessig Prowler // Sinuous Predator"}}
    assert outcome.counterexample["timeline"] == [{"activate": "o1", "ability": "transform"}, {"transform": "o1"},
                                                  {"resolve": "#1"}]
    assert (got.value["face"], got.value["name"]) == ("front", "Kessig Prowler")


# 701.10f, 106.6 (seed rulings 000-21, 003-01): doubling a type of mana counts the restricted mana of
# that type. Planted: an engine that doubles only the mana without restriction.
REAL_701_10F = "mana_doubled_from(Pl, Ty, N, T) :- mana_doubling(Pl, Ty, T), N = #sum { M, R : carried(Pl, Ty, R, M, T) }."
PLANTED_701_10F = "mana_doubled_from(Pl, Ty, N, T) :- mana_doubling(Pl, Ty, T), N = #sum { M : carried(Pl, Ty, none, M, T) }."


def test_a_planted_mistake_in_701_10f_is_found(planted_logic, tmp_path):
    outcome, got = _planted_counterexample(planted_logic, tmp_path, "mana.lp", REAL_701_10F, PLANTED_701_10F,
                                           "mana_doubled", v.Bound(1, 2))
    # The smallest: a land tapped for restricted mana (Pillar of the Paruns' of a color, or Eldrazi
    # Temple's {C}{C}), that type doubled: nothing added.
    assert (outcome.objects, outcome.events) == (1, 2)
    [card] = [spec["card"] for spec in outcome.counterexample["objects"].values()]
    activate, double = outcome.counterexample["timeline"]
    mana, amount, carries = {"Pillar of the Paruns": (activate.get("mana"), 1, "multicolored_spell"),
                             "Eldrazi Temple": ("C", 2, "colorless_eldrazi")}[card]
    assert double == {"double_mana": "alice", "mana": mana}
    assert got.value == {"mana": [{"type": mana, "amount": amount, "from": "o1", "carries": carries, "as": "restriction"}]}


# 701.10g, 614.2 (seed ruling 003-10): Approach My Molten Realm doubles any source's damage.
# Planted: an engine that doubles only the damage of sources its controller controls.
REAL_APPROACH = "timed_source_ok(Id, Src, T) :- timed_double_on(Id, T), rd(Src, Tgt, T), item_effect(Id, double_damage(any, D))."
PLANTED_APPROACH = REAL_APPROACH[:-1] + ", timed_double(Id, Pl, T0), read_point(T, Src, B), controller(Src, Pl, B)."


def test_a_planted_mistake_in_approach_my_molten_realm_is_found(planted_logic, tmp_path):
    outcome, got = _planted_counterexample(planted_logic, tmp_path, "replacement.lp", REAL_APPROACH, PLANTED_APPROACH,
                                           "approach_doubles_any_damage", v.Bound(1, 3))
    # The smallest: the scheme's ability triggers and resolves; the scheme (in the command zone,
    # controlled by no one) deals damage, not doubled.
    assert (outcome.objects, outcome.events) == (1, 3)
    trigger, resolve, damage = outcome.counterexample["timeline"]
    assert (trigger["ability"], resolve) == ("set in motion: double damage", {"resolve": "#1"})
    assert [d["amount"] for d in got.value["dealt"]] == [damage["damage"]]


# 616.1 (seed ruling 003-11): the affected player chooses the order of the effects on damage.
# Planted: an engine where the other player chooses for a player dealt damage.
REAL_616_1 = "affected(Src, player(Pl), T, Pl) :- rd(Src, player(Pl), T)."
PLANTED_616_1 = "affected(Src, player(Pl), T, Q) :- rd(Src, player(Pl), T), player(Q), Q != Pl."


def test_a_planted_mistake_in_616_1_is_found(planted_logic, tmp_path):
    planted_logic("replacement.lp", REAL_616_1, PLANTED_616_1)
    outcome = v.verify(v.select(["damage_effects_in_the_affected_players_order"])[0], BOUND, out_dir=tmp_path / "out",
                       time_limit=120)
    # The smallest: Mending Hands cast and resolved on a player, then 1 damage to them under Furnace
    # of Rath: the other player chooses the order (two outcomes, one a choice each).
    assert (outcome.result, outcome.objects, outcome.events) == ("counterexample", 2, 3)
    cast, resolve, damage = outcome.counterexample["timeline"]
    [spell] = [o for o, spec in outcome.counterexample["objects"].items() if spec["card"] == "Mending Hands"]
    assert (cast, resolve["resolve"], damage["target"]) == ({"cast": spell}, spell, resolve["targets"][0])
    scn = load_scenario(outcome.file, CardPool.builtin())
    [got] = answer_all(scn, list(scn.questions))
    assert got.invalid == [] and len(got.outcomes) == 2
    [victim] = resolve["targets"]
    assert {c.split(":")[0] for o in got.outcomes for c in o.choices} == {"alice", "bob"} - {victim}


# 120.4b, 701.10g (seed ruling 003-12): Fireball's X is divided among its targets, rounded down,
# before a doubling. Planted: an engine that rounds the division up.
REAL_DIVIDED = "damage_event(O, Tgt, X / Nt, T, noncombat) :- resolving_spell_effect(O, T, I, deal_damage(divided_evenly, x)),"
PLANTED_DIVIDED = "damage_event(O, Tgt, (X + Nt - 1) / Nt, T, noncombat) :- resolving_spell_effect(O, T, I, deal_damage(divided_evenly, x)),"


def test_a_planted_mistake_in_dividing_damage_is_found(planted_logic, tmp_path):
    outcome, got = _planted_counterexample(planted_logic, tmp_path, "damage.lp", REAL_DIVIDED, PLANTED_DIVIDED,
                                           "divided_damage_then_doubled", v.Bound(1, 2))
    # The smallest: Fireball alone, cast and resolved with X = 1 among two targets: 1 each, not 0.
    assert (outcome.objects, outcome.events) == (1, 2)
    assert outcome.counterexample["timeline"] == [{"cast": "o1"}, {"resolve": "o1", "targets": ["alice", "bob"], "x": 1}]
    assert [d["amount"] for d in got.value["dealt"]] == [1, 1]


# 712.11c (seed rulings 001-04, 001-10): only the face cast is evaluated. Planted: an engine whose
# criteria read the card types of either face.
REAL_712_11C = "face_has(C, S, type(Ty)) :- test_face(C, S, _), face_type(C, S, Ty)."
PLANTED_712_11C = "face_has(C, S, type(Ty)) :- test_face(C, S, _), face_type(C, S2, Ty)."


def test_a_planted_mistake_in_712_11c_is_found(planted_logic, tmp_path):
    outcome, got = _planted_counterexample(planted_logic, tmp_path, "criteria.lp", REAL_712_11C, PLANTED_712_11C,
                                           "modal_face_cast_by_its_own_characteristics")
    # The smallest: Esika in a hand, its back face (The Prismatic Bridge, an enchantment) allowed
    # by "a creature spell" because its front face is a creature.
    assert (outcome.objects, outcome.events) == (1, 0)
    assert outcome.counterexample["objects"] == {"o1": {"card": "Esika, God of the Tree // The Prismatic Bridge",
                                                        "zone": "hand"}}
    assert outcome.counterexample["questions"] == [{"ask": "can_cast", "object": "o1", "face": "back",
                                                    "criteria": "type:creature", "at": 0}]
    assert got.value is True


# 611.2a, 500.11 (seed ruling 003-09): "until your next turn" ends as that turn begins, its untap
# step skipped or not. Planted: an engine that ends it only at an untap step that isn't skipped.
REAL_611_2A = "timed_double_may_last(Id, T), happens(Tb, begin_turn(Nb, Pl)), T0 < Tb, Tb <= T."
PLANTED_611_2A = REAL_611_2A[:-1] + ", not happens(Tb, skips(untap))."


def test_a_planted_mistake_in_611_2a_is_found(planted_logic, tmp_path):
    outcome, got = _planted_counterexample(planted_logic, tmp_path, "replacement.lp", REAL_611_2A, PLANTED_611_2A,
                                           "until_your_next_turn_untap_skipped")
    # The smallest: the scheme's ability triggered and resolved (the fixed prefix), alice's next
    # turn begun with its untap step skipped, then 1 damage from the scheme: still doubled.
    assert (outcome.objects, outcome.events) == (1, 4)
    trigger, resolve, turn, damage = outcome.counterexample["timeline"]
    assert (trigger["ability"], resolve, turn) == ("set in motion: double damage", {"resolve": "#1"},
                                                   {"begin_turn": 4, "active": "alice", "skip_untap": True})
    assert [d["amount"] for d in got.value["dealt"]] == [2 * damage["damage"]]


# 701.10a, 613.4c (seed ruling 000-16): a doubling modifies power and toughness (layer 7c), it
# doesn't set them. Planted: an engine whose doubling sets them to twice their value (layer 7b).
REAL_701_10A = "effect(Eff, pt(X, Y)) :- doubled(Eff, O, power, X), doubled(Eff, O, toughness, Y)."
PLANTED_701_10A = "effect(Eff, set_pt(2 * X, 2 * Y)) :- doubled(Eff, O, power, X), doubled(Eff, O, toughness, Y)."


def test_a_planted_mistake_in_701_10a_is_found(planted_logic, tmp_path):
    outcome, got = _planted_counterexample(planted_logic, tmp_path, "layers.lp", REAL_701_10A, PLANTED_701_10A,
                                           "doubling_modifies_not_sets")
    # The fixed timeline: Grizzly Bears doubled, then set to B/B: B, the doubling's +2 lost.
    assert (outcome.objects, outcome.events) == (1, 2)
    double, setting = outcome.counterexample["timeline"]
    assert double["double"] == setting["set_base_pt"] == "o1"
    assert (got.value["power"], got.value["toughness"]) == (setting["power"], setting["toughness"])


# 111.4, 111.10i (seed ruling 003-02): the Incubator's back face is named Phyrexian Token. Planted:
# an engine that gives only a token's front face the name its subtypes and "Token" make.
REAL_111_4 = "unnamed_token_face(C, S) :- token_card(C), face_name(C, S, N), face_subtypes_text(C, S, N)."
PLANTED_111_4 = REAL_111_4[:-1] + ", S = front."


def test_a_planted_mistake_in_111_4_is_found(planted_logic, tmp_path):
    outcome, got = _planted_counterexample(planted_logic, tmp_path, "cards.lp", REAL_111_4, PLANTED_111_4,
                                           "incubator_token_faces", v.Bound(1, 1))
    # The smallest: an Incubator token back face up from the start (with a +1/+1 counter: a 0/0
    # creature would be put into the graveyard), named Phyrexian.
    assert (outcome.objects, outcome.events) == (1, 0)
    [spec] = outcome.counterexample["objects"].values()
    assert (spec["card"], spec["face"]) == ("Incubator // Phyrexian", "back")
    assert got.value["name"] == "Phyrexian"


# 702.12b: lethal damage doesn't destroy an indestructible creature. Planted: 704.5g forgets it.
REAL_702_12B = """                                  toughness(O, N, P), N > 0, damage_marked(O, D, P), D >= N,
                                  not indestructible(O, P)."""
PLANTED_702_12B = """                                  toughness(O, N, P), N > 0, damage_marked(O, D, P), D >= N."""


def test_a_planted_mistake_in_702_12b_is_found(planted_logic, tmp_path):
    outcome, got = _planted_counterexample(planted_logic, tmp_path, "sba.lp", REAL_702_12B, PLANTED_702_12B,
                                           "indestructible_not_destroyed")
    # The smallest: one creature given indestructible, then dealt lethal damage (or with damage
    # marked from the start): in the planted rules, it is in the graveyard.
    assert outcome.objects == 1
    assert [next(iter(e)) for e in outcome.counterexample["timeline"]][:1] == ["gain"]
    assert got.value["zone"] == "graveyard"


# 506.4: a creature whose controller changes is removed from combat. Planted: only leaving the
# battlefield removes it.
REAL_506_4 = """removed_since(O, Td, T) :- combat_declaration(O, Td), combat_of(Td, C), combat_read(T, O, C), Td < T,
                           read_point(T, O, B), control_changed_since(O, Td, B)."""
PLANTED_506_4 = "% (removed: a change of controller no longer removes a creature from combat)"


def test_a_planted_mistake_in_506_4_is_found(planted_logic, tmp_path):
    outcome, got = _planted_counterexample(planted_logic, tmp_path, "combat.lp", REAL_506_4, PLANTED_506_4,
                                           "control_change_removes_from_combat")
    # The smallest: a creature attacks, another player gains control of it, and combat goes on.
    verbs = [next(iter(e)) for e in outcome.counterexample["timeline"]]
    assert outcome.objects == 1 and verbs[:2] == ["attack", "gain_control"]


# 613.7: within 7b, the latest effect sets the values. Planted: the earliest does.
REAL_613_7 = "last_set_pt(O, TS, P) :- set_pt_here(O, P), TS = #max { S : set_pt_at(O, S, X, Y, P) }."
PLANTED_613_7 = "last_set_pt(O, TS, P) :- set_pt_here(O, P), TS = #min { S : set_pt_at(O, S, X, Y, P) }."


def test_a_planted_mistake_in_613_7_is_found(planted_logic, tmp_path):
    outcome, got = _planted_counterexample(planted_logic, tmp_path, "layers.lp", REAL_613_7, PLANTED_613_7,
                                           "base_pt_latest_wins")
    # The smallest: the Bears given two different base power and toughness, one after the other:
    # the planted rules keep the first.
    events = outcome.counterexample["timeline"]
    assert outcome.objects == 1 and [next(iter(e)) for e in events] == ["set_base_pt", "set_base_pt"]
    assert (got.value["power"], got.value["toughness"]) == (events[0]["power"], events[0]["toughness"])
    assert (events[0]["power"], events[0]["toughness"]) != (events[1]["power"], events[1]["toughness"])


# 613.7c: counters put on get a new timestamp. Planted: only the scenario's own counters have one.
REAL_613_7C = """sets(O, counter_stamp(Kind), (E, 0), E) :- counter_change(O, Kind, D, T), D > 0, keyword_counter_kind(Kind, Kw),
                                           point_of(T, E)."""
PLANTED_613_7C = "% (removed: counters put on get no timestamp of their own)"


def test_a_planted_mistake_in_613_7c_is_found(planted_logic, tmp_path):
    outcome, got = _planted_counterexample(planted_logic, tmp_path, "keyword_counters.lp", REAL_613_7C, PLANTED_613_7C,
                                           "keyword_counter_timestamp")
    # The smallest: a creature given a flying counter: the planted rules give it no flying.
    assert (outcome.objects, [next(iter(e)) for e in outcome.counterexample["timeline"]]) == (1, ["counters"])
    assert (got.value["counters"].get("flying", 0) > 0, got.value["keywords"]) == (True, [])


# 305.7: a land whose subtype is set loses its rules-text abilities. Planted: Blood Moon takes
# nothing away, so Urborg's effect makes every land a Swamp too.
REAL_305_7 = """removes_ability(Eff, Src, Name, "4", Key, P) :- layer_candidate(Eff, ESrc, Src, "4", land_type(set, T), TS, P),
                                                effect_key(Eff, "4", Key, P), static_on(Src, C, S, Name, P)."""
PLANTED_305_7 = "% (removed: setting a land's subtype takes none of its abilities away)"


def test_a_planted_mistake_in_305_7_is_found(planted_logic, tmp_path):
    outcome, got = _planted_counterexample(planted_logic, tmp_path, "dependency.lp", REAL_305_7, PLANTED_305_7,
                                           "nonbasic_lands_under_blood_moon")
    # The smallest: Blood Moon and Urborg on the battlefield from the start; Urborg is a Mountain
    # and, in the planted rules, a Swamp too.
    assert (outcome.objects, outcome.events) == (2, 0)
    assert sorted(o["card"] for o in outcome.counterexample["objects"].values()) == ["Blood Moon", "Urborg, Tomb of Yawgmoth"]
    assert "Swamp" in got.value["subtypes"] and "Mountain" in got.value["subtypes"]



# 613.7 in layer 2: the latest control-changing effect decides. Planted: the earliest one does.
REAL_613_1B = "control_set(O, Pl, P) :- latest(O, control, K, P), control_key(O, Pl, K, P), on_battlefield(O, P)."
PLANTED_613_1B = """control_set(O, Pl, P) :- control_key(O, Pl, K, P), on_battlefield(O, P),
                        K = #min { K2 : control_key(O, Pl2, K2, P) }."""


def test_a_planted_mistake_in_613_1b_control_order_is_found(planted_logic, tmp_path):
    outcome, got = _planted_counterexample(planted_logic, tmp_path, "permanents.lp", REAL_613_1B, PLANTED_613_1B,
                                           "control_latest_effect_decides")
    # The smallest: one permanent given to one player, then to the other: the planted rules keep
    # the first.
    events = outcome.counterexample["timeline"]
    assert outcome.objects == 1 and [next(iter(e)) for e in events] == ["gain_control", "gain_control"]
    assert events[0]["player"] != events[1]["player"]
    assert got.value["controller"] == events[0]["player"]


# 613.7 in layer 6: the latest effect about a keyword decides. Planted: the earliest one does.
REAL_613_1F = "TS = #max { T : keyword_effect_at(O, K, T, _, P) }."
PLANTED_613_1F = "TS = #min { T : keyword_effect_at(O, K, T, _, P) }."


def test_a_planted_mistake_in_613_1f_keyword_order_is_found(planted_logic, tmp_path):
    outcome, got = _planted_counterexample(planted_logic, tmp_path, "characteristics.lp", REAL_613_1F, PLANTED_613_1F,
                                           "keyword_latest_effect_decides")
    # The smallest: the Bears under Humility (on the battlefield from the start: an earlier
    # timestamp) gain flying: the planted rules keep Humility's loss of it.
    # (Vampire Nighthawk would do as well as the Bears: clingo's optimum may be either.)
    objects = outcome.counterexample["objects"]
    [entry] = outcome.counterexample["timeline"]
    assert (entry["ability"], entry["until"]) == ("flying", "end_of_turn")
    creature = objects[entry["gain"]]["card"]
    assert sorted(o["card"] for o in objects.values()) == sorted([creature, "Humility"])
    assert creature in ("Grizzly Bears", "Vampire Nighthawk")
    assert (got.value["name"], got.value["keywords"]) == (creature, [])


# 613.7c, 613.7d: flying counters put on before Humility entered are under its effect. Planted:
# keyword counters apply after every other effect of layer 6, whatever their timestamps.
REAL_613_7C_BEFORE = """    may_have_keyword_counter(O, Kind, Kw), val(O, counter(Kind), N, P), N > 0, val(O, counter_stamp(Kind), TS, P)."""
PLANTED_613_7C_BEFORE = """    may_have_keyword_counter(O, Kind, Kw), val(O, counter(Kind), N, P), N > 0, val(O, counter_stamp(Kind), TS0, P),
    TS = (1000000, 0)."""


def test_a_planted_mistake_in_613_7c_counters_before_is_found(planted_logic, tmp_path):
    outcome, got = _planted_counterexample(planted_logic, tmp_path, "keyword_counters.lp", REAL_613_7C_BEFORE,
                                           PLANTED_613_7C_BEFORE, "keyword_counter_before_lose_all")
    # The smallest: a creature with a flying counter from the start, and Humility moved onto the
    # battlefield: in the planted rules it still flies.
    objects = outcome.counterexample["objects"]
    [entry] = outcome.counterexample["timeline"]
    assert (objects[entry["move"]]["card"], entry["to"]) == ("Humility", "battlefield")
    [creature] = [spec for name, spec in objects.items() if name != entry["move"]]
    assert creature["card"] in ("Grizzly Bears", "Vampire Nighthawk") and creature["counters"]["flying"] > 0
    assert (got.value["name"], "flying" in got.value["keywords"]) == (creature["card"], True)

# --- The command ---------------------------------------------------------------------------------

def test_verify_command_reports_every_property(tmp_path, capsys):
    code = main(["verify", "--bound", "1,1", "--jobs", "1", "-o", str(tmp_path)])
    lines = capsys.readouterr().out.splitlines()
    assert code == 0
    assert lines[0].split() == ["property", "CR", "result", "bound", "states", "explored", "time", "counterexample"]
    rows = [line.split("  ")[0] for line in lines[2:]]
    assert rows == PROPERTIES
    assert all(" holds " in line and line.rstrip().endswith("-") for line in lines[2:])
    assert "≤1 object of 3 cards, ≤1 event of 2 verbs" in lines[2 + PROPERTIES.index("front_face_not_transformed")]
    assert list(tmp_path.iterdir()) == []


def test_verify_command_exits_1_with_a_counterexample(planted_logic, tmp_path, capsys):
    planted_logic("turns.lp", REAL_STEP_ORDER, PLANTED_STEP_ORDER)
    tmp_path = tmp_path / "out"
    code = main(["verify", "steps_in_order", "front_face_not_transformed", "--jobs", "1", "-o", str(tmp_path)])
    lines = capsys.readouterr().out.splitlines()
    assert code == 1
    assert [line.split()[:3] for line in lines[2:]] == [["steps_in_order", "500.1", "506.1"],
                                                       ["front_face_not_transformed", "701.27g", "holds"]]
    assert "counterexample (0 objects, 2 events)" in lines[2]
    assert lines[2].endswith(str(tmp_path / "steps_in_order.yaml"))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["steps_in_order.yaml"]


def test_verify_list(capsys):
    assert main(["verify", "--list", "front_face_not_transformed"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("front_face_not_transformed (CR 701.27g)\n    \"A permanent with its front face up")


@pytest.mark.parametrize("argv, message", [
    (["verify", "nope"], "rulecheck: verify: no property 'nope'; the properties are: "
     + ", ".join(sorted(PROPERTIES + SEED_PROPERTIES))),
    (["verify", "--seeds", "nowhere"], "rulecheck: nowhere: no seeds index here (expected index.yaml); give the seeds folder"),
    (["verify", "--bound", "2"], "rulecheck: --bound: expected OBJECTS,EVENTS (two whole numbers, e.g. 2,3), not '2'"),
    (["verify", "--bound", "9,1"], "rulecheck: --bound: objects must be 1 to 6 and events 0 to 8, not '9,1'"),
    (["verify", "--jobs", "0"], "rulecheck: --jobs: expected a whole number of processes from 1 to 64 or auto, not '0'"),
    (["verify", "--engine", "ray"], "rulecheck: --engine: expected one of processes, dask, not 'ray'"),
    (["verify", "--scheduler", "tcp://x:8786"], "rulecheck: --scheduler: a scheduler is for --engine dask"),
    (["verify", "--time-limit", "0"], "rulecheck: --time-limit: expected a number of seconds greater than 0 and at most 86400 (a day), not '0'"),
])
def test_verify_bad_input(argv, message, capsys):
    assert main(argv) == 2
    assert capsys.readouterr().err == message + "\n"


# --- The one-stage grounding of a sweep agrees with the ordinary pipeline --------------------------

@pytest.mark.parametrize("name", PROPERTIES + SEED_PROPERTIES)
def test_sampled_states_agree_with_the_ordinary_pipeline(name, tmp_path):
    """A sweep grounds in one stage with prev_rel/read_point as aggregates (bridge/verify.py);
    `rulecheck ask` in two, with them sorted by the bridge. For states drawn at random from the
    universe, written as scenario files and loaded as `ask` loads them, both say the same about
    the property."""
    prop = v.select([name])[0]
    pool = v.pool_for(prop)
    seen = {False: 0, True: 0}
    # (A property without events has only the empty timeline: its states are drawn with other
    # seeds. A superseded ruling's property is broken by most states: when two draws of three all
    # break it, two more are drawn. Which states a seed draws changes with any change to the rules
    # grounded: color_identity_counts_basic_land_types had only breaking states with seeds 1, 3
    # and 5 once the trigger rules of Pridemate and Boros Reckoner were added.)
    # A property with its own smaller bound (`%! most:`) draws within it. (Three states a draw,
    # each a run of `ask`: six took 166 s of the suite's CPU for 36 properties, four 157 s for 42.)
    bound = BOUND.within(prop)
    draws = [(1, 1), (2, 2), (1, 3), (2, 4)] if prop.events else [(0, 1), (0, 3), (0, 5), (0, 7)]
    draws = [(min(length, bound.events), seed) for length, seed in draws]
    for d, (length, seed) in enumerate(draws):
        if d >= 2 and seen[False]:
            break
        for i, atoms in enumerate(v.sample_states(prop, bound, length, pool, n=3, seed=seed,
                                                  rand_freq=0.05 if prop.most else 0.5)):
            violated = any(a.name == "violated" for a in atoms)
            scenario = v.to_scenario(prop, atoms, pool)
            path = tmp_path / f"{length}-{seed}-{i}.yaml"
            path.write_text(yaml.safe_dump(scenario, sort_keys=False), encoding="utf-8")
            assert v.confirm(prop, path, pool, 60) is violated, path.read_text(encoding="utf-8")
            seen[violated] += 1
    assert seen[False] > 0


def test_the_readme_report_is_real(tmp_path, capsys, monkeypatch):
    """The README's `rulecheck verify` block is this command's output, time column aside."""
    text = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    block = text.split("```text\n$ rulecheck verify\n", 1)[1].split("```", 1)[0]
    monkeypatch.chdir(tmp_path)
    assert main(["verify", "--jobs", "1"]) == 0
    out = capsys.readouterr().out

    def masked(report: str) -> list[list[str]]:
        # Columns are as wide as their widest cell: a time of 10 s or more widens its column.
        return [re.sub(r"\b\d+\.\d s\b", "T s", line).split() for line in report.splitlines()[2:]]
    assert masked(out) == masked(block)
    assert not (tmp_path / "counterexamples").exists()


def _same_report_in_parts(planted_logic, tmp_path, capsys, *more: str) -> None:
    """The sweep in one process, and in parts (--jobs 2, or `more`): the same report (the time
    column aside: in parts it sums the parts' seconds) and the same counterexample file. Found at
    2 events with no object, the sweep stops there: the merge stops at the same part, so even the
    states explored (the choices of the parts searched) are the same."""
    planted_logic("turns.lp", REAL_STEP_ORDER, PLANTED_STEP_ORDER)
    argv = ["verify", "steps_in_order", "front_face_not_transformed", "--bound", "1,3"]
    assert main(argv + ["--jobs", "1", "-o", str(tmp_path / "one")]) == 1
    one = capsys.readouterr().out
    assert main(argv + ["-o", str(tmp_path / "two"), "--jobs", "2", *more]) == 1
    two = capsys.readouterr().out.replace(str(tmp_path / "two"), str(tmp_path / "one"))

    def rows(report: str) -> list[list[str]]:
        return [re.sub(r"\b\d+\.\d s\b", "T s", line).split() for line in report.splitlines()[2:]]
    assert rows(one) == rows(two)
    assert rows(one)[0][:6] == ["steps_in_order", "500.1", "506.1", "counterexample", "(0", "objects,"]
    assert (tmp_path / "one" / "steps_in_order.yaml").read_text() == (tmp_path / "two" / "steps_in_order.yaml").read_text()


def test_verify_jobs_gives_the_same_report(planted_logic, tmp_path, capsys):
    _same_report_in_parts(planted_logic, tmp_path, capsys)


def test_the_dask_engine_gives_the_same_report(planted_logic, tmp_path, capsys):
    """The same parts on Dask's distributed scheduler, a local cluster of two worker processes
    (the dist extra; .ci/run installs it)."""
    pytest.importorskip("distributed", reason="the dist extra isn't installed (pip install '.[dist]'): "
                                              "the dask engine can't be run")
    _same_report_in_parts(planted_logic, tmp_path, capsys, "--engine", "dask")


def test_the_parts_of_a_sweep():
    """A sweep in parts: one per timeline length of each property (a property without events has
    only the empty timeline), longest first; each carries the property's files, its card file too."""
    props = v.select(["steps_in_order", "color_identity_counts_basic_land_types"])
    parts = v.parts_of(props, v.Bound(2, 3), 60)
    assert [(p.name, p.length) for p in parts] == [("steps_in_order", 3), ("steps_in_order", 2),
                                                   ("steps_in_order", 1), ("steps_in_order", 0),
                                                   ("color_identity_counts_basic_land_types", 0)]
    assert [name for name, _ in parts[-1].files] == ["color_identity_counts_basic_land_types.lp", "cards.json"]
    result = v.run_part(parts[-1])
    assert (result.status, result.length) == ("sat", 0)
    assert 'violated(color_identity_counts_basic_land_types)' in result.atoms


def test_parts_solved_with_other_rules_are_refused(monkeypatch, capsys):
    """A part solved where the rules differ (a worker with another rulecheck) is not merged."""
    real = v.run_part
    monkeypatch.setattr(v, "_run_parts_processes",
                        lambda parts, jobs: (dataclasses.replace(real(p), rules="0123456789abcdef") for p in parts))
    assert main(["verify", "steps_in_order", "--bound", "1,0", "--jobs", "2"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("rulecheck: --engine: a worker solved the part steps_in_order (0 events) with other rules "
                          "(0123456789abcdef, here ") and err.endswith("): install the same rulecheck on every worker\n")


def test_the_dask_engine_without_the_extra(monkeypatch, capsys):
    from rulecheck import verify_dist
    monkeypatch.setattr(verify_dist, "available", lambda: False)
    assert main(["verify", "steps_in_order", "--engine", "dask"]) == 2
    assert capsys.readouterr().err == ("rulecheck: --engine: the dask engine needs Dask's distributed scheduler, which "
                                       "isn't installed: pip install 'rulecheck[dist]' (or 'dask[distributed]')\n")


def test_a_time_limit_is_no_proof(tmp_path, capsys):
    assert main(["verify", "front_face_not_transformed", "--time-limit", "0.001", "--jobs", "1", "-o", str(tmp_path)]) == 1
    row = capsys.readouterr().out.splitlines()[2]
    assert re.search(r" time limit; time limit: timelines of [01] events or more not searched ", row), row
    assert list(tmp_path.iterdir()) == []


# --- The seed rulings checked against the rules in force ------------------------------------------

SEEDS = Path(__file__).resolve().parent.parent / "seeds"


def test_the_seed_properties():
    by_name = {p.name: p for p in v.seed_properties()}
    # Every property of properties/ states a seed ruling but eleven: steps_in_order (500.1, 506.1),
    # attackers_controlled_since_turn_began (302.6, 508.1a), front_face_not_transformed (701.27g in
    # force: 000-07 is superseded), single_faced_never_transforms (701.27c in force: 000-03 is
    # superseded), lethal_damage_destroys (704.5g), plus_minus_counters_annihilate (704.5q) and the
    # layer and combat rules' five (702.12b, 506.4, 613.7, 613.7c, 305.7).
    assert sorted(by_name) == sorted(SEED_PROPERTIES + [n for n in PROPERTIES if n not in (
        "steps_in_order", "front_face_not_transformed", "single_faced_never_transforms",
        "attackers_controlled_since_turn_began", "lethal_damage_destroys", "plus_minus_counters_annihilate",
        "indestructible_not_destroyed", "control_change_removes_from_combat", "base_pt_latest_wins",
        "keyword_counter_timestamp", "nonbasic_lands_under_blood_moon")])
    assert [p.name for p in v.all_properties()] == PROPERTIES          # `verify` alone: not the seeds'
    assert by_name["second_step_needs_double_strike"].rulings == ("000-09", "000-10")
    assert by_name["transforming_cards_only"].rulings == ("000-01",)
    # The abstract card no bundled card is: a double-faced card with a Forest face.
    [card] = by_name["color_identity_counts_basic_land_types"].card_objects
    assert card["name"] == "Grove Warden // Warden's Grove" and card["card_faces"][1]["type_line"] == "Land — Forest"


def _answer(path: Path):
    scn = load_scenario(path, CardPool.builtin())
    [got] = answer_all(scn, list(scn.questions))
    assert got.invalid == []
    return got.single


def test_the_seed_report(tmp_path, capsys, monkeypatch):
    """`rulecheck verify seeds/`: the superseded rulings don't hold under the CR in force, each
    with a counterexample `rulecheck ask` loads and answers; the others hold; all agree with the
    index. The README's report is this output, time column aside."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "seeds").symlink_to(SEEDS)
    assert main(["verify", "seeds/", "--jobs", "1"]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert lines[0].split() == ["ruling", "index", "property", "under", "the", "CR", "in", "force", "agrees",
                                "states", "explored", "time", "counterexample"]
    rows = [line.split()[:4] for line in lines[2:50]]
    assert rows == [["000-01", "superseded", "transforming_cards_only", "doesn't"],
                    ["000-02", "holds", "transform_is_not_turning_face_down", "holds"],
                    ["000-03", "superseded", "nothing_happens_unless_transforming", "doesn't"],
                    ["000-04", "holds", "transform_never_to_instant_or_sorcery", "holds"],
                    ["000-05", "holds", "transforms_into_triggers", "holds"],
                    ["000-06", "holds", "transform_ability_only_if_not_since", "holds"],
                    ["000-07", "superseded", "transformed_means_transforming_card", "doesn't"],
                    ["000-08", "holds", "first_step_only_first_strikers", "holds"],
                    ["000-09", "holds", "first_step_only_first_strikers", "holds"],
                    ["000-09", "holds", "second_step_needs_double_strike", "holds"],
                    ["000-09", "holds", "second_step_the_rest_assign", "holds"],
                    ["000-10", "holds", "second_step_needs_double_strike", "holds"],
                    ["000-10", "holds", "second_step_the_rest_assign", "holds"],
                    ["000-12", "holds", "haste_ignores_summoning_sickness", "holds"],
                    ["000-13", "holds", "haste_ignores_summoning_sickness", "holds"],
                    ["000-14", "holds", "tap_abilities_and_summoning_sickness", "holds"],
                    ["000-16", "holds", "doubling_modifies_not_sets", "holds"],
                    ["000-17", "holds", "power_and_toughness_doubled", "holds"],
                    ["000-18", "holds", "power_and_toughness_doubled", "holds"],
                    ["000-19", "holds", "doubling_life", "holds"],
                    ["000-20", "holds", "counters_doubled", "holds"],
                    ["000-21", "holds", "mana_doubled", "holds"],
                    ["000-22", "holds", "damage_doubled_once", "holds"],
                    ["001-01", "holds", "modal_dfc_enters_transformed", "holds"],
                    ["001-01", "holds", "modal_dfc_transforms_to_a_permanent_face", "holds"],
                    ["001-03", "holds", "face_up_characteristics_on_battlefield", "holds"],
                    ["001-04", "holds", "modal_face_cast_by_its_own_characteristics", "holds"],
                    ["001-05", "holds", "enters_front_face_up", "holds"],
                    ["001-07", "superseded", "color_identity_counts_basic_land_types", "doesn't"],
                    ["001-09", "holds", "mdfc_mana_value_by_face", "holds"],
                    ["001-10", "holds", "modal_face_cast_by_its_own_characteristics", "holds"],
                    ["001-11", "holds", "front_face_outside_battlefield_and_stack", "holds"],
                    ["002-08", "holds", "equip_targets_creatures_you_control", "holds"],
                    ["002-10", "holds", "equip_quality_restricts_targets_only", "holds"],
                    ["002-11", "holds", "any_equip_ability_may_be_activated", "holds"],
                    ["002-12", "holds", "equip_planeswalker_targets_planeswalkers_you_control", "holds"],
                    ["003-01", "holds", "mana_doubled", "holds"],
                    ["003-02", "holds", "incubator_token_faces", "holds"],
                    ["003-04", "holds", "no_mana_cost_mana_value_zero", "holds"],
                    ["003-05", "holds", "copy_of_nonmodal_back_mana_value", "holds"],
                    ["003-05", "holds", "nonmodal_back_face_mana_value", "holds"],
                    ["003-06", "holds", "printed_on_either_face", "holds"],
                    ["003-07", "holds", "transform_gives_new_timestamp", "holds"],
                    ["003-08", "holds", "damage_doubled_once", "holds"],
                    ["003-09", "holds", "until_your_next_turn_untap_skipped", "holds"],
                    ["003-10", "holds", "approach_doubles_any_damage", "holds"],
                    ["003-11", "holds", "damage_effects_in_the_affected_players_order", "holds"],
                    ["003-12", "holds", "divided_damage_then_doubled", "holds"]]
    assert all(" yes " in line for line in lines[2:50])
    assert lines[51] == ("43 of 48 executable rulings are stated by a property (bound: 2 objects, 3 events); "
                         "0 disagree with the index.")
    # The rulings no property states, each with why (properties/seeds/unstated.yaml).
    assert lines[52] == "Not stated by any property (5), and why:"
    reasons = v.unstated_reasons()
    assert [line.split()[0] for line in lines[53:]] == sorted(reasons)
    assert all(line.endswith(reasons[line.split()[0]]) for line in lines[53:])
    out_dir = tmp_path / "counterexamples"
    assert sorted(p.name for p in out_dir.iterdir()) == sorted(f"{n}.yaml" for n in SEED_PROPERTIES)
    # 000-01, 000-03: Miles Morales, a modal double-faced card, transforms under 701.27a/c in force.
    for name in ("transforming_cards_only", "nothing_happens_unless_transforming"):
        scenario = yaml.safe_load((out_dir / f"{name}.yaml").read_text(encoding="utf-8"))
        assert scenario["objects"] == {"o1": {"card": "Miles Morales // Ultimate Spider-Man"}}
        assert scenario["timeline"] == [{"transform": "o1"}]
        got = _answer(out_dir / f"{name}.yaml")
        assert (got.value["face"], got.value["name"]) == ("back", "Ultimate Spider-Man")
    # 000-07: Miles Morales back face up is a transformed permanent (701.27g in force).
    scenario = yaml.safe_load((out_dir / "transformed_means_transforming_card.yaml").read_text(encoding="utf-8"))
    assert scenario["objects"] == {"o1": {"card": "Miles Morales // Ultimate Spider-Man", "face": "back"}}
    got = _answer(out_dir / "transformed_means_transforming_card.yaml")
    assert (got.value, got.rules) == (True, ["701.27g"])
    # 001-07: the Forest face adds no green (903.4, 903.5d); the card data travels in the file.
    scenario = yaml.safe_load((out_dir / "color_identity_counts_basic_land_types.yaml").read_text(encoding="utf-8"))
    assert [c["name"] for c in scenario["cards"]] == ["Grove Warden // Warden's Grove"]
    got = _answer(out_dir / "color_identity_counts_basic_land_types.yaml")
    assert (got.value, got.rules) == ({"colors": ["white"]}, ["903.4", "903.4a", "903.5d"])
    # The README shows this report.
    text = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    block = text.split("```text\n$ rulecheck verify seeds/\n", 1)[1].split("```", 1)[0]

    def masked(report: str) -> list[list[str]]:
        # Columns are as wide as their widest cell: a time of 10 s or more widens its column.
        return [re.sub(r"\b\d+\.\d s\b", "T s", line).split() for line in report.splitlines()
                if line.strip(" -")]
    assert masked(out) == masked(block)


def test_no_ruling_is_left_out_silently():
    """Each executable ruling of the index is stated by a property, or properties/seeds/unstated.yaml
    says why it can't be stated in the universe; never both, and no reason for a ruling the index
    lacks or doesn't call executable."""
    from rulecheck.seeds import load_index
    index = load_index(SEEDS)
    executable = {r.id for r in index.rulings if r.executable}
    stated = {rid for p in v.seed_properties() for rid in p.rulings}
    reasons = v.unstated_reasons()
    assert stated <= executable and set(reasons) <= executable
    assert stated & set(reasons) == set()
    assert stated | set(reasons) == executable
    assert (len(stated), len(reasons)) == (43, 5)


def test_unstated_reasons_bad_file(tmp_path):
    (tmp_path / "seeds").mkdir()
    bad = tmp_path / "seeds" / "unstated.yaml"
    for text, message in [('"000-05": [a list]\n',
                           f"{bad}:1:11: 000-05: expected the reason this ruling is not stated, as text"),
                          ('"000-05": "a reason"\n"000-06": ""\n',
                           f"{bad}:2:11: 000-06: expected the reason this ruling is not stated, as text"),
                          ('- "000-05"\n', f"{bad}:1:1: expected a mapping of ruling ids (quoted) to a reason each"),
                          ('"000-05": "a reason\n"000-06": x\n', f"{bad}:2:2: not valid YAML: expected <block end>"),
                          ('"000-05": a\n"000-05": b\n', f"{bad}:2:1: duplicate key '000-05' (first written on line 1)")]:
        bad.write_text(text, encoding="utf-8")
        with pytest.raises(v.UserError) as found:
            v.unstated_reasons(tmp_path)
        assert str(found.value).startswith(message) and "\n" not in str(found.value), (text, str(found.value))
    bad.write_text('"000-05": "a reason"\n', encoding="utf-8")
    assert v.unstated_reasons(tmp_path) == {"000-05": "a reason"}


def test_a_seed_row_disagrees_when_the_index_and_verify_do():
    prop = v.select(["transforming_cards_only"])[0]
    found = v.Outcome(prop, BOUND, "counterexample", 1.0, objects=1, events=1)
    held = v.Outcome(prop, BOUND, "holds", 1.0)
    ran_out = v.Outcome(prop, BOUND, "time limit", 1.0)
    assert [(r.verdict, r.agrees) for r in (v.SeedRow("000-01", "superseded", found),
                                             v.SeedRow("000-01", "holds", found),
                                             v.SeedRow("000-01", "superseded", held),
                                             v.SeedRow("000-01", "holds", held),
                                             v.SeedRow("000-01", "superseded", ran_out))] == [
        ("doesn't hold", True), ("doesn't hold", False), ("holds", False), ("holds", True), ("time limit", False)]


# --- The universe's verbs are bridge/events.py's ------------------------------------------------------

def test_the_universe_verbs_are_the_event_verbs_it_chooses(tmp_path, monkeypatch):
    """verify's verbs are read from universe.lp and checked against bridge/events.py (one definition
    per verb): each is an event verb (begin:STEP a step `begin` takes, not the untap step its check
    refuses), and a verb universe.lp chose that events.py lacks is refused by name."""
    from rulecheck import events
    verbs = v.universe_verbs()
    assert {n.split(":")[0] for n in verbs} <= set(events.VERBS)
    assert [n for n in verbs if n.startswith("begin:")] == [f"begin:{s}" for s in events.VERBS["begin"].record.fields[
        "begin"].spec.values if s != "untap"]
    assert {"transform", "convert", "attack", "block", "begin_turn", "damage", "double_life", "activate", "trigger",
            "resolve", "cast", "double_mana"} <= set(verbs)
    fake = tmp_path / "properties"
    fake.mkdir()
    (fake / "universe.lp").write_text("1 { happens(T, frob(O)) : object(O) } 1 :- slot(T, frob).\n", encoding="utf-8")
    monkeypatch.setattr(v, "properties_dir", lambda: fake)
    with pytest.raises(v.UserError, match=r"chooses event verb\(s\) bridge/events.py doesn't define: \['frob'\]"):
        v.universe_verbs()


# --- rulecheck generate -------------------------------------------------------------------------------

def test_the_conditions():
    assert [c.name for c in v.all_conditions()] == ["damage_in_both_steps_without_double_strike",
                                                    "damage_order_changes_the_outcome", "dependency_reorders_effects",
                                                    "doubled_damage_is_lethal", "transform_does_nothing",
                                                    "transform_ignored_since_put_on_stack"]
    cond = v.select_condition("damage_in_both_steps_without_double_strike")
    assert (cond.kind, cond.rules, cond.default_bound) == ("condition", ("510.4", "702.4d"), "1,4")


def test_generate_writes_distinct_files_that_pass_check(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert main(["generate", "transform_does_nothing", "-n", "3"]) == 0
    folder = Path("generated") / "transform_does_nothing"
    lines = capsys.readouterr().out.splitlines()
    # The README shows this output.
    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    assert "\n".join(lines) in readme.split("$ rulecheck generate transform_does_nothing -n 3\n", 1)[1]
    names = [f"transform_does_nothing-{i}.yaml" for i in (1, 2, 3)]
    assert lines == [str(folder / n) for n in names] + [
        f"{folder / 'index.yaml'}: 3 of 3 files for transform_does_nothing (≤2 objects, ≤3 events; "
        "timelines of 0, 1 events searched)"]
    files = [yaml.safe_load((folder / n).read_text(encoding="utf-8")) for n in names]
    # The smallest and plainest first: Grizzly Bears, one face (701.27c); then two with one
    # attribute each (in the solver's order among equals), Valakut Stoneforge among them, whose
    # other face is an instant (701.27d).
    assert [(f["objects"], f["timeline"]) for f in files][0] == ({"o1": {"card": "Grizzly Bears"}}, [{"transform": "o1"}])
    assert all(f["timeline"] == [{"transform": "o1"}] and len(f["objects"]["o1"]) == 2 for f in files[1:])
    [valakut] = [f for f in files if f["objects"]["o1"] == {"card": "Valakut Awakening // Valakut Stoneforge",
                                                            "face": "back"}]
    # expect: filled from rulecheck's own answers.
    first = files[0]["expect"][0]
    assert ({k: first[k] for k in ("ask", "object", "at")}, first["answer"]["face"], first["answer"]["name"],
            first["rules"]) == ({"ask": "characteristics", "object": "o1", "at": 1}, "front", "Grizzly Bears", ["202.3"])
    assert valakut["expect"][0]["answer"]["name"] == "Valakut Stoneforge"
    assert "condition transform_does_nothing (CR 701.27c, 701.27d, 712.9)" in files[0]["description"]
    assert len({v.canonical(f | {"questions": []})[0] for f in files}) == 3
    index = yaml.safe_load((folder / "index.yaml").read_text(encoding="utf-8"))
    assert [f["file"] for f in index["files"]] == names and index["condition"] == "transform_does_nothing"
    # The generated files pass `rulecheck check` (which skips index.yaml).
    assert main(["check", str(folder)]) == 0
    assert "3 passed, 0 failed in 3 scenarios" in capsys.readouterr().out.splitlines()


def _generated_as_the_readme_shows(condition: str, n: int, capsys) -> tuple[Path, list[dict]]:
    """`rulecheck generate CONDITION -n N` in the current folder: its output is the README's, and
    the files it wrote, loaded."""
    assert main(["generate", condition, "-n", str(n)]) == 0
    lines = capsys.readouterr().out.splitlines()
    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    assert "\n".join(lines) in readme.split(f"$ rulecheck generate {condition} -n {n}\n", 1)[1]
    folder = Path("generated") / condition
    return folder, [yaml.safe_load((folder / f"{condition}-{i}.yaml").read_text(encoding="utf-8")) for i in range(1, n + 1)]


def _pass_check(folder: Path, n: int, capsys) -> None:
    assert main(["check", str(folder)]) == 0
    assert f"{n} passed, 0 failed in {n} scenarios" in capsys.readouterr().out.splitlines()


def test_generate_damage_doubled_into_lethal_damage(tmp_path, capsys, monkeypatch):
    """A condition on the universe's damage: Grizzly Bears dealt 1 damage (less than its toughness)
    under Furnace of Rath, doubled to 2 (701.10g) and destroyed (704.5g). The README shows the
    output; the files pass `rulecheck check`."""
    monkeypatch.chdir(tmp_path)
    folder, files = _generated_as_the_readme_shows("doubled_damage_is_lethal", 3, capsys)
    for f in files:
        by_card = {o: spec["card"] for o, spec in f["objects"].items()}
        bears = next(o for o, c in by_card.items() if c == "Grizzly Bears")
        assert sorted(by_card.values()) == ["Furnace of Rath", "Grizzly Bears"]
        [event] = f["timeline"]
        assert (event["target"], event["damage"] + f["objects"][bears].get("damage", 0)) == (bears, 1)
        [expect] = f["expect"]
        assert (expect["object"], expect["answer"]["zone"], expect["rules"]) == (bears, "graveyard", ["202.3"])
    _pass_check(folder, 3, capsys)


def test_generate_damage_whose_order_changes_the_outcome(tmp_path, capsys, monkeypatch):
    """A condition on an answer that depends on a choice (616.1): Mending Hands' shield and Furnace
    of Rath's doubling on one damage event, in either order. `%! outcomes: 2` keeps only files
    whose damage_outcomes has two outcomes; the README shows the output; the files pass check."""
    monkeypatch.chdir(tmp_path)
    folder, files = _generated_as_the_readme_shows("damage_order_changes_the_outcome", 3, capsys)
    first = files[0]
    assert (sorted(o["card"] for o in first["objects"].values()), [next(iter(e)) for e in first["timeline"]]) == (
        ["Furnace of Rath", "Mending Hands"], ["cast", "resolve", "damage"])
    # Bob dealt 2: the shield first prevents 2 and keeps 2; the doubling first makes it 4, all
    # prevented, and the shield keeps nothing (615.7, 616.1, 701.10g).
    [expect] = first["expect"]
    assert [(o["answer"]["dealt"][0]["amount"], o["answer"]["shield"][0]["left"]) for o in expect["outcomes"]] == [
        (0, 0), (0, 2)]
    assert all(len(f["expect"][0]["outcomes"]) == 2 for f in files)
    assert all("616.1" in o["rules"] for f in files for o in f["expect"][0]["outcomes"])
    _pass_check(folder, 3, capsys)


def test_generate_a_transform_ignored_since_the_ability_was_put_on_the_stack(tmp_path, capsys, monkeypatch):
    """701.27f: Kessig Prowler's own ability resolves after an effect turned it over; it keeps
    Sinuous Predator up. The README shows the output; the files pass check."""
    monkeypatch.chdir(tmp_path)
    folder, (first, _) = _generated_as_the_readme_shows("transform_ignored_since_put_on_stack", 2, capsys)
    assert first["timeline"] == [{"activate": "o1", "ability": "transform"}, {"transform": "o1"}, {"resolve": "#1"}]
    [expect] = first["expect"]
    assert (expect["at"], expect["answer"]["face"], expect["answer"]["name"]) == (3, "back", "Sinuous Predator")
    _pass_check(folder, 2, capsys)


def test_generate_a_dependency_that_reorders_effects(tmp_path, capsys, monkeypatch):
    """613.8b against 613.7: Urborg listed before Blood Moon (the earlier timestamp) applies after
    it, and no longer exists (305.7). The README shows the output; the files pass check."""
    monkeypatch.chdir(tmp_path)
    folder, (first, second) = _generated_as_the_readme_shows("dependency_reorders_effects", 2, capsys)
    assert ([o["card"] for o in first["objects"].values()], first["timeline"]) == (
        ["Urborg, Tomb of Yawgmoth", "Blood Moon"], [])
    [expect] = first["expect"]
    effects = [(e["order"], e["effect"]["node"][0], e["why"], e["status"]) for e in expect["answer"]["effects"]]
    assert effects == [(1, "o2", "timestamp", "applies"), (2, "o1", {"after": [{"node": ["o2", {"land_type": ["set", "Mountain"]}]}]}, "removed")]
    assert expect["rules"] == ["613.1", "613.7", "613.8a", "613.8b"]
    _pass_check(folder, 2, capsys)


def test_a_condition_that_asks_for_no_outcome_is_refused(tmp_path):
    path = tmp_path / "none_at_all.lp"
    path.write_text("% none_at_all\n%\n% Nothing.\n% ====\n%! condition: none_at_all\n%! rules: 616.1\n"
                    "%! events: damage\n%! cards: Grizzly Bears\n%! outcomes: 0\n", encoding="utf-8")
    with pytest.raises(v.UserError) as err:
        v.load_property(path, "condition")
    assert str(err.value).endswith("%! outcomes: expected a number of outcomes (at least 1), not '0'")


def test_canonical_form_is_the_same_up_to_renaming_objects():
    # The same objects in the same order under other names: one form. The same objects listed in
    # another order: another state (613.7d: the order is their timestamp order), another form.
    a = {"objects": {"o1": {"card": "Grizzly Bears"}, "o2": {"card": "Clone", "copy_of": "o1"}},
         "timeline": [{"transform": "o2"}], "questions": [{"ask": "characteristics", "object": "o2", "at": 1}]}
    b = {"objects": {"bears": {"card": "Grizzly Bears"}, "clone": {"card": "Clone", "copy_of": "bears"}},
         "timeline": [{"transform": "clone"}], "questions": [{"ask": "characteristics", "object": "clone", "at": 1}]}
    c = {"objects": {"o1": {"card": "Clone", "copy_of": "o2"}, "o2": {"card": "Grizzly Bears"}},
         "timeline": [{"transform": "o1"}], "questions": [{"ask": "characteristics", "object": "o1", "at": 1}]}
    (ta, ra), (tb, rb), (tc, rc) = v.canonical(a), v.canonical(b), v.canonical(c)
    assert ta == tb != tc
    assert ra == rb == a
    assert list(rc["objects"].values()) == [{"card": "Clone", "copy_of": "o2"}, {"card": "Grizzly Bears"}]


def test_generate_says_when_the_bound_holds_fewer(tmp_path, capsys):
    """A condition only one state within the bound satisfies: one file, exit 1, and the line
    says no other state satisfies it."""
    folder = tmp_path / "conditions"
    folder.mkdir()
    (folder / "only_one.lp").write_text(
        "% only_one\n%\n% One plain Grizzly Bears told to transform.\n% ====\n%! condition: only_one\n"
        "%! rules: 701.27c\n%! events: transform\n%! cards: Grizzly Bears\n"
        "edge_case(only_one) :- happens(T, transform(O)), init(O, owner, \"alice\"), init(O, controller, \"alice\"), "
        "init(O, controlled_since, 0), not init(O, tapped, true).\n"
        "witness(only_one, characteristics(O), T) :- happens(T, transform(O)).\n", encoding="utf-8")
    cond = v.load_property(folder / "only_one.lp", "condition")
    got = v.generate(cond, 3, v.Bound(1, 1), tmp_path / "out", time_limit=120)
    assert ([p.name for p in got.files], got.searched, got.exhausted) == (["only_one-1.yaml"], [0, 1], True)


@pytest.mark.parametrize("argv, message", [
    (["generate"], "rulecheck: generate: name a condition; the conditions are: "
                   "damage_in_both_steps_without_double_strike, damage_order_changes_the_outcome, "
                   "dependency_reorders_effects, doubled_damage_is_lethal, transform_does_nothing, "
                   "transform_ignored_since_put_on_stack"),
    (["generate", "nope"], "rulecheck: generate: no condition 'nope'; the conditions are: "
                           "damage_in_both_steps_without_double_strike, damage_order_changes_the_outcome, "
                           "dependency_reorders_effects, doubled_damage_is_lethal, transform_does_nothing, "
                           "transform_ignored_since_put_on_stack"),
    (["generate", "transform_does_nothing", "-n", "0"], "rulecheck: -n: expected a whole number of files from 1 to 100, not '0'"),
    (["generate", "transform_does_nothing", "--bound", "x"],
     "rulecheck: --bound: expected OBJECTS,EVENTS (two whole numbers, e.g. 2,3), not 'x'"),
])
def test_generate_bad_input(argv, message, capsys):
    assert main(argv) == 2
    assert capsys.readouterr().err == message + "\n"


def test_a_property_bound_of_its_own(tmp_path):
    """`%! most: OBJECTS,EVENTS` cuts a larger bound to the property's own, keeps a smaller one, and
    a malformed one is refused with the file and the header line."""
    prop = v.select(["power_and_toughness_doubled"])[0]
    assert prop.most == (1, 1)
    assert (v.Bound(2, 3).within(prop), v.Bound(1, 0).within(prop)) == (v.Bound(1, 1), v.Bound(1, 0))
    other = v.select(["doubling_life"])[0]
    assert (other.most, v.Bound(2, 3).within(other)) == (None, v.Bound(2, 3))
    bad = tmp_path / "bad.lp"
    bad.write_text("% bad\n%! property: bad\n%! cards: Grizzly Bears\n%! most: 1\n", encoding="utf-8")
    with pytest.raises(v.UserError) as err:
        v.load_property(bad)
    assert str(err.value).endswith("expected OBJECTS,EVENTS (e.g. 1,1), not '1'")


def test_jobs_default_to_one_per_cpu_this_process_may_use():
    # `rulecheck verify`'s --jobs is auto by default: the default run uses both cores of a
    # 2-core machine (the 60 s target is on 2 cores).
    import os
    from rulecheck.cli import _jobs, _parser
    assert _parser("verify").parse_args(["verify"]).jobs == "auto"
    assert _jobs("auto") == min(64, len(os.sched_getaffinity(0)))
    assert (_jobs("1"), _jobs("64")) == (1, 64)


def test_a_property_that_asks_a_question(tmp_path):
    """`%! asks: QUESTION` loads the question's program into the property's universe, `%! criteria:`
    gives the criteria it is asked with, `%! prefix:` fixes the verbs of the first entries; a
    question, criteria or verb that don't exist are refused with the file and the header line."""
    fixed = v.select(["until_your_next_turn_untap_skipped"])[0]
    assert (fixed.prefix, v.Bound(2, 3).within(fixed).describe(fixed)) == (
        ("trigger", "resolve"), "≤1 object of 1 card, trigger resolve then ≤3 events of 2 verbs")
    prop = v.select(["modal_face_cast_by_its_own_characteristics"])[0]
    assert prop.asks == ("can_cast",)
    assert prop.criteria == ("type:instant|sorcery,mv<=3", "permanent,mv<=4", "type:creature", "any")
    assert v._program_paths(prop)[-3].name == "can_cast.lp"
    bad = tmp_path / "bad.lp"
    for header, message in [("%! asks: can_fly", "%! asks: no question 'can_fly' (queries/can_fly.lp)"),
                            ("%! criteria: any; mv<3", "%! criteria: 'mv<3': "),
                            ("%! prefix: trigger frob", "%! prefix: unknown event verb(s) ['frob']")]:
        bad.write_text(f"% bad\n%! property: bad\n%! cards: Grizzly Bears\n{header}\n", encoding="utf-8")
        with pytest.raises(v.UserError) as err:
            v.load_property(bad)
        assert f"{bad}: {message}" in str(err.value)
