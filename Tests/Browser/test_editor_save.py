"""The editor's Save says what happened where the host is (issue 31, problem 9): at the bottom of a
long pack (many questions, many thousand pixels), a save, a refused save and a save that never
reached the server each show their words in view, at the Save button and in a fixed status that
screen readers announce (role=status). At 1366x768, in English and in German."""
import json
import urllib.request

from selenium.webdriver.common.keys import Keys

from conftest import wait
from pages import click, el, els, wait_css
from test_first_run import start
from test_i18n import display_language

TOKEN = "save-feedback-token-0123456789abcdef"
CONSOLE = (1366, 768)

# In view, shown, announced: the status's text when its whole box is inside the viewport.
IN_VIEW = """
const node = document.querySelector('#notice');
if (!node || node.hidden || node.getAttribute('role') !== 'status') return null;
const r = node.getBoundingClientRect(), style = getComputedStyle(node);
if (style.display === 'none' || style.visibility === 'hidden' || Number(style.opacity) < 0.5) return null;
return r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth && r.height > 0 ? node.textContent : null;
"""
# The words beside the Save button, when the button and they are both in view.
AT_BUTTON = """
const button = document.querySelector('#save'), note = document.querySelector('#save-note');
if (!button || !note || !note.textContent) return null;
const inView = (e) => { const r = e.getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight && r.height > 0; };
return inView(button) && inView(note) ? note.textContent : null;
"""


def long_pack(count):
    """A pack of `count` questions with long texts in several languages: a season's worth."""
    texts = ["Welche Stadt liegt an der Mündung der Elbe in die Nordsee, gleich neben Cuxhaven?",
             "Quelle est la capitale de la région Auvergne-Rhône-Alpes, au confluent du Rhône et de la Saône ?",
             "Which Lancashire town gave its name to a famous hotpot served in pubs across the North?"]
    questions = [{"kind": "choice", "category": "Geography", "text": f"{texts[i % 3]} ({i + 1})",
                  "options": ["Hamburg", "Lyon", "Lancaster", "Cuxhaven"], "answer": i % 4} for i in range(count)]
    return {"title": "Saison d'hiver: Quiz im Goldenen Hirsch", "rounds": [
        {"title": f"Round {r + 1}", "questions": questions[r * 10:(r + 1) * 10]} for r in range((count + 9) // 10)]}


def post_pack(server, pack):
    request = urllib.request.Request(f"{server.url}/api/packs", data=json.dumps(pack).encode(), method="POST",
                                     headers={"Authorization": f"Bearer {TOKEN}", "Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as answer:
        return json.loads(answer.read())["id"]


def to_bottom(editor):
    editor.execute_script("window.scrollTo(0, document.documentElement.scrollHeight)")
    wait(editor, lambda d: d.execute_script("return innerHeight + scrollY >= document.documentElement.scrollHeight - 2"), "not at the bottom")


def test_save_feedback_is_in_view_at_the_bottom_of_a_long_pack(tmp_path, browsers):
    library = tmp_path / "library"
    library.mkdir()
    server = start(tmp_path, library=library, edit_token=TOKEN)
    try:
        post_pack(server, long_pack(40))
        editor = browsers.open(CONSOLE)
        editor.get(f"{server.url}/edit#token={TOKEN}")
        click(editor, "button[aria-label^='Edit Saison']")
        wait(editor, lambda d: len(els(d, ".question-card")) == 40, "the pack did not open")
        height = editor.execute_script("return document.documentElement.scrollHeight")
        assert height > 10 * CONSOLE[1], f"the pack is only {height} px long"

        # A save that goes through, seen from the bottom of the page.
        to_bottom(editor)
        click(editor, "#save")
        said = wait(editor, lambda d: d.execute_script(IN_VIEW), "no save status in view after Save")
        assert "Saved" in said, said
        assert "Saved" in wait(editor, lambda d: d.execute_script(AT_BUTTON), "no words beside the Save button")

        # A refused save (the last question has no text): the status says so, in view, in German too.
        display_language(editor, "de")
        wait(editor, lambda d: len(els(d, ".question-card")) == 40, "the pack did not redraw in German")
        last = els(editor, "textarea[data-path$='.text']")[-1]
        editor.execute_script("arguments[0].scrollIntoView({block: 'center'})", last)
        last.send_keys(Keys.CONTROL, "a")
        last.send_keys(Keys.BACKSPACE)
        to_bottom(editor)
        click(editor, "#save")
        said = wait(editor, lambda d: (d.execute_script(IN_VIEW) or "").startswith("Nicht gespeichert") and d.execute_script(IN_VIEW),
                    f"no refusal in view after Save: {editor.execute_script(IN_VIEW)!r}")
        assert "1" in said, said

        # A save that never reaches the server (it is gone): the status says so, in view.
        display_language(editor, "en")
        wait(editor, lambda d: len(els(d, ".question-card")) == 40, "the pack did not redraw in English")
        server.stop()
        to_bottom(editor)
        click(editor, "#save")
        said = wait(editor, lambda d: (d.execute_script(IN_VIEW) or "").startswith("Not saved") and d.execute_script(IN_VIEW),
                    "no word in view when the server could not be reached")
        assert "server" in said, said
        assert not el(editor, "#save").get_attribute("disabled"), "Save stayed disabled after a failed save"
    finally:
        server.stop()
