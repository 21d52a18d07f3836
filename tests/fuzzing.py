"""Structure-aware fuzzing of every input format korbiro reads, through the real command line.

A *mutant* is a seed file (a shipped example or a corpus file) with one field
changed the way a careless editor or a hostile user changes it: replaced by a
value of every YAML type, removed, duplicated, made huge, given bytes that are
not UTF-8, aliased, tagged.  Text formats (deck lists, EXXIT records, queries)
are mutated line by line and token by token.  Each mutant is written to a file
and run through ``korbiro.cli.main`` in-process (:mod:`clirun`), and the
outcome is judged by :func:`judge`: the exit code is 0, 1 or 2 (never 3, the
internal error), there is no traceback, and every finding names its file and
line.

:data:`TALLY` counts the inputs tried and the exit-3s per format; the
``fuzz`` run prints it (``conftest.py``) and keeps it in pytest's cache
(``korbiro/fuzz-totals``).
"""

from __future__ import annotations

import functools
import json
import os
import random
import re
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import hypothesis
import yaml
from clirun import Ran, run_main
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis.strategies import SearchStrategy

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
BAD = Path(__file__).resolve().parent / "bad_inputs"

#: bytes that are not UTF-8: a stray byte, a cut sequence, a surrogate, a UTF-16 BOM
RAW_BYTES = (b"\xff", b"\xc3(", b"\xed\xa0\x80", b"\xfe\xff\x00")

#: a value of every YAML type, and the awkward ones of bad-inputs.md
TYPE_VALUES = (
    "~", "null", "true", "no", "NO", "on", "0", "-1", "012", "1.10", "1.5e3", ".inf", ".nan", "0x1F", "0o17",
    "1_000", "1:30", "2024-02-30", "2024-05-01", "2024-05-01T10:00:00", '""', "' '", '"x"', "x", "ő", "٣",
    "[]", "[1, x]", "{}", "{a: 1}", "[[[]]]", "'{X}'", "\"\\ud800\"", "\"\\u0085\"", "!!int abc",
    "!!python/object/apply:os.system [echo]", "!card X", "9" * 5000, "-" + "9" * 30, "NaN",
)
#: made huge
HUGE_VALUES = ("x" * 100_000, "[" + ", ".join(["1"] * 20_000) + "]", "[" * 100 + "]" * 100, "a" * 5000 + ": b")

TOKEN_VALUES = ("", "0", "-1", "99999999999999999999", "٣", "x4", "4x", "four", "1.5", "\t", "nan", "ő",
                "'", '"', "(", ")", "--", "#", ":", "::", "*", "%", "\\", "\u200b", "\u0085", "\x00", "\x7f",
                "-" * 3000, "9" * 5000)


@dataclass
class Tally:
    """Inputs tried per format, the bad outcomes (exit 3 of a command, HTTP 500 of the web app), and the
    inputs that broke a rule (kept for the report)."""

    tried: Counter[str] = field(default_factory=Counter)
    exit3: Counter[str] = field(default_factory=Counter)
    http500: Counter[str] = field(default_factory=Counter)
    failures: list[str] = field(default_factory=list)

    def totals(self) -> dict[str, Any]:
        return {"tried": dict(sorted(self.tried.items())), "total": sum(self.tried.values()),
                "exit3": dict(sorted(self.exit3.items())), "exit3_total": sum(self.exit3.values()),
                "http500": dict(sorted(self.http500.items())), "http500_total": sum(self.http500.values())}


TALLY = Tally()

#: the fuzz run's size and seed: ``KORBIRO_FUZZ_SCALE=0.1`` tries a tenth of the inputs, ``KORBIRO_FUZZ_SEED=7``
#: other ones (the default run is not scaled)
SCALE = float(os.environ.get("KORBIRO_FUZZ_SCALE", "1"))
SEED = int(os.environ.get("KORBIRO_FUZZ_SEED", "25"))


def scaled(n: int) -> int:
    """*n* inputs of the fuzz run, scaled by ``KORBIRO_FUZZ_SCALE``."""
    return max(1, round(n * SCALE))


# ------------------------------------------------------------------ YAML mutants

#: a node that stands for a snippet written verbatim into the emitted text (a private-use character)
_SNIP = "\ue001"


