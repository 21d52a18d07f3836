"""``korbiro data check``'s options, declared once.

Two parsers read them: the click command (:func:`korbiro.cli.data.check`, built from
:data:`CHECK_OPTIONS`) and the run without click (:meth:`korbiro.cli.answers.CheckRequest.from_argv`,
which answers a re-check before click is imported).  Both are made from this one table, so an option
added here is in both; one that only click reads says so (``replayed=False``: given, it leaves the run to
click).  This module imports nothing but the language list and two light helpers: it is read before click
on every data check, and a replay of an unchanged database takes about 50 ms in all.
"""

from __future__ import annotations

from typing import Any, Final, NamedTuple

from ..base.i18n import LANGS
from ..base.limits import DEFAULT_MAX_FINDINGS
from ..base.text import is_digits

__all__ = ["CHECK_FORMATS", "CHECK_OPTIONS", "KINDS", "CheckOption"]

#: ``data check --format``'s values
CHECK_FORMATS: Final = ("text", "json", "github")

#: what an option's value is: an existing path, an existing file, any text, one of its choices, a whole
#: number (0 or more); ``switch``: ``--x/--no-x``, no value; ``flag``: ``--x``, no value
KINDS: Final = ("path", "file", "text", "choice", "whole", "switch", "flag")


class CheckOption(NamedTuple):
    """One option of ``data check``: how it is written, the parameter it fills, and how its value is read.

    (A named tuple, not a dataclass: ``dataclasses`` imports ``inspect``, a tenth of a replay's time.)"""

    name: str
    #: the command's parameter (and :class:`~korbiro.cli.answers.CheckRequest`'s field) it fills
    field: str
    kind: str
    help: str
    choices: tuple[str, ...] = ()
    default: Any = None
    #: given again and again, its values add up (a tuple)
    multiple: bool = False
    #: the environment variable read when the option is not given
    envvar: str | None = None
    metavar: str | None = None
    show_default: bool = False
    #: read before the other options (``--lang``: their errors speak its language)
    eager: bool = False
    #: the run without click takes it; else, given, it leaves the run to click
    replayed: bool = True

    @property
    def flags(self) -> tuple[str, ...]:
        """How it is written on the command line (a switch both ways)."""
        return (self.name, "--no-" + self.name[2:]) if self.kind == "switch" else (self.name,)

    @property
    def takes_value(self) -> bool:
        return self.kind not in ("switch", "flag")

    def read(self, value: str) -> Any:
        """*value* as the option holds it; ``None`` when click would refuse it (a choice it does not have,
        a number not written with the digits 0-9)."""
        if self.kind == "choice":
            return value if value in self.choices else None
        if self.kind == "whole":
            return int(value) if is_digits(value) else None
        return value


#: ``data check``'s options, in the order its help lists them
CHECK_OPTIONS: Final = (
    CheckOption("--db", "db", "path", envvar="KORBIRO_DB",
                help="The card database when no PATHS are given (default: $KORBIRO_DB, else korbiro.toml's db; "
                     "outside a project, the shipped sample database)."),
    CheckOption("--exclude", "excludes", "text", multiple=True, metavar="GLOB", default=(),
                help="Leave out the set files matching GLOB (repeatable; with korbiro.toml's exclude)."),
    CheckOption("--format", "fmt", "choice", choices=CHECK_FORMATS,
                help="Output format: text for people, json for programs, github for workflow annotations "
                     "(default: korbiro.toml's format, else text)."),
    CheckOption("--lang", "lang", "choice", choices=LANGS, eager=True,
                help="Message language (default: korbiro.toml's lang, else the locale, else English)."),
    CheckOption("--strict", "strict", "switch",
                help="Treat warnings (e.g. unaccented keyword spellings) as failures (default: korbiro.toml's "
                     "strict)."),
    CheckOption("--no-cache", "no_cache", "flag", default=False, replayed=False,
                help="Check every file again even when it has not changed."),
    CheckOption("--formats", "formats_file", "file", replayed=False,
                help="Also check a formats and banlist file (schema mk-formats; banlist dates in order, "
                     "cards known to this database, no redundant entries)."),
    CheckOption("--max-findings", "max_findings", "whole", default=DEFAULT_MAX_FINDINGS, show_default=True,
                metavar="N",
                help="Show at most N findings per file (0: all); a closing line says how many more there were."),
)
