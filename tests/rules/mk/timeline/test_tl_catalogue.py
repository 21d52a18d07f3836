"""Issue 28, item 3, for the card game: every message of korbiro/rules/mk is a catalogue template
(rules/mk/messages.yaml), the timeline's trace lines are said only when read, and a scenario's load
errors and differences from ``expect:`` speak the user's language."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from click.testing import CliRunner
from layout import ROOT

from korbiro.base import i18n
from korbiro.cli import cli
from korbiro.data.cards import Card
from korbiro.grammar.action import Action
from korbiro.rules.mk.timeline.engine import Engine
from korbiro.rules.mk.timeline.rules import FORMATS
from korbiro.rules.mk.timeline.trace import TraceEvent

PACKAGE = ROOT / "korbiro" / "rules" / "mk"
RULINGS = ROOT / "examples" / "rulings"

#: calls whose first string argument is a catalogue key (the rest of their arguments fill it)
KEYED = {"refused", "says", "part", "both", "said", "message", "skip", "require", "TemplateError"}
#: where a call's message key stands: emit(rule, event, KEY, args), words(group, key) -> MK-TL-WORD.group.key
KEY_AT = {"emit": 2, "skip": 1, "require": 1, "both": 1}
#: calls that carry a message: a literal text among their arguments is an inline message
MESSAGE_CALLS = {"emit", "illegal", "refused", "skip", "require", "gain_dp", "pick_targets", "DataError",
                 "UsageError", "KorbiroError", "IllegalActionError", "DeckError", "RulesSyntaxError", "Note"}
#: the one place a refusal is built from its two languages already said (:func:`trace.illegal`)
EXEMPT = {("timeline/trace.py", "illegal")}


def _name(call: ast.Call) -> str | None:
    fn = call.func
    return fn.attr if isinstance(fn, ast.Attribute) else fn.id if isinstance(fn, ast.Name) else None


def _text(node: ast.expr) -> bool:
    """Whether *node* is message text written in the code: an f-string, or a literal of words."""
    if isinstance(node, ast.JoinedStr):
        first = node.values[0] if node.values else None
        return not (isinstance(first, ast.Constant) and str(first.value).startswith(("MK-", "CLI.")))
    return isinstance(node, ast.Constant) and isinstance(node.value, str) and " " in node.value.strip()


def _calls() -> list[tuple[str, int, str, ast.Call]]:
    out = []
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE).as_posix()
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.Call) and (name := _name(node)) is not None:
                out.append((rel, node.lineno, name, node))
    return out


def test_no_message_of_rules_mk_is_written_inline() -> None:
    """No emit(…)/illegal(…)/refused(…)/an error of korbiro/rules/mk is given its message as text (a string
    literal or an f-string), nor an English/Hungarian pair of texts: each says a catalogue template."""
    inline = []
    for rel, line, name, call in _calls():
        if (rel, name) in EXEMPT:
            continue
        args = [*call.args, *(k.value for k in call.keywords)]
        if name == "illegal":
            inline.append(f"{rel}:{line}: illegal(…) outside trace.refused")
        elif name in MESSAGE_CALLS and any(_text(a) for a in args):
            inline.append(f"{rel}:{line}: {name}(…) with a message written inline")
        elif any(_text(a) and _text(b) for a, b in zip(call.args, call.args[1:], strict=False)):
            inline.append(f"{rel}:{line}: {name}(…) with an English/Hungarian pair written inline")
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.Tuple) and len(node.elts) == 2 and all(_text(e) for e in node.elts):
                inline.append(f"{path.relative_to(PACKAGE).as_posix()}:{node.lineno}: a pair of texts")
            if isinstance(node, ast.Dict) and any(_chosen_word(v) for v in node.values):
                inline.append(f"{path.relative_to(PACKAGE).as_posix()}:{node.lineno}: a template argument's words "
                              "chosen inline ('a' if … else 'b'): trace.words()")
    assert inline == []


def _chosen_word(node: ast.expr | None) -> bool:
    """``'gains' if … else 'loses'``: words chosen in the code rather than taken from the catalogue."""
    return isinstance(node, ast.IfExp) and all(isinstance(b, ast.Constant) and isinstance(b.value, str) and b.value
                                               for b in (node.body, node.orelse))


def test_every_key_the_timeline_names_is_in_the_catalogue() -> None:
    catalogue = i18n.catalogue()
    missing = []
    for rel, line, name, call in _calls():
        at = KEY_AT.get(name, 0) if name in KEYED or name in KEY_AT else None
        if at is None or len(call.args) <= at:
            continue
        key = call.args[at]
        if isinstance(key, ast.Constant) and isinstance(key.value, str) and key.value.startswith("MK-") \
                and key.value not in catalogue:
            missing.append(f"{rel}:{line}: {key.value}")
        if name == "emit" and isinstance(key, ast.Constant) and not str(key.value).startswith("MK-"):
            missing.append(f"{rel}:{line}: emit(…) with {key.value!r}, which is no template key")
    assert missing == []


_CARD = Card("BENCH-1", "Erioni vásárnapi adomány", "eseménylap", mp=0,
             attrs={"duration": "felhasználás", "behaviour": {"effect": "mp 1 controller"}})


def test_a_trace_line_is_said_only_when_read(monkeypatch: pytest.MonkeyPatch) -> None:
    """A trace line keeps its template and arguments; no text is made until it is read, in either language."""
    eng = Engine(FORMATS["archivalt"], {})
    eng.add_player("Anna", 0)
    eng.add_player("Béla", 0)
    eng.add_card(_CARD, "Anna", "kez", label="adomány")
    made: list[str] = []
    real = i18n.message
    monkeypatch.setattr(i18n, "message", lambda key, lang="en", /, **args: made.append(key) or real(key, lang, **args))
    eng.apply("Anna", Action("summon", card="adomány"))
    keys = {e.key for e in eng.state.trace}
    assert keys and not keys & set(made)
    made.clear()
    line = eng.state.trace[-1]
    assert isinstance(line, TraceEvent) and line.key.startswith("MK-TL-") and line.rule == "5.01.D"
    assert line.render("en") == "  4. [5.01.D] @1 adomány enters timeline 1 (Anna)"
    assert line.to_dict("hu")["message"] == line.message("hu") == line.hu
    assert made == [line.key] * 4  # each reading says it anew: render, to_dict, message, .hu


def _failing_ruling(tmp_path: Path) -> Path:
    text = (RULINGS / "toronyszint-ket-akadaly.yaml").read_text("utf-8")
    text = text.replace("  illegal:\n    - {step: 3, rule: 3.01.C}\n", "")
    path = tmp_path / "x.yaml"
    path.write_text(text, "utf-8")
    return path


def test_an_unexpected_refusal_is_said_in_hungarian(tmp_path: Path) -> None:
    """The resolve diff was English under --lang hu: "step 3 (line …) was refused unexpectedly"."""
    path = _failing_ruling(tmp_path)
    en = CliRunner().invoke(cli, ["resolve", str(path), "--lang", "en"])
    hu = CliRunner().invoke(cli, ["resolve", str(path), "--lang", "hu"])
    assert en.exit_code == hu.exit_code == 1
    line_en = next(x for x in en.output.splitlines() if "refused unexpectedly" in x)
    line_hu = next(x for x in hu.output.splitlines() if "váratlanul elutasította" in x)
    assert line_en.startswith("  - step 3 (line ") and "[3.01.C]" in line_en
    assert line_hu.startswith("  - a(z) 3. lépést (") and "[3.01.C]" in line_hu
    assert "refused unexpectedly" not in hu.output


def test_a_scenario_load_error_is_said_in_hungarian(tmp_path: Path) -> None:
    text = (RULINGS / "toronyszint-ket-akadaly.yaml").read_text("utf-8")
    path = tmp_path / "x.yaml"
    path.write_text(text.replace("script:", "date: 2020-13-45\nscript:", 1), "utf-8")
    hu = CliRunner().invoke(cli, ["resolve", str(path), "--lang", "hu"])
    en = CliRunner().invoke(cli, ["resolve", str(path), "--lang", "en"])
    assert hu.exit_code == en.exit_code == 2
    assert "MK-SCENARIO-DATE" in hu.output and "dátum nem egy nap (ÉÉÉÉ-HH-NN)" in hu.output
    assert "is not a day (YYYY-MM-DD)" in en.output and "is not a day" not in hu.output


def test_no_function_of_rules_mk_is_80_lines_or_longer() -> None:
    """Issue 28: load_scenario (145 lines), activate (89), op_on_card (89) and the elimination variants' run (92)
    were split; no function of korbiro/rules/mk is 80 lines or longer."""
    long = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                lines = (node.end_lineno or node.lineno) - node.lineno + 1
                if lines >= 80:
                    long.append(f"{path.relative_to(PACKAGE).as_posix()}:{node.lineno}: {node.name} ({lines} lines)")
    assert long == []


def test_a_refusal_is_said_when_read_and_pickles_as_said() -> None:
    import pickle

    from korbiro.rules.mk.timeline.trace import refused

    err = refused("MK-TL-NOT-FAST", "6.00", remedy="MK-TL-NOT-FAST.remedy", card="Tűzlabda", opener="Béla", number=2)
    assert err.code == "MK-TL-NOT-FAST" and err.rule == "6.00"
    assert err.message == i18n.message("MK-TL-NOT-FAST", "en", card="Tűzlabda", opener="Béla", number=2)
    assert err.hu == i18n.message("MK-TL-NOT-FAST", "hu", card="Tűzlabda", opener="Béla", number=2)
    assert err.remedy == (i18n.message("MK-TL-NOT-FAST.remedy", "en", card="Tűzlabda", opener="Béla", number=2),
                          i18n.message("MK-TL-NOT-FAST.remedy", "hu", card="Tűzlabda", opener="Béla", number=2))
    back = pickle.loads(pickle.dumps(err))
    assert (back.code, back.rule, back.message, back.hu, back.remedy) == (err.code, err.rule, err.message, err.hu,
                                                                          err.remedy)


def test_a_rule_the_engine_does_not_apply_is_a_finding_not_a_crash(tmp_path: Path) -> None:
    """Found by tests/project/test_fuzz_shapes.py: ``rules: ['1.00']`` made the finding's template miss its rule."""
    path = tmp_path / "x.yaml"
    path.write_text("title: t\nformat: archivalt\nrules:\n- '1.00'\nsetup:\n  players:\n  - name: Anna\n"
                    "  - name: Béla\nscript: []\nexpect: {}\n", "utf-8")
    for lang, words in (("en", "rule '1.00' is not one the engine applies"),
                        ("hu", "a(z) '1.00' szabályt nem alkalmazza a motor")):
        res = CliRunner().invoke(cli, ["resolve", str(path), "--lang", lang])
        assert res.exit_code == 2 and "MK-SCENARIO-RULE" in res.output and words in res.output, res.output


