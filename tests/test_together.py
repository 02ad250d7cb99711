"""The class together over the network (classserver/together/): devices play each other at a table
through the server's sockets, and the teacher's board keeps the class's practice.

The server runs on its own (``service.py``) on a loopback port; the devices are protocol clients
(``tests.support.together_client.TableClient``) that say and hear what a table's page does. Every message each
seat receives is read for cards that seat has never been able to see (tests/witness.py).
"""

from __future__ import annotations

import asyncio
import html
import json
import random
import re
import sqlite3
import stat
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

import httpx
import pytest
import websockets

import rules
import rules.exercises
from classserver.serve_apps import free_port
from classserver.together.tokens import STUDENT_HEADER, verdict_token
from rules.cards import parse_card
from tests.classroom_server import run
from tests.support.together_client import TableClient, running
from tests.witness import Witness
from widgets.game import action_cards

ROOT = Path(__file__).resolve().parents[1]

#: seconds a seat may be left before a bot plays it, here (90 in a class)
AWAY = 1.5
_CYRILLIC = re.compile("[а-яё]", re.IGNORECASE)


@pytest.fixture(scope="module")
def service(tmp_path_factory):
    """The class together on a loopback port: its class page's address and its class folder."""
    folder = tmp_path_factory.mktemp("together")
    # the devices here answer at once, faster than a person (a page may send 8 requests a second)
    args = ["--away", str(AWAY), "--bot-pause", "0.05", "--socket-rate", "40"]
    with running(folder / "class", folder / "server.log", args=args) as (root, _):
        yield root, folder / "class"


@pytest.fixture(scope="module")
def server(service):
    return service[0]


def board_secret(folder: Path) -> str:
    """The class's secret, which the class server shares with the apps it serves."""
    with sqlite3.connect(folder / "board.sqlite") as db:
        return db.execute("SELECT value FROM meta WHERE key = 'secret'").fetchone()[0]


# ---------------------------------------------------------------- driving a table


class Game:
    """Devices at one table and a witness of the game: moves are made one at a time, each seen by
    every device before the next, so the witness knows the game as the server does."""

    def __init__(self, clients: dict[int, TableClient], watchers: list[TableClient], witness: Witness):
        self.clients, self.watchers, self.witness = clients, watchers, witness
        self.requested: dict[int, list[str]] = {}  # cards each device named itself (a refusal may repeat them)

    @property
    def devices(self) -> list[TableClient]:
        return [*self.clients.values(), *self.watchers]

    async def settle(self) -> int:
        """Until every device was sent the table at the game's present step; that step."""
        step = len(self.witness.state.history)
        for device in self.devices:
            await device.wait_for(lambda m: m.get("t") == "table" and m["step"] >= step, 30)
        return step

    async def move(self, rng: random.Random, *, tries: float = 0.2) -> dict:
        """One device whose seat may move now plays: a move from its list, or sometimes a card from
        its hand (played when it is one move; refused, with the rule, when it is none)."""
        step = await self.settle()
        seat, device = rng.choice([(s, c) for s, c in self.clients.items() if c.table["moves"]])
        hand = device.table["hand"]
        state = self.witness.state
        if hand and rng.random() < tries:
            card = rng.choice(hand)["card"]
            self.requested.setdefault(seat, []).append(card)
            answer = await device.answer({"t": "cards", "cards": [card], "step": step})
            if answer["t"] == "table":
                wanted = Counter([parse_card(card)])
                (action,) = [
                    a for a in state.legal_actions() if a.player == seat and Counter(action_cards(a)) == wanted
                ]
                self.witness.play(action)
            return answer
        label = rng.choice(device.table["moves"])["label"]
        answer = await device.answer({"t": "move", "label": label, "step": step})
        assert answer["t"] == "table", answer
        self.witness.play(next(a for a in state.legal_actions() if a.label == label))
        return answer

    def leaks(self) -> list[str]:
        """Every message each device received, read for a card its seat (or a spectator) never saw."""
        found = []
        for seat, device in [*self.clients.items(), *((None, w) for w in self.watchers)]:
            for text, message in zip(device.raw, device.messages, strict=True):
                if message.get("t") == "table":
                    viewer = message["you"]
                    if seat is not None and viewer not in (seat, None):
                        found.append(f"device of seat {seat} was sent seat {viewer}'s table")
                    leak = self.witness.leaks(text, viewer, message["step"])
                else:  # a refusal may repeat the card its device named
                    named = {parse_card(c) for c in self.requested.get(seat, [])}
                    leak = self.witness.leaks(text, seat) - named
                if leak:
                    found.append(f"seat {seat} was sent {sorted(map(str, leak))}: {message.get('t')}")
        return found


async def seated_devices(
    root: str, game: str, langs: list[str], seed: int, source: str | None = None, **options
) -> tuple[str, list]:
    """Devices that join the class by name, the first opening a table, the others joining by its code
    (from ``source``, an address of their own: a device may open ten tables in ten minutes)."""
    devices = [TableClient(root, lang=lang, source=source) for lang in langs]
    for i, device in enumerate(devices):
        response = await device.join_class(["Аня", "Bob", "Вера Ч.", "Dmitri"][i % 4])
        assert response.status_code == 303
    code = await devices[0].open_table(game, len(devices), options, seed=seed)
    await devices[0].connect(code)
    for seat, device in enumerate(devices[1:], 1):
        assert await device.join(f" {code[:2].lower()}-{code[2:]} ") == code  # typed as a person types it
        await device.connect(code)
        taken = await device.sit(seat)
        assert taken["t"] == "table" and taken["you"] == seat, taken
    return code, devices


# ---------------------------------------------------------------- a whole game


