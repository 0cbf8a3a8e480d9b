"""What the browser's requests get (through :mod:`somerset.api`): the JSON shapes of answers
(:mod:`.responses`), rulesets compared (:mod:`.compare`), a deal at the table (:mod:`.table`), the same
deal under several rulesets (:mod:`.samedeal`), the score pad (:mod:`.pad`), replays (:mod:`.replay`)
and the trainer's data (:mod:`.trainer`). The top layer, under the API itself."""
