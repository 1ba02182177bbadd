"""A list question end to end: two phones at 360×740 type several items and lock them in; the
projector at 1920×1080 lists each accepted item with how many found it."""
from conftest import LAPTOP
from pages import click, console, el, els, join, new_question, overflow, saved_question, wait_css, wait_text
from test_first_run import start
from test_kind_pin import phone_at


def test_a_list_question_on_two_phones_then_each_item_counted_on_the_projector(tmp_path, browsers):
    server = start(tmp_path)
    try:
        pack = {"title": "Lists", "questions": [
            {"kind": "list", "category": "Films", "text": "Name three of the seven dwarfs",
             "answer": ["Doc", "Grumpy", "Happy", "Sleepy", "Bashful", "Sneezy", "Dopey"], "max": 3}]}
        host, code = console(browsers, server.url, LAPTOP, questions=pack,
                             settings={"readingTimeMs": 0, "timeLimitSeconds": 120, "closeWhenAllAnswered": True})
        big = browsers.open((1920, 1080))
        big.get(f"{server.url}/display/{code}")
        ada, bob = phone_at(browsers, 360, 740), phone_at(browsers, 360, 740)
        join(ada, server.url, code, "Ada")
        join(bob, server.url, code, "Bob")
        for phone in (ada, bob):
            wait_css(phone, ".lobby .nick")

        click(host, "#primary")  # start
        wait_text(big, ".dq .meta", "Type them on your phone")
        for phone, items in ((ada, "doc\nGRUMPY\nHappy"), (bob, "Dóc\nRudolph")):
            box = wait_css(phone, "#litems")
            wait_text(phone, "label[for=litems]", "max 3")
            assert overflow(phone) == []
            box.send_keys(items)
            el(phone, ".typed button").click()
            wait_text(phone, ".locked .mine", "doc" if phone is ada else "Dóc")

        wait_text(host, "#primary", "Reveal")
        click(host, "#primary")
        wait_text(ada, ".result h1", "Correct")
        wait_text(big, "ul.list", "Doc · 2")
        rows = [li.text for li in els(big, "ul.list li")]
        assert rows[:3] == ["Doc · 2", "Grumpy · 1", "Happy · 1"] and len(rows) == 7, rows
        assert big.execute_script("return document.documentElement.scrollHeight <= window.innerHeight + 1")
    finally:
        server.stop()


def test_the_editor_writes_a_list_and_its_maximum(tmp_path, browsers):
    library = tmp_path / "library"
    library.mkdir()
    server = start(tmp_path, library=library)
    try:
        editor = browsers.open(LAPTOP)
        new_question(editor, server.url, "Lists", "list", "Films", "Name two dwarfs")
        wait_css(editor, ".question-card [data-path$='.answer'] textarea, .question-card textarea[data-path$='.answer']").send_keys("Doc\nGrumpy\nHappy")
        el(editor, "input[data-path$='.max']").send_keys("2")
        click(editor, "#save")
        wait_text(editor, "#notice", "Saved as")
        question = saved_question(library)
        assert (question["kind"], question["answer"], question["max"]) == ("list", ["Doc", "Grumpy", "Happy"], 2), question
    finally:
        server.stop()