def test_four_devices_play_a_whole_game_of_durak_and_no_seat_is_sent_a_card_it_may_not_see(server):
    async def scenario():
        code, devices = await seated_devices(server, "durak", ["en", "ru", "ru", "en"], seed=11)
        projector = TableClient(server, lang="ru")
        await projector.connect(code, watch=True)
        game = Game(dict(enumerate(devices)), [projector], Witness(rules.GAMES["durak"].new_game(players=4, seed=11)))
        rng, refused = random.Random(5), []
        for _ in range(600):
            if game.witness.state.is_over():
                break
            answer = await game.move(rng)
            if answer["t"] == "refused":
                refused.append(answer)
        await game.settle()
        for device in game.devices:
            await device.aclose()
        return game, refused, devices, projector

    game, refused, devices, projector = run(scenario())
    assert game.witness.state.is_over(), "the game was played to its end"
    final = [d.table for d in devices]
    assert all(t["over"] and not t["moves"] for t in final)
    assert final[0]["status"].startswith("Game over.") and final[1]["status"].startswith("Партия окончена.")
    assert "Аня (Player 1)" in final[0]["status"] or "Аня (Player 1)" in " ".join(e["text"] for e in final[0]["log"])
    # the log, in each device's language, with its rules' links
    assert final[0]["log"][-1]["text"] == game.witness.state.log("en")[-1].text
    assert final[1]["log"][-1]["text"] == game.witness.state.log("ru")[-1].text
    assert any(e.get("href", "").endswith("#" + e["rule"].replace(".", "-").replace("_", "-")) for e in final[1]["log"])
    # the projector saw the public table only: no hand, no move, no seat code
    assert all(m["you"] is None and not m["hand"] and not m["moves"] for m in projector.messages if m["t"] == "table")
    assert "seat_code" not in projector.raw[-1]
    # a card that cannot be played was refused with the engine's reason and rule, in the device's language
    assert refused, "some cards tried from the hand were refused"
    for answer in refused:
        assert answer["text"] and (answer["rule"] or "")
    ru_refusals = [m for d in devices[1:3] for m in d.messages if m["t"] == "refused"]
    assert ru_refusals and all(_CYRILLIC.search(m["text"]) for m in ru_refusals)
    assert all(m.get("href") for m in ru_refusals if m["rule"].startswith("durak."))
    assert game.leaks() == []


def test_the_leak_check_of_messages_can_fail(server):
    """The check above reads what it must: seat 2's table, as if seat 1's device had received it."""

    async def scenario():
        _, devices = await seated_devices(server, "durak", ["en", "en"], seed=3)
        game = Game(dict(enumerate(devices)), [], Witness(rules.GAMES["durak"].new_game(players=2, seed=3)))
        await game.settle()
        devices[0].raw.append(devices[1].raw[-1])
        devices[0].messages.append({**devices[1].messages[-1], "you": 0})
        for device in devices:
            await device.aclose()
        return game

    game = run(scenario())
    assert any(line.startswith("seat 0 was sent") for line in game.leaks())


# ---------------------------------------------------------------- away and back


def test_a_device_that_goes_away_keeps_its_seat_a_bot_stands_in_and_the_seat_code_moves_it(server):
    async def scenario():
        code, (ann, bob) = await seated_devices(server, "durak", ["en", "ru"], seed=21)
        game = Game({0: ann, 1: bob}, [], Witness(rules.GAMES["durak"].new_game(players=2, seed=21)))
        rng = random.Random(1)
        for _ in range(3):
            await game.move(rng, tries=0)
        await game.settle()
        mark = len(ann.messages)
        await bob.disconnect()  # a phone goes to sleep
        away = await ann.wait_for(lambda m: m["t"] == "table" and not m["seats"][1]["here"], 10, since=mark)
        assert away["seats"][1]["kind"] == "human" and away["seats"][1]["name"] == "Bob", "the seat is kept"
        left = await ann.wait_for(lambda m: m["t"] == "table" and m["seats"][1]["stand_in"], 6 + 2 * AWAY)
        assert any("Bob (Player 2) has left the table; a bot plays for them" in e["text"] for e in left["log"])
        # the bot plays Bob's seat; Ann plays hers when she may
        mark = len(ann.messages)
        for _ in range(60):
            table = ann.table
            bot_moved = any(
                m["t"] == "table" and m["last"] and m["last"]["text"].startswith("Player 2")
                for m in ann.messages[mark:]
            )
            if bot_moved or table["over"]:
                break
            if table["moves"]:
                await ann.answer({"t": "move", "label": table["moves"][0]["label"], "step": table["step"]})
            else:
                await ann.wait_for(lambda m, v=table["version"]: m["t"] == "table" and m["version"] > v, 10)
        assert bot_moved, "a bot played for the seat left alone"
        # Bob's phone wakes up: the same device is Bob again
        mark = len(bob.messages)
        await bob.connect()
        back = await bob.wait_for(
            lambda m: m["t"] == "table" and m["you"] == 1 and not m["seats"][1]["stand_in"], 10, since=mark
        )
        assert back["hand"] and any("Bob (Игрок 2) вернулся и снова играет" in e["text"] for e in back["log"])
        # Bob goes on from a laptop with his seat's code; the phone is his no longer
        laptop = TableClient(server, lang="en")
        await laptop.join_class("Bob")
        await laptop.connect(code)
        mark = len(laptop.messages)
        await laptop.send({"t": "code", "code": back["seat_code"].lower()})
        moved = await laptop.wait_for(lambda m: m["t"] == "table" and m["you"] == 1, 10, since=mark)
        assert any(e["text"] == "Bob (Player 2) continues on another device." for e in moved["log"])
        phone = await bob.wait_for(lambda m: m["t"] == "table" and m["you"] is None, 10, since=mark)
        assert phone["hand"] == [] and "seat_code" not in bob.raw[bob.messages.index(phone)]
        for device in (ann, bob, laptop):
            await device.aclose()
        return ann, bob, laptop, game

    ann, bob, _, game = run(scenario())
    # every message each device received: none names a card its seat could not see (the bot's moves
    # are not known to the witness, so the check reads up to the moment Bob went away)
    witness = game.witness
    for device, seat in ((ann, 0), (bob, 1)):
        for text, message in zip(device.raw, device.messages, strict=True):
            if message["t"] == "table" and message["step"] < len(witness.seen):
                assert not witness.leaks(text, message["you"], message["step"]), (seat, message["step"])


def test_a_player_asking_for_a_new_deal_mid_game_is_refused_and_one_who_leaves_is_played_by_a_bot(server):
    async def scenario():
        _, (ann, bob) = await seated_devices(server, "durak", ["en", "ru"], seed=8, source="127.0.0.5")
        again = await bob.answer({"t": "again"})
        left = await bob.answer({"t": "leave"})
        seen = await ann.wait_for(lambda m: m.get("t") == "table" and m["seats"][1]["kind"] == "bot")
        for device in (ann, bob):
            await device.aclose()
        return again, left, seen

    again, left, seen = run(scenario())
    assert again["t"] == "refused" and "партия ещё не окончена" in again["text"]
    assert left["t"] == "table" and left["you"] is None and left["hand"] == [] and left["moves"] == []
    assert left["seats"][1]["kind"] == "bot" and not left["seats"][1]["name"]
    assert any("Bob" in entry["text"] and entry["kind"] == "table" for entry in seen["log"])


# ---------------------------------------------------------------- hostile devices


