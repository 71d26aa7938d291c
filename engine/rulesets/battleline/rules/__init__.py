"""Battleline's rules, by responsibility: movement and attackability (``movement``),
validation of an order and its plan (``validate``), steps R3 to R7 (``attacks``),
step R8 (``damage``), and the turn with R1, R2 and R9 (``turn``)."""
