"""MkDocs hook: generate every table that describes rulesets from the engine's data.

Pages hold markers such as ``<!-- somerset:compare -->`` alone on a line; this hook replaces
each with content built from ``somerset`` at build time, so no rule table is typed by hand. The
build fails on an unknown marker, an unknown ruleset, a ruleset without a variant page, a
ruleset page whose title or navigation entry is not the ruleset's display name
(``Ruleset.short_name``, the one home of that name), or a worked example the engine does not
reproduce.
"""

from __future__ import annotations

import html
import json
import posixpath
import re
from collections import Counter
from pathlib import Path
from typing import Any, Callable
from urllib.parse import urlencode

from mkdocs.exceptions import PluginError

from somerset import DIMENSIONS, PACKS, RULESETS, get_ruleset, parse_cards
from somerset.rules.dimensions import AROUND_PLAY, CONDUCT
from somerset.rules.describe import teams_label, trick_order, value_label
from somerset.teaching.examples import WORKED_EXAMPLES, examples_for
from somerset.rules.kitty import undealt_kind
from somerset.records.record_parts import main_part
from somerset.service.replay import replay, replay_bots
from somerset.rules.dimensions import PileKind, Ruleset, UndealtKind
from somerset.teaching.rulings import RULINGS, answer_all, topic_name
from somerset.rules.sources import Citation

# A marker may be indented (inside a collapsible admonition): what it renders is indented as much.
MARKER = re.compile(r"^([ \t]*)<!-- somerset:([a-z-]+)(?: ([A-Za-z0-9_./-]+))? -->[ \t]*$", re.M)
ANY_MARKER = re.compile(r"<!-- somerset:")
HEADINGS = dict(DIMENSIONS)


# --- links ---------------------------------------------------------------------------------------


def _md_link(page: Any, target: str) -> str:
    """A Markdown link target from this page to a docs file (so MkDocs validates it)."""
    here = posixpath.dirname(page.file.src_uri)
    path, _, anchor = target.partition("#")
    rel = posixpath.relpath(path, here or ".")
    return rel + (f"#{anchor}" if anchor else "")


def _url(page: Any, target: str) -> str:
    """A URL from this page to a site URL such as 'sources/#key' (for raw HTML)."""
    base = page.url if page.url.endswith("/") or page.url == "" else posixpath.dirname(page.url) + "/"
    path, _, anchor = target.partition("#")
    rel = posixpath.relpath(path or ".", base or ".") if base else path
    if path.endswith("/") and not rel.endswith("/"):
        rel += "/"
    return rel + (f"#{anchor}" if anchor else "")


def _cite_md(page: Any, c: Citation) -> str:
    return f"[{c.label}]({_md_link(page, f'sources/index.md#{c.source}')})"


def _cite_html(page: Any, c: Citation, text: str | None = None) -> str:
    return f'<a class="sr-cite" href="{html.escape(_url(page, c.href))}" title="{html.escape(c.label)}">{html.escape(text or c.label)}</a>'


def _variant_md(page: Any, r: Ruleset, anchor: str = "") -> str:
    return _md_link(page, f"variants/{r.id}.md" + (f"#{anchor}" if anchor else ""))


def _tool_url(page: Any, tool: str, **params: str) -> str:
    return html.escape(_url(page, f"tools/{tool}/") + "?" + urlencode(params, safe="/,"))


def _majority(key: str) -> str:
    labels = Counter(value_label(r, key) for r in RULESETS.values())
    return labels.most_common(1)[0][0]


def _ruleset_arg(arg: str | None, page: Any) -> Ruleset:
    if not arg:
        raise PluginError(f"{page.file.src_uri}: this marker needs a ruleset id")
    try:
        return get_ruleset(arg)
    except ValueError as e:
        raise PluginError(f"{page.file.src_uri}: {e}") from e


def _indent(text: str, spaces: int = 4) -> str:
    pad = " " * spaces
    return "\n".join(pad + line if line.strip() else "" for line in text.splitlines())


# --- renderers -----------------------------------------------------------------------------------


def render_ruleset(page: Any, arg: str | None) -> str:
    r = _ruleset_arg(arg, page)
    out: list[str] = []
    for key, heading in DIMENSIONS:
        rule = r.rule(key)
        label = value_label(r, key)
        differs = label != _majority(key)
        badge = ' <span class="sr-differs-badge">differs from most rulesets</span>' if differs else ""
        cites = "; ".join(_cite_md(page, c) for c in rule.citations)
        out.append(f"{heading}{badge}")
        body = f"**{label[0].upper() + label[1:]}.** {rule.summary}\n\n<small>Source: {cites}</small>"
        if rule.interpretation:
            body += f'\n\n!!! info "Interpretation"\n{_indent(rule.interpretation)}'
        out.append(":   " + _indent(body)[4:])
        out.append("")
    return '<div class="sr-rules" markdown>\n\n' + "\n".join(out) + "\n</div>\n"


def _undealt_cell(r: Ruleset, f: Any) -> str:
    if f.pile is not PileKind.NONE:
        kind = f.pile.label
        extra = f", of which {f.face_up_from_pile} face up for the first trick" if f.face_up_from_pile else ""
        return f"{f.undealt} in a {kind}{extra}"
    kind = undealt_kind(r, f.id)
    return "none" if kind is UndealtKind.NONE else f"{f.undealt}: {kind.label}"


