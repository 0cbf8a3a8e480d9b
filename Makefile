# The Some'r'Set companion: setup, build, serve and test.
# Needs only python3 (3.11+), node/npm and make; everything else is pinned and installed locally:
# Python packages in .venv (requirements.txt), Pyodide in node_modules (package-lock.json), and the
# engine as an editable install plus a wheel in dist/ (the wheel is what the browser runs).

SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help
.DELETE_ON_ERROR:

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
HOST   ?= 127.0.0.1
PORT   ?= 8000
PYTEST_ARGS ?=

export NO_MKDOCS_2_WARNING := 1
export PIP_DISABLE_PIP_VERSION_CHECK := 1
export npm_config_fund := false
export npm_config_audit := false
export npm_config_update_notifier := false

# Some machines' pip configuration names local package folders that do not exist; pip then prints
# one warning per package. Drop just those lines (pip's exit status still counts, via pipefail).
QUIET_PIP := 2>&1 | { grep -v "^WARNING: Location 'file:.*' is ignored" || true; }

# Stamps live inside what they describe, so deleting .venv or node_modules redoes the step.
VENV_OK    := $(VENV)/.stamp-requirements
ENGINE_OK  := $(VENV)/.stamp-engine
NPM_OK     := node_modules/.stamp-npm-ci
WHEEL_OK   := dist/.stamp-wheel

# The wheel is rebuilt when a source or content file changes (puzzles, rulings and worked examples
# in engine/src/somerset/content), one is added or removed (the folders' times), or when dist/ holds
# no wheel at all.
ENGINE_SRC := engine/pyproject.toml engine/README.md \
	$(shell find engine/src -name '*.egg-info' -prune -o -name __pycache__ -prune -o \( -type d -o -name '*.py' -o -name py.typed -o -name '*.toml' -o -name '*.records' \) -print 2>/dev/null)
WHEEL_MISSING := $(if $(wildcard dist/somerset-*.whl),,FORCE)

.PHONY: help setup wheel build serve test check typecheck jstest browser fuzz stats bench bench-ab bench-solve bench-solve-site bench-bots bench-advise bench-bid bench-web clean FORCE
FORCE:

help:
	@echo "make serve      set everything up, then serve the site at http://$(HOST):$(PORT)"
	@echo "make test       set up, build the site, run every test (engine, site, Pyodide, browser, JavaScript)"
	@echo "make check      the quick tier: type checks, the engine's fast tests, JavaScript unit tests"
	@echo "make setup      .venv from requirements.txt, npm ci, engine and tools editable, engine wheel"
	@echo "make wheel      build dist/somerset-<version>-py3-none-any.whl"
	@echo "make build      mkdocs build --strict into site/"
	@echo "make typecheck  mypy --strict on engine/src, tools/src, hooks and scripts"
	@echo "make jstest     the JavaScript unit tests (node --test tests/js)"
	@echo "make browser    Chromium for the browser tests (installs Debian's chromium when it can)"
	@echo "make fuzz       the fuzz tests (tests/fuzz) with 20 to 50 times the examples, from a random seed"
	@echo "make stats      compute the figures of \"What a rule does\" again (hooks/stats-figures.json)"
	@echo "make bench      deals per second of random play, in CPython and in Pyodide under Node"
	@echo "make bench-ab   the engine's speed now against main (BASE=rev), side by side, CPython and Pyodide"
	@echo "make bench-solve  the solver's speed on random endings, in CPython and in Pyodide under Node"
	@echo "make bench-solve-site  the nodes the site's best-play answers need, and their speed in CPython and Pyodide"
	@echo "make bench-bots  one kind of bot against another in duplicate (BOTS=sampling AGAINST=heuristic), 2,000 deals (CPython), and moves' time in Pyodide"
	@echo "make bench-advise  the advisor: play-outs a second, the play-out bot in duplicate, time to a first answer (CPython, Pyodide)"
	@echo "make bench-bid  advisor bidding against today's bidding in duplicate, and the advisor's calibration (CPython, Pyodide)"
	@echo "make bench-web  the engine's start-up (unthrottled and on an emulated phone) and the bytes of pages in headless Chromium (scripts/bench_web.py)"
	@echo "make clean      remove .venv, node_modules, site, dist and caches"

setup: $(VENV_OK) $(ENGINE_OK) $(NPM_OK) $(WHEEL_OK)

$(VENV_OK): requirements.txt
	@$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11))' || { echo "make: $(PYTHON) is older than 3.11" >&2; exit 1; }
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --requirement requirements.txt $(QUIET_PIP)
	@touch $@

# Editable: only metadata (name, version, console script) needs a reinstall, not source edits.
# The engine (engine/, the wheel the browser runs) and its tools (tools/: the somerset command,
# benchmarks, puzzle miner, statistics) are two packages, installed one after the other.
$(ENGINE_OK): engine/pyproject.toml tools/pyproject.toml $(VENV_OK)
	$(BIN)/python -m pip install --quiet --no-deps --no-build-isolation --editable engine $(QUIET_PIP)
	$(BIN)/python -m pip install --quiet --no-deps --no-build-isolation --editable tools $(QUIET_PIP)
	@touch $@

$(NPM_OK): package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	@touch $@

$(WHEEL_OK): $(ENGINE_SRC) scripts/build_wheel.py $(VENV_OK) $(WHEEL_MISSING)
	$(BIN)/python scripts/build_wheel.py dist
	@touch $@

wheel: $(WHEEL_OK)

build: setup
	$(BIN)/mkdocs build --strict --site-dir site

serve: setup
	$(BIN)/mkdocs serve --dev-addr $(HOST):$(PORT)

test: setup typecheck browser
	$(BIN)/mkdocs build --strict --site-dir site
	$(BIN)/python -m pytest tests $(PYTEST_ARGS)

