"""Make the pictures of the docs: docs/img/*.png, from korbiro's own SVG drawings (board games, a deck chart).

A one-off step, run by hand when the drawings change (not a dependency of korbiro or
of its tests).  It needs an SVG converter: CairoSVG (``python3 -m pip install cairosvg``,
which needs the cairo library, ``apt-get install -y libcairo2``) or ``rsvg-convert``
(``apt-get install -y librsvg2-bin``).

    python3 tools/docs_pictures.py                   # writes docs/img/*.png
    python3 tools/docs_pictures.py deck-kincsvadaszok   # only these pictures
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
IMG = ROOT / "docs" / "img"

#: picture name -> the korbiro command that draws it (its --svg PATH is added)
PICTURES = {
    "exxit-position": ["exxit", "show", "examples/exxit/rulebook/1a.yaml"],
    "exxit-mistakes-ply-3": ["exxit", "show", "examples/exxit/mistakes.txt", "--ply", "3"],
    "xig-position": ["xig", "show", "examples/xig/position.yaml"],
    "zen-position": ["zen", "show", "examples/zen/position.yaml"],
    "deck-kincsvadaszok": ["deck", "show", "korbiro/data/mk/decks/kincsvadaszok.deck"],
}


def convert(svg: Path, png: Path) -> None:
    """SVG to PNG at twice the size, with CairoSVG or rsvg-convert."""
    try:
        import cairosvg  # type: ignore[import-not-found]
    except ImportError:
        tool = shutil.which("rsvg-convert")
        if tool is None:
            sys.exit("needs CairoSVG (pip install cairosvg) or rsvg-convert (apt-get install librsvg2-bin)")
        subprocess.run([tool, "--zoom", "2", "-o", str(png), str(svg)], check=True)
        return
    cairosvg.svg2png(url=str(svg), write_to=str(png), scale=2)


def main(names: list[str]) -> int:
    unknown = [n for n in names if n not in PICTURES]
    if unknown:
        sys.exit(f"no picture {', '.join(unknown)}; pictures: {', '.join(PICTURES)}")
    IMG.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        for name, command in PICTURES.items():
            if names and name not in names:
                continue
            svg = Path(tmp) / f"{name}.svg"
            subprocess.run([sys.executable, "-m", "korbiro", *command, "--svg", str(svg)], cwd=ROOT, check=True,
                           stdout=subprocess.DEVNULL)
            convert(svg, IMG / f"{name}.png")
            print(f"docs/img/{name}.png")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
