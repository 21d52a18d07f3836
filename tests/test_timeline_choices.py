"""Who acts, against whom and on what: the choices the rules leave to a player, and the players who may not act.

* an effect of "one of your opponents" hits the one opponent its player chooses (12.00.A), named by the
  action's ``ellen "P"`` clause, and listed as a choice;
* an obstacle obstructs the initiating team of a manoeuvre against its player: a beast attacks that team's
  adventurers, not its own side nor everybody (6.03, 4.01.C), as many as option ``beast_targets`` allows;
* an adventurer (a building, an ally, a tower level) is no fast effect: it is not summoned into an
  opponent's open timeline (6.00, option ``sor_summons``);
* a player who is out of the game takes no action (12.00.D): a refusal, never a crash.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from clirun import run_main

from korbiro.grammar.action import Action, parse_action
from korbiro.rules.mk.timeline.engine import Engine
from korbiro.rules.mk.timeline.scenario import Result, run_file

ROOT = Path(__file__).resolve().parent.parent
RULINGS = ROOT / "examples" / "rulings"


@pytest.fixture(autouse=True)
def _private_cache(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("KORBIRO_CACHE_DIR", str(tmp_path_factory.getbasetemp() / "cache"))


def run_text(text: str, until: int | None = None, path: str = "t.yaml") -> Result:
    return run_file(path, text=text, until=until)


def forms(eng: Engine, player: str) -> list[tuple[str, str]]:
    return [(f.text("en"), f.rule) for f in eng.legal_actions(player)]


def refusal_of(eng: Engine, player: str, action: str) -> tuple[str, str | None, str]:
    err = eng.why_not(player, parse_action(action))
    assert err is not None, f"{action!r} was accepted"
    return err.code, err.rule, str(err)


# ---------------------------------------------------------------- a player who is out (12.00.D)

OUT = """title: a player who is out
format: archivalt
variant: general
options: {turn_order: free}
setup:
  players:
    - {name: Anna, mp: 5, out: true, torony: [Argureni bálterem]}
    - {name: Béla, mp: 3, torony: [Toroni őrtorony], jövő: [Briar Sichetti, Wirg, Slan ököl]}
    - {name: Cili, mp: 2, torony: [Kincses kamra], jövő: [Vadonjáró Thorwald, Barlangi medve, Slan ököl]}
    - {name: Dóra, mp: 1, torony: [Shadoni kincstár], jövő: [Pyarroni novícius, Wirg, Slan ököl]}
script:
  - "Anna: passz"
"""


def test_a_player_who_is_out_is_refused_not_crashed(tmp_path: Path) -> None:
    text = OUT.replace('  - "Anna: passz"', "  - Anna: passz")
    result = run_text(text)
    assert [(r.step, r.code, r.rule, r.message, r.hu) for r in result.refusals] == [
        (1, "MK-TL-OUT", "12.00.D", "Anna is out of the game: a player who is out takes no more actions",
         "Anna kiesett a játékból: aki kiesett, többé nem cselekszik")]
    ruling = tmp_path / "out.yaml"
    ruling.write_text(text, "utf-8")
    got = run_main(["resolve", str(ruling)])
    assert got.code == 1
    assert "    REFUSED [12.00.D] Anna is out of the game: a player who is out takes no more actions" in \
        got.stdout.splitlines()


def test_a_player_who_is_out_has_no_legal_action() -> None:
    eng = run_text(OUT.replace('  - "Anna: passz"', "  - Anna: passz"), until=0).engine
    assert eng is not None
    assert eng.legal_actions("Anna") == []
    assert refusal_of(eng, "Anna", "passz")[:2] == ("MK-TL-OUT", "12.00.D")
    assert [f.verb for f in eng.legal_actions("Béla")] == ["pass"]


def test_a_player_who_is_out_is_never_the_active_player() -> None:
    """The setup names Anna, who is out, as the active player: the active-player rule looks past her (12.00.D),
    and random play (``játék``) goes on with the players still in."""
    text = OUT.replace("options: {turn_order: free}\n", "").replace("  players:\n", "  active: Anna\n  players:\n", 1)
    text = text.replace('  - "Anna: passz"', "  - játék 3")
    result = run_text(text)
    eng = result.engine
    assert eng is not None and not result.refusals
    assert eng.state.players["Anna"].out and eng.active_player() != "Anna"
    start = result.steps[0][3]
    played = eng.state.trace[start - 1:]
    assert len(played) > 10 and not [e.en for e in played if e.en.startswith("Anna ")]
