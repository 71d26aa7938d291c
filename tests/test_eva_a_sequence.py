"""Game sequence: setup, deployment, rounds, initiative, alternation, victory (eva.md EVA-5,
EVA-EX-19, EVA-AMB-1 to AMB-4, AMB-68)."""

import pytest

from engine.dice import ScriptedDice
from engine.game import Game
from engine.ruleset import IllegalAction
from engine.rulesets.eva import RULESET, rules
from engine.rulesets.eva import events as ev
from engine.rulesets.eva.actions import End
from engine.rulesets.eva.roster import EvaEntry, Roster, WeaponEntry, eva_cost
from engine.rulesets.eva.state import BATTLE, DEPLOY, OVER, ZONE, EvaSetup, Trauma
from tests.eva_support import idx, make_state, of, open_map, play, snapshot, start, unit


def setup(p1, p2, terrain=None, round_limit=None):
    return EvaSetup(
        map=open_map(terrain),
        rosters=[Roster(name="P1", evas=p1), Roster(name="P2", evas=p2)],
        round_limit=round_limit,
    )


def new_game(p1, p2, faces, terrain=None, round_limit=None):
    dice = ScriptedDice(faces)
    st, evs = rules.new_state(setup(p1, p2, terrain, round_limit), dice)
    assert dice.remaining() == []
    return st, evs


# ---------------------------------------------------------------------------
# EVA-5.1 / 5.2 setup and deployment
# ---------------------------------------------------------------------------
def test_eva_5_1_setup_order_lance_rolloff_before_deployment_rolloff():
    """EVA-5.1: map and rosters first; the Lance roll-off (both rosters have a Lance) comes before the
    deployment roll-off; round 1 starts once every Eva is placed."""
    st, evs = new_game(
        [EvaEntry("A", [WeaponEntry("lance")])],
        [EvaEntry("B", [WeaponEntry("lance")])],
        [2, 5, 4, 1],  # Lance: P1 2, P2 5; zones: P1 4, P2 1
    )
    rolls = of(evs, ev.RollOff)
    assert [r.purpose for r in rolls] == ["lance", "zone"]
    assert rolls[0].rolls == [[2, 5]] and rolls[0].winner == 1
    assert rolls[1].rolls == [[4, 1]] and rolls[1].winner == 0
    assert st.phase == ZONE and st.round == 0
    assert [it.code for it in unit(st, "A").items] == ["replica"]
    assert [it.code for it in unit(st, "B").items] == ["lance"]
    play(st, 0, "choose south")
    assert st.phase == DEPLOY
    play(st, 1, "B deploy E29")
    evs = play(st, 0, "A deploy E2", [6, 3])
    assert st.phase == BATTLE and st.round == 1
    assert of(evs, ev.RoundStarted)[0].round == 1 and st.turn == 0


def test_eva_5_2_and_amb_4_deployment():
    """EVA-5.2, EVA-AMB-4: ties re-rolled, Player 1 first; the higher roller chooses a zone, the other
    places first; players alternate, and once one has placed all, the other places the rest. Evas go in
    their own zone (rows 1-3 / 28-30) on open, red or yellow squares holding no Eva; they start
    standing, on the ground, at full armour and Shield points, with a free choice of held items."""
    st, evs = new_game(
        [EvaEntry("A1", [WeaponEntry("rifle"), WeaponEntry("knife")]), EvaEntry("A2", equipment=["shield"])],
        [
            EvaEntry("B1", [WeaponEntry("pistol")]),
            EvaEntry("B2", [WeaponEntry("sniper")]),
            EvaEntry("B3", equipment=["jaws"]),
        ],
        [3, 3, 2, 5],
        {"B29": "r", "C29": "y", "D29": "g", "E29": "b"},
    )
    roll = of(evs, ev.RollOff)[0]
    assert roll.purpose == "zone" and roll.rolls == [[3, 3], [2, 5]] and roll.winner == 1
    before = snapshot(st)
    with pytest.raises(IllegalAction) as e:
        play(st, 0, "choose north")
    assert e.value.rule == "EVA-5.2" and snapshot(st) == before
    play(st, 1, "choose north")
    assert st.zones == [0, 1] and st.placer == 0  # the player who did not choose places first
    with pytest.raises(IllegalAction) as e:
        play(st, 1, "B1 deploy A29")
    assert e.value.rule == "EVA-5.2"
    for bad in ("A1 deploy A4", "A1 deploy A29"):
        with pytest.raises(IllegalAction) as e:
            play(st, 0, bad)
        assert e.value.rule == "EVA-5.2"
    play(st, 0, "A1 deploy A1 knife")
    assert st.placer == 1
    play(st, 1, "B1 deploy B29 -")  # red: allowed; "-": empty hands
    assert st.placer == 0
    play(st, 0, "A2 deploy T3 shield")
    assert st.placer == 1
    for bad in ("B2 deploy D29", "B2 deploy E29", "B2 deploy B29"):  # green, blue, occupied
        before = snapshot(st)
        with pytest.raises(IllegalAction) as e:
            play(st, 1, bad)
        assert e.value.rule == "EVA-5.2" and snapshot(st) == before
    with pytest.raises(IllegalAction) as e:
        play(st, 1, "B2 deploy C29 knife")
    assert e.value.rule == "EVA-9.2"
    play(st, 1, "B2 deploy C29 sniper")  # yellow: allowed
    assert st.placer == 1  # Player 1 has placed all; Player 2 places the rest
    evs = play(st, 1, "B3 deploy T30", [1, 6])
    assert st.phase == BATTLE and st.turn == 1 and of(evs, ev.RoundStarted)
    for u in st.units:
        assert u.deployed and not u.airborne and not u.kneeling and not u.berserk
        assert u.armour == u.max_armour
    assert unit(st, "B3").armour == 35
    assert unit(st, "A2").shield_points == 15 and unit(st, "A2").hands == [0]
    assert [unit(st, "A1").items[i].code for i in unit(st, "A1").hands] == ["knife"]
    assert unit(st, "B1").hands == []


