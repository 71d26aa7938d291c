"""What the interface is given (GB-7, GB-9, GB-11, GB-12): the acting unit's reachable
hexes with MP, each weapon's chart by distance and its targets with itemised odds,
arc aims with landing turns, overwatch sectors, equipment; previews of shots, arc
landings and moves; the overwatch decision with exact odds; the public notation."""

from __future__ import annotations

from fractions import Fraction

from ballistic_support import RS, play, position, unit

from engine.rulesets.ballistic.actions import Arc, Fire, Move
from engine.rulesets.ballistic.catalog import WEAPONS, chart
from engine.rulesets.ballistic.options import ActivationOptions, ReactOptions, Waiting


def test_gb_9_5_options_give_every_weapon_its_chart_and_targets_with_itemised_odds():
    """GB-9.4 to GB-9.11, GB-18.7: each weapon's chart on the unit's platform, the targets
    it may fire at now with the odds of the next shot, modifiers listed with their rules;
    the other side is only waiting."""
    s = position([(0, "Warden-M", "Warden", "0306", "SE"), (1, "Hare-G", "Hare", "1507", "N")])
    acted(unit(s, "Hare"))
    opts = RS.options(s, 0)
    assert isinstance(opts, ActivationOptions) and isinstance(RS.options(s, 1), Waiting)
    ac40 = next(w for w in opts.weapons if w.key == "ac40")
    assert ac40.chart == chart(WEAPONS["ac40"], 1) and ac40.c_eff == 7
    (target,) = ac40.targets
    assert (target.name, target.hex, target.shots) == ("Hare", "1507", 3)
    assert (target.odds.d0, target.odds.grade, target.odds.threshold) == (2, 3, 12)
    assert target.odds.chance == Fraction(9, 20)
    assert [m.rule for m in target.odds.grade_modifiers] == ["GB-9.7"]
    assert ac40.sectors == ("NE-SE", "SE-S")
    atgm = next(w for w in opts.weapons if w.key == "atgm")
    assert atgm.band == (3, 40) and atgm.cep == 3 and atgm.guided == ("Hare",)
    assert all(3 <= a.distance <= 40 and a.arrival == 1 + -(-a.distance // 8) for a in atgm.aims)
    designator = next(i for i in opts.items if i.key == "designator")
    assert designator.usable and designator.targets == ("Hare",)
    smoke = next(i for i in opts.items if i.key == "smoke")
    assert smoke.charges == 2 and "0306" in smoke.hexes and len(smoke.hexes) == 1 + 3 + 5 + 7


def acted(u):
    u.mp_spent = 1


def test_gb_7_1_previews_of_a_move_a_shot_and_an_arc_shot():
    """GB-7.1, GB-9.11, GB-12.7: a move's steps and pool, a shot's odds, an arc shot's
    landing turn and scatter; an illegal action has no preview."""
    s = position(
        [(0, "Warden-M", "Warden", "0306", "SE"), (1, "Hare-G", "Hare", "1507", "N")], cells={"0406": "0%"}
    )
    p = RS.preview(s, 0, Move("Warden", ("0406", "0507")))
    assert p.steps == (("0406", 3, True), ("0507", 1, False)) and (p.mp, p.pool) == (4, 1)
    odds = RS.preview(s, 0, Fire("Warden", 4, "Hare", 1))
    assert odds.threshold == 8 and odds.chance == Fraction(13, 20)
    arc = RS.preview(s, 0, Arc("Warden", 5, target="Hare"))
    assert (arc.aim, arc.distance, arc.arrival, len(arc.landings)) == ("1507", 12, 3, 19)
    assert RS.preview(s, 0, Move("Warden", ("0505",))) is None
    assert RS.preview(s, 1, Fire("Hare", 3, "Warden", 1)) is None


def test_gb_11_4_the_decision_offers_each_number_of_shots_with_exact_odds():
    """GB-11.4: the overwatching side chooses 0 to its reserve; each choice's chance of at
    least one hit is exact; its options say who appeared and the next shot's odds."""
    s = position(
        [(0, "Warden-M", "Warden", "0306", "SE"), (1, "Hare-G", "Hare", "0809", "N")],
        cells={"0607": "0#2", "0608": "0#2"},
        order=["Warden", "Hare"],
    )
    play(s, 0, "Warden overwatch ac40 NE-SE")
    play(s, 0, "Warden end")
    play(s, 1, "Hare move 0808 0807")
    opts = RS.options(s, 0)
    assert isinstance(opts, ReactOptions) and (opts.target, opts.hex, opts.shots) == ("Hare", "0807", 3)
    p = opts.odds.chance
    assert p == Fraction(15, 20)
    d = RS.decision(s, 0)
    assert [c.odds for c in d.choices] == [0, p, 1 - (1 - p) ** 2, 1 - (1 - p) ** 3]
    assert RS.legal_actions(s, 0) == [c.action for c in d.choices]
    assert RS.options(s, 1) == Waiting()


def test_gb_5_7_public_notation_names_only_what_the_other_side_sees():
    """GB-5.7: the other side reads a spotted unit's verb only, and an unseen unit's action,
    an arc shot, overwatch or designation as ``?``."""
    s = position(
        [
            (0, "Warden-M", "Seen", "0306", "SE"),
            (0, "Hare-G", "Hidden", "0108", "N"),
            (1, "Hare-G", "Red", "0806", "N"),
        ],
        cells={"0207": "0#4", "0208": "0#4", "0209": "0#4", "0109": "0#4", "0307": "0#4", "0308": "0#4"},
    )
    a = RS.parse_action(s, 0, "Seen move 0307")
    assert RS.public_text(s, 0, RS.parse_action(s, 0, "Seen fire ac40 Red")) == "Seen fire"
    assert RS.public_text(s, 0, RS.parse_action(s, 0, "Seen arc atgm 0909")) == "?"
    assert RS.public_text(s, 0, RS.parse_action(s, 0, "Seen overwatch ac40 NE-SE")) == "?"
    assert RS.public_text(s, 0, RS.parse_action(s, 0, "Hidden end")) == "?"
    assert RS.public_text(s, 0, a) == "Seen move"
    assert RS.public_text(s, 1, RS.concession(s, 1)) == "concede"


def test_gb_6_1_a_reach_option_says_when_it_takes_the_units_last_action():
    """GB-6.1, GB-7.1: with no action taken, a move is the unit's last action only when
    it opens two Move actions; after one action, any move that opens one is the last;
    a move paid from the pool opens none and is not."""
    s = position([(0, "Warden-M", "Warden", "0306", "SE"), (1, "Hare-G", "Hare", "1507", "N")])
    acted(unit(s, "Hare"))
    unit(s, "Warden").mp_spent = 0
    reach = RS.options(s, 0).reach
    assert {r.opens for r in reach} == {1, 2}
    assert all(r.last == (r.opens == 2) for r in reach)
    first = next(r for r in reach if r.opens == 1 and r.mp == 1)
    play(s, 0, RS.format_action(s, 0, Move("Warden", first.path)))
    reach = RS.options(s, 0).reach
    assert {r.opens for r in reach} == {0, 1}
    assert all(r.last == (r.opens == 1) for r in reach)
