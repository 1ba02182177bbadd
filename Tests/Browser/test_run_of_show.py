"""The host's run of show in the browser: pause and resume, add time, re-open, undo a reveal, skip.

Clock fairness is checked on what every client is told: a pause keeps the time left to the
millisecond, added time moves everyone's deadline by exactly that much, and the phone and the
projector show the same seconds as the server."""
import json
import time

from conftest import PROJECTOR, axe_check, wait
from pages import Peer, click, console, el, els, join, wait_css, wait_text
from test_first_run import start

LAPTOP = (1280, 800)


def next_of(peer, kinds, timeout=10):
    """The next message of one of `kinds`, errors included (Peer.until raises on them)."""
    while True:
        message = json.loads(peer.ws.recv(timeout=timeout))
        if message["type"] in kinds:
            return message


def seconds(driver):
    return int(el(driver, "#clock .secs").text)


def test_the_host_pauses_adds_time_reopens_undoes_and_skips_fairly(tmp_path, browsers):
    server = start(tmp_path)
    try:
        host, code = console(browsers, server.url, LAPTOP, pack="pub-classics",
                             settings={"readingTimeMs": 0, "timeLimitSeconds": 60, "shuffleOptions": False})
        display = browsers.open(PROJECTOR)
        display.get(f"{server.url}/display/{code}")
        wait_css(display, ".display-lobby .code")
        phone = browsers.open()
        join(phone, server.url, code, "Ada")
        wait_css(phone, ".lobby")
        watcher = Peer(server.url)  # a second player, to read the protocol and to answer
        watcher.send(type="join", code=code, nickname="Bob")
        watcher.until("joined")

        click(host, "#primary")  # Start
        wait_css(phone, ".answers .answer:enabled")
        opened = next_of(watcher, {"answers_open"})

        # Pause: every clock stops where it stood, and nobody can answer.
        click(host, "#pause")
        paused = next_of(watcher, {"clock"})
        left = paused["pausedLeftMs"]
        assert 50_000 < left <= 60_000
        assert paused["deadline"] == opened["deadline"]
        for screen in (phone, display, host):
            wait_css(screen, "#clock.paused", f"the clock on {screen.current_url} did not stop")
        wait_text(host, "#pause", "Resume clock")
        assert el(host, "#pause").get_attribute("aria-pressed") == "true"
        wait(phone, lambda d: all(not b.is_enabled() for b in els(d, ".answers .answer")), "the phone still takes answers while paused")
        assert el(phone, "#paused-note").is_displayed()
        frozen = seconds(phone)
        assert frozen == seconds(display) == -(-left // 1000)
        watcher.send(type="answer", question=0, answer={"kind": "choice", "option": 0})
        refused = next_of(watcher, {"error", "answer_ack"})
        assert refused["type"] == "error" and refused["code"] == "paused", refused
        axe_check(phone, "player: clock paused")
        axe_check(host, "host: clock paused")

        # Resume: the time left is exactly what it was at the pause, wherever the deadline went.
        resumed_at = time.monotonic()
        click(host, "#pause")
        resumed = next_of(watcher, {"clock"})
        assert "pausedLeftMs" not in resumed
        assert resumed["deadline"] - resumed["serverTime"] == left, "the pause cost or gave time"
        assert resumed["deadline"] > opened["deadline"]
        wait_css(phone, ".answers .answer:enabled")
        assert not els(phone, "#clock.paused")
        # The phone goes on from where it stopped: never more than it showed, and no less than the
        # seconds since the click allow (a loaded machine may take a few to redraw).
        now_left, since = seconds(phone), time.monotonic() - resumed_at
        assert frozen - since - 1 <= now_left <= frozen, (frozen, now_left, since)

        # Add time: everyone's deadline moves by exactly ten seconds, and the clocks follow.
        read_at, before = time.monotonic(), seconds(phone)
        click(host, "#add-time")
        added = next_of(watcher, {"clock"})
        assert added["deadline"] == resumed["deadline"] + 10_000
        assert added["timeLimitMs"] == resumed["timeLimitMs"] + 10_000 == 70_000

        def has_the_added_time(d):
            # Ten seconds more, less those that passed since `before` was read (a loaded machine is slow).
            return seconds(d) >= before + 9 - int(time.monotonic() - read_at)

        wait(phone, has_the_added_time, "the phone's clock did not get the added time")
        wait(display, has_the_added_time, "the projector's clock did not get the added time")

        # Bob answers; the host closes by mistake and re-opens: Bob's answer stands, Ada can still answer.
        watcher.send(type="answer", question=0, answer={"kind": "choice", "option": 3})
        assert next_of(watcher, {"answer_ack"})["question"] == 0
        click(host, "#primary")  # Close answers
        wait_text(phone, ".ready", "Time's up")
        click(host, "#reopen")
        field = wait_css(host, "dialog[open] #reopen-seconds")
        field.clear()
        field.send_keys("20")
        axe_check(host, "host: re-open dialog")
        click(host, "#ask-confirm")
        state = next_of(watcher, {"state"})
        assert state["phase"] == "open" and state["answered"] is True
        assert 19_000 <= state["question"]["deadline"] - state["serverTime"] <= 20_000
        click(phone, ".answers .answer.opt-3")  # Ottawa
        wait_text(phone, "h1", "Locked in")

        # Reveal, then take it back: the points come off, the question is closed again.
        click(host, "#primary")  # Reveal answer (everyone answered, so it is closed)
        wait_css(phone, ".result")
        scored = next_of(watcher, {"result"})["result"]["score"]
        assert scored > 0
        click(host, "#undo-reveal")
        wait_css(host, "dialog[open]")
        click(host, "#ask-confirm")
        undone = next_of(watcher, {"state"})
        assert undone["phase"] == "closed" and undone["me"]["score"] == 0
        wait_text(host, "#primary", "Reveal answer")
        wait_text(phone, "h1", "Locked in")
        click(host, "#reopen")  # refused: the answer has been on screen
        click(host, "#ask-confirm")
        wait_text(host, ".toast", "would not be fair")
        click(host, "#primary")  # Reveal again: the same points
        assert next_of(watcher, {"result"})["result"]["score"] == scored

        # Skip the next question: nobody scores on it, and the one after follows.
        click(host, "#primary")  # Next
        wait_text(phone, ".eyebrow", "Question 2 of")
        click(host, "#skip")
        wait_css(host, "dialog[open]")
        click(host, "#ask-confirm")
        assert next_of(watcher, {"skipped"})["question"] == 1
        wait_text(phone, ".eyebrow", "Question 3 of")
        wait_text(display, ".eyebrow", "Question 3 of")
        watcher.close()
    finally:
        server.stop()