# ---------------------------------------------------------------------------
# EVA-5.3 to 5.6 rounds
# ---------------------------------------------------------------------------
def test_eva_5_3_and_amb_3_initiative_every_round_ties_rerolled():
    """EVA-5.3, EVA-AMB-3: at the start of every round each player rolls, Player 1 first, ties
    re-rolled; the higher roller activates first."""
    st = make_state([{"name": "A", "side": 0, "square": "C5"}, {"name": "B", "side": 1, "square": "C25"}])
    start(st, "A")
    play(st, 0, "A end")
    play(st, 1, "activate B")
    evs = play(st, 1, "B end", [4, 4, 1, 3])
    roll = of(evs, ev.RollOff)[0]
    assert roll.purpose == "initiative" and roll.rolls == [[4, 4], [1, 3]] and roll.winner == 1
    assert st.round == 2 and st.turn == 1 and of(evs, ev.RoundStarted)[0].first == 1
    play(st, 1, "activate B")
    play(st, 1, "B end")
    play(st, 0, "activate A")
    evs = play(st, 0, "A end", [6, 5])
    assert st.round == 3 and st.turn == 0


def _five():
    return make_state(
        [
            {"name": "A1", "side": 0, "square": "C5", "weapons": ["rifle"]},
            {"name": "A2", "side": 0, "square": "E5"},
            {"name": "A3", "side": 0, "square": "G5"},
            {"name": "B1", "side": 1, "square": "C25"},
            {"name": "B2", "side": 1, "square": "C12", "armour": 3},
        ],
        round=0,
    )


def test_eva_ex_19_and_eva_5_4_order_of_activations():
    """EVA-EX-19, EVA-5.4: initiative 2 against 5, so Player 2 starts: P2, P1, P2, P1, P1 normally.
    A1 destroys the unactivated B2 in Player 1's first activation; then B1, A1, A2, A3: Player 2 has no
    unactivated Eva left, so Player 1 activates the rest one after another."""
    st = _five()
    out: list = []
    dice = ScriptedDice([2, 5])
    rules.start_round(st, dice, out)
    assert dice.remaining() == [] and st.round == 1 and st.turn == 1
    assert of(out, ev.RollOff)[0].rolls == [[2, 5]]
    before = snapshot(st)
    with pytest.raises(IllegalAction) as e:
        play(st, 0, "activate A1")
    assert e.value.rule == "EVA-5.4" and snapshot(st) == before
    play(st, 1, "activate B1")
    play(st, 1, "B1 end")
    assert st.turn == 0
    play(st, 0, "activate A1")
    evs = play(st, 0, "A1 fire C12 rifle", [5])
    assert of(evs, ev.Destroyed)[0].unit == "B2" and unit(st, "B2").destroyed
    play(st, 0, "A1 end")
    assert st.turn == 0  # Player 2 has nothing left to activate
    with pytest.raises(IllegalAction) as e:
        play(st, 1, "activate B2")
    assert e.value.rule == "EVA-5.4"
    play(st, 0, "activate A2")
    play(st, 0, "A2 end")
    assert st.turn == 0
    play(st, 0, "activate A3")
    evs = play(st, 0, "A3 end", [3, 4])  # round 2
    assert st.round == 2 and st.turn == 1


