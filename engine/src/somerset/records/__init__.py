"""Records: deals, games and worked examples written as text, read and checked line by line.

One module per format: a deal (:mod:`.deal_record`), a game of several deals (:mod:`.game_record`)
and part of a deal without its hands (:mod:`.partial_record`, with each part it can show in
:mod:`.record_parts`), over what they share (:mod:`.common`); :mod:`.check` reads any of them.
A deal's play as the short code that links carry is :mod:`.links`. Imports only the rules and the game."""