def _children(node: yaml.Node) -> list[yaml.Node]:
    if isinstance(node, yaml.MappingNode):
        return [v for _, v in node.value]
    if isinstance(node, yaml.SequenceNode):
        return list(node.value)
    return []


#: the most nodes :func:`_paths` offers, and the longest label it writes: a mutant of a mutant may be nested
#: thousands deep, and every label and path of such a chain is as long as its depth (the scenarios' fuzz run
#: grew to 24 GB listing them)
_MAX_PATHS = 2000
_MAX_LABEL = 160


def _paths(node: yaml.Node, prefix: str = "") -> Iterator[tuple[str, tuple[int, ...]]]:
    """The nodes below *node* (the first :data:`_MAX_PATHS`), depth first: a label (``.cards[2].name``,
    its head cut to :data:`_MAX_LABEL` characters) and its path of child positions.  Without recursion: a
    mutant of a mutant may be nested thousands deep."""
    given = 0
    stack: list[tuple[yaml.Node, str, tuple[int, ...], Iterator[tuple[int, yaml.Node]]]] = [
        (node, prefix, (), iter(enumerate(_children(node))))]
    while stack:
        parent, above, path, children = stack[-1]
        step = next(children, None)
        if step is None:
            stack.pop()
            continue
        n, child = step
        if isinstance(parent, yaml.MappingNode):
            key = parent.value[n][0]
            where = f"{above}.{key.value if isinstance(key, yaml.ScalarNode) else '?'}"
        else:
            where = f"{above}[{n}]"
        if len(where) > _MAX_LABEL:
            where = "…" + where[-_MAX_LABEL:]
        yield where, (*path, n)
        given += 1
        if given >= _MAX_PATHS:
            return
        stack.append((child, where, (*path, n), iter(enumerate(_children(child)))))


def _parent(root: yaml.Node, path: tuple[int, ...]) -> yaml.Node:
    node = root
    for n in path[:-1]:
        node = _children(node)[n]
    return node


class _Emitter:
    """Serialises a node tree, then writes each snippet node's text (or raw bytes) in its place."""

    def __init__(self) -> None:
        self.snippets: list[bytes] = []

    def node(self, text: str | bytes) -> yaml.ScalarNode:
        self.snippets.append(text if isinstance(text, bytes) else text.encode("utf-8", "surrogatepass"))
        return yaml.ScalarNode("tag:yaml.org,2002:str", f"{_SNIP}{len(self.snippets) - 1}{_SNIP}")

    def emit(self, root: yaml.Node, dumper: type[yaml.SafeDumper] = yaml.SafeDumper) -> bytes:
        # (not libyaml's emitter by default: it writes a node tagged ``!!null`` as ``! ''``, another input)
        text = yaml.serialize(root, Dumper=dumper, allow_unicode=True, width=1 << 30)
        out = text.encode("utf-8", "surrogatepass")
        for i in reversed(range(len(self.snippets))):  # 10 before 1
            out = out.replace(f"{_SNIP}{i}{_SNIP}".encode(), self.snippets[i])
        return out


def _set(parent: yaml.Node, n: int, new: yaml.Node) -> Callable[[], None]:
    """Put *new* at position *n* of *parent*; return the undo."""
    if isinstance(parent, yaml.MappingNode):
        old = parent.value[n]
        parent.value[n] = (old[0], new)
    else:
        old = parent.value[n]
        parent.value[n] = new

    def undo() -> None:
        parent.value[n] = old
    return undo


def _insert(parent: yaml.Node, n: int, items: list[Any]) -> Callable[[], None]:
    parent.value[n:n] = items

    def undo() -> None:
        del parent.value[n:n + len(items)]
    return undo


def _remove(parent: yaml.Node, n: int) -> Callable[[], None]:
    old = parent.value.pop(n)

    def undo() -> None:
        parent.value.insert(n, old)
    return undo


def _rekey(parent: yaml.Node, n: int, key: yaml.Node) -> Callable[[], None]:
    if not isinstance(parent, yaml.MappingNode):
        return lambda: None
    old = parent.value[n]
    parent.value[n] = (key, old[1])

    def undo() -> None:
        parent.value[n] = old
    return undo


Mutation = Callable[[yaml.Node, yaml.Node, int, _Emitter], Callable[[], None]]


