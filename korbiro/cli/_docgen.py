"""The command reference (docs/cli.md), generated from the commands' ``--help``.

    python3 -m korbiro.cli._docgen > docs/cli.md

``tests/project/test_docs.py`` checks that the file is up to date.
"""

from __future__ import annotations

import click

from . import cli
from .clickwords import fresh


def _walk(group: click.Group, path: list[str]) -> list[tuple[list[str], click.Command]]:
    ctx = click.Context(group, info_name=path[-1], help_option_names=HELP)
    out: list[tuple[list[str], click.Command]] = []
    for name in group.list_commands(ctx):
        cmd = group.get_command(ctx, name)
        if cmd is None:
            continue
        out.append((path + [name], cmd))
        if isinstance(cmd, click.Group):
            out.extend(_walk(cmd, path + [name]))
    return out


HELP = ["-h", "--help"]


def _help(path: list[str], cmd: click.Command) -> str:
    parent: click.Context | None = None
    for i, name in enumerate(path[:-1]):
        parent = click.Context(cli if i == 0 else click.Group(name), info_name=name, parent=parent,
                               help_option_names=HELP)
    ctx = click.Context(cmd, info_name=path[-1], parent=parent, terminal_width=100, max_content_width=100,
                        help_option_names=HELP)
    return fresh(cmd).get_help(ctx)  # its --help in English, whatever a run before made it in


def render_reference() -> str:
    """docs/cli.md: every command's ``--help``, in English whatever the locale or the last command chose."""
    from ..base import i18n

    i18n.choose("en")
    try:
        return _reference()
    finally:
        i18n.choose(None)


def _reference() -> str:
    parts = [
        "# Command reference\n",
        "Generated from `--help` by `python3 -m korbiro.cli._docgen > docs/cli.md`; "
        "`tests/project/test_docs.py` checks it is up to date.\n",
        "```text\n" + _help(["korbiro"], cli) + "\n```\n",
    ]
    for path, cmd in _walk(cli, ["korbiro"]):
        parts.append(f"## {' '.join(path)}\n")
        parts.append("```text\n" + _help(path, cmd) + "\n```\n")
    return "\n".join(parts)


if __name__ == "__main__":
    click.echo(render_reference(), nl=False)