def test_forged_moves_another_seat_and_bad_requests_get_a_refusal_and_change_nothing(server):
    async def scenario():
        _, (ann, bob) = await seated_devices(server, "durak", ["ru", "en"], seed=4)
        await asyncio.sleep(0.2)
        mover, waiting = (ann, bob) if ann.table["moves"] else (bob, ann)
        step, before = mover.table["step"], mover.table
        other = mover.table["moves"][0]["label"]
        answers = {}
        requests = {
            "forged": {"t": "move", "label": "Player 1 leads A♠ and wins the game", "step": step},
            "not yours": {"t": "move", "label": other, "step": step},
            "stale": {"t": "move", "label": other, "step": step - 1},
            "taken seat": {"t": "sit", "seat": 1 - waiting.table["you"]},
            "no seat": {"t": "sit", "seat": 7},
            "long name": {"t": "name", "name": "Я" * 1500},
            "bidi name": {"t": "name", "name": "Ann\u202egnp.exe"},
            "a card not held": {"t": "cards", "cards": ["RJ"], "step": step},
            "unknown": {"t": "teleport"},
            "not json": "{'t': 'move'",
            "a list": "[1, 2, 3]",
        }
        for name, request in requests.items():
            device = mover if name in ("forged", "stale") else waiting
            answers[name] = await device.answer(request)
        # a frame larger than a table's page ever sends closes that device's socket, nothing else
        await waiting.send(json.dumps({"t": "name", "name": "x" * 10_000}))
        await asyncio.wait_for(waiting._reader, 10)
        after = await mover.answer({"t": "lang", "lang": mover.lang})  # the table again, as it is
        for device in (ann, bob):
            await device.aclose()
        return answers, before, after

    answers, before, after = run(scenario())
    assert all(a["t"] == "refused" and a["text"] for a in answers.values()), answers
    assert "сейчас нет разрешённого хода" in answers["forged"]["text"]  # Ann's device speaks Russian
    assert "not yours" in answers["not yours"]["text"] or "not your turn" in answers["not yours"]["text"]
    assert "игра ушла вперёд" in answers["stale"]["text"] or "moved on" in answers["stale"]["text"]
    assert "at most 40 characters" in answers["long name"]["text"] or "не больше 40" in answers["long name"]["text"]
    assert after["t"] == "table" and after["step"] == before["step"] and after["hand"] == before["hand"]
    assert [s["name"] for s in after["seats"]] == [s["name"] for s in before["seats"]], "no name changed"
    assert after["seats"][1 - after["you"]]["here"] is False, "only the device that sent the huge frame was cut off"


def test_a_flooding_device_is_refused_then_cut_off_and_the_other_tables_play_on(server):
    async def scenario():
        _, (ann, bob) = await seated_devices(server, "durak", ["en", "en"], seed=6)
        _, (vera, dima) = await seated_devices(server, "domino", ["ru", "en"], seed=6)
        vera_table = await vera.snapshot()
        flood = [ann.send({"t": "move", "label": "x" * 200, "step": 0}) for _ in range(400)]
        await asyncio.gather(*flood)
        # meanwhile, at the other table, a move is answered
        await asyncio.sleep(0.1)
        mover = vera if vera.table["moves"] else dima
        moved = await mover.answer(
            {"t": "move", "label": mover.table["moves"][0]["label"], "step": mover.table["step"]}
        )
        await asyncio.wait_for(ann._reader, 20)
        refusals = [m for m in ann.messages if m["t"] == "refused"]
        for device in (ann, bob, vera, dima):
            await device.aclose()
        return refusals, moved, vera_table

    refusals, moved, before = run(scenario())
    assert any("too many requests" in m["text"] for m in refusals)
    assert len(refusals) < 100, "a flood is not answered message for message"
    assert moved["t"] == "table" and moved["step"] == before["step"] + 1


def test_names_are_bounded_any_script_and_escaped_on_every_page(server):
    async def scenario():
        pages = {}
        device = TableClient(server, lang="ru")
        for name in ("Ж" * 41, "", " \t ", "Ann\u202egnp"):
            response = await device.join_class(name)
            pages[name] = response
        ok = await device.join_class("  <script>alert(1)</script>  Ли  Сяолун 李小龙 ")
        code = await device.open_table("minefield", 3)
        listing = await device.http.get(server, params={"lang": "ru"})
        table_page = await device.http.get(f"{server}t/{code}", params={"lang": "ru"})
        await device.aclose()
        return pages, ok, listing, table_page

    pages, ok, listing, table_page = run(scenario())
    assert all(r.status_code == 400 for r in pages.values())
    assert "не больше 40 символов" in pages["Ж" * 41].text
    assert "управляющих символов" in pages["Ann\u202egnp"].text
    assert ok.status_code == 303
    assert (
        "<script>alert" not in listing.text and "&lt;script&gt;alert(1)&lt;/script&gt; Ли Сяолун 李小龙" in listing.text
    )
    assert "<script>alert" not in table_page.text


def test_the_tables_stylesheet_is_served_beside_the_pages_own_and_nothing_else_of_its_folder(server):
    """A table's page links the play apps' stylesheet (what the painters draw has no style of its own);
    the server sends that one file of the widgets' folder, the page's own, and nothing else."""
    sheet = (ROOT / "widgets" / "table.css").read_text(encoding="utf-8")
    served = httpx.get(f"{server}static/table.css")
    assert served.status_code == 200 and served.text == sheet and "text/css" in served.headers["content-type"]
    assert httpx.get(f"{server}static/together.css").status_code == 200
    for elsewhere in ("game.py", "paint/__init__.py", "../widgets/game.py", "table.css/../game.py"):
        assert httpx.get(f"{server}static/{elsewhere}").status_code == 404, elsewhere

    async def open_table():
        device = TableClient(server)
        await device.join_class("Style")
        code = await device.open_table("minefield", 2)
        page = await device.http.get(f"{server}t/{code}")
        await device.aclose()
        return page

    page = run(open_table())
    links = re.findall(r"<link rel=\"stylesheet\" href=\"([^\"]+)\">", page.text)
    assert [link.rsplit("/", 1)[-1] for link in links] == ["together.css", "table.css"]
    assert "<style" not in page.text


# ---------------------------------------------------------------- the teacher's board


def _post_verdict(root: str, token: str, **fields) -> httpx.Response:
    verdict = {"kind": "durak.beat", "seed": 1, "difficulty": 1, "rule": "durak.beat", "correct": True, **fields}
    return httpx.post(f"{root}api/verdict", json=verdict, headers={"Authorization": f"Bearer {token}"})


