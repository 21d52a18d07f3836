"""The messages issue 28 names as still English under ``--lang hu``, each said exactly, in Hungarian, and
the same English as before (catalogue templates: korbiro/cli, data, base and web ``messages.yaml``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from clirun import run_main
from layout import ROOT

from korbiro.base import i18n

DECKS = "examples/decks"


# --------------------------------------------------------------------------- click's own words


def test_a_usage_error_speaks_hungarian() -> None:
    ran = run_main(["deck", "check", "--lang", "hu", "--nope"])
    assert ran.code == 2
    assert ran.stderr == ("Használat: korbiro deck check [OPTIONS] FILES...\n"
                          "Segítség: 'korbiro deck check --help'.\n\n"
                          "Hiba: Nincs ilyen kapcsoló: '--nope'.\n")


def test_a_usage_error_in_english_is_clicks_own() -> None:
    ran = run_main(["deck", "check", "--lang", "en", "--nope"])
    assert ran.code == 2
    assert ran.stderr == ("Usage: korbiro deck check [OPTIONS] FILES...\n"
                          "Try 'korbiro deck check --help' for help.\n\n"
                          "Error: No such option '--nope'.\n")


def test_a_bad_choice_and_a_missing_argument_speak_hungarian() -> None:
    ran = run_main(["deck", "check", "x.deck", "--lang", "hu", "--format", "xml"])
    assert ran.code == 2
    assert ran.stderr.endswith("Hiba: Érvénytelen érték ennél: '--format': "
                               "a(z) 'xml' nem ezek egyike: 'text', 'json', 'github'.\n")
    ran = run_main(["deck", "show", "--lang", "hu"])
    assert (ran.code, ran.stderr.splitlines()[-1]) == (2, "Hiba: Hiányzó argumentum 'FILE'.")


def test_a_path_that_does_not_exist_speaks_hungarian() -> None:
    ran = run_main(["deck", "check", "a.deck", "--lang", "hu", "--db", "no/such/folder"])
    assert (ran.code, ran.stderr.splitlines()[-1]) == (
        2, "Hiba: Érvénytelen érték ennél: '--db': a(z) 'no/such/folder' nem létezik.")


def test_the_help_speaks_hungarian_and_keeps_the_examples() -> None:
    ran = run_main(["deck", "check", "--lang", "hu", "--help"])
    assert ran.code == 0
    lines = ran.stdout.splitlines()
    assert lines[0] == "Használat: korbiro deck check [OPTIONS] FILES..."
    said = " ".join(ran.stdout.split())  # as wrapped to any terminal's width
    assert "Minden FILE paklilista ellenőrzése (szöveg vagy YAML; a '-' a szabványos bemenetet olvassa)." in said
    assert "Példák: korbiro deck check examples/decks/legal-limit3.deck korbiro deck check my.deck" in said
    assert "Kapcsolók:" in lines
    assert "-h, --help Ezt a súgót mutatja, majd kilép." in said


def test_the_help_before_lang_speaks_it_too() -> None:
    said = " ".join(run_main(["rule", "show", "--help", "--lang", "hu"]).stdout.split())
    assert said.startswith("Használat: korbiro rule show [OPTIONS] ID Az ID szabály mutatása az alpontjaival.")


def test_the_root_help_lists_the_commands_in_hungarian(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LC_ALL", "hu_HU.UTF-8")  # the root has no --lang: the locale speaks
    said = " ".join(run_main(["--help"]).stdout.split())
    assert "Parancsok: card Lapok keresése. data Kártyaadatbázisok ellenőrzése és indexelése. deck Paklik" in said
    assert "--version A verziót mutatja, majd kilép." in said


def test_every_click_text_of_the_catalogue_is_clicks_own() -> None:
    """A ``CLICK.…`` template's English must be a text click says, or it is never looked up."""
    import click

    source = "".join(p.read_text("utf-8") for p in Path(click.__file__).parent.glob("*.py"))
    keys = [k for k in i18n.catalogue() if k.startswith("CLICK.")]
    assert len(keys) > 30
    assert [k for k in keys if f'"{i18n.catalogue()[k]["en"]}"' not in source] == []


# --------------------------------------------------------------------------- the commands' own lines


def test_the_deck_verdict_and_the_exchange_line_speak_hungarian() -> None:
    ran = run_main(["deck", "exchange", f"{DECKS}/match-game1.deck", f"{DECKS}/match-game2-illegal.deck",
                    "--lang", "hu"])
    assert (ran.code, ran.stdout.splitlines()[0]) == (
        1, f"{DECKS}/match-game2-illegal.deck: SZABÁLYTALAN csere ebből: {DECKS}/match-game1.deck")
    ran = run_main(["deck", "exchange", f"{DECKS}/match-game1.deck", f"{DECKS}/match-game2.deck"])
    assert (ran.code, ran.stdout) == (0, f"{DECKS}/match-game2.deck: LEGAL exchange from {DECKS}/match-game1.deck\n")


