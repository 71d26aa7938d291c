"""Wartable's rules engine: pure Python, no user interface.

``engine.game.Game`` drives a game of any ruleset registered under
``engine.rulesets``; ``engine.dice`` rolls every die; ``engine.record`` is the
save format. Nothing here imports Textual.
"""
