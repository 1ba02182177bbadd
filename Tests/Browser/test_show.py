"""The show on the phones and the big screen: a picture round on the phones, the wager as its own
step, a paused clock nobody misses, a podium that builds up to the winner, and the projector's
sound choice kept."""
from conftest import PHONE, PROJECTOR, axe_check, shot, wait
from pages import Peer, click, el, els, join, local, wait_css, wait_gone, wait_text
from test_first_run import start
from test_projector_fit import TOKEN, png, upload

ACCENT = "rgb(255, 210, 63)"


def library_server(tmp_path):
    library = tmp_path / "library"
    library.mkdir()
    return start(tmp_path, library=library, edit_token=TOKEN, defaults={"shuffleOptions": False})


def test_phones_show_the_picture_or_say_where_to_look(tmp_path, browsers):
    server = library_server(tmp_path)
    try:
        on_phones = upload(server, png(320, 200, (40, 140, 200)))
        projector_only = upload(server, png(300, 200, (200, 120, 40)))
        answer_picture = upload(server, png(200, 300, (90, 160, 60)))
        options = ["Oslo", "Bergen", "Tromsø", "Stavanger"]
        questions = [
            {"kind": "choice", "category": "Art", "text": "Which city is this?", "options": options, "answer": 0,
             "media": {"image": on_phones, "alt": "A harbour with an opera house", "onPhones": True}},
            {"kind": "choice", "category": "Art", "text": "And this one?", "options": options, "answer": 1,
             "media": {"image": projector_only, "alt": "Wooden houses on a quay"},
             "revealMedia": {"image": answer_picture, "alt": "Bryggen in Bergen"}},
        ]
        host = Peer(server.url)
        host.send(type="create", questions={"title": "Pictures", "questions": questions},
                  settings={"readingTimeMs": 0, "timeLimitSeconds": 120, "closeWhenAllAnswered": False})
        code = host.until("created")["code"]
        phone = browsers.open(PHONE)
        join(phone, server.url, code, "Ada")
        wait_css(phone, ".lobby")

        host.send(type="start")
        picture = wait_css(phone, ".question .q-media img")
        assert picture.get_attribute("src").endswith(on_phones) and picture.get_attribute("alt") == "A harbour with an opera house"
        wait(phone, lambda d: d.execute_script("return document.querySelector('.q-media img').naturalWidth") == 320, "the picture did not load")
        assert not els(phone, "#big-screen")
        axe_check(phone, "player: picture on the phone")
        shot(phone, "player-picture-on-phone")

        host.send(type="reveal")
        wait_css(phone, ".result")
        host.send(type="next")
        hint = wait_css(phone, "#big-screen")
        assert "Look at the big screen" in hint.text and "Wooden houses on a quay" in hint.text, hint.text
        assert not els(phone, ".q-media"), "a projector-only picture showed on a phone"
        # The answer's picture never reaches a phone before the reveal.
        assert answer_picture not in phone.page_source
        axe_check(phone, "player: look at the big screen")
        shot(phone, "player-look-at-the-big-screen")
        host.close()
    finally:
        server.stop()


PACK = {"title": "Stakes night", "rounds": [
    {"title": "Stakes", "wager": True, "questions": [
        {"kind": "choice", "category": "Science", "text": "Symbol for gold?", "options": ["Au", "Ag", "Gd", "Go"], "answer": 0}]}]}


