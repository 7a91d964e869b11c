"""grundy: who wins a combinatorial game, how, and why.

Every command of the ``grundy`` command line is a function of the same
name, taking its arguments as keywords and returning an answer whose
``to_dict()`` is the command's ``--json`` output and whose ``str()`` is its
text::

    >>> import grundy
    >>> grundy.value("nim(3,5,7)").winning_moves
    ['nim(2,5,7)', 'nim(3,4,7)', 'nim(3,5,6)']
    >>> grundy.seq("kayles", to=20).values[:8]
    [0, 1, 2, 3, 1, 4, 3, 2]

Games written in Python::

    >>> grundy.define("pickup", moves=lambda n: [n - k for k in (1, 2, 5) if k <= n])
    >>> grundy.seq("pickup", to=10).values
    [0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1]

Limits are keywords on every call (``max_time=2.5`` or ``"2s"``,
``max_memory="512M"``, ``max_positions``, ``max_depth``, ``max_moves``,
``max_script_ops``) or set for a block with ``with grundy.limits(...)``.
"""

from __future__ import annotations

import gc
import os
from typing import Any, Callable, Iterable, List, Optional, Sequence, Union

from . import _native
from ._answers import (
    Answer,
    CompareAnswer,
    ComponentsAnswer,
    GamesAnswer,
    MoveAnswer,
    OptionsAnswer,
    PictureAnswer,
    QuotientAnswer,
    SeqAnswer,
    TableAnswer,
    ThermographAnswer,
    TransformAnswer,
    ValueAnswer,
    VerifyAnswer,
    from_reply,
    latex,
    to_fraction,
)
from ._limits import current_limits, limits, normalise
from .errors import (
    DepthLimitError,
    GrundyError,
    InputError,
    LimitError,
    MemoryLimitError,
    ParseError,
    PositionLimitError,
    RulesError,
    ScriptOperationsError,
    TimeLimitError,
    _raise,
)
from ._game import Game, game

__version__ = _native.__version__

__all__ = [
    "value", "value_many", "options", "seq", "table", "verify", "compare", "perfect_move",
    "components", "picture", "thermograph",
    "transform", "quotient", "games", "define", "load_rules", "clear_cache", "game", "Game", "limits",
    "current_limits", "Answer", "ValueAnswer", "OptionsAnswer", "SeqAnswer", "TableAnswer",
    "VerifyAnswer", "CompareAnswer", "MoveAnswer", "ComponentsAnswer", "PictureAnswer", "ThermographAnswer", "TransformAnswer", "QuotientAnswer",
    "GamesAnswer", "GrundyError", "ParseError", "InputError", "RulesError", "LimitError",
    "TimeLimitError", "MemoryLimitError", "PositionLimitError", "DepthLimitError",
    "ScriptOperationsError", "latex", "to_fraction",
]


def _text(name: str, value: Any) -> str:
    if isinstance(value, Game):
        return value.text
    if not isinstance(value, str):
        raise TypeError(f"{name} is a game written as text, like 'nim(3,5)', not {type(value).__name__}")
    return value


def value(expr: Union[str, "Game"], **limit: Any) -> ValueAnswer:
    """A position's value, who wins, and every winning move (``grundy value``).

    ``expr`` is any expression ``grundy value`` reads: ``'nim(3,5,7)'``,
    ``'misere(kayles(5) + nim(2))'``, ``'domineering("..|..")'``,
    ``'{3||2*|1*}'``, or a game of your own (:func:`define`)."""
    text = _text("expr", expr)
    return from_reply(ValueAnswer, _native.value(text, normalise(limit)), text)


def value_many(exprs: Iterable[Union[str, "Game"]], **limit: Any) -> List[Union[ValueAnswer, GrundyError]]:
    """Answers many positions with one engine (which keeps what it learns
    from one to the next), as ``grundy value --batch`` does: one answer
    for each, or the exception a bad one would raise, in its place."""
    texts = [_text("each expression", e) for e in exprs]
    out: List[Union[ValueAnswer, GrundyError]] = []
    # Many new objects and nothing cyclic among them: the cyclic garbage
    # collector would walk them all again and again (a tenth of the time).
    collecting = gc.isenabled()
    gc.disable()
    try:
        for t, reply in zip(texts, _native.value_many(texts, normalise(limit))):
            if type(reply) is not tuple:
                out.append(ValueAnswer._from_unwritten(reply))
            else:
                try:
                    _raise(reply, t)
                except GrundyError as e:
                    out.append(e)
    finally:
        if collecting:
            gc.enable()
    return out


def options(expr: Union[str, "Game"], *, followers: bool = False, **limit: Any) -> OptionsAnswer:
    """A position's options (``grundy options``); with ``followers=True``
    every position reachable from it."""
    text = _text("expr", expr)
    return from_reply(OptionsAnswer, _native.options(text, followers, normalise(limit)), text)


