"""A page loads a question kind only when its game needs it (issue 40; docs/web-clients.md, "Weight").
The network log (Resource Timing) of each page is read: a game of choice and number questions loads
those two kind modules (and their words) on the phone, the projector and the console, before the
first question and no other kind at any time; the console's setup screen and the league page load
none; the editor loads the kinds of the pack it opens, and a kind when the author picks it."""
import json
import re
from urllib.parse import urlparse

from selenium.webdriver.support.ui import Select

from conftest import EDIT_TOKEN, LAPTOP, PHONE, PROJECTOR, wait
from pages import Peer, click, join, wait_css, wait_text
from test_first_run import start

PACK = {"title": "Two kinds", "questions": [
    {"kind": "choice", "category": "Geography", "text": "Capital of Australia?", "options": ["Sydney", "Canberra", "Melbourne", "Perth"], "answer": 1},
    {"kind": "number", "category": "History", "text": "Year of the Moon landing?", "answer": 1969}]}
# The register (index.js) is part of every page; the option kinds' shared helpers come with choice.
# Each kind's words come with it (kinds/en.NAME.json; choice's are empty).
GAME = ["choice.js", "en.choice.json", "en.number.json", "index.js", "number.js", "shared.js"]
NONE = ["index.js"]


def kind_files(driver):
    """The files under /assets/kinds/ the page has fetched so far, from its network log."""
    names = driver.execute_script("return performance.getEntriesByType('resource').map((e) => e.name)")
    return sorted({m.group(1) for n in names if (m := re.fullmatch(r"/assets/kinds/([\w.]+)", urlparse(n).path))})


def loaded(driver, want, what):
    """Waits until the page has fetched exactly `want` (a fetch under way is not in the log yet)."""
    wait(driver, lambda d: kind_files(d) == want, f"{what}: kinds fetched {kind_files(driver)}, expected {want}")


def test_each_page_loads_only_the_kinds_its_game_uses(tmp_path, browsers):
    server = start(tmp_path)
    base = server.url
    try:
        # The console's setup screen: no game yet, no kind.
        desk = browsers.open(LAPTOP)
        desk.get(f"{base}/host#token={EDIT_TOKEN}")
        wait_css(desk, "input[name=pack]")
        assert kind_files(desk) == NONE

        creator = Peer(base)
        creator.send(type="create", questions=PACK, token=EDIT_TOKEN, league={"name": "Kinds Night"},
                     settings={"readingTimeMs": 0, "timeLimitSeconds": 120, "closeWhenAllAnswered": True, "shuffleOptions": False})
        created = creator.until("created")
        creator.close()
        assert created["kinds"] == ["choice", "number"]
        code, league = created["code"], created["league"]["id"]
        host = browsers.open(LAPTOP)
        host.get(f"{base}/host#code={code}&token={created['hostToken']}")
        wait_css(host, "#join-code")
        display = browsers.open(PROJECTOR)
        display.get(f"{base}/display/{code}")
        wait_css(display, ".display-lobby .code")
        phone = browsers.open(PHONE)
        join(phone, base, code, "Ada")
        wait_css(phone, ".lobby .nick")

        # In the lobby, before the first question, every page has the game's two kinds.
        for driver, page in ((phone, "phone"), (display, "projector"), (host, "console")):
            loaded(driver, GAME, f"{page} in the lobby")

        # The choice question, then the number question: drawn with what was loaded, nothing more.
        click(host, "#primary")
        click(phone, ".answer.opt-1:enabled")
        wait_css(display, ".dq")
        wait_text(host, "#primary", "Reveal answer")
        click(host, "#primary")
        wait_css(phone, ".result h1")
        wait_text(host, "#primary", "Next")
        click(host, "#primary")
        wait_css(phone, "input#typed[inputmode=decimal]").send_keys("1969\n")
        wait_text(phone, "h1", "Locked in!")
        wait_text(host, "#primary", "Reveal answer")
        click(host, "#primary")
        wait_css(display, ".dq .number-closest")
        for driver, page in ((phone, "phone"), (display, "projector"), (host, "console")):
            assert kind_files(driver) == GAME, f"{page} after both questions: {kind_files(driver)}"

        # The league page, which the game counted for: no kind.
        fan = browsers.open(PHONE)
        fan.get(f"{base}/league/{league}")
        wait_css(fan, "main h1")
        assert kind_files(fan) == NONE
    finally:
        server.stop()


def test_the_editor_loads_a_packs_kinds_when_it_opens_it_and_a_kind_when_one_is_added(tmp_path, browsers):
    library = tmp_path / "library"
    library.mkdir()
    (library / "facts.json").write_text(json.dumps({"title": "Facts", "questions": [
        {"kind": "truefalse", "category": "Space", "text": "The Moon has no air.", "answer": True},
        {"kind": "number", "category": "History", "text": "Year of the Moon landing?", "answer": 1969}]}))
    server = start(tmp_path, library=library)
    try:
        editor = browsers.open(LAPTOP)
        editor.get(f"{server.url}/edit#token={EDIT_TOKEN}")
        click(editor, "button[aria-label='Edit Facts']")
        wait_css(editor, "#save")
        # The editor also reads the server's list of kinds (names.json), for its kind menu.
        opened = ["en.number.json", "en.truefalse.json", "index.js", "names.json", "number.js", "shared.js", "truefalse.js"]
        assert kind_files(editor) == opened
        # Another question (a choice, the default) loads choice; picking pin for it loads pin, with its words.
        click(editor, "fieldset.round > .controls > button:first-child")
        wait(editor, lambda d: len(d.find_elements("css selector", ".question-card")) == 3, "no third question")
        loaded(editor, sorted([*opened, "choice.js", "en.choice.json"]), "after adding a question")
        Select(editor.find_elements("css selector", ".question-card select[data-path$='.kind']")[2]).select_by_value("pin")
        wait_css(editor, "[id$='-pin-need']")
        loaded(editor, sorted([*opened, "choice.js", "en.choice.json", "en.pin.json", "pin.js"]), "after picking pin")
    finally:
        server.stop()


def test_a_question_of_a_kind_not_loaded_yet_waits_for_it_and_the_messages_after_it_wait_too(tmp_path, browsers):
    """The server names a game's kinds on entry, so a page has them before any question. Should a
    question come first anyway, the store holds it, and what follows it, until its kind is loaded:
    the page never draws a question without its kind, and the messages keep their order."""
    server = start(tmp_path)
    try:
        page = browsers.open(PHONE)
        page.get(f"{server.url}/")
        wait_css(page, "#nickname")
        seen = page.execute_async_script("""
          const done = arguments[0];
          Promise.all([import('/assets/store.js'), import('/assets/kinds/index.js')]).then(([{ createStore, dispatch }, kinds]) => {
            const S = createStore('display'), seen = [];
            const react = () => seen.push([S.game.phase, kinds.kind(S.game.question?.kind).name ?? 'missing']);
            dispatch(S, { type: 'question', question: { kind: 'pin', sequence: 0, text: 'Where is Lyon?' } }, react);
            dispatch(S, { type: 'answers_open', question: 0, deadline: 0 }, react);
            seen.push(['held', S.game.phase]);
            const check = () => (seen.length === 3 ? done(seen) : setTimeout(check, 10));
            check();
          });""")
        assert seen == [["held", None], ["reading", "pin"], ["open", "pin"]], seen
        assert kind_files(page) == ["en.pin.json", "index.js", "pin.js"]
    finally:
        server.stop()
