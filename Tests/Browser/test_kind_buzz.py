"""The buzzer round end to end: touch phones (360 and 390 px, one in German) with one big button, a
false start locked out, the floor on two projectors (1280x720 and 1920x1080) with the queue, the
console's queue with corrected times, a typed wrong answer passing the floor, the host's right mark revealing."""
from conftest import AXE_FINDINGS, LAPTOP, axe_check, shot, wait
from selenium.webdriver.common.keys import Keys
from pages import Peer, click, console, el, join, wait_css, wait_text, new_question
from test_first_run import start
from test_order import MOBILE_UA

PACK = {"title": "Fingers on buzzers", "questions": [
    {"kind": "buzz", "category": "Hauptstädte · Capitals", "text": "Which city is the capital of Australia, though most guess Sydney?",
     "answer": ["Canberra"], "penalty": 250, "openBuzzers": "host", "explanation": "Chosen in 1908 as a compromise."}]}
ADA = "Ada Lovelace-Byron"
JUERGEN = "Jürgen Müller-Lüdenbach"


def phone(browsers, width, lang=None):
    """A touch phone `width` px wide over DevTools' mobile emulation."""
    driver = browsers.open((width, 780))
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": width, "height": 780, "deviceScaleFactor": 1, "mobile": True})
    driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})
    driver.execute_cdp_cmd("Emulation.setUserAgentOverride", {"userAgent": MOBILE_UA, "platform": "Android"})
    if lang:
        driver.execute_cdp_cmd("Emulation.setLocaleOverride", {"locale": lang})
    return driver


def clean(driver, page):
    axe_check(driver, page)
    assert AXE_FINDINGS[page] == [], (page, AXE_FINDINGS[page])


def test_a_buzzer_round_on_phones_projectors_and_the_console(tmp_path, browsers):
    server = start(tmp_path)
    try:
        host, code = console(browsers, server.url, LAPTOP, questions=PACK, settings={"scoring": "flat", "timeLimitSeconds": 120})
        small = browsers.open((1280, 720))
        small.get(f"{server.url}/display/{code}")
        big = browsers.open((1920, 1080))
        big.get(f"{server.url}/display/{code}")
        en = phone(browsers, 360)
        join(en, server.url, code, ADA)
        de = phone(browsers, 390, "de")
        de.get(f"{server.url}/join/{code}?lang=de")
        field = wait_css(de, "#nickname")
        field.send_keys(JUERGEN + "\n")
        zoe = Peer(server.url)
        zoe.send(type="join", code=code, nickname="Zoë Ødegård")
        zoe_id = zoe.until("joined")["player"]
        for driver in (en, de):
            wait_css(driver, ".lobby .nick")
        assert en.execute_script("return navigator.maxTouchPoints") > 0

        click(host, "#primary")  # start: the question is read out, the buzzers wait for the host
        wait_css(en, "#buzz")
        wait_text(de, "#buzz-status", "Warte")
        wait_text(small, "#buzz-stage", "Fingers on buzzers")
        # Jürgen presses too soon: a false start, locked out.
        click(de, "#buzz")
        wait_text(de, "#buzz-status", "Frühstart")
        wait(de, lambda d: d.execute_script("return document.querySelector('#buzz').disabled"), "the button still takes presses")
        clean(de, "player: buzz false start (de)")
        shot(de, "buzz-false-start-de")

        click(host, "#open-buzzers")
        wait_text(en, "#buzz-status", "Buzzers open")
        # Space on the console, out of habit, does not close the buzzers: that is a click on a plain button.
        wait_text(host, "#primary", "Close buzzers")
        assert "primary" not in el(host, "#primary").get_attribute("class") and not el(host, "#primary").get_attribute("aria-keyshortcuts")
        host.find_element("css selector", "body").send_keys(" ")
        host.find_element("css selector", "body").send_keys(Keys.ARROW_RIGHT)
        click(en, "#buzz")  # still enabled: Space and → closed nothing
        # Zoë presses once Ada's press is in the queue: on a loaded machine the browser's frame could
        # otherwise reach the server after Zoë's, and Zoë would rightly get the floor.
        wait_text(en, "#buzz-status", "You're")
        zoe.send(type="buzz", question=0)
        # The floor comes once no fairer press can still arrive: Ada was first.
        wait_text(en, "#buzz-status", "You're first")
        for screen in (small, big):
            wait_text(screen, ".buzz-floor", "Ada Lovelace")
        wait_text(host, "#buzz-floor", "Ada Lovelace")
        queue = host.execute_script("return document.querySelector('#buzz-queue').textContent")
        assert "1st" in queue and "2nd" in queue and " ms" in queue and "Zoë" in queue, queue
        for screen, name in ((small, "display: buzz floor 1280"), (big, "display: buzz floor 1920")):
            clean(screen, name)
        shot(big, "buzz-floor-projector")
        shot(small, "buzz-floor-projector-720")
        clean(en, "player: buzz first")
        shot(en, "buzz-first")
        clean(host, "host: buzz queue")
        # Ada holds the floor: the clock stands still on every screen, with no "Paused" (issue 41).
        for screen in (en, big):
            clock = wait_css(screen, "#clock.held")
            assert "paused" not in clock.get_attribute("class")
        assert not en.execute_script("return document.querySelector('#paused-note')?.hidden === false")

        # Ada types her answer on the phone: wrong, so she is locked out and the floor passes to Zoë.
        typed = wait_css(en, "#typed")
        typed.send_keys("Sydney\n")
        # Wrong is said at once, with what it costs (the pack's penalty), not only at the reveal.
        wait_text(en, "#buzz-status", "Wrong: −250 points. You're out of this question.")
        wait_text(big, ".buzz-floor", "Zoë")
        wait(host, lambda d: "Zoë" in (d.execute_script("return document.querySelector('#buzz-floor')?.textContent") or ""), "the floor did not pass to Zoë")
        assert zoe.until("buzz")["type"] == "buzz"
        # Right: the question is revealed everywhere.
        click(host, "#mark-right")
        wait_text(big, ".reveal-answer", "Canberra")
        # The whole room sees who won the buzz.
        wait_text(big, "#buzz-won", "Won by")
        wait_text(big, "#buzz-won strong", "Zoë")
        wait_text(host, "#buzz-won strong", "Zoë")
        wait_text(en, ".result", "")
        final = zoe.until("result")["result"]
        assert final["outcome"] == "correct" and final["points"] == 1, final
        clean(big, "display: buzz reveal")
        shot(big, "buzz-reveal")

        # A press still waiting reads its place in the line as it is now: the floor passed from Ada
        # (wrong) to Zoë, so the third to press is next. A press the floor never reached is no "Vote counted".
        said = en.execute_async_script("""const done = arguments[0];
            import('/assets/kinds/buzz.js').then(({ default: buzz }) => {
              const queue = [{ player: 3, nickname: 'Ada', place: 1, right: false }, { player: 2, nickname: 'Zoë', place: 2 }, { player: 1, nickname: 'Cy', place: 3 }];
              const game = { seat: { player: 1 }, phase: 'open', buzz: { question: 0, open: true, floor: 2, queue, lockedOut: [3], falseStarts: [] } };
              const status = buzz.phone({ sequence: 0, kind: 'buzz' }, { game, command: () => {}, paused: false }).filter(Boolean).map((n) => n.textContent);
              done([status, buzz.outcomeWords({ answered: true, outcome: 'counted' }).title]);
            });""")
        assert "You're next!" in said[0], said
        assert said[1] == "You buzzed, but the floor never reached you", said
        zoe.close()
        assert zoe_id > 0
    finally:
        server.stop()


