"""Survey questions ("survey says") end to end: phones at 360 and 390 px with touch (one in German)
type answers, more players answer over the protocol, the console merges a misspelt group into the
right one, and the reveal shows the groups as a cloud (1280×720) and as ranked bars with "N more"
(1920×1080); each phone shows its own group, its size and its points. Then the editor makes one."""
import json

from conftest import AXE_FINDINGS, EDIT_TOKEN, LAPTOP, axe_check, set_viewport, shot, wait
from pages import Peer, click, console, el, els, overflow, wait_css, wait_text, new_question
from test_first_run import start

MOBILE_UA = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36"
# Neighbours of Germany, named in several languages (Pointless style: the rarer the better).
ACCEPTED = ["Austria", "Belgium", "Czechia", "Denmark", "France", "Luxembourg", "Netherlands", "Poland", "Switzerland",
            "Schweizerische Eidgenossenschaft", "Österreich"]
PACK = {"title": "Survey Night", "rounds": [{"title": "Survey says", "questions": [
    {"kind": "survey", "category": "Geography", "text": "Name a country that borders Germany — the fewer of you say it, the more it scores!",
     "scoring": "rare", "accepted": ACCEPTED, "display": "cloud", "explanation": "Germany has nine neighbours."},
    {"kind": "survey", "category": "Food", "text": "Name a cheese you would put on a pub ploughman's lunch.",
     "scoring": "popular", "display": "bars"},
]}]}
# Players over the protocol: (nickname, first answer, second answer).
CROWD = [("Kowalczykówna", "France", "Cheddar"), ("Ødegaard-Lindqvist", "FRANCE", "cheddar"), ("Nguyễn Thị Minh", "Poland", "Stilton"),
         ("Αλεξάνδρα", "Österreich", "Wensleydale"), ("Сергей", "Frаnce", "Red Leicester"), ("Zoë", "Fance", "Double Gloucester"),
         ("Beatriz", "Luxembourg", "Lancashire"), ("Jean-Baptiste", "Denmark", "Caerphilly"), ("Mei", "Spain", "Brie"),
         ("Ola", "Switzerland", "Cheshire"), ("Kwame", "Czechia", "Gouda"), ("Priya", "Belgium", "Edam"), ("Tomás", "Netherlands", "Gruyère")]


def phone(browsers, width):
    """A touch phone `width` px wide, emulated as Chrome's DevTools does it."""
    driver = browsers.open((width, 780))
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": width, "height": 780, "deviceScaleFactor": 1, "mobile": True})
    driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})
    driver.execute_cdp_cmd("Emulation.setUserAgentOverride", {"userAgent": MOBILE_UA, "platform": "Android"})
    return driver


def join(driver, base, code, nickname, lang="en"):
    driver.get(f"{base}/join/{code}?lang={lang}")
    field = wait_css(driver, "#nickname")
    field.clear()
    field.send_keys(nickname + "\n")


def answer(driver, text):
    """Types into the phone's box and taps Lock in."""
    wait_css(driver, "#typed").send_keys(text)
    click(driver, "form.typed button[type=submit]")


def clean(driver, page):
    axe_check(driver, page)
    assert AXE_FINDINGS[page] == [], (page, AXE_FINDINGS[page])
    assert overflow(driver) == [], (page, overflow(driver))
    assert driver.execute_script("return [...window.buzzerI18n.missing]") == [], page


def groups(host):
    """The console's groups as (name, the row's text), read in one go (the list redraws with each answer)."""
    return host.execute_script("return [...document.querySelectorAll('.survey-groups li')].map((li) => [li.querySelector('.ttext').textContent, li.innerText])")


