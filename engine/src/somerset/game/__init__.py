"""A game as it is played: the seeded shuffle (:mod:`.rng`), the tables a ruleset's deal needs
(:mod:`.precompute`), a deal as a state machine (:mod:`.deal`) moved by actions (:mod:`.actions`), a
game of deals (:mod:`.match`) and their JSON views (:mod:`.views`). Imports only :mod:`somerset.rules`."""
