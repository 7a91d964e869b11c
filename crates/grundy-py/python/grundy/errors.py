"""The exceptions grundy raises: one base class, and a class for each kind
of problem, so that ``except grundy.LimitError`` catches every limit and
``except TimeoutError`` the time limit alone."""

from __future__ import annotations

from typing import Optional

__all__ = [
    "GrundyError",
    "ParseError",
    "InputError",
    "RulesError",
    "LimitError",
    "TimeLimitError",
    "MemoryLimitError",
    "PositionLimitError",
    "DepthLimitError",
    "ScriptOperationsError",
]


class GrundyError(Exception):
    """Every error of grundy (a limit, a text that does not read, a game's
    rules that return what they must not)."""


class ParseError(GrundyError, SyntaxError):
    """A text that does not read as a game, a ruleset or a value.

    ``column`` (from 1) is where; ``text`` the text; the message says what
    would be accepted there."""

    def __init__(self, message: str, text: str = "", column: Optional[int] = None):
        first = message.split("\n", 1)[0]
        SyntaxError.__init__(self, first, ("<grundy>", 1, column or 1, text))
        self.full_message = message
        self.column = column

    def __str__(self) -> str:
        return self.full_message


class InputError(GrundyError, ValueError):
    """An input that reads but cannot be answered as asked."""


class RulesError(GrundyError):
    """A game's rules (a Python function or a Rhai script) returned what it
    must not, or a declaration is not a game."""


class LimitError(GrundyError):
    """A limit stopped the work; the input was fine. ``limit`` names the
    keyword that raises it (``max_positions``, ``max_memory``, ...)."""

    limit: Optional[str] = None

    def __init__(self, message: str, limit: Optional[str] = None):
        super().__init__(message)
        self.limit = limit


class TimeLimitError(LimitError, TimeoutError):
    """The time limit (``max_time``) was reached."""


class MemoryLimitError(LimitError, MemoryError):
    """The memory limit (``max_memory``) was reached."""


class PositionLimitError(LimitError):
    """The position limit (``max_positions``) was reached."""


class DepthLimitError(LimitError):
    """The depth limit (``max_depth``) was reached."""


class ScriptOperationsError(LimitError):
    """A Rhai script's call took more than ``max_script_ops`` operations."""


_BY_LIMIT = {
    "max_time": TimeLimitError,
    "max_memory": MemoryLimitError,
    "max_positions": PositionLimitError,
    "max_depth": DepthLimitError,
    "max_script_ops": ScriptOperationsError,
}


def _python_words(message: str) -> str:
    """The library's messages name command-line flags; here they are keywords."""
    for name in _BY_LIMIT:
        flag = "--" + name.replace("_", "-")
        message = message.replace("raise it with " + flag, "raise it with " + name + "=")
        message = message.replace(flag, name + "=")
    return message


def _raise(reply: tuple, text: str = "") -> None:
    """Raises the exception of a native error reply
    ``("err", kind, message, column, flag)``."""
    _, kind, message, column, flag = reply
    message = _python_words(message)
    if kind == "parse":
        raise ParseError(message, text, column)
    if kind == "limit":
        name = flag[2:].replace("-", "_") if flag else None
        raise _BY_LIMIT.get(name, LimitError)(message, name)
    if kind == "cancelled":
        raise KeyboardInterrupt(message)
    if kind == "rules":
        raise RulesError(message)
    if kind == "io":
        raise OSError(message)
    raise InputError(message)