# The quick tier: what a change should pass before `make test` (no site build, no browser, no Pyodide).
check: setup typecheck jstest
	$(BIN)/python -m pytest tests/engine -m "not slow" -q -p no:cacheprovider $(PYTEST_ARGS)

typecheck: $(VENV_OK) $(ENGINE_OK)
	$(BIN)/mypy --strict engine/src tools/src hooks scripts

jstest:
	node --test tests/js/

# `make test` runs tests/fuzz with a small, derandomized number of examples; this runs them with
# 20 to 50 times as many from a random seed (shown by pytest: repeat a run with FUZZ_SEED=<seed>).
FUZZ_SEED ?= $(shell od -An -N4 -tu4 /dev/urandom | tr -d ' ')
fuzz: setup
	SOMERSET_FUZZ=long $(BIN)/python -m pytest tests/fuzz -p no:cacheprovider --hypothesis-seed=$(FUZZ_SEED) \
		--hypothesis-show-statistics $(PYTEST_ARGS)

# The browser tests and bench-web run in Chromium: scripts/ensure-browser.sh finds one or installs
# Debian's, and otherwise stops with one message saying what to do.
browser: $(VENV_OK)
	@bash scripts/ensure-browser.sh

# The figures of "What a rule does" (docs/figures.md): the build reuses hooks/stats-figures.json while
# the engine and the settings in hooks/stats.py are unchanged, and computes them itself otherwise.
stats: setup
	$(BIN)/python hooks/stats.py

BENCH_DEALS ?= 3000
bench: setup
	$(BIN)/python -m somerset_tools.bench $(BENCH_DEALS)
	node scripts/pyodide-python.mjs $$(ls dist/somerset-*.whl) -m somerset_tools.bench $(BENCH_DEALS)

BASE ?= main
bench-ab: setup
	$(BIN)/python scripts/bench_ab.py $(BASE)
	$(BIN)/python scripts/bench_ab.py $(BASE) --pyodide --deals 500

SOLVE_POSITIONS ?= 30
bench-solve: setup
	$(BIN)/python -m somerset_tools.bench_solve --cards 6 --positions $(SOLVE_POSITIONS)
	node scripts/pyodide-python.mjs $$(ls dist/somerset-*.whl) -m somerset_tools.bench_solve --cards 6 --positions $(SOLVE_POSITIONS)
	$(BIN)/python -m somerset_tools.bench_solve --cards 8 --positions $$(( $(SOLVE_POSITIONS) / 3 ))

SOLVE_SITE_ARGS ?= --deals 3 --lines --cap 450000 --slice 10000
bench-solve-site: setup
	$(BIN)/python -m somerset_tools.solve_budget $(SOLVE_SITE_ARGS)
	node scripts/pyodide-python.mjs $$(ls dist/somerset-*.whl) -m somerset_tools.solve_budget $(SOLVE_SITE_ARGS)

# One kind of bot against another in duplicate (BOTS against AGAINST: any of make_bots' kinds, such as
# heuristic, sampling, search, sampling+advisor): points and score a deal with 95% intervals, and the
# cost (the default pair takes about half an hour on a busy machine); then the time of their moves
# in Pyodide under Node.
BOTS ?= sampling
AGAINST ?= heuristic
BOTS_RULES ?= parker-1947
BOTS_DEALS ?= 2000
BOTS_PYODIDE_DEALS ?= 20
BOTS_ARGS = --bots $(BOTS) --against $(AGAINST) --rules $(BOTS_RULES)
bench-bots: setup
	nice $(BIN)/python -m somerset_tools.bench_bots $(BOTS_ARGS) --deals $(BOTS_DEALS) --progress
	node scripts/pyodide-python.mjs $$(ls dist/somerset-*.whl) -m somerset_tools.bench_bots $(BOTS_ARGS) --deals $(BOTS_PYODIDE_DEALS)
	$(BIN)/python -m somerset_tools.bench_bots $(BOTS_ARGS) --deals $(BOTS_PYODIDE_DEALS)

# The bid advisor: the play-out policy's speed and its margin against heuristic bots in duplicate,
# and the time to a first answer (every trump within a point) in CPython, then in Pyodide under Node.
ADVISE_DEALS ?= 500
ADVISE_HANDS ?= 10
bench-advise: setup
	nice $(BIN)/python -m somerset_tools.bench_advise --deals $(ADVISE_DEALS) --hands $(ADVISE_HANDS)
	node scripts/pyodide-python.mjs $$(ls dist/somerset-*.whl) -m somerset_tools.bench_advise --positions 100 --deals 0 --hands 3

# Bots that bid with the advisor against today's bidding, the same deals at two tables with the
# seats swapped, in Parker 1947, somersetgame.com and Hodges 1913 (about five minutes of CPU each
# at 300 deals), with the advisor's calibration; then the time of an advisor call in Pyodide under Node.
BID_DEALS ?= 300
BID_PYODIDE_DEALS ?= 3
bench-bid: setup
	nice $(BIN)/python -m somerset_tools.bench_bid --deals $(BID_DEALS) --progress
	node scripts/pyodide-python.mjs $$(ls dist/somerset-*.whl) -m somerset_tools.bench_bid --rules parker-1947 --deals $(BID_PYODIDE_DEALS)

BENCH_WEB_ARGS ?=
bench-web: build browser
	$(BIN)/python scripts/bench_web.py $(BENCH_WEB_ARGS)

clean:
	rm -rf $(VENV) node_modules site dist engine/build .pytest_cache .mypy_cache .hypothesis
	find engine tests hooks scripts -depth \( -name __pycache__ -o -name '*.egg-info' \) -type d -exec rm -rf {} +
