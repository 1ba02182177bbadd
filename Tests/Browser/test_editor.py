"""The question library editor, end to end: make a pack with a picture question and a music
question in the browser (a refused save shows the server's words beside the field), then play
it: the projector shows the picture and plays the clip."""
import shutil
import struct
import wave
import zlib


from conftest import PROJECTOR, axe_check, wait
from pages import click, el, els, join, pick_kind, wait_css, wait_gone, wait_text
from conftest import ROOT
from test_first_run import start

LAPTOP = (1280, 900)
TOKEN = "editor-test-token-0123456789"


def png(path):
    """A real 4×4 PNG (the browser must decode it)."""
    raw = b"".join(b"\x00" + b"\xff\x80\x00" * 4 for _ in range(4))
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 4, 4, 8, 2, 0, 0, 0))
                     + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))
    return path


def wav(path, seconds=3):
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(8000)
        out.writeframes(b"\x00\x10" * 8000 * seconds)
    return path


def question(driver, n):
    return els(driver, ".question-card")[n]


def test_a_pack_made_in_the_editor_plays_its_picture_and_music_rounds(tmp_path, browsers):
    library = tmp_path / "library"
    library.mkdir()
    shutil.copy(ROOT / "questions" / "pub-classics.json", library)
    server = start(tmp_path, library=library, edit_token=TOKEN)
    try:
        editor = browsers.open(LAPTOP)
        editor.get(f"{server.url}/edit#token={TOKEN}")
        wait_text(editor, ".pack-list", "Pub Classics")
        axe_check(editor, "editor: library")
        click(editor, "#new-pack")
        wait_css(editor, "#f-title").send_keys("Picture Night")

        # Question 1: a typed answer with a picture; its category left empty for now.
        card = pick_kind(editor, 0, "text")
        card.find_element("css selector", "textarea[data-path$='.text']").send_keys("Who painted this?")
        card.find_element("css selector", "textarea[data-path$='.answer']").send_keys("Vermeer\nJohannes Vermeer")
        card.find_element("css selector", "details.media-box summary").click()
        card.find_element("css selector", "input[type=file][data-path$='.media.image']").send_keys(str(png(tmp_path / "pearl.png")))
        wait(editor, lambda d: els(d, ".question-card .q-media img"), "the uploaded picture was not previewed")
        wait(editor, lambda d: d.execute_script("return document.querySelector('.question-card .q-media img').naturalWidth") == 4)
        question(editor, 0).find_element("css selector", "input[data-path$='.media.alt']").send_keys("A girl with a pearl earring")

        # Question 2: a music question (true or false) with a clip.
        click(editor, "button[aria-label='Add a question to round 1']")
        card = pick_kind(editor, 1, "truefalse")
        card.find_element("css selector", "input[data-path$='.category']").send_keys("Music")
        card.find_element("css selector", "textarea[data-path$='.text']").send_keys("This clip is a waltz.")
        card.find_element("css selector", "details.media-box summary").click()
        card.find_element("css selector", "input[type=file][data-path$='.media.audio']").send_keys(str(wav(tmp_path / "waltz.wav")))
        wait(editor, lambda d: els(d, ".question-card audio"), "the uploaded sound was not previewed")
        question(editor, 1).find_element("css selector", "input[data-path$='.media.durationMs']").send_keys("2.5")  # seconds

        # The save is refused for the empty category: the server's words, beside the field.
        click(editor, "#save")
        problem = wait_css(editor, "#problems li")
        assert problem.text == "Round 1, question 1, category is empty.", problem.text
        category = question(editor, 0).find_element("css selector", "input[data-path$='.category']")
        assert category.get_attribute("aria-invalid") == "true"
        assert el(editor, "#" + category.get_attribute("id") + "-error").text == problem.text
        # The uploads are still named by their file controls and under them after every redraw.
        names = editor.execute_script("return [...document.querySelectorAll('.question-card input[type=file]')].map((i) => i.files[0]?.name ?? '')")
        assert names == ["pearl.png", "", "", "", "", "waltz.wav", "", ""], names
        assert "Now: pearl.png" in el(editor, "#f-rounds-0-questions-0-media-image-hint").text
        axe_check(editor, "editor: refused save")
        category.send_keys("Art")
        click(editor, "#save")
        wait_text(editor, "#notice", "Saved as picture-night")
        saved = (library / "picture-night.json").read_text()
        assert '"alt": "A girl with a pearl earring"' in saved and '"durationMs": 2500' in saved

        # Play it: the projector shows the picture, then plays the clip when answers open.
        host = browsers.open(LAPTOP)
        host.get(f"{server.url}/host#token={TOKEN}")
        wait_css(host, "input[name=pack][value=picture-night]").click()
        el(host, "details.settings summary").click()
        reading = wait_css(host, "#readingSeconds")
        reading.clear()
        reading.send_keys("0")
        click(host, ".setup button[type=submit]")
        code = wait_css(host, "#join-code").text.strip()
        display, second = browsers.open(PROJECTOR), browsers.open((1280, 720))
        for screen in (display, second):
            screen.get(f"{server.url}/display/{code}")
            wait_css(screen, ".display-lobby .code")
        phone = browsers.open()
        join(phone, server.url, code, "Ada")
        wait_css(phone, ".lobby")
        click(host, "#primary")  # Start
        wait_text(phone, ".qtext", "Who painted this?")
        assert not els(phone, ".q-media"), "a projector-only picture showed on a phone"
        picture = wait_css(display, ".q-media img")
        assert picture.get_attribute("alt") == "A girl with a pearl earring"
        wait(display, lambda d: d.execute_script("return document.querySelector('.q-media img').naturalWidth") == 4, "the picture did not load")
        axe_check(display, "display: picture question")
        click(host, "#primary")  # Close answers
        wait_text(host, "#primary", "Reveal")
        click(host, "#primary")
        wait_text(host, "#primary", "Next")
        click(host, "#primary")  # the music question
        wait_text(display, ".qtext", "waltz")
        wait(display, lambda d: d.execute_script("const a = document.getElementById('clip'); return !!a && !a.paused && a.currentTime > 0"),
             "the clip did not start when answers opened")
        assert display.execute_script("return document.getElementById('clip').src").endswith(".wav")
        # Both projectors started the clip at the server's moment, not when their message arrived.
        wait(second, lambda d: d.execute_script("const a = document.getElementById('clip'); return !!a && !a.paused && a.currentTime > 0"),
             "the second projector did not start the clip")
        times = [screen.execute_script("return document.getElementById('clip').currentTime") for screen in (display, second)]
        assert abs(times[0] - times[1]) < 0.5, times
    finally:
        server.stop()


