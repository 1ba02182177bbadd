"""A player's night, question by question (issue 32, docs/league.md): a league game played by two
touch phones, then each opens its night from "Your nights" on the league page (360 px in French,
390 px in English): every question with its text, the phone's own answer with ✓ or ✗, the right
answer, points, time and the room's share of right answers; a poll is not judged. Long texts in
several languages wrap and nothing sticks out sideways; axe finds nothing; the view opens and
closes with the keyboard, the focus on its heading, then back on the button that opened it; a
correction of a question's key the next morning shows on the open night without a reload; the phone's
own Back button closes the night, and its address opens it again."""
import json
import re
import urllib.error
import urllib.request

from selenium.webdriver.common.keys import Keys

from conftest import AXE_FINDINGS, EDIT_TOKEN, axe_check, wait
from pages import Peer, el, els, join, overflow, wait_css, wait_text
from test_first_run import start
from test_i18n import pick

LONG = "Donaudampfschifffahrtsgesellschaftskapitänsmützenabzeichenhersteller"
PACK = {"title": "Soirée quiz au Lion d’Or: la grande revanche des Cervidés", "questions": [
    {"kind": "choice", "category": "Géographie", "text": "Quelle est la capitale de l’Islande, île volcanique de l’Atlantique Nord ?",
     "options": ["Reykjavík", "Oslo", "Helsinki", "Tallinn"], "answer": 0},
    {"kind": "truefalse", "category": "Ciencia", "text": "El sonido viaja más rápido en el agua que en el aire.", "answer": True},
    {"kind": "text", "category": "Wörter", "text": f"Wie heißt das längste Wort dieses Abends? ({LONG})", "answer": [LONG]},
    {"kind": "poll", "category": "Fun", "text": "Which round did you enjoy most tonight?", "options": ["Geography", "Science", "Words"]},
]}
PHONES = (((360, 740), "fr", "Ada Lovelace-Byron"), ((390, 844), "en", "Beatriz Aguiluchos"))


def touch_phone(browsers, size):
    """A touch phone of `size` over DevTools' mobile emulation, as test_kind_buzz has it."""
    driver = browsers.open(size)
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": size[0], "height": size[1], "deviceScaleFactor": 1, "mobile": True})
    driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})
    return driver


def tap(phone, text):
    """Taps the answer whose text holds `text` (the options are shuffled per phone)."""
    def tapped(d):
        for button in els(d, ".answers .answer"):
            if text in button.text and button.is_enabled():
                button.click()
                return True
        return False
    wait(phone, tapped, f"no answer {text} to tap")


def type_answer(phone, text):
    field = wait_css(phone, "#typed")
    wait(phone, lambda d: field.is_enabled(), "answers never opened on the phone")
    field.send_keys(text + "\n")


