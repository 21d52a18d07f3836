"""The base layer: what every language, data format and engine of korbiro stands on.

* :mod:`.errors`: the one error root and its subclasses;
* :mod:`.findings`: the one ``Finding`` type and its renderers;
* :mod:`.i18n`: the message catalogue (English and Hungarian);
* :mod:`.text`: accent folding and other text helpers;
* :mod:`.fsutil`: atomic writes;
* :mod:`.yamlload`: the strict YAML loader, used by every YAML format;
* :mod:`.version`: korbiro's version.

Nothing here imports from a higher layer (docs/architecture.md).
"""