def _child(parent: yaml.Node, n: int) -> yaml.Node:
    return _children(parent)[n]


def _misspelt(parent: yaml.Node, n: int) -> yaml.Node:
    key = parent.value[n][0] if isinstance(parent, yaml.MappingNode) else None
    old = key.value if isinstance(key, yaml.ScalarNode) else "x"
    return yaml.ScalarNode("tag:yaml.org,2002:str", old[:-1] + ("y" if old.endswith("x") else "x"))


def _copy(item: Any, memo: dict[int, Any] | None = None) -> Any:
    """A copy of a node tree (or of a mapping's (key, value) pair) as ``copy.deepcopy`` makes it, a node met
    twice in it copied once (an alias stays an alias), in a tenth of the time: the marks are shared."""
    memo = {} if memo is None else memo
    if isinstance(item, tuple):
        return tuple(_copy(x, memo) for x in item)
    if id(item) in memo:
        return memo[id(item)]
    if isinstance(item, yaml.ScalarNode):
        new: yaml.Node = yaml.ScalarNode(item.tag, item.value, item.start_mark, item.end_mark, item.style)
    else:
        new = type(item)(item.tag, [], item.start_mark, item.end_mark, item.flow_style)
    memo[id(item)] = new
    if not isinstance(item, yaml.ScalarNode):
        new.value.extend(_copy(x, memo) for x in item.value)
    return new


def _repeat(root: yaml.Node, parent: yaml.Node, n: int, em: _Emitter) -> Callable[[], None]:
    child = _child(parent, n)
    if isinstance(parent, yaml.SequenceNode):
        return _insert(parent, n + 1, [_copy(child) for _ in range(2000)])
    if isinstance(child, yaml.ScalarNode):
        return _set(parent, n, yaml.ScalarNode("tag:yaml.org,2002:str", (child.value + " ") * 2000))
    return _set(parent, n, yaml.SequenceNode("tag:yaml.org,2002:seq", [_copy(child) for _ in range(200)]))


def _with_raw(parent: yaml.Node, n: int, em: _Emitter, raw: bytes) -> Callable[[], None]:
    child = _child(parent, n)
    text = child.value if isinstance(child, yaml.ScalarNode) else ""
    return _set(parent, n, em.node(text.encode("utf-8", "surrogatepass") + raw))


def _short(value: str) -> str:
    return value if len(value) < 40 else f"{value[:12]}…({len(value)})"


MUTATIONS: list[tuple[str, Mutation]] = [
    *[(f"= {_short(v)}", lambda root, parent, n, em, v=v: _set(parent, n, em.node(v)))
      for v in (*TYPE_VALUES, *HUGE_VALUES)],
    ("removed", lambda root, parent, n, em: _remove(parent, n)),
    ("duplicated", lambda root, parent, n, em: _insert(parent, n + 1, [_copy(parent.value[n])])),
    *[(f"+ bytes {raw!r}", lambda root, parent, n, em, raw=raw: _with_raw(parent, n, em, raw)) for raw in RAW_BYTES],
    ("alias of the first field",
     lambda root, parent, n, em: _set(parent, n, _children(root)[0]) if _children(root) else (lambda: None)),
    ("repeated x2000", _repeat),
    *[(f"key = {k}", lambda root, parent, n, em, k=k: _rekey(parent, n, em.node(k))) for k in ("1", "~", "[a]", "yes")],
    ("key misspelt", lambda root, parent, n, em: _rekey(parent, n, _misspelt(parent, n))),
]

_ROOT_MUTANTS = (("root: []", b"[]\n"), ("root: scalar", b"x\n"), ("root: ~", b"~\n"), ("empty", b""))


