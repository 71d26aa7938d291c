"""Overwatch: the declaration and its sector, triggers when an enemy appears, the
decision put to the overwatching side, standing orders, several overwatchers,
modifiers and expiry (GB-11), with the worked example GB-EX-15."""

from __future__ import annotations

import pytest
from ballistic_support import RS, events_of, play, position, snapshot, unit

from engine.ruleset import IllegalAction
from engine.rulesets.ballistic.events import (
    OverwatchExpired,
    OverwatchTriggered,
    PathStopped,
    ShotResolved,
    SystemFailed,
    TriggerPassed,
)
from engine.rulesets.ballistic.rules.fire import shot_odds


def _ex15(sector: str = "NE-SE"):
    s = position(
        [(0, "Warden-M", "Warden", "0306", "SE"), (1, "Hare-G", "Hare", "0809", "N")],
        cells={"0607": "0#2", "0608": "0#2"},
        turn=6,
        order=["Warden", "Hare"],
    )
    play(s, 0, f"Warden overwatch ac40 {sector}")
    play(s, 0, "Warden end")
    return s


def test_gb_ex_15_overwatch_fires_when_the_hare_appears_in_the_sector():
    """GB-EX-15 (GB-11.1 to GB-11.4, GB-11.6, GB-AMB-35, GB-AMB-36, GB-AMB-37): hidden at 0808 (no trigger); at 0807 seen in
    the sector: trigger, the Warden's controller fires 2 (D 1, T 4 + 2 = 6): miss, hit for
    8, two checks, the Gatling fails; 0907 is no new trigger; 0908 and 1008 are hidden;
    at 1108 it appears anew: the last shot hits for 3. Hare 29 at 1108 with 1 MP left."""
    s = _ex15()
    warden, hare = unit(s, "Warden"), unit(s, "Hare")
    assert warden.overwatch.shots == 3 and RS.to_act(s) == {1}
    events = play(s, 1, "Hare move 0808")
    assert events_of(events, OverwatchTriggered) == [] and RS.to_act(s) == {1}
    events = play(s, 1, "Hare move 0807")
    (trigger,) = events_of(events, OverwatchTriggered)
    assert trigger.to == (0,) and RS.to_act(s) == {0}
    decision = RS.decision(s, 0)
    assert decision.rule == "GB-11.4" and [c.notation for c in decision.choices] == [
        "Warden overwatch x0",
        "Warden overwatch x1",
        "Warden overwatch x2",
        "Warden overwatch x3",
    ]
    assert RS.decision(s, 1) is None
    odds = shot_odds(s, warden, 4, hare, overwatch=True)
    assert (odds.distance, odds.d0, odds.grade, odds.t0, odds.threshold) == (5, 1, 1, 4, 6)
    assert [m.rule for m in odds.threshold_modifiers] == ["GB-11.6"]
    events = play(s, 0, "Warden overwatch x2", [5, 17, 8, 9, 4, 4])
    assert [(e.roll, e.hit, e.overwatch) for e in events_of(events, ShotResolved)] == [
        (5, False, True),
        (17, True, True),
    ]
    assert events_of(events, SystemFailed)[0].system == "gat20" and hare.health == 32
    assert RS.to_act(s) == {1} and warden.overwatch.shots == 1
    events = play(s, 1, "Hare move 0907 0908 1008 1108")
    assert events_of(events, OverwatchTriggered)[0].hex == "1108"
    assert s.map.tables.name[hare.hex] == "1108"
    play(s, 0, "Warden overwatch x1", [6, 3])
    assert hare.health == 29 and hare.pool == 1 and warden.overwatch.shots == 0
    assert RS.to_act(s) == {1}


def test_gb_ex_15_with_sector_se_s_no_step_is_a_trigger():
    """GB-EX-15: with sector SE-S none of 0807, 0907, 1108 is in the sector."""
    s = _ex15("SE-S")
    events = play(s, 1, "Hare move 0808 0807 0907 0908 1008 1108")
    assert events_of(events, OverwatchTriggered) == [] and RS.to_act(s) == {1}


def test_gb_11_2_the_sector_must_be_a_half_of_the_front_arc():
    """GB-11.2: a unit facing SE chooses NE-SE or SE-S."""
    s = position([(0, "Warden-M", "Warden", "0306", "SE"), (1, "Hare-G", "Hare", "0809", "N")])
    before = snapshot(s)
    with pytest.raises(IllegalAction) as e:
        play(s, 0, "Warden overwatch ac40 S-SW")
    assert e.value.rule == "GB-11.2" and snapshot(s) == before
    play(s, 0, "Warden overwatch ac40 SE-S x1")
    assert unit(s, "Warden").overwatch.per_trigger == 1


