"""Generate an N-card MK database of valid set files, for benchmarks.

    python benchmarks/gen_db.py 10000 [OUT_DIR] [--per-file 500]

Writes ``OUT_DIR/GEN001.yaml`` … (default OUT_DIR: benchmarks/_generated/N).
Cards cycle through every type, with card text that uses the keywords of
docs/card-text.md on the types they belong to, so the whole check pipeline is
exercised.  Deterministic: the same N gives the same files.
"""

from __future__ import annotations

import argparse
import random
from pathlib import Path

from korbiro.base.fsutil import write_output

RACES = ["ember", "elf", "törpe", "félelf", "udvari ork", "amund", "dzsenn", "khál", "aquir", "sárkány"]
WORDS = ["Toroni", "Erioni", "Gorviki", "Pyarroni", "Shadoni", "Abasziszi", "Dzsenn", "Ereni", "Ynevi", "Kyr"]
NOUNS = ["kard", "torony", "kapu", "árnyék", "ének", "vihar", "őrző", "titok", "láng", "tükör", "ösvény", "kincs"]


def _card(i: int, set_code: str, rng: random.Random) -> str:
    cid = f"{set_code}-{i:04d}"
    name = f"{rng.choice(WORDS)} {rng.choice(NOUNS)} {set_code[-3:]}{i:04d}"
    kind = i % 8
    lines = [f"  - id: {cid}", f"    name: {name}"]
    text: list[str] = []
    if kind == 0:
        lines += ["    type: kalandozó", "    subtype: null", f"    mp: {rng.randint(1, 6)}", "    dp: null",
                  f"    level: {rng.randint(1, 8)}", f"    race: {rng.choice(RACES)}",
                  f"    fizikum: {rng.randint(0, 9)}", f"    asztral: {rng.randint(0, 9)}", f"    mental: {rng.randint(0, 9)}"]
        text += [f"KINCSKERESÉS {rng.randint(1, 4)}", rng.choice(["NEMES NYELV", "SZOLGA NYELV", "TITKOS NYELV"])]
        if i % 3 == 0:
            text.append('[Tolvaj] CSATLÓS')
    elif kind == 1:
        lines += ["    type: küldetés", "    subtype: null", f"    mp: {rng.randint(0, 5)}", f"    dp: {rng.randint(1, 6)}"]
        text += [f"EXPEDÍCIÓ {rng.randint(1, 3)}"] if i % 2 else [f"KINCS {rng.randint(1, 6)}"]
    elif kind == 2:
        fal = rng.randint(1, 5)
        lines += ["    type: építmény", "    subtype: null", f"    mp: {rng.randint(1, 6)}", f"    dp: {rng.randint(1, 4)}",
                  f"    fal: {fal}"]
        text += [f"FAL {fal}"]
    elif kind == 3:
        sub = rng.choice(["csapda", "bestia", "gépezet"])
        lines += ["    type: akadálylap", f"    subtype: {sub}", f"    mp: {rng.randint(0, 5)}", "    dp: null"]
        text += {"csapda": ['"Sebzés: 2."'], "bestia": ["[Toroni] HÁTAS", "AKARATÁTVITEL 2"], "gépezet": ["RÁÉPÍTÉS 2 MP"]}[sub]
    elif kind == 4:
        lines += ["    type: akciólap", "    subtype: varázslat", '    mp: "X"', "    dp: null"]
        text += ["MOZAIK VARÁZSLAT"]
    elif kind == 5:
        lines += ["    type: eseménylap", "    subtype: null", f"    mp: {rng.randint(0, 4)}", "    dp: null"]
        text += ["NEM SZAKÍTHAT MEG IDŐFONALAT", '"Húzz két lapot."']
    elif kind == 6:
        fal = rng.randint(1, 6)
        lines += ["    type: toronyszint", "    subtype: null", "    mp: 4", "    dp: null", f"    fal: {fal}"]
        text += [f"FAL {fal}"]
    else:
        lines += ["    type: szövetséges", "    subtype: null", f"    mp: {rng.randint(1, 5)}", "    dp: null"]
        text += ['ÁLLANDÓ "Kalandozóid szintje 1-gyel nő."']
    # every real card has ability text of its own: one line unique to this card
    text.append(f'"Pihentesd ezt a lapot ({cid}): húzz {i % 3 + 1} lapot, majd dobj el egyet."')
    lines.append("    text: |")
    lines += [f"      {t}" for t in text]
    return "\n".join(lines)


#: card numbers within a set have 3–4 digits (the schema's id pattern): at most this many cards per file
MAX_PER_FILE = 9999


def generate(n: int, out: Path, per_file: int = 500) -> list[Path]:
    if not 1 <= per_file <= MAX_PER_FILE:
        raise ValueError(f"per_file must be 1..{MAX_PER_FILE}: a card id has a 3–4 digit number")
    rng = random.Random(n)
    out.mkdir(parents=True, exist_ok=True)
    for old in out.glob("GEN*.yaml"):
        old.unlink()
    files = []
    made = 0
    k = 0
    while made < n:
        k += 1
        code = f"GEN{k:03d}"
        count = min(per_file, n - made)
        body = [f"set: {{code: {code}, name: Generált készlet {k}, sample: true}}", "cards:"]
        body += [_card(i + 1, code, rng) for i in range(count)]
        path = out / f"{code}.yaml"
        write_output(path, "\n".join(body) + "\n")  # atomically, and only over regular files
        files.append(path)
        made += count
    return files


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("n", type=int)
    ap.add_argument("out", nargs="?", default=None)
    ap.add_argument("--per-file", type=int, default=500, help=f"cards per set file, at most {MAX_PER_FILE}")
    args = ap.parse_args()
    if not 1 <= args.per_file <= MAX_PER_FILE:
        ap.error(f"--per-file must be 1..{MAX_PER_FILE}: a card id has a 3–4 digit number")
    out = Path(args.out) if args.out else Path(__file__).parent / "_generated" / str(args.n)
    files = generate(args.n, out, args.per_file)
    print(f"{args.n} cards in {len(files)} files under {out}")


if __name__ == "__main__":
    main()
