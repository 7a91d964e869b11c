"""Limits: keywords on every call, and ``with grundy.limits(...)`` blocks
that set them for the calls inside."""

from __future__ import annotations

import contextlib
import contextvars
import re
from typing import Any, Dict, Iterator, Optional, Union

__all__ = ["limits", "current_limits"]

_KEYS = ("max_positions", "max_memory", "max_time", "max_depth", "max_moves", "max_script_ops")

_current: contextvars.ContextVar[Dict[str, Any]] = contextvars.ContextVar("grundy_limits", default={})

_SIZE = re.compile(r"^\s*(\d+)\s*([KMGT]?)i?B?\s*$", re.I)
_TIME = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*(ms|s|m|h)?\s*$")


def _size(value: Union[int, str]) -> int:
    if isinstance(value, bool):
        raise TypeError("max_memory takes a number of bytes or a size like '512M'")
    if isinstance(value, int):
        if value < 0:
            raise ValueError(f"max_memory={value}: a size is at least 0 bytes")
        return value
    m = _SIZE.match(str(value))
    if not m:
        raise ValueError(
            f"max_memory={value!r} is not a size: give bytes (1234) or a size like '64K', '500M', '4G'"
        )
    return int(m.group(1)) * 1024 ** " KMGT".index((m.group(2) or " ").upper())


def _seconds(value: Union[int, float, str, None]) -> Optional[float]:
    if value is None:
        return None
    if isinstance(value, bool):
        raise TypeError("max_time takes seconds (2.5) or a duration like '500ms', '30s', '2m'")
    if isinstance(value, (int, float)):
        if value < 0:
            raise ValueError(f"max_time={value}: a time is at least 0 seconds")
        return float(value)
    m = _TIME.match(str(value))
    if not m:
        raise ValueError(
            f"max_time={value!r} is not a duration: give seconds (2.5) or '500ms', '30s', '2m', '1h'"
        )
    scale = {"ms": 0.001, "s": 1, "m": 60, "h": 3600, None: 1}[m.group(2)]
    return float(m.group(1)) * scale


def _count(name: str, value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ValueError(f"{name}={value!r}: give a whole number from 0")
    return value


def normalise(given: Dict[str, Any]) -> Dict[str, Any]:
    """The limits in force: those of enclosing ``with grundy.limits`` blocks,
    overridden by ``given`` (the call's keywords), in the native module's
    terms (bytes, seconds)."""
    unknown = set(given) - set(_KEYS)
    if unknown:
        raise TypeError(
            f"unknown limit {', '.join(sorted(unknown))}: the limits are {', '.join(_KEYS)}"
        )
    merged = dict(_current.get())
    merged.update({k: v for k, v in given.items() if v is not None})
    out: Dict[str, Any] = {}
    for k, v in merged.items():
        if k == "max_memory":
            out[k] = _size(v)
        elif k == "max_time":
            out[k] = _seconds(v)
        else:
            out[k] = _count(k, v)
    return out


def current_limits() -> Dict[str, Any]:
    """The limits set by the enclosing ``with grundy.limits(...)`` blocks."""
    return dict(_current.get())


@contextlib.contextmanager
def limits(**given: Any) -> Iterator[None]:
    """Sets limits for every call inside the block::

        with grundy.limits(max_time="2s", max_memory="512M"):
            grundy.value("kayles(1000)")
    """
    normalise(given)  # refuse bad values here, not at the first call
    merged = dict(_current.get())
    merged.update(given)
    token = _current.set(merged)
    try:
        yield
    finally:
        _current.reset(token)
