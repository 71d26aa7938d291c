"""The rules of Going Ballistic, split by responsibility: sight, movement, direct
fire, overwatch, arc fire and equipment, damage, the turn's flow, and the
dispatcher that checks and resolves each action."""
