"""Write the shipped message catalogue (:data:`korbiro.base.i18n.SHIPPED`) anew from the ``messages.yaml`` files.

    python3 -m korbiro.base.shipcatalogue

Run it after editing a catalogue: ``tests/base/test_i18n_catalogues.py`` fails while the shipped one is stale,
and korbiro meanwhile reads the YAML (and keeps the merged catalogue in its cache).
"""

from __future__ import annotations

import sys

from . import i18n
from .fsutil import write_output

__all__ = ["main", "write_shipped"]


def write_shipped() -> str:
    """Write :data:`~korbiro.base.i18n.SHIPPED` from the catalogues of the package (atomically); its path."""
    files = i18n._catalogue_files()
    write_output(i18n.SHIPPED, i18n._sources_digest(files).encode() + b"\n" + i18n._Kept.text(i18n._read_catalogues(files)))
    return i18n.SHIPPED


def main() -> int:
    print(f"wrote {write_shipped()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
