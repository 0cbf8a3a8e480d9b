"""MkDocs hook: the figures of "What a rule does", computed once, cached, charted at build time.

The figures come from :func:`somerset_tools.stats.gather_all` with ``SETTINGS``, kept in
``hooks/stats-figures.json`` (``CACHE``) under a key of the settings and ``engine_digest`` (the
SHA-256 of the engine's source files and of the tools' stats module); ``load_or_compute`` reuses
them while the key matches, else computes them again and prints the time. ``make stats`` always
computes them. A page asks for a figure with ``<!-- stats:NAME -->`` alone on a line
(``RENDERERS``): an SVG chart by matplotlib (a build dependency only) in the page's own colours,
then the numbers in a table. More: develop/architecture.md, "What a rule does".
"""

from __future__ import annotations

import hashlib
import html
import io
import json
import logging
import re
import sys
import time
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Callable

from mkdocs.exceptions import PluginError

from somerset import DIMENSIONS, get_ruleset
from somerset.rules.describe import value_label
from somerset.rules.dimensions import DIMENSION_KEYS
from somerset_tools.stats import Settings, gather_all

log = logging.getLogger("mkdocs.hooks.stats")

ROOT = Path(__file__).resolve().parents[1]
ENGINE = ROOT / "engine" / "src" / "somerset"
STATS_SOURCE = ROOT / "tools" / "src" / "somerset_tools" / "stats.py"
CACHE = ROOT / "hooks" / "stats-figures.json"

#: What the page shows: 150 games per ruleset (about 900 deals each) by the heuristic bots; what
#: they cost: develop/benchmarks.md, "What a rule does".
SETTINGS = Settings(games=150, seed=1, bots="heuristic")

#: The command that computes the figures again (named on the page and in develop/benchmarks.md).
COMMAND = "make stats"

MARKER = re.compile(r"^<!-- stats:([a-z-]+) -->[ \t]*$", re.M)
ANY_MARKER = re.compile(r"<!-- stats:")

JSON = dict[str, Any]


# --- the cache ------------------------------------------------------------------------------------


def engine_digest(engine: Path = ENGINE, stats: Path = STATS_SOURCE) -> str:
    """SHA-256 over every source file of the engine's package, with their paths, and over the
    tools' module that plays the games (``stats``).

    The readers' content (``content/``: puzzles, rulings, worked examples) is left out: no bot
    reads it, so a new puzzle or a reworded ruling does not make the build play the games again.
    """
    h = hashlib.sha256()
    for p in sorted(engine.rglob("*")):
        if not p.is_file() or "__pycache__" in p.parts or p.suffix not in {".py", ".toml", ".records", ".typed"}:
            continue
        if p.relative_to(engine).parts[0] == "content":
            continue
        h.update(p.relative_to(engine).as_posix().encode() + b"\0")
        h.update(p.read_bytes() + b"\0")
    h.update(b"somerset_tools/stats.py\0" + stats.read_bytes() + b"\0")
    return h.hexdigest()