def test_gb_11_1_overwatch_is_an_attack_action_with_an_unused_weapon():
    """GB-11.1, GB-6.2: declaring overwatch opens an Attack action and marks the weapon used;
    the unit may go on acting (move) afterwards; the weapon cannot be used again this turn."""
    s = position([(0, "Warden-M", "Warden", "0306", "SE"), (1, "Hare-G", "Hare", "1109", "N")])
    play(s, 0, "Warden overwatch ac40 NE-SE")
    w = unit(s, "Warden")
    assert [x.kind for x in w.slots] == ["attack"] and 4 in w.used
    with pytest.raises(IllegalAction) as e:
        play(s, 0, "Warden fire ac40 Hare")
    assert e.value.rule in ("GB-6.2", "GB-10.5")
    play(s, 0, "Warden move 0307")
    with pytest.raises(IllegalAction):
        play(s, 0, "Warden overwatch atgm NE-SE")  # the second action is the Move


def test_gb_11_3_only_a_unit_acting_later_can_trigger_and_pivots_do_not():
    """GB-11.3: a trigger needs an enemy that acts later than the overwatching unit and its
    own step; an enemy acting earlier, or pivoting, gives none."""
    s = position(
        [
            (1, "Hare-G", "Early", "0809", "N"),
            (0, "Warden-M", "Warden", "0306", "SE"),
            (1, "Hare-G", "Late", "1009", "N"),
        ],
        cells={"0607": "0#2", "0608": "0#2"},
        order=["Warden", "Late", "Early"],
    )
    play(s, 0, "Warden overwatch ac40 NE-SE")
    play(s, 0, "Warden end")
    events = play(s, 1, "Late pivot cw")
    assert events_of(events, OverwatchTriggered) == []
    # the order is Warden, Late, Early: make Early act before the Warden instead
    s2 = position(
        [(1, "Hare-G", "Early", "0809", "N"), (0, "Warden-M", "Warden", "0306", "SE")],
        cells={"0607": "0#2", "0608": "0#2"},
        order=["Early", "Warden"],
    )
    w = unit(s2, "Warden")
    from engine.rulesets.ballistic.state import Overwatch

    w.overwatch = Overwatch(4, 1, 3, 0)
    play(s2, 1, "Early move 0808 0807")
    assert RS.to_act(s2) == {1}


def test_gb_11_4_a_trigger_without_a_legal_shot_passes_unused():
    """GB-11.4: an enemy appearing out of range is a trigger at which no shot is legal: it
    passes unused, without a decision; coming into range later is no new trigger."""
    s = position(
        [(0, "Hare-G", "Hare", "0101", "SE"), (1, "Hare-G", "Red", "1510", "N")],
        order=["Hare", "Red"],
    )
    s.lay_smoke([unit(s, "Red").hex], 9)
    play(s, 0, "Hare overwatch gat20 SE-S")
    play(s, 0, "Hare end")
    events = play(s, 1, "Red move 1509")
    (passed,) = events_of(events, TriggerPassed)
    assert passed.to == (0,) and RS.to_act(s) == {1} and RS.decision(s, 0) is None
    events = play(s, 1, "Red move 1408 1308 1208")
    assert events_of(events, OverwatchTriggered) == [] and unit(s, "Hare").overwatch.shots == 6


def test_gb_11_4_a_passing_trigger_says_why_with_the_rule_id():
    """GB-11.4, GB-9.6: the trigger that passes carries the reason the shot's rule gave
    (out of range, GB-9.6) to the overwatching side alone; the log reads it in the
    language of the moment, and the event survives a save without its reason."""
    import msgspec

    from engine.i18n import current_language, set_language
    from engine.rulesets.ballistic.events import EVENT_TYPES
    from engine.rulesets.ballistic.rules.fire import check_shot

    s = position(
        [(0, "Hare-G", "Hare", "0101", "SE"), (1, "Hare-G", "Red", "1510", "N")],
        order=["Hare", "Red"],
    )
    s.lay_smoke([unit(s, "Red").hex], 9)
    play(s, 0, "Hare overwatch gat20 SE-S")
    play(s, 0, "Hare end")
    events = play(s, 1, "Red move 1509")
    (passed,) = events_of(events, TriggerPassed)
    assert passed.to == (0,)
    hare, red = unit(s, "Hare"), unit(s, "Red")
    with pytest.raises(IllegalAction) as refusal:
        check_shot(s, hare, hare.overwatch.system, red, 1, overwatch=True)
    assert passed.reason is not None and passed.reason.rule == refusal.value.rule == "GB-9.6"
    assert passed.text_for(0) == (
        "Hare cannot fire at Red: the trigger passes. "
        "Red is out of the 20 mm Gatling cannon's range (15 hexes). (GB-9.6)"
    )
    before = current_language()
    try:
        set_language("ru")
        russian = passed.text_for(0)
    finally:
        set_language(before)
    assert "(GB-9.6)" in russian and "15" in russian and "range" not in russian
    again = msgspec.json.decode(msgspec.json.encode(passed), type=EVENT_TYPES)
    assert again == passed
    old = msgspec.json.decode(
        b'{"type":"gb.TriggerPassed","unit":"Hare","side":0,"target":"Red","to":[0]}', type=EVENT_TYPES
    )
    assert old.reason is None and old.text_for(0) == "Hare cannot fire at Red: the trigger passes."


