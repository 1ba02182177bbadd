"""A poll's reveal tells its story (issue 31, "Reveals that tell the story"): the most chosen option
stands out on the projector, and neither the projector nor the console ever says who "got it
right", since a poll has no right answer. The projector at 1280x720 in English and 1920x1080 in
Spanish; the console at 1366x768."""
from conftest import LAPTOP, PROJECTOR, axe_check, set_viewport, wait
from pages import Peer, click, console, el, els, wait_css, wait_text
from test_first_run import start
from test_i18n import display_language

POLL = {"kind": "poll", "category": "Food & Drink", "text": "Which crisps go best with a pint of bitter?",
        "options": ["Salt & vinegar", "Cheese & onion", "Prawn cocktail", "Smoky bacon", "Ready salted", "Worcester sauce"]}


def test_a_poll_reveal_marks_the_most_chosen_and_never_says_right(tmp_path, browsers):
    server = start(tmp_path, defaults={"shuffleOptions": False})
    players = []
    try:
        host, code = console(browsers, server.url, LAPTOP, questions={"title": "Pub poll", "questions": [POLL]},
                             settings={"readingTimeMs": 0, "timeLimitSeconds": 120, "closeWhenAllAnswered": False})
        display = browsers.open((1280, 720))
        display.get(f"{server.url}/display/{code}")
        wait_css(display, ".display-lobby .code")
        for name in ("Ada", "Bea", "Cy", "Dov"):
            peer = Peer(server.url)
            peer.send(type="join", code=code, nickname=name)
            peer.until("joined")
            players.append(peer)
        wait_text(host, ".livecount", "4")

        click(host, "#primary")  # start
        for peer, option in zip(players, (1, 1, 1, 4)):
            peer.until("question")
            peer.send(type="answer", question=0, answer={"kind": "poll", "option": option})
            peer.until("answer_ack")
        click(host, "#primary")  # close answers
        wait_css(host, "#reopen")
        click(host, "#primary")  # reveal

        # The projector: Cheese & onion (B) is the most chosen; nobody "got it right".
        for size, lang in (((1280, 720), "en"), (PROJECTOR, "es")):
            set_viewport(display, size)
            display_language(display, lang)
            wait_css(display, ".dq .bars")
            marked = els(display, ".dq .bars .bar.right")
            assert [e.get_attribute("class").split()[1] for e in marked] == ["opt-1"], [e.get_attribute("class") for e in marked]
            tick = el(display, ".dq .bars .bar.right .tick").text
            assert tick == ("★ most chosen" if lang == "en" else "★ la más elegida"), tick
            text = el(display, "body").text
            assert "right" not in text.lower() and "got it" not in text.lower(), text
            wait(display, lambda d: ("4 answers" if lang == "en" else "4 respuestas") in el(d, "body").text, f"no answer count in {lang}")
        axe_check(display, "display: a poll's reveal in Spanish at 1920x1080")

        # The console counts answers too, and says nothing of right ones.
        wait_text(host, ".lead", "4 answered.")
        assert "right" not in el(host, "main").text.lower()
    finally:
        for peer in players:
            peer.close()
        server.stop()