def _progress(total_hint: Optional[int], desc: str, show: Optional[bool]) -> Optional[Callable[[int, int], None]]:
    """A tqdm bar where tqdm is installed (and ``show`` is not False)."""
    if show is False:
        return None
    try:
        from tqdm.auto import tqdm
    except ImportError:
        return None
    state: dict = {}

    def update(done: int, total: int) -> None:
        bar = state.get("bar")
        if bar is None:
            bar = state["bar"] = tqdm(total=total or total_hint, desc=desc, leave=False)
        if total and bar.total != total:
            bar.total = total
        bar.n = done
        bar.refresh()

    update.close = lambda: state.get("bar") and state["bar"].close()  # type: ignore[attr-defined]
    return update


def seq(
    ruleset: str,
    *,
    to: int = 100,
    at: Optional[Sequence[int]] = None,
    misere: bool = False,
    stats: bool = False,
    solver: str = "auto",
    threads: int = 0,
    memory_mb: int = 1024,
    max_output: int = 10_000_000,
    store: Optional[Union[str, os.PathLike]] = None,
    resume: bool = False,
    progress: Optional[bool] = None,
    **limit: Any,
) -> SeqAnswer:
    """The Grundy values G(0..=to) of a heap ruleset and the period they
    show (``grundy seq``): ``grundy.seq("kayles", to=104)``,
    ``grundy.seq("octal[0.137]", at=[10**12])``. ``store`` keeps the values
    in a file (``resume=True`` continues it); a tqdm bar shows progress
    where tqdm is installed (``progress=False`` hides it). A position written
    with ``n`` is a family: ``grundy.seq("subtraction(n, [1], [2])", to=30)``
    gives canonical forms (``values``), ``outcomes`` and the period they show."""
    request = {
        "to": to, "at": list(at or []), "misere": misere, "stats": stats, "solver": solver,
        "threads": threads, "memory_mb": memory_mb, "max_output": max_output,
        "store": os.fspath(store) if store is not None else None, "resume": resume,
    }
    bar = _progress(to + 1, str(ruleset), progress)
    try:
        reply = _native.seq(ruleset, request, bar, normalise(limit))
    finally:
        if bar is not None:
            bar.close()  # type: ignore[attr-defined]
    return from_reply(SeqAnswer, reply, ruleset)


def table(ruleset: str, *, size: int, **limit: Any) -> TableAnswer:
    """The size×size table of Grundy values of a piece (``grundy table``):
    ``grundy.table("queen", size=10).values[x][y]``; or of a family of
    positions in ``x`` and ``y``: ``grundy.table("cutcake", size=6).forms``
    (canonical forms, rows and columns from ``from``), ``.outcomes``,
    ``.patterns``."""
    return from_reply(TableAnswer, _native.table(ruleset, size, normalise(limit)), ruleset)


def verify(family: str, *, bound: int, progress: Optional[bool] = None, **limit: Any) -> VerifyAnswer:
    """The engine against plain search on every position of a family up to
    ``bound`` (``grundy verify``), or a defined game's ``claim`` against
    brute force; the answer is true when they agree."""
    bar = _progress(None, f"verify {family}", progress)
    try:
        reply = _native.verify(family, bound, bar, normalise(limit))
    finally:
        if bar is not None:
            bar.close()  # type: ignore[attr-defined]
    return from_reply(VerifyAnswer, reply, family)


def compare(g: Union[str, "Game"], h: Union[str, "Game"], **limit: Any) -> CompareAnswer:
    """Compares two games (``grundy compare``): ``relation`` is ``<``, ``>``,
    ``=`` or ``<>`` (confused)."""
    return from_reply(CompareAnswer, _native.compare(_text("g", g), _text("h", h), normalise(limit)))


def perfect_move(expr: Union[str, "Game"], player: Optional[str] = None, **limit: Any) -> MoveAnswer:
    """The move perfect play makes from a position (what ``grundy serve``'s
    page plays): a winning move when there is one, else the one that lasts
    longest. ``player`` is ``'left'`` or ``'right'`` for a partizan game;
    ``.move`` is the position after the move (``None`` when there is none),
    ``.wins`` whether it wins against any reply, ``.why`` says why."""
    return from_reply(MoveAnswer, _native.perfect_move(_text("expr", expr), player, normalise(limit)))


def components(expr: Union[str, "Game"], **limit: Any) -> ComponentsAnswer:
    """Each component of a sum answered alone (under the sum's play rule):
    iterate for one :class:`ValueAnswer` a component."""
    return from_reply(ComponentsAnswer, _native.components(_text("expr", expr), normalise(limit)))


