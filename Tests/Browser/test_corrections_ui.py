"""Corrections from the pages (issue 32, docs/replay-corrections.md): a short league game (a choice,
a number and a typed answer; three phones with long names in several languages) is ended; the
console's end screen (1366x768, English) changes a wrong key and accepts a typed answer, and shows
the standings each gives; a correction without a reason is refused with the server's words and
changes nothing; the live projector's podium (1920x1080) follows each correction without a reload;
the league page's owner panel (1280x720, German) voids a question with the edit
token; and the phone whose place moved sees it in "Your nights" (390 px): "Your place: 3rd → 1st".
axe finds nothing on any of them."""
import json
import urllib.request

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from conftest import AXE_FINDINGS, EDIT_TOKEN, axe_check, set_viewport, wait
from pages import Peer, click, console, el, els, join, open_host, wait_css, wait_text
from test_first_run import start
from test_kind_pin import phone_at

LEAGUE_NAME = "Mardis à la Couronne"
# The pack's key for the first question is wrong (Rembrandt): the console puts it right.
PACK = {"title": "Quiz du mardi", "questions": [
    {"kind": "choice", "category": "Art", "text": "Who painted the Mona Lisa?",
     "options": ["Leonardo da Vinci", "Rembrandt van Rijn", "Katsushika Hokusai"], "answer": 1},
    {"kind": "number", "category": "Lieux", "text": "Height of the Eiffel Tower, in metres?", "answer": 300},
    {"kind": "text", "category": "Musik", "text": "Which band sang “Yesterday”?", "answer": ["The Beatles"]},
]}
SIOBHAN = "Siobhán Ní Bhriain"
NGOZI = "Ngozi Okonjo-Iweala"
JURGEN = "Jürgen Müller-Lüdenscheidt"
# Each one's answers: option, number, typed text. Before any correction (flat scoring): Ngozi 2, Jürgen 1, Siobhán 0.
ANSWERS = {NGOZI: (0, 300, "The Beatles"), JURGEN: (1, 310, "Rolling Stones"), SIOBHAN: (0, 330, "Beetles")}


def no_axe_findings(driver, page):
    axe_check(driver, page)
    assert AXE_FINDINGS[page] == [], (page, AXE_FINDINGS[page])


def league_id(base):
    with urllib.request.urlopen(f"{base}/api/leagues", timeout=10) as response:
        return json.loads(response.read())["leagues"][0]["id"]


def sheet(base, game, token):
    request = urllib.request.Request(f"{base}/api/games/{game}/corrections", headers={"Authorization": f"Bearer {token}"})
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())


def standings(driver):
    """The corrections form's players after the last correction: (name, score) best first."""
    rows = els(driver, "#correct-standings table:first-of-type tbody tr")
    return [(r.find_element(By.CSS_SELECTOR, ".name").text, r.find_element(By.CSS_SELECTOR, ".num").text) for r in rows]


def final_names(driver):
    """The names in the console's own final table (not the form's), best first."""
    return driver.execute_script("""const table = [...document.querySelectorAll('table')].find((t) => !t.closest('#corrections'));
        return table ? [...table.querySelectorAll('tbody tr .name')].map((e) => e.textContent.trim()) : [];""")


def play(server, browsers):
    """The league game, played to its end from the console and three phones (360 and 390 px, touch);
    returns the console, Siobhán's phone and the code."""
    base = server.url
    host, code = console(browsers, base, (1366, 768), questions=PACK, token=EDIT_TOKEN, league={"name": LEAGUE_NAME},
                         settings={"readingTimeMs": 0, "timeLimitSeconds": 120, "closeWhenAllAnswered": True, "scoring": "flat"})
    phones = []
    for name, width in ((NGOZI, 360), (JURGEN, 390), (SIOBHAN, 390)):
        phone = phone_at(browsers, width, 844)
        join(phone, base, code, name)
        wait_css(phone, ".lobby .nick")
        phones.append((phone, name))
    wait_text(host, "#primary", "Start")
    click(host, "#primary")
    for sequence, question in enumerate(PACK["questions"]):
        for phone, name in phones:
            wait_text(phone, ".qtext", question["text"])
            answer = ANSWERS[name][sequence]
            if question["kind"] == "choice":
                click(phone, f".answer.opt-{answer}:enabled")
            else:
                wait_css(phone, "#typed:enabled").send_keys(f"{answer}\n")
            wait_css(phone, ".locked")
        wait_text(host, "#primary", "Reveal")
        click(host, "#primary")
        if sequence < len(PACK["questions"]) - 1:
            wait_text(host, "#primary", "Next")
            click(host, "#primary")
    click(host, "#end")
    click(host, "#ask-confirm")
    wait_css(host, "#correct-open")
    return host, phones[2][0], code


