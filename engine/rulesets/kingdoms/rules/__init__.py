"""The rules of the Three Kingdoms battle system, split by responsibility:
``board`` (the map's tables), ``movement`` (TK-3, TK-9), ``combat`` (TK-4, TK-5),
``plan`` (TK-6, TK-4.3), ``fight`` (step 5), ``orders`` (TK-2.5, TK-2.8),
``duels`` (TK-11, TK-12), ``siege`` (TK-14), ``morale`` (TK-10, TK-16.1),
``control`` (TK-18), ``command`` (steps 1 and 3), ``phase`` (the procedure,
TK-2.4)."""
