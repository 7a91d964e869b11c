"""Games as values: ``grundy.game("domineering(\\"..|..\\")")`` with sums,
negatives, comparisons, options and values."""

from __future__ import annotations

from typing import Any, List, Optional, Union

__all__ = ["Game", "game"]


class Game:
    """A game written as an expression, with the arithmetic of games:
    ``G + H`` (disjunctive sum), ``-G``, ``G - H``, ``==``, ``<=``, ``>=``,
    ``<``, ``>`` (by value: ``G <= H`` is ``compare(G, H)`` in ``<``, ``=``;
    two confused games are neither ``<=`` nor ``>=``; see
    :func:`grundy.compare` for the relation itself)."""

    __slots__ = ("text",)

    def __init__(self, text: str):
        if not isinstance(text, str):
            raise TypeError(f"a game is written as text, like 'nim(3,5)', not {type(text).__name__}")
        self.text = text

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"grundy.game({self.text!r})"

    @staticmethod
    def _of(other: Any) -> "Game":
        if isinstance(other, Game):
            return other
        if isinstance(other, (str, int)):
            return Game(str(other) if not isinstance(other, bool) else repr(other))
        raise TypeError(f"a game combines with a game, a value as text or an int, not {type(other).__name__}")

    def __add__(self, other: Any) -> "Game":
        return Game(f"({self.text}) + ({Game._of(other).text})")

    def __radd__(self, other: Any) -> "Game":
        return Game._of(other) + self

    def __neg__(self) -> "Game":
        return Game(f"-({self.text})")

    def __sub__(self, other: Any) -> "Game":
        return Game(f"({self.text}) - ({Game._of(other).text})")

    def __rsub__(self, other: Any) -> "Game":
        return Game._of(other) - self

    def _relation(self, other: Any) -> str:
        from . import compare

        return compare(self, Game._of(other)).relation

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, (Game, str, int)):
            return NotImplemented
        return self._relation(other) == "="

    def __ne__(self, other: object) -> bool:
        if not isinstance(other, (Game, str, int)):
            return NotImplemented
        return self._relation(other) != "="

    def __le__(self, other: Any) -> bool:
        return self._relation(other) in ("<", "=")

    def __ge__(self, other: Any) -> bool:
        return self._relation(other) in (">", "=")

    def __lt__(self, other: Any) -> bool:
        return self._relation(other) == "<"

    def __gt__(self, other: Any) -> bool:
        return self._relation(other) == ">"

    def __hash__(self) -> int:
        # Equal games have equal canonical values.
        from . import compare

        return hash(compare(self, "0").g_value)

    def value(self, **limit: Any):
        """The answer of :func:`grundy.value` for this game."""
        from . import value

        return value(self, **limit)

    def perfect_move(self, player: Optional[str] = None, **limit: Any):
        """The move perfect play makes from this position, as a game
        (``None`` when the mover has no move); ``player`` is ``'left'`` or
        ``'right'`` for a partizan game. See :func:`grundy.perfect_move`."""
        from . import perfect_move

        chosen = perfect_move(self, player, **limit).move
        return None if chosen is None else Game(chosen)

    def canonical(self, **limit: Any) -> "Game":
        """The game's canonical value, as a game (a nimber for impartial games)."""
        from . import compare

        return Game(compare(self, "0", **limit).g_value)

    def _moves(self, key: str, **limit: Any) -> List["Game"]:
        from . import options

        d = options(self, **limit).to_dict()
        if key == "moves" and "moves" not in d:
            raise TypeError(
                f"{self.text} is partizan: ask for left_options() or right_options()"
            )
        if key != "moves" and key not in d:
            return [Game(m["game"]) for m in d["moves"]]
        return [Game(m["game"]) for m in d[key]]

    def options(self, **limit: Any) -> List["Game"]:
        """An impartial game's options."""
        return self._moves("moves", **limit)

    def left_options(self, **limit: Any) -> List["Game"]:
        """Left's options (every option, for an impartial game)."""
        return self._moves("left", **limit)

    def right_options(self, **limit: Any) -> List["Game"]:
        """Right's options (every option, for an impartial game)."""
        return self._moves("right", **limit)

    def picture(self):
        """The position drawn as SVG from its game's declared picture (heaps,
        a piece on a board, a grid of cells), or None for games drawn as text."""
        from ._pictures import picture

        return picture(self.text)

    def _repr_html_(self):
        drawn = self.picture()
        return drawn if drawn is not None else None

    def _repr_latex_(self) -> str:
        from ._answers import latex

        return latex(self.canonical().text)


def game(text: Union[str, Game]) -> Game:
    """A game written as an expression, checked to read: ``grundy.game("*2 + ^")``."""
    from . import options

    g = text if isinstance(text, Game) else Game(text)
    options(g)  # reads it (a ParseError names the column), and lists its moves once
    return g
