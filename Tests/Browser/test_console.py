"""The console a weekly host runs (issue 31, "A console that remembers the weekly host"): the last
game's league, team list and settings fill the create form again; a wager round shows each team's
stake as it comes in; the question's picture is on the console. At 1366x768, the console's size."""
import json
import urllib.request

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from conftest import axe_check, save_screenshot, wait
from pages import Peer, click, console, el, els, open_host, wait_css, wait_text
from test_first_run import start
from test_projector_fit import png

PICTURE_TOKEN = "console-picture-token-0123456789ab"

CONSOLE = (1366, 768)
TEAMS = ["Les Cervidés du Lac Bleu", "Quiztecas Aguiluchos", "Die Eulen von Köln-Deutz"]
LEAGUE = "Tuesdays at The Crown"


def upload_with(server, data):
    """Puts a picture in the library's media (POST /api/media, as the editor does)."""
    request = urllib.request.Request(f"{server.url}/api/media", data=data, method="POST",
                                     headers={"Authorization": f"Bearer {PICTURE_TOKEN}", "Content-Type": "application/octet-stream"})
    with urllib.request.urlopen(request, timeout=10) as answer:
        return json.loads(answer.read())["url"]


def snap(driver, name):
    """The console as it is, at its own size (reports/screenshots/NAME.png)."""
    save_screenshot(driver, name)


def form_values(host):
    """What the create form offers now, as the server would get it."""
    return host.execute_script("""
        const f = document.querySelector('form.setup');
        return { time: f.timeLimitSeconds.value, reading: f.readingSeconds.value, scoring: f.scoring.value,
                 podium: f.podiumSize.value, lateJoin: f.lateJoin.checked, teamMode: f.teamMode.checked,
                 teams: f.teamList.value, league: f.league.value };""")


def test_host_another_game_and_the_next_start_offer_the_last_league_teams_and_settings(tmp_path, browsers):
    server = start(tmp_path)
    try:
        host = browsers.open(CONSOLE)
        open_host(host, server.url)
        wait_css(host, "input[name=pack][value=pub-classics]")
        defaults = form_values(host)
        assert not els(host, "#remembered"), "a first start has nothing to offer again"

        # Game 1: a new league, a team list and settings that are not the server's defaults.
        click(host, "details.settings summary")
        for name, value in (("timeLimitSeconds", "45"), ("readingSeconds", "1.5"), ("podiumSize", "5")):
            field = el(host, f"#{name}")
            field.clear()
            field.send_keys(value)
        Select(el(host, "#scoring")).select_by_value("flat")
        click(host, "#lateJoin")
        click(host, "#teamMode")
        el(host, "#teamList").send_keys("\n".join(TEAMS))
        Select(el(host, "#league")).select_by_value("+new")
        wait_css(host, "#leagueName").send_keys(LEAGUE)
        click(host, "form.setup button[type=submit]")
        wait(host, lambda d: els(d, "#join-code, #setup-error"))
        assert not els(host, "#setup-error"), el(host, "#setup-error").text
        chosen = {"time": "45", "reading": "1.5", "scoring": "flat", "podium": "5", "lateJoin": not defaults["lateJoin"],
                  "teamMode": not defaults["teamMode"], "teams": "\n".join(TEAMS)}

        click(host, "#end")
        click(host, "#ask-confirm")
        league_id = wait_css(host, "#show-league").get_attribute("href").split("/league/")[1].split("?")[0]
        chosen["league"] = league_id
        host.find_element(By.XPATH, "//button[normalize-space()='Host another game']").click()

        # "Host another game" offers them again, with the settings open so the team list is in view.
        wait_css(host, "form.setup")
        wait(host, lambda d: form_values(d) == chosen, f"the form offers {form_values(host)}, not {chosen}")
        assert "last game" in wait_css(host, "#remembered").text
        assert el(host, "details.settings").get_attribute("open") is not None
        assert el(host, "#league option:checked").text == LEAGUE
        axe_check(host, "host: setup offering the last game")

        # The next start of the console: still offered.
        host.get(f"{server.url}/host")
        wait_css(host, "#remembered")
        wait(host, lambda d: form_values(d) == chosen, f"after a reload the form offers {form_values(host)}, not {chosen}")

        # The host can change them: the second game is created with what the form shows now.
        el(host, "#timeLimitSeconds").clear()
        el(host, "#timeLimitSeconds").send_keys("30")
        click(host, "form.setup button[type=submit]")
        wait_css(host, "#join-code")
        click(host, "#end")
        click(host, "#ask-confirm")
        click(host, "#host-another")
        wait(host, lambda d: els(d, "form.setup") and form_values(d) == {**chosen, "time": "30"}, "the changed setting was not kept")

        # "Start from the defaults" puts the server's defaults back.
        click(host, "#use-defaults")
        wait(host, lambda d: els(d, "form.setup") and not els(d, "#remembered") and form_values(d) == defaults,
             "the defaults did not come back")

        # A corrupt stored value is ignored, value by value, and never breaks the form.
        for stored in ('{"v":1,"settings":{"timeLimitSeconds":"lots","teams":"Owls","scoring":"fastest","podiumSize":99},"league":7}',
                       '{not json', '[]', '{"v":1,"settings":{"timeLimitSeconds":40,"teams":[3,"Owls",null]},"league":{"id":"gone"}}'):
            host.execute_script("localStorage.setItem('buzzer.lastGame.v1', arguments[0])", stored)
            host.get(f"{server.url}/host")
            wait_css(host, "input[name=pack][value=pub-classics]")
            values = form_values(host)
            if "40" in stored:
                assert values == {**defaults, "time": "40", "teams": "Owls"}, values
            else:
                assert values == defaults, (stored, values)
                assert not els(host, "#remembered")
    finally:
        server.stop()


