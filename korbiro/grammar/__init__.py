"""The grammar layer: korbiro's small languages, each a grammar, a parser and a syntax tree.

* :mod:`.cardtext` (``card.lark``) and :mod:`.keywords`: card text and its keyword objects;
* :mod:`.query` (``query.lark``): the card search language;
* :mod:`.action` (``action.lark``): the action and effect languages of ruling scenarios;
* :mod:`.decklist`: deck lists, in text and YAML;
* :mod:`.vocabulary`: words several languages share (the card types).

A grammar module imports only from :mod:`korbiro.base` (docs/architecture.md).
"""