def test_the_banlist_reason_speaks_hungarian() -> None:
    ran = run_main(["deck", "check", f"{DECKS}/illegal-banned.deck", "--lang", "hu"])
    assert ran.code == 1
    assert ran.stdout.splitlines()[1] == (
        f"{DECKS}/illegal-banned.deck:21:3: hiba MK-DECK-BANNED [banlist:korfordulo]: 'Zászlóháború' tiltott lap "
        "a(z) Korforduló formátumban 2026-03-01 óta (túl gyors alternatív győzelem (minta); "
        "korbiro sample banlist, 2026-02)")
    english = run_main(["deck", "check", f"{DECKS}/illegal-banned.deck", "--lang", "en"]).stdout.splitlines()[1]
    assert english.endswith("since 2026-03-01 (alternative victory too fast (sample); korbiro sample banlist, 2026-02)")


def test_the_card_search_table_headers_speak_hungarian() -> None:
    ran = run_main(["card", "search", "type:kalandozó mp<2", "--lang", "hu"])
    assert ran.code == 0
    assert ran.stdout.splitlines()[0] == "azonosító  név                    típus      MP  DP  kulcsszavak"
    english = run_main(["card", "search", "type:kalandozó mp<2"]).stdout.splitlines()[0]
    assert english == "id         name                   type       MP  DP  keywords"


def test_keyword_explain_says_what_the_keyword_does_in_hungarian() -> None:
    out = " ".join(run_main(["keyword", "explain", "nemes nyelv", "--lang", "hu"]).stdout.split())
    assert "a korbiróban: NEMES NYELV (3.05.D): az általa használt hatalomszavak negatív hatása nem sújtja. " in out
    english = " ".join(run_main(["keyword", "explain", "nemes nyelv"]).stdout.split())
    assert "in korbiro: NEMES NYELV (3.05.D): the power words it uses have no negative effect on it. " in english


def test_the_yaml_parsers_words_speak_hungarian(tmp_path: Path) -> None:
    state = tmp_path / "state.yaml"
    state.write_text("a: [1, 2\nb: 3\n", "utf-8")
    ran = run_main(["game", "result", str(state), "--lang", "hu"])
    assert ran.code == 2
    assert ran.stderr.strip().endswith(
        "hiba YAML-SYNTAX: YAML-szintaktikai hiba: nem található a várt ',' vagy ']' "
        "(egy soros lista értelmezése közben: 1. sor, 4. oszlop)")
    assert i18n.parser_words("could not find expected ':'", "hu") == "nem található a várt ':'"
    assert i18n.parser_words("something PyYAML never said", "hu") == "something PyYAML never said"


def test_a_label_dictionary_is_a_catalogue_template() -> None:
    from korbiro.web.labels import translator

    assert translator("hu")["nav_deck"] == "Pakli" and translator("en")["nav_deck"] == "Deck"
    assert i18n.Words("CLI.coverage", "hu")["figure"] == "szabályok sikeres esettel: {0} / {1} ({2}%)"
    with pytest.raises(KeyError):
        i18n.Words("PAGE", "hu")["no-such-word"]


# --------------------------------------------------------------------------- the web app


def test_the_apis_schema_refusal_speaks_the_requests_language(web_client: Any) -> None:
    r = web_client.post("/api/deck/check", json={"nope": 1, "lang": "hu"})
    assert r.status_code == 422
    assert r.json()["errors"][0]["message"] == (
        "(body): a(z) 'text' kötelező mező; (body): más mező nem adható meg (váratlan: 'nope')")
    r = web_client.post("/api/deck/check", json={"nope": 1, "lang": "en"})
    assert r.json()["errors"][0]["message"] == (
        "(body): 'text' is a required property; (body): Additional properties are not allowed ('nope' was unexpected)")


def test_the_card_api_and_page_take_the_language(web_client: Any) -> None:
    r = web_client.get("/api/cards/Briar Sichety?lang=hu")
    assert (r.status_code, r.json()["error"]) == (404, "nincs 'Briar Sichety' nevű lap; erre gondoltál: 'Briar Sichetti'?")
    page = web_client.get("/cards/Briar Sichety?lang=hu")
    assert page.status_code == 404 and "nincs &#39;Briar Sichety&#39; nevű lap" in page.text


def test_the_pages_badges_and_sort_names_speak_hungarian(web_client: Any) -> None:
    deck = (ROOT / DECKS / "illegal-banned.deck").read_text("utf-8")
    page = web_client.post("/deck?lang=hu", data={"text": deck}).text
    assert '<span class="sev">hiba</span>' in page and '<span class="sev">error</span>' not in page
    cards = web_client.get("/cards?lang=hu").text
    assert '<option value="name" selected>név</option>' in cards
    assert '<option value="name" selected>name</option>' in web_client.get("/cards?lang=en").text


def test_an_internal_error_speaks_hungarian(monkeypatch: pytest.MonkeyPatch) -> None:
    from korbiro.app import Session

    def broken(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("boom")

    monkeypatch.setattr(Session, "check_deck", broken)
    ran = run_main(["deck", "check", f"{DECKS}/legal-limit3.deck", "--lang", "hu"])
    assert (ran.code, ran.stderr) == (3, "korbiro: belső hiba (RuntimeError: boom).\nEz a korbiro hibája; kérjük, "
                                         "jelentsd a futtatott paranccsal együtt. A veremkövetést a --debug "
                                         "kapcsolóval láthatod.\n")
    ran = run_main(["deck", "check", f"{DECKS}/legal-limit3.deck", "--lang", "en"])
    assert (ran.code, ran.stderr.splitlines()[0]) == (3, "korbiro: internal error (RuntimeError: boom).")
