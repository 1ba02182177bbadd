"""The host's team list: players pick a table from it, and the host renames, merges and moves teams."""
import json

from selenium.webdriver.support.ui import Select

from conftest import PROJECTOR, axe_check, wait
from pages import Peer, click, el, els, open_host, wait_css, wait_text
from test_first_run import start

LAPTOP = (1280, 800)


def pick_team(driver, base, code, nickname, team):
    driver.get(f"{base}/join/{code}")
    select = wait_css(driver, "select#team", "the phone never offered the host's team list")
    Select(select).select_by_visible_text(team)
    field = el(driver, "#nickname")
    field.clear()
    field.send_keys(nickname + "\n")
    wait_css(driver, ".lobby")


def team_row(driver, name):
    """The text of the team list's row for `name`, or None; read in one go, as the list redraws often."""
    return driver.execute_script(
        "return [...document.querySelectorAll('.team-list li')].map((li) => li.textContent).find((t) => t.includes(arguments[0])) ?? null", name)


def test_players_pick_from_the_list_and_the_host_renames_merges_and_moves(tmp_path, browsers):
    server = start(tmp_path)
    try:
        host = browsers.open(LAPTOP)
        open_host(host, server.url)
        wait_css(host, "input[name=pack][value=pub-classics]").click()
        el(host, "details.settings summary").click()
        wait_css(host, "#teamList").send_keys("Table 1\nTable 2\nThe Owls")
        click(host, ".setup button[type=submit]")
        code = wait_css(host, "#join-code").text.strip()

        ada, bea = browsers.open(), browsers.open()
        pick_team(ada, server.url, code, "Ada", "The Owls")
        bea.get(f"{server.url}/join/{code}")
        wait_css(bea, "select#team")
        axe_check(bea, "player: join with a team list")
        pick_team(bea, server.url, code, "Bea", "Table 2")

        stranger = Peer(server.url)
        stranger.send(type="join", code=code, nickname="Cy", team="Table 9")
        refused = json.loads(stranger.ws.recv(timeout=10))
        assert refused["type"] == "error" and refused["code"] == "team_not_listed", refused
        assert "Table 1, Table 2, The Owls" in refused["message"]
        cy = Peer(server.url)
        cy.send(type="peek", code=code)
        info = cy.until("room_info")
        assert info["teams"] == ["Table 1", "Table 2", "The Owls"]
        cy.send(type="join", code=code, nickname="Cy", team="table 1")
        assert cy.until("joined")["team"] == "Table 1"

        display = browsers.open(PROJECTOR)
        display.get(f"{server.url}/display/{code}")
        wait_css(display, ".display-lobby .code")

        # Rename: the player hears it, every list shows it.
        wait(host, lambda d: len(els(d, ".players li")) == 3, "the host never listed the three players")
        el(host, ".teams-box summary").click()
        click(host, "button[aria-label='Rename team The Owls']")
        name = wait_css(host, "dialog[open] #team-name")
        name.clear()
        name.send_keys("Night Owls")
        click(host, "#ask-confirm")
        wait(host, lambda d: team_row(d, "Night Owls") is not None, "the team list did not show the new name")
        wait_text(host, ".players li", "Night Owls")
        wait(ada, lambda d: "Night Owls" in el(d, "#live").get_attribute("textContent"), "Ada was not told her team's new name")

        # Merge Table 1 into Night Owls: Cy goes along; Table 1 is gone.
        click(host, "button[aria-label='Merge team Table 1 into another']")
        Select(wait_css(host, "dialog[open] #merge-into")).select_by_visible_text("Night Owls")
        axe_check(host, "host: merge teams dialog")
        click(host, "#ask-confirm")
        wait(host, lambda d: team_row(d, "Table 1") is None, "Table 1 stayed after the merge")
        assert cy.until("team_changed")["team"] == "Night Owls"

        # Move Bea from Table 2 to Night Owls.
        bea_row = next(li for li in els(host, ".players li") if "Bea" in li.text)
        bea_row.find_element("css selector", "button[aria-label='Move Bea to another team']").click()
        Select(wait_css(host, "dialog[open] #move-to")).select_by_visible_text("Night Owls")
        click(host, "#ask-confirm")
        wait(host, lambda d: "3 players" in (team_row(d, "Night Owls") or ""),
             "Night Owls never had all three players")
        wait(bea, lambda d: "Night Owls" in el(d, "#live").get_attribute("textContent"), "Bea was not told her new team")

        # One question, then the leaderboard: one team on the projector, under its new name.
        click(host, "#primary")
        wait_css(host, ".qtext")
        click(host, "#primary")  # Close answers
        wait_text(host, "#primary", "Reveal")
        click(host, "#primary")
        wait_text(host, "#primary", "Next")
        host.execute_script("[...document.querySelectorAll('.controls button')].find((b) => b.textContent === 'Show leaderboard').click()")
        wait_css(display, ".display-board .board.teams")
        rows = [r.text for r in els(display, ".board.teams tbody tr")]
        assert len(rows) == 1 and "Night Owls" in rows[0], rows
        stranger.close()
        cy.close()
    finally:
        server.stop()
