"""A number typed the way each language writes it (docs/web-languages.md, "Typing a number"): on a
German phone "1.824" is the year 1824 and "3,14" is 3.14; on a French phone "1 824" and "3,14"; on an
English one "1,824" and "3.14". Each phone (360 and 390 px, touch) locks in the number it meant and
is marked right at the reveal. Before, "," was always dropped: German "3,14" was 314."""
from conftest import LAPTOP
from pages import click, console, join, wait_css, wait_text
from test_first_run import start
from test_kind_pin import phone_at

YEAR = {"kind": "number", "category": "Musik", "text": "In which year did Beethoven's Ninth Symphony premiere in Vienna?",
        "answer": 1824, "plain": True}
PI = {"kind": "number", "category": "Mathématiques", "text": "π to two decimal places?", "answer": 3.14}
# name, phone size, browser language, what the player types for each question
PHONES = [
    ("Jürgen Müller-Lüdenscheidt", (390, 844), "de-DE,de;q=0.9", ("1.824", "3,14")),
    ("Bérénice Dubois-Lefèvre", (360, 740), "fr-FR,fr;q=0.9", ("1 824", "3,14")),
    ("Ada Lovelace-Byron", (360, 740), "en-GB,en;q=0.9", ("1,824", "3.14")),
]


def test_each_phone_reads_a_number_as_its_language_writes_it(tmp_path, browsers):
    server = start(tmp_path, defaults={"nicknameMaxLength": 32})
    try:
        host, code = console(browsers, server.url, LAPTOP, questions={"title": "Numbers", "questions": [YEAR, PI]},
                             settings={"readingTimeMs": 0, "timeLimitSeconds": 120, "closeWhenAllAnswered": True})
        phones = []
        for name, (width, height), language, _ in PHONES:
            phone = phone_at(browsers, width, height, language)
            join(phone, server.url, code, name)
            wait_css(phone, ".lobby .nick")
            phones.append(phone)
        wait_text(host, ".livecount", "3")
        click(host, "#primary")  # start
        for question in range(2):
            for phone, (name, _, _, typed) in zip(phones, PHONES):
                wait_css(phone, "#typed:enabled").send_keys(typed[question] + "\n")
                wait_css(phone, ".locked .mine")
            wait_text(host, "#primary", "Reveal")
            click(host, "#primary")
            for phone, (name, _, language, typed) in zip(phones, PHONES):
                wait_css(phone, ".result")
                tone = phone.execute_script("return document.querySelector('.result').className")
                assert "right" in tone.split(), f"{name} typed {typed[question]!r} in {language[:5]} and was marked {tone!r}"
            if question == 0:
                click(host, "#primary")  # next
    finally:
        server.stop()