def test_the_board_keeps_the_class_through_a_killed_server(tmp_path):
    folder = tmp_path / "class"
    log = tmp_path / "server.log"
    kinds = sorted({k for g in rules.exercises.games() for k in rules.exercises.kinds(g)})

    async def names(root: str) -> dict[str, str]:
        ids = {}
        for name in ("Аня", '=HYPERLINK("x")', "李小龙"):
            device = TableClient(root)
            await device.join_class(name)
            ids[name] = device.student_id
            await device.aclose()
        return ids

    with running(folder, log) as (root, process):
        ids = run(names(root))
        secret = board_secret(folder)
        key = (folder / "teacher-key.txt").read_text().strip()
        tokens = {name: verdict_token(secret, sid) for name, sid in ids.items()}
        answers = [("Аня", kinds[0], True), ("Аня", kinds[0], False), ("Аня", kinds[0], False)]
        answers += [("李小龙", kinds[1], True), ('=HYPERLINK("x")', kinds[2], False)]
        rule_of = {}
        for name, kind, correct in answers:
            rule_of[kind] = rules.exercises.generate(kind, 1, 1).rule
            response = _post_verdict(root, tokens[name], kind=kind, rule=rule_of[kind], correct=correct)
            assert response.status_code == 204
        # forged, foreign and malformed verdicts change nothing
        forged = tokens["Аня"][:-1] + ("1" if tokens["Аня"].endswith("0") else "0")  # one hex digit changed
        assert _post_verdict(root, forged, kind=kinds[0]).status_code == 403
        assert _post_verdict(root, verdict_token("another class", ids["Аня"]), kind=kinds[0]).status_code == 403
        assert _post_verdict(root, tokens["Аня"], kind="poker.bluff").status_code == 400
        assert _post_verdict(root, tokens["Аня"], kind=kinds[0], seed=-1).status_code == 400
        teacher = httpx.Client(base_url=root, follow_redirects=True)
        assert (
            teacher.get("board").status_code == 403 and teacher.get("board", params={"key": "guess"}).status_code == 403
        )
        before = teacher.get("board", params={"key": key, "lang": "ru"})
        csv_before = teacher.get("board.csv", params={"lang": "ru"}).text
        last = _post_verdict(root, tokens["李小龙"], kind=kinds[1], rule=rule_of[kinds[1]], correct=False)
        assert last.status_code == 204
        process.kill()  # at once, mid-lesson, no goodbye
        process.wait(10)
    with running(folder, log) as (root, _):
        teacher = httpx.Client(base_url=root, follow_redirects=True)
        after = teacher.get("board", params={"key": key, "lang": "ru"})
        csv_after = teacher.get("board.csv", params={"lang": "ru"}).text
    assert (folder / "teacher-key.txt").read_text().strip() == key, "the same key opens the board again"
    assert before.status_code == after.status_code == 200
    assert csv_after.startswith(csv_before) and csv_after.count("\n") == 1 + len(answers) + 1
    assert csv_after.splitlines()[-1].endswith(f"{rule_of[kinds[1]]},нет"), "the verdict acknowledged last is kept"
    config = re.search(r"<script type=.application/json. id=.config.>(.*?)</script>", after.text, re.S)[1]
    summary = json.loads(config)
    people = {s["name"]: s for s in summary["summary"]["students"]}
    assert people["Аня"]["answered"] == 3 and people["Аня"]["right"] == 1 and people["Аня"]["stuck"]
    assert people["李小龙"]["right"] == 1 and people["李小龙"]["answered"] == 2
    rows = {r["rule"]: r for r in summary["summary"]["rules"]}
    assert rows[rule_of[kinds[0]]]["stuck"] == ["Аня"]
    assert "'=HYPERLINK" in csv_after, "a name a spreadsheet would run is written as text"
    assert csv_after.splitlines()[0].lstrip("\ufeff").startswith("время (UTC),ученик,упражнение")


def test_the_board_is_live_for_the_teacher_only(service):
    server, folder = service

    async def scenario():
        device = TableClient(server)
        await device.join_class("Live")
        key = (folder / "teacher-key.txt").read_text().strip()
        teacher = httpx.AsyncClient(base_url=server, follow_redirects=True)
        page = await teacher.get("board", params={"key": key})
        assert page.status_code == 200
        cookie = "; ".join(f"{k}={v}" for k, v in teacher.cookies.items())
        ws_url = server.replace("http", "ws") + "ws/board?lang=en"
        with pytest.raises(websockets.InvalidStatus):  # a student's device cannot listen
            await websockets.connect(ws_url, additional_headers={"Origin": server.rstrip("/").rsplit("/", 1)[0]})
        origin = server.split("/together/")[0]
        async with websockets.connect(ws_url, additional_headers={"Cookie": cookie, "Origin": origin}) as board:
            first = json.loads(await board.recv())
            secret = board_secret(folder)
            kind = rules.exercises.kinds("durak")[0]
            rule = rules.exercises.generate(kind, 2, 1).rule
            await asyncio.to_thread(
                _post_verdict, server, verdict_token(secret, device.student_id), kind=kind, rule=rule
            )
            second = json.loads(await asyncio.wait_for(board.recv(), 10))
        await teacher.aclose()
        await device.aclose()
        return first, second

    first, second = run(scenario())
    assert second["verdicts"] == first["verdicts"] + 1
    live = next(s for s in second["students"] if s["name"] == "Live")
    assert live["answered"] == 1


# ---------------------------------------------------------------- inside the class server (make serve)