class YamlSeed:
    """The mutants of one YAML seed, each made on demand: every field times every mutation."""

    def __init__(self, data: bytes) -> None:
        self.source = data
        try:
            self.root: yaml.Node | None = yaml.compose(data.decode("utf-8"), Loader=yaml.CSafeLoader)
        except (yaml.YAMLError, UnicodeDecodeError, RecursionError):
            self.root = None
        self.paths = list(_paths(self.root)) if self.root is not None else []

    def __len__(self) -> int:
        return len(self.paths) * len(MUTATIONS) + len(_ROOT_MUTANTS)

    def mutant(self, i: int) -> tuple[str, bytes]:
        if i >= len(self.paths) * len(MUTATIONS):
            return _ROOT_MUTANTS[i - len(self.paths) * len(MUTATIONS)]
        p, m = divmod(i, len(MUTATIONS))
        where, path = self.paths[p]
        label, mutate = MUTATIONS[m]
        assert self.root is not None
        em = _Emitter()
        undo = mutate(self.root, _parent(self.root, path), path[-1], em)
        try:
            return f"{where} {label}", em.emit(self.root)
        except RecursionError:  # PyYAML's emitter recurses: a mutant too deep for it is tried as it stood
            return f"{where} {label} (too deep to write; the seed instead)", self.source
        finally:
            undo()


# ------------------------------------------------------------------ text mutants

_TOKEN = re.compile(r"\S+")
_LINE_OPS = ("removed", "duplicated", "x5000", "huge", "CR", *[f"+ {raw!r}" for raw in RAW_BYTES])
_WHOLE = (("empty", b""), ("BOM only", b"\xef\xbb\xbf"), ("NUL", b"\x00" * 10))


class TextSeed:
    """The mutants of one text seed (a deck list, a record, a query): every line and token, each on demand."""

    def __init__(self, data: bytes) -> None:
        self.data = data
        self.lines = data.split(b"\n")
        self.plan: list[tuple[int, int, int]] = []  # (line, op or -1, token index): -1 marks a token mutation
        for i, line in enumerate(self.lines):
            self.plan.extend((i, op, 0) for op in range(len(_LINE_OPS)))
            tokens = list(_TOKEN.finditer(line.decode("utf-8", "replace")))
            self.plan.extend((i, -1, t * len(_TOKEN_ALL) + v) for t in range(len(tokens))
                             for v in range(len(_TOKEN_ALL)))

    def __len__(self) -> int:
        return len(self.plan) + len(_WHOLE) + 1

    def mutant(self, i: int) -> tuple[str, bytes]:
        if i >= len(self.plan):
            k = i - len(self.plan)
            if k < len(_WHOLE):
                return _WHOLE[k]
            return "UTF-16", self.data.decode("utf-8", "replace").encode("utf-16")
        n, op, arg = self.plan[i]
        line = self.lines[n]
        if op >= 0:
            new = {0: [], 1: [line, line], 2: [line] * 5000, 3: [line * 2000], 4: [line + b"\r"]}.get(op)
            if new is None:
                new = [line + RAW_BYTES[op - 5]]
            label = f"line {n + 1} {_LINE_OPS[op]}"
        else:
            t, v = divmod(arg, len(_TOKEN_ALL))
            text = line.decode("utf-8", "replace")
            m = list(_TOKEN.finditer(text))[t]
            value = _TOKEN_ALL[v]
            new = [text[:m.start()].encode() + value + text[m.end():].encode()]
            label = f"line {n + 1} token {m.group()!r} = {value[:12]!r}"
        return label, b"\n".join([*self.lines[:n], *new, *self.lines[n + 1:]])


_TOKEN_ALL = tuple(v.encode("utf-8") for v in TOKEN_VALUES) + RAW_BYTES[:2]


# ------------------------------------------------------------------ formats

@dataclass(frozen=True)
class Format:
    """An input format: its seeds, how its mutants are made, and the command that reads one."""

    name: str
    seeds: tuple[Path, ...]
    kind: type[YamlSeed] | type[TextSeed]
    argv: Callable[[str], list[str]]
    #: the name a mutant is written under (a set file's name must be its set code)
    keep_name: bool = False
    #: the mutant is the command's argument itself (a query), not a file; each seed file holds one per line
    inline: bool = False

    def seed_texts(self) -> list[tuple[Path, bytes]]:
        out: list[tuple[Path, bytes]] = []
        for path in self.seeds:
            data = path.read_bytes()
            if self.inline:
                out.extend((path, line) for line in data.splitlines() if line.strip() and not line.startswith(b"#"))
            else:
                out.append((path, data))
        return out

    def plan(self) -> list[tuple[Path, YamlSeed | TextSeed, int]]:
        """Every mutant of every seed, as (seed, its mutants, index); the seeds are read once a run (each
        mutant is made on demand and undone)."""
        return _plan(self)

    def read_plan(self) -> list[tuple[Path, YamlSeed | TextSeed, int]]:
        out: list[tuple[Path, YamlSeed | TextSeed, int]] = []
        for path, data in self.seed_texts():
            seed = self.kind(data)
            out.extend((path, seed, i) for i in range(len(seed)))
        return out