def test_a_spreadsheet_imports_for_review_and_questions_reorder_before_saving(tmp_path, browsers):
    library = tmp_path / "library"
    library.mkdir()
    server = start(tmp_path, library=library, edit_token=TOKEN)
    try:
        sheet = tmp_path / "thursday.csv"
        sheet.write_text("round,category,text,options,answer\n"
                         "Warm-up,Geography,Capital of Canada?,Toronto|Ottawa,B\n"
                         "Warm-up,History,Rome was built in a day.,,no\n"
                         "Warm-up,Maths,√2 × √2 = ?,,2\n")
        editor = browsers.open(LAPTOP)
        editor.get(f"{server.url}/edit#token={TOKEN}")
        wait_text(editor, ".hint", "The library is empty")
        el(editor, "#import-file").send_keys(str(sheet))
        wait_text(editor, "#notice", "Imported 3 questions")
        assert el(editor, "#f-title").get_attribute("value") == "thursday"
        texts = lambda d: [t.get_attribute("value") for t in els(d, "textarea[data-path$='.text']")]
        assert texts(editor) == ["Capital of Canada?", "Rome was built in a day.", "√2 × √2 = ?"]
        click(editor, "button[aria-label='Move question 3 up']")
        click(editor, "button[aria-label='Delete question 1']")
        assert texts(editor) == ["√2 × √2 = ?", "Rome was built in a day."]
        click(editor, "#save")
        wait_text(editor, "#notice", "Saved as thursday")
        saved = (library / "thursday.json").read_text()
        assert saved.index("√2") < saved.index("Rome") and "Canada" not in saved
        click(editor, "#back")
        click(editor, "button[aria-label='Delete thursday']")
        click(editor, "#ask-confirm")
        wait_text(editor, "#notice", "thursday deleted")
        assert not (library / "thursday.json").exists()
    finally:
        server.stop()