def render_formats(page: Any, arg: str | None) -> str:
    r = _ruleset_arg(arg, page)
    rows = ["| Format | Sides | Cards each | Left over | Tricks | Points a deal | Source |",
            "|---|---|---|---|---|---|---|"]
    notes: list[str] = []
    for f in r.formats.value:
        points = str(f.points_per_deal) if f.points_stated else f"{f.points_per_deal} (computed)"
        rows.append(
            f"| {f.label} (`{f.id}`) | {teams_label(f)} | {f.hand_size} | {_undealt_cell(r, f)} | {f.tricks(r.deck)} "
            f"| {points} | {_cite_md(page, f.citation)} |"
        )
        if f.removed:
            notes.append(f"- **{f.label}:** remove {', '.join(f.removed)} before dealing.")
        if f.interpretation:
            notes.append(f"- **{f.label}** (interpretation): {f.interpretation}")
    text = "\n".join(rows)
    text += "\n\nSeats are numbered from 1 in playing order; partners are joined by +.\n"
    if notes:
        text += "\n" + "\n".join(notes) + "\n"
    return text


def render_interpretations(page: Any, arg: str | None) -> str:
    r = _ruleset_arg(arg, page)
    items = r.interpretations()
    if not items:
        return "The sources settle every rule of this ruleset; the engine had nothing to decide.\n"
    return "\n".join(f"- **{HEADINGS.get(key, key)}:** {text}" for key, text in items) + "\n"


def _steps_block(r: Ruleset, example_id: str, data: dict[str, Any]) -> str:
    """The example's replay: its record, a static step list (readable without JavaScript) and the replayer tag."""
    steps = "\n".join(f"{i}. **{s['label']}.** {s['text']}" for i, s in enumerate(data["steps"], 1))
    record = "The record (the project's record format; the source gives no hands):\n\n```text\n" + data["record"] + "```"
    tag = f'<somerset-replay example="{html.escape(example_id)}" rules="{html.escape(r.id)}"></somerset-replay>'
    return "\n\n" + _indent(f'??? example "Step by step"\n{_indent(steps)}\n\n{_indent(record)}\n\n{_indent(tag)}')


def render_examples(page: Any, arg: str | None) -> str:
    r = _ruleset_arg(arg, page)
    out: list[str] = []
    for example_id in examples_for(r.id):
        record = WORKED_EXAMPLES[example_id]
        try:
            play = record.under(r.id)  # reading the record already checked it; this reads it for this page
            data = replay(example_id, r.id)
        except ValueError as e:
            raise PluginError(f"{r.id}: worked example {example_id} disagrees with the engine: {e}") from e
        cite = _cite_md(page, record.citation) if record.citation else ""
        part = main_part(play)
        note = f" <small>({record.tags['Note']})</small>" if "Note" in record.tags else ""
        tool = part.tool(play)
        link = ""
        if tool is not None:
            name, words, params = tool
            link = f' <a class="sr-try" href="{_tool_url(page, name, **params)}">Try it in the {words}</a>'
        head = f"- {part.headline(play)} {cite}.{note}{link}"
        out.append(head + _steps_block(r, example_id, data))
    play_url = _tool_url(page, "play", rules=r.id, seed="1")
    watch = _tool_url(page, "replay", rules=r.id, seed=str(SAMPLE_SEED))
    whole = (f'To see every rule of {r.short_name} at work in one deal, <a class="sr-try" href="{play_url}">play a deal '
             f'against the engine\'s bots</a> or <a class="sr-try" href="{watch}">watch the bots play one</a>, step '
             "by step.\n")
    if not out:
        return ("This source prints no worked example of its own; the [rulings](" + _md_link(page, "rulings.md")
                + ") show how the engine applies its rules.\n\n" + whole)
    return "\n\n".join(out) + "\n\n" + whole


def render_dimension(page: Any, arg: str | None) -> str:
    if arg not in HEADINGS:
        raise PluginError(f"{page.file.src_uri}: unknown rule dimension {arg!r}; known: {', '.join(HEADINGS)}")
    key = arg
    majority = _majority(key)
    rows = [f"| Ruleset | {HEADINGS[key]} | Source |", "|---|---|---|"]
    for r in sorted(RULESETS.values(), key=lambda r: (value_label(r, key) != majority, value_label(r, key))):
        rule = r.rule(key)
        label = value_label(r, key)
        mark = " ◆" if label != majority else ""
        interp = f" ([interpretation]({_variant_md(page, r, 'interpretations')}))" if rule.interpretation else ""
        rows.append(f"| [{r.short_name}]({_variant_md(page, r)}) | {label}{mark}{interp} | {_cite_md(page, rule.citation)} |")
    return "\n".join(rows) + "\n\n◆ marks a ruleset that differs from the most common rule.\n"


def differing(labels: list[str]) -> list[bool]:
    """Which of a row's cells differ: those that are not the rule most of the rulesets shown use.

    When no label is more common than every other (two rulesets that disagree, say), every cell of
    a row that is not unanimous is marked. ``widgets/compare/compare.js`` applies the same rule to the
    rulesets a reader picks; the browser tests hold the two to each other.
    """
    counts = Counter(labels)
    ranked = counts.most_common()
    if len(ranked) == 1:
        return [False] * len(labels)
    if ranked[0][1] == ranked[1][1]:
        return [True] * len(labels)
    return [label != ranked[0][0] for label in labels]


