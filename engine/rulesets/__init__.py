"""One package per battle system; each exposes ``RULESET`` (see ``engine.ruleset``)."""
