"""Lock in on the first screen of a 360×740 phone (issue 41, item 6): a pin question and a buzz
question's typed answer, each with a picture and long texts, on phones in German and French. The pin's
instructions are one short line, the rest folded under Lock in; the floor holder's big button gives way
to the answer; a phone that comes back after the close shows the picture and no pin instructions under
"Time's up"."""
from conftest import AXE_FINDINGS, axe_check, wait
from doc_shots import doc_shot
from pages import Peer, click, el, els, wait_css, wait_text
from test_first_run import start
from test_kind_pin import map_png, phones_in_lobby, picture_ready, spot, touch, upload

PIN_TEXT = ("Wo liegt die Hauptstadt des Départements Haute-Saône? Setze deine Nadel so genau wie möglich auf Vesoul, "
            "la préfecture.")
BUZZ_TEXT = "Quelle ville de Franche-Comté, préfecture de la Haute-Saône, voyez-vous sur cette carte ? Welche Stadt ist das?"
NAMES = (("de", "Jürgen Müller-Lüdenscheidt"), ("fr", "Amélie Lefèvre-Duchâteau"))


def lock_in_view(phone, css):
    """Lock in's bottom and the screen's height, at the top of the page; the picture's height."""
    return phone.execute_script("""scrollTo(0, 0);
        const lock = document.querySelector(arguments[0]), img = document.querySelector('#pin-stage img, .q-media img');
        return [lock.getBoundingClientRect().bottom, innerHeight, img ? img.getBoundingClientRect().height : 0];""", css)


def assert_in_view(phone, css, what):
    bottom, height, picture = lock_in_view(phone, css)
    print(f"lock in {what}: bottom {bottom:.0f} of {height} px, picture {picture:.0f} px high")
    assert bottom <= height, (what, bottom, height)
    # The picture gave way, not away: still a fifth of the screen at least.
    assert picture >= 0.2 * height - 1, (what, picture, height)


def clean(phone, page):
    axe_check(phone, page)
    assert AXE_FINDINGS[page] == [], (page, AXE_FINDINGS[page])


def test_lock_in_stays_in_view_for_a_pin_and_a_floor_holders_typed_answer(tmp_path, browsers):
    server = start(tmp_path, defaults={"nicknameMaxLength": 32})
    host = Peer(server.url)
    try:
        image = upload(server.url, map_png())
        media = {"image": image, "alt": "Une carte de la France avec ses rivières", "onPhones": True}
        pack = {"title": "Cartes", "questions": [
            {"kind": "pin", "category": "Geografie und Landeskunde", "text": PIN_TEXT, "target": {"x": 0.6, "y": 0.35}, "radius": 0.05,
             "aspect": 1.6, "media": media},
            {"kind": "buzz", "category": "Géographie de la France", "text": BUZZ_TEXT, "answer": ["Vesoul"], "media": media}]}
        host.send(type="create", questions=pack, settings={"readingTimeMs": 0, "timeLimitSeconds": 120})
        code = host.until("created")["code"]
        phones = phones_in_lobby(browsers, server.url, code, NAMES, 360, 740)
        host.send(type="start")

        # The pin: one short line above the picture, Lock in under it on the first screen, before and after a pin.
        for lang, phone in phones.items():
            wait(phone, picture_ready, "the phone never showed the picture")
            wait(phone, lambda d: lock_in_view(d, "#lock-pin")[2] > 0, "the picture has no size")
            assert_in_view(phone, "#lock-pin", f"pin ({lang})")
            assert not el(phone, "details.pin-more").get_attribute("open")
        de, fr = phones["de"], phones["fr"]
        touch(de, "touchStart", [spot(de, 0.6, 0.35)])
        touch(de, "touchEnd", [])
        wait_text(de, "#pin-status", "von links")
        assert_in_view(de, "#lock-pin", "pin placed (de)")
        clean(de, "player: pin question on a 360×740 phone (de)")
        de.execute_script("scrollTo(0, 0)")
        doc_shot(de, "pin-phone")
        # The help is one tap away, under Lock in.
        click(fr, "details.pin-more summary")
        wait_text(fr, "#pin-help", "Clavier")
        clean(fr, "player: pin question with its help open (fr)")
        click(de, "#lock-pin")
        wait_css(de, ".locked")

        # The close: the French phone never pinned; it comes back (a reload) to "Time's up" and the picture, no instructions.
        host.send(type="close")
        host.until("answers_closed")
        fr.refresh()
        wait_text(fr, ".question .ready", "Temps écoulé")
        wait(fr, picture_ready, "the picture did not come back")
        assert not els(fr, "#pin-help") and not els(fr, "#pin-status") and not els(fr, "#lock-pin"), el(fr, "#main").text
        assert "Touchez" not in el(fr, "#main").text, el(fr, "#main").text
        clean(fr, "player: pin question back after the close (fr)")
        host.send(type="reveal")
        host.until("reveal")
        host.send(type="next")

        # The buzz: each phone in turn holds the floor, with the picture, and types its answer with Lock in in view.
        for lang, phone in phones.items():
            wait(phone, lambda d: d.execute_script("const b = document.querySelector('#buzz'); return !!b && !b.disabled"), "the buzzers never opened")
        click(de, "#buzz")
        wait_text(de, "#buzz-status", "Du bist")
        click(fr, "#buzz")
        for n, (lang, phone) in enumerate(phones.items()):
            wait_css(phone, ".typed .lock-in")
            wait(phone, lambda d: d.execute_script("const i = document.querySelector('.q-media img'); return !!i && i.complete && i.naturalWidth > 0"),
                 "the buzz question's picture did not load")
            assert not els(phone, "#buzz")
            assert_in_view(phone, ".typed .lock-in", f"buzz floor ({lang})")
            clean(phone, f"player: buzz floor with a picture on a 360×740 phone ({lang})")
            if n == 0:
                host.send(type="mark_buzz", right=False)
    finally:
        host.close()
        server.stop()
