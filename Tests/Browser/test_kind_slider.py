"""A slider question end to end: two phones at 360×740 drag a range input and lock in, and the
projector at 1920×1080 draws every guess on the scale at the reveal, with the answer and its band."""
from conftest import LAPTOP, wait
from pages import click, console, el, els, join, new_question, overflow, saved_question, wait_css, wait_text
from test_first_run import start
from test_kind_pin import phone_at


def drag_to(phone, value):
    """Moves the phone's range input to `value` as a drag does (an input event per change)."""
    phone.execute_script("""const i = document.querySelector('.slider-input'); i.value = arguments[0];
        i.dispatchEvent(new Event('input', { bubbles: true }));""", value)


def test_a_slider_question_on_two_phones_then_every_guess_on_the_projector(tmp_path, browsers):
    server = start(tmp_path)
    try:
        pack = {"title": "Sliders", "questions": [
            {"kind": "slider", "category": "Science", "text": "At what °C does water boil on Everest's top, roughly?",
             "min": 0, "max": 100, "step": 5, "answer": 70, "tolerance": 5}]}
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
        wait_text(big, ".dq .meta", "Slide on your phone: 0 to 100")
        for phone, value in ((ada, 70), (bob, 20)):
            slider = wait_css(phone, ".slider-input")
            assert (slider.get_attribute("min"), slider.get_attribute("max"), slider.get_attribute("step")) == ("0", "100", "5")
            assert overflow(phone) == []
            drag_to(phone, value)
            wait_text(phone, ".slider-value", str(value))
            el(phone, ".slider-lock").click()
            wait_text(phone, ".locked .mine", str(value))

        wait_text(host, "#primary", "Reveal")
        click(host, "#primary")
        wait_text(ada, ".result h1", "Correct")
        wait(big, lambda d: len(els(d, ".slider-reveal .slider-guess")) == 2, "the projector did not draw both guesses")
        assert len(els(big, ".slider-reveal .slider-guess.right")) == 1
        assert len(els(big, ".slider-reveal .slider-answer")) == 1 and len(els(big, ".slider-reveal .slider-band")) == 1
        wait_text(big, ".slider-reveal strong", "70 ± 5")
        assert big.execute_script("return document.documentElement.scrollHeight <= window.innerHeight + 1")
    finally:
        server.stop()


def test_the_editor_writes_a_slider_scale(tmp_path, browsers):
    library = tmp_path / "library"
    library.mkdir()
    server = start(tmp_path, library=library)
    try:
        editor = browsers.open(LAPTOP)
        new_question(editor, server.url, "Sliders", "slider", "Science", "Boiling point on Everest?")
        for key, value in (("max", "120"), ("step", "5"), ("answer", "70"), ("tolerance", "5")):
            field = wait_css(editor, f"input[data-path$='.{key}']")
            field.clear()
            field.send_keys(value)
        click(editor, "#save")
        wait_text(editor, "#notice", "Saved as")
        question = saved_question(library)
        assert (question["kind"], question["min"], question["max"], question["step"], question["answer"], question["tolerance"]) == ("slider", 0, 120, 5, 70, 5), question
    finally:
        server.stop()
