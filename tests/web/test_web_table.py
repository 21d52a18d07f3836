"""The table's JSON API (/api/table/…) and page (/table) under the ASGI test client: a game held by the client
and replayed by the server per call; the legal actions with their rules, a refusal with rule and remedy, undo,
continue, Hungarian, and what cannot be read is a 422."""

from __future__ import annotations

from typing import Any

import yaml

FIRST = [{"n": 1, "rule": "6.03", "text": "pass"}, {"n": 2, "rule": "5.01", "text": 'summon "Az abasziszi karaván kísérete"'}]


def start(client: Any, **args: Any) -> dict[str, Any]:
    r = client.post("/api/table/start", json={"seed": 1, **args})
    assert r.status_code == 200, r.text
    body: dict[str, Any] = r.json()
    return body


def test_start_deals_and_shows_the_first_decision(web_client: Any) -> None:
    body = start(web_client)
    view = body["view"]
    assert (view["round"], view["phase"], view["to_act"], view["steps"]) == (1, "manőverek", "Anna", 0)
    assert view["legal"][:2] == FIRST and len(view["legal"]) == 9
    anna, bela = view["players"]
    assert anna["hand"][:2] == ["Az abasziszi karaván kísérete", "Briar Sichetti"] and "hand" not in bela
    assert (bela["hand_size"], bela["human"], anna["human"]) == (7, False, True)
    assert [e["message"] for e in body["events"]][-1] == "round 1: resource phase; adventurers ready; each player gains 4 MP"
    game = body["game"]
    assert (game["humans"], game["opponent"], game["seed"]) == (["Anna"], "random", 1)
    assert yaml.safe_load(game["text"])["script"] == []


def test_act_then_the_computer_answers_and_a_refusal_changes_nothing(web_client: Any) -> None:
    game = start(web_client)["game"]
    body = web_client.post("/api/table/act", json={"game": game, "action": "1"}).json()
    assert [e["message"] for e in body["events"]] == [
        "Anna passes; Béla acts", "Béla reveals Pyarroni szentély", "Béla pays 3 MP (1 left)",
        "timeline 1 opens: a deed (Béla)", "@1 Pyarroni szentély enters timeline 1 (Béla)"]
    assert body["view"]["timelines"] == [{"number": 1, "kind": "deed", "opener": "Béla",
                                          "entries": [{"player": "Béla", "label": "Pyarroni szentély", "kind": "card"}]}]
    refused = web_client.post("/api/table/act", json={"game": body["game"], "action": 'leidéz "Briar Sichetti"'}).json()
    assert refused["refusal"] == {
        "code": "MK-TL-NOT-FAST", "rule": "6.00",
        "message": "Briar Sichetti is no fast effect: it is summoned with no timeline open, or into one its own side "
                   "opened, not into Béla's timeline 1",
        "remedy": "wait until timeline 1 has unwound"}
    assert refused["game"] == body["game"] and refused["events"] == []


def test_what_is_no_action_is_refused_with_its_code(web_client: Any) -> None:
    game = start(web_client)["game"]
    body = web_client.post("/api/table/act", json={"game": game, "action": "42"}).json()
    assert body["refusal"] == {"code": "MK-TABLE-NUMBER", "rule": None, "message": "no action number 42: choose 1 to 9"}
    body = web_client.post("/api/table/act", json={"game": game, "action": "²"}).json()
    assert body["refusal"]["code"] == "MK-ACTION-SYNTAX"
    body = web_client.post("/api/table/act", json={"game": game, "action": "kocka 6", "lang": "hu"}).json()
    assert body["refusal"] == {"code": "MK-TABLE-VERB", "rule": None,
                               "message": "'kocka 6' a forgatókönyv bírói lépése, nem játékos cselekvése"}


def test_undo_is_exact_and_says_how_many_steps(web_client: Any) -> None:
    first = start(web_client)
    played = web_client.post("/api/table/act", json={"game": first["game"], "action": "1"}).json()
    undone = web_client.post("/api/table/undo", json={"game": played["game"]}).json()
    assert undone["undone"] == 2
    assert undone["game"] == first["game"] and undone["view"] == first["view"]
    again = web_client.post("/api/table/act", json={"game": undone["game"], "action": "1"}).json()
    assert again["game"] == played["game"] and again["view"] == played["view"]
    assert web_client.post("/api/table/undo", json={"game": first["game"]}).json()["undone"] == 0