#: where a zone's word is not the zone: a rules option's choices (words a user types), a deck's statistics' labels,
#: a card's printed phase ("sor", 5.01.A), the words a scenario's setup writes for each zone
_NOT_ZONES_FILES = {"enums.py", "rules.py", "deckstats.py"}
_NOT_ZONES_SCOPES = {"_own_phases", "_check_phase", "in_its_phase", "_SETUP_ZONES"}


def _zone_words_written(tree: ast.Module, zones: set[str]) -> list[int]:
    """The lines of *tree* that write a zone's word as a string (a mapping's keys, docstrings, f-strings and the
    scopes of :data:`_NOT_ZONES_SCOPES` aside)."""
    aside: set[int] = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
            aside.add(id(body[0].value))  # a docstring
        names = [node.name] if isinstance(node, ast.FunctionDef) else [
            t.id for t in getattr(node, "targets", [getattr(node, "target", None)]) if isinstance(t, ast.Name)]
        if isinstance(node, ast.JoinedStr) or set(names) & _NOT_ZONES_SCOPES:
            aside |= {id(sub) for sub in ast.walk(node)}
        if isinstance(node, ast.Dict):
            aside |= {id(k) for k in node.keys if k is not None}
    return [n.lineno for n in ast.walk(tree)
            if isinstance(n, ast.Constant) and n.value in zones and id(n) not in aside]


