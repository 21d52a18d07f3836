"""Every word a user reads is a catalogue template (issue 28: "six ways to speak two languages"): no label
dictionary of English and Hungarian words, and no list joined by an English or Hungarian word written in the code."""

from __future__ import annotations

import ast
from functools import cache

from layout import ROOT

PACKAGE = ROOT / "korbiro"
#: joins whose word is not the user's language: the query language's own ``or`` (a query written back), and
#: the grammar's expected-token list (the grammar's own words are English, docs/architecture.md)
JOINS_OF_A_LANGUAGE = {("grammar/query.py", "render"), ("grammar/action.py", "_fail")}


@cache
def _modules() -> list[tuple[str, ast.Module]]:
    return [(str(p.relative_to(PACKAGE)), ast.parse(p.read_text(encoding="utf-8"))) for p in sorted(PACKAGE.rglob("*.py"))]


def test_no_dictionary_of_english_and_hungarian_words() -> None:
    found = [f"{name}:{node.lineno}" for name, tree in _modules() for node in ast.walk(tree)
             if isinstance(node, ast.Dict)
             and {"en", "hu"} <= {k.value for k in node.keys if isinstance(k, ast.Constant)}]
    assert found == []


def test_no_list_is_joined_by_a_word_written_in_the_code() -> None:
    """``" and ".join(…)`` / ``" vagy ".join(…)``: the catalogue's ``JOIN.and``/``JOIN.or`` (:func:`i18n.joined`)."""
    found = []
    for name, tree in _modules():
        for fn in ast.walk(tree):
            if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)) or (name, fn.name) in JOINS_OF_A_LANGUAGE:
                continue
            found += [f"{name}:{node.lineno}" for node in ast.walk(fn)
                      if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "join"
                      and isinstance(node.func.value, ast.Constant)
                      and str(node.func.value.value).strip() in ("and", "or", "és", "vagy")]
    assert found == []


def _words_in(node: ast.expr) -> bool:
    """Whether a string or f-string writes words itself (letters outside its placeholders)."""
    parts = node.values if isinstance(node, ast.JoinedStr) else [node]
    return any(isinstance(p, ast.Constant) and isinstance(p.value, str) and any(c.isalpha() for c in p.value)
               for p in parts)


def test_no_hungarian_is_written_beside_its_english() -> None:
    """``raise UsageError("…", "English", hu=f"magyar …")``: a template said in either language instead."""
    found = [f"{name}:{node.lineno}" for name, tree in _modules() for node in ast.walk(tree)
             if isinstance(node, ast.keyword) and node.arg is not None and (node.arg == "hu" or node.arg.endswith("_hu"))
             and isinstance(node.value, (ast.Constant, ast.JoinedStr)) and _words_in(node.value)]
    assert found == []
