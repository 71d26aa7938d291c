"""The notation's refusals say what to write; ``deploy`` without weapons uses the
default hands; a refused shot gives the rules' real reason; the log reads as
sentences (EVA-5.2, EVA-9.1, EVA-10.2)."""

from __future__ import annotations

import pytest
from eva_support import make_state, of, play, start, unit
from test_eva_a_sequence import new_game

from engine.i18n import set_language
from engine.ruleset import ActionError, IllegalAction, NotationError
from engine.rulesets.eva import actions, notation
from engine.rulesets.eva import events as ev
from engine.rulesets.eva.options import default_hands, fire_refusal, options
from engine.rulesets.eva.roster import EvaEntry, WeaponEntry


def _deploying():
    st, _evs = new_game(
        [EvaEntry("Sniper", [WeaponEntry("sniper"), WeaponEntry("knife")])],
        [EvaEntry("Eva-2", [WeaponEntry("rifle"), WeaponEntry("pistol")])],
        [2, 5],
    )
    play(st, 1, "choose north")
    return st


def _refusal(st, side: int, text: str) -> ActionError:
    with pytest.raises(ActionError) as caught:
        notation.parse_action(st, side, text)
    return caught.value


def test_eva_5_2_a_deployment_order_in_the_wrong_form_shows_the_right_one() -> None:
    st = _deploying()
    missing = _refusal(st, 0, "Sniper C2")
    assert isinstance(missing, NotationError)
    assert "deploy <square> [weapons]" in str(missing) and "Sniper deploy C2" in str(missing)
    verb_first = _refusal(st, 0, "deploy Sniper C2")
    assert isinstance(verb_first, NotationError)
    assert "name comes first" in str(verb_first) and "'Sniper deploy C2'" in str(verb_first)
    unknown = _refusal(st, 0, "Shinji deploy C2")
    assert "Your Evas: Sniper" in str(unknown)


def test_eva_9_1_deploy_without_weapons_holds_the_default_hands_and_round_trips() -> None:
    st = _deploying()
    sniper = unit(st, "Sniper")
    action = notation.parse_action(st, 0, "Sniper deploy C2")
    assert list(action.hands) == default_hands(sniper) and action.hands  # the two-handed rifle
    assert notation.format_action(st, 0, action) == "Sniper deploy C2 sniper"
    empty = notation.parse_action(st, 0, "Sniper deploy C2 -")
    assert empty.hands == ()
    text = notation.format_action(st, 0, empty)
    assert text == "Sniper deploy C2 -"
    assert notation.parse_action(st, 0, text) == empty
    # the deployment options offer the same default first
    opts = options(st, 0)
    configs = opts.hand_configs[0]
    assert max(configs, key=len) == default_hands(sniper)


def test_eva_10_2_a_refused_shot_gives_the_first_weapons_real_reason() -> None:
    st = make_state(
        [
            {"name": "A", "side": 0, "square": "E4", "weapons": ["rifle"]},
            {"name": "B", "side": 1, "square": "E10", "weapons": ["rifle"]},
        ]
    )
    # not activated: the rules' own refusal, not "holds no weapon"
    refusal = _refusal(st, 0, "A fire E10")
    assert isinstance(refusal, IllegalAction)
    assert "holds no weapon" not in str(refusal) and refusal.rule != "EVA-10.2"
    start(st, "A")
    unit(st, "A").energy = 1
    short = _refusal(st, 0, "A fire E10")
    assert "energy" in str(short).casefold() and short.rule
    reason = fire_refusal(st, 0)
    assert reason is not None and "energy" in str(reason).casefold()
    unit(st, "A").energy = 9
    assert fire_refusal(st, 0) is None


def test_fire_refusal_names_a_missing_weapon_and_a_missing_enemy() -> None:
    st = make_state(
        [
            {"name": "A", "side": 0, "square": "E4", "weapons": ["knife"]},
            {"name": "B", "side": 1, "square": "E10", "weapons": ["rifle"]},
        ]
    )
    start(st, "A")
    assert "no ranged weapon" in str(fire_refusal(st, 0))


