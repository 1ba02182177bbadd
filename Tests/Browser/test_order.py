"""An order question played by touch on an emulated phone: tap to place, tap to take back, a drag
and a keyboard move; the same shuffled order on the phone and the projector; the reveal on the
projector, the console and the phone (which places the player had right)."""
import json

from selenium.webdriver.common.actions import interaction
from selenium.webdriver.common.actions.action_builder import ActionBuilder
from selenium.webdriver.common.actions.pointer_input import PointerInput
from selenium.webdriver.common.keys import Keys

from conftest import AXE_FINDINGS, EDIT_TOKEN, LAPTOP, PHONE, PROJECTOR, axe_check, shot, wait
from pages import click, console, el, els, join, wait_css, wait_text, new_question
from test_first_run import start

PLANETS = ["Mercury", "Venus", "Earth", "Mars"]
PACK = {"title": "Planets", "questions": [
    {"kind": "order", "category": "Space", "text": "Nearest the Sun first", "items": PLANETS, "explanation": "By mean distance."}]}
MOBILE_UA = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36"


def mobile(driver):
    """Chrome's mobile emulation over DevTools: a 360×740 touch phone with a phone's user agent."""
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": PHONE[0], "height": PHONE[1], "deviceScaleFactor": 1, "mobile": True})
    driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})
    driver.execute_cdp_cmd("Emulation.setUserAgentOverride", {"userAgent": MOBILE_UA, "platform": "Android"})
    return driver


def finger(driver):
    return ActionBuilder(driver, mouse=PointerInput(interaction.POINTER_TOUCH, "finger"))


def row(driver, planet):
    return next(r for r in els(driver, ".order-row") if r.find_element("css selector", ".atext").text == planet)


def tap(driver, planet):
    """A finger taps the planet's tile (scrolled into view first, as a thumb would)."""
    target = row(driver, planet).find_element("css selector", ".answer")
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", target)
    actions = finger(driver)
    actions.pointer_action.move_to(target).pointer_down().pointer_up()
    actions.perform()


