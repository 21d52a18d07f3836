"""The application layer (korbiro.app.Session): each use case of the card game on the shipped examples,
with exact verdicts, codes and rules, and what the session loads (once, and only when a use case needs it)."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path
from typing import Any

import pytest
from layout import ROOT

import korbiro
import korbiro.data.index as index_module
from korbiro.app import Exchange, KeywordExplanation, RuleView, Session
from korbiro.base.errors import DataError, DeckError, UsageError
from korbiro.data.paths import shipped_db_path

DECKS = ROOT / "examples" / "decks"
RULINGS = ROOT / "examples" / "rulings"
DAY = dt.date(2026, 11, 29)


@pytest.fixture
def session() -> Session:
    return Session(shipped_db_path(), rulings=RULINGS)


# every shipped deck: (file, legal, format, card limit, the errors' (code, rule))
DECK_VERDICTS: list[tuple[str, bool, str, int, list[tuple[str, str | None]]]] = [
    ("illegal-banned.deck", False, "korfordulo", 3, [("MK-DECK-BANNED", "banlist:korfordulo")]),
    ("illegal-copies.deck", False, "korfordulo", 3, [("MK-DECK-COPY-LIMIT", "1.02.A"), ("MK-DECK-NO-LIMIT", "1.02.A")]),
    ("illegal-resource.deck", False, "korfordulo", 3, [("MK-DECK-OTHER-RESOURCE", "1.14.5")]),
    ("illegal-sideboard13.deck", False, "korfordulo", 3,
     [("MK-DECK-NO-LIMIT", "1.02.A"), ("MK-DECK-SIDEBOARD-SIZE", "1.13")]),
    ("illegal-size39.deck", False, "korfordulo", 3, [("MK-DECK-MIN-SIZE", "1.02.B"), ("MK-DECK-NO-LIMIT", "1.02.A")]),
    ("illegal-size59-limit4.deck", False, "korfordulo", 4, [("MK-DECK-MIN-SIZE", "1.02.C")]),
    ("illegal-tower.deck", False, "korfordulo", 3, [("MK-DECK-TOWER-DIFFERENT", "3.01.A")]),
    ("illegal-true-name.deck", False, "korfordulo", 3, [("MK-DECK-COPY-LIMIT", "2.02"), ("MK-DECK-NO-LIMIT", "1.02.A")]),
    ("illegal-unknown-card.deck", False, "korfordulo", 3, [("MK-DECK-UNKNOWN-CARD", None)]),
    ("legal-draft.deck", True, "draft", 3, []),
    ("legal-limit3.deck", True, "korfordulo", 3, []),
    ("legal-limit4.deck", True, "korfordulo", 4, []),
    ("legal-sealed.deck", True, "frissen-bontott", 3, []),
    ("legal-yaml.yaml", True, "korfordulo", 3, []),
    ("match-game1.deck", True, "korfordulo", 3, []),
    ("match-game2-illegal.deck", True, "korfordulo", 3, []),
    ("match-game2.deck", True, "korfordulo", 3, []),
]


def test_every_shipped_deck_is_in_the_table() -> None:
    assert sorted(p.name for p in DECKS.iterdir()) == [name for name, *_ in DECK_VERDICTS]


@pytest.mark.parametrize(("name", "legal", "fmt", "limit", "errors"), DECK_VERDICTS)
def test_check_deck_gives_each_shipped_decks_verdict_and_rules(session: Session, name: str, legal: bool, fmt: str,
                                                               limit: int, errors: list[tuple[str, str | None]]) -> None:
    report = session.check_deck(session.read_deck(str(DECKS / name)), date=DAY)
    assert (report.legal, report.format, report.limit) == (legal, fmt, limit)
    assert sorted({(f.code, f.rule) for f in report.findings if f.severity.name == "ERROR"}) == errors


def test_check_deck_reads_a_deck_given_as_text_as_its_file(session: Session) -> None:
    path = DECKS / "illegal-tower.deck"
    from_text = session.check_deck(session.read_deck("<deck>", path.read_text("utf-8")), date=DAY)
    from_file = session.check_deck(session.read_deck(str(path)), date=DAY)
    def located(report: Any) -> list[tuple[str, str | None, int | None, str]]:
        return [(f.code, f.rule, f.line, f.file) for f in report.findings]

    assert located(from_text) == [("MK-DECK-TOWER-DIFFERENT", "3.01.A", 3, "<deck>")]
    assert located(from_file) == [("MK-DECK-TOWER-DIFFERENT", "3.01.A", 3, str(path))]


def test_check_deck_with_a_ruleset_that_is_no_format_is_mk_deck_format(session: Session) -> None:
    with pytest.raises(UsageError) as caught:
        session.check_deck(session.read_deck(str(DECKS / "legal-limit3.deck")), ruleset="korfordul")
    assert caught.value.to_finding().code == "MK-DECK-FORMAT"
    assert "did you mean 'korfordulo'?" in caught.value.to_finding().text("en")
    with pytest.raises(UsageError) as caught:
        session.check_ruleset("nincs-ilyen")
    assert caught.value.to_finding().code == "MK-DECK-FORMAT"
    session.check_ruleset(None)  # the deck's own line, else the default: nothing to refuse


def test_a_deck_that_cannot_be_read_is_a_deck_error(session: Session) -> None:
    with pytest.raises(DeckError) as caught:
        session.read_deck(str(DECKS / "nowhere.deck"))
    assert [(f.code, f.file) for f in caught.value.findings] == [("FILE-NOT-FOUND", str(DECKS / "nowhere.deck"))]
    with pytest.raises(DeckError) as caught:
        session.read_deck("<deck>", "- [a\n")
    assert [(f.code, f.file, f.line) for f in caught.value.findings] == [("YAML-ROOT-TYPE", "<deck>", 1)]


def test_check_deck_after_an_exchange_adds_the_exchanges_findings(session: Session) -> None:
    before = session.read_deck(str(DECKS / "match-game1.deck"))
    report = session.check_deck(session.read_deck(str(DECKS / "match-game2-illegal.deck")), date=DAY, before=before)
    assert not report.legal
    assert [(f.code, f.rule) for f in report.findings if f.severity.name == "ERROR"] == [
        ("MK-DECK-EXCHANGE-CARDS", "1.13.C"), ("MK-DECK-EXCHANGE-CARDS", "1.13.C")]


def test_check_exchange_legal_and_illegal(session: Session) -> None:
    game1 = session.read_deck(str(DECKS / "match-game1.deck"))
    legal = session.check_exchange(game1, session.read_deck(str(DECKS / "match-game2.deck")))
    assert isinstance(legal, Exchange)
    assert (legal.legal, legal.findings) == (True, [])
    illegal = session.check_exchange(game1, session.read_deck(str(DECKS / "match-game2-illegal.deck")))
    assert illegal.legal is False
    assert [(f.code, f.rule, f.line) for f in illegal.findings] == [
        ("MK-DECK-EXCHANGE-CARDS", "1.13.C", 1), ("MK-DECK-EXCHANGE-CARDS", "1.13.C", 21)]


def test_show_deck_gives_the_shipped_decks_statistics(session: Session) -> None:
    stats = session.show_deck(session.read_deck(str(ROOT / "korbiro" / "data" / "mk" / "decks" / "kincsvadaszok.deck")))
    data = stats.to_dict("en")
    assert stats.complete is True
    assert data["sizes"] == {"tower": 3, "deck": 40, "sideboard": 0}
    assert list(data["sections"]) == ["deck", "tower", "sideboard"]


def test_search_cards_finds_the_cards_of_a_query(session: Session) -> None:
    result = session.search_cards("type:kalandozó mp<=3")
    assert result.count == 16
    assert [c.id for c in result.cards][:5] == ["MINTA-016", "MINTA-001", "MINTA-346", "MINTA-005", "MINTA-013"]
    assert session.search_cards("type:kalandozó mp<=3", sort="id", limit=2).cards[0].id == "MINTA-001"


def test_show_card_finds_a_card_by_a_folded_name_and_says_why_it_finds_none(session: Session) -> None:
    assert session.show_card("tukorutveszto").card.name == "Tükörútvesztő"  # type: ignore[union-attr]
    assert session.show_card("Briar Sichetti").card.id == "MINTA-001"  # type: ignore[union-attr]
    missing = session.show_card("nincs ilyen")
    assert missing.card is None
    assert missing.problem("en") == "no card named 'nincs ilyen'"


def test_show_rule_gives_the_rule_its_points_and_the_scenarios_that_cite_it(session: Session) -> None:
    view = session.show_rule("1.02")
    assert isinstance(view, RuleView)
    assert view.rule is not None and view.rule.id == "1.02"
    assert [r.id for r in view.below] == ["1.02.A", "1.02.B", "1.02.C"]
    assert [Path(s.path).name for s in view.cited] == ["jatek-osztas.yaml"]
    assert view.rulings == str(RULINGS)
    loose = session.show_rule("3.05 d")
    assert loose.rule is not None and (loose.rule.id, loose.rule.text("title", "en")) == ("3.05.D", "Dialects")


def test_show_rule_of_no_rule_reads_no_scenarios(session: Session, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(Session, "scenarios", _refuse)
    assert session.show_rule("99.99") == RuleView("99.99", None)


def test_explain_keyword_gives_example_cards_rule_and_scenarios(session: Session) -> None:
    found = session.explain_keyword("nemes nyelv", 2)
    assert isinstance(found, KeywordExplanation)
    assert found.keyword is not None and found.keyword.key == "NEMES NYELV"
    assert (found.examples_total, [(c.id, line) for c, line in found.examples]) == (1, [("MINTA-001", "NEMES NYELV")])
    assert found.rule is not None and found.rule.id == "3.05.D"
    assert [Path(s.path).name for s in found.scenarios] == [
        "dialektus-leirasbol-titkos.yaml", "hatalomszo-nemes-nyelv.yaml", "hatalomszo-titkos-nyelv-akarja.yaml",
        "masolat-leidezo-a-masolo.yaml"]
    assert session.explain_keyword("kincskeres").keyword.key == "KINCSKERESÉS"  # type: ignore[union-attr]
    none = session.explain_keyword("nemes nyelv", 0)
    assert (none.examples, none.examples_total) == ([], 1)


def test_explain_keyword_of_no_keyword_opens_no_database(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(index_module, "open_index", _refuse)
    found = Session("/nowhere").explain_keyword("xyzzy")
    assert (found.keyword, found.examples, found.scenarios) == (None, (), ())
    assert found.match.query == "xyzzy"


def test_resolve_runs_a_shipped_ruling(session: Session) -> None:
    result = session.resolve(str(RULINGS / "kincskereses-osszeadodik.yaml"))
    assert (result.passed, len(result.steps)) == (True, 2)
    text = (RULINGS / "kincskereses-osszeadodik.yaml").read_text("utf-8")
    again = session.resolve("<scenario>", text=text, suggest=False)
    assert again.to_dict("en")["passed"] is True


def _refuse(*_args: Any, **_kwargs: Any) -> Any:
    raise AssertionError("not to be called")


def test_the_index_is_opened_once_and_only_when_a_use_case_needs_it(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[object] = []
    real = index_module.open_index

    def counted(*args: Any, **kwargs: Any) -> Any:
        calls.append(kwargs.get("files"))
        return real(*args, **kwargs)

    monkeypatch.setattr(index_module, "open_index", counted)
    s = Session(shipped_db_path(), rulings=RULINGS)
    s.show_rule("1.02")
    assert calls == []
    first = s.index
    s.show_card("Briar Sichetti")
    s.search_cards("mp<=1")
    assert s.index is first
    assert len(calls) == 1


def test_refresh_proves_the_index_current_and_reopens_a_changed_database(tmp_path: Path) -> None:
    db = tmp_path / "db"
    db.mkdir()
    source = sorted(shipped_db_path().glob("*.yaml"))[0]
    target = db / source.name
    target.write_bytes(source.read_bytes())
    s = Session(db)
    first = s.index
    s.refresh()
    assert s.index is first  # unchanged: the same index
    target.write_bytes(source.read_bytes() + b"\n")
    s.refresh()
    assert s.index is not first


def test_an_unreadable_database_is_a_data_error(tmp_path: Path) -> None:
    (tmp_path / "bad.yaml").write_text("set: [\n", "utf-8")
    with pytest.raises(DataError):
        Session(tmp_path).index  # noqa: B018


def test_the_package_exports_the_session_and_its_functions_use_it() -> None:
    assert korbiro.Session is Session
    assert "Session" in korbiro.__all__
    report = korbiro.check_deck(str(DECKS / "illegal-tower.deck"), date=DAY)
    assert [(f.code, f.rule) for f in report.findings if f.severity.name == "ERROR"] == [
        ("MK-DECK-TOWER-DIFFERENT", "3.01.A")]
    assert korbiro.deck_stats(str(DECKS / "legal-limit3.deck")).complete is True


def test_the_deck_use_cases_read_a_card_database_given_to_the_session(monkeypatch: pytest.MonkeyPatch) -> None:
    cards = korbiro.load_database([shipped_db_path()])
    monkeypatch.setattr(index_module, "open_index", _refuse)  # the given cards, not the index
    s = Session(cards=cards)
    report = s.check_deck(s.read_deck(str(DECKS / "illegal-size39.deck")), date=DAY)
    assert sorted({(f.code, f.rule) for f in report.findings if f.severity.name == "ERROR"}) == [
        ("MK-DECK-MIN-SIZE", "1.02.B"), ("MK-DECK-NO-LIMIT", "1.02.A")]
    assert s.show_deck(s.read_deck(str(DECKS / "legal-limit3.deck"))).complete is True
    game1 = s.read_deck(str(DECKS / "match-game1.deck"))
    assert s.check_exchange(game1, s.read_deck(str(DECKS / "match-game2.deck"))).legal is True
    assert korbiro.check_deck(str(DECKS / "illegal-size39.deck"), cards, date=DAY).legal is False


# ------------------------------------------------------------------ data check (s33: through the session)


def test_check_database_reports_the_shipped_database_clean(session: Session) -> None:
    report = session.check_database(use_cache=False)
    assert (report.findings, len(report.files)) == ([], len(list(shipped_db_path().glob("*.yaml"))))
    assert report.card_count > 0 and not report.failed(strict=True)


def test_check_database_adds_the_formats_files_own_findings(tmp_path: Path) -> None:
    bad = tmp_path / "f.yaml"
    bad.write_text(
        "formats:\n  x:\n    name: X\n    kind: constructed\n    limits: [{limit: 3, min_deck: 40}]\n    banlist:\n"
        "      - {date: '2026-01-01', card: Wirg, status: banned, reason: r, source: s}\n"
        "      - {date: '2025-01-01', card: Wirgg, status: banned, reason: r, source: s}\n", encoding="utf-8")
    report = Session(shipped_db_path(), formats_file=bad).check_database()
    assert [(f.code, f.line) for f in report.findings] == [("MK-BANLIST-ORDER", 8), ("MK-BANLIST-UNKNOWN-CARD", 8)]
    assert report.failed()


def test_data_check_runs_through_the_session(monkeypatch: pytest.MonkeyPatch) -> None:
    """``korbiro data check`` (the click command and the run without click alike) is one call of the session's
    use case; what it prints and its exit code are the session's report rendered."""
    from click.testing import CliRunner
    from clirun import run_main

    from korbiro.cli import cli

    calls: list[tuple[Any, ...]] = []
    real = Session.check_database

    def spy(self: Session, sources: Any = None, **kw: Any) -> Any:
        calls.append((self.formats_file, kw["use_cache"]))
        return real(self, sources, **kw)

    monkeypatch.setattr(Session, "check_database", spy)
    direct = run_main(["data", "check", str(shipped_db_path()), "--format", "json"])  # without click: not stored yet
    via_click = CliRunner().invoke(cli, ["data", "check", str(shipped_db_path()), "--no-cache", "--format", "json"])
    assert calls == [(None, True), (None, False)]
    assert (direct.code, via_click.exit_code) == (0, 0) and direct.stdout == via_click.stdout
    assert json.loads(direct.stdout)["ok"] is True


