"""Positions drawn as SVG, from each game's declared picture (the same
declaration the page of ``grundy serve`` draws from): heaps of counters,
a piece on a board, a grid of cells coloured by whose they are, a graph (Col, Snort, Kayles on
graphs, Hackenbush) as its game reads it."""

from __future__ import annotations

import html
import math
import re
from typing import Dict, List, Optional

__all__ = ["picture"]

_COLOURS = {
    "empty": "#f4f4f4",
    "blocked": "#555555",
    "left": "#3b6fd6",
    "right": "#d64545",
    "neutral": "#3a9d5d",
}
_CELL = 28
_MOST_TOKENS = 24
_MOST_SIDE = 24

_specs: Dict[str, dict] = {}


def _spec(name: str) -> Optional[dict]:
    if name not in _specs:
        from . import games

        _specs.clear()
        for g in games():
            _specs[g["name"]] = g
    return _specs.get(name)


def _terms(text: str) -> List[str]:
    """The top-level terms of a sum, split at `+` outside brackets and quotes."""
    out, depth, quoted, start = [], 0, False, 0
    for i, c in enumerate(text):
        if c == '"':
            quoted = not quoted
        elif not quoted and c in "([{":
            depth += 1
        elif not quoted and c in ")]}":
            depth -= 1
        elif not quoted and depth == 0 and c == "+":
            out.append(text[start:i])
            start = i + 1
    out.append(text[start:])
    return [t.strip() for t in out if t.strip()]


_CALL = re.compile(r'^([A-Za-z_]\w*)(\[[^\]]*\])?\((.*)\)$', re.S)


def _heaps(args: str) -> Optional[str]:
    try:
        heaps = [int(a) for a in args.split(",") if a.strip()]
    except ValueError:
        return None
    if not heaps or any(h < 0 for h in heaps):
        return None
    tall = min(max(heaps), _MOST_TOKENS)
    w, h = len(heaps) * (_CELL + 8) + 8, tall * 12 + 40
    parts = []
    for i, n in enumerate(heaps):
        x = 8 + i * (_CELL + 8)
        for k in range(min(n, _MOST_TOKENS)):
            y = h - 24 - (k + 1) * 12
            parts.append(f"<rect x='{x}' y='{y}' width='{_CELL}' height='10' rx='4' fill='#c98b2f' stroke='#7a5319'/>")
        label = str(n) if n <= _MOST_TOKENS else f"{n}"
        parts.append(f"<text x='{x + _CELL / 2}' y='{h - 6}' font-size='12' text-anchor='middle'>{label}</text>")
    return _svg(w, h, parts)


def _pins(args: str) -> Optional[str]:
    """Rows of pins, a heap a row, as the page draws Kayles."""
    try:
        rows = [int(a) for a in args.split(",") if a.strip()]
    except ValueError:
        return None
    if not rows or any(r < 0 for r in rows):
        return None
    wide = min(max(rows), _MOST_TOKENS)
    w, h = max(wide, 1) * 16 + 48, len(rows) * 28 + 8
    parts = []
    for i, n in enumerate(rows):
        y = 8 + i * 28
        for k in range(min(n, _MOST_TOKENS)):
            x = 8 + k * 16
            parts.append(f"<circle cx='{x + 6}' cy='{y + 10}' r='6' fill='#f4f1e8' stroke='#333333'/>")
        parts.append(f"<text x='{w - 6}' y='{y + 14}' font-size='12' text-anchor='end'>{n}</text>")
    return _svg(w, h, parts)


def _square(args: str, name: str) -> Optional[str]:
    try:
        x, y = (int(a) for a in args.split(","))
    except ValueError:
        return None
    side = max(x, y) + 1
    if side > _MOST_SIDE or x < 0 or y < 0:
        return None
    c = 18
    parts = []
    for i in range(side):
        for j in range(side):
            fill = "#eeeed2" if (i + j) % 2 == 0 else "#769656"
            # Row x from the top, column y from the left, as `grundy table` prints.
            parts.append(f"<rect x='{j * c}' y='{i * c}' width='{c}' height='{c}' fill='{fill}'/>")
    parts.append(f"<rect x='0' y='0' width='{c}' height='{c}' fill='none' stroke='#d64545' stroke-width='2'/>")
    parts.append(f"<circle cx='{y * c + c / 2}' cy='{x * c + c / 2}' r='{c / 2 - 3}' fill='#222'/>")
    parts.append(f"<text x='{y * c + c / 2}' y='{x * c + c / 2 + 4}' font-size='10' fill='white' "
                 f"text-anchor='middle'>{html.escape(name[:1].upper())}</text>")
    return _svg(side * c, side * c, parts)


