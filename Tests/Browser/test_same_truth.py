"""Every screen shows the same truth (issue 31, "What to build" 3): when the host accepts a typed
answer or rejects one it accepted, undoes a reveal, renames, removes a player or adjusts a score, the projector (1280x720),
the console (1366x768) and the phones (360 and 390 px) show the new figures at once, not at the next
question. And the console's "Not answered yet" follows the room as it is: a phone that dropped
during the question is "reconnecting…", a removed player is gone."""
from conftest import axe_check, set_viewport, wait
from pages import Peer, click, console, el, join, local, wait_css, wait_text
from test_first_run import start

LAPTOP = (1366, 768)
PROJECTOR = (1280, 720)
BAND = {"kind": "text", "category": "Musique", "text": "Which band recorded Abbey Road in 1969?", "answer": ["The Beatles"]}
CAPITAL = {"kind": "choice", "category": "Géographie", "text": "What is the capital of Iceland?",
           "options": ["Reykjavík", "Oslo", "Helsinki", "Tallinn"], "answer": 0}
# The phones are the first two; the peers answer over the protocol.
NAMES = ["Bérénice Dubois-Lefèvre", "Jürgen Großmann", "Chidi Okonkwo", "Ingrid Sørensen", "Mateus Gonçalves"]


def game(tmp_path, browsers, questions, **settings):
    """A room with the console, the projector, two phones (360 and 390 px) and three peers joined."""
    server = start(tmp_path, defaults={"shuffleOptions": False})
    host, code = console(browsers, server.url, LAPTOP, questions={"title": "Tuesdays at The Crown", "questions": questions},
                         settings={"readingTimeMs": 0, "timeLimitSeconds": 120, "closeWhenAllAnswered": False, **settings})
    set_viewport(host, LAPTOP)
    display = browsers.open(PROJECTOR)
    display.get(f"{server.url}/display/{code}")
    wait_css(display, ".display-lobby .code")
    phones = []
    for name, size in zip(NAMES[:2], ((360, 740), (390, 844))):
        phone = browsers.open(size)
        join(phone, server.url, code, name)
        wait_text(phone, "h1", name)
        phones.append(phone)
    peers = []
    for name in NAMES[2:]:
        peer = Peer(server.url)
        peer.send(type="join", code=code, nickname=name)
        peer.until("joined")
        peers.append(peer)
    wait_text(host, ".players", NAMES[-1])
    return server, host, display, phones, peers


def answer_text(phone, text):
    field = wait_css(phone, "#typed")
    wait(phone, lambda d: field.is_enabled(), "answers never opened on the phone")
    field.send_keys(text + "\n")
    wait_css(phone, ".locked-seal")


def player_id(host, name):
    return host.execute_script(
        "return [...document.querySelectorAll('#who option')].find((o) => o.textContent === arguments[0])?.value", name)


def adjust(host, name, delta):
    if not el(host, ".adjust-box").get_attribute("open"):
        click(host, ".adjust-box summary")
    wait_css(host, "#who")
    host.execute_script("document.querySelector('#who').value = arguments[0]", player_id(host, name))
    el(host, "#delta").send_keys(str(delta))
    el(host, "#reason").send_keys("Bonus: best team name of the night")
    click(host, ".adjust button[type=submit]")


def finish(server, peers):
    for peer in peers:
        peer.close()
    server.stop()


def test_an_accepted_answer_reaches_the_projector_and_the_phone(tmp_path, browsers):
    server, host, display, (ada, bea), peers = game(tmp_path, browsers, [BAND])
    try:
        click(host, "#primary")  # start
        for peer, text in zip(peers, ("The Beatles", "the beatles", "The Rolling Stones")):
            peer.until("question")
            peer.send(type="answer", question=0, answer={"kind": "text", "text": text})
            peer.until("answer_ack")
        answer_text(ada, "Beatels")
        answer_text(bea, "Wings")
        wait_text(host, "#answered", "5")
        click(host, "#primary")  # close
        wait_css(host, "#reopen")
        click(host, "#primary")  # reveal
        wait_text(display, ".dq .meta", "2 of 5 got it right")
        wait_text(ada, ".result h1", "Not this time")

        click(host, "button[aria-label^='Accept'][aria-label*='eatels']")
        wait_text(host, ".lead", "3 of 5")
        wait_text(display, ".dq .meta", "3 of 5 got it right", "the projector kept its count after the host accepted an answer")
        axe_check(display, "display: a reveal after the host accepted a typed answer, 1280x720")
        wait_text(ada, ".result h1", "Correct")
        score = el(ada, ".result .stats .v").text
        assert score not in ("0", ""), f"the phone's score after the accept: {score!r}"

        # Taken back: every screen returns to the count before, and the pack's answers cannot be rejected.
        assert not host.find_elements("css selector", "button[aria-label^='Reject'][aria-label*='eatles']"), \
            "the console offers to reject one of the pack's own answers"
        click(host, "button[aria-label^='Reject'][aria-label*='eatels']")
        wait_text(host, ".lead", "2 of 5")
        wait(host, lambda d: d.find_elements("css selector", "button[aria-label^='Accept'][aria-label*='eatels']"),
             "the console does not offer to accept the rejected answer again")
        wait_text(display, ".dq .meta", "2 of 5 got it right", "the projector kept its count after the host rejected the answer")
        wait_text(ada, ".result h1", "Not this time")
        assert el(ada, ".result .stats .v").text == "0"
        axe_check(host, "console: a reveal after the host rejected an answer it had accepted, 1366x768")
    finally:
        finish(server, peers)


