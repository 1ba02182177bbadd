"""The whole night run from a phone: the host console's controls stay on screen at 360×740."""
from conftest import EDIT_TOKEN, axe_check, wait
from pages import Peer, click, el, els, wait_css, wait_text
from test_first_run import start

IN_VIEW = """
const r = document.getElementById(arguments[0]).getBoundingClientRect();
return r.top >= 0 && r.bottom <= window.innerHeight;"""


def test_a_host_on_a_phone_keeps_the_next_step_the_count_and_the_clock_in_view(tmp_path, browsers):
    server = start(tmp_path)
    try:
        peer = Peer(server.url)
        peer.send(type="create", pack="pub-classics", token=EDIT_TOKEN, settings={"readingTimeMs": 0, "timeLimitSeconds": 60})
        created = peer.until("created")
        code = created["code"]
        players = []
        for name in ["Ada", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"]:
            p = Peer(server.url)
            p.send(type="join", code=code, nickname=name)
            p.until("joined")
            players.append(p)
        host = browsers.open((360, 740))
        host.get(f"{server.url}/host#code={code}&token={created['hostToken']}")
        wait_css(host, "#join-code")
        wait(host, lambda d: len(els(d, ".players li")) == 8, "the host never listed the players")
        peer.close()
        click(host, "#primary")
        wait_css(host, ".qtext")
        players[0].send(type="answer", question=0, answer={"kind": "choice", "option": 0})
        wait_text(host, "#remote-count", "1/8")
        wait(host, lambda d: el(d, "#remote-clock").text.endswith(" s"), "no clock in the controls bar")
        for where in ("window.scrollTo(0, 0)", "document.querySelector('.players li:last-child').scrollIntoView()"):
            host.execute_script(where)
            assert host.execute_script(IN_VIEW, "primary"), f"the next step is off screen after {where}"
            assert host.execute_script(IN_VIEW, "remote-count"), f"the count is off screen after {where}"
        axe_check(host, "host: question on a phone")
        click(host, "#primary")  # Close answers, from the bottom of the player list
        wait_text(host, "#primary", "Reveal")
        for p in players:
            p.close()
    finally:
        server.stop()
