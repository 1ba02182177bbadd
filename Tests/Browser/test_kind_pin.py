"""A pin question end to end: a map from the media library on two touch phones (360 and 390 px
wide, one in German), a tap, a drag and a pinch on one, the arrow keys and Enter on the other;
the reveal on two projectors (1280×720 in English, 1920×1080 in German) with every pin over the
picture, the target and the closest named, and each phone's own pin and distance."""
import json
import struct
import urllib.request
import zlib

from conftest import AXE_FINDINGS, EDIT_TOKEN, LAPTOP, axe_check, set_viewport, shot, wait
from pages import click, console, el, els, join, overflow, saved_question, wait_css, wait_text
from test_first_run import start
from test_order import MOBILE_UA

ADA = "Ada Lovelace-Byron of Ockham"
JURGEN = "Jürgen Müller-Lüdenscheidt"
# The target: Paris on a 480×300 map (aspect 1.6), right within 0.06 of the picture's width.
TARGET = {"x": 0.41, "y": 0.3}


def map_png():
    """A 480×300 map: sea, a land mass and a river, as a real PNG the browsers decode."""
    width, height = 480, 300
    rows = []
    for y in range(height):
        row = bytearray(b"\x00")
        for x in range(width):
            land = (x - 200) ** 2 / 190 ** 2 + (y - 150) ** 2 / 130 ** 2 < 1
            river = land and abs(y - (90 + x // 3)) < 3
            row += bytes((40, 90, 200) if river else (90, 160, 80) if land else (30, 60, 140))
        rows.append(bytes(row))

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(b"".join(rows))) + chunk(b"IEND", b""))


def upload(base, data):
    request = urllib.request.Request(f"{base}/api/media", data=data, method="POST",
                                     headers={"Authorization": f"Bearer {EDIT_TOKEN}", "Content-Type": "image/png"})
    with urllib.request.urlopen(request) as response:
        return json.loads(response.read())["url"]


def phone_at(browsers, width, height, language=None):
    """A touch phone of `width`×`height` with a phone's user agent (and its browser's language)."""
    driver = browsers.open((width, height))
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": True})
    driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})
    override = {"userAgent": MOBILE_UA, "platform": "Android"}
    if language:
        override["acceptLanguage"] = language
    driver.execute_cdp_cmd("Emulation.setUserAgentOverride", override)
    return driver


def phones_in_lobby(browsers, base, code, names, width, height):
    """A phone of `width`×`height` per (language, nickname) of `names`, its browser in that language, joined
    to room `code` and in the lobby: {language: phone}."""
    phones = {}
    for lang, name in names:
        phone = phone_at(browsers, width, height, f"{lang}-{lang.upper()},{lang};q=0.9")
        phone.get(f"{base}/join/{code}?lang={lang}")
        wait_css(phone, "#nickname").send_keys(name + "\n")
        wait_css(phone, ".lobby .nick")
        phones[lang] = phone
    return phones


def touch(driver, kind, points):
    driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": kind, "touchPoints": [{"x": x, "y": y, "id": i} for i, (x, y) in enumerate(points)]})


def spot(driver, fx, fy):
    """The viewport point at fractions (fx, fy) of the phone's picture."""
    return driver.execute_script("""const r = document.querySelector('#pin-stage img').getBoundingClientRect();
        return [Math.round(r.left + arguments[0] * r.width), Math.round(r.top + arguments[1] * r.height)];""", fx, fy)


def pin(driver):
    stage = el(driver, "#pin-stage")
    x, y = stage.get_attribute("data-x"), stage.get_attribute("data-y")
    return (float(x), float(y)) if x else None


def picture_ready(driver):
    return driver.execute_script("const i = document.querySelector('#pin-stage img'); return !!i && i.complete && i.naturalWidth > 0")


def no_axe_findings(driver, page):
    axe_check(driver, page)
    assert AXE_FINDINGS[page] == [], (page, AXE_FINDINGS[page])


