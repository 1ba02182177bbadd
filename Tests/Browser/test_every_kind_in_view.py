"""Every kind's answer controls on the first screen of a 360×640 touch phone (issue 41): each kind the
server knows (/assets/kinds/names.json), with a long German or French question (~120 characters), six
options where the kind has options and a picture for the pin, on phones in German and French. Before
answering, every answer control and its Lock in lie inside the screen without scrolling; after
answering, the locked-in state does too."""
import json
import urllib.request

from conftest import AXE_FINDINGS, axe_check, wait
from pages import Peer, click, el, els, wait_css, wait_text
from test_first_run import start
from test_kind_pin import map_png, phones_in_lobby, picture_ready, spot, touch, upload

NAMES = (("de", "Jürgen Müller-Lüdenscheidt"), ("fr", "Amélie Lefèvre-Duchâteau"))
SIX_DE = ["Schwarzwälder Kirschtorte", "Frankfurter Kranz", "Bienenstich mit Vanillecreme", "Donauwelle",
          "Käsekuchen nach Omas Rezept", "Prinzregententorte"]
SIX_FR = ["Tarte Tatin aux pommes", "Paris-Brest", "Kouign-amann de Douarnenez", "Far breton aux pruneaux",
          "Clafoutis aux cerises", "Mille-feuille à la vanille"]


def questions(image):
    """One question of every kind, in the order a night might have them; texts of about 120 characters."""
    return [
        {"kind": "choice", "category": "Essen und Trinken", "answer": 0, "options": SIX_DE,
         "text": "Welche dieser Torten stammt ursprünglich aus dem Schwarzwald und wird traditionell mit Kirschwasser getränkt?"},
        {"kind": "multi", "category": "Gastronomie française", "answer": [0, 1, 4], "options": SIX_FR,
         "text": "Parmi ces desserts, lesquels sont nés dans une pâtisserie de Paris ou de ses environs, selon les historiens ?"},
        {"kind": "truefalse", "category": "Geografie", "answer": True,
         "text": "Der Bodensee grenzt an drei Staaten, nämlich Deutschland, Österreich und die Schweiz, hat aber keine feste Grenze."},
        {"kind": "text", "category": "Littérature", "answer": ["Victor Hugo", "Hugo"],
         "text": "Quel écrivain français a publié « Les Misérables » en 1862, alors qu'il vivait en exil sur l'île de Guernesey ?"},
        {"kind": "number", "category": "Geschichte", "answer": 1989,
         "text": "In welchem Jahr fiel die Berliner Mauer, nachdem Günter Schabowski die neue Reiseregelung verkündet hatte?"},
        {"kind": "poll", "category": "Goûts et couleurs", "options": SIX_FR,
         "text": "Si vous ne pouviez garder qu'un seul dessert pour le reste de votre vie, lequel choisiriez-vous sans hésiter ?"},
        {"kind": "order", "category": "Kuchen und Torten", "items": SIX_DE,
         "text": "Ordne diese Kuchen nach ihrer Beliebtheit in Deutschland, vom beliebtesten bis zum am wenigsten beliebten Kuchen."},
        {"kind": "survey", "category": "Sondage", "scoring": "popular",
         "text": "Citez un fromage que vous mettriez sans hésiter sur un plateau de fromages pour un dîner entre amis à la maison."},
        {"kind": "slider", "category": "Naturwissenschaft", "min": 0, "max": 100, "step": 5, "answer": 70, "tolerance": 5,
         "text": "Bei wie viel Grad Celsius kocht Wasser ungefähr auf dem Gipfel der Zugspitze, fast dreitausend Meter hoch?"},
        {"kind": "list", "category": "Cinéma", "answer": ["Prof", "Grincheux", "Joyeux", "Dormeur", "Timide", "Atchoum", "Simplet"], "max": 3,
         "text": "Citez trois des sept nains du film « Blanche-Neige et les Sept Nains » de Walt Disney, sorti en France en 1938."},
        {"kind": "pin", "category": "Geografie und Landeskunde", "target": {"x": 0.6, "y": 0.35}, "radius": 0.05, "aspect": 1.6,
         "media": {"image": image, "alt": "Une carte de la France avec ses rivières", "onPhones": True},
         "text": "Wo liegt die Hauptstadt des Départements Haute-Saône? Setze deine Nadel so genau wie möglich auf Vesoul, bitte."},
        {"kind": "buzz", "category": "Géographie de la France", "answer": ["Vesoul"],
         "text": "Quelle ville de Franche-Comté, préfecture de la Haute-Saône, est traversée par le Durgeon ? Buzzez vite !"},
    ]


# What a player touches to answer, by kind: the kind's inputs and its Lock in (folded help is not an answer control).
CONTROLS = ("section.question :is(.answers .answer, .answers .move, #typed, #litems, .lock-in, #lock-multi, #send-order, "
            ".slider-input, .slider-lock, #pin-stage, #buzz, form.typed button)")


def out_of_view(phone, css):
    """Each matched element whose bottom lies below the screen (at the top of the page), as [what, bottom, height];
    nothing shown at all is a miss too."""
    return phone.execute_script("""scrollTo(0, 0);
        const shown = [...document.querySelectorAll(arguments[0])].filter((e) => e.getClientRects().length);
        if (!shown.length) return [['nothing shown', 0, innerHeight]];
        return shown.map((e) => [e.id || e.className || e.tagName, Math.round(e.getBoundingClientRect().bottom), innerHeight])
          .filter(([, bottom, height]) => bottom > height);""", css)


