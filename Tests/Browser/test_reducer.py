"""The pages' one protocol reducer (`newGame` and `reduce` in assets/game-state.js, re-exported by common.js), fed in Chromium with
messages recorded from a real game: the state each role draws from, message by message."""
import json

from conftest import PROJECTOR
from pages import Peer, wait_css

PACK = {"title": "Reducer night", "rounds": [{"title": "Only", "questions": [
    {"kind": "choice", "category": "Geo", "text": "Capital of Australia?", "options": ["Sydney", "Canberra"], "answer": 1},
    {"kind": "text", "category": "Music", "text": "Who sang Yesterday?", "answer": ["The Beatles"]}]}]}
SETTINGS = {"readingTimeMs": 0, "scoring": "flat", "timeLimitSeconds": 60, "shuffleOptions": False,
            "closeWhenAllAnswered": True}

# Applies each message to a fresh state for `role` and returns [type, what reduce said, the state after].
REPLAY = """
const [messages, role, seat, done] = arguments;
import('/assets/common.js').then(({ newGame, reduce }) => {
  const game = newGame(role);
  done(messages.map((m) => { const change = reduce(game, m, seat); return [m.type, change, JSON.parse(JSON.stringify(game))]; }));
}, (error) => done(String(error)));
"""


class Recorder(Peer):
    """A protocol client that keeps every message it reads."""

    def __init__(self, base):
        super().__init__(base)
        self.log = []

    def until(self, kind, timeout=10):
        while True:
            message = json.loads(self.ws.recv(timeout=timeout))
            self.log.append(message)
            if message["type"] == kind:
                return message
            if message["type"] == "error":
                raise AssertionError(f"server refused: {message}")


def replay(driver, messages, role, seat=None):
    steps = driver.execute_async_script(REPLAY, messages, role, seat)
    assert isinstance(steps, list), steps
    return steps


def after(steps, kind, nth=0):
    """The state right after the `nth` message of type `kind`."""
    return [state for (t, _, state) in steps if t == kind][nth]


def test_the_reducer_follows_a_recorded_game_for_every_role(server, browsers):
    host, screen, ada, bea = (Recorder(server.url) for _ in range(4))
    try:
        host.send(type="create", questions=PACK, settings=SETTINGS)
        code = host.until("created")["code"]
        host.until("state")
        screen.send(type="watch", code=code)
        screen.until("players")
        ada.send(type="join", code=code, nickname="Ada")
        seat = ada.until("joined")
        ada.until("state")
        bea.send(type="join", code=code, nickname="Bea", team="Owls")
        bea.until("state")
        while len(host.until("players")["players"]) < 2:  # the list is coalesced: wait for both
            pass

        host.send(type="start")
        for phone, option in ((ada, 1), (bea, 0)):
            phone.until("answers_open")
            phone.send(type="answer", question=0, answer={"kind": "choice", "option": option})
            phone.until("answer_ack")
        while host.until("answer_count")["answered"] < 2:
            pass
        host.send(type="reveal")
        host.until("reveal")
        host.send(type="leaderboard")
        host.until("leaderboard")
        host.send(type="next")
        host.until("question")
        host.send(type="end")
        for peer in (host, screen, ada):
            peer.until("ended")

        page = browsers.open(PROJECTOR)
        page.get(f"{server.url}/display")  # no code: the page waits for one and connects nowhere
        wait_css(page, "#code")

        shown = replay(page, screen.log, "display")
        assert [t for (t, change, _) in shown if change is False] == [], "the display ignored one of its messages"
        assert after(shown, "watching")["joinURL"].endswith(f"/join/{code}")
        assert [p["nickname"] for p in after(shown, "players", -1)["players"]] == ["Ada", "Bea"]
        assert after(shown, "question")["phase"] == "reading"
        assert after(shown, "answers_open")["phase"] == "open"
        assert after(shown, "answers_closed")["phase"] == "closed"
        revealed = after(shown, "reveal")
        assert revealed["phase"] == "revealed" and revealed["reveal"]["optionCounts"] == [1, 1]
        board = after(shown, "leaderboard")
        assert board["phase"] == "leaderboard" and board["leaderboard"]["total"] == 2
        assert [r["nickname"] for r in board["leaderboard"]["players"]] == ["Ada", "Bea"]
        # The second question starts clean: nothing of the first one's reveal is left.
        second = after(shown, "question", 1)
        assert second["question"]["sequence"] == 1 and second["reveal"] is None and second["answerCount"] == 0
        # The join address and the players survive a `state` (they come in their own messages).
        assert after(shown, "state")["joinURL"] == after(shown, "watching")["joinURL"]
        ended = shown[-1][2]
        assert ended["phase"] == "ended" and ended["ended"]["podium"]["players"][0]["nickname"] == "Ada"

        console = replay(page, host.log, "host")
        assert after(console, "question")["correct"] == {"kind": "options", "options": [1]}
        # The first question's counts: the second one's (0, once its reading ends) may come before the end.
        first = console[:[t for (t, _, _) in console].index("reveal")]
        counted = [state for (t, _, state) in first if t == "answer_count"]
        assert counted and counted[-1]["answerCount"] == 2
        # The host's scores on its player list follow the leaderboard, which `players` does not repeat.
        scores = {p["nickname"]: p["score"] for p in after(console, "leaderboard")["players"]}
        assert scores["Ada"] > 0 and scores["Bea"] == 0
        assert console[-1][2]["phase"] == "ended"

        phone = replay(page, ada.log, "player", {"player": seat["player"], "team": None})
        assert after(phone, "state")["phase"] == "lobby"
        acked = after(phone, "answer_ack")
        assert acked["answered"] is True and acked["myAnswer"] == {"kind": "choice", "option": 1}
        # A phone's reveal waits for its own result to change the screen.
        assert after(phone, "reveal")["phase"] != "revealed"
        result = after(phone, "result")
        assert result["phase"] == "revealed" and result["result"]["outcome"] == "correct" and result["me"]["rank"] == 1
        assert after(phone, "standing")["me"] == {"rank": 1, "score": result["result"]["score"], "players": 2}
        assert after(phone, "question", 1)["answered"] is False and after(phone, "question", 1)["myAnswer"] is None
        assert [t for (t, change, _) in phone if change is False] == []  # the seat is kept in the store too
    finally:
        for peer in (host, screen, ada, bea):
            peer.close()