@functools.cache
def _plan(fmt: Format) -> list[tuple[Path, YamlSeed | TextSeed, int]]:
    return fmt.read_plan()


def _glob(folder: Path, pattern: str) -> tuple[Path, ...]:
    return tuple(sorted(folder.glob(pattern)))


def _set_seeds() -> tuple[Path, ...]:
    return tuple(p for p in sorted((BAD / "sets").glob("*/*.yaml")) if p.parent.name not in ("yaml-bomb",))


FORMATS: dict[str, Format] = {f.name: f for f in (
    Format("set files", _set_seeds(), YamlSeed, lambda p: ["data", "check", p, "--no-cache", "--format", "json"],
           keep_name=True),
    Format("deck lists (text)", _glob(EXAMPLES / "decks", "*.deck"), TextSeed,
           lambda p: ["deck", "check", p, "--format", "json"]),
    Format("deck lists (YAML)", _glob(EXAMPLES / "decks", "*.yaml"), YamlSeed,
           lambda p: ["deck", "check", p, "--format", "json"]),
    Format("deck statistics", _glob(ROOT / "korbiro" / "data" / "mk" / "decks", "*.deck"), TextSeed,
           lambda p: ["deck", "show", p, "--format", "json"]),
    Format("scenarios", _glob(EXAMPLES / "rulings", "*.yaml"), YamlSeed,
           lambda p: ["resolve", p, "--format", "json"]),
    Format("game states", _glob(EXAMPLES / "results", "**/*.yaml"), YamlSeed,
           lambda p: ["game", "result", p, "--format", "json"]),
    Format("EXXIT positions", (EXAMPLES / "exxit" / "start.yaml", *_glob(EXAMPLES / "exxit" / "rulebook", "*.yaml")),
           YamlSeed, lambda p: ["exxit", "moves", p, "--format", "json"]),
    Format("EXXIT records", _glob(EXAMPLES / "exxit", "*.txt"), TextSeed,
           lambda p: ["exxit", "replay", p, "--format", "json"]),
    Format("XIG positions", (EXAMPLES / "xig" / "position.yaml",), YamlSeed,
           lambda p: ["xig", "moves", p, "--format", "json"]),
    Format("XIG records", (EXAMPLES / "xig" / "complete-game.yaml", EXAMPLES / "xig" / "illegal-moves.yaml"),
           YamlSeed, lambda p: ["xig", "replay", p, "--format", "json"]),
    Format("Zen positions", (EXAMPLES / "zen" / "position.yaml", EXAMPLES / "zen" / "endgame.yaml"), YamlSeed,
           lambda p: ["zen", "moves", p, "--format", "json"]),
    Format("Zen records", (EXAMPLES / "zen" / "complete-2p.yaml", EXAMPLES / "zen" / "illegal-moves.yaml"),
           YamlSeed, lambda p: ["zen", "replay", p, "--format", "json"]),
    Format("queries", (Path(__file__).resolve().parent / "data" / "queries.txt",), TextSeed,
           lambda q: ["card", "search", q, "--format", "json", "--explain"], inline=True),
)}


def sample(fmt: Format, n: int | None, seed: int = 15) -> list[tuple[Path, str, bytes]]:
    """*n* mutants of *fmt* drawn over all its seeds (all of them when *n* is None), made now."""
    plan = fmt.plan()
    if n is not None and n < len(plan):
        plan = random.Random(f"{fmt.name}:{seed}").sample(plan, n)
    return [(path, *mutants.mutant(i)) for path, mutants, i in plan]


# ------------------------------------------------------------------ running and judging

def run_mutant(fmt: Format, folder: Path, seed: Path, data: bytes, *,
               encoding: str = "utf-8") -> tuple[Ran, str | None]:
    """Write the mutant (under its seed's name) and run its command; the outcome and the path (None: inline)."""
    if fmt.inline:  # an argument, as the shell hands its bytes to Python
        return run_main(fmt.argv(os.fsdecode(data)), encoding=encoding), None
    path = folder / (seed.name if fmt.keep_name else f"input{seed.suffix}")
    path.write_bytes(data)
    return run_main(fmt.argv(str(path)), encoding=encoding), str(path)


