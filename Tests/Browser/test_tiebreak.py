"""A tie on the podium settled by a tiebreak: a closest-number question for the tied players only."""
from conftest import PROJECTOR, axe_check, wait
from pages import Peer, click, console, el, els, join, wait_css, wait_text
from test_first_run import start

LAPTOP = (1280, 800)
PACK = {"title": "Short night", "rounds": [{"title": "Only", "questions": [
    {"kind": "truefalse", "category": "Fun", "text": "A piano has 88 keys.", "answer": True}]}]}


def test_a_podium_tie_is_settled_by_the_closest_number(tmp_path, browsers):
    server = start(tmp_path)
    try:
        host, code = console(browsers, server.url, LAPTOP, questions=PACK,
                             settings={"readingTimeMs": 0, "scoring": "flat", "timeLimitSeconds": 60})
        display = browsers.open(PROJECTOR)
        display.get(f"{server.url}/display/{code}")
        wait_css(display, ".display-lobby .code")
        ada, bea = browsers.open(), browsers.open()
        for phone, name in ((ada, "Ada"), (bea, "Bea")):
            join(phone, server.url, code, name)
            wait_css(phone, ".lobby")
        cy = Peer(server.url)
        cy.send(type="join", code=code, nickname="Cy")
        cy.until("joined")

        click(host, "#primary")  # Start
        for phone in (ada, bea):
            click(phone, ".answers .answer.opt-true")
        cy.send(type="answer", question=0, answer={"kind": "truefalse", "value": False})
        wait_text(host, "#primary", "Reveal")
        click(host, "#primary")
        wait_text(host, "#primary", "Next")
        click(host, "#primary")  # the final leaderboard

        # Ada and Bea share 1st: the console offers a tiebreak for exactly that tie.
        wait_text(host, ".ties", "Tied for 1st: ")
        click(host, "#tiebreak-players-1")
        wait_css(host, "dialog[open] #tb-text").send_keys("How many keys has a piano?")
        el(host, "#tb-answer").send_keys("88")
        click(host, "#ask-confirm")

        wait_css(ada, "#tiebreak")
        wait_css(bea, "#tiebreak")
        assert cy.until("tiebreak")["tiebreak"]["entrants"] == [
            {"id": 1, "name": "Ada", "team": False}, {"id": 2, "name": "Bea", "team": False}]
        wait_text(display, ".display-tiebreak .qtext", "How many keys")
        wait_text(host, ".answer-key", "88")
        axe_check(ada, "player: tiebreak")
        axe_check(host, "host: tiebreak")

        el(ada, "#tiebreak").send_keys("90\n")
        wait_text(ada, "h1", "Locked in")
        wait_text(display, "#tiebreak-answered", "1")
        el(bea, "#tiebreak").send_keys("80\n")

        # Both answered: Ada (2 off) beats Bea (8 off); the scores stay, the ranks part.
        wait_css(display, ".tiebreak-result")
        assert "Ada" in el(display, ".tiebreak-result tbody tr").text
        wait(host, lambda d: [r.text.split("\n")[0] for r in els(d, ".board tbody tr")][:1] != [], "no leaderboard on the console")
        wait_text(ada, ".lead", "You are 1st")
        wait_text(bea, ".lead", "You are 2nd")
        axe_check(display, "display: tiebreak result")
        click(host, "#primary")  # Finish game
        wait_css(display, ".display-ended")
        result = cy.until("ended")
        assert [(p["nickname"], p["rank"]) for p in result["podium"]["players"]] == [("Ada", 1), ("Bea", 2), ("Cy", 3)]
        cy.close()
    finally:
        server.stop()
