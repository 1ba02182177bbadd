"""The league on the big screen (issue 31: "the league's name is about 14 px in a top bar that does
not line up with the table; the QR code is about 130 px; after one night it cycles through 10
near-identical pages"): after one night with four teams (names in three scripts), at 1280x720 and 1920x1080, in English and
French, the league's name is the page's headline (large, its left edge on the tables'), the QR code
is at least a fifth of the screen's height, every team and player is on one page and the page does
not turn. (A table too long for one screen still pages: test_league.py.) With BUZZER_DOC_SHOTS=1 it
saves docs/screenshots/league-projector.png."""

from conftest import EDIT_TOKEN, axe_check, set_viewport, wait
from doc_shots import doc_shot
from pages import Peer, wait_css
from test_first_run import start

SIZES = [(1280, 720), (1920, 1080)]
LEAGUE = "Tuesdays at The Crown"
TEAMS = ["Les Cerveaux de la Rue Saint-Honoré", "Quizteam Aguilar-Fernández", "Οι Σοφοί της Πλάκας", "The Owls"]
PLAYERS = ["Amélie", "Bastien", "Carmen Aguilar-Fernández", "Dolores", "Σοφία Παπαδοπούλου", "Eve", "Finn", "Greta"]

MEASURE = """
const title = document.querySelector('h1'), table = document.querySelector('.league-table');
const qr = document.querySelector('#league-qr'), root = document.documentElement;
const visible = (e) => e && e.getBoundingClientRect().width > 1 && getComputedStyle(e).clip !== 'rect(0px, 0px, 0px, 0px)';
return {title: title?.textContent, titlePx: visible(title) ? parseFloat(getComputedStyle(title).fontSize) : 0,
        titleLeft: title?.getBoundingClientRect().left, tableLeft: table?.getBoundingClientRect().left,
        rowPx: parseFloat(getComputedStyle(document.querySelector('.league-table td')).fontSize),
        qr: qr && qr.complete && qr.naturalWidth > 0 ? qr.getBoundingClientRect().height : 0,
        rows: [...document.querySelectorAll('.league-table tbody tr')].map((r) => r.children[1].textContent),
        scrolls: root.scrollHeight > innerHeight + 1 || root.scrollWidth > innerWidth + 1, height: innerHeight};
"""


def one_night(server):
    """One league game over the protocol: eight players in four teams, distinct scores."""
    host = Peer(server.url)
    host.send(type="create", token=EDIT_TOKEN, league={"name": LEAGUE},
              questions={"title": "Week 1", "questions": [{"kind": "truefalse", "category": "Fun", "text": "Water is wet.", "answer": True}]},
              settings={"readingTimeMs": 0, "timeLimitSeconds": 120, "closeWhenAllAnswered": False})
    created = host.until("created")
    players = []
    for i, name in enumerate(PLAYERS):
        player = Peer(server.url)
        player.send(type="join", code=created["code"], nickname=name, team=TEAMS[i % len(TEAMS)])
        players.append((player, player.until("joined")["player"]))
    host.send(type="start")
    host.send(type="reveal")
    host.until("reveal")
    for i, (_, player) in enumerate(players):
        host.send(type="adjust", player=player, delta=100 * (i + 1), reason="league night")
        host.until("ok")
    host.send(type="end")
    host.until("ended")
    for peer, _ in players:
        peer.close()
    host.close()
    return created["league"]["id"]


def test_one_night_is_one_page_under_the_leagues_name_with_a_large_qr(tmp_path, browsers):
    server = start(tmp_path, defaults={"teamNameMaxLength": 40})
    try:
        league = one_night(server)
        projector = browsers.open(SIZES[0])
        for lang in ("en", "fr"):
            projector.get(f"{server.url}/league/{league}?screen=projector&lang={lang}")
            wait_css(projector, ".league-table caption")
            for size in SIZES:
                set_viewport(projector, size)
                wait(projector, lambda d: d.execute_script("return document.querySelector('#league-qr')?.complete"), "the QR code never loaded")
                m = projector.execute_script(MEASURE)
                where = f"at {size} in {lang}"
                assert m["title"] == LEAGUE, f"the headline is {m['title']!r} {where}"
                assert m["titlePx"] >= 0.06 * m["height"] and m["titlePx"] > 1.5 * m["rowPx"], f"the league's name is {m['titlePx']} px {where}"
                assert abs(m["titleLeft"] - m["tableLeft"]) <= 2, f"the headline starts at {m['titleLeft']}, the table at {m['tableLeft']} {where}"
                assert m["qr"] >= m["height"] / 5, f"the QR code is {m['qr']} px high {where}"
                assert sorted(m["rows"]) == sorted(TEAMS + PLAYERS), f"not everyone on one page {where}: {m['rows']}"
                assert not m["scrolls"], f"the page scrolls {where}"
                if lang == "en" and size == SIZES[0]:
                    doc_shot(projector, "league-projector")
            axe_check(projector, f"league: projector after one night ({lang})")

        # One page: nothing to turn (pages turn every 8 seconds, and only when there are several).
        pages = projector.execute_script("return document.querySelector('#main')?.dataset.pages")
        assert pages == "1", f"the table is cut into {pages} pages after one night"
    finally:
        server.stop()
