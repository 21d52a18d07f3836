"""``korbiro play --human``: a person (or two) at the terminal, the computer at the other seats.

At each decision of a person the screen shows what happened since (the trace), the situation (round, phase,
MP, DP, the hand, the Sor, the timelines) and the numbered legal actions, each with its rule; the person types
a number, an action in the scenario language, or a command (``undo``, ``save FILE``, ``help``, ``quit``).
"""

from __future__ import annotations

import sys
from typing import Any

import click

from ..base.errors import IllegalActionError, KorbiroError
from ..base.i18n import message
from ..rules.mk.timeline.sitting import Sitting

__all__ = ["Terminal"]


class Terminal:
    """The game at the terminal: reads the persons' input line by line, says everything in *lang*."""

    def __init__(self, sitting: Sitting, lang: str, inputs: list[str]) -> None:
        self.sitting = sitting
        self.lang = lang
        #: the files the game was read from, which a save may not overwrite
        self.inputs = inputs
        #: the trace lines already shown
        self.shown = 0
        #: where the persons type: the bytes, read line by line and decoded here (one stream, so that nothing
        #: read ahead is lost, and a line that is not UTF-8 spoils no other)
        self.stdin = sys.stdin

    def say(self, key: str, /, **args: Any) -> None:
        click.echo(message(key, self.lang, **args))

    def run(self) -> bool:
        """Play until the game is over (True) or a person quits or the input ends (False)."""
        while (who := self.sitting.advance()) is not None:
            self.show_trace()
            self.show(who)
            if not self.decide(who):
                self.show_trace()
                self.say("CLI.table.left", steps=len(self.sitting.steps))
                return False
        self.show_trace()
        return True

    def show_trace(self) -> None:
        trace = self.sitting.engine.state.trace
        for e in trace[self.shown:]:
            click.echo(e.render(self.lang))
        self.shown = len(trace)

    def show(self, who: str) -> None:
        """The situation as *who* sees it, and their numbered legal actions."""
        view = self.sitting.view(who, self.lang)
        none = message("CLI.table.none", self.lang)
        for seat in view["players"]:
            if seat["name"] == who:
                self.say("CLI.table.turn", name=who, round=view["round"], phase=view["phase"], mp=seat["mp"],
                         dp=seat["dp"])
                self.say("CLI.table.hand", cards="; ".join(seat["hand"]) or none)
        for seat in view["players"]:
            self.say("CLI.table.seat", name=seat["name"], mp=seat["mp"], dp=seat["dp"], hand=seat["hand_size"],
                     deck=seat["deck_size"], sor="; ".join(seat["sor"]) or none,
                     jelen="; ".join(seat["jelen"]) or none)
        for tl in view["timelines"]:
            entries = "; ".join(f"{e['player']}: {e['label']}" for e in tl["entries"]) or none
            self.say("CLI.table.timeline", number=tl["number"], entries=entries)
        self.say("CLI.table.actions")
        for form in view["legal"]:
            self.say("CLI.table.action", n=form["n"], rule=form["rule"], text=form["text"])

    def read(self, who: str) -> str | None:
        """A line the person types (None at the end of the input)."""
        click.echo(message("CLI.table.prompt", self.lang, name=who), nl=False)
        raw = getattr(self.stdin, "buffer", None)
        try:
            line = raw.readline().decode("utf-8") if raw is not None else self.stdin.readline()
        except UnicodeDecodeError as exc:
            click.echo()
            self.say("CLI.table.not-utf8", offset=exc.start)
            return ""
        if not line:
            click.echo()
            return None
        if not self.stdin.isatty():  # a script's input: shown as a person's typing would be
            click.echo(line.rstrip("\n"))
        return line.strip()

    def decide(self, who: str) -> bool:
        """Ask *who* until they act (True) or quit (False); a command or a refusal asks again."""
        while True:
            typed = self.read(who)
            if typed is None or typed.lower() in ("quit", "kilép", "q"):
                return False
            word, _, rest = typed.partition(" ")
            if word.lower() in ("help", "súgó", "?"):
                self.say("CLI.table.help")
            elif word.lower() in ("undo", "vissza"):
                if self.undo(who):
                    return True
            elif word.lower() in ("save", "ment"):
                self.save(rest.strip())
            elif typed and self.act(who, typed):
                return True

    def act(self, who: str, typed: str) -> bool:
        """Take what *who* typed; a refusal says its rule and remedy and False."""
        try:
            self.sitting.act(who, self.sitting.choice(who, typed))
        except IllegalActionError as exc:
            self.say("CLI.table.refused", rule=exc.rule or "", why=exc.hu if self.lang == "hu" and exc.hu else exc.message)
            if exc.remedy is not None:
                self.say("CLI.table.remedy", remedy=exc.remedy[1] if self.lang == "hu" else exc.remedy[0])
            return False
        except KorbiroError as exc:
            self.say("CLI.table.not-understood", why=exc.findings[0].text(self.lang))
            return False
        return True

    def undo(self, who: str) -> bool:
        """Take back the last action of a person and all after it; the game goes on from there."""
        before = len(self.sitting.steps)
        if not self.sitting.undo():
            self.say("CLI.table.nothing-to-undo")
            return False
        self.say("CLI.table.undone", steps=before - len(self.sitting.steps))
        self.shown = len(self.sitting.engine.state.trace)
        return True

    def save(self, path: str) -> None:
        """Write the game so far as a scenario (``save FILE``)."""
        from ..base.errors import UsageError  # lazy: only a save needs these
        from ..base.fsutil import check_outputs, write_output

        if not path:
            self.say("CLI.table.save-where")
            return
        try:
            check_outputs([("save", path)], self.inputs)
            write_output(path, self.sitting.save_text())
        except UsageError as exc:
            self.say("CLI.table.not-saved", why=exc.findings[0].text(self.lang))
            return
        self.say("CLI.table.saved", path=path, steps=len(self.sitting.steps))