def test_the_class_server_holds_the_class_its_practice_apps_answer_to_the_board(tmp_path):
    """`make serve`: the gallery leads to the class page, the teacher's key is printed at start, a
    table is played in the same server, and a practice app's verdict reaches the board under the
    name its device gave."""
    from tests.classroom_server import AppSession, serve_apps, wait_for_pool

    log = tmp_path / "serve.log"

    async def scenario(url: str) -> dict:
        gallery = await asyncio.to_thread(httpx.get, url + "/")
        _, (ann, bob) = await seated_devices(url + "/together/", "durak", ["ru", "en"], seed=2)
        mover = ann if ann.table["moves"] else bob
        moved = await mover.answer({"t": "move", "label": mover.table["moves"][0]["label"], "step": 0})
        # as `make serve` runs: the page gets a preheated kernel, told its student only with the request
        await asyncio.to_thread(wait_for_pool, url, 1)
        cookie = "; ".join(f"{k}={v}" for k, v in ann.http.cookies.items())
        app = AppSession(url, practice, "ru", headers={"Cookie": cookie, STUDENT_HEADER: "forged.0"})
        await app.open()
        await app.set_value(app.find("exercise-text")[0], {"value": "Т♠"})
        await app.click(app.buttons("exercise-check")[0])
        line = app.models[app.find("exercise-board")[0]]["value"]
        await app.shut_down()
        # the next person at Аня's computer: "not me" from the app, a name, and back to the app
        not_me = html.unescape(re.search(r'class="exercise-not-me" href="([^"]+)"', line)[1])
        asked = await ann.http.get(url + not_me)
        form = dict(re.findall(r"name=['\"](_xsrf|next|lang)['\"] value=['\"]([^'\"]*)['\"]", asked.text))
        form["next"] = html.unescape(form["next"])
        named = await ann.http.post(url + "/together/not-me", data={**form, "name": "Боря"})
        cookie = "; ".join(f"{k}={v}" for k, v in ann.http.cookies.items())
        app = AppSession(url, practice, "ru", headers={"Cookie": cookie})
        await app.open()
        line_after = app.models[app.find("exercise-board")[0]]["value"]
        await app.set_value(app.find("exercise-text")[0], {"value": "Т♠"})
        await app.click(app.buttons("exercise-check")[0])
        await app.shut_down()
        for device in (ann, bob):
            await device.aclose()
        return {
            "gallery": gallery,
            "moved": moved,
            "ann": ann.student_id,
            "line": line,
            "asked": asked,
            "named": named,
            "line_after": line_after,
        }

    practice = "notation/practice.ipynb"
    with serve_apps.running(log, class_dir=str(tmp_path / "class"), pool=1, pool_apps=[practice]) as (url, _):
        seen = run(scenario(url))
        for _ in range(400):  # printed once the start is over and the log has gone quiet (a minute at most)
            started = log.read_text()
            if "board?key=" in started:
                break
            time.sleep(0.25)
        key = re.search(r"/together/board\?key=([\w-]+)", started)[1]
        # the teacher's lines come framed, once the start is over; the notebooks' "not trusted" are not said
        assert re.search(r"\n=+\n  The teacher's board:  http://localhost:\d+/together/board\?key=", started)
        assert "is not trusted" not in started and "without encryption" not in started
        teacher = httpx.Client(base_url=url, follow_redirects=True)
        assert teacher.get("/together/board", params={"key": key}).status_code == 200
        for _ in range(50):  # the kernels send their verdicts from a thread of their own
            board = teacher.get("/together/board.csv", params={"lang": "ru"}).text
            if board.count("\n") > 2:
                break
            time.sleep(0.2)
    assert 'href="/together/"' in seen["gallery"].text
    assert seen["moved"]["t"] == "table" and seen["moved"]["step"] == 1
    # the app says whose rows its answers go to; after "not me" and a new name, the next answer is the new student's
    assert "Ваши ответы идут на доску как: <b>Аня</b>" in seen["line"] and ">Это не я</a>" in seen["line"]
    assert seen["asked"].status_code == 200 and "Аня" in seen["asked"].text
    assert seen["named"].status_code == 303
    assert seen["named"].headers["Location"].startswith(f"/voila/render/{practice}?lang=ru")
    assert "Ваши ответы идут на доску как: <b>Боря</b>" in seen["line_after"]
    rows = board.splitlines()
    assert len(rows) == 3, rows
    assert ",Аня," in rows[1] and rows[1].endswith(",notation,нет"), rows
    assert ",Боря," in rows[2] and rows[2].endswith(",notation,нет"), rows


def test_a_practice_verdict_leaves_the_kernel_at_once_and_goes_nowhere_without_a_board(service, monkeypatch):
    """The exercises' hook (widgets/classboard.py): outside a class nothing is sent; a board that is
    down costs a dropped verdict, never a wait; in a class the verdict reaches the student's row."""
    from widgets import classboard

    root, folder = service
    exercise = rules.exercises.generate("notation.read", 1, 1)
    verdict = exercise.check("Т♠")  # readable, wrong
    for name in ("RULEBOOK_TOGETHER_URL", "RULEBOOK_TOGETHER_TOKEN", "HTTP_X_RULEBOOK_STUDENT"):
        monkeypatch.delenv(name, raising=False)
    assert classboard.tell_board(exercise, verdict) is False, "the book and nbval send nothing"

    async def named(name: str) -> str:
        device = TableClient(root, lang="ru")
        await device.join_class(name)
        await device.aclose()
        return device.student_id

    token = verdict_token(board_secret(folder), run(named("Хук")))
    monkeypatch.setenv("HTTP_X_RULEBOOK_STUDENT", token)
    unread = exercise.check("zz")
    assert not unread.readable and classboard.tell_board(exercise, unread) is False, (
        "an unreadable answer is no verdict"
    )
    with httpx.Client() as probe:  # a port nobody listens on: the board is down
        monkeypatch.setenv("RULEBOOK_TOGETHER_URL", f"http://127.0.0.1:{_closed_port()}/together/api/verdict")
        assert classboard.tell_board(exercise, verdict) is True and classboard.wait_sent()
        monkeypatch.setenv("RULEBOOK_TOGETHER_URL", root + "api/verdict")
        assert classboard.tell_board(exercise, verdict) is True and classboard.wait_sent()
        key = (folder / "teacher-key.txt").read_text().strip()
        assert probe.get(root + "board", params={"key": key}, follow_redirects=True).status_code == 200
        csv = probe.get(root + "board.csv", params={"lang": "ru"}).text
    rows = [row for row in csv.splitlines() if ",Хук," in row]
    assert len(rows) == 1 and rows[0].endswith(",notation,нет"), csv


def _closed_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


# ---------------------------------------------------------------- nothing lost, nobody let in