def test_eva_ex_19_normal_order_without_destruction():
    """EVA-EX-19: without the destruction the order is P2, P1, P2, P1, P1."""
    st = _five()
    rules.start_round(st, ScriptedDice([2, 5]), [])
    order = []
    for _i in range(5):
        side = st.turn
        order.append(side)
        name = next(u.name for u in st.units if u.side == side and not u.activated)
        play(st, side, f"activate {name}")
        play(st, side, f"{name} end", [1, 2] if len(order) == 5 else [])
    assert order == [1, 0, 1, 0, 0]
    assert st.round == 2


def test_eva_5_5_and_amb_68_every_eva_activates_an_activation_may_be_empty():
    """EVA-5.5, EVA-AMB-68: the player to act must activate one of their unactivated Evas (ending
    without activating is refused); an activation may contain no action; a skipped activation counts
    as that Eva's activation."""
    st = make_state(
        [
            {"name": "A", "side": 0, "square": "C5"},
            {"name": "A2", "side": 0, "square": "E5"},
            {"name": "B", "side": 1, "square": "C25"},
        ]
    )
    st.units[0].traumas = [Trauma("body")]
    before = snapshot(st)
    with pytest.raises(IllegalAction) as e:
        rules.apply(st, 0, End(0), ScriptedDice([]))
    assert e.value.rule == "EVA-5.4" and snapshot(st) == before
    assert rules.to_act(st) == frozenset({0})
    evs = play(st, 0, "activate A", [1])  # body trauma: skipped
    assert of(evs, ev.Skipped) and unit(st, "A").activated and st.activation is None and st.turn == 1
    play(st, 1, "activate B")
    play(st, 1, "B end")  # empty activation
    assert unit(st, "B").activated and st.turn == 0
    with pytest.raises(IllegalAction) as e:
        play(st, 0, "activate A")
    assert e.value.rule == "EVA-5.4"


def test_eva_5_6_end_of_round_pins_end_and_a_new_initiative_roll():
    """EVA-5.6 (EVA-AMB-2): when every Eva has been activated the round ends: pinned states end and,
    without a round limit, the next round starts with a new initiative roll."""
    st = make_state(
        [{"name": "A", "side": 0, "square": "C5"}, {"name": "B", "side": 1, "square": "C25", "pinned": True}]
    )
    start(st, "A")
    play(st, 0, "A end")
    assert unit(st, "B").pinned  # still pinned during the round
    play(st, 1, "activate B")
    with pytest.raises(IllegalAction) as e:
        play(st, 1, "B C25-C24")
    assert e.value.rule == "EVA-8.8"
    evs = play(st, 1, "B end", [5, 2])
    assert not unit(st, "B").pinned and st.round == 2 and not st.over
    assert [type(e).__name__ for e in evs][-2:] == ["RollOff", "RoundStarted"]


def test_eva_5_7_destroyed_evas_leave_the_board_and_do_not_activate():
    """EVA-5.7 (EVA-AMB-36): an Eva at 0 armour or below is destroyed and removed at once; it takes no
    further part and does not activate."""
    st = make_state(
        [
            {"name": "A", "side": 0, "square": "C5", "weapons": ["rifle"]},
            {"name": "B", "side": 1, "square": "C10", "armour": 5},
            {"name": "C", "side": 1, "square": "T30"},
        ]
    )
    start(st, "A")
    evs = play(st, 0, "A fire C10 rifle", [4])  # 5 damage: armour 0
    assert unit(st, "B").destroyed and not unit(st, "B").on_board and of(evs, ev.Destroyed)
    assert not st.over
    play(st, 0, "A C5-C6-C7-C8")
    unit(st, "A").square = idx("C9")
    play(st, 0, "A C9-C10")  # the square is free again
    play(st, 0, "A end")
    with pytest.raises(IllegalAction) as e:
        play(st, 1, "activate B")
    assert e.value.rule == "EVA-5.7"


