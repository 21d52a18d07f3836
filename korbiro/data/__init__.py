"""The data layer: set files, schemas, the card model, the card index, and the SQL of a search.

* :mod:`.cards`: :class:`~.cards.Card` and :class:`~.cards.CardDatabase`;
* :mod:`.check`: ``data check``, every problem of a card database;
* :mod:`.schema`: the shipped JSON Schemas, compiled once (jsonschema-rs checks, jsonschema explains);
* :mod:`.index`: the SQLite card index behind every lookup;
* :mod:`.search`: a parsed query as SQL over the index;
* :mod:`.paths`: where the database, its set files and the cache are.

Beside the code: the shipped sample database (``mk/cards/``), the formats and
variants, the schemas, and the XIG and Zen game data.  A data module imports
only from :mod:`korbiro.grammar` and :mod:`korbiro.base` (docs/architecture.md).
"""
