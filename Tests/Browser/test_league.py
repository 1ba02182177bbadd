"""Leagues (docs/league.md): three short games in one league, the first made from the host
console's create form; an alias joins two spellings of a team; a tie on points is broken by
average place; the phone's tables highlight "you" and your team; "your nights" lists exactly the
games that phone played; the projector's table pages through by itself at 1280x720."""
import json
import urllib.error
import urllib.request

from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.support.ui import Select

from conftest import EDIT_TOKEN, LAPTOP, PHONE, axe_check, set_viewport, shot, wait
from pages import Peer, click, el, els, join, open_host, wait_css, wait_gone, wait_text

LEAGUE = "crown-quiz"
PACK = {"title": "One question", "questions": [
    {"kind": "truefalse", "category": "Fun", "text": "Water is wet.", "answer": True}]}


def api(base, path, body=None, token=None):
    request = urllib.request.Request(f"{base}{path}", data=json.dumps(body).encode() if body is not None else None,
                                     headers={"Authorization": f"Bearer {token}"} if token else {},
                                     method="POST" if body is not None else "GET")
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())


def fresh_join(phone, base, code, name, team):
    """Joins the next game from the same phone: its seat in the last game is forgotten, its device id kept."""
    phone.execute_script("localStorage.removeItem('buzzer.player')")
    phone.get(f"{base}/join/{code}")
    wait_css(phone, "#nickname")

    def filled(d):
        # The form may be drawn again (the room's details arrive): start over if it was.
        try:
            for field, value in (("#team", team), ("#nickname", name)):
                box = el(d, field)
                box.clear()  # the page offers the last name and team again
                box.send_keys(value)
            if el(d, "#team").get_attribute("value") != team or el(d, "#nickname").get_attribute("value") != name:
                return False
            el(d, "#nickname").send_keys("\n")
            return True
        except StaleElementReferenceException:
            return False
    wait(phone, filled, "could not fill in the join form")
    wait_css(phone, ".lobby .nick")


def play_one_question(base, phones, answers, extra=0):
    """A league game made over the protocol: the phones join and answer True/False by tapping;
    `extra` players join over the protocol and do not answer (a long table for the projector)."""
    host = Peer(base)
    host.send(type="create", questions=PACK, token=EDIT_TOKEN, league={"id": LEAGUE},
              settings={"readingTimeMs": 0, "timeLimitSeconds": 120, "closeWhenAllAnswered": True, "scoring": "flat"})
    created = host.until("created")
    assert created["league"] == {"id": LEAGUE, "name": "Crown Quiz"}
    for (phone, name, team) in phones:
        fresh_join(phone, base, created["code"], name, team)
    others = []
    for n in range(extra):
        other = Peer(base)
        other.send(type="join", code=created["code"], nickname=f"Guest {n + 1:02}", team=f"Table {n % 6 + 1}")
        other.until("joined")
        others.append(other)
    host.send(type="start")
    for (phone, _, _), answer in zip(phones, answers):
        click(phone, f".answer.opt-{'true' if answer else 'false'}:enabled")
        wait_text(phone, ".locked h1", "Locked in")
    if not extra:
        host.until("answers_closed")
    host.send(type="reveal")
    host.until("reveal")
    host.send(type="end")
    host.until("ended")
    host.close()
    for other in others:
        other.close()
    return created["code"]


