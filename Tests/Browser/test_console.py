"""The console a weekly host runs (issue 31, "A console that remembers the weekly host"): the last
game's league, team list and settings fill the create form again; a wager round shows each team's
stake as it comes in; the question's picture is on the console. At 1366x768, the console's size."""
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from conftest import axe_check, wait
from pages import Peer, click, console, el, els, open_host, wait_css, wait_text
from test_first_run import start

CONSOLE = (1366, 768)
TEAMS = ["Les Cervidés du Lac Bleu", "Quiztecas Aguiluchos", "Die Eulen von Köln-Deutz"]
LEAGUE = "Tuesdays at The Crown"


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
