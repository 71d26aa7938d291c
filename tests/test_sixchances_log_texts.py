"""Six Chances Party: what the log, the news, a replay and the list of saves say.

A text read by no one side (a replay without ``--side``) never says "Your"; the
players are named by their names wherever the game knows them; a reinforcement says
which tokens moved where (public, SC-1.11); the result says who ran out and who was
ahead (SC-11.2-SC-11.5).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine import i18n
from engine.dice import seed_only
from engine.game import Game
from engine.record import message_from
from engine.rulesets.sixchances import RULESET
from engine.rulesets.sixchances.actions import Regroup, Transfer
from engine.rulesets.sixchances.events import (
    GameOver,
    Regrouped,
    ReinforcementRolled,
    SquadsOrdered,
    outcome_text,
)
from engine.rulesets.sixchances.scenario import position
from engine.rulesets.sixchances.state import Setup, SquadOrder
from tui.cli import main
from tui.saves import read_entry, versus

ROOT = Path(__file__).resolve().parent.parent

SEED = b"\x07" * 32


def _game(path: Path | None = None) -> Game:
    return Game(RULESET, Setup(), seed=SEED, players=("Alice", "Bob"), path=path, entropy=seed_only)


def test_sc_2_5_sealed_squads_name_their_player_for_no_viewer() -> None:
    """SC-2.5: the private order reads "Your ..." for its owner only; with no viewer (a
    replay) it names the player, by name when the game knows it."""
    event = SquadsOrdered(side=1, labels=("2A",), squads=(SquadOrder(4, 3, 3),), to=1)
    assert event.text_for(1, ("Alice", "Bob")).startswith("Your sealed starting squads: 2A")
    assert event.text_for(None, ("Alice", "Bob")).startswith("Bob's sealed starting squads: 2A")
    assert event.text_for(None).startswith("Player 2's sealed starting squads: 2A")
    assert not event.text().startswith("Your")


def test_replay_without_a_side_says_whose_squads_were_sealed(tmp_path: Path, capsys) -> None:
    """SC-2.5: ``replay`` without ``--side`` names each player; with ``--side 1`` only
    Player 1's own order is there, as "Your"."""
    game = _game(tmp_path / "g.json")
    for side in (0, 1):
        game.submit(side, RULESET.legal_actions(game.state, side)[0])
    game.save()
    capsys.readouterr()
    assert main(["replay", str(tmp_path / "g.json")]) == 0
    out = capsys.readouterr().out
    assert "Your" not in out
    assert "Alice's sealed starting squads" in out and "Bob's sealed starting squads" in out
    assert "Alice rolls" in out and "Alice's reserve" in out
    assert main(["replay", str(tmp_path / "g.json"), "--side", "1"]) == 0
    out = capsys.readouterr().out
    assert out.count("Your sealed starting squads") == 1 and "Bob's sealed" not in out


def test_sc_1_11_a_reinforcement_says_which_tokens_moved_where() -> None:
    """SC-1.11, SC-9.5: the log line of a rearrangement gives each place's net change."""
    game = _game()
    game.state = position(
        ["1A 3/3/3", "1B 2/2/2"],
        ["2A 3/3/3"],
        reserves=((4, 4, 4), (1, 1, 1)),
        unused_dice=((4, 6, 8, 10, 12), (4,)),
        phase="regroup",
        die=20,
        allowance=5,
    )
    moves = (Transfer(2, "pot", "reserve", "1A"), Transfer(1, "sup", "1B", "reserve"))
    events = game.submit(0, Regroup(moves=moves))
    line = next(e for e in events if isinstance(e, Regrouped)).text_for(None, game.players)
    assert line == "Alice moves 3 tokens (allowance 5): reserve -2 Pot +1 Sup; 1A +2 Pot; 1B -1 Sup."


def test_sc_11_4_the_result_says_who_ran_out_and_who_was_ahead() -> None:
    """SC-11.4: not "Bob wins (out of Potential and behind)", which reads as if Bob ran out."""
    assert (
        outcome_text(1, "c", ("Alice", "Bob")) == "Bob wins: Alice is out of Potential and behind on tokens"
    )
    assert outcome_text(0, "b") == "Player 1 wins: both are out of Potential and Player 1 is ahead on tokens"
    assert outcome_text(None, "d") == "Draw (stalemate)"
    event = GameOver(winner=1, ending="c", totals=(40, 52))
    assert event.text_for(None, ("Alice", "Bob")) == (
        "Bob wins: Alice is out of Potential and behind on tokens. Remaining totals: 40 to 52."
    )


def test_sc_11_4_the_list_of_saves_names_the_players(tmp_path: Path) -> None:
    """The Load list and the title's latest game: the players' names, who ran out."""
    game = _game(tmp_path / "over.json")
    game.state = position(["1A 0/3/3"], ["2A 3/3/3"], unused_dice=((), ()), phase="attack", active=0)
    game.state.phase = "over"
    game.state.winner = 1
    game.state.ending = "c"
    game.save()
    entry = read_entry(tmp_path / "over.json", {"sixchances"})
    assert entry.summary_text().startswith("Bob wins: Alice is out of Potential and behind on tokens, turn 1")
    assert entry.summary.startswith("Player 2 wins: Player 1 is out of Potential and behind on tokens")
    assert message_from(RULESET.summary_message(game.state)) is not None


@pytest.fixture
def russian():
    """The interface in Russian for one test."""
    before = i18n.current_language()
    i18n.set_language("ru")
    yield
    i18n.set_language(before)


@pytest.mark.usefixtures("russian")
def test_sc_9_3_russian_up_to_takes_the_genitive() -> None:
    """SC-9.3: «до 2 токенов», «до 1 токена», never «до 2 токена»."""
    two = ReinforcementRolled(side=0, die=4, allowance=2, forced=False).text_for(None, ("Алиса", "Борис"))
    one = ReinforcementRolled(side=0, die=4, allowance=1, forced=True).text_for(None, ("Алиса", "Борис"))
    assert "до 2 токенов" in two and "Алиса" in two
    assert "до 1 токена" in one


@pytest.mark.usefixtures("russian")
def test_russian_steps_are_named_apart_from_stats_and_protection() -> None:
    """The Support step is not the blue stat «Поддержка», the Defence step not the
    Protection «Защита»; no «подкрепитесь»; two players joined by a dash."""
    from engine.i18n import _

    assert _("Support step") != _("Support") and "Этап" in _("Support step")
    assert _("Defence step") != "Защита" and "Этап" in _("Defence step")
    catalogue = "".join(
        path.read_text(encoding="utf-8") for path in sorted(ROOT.glob("engine/**/locale/ru/LC_MESSAGES/*.po"))
    )
    assert "подкрепитесь" not in catalogue and "подкрепиться" not in catalogue
    assert versus(["Алиса", "Борис"]) == "Алиса — Борис"


def test_the_russian_rules_never_start_a_line_with_a_dash() -> None:
    """The Russian rules text binds each dash to the word before it (a non-breaking space)."""
    text = (ROOT / "engine" / "rulesets" / "sixchances" / "help" / "ru.md").read_text(encoding="utf-8")
    assert "\u00a0—" in text
    assert not re.search(r"(?<=\S)[ \n]—", text)