def test_the_reducer_ignores_another_questions_messages_and_counts_tiebreak_answers(server, browsers):
    page = browsers.open(PROJECTOR)
    page.get(f"{server.url}/display")
    wait_css(page, "#code")
    question = {"sequence": 3, "questionCount": 5, "kind": "number", "text": "?", "shownAt": 0, "opensAt": 0,
                "deadline": 20000, "timeLimitMs": 20000}
    tiebreak = {"number": 0, "text": "How many keys?", "startedAt": 0, "deadline": 30000, "timeLimitMs": 30000,
                "entrants": [{"id": 1, "name": "Ada", "team": False}, {"id": 4, "name": "Owls", "team": True}], "answered": 0}
    messages = [
        {"type": "state", "role": "player", "phase": "reading", "question": question, "playerCount": 3},
        {"type": "answers_open", "question": 2, "deadline": 1},  # a late copy about the last question
        {"type": "answers_open", "question": 3, "deadline": 25000},
        {"type": "answers_closed", "question": 2, "reason": "host"},
        {"type": "team_answer", "question": 3, "by": "Bea", "lockedIn": {"kind": "number", "value": 88}},
        {"type": "tiebreak", "tiebreak": tiebreak},
        {"type": "tiebreak", "tiebreak": {**tiebreak, "answered": 1}},
        {"type": "tiebreak_ack", "number": 0, "value": 90, "by": "Bea"},
        {"type": "kicked", "ban": False, "reason": "bye"},
    ]
    steps = replay(page, messages, "player", {"player": 2, "team": "Owls"})
    assert [change for (_, change, _) in steps] == [True, False, True, False, True, True, "count", True, True]
    opened = steps[2][2]
    assert opened["phase"] == "open" and opened["question"]["deadline"] == 25000
    assert steps[3][2]["phase"] == "open"
    assert steps[4][2]["answeredBy"] == "Bea" and steps[4][2]["myAnswer"]["value"] == 88
    assert steps[5][2]["tiebreakPlays"] is True  # through the team, not the player id
    assert steps[6][2]["tiebreak"]["answered"] == 1
    assert steps[7][2]["tiebreakAnswered"] is True and steps[7][2]["tiebreakValue"] == 90
    # A kick forgets the game and the seat; the confirmation counters (`acks`) only ever go up.
    kicked = {k: v for k, v in steps[8][2].items() if k != "acks"}
    assert kicked == {"role": "player", "phase": "kicked", "players": [], "teams": [], "seat": None, "ban": False, "reason": "bye"}
