"""Two or more builds of the site, side by side: the engine's start in each (printed, not a test).

    .venv/bin/python scripts/bench_web_ab.py [--phone] ROUNDS SITE_DIR SITE_DIR [SITE_DIR ...]

Serves every built site (as scripts/bench_web.py serves one) and runs bench_web's round (cold,
second visit, second tool page) on each in turn, ROUNDS times, alternating the order every round
so that neither build always goes first on a shared, noisy machine. Prints each round, then per
build the medians and the worker's steps (median ms from navigation). For trying a change to the
worker or the pages: build the site before and after it into two folders and compare them here.

--phone measures a phone on a poor connection instead (bench_web.emulate_phone: a 4x slower CPU,
9 Mbit/s, 40 ms latency, a 360 x 740 touch screen), with the sites gzip-compressed as GitHub
Pages serves them, so that what goes over the wire counts.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent))
import bench_web  # noqa: E402
from site_server import serve  # noqa: E402


def main(argv: list[str]) -> int:
    phone = "--phone" in argv
    argv = [a for a in argv if a != "--phone"]
    if len(argv) < 3 or not argv[0].isdigit() or int(argv[0]) < 1:
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 2
    rounds, sites = int(argv[0]), [Path(a) for a in argv[1:]]
    for site in sites:
        if not (site / "assets" / "engine" / "manifest.json").is_file():
            print(f"bench_web_ab: {site} is not a built site (no assets/engine/manifest.json)", file=sys.stderr)
            return 2
    servers = [serve(site, cache_header=True, compress=phone) for site in sites]
    results: dict[Path, list[dict[str, Any]]] = {site: [] for site in sites}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(bench_web.CHROMIUM), args=bench_web.ARGS)
        for r in range(rounds):
            order = list(zip(sites, servers))
            if r % 2:
                order.reverse()
            for site, (_, base) in order:
                out = bench_web.run_round(browser, base, 3, phone=phone)
                results[site].append(out)
                print(f"round {r + 1}/{rounds}, {site}: cold {out['cold']:.0f} ms, second visit {out['second']:.0f} ms, "
                      f"second tool page {out['instant']:.0f} ms", flush=True)
        browser.close()
    for server, _ in servers:
        server.shutdown()
    for site in sites:
        got = results[site]
        print(f"{site}: cold {bench_web.seconds([g['cold'] for g in got])}, second visit {bench_web.seconds([g['second'] for g in got])}, "
              f"second tool page {bench_web.millis([g['instant'] for g in got])}")
        for label, key in (("cold", "cold"), ("second visit", "second")):
            print(f"    {label}: {bench_web.steps([g[f'{key}_state'] for g in got])}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
