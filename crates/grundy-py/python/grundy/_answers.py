"""Answers: each is what the command of the same name prints, as an object.

``answer.to_dict()`` is exactly the command's ``--json`` output (as a
dict), ``str(answer)`` its text, and the fields are attributes. Numbers
that grundy computes exactly (stops, means, temperatures, dyadic values)
come back as :class:`fractions.Fraction`, never as floats. In a notebook an
answer shows itself as HTML; thermographs as SVG; values as LaTeX.
"""

from __future__ import annotations

import html
import json
import re
from fractions import Fraction
from typing import Any, Dict, List, Optional, Tuple

__all__ = [
    "Answer",
    "ValueAnswer",
    "OptionsAnswer",
    "SeqAnswer",
    "TableAnswer",
    "VerifyAnswer",
    "CompareAnswer",
    "ThermographAnswer",
    "TransformAnswer",
    "QuotientAnswer",
    "GamesAnswer",
    "to_fraction",
    "latex",
]

_NUMBER = re.compile(r"^-?\d+(/\d+)?$")


def to_fraction(text: Any) -> Any:
    """A number as grundy prints it (``3/4``, ``-2``) as a Fraction; other
    values (``*``, ``^``, ``{1|0}``) are returned as they are."""
    if isinstance(text, str) and _NUMBER.match(text):
        return Fraction(text)
    return text


def latex(value: str) -> str:
    """A value in CGSuite notation as LaTeX: ``^`` as ↑, ``v`` as ↓, ``*``
    as ∗, ``+-`` as ±, braces and bars as in the literature."""
    out = []
    i = 0
    while i < len(value):
        c = value[i]
        if value.startswith("+-", i):
            out.append(r"\pm ")
            i += 2
            continue
        if c == "^":
            out.append(r"\uparrow ")
        elif c == "v" and not _in_word(value, i):
            out.append(r"\downarrow ")
        elif c == "*":
            out.append(r"\ast ")
        elif c == "{":
            out.append(r"\{")
        elif c == "}":
            out.append(r"\}")
        elif c == "|":
            out.append(r"\mid ")
        else:
            out.append(c)
        i += 1
    return "$" + "".join(out) + "$"


def _in_word(value: str, i: int) -> bool:
    """Whether the letter at ``i`` is part of a word (``Tiny``), not a down."""
    near = [value[j] for j in (i - 1, i + 1) if 0 <= j < len(value)]
    return any(c.isalpha() and c != "v" for c in near)


class Answer:
    """An answer: attributes for its fields, ``to_dict()`` for the
    command's JSON, ``str()`` for its text."""

    def __init__(self, json_text: str, text: str):
        self._json: Optional[str] = json_text
        self._written: Optional[str] = text
        self._unwritten: Any = None
        self._dict: Optional[Any] = None

    @classmethod
    def _from_unwritten(cls, native: Any) -> "Answer":
        """An answer whose JSON and text the native module writes when
        first asked for (``value_many``'s: most are read for one field)."""
        answer = cls.__new__(cls)
        answer._json = None
        answer._written = None
        answer._unwritten = native
        answer._dict = None
        return answer

    @property
    def _text(self) -> str:
        if self._written is None:
            self._written = self._unwritten.line()
        return self._written

    def to_dict(self) -> Any:
        """The command's ``--json`` output for the same question."""
        if self._dict is None:
            if self._json is None:
                self._json = self._unwritten.json()
            self._dict = json.loads(self._json)
        return self._dict

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_"):
            raise AttributeError(name)
        d = self.to_dict()
        if isinstance(d, dict) and name in d:
            return d[name]
        raise AttributeError(
            f"{type(self).__name__} has no field {name!r}; its fields are "
            f"{', '.join(d) if isinstance(d, dict) else 'none (it is a list)'}"
        )

    def __dir__(self) -> List[str]:
        d = self.to_dict()
        return sorted(set(super().__dir__()) | (set(d) if isinstance(d, dict) else set()))

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"<{type(self).__name__}\n{self._text.rstrip()}\n>"

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Answer):
            return self.to_dict() == other.to_dict()
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def _repr_html_(self) -> str:
        return "<pre>" + html.escape(self._text) + "</pre>"