def _compare_row(page: Any, rulesets: list[Any], key: str, heading: str) -> str:
    """One row of the compare matrix: the rule ``key`` of every ruleset, the odd ones out marked."""
    labels = [value_label(r, key) for r in rulesets]
    marks = differing(labels)
    cells = []
    for r, label, differs in zip(rulesets, labels, marks):
        rule = r.rule(key)
        interp = (
            f' <a class="sr-interp" href="{html.escape(_url(page, f"variants/{r.id}/#interpretations"))}" '
            f'title="{html.escape(rule.interpretation)}">interpretation</a>'
            if rule.interpretation else ""
        )
        marker = '<span class="sr-mark" aria-hidden="true">◆ </span><span class="sr-only">Differs: </span>' if differs else ""
        cells.append(
            f'<td data-rs="{r.id}" data-key="{key}" class="{"sr-differs" if differs else "sr-same"}">'
            f'{marker}<span class="sr-value">{html.escape(label)}</span> {_cite_html(page, rule.citation, "source")}{interp}</td>'
        )
    row_class = "sr-row-differs" if any(marks) else "sr-row-same"
    return f'<tr class="{row_class}" data-key="{key}"><th scope="row">{html.escape(heading)}</th>{"".join(cells)}</tr>'


def render_compare(page: Any, arg: str | None) -> str:
    """Every rule of every ruleset, with a picker that narrows the columns (CSS only, no JavaScript
    needed; widgets/compare/compare.js adds the address, the marks against the rulesets picked, and the
    announcement)."""
    rulesets = list(RULESETS.values())
    picks = []
    css = []
    for r in rulesets:
        aliases = " ".join(r.aliases)
        picks.append(
            f'<input type="checkbox" class="sr-show sr-pick" id="sr-show-{r.id}" value="{r.id}" '
            f'data-name="{html.escape(r.short_name)}" data-aliases="{html.escape(aliases)}">'
            f'<label for="sr-show-{r.id}">{html.escape(r.short_name)}</label>'
        )
        # With a ruleset picked, the columns of the others are hidden; with none, every column shows.
        css.append(f'.sr-compare:has(.sr-pick:checked):not(:has(#sr-show-{r.id}:checked)) [data-rs="{r.id}"]{{display:none}}')
    head = "".join(
        f'<th scope="col" data-rs="{r.id}"><a href="{html.escape(_url(page, f"variants/{r.id}/"))}">{html.escape(r.short_name)}</a>'
        f'<br><small>{html.escape(r.family)}, {html.escape(r.year)}</small></th>'
        for r in rulesets
    )
    # The rules of play first (what changes how a deal is played or scored), then, under a heading
    # row of their own and marked more quietly, the rules around the play (see AROUND_PLAY).
    play = [(k, t) for k, t in DIMENSIONS if k not in AROUND_PLAY]
    around = [(k, t) for k, t in DIMENSIONS if k in AROUND_PLAY]
    width = len(rulesets) + 1
    body = [f'<tbody class="sr-matrix-play"><tr class="sr-matrix-group"><th scope="rowgroup" colspan="{width}">'
            'The rules of play: how a deal is played and scored</th></tr>']
    for group, dims in (("play", play), ("around", around)):
        if group == "around":
            body.append(f'</tbody><tbody class="sr-matrix-around"><tr class="sr-matrix-group"><th scope="rowgroup" '
                        f'colspan="{width}">Around the play: a card shown while dealing, the end of a game, '
                        'the options</th></tr>')
        for key, heading in dims:
            body.append(_compare_row(page, rulesets, key, heading))
    body.append("</tbody>")
    n = len(rulesets)
    return (
        f'<div class="sr-compare">\n<style>{"".join(css)}</style>\n'
        f'<p class="sr-compare-help" id="sr-compare-help">Two taps compare two rulesets; with none ticked, all {n} '
        f"are shown. ◆ marks a rule that differs from the one most of the {n} rulesets use.</p>\n"
        '<form class="sr-compare-pick" aria-describedby="sr-compare-help">'
        f'<fieldset><legend>Rulesets to compare</legend>{"".join(picks)}</fieldset>'
        f'<button type="reset" class="md-button sr-compare-all">Show all {n}</button></form>\n'
        '<input type="checkbox" class="sr-show sr-filter" id="sr-only-diff"><label for="sr-only-diff">Only rules that differ</label>\n'
        '<p class="sr-compare-status" role="status" aria-live="polite" hidden></p>\n'
        "<somerset-compare></somerset-compare>\n"
        '<div class="sr-matrix-wrap" role="region" aria-labelledby="sr-compare-caption" tabindex="0">'
        '<table class="sr-matrix"><caption id="sr-compare-caption">Every rule of every ruleset, generated from the '
        f'engine\'s data</caption><thead><tr><th scope="col">Rule</th>{head}</tr></thead>'
        + "".join(body)
        + "</table></div>\n</div>\n"
    )


def ruling_names(page: Any) -> dict[str, str]:
    """The short names players use for the rulings (the page's front matter, `ruling_names`).

    A ruling's heading starts with its name, so the site's search, which weighs words in headings
    far above words in text, finds a ruling by what players call it ("revoke", "a double after the
    0/0"); the table of contents lists the names alone."""
    names = page.meta.get("ruling_names") or {}
    if not isinstance(names, dict):
        raise PluginError(f"{page.file.src_uri}: ruling_names must map ruling ids to names")
    known = {r.id for r in RULINGS}
    for rid, name in names.items():
        if rid not in known:
            raise PluginError(f"{page.file.src_uri}: ruling_names names an unknown ruling {rid!r}; "
                              f"the rulings are: {', '.join(sorted(known))}")
        if not isinstance(name, str) or not name.strip() or '"' in name:
            raise PluginError(f"{page.file.src_uri}: the name of ruling {rid!r} must be plain text without quotes")
    return {k: v.strip() for k, v in names.items()}


def ruling_tricks(ruling: Any) -> dict[str, tuple[str, str]]:
    """A "winner" ruling's whole trick per pack, as (trump, cards); {} for any other kind."""
    if ruling.kind != "winner":
        return {}
    return {pack: (str(pos["trump"]), str(pos["trick"])) for pack, pos in ruling.positions.items()}


