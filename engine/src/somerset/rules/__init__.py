"""The rules: cards and packs, the rule dimensions (:mod:`.dimensions`) and the surveyed
rulesets as cited data (:mod:`.rulesets`, :mod:`.sources`), one trick's legal plays and verdict
(:mod:`.play`), the auction (:mod:`.bidding`), the kitty, scoring and penalties, and the engine's
errors and input limits. The lowest layer: it imports nothing else of the engine."""
