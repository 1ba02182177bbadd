"""Hints end to end: the host shows a text question's hints one at a time from the console; each
appears under the question on an English and a French phone at 360×740 (a half-typed answer kept)
and on the projector at 1920×1080; the points drop by the pack's share; the editor writes hints."""
from selenium.webdriver.common.by import By

from conftest import LAPTOP, wait
from pages import click, console, el, els, join, new_question, overflow, saved_question, wait_css, wait_text
from test_first_run import start
from test_kind_pin import phone_at

HINTS = ["It is in the south, far from the coast", "Its name starts with C"]


def test_hints_reach_every_screen_one_by_one_and_cost_points(tmp_path, browsers):
    server = start(tmp_path)
    try:
        pack = {"title": "Hints", "questions": [
            {"kind": "text", "category": "Geography", "text": "Which city is the capital of Australia, chosen as a compromise in 1908?",
             "answer": ["Canberra"], "hints": HINTS, "hintCost": 0.5}]}
        host, code = console(browsers, server.url, LAPTOP, questions=pack,
                             settings={"readingTimeMs": 0, "timeLimitSeconds": 120, "scoring": "flat", "closeWhenAllAnswered": True})
        big = browsers.open((1920, 1080))
        big.get(f"{server.url}/display/{code}")
        ada, zoe = phone_at(browsers, 360, 740), phone_at(browsers, 360, 740, language="fr")
        join(ada, server.url, code, "Ada")
        join(zoe, server.url, code, "Zoé Lefèvre-Beaumont")
        for phone in (ada, zoe):
            wait_css(phone, ".lobby .nick")

        click(host, "#primary")  # start
        typed = wait_css(ada, "#typed")
        wait(ada, lambda d: typed.is_enabled(), "answers never opened on Ada's phone")
        typed.send_keys("Canb")
        assert not els(ada, ".qnotes li") and not els(big, ".qnotes li"), "no hint before the host shows one"

        button = wait_text(host, "#mechanic-actions button", "Show hint 1 of 2 (−50%)")
        button.click()
        wait_text(ada, ".qnotes li", "Hint 1: " + HINTS[0])
        wait_text(zoe, ".qnotes li", "Indice 1 : " + HINTS[0])
        wait_text(big, ".qnotes li", HINTS[0])
        wait_text(host, ".qnotes li", HINTS[0])
        assert el(ada, "#typed").get_attribute("value") == "Canb", "the hint redrew the phone and lost the typed answer"
        for phone in (ada, zoe):
            assert overflow(phone) == []

        click(host, "#mechanic-actions button")
        wait_text(host, "#mechanic-actions button", "All 2 hints shown")
        assert not el(host, "#mechanic-actions button").is_enabled()
        wait(big, lambda d: len(els(d, ".qnotes li")) == 2, "the projector did not show the second hint")
        assert big.execute_script("return document.documentElement.scrollHeight <= window.innerHeight + 1")
        note = el(big, ".qnotes")
        assert float(note.value_of_css_property("font-size").rstrip("px")) >= 40, "a hint on the projector must be readable from the bar"

        el(ada, "#typed").send_keys("erra")
        el(ada, ".typed button[type=submit]").click()
        wait_css(ada, ".locked")
        el(zoe, "#typed").send_keys("Sydney")
        el(zoe, ".typed button[type=submit]").click()
        wait_text(host, "#primary", "Reveal")
        assert not els(host, "#mechanic-actions button"), "no hint button once the answers are closed"
        click(host, "#primary")
        wait_text(ada, ".result h1", "Correct")
        # Flat scoring, one point, two hints at half a point each: nothing left.
        gain = wait_css(ada, ".result .gain").text
        assert "1" not in gain and "0" in gain, gain
    finally:
        server.stop()


def test_the_editor_writes_hints_and_their_cost(tmp_path, browsers):
    library = tmp_path / "library"
    library.mkdir()
    server = start(tmp_path, library=library)
    try:
        editor = browsers.open(LAPTOP)
        card = new_question(editor, server.url, "Hints", "text", "Geography", "Capital of Australia?")
        card.find_element(By.CSS_SELECTOR, "input[data-path$='.answer'], textarea[data-path$='.answer']").send_keys("Canberra")
        wait_css(editor, "textarea[data-path$='.hints']").send_keys("In the south\nStarts with C")
        cost = wait_css(editor, "input[data-path$='.hintCost']")
        cost.send_keys("30")
        click(editor, "#save")
        wait_text(editor, "#notice", "Saved as")
        question = saved_question(library)
        assert (question["hints"], question["hintCost"]) == (["In the south", "Starts with C"], 0.3), question
    finally:
        server.stop()
