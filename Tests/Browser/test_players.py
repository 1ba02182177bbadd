"""The phone's small promises: the name limit said (never a silent cut), a locked-in seal that is
not a tick, plain errors."""
import json

from conftest import PHONE, axe_check, wait
from pages import Peer, click, el, els, join, wait_css, wait_text
from test_first_run import start

QUESTION = {"text": "Capital of Iceland?", "kind": "choice", "category": "Geography",
            "options": ["Reykjavík", "Oslo", "Helsinki", "Tallinn"], "answer": 0}

# Turns the phone's next answer into one the server cannot read (its question number as text).
CORRUPT_NEXT_ANSWER = """
const send = WebSocket.prototype.send;
WebSocket.prototype.send = function (data) {
  try {
    const m = JSON.parse(data);
    if (m.type === 'answer' && window.__corrupt) { window.__corrupt = false; m.question = 'first'; data = JSON.stringify(m); }
  } catch (e) {}
  return send.call(this, data);
};"""


def test_the_phone_follows_the_servers_name_limit_and_seals_an_answer_with_a_lock(tmp_path, browsers):
    server = start(tmp_path, defaults={"shuffleOptions": False})
    try:
        host = Peer(server.url)
        host.send(type="create", questions={"title": "Iceland", "questions": [QUESTION, QUESTION]},
                  settings={"readingTimeMs": 0, "timeLimitSeconds": 120, "closeWhenAllAnswered": False})
        code = host.until("created")["code"]

        phone = browsers.open(PHONE)
        phone.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": CORRUPT_NEXT_ANSWER})
        phone.get(f"{server.url}/join/{code}")
        # A 35-character name is not cut: the field counts against the server's 24 and says so,
        # and the join waits until the player shortens it.
        long = "Maximilian Featherstonehaugh-Smyth"
        long += "e" * (35 - len(long))
        name = wait_css(phone, "#nickname")
        assert name.get_attribute("maxlength") is None and el(phone, "#team").get_attribute("maxlength") is None
        assert "At most 24 characters" in el(phone, "#nickname-hint").text
        name.clear()
        name.send_keys(long)
        wait_text(phone, "#nickname-count", "35 of 24: 11 too many")
        assert name.get_attribute("value") == long
        name.send_keys("\n")
        error = wait_css(phone, "#nickname-error").text
        assert "35 characters" in error and "at most 24" in error, error
        assert el(phone, "#nickname").get_attribute("value") == long, "the name was cut"
        assert el(phone, "#nickname").get_attribute("aria-invalid") == "true"
        axe_check(phone, "player: name too long")
        join(phone, server.url, code, "Ada")
        wait_css(phone, ".lobby .nick")

        # An answer the server cannot read: the phone says so in plain words.
        host.send(type="start")
        wait_css(phone, ".answer")
        phone.execute_script("window.__corrupt = true")
        click(phone, ".answer.opt-0")
        error = wait_css(phone, ".field-error").text
        assert "did not understand" in error and "not understood" not in error, error

        # A real answer: locked in under a padlock, not the tick a right answer gets.
        click(phone, ".answer.opt-0")
        wait_text(phone, ".locked h1", "Locked in")
        assert els(phone, ".locked .locked-seal svg"), "no padlock"
        assert "✓" not in el(phone, ".locked").get_attribute("textContent")
        axe_check(phone, "player: locked in")
        # After a reload the phone still says what was locked in (the resume's state carries it).
        phone.refresh()
        wait_text(phone, ".locked .mine", "A: Reykjavík")
        host.send(type="reveal")
        wait_text(phone, ".result h1", "Correct!")
        assert "✓" in el(phone, ".result .seal").get_attribute("textContent")
        host.close()
    finally:
        server.stop()


def test_on_a_small_phone_every_option_of_a_long_question_is_reachable_with_the_clock_in_view(tmp_path, browsers):
    from test_projector import LONG, OPTIONS
    server = start(tmp_path, defaults={"shuffleOptions": False})
    try:
        host = Peer(server.url)
        question = {"text": LONG, "kind": "choice", "category": "Geography", "options": OPTIONS, "answer": 4}
        host.send(type="create", questions={"title": "Capitals", "questions": [question]},
                  settings={"readingTimeMs": 0, "timeLimitSeconds": 120, "closeWhenAllAnswered": False})
        code = host.until("created")["code"]
        phone = browsers.open((360, 640))
        join(phone, server.url, code, "Ada")
        wait_css(phone, ".lobby .nick")
        host.send(type="start")
        wait_css(phone, ".answer.opt-5")
        for index in range(6):
            seen = phone.execute_script("""
                const button = document.querySelector(`.answer.opt-${arguments[0]}`);
                button.scrollIntoView({ block: 'end' });
                const b = button.getBoundingClientRect(), c = document.getElementById('clock').getBoundingClientRect();
                const top = document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2);
                return { clock: c.top >= 0 && c.bottom <= innerHeight, tappable: button.contains(top) };""", index)
            assert seen == {"clock": True, "tappable": True}, (index, seen)
        click(phone, ".answer.opt-5")
        wait_text(phone, ".locked h1", "Locked in")
        host.close()
    finally:
        server.stop()


def test_a_player_changes_the_answer_until_time_is_up_when_the_room_allows_it(tmp_path, browsers):
    server = start(tmp_path, defaults={"shuffleOptions": False})
    try:
        host = Peer(server.url)
        question = dict(QUESTION, text="Capital of Norway?", answer=1)
        host.send(type="create", questions={"title": "Norway", "questions": [question]},
                  settings={"readingTimeMs": 0, "timeLimitSeconds": 120, "allowAnswerChange": True})
        code = host.until("created")["code"]
        phone = browsers.open(PHONE)
        join(phone, server.url, code, "Ada")
        wait_css(phone, ".lobby .nick")
        host.send(type="start")
        click(phone, ".answer.opt-0")
        wait_text(phone, ".locked .mine", "A: Reykjavík")
        # Everyone has answered, yet the question stays open: the answer can still change.
        click(phone, "#change-answer")
        click(phone, ".answer.opt-1")
        wait_text(phone, ".locked .mine", "B: Oslo")
        host.send(type="reveal")
        wait_text(phone, ".result h1", "Correct!")
        host.close()
    finally:
        server.stop()


def test_the_join_form_counts_against_the_rooms_own_name_limit(tmp_path, browsers):
    server = start(tmp_path)
    try:
        host = Peer(server.url)
        host.send(type="create", questions={"title": "Iceland", "questions": [QUESTION]}, settings={"nicknameMaxLength": 40})
        code = host.until("created")["code"]
        phone = browsers.open(PHONE)
        phone.get(f"{server.url}/join/{code}")
        # The room allows 40, not the server's 24: the 35-character name is fine here.
        wait_text(phone, "#nickname-hint", "At most 40 characters")
        name = wait_css(phone, "#nickname")
        name.clear()
        name.send_keys("Maximilian Featherstonehaugh-Smyth" + "e")
        wait_text(phone, "#nickname-count", "35 of 40")
    finally:
        server.stop()
