"""A detector of English prose in what korbiro says under ``--lang hu`` (tests/project/test_lang_hu_walk.py).

:func:`english_words` takes an output, removes what is not prose (data of the shipped files: card
names; rule ids, codes like ``MK-DECK-SIZE``, paths, option names like ``--format``, URLs, command
lines of examples, quoted input, metavariables, JSON keys and one-word JSON values) and returns the
English words left: whole words from :data:`ENGLISH`, a list of English function and message words
none of which is a Hungarian word (``a``, ``is``, ``be``, ``meg``, ``hat``, ``old``, ``sort`` are, and
are not on it).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parent.parent

#: English words that no Hungarian message has (whole words, any case)
ENGLISH = frozenset("""
the was were not unknown error errors expected refused step line found must cannot can't should which
with this that these those there their they from into when would could does doesn't don't has have
been are and of for none only every missing invalid usage options show help file files card cards deck
decks rule rules player players legal illegal turn allowed needs given more than after before because
instead while here where what warning note notes findings finding exit example examples default see try
such option value number name names shown less least exactly another other each it its you your
will why how no yes message choose chosen read written write unreadable empty whole list
""".split())

#: words in capitals that are English badges or headings (other capitals are metavariables: FILE, PATHS)
CAPITALS = frozenset({"ERROR", "NOTE", "WARNING", "LEGAL", "ILLEGAL", "USAGE"})

_NOT_PROSE = [
    re.compile(r"https?://\S+"),
    re.compile(r"^\s*\$?\s*korbiro\s.*$", re.M),  # an example's command line
    re.compile(r"\S*[/\\]\S*"),  # a path
    re.compile(r"(?<![^\s(\[,'\"`])--?[A-Za-z][\w-]*(=\S*)?"),  # an option name
    re.compile(r"\S+\.(yaml|yml|deck|txt|json|svg|csv|toml|md|py|lark|html)\b"),
    re.compile(r"\b[A-Z][A-Z0-9]*(?:[-_.][A-Za-z0-9]+)+\b"),  # a code: MK-DECK-SIZE, YAML-TAB, WORD.x
    re.compile(r"\b\d{1,2}\.\d{2}(?:\.[0-9A-Za-z]+)*\b"),  # a rule id
    re.compile(r"\$[.\w\[\]]*"),  # a place in a document: $.players[0].dp
    re.compile(r"\w+(?:-\w+)+…?"),  # an identifier: two-player, illegal-copies, a truncated file name
    re.compile(r"\w+_\w*"),  # an identifier: dp_end_of_round
    re.compile(r"\w+(?:\|\w+)+"),  # a choice of values: yes|no
    re.compile(r"(?<=\[alapértelmezés: )[^;\]\n]+"),  # an option's default value, as click shows it
    re.compile(r"'[^'\n]{0,60}'|\"[^\"\n]{0,60}\"|`[^`\n]{0,60}`|«[^»\n]{0,60}»|„[^”\n]{0,60}”"),  # quoted input
    re.compile(r"<[^>\n]{0,200}>"),  # markup and placeholders
    re.compile(r"&\w+;"),
]
_WORD = re.compile(r"[^\W\d_][^\W\d_']*")


@cache
def _data_names() -> tuple[str, ...]:
    """Names the shipped data gives (cards, their ids), longest first: not prose wherever they show."""
    from korbiro.data.index import open_index
    from korbiro.data.paths import default_db_path

    names: set[str] = set()
    for folder in ("examples/rulings", "examples/masik-db/rulings", "examples/results"):
        for path in (ROOT / folder).glob("**/*.yaml"):
            for line in path.read_text("utf-8").splitlines():  # the scenarios' titles: data, in English
                if line.startswith(("title:", "description:")):
                    names.add(line.split(":", 1)[1].strip().strip("'\""))
    for path in default_db_path(None).glob("*.yaml"):  # every text of the shipped set files is data
        names.update(_scalars(yaml.safe_load(path.read_text("utf-8"))))
    index = open_index([default_db_path(None)])
    try:
        for row in index.conn.execute("SELECT id, name FROM cards"):
            names.update(str(v) for v in row if v)
    finally:
        index.close()
    return tuple(sorted(names, key=len, reverse=True))


def _scalars(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from _scalars(v)
    elif isinstance(value, list):
        for v in value:
            yield from _scalars(v)


def _strings(value: Any) -> Iterator[str]:
    """The prose of a JSON document: its string values of more than one word (keys and one-word values
    such as ``"severity": "error"`` are names a program reads, not text a person reads)."""
    if isinstance(value, str):
        if " " in value.strip():
            yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            if k != "en":  # a text of the data given in both languages ({"hu": …, "en": …})
                yield from _strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from _strings(v)


@cache
def _command_line() -> re.Pattern[str]:
    """``korbiro`` and the names of its commands after it (``korbiro deck check``): names, not prose."""
    import click

    from korbiro.cli import cli

    names: set[str] = set()

    def walk(command: click.Command) -> None:
        if isinstance(command, click.Group):
            ctx = click.Context(command)
            for name in command.list_commands(ctx):
                names.add(name)
                sub = command.get_command(ctx, name)
                if sub is not None:
                    walk(sub)

    walk(cli)
    words = "|".join(sorted(map(re.escape, names), key=len, reverse=True))
    # korbiro deck check; a command path (deck check); a command in a help's list of commands
    return re.compile(rf"\bkorbiro(?:\s+(?:{words})\b)*|\b(?:{words})(?:\s+(?:{words})\b)+|^\s+(?:{words})(?=\s\s)",
                      re.M)


@cache
def _query_fields() -> re.Pattern[str]:
    """The card search language's field names before their colon (``type:``, ``name:``): names, not prose."""
    from korbiro.grammar.query import FIELDS

    names = {alias for f in FIELDS for alias in f.names} | {"errata", "changed", "legal", "banned", "restricted"}
    return re.compile(rf"\b(?:{'|'.join(sorted(map(re.escape, names), key=len, reverse=True))}):")


def prose(text: str) -> str:
    """*text* without what is not prose (a JSON document: only its strings of several words)."""
    stripped = text.strip()
    if stripped[:1] in "[{":
        try:
            text = "\n".join(_strings(json.loads(stripped)))
        except ValueError:
            pass
    for name in _data_names():
        if name in text:
            text = text.replace(name, " ")
    for pattern in (*_NOT_PROSE, _command_line(), _query_fields()):
        text = pattern.sub(" ", text)
    return text


def _english(line: str) -> list[str]:
    return [w for w in _WORD.findall(line)
            if w in CAPITALS or (w.lower() in ENGLISH and not (w.isupper() and len(w) > 1))]


def english_words(text: str) -> list[str]:
    """The English words of *text*'s prose."""
    return _english(prose(text))


def english_lines(text: str) -> list[str]:
    """The lines of *text* whose prose has English words (what a failing test shows)."""
    return [line for line in prose(text).splitlines() if _english(line)]
