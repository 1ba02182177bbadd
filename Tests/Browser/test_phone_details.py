"""What a phone shows of its own seat and of the host's moves (issue 31, "Phones"): the lobby's
heading follows a rename, the lobby names the team the player picked, in full, and a skipped
question says so on screen, not only to a screen reader. Phones at 360 and 390 px, in French and
English, with a long team name."""
from conftest import PHONE, axe_check, set_viewport, wait
from pages import Peer, el, els, join, local, wait_css, wait_text
from test_first_run import start
from test_i18n import pick

Q = {"kind": "choice", "category": "Géographie", "text": "Quelle est la capitale de l’Islande ?",
     "options": ["Reykjavík", "Oslo", "Helsinki", "Tallinn"], "answer": 0}
PACK = {"title": "Soirée quiz", "rounds": [{"title": "Warm-up", "questions": [Q, dict(Q, text="Capitale de la Norvège ?", answer=1)]},
                                           {"title": "Grand finale", "questions": [dict(Q, text="Capitale du Danemark ?", answer=2)]}]}
# How many lines the round's title takes in the phone's question header.
TITLE_LINES = """const head = document.querySelector('.qhead .eyebrow');
const node = [...head.childNodes].find((n) => n.nodeType === 3 && n.textContent.includes(arguments[0]));
if (!node) return -1;
const range = document.createRange(), at = node.textContent.indexOf(arguments[0]);
range.setStart(node, at); range.setEnd(node, at + arguments[0].length);
return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;"""
TEAMS = ["Les Cervidés du Lac Bleu", "Quiztecas Aguiluchos"]  # 24 characters is the most a team name may have


def cut_names(driver):
    """Names the page shows only in part (text hidden past the box's edge)."""
    return driver.execute_script(
        "return [...document.querySelectorAll('.board .name, .podium .name')]"
        ".filter((e) => e.scrollWidth > e.clientWidth + 1).map((e) => e.textContent)")


def test_the_phone_follows_a_rename_shows_its_team_and_says_a_skip(tmp_path, browsers):
    server = start(tmp_path)
    try:
        host = Peer(server.url)
        host.send(type="create", questions=PACK, settings={"readingTimeMs": 0, "timeLimitSeconds": 120, "teamMode": True})
        code = host.until("created")["code"]

        phones = []
        for size, lang, name, team in ((PHONE, "fr", "Ada", TEAMS[0]), ((390, 844), "en", "Bea", TEAMS[1])):
            phone = browsers.open(size)
            join(phone, server.url, code, name, team=team)
            wait_css(phone, ".lobby .nick")
            pick(phone, lang)
            phones.append(phone)
        ada, bea = phones

        # The lobby names the team in full: it wraps between words, never cut.
        for phone, team in zip(phones, TEAMS):
            line = wait_css(phone, ".lobby .team-line .team-name")
            assert line.text == team, line.text
            assert phone.execute_script("const e = arguments[0]; return e.scrollWidth <= e.clientWidth + 1", line)
        axe_check(ada, "player: lobby with a team, in French")

        # The host renames Ada: her heading follows at once, in place.
        seat = local(ada, "buzzer.player")
        host.send(type="rename", player=seat["player"], nickname="Ada Lovelace-Byron")
        wait_text(ada, ".lobby .hello .nick", "Ada Lovelace-Byron")

        # A skipped question is said on screen: a notice over whatever comes next.
        host.send(type="start")
        for phone in phones:
            wait_css(phone, ".answers .answer")
        # The round's title stays whole at 360 px: "Warm-up" does not break at its hyphen.
        for width in (360, 320):
            set_viewport(ada, (width, 740))
            assert ada.execute_script(TITLE_LINES, "Warm\u2011up") == 1, el(ada, ".qhead .eyebrow").text
        set_viewport(ada, PHONE)
        host.send(type="skip")
        wait_text(ada, "#notice", "L’animateur a passé cette question.")
        wait_text(bea, "#notice", "The host skipped this question.")
        assert el(bea, "#notice").is_displayed()
        # It goes by itself.
        wait(bea, lambda d: not el(d, "#notice").is_displayed(), "the notice never went", timeout=10)

        # The standings and the team podium: every team's name readable in full, nothing cut.
        for phone in phones:
            wait_css(phone, ".answers .answer")
            el(phone, ".answers .answer.opt-1").click()
        host.send(type="close")
        host.send(type="reveal")
        host.send(type="leaderboard")
        for phone in phones:
            wait_css(phone, ".board.teams")
            assert not cut_names(phone), cut_names(phone)
        # A phone turned, or a browser's bar coming and going, resizes the page under a drawn board:
        # the names fit again ("Les Renar…" was cut at 375 px).
        for size in ((375, 667), (320, 640), (412, 915)):
            set_viewport(ada, size)
            wait(ada, lambda d: not cut_names(d), f"names cut at {size}: {cut_names(ada)}")
        set_viewport(ada, PHONE)
        host.send(type="end")
        for phone in phones:
            wait_css(phone, ".team-podium .podium .name")
            assert not cut_names(phone), cut_names(phone)
            assert sorted(e.text for e in els(phone, ".team-podium .podium .name")) == sorted(TEAMS)
        axe_check(ada, "player: the team podium in French at 360 px")
    finally:
        server.stop()