def test_gb_11_5_several_overwatchers_resolve_in_initiative_order():
    """GB-11.5: one step into two sectors: the earlier-acting overwatcher resolves first
    (a standing order fires at once), then the later one is asked."""
    s = position(
        [
            (0, "Warden-M", "First", "0306", "SE"),
            (0, "Warden-M", "Second", "0405", "SE"),
            (1, "Hare-G", "Hare", "0809", "N"),
        ],
        cells={"0607": "0#2", "0608": "0#2"},
        order=["First", "Second", "Hare"],
    )
    play(s, 0, "First overwatch ac40 NE-SE x1")
    play(s, 0, "First end")
    play(s, 0, "Second overwatch ac40 NE-SE")
    play(s, 0, "Second end")
    events = play(s, 1, "Hare move 0808 0807", [20, 1])
    first = events_of(events, ShotResolved)
    assert [e.shooter for e in first] == ["First"]
    assert RS.to_act(s) == {0} and RS.decision(s, 0).prompt
    assert s.trigger.queue == [unit(s, "Second").number]
    play(s, 0, "Second overwatch x0")
    assert RS.to_act(s) == {1}


def test_gb_11_4_fire_at_the_mover_stops_its_declared_path():
    """GB-11.4: the shots are resolved before the enemy goes on; a path it declared stops
    where it was fired on (it may then move on with a new action)."""
    s = position(
        [(0, "Warden-M", "Warden", "0306", "SE"), (1, "Hare-G", "Hare", "0809", "N")],
        cells={"0607": "0#2", "0608": "0#2"},
        order=["Warden", "Hare"],
    )
    play(s, 0, "Warden overwatch ac40 NE-SE x1")
    play(s, 0, "Warden end")
    events = play(s, 1, "Hare move 0808 0807 0907", [2])
    assert events_of(events, PathStopped)[0].why == "fired_on"
    assert s.map.tables.name[unit(s, "Hare").hex] == "0807"


def test_gb_11_7_unfired_overwatch_expires_in_the_end_phase():
    """GB-11.7, GB-10.6: overwatch shots outlast the activation and expire in the End phase."""
    s = position(
        [(0, "Warden-M", "Warden", "0306", "SE"), (1, "Hare-G", "Hare", "1612", "N")],
        order=["Warden", "Hare"],
    )
    play(s, 0, "Warden overwatch ac40 NE-SE")
    play(s, 0, "Warden end")
    assert unit(s, "Warden").overwatch.shots == 3
    events = play(s, 1, "Hare end", [5, 9])
    (expired,) = events_of(events, OverwatchExpired)
    assert expired.shots == 3 and expired.to == (0,) and unit(s, "Warden").overwatch is None
    assert s.turn == 2


def test_gb_11_6_the_stationary_bonus_of_an_overwatch_shot_needs_no_mp_spent():
    """GB-11.6: an overwatch shot gets -1 grade only if the shooter spent no MP this turn
    (holding is not needed), and always +2 to the threshold."""
    s = position([(0, "Warden-M", "Warden", "0306", "SE"), (1, "Hare-G", "Hare", "0807", "N")])
    w, h = unit(s, "Warden"), unit(s, "Hare")
    h.mp_spent = 1
    odds = shot_odds(s, w, 4, h, overwatch=True)
    assert [m.value for m in odds.grade_modifiers] == [1, -1]
    w.mp_spent = 2
    odds = shot_odds(s, w, 4, h, overwatch=True)
    assert [m.value for m in odds.grade_modifiers] == [1] and odds.threshold == 4 * 2 + 2