def controls_count(phone):
    return phone.execute_script("return [...document.querySelectorAll(arguments[0])].filter((e) => e.getClientRects().length).length", CONTROLS)


def check_in_view(phone, css, what, misses):
    """Adds what lies below the screen to `misses`, so one run names every kind that fails."""
    missing = out_of_view(phone, css)
    print(what, "in view" if not missing else missing)
    if missing:
        misses.append((what, missing))


def clean(phone, page):
    axe_check(phone, page)
    assert AXE_FINDINGS[page] == [], (page, AXE_FINDINGS[page])


def answer(phone, kind):
    """Answers on the page, as a player would, by kind."""
    if kind in ("choice", "poll", "truefalse"):
        click(phone, ".answers .answer")
    elif kind == "multi":
        click(phone, ".answers .answer")
        click(phone, "#lock-multi")
    elif kind in ("text", "number", "survey"):
        el(phone, "#typed").send_keys({"text": "Victor Hugo", "number": "1989", "survey": "Comté"}[kind])
        click(phone, "form.typed .lock-in")
    elif kind == "order":
        for row in range(6):
            click(phone, f".order-row:nth-child({row + 1}) .answer")
        click(phone, "#send-order")
    elif kind == "slider":
        click(phone, ".slider-lock")
    elif kind == "list":
        el(phone, "#litems").send_keys("Prof\nJoyeux\nSimplet")
        click(phone, "form.typed button")
    elif kind == "pin":
        wait(phone, picture_ready, "the phone never showed the picture")
        touch(phone, "touchStart", [spot(phone, 0.6, 0.35)])
        touch(phone, "touchEnd", [])
        wait(phone, lambda d: d.execute_script("return !document.querySelector('#lock-pin').disabled"), "no pin placed")
        click(phone, "#lock-pin")


# The locked-in card: the padlock, "Locked in", the answer recorded, the hint (and "Change my answer" where allowed).
LOCKED = "section.locked > *, section.locked button"


def test_every_kinds_controls_and_lock_in_are_in_view_on_a_360x640_phone(tmp_path, browsers):
    server = start(tmp_path, defaults={"nicknameMaxLength": 32})
    host = Peer(server.url)
    try:
        with urllib.request.urlopen(f"{server.url}/assets/kinds/names.json") as response:
            kinds = json.loads(response.read())
        pack = questions(upload(server.url, map_png()))
        assert sorted(q["kind"] for q in pack) == sorted(kinds), kinds
        for q in pack:
            assert 105 <= len(q["text"]) <= 125, (q["kind"], len(q["text"]))
        host.send(type="create", questions={"title": "Kaffee und Kuchen", "questions": pack},
                  settings={"readingTimeMs": 0, "timeLimitSeconds": 300, "closeWhenAllAnswered": False, "shuffleOptions": False})
        code = host.until("created")["code"]
        phones = phones_in_lobby(browsers, server.url, code, NAMES, 360, 640)
        host.send(type="start")
        misses = []

        for n, q in enumerate(pack):
            kind = q["kind"]
            for lang, phone in phones.items():
                wait_text(phone, "h1.qtext", q["text"][:40])
                if kind == "pin":
                    wait(phone, picture_ready, "the phone never showed the picture")
                wait(phone, lambda d: controls_count(d) > 0, f"no controls for {kind}")
                check_in_view(phone, CONTROLS, f"{kind} before answering ({lang})", misses)
                if lang == "fr" or kind in ("pin", "order", "multi"):
                    clean(phone, f"player: {kind} question on a 360×640 phone ({lang})")
            if kind == "buzz":
                de, fr = phones["de"], phones["fr"]
                for phone in (de, fr):
                    wait(phone, lambda d: d.execute_script("const b = document.querySelector('#buzz'); return !!b && !b.disabled"),
                         "the buzzers never opened")
                click(de, "#buzz")
                wait_css(de, ".typed .lock-in")
                check_in_view(de, CONTROLS, "buzz floor (de)", misses)
                click(fr, "#buzz")
                wait_text(fr, "#buzz-status", "Vous êtes")
                check_in_view(fr, f"{CONTROLS}, #buzz-status", "buzz queued (fr)", misses)
                el(de, "#typed").send_keys("Vesoul")
                click(de, ".typed .lock-in")
                # A right typed answer wins the buzz: the floor holder's phone goes straight to its result.
                wait_css(de, "section.result")
                check_in_view(de, "section.result > *", "buzz answered (de)", misses)
                clean(fr, "player: buzz queue on a 360×640 phone (fr)")
                break
            for lang, phone in phones.items():
                answer(phone, kind)
                wait_css(phone, "section.locked")
                wait(phone, lambda d: not d.execute_script("return !!document.querySelector('section.locked h1')?.textContent.includes('…')"),
                     "the answer was never acknowledged")
                check_in_view(phone, LOCKED, f"{kind} locked in ({lang})", misses)
            clean(phones["de"], f"player: {kind} locked in on a 360×640 phone (de)")
            host.send(type="close")
            host.until("answers_closed")
            host.send(type="reveal")
            host.until("reveal")
            host.send(type="next")
            assert not els(phones["de"], "#main .field-error")
        assert misses == [], misses
    finally:
        host.close()
        server.stop()
