"""Reveals that tell the story (issue 31): a number question's reveal names the closest guesses
with their distances on the projector (1280x720 in English, 1920x1080 in German) and the console,
and each phone (360 and 390 px, English and German) says how far its own guess was and its place.
A year the pack marks plain is written "1824" on every screen, never "1,824" or "1.824". A multi
question's result on the phone shows the player's own picks: right, wrong and missed.

With BUZZER_DOC_SHOTS=1 the number test also saves docs/screenshots/number-reveal.png (1280x720,
reduced to 64 colours when Pillow is installed)."""
import json

from selenium.webdriver.support.expected_conditions import staleness_of

from conftest import AXE_FINDINGS, LAPTOP, axe_check, set_viewport, wait
from pages import Peer, click, console, el, els, join, new_question, overflow, wait_css, wait_text
from test_first_run import start
from test_i18n import display_language
from test_kind_pin import phone_at
from doc_shots import doc_shot

ADA = "Ada Lovelace-Byron of Ockham"
JURGEN = "Jürgen Müller-Lüdenscheidt"
YEAR = {"kind": "number", "category": "Music", "text": "In which year did Beethoven's Ninth Symphony premiere in Vienna?",
        "answer": 1824, "plain": True, "explanation": "7 May 1824, at the Theater am Kärntnertor."}
# The guesses sent over the protocol, with the two phones' (Ada 1850, Jürgen 1790) in between.
PEERS = [("Zoë Çelik", 1824), ("Siobhán Ní Bhriain", 1827), ("Ngozi Okonjo-Iweala", 1798), ("Kenji Watanabe", 1900), ("Bob", 2024)]
CLOSEST = {
    "en": ["Zoë Çelik · 1824 · spot on", "Siobhán Ní Bhriain · 1827 · 3 away", f"{ADA} · 1850 · 26 away",
           "Ngozi Okonjo-Iweala · 1798 · 26 away", f"{JURGEN} · 1790 · 34 away"],
    "de": ["Zoë Çelik · 1824 · genau richtig", "Siobhán Ní Bhriain · 1827 · 3 daneben", f"{ADA} · 1850 · 26 daneben",
           "Ngozi Okonjo-Iweala · 1798 · 26 daneben", f"{JURGEN} · 1790 · 34 daneben"],
}
BEATLES = {"kind": "multi", "category": "Music", "text": "Which of these are albums by the Beatles?",
           "options": ["Abbey Road", "Pet Sounds", "Revolver", "Rubber Soul", "Blonde on Blonde"], "answer": [0, 2, 3]}


def no_axe_findings(driver, page):
    axe_check(driver, page)
    assert AXE_FINDINGS[page] == [], (page, AXE_FINDINGS[page])


def no_separators(driver, *numbers):
    """None of the numbers appears with a separator (1,824 / 1.824 / 1 824) anywhere on the page."""
    text = el(driver, "body").text
    grouped = [f"{n[0]}{sep}{n[1:]}" for n in numbers for sep in (",", ".", " ", "\u202f", "\u00a0")]
    assert not [g for g in grouped if g in text], text


def fits(driver, css):
    """The last of `css` is on screen, not scrolled off or cut at the side."""
    return driver.execute_script("""const r = [...document.querySelectorAll(arguments[0])].pop().getBoundingClientRect();
        return r.bottom <= innerHeight + 1 && r.right <= innerWidth + 1;""", css)


def phones(browsers, base, code):
    """Ada on a 360 px phone in English, Jürgen on a 390 px phone in German, in the lobby."""
    ada = phone_at(browsers, 360, 740)
    join(ada, base, code, ADA)
    jurgen = phone_at(browsers, 390, 844, "de-DE,de;q=0.9")
    join(jurgen, base, code, JURGEN)
    for phone in (ada, jurgen):
        wait_css(phone, ".lobby .nick")
    return ada, jurgen


def places(driver):
    """The numbers the closest-guesses list shows (its items' `value`)."""
    return driver.execute_script("return [...document.querySelectorAll('.number-closest li')].filter((li) => li.offsetParent).map((li) => li.value)")