def test_eva_5_8_and_5_9_simultaneous_destruction_is_a_draw():
    """EVA-5.8, EVA-5.9 (EVA-AMB-1): all damage of one event is applied before destruction is checked,
    so two Evas can destroy each other; if neither army has Evas left, the game is a draw."""
    st = make_state(
        [
            {"name": "A", "side": 0, "square": "E10", "armour": 1},
            {"name": "B", "side": 1, "square": "E11", "armour": 1},
        ]
    )
    start(st, "A")
    evs = play(st, 0, "A melee E11", [3, 3, 2, 4, 2, 5])  # equal totals 6 - 6: d6 each
    assert unit(st, "A").destroyed and unit(st, "B").destroyed
    assert st.over and st.winner is None and st.phase == OVER
    res = rules.result(st)
    assert res.winner is None and res.rule == "EVA-5.9"
    assert of(evs, ev.GameEnded)[0].winner is None


def test_eva_5_9_and_amb_1_victory_by_elimination_at_once():
    """EVA-5.9, EVA-AMB-1: as soon as only one army has Evas on the board its owner wins; nothing more
    can be played."""
    st = make_state(
        [
            {"name": "A", "side": 0, "square": "C5", "weapons": ["rifle", "pistol"]},
            {"name": "B", "side": 1, "square": "C10", "armour": 2},
        ]
    )
    start(st, "A")
    evs = play(st, 0, "A fire C10 rifle", [4])
    assert st.over and st.winner == 0 and rules.to_act(st) == frozenset()
    assert rules.result(st).rule == "EVA-5.9" and of(evs, ev.GameEnded)[0].winner == 0
    before = snapshot(st)
    with pytest.raises(IllegalAction) as e:
        play(st, 0, "A end")
    assert e.value.rule == "EVA-5.9" and snapshot(st) == before


def test_eva_5_10_round_limit_victory_points_include_own_d_module():
    """EVA-5.10 (EVA-AMB-1): with a round limit N the game ends at the end of round N; each player
    scores the roster cost of every enemy Eva destroyed, even one destroyed by its own D-Module; the
    higher score wins."""
    st = make_state(
        [
            {"name": "A", "side": 0, "square": "C5"},
            {"name": "B", "side": 1, "square": "C25"},
            {"name": "D", "side": 1, "square": "J15", "equipment": ["dmodule"], "at": 2},
        ]
    )
    st.round_limit = 1
    cost_d = eva_cost(EvaEntry("D", at=2, equipment=["dmodule"]))
    assert cost_d == 100 + 15 + 20
    start(st, "D")
    play(st, 1, "D detonate", [3, 3])
    assert unit(st, "D").destroyed and not st.over and st.scores == [cost_d, 0]
    play(st, 0, "activate A")
    play(st, 0, "A end")
    play(st, 1, "activate B")
    evs = play(st, 1, "B end")  # no initiative roll: the game is over
    assert st.over and st.winner == 0
    res = rules.result(st)
    assert res.rule == "EVA-5.10" and res.scores == (135, 0)
    assert of(evs, ev.GameEnded)[0].scores == [135, 0]


def test_eva_5_10_round_limit_equal_scores_draw_and_no_limit_by_default():
    """EVA-5.10: equal scores are a draw; the default is no round limit, so the game goes on."""
    st = make_state([{"name": "A", "side": 0, "square": "C5"}, {"name": "B", "side": 1, "square": "C25"}])
    assert st.round_limit is None
    start(st, "A")
    play(st, 0, "A end")
    play(st, 1, "activate B")
    play(st, 1, "B end", [2, 1])
    assert st.round == 2 and not st.over
    st.round_limit = 2
    play(st, 0, "activate A")
    play(st, 0, "A end")
    play(st, 1, "activate B")
    play(st, 1, "B end")
    assert st.over and st.winner is None and rules.result(st).rule == "EVA-5.10"


def test_eva_5_11_concession_at_any_time_out_of_turn():
    """EVA-5.11: a player may concede at any time, even when the other side is to act; the opponent
    wins."""
    st = make_state([{"name": "A", "side": 0, "square": "C5"}, {"name": "B", "side": 1, "square": "C25"}])
    start(st, "A")
    evs = play(st, 1, "concede")
    assert st.over and st.winner == 0 and rules.result(st).rule == "EVA-5.11"
    assert of(evs, ev.Conceded)[0].side == 1
    game = Game(
        RULESET,
        setup([EvaEntry("A")], [EvaEntry("B")]),
        dice=ScriptedDice([4, 1]),
    )
    assert game.to_act() == frozenset({0})  # Player 1 chooses the zone
    game.submit(1, "concede")
    assert game.result().winner == 0 and game.result().rule == "EVA-5.11"
