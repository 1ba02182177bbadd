"""Team mode: one answer per team. The first teammate's answer locks it in on every teammate's
phone, every member scores on it, and the team's one stake is shown to all of them."""
from conftest import axe_check, wait
from pages import Peer, click, el, els, join, wait_css, wait_text
from test_first_run import start

PACK = {"title": "Team night", "rounds": [
    {"title": "Warm-up", "questions": [
        {"kind": "choice", "category": "Geo", "text": "Capital of Canada?", "options": ["Ottawa", "Toronto"], "answer": 0}]},
    {"title": "Stakes", "wager": True, "questions": [
        {"kind": "choice", "category": "Science", "text": "Symbol for gold?", "options": ["Au", "Ag"], "answer": 0}]},
]}


def chip_score(driver):
    return el(driver, "#me .chip-score").text


def test_the_first_teammate_locks_the_teams_answer_and_stake(tmp_path, browsers):
    server = start(tmp_path)
    try:
        host = Peer(server.url)
        host.send(type="create", questions=PACK,
                  settings={"teamMode": True, "readingTimeMs": 0, "timeLimitSeconds": 60, "shuffleOptions": False})
        code = host.until("created")["code"]
        ada, bea = browsers.open(), browsers.open()
        for phone, name in ((ada, "Ada"), (bea, "Bea")):
            join(phone, server.url, code, name, team="Owls")
            wait_css(phone, ".lobby")
        rival = Peer(server.url)
        rival.send(type="join", code=code, nickname="Cy", team="Hawks")
        rival.until("joined")

        host.send(type="start")
        click(ada, ".answers .answer.opt-0")
        wait_text(bea, "h1", "Locked in by Ada", "Bea's phone did not lock in with Ada's answer")
        assert "Ottawa" in el(bea, ".mine").text
        axe_check(bea, "player: locked in by a teammate")
        rival.send(type="answer", question=0, answer={"kind": "choice", "option": 1})
        host.send(type="reveal")
        wait(ada, lambda d: els(d, ".result"), "no result for Ada")
        wait(bea, lambda d: els(d, ".result"), "no result for Bea")
        wait(bea, lambda d: chip_score(d) == chip_score(ada) and chip_score(d) != "0 pts", "Bea did not score on Ada's answer")

        host.send(type="next")  # the round's leaderboard
        host.send(type="next")  # the wager question
        click(bea, "#stake-other")
        wait_css(bea, "#stake-custom").send_keys("300")
        click(bea, "#lock-stake")
        wait_text(bea, "#stake-locked", "placed by you")
        click(bea, ".answers .answer.opt-0")
        wait_text(ada, "h1", "Locked in by Bea")
        wait_text(ada, "#stake-locked", "300")
        assert "placed by Bea" in el(ada, "#stake-locked").text
        host.close()
        rival.close()
    finally:
        server.stop()