@dataclass(frozen=True)
class Problem:
    """A bad outcome: its kind (one report per kind: an exception and where it was raised, or the rule
    broken) and what was seen."""

    kind: str
    detail: str


def judge(ran: Ran, path: str | None) -> list[str]:
    """What is wrong with an outcome: an exit code other than 0/1/2, a traceback, a finding without file:line."""
    return [p.detail for p in problems(ran, path)]


def problems(ran: Ran, path: str | None) -> list[Problem]:
    """:func:`judge`'s problems, each with its kind."""
    wrong: list[Problem] = []
    if ran.code not in (0, 1, 2):
        wrong.append(Problem(f"exit {ran.code}: {raised_where(ran.stderr)}",
                             f"exit {ran.code}: {ran.stderr.strip()[-400:]}"))
    elif "Traceback" in ran.stderr or "internal error" in ran.stderr:
        wrong.append(Problem(f"traceback (exit {ran.code})", f"traceback: {ran.stderr.strip()[-400:]}"))
    if ran.code in (0, 1) and ran.stdout.lstrip().startswith(("{", "[")):
        try:
            doc = json.loads(ran.stdout)
        except ValueError as exc:
            wrong.append(Problem("stdout is not JSON", f"stdout is not JSON: {exc}"))
        else:
            wrong.extend(Problem(f"finding without file:line ({code})", text)
                         for code, text in _findings_without_place(doc, None))
    if ran.code == 2 and path is not None:
        for line in ran.stderr.splitlines():
            if line.startswith(("Error:", path)) and not re.search(re.escape(path) + r":\d+", line) \
                    and not line.startswith(f"Error: {len(ran.stderr.splitlines()) - 1} problems") \
                    and not _OPTION.search(line):
                wrong.append(Problem(f"no file:line: {_gist(line.replace(path, 'FILE'))}",
                                     f"no file:line: {line[:300]}"))
    return wrong


#: a message about a command-line option (``--at 3``, ``Invalid value for '--ply'``): no line of the file is meant
_OPTION = re.compile(r"(?:^|[\s'])--?[a-z]")
_FRAME = re.compile(r'File "([^"]*)", line (\d+), in (\S+)')


def raised_where(stderr: str) -> str:
    """The exception of an internal error and the innermost korbiro frame of its traceback (shown with
    ``KORBIRO_DEBUG``): ``TypeError at korbiro/rules/mk/x.py:12 (fn)``."""
    said = re.search(r"internal error \(([\w.]+)", stderr)
    kind = said.group(1) if said else "?"
    frames = [(f, n, fn) for f, n, fn in _FRAME.findall(stderr) if f"{os.sep}korbiro{os.sep}" in f]
    if not frames:
        return kind
    file, line, fn = frames[-1]
    return f"{kind} at korbiro{file.rsplit(f'{os.sep}korbiro', 1)[1]}:{line} ({fn})"


def _gist(message: str) -> str:
    """What kind of message it is: its first words, without what varies with the input (values, numbers)."""
    return " ".join(re.sub(r"'[^']*'|\"[^\"]*\"|\d+", "…", message).split()[:5])


#: JSON members that explain a verdict (a game result's reasoning), not findings about the input
_NOT_FINDINGS = frozenset({"notes"})


def _findings_without_place(doc: Any, file: str | None) -> list[tuple[str, str]]:
    """Findings (objects with a ``code`` and a ``message``) that lack a line, or a file of their own or around
    them: (code, what was seen) each."""
    out: list[tuple[str, str]] = []
    if isinstance(doc, dict):
        file = doc.get("file") if isinstance(doc.get("file"), str) else file
        if "code" in doc and "message" in doc:
            if not file or not isinstance(doc.get("line"), int) or doc["line"] < 1:
                out.append((str(doc["code"]),
                            f"finding without file:line: {json.dumps(doc, ensure_ascii=False)[:300]}"))
        for k, v in doc.items():
            if k not in _NOT_FINDINGS:
                out.extend(_findings_without_place(v, file))
    elif isinstance(doc, list):
        for v in doc:
            out.extend(_findings_without_place(v, file))
    return out


