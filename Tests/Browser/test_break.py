"""A break between rounds, end to end: made in the editor (a refused save names the break's field),
played into from the first round's leaderboard, shown on the projector, a phone and the host console
with its countdown and what comes next, moved by the host, kept across a phone's reload, and ended
by starting the round."""
import json
import re


from conftest import PROJECTOR, axe_check, wait
from pages import click, console, el, els, join, pick_kind, wait_css, wait_gone, wait_text
from test_first_run import start

LAPTOP = (1280, 900)
TOKEN = "break-test-token-0123456789"
COUNTDOWN = re.compile(r"^Back in \d+:\d\d$")


def truefalse(editor, n, text):
    """Makes question card `n` a true-or-false question with a category and `text`."""
    card = pick_kind(editor, n, "truefalse")
    card.find_element("css selector", "input[data-path$='.category']").send_keys("Fun")
    card.find_element("css selector", "textarea[data-path$='.text']").send_keys(text)


def countdown_reads(driver, pattern):
    wait(driver, lambda d: re.match(pattern, el(d, "#break-left").text or "") is not None,
         f"the countdown never read {pattern!r}")


def test_a_break_made_in_the_editor_shows_everywhere_and_the_host_starts_the_round(tmp_path, browsers):
    library = tmp_path / "library"
    library.mkdir()
    server = start(tmp_path, library=library, edit_token=TOKEN)
    try:
        # The editor: two rounds, a break before the second; a break added and removed on the first.
        editor = browsers.open(LAPTOP)
        editor.get(f"{server.url}/edit#token={TOKEN}")
        click(editor, "#new-pack")
        wait_css(editor, "#f-title").send_keys("Break Night")
        truefalse(editor, 0, "The Moon is made of cheese.")
        click(editor, ".round .add-break")
        wait_css(editor, "#f-rounds-0-break-title")
        click(editor, ".round .remove-break")
        wait_gone(editor, "#f-rounds-0-break-title")
        click(editor, "#add-round")
        wait(editor, lambda d: len(els(d, ".round")) == 2, "no second round")
        els(editor, ".round")[1].find_element("css selector", "input[data-path='rounds[1].title']").send_keys("Music round")
        truefalse(editor, 1, "A waltz is in three-four time.")
        els(editor, ".round")[1].find_element("css selector", ".add-break").click()
        wait_css(editor, "#f-rounds-1-break-text").send_keys("Get your drinks in")
        el(editor, "#f-rounds-1-break-minutes").send_keys("10")
        # Saved without a title: the server's words, beside the break's title field.
        click(editor, "#save")
        problem = wait_css(editor, "#problems li")
        assert problem.text == "Round 2, break, title is empty.", problem.text
        assert el(editor, "#f-rounds-1-break-title").get_attribute("aria-invalid") == "true"
        axe_check(editor, "editor: a break with a problem")
        el(editor, "#f-rounds-1-break-title").send_keys("Half-time")
        click(editor, "#save")
        wait_text(editor, "#notice", "Saved as break-night")
        saved = json.loads((library / "break-night.json").read_text())
        assert "break" not in saved["rounds"][0]
        assert saved["rounds"][1]["break"] == {"title": "Half-time", "text": "Get your drinks in", "minutes": 10}

        # Play it, into the break after the first round's leaderboard.
        host, code = console(browsers, server.url, LAPTOP, pack="break-night", token=TOKEN,
                             settings={"readingTimeMs": 0, "timeLimitSeconds": 60})
        display = browsers.open(PROJECTOR)
        display.get(f"{server.url}/display/{code}")
        wait_css(display, ".display-lobby .code")
        phone = browsers.open()
        join(phone, server.url, code, "Ada")
        wait_css(phone, ".lobby")
        click(host, "#primary")  # Start
        wait_text(phone, ".qtext", "cheese")
        click(phone, ".answers .answer.opt-false")
        wait_text(host, "#primary", "Reveal")
        click(host, "#primary")
        wait_text(host, "#primary", "Next")
        click(host, "#primary")  # the round's leaderboard
        wait_css(display, ".display-board")
        click(host, "#primary")  # the break

        wait_text(display, ".display-break h1", "Half-time")
        wait_text(display, ".display-break .break-text", "Get your drinks in")
        wait_text(display, ".display-break .break-next", "Up next: Music round")
        countdown_reads(display, r"^Back in (10:00|9:\d\d)$")
        wait_text(phone, "h1", "Half-time")
        wait_text(phone, ".break-next", "Up next: Music round")
        countdown_reads(phone, COUNTDOWN)
        wait_text(host, "#stage-title", "Half-time")
        assert el(host, "#primary").text == "Start Music round"
        countdown_reads(host, COUNTDOWN)
        axe_check(display, "display: break")
        axe_check(phone, "player: break")
        axe_check(host, "host: break")

        # The host ends the countdown: every screen says so; "+5 min" starts it again.
        click(host, "#break-end")
        for screen in (display, phone, host):
            wait_text(screen, "#break-left", "Back any moment")
        wait_gone(host, "#break-end")
        click(host, "#break-more")
        for screen in (display, phone, host):
            countdown_reads(screen, r"^Back in (5:00|4:\d\d)$")

        # A phone that reloads on the break lands on it again (its state carries the break).
        phone.refresh()
        wait_text(phone, "h1", "Half-time")
        countdown_reads(phone, r"^Back in (5:00|4:\d\d)$")

        # The host starts the round.
        click(host, "#primary")
        wait_text(display, ".qtext", "waltz")
        wait_text(phone, ".qtext", "waltz")
        wait_gone(display, ".display-break")
        assert "Music round" in el(display, ".dq .eyebrow").text
    finally:
        server.stop()
