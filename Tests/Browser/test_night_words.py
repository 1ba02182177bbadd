"""A player's night speaks the phone's language for every kind (issue 41, item 8): a league game with
a pin and a buzz question, then each phone's night at 375 px in French and in German. The pin reads
where it was and how far from the target in words, its key the target and how near counts; the buzz
reads the press's place and the host's mark. None of the results download's machine text shows
("2nd, not marked", "(0.3499, 0.5976) 0.3257 from target", "radius 0.08")."""
import json
import re
import urllib.request

from conftest import AXE_FINDINGS, EDIT_TOKEN, axe_check, wait
from pages import Peer, els, overflow, wait_css
from test_first_run import start
from test_kind_pin import map_png, upload
from test_your_night import touch_phone

PLAYERS = (("fr", "Amélie Lefèvre-Duchâteau", "phone-amelie-0001"), ("de", "Jürgen Müller-Lüdenscheidt", "phone-juergen-001"))
MACHINE = re.compile(r"not marked|from target|radius|\(0\.\d+, 0\.\d+\)|\b1st\b|\b2nd\b")


def test_a_night_words_pin_and_buzz_answers_in_the_phones_language(tmp_path, browsers):
    server = start(tmp_path, defaults={"nicknameMaxLength": 32})
    peers = []
    try:
        base = server.url
        image = upload(base, map_png())
        pack = {"title": "Cartes et buzzers", "questions": [
            {"kind": "pin", "category": "Géographie", "text": "Où est Vesoul ? Wo liegt Vesoul?", "target": {"x": 0.41, "y": 0.3},
             "radius": 0.08, "aspect": 1.6, "media": {"image": image, "alt": "Une carte"}},
            {"kind": "buzz", "category": "Capitales", "text": "Capitale de l’Australie ? Hauptstadt Australiens?", "answer": ["Canberra"]}]}
        host = Peer(base)
        peers.append(host)
        host.send(type="create", questions=pack, token=EDIT_TOKEN, league={"name": "Mardis au Lion d’Or"},
                  settings={"readingTimeMs": 0, "timeLimitSeconds": 120, "closeWhenAllAnswered": True})
        created = host.until("created")
        league, code = created["league"]["id"], created["code"]
        phones = {}
        for lang, name, device in PLAYERS:
            peer = Peer(base)
            peers.append(peer)
            peer.send(type="join", code=code, nickname=name, device=device)
            peer.until("joined")
            phones[lang] = peer
        host.send(type="start")
        # The pin: Amélie's far from Vesoul, Jürgen's on it.
        for lang, spot in (("fr", {"x": 0.3499, "y": 0.5976}), ("de", {"x": 0.41, "y": 0.3})):
            phones[lang].until("question")
            phones[lang].send(type="answer", question=0, answer={"kind": "pin", "pin": spot})
        host.until("answers_closed")
        host.send(type="reveal")
        host.until("reveal")
        host.send(type="next")
        # The buzz: Jürgen first and right; Amélie second, never marked.
        phones["de"].until("question")
        phones["de"].send(type="buzz", question=1)
        while not (message := phones["de"].until("buzz")).get("floor"):
            pass
        phones["fr"].send(type="buzz", question=1)
        while len(host.until("buzz").get("queue", [])) < 2:
            pass
        host.send(type="mark_buzz", right=True)
        host.until("reveal")
        host.send(type="end")
        host.until("ended")

        # The league lists the game once its last line is read back from the archive: a moment after `ended`.
        def listed(_):
            games = json.loads(urllib.request.urlopen(f"{base}/api/leagues/{league}", timeout=10).read())["games"]
            return games[0]["key"] if games else False
        key = wait(None, listed, "the league never listed the game")
        expected = {
            "fr": {"pin": ["de la cible", "depuis la gauche"], "pinKey": ["à moins de 8", "depuis la gauche"], "buzz": "Buzzé en 2e, sans note"},
            "de": {"pin": ["vom Ziel entfernt", "41 % von links, 30 % von oben"], "pinKey": ["im Umkreis von 8", "von links"],
                   "buzz": "Als 1. gebuzzert, richtig beantwortet"},
        }
        for lang, name, device in PLAYERS:
            phone = touch_phone(browsers, (375, 812))
            phone.get(f"{base}/league/{league}?lang={lang}")
            phone.execute_script("localStorage.setItem('buzzer.device', JSON.stringify(arguments[0]))", device)
            phone.get(f"{base}/league/{league}?lang={lang}&night={key}")
            wait(phone, lambda d: len(els(d, "#night-questions .night-q .q-answer strong")) == 2, "the night did not open")
            want = expected[lang]
            pin_card, buzz_card = els(phone, "#night-questions .night-q")
            answer = pin_card.find_element("css selector", ".q-answer strong").text.replace("\xa0", " ").replace("\u202f", " ")
            right = pin_card.find_element("css selector", ".q-right strong").text.replace("\xa0", " ").replace("\u202f", " ")
            assert all(part in answer for part in want["pin"]), (lang, answer)
            assert all(part in right for part in want["pinKey"]), (lang, right)
            said = buzz_card.find_element("css selector", ".q-answer strong").text.replace("\xa0", " ")
            assert said == want["buzz"], (lang, said)
            text = wait_css(phone, "#night-questions").text
            assert not MACHINE.search(text), (lang, MACHINE.search(text), text)
            assert overflow(phone) == [], (lang, overflow(phone))
            page = f"league: a night with a pin and a buzz ({lang}, 375 px)"
            axe_check(phone, page)
            assert AXE_FINDINGS[page] == [], AXE_FINDINGS[page]
    finally:
        for peer in peers:
            peer.close()
        server.stop()