def test_the_editor_makes_a_buzz_question_with_its_settings(tmp_path, browsers):
    import json
    from selenium.webdriver.support.ui import Select
    from conftest import EDIT_TOKEN
    library = tmp_path / "library"
    library.mkdir()
    server = start(tmp_path, library=library)
    try:
        editor = browsers.open(LAPTOP)
        card = new_question(editor, server.url, "Buzzer Night", "buzz", "Capitals", "Capital of Australia?")
        card.find_element("css selector", "[data-path$='.answer'] textarea, textarea[data-path$='.answer']").send_keys("Canberra")
        penalty = card.find_element("css selector", "input[data-path$='.penalty']")
        penalty.send_keys("250")
        window = card.find_element("css selector", "input[data-path$='.tieWindowMs']")
        window.send_keys("2000")
        Select(card.find_element("css selector", "select[data-path$='.openBuzzers']")).select_by_value("host")
        card.find_element("css selector", "input[type=checkbox][data-path$='.falseStartLockout']").click()
        # Out of range: the server's words come back beside the field.
        click(editor, "#save")
        wait_text(editor, "#problems li", "0-1000")
        window = el(editor, "input[data-path$='.tieWindowMs']")
        window.clear()
        window.send_keys("30")
        axe_check(editor, "editor: buzz question")
        assert AXE_FINDINGS["editor: buzz question"] == []
        click(editor, "#save")
        wait_text(editor, "#notice", "Saved as buzzer-night")
        q = json.loads((library / "buzzer-night.json").read_text())["questions"][0]
        assert (q["kind"], q["answer"], q["penalty"], q["tieWindowMs"], q["openBuzzers"], q["falseStartLockout"]) == (
            "buzz", ["Canberra"], 250, 30, "host", False), q
    finally:
        server.stop()
