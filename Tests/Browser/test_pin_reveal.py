"""The pin reveal read from the back of a bar (issue 41, item 5): ten pins close together on the
projector at 1920×1080 and 1280×720. The closest-pins list is as large as the number reveal's (at least
half the question's text; it was a quarter), the map takes most of the screen's width beside it (it
took a third), and the five numbered labels never overlap one another, however close their pins."""
import itertools

from conftest import AXE_FINDINGS, axe_check, set_viewport, shot, wait
from doc_shots import doc_shot
from pages import Peer, els
from test_first_run import start
from test_kind_pin import map_png, upload

NAMES = ["Ada Lovelace-Byron of Ockham", "Jürgen Müller-Lüdenscheidt", "Les Renards du Lac", "Zoë", "Quiztecas Aguiluchos",
         "Bea", "Cy", "Dot", "Eve", "Fin"]
TARGET = {"x": 0.41, "y": 0.3}


def measure(display):
    return display.execute_script("""
        const px = (e) => parseFloat(getComputedStyle(e).fontSize);
        const f = document.querySelector('.dq .q-media'), i = f.querySelector('img');
        const box = f.getBoundingClientRect(), aspect = i.naturalWidth / i.naturalHeight;
        return {
          list: px(document.querySelector('.pin-closest li')), question: px(document.querySelector('.dq .qtext')),
          mapWidth: Math.min(box.width, box.height * aspect), width: innerWidth,
          labels: [...document.querySelectorAll('.pin-board .pin-label')].map((t) => { const r = t.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom, t.textContent]; }),
          fits: document.documentElement.scrollHeight <= innerHeight + 1 && document.documentElement.scrollWidth <= innerWidth + 1,
        };""")


def test_the_pin_reveal_reads_from_the_bar_with_ten_close_pins(tmp_path, browsers):
    server = start(tmp_path, defaults={"nicknameMaxLength": 32})
    peers = []
    try:
        image = upload(server.url, map_png())
        pack = {"title": "Maps", "questions": [{"kind": "pin", "category": "Geography", "text": "Where is Paris? Put your pin on the city.",
                                               "target": TARGET, "radius": 0.06, "aspect": 1.6, "media": {"image": image, "alt": "A map of France"}}]}
        host = Peer(server.url)
        peers.append(host)
        host.send(type="create", questions=pack, settings={"readingTimeMs": 0, "timeLimitSeconds": 120, "closeWhenAllAnswered": True})
        code = host.until("created")["code"]
        players = []
        for name in NAMES:
            player = Peer(server.url)
            peers.append(player)
            player.send(type="join", code=code, nickname=name)
            player.until("joined")
            players.append(player)
        host.send(type="start")
        # Ten pins within 2% of the picture of one another, all around the target.
        for n, player in enumerate(players):
            player.until("question")
            spot = {"x": TARGET["x"] + 0.006 * (n % 4) - 0.009, "y": TARGET["y"] + 0.006 * (n // 4) - 0.006}
            player.send(type="answer", question=0, answer={"kind": "pin", "pin": spot})
        host.until("answers_closed")
        host.send(type="reveal")
        host.until("reveal")

        display = browsers.open((1920, 1080))
        display.get(f"{server.url}/display/{code}")
        for size in ((1920, 1080), (1280, 720)):
            set_viewport(display, size)
            wait(display, lambda d: len(els(d, ".pin-board .pin-dot")) == 10 and len(els(d, ".pin-board .pin-label")) == 5
                 and d.execute_script("return document.querySelector('.dq .q-media img').naturalWidth > 0"), "the reveal did not draw the pins")
            seen = measure(display)
            assert seen["fits"], (size, seen)
            print(f"pin reveal at {size}: list {seen['list']:.1f} px, question {seen['question']:.1f} px, map {seen['mapWidth']:.0f} of {seen['width']} px")
            # As large as the number reveal's list: at least half the question's text (it was 20.8 of 86 px).
            assert seen["list"] >= 0.5 * seen["question"], (size, seen["list"], seen["question"])
            # The map takes the height the question leaves and most of the width beside its list (it had a third).
            assert seen["mapWidth"] >= 0.5 * seen["width"], (size, seen["mapWidth"], seen["width"])
            assert [label[4] for label in seen["labels"]] == ["1", "2", "3", "4", "5"], seen["labels"]
            for a, b in itertools.combinations(seen["labels"], 2):
                assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1], (size, a, b)
        page = "display: pin reveal with ten close pins (1280)"
        axe_check(display, page)
        assert AXE_FINDINGS[page] == [], AXE_FINDINGS[page]
        shot(display, "pin-reveal-crowded")
        doc_shot(display, "pin-reveal")
    finally:
        for peer in peers:
            peer.close()
        server.stop()
