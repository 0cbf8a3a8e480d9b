"""Players: the bots (:mod:`.bots`), the deals they imagine from what they have seen
(:mod:`.determinize`), and random play (:mod:`.simulate`). Imports the rules, the game, the records and
the solver."""