def picture(
    expr: Union[str, "Game"],
    to: Union[str, "Game", None] = None,
    player: Optional[str] = None,
    **limit: Any,
) -> PictureAnswer:
    """Each component of a position drawn as its game declares it, as the
    page of ``grundy serve`` gets it (``/api/picture``): a graph's vertices
    and edges, a figure's shapes (a cake, a row of cards).

    With ``to``, a position one move later (``player`` ``'left'`` or
    ``'right'`` in a partizan game): the component that move changed
    carries ``moved``, what the move did on its picture, even when it split
    the component (a cake cut in two)::

        >>> grundy.picture("nim(3,5)", to="nim(3,2)").moved
        (0, {'heap': [1, 2]})
    """
    text = _text("expr", expr)
    after = None if to is None else _text("to", to)
    return from_reply(PictureAnswer, _native.picture(text, normalise(limit), after, player), text)


def thermograph(expr: Union[str, "Game"], **limit: Any) -> ThermographAnswer:
    """The thermograph of a game (``grundy thermograph``); ``.svg`` is its picture."""
    text = _text("expr", expr)
    return from_reply(ThermographAnswer, _native.thermograph(text, normalise(limit)), text)


def transform(
    expr: Union[str, "Game"],
    *,
    cool: Union[str, int, None] = None,
    heat: Union[str, int, None] = None,
    atomic_weight: bool = False,
    **limit: Any,
) -> TransformAnswer:
    """Cools or heats a game by a number, or takes its atomic weight
    (``grundy transform``)."""
    text = _text("expr", expr)
    chosen = [k for k, v in (("cool", cool), ("heat", heat)) if v is not None]
    if atomic_weight:
        chosen.append("atomic_weight")
    if len(chosen) != 1:
        raise InputError("say what to do, once: cool=T, heat=T or atomic_weight=True")
    by = {"cool": cool, "heat": heat}.get(chosen[0])
    reply = _native.transform(text, chosen[0], None if by is None else str(by), normalise(limit))
    return from_reply(TransformAnswer, reply, text)


def quotient(ruleset: str, *, heaps: int = 30, **limit: Any) -> QuotientAnswer:
    """The misère quotient of a heap ruleset over heaps 0..=heaps (``grundy quotient``)."""
    return from_reply(QuotientAnswer, _native.quotient(ruleset, heaps, normalise(limit)), ruleset)


def games() -> GamesAnswer:
    """Every game grundy knows, built in and your own (``grundy games``)."""
    return from_reply(GamesAnswer, _native.games())


_HOOKS = ("moves", "left", "right", "parts", "show", "claim", "positions", "says")


def define(
    name: str,
    *,
    moves: Optional[Callable] = None,
    left: Optional[Callable] = None,
    right: Optional[Callable] = None,
    parts: Optional[Callable] = None,
    show: Optional[Callable] = None,
    claim: Optional[Callable] = None,
    positions: Optional[Callable] = None,
    says: Optional[Callable] = None,
    example: Optional[str] = None,
    summary: Optional[str] = None,
) -> None:
    """Defines a game by its rules in Python; every function and expression
    then takes it by name, alone, in sums, misère play, compounds, loopy
    analysis, ``seq``, ``table`` and ``verify`` (with its ``claim``).

    An impartial game gives ``moves(p)``, a partizan one ``left(p)`` and
    ``right(p)``: a list of positions. A position is what it is written
    with — ``pickup(7)`` hands the functions ``7``, ``corner(3,4)`` the
    tuple ``(3, 4)``, ``board("x.o")`` the string — and options have the
    same shape (ints, strs, tuples: hashable). Optional: ``parts(p)``
    (independent components, or None), ``show(p)`` (how it prints),
    ``claim(p)`` (a conjectured value for ``verify``: a Grundy value, an
    outcome ``"P"``/``"N"``/``"L"``/``"R"``, or a CGSuite value),
    ``positions(n)`` (what ``verify(bound=n)`` checks), ``says(p, q)`` (the
    move from ``p`` to its option ``q`` in a player's words, for the move
    lists of ``options``, the page and the history). Each position's
    rules run once: the memo stays in grundy. Defining a name again
    replaces the game."""
    functions = {k: f for k, f in zip(_HOOKS, (moves, left, right, parts, show, claim, positions, says)) if f is not None}
    reply = _native.define(name, functions, summary, example, normalise({}))
    if reply[0] != "ok":
        _raise(reply)


def clear_cache() -> None:
    """Forgets the tables and values that questions keep for the next one
    (they only grow, as in a long ``grundy value --batch``)."""
    _native.clear_cache()


def load_rules(path: Union[str, os.PathLike]) -> List[str]:
    """Loads the games of a Rhai script file (as ``--rules FILE``); returns their names."""
    reply = _native.load_rules(os.fspath(path), normalise({}))
    if reply[0] != "ok":
        _raise(reply)
    return list(reply[1])