def test_three_games_make_one_league(server, browsers):
    base = server.url
    ada, bea = browsers.open(PHONE), browsers.open(PHONE)

    # Game 1 from the console: a new league, picked in the create form.
    host = browsers.open(LAPTOP)
    open_host(host, base)
    wait_css(host, "form.setup")
    Select(el(host, "#league")).select_by_value("+new")
    wait_css(host, "#leagueName").send_keys("Crown Quiz")
    axe_check(host, "host: setup with a new league")
    click(host, "form.setup button[type=submit]")
    code1 = wait_css(host, "#join-code").text.strip()
    join(ada, base, code1, "Ada", team="Owls")
    join(bea, base, code1, "Bea", team="Reds")
    for phone in (ada, bea):
        wait_css(phone, ".lobby .nick")
    wait_text(host, "#primary", "Start")
    click(host, "#primary")
    click(host, "#end")
    click(host, "#ask-confirm")
    # Nobody scored: both players and both teams share first place.
    link = wait_css(host, "#show-league")
    assert link.get_attribute("href").endswith(f"/league/{LEAGUE}?screen=projector")

    # Games 2 and 3: Ada's team now spells itself "The Owls"; Bea plays alone in game 3.
    play_one_question(base, [(ada, "Ada", "The Owls"), (bea, "Bea", "Reds")], [True, False])
    play_one_question(base, [(bea, "Bea", "Reds")], [True], extra=24)

    # Before the alias "Owls" and "The Owls" are two teams; the owner joins them.
    def table(period="tonight"):
        return next(t for t in api(base, f"/api/leagues/{LEAGUE}")["standings"]["tables"] if t["period"] == period)
    wait(ada, lambda _: table()["games"] == 3, "the third game never reached the standings")
    assert sorted(r["name"] for r in table()["teams"] if not r["name"].startswith("Table")) == ["Owls", "Reds", "The Owls"]
    # Changing the league needs the edit token: a phone's request without it is refused.
    try:
        api(base, f"/api/leagues/{LEAGUE}/aliases", {"kind": "team", "from": "Owls", "into": "The Owls"})
        raise AssertionError("an alias without the edit token was taken")
    except urllib.error.HTTPError as refused:
        assert refused.code == 401
    # The host's browser holds the host link's token: its league page lets it join the two.
    host.get(f"{base}/league/{LEAGUE}")
    wait_css(host, "#alias-form")
    Select(el(host, "#alias-from")).select_by_value("Owls")
    Select(el(host, "#alias-into")).select_by_value("The Owls")
    axe_check(host, "league: the owner's panel")
    click(host, "#alias-join")
    wait_text(host, "#aliases li", "Owls = The Owls")
    teams = table()["teams"]
    assert [(r["name"], r["games"], r["points"], r["rank"]) for r in teams[:2]] == [("The Owls", 2, 1, 1), ("Reds", 3, 1, 2)]
    # A tie on points (1 each), broken by average place: Ada 1.0, Bea 1.33.
    players = table()["players"]
    assert [(r["name"], r["points"], r["rank"]) for r in players[:2]] == [("Ada", 1, 1), ("Bea", 1, 2)]
    assert players[1]["averagePlace"] == 1.33
    # The guests scored nothing in game 3 and share its second place: one rank for all 24.
    assert {r["rank"] for r in players[2:]} == {3} and len(players) == 26

    # The phone: its own row and team highlighted, and its nights, exactly the games it played.
    ada.get(f"{base}/league/{LEAGUE}")
    wait_css(ada, ".league-table tr.me")
    buttons = els(ada, ".league-controls [aria-pressed]")
    assert [b.text for b in buttons][:5] == ["Tonight", "This week", "This month", "This season", "All time"]
    wait_text(ada, ".league-table tr.me", "The Owls")
    assert el(ada, "#my-standing").text == "You: 1st of 26 tonight"
    click(ada, "#period-season")
    wait_text(ada, "#my-standing", "this season")
    click(ada, "#period-tonight")
    nights = [li.get_attribute("data-game") for li in els(ada, "#nights li")]
    games = api(base, f"/api/leagues/{LEAGUE}")["games"]
    keys = {g["code"]: g["key"] for g in games}
    assert len(nights) == 2 and set(nights) == {keys[code1], keys[games[1]["code"]]}
    axe_check(ada, "league: phone, teams")
    shot(ada, "league-phone-teams")
    click(ada, "#kind-players")
    wait_text(ada, ".league-table caption", "Players")
    assert "Ada" in el(ada, ".league-table tr.me").text
    assert len(els(ada, ".league-table tr.me")) == 1
    axe_check(ada, "league: phone, players")

    bea.get(f"{base}/league/{LEAGUE}")
    wait_css(bea, "#nights li")
    assert len(els(bea, "#nights li")) == 3
    wait_text(bea, ".league-table tr.me", "Reds")
    # A night links to that game's results.
    click(bea, "#nights li a")
    wait_css(bea, "#game-players")
    assert "Bea" in el(bea, "#game-players").text
    axe_check(bea, "league: a game's results")

    # Someone else's phone lists no nights: they are keyed on the device id only that phone holds.
    other = browsers.open(PHONE)
    other.get(f"{base}/league/{LEAGUE}")
    wait_css(other, ".league-table")
    assert not els(other, "#nights li") and not els(other, "tr.me")

    # The projector: one big table at a time, turning by itself, nothing scrolling at 1280x720.
    projector = browsers.open((1280, 720))
    set_viewport(projector, (1280, 720))
    projector.get(f"{base}/league/{LEAGUE}?screen=projector")
    wait_css(projector, ".league-table caption")
    # Read in one go: the page redraws itself every few seconds.
    first = projector.execute_script("""
        return [document.querySelector('.league-table caption').textContent,
                document.querySelector('.league-table tbody tr').textContent,
                document.documentElement.scrollHeight <= window.innerHeight + 1]""")
    assert first[0] == "Tonight: Teams" and "The Owls" in first[1] and first[2], first
    # Phones find their nights from the projector's QR code of the league page.
    assert projector.execute_script("const i = document.querySelector('#league-qr'); return i.complete && i.naturalWidth > 0")
    qr = urllib.request.urlopen(f"{base}/api/leagues/{LEAGUE}/qr.svg", timeout=10)
    assert qr.headers["Content-Type"].startswith("image/svg+xml") and qr.headers["X-Buzzer-URL"].endswith(f"/league/{LEAGUE}")
    axe_check(projector, "league: projector")
    shot(projector, "league-projector")
    caption = "return document.querySelector('.league-table caption')?.textContent"
    wait(projector, lambda d: d.execute_script(caption) == "Tonight: Players", "the projector never turned the page", timeout=20)
    # 26 players do not fit one screen: the table is cut into pages, none of which scrolls.
    page = projector.execute_script("""
        return [document.querySelectorAll('.league-table tbody tr').length,
                document.querySelector('.league-page-note').textContent,
                document.documentElement.scrollHeight <= window.innerHeight + 1]""")
    assert 3 <= page[0] < 26 and page[2], page
    shot(projector, "league-projector-players")