class ValueAnswer(Answer):
    """``value``: who wins, how (the winning moves) and why (the value)."""

    @property
    def value(self) -> Any:
        """The value: a nimber like ``*3``, a canonical form, a number (as a
        Fraction), or None where the game has none (a misère sum)."""
        return to_fraction(self.to_dict().get("value"))

    @property
    def left_stop(self) -> Any:
        """The left stop: a Fraction for a number; for a loopy stopper as
        CGSuite prints it (``5over``, ``on``); None where the value has no
        stops of its own (a loopy value that is not a stopper: see
        ``onside_stops``)."""
        return to_fraction(self.to_dict().get("left_stop"))

    @property
    def right_stop(self) -> Any:
        """The right stop, as :attr:`left_stop`."""
        return to_fraction(self.to_dict().get("right_stop"))

    @property
    def mean(self) -> Any:
        return to_fraction(self.to_dict()["mean"])

    @property
    def temperature(self) -> Any:
        return to_fraction(self.to_dict()["temperature"])

    @property
    def outcome(self) -> str:
        """Who wins: ``P`` (the player to move loses), ``N`` (the player to
        move wins), or for a partizan game also ``L`` and ``R``."""
        if self._dict is None and self._unwritten is not None:
            return self._unwritten.outcome
        return Answer.__getattr__(self, "outcome")

    @property
    def game(self) -> str:
        """The position, in the syntax ``value`` reads."""
        if self._dict is None and self._unwritten is not None:
            return self._unwritten.game
        return Answer.__getattr__(self, "game")

    @property
    def wins(self) -> bool:
        """Whether the player to move wins (outcome N), for an impartial game."""
        return self.outcome == "N"

    def _repr_latex_(self) -> Optional[str]:
        v = self.to_dict().get("value")
        return latex(v) if isinstance(v, str) else None

    def _repr_html_(self) -> str:
        d = self.to_dict()
        rows = []
        for key in ("value", "outcome", "misere_value", "genus", "left_stop", "right_stop",
                    "mean", "temperature", "birthday", "remoteness", "suspense", "method"):
            if key in d and d[key] is not None:
                rows.append(f"<tr><th style='text-align:left'>{key.replace('_', ' ')}</th>"
                            f"<td><code>{html.escape(str(d[key]))}</code></td></tr>")
        for key, label in (("winning_moves", "winning moves"), ("left_moves", "Left's winning moves"),
                           ("right_moves", "Right's winning moves")):
            if key in d:
                moves = d[key] or ["none"]
                items = "".join(f"<li><code>{html.escape(m)}</code></li>" for m in moves)
                rows.append(f"<tr><th style='text-align:left;vertical-align:top'>{label}</th>"
                            f"<td><ul style='margin:0'>{items}</ul></td></tr>")
        title = html.escape(d.get("game", ""))
        from ._pictures import picture

        drawn = picture(d.get("game", "")) or ""
        return f"<div><b><code>{title}</code></b><div>{drawn}</div><table>{''.join(rows)}</table></div>"


class OptionsAnswer(Answer):
    """``options``: a position's options (Left's and Right's for a partizan game)."""


