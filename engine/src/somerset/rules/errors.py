"""The engine's errors: one base class, so a front end catches every kind of bad input at once.

Everything the engine raises for input it cannot accept is a :class:`SomersetError`, which is a
:class:`ValueError`. Two families sit under it: :class:`NotationError` (text that cannot be read:
a card, a trump, a call, an action) and :class:`RulesError` (input that reads correctly but that
the rules do not allow: a trump the ruleset lacks, an illegal action). Where the input came from
a named argument or form field, ``field`` names it; :func:`in_field` attaches it.
"""

from __future__ import annotations

from typing import Any, Callable, TypeVar

__all__ = ["SomersetError", "NotationError", "RulesError", "in_field"]

T = TypeVar("T")


class SomersetError(ValueError):
    """Bad input of any kind. The message says what was wrong and what is accepted.

    ``field`` is the name of the argument (or request field) the bad value came from, when the
    code that found the problem knows it; otherwise None.

    >>> from somerset import parse_card
    >>> try:
    ...     parse_card("9/8")
    ... except SomersetError as e:
    ...     print(type(e).__name__, "|", e)
    CardNotationError | '9/8' is not a card: a card's rank cannot exceed its suit, so the /8 suit runs from 0/8 to 8/8
    """

    def __init__(self, message: str, *, field: str | None = None) -> None:
        super().__init__(message)
        self.field = field


class NotationError(SomersetError):
    """Text that is not valid notation. The message names the token and what is accepted."""

    def __init__(self, token: str, message: str, *, field: str | None = None) -> None:
        super().__init__(message, field=field)
        self.token = token


class RulesError(SomersetError):
    """Input that reads correctly but that the ruleset does not allow (an unknown trump, a bad trick)."""


def in_field(field: str, parse: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    """``parse(*args, **kwargs)``; an error from it names ``field`` as the input it belongs to.

    An engine error that already names its field keeps it; a plain :class:`ValueError` (from code
    that does not know the engine's errors) becomes a :class:`SomersetError` of ``field``.
    """
    try:
        return parse(*args, **kwargs)
    except SomersetError as e:
        if e.field is None:
            e.field = field
        raise
    except ValueError as e:
        raise SomersetError(str(e), field=field) from e