def play_to_board(host, display, phones, peers, board=True):
    """The choice question: the phones and Chidi right, Ingrid and Mateus wrong; then the leaderboard on every screen."""
    click(host, "#primary")  # start
    for peer, option in zip(peers, (0, 1, 2)):
        peer.until("question")
        peer.send(type="answer", question=0, answer={"kind": "choice", "option": option})
        peer.until("answer_ack")
    for phone in phones:
        click(phone, "button.opt-0")
        wait_css(phone, ".locked-seal")
    click(host, "#primary")  # close
    wait_css(host, "#reopen")
    click(host, "#primary")  # reveal
    wait_text(display, ".dq .meta", "3 of 5 got it right")
    if not board:
        return
    click_text(host, "button", "Show leaderboard")
    wait_css(display, ".display-board table")
    for phone in phones:
        wait_css(phone, ".board, table")


def click_text(driver, css, text):
    wait(driver, lambda d: d.execute_script(
        "const b = [...document.querySelectorAll(arguments[0])].find((e) => e.textContent.trim() === arguments[1]);"
        "if (b) b.click(); return !!b;", css, text), f"no {css} saying {text!r}")


def board_rows(driver):
    """The projector's leaderboard rows as text (read in one go: the board may be redrawn meanwhile)."""
    return driver.execute_script("return [...document.querySelectorAll('.display-board tbody tr')].map((r) => r.innerText)")


def test_an_adjusted_score_moves_the_projector_board_and_the_phones_rank(tmp_path, browsers):
    server, host, display, phones, peers = game(tmp_path, browsers, [CAPITAL, BAND])
    try:
        play_to_board(host, display, phones, peers)
        place = wait_css(phones[0], ".lead").text
        adjust(host, "Mateus Gonçalves", 5000)
        wait(display, lambda d: board_rows(d) and "Mateus Gonçalves" in board_rows(d)[0],
             "the projector's leaderboard did not follow the adjusted score")
        assert "5,000" in board_rows(display)[0], board_rows(display)
        # Bérénice's phone: her place moves down one, behind Mateus, and her table says so.
        wait(phones[0], lambda d: d.execute_script("return document.querySelector('.lead')?.innerText") not in (None, place),
             "the phone's rank did not follow the adjusted score")
        rows = phones[0].execute_script("return [...document.querySelectorAll('table.board tbody tr')].map((r) => r.innerText)")
        assert "Mateus Gonçalves" in rows[0], rows
        wait_text(host, "#stage", "5,000")
    finally:
        finish(server, peers)


def test_a_renamed_player_is_renamed_on_the_projector_board(tmp_path, browsers):
    server, host, display, phones, peers = game(tmp_path, browsers, [CAPITAL, BAND])
    try:
        play_to_board(host, display, phones, peers)
        click(host, "button[aria-label='Rename Chidi Okonkwo']")
        field = wait_css(host, "dialog.ask #rename-name")
        field.clear()
        field.send_keys("Chidinma Adébáyọ̀")
        click(host, "dialog.ask #ask-confirm")
        wait_text(host, ".players", "Chidinma Adébáyọ̀")
        wait(display, lambda d: any("Chidinma Adébáyọ̀" in row for row in board_rows(d)),
             "the projector's leaderboard kept the old name")
        wait_text(phones[1], ".board, table", "Chidinma Adébáyọ̀")
        wait_text(host, "#stage", "Chidinma Adébáyọ̀")
    finally:
        finish(server, peers)


def remove(host, name):
    click(host, f"button[aria-label='Remove {name}']")
    wait_css(host, "dialog.ask #kick-reason")
    click(host, "dialog.ask #ask-confirm")


