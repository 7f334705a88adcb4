"""asobiba's games in the research frameworks (docs/research.md): OpenSpiel
(:mod:`.openspiel`), PettingZoo (:mod:`.pettingzoo`), Gymnasium (:mod:`.gymnasium`) and a batched
engine (:mod:`.batch`). Each reads the games through their descriptors and names none."""