def _ruling_resolver_links(page: Any, ruling: Any) -> str:
    """Links that open a ruling's trick in the trick resolver under every ruleset (one per pack
    whose trick differs), or "" for a ruling without a whole trick."""
    tricks = ruling_tricks(ruling)
    if not tricks:
        return ""
    links: list[str] = []
    seen: set[tuple[str, str]] = set()
    packs = sorted(tricks, key=lambda p: (p != "double", p))  # the double pack's trick first
    for pack in packs:
        trump, cards = tricks[pack]
        if (trump, cards) in seen:
            continue
        seen.add((trump, cards))
        url = _md_link(page, "tools/trick.md") + "?" + urlencode(
            {"rules": "all", "trump": trump, "cards": ",".join(c.strip() for c in cards.split(","))}, safe="/,")
        label = "Open this trick in the trick resolver" if not links else f"the {pack} pack's trick"
        links.append(f"[{label}]({url})")
    return (links[0] + (", or " + ", ".join(links[1:]) if links[1:] else "")) + ", under every ruleset.\n"


def _rulings_index(page: Any, called: dict[str, str]) -> str:
    """The questions at the top of the rulings page, grouped by topic: one folded list per topic
    (its summary counts the questions), each question by the name players use, linked to it."""
    groups: dict[str, list[Any]] = {}
    for ruling in RULINGS:
        groups.setdefault(ruling.topic, []).append(ruling)
    out = ['<nav class="sr-rulings-index" aria-labelledby="sr-rulings-index-title">',
           '<p class="sr-rulings-index__title" id="sr-rulings-index-title"><strong>The questions</strong>, by topic</p>']
    for rulings in groups.values():
        items = "".join(f'<li><a href="#{r.id}">{html.escape(called.get(r.id) or r.question)}</a></li>' for r in rulings)
        n = len(rulings)
        out.append(f'<details class="sr-rulings-index__topic"><summary>{html.escape(topic_name(rulings[0]))} '
                   f'<span class="sr-rulings-index__count">({n} question{"" if n == 1 else "s"})</span></summary>'
                   f'<ul class="sr-links">{items}</ul></details>')
    out.append("</nav>")
    return "\n".join(out) + "\n"


def _ruling_answers(page: Any, ruling: Any) -> str:
    """A ruling's answers as a list, rulesets that answer alike in one item. Each item names its
    rulesets (data-rulesets) so the page's "our table only" switch (widgets/rulings/rulings.js) can show the
    reader's ruleset's answer alone; without JavaScript every answer shows."""
    groups: dict[str, list[tuple[Ruleset, Any]]] = {}
    for r, a in answer_all(ruling):
        groups.setdefault(a.short, []).append((r, a))
    ordered = sorted(groups.items(), key=lambda kv: (not kv[1][0][1].applies, -len(kv[1])))
    items = []
    for short, members in ordered:
        ids = " ".join(r.id for r, _ in members)
        names = ", ".join(f'<a href="{html.escape(_url(page, f"variants/{r.id}/"))}" data-ruleset="{r.id}">'
                          f"{html.escape(r.short_name)}</a>" for r, _ in members)
        items.append(f'<li data-rulesets="{ids}"><strong class="sr-ruling-answer__short">'
                     f"{html.escape(short[0].upper() + short[1:])}</strong>: {names}</li>")
    return f'<ul class="sr-ruling-answers" data-ruling="{ruling.id}">' + "".join(items) + "</ul>\n"


def render_rulings(page: Any, arg: str | None) -> str:
    called = ruling_names(page)
    _RULING_NAMES.clear()
    _RULING_NAMES.update(called)
    order = " ".join(RULESETS)
    # The reader's ruleset first (on a phone's first screen, whether the page was opened or searched
    # to), then the questions.
    out: list[str] = [f'<somerset-rulings data-rulesets="{order}"></somerset-rulings>\n', _rulings_index(page, called)]
    topic = None
    for ruling in RULINGS:
        if ruling.topic != topic:
            topic = ruling.topic
            out.append(f"## {topic_name(ruling)}\n")
        name = called.get(ruling.id)
        if name:
            out.append(f'### {name}: {ruling.question} {{#{ruling.id} data-toc-label="{html.escape(name)}"}}\n')
        else:
            out.append(f"### {ruling.question} {{#{ruling.id}}}\n")
        if ruling.shown:
            main = "double" if "double" in ruling.shown else next(iter(ruling.shown))
            shown = ruling.shown[main]
            others = {p: t for p, t in ruling.shown.items() if t != shown}
            line = f"*Position ({main} pack):* {shown}"
            if others:
                line += " " + " ".join(f"*{p.capitalize()} pack:* {t}" for p, t in others.items())
            out.append(line + "\n")
        resolver = _ruling_resolver_links(page, ruling)
        if resolver:
            out.append(resolver)
        out.append(_ruling_answers(page, ruling))
        out.append(_ruling_why(page, ruling))
    return "\n".join(out) + "\n"


