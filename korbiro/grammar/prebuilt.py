"""Pre-built LALR parsers of korbiro's grammars, shipped beside them.

Building a lark parser computes its LALR tables, some 10–30 ms per grammar
at every start of a command.  The tables of each grammar are therefore
shipped in ``korbiro/grammar/tables/<grammar>-<start>.json`` (lark's own
serialisation, written as JSON, which a load never executes) and loaded in a
few milliseconds.  A stored table serves only when it is proved current: it
names the SHA-256 of the grammar's text and the lark version it was built
with, and both must equal the grammar file and the lark in use; otherwise the
parser is built from the grammar as before.  After changing a grammar:

    python3 -m korbiro.grammar.prebuilt        # rewrites the stored tables

(``tests/grammar/test_prebuilt.py`` fails while one is stale.)
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path
from typing import Any

import lark
from lark import Lark
from lark.grammar import Rule
from lark.lexer import TerminalDef

from ..base.fsutil import write_output

__all__ = ["PARSERS", "build", "load", "stored_name"]

PACKAGE = "korbiro.grammar"
#: the grammar package's folder (its files are on disk: read by path, without importlib.resources)
_FOLDER = Path(__file__).resolve().parent

#: every (grammar, start symbol) korbiro parses with
PARSERS: tuple[tuple[str, str], ...] = (
    ("card.lark", "start"),
    ("behaviour.lark", "effect"),
    ("query.lark", "start"),
    ("action.lark", "start"),
)

#: options that are the caller's objects, given again at each load, never stored
_RUNTIME = ("import_paths", "transformer", "postlex", "lexer_callbacks", "tree_class", "_plugins")


def stored_name(grammar: str, start: str) -> str:
    """The file of the stored tables, relative to the grammar package."""
    return f"tables/{grammar.removesuffix('.lark')}-{start}.json"


def _digest(grammar: str) -> str:
    return hashlib.sha256((_FOLDER / grammar).read_bytes()).hexdigest()


def _fresh(grammar: str, start: str, **runtime: Any) -> Lark:
    return Lark.open_from_package(PACKAGE, grammar, ("",), parser="lalr", start=start, **runtime)


def load(grammar: str, start: str, **runtime: Any) -> Lark:
    """The LALR parser of *grammar* from *start*: its stored tables when they are current, else built."""
    try:
        stored = json.loads((_FOLDER / stored_name(grammar, start)).read_text("utf-8"))
        if stored["grammar_sha256"] == _digest(grammar) and stored["lark"] == lark.__version__:
            tables = _decode(stored["tables"])
            return Lark._load_from_dict(tables["data"], tables["memo"], **runtime)  # type: ignore[no-any-return,no-untyped-call]
    except (OSError, ValueError, KeyError, TypeError, AttributeError, IndexError):
        pass  # none stored, or not readable: build it
    return _fresh(grammar, start, **runtime)


def build(grammar: str, start: str) -> dict[str, Any]:
    """The stored form of a freshly built parser: its key and its tables."""
    data, memo = _fresh(grammar, start).memo_serialize([TerminalDef, Rule])
    data["options"] = {k: v for k, v in data["options"].items() if k not in _RUNTIME}
    return {"grammar": grammar, "start": start, "grammar_sha256": _digest(grammar), "lark": lark.__version__,
            "tables": _encode({"data": data, "memo": memo})}


# lark's serialisation is plain data, but with tuples and integer keys, which JSON lacks: both are tagged
def _encode(o: Any) -> Any:
    if isinstance(o, dict):
        if all(isinstance(k, str) for k in o) and "__d" not in o and "__t" not in o:
            return {k: _encode(v) for k, v in o.items()}
        return {"__d": [[_encode(k), _encode(v)] for k, v in o.items()]}
    if isinstance(o, tuple):
        return {"__t": [_encode(x) for x in o]}
    if isinstance(o, list):
        return [_encode(x) for x in o]
    if o is None or isinstance(o, (str, int, float, bool)):
        return o
    raise TypeError(f"cannot store a {type(o).__name__} of a lark parser")


def _decode(o: Any) -> Any:
    if isinstance(o, dict):
        if "__d" in o:
            return {_decode(k): _decode(v) for k, v in o["__d"]}
        if "__t" in o:
            return tuple(_decode(x) for x in o["__t"])
        return {k: _decode(v) for k, v in o.items()}
    if isinstance(o, list):
        return [_decode(x) for x in o]
    return o


def main() -> int:
    """Rewrite the stored tables of every parser (``python3 -m korbiro.grammar.prebuilt``)."""
    folder = _FOLDER / "tables"
    folder.mkdir(exist_ok=True)
    for grammar, start in PARSERS:
        path = folder / stored_name(grammar, start).split("/", 1)[1]
        write_output(path, json.dumps(build(grammar, start), separators=(",", ":")) + "\n")
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