def test_corrections_from_the_console_and_the_league_page_reach_the_players_night(tmp_path, browsers):
    server = start(tmp_path, defaults={"nicknameMaxLength": 32, "shuffleOptions": False})
    try:
        base = server.url
        host, phone, code = play(server, browsers)
        before = sheet(base, code, EDIT_TOKEN)
        assert [(p["name"], p["rank"]) for p in before["players"]] == [(NGOZI, 1), (JURGEN, 2), (SIOBHAN, 3)], before["players"]

        # The projector shows the podium (1920x1080): a correction must reach it without a reload.
        projector = browsers.open((1920, 1080))
        projector.get(f"{base}/display/{code}")
        wait_text(projector, ".display-ended .step-2 .name", JURGEN)

        # The console's end screen: the form opens under the results, with the host key the console holds.
        click(host, "#correct-open")
        wait_css(host, "#correct-form")
        assert el(host, "#correct-open").get_attribute("aria-expanded") == "true"
        assert Select(el(host, "#correct-question")).first_selected_option.text == "1. Who painted the Mona Lisa?"
        # The first question's key: the options as radios, the pack's (wrong) one picked.
        assert el(host, "#correct-action-answer_key").is_selected() and el(host, "#correct-key-1").is_selected()
        no_axe_findings(host, "console: the corrections form")
        click(host, "#correct-key-0")
        el(host, "#correct-reason").send_keys("Leonardo painted the Mona Lisa")
        click(host, "#correct-send")
        wait_text(host, "#correct-status", "Corrected: question 1’s right answer is now Leonardo da Vinci.")
        wait(host, lambda d: [n for n, _ in standings(d)] == [NGOZI, SIOBHAN, JURGEN], "the standings after the new key")
        assert standings(host) == [(NGOZI, "3"), (SIOBHAN, "1"), (JURGEN, "0")], standings(host)
        # The console's own final table follows (the server sends the corrected end), and the form stays as it was.
        wait(host, lambda d: final_names(d) == [NGOZI, SIOBHAN, JURGEN], "the console's final table after the new key")
        assert "Corrected:" in el(host, "#correct-status").text
        # The live projector follows: Siobhán is second now, with her new score, and Jürgen is third.
        wait_text(projector, ".display-ended .step-2 .name", SIOBHAN, "the projector kept the podium from before the correction")
        assert el(projector, ".display-ended .step-3 .name").text == JURGEN
        assert el(projector, ".display-ended .step-1 .name").text == NGOZI

        # A refusal: no reason. The server's words show, and nothing changes.
        Select(el(host, "#correct-question")).select_by_value("2")
        click(host, "#correct-action-void")
        click(host, "#correct-send")
        wait_text(host, "#correct-status", "Not corrected:")
        assert "reason" in el(host, "#correct-status").text and el(host, "#correct-status").get_attribute("role") == "status"
        assert len(sheet(base, code, EDIT_TOKEN)["corrections"]) == 1

        # Accept Siobhán's typed "Beetles": the standings move again.
        Select(el(host, "#correct-question")).select_by_value("3")
        click(host, "#correct-action-ruling")
        typed = Select(wait_css(host, "#correct-typed"))
        typed.select_by_visible_text(next(o.text for o in typed.options if "Beetles" in o.text))
        assert el(host, "#correct-ruling-accept").is_selected()
        el(host, "#correct-reason").send_keys("Close enough: Beetles")
        click(host, "#correct-send")
        wait_text(host, "#correct-status", f"Corrected: “Beetles” accepted for {SIOBHAN}.")
        wait(host, lambda d: (SIOBHAN, "2") in standings(d), "the standings after the ruling")
        assert len(els(host, "#correct-history li")) == 2
        no_axe_findings(host, "console: a correction made")

        # The league page's owner panel (this browser holds the edit token), in German at 1280x720.
        league = sheet(base, code, EDIT_TOKEN)
        owner = browsers.open((1280, 720))
        set_viewport(owner, (1280, 720))
        page = f"{base}/league/{league_id(base)}"
        owner.get(f"{page}?lang=de")
        owner.execute_script("localStorage.setItem('buzzer.editToken', JSON.stringify(arguments[0]))", EDIT_TOKEN)
        owner.get(f"{page}?lang=de")
        wait_css(owner, "#correct-game")
        assert "Quiz du mardi" in Select(el(owner, "#correct-game")).first_selected_option.text
        click(owner, "#correct-game-open")
        wait_css(owner, "#correct-form")
        assert len(els(owner, "#correct-history li")) == 2
        Select(el(owner, "#correct-question")).select_by_value("2")
        click(owner, "#correct-action-void")
        el(owner, "#correct-reason").send_keys("Zwei Antworten waren richtig")
        click(owner, "#correct-send")
        wait_text(owner, "#correct-status", "Korrigiert: Frage 2 annulliert.")
        # Ngozi and Siobhán now share first place; the form outlives the page's redraw of its standings.
        wait(owner, lambda d: standings(d)[:2] == [(NGOZI, "2"), (SIOBHAN, "2")], "the standings after the void")
        wait(owner, lambda d: len(els(d, "#correct-history li")) == 3, "the third correction in the list")
        after = sheet(base, code, EDIT_TOKEN)
        assert [c["by"] for c in after["corrections"]] == ["host", "host", "editor"] and after["questions"][1]["voided"]
        assert [(p["name"], p["rank"]) for p in after["players"]][:2] == [(NGOZI, 1), (SIOBHAN, 1)]
        assert league["game"] == after["game"]
        no_axe_findings(owner, "league: the owner's corrections, in German")

        # Siobhán's phone: "Your nights" says each correction, and the last one her place before and now.
        phone.get(page)
        wait(phone, lambda d: len(els(d, "#nights .night-correction")) == 3, "the night's corrections never showed")
        lines = [e.text for e in els(phone, "#nights .night-correction")]
        assert lines[0].startswith("Corrected on ") and lines[0].endswith(": Leonardo painted the Mona Lisa."), lines
        assert lines[2].endswith(": Zwei Antworten waren richtig. Your place: 3rd → 1st."), lines
        assert phone.execute_script("return document.documentElement.scrollWidth <= innerWidth")
        no_axe_findings(phone, "league: a phone's corrected night")
    finally:
        server.stop()