def test_every_table_comes_back_after_a_killed_server_with_its_step_and_seats(tmp_path):
    """`kill -9` mid-game: started again on the class folder, each table is at the same step with the
    same people in the same seats, and each device is back in its own seat with its own hand."""
    folder, log = tmp_path / "class", tmp_path / "server.log"
    port = free_port("127.0.0.1")

    async def before(root):
        code, (ann, bob) = await seated_devices(root, "durak", ["en", "ru"], seed=31)
        for _ in range(4):
            mover = ann if ann.table["moves"] else bob
            await mover.answer({"t": "move", "label": mover.table["moves"][0]["label"], "step": mover.table["step"]})
            await asyncio.sleep(0.1)
        await asyncio.sleep(0.3)  # both devices were sent the last move
        other = await ann.open_table("minefield", 3, seed=5)
        deep = TableClient(root)
        await deep.join_class("Deep")
        await deep.connect(code, watch=True)
        await deep.send("[" * 2000 + "]" * 2000)  # would recurse past Python's limit in the parser
        await asyncio.wait_for(deep._reader, 10)
        seen = {d.lang: d.table for d in (ann, bob)}
        cookies = {d.lang: dict(d.http.cookies.items()) for d in (ann, bob)}
        for device in (ann, bob, deep):
            await device.aclose()
        return code, other, seen, cookies

    async def after(root, code, cookies):
        back = {}
        ann, bob = (TableClient(root, lang=lang, cookies=cookies[lang]) for lang in ("en", "ru"))
        for device in (ann, bob):
            await device.connect(code)
            back[device.lang] = await device.snapshot()
        listing = await ann.http.get(ann.root, params={"lang": "en"})
        gone = await ann.http.head(f"{ann.root}t/ZZZZZ")
        for device in (ann, bob):
            await device.aclose()
        return back, listing, gone

    with running(folder, log, port=port) as (root, process):
        code, other, seen, cookies = run(before(root))
        process.kill()  # no goodbye
        process.wait(10)
    with running(folder, log, port=port) as (root, _):
        back, listing, gone = run(after(root, code, cookies))
    for lang, snapshot in back.items():
        was = seen[lang]
        assert snapshot["step"] == was["step"] > 0 and snapshot["you"] == was["you"]
        assert snapshot["hand"] == was["hand"] and snapshot["moves"] == was["moves"]
        assert [(s["name"], s["kind"]) for s in snapshot["seats"]] == [(s["name"], s["kind"]) for s in was["seats"]]
        assert [e["text"] for e in snapshot["log"]] == [e["text"] for e in was["log"]]
    assert code in listing.text and other in listing.text, "both tables are on the class page again"
    assert gone.status_code == 404
    text = log.read_text()
    assert "RecursionError" not in text and "Traceback" not in text


def test_the_teacher_key_is_kept_only_as_a_hash_in_a_private_folder_and_can_be_replaced(tmp_path):
    folder, log = tmp_path / "class", tmp_path / "server.log"
    with running(folder, log) as (root, _):
        key = (folder / "teacher-key.txt").read_text().strip()
        teacher = httpx.Client(base_url=root, follow_redirects=True)
        page = teacher.get("board", params={"key": key, "lang": "en"})
        assert page.status_code == 200
        xsrf = teacher.cookies["_xsrf"]
        renewed = teacher.post("board/key", data={"_xsrf": xsrf, "lang": "ru"})
        assert renewed.status_code == 200 and "Новый ключ доски" in renewed.text
        new_key = re.search(r"board\?key=([\w-]+)", renewed.text)[1]
        assert new_key != key
        assert teacher.get("board").status_code == 200, "the board that asked stays open"
        stranger = httpx.Client(base_url=root, follow_redirects=True)
        assert stranger.get("board", params={"key": key}).status_code == 403, "the old key opens nothing"
        assert stranger.get("board", params={"key": new_key}).status_code == 200
        assert httpx.post(f"{root}board/key", data={"_xsrf": "x"}, cookies={"_xsrf": "x"}).status_code == 403
    # the command gives a new key too (for a teacher who lost theirs)
    command = [sys.executable, "-m", "classserver.together.key", "--class-dir", str(folder)]
    printed = subprocess.run(command, capture_output=True, text=True, check=True, timeout=60).stdout
    third = re.search(r"board\?key=([\w-]+)", printed)[1]
    assert third not in (key, new_key) and (folder / "teacher-key.txt").read_text().strip() == third
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    assert stat.S_IMODE((folder / "teacher-key.txt").stat().st_mode) == 0o600
    for path in folder.glob("board.sqlite*"):
        assert stat.S_IMODE(path.stat().st_mode) == 0o600, path
    with sqlite3.connect(folder / "board.sqlite") as db:
        stored = " ".join(v for (v,) in db.execute("SELECT value FROM meta"))
    assert not any(k in stored for k in (key, new_key, third)), "no key is kept in the clear"


def test_not_me_makes_a_shared_computer_a_new_student(server):
    async def scenario():
        device = TableClient(server)
        await device.join_class("Первая")
        first = device.student_id
        page = await device.http.get(server, params={"lang": "ru"})
        xsrf = await device._xsrf()
        answer = await device.http.post(server + "not-me", data={"_xsrf": xsrf, "lang": "ru"})
        second = device.student_id
        fresh = await device.http.get(server, params={"lang": "ru"})
        await device.join_class("Вторая")
        await device.aclose()
        return first, second, page, answer, fresh

    first, second, page, answer, fresh = run(scenario())
    assert "Это не я: на этом компьютере новый ученик" in page.text
    assert answer.headers["Location"] == "/together/?lang=ru"
    assert answer.status_code == 303 and second and second != first
    assert "Первая" not in fresh.text.split("<h2 id='h-join'>")[0], "the next person is not the first one"


def test_after_not_me_an_app_opened_before_it_no_longer_answers_as_the_previous_student(service):
    """An app's kernel keeps the token of the student its page was opened for; once "not me" is said
    at that computer, the board refuses it (410, nothing kept) and takes the new student's."""
    server, folder = service
    secret = board_secret(folder)
    kind = rules.exercises.kinds("durak")[0]
    rule = rules.exercises.generate(kind, 2, 1).rule

    async def scenario():
        device = TableClient(server)
        await device.join_class("Прежняя")
        first = device.student_id
        xsrf = await device._xsrf()
        await device.http.post(server + "not-me", data={"_xsrf": xsrf, "lang": "ru", "name": "Новая"})
        await device.aclose()
        return first, device.student_id

    first, second = run(scenario())
    with sqlite3.connect(folder / "board.sqlite") as db:
        before = db.execute("SELECT COUNT(*) FROM verdicts WHERE student = ?", (first,)).fetchone()[0]
    stale = _post_verdict(server, verdict_token(secret, first), kind=kind, rule=rule)
    fresh = _post_verdict(server, verdict_token(secret, second), kind=kind, rule=rule)
    with sqlite3.connect(folder / "board.sqlite") as db:
        after = dict(
            db.execute(
                "SELECT student, COUNT(*) FROM verdicts WHERE student IN (?, ?) GROUP BY student", (first, second)
            ).fetchall()
        )
    assert stale.status_code == 410 and "new student" in stale.json()["error"]
    assert after.get(first, 0) == before, "nothing more goes to the previous student's rows"
    assert fresh.status_code == 204 and after[second] == 1