def test_the_stake_is_its_own_step_locked_in_before_the_answer(tmp_path, browsers):
    server = start(tmp_path, defaults={"shuffleOptions": False})
    try:
        host = Peer(server.url)
        # A reading time longer than the stakes take even on a loaded machine: the stakes are chosen
        # while the question is read, and the host opens the answers once they are in (`open_buzzers`).
        host.send(type="create", questions=PACK, settings={"readingTimeMs": 60000, "timeLimitSeconds": 60, "closeWhenAllAnswered": True})
        code = host.until("created")["code"]
        ada, bea, cy = browsers.open(PHONE), browsers.open(PHONE), browsers.open(PHONE)
        join(ada, server.url, code, "Ada")
        join(bea, server.url, code, "Bea", team="Owls")
        join(cy, server.url, code, "Cy", team="Owls")
        for phone in (ada, bea, cy):
            wait_css(phone, ".lobby")

        host.send(type="start")
        # Ada plays alone: "Your stake", quick picks of her maximum (1000: one question's points),
        # nothing picked for her, the answers waiting; the phone says it is a wager round.
        step = wait_css(ada, "#stake")
        assert el(ada, "#stake legend").text == "Your stake"
        assert "Wager round" in el(ada, ".qhead").text
        wait(ada, lambda d: [b.text.replace("\n", " ") for b in els(d, ".stake-pick")] == ["Nothing 0", "Half 500", "All 1,000", "Other …"],
             "the quick picks are not 0, half, all and other")
        assert not els(ada, ".stake-pick[aria-pressed='true']"), "a stake was picked for the player"
        assert not el(ada, "#lock-stake").is_enabled()
        assert all(not b.is_enabled() for b in els(ada, ".answers .answer"))
        axe_check(ada, "player: the stake step")
        shot(ada, "player-stake-step")
        click(ada, ".stake-pick[data-amount='500']")
        wait_text(ada, "#lock-stake", "Lock in 500 points")
        click(ada, "#lock-stake")
        locked = wait_css(ada, "#stake-locked")
        assert "Your stake: 500 points" in locked.text and "locked in" in locked.text
        assert el(ada, ".ready").text == "Get ready…", "the stake was not locked in during the reading time"
        # A reload keeps it (the server's state carries a teammate's stake, not one's own).
        ada.refresh()
        wait_text(ada, "#stake-locked", "500 points")
        axe_check(ada, "player: stake locked in")
        shot(ada, "player-stake-locked")

        # Bea stakes for the Owls, an amount of her own; Cy sees it and who placed it, and cannot change it.
        assert wait_css(bea, "#stake legend").text == "Your team's stake"
        click(bea, "#stake-other")
        wait_css(bea, "#stake-custom").send_keys("300")
        wait_text(bea, "#lock-stake", "Lock in 300 points")
        click(bea, "#lock-stake")
        wait_text(bea, "#stake-locked", "Your team's stake: 300 points (placed by you)")
        wait_text(cy, "#stake-locked", "Your team's stake: 300 points (placed by Bea)")
        assert not els(cy, "#stake"), "Cy could still place a second stake"
        assert not els(cy, "#change-stake")

        host.send(type="open_buzzers")
        # Answers open; all three get it wrong. Ada loses 500, the Owls 300: a minus sign, in the loss colour.
        for phone in (ada, bea, cy):
            click(phone, ".answers .answer.opt-1")
            wait_text(phone, "h1", "Locked in")
        assert "300 points" in el(cy, "#stake-locked").text
        host.send(type="reveal")
        gain = wait_css(ada, ".result .gain")
        assert gain.text == "−500 points" and "loss" in gain.get_attribute("class")
        assert gain.value_of_css_property("color") != ACCENT
        team = wait_css(bea, ".result .gain")
        assert team.text == "Your team: −300 points" and team.value_of_css_property("color") != ACCENT
        axe_check(ada, "player: a lost stake")
        shot(ada, "player-stake-lost")
        host.close()
    finally:
        server.stop()


