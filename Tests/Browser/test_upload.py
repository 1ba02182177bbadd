"""The host uploads a pack: the server's validation errors are shown, then a fixed pack runs a
text question where the host accepts a typed answer the pack missed."""
import json

from conftest import LAPTOP, PHONE, PROJECTOR, axe_check, shot
from pages import click, el, join, wait_css, wait_text


def test_upload_shows_errors_then_runs_and_accepts_typed_answer(server, browsers, tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"title": "Broken", "questions": [
        {"kind": "choice", "category": "X", "text": "Pick", "options": ["a", "b"], "answer": 5}]}))
    good = tmp_path / "good.json"
    good.write_text(json.dumps({"title": "Oceans", "questions": [
        {"kind": "text", "category": "Geography", "text": "What is the largest ocean on Earth?", "answer": ["Pacific"]},
        {"kind": "truefalse", "category": "Geography", "text": "The Atlantic is saltier than the Pacific.", "answer": True},
        {"kind": "multi", "category": "Geography", "text": "Which of these oceans touch Australia?",
         "options": ["Indian", "Arctic", "Pacific", "Southern"], "answer": [0, 2, 3]}]}))

    host = browsers.open(LAPTOP)
    host.get(f"{server.url}/host")
    wait_css(host, "#upload").send_keys(str(bad))
    assert el(host, "input[name=pack][value='']").is_selected()
    click(host, ".setup button[type=submit]")
    error = wait_css(host, "#setup-error")
    assert "questions[0]" in error.text, error.text
    axe_check(host, "host: upload error")
    shot(host, "host-upload-error")

    # The form keeps the host's choices after an error; pick a fixed file.
    assert el(host, "input[name=pack][value='']").is_selected()
    wait_css(host, "#upload").send_keys(str(good))
    click(host, "details.settings > summary")
    box = el(host, "#readingSeconds")
    box.clear()
    box.send_keys("0")
    click(host, ".setup button[type=submit]")
    code = wait_css(host, "#join-code").text.strip()

    display = browsers.open(PROJECTOR)
    display.get(f"{server.url}/display/{code}")
    wait_css(display, ".display-lobby")
    phone = browsers.open(PHONE)
    join(phone, server.url, code, "Kai")
    wait_css(phone, ".lobby")
    click(host, "#primary")
    typed = wait_css(phone, "#typed:enabled")
    shot(phone, "player-text-question")
    typed.send_keys("Pacifc\n")  # a typo the pack does not accept
    wait_text(phone, "h1", "Locked in!")
    wait_text(host, "#primary", "Reveal answer")
    click(host, "#primary")
    assert wait_text(phone, ".result h1", "Not this time")
    assert "Pacific" in wait_css(display, ".reveal-answer").text
    shot(display, "display-text-reveal")
    axe_check(host, "host: reveal with typed answers")
    shot(host, "host-typed-answers")

    # The host accepts the typo; the player's result turns right.
    click(host, ".typed-list button")
    wait_text(host, ".typed-list .ok-badge", "accepted")
    assert wait_text(phone, ".result h1", "Correct!")
    shot(phone, "player-accepted")

    # Question 2 is true/false: two big buttons that say True and False, not only a colour.
    click(host, "#primary")
    wait_css(phone, ".answer.opt-true:enabled")
    assert [e.text for e in phone.find_elements("css selector", ".tf .atext")] == ["True", "False"]
    shot(phone, "player-truefalse-question")
    click(phone, ".answer.opt-true")
    wait_text(host, "#primary", "Reveal answer")
    click(host, "#primary")
    wait_text(phone, ".result h1", "Correct!")

    # Question 3 picks several: toggle buttons announce their state, then one lock-in.
    click(host, "#primary")
    for option in (0, 2, 3):
        click(phone, f".answer.opt-{option}:enabled")
    assert [e.get_attribute("aria-pressed") for e in phone.find_elements("css selector", ".answer")] == ["true", "false", "true", "true"]
    shot(phone, "player-multi-question")
    axe_check(phone, "player: multi question with picks")
    click(phone, ".question .btn.primary")
    wait_text(phone, ".mine", "A: Indian, C: Pacific, D: Southern")
    wait_text(host, "#primary", "Reveal answer")
    click(host, "#primary")
    assert wait_text(phone, ".result h1", "Correct!")
    shot(display, "display-multi-reveal")