def test_not_me_from_an_app_refuses_a_bad_name_and_goes_back_only_to_this_server(server):
    async def scenario():
        device = TableClient(server)
        await device.join_class("Первая")
        first = device.student_id
        asked = await device.http.get(server + "not-me", params={"next": "//evil.example/x", "lang": "en"})
        xsrf = await device._xsrf()
        form = {"_xsrf": xsrf, "lang": "en", "next": "/voila/render/durak/practice.ipynb?lang=en"}
        refused = await device.http.post(server + "not-me", data={**form, "name": "  "})
        kept = device.student_id
        abroad = await device.http.post(server + "not-me", data={**form, "next": "https://evil.example/", "name": "B"})
        await device.aclose()
        return first, asked, refused, kept, abroad, device.student_id

    first, asked, refused, kept, abroad, last = run(scenario())
    assert "Your answers go to the board as: <strong class='my-name'>Первая</strong>" in asked.text
    assert "evil" not in asked.text, "the page goes back only to a path of this server"
    assert refused.status_code == 400 and "give your name" in refused.text and kept == first
    assert abroad.status_code == 303 and abroad.headers["Location"] == "/together/?lang=en" and last != first


def test_the_board_csv_keeps_to_the_board_date_filter(service):
    root, folder = service

    async def named(name: str) -> str:
        device = TableClient(root)
        await device.join_class(name)
        await device.aclose()
        return device.student_id

    old, new = run(named("Yesterday")), run(named("Today"))
    kind = rules.exercises.kinds("durak")[0]
    rule = rules.exercises.generate(kind, 1, 1).rule
    assert _post_verdict(root, verdict_token(board_secret(folder), new), kind=kind, rule=rule).status_code == 204
    day = time.time() - 86400  # an answer given a day ago, as the board keeps it
    with sqlite3.connect(folder / "board.sqlite") as db:
        db.execute(
            "INSERT INTO verdicts(student, kind, seed, difficulty, rule, correct, at) VALUES (?, ?, 1, 1, ?, 1, ?)",
            (old, kind, rule, day),
        )
    key = (folder / "teacher-key.txt").read_text().strip()
    today = time.strftime("%Y-%m-%d", time.gmtime())
    with httpx.Client(base_url=root, follow_redirects=True) as teacher:
        page = teacher.get("board", params={"key": key})
        page = teacher.get("board", params={"since": today, "lang": "en"})
        every = teacher.get("board.csv", params={"lang": "en"}).text
        since = teacher.get("board.csv", params={"lang": "en", "since": today}).text
    assert f"board.csv?lang=en&amp;since={today}" in page.text, "the board's CSV link carries its filter"
    assert ",Yesterday," in every and ",Today," in every
    assert ",Today," in since and ",Yesterday," not in since


def test_onlookers_cannot_lock_a_player_out_and_tables_nobody_sits_at_close_on_their_own(tmp_path):
    folder, log = tmp_path / "class", tmp_path / "server.log"

    async def scenario(root):
        code, (ann, bob) = await seated_devices(root, "durak", ["en", "en"], seed=2)
        await bob.disconnect()
        crowd = []
        for i in range(44):  # onlookers from three addresses, more than a table admits
            device = TableClient(root, source=f"127.0.0.{2 + i % 3}")
            try:
                await device.connect(code, watch=True)
            except Exception:
                await device.aclose()
                continue
            crowd.append(device)
        bob_back = TableClient(root, cookies=dict(bob.http.cookies.items()))
        await bob_back.connect(code)  # the seated player gets in all the same
        back = await bob_back.snapshot()
        # a table opened by a device with no name: nobody sits, it closes by itself
        nameless = TableClient(root)
        empty = await nameless.open_table("domino", 2)
        await nameless.connect(empty)
        gone = await nameless.wait_for(lambda m: m["t"] == "gone", 20)
        listing = await ann.http.get(root)
        # the opener closes a table; anyone else is refused
        refused = await bob_back.answer({"t": "close"})
        await ann.send({"t": "close"})
        closed = await bob_back.wait_for(lambda m: m["t"] == "gone", 10)
        page = await ann.http.get(f"{root}t/{code}")
        for device in (ann, bob, bob_back, nameless, *crowd):
            await device.aclose()
        return len(crowd), back, gone, listing, refused, closed, page, empty

    with running(folder, log, args=["--empty-after", "3"]) as (root, _):
        crowd, back, gone, listing, refused, closed, page, empty = run(scenario(root))
    assert crowd == 40, "a table admits 40 onlookers"
    assert back["t"] == "table" and back["you"] == 1 and back["hand"]
    assert gone["text"] == "This table was closed." and empty not in listing.text
    assert refused["t"] == "refused" and "only the one who opened" in refused["text"]
    assert closed["t"] == "gone" and page.status_code == 404


def test_the_class_page_lists_tables_waiting_for_players_first(server):
    async def scenario():
        waiting = TableClient(server)
        await waiting.join_class("Waits")
        code_waiting = await waiting.open_table("durak", 3, seed=1)
        full = TableClient(server)  # opened later, and full: listed after the one that waits
        await full.join_class("Full")
        code_full = await full.open_table("durak", 2, seed=1)
        await full.connect(code_full)
        await full.send({"t": "bots"})
        await full.wait_for(lambda m: m["t"] == "table" and not any(s["kind"] == "open" for s in m["seats"]), 10)
        listing = (await full.http.get(server)).text
        for device in (full, waiting):
            await device.aclose()
        return code_full, code_waiting, listing

    code_full, code_waiting, listing = run(scenario())
    assert listing.index(code_waiting) < listing.index(code_full)


