"""Two or more builds of the site, side by side: the engine's start in each (printed, not a test).

    .venv/bin/python scripts/bench_web_ab.py [--phone] [--profile] [--path NAME ...] ROUNDS SITE_DIR [SITE_DIR ...]

Serves every built site as scripts/bench_web.py serves one and runs its round (cold, second
visit, second tool page, offline) on each in turn, ROUNDS times, the order alternating; prints
each round, then per build the medians and the worker's steps. ``--path`` picks start paths
(bench_web.VARIANTS, default snapshot), ``--phone`` an emulated phone on a poor connection,
``--profile`` a browser profile on disk per round. For trying a change to the worker or the
pages; how to read it: develop/benchmarks.md, "The engine in the browser".
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent))
import bench_web  # noqa: E402
from site_server import serve  # noqa: E402

USAGE = "usage: bench_web_ab.py [--phone] [--profile] [--path NAME ...] ROUNDS SITE_DIR [SITE_DIR ...]"


def main(argv: list[str]) -> int:
    phone = "--phone" in argv
    profile = "--profile" in argv
    argv = [a for a in argv if a not in ("--phone", "--profile")]
    paths: list[str] = []
    while "--path" in argv:
        i = argv.index("--path")
        if i + 1 >= len(argv) or argv[i + 1] not in [v[0] for v in bench_web.VARIANTS]:
            print(f"{USAGE}\n--path takes one of {', '.join(v[0] for v in bench_web.VARIANTS)}", file=sys.stderr)
            return 2
        paths.append(argv[i + 1])
        del argv[i:i + 2]
    paths = paths or ["snapshot"]
    if len(argv) < 2 or not argv[0].isdigit() or int(argv[0]) < 1:
        print(USAGE, file=sys.stderr)
        return 2
    rounds, sites = int(argv[0]), [Path(a) for a in argv[1:]]
    for site in sites:
        if not (site / "assets" / "engine" / "manifest.json").is_file():
            print(f"bench_web_ab: {site} is not a built site (no assets/engine/manifest.json)", file=sys.stderr)
            return 2
    runs = [(site, path) for site in sites for path in paths]
    servers = {run: serve(run[0], cache_header=True, compress=phone, overrides=bench_web.variant_overrides(*run))
               for run in runs}
    results: dict[tuple[Path, str], list[dict[str, Any]]] = {run: [] for run in runs}
    name = {run: f"{run[0]} [{run[1]}]" for run in runs}
    with sync_playwright() as p:
        launch: dict[str, Any] = {"executable_path": str(bench_web.CHROMIUM), "args": bench_web.ARGS}
        browser = p.chromium.launch(**launch)
        profiles = tempfile.TemporaryDirectory(prefix="bench-web-profiles-")

        def on_disk(**options: Any) -> Any:
            return p.chromium.launch_persistent_context(tempfile.mkdtemp(dir=profiles.name), **launch, **options)
        for r in range(rounds):
            order = list(runs)
            if r % 2:
                order.reverse()
            for run in order:
                out = bench_web.run_round(browser, servers[run][1], 3, phone=phone, offline=True,
                                          open_context=on_disk if profile else None)
                results[run].append(out)
                print(f"round {r + 1}/{rounds}, {name[run]}: cold {out['cold']:.0f} ms, second visit {out['second']:.0f} ms, "
                      f"second tool page {out['instant']:.0f} ms, offline {out['offline']:.0f} ms; on the wire "
                      f"{out['cold_bytes'][0] / 1e6:.2f} / {out['second_bytes'][0] / 1e6:.2f} / {out['offline_bytes'][0] / 1e6:.2f} MB "
                      f"(+ {out['background_bytes'][0] / 1e6:.2f} MB in the background)",
                      flush=True)
        browser.close()
        profiles.cleanup()
    for server, _ in servers.values():
        server.shutdown()
    print(f"Chromium headless{', emulated phone (4x CPU, 9 Mbit/s, 40 ms), gzip as GitHub Pages serves' if phone else ', unthrottled'}"
          f"{', a profile on disk per round' if profile else ''}, "
          f"{rounds} rounds; ranges are min-max over the rounds")
    for run in runs:
        got = results[run]
        starts = sorted({f"{g['cold_state']['start']}/{g['second_state']['start']}" for g in got})
        print(f"{name[run]}: start path (cold/second visit) {', '.join(starts)}")
        print(f"    cold {bench_web.seconds([g['cold'] for g in got])}, second visit {bench_web.seconds([g['second'] for g in got])}, "
              f"second tool page {bench_web.millis([g['instant'] for g in got])}")
        for label, value in bench_web.start_rows(run[1], got):
            print(f"    {label.split('] ', 1)[1]}: {value}")
        for label, key in (("cold", "cold"), ("second visit", "second")):
            print(f"    {label} steps: {bench_web.steps([g[f'{key}_state'] for g in got])}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
