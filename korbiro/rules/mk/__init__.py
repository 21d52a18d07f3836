"""M.A.G.U.S. Kártyajáték: deck legality (:mod:`.deck`, :mod:`.formats`), the timeline engine
(:mod:`.timeline`), the rule index (:mod:`.rulebook`) and game results (:mod:`.victory`)."""
