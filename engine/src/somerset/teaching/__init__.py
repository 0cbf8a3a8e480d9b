"""What the site teaches from the content files in ``somerset/content``: the files' format
(:mod:`.contentfile`) and check (:mod:`.content_check`), the puzzles and their kinds (:mod:`.puzzles`,
:mod:`.puzzle_kinds`, which lists them in order), the lessons, the rulings and the worked examples. Imports every layer
below it, never the service."""
