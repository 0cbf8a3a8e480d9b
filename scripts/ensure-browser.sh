#!/usr/bin/env bash
# Makes sure the browser tests have a Chromium to run in (used by `make test`, `make bench-web`
# and, through `make test`, by .ci/run).
#
# In order: Debian's /usr/bin/chromium (what tests/browser/conftest.py launches first); else
# Playwright's own Chromium, when one is installed for the pinned Playwright; else Debian's
# `chromium` is installed with apt-get when this user may (root, or sudo without a password).
# When none of that works it prints one message saying what to do and exits 1, so `make test`
# stops before any test runs instead of failing every browser test in its fixtures.
#
# CHROMIUM (default /usr/bin/chromium) and PYTHON (default .venv/bin/python) may be set for tests
# of this script.
set -euo pipefail
cd "$(dirname "$0")/.."

CHROMIUM=${CHROMIUM:-/usr/bin/chromium}
PYTHON=${PYTHON:-.venv/bin/python}

[ -x "$CHROMIUM" ] && exit 0

# Playwright's own build, if `playwright install chromium` was run for this version.
if [ -x "$PYTHON" ] && "$PYTHON" - <<'EOF' 2>/dev/null
import sys
from pathlib import Path
from playwright.sync_api import sync_playwright
with sync_playwright() as p:
    sys.exit(0 if Path(p.chromium.executable_path).exists() else 1)
EOF
then
  exit 0
fi

# Who may install: root as it is, anyone else through sudo without a password.
SUDO=no
if command -v apt-get >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ]; then
    SUDO=
  elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    SUDO="sudo -n"
  fi
fi

if [ "$SUDO" != no ]; then
  echo "== installing Debian's chromium for the browser tests (apt-get)"
  export DEBIAN_FRONTEND=noninteractive
  if $SUDO apt-get update -qq && $SUDO apt-get install -y -qq --no-install-recommends chromium fonts-liberation >/dev/null; then
    [ -x "$CHROMIUM" ] && exit 0
    why="apt-get installed chromium, but $CHROMIUM is still missing"
  else
    why="apt-get could not install the package chromium (its message is above)"
  fi
else
  why="this user cannot install packages (not root, no sudo without a password, or no apt-get)"
fi

cat >&2 <<EOF
make: the browser tests need Chromium, and there is none ($CHROMIUM is missing and Playwright has
none of its own). It cannot be installed here: $why.
Install Debian's (sudo apt-get install chromium) or Playwright's (.venv/bin/playwright install chromium),
then run the command again.
EOF
exit 1