def _ruling_why(page: Any, ruling: Any) -> str:
    """A ruling's reasons, ruleset by ruleset, folded: each item names its ruleset (data-ruleset) so that
    "Our table only" (widgets/rulings.js) shows the reader's alone; without JavaScript every one shows."""
    answers = answer_all(ruling)
    checked = any(a.checked for _, a in answers)
    title = "Why, ruleset by ruleset" + (" (answers computed by the rules engine)" if checked else "")
    items = []
    for r, a in answers:
        interp = f" <em>Interpretation:</em> {html.escape(a.interpretation)}" if a.interpretation else ""
        items.append(f'<li data-ruleset="{r.id}"><strong>{html.escape(r.short_name)}:</strong> {html.escape(a.detail)} '
                     f"{_cite_html(page, a.citation)}.{interp}</li>")
    return (f'<details class="note sr-ruling-why" data-ruling="{ruling.id}">\n'
            f'<summary class="sr-ruling-why__title">{html.escape(title)}</summary>\n'
            f'<ul>{"".join(items)}</ul>\n</details>\n')


def render_pack(page: Any, arg: str | None) -> str:
    if arg not in PACKS:
        raise PluginError(f"{page.file.src_uri}: unknown pack {arg!r}; known: {', '.join(PACKS)}")
    pack = PACKS[arg]
    rows = ["| Suit | Cards, low to high | Count cards |", "|---|---|---|"]
    for suit in pack.suits:
        cards = [c for c in pack.cards if c.suit == suit]
        counts = ", ".join(f"{c} ({pack.count_value(c)})" for c in cards if pack.count_value(c))
        rows.append(f"| /{suit} | {', '.join(str(c) for c in cards)} | {counts or '—'} |")
    if pack.has_ss:
        rows.append(f"| (none) | S/S | S/S ({pack.count_value(parse_cards('S/S', pack)[0])}) |")
    users = ", ".join(f"[{r.short_name}]({_variant_md(page, r)})" for r in RULESETS.values() if r.deck is pack)
    note = "Assumed: no source names these cards." if pack.count_assumed else ""
    return (
        "\n".join(rows)
        + f"\n\n**{len(pack)} cards**, count cards worth **{pack.count_total}** in all. Used by: {users}.\n\n"
        f'!!! info "Where the count values come from"\n{_indent(pack.count_note + " " + note)}\n'
    )


def _dots(n: int) -> str:
    """A puzzle's difficulty, 1 to 5 as the engine grades it, as dots with the number for screen readers."""
    return (f'<span class="sr-difficulty" title="difficulty {n} of 5">{"●" * n}{"○" * (5 - n)}'
            f'<span class="sr-only"> difficulty {n} of 5</span></span>')


def _trainer_link(page: Any, p: Any) -> str:
    """The puzzle in the trainer (its permalink), marked with its id for the progress count."""
    href = html.escape(_url(page, "puzzles/trainer/") + "?p=" + p.id)
    return (f'<p class="sr-puzzle-try" data-puzzle="{html.escape(p.id)}"><a class="sr-try" href="{href}">Try it in the '
            "trainer</a>: answer by tapping a card, see why a wrong card is wrong, and keep your progress.</p>")


def _ending_block(p: Any) -> str:
    """An ending puzzle for reading: the position as a list, the question, the hint, and the answer with
    the best line and every wrong card's refutation in collapsed blocks (no JavaScript needed)."""
    from somerset.teaching.ending_puzzles import line_text, prove

    proof = prove(p)
    items = [f"- **{html.escape(label)}**" + (f": {html.escape(value)}" if value is not None else "")
             for label, value in p.kind_of.facts(p)]
    lines = [*items, "", f"{html.escape(p.question)} *Answer with one card" +
             (" now, and one at each of your next turns." if len(proof.steps) > 1 else ".") + "*", ""]
    lines += ['??? tip "Hint"', _indent(html.escape(p.hint)), ""]
    body = [_title_line(p), "",
            f"**{html.escape(', then '.join(s.answer for s in proof.steps))}.** {html.escape(p.explanation)}", "",
            f"*The engine:* {html.escape(p.kind_of.detail(p, tuple(s.answer for s in proof.steps)))}", ""]
    for k, step in enumerate(proof.steps):
        if len(proof.steps) > 1:
            body.append(f"Step {k + 1}: the answer is {step.answer}." +
                        (f" Best defence then: {html.escape(line_text(step.reply[1:], step.position, proof.you))}"
                         if k + 1 < len(proof.steps) and len(step.reply) > 1 else ""))
        for x in step.refutations:
            body.append(f"- **{x.card}** gives up {x.cost}: {html.escape(x.why)} Best play after it: "
                        f"{html.escape(line_text(x.line, step.position, proof.you))}")
        body.append("")
    lines += ['??? success "Answer"', _indent("\n".join(body)), ""]
    return "\n".join(lines)


def _title_line(p: Any) -> str:
    """The puzzle's title, shown with its answer (it names the puzzle's idea, often a card of the answer)."""
    return f"*The puzzle's title:* {html.escape(p.title, quote=False)}"


def _puzzle_block(page: Any, p: Any, number: int) -> str:
    """One puzzle: headed by its number, theme and task (its title goes with the answer, below the fold)."""
    from somerset.teaching.puzzles import THEMES, judge, public, solve

    head = f"### {number}. {html.escape(p.heading, quote=False)} {{#{p.id}}}"
    if p.kind_of.plays_out:
        return "\n".join([head, "",
                          f'<p class="sr-puzzle-meta">{html.escape(p.rules.short_name)} · '
                          f'{html.escape(dict(THEMES)[p.theme])} · {_dots(p.difficulty)}</p>', "", _ending_block(p),
                          _trainer_link(page, p), ""])

    data = public(p)
    r = p.rules
    lines = [head, ""]
    lines.append(
        f'<p class="sr-puzzle-meta">{html.escape(r.short_name)} · {html.escape(dict(THEMES)[p.theme])} · {_dots(p.difficulty)}</p>'
    )
    lines.append("")
    facts = [f"**{label}:** {value}." if value is not None else f"**{label}.**" for label, value in p.kind_of.facts(p)]
    if facts:
        lines += [" ".join(facts), ""]
    lines += [f"{p.question} *Answer with {data['pick']}.*", ""]
    lines += ['??? tip "Hint"', _indent(p.hint), ""]
    verdict = judge(p, list(solve(p)))
    answer = ", ".join(solve(p))
    lines += ['??? success "Solution"',
              _indent(f"{_title_line(p)}\n\n**{answer}.** {p.explanation}\n\n*The engine:* {verdict['detail']}"), ""]
    lines += [_trainer_link(page, p), ""]
    return "\n".join(lines)