def test_a_number_reveal_names_the_closest_guesses_and_each_phone_its_place(tmp_path, browsers):
    server = start(tmp_path, defaults={"nicknameMaxLength": 32})
    peers = []
    try:
        host, code = console(browsers, server.url, LAPTOP, questions={"title": "Composers", "questions": [YEAR]},
                             settings={"readingTimeMs": 0, "timeLimitSeconds": 120, "closeWhenAllAnswered": True})
        display = browsers.open((1280, 720))
        display.get(f"{server.url}/display/{code}")
        wait_css(display, ".display-lobby .code")
        ada, jurgen = phones(browsers, server.url, code)
        for name, _ in PEERS:
            peer = Peer(server.url)
            peer.send(type="join", code=code, nickname=name)
            peer.until("joined")
            peers.append(peer)
        wait_text(host, ".livecount", "7")

        click(host, "#primary")  # start
        # The console's key is the year as a year.
        wait_text(host, ".answer-key", "1824")
        for phone, guess in ((ada, "1850"), (jurgen, "1790")):
            wait_css(phone, "#typed:enabled").send_keys(guess + "\n")
            # Locked in: the guess as typed, in German too ("1.790" before).
            wait_text(phone, ".locked .mine", guess)
            assert el(phone, ".locked .mine").text == guess, el(phone, ".locked .mine").text
        for peer, (_, guess) in zip(peers, PEERS):
            peer.until("question")
            peer.send(type="answer", question=0, answer={"kind": "number", "value": guess})
            peer.until("answer_ack")
        wait_text(host, "#primary", "Reveal")
        click(host, "#primary")

        # The projector: the answer and the five closest, named, each with its guess and how far.
        for size, lang in (((1280, 720), "en"), ((1920, 1080), "de")):
            set_viewport(display, size)
            display_language(display, lang)
            wait(display, lambda d: len(els(d, ".dq .number-closest li")) == 5, f"no closest guesses at {size} in {lang}")
            wait(display, lambda d: [e.text for e in els(d, ".dq .number-closest li")] == CLOSEST[lang],
                 f"closest at {size} in {lang}: {[e.text for e in els(display, '.dq .number-closest li')]}")
            # Numbered by place as each phone says it: Ada and Ngozi are both 26 away, both 3rd; Jürgen is 5th.
            assert places(display) == [1, 2, 3, 3, 5], places(display)
            assert el(display, ".reveal-answer").text == ("Answer: 1824" if lang == "en" else "Antwort: 1824"), el(display, ".reveal-answer").text
            no_separators(display, "1824", "1827", "1850", "1798", "1790")
            assert fits(display, ".dq .number-closest li") and fits(display, ".dq .meta"), f"the reveal does not fit {size}"
            if lang == "en":
                doc_shot(display, "number-reveal")
        no_axe_findings(display, "display: number reveal in German at 1920x1080")

        # The console: the same list, and the year as a year.
        wait(host, lambda d: [e.text for e in els(d, ".number-closest li")] == CLOSEST["en"], "no closest guesses on the console")
        assert el(host, ".answer-key").text.endswith("1824"), el(host, ".answer-key").text
        assert places(host) == [1, 2, 3, 3, 5], places(host)

        # Each phone: the answer, its own guess, how far and its place, at 360 and 390 px.
        expected = {ada: ("Answer: 1824", "Your answer: 1850", "26 away · 3rd closest"),
                    jurgen: ("Antwort: 1824", "Deine Antwort: 1790", "34 daneben · 5. Platz nach Abstand")}
        for phone, (answer, mine, place) in expected.items():
            wait_text(phone, "#guess-place", place)
            for width, height in ((360, 740), (390, 844)):
                set_viewport(phone, (width, height))
                assert el(phone, "#guess-place").text == place, el(phone, "#guess-place").text
                assert el(phone, ".answer-was").text == answer and mine in el(phone, ".result").text, el(phone, ".result").text
                no_separators(phone, "1824", "1850", "1790")
                assert overflow(phone) == [], (width, overflow(phone))
        no_axe_findings(ada, "player: number result")
        no_axe_findings(jurgen, "player: number result in German")

        # Numbers the pack does not mark plain keep their separators in each language.
        for lang, grouped in (("en", "12,500"), ("de", "12.500")):
            display_language(display, lang)
            written = display.execute_async_script("""const done = arguments[0];
                import('/assets/kinds/number.js').then((m) => done([m.numberText(12500, {}), m.numberText(12500, { plain: true }), m.numberText(-1200, { plain: true })]));""")
            assert written == [grouped, "12500", "−1200"], written
    finally:
        for peer in peers:
            peer.close()
        server.stop()