def test_the_rules_open_no_card_index_of_their_own() -> None:
    """The card index is opened by the data layer and the session, which hand it to the rules: random play
    deals from the cards it is given.  (The scenario runner's fallback for a caller without a lookup, the
    shipped database, is the one left.)"""
    import inspect

    from korbiro.rules.mk.timeline.selfplay import random_table

    assert inspect.signature(random_table).parameters["cards"].default is inspect.Parameter.empty
    opening = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "korbiro" / "rules").rglob("*.py")
                     if any("open_index(" in line and ">>>" not in line for line in p.read_text("utf-8").splitlines()))
    assert opening == ["korbiro/rules/mk/timeline/scenario.py"]


def test_a_board_game_of_the_registry_is_imported_when_first_asked_for() -> None:
    """``korbiro exxit …`` imports EXXIT alone, and no session (start-up, ``benchmarks/startup.py``); each game is
    made once."""
    import subprocess
    import sys

    code = ("import sys; from korbiro.app.games import GAMES; names = list(GAMES); game = GAMES['exxit'];"
            "print(names, game is GAMES['exxit'], sorted({m.split('.')[2] for m in sys.modules"
            " if m.startswith('korbiro.rules.') and m.count('.') > 1}), 'korbiro.app.session' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out == "['exxit', 'xig', 'zen'] True ['boardgame', 'exxit'] False\n"