def test_eva_9_2_an_item_the_eva_does_not_carry_is_refused_with_the_words_of_its_items() -> None:
    """EVA-9.2: naming an item the Eva does not carry, by a wrong word or by its full
    name, lists the words its carried items are named by, with their names."""
    st = make_state(
        [
            {"name": "Unit-B", "side": 0, "square": "J10", "weapons": ["hrifle", "knife"]},
            {"name": "C", "side": 1, "square": "J18", "weapons": ["rifle"]},
        ]
    )
    start(st, "Unit-B")
    refusal = _refusal(st, 0, "Unit-B fire J18 rifle")
    assert refusal.rule == "EVA-9.2"
    assert str(refusal).startswith(
        "Unit-B carries no 'rifle'; its items: hrifle (Heavy Pallet Rifle), knife (Quantum Knife)."
    )
    full = _refusal(st, 0, "Unit-B fire J18 Heavy Pallet Rifle")
    assert str(full).startswith(
        "Unit-B carries no 'Heavy Pallet Rifle'; its items: hrifle (Heavy Pallet Rifle),"
    )
    assert isinstance(notation.parse_action(st, 0, "Unit-B fire J18 hrifle"), actions.Fire)


def test_eva_9_2_the_help_gives_the_word_of_every_item() -> None:
    """EVA-9.2: both help texts have a table row for the word of every item the
    notation names (each weapon and the Shield)."""
    from importlib import resources

    from engine.rulesets.eva.catalog import WEAPONS

    folder = resources.files("engine.rulesets.eva") / "help"
    for lang in ("en", "ru"):
        text = (folder / f"{lang}.md").read_text(encoding="utf-8")
        for code in [*WEAPONS, "shield"]:
            assert f"| `{code}` |" in text, (lang, code)


def test_an_unknown_order_lists_the_orders_in_the_interface_language() -> None:
    st = make_state(
        [
            {"name": "Eva-2", "side": 0, "square": "E4", "weapons": ["rifle"]},
            {"name": "B", "side": 1, "square": "E10", "weapons": ["rifle"]},
        ]
    )
    start(st, "Eva-2")
    refusal = _refusal(st, 0, "Eva-2 fly")
    assert "'fly'" in str(refusal) and "end" in str(refusal) and "neutralise" in str(refusal)
    move = _refusal(st, 0, "Eva-2 E6")
    assert "'Eva-2 E4-E6'" in str(move)
    set_language("ru")
    try:
        refusal = _refusal(st, 0, "Eva-2 лететь")
        assert "конец" in str(refusal) and "обнулить" in str(refusal) and "end" not in str(refusal)
    finally:
        set_language("en")


def _both_languages(st, side: int, english: str, russian: str) -> object:
    """The action both texts parse to, in either interface language, after checking
    they parse to the same one, and that it is written as ``english`` in English and
    ``russian`` in Russian."""
    got = []
    for language in ("en", "ru"):
        set_language(language)
        try:
            for text in (english, russian):
                got.append(notation.parse_action(st, side, text))
            action = got[-1]
            assert notation.format_action(st, side, action) == (english if language == "en" else russian)
        finally:
            set_language("en")
    assert all(a == got[0] for a in got), got
    return got[0]


def test_eva_ex_1_orders_read_in_english_and_russian_words_in_either_language() -> None:
    """EVA-EX-1 notation, with the glossary's Russian words: both languages' words are
    read whatever the interface language, and an action is written in the words of the
    interface language (the same words every time)."""
    st = make_state(
        [
            {"name": "Ева-01", "side": 0, "square": "E4", "weapons": ["rifle", "knife"]},
            {"name": "B", "side": 1, "square": "E10", "weapons": ["rifle"]},
        ]
    )
    assert _both_languages(st, 0, "activate Ева-01", "ход Ева-01") == actions.Activate(0)
    start(st, "Ева-01")
    fire = _both_languages(st, 0, "Ева-01 fire E10 rifle", "Ева-01 огонь E10 винтовка")
    assert fire == actions.Fire(0, 1, 0)
    aimed = _both_languages(
        st, 0, "Ева-01 fire E10 rifle aimed legs", "Ева-01 огонь E10 винтовка прицельно ноги"
    )
    assert aimed.aimed == "legs"
    assert _both_languages(st, 0, "Ева-01 kneel", "Ева-01 колено") == actions.Kneel(0)
    assert _both_languages(st, 0, "Ева-01 swap knife", "Ева-01 сменить нож") == actions.Swap(0, (1,))
    assert _both_languages(st, 0, "Ева-01 end", "Ева-01 конец") == actions.End(0)
    # mixed words, an Eva named in the other script, a square typed with a Cyrillic letter
    for text in ("eva-01 огонь E10 rifle", "ЕВА-01 fire Е10 винтовка", "Eva-01 FIRE e10 RIFLE"):
        assert notation.parse_action(st, 0, text) == fire, text


