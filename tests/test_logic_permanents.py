"""logic/permanents.lp: tapping, attaching (613.7e: a new timestamp for the Equipment),
gaining control (302.6: controlled since this turn)."""

from harness import EVERY_END, shown1

BOARD = """
turn: {number: 4, active: alice}
objects:
  bears: {card: Grizzly Bears}
  lion: {card: Silvercoat Lion, owner: bob}
  greaves: {card: Lightning Greaves}
timeline:
  - {tap: bears}
  - {attach: greaves, to: bears}
  - {untap: bears}
  - {gain_control: lion, player: alice}
"""


def test_status_and_relations():
    atoms = shown1(BOARD, EVERY_END + '#show. #show tapped(T) : end_of(T, P), tapped("bears", P).'
                          ' #show attached(T, X) : end_of(T, P), attached_to("greaves", X, P).')
    assert atoms == ["attached(2,\"bears\")", "attached(3,\"bears\")", "attached(4,\"bears\")",
                     "tapped(1)", "tapped(2)"]


def test_attaching_equipment_gives_a_new_timestamp_and_control_restarts_the_clock():
    atoms = shown1(BOARD, EVERY_END + '#show. #show ts(T, (E, N)) : end_of(T, P), val("greaves", timestamp, (Q, N), P), point_of(E, Q).'
                          ' #show since(N) : end_of(4, P), controlled_since("lion", N, P).'
                          ' #show ctl(Pl) : end_of(4, P), controller("lion", Pl, P).')
    assert atoms == ['ctl("alice")', "since(4)", "ts(0,(0,3))", "ts(1,(0,3))", "ts(2,(2,0))",
                     "ts(3,(2,0))", "ts(4,(2,0))"]


def test_tapping_what_is_not_a_permanent_is_reported():
    atoms = shown1("""
    objects:
      bears: {card: Grizzly Bears, zone: graveyard}
      lion: {card: Silvercoat Lion}
    timeline:
      - {tap: bears}
      - {untap: bears}
      - {tap: lion}
    """, EVERY_END + '#show invalid/2. #show t(O, T) : tapped(O, P), end_of(T, P).')
    # 110.5d: a card in a graveyard has no status; 701.26a: it is permanents that are tapped.
    assert atoms == ['invalid(not_a_permanent("bears",tap,"110.5d"),1)',
                     'invalid(not_a_permanent("bears",untap,"110.5d"),2)', 't("lion",3)']