def test_the_timeline_names_its_zones_by_the_enum_not_by_their_words() -> None:
    """A zone is ``SOR`` (``Zone.SOR``, enums.py), never the word ``"sor"`` written again (issue 28: 280 of them)."""
    from korbiro.rules.mk.timeline.enums import Zone

    zones = {z.value for z in Zone}
    written = {str(p.relative_to(PACKAGE)): lines for p in sorted(PACKAGE.rglob("*.py"))
               if p.name not in _NOT_ZONES_FILES
               and (lines := _zone_words_written(ast.parse(p.read_text(encoding="utf-8")), zones))}
    assert written == {}


def test_a_played_game_nobody_reads_opens_no_catalogue() -> None:
    """Random play (``benchmarks/play.py``, a bot's playouts) says nothing until its trace is read: in rounds of
    play, with manoeuvres, refusals and probes, the catalogue (every messages.yaml, ~50 ms to read) is not opened
    (the words of a timeline's opener, a period's end, a siege's figure, a manoeuvre's name, a kind of card and a
    refused clause are said when read).  A game's end says its result, and opens it then."""
    import subprocess
    import sys

    code = ("from korbiro.base import i18n; from korbiro.data.check import load_database;"
            "from korbiro.data.paths import shipped_db_path;"
            "from korbiro.rules.mk.timeline.game import RandomPolicy, deal, play, sample_decks;"
            "cards = {c.name: c for c in load_database([shipped_db_path()])}; decks = sample_decks();"
            "eng = deal([('Anna', decks[0]), ('Béla', decks[1])], cards.get, seed=0);"
            "play(eng, RandomPolicy(0), max_rounds=6); print(eng.over, len(eng.state.trace) > 300,"
            "i18n.catalogue.cache_info().currsize)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out == "False True 0\n"
