"""Records: a deal or game written as text (:mod:`.record`, read and written) and its parts
(:mod:`.record_parts`). Imports only the rules and the game."""
