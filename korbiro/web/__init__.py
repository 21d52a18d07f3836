"""The web face: a local web app and a JSON API over the library (``korbiro serve``).

Beside :mod:`korbiro.cli` in the faces layer, and independent of it: pages in
Hungarian and English and a JSON API (the same JSON as the CLI's ``--format
json``), with no game logic of its own.  The server (:mod:`.app`, :mod:`.api`,
:mod:`.pages`) never runs the library itself: every call goes to a worker
process (:mod:`.pool`, :mod:`.worker`, :mod:`.ops`, :mod:`.games`) within a time
limit.  ``korbiro.web.app.create_app`` makes the app.  Needs the ``web`` extra (``pip install -e '.[web]'``).  docs/web.md.
"""

from __future__ import annotations
