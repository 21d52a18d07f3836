"""The rules layer: the engines, one package per game, independent of each other.

* :mod:`.mk`: M.A.G.U.S. Kártyajáték: deck legality, the timeline engine, the rule index, game results;
* :mod:`.exxit`, :mod:`.xig`, :mod:`.zen`: the board games' positions, moves and replays.

A rules module imports only from :mod:`korbiro.data`, :mod:`korbiro.grammar`
and :mod:`korbiro.base` (docs/architecture.md).
"""