def render_puzzles(page: Any, arg: str | None) -> str:
    from somerset.teaching.puzzles import PUZZLES, THEMES, check_all

    failures = check_all()
    if failures:
        raise PluginError("puzzles disagree with the engine:\n" + "\n".join(failures))
    if arg not in (None, "ending"):
        raise PluginError(f"{page.file.src_uri}: puzzles takes nothing, or 'ending' (the ending puzzles)")
    chosen = [p for p in PUZZLES if (p.kind == "ending") == (arg == "ending")]
    # Sorted as the trainer sorts them: by theme, then by the engine's grade of difficulty.
    out = []
    number = 0
    for theme, name in THEMES:
        mine = sorted((p for p in chosen if p.theme == theme), key=lambda p: p.difficulty)
        if not mine:
            continue
        out.append(f"## {name} {{#theme-{theme}}}\n")
        for p in mine:
            number += 1
            out.append(_puzzle_block(page, p, number))
    return "\n".join(out)


def render_puzzle_index(page: Any, arg: str | None) -> str:
    from somerset.teaching.puzzles import PUZZLES

    targets = {False: _md_link(page, "puzzles/index.md"), True: _md_link(page, "puzzles/endings.md")}
    out = []
    if arg == "ruleset":
        for r in RULESETS.values():
            items = [p for p in PUZZLES if p.ruleset == r.id]
            out.append(f"## {r.short_name}\n")
            train = _url(page, "puzzles/trainer/")
            out += [f"- [{p.heading}]({targets[p.kind == 'ending']}#{p.id}) {_dots(p.difficulty)} "
                    f'<a class="sr-try" data-puzzle="{html.escape(p.id)}" href="{html.escape(train + "?p=" + p.id)}">in the trainer</a>'
                    for p in items]
            out.append("")
    else:
        raise PluginError(f"{page.file.src_uri}: puzzle-index takes 'ruleset'")
    return "\n".join(out) + "\n"


def render_quickref(page: Any, arg: str | None) -> str:
    """A one-page card: every rule in short, the formats, and what beats what."""
    r = _ruleset_arg(arg, page)
    rows = ['<table class="sr-quickref"><caption>' + html.escape(r.name) + "</caption><tbody>"]
    for key, heading in DIMENSIONS:
        rule = r.rule(key)
        mark = ' <span class="sr-mark" title="differs from most rulesets">◆</span>' if value_label(r, key) != _majority(key) else ""
        interp = ' <span class="sr-dagger" title="interpretation: the sources leave this open">†</span>' if rule.interpretation else ""
        rows.append(
            f'<tr><th scope="row">{html.escape(heading)}</th><td>{html.escape(value_label(r, key))}{mark}{interp}</td></tr>'
        )
    rows.append("</tbody></table>")
    formats = "; ".join(
        f"{f.label.lower()}: {f.hand_size} cards each, {f.points_per_deal} points" for f in r.formats.value
    )
    order = trick_order(r)
    return (
        '<div class="sr-quickref-card">\n'
        + "\n".join(rows)
        + f'\n<p><strong>Who wins a trick:</strong> {html.escape(order)}</p>'
        + f"\n<p><strong>Formats:</strong> {html.escape(formats)}.</p>"
        + '\n<p class="sr-quickref-key">◆ differs from most rulesets · † the project\'s interpretation where the sources '
        f'are silent; details on the <a href="{html.escape(_url(page, f"variants/{r.id}/"))}">{html.escape(r.short_name)} page</a>.</p>\n'
        "</div>\n"
    )


#: The seed of the sample deal on the deal replayer's page (and the replayer's opening deal).
SAMPLE_SEED = 7


def render_sample_deal(page: Any, arg: str | None) -> str:
    """A deal the bots play from SAMPLE_SEED: its record, then the steps the replayer shows."""
    r = _ruleset_arg(arg, page)
    data = replay_bots(r, None, SAMPLE_SEED)
    steps = "\n".join(f"{i}. **{s['label']}.** {s['text']}" for i, s in enumerate(data["steps"], 1))
    return (f"```text\n{data['record']}```\n\n"
            f'??? example "The same deal, step by step"\n{_indent(steps)}\n')


def _field_rows(fields: dict[str, str]) -> list[str]:
    return [f"| `{name}` | {html.escape(what)} |" for name, what in fields.items()]