def test_each_phone_opens_its_night_question_by_question(tmp_path, browsers):
    server = start(tmp_path)
    try:
        base = server.url
        host = Peer(base)
        host.send(type="create", questions=PACK, token=EDIT_TOKEN, league={"name": "Mardis au Lion d’Or"},
                  settings={"readingTimeMs": 0, "timeLimitSeconds": 120, "closeWhenAllAnswered": True})
        created = host.until("created")
        league = created["league"]["id"]
        phones = []
        for size, _, name in PHONES:
            phone = touch_phone(browsers, size)
            join(phone, base, created["code"], name)
            wait_css(phone, ".lobby .nick")
            phones.append(phone)
        ada, bea = phones
        host.send(type="start")
        # Ada: right, wrong, right, a vote. Bea: wrong, right, wrong, a vote.
        answers = [("Reykjavík", "Oslo"), ("True", "False"), (LONG, "Kapitän"), ("Geography", "Words")]
        for number, (for_ada, for_bea) in enumerate(answers):
            for phone, answer in ((ada, for_ada), (bea, for_bea)):
                if PACK["questions"][number]["kind"] == "text":
                    type_answer(phone, answer)
                else:
                    tap(phone, answer)
            host.until("answers_closed")
            host.send(type="reveal")
            host.until("reveal")
            host.send(type="next" if number < len(answers) - 1 else "end")
        host.until("ended")
        host.close()

        # Nobody else opens a night: no phone is 401, another phone's id 404.
        key = json.loads(urllib.request.urlopen(f"{base}/api/leagues/{league}", timeout=10).read())["games"][0]["key"]
        for headers, status in (({}, 401), ({"Authorization": "Bearer someone-else"}, 404)):
            try:
                urllib.request.urlopen(urllib.request.Request(f"{base}/api/leagues/{league}/me/games/{key}", headers=headers), timeout=10)
                raise AssertionError(f"a night was shown to {headers}")
            except urllib.error.HTTPError as refused:
                assert refused.code == status, refused.code

        expected = {
            "fr": {"marks": ["✓", "✓", "✓", None], "right": ["Reykjavík", "Vrai", LONG, None], "mine": ["Reykjavík", "Vrai", LONG, "Geography"],
                   "room": ["50 % de la salle a trouvé", "50 % de la salle a trouvé", "50 % de la salle a trouvé", None],
                   "heading": "Question 1", "back": "Retour à vos soirées", "open": "Voir les questions"},
            "en": {"marks": ["✗", "✗", "✗", None], "right": ["Reykjavík", "True", LONG, None], "mine": ["Oslo", "False", "Kapitän", "Words"],
                   "room": ["50% of the room got it right"] * 3 + [None],
                   "heading": "Question 1", "back": "Back to your nights", "open": "See the questions"},
        }
        for phone, (size, lang, name) in zip(phones, PHONES):
            want = expected[lang]
            phone.get(f"{base}/league/{league}")
            wait_css(phone, "#nights li")
            pick(phone, lang)
            opener = wait_text(phone, "#nights .night-open", want["open"])
            # With the keyboard: the button takes Enter, and the focus lands on the night's heading.
            opener.send_keys(Keys.ENTER)
            wait_css(phone, "#night-questions .night-q")
            wait(phone, lambda d: d.execute_script("return document.activeElement?.id") == "night-title", "the focus did not move to the night's heading")
            assert PACK["title"] in el(phone, "#night-title").text
            assert name in el(phone, "#night-summary").text
            cards = els(phone, "#night-questions .night-q")
            assert len(cards) == 4, len(cards)
            for number, card in enumerate(cards):
                text = card.text
                assert PACK["questions"][number]["text"] in text, text
                assert card.find_element("css selector", ".q-number").text.lower() == f"question {number + 1}", text
                assert want["mine"][number] in card.find_element("css selector", ".q-answer").text, text
                marks = card.find_elements("css selector", ".q-mark [aria-hidden]")
                assert [m.text for m in marks] == ([want["marks"][number]] if want["marks"][number] else []), text
                rights = card.find_elements("css selector", ".q-right strong")
                assert [r.text for r in rights] == ([want["right"][number]] if want["right"][number] else []), text
                rooms = card.find_elements("css selector", ".q-room")
                assert [r.text.replace("\u202f", " ").replace("\xa0", " ") for r in rooms] == ([want["room"][number]] if want["room"][number] else []), text
                assert re.search(r"\d", card.find_element("css selector", ".q-points").text), text
                assert re.fullmatch(r"\d+[.,]\d s", card.find_element("css selector", ".q-time").text.replace("\xa0", " ")), text
            # Phones first: nothing sideways, the long word wraps inside its card.
            assert overflow(phone) == [], (lang, overflow(phone))
            assert phone.execute_script("return document.documentElement.scrollWidth") <= size[0]
            page = f"league: a night, question by question ({lang}, {size[0]} px)"
            axe_check(phone, page)
            assert AXE_FINDINGS[page] == [], AXE_FINDINGS[page]
            assert f"night={key}" in phone.current_url
            # Back: the phone's own Back button in French, the view's Back control with the keyboard in
            # English; either way the tables again, the focus on the button that opened the night.
            if lang == "fr":
                phone.back()
            else:
                el(phone, "#night-back").send_keys(Keys.ENTER)
            wait_css(phone, "#nights .night-open")
            wait(phone, lambda d: d.execute_script("return document.activeElement?.classList.contains('night-open')"),
                 "the focus did not come back to the night's button")
            assert overflow(phone) == [], (lang, overflow(phone))
            page = f"league: your nights with their buttons ({lang}, {size[0]} px)"
            axe_check(phone, page)
            assert AXE_FINDINGS[page] == [], AXE_FINDINGS[page]

        # The next morning Oslo is made the answer (a correction through the API): Bea's open night follows.
        bea.find_element("css selector", "#nights .night-open").click()
        wait_css(bea, "#night-questions .night-q")
        first = PACK["questions"][0]
        body = {"action": "answer_key", "question": 1, "reason": "Checked with the atlas",
                "answer_key": {"kind": "choice", "options": first["options"], "answer": 1}}
        request = urllib.request.Request(f"{base}/api/games/{created['code']}/corrections", data=json.dumps(body).encode(),
                                         headers={"Authorization": f"Bearer {created['hostToken']}"}, method="POST")
        assert urllib.request.urlopen(request, timeout=10).status == 200
        wait_text(bea, "#night-questions .night-q .q-right strong", "Oslo")
        card = els(bea, "#night-questions .night-q")[0]
        assert [m.text for m in card.find_elements("css selector", ".q-mark [aria-hidden]")] == ["✓"], card.text
        assert "Checked with the atlas" in el(bea, ".night-corrections").text
        # The night has an address of its own: a reload opens it again.
        bea.refresh()
        wait_text(bea, "#night-questions .night-q .q-right strong", "Oslo")
    finally:
        server.stop()