def test_a_multi_result_shows_the_players_own_picks(tmp_path, browsers):
    server = start(tmp_path, defaults={"shuffleOptions": False, "nicknameMaxLength": 32})
    try:
        host, code = console(browsers, server.url, LAPTOP, questions={"title": "Albums", "questions": [BEATLES]},
                             settings={"readingTimeMs": 0, "timeLimitSeconds": 120, "closeWhenAllAnswered": True, "shuffleOptions": False})
        ada, jurgen = phones(browsers, server.url, code)
        click(host, "#primary")  # start
        # Ada picks Abbey Road, Pet Sounds and Revolver; Jürgen only Rubber Soul.
        for phone, picks in ((ada, (0, 1, 2)), (jurgen, (3,))):
            for i in picks:
                click(phone, f".answer.opt-{i}:enabled")
            click(phone, "#lock-multi:enabled")
            wait_css(phone, ".locked")
        wait_text(host, "#primary", "Reveal")
        click(host, "#primary")

        expected = {ada: (["right", "wrong", "right", "missed", "none"], "You picked it · wrong", "Right · you missed it"),
                    jurgen: (["missed", "none", "missed", "right", "none"], "Gewählt · richtig", "Richtig · nicht gewählt")}
        for phone, (marks, picked, missed) in expected.items():
            wait(phone, lambda d: len(els(d, ".multi-result li")) == 5, "no own picks on the phone")
            for width, height in ((360, 740), (390, 844)):
                set_viewport(phone, (width, height))
                rows = els(phone, ".multi-result li")
                assert [r.get_attribute("data-pick") for r in rows] == marks, [r.get_attribute("data-pick") for r in rows]
                text = el(phone, ".multi-result").text
                assert picked in text and missed in text, text
                assert [e.text for e in els(phone, ".multi-result .pick-text")] == BEATLES["options"], [r.text for r in rows]
                assert overflow(phone) == [], (width, overflow(phone))
        no_axe_findings(ada, "player: multi result")
        no_axe_findings(jurgen, "player: multi result in German")
    finally:
        server.stop()


def test_the_editor_marks_a_number_question_plain(tmp_path, browsers):
    library = tmp_path / "library"
    library.mkdir()
    server = start(tmp_path, library=library)
    try:
        editor = browsers.open(LAPTOP)
        new_question(editor, server.url, "Composers", "number", "Music", "In which year did the Ninth premiere?")

        def answer():
            return el(editor, ".question-card input[data-path$='.answer']")

        def box():
            return el(editor, ".question-card input[type=checkbox][data-path$='.plain']")
        label = box().find_element("xpath", "./ancestor::label").text
        assert label == "Write as a plain number (years)", label
        # A four-digit whole answer ticks the box by itself (the format's default), and that default is not written.
        answer().clear()
        answer().send_keys("1824")
        wait(editor, lambda d: box().is_selected(), "a year did not tick the box")
        axe_check(editor, "editor: number question")
        assert AXE_FINDINGS["editor: number question"] == []

        def saved(check):
            """Saves, then waits for the library's file to hold a first question that passes `check`,
            and for the editor to draw the saved pack (its fields are new elements then)."""
            note = el(editor, "#save-note")
            click(editor, "#save")

            def written(_):
                path = library / "composers.json"
                q = json.loads(path.read_text())["questions"][0] if path.exists() else None
                return q if q and check(q) else None
            q = wait(editor, written, "the save did not write the expected question")
            wait(editor, staleness_of(note), "the editor did not draw the saved pack")
            return q
        q = saved(lambda q: q["answer"] == 1824)
        assert "plain" not in q, q
        # Unticked: written as false. A big count, ticked: written as true.
        box().click()
        saved(lambda q: q.get("plain") is False)
        answer().clear()
        answer().send_keys("250000")
        box().click()
        saved(lambda q: q["answer"] == 250000 and q.get("plain") is True)
    finally:
        server.stop()