def check_all(fmt: Format, mutants: list[tuple[Path, str, bytes]], folder: Path, *,
              encoding: str = "utf-8", tally: Tally = TALLY) -> list[str]:
    """Run every mutant; count them; return what went wrong (one line each)."""
    failures: list[str] = []
    for seed, label, data in mutants:
        ran, path = run_mutant(fmt, folder, seed, data, encoding=encoding)
        tally.tried[fmt.name] += 1
        if ran.code == 3:
            tally.exit3[fmt.name] += 1
        for problem in judge(ran, path):
            failures.append(f"{fmt.name}: {seed.relative_to(ROOT)}: {label}: {problem}")
    tally.failures.extend(failures)
    return failures


# ------------------------------------------------------------------ hunting: every kind of bad outcome, each shrunk

class Found(AssertionError):
    """A bad outcome, raised for hypothesis.  Each kind has a class of its own, so that hypothesis (which
    tells failures apart by their exception's type and place) shrinks and reports every kind separately."""

    kind = ""


_FOUND: dict[str, type[Found]] = {}


def found(kind: str, report: str) -> Found:
    cls = _FOUND.get(kind)
    if cls is None:
        cls = _FOUND[kind] = type(f"Found{len(_FOUND)}", (Found,), {"kind": kind})
    return cls(report)


def _leaves(exc: BaseException) -> Iterator[BaseException]:
    if isinstance(exc, BaseExceptionGroup):
        for inner in exc.exceptions:
            yield from _leaves(inner)
    else:
        yield exc


def hunt(cases: SearchStrategy[Any], check: Callable[[Any], list[Problem]], examples: int, *,
         seed: int = SEED, shrink_runs: int = 150) -> dict[str, str]:
    """Run *check* on about *examples* inputs of *cases*; every kind of bad outcome with its minimal input.

    A bad outcome does not end the hunt: hypothesis shrinks it (each kind on its own) and reports it, the
    kind is then only counted, and the hunt goes on with the inputs left, on a new seed.  Shrinking runs at
    most *shrink_runs* more inputs a round (a case already run is answered from memory, as hypothesis
    replays its minimal example; an input past that budget is not run), so that the known bad outcomes of
    a long run cost little.  *cases* must give hashable cases.
    """
    reports: dict[str, str] = {}
    failed: dict[Any, list[Problem]] = {}
    runs = 0
    for round_ in range(50):
        first_failure: int | None = None

        @hypothesis.seed(seed * 1000 + round_)
        @settings(max_examples=max(1, examples - runs), deadline=None, database=None, report_multiple_bugs=True,
                  suppress_health_check=list(HealthCheck),
                  phases=(Phase.generate, Phase.shrink))  # not explain: it traces every rerun, at great cost
        @given(cases)
        def attempt(case: Any) -> None:
            nonlocal runs, first_failure
            if case in failed:
                got = failed[case]
            elif first_failure is not None and runs - first_failure >= shrink_runs:
                return
            else:
                got = check(case)
                runs += 1
                if got:
                    failed[case] = got
            for p in got:
                if p.kind not in reports:
                    first_failure = runs if first_failure is None else first_failure
                    raise found(p.kind, f"{p.detail}\n    minimal input: {case!r}")

        try:
            attempt()
        except BaseException as exc:  # noqa: B036 - an ExceptionGroup of every kind found, or one of them
            leaves = list(_leaves(exc))
            if not all(isinstance(e, Found) for e in leaves):
                raise
            for e in leaves:
                assert isinstance(e, Found)
                reports.setdefault(e.kind, str(e))
            if runs < examples:
                continue
        break
    return reports


def settle(reports: dict[str, str]) -> None:
    """Fail with every kind of bad outcome found and its minimal input (the default run and the
    fuzz run alike)."""
    import pytest  # lazy: the module is also used from a plain Python prompt

    if not reports:
        return
    pytest.fail(report(reports), pytrace=False)


def report(reports: dict[str, str]) -> str:
    return f"{len(reports)} kind(s) of bad outcome, each with its minimal input:\n\n" + "\n\n".join(
        f"[{kind}]\n{text}"
        for kind, text in sorted(reports.items()))