def drag(driver, planet, onto):
    """A finger drags the planet's grip, in steps, to just past the middle of the row where `onto` is,
    and lets go. Viewport points, since the row moves with the finger."""
    driver.execute_script("document.querySelector('.order-list').scrollIntoView({block: 'center'})")
    middle = "const b = arguments[0].getBoundingClientRect(); return [Math.round(b.left + b.width / 2), Math.round(b.top + b.height / 2)];"
    x, y = driver.execute_script(middle, row(driver, planet).find_element("css selector", ".grip"))
    _, to = driver.execute_script(middle, row(driver, onto))
    to += -10 if to < y else 10
    actions = finger(driver)
    actions.pointer_action.move_to_location(x, y).pointer_down()
    for step in range(1, 6):
        actions.pointer_action.move_to_location(x, y + (to - y) * step // 5)
    actions.pointer_action.pointer_up()
    actions.perform()


def placed(driver):
    """Each row's planet and the number it shows, top to bottom ('' when not placed)."""
    return driver.execute_script("""
        return [...document.querySelectorAll('.order-row')].map((r) =>
          [r.querySelector('.atext').textContent, r.querySelector('.place').textContent, r.querySelector('.answer').getAttribute('aria-pressed')]);""")


def no_axe_findings(driver, page):
    axe_check(driver, page)
    assert AXE_FINDINGS[page] == [], (page, AXE_FINDINGS[page])


def test_an_order_question_by_touch_then_its_reveal_everywhere(tmp_path, browsers):
    server = start(tmp_path)
    try:
        host, code = console(browsers, server.url, LAPTOP, questions=PACK,
                             settings={"readingTimeMs": 0, "timeLimitSeconds": 120, "closeWhenAllAnswered": True})
        display = browsers.open(PROJECTOR)
        display.get(f"{server.url}/display/{code}")
        wait_css(display, ".code, #code, .lobby")
        phone = mobile(browsers.open(PHONE))
        join(phone, server.url, code, "Ada")
        wait_css(phone, ".lobby .nick")
        assert phone.execute_script("return navigator.maxTouchPoints") > 0 and phone.execute_script("return 'ontouchstart' in window")

        click(host, "#primary")  # start
        wait(phone, lambda d: len(els(d, ".order-row")) == 4, "the phone never showed four items")
        shown = [r[0] for r in placed(phone)]
        # Shuffled by the server, never in the right order, and the same on the projector.
        assert sorted(shown) == sorted(PLANETS) and shown != PLANETS, shown
        wait(display, lambda d: [e.text for e in els(d, ".answers .atext")] == shown, "the projector shows another order")
        # The console knows the right order from the start.
        wait_text(host, ".answer-key", "1. ")
        key = el(host, ".answer-key").text
        assert [key.index(p) for p in PLANETS] == sorted(key.index(p) for p in PLANETS), key
        assert not el(phone, "#send-order").is_enabled()

        # Tap to place: Venus, Mercury, Earth, Mars get 1 to 4.
        for planet in ["Venus", "Mercury", "Earth", "Mars"]:
            tap(phone, planet)
        wait(phone, lambda d: placed(d) == [["Venus", "1", "true"], ["Mercury", "2", "true"], ["Earth", "3", "true"], ["Mars", "4", "true"]],
             f"tap to place: {placed(phone)}")
        assert el(phone, "#send-order").is_enabled()
        # Tap again to take one back: the ones after it move up, and Send waits for all four.
        tap(phone, "Mercury")
        wait(phone, lambda d: placed(d) == [["Venus", "1", "true"], ["Earth", "2", "true"], ["Mars", "3", "true"], ["Mercury", "", "false"]],
             f"take back: {placed(phone)}")
        assert not el(phone, "#send-order").is_enabled()
        no_axe_findings(phone, "player: order question")
        shot(phone, "order-question")
        # Drag Mercury by its grip to the top: it is placed first.
        drag(phone, "Mercury", "Venus")
        wait(phone, lambda d: [r[:2] for r in placed(d)] == [["Mercury", "1"], ["Venus", "2"], ["Earth", "3"], ["Mars", "4"]],
             f"drag: {placed(phone)}")
        # The keyboard: Move Earth down, and the focus stays on Earth.
        mover = row(phone, "Earth").find_element("css selector", "[aria-label='Move Earth down']")
        phone.execute_script("arguments[0].focus()", mover)
        mover.send_keys(Keys.ENTER)
        wait(phone, lambda d: [r[0] for r in placed(d)] == ["Mercury", "Venus", "Mars", "Earth"], f"keyboard move: {placed(phone)}")
        assert phone.execute_script("return document.activeElement.closest('.order-row').dataset.item") == str(shown.index("Earth"))
        tap_send = el(phone, "#send-order")
        actions = finger(phone)
        actions.pointer_action.move_to(tap_send).pointer_down().pointer_up()
        actions.perform()
        wait_text(phone, ".locked .mine", "1. ")
        mine = el(phone, ".locked .mine").text
        assert [mine.index(p) for p in ["Mercury", "Venus", "Mars", "Earth"]] == sorted(mine.index(p) for p in PLANETS), mine

        # Everyone answered, so answers closed: reveal from the console.
        wait_text(host, "#primary", "Reveal")
        click(host, "#primary")
        # The phone: partly right, the right order, and which places the player had.
        wait_text(phone, ".result h1", "Partly right")
        rows = els(phone, ".order-result li")
        assert [r.find_element("css selector", "strong").text for r in rows] == PLANETS
        assert [r.get_attribute("class") for r in rows] == ["right", "right", "wrong", "wrong"]
        assert "you had" in rows[2].text and "Mars" in rows[2].text and "yours too" in rows[0].text
        no_axe_findings(phone, "player: order result")
        shot(phone, "order-result")
        # The projector: the items in the right order, how many put each in its place, none fully right.
        wait_text(display, ".meta", "0 of 1 got it all right")
        bars = els(display, ".bars .bar")
        # Each with its letter from the question (read out, and shown beside it) and its place.
        labels = [b.find_element("css selector", ".label").get_attribute("textContent") for b in bars]
        assert labels == [f"{chr(65 + shown.index(p))}: {i + 1}. {p}" for i, p in enumerate(PLANETS)], labels
        assert [b.find_element("css selector", ".count").text for b in bars] == ["1", "1", "0", "0"]
        no_axe_findings(display, "display: order reveal")
        shot(display, "order-reveal")
        # The console: the answer and the same bars.
        wait(host, lambda d: len(els(d, ".bars .bar")) == 4, "no bars on the console")
        assert "0 of 1 answered right" in el(host, "main").text
        no_axe_findings(host, "host: order reveal")
    finally:
        server.stop()


def test_the_editor_makes_an_order_question_with_its_items_reordered(tmp_path, browsers):
    from selenium.webdriver.support.ui import Select
    library = tmp_path / "library"
    library.mkdir()
    server = start(tmp_path, library=library)
    try:
        editor = browsers.open(LAPTOP)
        card = new_question(editor, server.url, "Order Night", "order", "Space", "Nearest the Sun first")
        click(editor, "button[id$='-items-add']")
        wait(editor, lambda d: len(els(d, "input[data-path*='.items[']")) == 4, "no fourth item")
        # Typed out of order, and two alike: the server's words come back beside the items.
        for field, text in zip(els(editor, "input[data-path*='.items[']"), ["Venus", "Mercury", "Mars", "mercury"]):
            field.send_keys(text)
        click(editor, "#save")
        wait_text(editor, "#problems li", "two items are identical")
        axe_check(editor, "editor: order question refused")
        # Fix the fourth, then put them in order with the move buttons.
        fourth = el(editor, "input[data-path$='.items[3]']")
        fourth.clear()
        fourth.send_keys("Earth")
        click(editor, "button[aria-label='Move item 2 up']")     # Mercury, Venus, Mars, Earth
        click(editor, "button[aria-label='Move item 4 up']")     # Mercury, Venus, Earth, Mars
        wait(editor, lambda d: [e.get_attribute("value") for e in els(d, "input[data-path*='.items[']")] == PLANETS,
             "the move buttons did not reorder the items")
        assert editor.execute_script("return document.activeElement.dataset.path").endswith(".items[2]")
        Select(el(editor, "select[data-path$='.partialCredit']")).select_by_value("allOrNothing")
        axe_check(editor, "editor: order question")
        assert AXE_FINDINGS["editor: order question"] == []
        click(editor, "#save")
        wait_text(editor, "#notice", "Saved as order-night")
        saved = json.loads((library / "order-night.json").read_text())
        q = saved["questions"][0]  # one untitled round is stored flat
        assert q["kind"] == "order" and q["items"] == PLANETS and q["partialCredit"] == "allOrNothing", q
        assert "answer" not in q and "options" not in q and "partialCredit" not in saved, saved
    finally:
        server.stop()
