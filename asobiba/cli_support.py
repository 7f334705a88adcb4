"""Pieces shared by every ``asobiba`` command group (the main CLI and the games' own groups)."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, TypeVar

import typer

from .core.errors import AsobibaError, one_line

F = TypeVar("F", bound=Callable[..., Any])


def user_errors(func: F) -> F:
    """Turn AsobibaError into a one-line message on stderr and exit status 2 (docs/formats.md,
    "CLI contracts")."""

    @functools.wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return func(*args, **kwargs)
        except AsobibaError as exc:
            typer.echo(f"error: {one_line(str(exc))}", err=True)
            raise typer.Exit(2) from None

    return wrapper  # type: ignore[return-value]


def usage_errors(invoke: Callable[[], Any]) -> Any:
    """Run ``invoke``; Click's own errors (a value out of range, an unknown option) become one line
    on stderr and exit status 2, like every other user error."""
    try:
        return invoke()
    except typer.TyperException as exc:
        if type(exc).__name__ == "NoArgsIsHelpError":  # a bare group: its help is the answer
            raise
        typer.echo(f"error: {one_line(exc.format_message())}", err=True)
        raise typer.Exit(2) from None