def test_a_removed_player_leaves_the_projector_reveal_and_board(tmp_path, browsers):
    server, host, display, phones, peers = game(tmp_path, browsers, [CAPITAL, BAND])
    try:
        # On the reveal: Chidi was right; without him it is 2 of 4, on the projector and the console.
        play_to_board(host, display, phones, peers, board=False)
        remove(host, "Chidi Okonkwo")
        wait_text(display, ".dq .meta", "2 of 4 got it right", "the projector's reveal still counted a removed player")
        wait_text(host, ".lead", "2 of 4")
        # On the leaderboard: Ingrid leaves the projector's board and the phones' at once.
        click_text(host, "button", "Show leaderboard")
        wait(display, lambda d: any("Ingrid Sørensen" in row for row in board_rows(d)), "no leaderboard on the projector")
        remove(host, "Ingrid Sørensen")
        wait(display, lambda d: board_rows(d) and not any("Ingrid Sørensen" in row for row in board_rows(d)),
             "the projector's leaderboard kept a removed player")
        wait_text(display, ".display-board", "of 3")
        wait(phones[0], lambda d: "Ingrid Sørensen" not in el(d, "main").text, "a phone's leaderboard kept a removed player")
    finally:
        finish(server, peers)


def test_an_undone_reveal_leaves_the_projector_and_the_phones(tmp_path, browsers):
    server, host, display, phones, peers = game(tmp_path, browsers, [CAPITAL, BAND])
    try:
        play_to_board(host, display, phones, peers, board=False)
        wait_text(phones[0], ".result h1", "Correct")
        click(host, "#undo-reveal")
        wait_css(host, "dialog[open]")
        click(host, "#ask-confirm")
        wait(display, lambda d: "got it right" not in el(d, "main").text and "Time's up" in el(d, "main").text,
             "the projector kept the reveal after the host undid it")
        wait(phones[0], lambda d: not d.find_elements("css selector", ".result"), "the phone kept its result")
        wait_text(host, "#primary", "Reveal answer")
    finally:
        finish(server, peers)


def waiting_names(driver):
    return driver.execute_script("return [...document.querySelectorAll('.waiting-names li')].map((li) => li.textContent)")


def test_the_console_says_who_is_reconnecting_until_the_grace_ends(tmp_path, browsers):
    server, host, display, phones, peers = game(tmp_path, browsers, [CAPITAL, BAND], dropGraceMs=6000)
    try:
        click(host, "#primary")  # start
        for peer in peers:
            peer.until("question")
        peers[0].send(type="answer", question=0, answer={"kind": "choice", "option": 0})
        peers[0].until("answer_ack")
        wait_text(host, ".waiting-names", "Ingrid Sørensen")
        # Ingrid's phone drops during the question: the console says she is reconnecting.
        peers[1].close()
        wait_text(host, ".waiting-names", "Ingrid Sørensen: reconnecting…",
                  "the console did not say that a dropped phone is reconnecting")
        axe_check(host, "console: not answered yet with a reconnecting phone, 1366x768")
        # Her grace (6 s) ends: the room no longer waits for her, and the console says she is away.
        wait_text(host, ".waiting-names", "Ingrid Sørensen (away)", "the console kept \"reconnecting…\" past the grace")
        # Bérénice's phone dies (its browser closes) and she comes back on her seat: "reconnecting…", then her plain name.
        berenice = NAMES[0]
        seat = local(phones[0], "buzzer.player")
        phones[0].quit()
        wait_text(host, ".waiting-names", f"{berenice}: reconnecting…")
        back = Peer(server.url)
        peers.append(back)
        back.send(type="resume", code=seat["code"], token=seat["token"])
        back.until("joined")
        wait(host, lambda d: berenice in (names := waiting_names(d)) and f"{berenice}: reconnecting…" not in names
             and f"{berenice} (away)" not in names, "the console kept the mark after the phone came back")
    finally:
        finish(server, peers)


def test_a_removed_player_leaves_not_answered_yet_at_once(tmp_path, browsers):
    server, host, display, phones, peers = game(tmp_path, browsers, [CAPITAL, BAND])
    try:
        click(host, "#primary")  # start
        for peer in peers:
            peer.until("question")
        wait_text(host, ".waiting-names", "Mateus Gonçalves")
        wait_text(host, "#waiting h2", "(5)")
        remove(host, "Mateus Gonçalves")
        wait(host, lambda d: "Mateus Gonçalves" not in d.execute_script("return document.querySelector('#waiting').innerText"),
             "a removed player stayed under Not answered yet")
        wait_text(host, "#waiting h2", "(4)")
    finally:
        finish(server, peers)
