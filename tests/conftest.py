"""Settings every test tier shares.

Hypothesis runs derandomized (the same examples on every run, so a red CI run can be repeated
anywhere) and without its per-example deadline (the machine is shared: time is measured by the
benchmarks, never by tests). `make fuzz` and SOMERSET_FUZZ=long ask for random examples instead
(tests/fuzz/fuzzing.py). Tests marked `slow` are left out of the quick tier, `make check`.
"""

from __future__ import annotations

import os

import pytest
from hypothesis import settings

settings.register_profile("derandomized", derandomize=True, deadline=None, print_blob=True)
settings.register_profile("random", derandomize=False, deadline=None, print_blob=True)
settings.load_profile("random" if os.environ.get("SOMERSET_FUZZ") == "long" else "derandomized")


#: Tests that take seconds each (whole deals played by the sampling bot, the solver against brute
#: force, every command line as a separate process), by file and function: marked `slow` here, in
#: one list, so that `make check` leaves them out. A test may also carry @pytest.mark.slow itself.
SLOW = {
    "engine/test_sampling_bot.py": {"test_sampling_bots_play_only_legal_cards", "test_samples_agree_with_what_the_seat_has_seen",
                                    "test_the_simulator_offers_the_sampling_bot_and_keeps_its_default",
                                    "test_sampling_bot_bids_and_plays_as_the_heuristic_bot_before_the_ending"},
    "engine/test_table.py": {"test_a_whole_deal_at_the_table", "test_discards_and_trump_by_first_lead_are_asked_for",
                             "test_a_bad_move_keeps_the_position_before_it"},
    "engine/test_solve.py": {"test_solver_agrees_with_brute_force",
                             "test_endings_of_random_deals_agree_with_brute_force_and_repeat_node_for_node"},
    "engine/test_precompute.py": {"test_winner_agrees_with_trick_verdict", "test_legal_mask_agrees_with_legal_plays"},
    "engine/test_cli_api.py": {"*"},
    "engine/test_replay.py": {"test_bot_deals_replay_under_every_ruleset_and_format"},
    "engine/test_advisor.py": {"test_every_ruleset_and_format_answers", "test_the_precision_asked_for_is_reached"},
}


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "slow: takes seconds or more; left out of the quick tier (`make check`)")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    here = os.path.dirname(__file__)
    for item in items:
        where = os.path.relpath(str(item.path), here).replace(os.sep, "/")
        names = SLOW.get(where)
        if names and ("*" in names or getattr(item, "originalname", item.name) in names):
            item.add_marker(pytest.mark.slow)
