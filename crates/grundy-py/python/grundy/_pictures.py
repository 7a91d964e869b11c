"""Positions drawn as SVG, from each game's declared picture (the same
declaration the page of ``grundy serve`` draws from): heaps of counters,
a piece on a board, a grid of cells coloured by whose they are."""

from __future__ import annotations

import html
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