def test_the_teacher_runs_the_tables_from_the_board(service):
    """The board lists every table (game, seats, step, last move); the teacher seats or moves a student,
    deals a new game and closes a table; students who answered come first, namesakes are told apart."""
    server, folder = service

    async def scenario():
        code, (ann, bob) = await seated_devices(server, "durak", ["en", "en"], seed=12, source="127.0.0.6")
        mover = ann if ann.table["moves"] else bob
        await mover.answer({"t": "move", "label": mover.table["moves"][0]["label"], "step": 0})
        other = await ann.open_table("durak", 3, seed=2)  # Ann opens a second table: she sits at it too
        twins = [TableClient(server) for _ in range(2)]
        for twin in twins:
            await twin.join_class("Twin")
        key = (folder / "teacher-key.txt").read_text().strip()
        teacher = httpx.AsyncClient(base_url=server, follow_redirects=True)
        await teacher.get("board", params={"key": key, "lang": "en"})

        async def act(**fields):
            return await teacher.post("board/tables", data={"_xsrf": teacher.cookies["_xsrf"], **fields})

        kind = rules.exercises.kinds("durak")[0]
        posted = await asyncio.to_thread(
            _post_verdict,
            server,
            verdict_token(board_secret(folder), twins[1].student_id),
            kind=kind,
            rule=rules.exercises.generate(kind, 2, 1).rule,
        )
        assert posted.status_code == 204
        page = await teacher.get("board", params={"lang": "en"})
        board = json.loads(re.search(r"id=.config.>(.*?)</script>", page.text, re.S)[1])["summary"]
        await bob.disconnect()
        seated = await act(action="seat", code=other, seat="1", student=bob.student_id)  # Bob moves tables
        mark = len(bob.messages)
        await bob.connect(other)
        moved = await bob.wait_for(lambda m: m.get("t") == "table" and m["you"] == 1, 10, since=mark)
        again = await act(action="again", code=code)
        closed = await act(action="close", code=other)
        refused = await act(action="seat", code=code, seat="0", student="nobody")
        stranger = await httpx.AsyncClient(base_url=server).post("board/tables", data={"action": "close", "code": code})
        listing = (await ann.http.get(server)).text
        for device in (ann, bob, *twins):
            await device.aclose()
        await teacher.aclose()
        return code, other, board, seated, moved, again, closed, refused, stranger, listing, twins

    code, other, board, seated, moved, again, closed, refused, stranger, listing, twins = run(scenario())
    row = next(t for t in board["tables"] if t["code"] == code)
    assert row["game"] == "Durak" and row["step"] == 1 and row["last"]
    assert [s["name"] for s in row["seats"]] == ["Аня", "Bob"]
    names = [s["name"] + (" · " + s["tell"] if s["tell"] else "") for s in board["students"]]
    answered = [s["answered"] > 0 for s in board["students"]]
    assert answered == sorted(answered, reverse=True) and answered[0], "students with answers first"
    # two students called Twin, told apart; the one who answered comes first
    assert names.index("Twin · " + twins[1].student_id[:4]) < names.index("Twin · " + twins[0].student_id[:4])
    assert seated.status_code == again.status_code == closed.status_code == 204
    assert moved["seats"][1]["name"] == "Bob"
    assert refused.status_code == 400 and "student" in refused.json()["error"]
    assert stranger.status_code == 403
    assert code in listing and other not in listing


# ---------------------------------------------------------------- bots' strengths


def test_the_opener_chooses_each_bots_strength_the_strong_bot_plays_and_a_bad_strength_is_refused(server):
    """Opened with strong bots in the other seats; the opener makes one easy; the page says each bot's
    strength; a strength the table does not know, or asked by someone else, is refused in the page's
    language and changes nothing; the strong bot (the coach, in a process of its own) plays its moves."""

    async def scenario():
        ann, bob = TableClient(server, lang="ru", source="127.0.0.9"), TableClient(server, source="127.0.0.9")
        await ann.join_class("Аня")
        await bob.join_class("Bob")
        tables_before = (await ann.http.get(server)).text.count("/t/")
        xsrf = await ann._xsrf()
        form = {"game": "durak", "players": "3", "lang": "ru", "_xsrf": xsrf, "bots": "on"}
        bad = await ann.http.post(server + "tables", data={**form, "strength": "grandmaster"})
        tables_after = (await ann.http.get(server)).text.count("/t/")
        code = await ann.open_table("durak", 3, {"bots": "on", "strength": "strong"}, seed=21)
        await ann.connect(code)
        opened = await ann.snapshot()
        await bob.connect(code, watch=True)
        easy = await ann.answer({"t": "strength", "seat": 2, "strength": "easy"})
        unknown = await ann.answer({"t": "strength", "seat": 1, "strength": "hard"})
        not_a_bot = await ann.answer({"t": "strength", "seat": 0, "strength": "strong"})
        by_bob = await bob.answer({"t": "strength", "seat": 1, "strength": "easy"})
        played = {1: 0, 2: 0}
        for _ in range(200):  # Аня plays her first move each turn until both bots have played
            snapshot = ann.table
            if not (snapshot["over"] or snapshot["moves"]):
                mark = len(ann.messages)
                snapshot = await ann.wait_for(lambda m: m.get("t") == "table" and (m["over"] or m["moves"]), 60, mark)
            played = {s: sum(a["player"] == s for a in _moves_of(snapshot)) for s in (1, 2)}
            if snapshot["over"] or min(played.values()) >= 2:
                break
            await ann.answer({"t": "move", "label": snapshot["moves"][0]["label"], "step": snapshot["step"]})
        final = ann.table
        for device in (ann, bob):
            await device.aclose()
        return bad, tables_before, tables_after, opened, easy, unknown, not_a_bot, by_bob, played, final

    bad, tables_before, tables_after, opened, easy, unknown, not_a_bot, by_bob, played, final = run(scenario())
    assert bad.status_code == 400 and "бот бывает лёгкий, средний или сильный, а не «grandmaster»" in bad.text
    assert tables_after == tables_before, "a refused form opens no table"
    seats = opened["seats"]
    assert [(s["kind"], s["strength"]) for s in seats[1:]] == [("bot", "strong")] * 2
    assert [s["strength_name"] for s in seats[1:]] == ["сильный"] * 2
    assert opened["strengths"] == [["easy", "лёгкий"], ["medium", "средний"], ["strong", "сильный"]]
    assert easy["t"] == "table" and [s["strength"] for s in easy["seats"]] == ["strong", "strong", "easy"]
    assert any(e["text"] == "Бот на месте «Игрок 3» теперь лёгкий." for e in easy["log"])
    assert unknown["t"] == "refused" and unknown["text"] == "бот бывает лёгкий, средний или сильный, а не «hard»"
    assert not_a_bot["t"] == "refused" and "не играет бот" in not_a_bot["text"]
    assert by_bob["t"] == "refused" and "only the one who opened this table" in by_bob["text"]
    assert [s["strength"] for s in final["seats"]] == ["strong", "strong", "easy"], "refusals changed nothing"
    assert final["over"] or min(played.values()) >= 2, played


def _moves_of(snapshot: dict) -> list[dict]:
    """The moves of the log by seat (an action's entry begins with its player: «Игрок 2 …»)."""
    out = []
    for entry in snapshot["log"]:
        if entry["kind"] == "action":
            match = re.match(r"(?:Player|Игрок) (\d+)\b", entry["text"])
            if match:
                out.append({"player": int(match[1]) - 1})
    return out