def render_content_schema(page: Any, arg: str | None) -> str:
    """The fields of a content file, from the engine's own lists (so this page cannot drift from them)."""
    if arg == "puzzle":
        from somerset.teaching.puzzle_kinds import PUZZLE_KINDS
        from somerset.teaching.puzzles import FIELDS, POSITION_FIELDS, THEMES

        out = ["| Field | What it holds |", "|---|---|", *_field_rows(FIELDS), "",
               "The position: each kind of puzzle reads some of these fields (see the next table).", "",
               "| Field | What it holds |", "|---|---|", *_field_rows(POSITION_FIELDS), "",
               "| `kind` | What it asks | Position fields (required ones in bold) | `answer` |", "|---|---|---|---|"]
        for kind in PUZZLE_KINDS.values():
            fields = ", ".join(f"**`{f}`**" if f in (*kind.required, *kind.own_required) else f"`{f}`"
                               for f in (*kind.fields, *kind.own_fields))
            usual = kind.question.replace("{bid}", "N") + (" (N: the `bid`)" if "{bid}" in kind.question else "")
            ask = kind.about + (f' If `question` is left out, it is "{usual}"' if kind.question else "")
            out.append(f"| `{kind.name}` | {html.escape(ask)} | {fields} | {html.escape(kind.answer_form)} |")
        for kind in PUZZLE_KINDS.values():
            if kind.own_fields:
                out += ["", f"Fields only a `{kind.name}` puzzle reads:", "", "| Field | What it holds |", "|---|---|",
                        *_field_rows(kind.own_fields)]
        out += ["", "The themes (`theme`), as `themes.toml` lists them: "
                + "; ".join(f"`{t}` ({html.escape(n)})" for t, n in THEMES) + "."]
        from somerset.teaching.puzzle_kinds import DIFFICULTY_MEASURES

        out += ["", "A puzzle has no difficulty field: the engine grades it from 1 to 5, counting one above 1 for each "
                "of these that holds: " + "; ".join(html.escape(what) for _, what in DIFFICULTY_MEASURES) + "."]
        return "\n".join(out) + "\n"
    if arg == "ruling":
        from somerset.teaching.rulings import FIELDS as RULING_FIELDS
        from somerset.teaching.rulings import NEEDS_ABOUT, RULING_KINDS, TOPICS

        out = ["| Field | What it holds |", "|---|---|", *_field_rows(RULING_FIELDS), "",
               "| `kind` | How the engine answers | Position fields (required ones in bold) | Its own fields |",
               "|---|---|---|---|"]
        for ruling_kind in RULING_KINDS.values():
            fields = ", ".join(f"**`{f}`**" if f in ruling_kind.required else f"`{f}`" for f in ruling_kind.fields) or "none"
            own = "; ".join(f"`{w}`: {html.escape(what)}" + ("" if required else " (optional)")
                            for w, (what, required, _) in ruling_kind.words.items()) or "none"
            rule = f" Without `rule`, it quotes `{ruling_kind.default_rule}`." if ruling_kind.default_rule else ""
            out.append(f"| `{ruling_kind.name}` | {html.escape(ruling_kind.about)}{rule} | {fields} | {own} |")
        out += ["", "What a question may need (`needs`): "
                + "; ".join(f"`{n}` ({html.escape(w)})" for n, w in NEEDS_ABOUT.items()) + ".", "",
                "The topics (`topic`), as `topics.toml` lists them: "
                + "; ".join(f"`{t}` ({html.escape(n)})" for t, n in TOPICS) + ".", "",
                "The rules an answer may quote (`rule`): " + "; ".join(f"`{k}` ({html.escape(h)})" for k, h in DIMENSIONS)
                + "; and the conduct of the game, which no rule of play covers: "
                + "; ".join(f"`{k}` ({html.escape(h)})" for k, h in CONDUCT) + "."]
        return "\n".join(out) + "\n"
    raise PluginError(f"{page.file.src_uri}: content-schema takes 'puzzle' or 'ruling'")


def render_card(page: Any, arg: str | None) -> str:
    """One card of the double pack drawn as the tools draw it (ui.js cardFace: the play value over
    the suit, a count card in red with its value in a circle, a double framed), hidden from screen
    readers, which read the words beside it."""
    pack = PACKS["double"]
    try:
        (card,) = parse_cards(arg or "", pack)
    except ValueError as e:
        raise PluginError(f"{page.file.src_uri}: somerset:card needs one card of the double pack, such as 4/8: {e}") from e
    text = str(card)
    top, bottom = ("S", "S") if card.is_ss else text.split("/")
    count = pack.count_value(card)
    classes = ["sr-cardface", "sr-cardface--home"] + (["sr-cardface--count"] if count else []) + \
        (["sr-cardface--double"] if card.is_double else []) + (["sr-cardface--ss"] if card.is_ss else [])
    circle = f'<span class="sr-cardface__count">{count}</span>' if count else ""
    return (f'<span class="{" ".join(classes)}" aria-hidden="true"><span class="sr-cardface__value">{top}</span>'
            f'<span class="sr-cardface__suit">{bottom}</span>{circle}</span>')


def render_today(page: Any, arg: str | None) -> str:
    """The home page's "Today's puzzle" entry: a link to the trainer (which picks a puzzle itself
    without JavaScript), in <somerset-today>, which points it at the day's puzzle, chosen by the
    date from the trainer's easy puzzles (listed here, so it works offline without fetching anything),
    and says its task and difficulty."""
    from somerset.teaching.puzzles import PUZZLES

    # Each puzzle's heading (its theme and task, never its title, which may name the answer) and its
    # difficulty: the widget picks an easy one by the date, as the trainer does.
    puzzles = html.escape(json.dumps([[p.id, p.heading, p.difficulty] for p in PUZZLES], ensure_ascii=False,
                                     separators=(",", ":")))
    href = html.escape(_url(page, "puzzles/trainer/"))
    return (f'<somerset-today data-puzzles="{puzzles}"><a class="sr-home__entry sr-home__today" href="{href}">'
            '<span class="sr-home__entry-title">Today\'s puzzle</span>'
            '<span class="sr-home__entry-line">One trick to read or win, a new one every day</span></a></somerset-today>')