def test_a_survey_typed_on_phones_merged_on_the_console_and_revealed_as_a_cloud_and_bars(tmp_path, browsers):
    server = start(tmp_path)
    crowd = []
    try:
        host, code = console(browsers, server.url, LAPTOP, questions=PACK,
                             settings={"readingTimeMs": 0, "timeLimitSeconds": 120, "closeWhenAllAnswered": True})
        display = browsers.open((1280, 720))
        display.get(f"{server.url}/display/{code}")
        ada, bea = phone(browsers, 360), phone(browsers, 390)
        join(ada, server.url, code, "Ada Lovelace-Byron")
        join(bea, server.url, code, "Beate Müller-Schönhausen"[:24], lang="de")
        for driver in (ada, bea):
            wait_css(driver, ".lobby .nick")
            assert driver.execute_script("return navigator.maxTouchPoints") > 0
        for nickname, _, _ in CROWD:
            peer = Peer(server.url)
            peer.send(type="join", code=code, nickname=nickname)
            peer.until("joined")
            crowd.append(peer)

        click(host, "#primary")  # start
        wait_css(display, ".dq .meta")
        for peer, (_, first, _) in zip(crowd, CROWD):
            question = peer.until("question")["question"]["sequence"]
            peer.send(type="answer", question=question, answer={"kind": "survey", "text": first})
            peer.until("answer_ack")
        answer(ada, "france!")
        answer(bea, "Frankreich")

        # Everyone answered: the console lists the groups, "Frаnce" in Cyrillic and "FRANCE" among France's.
        wait_text(host, "#primary", "Reveal")
        wait(host, lambda d: any(text == "France" for text, _ in groups(d)), "no France group on the console")
        texts = dict(groups(host))
        assert "×4" in texts["France"], texts
        # Merge the misspelt "Fance" into France: pick it, then France.
        click(host, ".survey-groups li[data-key='fance'] button")
        click(host, "button[aria-label='Merge “Fance” into “France”']")
        wait(host, lambda d: "×5" in dict(groups(d)).get("France", ""), "the merge did not reach the console")
        assert "Fance" not in dict(groups(host))
        clean(host, "host: survey groups")
        shot(host, "survey-groups")

        click(host, "#primary")  # reveal
        # The projector: a cloud, France biggest, with a tick on the answers that score.
        wait(display, lambda d: len(els(d, ".survey-cloud li")) == 10, "the projector shows no cloud of ten")
        words = els(display, ".survey-cloud li")
        assert words[0].find_element("css selector", ".label").text.startswith("France") and words[0].find_element("css selector", ".count").text == "5"
        assert "right" in words[0].get_attribute("class")
        assert "more answer" in el(display, ".survey-cloud .hint").text
        wait_text(display, ".meta", "15 answers")
        clean(display, "display: survey cloud")
        shot(display, "survey-cloud")
        set_viewport(display, (1920, 1080))
        assert overflow(display) == []

        # The phones: their own group and its size; in German on the 390 px phone.
        wait_text(ada, ".answer-was", "5 players said “France”, you too")
        assert "Answers that scored" in el(ada, ".result").text
        wait_text(bea, ".result h1", "")
        assert "Frankreich" in el(bea, ".answer-was").text and "Nur du" in el(bea, ".answer-was").text
        clean(ada, "player: survey result")
        clean(bea, "player: survey result (de)")
        shot(bea, "survey-result-de")

        # Second question: popular cheese, as ranked bars on a 1920×1080 projector, with "N more".
        click(host, "#primary")  # next
        for peer, (_, _, cheese) in zip(crowd, CROWD):
            question = peer.until("question")["question"]["sequence"]
            peer.send(type="answer", question=question, answer={"kind": "survey", "text": cheese})
        answer(ada, "CHEDDAR")
        answer(bea, "Cheddar")
        wait_text(host, "#primary", "Reveal")
        click(host, "#primary")
        wait(display, lambda d: len(els(d, ".survey-bars .bar")) == 10, "no ten bars on the projector")
        bars = els(display, ".survey-bars .bar")
        assert bars[0].find_element("css selector", ".label").text == "Cheddar" and bars[0].find_element("css selector", ".count").text == "4"
        counts = [int(b.find_element("css selector", ".count").text) for b in bars]
        assert counts == sorted(counts, reverse=True), counts
        assert "and 2 more answers" in el(display, ".survey-bars .hint").text
        clean(display, "display: survey bars")
        shot(display, "survey-bars")
        set_viewport(display, (1280, 720))
        assert overflow(display) == []
        # The biggest group scores in full (speed points), on the phone.
        wait_text(ada, ".answer-was", "4 players said “Cheddar”")
        assert "point" in el(ada, ".result .gain").text and el(ada, ".result .gain").text != "0 points"
    finally:
        for peer in crowd:
            peer.close()
        server.stop()


def test_the_editor_makes_a_rare_survey_question(tmp_path, browsers):
    from selenium.webdriver.support.ui import Select
    library = tmp_path / "library"
    library.mkdir()
    server = start(tmp_path, library=library)
    try:
        editor = browsers.open(LAPTOP)
        card = new_question(editor, server.url, "Survey Night", "survey", "Geography", "Name a country that borders Germany.")
        Select(el(editor, "select[data-path$='.scoring']")).select_by_value("rare")
        wait_css(editor, "textarea[data-path$='.accepted']").send_keys("Austria\nÖsterreich\nFrance")
        Select(el(editor, "select[data-path$='.display']")).select_by_value("cloud")
        axe_check(editor, "editor: survey question")
        assert AXE_FINDINGS["editor: survey question"] == []
        click(editor, "#save")
        wait_text(editor, "#notice", "Saved as survey-night")
        q = json.loads((library / "survey-night.json").read_text())["questions"][0]
        assert q["kind"] == "survey" and q["scoring"] == "rare" and q["display"] == "cloud", q
        assert q["accepted"] == ["Austria", "Österreich", "France"] and "answer" not in q, q
    finally:
        server.stop()