def _grid(args: str, spec: dict) -> Optional[str]:
    m = re.match(r'^\s*"([^"]*)"\s*$', args)
    if not m:
        return None
    pic = spec["picture"]
    rows = m.group(1).split("|") if pic.get("rows") else [m.group(1)]
    looks = {c["char"]: c["look"] for c in pic.get("cells", [])}
    width = max((len(r) for r in rows), default=0)
    if width == 0 or width > 64 or len(rows) > 64:
        return None
    parts = []
    for i, r in enumerate(rows):
        for j, ch in enumerate(r):
            look = looks.get(ch, "empty")
            parts.append(f"<rect x='{j * _CELL}' y='{i * _CELL}' width='{_CELL}' height='{_CELL}' "
                         f"fill='{_COLOURS.get(look, '#ffffff')}' stroke='#999'/>")
            if look not in ("empty", "blocked") or ch not in looks:
                parts.append(f"<text x='{j * _CELL + _CELL / 2}' y='{i * _CELL + _CELL / 2 + 5}' "
                             f"font-size='14' text-anchor='middle' fill='white'>{html.escape(ch)}</text>")
    return _svg(width * _CELL, len(rows) * _CELL, parts)


def _graph(term: str) -> Optional[str]:
    """A graph game's position as its game reads it (the library's
    drawing, as the page gets it from /api/picture): vertices on a circle,
    or Hackenbush's edges standing on the ground at the bottom."""
    import json

    from . import _native

    reply = _native.picture(term, None)
    if reply[0] != "ok":
        return None
    parts = json.loads(reply[1]).get("parts", [])
    if len(parts) != 1 or "graph" not in parts[0]:
        return None
    g = parts[0]["graph"]
    vs, es = g["vertices"], g["edges"]
    ground = [k for k, v in enumerate(vs) if v.get("ground")]
    at: Dict[int, tuple] = {}
    if ground:
        depth = {k: 0 for k in ground}
        queue = list(ground)
        while queue:
            v = queue.pop(0)
            for e in es:
                for a, b in (e["ends"], e["ends"][::-1]):
                    if a == v and b not in depth:
                        depth[b] = depth[v] + 1
                        queue.append(b)
        layers: Dict[int, List[int]] = {}
        for k in range(len(vs)):
            d = 0 if k in ground else max(1, depth.get(k, 1))
            layers.setdefault(d, []).append(k)
        top = max(layers) if layers else 1
        w = max(160, 80 * max(len(x) for x in layers.values()) + 40)
        h = 70 * max(1, top) + 60
        for d, layer in layers.items():
            for i, k in enumerate(layer):
                at[k] = (w * (i + 1) / (len(layer) + 1), h - 20 - 70 * d)
    else:
        n = len(vs)
        r = max(60, min(260, n * 14))
        w = h = 2 * r + 80
        for k in range(n):
            t = -math.pi / 2 + 2 * math.pi * k / max(1, n)
            at[k] = (w / 2, h / 2) if n == 1 else (w / 2 + r * math.cos(t), 40 + r + r * math.sin(t))
    out = []
    if ground:
        out.append(f"<line x1='10' y1='{h - 20}' x2='{w - 10}' y2='{h - 20}' stroke='#57534e' stroke-width='4'/>")
    letters = {"left": "L", "right": "R", "neutral": "G"}
    seen: Dict[tuple, int] = {}
    for k, e in enumerate(es):
        (x0, y0), (x1, y1) = at[e["ends"][0]], at[e["ends"][1]]
        colour = _COLOURS.get(e["look"], "#6b7280") if ground else "#6b7280"
        if e["ends"][0] == e["ends"][1]:
            d = f"M{x0} {y0} C{x0 - 30} {y0 - 50} {x0 + 30} {y0 - 50} {x0} {y0}"
        else:
            key = tuple(sorted(e["ends"]))
            m = seen.get(key, 0)
            seen[key] = m + 1
            bow = 0 if m == 0 else (1 if m % 2 else -1) * ((m + 1) // 2) * 22
            length = math.hypot(x1 - x0, y1 - y0) or 1
            cx = (x0 + x1) / 2 - (y1 - y0) / length * bow
            cy = (y0 + y1) / 2 + (x1 - x0) / length * bow
            d = f"M{x0} {y0} Q{cx} {cy} {x1} {y1}"
        out.append(f"<path d='{d}' fill='none' stroke='{colour}' stroke-width='4'/>")
        if ground and e["look"] in letters:
            out.append(f"<text x='{(x0 + x1) / 2 + 8}' y='{(y0 + y1) / 2 - 4}' font-size='12'>"
                       f"{k + 1}{letters[e['look']]}</text>")
    for k, v in enumerate(vs):
        x, y = at[k]
        if v.get("ground"):
            out.append(f"<circle cx='{x}' cy='{y}' r='4' fill='#1f2937'/>")
            continue
        fill = "#ffffff" if v["look"] == "empty" else _COLOURS.get(v["look"], "#ffffff")
        ink = "#1f2937" if v["look"] == "empty" else "white"
        label = f"{k + 1}{letters.get(v['look'], '')}"
        out.append(f"<circle cx='{x}' cy='{y}' r='14' fill='{fill}' stroke='#1f2937' stroke-width='2'>"
                   f"<title>vertex {k + 1}: {html.escape(v['name'])}</title></circle>")
        out.append(f"<text x='{x}' y='{y + 5}' font-size='12' text-anchor='middle' fill='{ink}'>{label}</text>")
    return _svg(w, h, out)


def _figure(term: str) -> Optional[str]:
    """A figure the game lays out itself (a cake's squares and cut lines,
    a row of numbered cards, two bars), as the page gets it from
    /api/picture: its shapes drawn as they come."""
    import json

    from . import _native

    reply = _native.picture(term, None)
    if reply[0] != "ok":
        return None
    parts = json.loads(reply[1]).get("parts", [])
    if len(parts) != 1 or "figure" not in parts[0]:
        return None
    f = parts[0]["figure"]
    scale = max(8.0, min(36.0, 460.0 / max(1.0, f["width"])))
    pad = 12.0
    w, h = f["width"] * scale + 2 * pad, f["height"] * scale + 2 * pad

    def at(u: float) -> float:
        return pad + u * scale

    fills = {"empty": "#fef3c7", "blocked": "#e5e7eb", "neutral": "#bbf7d0", "left": "#bfdbfe", "right": "#fecaca"}
    order = {"rect": 0, "line": 1, "text": 2}
    out = []
    for s in sorted(f["shapes"], key=lambda s: order[s["shape"]]):
        title = f"<title>{html.escape(s['name'])}</title>"
        if s["shape"] == "rect":
            out.append(f"<rect x='{at(s['x'])}' y='{at(s['y'])}' width='{s['w'] * scale}' height='{s['h'] * scale}' "
                       f"fill='{fills.get(s['look'], '#ffffff')}' stroke='#92400e' stroke-width='1.5'>{title}</rect>")
            if "text" in s:
                out.append(f"<text x='{at(s['x'] + s['w'] / 2)}' y='{at(s['y'] + s['h'] / 2) + 6}' font-size='16' "
                           f"text-anchor='middle'>{html.escape(s['text'])}</text>")
        elif s["shape"] == "line":
            colour = _COLOURS.get(s["look"], "#92400e")
            out.append(f"<line x1='{at(s['x'])}' y1='{at(s['y'])}' x2='{at(s['x'] + s['w'])}' "
                       f"y2='{at(s['y'] + s['h'])}' stroke='{colour}' stroke-width='2' stroke-dasharray='4 3'>"
                       f"{title}</line>")
        else:
            out.append(f"<text x='{at(s['x'])}' y='{at(s['y']) + 5}' font-size='13' text-anchor='middle'>"
                       f"{html.escape(s['text'])}</text>")
    return _svg(w, h, out)


def _svg(w: float, h: float, parts: List[str]) -> str:
    return (f"<svg xmlns='http://www.w3.org/2000/svg' width='{w}' height='{h}' "
            f"viewBox='0 0 {w} {h}'>{''.join(parts)}</svg>")


def picture(expr: str) -> Optional[str]:
    """The position drawn as SVG, components of a sum side by side; None
    when a component's game is drawn only as text."""
    drawn = []
    for term in _terms(expr):
        m = _CALL.match(term)
        if not m:
            return None
        spec = _spec(m.group(1))
        if spec is None:
            return None
        kind = spec["picture"]["kind"]
        if kind == "heaps":
            svg = _heaps(m.group(3))
        elif kind == "pins":
            svg = _pins(m.group(3))
        elif kind == "square":
            svg = _square(m.group(3), m.group(1))
        elif kind == "grid":
            svg = _grid(m.group(3), spec)
        elif kind == "graph":
            svg = _graph(term)
        elif kind == "figure":
            svg = _figure(term)
        else:
            svg = None
        if svg is None:
            return None
        drawn.append(svg)
    if not drawn:
        return None
    if len(drawn) == 1:
        return drawn[0]
    cells = "".join(f"<span style='display:inline-block;margin-right:12px;vertical-align:bottom'>{d}</span>"
                    for d in drawn)
    return cells