def test_eva_5_2_and_eva_11_9_zone_words_in_both_languages() -> None:
    st = make_state(
        [
            {"name": "A", "side": 0, "square": "E4", "weapons": ["rifle"]},
            {"name": "B", "side": 1, "square": "E10", "weapons": ["rifle"]},
        ]
    )
    st.phase = "zone"
    st.chooser = 1
    assert _both_languages(st, 1, "choose north", "выбрать север") == actions.ChooseZone("north")
    with pytest.raises(NotationError):
        notation.parse_action(st, 1, "выбрать восток")


def test_log_sentences_of_shots_damage_and_jumps() -> None:
    shot = ev.ShotRolled(unit="A", target="B", dice=[6, 3], hit=True, candidate=True, confirm=2, raw=7)
    text = shot.text()
    assert "HIT" not in text and ": a hit." in text and "7" in text and "Confirmation die 2" in text
    assert ev.DamageDice(unit="Eva-2", dice=[2], raw=2).text() != "Eva-2 takes 2 = 2 raw damage."
    assert "2 = 2" not in ev.DamageDice(unit="Eva-2", dice=[2], raw=2).text()
    jump = ev.Jumped(unit="Sniper", src="C2", dst="C5").text()
    assert "energy" in jump
    spent = ev.EnergyNow(to=0, unit="Sniper", energy=0, spent=2).text()
    assert spent != "Sniper: 2 energy spent, 0 left."


def test_every_event_text_of_a_played_game_is_a_sentence() -> None:
    st = make_state(
        [
            {"name": "A", "side": 0, "square": "E4", "weapons": ["rifle"]},
            {"name": "B", "side": 1, "square": "E8", "weapons": ["rifle"]},
        ]
    )
    evs = start(st, "A") + play(st, 0, "A fire E8 rifle", [6, 2])
    for e in evs:
        assert e.text().rstrip().endswith((".", "!")), e.text()
    assert of(evs, ev.ShotRolled)


def test_eva_12_3_the_help_says_one_melee_attack_per_activation() -> None:
    """EVA-12.3: at most one melee attack per activation, said in both help texts."""
    from importlib import resources

    folder = resources.files("engine.rulesets.eva") / "help"
    en = " ".join((folder / "en.md").read_text(encoding="utf-8").split())
    ru = " ".join((folder / "ru.md").read_text(encoding="utf-8").split())
    assert "for 3 energy, **once per activation**" in en
    assert "за 3 энергии, **один раз за ход**" in ru


def test_a_save_loads_whatever_the_interface_language(tmp_path) -> None:
    """A game's record keeps each action's notation in the words of the language it was
    played in; a replay in the other language checks it against the action's notation
    in every shipped language, so the save loads either way, and plays on."""
    import random

    from engine.dice import fixed_entropy
    from engine.game import Game
    from engine.ruleset import get

    rs = get("eva")
    rng = random.Random(4)
    setup = rs.random_setup(rng)
    game = Game(rs, setup, seed=b"languages", entropy=fixed_entropy(b"languages"))
    try:
        for language in ("en", "ru", "en"):
            set_language(language)
            for _ in range(40):
                sides = game.to_act()
                if not sides:
                    break
                side = min(sides)
                game.submit(side, rng.choice(rs.legal_actions(game.state, side)))
            path = game.save(tmp_path / "game.json")
            for reader in ("ru", "en"):
                set_language(reader)
                back = Game.load(path)
                assert back.state == game.state
                assert [r.text for r in back.records] == [r.text for r in game.records]
        texts = " ".join(r.text for r in game.records)
        assert "activate" in texts and "ход" in texts  # both languages' words were recorded
    finally:
        set_language("en")
