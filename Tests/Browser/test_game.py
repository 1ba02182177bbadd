"""One whole game in real browsers: host console, projector display and three phones."""
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys

from conftest import LAPTOP, PHONE, PROJECTOR, axe_check, set_viewport, shot, wait
from pages import click, el, els, open_host, overflow, join, local, no_alert, wait_css, wait_gone, wait_text

XSS = "<img src=x onerror=alert(1)>"


def test_whole_game(server, browsers):
    base = server.url

    # The host creates a room from the sample library with short timings.
    host = browsers.open(LAPTOP)
    open_host(host, base)
    wait_css(host, "input[name=pack][value=pub-classics]").click()
    axe_check(host, "host: setup")
    shot(host, "host-setup")
    click(host, "details.settings > summary")
    for field, value in (("#readingSeconds", "0.5"), ("#timeLimitSeconds", "90")):
        box = el(host, field)
        box.clear()
        box.send_keys(value)
    click(host, ".setup button[type=submit]")
    code = wait_css(host, "#join-code").text.strip()
    assert len(code) == 6, code
    assert wait(host, lambda d: d.execute_script(
        "const i = document.querySelector('.qr img'); return i && i.complete && i.naturalWidth > 0"), "QR code did not load")

    # The projector shows the code and the QR code.
    display = browsers.open(PROJECTOR)
    display.get(f"{base}/display/{code}")
    assert wait_css(display, ".display-lobby .code").text == code
    assert wait(display, lambda d: d.execute_script(
        "const i = document.querySelector('.display-lobby .qr img'); return i && i.complete && i.naturalWidth > 0"))

    # Three phones join; the join form holds at 200% text on a 360 px phone.
    ada, bea, eve = browsers.open(PHONE), browsers.open(PHONE), browsers.open(PHONE)
    ada.get(f"{base}/join/{code}")
    wait_css(ada, "#nickname")
    axe_check(ada, "player: join form")
    shot(ada, "player-join")
    ada.execute_script("document.documentElement.style.fontSize = '200%'")
    assert not overflow(ada), "join form scrolls sideways at 200% text"
    shot(ada, "player-join-200pct-text")
    ada.execute_script("document.documentElement.style.fontSize = ''")
    join(ada, base, code, "Ada")
    join(bea, base, code, "Bea", team="Owls")
    join(eve, base, code, XSS)
    for phone, name in ((ada, "Ada"), (bea, "Bea"), (eve, XSS)):
        assert wait_css(phone, ".lobby .nick").text == name

    # Player text is shown literally everywhere, never run as HTML.
    wait(host, lambda d: len(els(d, ".players li")) == 3, "host never listed 3 players")
    names = [e.text for e in els(host, ".players .pname > span:first-child")]
    assert XSS in names, names
    wait_text(display, "#joined-count", "3")
    for page in (host, display, eve):
        assert no_alert(page)
        assert not els(page, "img[src='x']")

    # The lobby, checked and captured on every page; reduced motion stops the pulse.
    axe_check(ada, "player: lobby")
    axe_check(host, "host: lobby")
    axe_check(display, "display: lobby")
    set_viewport(host, PHONE)
    host.execute_script("document.documentElement.style.fontSize = '200%'")
    assert not overflow(host), f"host lobby scrolls sideways at 200% text: {overflow(host)}"
    host.execute_script("document.documentElement.style.fontSize = ''")
    set_viewport(host, LAPTOP)
    shot(ada, "player-lobby")
    shot(host, "host-lobby")
    shot(display, "display-lobby")
    ada.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-reduced-motion", "value": "reduce"}]})
    assert ada.execute_script("return getComputedStyle(document.querySelector('.pulse')).animationName") == "none"

    # Question 1 (choice; the right answer is D, Ottawa).
    click(host, "#primary")
    for phone in (ada, bea, eve):
        wait_css(phone, ".answer.opt-3:enabled")
    wait_css(display, ".dq .answer.opt-3")
    axe_check(bea, "player: question")
    axe_check(host, "host: question")
    axe_check(display, "display: question")
    shot(bea, "player-question")
    shot(host, "host-question")
    shot(display, "display-question")
    eve.execute_script("document.documentElement.style.fontSize = '200%'")
    assert not overflow(eve), f"question scrolls sideways at 200% text: {overflow(eve)}"
    shot(eve, "player-question-200pct-text")
    eve.execute_script("document.documentElement.style.fontSize = ''")

    # Ada answers with the keyboard.
    el(ada, ".answer.opt-3").send_keys(Keys.ENTER)
    wait_text(ada, "h1", "Locked in!")
    axe_check(ada, "player: locked in")
    shot(ada, "player-locked")
    wait_text(host, "#answered", "1")

    # Bea reloads in the middle of the question and resumes it with a rotated token.
    token = local(bea, "buzzer.player")["token"]
    bea.refresh()
    wait_css(bea, ".answer.opt-0:enabled")
    assert local(bea, "buzzer.player")["token"] != token
    assert "Question 1 of" in el(bea, ".eyebrow").text
    click(bea, ".answer.opt-0")
    wait_text(bea, "h1", "Locked in!")
    click(eve, ".answer.opt-3")

    # Everyone answered, so answers close; the host reveals with the space bar.
    wait_text(host, "#primary", "Reveal answer")
    ActionChains(host).send_keys(Keys.SPACE).perform()
    assert wait_text(ada, ".result h1", "Correct!")
    assert wait_text(bea, ".result h1", "Not this time")
    assert wait_text(eve, ".result h1", "Correct!")
    assert "Ottawa" in el(ada, ".answer-was").text
    wait_css(display, ".dq .bars .bar.right")
    wait_css(host, "#stage .bars")
    axe_check(ada, "player: result")
    axe_check(host, "host: reveal")
    axe_check(display, "display: reveal")
    shot(ada, "player-result-right")
    shot(bea, "player-result-wrong")
    shot(host, "host-reveal")
    shot(display, "display-reveal")

    # The leaderboard, on the projector and the phones.
    click(host, "#stage .controls button:nth-child(2)")
    board = wait_css(display, ".display-board .board")
    rows = [r.text for r in els(display, ".display-board .board:not(.teams) tbody tr")]
    assert len(rows) == 3 and "Bea" in rows[2], rows
    assert any(XSS in r for r in rows), rows
    wait_css(ada, ".board")
    assert board
    axe_check(display, "display: leaderboard")
    axe_check(ada, "player: leaderboard")
    axe_check(host, "host: leaderboard")
    shot(display, "display-leaderboard")
    shot(ada, "player-leaderboard")
    shot(host, "host-leaderboard")

    # End game says what it does beside it, and asks first: a stray click (or Cancel) changes nothing.
    assert "stops the game now" in el(host, "#end-note").text
    assert el(host, "#end").get_attribute("aria-describedby") == "end-note"
    click(host, "#end")
    dialog = wait_css(host, "dialog.ask")
    assert "End the game now?" in dialog.text and "cannot be undone" in dialog.text
    axe_check(host, "host: confirm end")
    click(host, "dialog.ask button[value=cancel]")
    wait_gone(host, "dialog.ask")
    assert not els(ada, ".podium")
    click(host, "#end")
    click(host, "#ask-confirm")
    for page in (host, display, ada, bea, eve):
        wait_css(page, ".podium")
    assert "1st" in el(ada, ".final-rank").text or "1st" in el(eve, ".final-rank").text
    assert "3rd" in el(bea, ".final-rank").text
    axe_check(host, "host: ended")
    axe_check(display, "display: podium")
    axe_check(ada, "player: podium")
    shot(host, "host-ended")
    shot(display, "display-podium")
    shot(ada, "player-podium")
    set_viewport(host, PHONE)
    assert not overflow(host), overflow(host)
    for page in (host, display, ada, bea, eve):
        assert no_alert(page)