class SeqAnswer(Answer):
    """``seq``: the values G(0..=N), the period they show and whether it is proved."""

    @property
    def heaps(self) -> List[int]:
        """The heaps whose values are given."""
        d = self.to_dict()
        return d["heaps"] if d.get("heaps") is not None else list(range(len(d["values"])))

    def to_pandas(self) -> Any:
        """The values as a pandas Series indexed by heap (pandas must be installed)."""
        import pandas as pd

        d = self.to_dict()
        return pd.Series(d["values"], index=pd.Index(self.heaps, name="heap"), name=d.get("game"))

    def _repr_html_(self) -> str:
        d = self.to_dict()
        pre, period = d.get("preperiod"), d.get("period")
        cells = []
        for n, v in zip(self.heaps, d["values"]):
            style = ""
            if period and pre is not None and n >= pre:
                style = " style='background:#e8f0fe'" if ((n - pre) // period) % 2 == 0 else " style='background:#fdf3e1'"
            shown = html.escape(str(v if v is not None else "·"))
            cells.append(f"<td title='G({n})'{style}>{shown}</td>")
        rows = ["<tr>" + "".join(cells[i:i + 32]) + "</tr>" for i in range(0, len(cells), 32)]
        last = self._text.strip().splitlines()[-1] if self._text.strip() else ""
        return (f"<div><b>{html.escape(str(d.get('game', '')))}</b>"
                f"<table style='font-family:monospace'>{''.join(rows)}</table>"
                f"<p>{html.escape(last)}</p></div>")


class TableAnswer(Answer):
    """``table``: the Grundy values of a piece, ``values[x][y]``, or the
    canonical forms of a family ``G(x,y)``, ``forms[i][j]`` (rows and columns
    from ``from``), and what holds on them."""

    @property
    def is_forms(self) -> bool:
        """Whether the table holds canonical forms (a family of partizan positions)."""
        return "forms" in self.to_dict()

    def to_pandas(self) -> Any:
        """The table as a pandas DataFrame, rows x and columns y."""
        import pandas as pd

        d = self.to_dict()
        cells = d["forms"] if self.is_forms else d["values"]
        start = d.get("from", 0)
        frame = pd.DataFrame(cells, index=range(start, start + len(cells)),
                             columns=range(start, start + (len(cells[0]) if cells else 0)))
        frame.index.name = "x"
        frame.columns.name = "y"
        return frame

    def _repr_html_(self) -> str:
        d = self.to_dict()
        if self.is_forms:
            start = d.get("from", 0)
            shades = {"L": "#e3edfb", "R": "#fbe6e3", "N": "#fdf3e1", "P": "#e8f5e9"}
            head = "".join(f"<th>{start + y}</th>" for y in range(len(d["forms"][0]) if d["forms"] else 0))
            corner = "x\\y"
            rows = [f"<tr><th>{corner}</th>{head}</tr>"]
            for i, (r, o) in enumerate(zip(d["forms"], d["outcomes"])):
                cells = []
                for j, (v, oc) in enumerate(zip(r, o)):
                    shown = html.escape(v if v is not None else "·")
                    said = html.escape(oc or "")
                    shade = shades.get(oc, "#fff")
                    cells.append(f"<td title='G({start + i},{start + j}): {said}' "
                                 f"style='background:{shade}'>{shown}</td>")
                rows.append(f"<tr><th>{start + i}</th>{''.join(cells)}</tr>")
            notes = "".join(f"<li>{html.escape(p)}</li>" for p in d.get("patterns", []))
            return (f"<div><b><code>{html.escape(d.get('template', ''))}</code></b>"
                    f"<table style='font-family:monospace'>{''.join(rows)}</table><ul>{notes}</ul></div>")
        values = d["values"]
        top = max((max(r) for r in values if r), default=0) or 1
        rows = []
        for x, r in enumerate(values):
            cells = "".join(
                f"<td title='G({x},{y}) = {v}' style='background:hsl({int(300 * v / top)},70%,{92 if v else 100}%)'>{v}</td>"
                for y, v in enumerate(r)
            )
            rows.append(f"<tr>{cells}</tr>")
        return f"<table style='font-family:monospace'>{''.join(rows)}</table>"


class VerifyAnswer(Answer):
    """``verify``: the fast path against plain search (or a claim against
    brute force) on every position of a family; ``holds`` says whether they agree."""

    def __bool__(self) -> bool:
        return bool(self.to_dict()["holds"])


class CompareAnswer(Answer):
    """``compare``: ``<``, ``>``, ``=`` or ``<>`` (confused)."""


class MoveAnswer(Answer):
    """``perfect_move``: the move perfect play makes (``move``, a position
    as text, or ``None`` when there is none), whether it ``wins``, and ``why``."""

    @property
    def move(self) -> Optional[str]:
        return self.to_dict()["move"]

    def __bool__(self) -> bool:
        return bool(self.to_dict()["wins"])


class ComponentsAnswer(Answer):
    """``components``: each component of a sum answered alone, as
    :class:`ValueAnswer` objects in the order written."""

    def __iter__(self):
        for c in self.to_dict()["components"]:
            yield ValueAnswer(json.dumps(c["answer"], ensure_ascii=False), c["game"])

    def __len__(self) -> int:
        return len(self.to_dict()["components"])


class PictureAnswer(Answer):
    """``picture``: each component of a position drawn as its game
    declares it (``parts``, each with its ``graph`` or ``figure``); asked
    with ``to``, the component the move changed carries ``moved``, what the
    move did on its picture."""

    @property
    def moved(self) -> Optional[Tuple[int, Any]]:
        """``(component, what the move did)`` (from 0; ``{"heap": [1, 2]}``,
        ``{"targets": [3]}``, ...), or None when no move was asked or none
        reaches ``to``."""
        for i, part in enumerate(self.to_dict()["parts"]):
            if "moved" in part:
                return i, part["moved"]
        return None


class ThermographAnswer(Answer):
    """``thermograph``: walls, mast and temperature; shown as its picture."""

    def __init__(self, json_text: str, text: str, svg: str):
        super().__init__(json_text, text)
        self.svg = svg

    @property
    def temperature(self) -> Any:
        return to_fraction(self.to_dict()["thermograph"]["temperature"])

    @property
    def mast(self) -> Any:
        return to_fraction(self.to_dict()["thermograph"]["mast"])

    def _repr_svg_(self) -> str:
        return self.svg


class TransformAnswer(Answer):
    """``transform``: a value cooled, heated, or its atomic weight."""

    @property
    def result(self) -> Any:
        return to_fraction(self.to_dict()["result"])


class QuotientAnswer(Answer):
    """``quotient``: a heap game's misère quotient (Plambeck–Siegel)."""


class GamesAnswer(Answer):
    """``games``: every game grundy knows (``to_dict()`` is a list)."""

    def __iter__(self):
        return iter(self.to_dict())

    def __len__(self) -> int:
        return len(self.to_dict())

    def names(self) -> List[str]:
        return [g["name"] for g in self.to_dict()]


def from_reply(cls: type, reply: tuple, text: str = "") -> Any:
    from .errors import _raise

    if reply[0] != "ok":
        _raise(reply, text)
    return cls(*reply[1:])


_ = Dict  # typing re-export for older Pythons