def test_pause_podium_and_sound_on_the_big_screen(tmp_path, browsers):
    server = start(tmp_path, defaults={"shuffleOptions": False})
    players = []
    try:
        host = Peer(server.url)
        question = {"kind": "choice", "category": "Geo", "text": "Capital of Canada?", "options": ["Ottawa", "Toronto"], "answer": 0}
        host.send(type="create", questions={"title": "Finale", "questions": [question]},
                  settings={"readingTimeMs": 0, "timeLimitSeconds": 60, "closeWhenAllAnswered": False})
        code = host.until("created")["code"]
        display = browsers.open(PROJECTOR)
        display.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": """
            window.__notes = 0;
            const make = AudioContext.prototype.createOscillator;
            AudioContext.prototype.createOscillator = function () { window.__notes += 1; return make.call(this); };"""})
        display.get(f"{server.url}/display/{code}")
        wait_css(display, ".display-lobby .code")

        # Sound on, then another projector page: it is still on, and the lobby loop plays.
        click(display, "#sound")
        assert local(display, "buzzer.sound") is True
        display.get(f"{server.url}/display/{code}")
        wait_css(display, ".display-lobby .code")
        wait(display, lambda d: el(d, "#sound").get_attribute("aria-pressed") == "true", "the sound choice was forgotten")
        assert el(display, "#sound").text == "Sound on"
        wait(display, lambda d: d.execute_script("return window.__notes") >= 4, "no lobby loop after the page came back with sound on")

        phone = browsers.open(PHONE)
        join(phone, server.url, code, "Ada")
        wait_css(phone, ".lobby")
        ids = {"Ada": None}
        for name in ("Bea", "Cy"):
            players.append(Peer(server.url))
            players[-1].send(type="join", code=code, nickname=name)
            ids[name] = players[-1].until("joined")["player"]

        # A paused clock: the projector says it across the room, the phone says it plainly.
        host.send(type="start")
        wait_css(display, ".dq .qtext")
        wait_css(phone, ".answers .answer:enabled")
        host.send(type="pause")
        overlay = wait_css(display, "#paused")
        assert "Paused" in overlay.text
        size = display.execute_script("return parseFloat(getComputedStyle(document.querySelector('.paused-word')).fontSize) / innerHeight")
        assert size >= 0.1, f"the Paused word is {size:.0%} of the screen height"
        note = wait_css(phone, "#paused-note")
        assert "paused" in note.text.lower() and "the host stopped the clock" in note.text.lower()
        axe_check(display, "display: clock paused")
        shot(display, "display-paused")
        shot(phone, "player-paused")
        host.send(type="unpause")
        wait_gone(display, "#paused")
        wait_gone(phone, "#paused-note")

        # Distinct places, then the podium: 3rd, then 2nd, a drum roll, then 1st.
        click(phone, ".answers .answer.opt-0")
        host.send(type="reveal")
        host.until("reveal")
        for name, delta in (("Bea", 500), ("Cy", 200)):
            host.send(type="adjust", player=ids[name], delta=delta, reason="show test")
            host.until("ok")
        host.send(type="end")
        # Present, not yet shown (Selenium's "displayed" would wait for the entrance).
        wait(display, lambda d: els(d, ".display-ended .step-1"), "no podium")
        delays = display.execute_script("""
            return ['.step-3', '.step-2', '.step-1', '.drumroll'].map((css) => {
              const a = document.querySelector('.display-ended ' + css).getAnimations()[0];
              return a ? a.effect.getTiming().delay : null;
            });""")
        assert None not in delays and delays[0] < delays[1] < delays[3] < delays[2], f"podium order: {delays}"
        # The winner stays hidden at first.
        assert float(el(display, ".display-ended .step-1").value_of_css_property("opacity")) < 0.5
        wait(display, lambda d: d.execute_script("return document.getAnimations().every((a) => a.playState !== 'running')"),
             "the podium never finished", timeout=20)
        assert el(display, ".display-ended .step-1").value_of_css_property("opacity") == "1"
        assert "Ada" in el(display, ".display-ended .step-1").text

        # Reduced motion: no entrance, no drum roll, the whole podium at once.
        still = browsers.open(PROJECTOR)
        still.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-reduced-motion", "value": "reduce"}]})
        still.get(f"{server.url}/display/{code}")
        wait_css(still, ".display-ended .step-1")
        assert still.execute_script("return document.getAnimations().length") == 0
        assert all(e.value_of_css_property("opacity") == "1" for e in els(still, ".display-ended .step"))
        assert not el(still, ".drumroll").is_displayed()
        axe_check(still, "display: podium, reduced motion")
        host.close()
    finally:
        for peer in players:
            peer.close()
        server.stop()