def test_a_pin_question_by_touch_and_keyboard_then_its_reveal_everywhere(tmp_path, browsers):
    server = start(tmp_path, defaults={"nicknameMaxLength": 32})  # room for the long names
    try:
        image = upload(server.url, map_png())
        pack = {"title": "Maps of Europe", "questions": [
            {"kind": "pin", "category": "Geography", "text": "Where is Paris? Put your pin on the city.",
             "target": TARGET, "radius": 0.06, "aspect": 1.6, "explanation": "On the Seine.",
             "media": {"image": image, "alt": "A map of France with its rivers"}}]}
        host, code = console(browsers, server.url, LAPTOP, questions=pack,
                             settings={"readingTimeMs": 0, "timeLimitSeconds": 120, "closeWhenAllAnswered": True})
        small = browsers.open((1280, 720))
        small.get(f"{server.url}/display/{code}")
        big = browsers.open((1920, 1080))
        big.get(f"{server.url}/display/{code}?lang=de")
        ada = phone_at(browsers, 360, 740)
        join(ada, server.url, code, ADA)
        jurgen = phone_at(browsers, 390, 844, "de-DE,de;q=0.9")
        join(jurgen, server.url, code, JURGEN)
        for phone in (ada, jurgen):
            wait_css(phone, ".lobby .nick")
        assert ada.execute_script("return navigator.maxTouchPoints") > 0

        click(host, "#primary")  # start
        for phone in (ada, jurgen):
            wait(phone, picture_ready, "the phone never showed the picture")
            # The picture is the input: drawn once, as large as the phone allows, nothing sideways.
            assert len(els(phone, "#main img")) == 1 and not els(phone, ".q-media") and not els(phone, "#big-screen")
            width = phone.execute_script("return document.querySelector('#pin-stage').getBoundingClientRect().width")
            assert width >= phone.execute_script("return window.innerWidth") - 48, width
            assert overflow(phone) == []
            assert not el(phone, "#lock-pin").is_enabled()
        wait_text(small, ".dq .meta", "Put your pin on the picture on your phone")
        wait_text(big, ".dq .meta", "Setze deine Nadel")
        wait_text(host, ".answer-key", "41% across, 30% down, within 6% of the picture")

        # Ada: a tap puts the pin, a drag moves it onto Paris, a pinch zooms without moving it.
        touch(ada, "touchStart", [spot(ada, 0.2, 0.8)])
        touch(ada, "touchEnd", [])
        wait(ada, lambda d: pin(d) is not None, "the tap put no pin")
        x, y = pin(ada)
        assert abs(x - 0.2) < 0.02 and abs(y - 0.8) < 0.02, (x, y)
        wait_text(ada, "#pin-status", "20% across, 80% down")
        assert el(ada, "#lock-pin").is_enabled()
        start_x, start_y = spot(ada, 0.2, 0.8)
        end_x, end_y = spot(ada, 0.42, 0.31)
        touch(ada, "touchStart", [(start_x, start_y)])
        for step in range(1, 7):
            touch(ada, "touchMove", [(start_x + (end_x - start_x) * step // 6, start_y + (end_y - start_y) * step // 6)])
        touch(ada, "touchEnd", [])
        x, y = pin(ada)
        assert abs(x - 0.42) < 0.02 and abs(y - 0.31) < 0.02, (x, y)
        left, right = spot(ada, 0.3, 0.5), spot(ada, 0.5, 0.5)
        touch(ada, "touchStart", [left, right])
        for step in range(1, 6):
            touch(ada, "touchMove", [(left[0] - 10 * step, left[1]), (right[0] + 10 * step, right[1])])
        touch(ada, "touchEnd", [])
        assert float(el(ada, "#pin-stage").get_attribute("data-zoom")) > 1.5
        assert pin(ada) == (x, y)
        no_axe_findings(ada, "player: pin question")
        shot(ada, "pin-question")
        el(ada, "#lock-pin").click()
        wait_text(ada, ".locked .mine", "% across")

        # Jürgen, in German, with the keyboard: the first arrow puts the pin in the middle, Shift moves it further.
        # The keyboard's help is folded under Lock in (one short line stands above the picture).
        wait(jurgen, lambda d: "Pfeiltasten" in el(d, "#pin-help").get_attribute("textContent"), "no keyboard help")
        stage = el(jurgen, "#pin-stage")
        jurgen.execute_script("arguments[0].focus()", stage)
        stage.send_keys("\ue014")  # ArrowRight: the middle
        assert pin(jurgen) == (0.5, 0.5)
        for _ in range(4):
            stage.send_keys("\ue008\ue013")  # Shift + ArrowUp: 0.05 up
        assert pin(jurgen) == (0.5, 0.3)
        wait_text(jurgen, "#pin-status", "50 % von links, 30 % von oben")
        stage.send_keys("\ue007")  # Enter locks it in
        wait_text(jurgen, ".locked .mine", "50 % von links")

        # Both answered, so answers closed: reveal from the console.
        wait_text(host, "#primary", "Reveal")
        click(host, "#primary")
        # Ada: right, her pin and the target on the picture, and how far she was.
        wait_text(ada, ".result h1", "Correct")
        assert len(els(ada, ".pin-result .pin-dot.mine")) == 1 and len(els(ada, ".pin-result .pin-target")) == 1
        wait_text(ada, "#pin-distance", "away from the target")
        wait_text(ada, ".pin-result", f"Closest: {ADA}")
        no_axe_findings(ada, "player: pin result")
        shot(ada, "pin-result")
        # Jürgen: wrong, 9 % of the picture off, in German.
        wait_text(jurgen, "#pin-distance", "Ziel")
        assert "9" in el(jurgen, "#pin-distance").text.replace("\xa0", " "), el(jurgen, "#pin-distance").text
        assert overflow(jurgen) == []
        # The projectors: both pins over the picture, the circle, and the closest named first.
        for display, heading in ((small, ADA), (big, ADA)):
            wait(display, lambda d: len(els(d, ".dq .q-media .pin-board .pin-dot")) == 2, "the projector did not draw both pins")
            assert len(els(display, ".dq .q-media .pin-board ellipse.pin-target")) == 1
            names = [li.text for li in els(display, ".pin-closest li")]
            assert names[0].startswith(heading) and names[1].startswith(JURGEN), names
            assert display.execute_script("return document.documentElement.scrollHeight <= window.innerHeight + 1")
            # The drawing lies exactly over the picture.
            boxes = display.execute_script("""const f = document.querySelector('.dq .q-media'), s = f.querySelector('svg'), i = f.querySelector('img');
                return [i.getBoundingClientRect().toJSON(), s.getBoundingClientRect().toJSON()];""")
            assert all(abs(boxes[0][k] - boxes[1][k]) < 1 for k in ("left", "top", "width", "height")), boxes
        assert "Die nächsten Nadeln" == el(big, ".pin-closest").get_attribute("aria-label")
        no_axe_findings(small, "display: pin reveal")
        no_axe_findings(big, "display: pin reveal (de)")
        shot(small, "pin-reveal")
        set_viewport(big, (1920, 1080))
        # The console: the target in words and the closest.
        wait_text(host, ".pin-closest", ADA)
    finally:
        server.stop()


def test_the_editor_sets_a_pin_target_by_clicking_the_picture(tmp_path, browsers):
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.support.ui import Select
    library = tmp_path / "library"
    library.mkdir()
    server = start(tmp_path, library=library)
    try:
        editor = browsers.open(LAPTOP)
        editor.get(f"{server.url}/edit#token={EDIT_TOKEN}")
        click(editor, "#new-pack")
        wait_css(editor, "#f-title").send_keys("Carte de France")
        Select(wait_css(editor, ".question-card select[data-path$='.kind']")).select_by_value("pin")
        wait_text(editor, ".question-card .pin-fields", "needs a picture")
        card = el(editor, ".question-card")
        card.find_element("css selector", "input[data-path$='.category']").send_keys("Géographie")
        card.find_element("css selector", "textarea[data-path$='.text']").send_keys("Où est Lyon ?")
        card.find_element("css selector", "details.media-box summary").click()
        picture = tmp_path / "france.png"
        picture.write_bytes(map_png())
        card.find_element("css selector", "input[type=file][data-path$='.media.image']").send_keys(str(picture))
        # The picture shows in the kind's fields; its shape fills in the aspect; a click puts the target there.
        wait(editor, lambda d: d.execute_script("const i = document.querySelector('.pin-fields img'); return !!i && i.naturalWidth === 480"), "no picture to click")
        wait(editor, lambda d: el(d, "input[data-path$='.aspect']").get_attribute("value") == "1.6", "the aspect was not filled in")
        def clicked(d):
            # The card may be redrawn once more after the upload (a new picture element): click the one on
            # screen until the target moves there; a click on the same spot again changes nothing.
            img = el(d, ".pin-fields img")
            width, height = img.size["width"], img.size["height"]
            # In the middle of the window, clear of the editor's sticky bars, as a person clicks it.
            d.execute_script("arguments[0].scrollIntoView({block: 'center'})", img)
            ActionChains(d).move_to_element_with_offset(img, round(width * (0.6 - 0.5)), round(height * (0.7 - 0.5))).click().perform()
            return abs(float(el(d, "input[data-path$='.target.x']").get_attribute("value")) - 0.6) < 0.01
        wait(editor, clicked, "the click did not move the target")
        assert abs(float(el(editor, "input[data-path$='.target.y']").get_attribute("value")) - 0.7) < 0.01
        assert len(els(editor, ".pin-fields .pin-target")) == 1
        radius = el(editor, "input[data-path$='.radius']")
        radius.clear()
        radius.send_keys("0.08")
        Select(el(editor, "select[data-path$='.scoring']")).select_by_value("closest")
        axe_check(editor, "editor: pin question")
        click(editor, "#save")
        wait_text(editor, "#notice", "Saved as")
        question = saved_question(library)
        assert question["kind"] == "pin" and question["radius"] == 0.08 and question["scoring"] == "closest" and question["aspect"] == 1.6, question
        assert abs(question["target"]["x"] - 0.6) < 0.01 and abs(question["target"]["y"] - 0.7) < 0.01, question
        assert question["media"]["image"].startswith("/media/")
    finally:
        server.stop()
