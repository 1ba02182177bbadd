"""Question history (docs/web-editor.md, "Question history"): after a league night played from the
library's "Pub Classics", the editor shows under each question how it fared ("Asked 1 time · last
on … in Tuesdays at The Crown · 50% right · median …", the wrong options picked) and "Never asked"
for the rest; the console's create form, with that pack and league chosen, warns that 2 of its 17
questions were asked in the league lately, lists them, and "Skip those" starts a game of the other
15. Console 1366x768, in English and German."""
import json
import urllib.error
import urllib.request

import pytest
from selenium.webdriver.support.ui import Select

from conftest import EDIT_TOKEN, axe_check, save_screenshot, shot, wait
from pages import Peer, click, el, els, open_host, wait_css, wait_text

CONSOLE = (1366, 768)
LEAGUE = {"name": "Tuesdays at The Crown"}
LEAGUE_ID = "tuesdays-at-the-crown"
# Pub Classics' first two questions, both "one right option": what the league night asked.
ASKED = ["What is the capital of Canada?", "Halloumi cheese"]
RIGHT = [3, 1]  # Ottawa, Cyprus: Ann picks these, Bob picks the first option (Toronto, Crete)
EDIT_LABEL = {"en": "Edit Pub Classics", "de": "Pub Classics bearbeiten"}
WORDS = {
    "en": {"asked": "Asked 1 time", "never": "Never asked in a finished game", "wrong": "Wrong options picked", "right": "50% right", "warning": "2 of these 17 questions were asked in this league in the last 90 days",
           "skip": "Skip those", "header": "of 15"},
    "de": {"asked": "1-mal gestellt", "never": "Noch in keinem beendeten Spiel gestellt", "wrong": "Gewählte falsche Optionen", "right": "50 % richtig", "warning": "2 dieser 17 Fragen wurden in dieser Liga in den letzten 90 Tagen gestellt",
           "skip": "Diese überspringen", "header": "von 15"},
}


def league_night(base):
    """Two players answer Pub Classics' first two questions (Ann right, Bob wrong), then the host ends the night."""
    host = Peer(base)
    host.send(type="create", pack="pub-classics", token=EDIT_TOKEN, league=LEAGUE,
              settings={"readingTimeMs": 0, "timeLimitSeconds": 120, "closeWhenAllAnswered": True, "shuffleOptions": False, "shuffleQuestions": False})
    created = host.until("created")
    assert created["league"]["id"] == LEAGUE_ID
    players = []
    for name in ("Ann", "Bob"):
        phone = Peer(base)
        phone.send(type="join", code=created["code"], nickname=name)
        phone.until("joined")
        players.append(phone)
    host.send(type="start")
    for sequence in range(2):
        for n, phone in enumerate(players):
            assert phone.until("question")["question"]["sequence"] == sequence
            phone.send(type="answer", question=sequence, answer={"kind": "choice", "option": RIGHT[sequence] if n == 0 else 0})
        host.until("answers_closed")
        host.send(type="reveal")
        host.until("reveal")
        if sequence == 0:
            host.send(type="next")
    host.send(type="end")
    host.until("ended")
    for peer in (host, *players):
        peer.close()
    # The index is built again off the loops once the end is on disk: wait for it, as a host would not notice.
    wait(None, lambda _: stats(base, "pack=pub-classics").get("games") == 1, "the question index never took the game in")


def console_shot(driver, element, name):
    """The console-sized window scrolled to `element` (the phone and projector shots show the top of the page)."""
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
    save_screenshot(driver, f"{name}-console")


def stats(base, query):
    request = urllib.request.Request(f"{base}/api/questions/stats?{query}", headers={"Authorization": f"Bearer {EDIT_TOKEN}"})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return json.loads(response.read())
    except urllib.error.HTTPError:
        return {}


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_editor_shows_each_questions_history_and_the_create_form_skips_the_repeats(server, browsers, lang):
    base, words = server.url, WORDS[lang]
    league_night(base)

    editor = browsers.open(CONSOLE)
    editor.get(f"{base}/edit?lang={lang}#token={EDIT_TOKEN}")
    click(editor, f"button[aria-label='{EDIT_LABEL[lang]}']")
    wait_css(editor, ".question-card .history")
    cards = els(editor, ".question-card")
    first = cards[0].find_element("css selector", ".history").text.replace("\u00a0", " ").replace("\u202f", " ")
    assert words["asked"] in first and "Tuesdays at The Crown" in first, first
    assert words["right"] in first and f"{words['wrong']}: Toronto 50" in first and "Ottawa" not in first, first
    assert words["never"] in cards[4].find_element("css selector", ".history").text
    shot(editor, f"editor-history-{lang}")
    console_shot(editor, cards[0].find_element("css selector", ".history"), f"editor-history-{lang}")
    axe_check(editor, f"editor: question history ({lang})")

    host = browsers.open(CONSOLE)
    open_host(host, base)
    host.get(f"{base}/host?lang={lang}#token={EDIT_TOKEN}")
    wait_css(host, "form.setup")
    click(host, "input[name=pack][value='pub-classics']")
    Select(el(host, "#league")).select_by_value(LEAGUE_ID)
    box = wait_text(host, "#repeats", words["warning"])
    listed = [li.text for li in box.find_elements("css selector", "li")]
    assert len(listed) == 2 and all(any(a in text for text in listed) for a in ASKED), listed
    shot(host, f"console-repeats-{lang}")
    console_shot(host, box, f"console-repeats-{lang}")
    axe_check(host, f"host: repeated questions warning ({lang})")
    assert el(host, "#repeats-skip").text == words["skip"]
    click(host, "#repeats-skip")
    wait_css(host, "#repeats-keep")
    click(host, "form.setup button[type=submit]")
    code = wait_css(host, "#join-code").text.strip()
    guest = Peer(base)
    guest.send(type="join", code=code, nickname="Cid")
    guest.until("joined")
    click(host, "#primary")
    wait_text(host, ".eyebrow", words["header"])
    title = wait_css(host, "#stage-title").text
    assert not any(a in title for a in ASKED), title
    guest.close()
