"""Pieces shared by every ``asobiba`` command group (the main CLI and the games' own groups)."""

from __future__ import annotations

import contextlib
import functools
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Annotated, Any, ParamSpec, TypeVar

import typer

from .core.errors import AsobibaError, one_line

OptionOpt = Annotated[
    list[str] | None,
    typer.Option("--option", "-o", help="Rule option KEY=VALUE (repeatable)."),
]
"""The ``-o KEY=VALUE`` rule options every command that builds a game takes."""


def command_group(name: str, help: str, **settings: Any) -> typer.Typer:
    """A command group set up as every ``asobiba`` group is: a bare call shows the help, no shell
    completion, and no Rich tracebacks (errors are one line: :func:`user_errors`)."""
    return typer.Typer(name=name, help=help, no_args_is_help=True, add_completion=False,
                       pretty_exceptions_enable=False, **settings)

P = ParamSpec("P")
R = TypeVar("R")


def user_errors(func: Callable[P, R]) -> Callable[P, R]:
    """Turn AsobibaError into a one-line message on stderr and exit status 2 (docs/formats.md,
    "CLI contracts")."""

    @functools.wraps(func)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return func(*args, **kwargs)
        except AsobibaError as exc:
            typer.echo(f"error: {one_line(str(exc))}", err=True)
            raise typer.Exit(2) from None

    return wrapper


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


class OutputError(AsobibaError):
    """A file or folder a command was told to write that it cannot (one line)."""


def output_folder(path: Path | None, option: str) -> None:
    """Refuse ``path`` (given as ``option``) as a folder to write into before any work is done: it
    is a file, or a file stands where one of its folders would be made."""
    if path is None:
        return
    if path.exists() and not path.is_dir():
        raise OutputError(f"{option} {path}: a file is there; give a folder (it is made if missing)")
    _parent_folders(path, path, option)


def output_file(path: Path | None, option: str) -> None:
    """Refuse ``path`` (given as ``option``) as a file to write before any work is done: it is a
    folder, or a file stands where one of its folders would be made."""
    if path is None:
        return
    if path.is_dir():
        raise OutputError(f"{option} {path}: a folder is there; give a file")
    _parent_folders(path.parent, path, option)


def _parent_folders(folder: Path, given: Path, option: str) -> None:
    """Refuse ``given`` when the nearest of ``folder`` and its parents that exists is no folder."""
    for above in (folder, *folder.parents):
        if above.exists():
            if not above.is_dir():
                raise OutputError(f"{option} {given}: {above} is a file, not a folder")
            return


@contextlib.contextmanager
def written(path: Path) -> Iterator[None]:
    """Within: a failure to write ``path`` (no room, no permission) is one line."""
    try:
        yield
    except OSError as exc:
        raise OutputError(f"cannot write {path}: {exc.strerror or exc}") from None