def test_without_the_token_the_editor_lists_the_library_but_opens_no_pack(tmp_path, browsers):
    """Without the edit token the server gives a pack's summary, never its questions: the editor
    still lists the library, and asks for the token instead of opening a pack it cannot read."""
    library = tmp_path / "library"
    library.mkdir()
    shutil.copy(ROOT / "questions" / "pub-classics.json", library)
    server = start(tmp_path, library=library, edit_token=TOKEN)
    try:
        editor = browsers.open(LAPTOP)
        editor.get(f"{server.url}/edit")
        wait_text(editor, ".pack-list", "Pub Classics")
        assert els(editor, "#token"), "the editor asks for the token"
        click(editor, "button[aria-label='Edit Pub Classics']")
        wait_text(editor, "#notice", "needs the edit token")
        assert not els(editor, "#f-title")
        assert "Canberra" not in editor.page_source
    finally:
        server.stop()


def test_problems_read_as_words_beside_the_one_field_they_are_about(tmp_path, browsers):
    """A refused save names the place in words ("Round 1, question 1, option 5 is empty"), once,
    beside that option only; the other options are not marked."""
    library = tmp_path / "library"
    library.mkdir()
    server = start(tmp_path, library=library, edit_token=TOKEN)
    try:
        editor = browsers.open(LAPTOP)
        editor.get(f"{server.url}/edit#token={TOKEN}")
        click(editor, "#new-pack")
        wait_css(editor, "#f-title").send_keys("Options night")
        card = question(editor, 0)
        card.find_element("css selector", "input[data-path$='.category']").send_keys("Geography")
        card.find_element("css selector", "textarea[data-path$='.text']").send_keys("Which is an island?")
        for _ in range(3):
            click(editor, ".question-card button.btn.small:not(.ghost)[type=button]:not([aria-label])")
        options = els(editor, ".option-row input[data-option]")
        assert len(options) == 5
        for box, text in zip(options, ["Cyprus", "Chad", "Peru", "Laos", ""]):
            box.send_keys(text)
        click(editor, "#save")
        problem = wait_css(editor, "#problems li")
        assert problem.text == "Round 1, question 1, option 5 is empty.", problem.text
        fifth = el(editor, "input[data-path='rounds[0].questions[0].options[4]']")
        assert fifth.get_attribute("aria-invalid") == "true"
        assert editor.switch_to.active_element == fifth, "focus goes to the field to fix"
        beside = el(editor, "#" + fifth.get_attribute("aria-describedby").split()[-1])
        assert beside.text == "Round 1, question 1, option 5 is empty."
        errors = [e.text for e in els(editor, ".question-card .field-error")]
        assert errors == [beside.text], errors
        marked = [o.get_attribute("data-option") for o in els(editor, ".option-row input[data-option]") if o.get_attribute("aria-invalid") == "true"]
        assert marked == ["4"], marked
        border = lambda e: editor.execute_script("return getComputedStyle(arguments[0]).borderTopColor", e)
        first = el(editor, "input[data-path='rounds[0].questions[0].options[0]']")
        assert border(first) != border(fifth), "only the empty option is outlined"
        axe_check(editor, "editor: one option refused")
        fifth.send_keys("Cuba")
        click(editor, "#save")
        wait_text(editor, "#notice", "Saved as options-night")
    finally:
        server.stop()


def test_the_edit_link_pasted_into_an_open_editor_is_taken_at_once(tmp_path, browsers):
    """A tab already on /edit without the token: pasting the printed link changes only the
    fragment, which loads nothing; the editor takes the token without a reload."""
    library = tmp_path / "library"
    library.mkdir()
    shutil.copy(ROOT / "questions" / "pub-classics.json", library)
    server = start(tmp_path, library=library, edit_token=TOKEN)
    try:
        editor = browsers.open(LAPTOP)
        editor.get(f"{server.url}/edit")
        wait_css(editor, "#token")
        editor.execute_script("window.notReloaded = true")
        editor.get(f"{server.url}/edit#token={TOKEN}")
        wait_gone(editor, "#token")
        assert editor.execute_script("return window.notReloaded") is True, "the page was reloaded"
        assert editor.current_url == f"{server.url}/edit", "the token left the address bar"
        wait_text(editor, "#notice", "Edit token saved")
        click(editor, "button[aria-label='Edit Pub Classics']")
        wait_css(editor, "#f-title")
        assert "Ottawa" in editor.page_source
    finally:
        server.stop()