RENDERERS: dict[str, Callable[[Any, str | None], str]] = {
    "ruleset": render_ruleset,
    "formats": render_formats,
    "interpretations": render_interpretations,
    "examples": render_examples,
    "dimension": render_dimension,
    "compare": render_compare,
    "rulings": render_rulings,
    "pack": render_pack,
    "puzzles": render_puzzles,
    "quickref": render_quickref,
    "puzzle-index": render_puzzle_index,
    "sample-deal": render_sample_deal,
    "content-schema": render_content_schema,
    "card": render_card,
    "today": render_today,
}


# --- MkDocs events -------------------------------------------------------------------------------


def on_files(files: Any, config: Any, **kwargs: Any) -> Any:
    present = {f.src_uri for f in files}
    missing = [r.id for r in RULESETS.values() if f"variants/{r.id}.md" not in present]
    if missing:
        raise PluginError(f"no variant page for ruleset(s): {', '.join(missing)} (expected docs/variants/<id>.md)")
    return files


# Each ruleset's pages, and the title its name must give them (the display name is the engine's
# Ruleset.short_name; navigation and page headings are checked against it, never typed twice).
TITLES: dict[str, Callable[[Ruleset], str]] = {
    "variants": lambda r: r.short_name,
    "reference": lambda r: f"{r.short_name}: quick reference",
}


def _ruleset_page(src_uri: str) -> tuple[Ruleset, str] | None:
    """The ruleset a page is about and the title it must have, for variants/<id>.md and reference/<id>.md."""
    folder, _, name = src_uri.partition("/")
    rid = name[:-3] if name.endswith(".md") else ""
    if folder in TITLES and rid in RULESETS:
        r = RULESETS[rid]
        return r, TITLES[folder](r)
    return None


def _nav_entries(items: Any) -> Any:
    for item in items:
        yield item
        yield from _nav_entries(getattr(item, "children", None) or [])


def on_nav(nav: Any, config: Any, files: Any, **kwargs: Any) -> Any:
    """Fail when a ruleset's navigation entry (under Rulesets or Quick reference) is not its display name."""
    wrong = []
    for item in _nav_entries(nav.items):
        src_uri = str(getattr(getattr(item, "file", None), "src_uri", "") or "")
        found = _ruleset_page(src_uri)
        if found is None:
            continue
        r, _ = found
        if item.title is not None and item.title != r.short_name:
            wrong.append(f"{src_uri} is '{item.title}' in the navigation; the ruleset's display name is '{r.short_name}'")
    if wrong:
        raise PluginError("mkdocs.yml nav: " + "; ".join(wrong) + " (one name per ruleset: Ruleset.short_name in the engine)")
    return nav


def check_title(markdown: str, src_uri: str) -> None:
    """Fail when a ruleset page's first heading is not the title its display name gives it."""
    found = _ruleset_page(src_uri)
    if found is None:
        return
    r, title = found
    first = re.search(r"^# (.+?)\s*$", markdown, re.M)
    shown = first.group(1) if first else "(no '# ' heading)"
    if shown != title:
        raise PluginError(f"{src_uri}: the page's title is '{shown}'; it must be '{title}', from the ruleset's display "
                          f"name (Ruleset.short_name in the engine)")


def on_page_markdown(markdown: str, page: Any, config: Any, files: Any, **kwargs: Any) -> str:
    check_title(markdown, page.file.src_uri)

    def replace(match: re.Match[str]) -> str:
        indent, kind, arg = match.group(1), match.group(2), match.group(3)
        if kind not in RENDERERS:
            raise PluginError(f"{page.file.src_uri}: unknown marker somerset:{kind}; known: {', '.join(RENDERERS)}")
        rendered = RENDERERS[kind](page, arg)
        if not indent:
            return rendered
        return "\n".join(indent + line if line.strip() else line for line in rendered.split("\n"))

    result = MARKER.sub(replace, markdown)
    leftover = ANY_MARKER.search(result)
    if leftover:
        line = result[: leftover.start()].count("\n") + 1
        raise PluginError(f"{page.file.src_uri}:{line}: a somerset marker must stand alone on its line, like <!-- somerset:compare -->")
    return result


#: The rulings page's names of the rulings (its front matter), as the last build rendered them.
_RULING_NAMES: dict[str, str] = {}


def ruling_search_tags(index: dict[str, Any], names: dict[str, str], page_url: str = "rulings/") -> int:
    """Give each ruling's section in the site's search index its name and its keywords (the content
    files' `keywords`) as the section's tags. Material's search weighs a tag far above a heading, so
    the words players use ("play the rover", "going set") find the ruling first, while the page shows
    only its question. Returns how many sections were tagged."""
    docs = {d.get("location"): d for d in index.get("docs", [])}
    tagged = 0
    for ruling in RULINGS:
        tags = [names[ruling.id]] if ruling.id in names else []
        tags += [k for k in ruling.keywords if k.casefold() not in {t.casefold() for t in tags}]
        if not tags:
            continue
        doc = docs.get(f"{page_url}#{ruling.id}")
        if doc is None:
            raise PluginError(f"the search index has no section {page_url}#{ruling.id} to give its keywords")
        doc["tags"] = tags
        tagged += 1
    return tagged


def on_post_build(config: Any, **kwargs: Any) -> None:
    # After the search plugin wrote its index (plugins run before hooks; hooks/offline.py, which
    # precaches the index, runs last).
    path = Path(config["site_dir"]) / "search" / "search_index.json"
    if not path.is_file():
        return
    index = json.loads(path.read_text(encoding="utf-8"))
    ruling_search_tags(index, _RULING_NAMES)
    path.write_text(json.dumps(index, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")