NIGHT_PACK = {"title": "Pub Night 14", "questions": [
    {"kind": "number", "category": "Music", "text": "In which year did the Berlin Wall fall?", "answer": 1988},
    {"kind": "choice", "category": "Food", "text": "Halloumi comes from…", "options": ["Crete", "Cyprus", "Malta"], "answer": 1},
]}


def test_a_new_key_is_written_into_the_library_pack_the_game_came_from(tmp_path, browsers):
    """The pack said 1988; the console corrects the key to 1989 after the night (the confirmation says
    1989, not 1,989), then "Fix it in the pack too" writes 1989 into the library pack, which the editor
    and the next game then have. A pack changed since the game is not touched, and says so."""
    library = tmp_path / "library"
    library.mkdir()
    (library / "pub-night-14.json").write_text(json.dumps(NIGHT_PACK))
    server = start(tmp_path, library=library, defaults={"shuffleOptions": False})
    try:
        base = server.url
        host = browsers.open((1366, 768))
        open_host(host, base)
        click(host, "input[name=pack][value='pub-night-14']")
        click(host, "form.setup button[type=submit]")
        code = wait_css(host, "#join-code").text.strip()
        phone = Peer(base)
        phone.send(type="join", code=code, nickname="Zoë")
        phone.until("joined")
        click(host, "#primary")
        phone.until("answers_open")
        phone.send(type="answer", question=0, answer={"kind": "number", "value": 1989})
        phone.until("answer_ack")
        wait_text(host, "#primary", "Reveal")
        click(host, "#primary")
        wait_text(host, "#primary", "Next")
        click(host, "#end")
        click(host, "#ask-confirm")
        click(host, "#correct-open")
        wait_css(host, "#correct-number")
        assert not els(host, "#correct-fix-pack"), "the offer came before any new key"
        number = el(host, "#correct-number")
        number.clear()
        number.send_keys("1989")
        el(host, "#correct-reason").send_keys("The Wall fell in 1989")
        click(host, "#correct-send")
        status = wait_text(host, "#correct-status", "Corrected:").text
        assert "1989" in status and "1,989" not in status, status
        assert "Pub Night 14" in wait_css(host, "#correct-pack-still").text
        no_axe_findings(host, "console: a new key, and the offer to fix the pack")
        click(host, "#correct-fix-pack")
        wait_text(host, "#correct-pack", "Fixed in the pack")
        request = urllib.request.Request(f"{base}/api/packs/pub-night-14", headers={"Authorization": f"Bearer {EDIT_TOKEN}"})
        with urllib.request.urlopen(request, timeout=10) as response:
            fixed = json.loads(response.read())
        questions = [q for r in fixed.get("rounds", [fixed]) for q in r["questions"]]
        assert [q["answer"] for q in questions] == [1989, 1], questions
        assert questions[0]["text"] == NIGHT_PACK["questions"][0]["text"]

        # The editor rewords the question; a later new key (1990) is then not written over it.
        fixed_etag = response.headers["ETag"]
        questions[0]["text"] = "When did the Berlin Wall come down?"
        put = urllib.request.Request(f"{base}/api/packs/pub-night-14", method="PUT", data=json.dumps(fixed).encode(),
                                     headers={"Authorization": f"Bearer {EDIT_TOKEN}", "Content-Type": "application/json", "If-Match": fixed_etag})
        urllib.request.urlopen(put, timeout=10).close()
        number = el(host, "#correct-number")
        number.clear()
        number.send_keys("1990")
        el(host, "#correct-reason").send_keys("Checked again")
        click(host, "#correct-send")
        wait_text(host, "#correct-status", "1990")
        click(host, "#correct-fix-pack")
        wait_text(host, "#correct-pack", "no longer has this question")
        with urllib.request.urlopen(request, timeout=10) as response:
            kept = json.loads(response.read())
        assert [q["answer"] for r in kept.get("rounds", [kept]) for q in r["questions"]] == [1989, 1]
        phone.close()
    finally:
        server.stop()
