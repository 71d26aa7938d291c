"""Whose Eva a log line names (EVA-18.1) when both sides have an Eva of the same
name, and the public damage figures of the game-over summary (EVA-18.2)."""

from engine.i18n import current_language, set_language
from engine.rulesets.eva import events as ev
from engine.rulesets.eva.rules import public_damage_taken
from tests.eva_support import make_state, of, play


def activate(st, side: int, name: str, faces=()) -> list:
    """Activate ``side``'s Eva of that name."""
    st.turn = side
    return play(st, side, f"activate {name}", faces)


def twins(airborne: bool = False):
    """Both sides have an Eva-1 (engaged, F10 and F11); each side has one more Eva
    of its own name."""
    fly = {"equipment": ["wings"], "airborne": True} if airborne else {}
    return make_state(
        [
            {"name": "Eva-1", "side": 0, "square": "F10", "weapons": ["knife"], "at": 2, **fly},
            {"name": "Eva-2", "side": 0, "square": "C3", "weapons": ["rifle"]},
            {"name": "Eva-1", "side": 1, "square": "F11", "weapons": ["qspear"], "at": 5, **fly},
            {"name": "Eva-3", "side": 1, "square": "C8"},
        ]
    )


def texts(evs: list) -> list[str]:
    return [e.text() for e in evs]


def test_eva_18_1_a_shared_name_is_written_with_its_player():
    """EVA-18.1: every line naming an Eva whose name the other side also has says
    whose it is; a name only one side has stays as it is."""
    st = twins()
    lines = texts(activate(st, 0, "Eva-1"))
    assert lines[0] == "Eva-1 (Player 1) is activated."
    evs = play(st, 0, "Eva-1 melee F11", [6, 5, 3, 4, 4, 5, 6])
    lines = texts(evs)
    assert lines[0] == "Eva-1 (Player 1) attacks Eva-1 (Player 2) on F11 in melee."
    assert texts(of(evs, ev.MeleeRolled)) == [
        "Melee: Eva-1 (Player 1) rolls 6, 5 (total 14), Eva-1 (Player 2) rolls 3, 4 (total 12)"
        " — Eva-1 (Player 1) wins."
    ]
    assert texts(of(evs, ev.DamageDice)) == [
        "Eva-1 (Player 2) suffers 9 damage before the AT field (damage dice 4, 5).",
        "Eva-1 (Player 1) suffers 6 damage before the AT field (damage die 6).",
    ]
    play(st, 0, "Eva-1 end")
    lines = texts(activate(st, 0, "Eva-2"))
    assert lines[0] == "Eva-2 is activated."
    evs = play(st, 0, "Eva-2 fire C8 rifle", [4])
    assert of(evs, ev.AttackDeclared)[0].text().startswith("Eva-2 attacks Eva-3 on C8 with")
    assert all(getattr(e, "unit_side", -1) == -1 and getattr(e, "target_side", -1) == -1 for e in evs)


def test_eva_18_1_shared_names_in_russian():
    """EVA-18.1: the same in Russian, with the player's Russian label."""
    st = twins()
    activate(st, 0, "Eva-1")
    evs = play(st, 0, "Eva-1 melee F11", [6, 5, 3, 4, 4, 5, 6])
    before = current_language()
    try:
        set_language("ru")
        line = evs[0].text()
    finally:
        set_language(before)
    assert line.startswith("Eva-1 (Игрок 1)") and "Eva-1 (Игрок 2)" in line


def test_eva_18_2_public_damage_of_a_game_with_shared_names():
    """EVA-18.2: the damage each side took, counted from the public dice: melee
    damage dice (a critical exchange's three), a fall's die and a shot's hit, each
    to the side of the Eva that took it although both sides have an Eva-1."""
    st = twins(airborne=True)
    activate(st, 0, "Eva-1")
    # A 6+6 + knife bonus against B 1+1: a critical win for Player 1 (EVA-12.7)
    evs = play(st, 0, "Eva-1 melee F11", [6, 6, 1, 1])
    m = of(evs, ev.MeleeRolled)[0]
    assert m.winner_side == 0 and m.critical
    # the winner names the wings: B suffers 3 dice (2+3+4 = 9), A one die (5), then B falls (die 6)
    evs += play(st, 0, "trauma wings", [2, 3, 4, 5, 6])
    events = evs
    assert [e.text() for e in of(events, ev.Fell)] == [
        "Eva-1 (Player 2) falls to the ground: fall damage die 6."
    ]
    play(st, 0, "Eva-1 end")
    activate(st, 0, "Eva-2")
    # a rifle hit on Eva-3, 5 squares away
    shot = play(st, 0, "Eva-2 fire C8 rifle", [4])
    (hit,) = of(shot, ev.ShotRolled)
    events += shot
    # Player 1: 5 (melee die); Player 2: 9 + 6 (fall) on its Eva-1, plus the shot's raw damage on Eva-3
    assert hit.raw == 5
    assert public_damage_taken(st.units, events) == [5, 9 + 6 + 5]