# Where a thing is on screen at the page's scroll top: [top, bottom, height], or null.
RECT = """
window.scrollTo(0, 0);
const e = document.querySelector(arguments[0]);
if (!e) return null;
const r = e.getBoundingClientRect();
return [r.top, r.bottom, r.height, innerHeight, document.documentElement.scrollHeight];
"""


def test_the_console_shows_the_questions_picture_and_the_answers_without_losing_its_controls(tmp_path, browsers):
    (tmp_path / "library").mkdir()
    server = start(tmp_path, library=tmp_path / "library", edit_token=PICTURE_TOKEN)
    players = []
    try:
        wide = upload_with(server, png(1600, 1000, (40, 140, 200)))  # a landscape photo, larger than the console
        tall = upload_with(server, png(600, 1100, (90, 160, 60)))    # the answer's, a portrait
        question = {"kind": "choice", "category": "Kunst & Architektur",
                    "text": "Welche Stadt zeigt dieses Bild mit dem Opernhaus am Hafen und den Bergen dahinter?",
                    "options": ["Oslo, Norwegen", "Bergen, Vestland", "Tromsø, Troms og Finnmark", "Stavanger, Rogaland"], "answer": 1,
                    "media": {"image": wide, "alt": "Ein Hafen mit einem weißen Opernhaus"},
                    "revealMedia": {"image": tall, "alt": "Bryggen in Bergen"}}
        host, code = console(browsers, server.url, CONSOLE, questions={"title": "Bilderrätsel", "questions": [question]},
                             settings={"readingTimeMs": 0, "timeLimitSeconds": 120, "closeWhenAllAnswered": False})
        for name in ("Les Cervidés du Lac", "Quiztecas Aguiluchos"):
            peer = Peer(server.url)
            peer.send(type="join", code=code, nickname=name)
            peer.until("joined")
            players.append(peer)
        wait_text(host, ".livecount", "2")
        click(host, "#primary")  # start

        picture = wait_css(host, "#stage .host-media img")
        assert picture.get_attribute("src").endswith(wide) and picture.get_attribute("alt") == "Ein Hafen mit einem weißen Opernhaus"
        wait(host, lambda d: d.execute_script("return document.querySelector('.host-media img').naturalWidth") == 1600, "the picture did not load")
        wait_css(host, "#waiting li")
        img = host.execute_script(RECT, "#stage .host-media img")
        primary = host.execute_script(RECT, "#primary")
        assert img[2] >= 150, f"the picture is too small to see: {img}"
        assert primary[1] <= primary[3], f"the picture pushed the controls off the 1366x768 screen: {primary}"
        axe_check(host, "host: a picture question")
        snap(host, "console-picture-question-1366x768")

        click(host, "#primary")  # close answers
        wait_css(host, "#reopen")
        click(host, "#primary")  # reveal
        wait_css(host, ".answer-key")
        picture = wait_css(host, "#stage .host-media img")
        assert picture.get_attribute("src").endswith(tall), "the reveal did not show the answer's picture"
        assert picture.get_attribute("alt") == "Bryggen in Bergen"
        wait(host, lambda d: d.execute_script("return document.querySelector('.host-media img').naturalWidth") == 600, "the answer's picture did not load")
        img = host.execute_script(RECT, "#stage .host-media img")
        primary = host.execute_script(RECT, "#primary")
        assert img[2] >= 150 and primary[1] <= primary[3], f"picture {img}, controls {primary}"
        axe_check(host, "host: the answer's picture at the reveal")
        snap(host, "console-picture-reveal-1366x768")
    finally:
        for peer in players:
            peer.close()
        server.stop()