def cache_key(settings: Settings, digest: str) -> str:
    """The key the cached figures are kept under: the settings and the engine's digest."""
    text = json.dumps({"settings": settings.to_json(), "engine": digest}, sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()


def load_or_compute(settings: Settings = SETTINGS, path: Path = CACHE, engine: Path = ENGINE,
                    force: bool = False) -> tuple[JSON, bool]:
    """The cached figures if their key matches (False), else figures computed now and written (True)."""
    key = cache_key(settings, engine_digest(engine))
    if not force and path.exists():
        try:
            cached = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as e:
            log.warning("stats: %s cannot be read (%s); computing the figures again", path, e)
        else:
            if isinstance(cached, dict) and cached.get("key") == key:
                return cached, False
    start = time.perf_counter()
    data = gather_all(settings)
    seconds = time.perf_counter() - start
    out: JSON = {
        "key": key,
        "computed": datetime.now(timezone.utc).strftime("%Y-%m-%d"),
        "python": sys.version.split()[0],
        **data,
    }
    path.write_text(json.dumps(out, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    deals = sum(f["deals"] for f in data["rulesets"])
    log.info("stats: computed the figures of %d rulesets (%d deals) in %.1f s into %s",
             len(data["rulesets"]), deals, seconds, path.relative_to(ROOT) if path.is_relative_to(ROOT) else path)
    return out, True


# --- charts ---------------------------------------------------------------------------------------

# Colours the charts are drawn in, replaced in the SVG by the page's own: the text colour and the
# custom properties in docs/assets/stylesheets/somerset.css (one value per scheme).
_INK, _GRID, _BAR, _OTHER = "#010101", "#020202", "#0000fe", "#0000fd"
# The page's policy (hooks/csp.py) allows no style attribute, so the SVG's styles become presentation
# attributes, and the colours that differ by scheme classes (sr-fill-bar, sr-stroke-grid, ...) that
# docs/assets/stylesheets/somerset.css colours.
_CLASS_COLOURS = {_GRID: "grid", _BAR: "bar", _OTHER: "other"}
_PRESENTATION = {"fill", "fill-opacity", "fill-rule", "stroke", "stroke-width", "stroke-linecap", "stroke-linejoin",
                 "stroke-miterlimit", "stroke-dasharray", "stroke-dashoffset", "stroke-opacity", "opacity",
                 "font-size", "font-weight", "font-style", "text-anchor", "clip-path", "dominant-baseline"}


def _attributes(tag: re.Match[str]) -> str:
    """One SVG start tag with its style attribute turned into presentation attributes and classes."""
    attrs, classes = [], []
    for decl in tag.group(2).split(";"):
        if not decl.strip():
            continue
        prop, _, value = (x.strip() for x in decl.partition(":"))
        if prop == "font-family":  # the text is set in the page's own font
            continue
        if prop == "font":  # "11px 'DejaVu Sans'": the size only, so the text is in the page's font
            prop, value = "font-size", value.split()[0]
        if prop not in ("fill", "stroke") and prop not in _PRESENTATION:
            raise PluginError(f"hooks/stats.py: an SVG style the charts do not expect: {decl.strip()!r}")
        if value == _INK:
            value = "currentColor"
        if value in _CLASS_COLOURS:
            classes.append(f"sr-{prop}-{_CLASS_COLOURS[value]}")
        else:
            attrs.append(f'{prop}="{html.escape(value)}"')
    if classes:
        attrs.append(f'class="{" ".join(classes)}"')
    return f"{tag.group(1)} {' '.join(attrs)}{tag.group(3)}"


def _pyplot() -> Any:
    import matplotlib

    matplotlib.use("svg")
    import matplotlib.pyplot as plt
    from cycler import cycler

    plt.rcParams.update({
        "svg.fonttype": "none",  # real text: searchable, and set in the page's own font
        "font.family": "sans-serif",
        "font.size": 11,
        "text.color": _INK, "axes.labelcolor": _INK, "axes.edgecolor": _INK,
        "xtick.color": _INK, "ytick.color": _INK, "grid.color": _GRID,
        "axes.facecolor": "none", "figure.facecolor": "none", "savefig.transparent": True,
        "axes.spines.top": False, "axes.spines.right": False,
        "axes.prop_cycle": cycler(color=[_INK]),
    })
    return plt


def _svg(fig: Any, name: str, label: str) -> str:
    """The figure as inline SVG: page colours, no fixed size, ids unique to the chart, a text alternative."""
    plt = _pyplot()
    plt.rcParams["svg.hashsalt"] = f"sr-stats-{name}"
    buf = io.StringIO()
    fig.savefig(buf, format="svg", bbox_inches="tight", metadata={"Date": None, "Creator": None})
    plt.close(fig)
    svg = buf.getvalue()
    svg = svg[svg.index("<svg"):]
    svg = re.sub(r"<metadata>.*?</metadata>\s*", "", svg, flags=re.S)
    if re.search(r"<[^>]*\sclass=", svg):
        raise PluginError(f"hooks/stats.py: chart {name} has class attributes of its own")
    svg = re.sub(r'(<[a-zA-Z]+\b[^>]*?)\s+style="([^"]*)"([^>]*>)', _attributes, svg)
    if "style=" in svg:
        raise PluginError(f"hooks/stats.py: chart {name} keeps a style attribute the page's policy would block")
    svg = re.sub(r"<svg [^>]*?(viewBox=\"[^\"]+\")[^>]*>",
                 lambda m: f'<svg xmlns="http://www.w3.org/2000/svg" {m.group(1)} role="img" '
                           f'aria-label="{html.escape(label)}" focusable="false">', svg, count=1)
    leftover = re.search(r"#[0-9a-fA-F]{6}", svg)
    if leftover:
        raise PluginError(f"hooks/stats.py: chart {name} has a colour that is not the page's ({leftover.group()})")
    return svg.strip()


def bar_chart(name: str, rows: list[tuple[str, float, float, float]], axis: str, label: str,
              percent: bool = False) -> str:
    """Horizontal bars with 95% intervals, one row a ruleset (label, value, low, high), as inline SVG."""
    plt = _pyplot()
    scale = 100.0 if percent else 1.0
    fig, ax = plt.subplots(figsize=(3.3, 0.7 + 0.26 * len(rows)))
    ys = list(range(len(rows)))[::-1]
    values = [v * scale for _, v, _, _ in rows]
    lows = [(v - lo) * scale for _, v, lo, _ in rows]
    highs = [(hi - v) * scale for _, v, _, hi in rows]
    ax.barh(ys, values, height=0.62, color=_BAR)
    ax.errorbar(values, ys, xerr=[lows, highs], fmt="none", ecolor=_INK, elinewidth=1, capsize=2.5)
    ax.set_yticks(ys, [r[0] for r in rows])
    ax.tick_params(axis="y", length=0)
    ax.set_xlabel(axis)
    ax.grid(axis="x", linewidth=0.6)
    ax.set_axisbelow(True)
    ax.set_xlim(left=0)
    if percent:
        ax.xaxis.set_major_formatter(lambda x, _pos: f"{x:.0f}%")
    return _svg(fig, name, label)


def stacked_chart(name: str, rows: list[tuple[str, int, int]], parts: tuple[str, str], axis: str, ylabel: str,
                  label: str) -> str:
    """Horizontal bars in two parts (such as made and set), one row a value (label, first, second), as inline SVG."""
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(3.3, 0.9 + 0.24 * len(rows)))
    ys = list(range(len(rows)))[::-1]
    first = [r[1] for r in rows]
    ax.barh(ys, first, height=0.7, color=_BAR, label=parts[0])
    ax.barh(ys, [r[2] for r in rows], left=first, height=0.7, color=_OTHER, label=parts[1])
    ax.set_yticks(ys, [r[0] for r in rows])
    ax.tick_params(axis="y", length=0)
    ax.set_xlabel(axis)
    ax.set_ylabel(ylabel)
    ax.grid(axis="x", linewidth=0.6)
    ax.set_axisbelow(True)
    ax.legend(loc="lower right", frameon=False, ncols=2, bbox_to_anchor=(1, 1), borderaxespad=0.2)
    return _svg(fig, name, label)


def box_chart(name: str, rows: list[tuple[str, JSON, float]], axis: str, label: str) -> str:
    """Horizontal boxes (quartiles, the middle line the median, whiskers to the least and greatest),
    each scaled by its row's divisor (so rows of different sizes share one axis)."""
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(3.3, 0.7 + 0.28 * len(rows)))
    stats = [{"label": lab, "whislo": 100 * q["min"] / d, "q1": 100 * q["q1"] / d, "med": 100 * q["median"] / d,
              "q3": 100 * q["q3"] / d, "whishi": 100 * q["max"] / d, "fliers": []} for lab, q, d in rows][::-1]
    ax.bxp(stats, orientation="horizontal", widths=0.6, patch_artist=True, showfliers=False,
           boxprops={"facecolor": _BAR, "edgecolor": _INK, "linewidth": 0.8},
           medianprops={"color": _INK, "linewidth": 2}, whiskerprops={"color": _INK}, capprops={"color": _INK})
    ax.tick_params(axis="y", length=0)
    ax.set_xlabel(axis)
    ax.grid(axis="x", linewidth=0.6)
    ax.set_axisbelow(True)
    ax.xaxis.set_major_formatter(lambda x, _pos: f"{x:.0f}%")
    return _svg(fig, name, label)


# --- the page's parts -----------------------------------------------------------------------------


def _pct(s: JSON) -> str:
    return f"{100 * s['share']:.1f}%"


def _pct_interval(s: JSON) -> str:
    return f"{100 * s['low']:.1f}–{100 * s['high']:.1f}%"


def _num(m: JSON) -> str:
    return f"{m['mean']:.2f}"


def _num_interval(m: JSON) -> str:
    return f"{m['low']:.2f}–{m['high']:.2f}"


def _who(data: JSON) -> str:
    s = data["settings"]
    deals = sum(f["deals"] for f in data["rulesets"])
    return (f"{s['bots'].capitalize()} bots, {s['games']} games a ruleset from seed {s['seed']} "
            f"({deals:,} deals; the table gives each ruleset's count)")


def _table(name: str, caption: str, head: list[str], rows: list[list[str]]) -> str:
    cells = "".join(f'<th scope="col">{html.escape(h)}</th>' for h in head)
    body = "".join("<tr>" + "".join((f'<th scope="row">{c}</th>' if i == 0 else f"<td>{c}</td>")
                                    for i, c in enumerate(row)) + "</tr>" for row in rows)
    return (f'<div class="sr-stats-table"><table data-stats="{name}"><caption>{html.escape(caption)}</caption>'
            f"<thead><tr>{cells}</tr></thead><tbody>{body}</tbody></table></div>")


def _figure(name: str, svg: str, caption: str) -> str:
    return (f'<figure class="sr-chart" data-stats="{name}">{svg}'
            f"<figcaption>{html.escape(caption)}</figcaption></figure>")


def _absent_note(data: JSON, key: str) -> str:
    notes = [f"<li>{html.escape(f['absent'][key])}.</li>" for f in data["rulesets"] if key in f["absent"]]
    return (f'<details class="sr-stats-absent"><summary>Not in this figure: {len(notes)} '
            f'{"ruleset" if len(notes) == 1 else "rulesets"}, and why</summary><ul>{"".join(notes)}</ul></details>'
            if notes else "")


def _share_figure(data: JSON, name: str, key: str, title: str, count_head: str, of_head: str, absent: str) -> str:
    """A share per ruleset (a chart and its table), rulesets without the figure listed after."""
    have = [f for f in data["rulesets"] if f[key] is not None]
    label = (f"Bar chart: {title}, for each of {len(have)} rulesets, with 95% intervals. {_who(data)}. "
             "The numbers are in the table that follows.")
    chart = bar_chart(name, [(f["name"], f[key]["share"], f[key]["low"], f[key]["high"]) for f in have],
                      title[0].upper() + title[1:], label, percent=True)
    rows = [[html.escape(f["name"]), _pct(f[key]), _pct_interval(f[key]), str(f[key]["count"]), str(f[key]["of"])]
            for f in have]
    table = _table(name, title[0].upper() + title[1:],
                   ["Ruleset", "Share", "95% interval", count_head, of_head], rows)
    return _figure(name, chart, f"{title[0].upper() + title[1:]}; the lines are 95% intervals. {_who(data)}.") + \
        table + _absent_note(data, absent)


def _mean_figure(data: JSON, name: str, key: str, title: str, of_head: str, absent: str,
                 extra: Callable[[JSON], list[str]] | None = None, extra_head: list[str] | None = None) -> str:
    have = [f for f in data["rulesets"] if f[key] is not None]
    label = (f"Bar chart: {title}, for each of {len(have)} rulesets, with 95% intervals. {_who(data)}. "
             "The numbers are in the table that follows.")
    chart = bar_chart(name, [(f["name"], f[key]["mean"], f[key]["low"], f[key]["high"]) for f in have],
                      title[0].upper() + title[1:], label)
    rows = [[html.escape(f["name"]), _num(f[key]), _num_interval(f[key]), *(extra(f) if extra else []),
             str(f[key]["of"])] for f in have]
    table = _table(name, title[0].upper() + title[1:],
                   ["Ruleset", "Mean", "95% interval", *(extra_head or []), of_head], rows)
    return _figure(name, chart, f"{title[0].upper() + title[1:]}; the lines are 95% intervals. {_who(data)}.") + \
        table + _absent_note(data, absent)


def render_about(data: JSON) -> str:
    s = data["settings"]
    deals = sum(f["deals"] for f in data["rulesets"])
    rows = [[html.escape(f["name"]), html.escape(f["format"]), str(f["players"]), str(f["points_per_deal"]),
             str(f["games"]), str(f["deals"]), str(f["passed_out"]), str(f["unfinished"])] for f in data["rulesets"]]
    table = _table("about", "The games played for every figure on this page",
                   ["Ruleset", "Format", "Players", "Points a deal", "Games", "Deals", "Thrown in", "Unfinished"], rows)
    same = _identical(data)
    twins = "".join(f"<li>{html.escape(_and([get_ruleset(r).short_name for r in ids]))}: they differ in "
                    f"{html.escape(_differences(ids))}.</li>" for ids in same)
    twins_note = (f"\n\nThe bots played exactly the same games under these rulesets, so every figure is the same "
                  f"for each: the rules in which they differ never changed a call or a card in these games.\n\n"
                  f"<ul class=\"sr-stats-twins\">{twins}</ul>" if same else "")
    return (f"These figures come from **{s['games']} games of each of the {len(data['rulesets'])} rulesets** "
            f"({deals:,} deals in all), each ruleset in its main format, played to its target by the engine's "
            f"**{s['bots']} bots** in every seat. Game *g* is dealt from seed {s['seed']} and its number, so every "
            f"ruleset sees the same seeds, and a game still going after {s['max_deals']} deals would count as "
            f"unfinished. They were computed on {data['computed']} in {data['seconds']:.0f} s of wall-clock time "
            f"(CPython {data['python']}), and the same settings give the same numbers: run `{COMMAND}` to compute "
            f"them again, or `python -m somerset_tools.stats --games {s['games']} --seed {s['seed']}` to print them.\n\n"
            f"{table}{twins_note}\n")


def _identical(data: JSON) -> list[list[str]]:
    """Groups of rulesets whose figures are all the same (the bots played the same games)."""
    groups: dict[str, list[str]] = {}
    for f in data["rulesets"]:
        figures = {k: v for k, v in f.items() if k not in {"ruleset", "name", "options", "absent"}}
        groups.setdefault(json.dumps(figures, sort_keys=True), []).append(f["ruleset"])
    return [ids for ids in groups.values() if len(ids) > 1]


def _differences(ids: list[str]) -> str:
    """The parts of the game (as the comparison names them) in which the rulesets ``ids`` differ."""
    rulesets = [get_ruleset(r) for r in ids]
    keys = [k for k in DIMENSION_KEYS if len({value_label(r, k) for r in rulesets}) > 1]
    heads = dict(DIMENSIONS)
    return _and([heads[k].lower() for k in keys]) or "nothing the engine models"


def _and(items: list[str]) -> str:
    return ", ".join(items[:-1]) + " and " + items[-1] if len(items) > 1 else "".join(items)


def render_rover(data: JSON) -> str:
    return _share_figure(data, "rover", "rover", "share of played 0/0s that take their trick",
                         "Took the trick", "0/0 played", "rover")


def render_ss(data: JSON) -> str:
    return _share_figure(data, "ss", "ss_captured", "share of played S/S captured by the other side",
                         "Captured", "S/S played", "ss_captured")


def render_kitty(data: JSON) -> str:
    return _mean_figure(data, "kitty", "kitty", "count points in the kitty", "Deals", "kitty",
                        lambda f: [_num(f["discards"]), _num_interval(f["discards"])],
                        ["Discarded by the bidder", "95% interval"])


def render_face_up(data: JSON) -> str:
    return _mean_figure(data, "face-up", "face_up", "count points in the face-up cards", "Deals", "face_up",
                        lambda f: [_pct(f["face_up_to_bidder"]), _pct_interval(f["face_up_to_bidder"])],
                        ["Taken by the bidder's side", "95% interval"])


def render_bidder(data: JSON) -> str:
    have = [f for f in data["rulesets"] if f["bidder_share"] is not None]
    title = "share of a deal's points the bidder's side takes"
    label = (f"Bar chart: the {title}, for each of {len(have)} rulesets, with 95% intervals. {_who(data)}. "
             "The numbers are in the table that follows.")
    chart = bar_chart("bidder", [(f["name"], f["bidder_share"]["mean"], f["bidder_share"]["low"],
                                  f["bidder_share"]["high"]) for f in have], "Share of the deal's points", label,
                      percent=True)
    rows = [[html.escape(f["name"]), _num(f["bidder_points"]), _num_interval(f["bidder_points"]),
             str(f["points_per_deal"]), _num(f["bidder_change"]), _num_interval(f["bidder_change"]),
             str(f["bidder_points"]["of"])] for f in have]
    table = _table("bidder", "Points per deal for the bidder's side",
                   ["Ruleset", "Points taken", "95% interval", "Of", "Score change", "95% interval", "Deals"], rows)
    return (_figure("bidder", chart, f"The {title}; the lines are 95% intervals. {_who(data)}.") + table
            + _absent_note(data, "bids"))


def render_made(data: JSON) -> str:
    return _share_figure(data, "made", "made", "share of winning bids made", "Made", "Deals bid", "bids")


def render_levels(data: JSON) -> str:
    out = []
    for f in data["rulesets"]:
        if not f["levels"]:
            continue
        rows = [[str(b), str(s["count"]), str(s["of"] - s["count"]), _pct(s), _pct_interval(s)]
                for b, s in f["levels"].items()]
        table = _table(f"levels-{f['ruleset']}", f"{f['name']}: bids made and set at each level",
                       ["Bid", "Made", "Set", "Share made", "95% interval"], rows)
        name = f"levels-{f['ruleset']}"
        label = (f"Stacked bar chart: for each winning bid of {f['name']}, the deals in which it was made and "
                 f"those in which it was set. {_who(data)}. The numbers are in the table that follows.")
        chart = stacked_chart(name, [(b, s["count"], s["of"] - s["count"]) for b, s in f["levels"].items()],
                              ("Made", "Set"), "Deals", "Bid", label)
        caption = f"{f['name']}: deals made and set at each winning bid. {_who(data)}."
        out.append(f'<details class="sr-stats-levels"><summary>{html.escape(f["name"])}: '
                   f'{len(f["levels"])} bid levels, {f["made"]["of"]} deals</summary>'
                   f'{_figure(name, chart, caption)}{table}</details>')
    return "\n".join(out) + _absent_note(data, "bids")


def render_bids(data: JSON) -> str:
    have = [f for f in data["rulesets"] if f["winning_bid_quartiles"] is not None]
    label = (f"Box chart: the winning bids of each of {len(have)} rulesets as a share of the points in a deal: "
             f"the box spans the middle half, the line in it is the median, the whiskers reach the lowest and "
             f"highest. {_who(data)}. The numbers are in the table that follows.")
    chart = box_chart("bids", [(f["name"], f["winning_bid_quartiles"], f["points_per_deal"]) for f in have],
                      "Winning bid, as a share of the deal's points", label)
    rows = []
    for f in have:
        q = f["winning_bid_quartiles"]
        rows.append([html.escape(f["name"]), _num(f["winning_bid"]), _num_interval(f["winning_bid"]),
                     str(q["min"]), f"{q['q1']}–{q['q3']}", str(q["median"]), str(q["max"]),
                     str(f["points_per_deal"]), str(f["winning_bid"]["of"])])
    table = _table("bids", "Winning bids",
                   ["Ruleset", "Mean", "95% interval", "Lowest", "Middle half", "Median", "Highest", "Of",
                    "Deals bid"], rows)
    return (_figure("bids", chart, "Winning bids as a share of the deal's points: boxes span the middle half, "
                                   f"the thick line is the median, whiskers reach the extremes. {_who(data)}.")
            + table + _absent_note(data, "bids"))


def render_game_length(data: JSON) -> str:
    have = [f for f in data["rulesets"] if f["game_length"] is not None]
    title = "deals a game takes to reach the target"
    label = (f"Bar chart: the mean number of {title}, for each of {len(have)} rulesets, with 95% intervals "
             f"{_who(data)}. The numbers are in the table that follows.")
    chart = bar_chart("game-length", [(f["name"], f["game_length"]["mean"], f["game_length"]["low"],
                                       f["game_length"]["high"]) for f in have], "Deals a game takes", label)
    rows = []
    for f in have:
        q = f["game_length_quartiles"]
        rows.append([html.escape(f["name"]), str(f["target"]), _num(f["game_length"]), _num_interval(f["game_length"]),
                     str(q["median"]), f"{q['min']}–{q['max']}", str(f["game_length"]["of"]), str(f["unfinished"])])
    table = _table("game-length", "Deals a game takes to reach the target",
                   ["Ruleset", "Target", "Mean", "95% interval", "Median", "Range", "Games", "Unfinished"], rows)
    without = [f["name"] for f in data["rulesets"] if f["game_length"] is None]
    note = (f"<p>No game of {html.escape(', '.join(without))} reached its target within "
            f"{data['settings']['max_deals']} deals.</p>" if without else "")
    return _figure("game-length", chart, f"Mean {title}; the lines are 95% intervals. {_who(data)}.") + table + note


RENDERERS: dict[str, Callable[[JSON], str]] = {
    "about": render_about,
    "rover": render_rover,
    "ss": render_ss,
    "kitty": render_kitty,
    "face-up": render_face_up,
    "bidder": render_bidder,
    "made": render_made,
    "levels": render_levels,
    "bids": render_bids,
    "game-length": render_game_length,
}

_rendered: dict[tuple[str, str], str] = {}  # (cache key, marker) -> HTML, so `mkdocs serve` redraws nothing


def render(name: str, data: JSON) -> str:
    """The HTML for marker ``name`` from the figures ``data``."""
    if name not in RENDERERS:
        raise PluginError(f"unknown marker stats:{name}; known: {', '.join(RENDERERS)}")
    memo = (data["key"], name)
    if memo not in _rendered:
        _rendered[memo] = RENDERERS[name](data)
    return _rendered[memo]


# --- MkDocs events --------------------------------------------------------------------------------


def on_page_markdown(markdown: str, page: Any, config: Any, files: Any, **kwargs: Any) -> str:
    if not ANY_MARKER.search(markdown):
        return markdown
    data, _ = load_or_compute()

    def replace(match: re.Match[str]) -> str:
        try:
            return render(match.group(1), data)
        except PluginError as e:
            raise PluginError(f"{page.file.src_uri}: {e}") from e

    result = MARKER.sub(replace, markdown)
    leftover = ANY_MARKER.search(result)
    if leftover:
        line = result[: leftover.start()].count("\n") + 1
        raise PluginError(f"{page.file.src_uri}:{line}: a stats marker must stand alone on its line, like <!-- stats:rover -->")
    return result


def main() -> int:
    """``python hooks/stats.py``: compute the figures again whatever the cache holds (``make stats``)."""
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    data, _ = load_or_compute(force=True)
    print(f"{sum(f['deals'] for f in data['rulesets'])} deals in {data['seconds']:.1f} s; wrote {CACHE.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
