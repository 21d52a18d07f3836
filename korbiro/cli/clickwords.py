"""click's own words in the user's language: "Usage:", "Error:", "Try … for help.", its option errors
and its help headings.

click says them through :mod:`gettext` (``_("Usage:")``); :func:`install` gives its modules a
``gettext`` that looks the English up among the ``CLICK.…`` entries of ``cli/messages.yaml`` (each
entry's ``en`` is click's own text, placeholders and all) and answers the template of the language
chosen (:func:`korbiro.base.i18n.current`).  An English run, and a text of click's the catalogue lacks,
keep click's English; in English the catalogue is not even read.
"""

from __future__ import annotations

import copy
import importlib
from functools import cache
from typing import Any

import click

__all__ = ["install", "gettext", "ngettext", "PREFIX", "choose_early", "early", "Context", "help_text", "localize",
           "fresh"]

#: the catalogue's keys of click's texts begin so
PREFIX = "CLICK."
#: click's modules that say something through gettext
_MODULES = ("core", "decorators", "exceptions", "formatting", "parser", "termui", "types", "utils")


#: the language the command line asks for (``--lang``), read before click reads the arguments
early: str | None = None


def choose_early(args: list[str]) -> None:
    """Choose the ``--lang`` of *args* before click reads them, so that a usage error click finds while
    reading (an unknown option, a missing argument), and a ``--help`` given before ``--lang``, speak it."""
    from ..base import i18n  # lazy: start-up

    global early
    early = None
    for i, arg in enumerate(args):
        if arg == "--":
            break
        if arg.startswith("--lang="):
            early = arg.split("=", 1)[1]
        elif arg == "--lang" and i + 1 < len(args):
            early = args[i + 1]
    i18n.choose(early)


@cache
def _keys() -> dict[str, str]:
    """click's English -> the catalogue key of its translation."""
    from ..base.i18n import catalogue  # lazy: read only in another language than English

    return {texts["en"]: key for key, texts in catalogue().items() if key.startswith(PREFIX)}


def gettext(text: str) -> str:
    """click's *text* in the chosen language (a template click formats itself), else as it is."""
    from ..base.i18n import current, template  # lazy: start-up

    lang = current()
    if lang == "en":
        return text
    key = _keys().get(text)
    return text if key is None else template(key, lang)


def ngettext(singular: str, plural: str, n: int) -> str:
    """click's *singular* or *plural* (as *n* asks) in the chosen language."""
    return gettext(singular if n == 1 else plural)


def install() -> None:
    """Let click's modules speak through :func:`gettext` (once; harmless again)."""
    for name in _MODULES:
        module = importlib.import_module(f"click.{name}")
        if hasattr(module, "_"):
            module._ = gettext  # type: ignore[attr-defined]
        if hasattr(module, "ngettext"):
            module.ngettext = ngettext  # type: ignore[attr-defined]


def help_text(key: str, english: str | None, lang: str) -> str | None:
    """The help text *key* (``HELP.deck.check``, ``HELP.deck.check.--db``) in *lang*: its catalogue
    template (a command's examples kept as they are, under the heading ``HELP.examples``), or, for an
    option many commands share, the ``HELP.option.--db…`` entry whose English is the option's; else
    *english* as it is."""
    from ..base.i18n import catalogue  # lazy: read only for a help in a language other than English

    if english is None:
        return None
    texts = catalogue().get(key)
    option = key.rsplit(".", 1)[1].startswith("--")
    if texts is None and option:
        shared = "HELP.option." + key.rsplit(".", 1)[1]
        texts = next((t for k, t in catalogue().items()
                      if (k == shared or k.startswith(shared + ".")) and t["en"] == english), None)
    if texts is None:
        return gettext(english)  # click's own (--version's help), else as it is
    said = (texts.get(lang) or english).format()  # a help template takes no arguments: {{ is a brace
    return said if option or "\x08" not in english else said + _examples(english, lang)


def _examples(english: str, lang: str) -> str:
    """A command help's examples (the block after click's ``\\b``), its heading in *lang*."""
    import inspect  # lazy: only a help in a language other than English

    from ..base.i18n import template  # lazy: start-up

    block = inspect.cleandoc(english.partition("\x08")[2])
    heading, _, lines = block.partition("\n")
    return "\n\n\x08\n" + (template("HELP.examples", lang) if heading == "Examples:" else heading) + "\n" + lines


def _localized(command: click.Command, key: str, lang: str) -> click.Command:
    """A copy of *command* whose help, options' help and sub-commands' help speak *lang*."""
    local = fresh(command)
    local.help = help_text(key, command.help, lang)
    if command.short_help is not None:
        local.short_help = help_text(key + ".short", command.short_help, lang)
    local.params = [_localized_param(p, key, lang) for p in command.params]
    if isinstance(command, click.Group) and isinstance(local, click.Group):
        local.commands = {name: _localized(sub, f"{key}.{name}", lang) for name, sub in command.commands.items()}
    return local


def fresh(command: click.Command) -> click.Command:
    """A copy of *command* whose ``--help`` option is made anew, in the language chosen now: click keeps
    the one it made first (when the command's arguments were read), in the language of that run."""
    local = copy.copy(command)
    local.params = list(command.params)
    local._help_option = None
    return local


def _localized_param(param: click.Parameter, key: str, lang: str) -> click.Parameter:
    if not isinstance(param, click.Option) or not param.help:
        return param
    local = copy.copy(param)
    local.help = help_text(f"{key}.{max(param.opts, key=len)}", param.help, lang)
    return local


class Context(click.Context):
    """click's context, whose help speaks the language chosen (``HELP.…`` templates of the catalogue)."""

    def get_help(self) -> str:
        from ..base.i18n import current  # lazy: start-up

        lang = current()
        if lang == "en":
            return fresh(self.command).get_help(self)
        key = ".".join(["HELP", *self.command_path.split()[1:]]) if " " in self.command_path else "HELP.korbiro"
        return _localized(self.command, key, lang).get_help(self)


def localize(command: Any) -> None:
    """Let *command* (and its sub-commands) make :class:`Context` contexts, whose help speaks the language chosen."""
    command.context_class = Context
    for sub in getattr(command, "commands", {}).values():
        localize(sub)
