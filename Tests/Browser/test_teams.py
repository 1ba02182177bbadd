"""A team game in real browsers: team standings and the team podium on the phones (own team
highlighted), the projector and the host console; a team's wager shown as the team's points."""
import csv
import io
import subprocess

from conftest import BINARY, LAPTOP, PHONE, PROJECTOR, axe_check, wait
from pages import Peer, click, el, els, join, wait_css, wait_text
from test_first_run import start

Q = {"kind": "choice", "category": "Geography", "text": "Capital of Iceland?",
     "options": ["Reykjavík", "Oslo", "Helsinki", "Tallinn"], "answer": 0}
PACK = {"title": "Team night", "rounds": [
    {"title": "Warm-up", "questions": [Q]},
    {"title": "Stakes", "wager": True, "questions": [dict(Q, text="Capital of Norway?", answer=1)]}]}


def test_team_standings_and_the_team_podium_show_on_all_three_clients(tmp_path, browsers):
    server = start(tmp_path, defaults={"shuffleOptions": False})
    try:
        host = browsers.open(LAPTOP)
        peer = Peer(server.url)  # creates the room; the console below takes it over with its token
        peer.send(type="create", questions=PACK, settings={"readingTimeMs": 0, "timeLimitSeconds": 120, "closeWhenAllAnswered": True})
        created = peer.until("created")
        code, token = created["code"], created["hostToken"]
        peer.close()
        host.get(f"{server.url}/host#code={code}&token={token}")
        wait_css(host, "#join-code")
        display = browsers.open(PROJECTOR)
        display.get(f"{server.url}/display/{code}")
        wait_css(display, ".display-lobby .code")

        phones = {}
        for name, team in (("Ada", "Owls"), ("Bea", "Owls"), ("Cy", "Cats")):
            phone = browsers.open(PHONE)
            join(phone, server.url, code, name, team=team)
            wait_css(phone, ".lobby .nick")
            phones[name] = phone

        # Warm-up: the Owls get it right, the Cats do not. The console shows who is still to answer.
        click(host, "#primary")
        wait_text(host, "#waiting h2", "Not answered yet (3)")
        for name, option in (("Ada", 0), ("Bea", 0)):
            click(phones[name], f".answer.opt-{option}")
        wait_text(host, "#waiting h2", "Not answered yet (1)")
        assert [e.text for e in els(host, ".waiting-names li")] == ["Cy"]
        teams = [e.text for e in els(host, ".waiting-teams li")]
        assert teams == ["Owls: 0 of 2 still to answer", "Cats: 1 of 1 still to answer"], teams
        axe_check(host, "host: question with the waiting list")
        click(phones["Cy"], ".answer.opt-2")
        wait_text(host, "#primary", "Reveal")
        click(host, "#primary")
        wait_text(phones["Ada"], ".result h1", "Correct!")
        click(host, "#primary")  # the round's leaderboard
        for name, mine in (("Ada", "Owls"), ("Cy", "Cats")):
            row = wait_css(phones[name], ".board.teams tr.me")
            assert mine in row.text, row.text
        assert [r.text.split("\n")[0] for r in els(phones["Bea"], ".board.teams tbody th")] == ["Owls", "Cats"]
        wait_css(display, ".display-board .board.teams")
        assert "Owls" in el(display, ".board.teams tbody tr").text
        wait_css(host, ".board.teams")
        axe_check(phones["Ada"], "player: leaderboard with teams")
        axe_check(display, "display: leaderboard with teams")

        # The wager round: the Owls stake 500 and lose it; the phone says it is the team's loss.
        click(host, "#primary")
        click(phones["Ada"], "#stake-other")
        wait_css(phones["Ada"], "#stake-custom").send_keys("500")
        click(phones["Ada"], "#lock-stake")
        wait_text(phones["Bea"], "#stake-locked", "placed by Ada")
        click(phones["Cy"], ".stake-pick[data-amount='0']")
        click(phones["Cy"], "#lock-stake")
        wait_css(phones["Cy"], "#stake-locked")
        click(phones["Ada"], ".answer.opt-2")
        click(phones["Bea"], ".answer.opt-2")
        click(phones["Cy"], ".answer.opt-1")
        wait_text(host, "#primary", "Reveal")
        click(host, "#primary")
        gain = wait_text(phones["Ada"], ".result .gain", "Your team: −500 points")
        assert "loss" in gain.get_attribute("class")

        # The end (Next shows the final standings, Finish game the podium): team podiums everywhere.
        click(host, "#primary")
        wait_text(host, "#primary", "Finish game")
        # Finish and End sit side by side: each says what it does.
        assert "podium" in el(host, "#primary-note").text and "stops the game now" in el(host, "#end-note").text
        assert el(host, "#primary").get_attribute("aria-describedby") == "primary-note"
        axe_check(host, "host: final standings with Finish and End explained")
        wait_css(display, ".display-board .board.teams")
        click(host, "#primary")
        for page in (phones["Cy"], display, host):
            wait_css(page, ".team-podium")
        assert "Cats" in el(phones["Cy"], ".team-podium .who.me").text
        axe_check(display, "display: podium with teams")
        axe_check(host, "host: end with teams")

        # The results download on the end screen is `buzzer replay export` of the same log.
        downloads = tmp_path / "downloads"
        downloads.mkdir()
        host.execute_cdp_cmd("Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": str(downloads)})
        click(host, "#download-csv")
        saved = downloads / f"buzzer-{code}-results.csv"
        wait(host, lambda d: saved.exists() and saved.stat().st_size > 0, "the CSV was not saved")
        export = subprocess.run([str(BINARY), "replay", "export", code, "--format", "csv", "--archive", str(server.archive)],
                                capture_output=True, text=True, timeout=60)
        assert export.returncode == 0, export.stderr
        assert saved.read_text() == export.stdout

        # Its totals are the final standings the console shows, the team's lost stake included.
        def shown(table):
            return {row.find_element("css selector", "th").text.split("\n")[0]: int(row.find_elements("css selector", "td")[-1].text.replace(",", ""))
                    for row in els(host, f"{table} tbody tr")}
        players, teams = shown(".board:not(.teams)"), shown(".board.teams")
        rows = list(csv.DictReader(io.StringIO(saved.read_text())))
        totals = {r["player"] or r["team"]: int(r["running_total"]) for r in rows if r["kind"] == "total"}
        assert {name: totals[name] for name in players} == players
        assert {name: totals[name] for name in teams} == teams
        for name, score in players.items():
            assert sum(int(r["points"]) for r in rows if r["player"] == name and r["kind"] != "total") == score, name
        stake = [r for r in rows if r["kind"] == "stake" and r["team"] == "Owls" and not r["player"]]
        assert [int(r["points"]) for r in stake] == [-500] and "lost" in stake[0]["reason"], stake
        # The team standing is its members' average (half away from zero) plus its own points.
        assert (players["Ada"] + players["Bea"] + 1) // 2 - 500 == teams["Owls"], (players, teams)
    finally:
        server.stop()
