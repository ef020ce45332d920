"""Each property's universe reaches the property's premise (issue 12: a property that holds
because its premise never happens proves nothing). Apart from tests/test_verify.py so that the
sweeps run on the test workers side by side (--dist loadfile keeps a file on one worker)."""

from __future__ import annotations

import shutil

import pytest

from rulecheck import verify as v
from test_verify import PROPERTIES
from verify_planting import BOUND

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
    # Ancient Tomb and Blood Moon on the battlefield together.
    "lands_under_blood_moon_tap_for_red": ("violated(P) :- prop(P), timeline_entry(T), end_of(T, E), on_battlefield(A, E), "
                                           "object_card(A, \"Ancient Tomb\"), on_battlefield(M, E), "
                                           "object_card(M, \"Blood Moon\").",
                                           "witness(P, can_activate(A, \"{T}: Add {R}.\"), T) :- prop(P), timeline_entry(T), "
                                           "object_card(A, \"Ancient Tomb\")."),
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


