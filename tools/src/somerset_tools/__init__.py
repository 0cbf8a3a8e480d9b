"""The Some'r'Set engine's tools, outside the runtime the browser loads: the command line
(:mod:`.cli`, the ``somerset`` command), the benchmarks (:mod:`.bench`, :mod:`.bench_bots`,
:mod:`.bench_solve`, :mod:`.solve_budget`), the puzzle miner (:mod:`.ending_mine`) and the
statistics of "What a rule does" (:mod:`.stats`). They import the engine (``somerset``); the engine
never imports them."""