STAKES = {"title": "Stakes night", "rounds": [
    {"title": "Alles oder nichts", "wager": True, "questions": [
        {"kind": "choice", "category": "Science", "text": "Symbol for gold?", "options": ["Au", "Ag", "Gd", "Go"], "answer": 0}]}]}


def stake_rows(host):
    return [" ".join(li.text.split()) for li in els(host, "#stakes .stake-list li")]


def test_the_console_shows_each_teams_stake_once_placed_and_who_has_not_staked(tmp_path, browsers):
    server = start(tmp_path, defaults={"shuffleOptions": False})
    players = {}
    try:
        # A long reading time: the stakes come in while the question is read, before anyone answers.
        host, code = console(browsers, server.url, CONSOLE, questions=STAKES,
                             settings={"teamMode": True, "readingTimeMs": 30000, "timeLimitSeconds": 60})
        for name, team in (("Ada", TEAMS[0]), ("Bea", TEAMS[0]), ("Cy", TEAMS[1]), ("Zoë Brontë-Okonkwo", None)):
            peer = Peer(server.url)
            peer.send(type="join", code=code, nickname=name, **({"team": team} if team else {}))
            peer.until("joined")
            players[name] = peer
        wait_text(host, ".livecount", "4")
        click(host, "#primary")  # start: the wager question, still being read

        wait_text(host, "#stakes h2", "Stakes: 0 of 3 placed")
        assert stake_rows(host) == [f"{TEAMS[0]} no stake yet", f"{TEAMS[1]} no stake yet", "Zoë Brontë-Okonkwo no stake yet"], stake_rows(host)

        players["Bea"].until("question")
        players["Bea"].send(type="wager", question=0, amount=300)
        players["Bea"].until("ok")
        wait_text(host, "#stakes h2", "Stakes: 1 of 3 placed")
        assert stake_rows(host)[0] == f"{TEAMS[0]} 300 pts placed by Bea", stake_rows(host)
        players["Zoë Brontë-Okonkwo"].send(type="wager", question=0, amount=0)
        players["Zoë Brontë-Okonkwo"].until("ok")
        wait_text(host, "#stakes h2", "Stakes: 2 of 3 placed")
        assert stake_rows(host) == [f"{TEAMS[0]} 300 pts placed by Bea", f"{TEAMS[1]} no stake yet", "Zoë Brontë-Okonkwo 0 pts"], stake_rows(host)
        axe_check(host, "host: stakes in a wager round")
        snap(host, "console-stakes-1366x768")

        # A reloaded console shows them again (its state carries them), in German too.
        host.refresh()
        wait_text(host, "#stakes h2", "Stakes: 2 of 3 placed")
        Select(el(host, "#language")).select_by_value("de")
        wait_text(host, "#stakes h2", "Einsätze: 2 von 3 gesetzt")
        assert stake_rows(host)[0] == f"{TEAMS[0]} 300 Pkt. gesetzt von Bea", stake_rows(host)
    finally:
        for peer in players.values():
            peer.close()
        server.stop()