def test_view_continues_a_saved_game_and_speaks_hungarian(web_client: Any) -> None:
    played = web_client.post("/api/table/act", json={"game": start(web_client)["game"], "action": "1"}).json()
    body = web_client.post("/api/table/view", json={"game": {"text": played["game"]["text"], "seed": 1},
                                                    "lang": "hu"}).json()
    assert body["view"]["legal"][0] == {"n": 1, "rule": "6.00", "text": "passz"}
    assert body["events"][-1]["message"] == "@1 Pyarroni szentély a(z) 1. időfonalba kerül (Béla)"


def test_two_people_each_see_their_own_hand(web_client: Any) -> None:
    body = start(web_client, humans=["Anna", "Béla"])
    body = web_client.post("/api/table/act", json={"game": body["game"], "action": "1"}).json()
    assert body["view"]["to_act"] == "Béla"
    assert "hand" in body["view"]["players"][1] and "hand" not in body["view"]["players"][0]


def test_what_cannot_be_read_is_a_422_with_where(web_client: Any) -> None:
    r = web_client.post("/api/table/view", json={"game": {"text": "title: x\nsetup: [1\n"}})
    assert r.status_code == 422 and r.json()["errors"][0]["file"] == "<game>"
    r = web_client.post("/api/table/start", json={"decks": ["Torony:\n1 Nincs ilyen lap\n", "ostromlok"]})
    assert r.status_code == 422
    assert r.json()["errors"][0]["message"] == "<deck 1>:2: unknown card 'Nincs ilyen lap'"
    r = web_client.post("/api/table/start", json={"humans": ["Zoli"]})
    assert (r.status_code, r.json()["errors"][0]["code"]) == (422, "MK-TABLE-SEAT")
    r = web_client.post("/api/table/start", json={"opponent": "okos"})
    assert (r.status_code, r.json()["errors"][0]["message"]) == (422, "no computer player 'okos'; there are: bot, random")


def test_the_page_starts_a_game_with_buttons_and_saves_it(web_client: Any) -> None:
    r = web_client.post("/table", data={"do": "start", "deck_0": "kincsvadaszok", "deck_1": "ostromlok", "seed": "1",
                                        "opponent": "random"})
    assert r.status_code == 200
    assert '<h2 id="where">Round 1, manőverek phase: <b id="to-act">Anna to act</b></h2>' in r.text
    assert '<button type="submit" name="action" value="1" id="act-1">[6.03] pass</button>' in r.text
    game = start(web_client)["game"]["text"]
    saved = web_client.post("/table/save", data={"game": game})
    assert saved.headers["content-disposition"] == 'attachment; filename="korbiro-game.yaml"'
    assert saved.text == game
    r = web_client.post("/table/save", data={"game": ""})
    assert r.status_code == 422 and "there is no game to save" in r.text


def test_the_page_answers_odd_forms_without_a_5xx(web_client: Any) -> None:
    game = start(web_client)["game"]["text"]
    odd = [{"do": "start", "seed": "²"}, {"do": "start", "deck_0": "paste", "deck_0_text": "1 <b>x</b>"},
           {"do": "undo", "game": "title: [1"}, {"action": "1", "game": game[: len(game) // 2]},
           {"action": "x" * 3000, "game": game}, {"do": "typed", "typed": "", "game": game},
           {"do": "view", "game": game, "opponent": "okos"}, {"do": "continue"}, {"do": "nonsense", "game": game}]
    for data in odd:
        r = web_client.post("/table", data=data)
        assert r.status_code < 500, (data, r.text[:500])
        assert "<b>x</b>" not in r.text
    r = web_client.post("/table", data={"do": "start", "seed": "²"})
    assert r.status_code == 422 and "WEB-PARAMETER" in r.text
    r = web_client.post("/table", data={"do": "view", "game": game, "opponent": "okos"})
    assert "no computer player &#39;okos&#39;; there are: bot, random" in r.text
