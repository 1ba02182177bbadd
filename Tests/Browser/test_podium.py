"""The podium on the projector (issue 31: "the podium cannot be read from the bar"): it takes the
whole screen, rises 3rd, then 2nd, then 1st (with the projector's sound when it is on, at once with
reduced motion), and the winner's name and score are at least as large as a question's text on the
same screen, and at least 48 px at 1920x1080. A team game shows the team podium, then the players'.
Long names in three scripts, a tie for first, English and French, 1280x720 and 1920x1080; nothing
scrolls, is cut or broken inside a word. With BUZZER_DOC_SHOTS=1 it saves docs/screenshots/podium.png."""
import time

import pytest

from conftest import ROOT, axe_check, wait
from pages import Peer, click, el, els, wait_css
from test_first_run import start
from test_projector_fit import BROKEN_WORDS, settle
from doc_shots import doc_shot

SIZES = [(1280, 720), (1920, 1080)]
TEAMS = ["Les Cerveaux de la Rue Saint-Honoré", "Quizteam Aguilar-Fernández", "東京クイズ部"]
# Name, team, points the host adds: two share first place, so there is no second; the CJK team wins
# the team podium (a team scores its members' average).
PLAYERS = [("Quizteam Aguilar-Fernández", TEAMS[1], 900), ("Zoë Müller-Lüdenscheidt", TEAMS[2], 900),
           ("Les Cerveaux de la Rue Saint-Honoré", TEAMS[0], 500), ("東京クイズ王の山田太郎さん", TEAMS[2], 400),
           ("Maximilian", TEAMS[1], 200)]

# Each podium on screen (a team game shows one at a time): its sizes in px, and what sticks out, is cut or scrolls.
MEASURE = """
const px = (e) => parseFloat(getComputedStyle(e).fontSize);
const w = innerWidth, h = innerHeight, out = [], root = document.documentElement;
if (root.scrollHeight > h + 1 || root.scrollWidth > w + 1) out.push(`page scrolls: ${root.scrollWidth}x${root.scrollHeight}`);
return [...document.querySelectorAll('.display-ended .podium')].filter((p) => p.offsetParent).map((podium) => {
  const problems = [...out];
  for (const e of podium.querySelectorAll('.step .name, .step .pts, .step .place')) {
    const r = e.getBoundingClientRect();
    if (r.left < -1 || r.top < -1 || r.right > w + 1 || r.bottom > h + 1) problems.push(`${e.textContent} outside: ${r.left},${r.top}-${r.right},${r.bottom}`);
    if (e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1) problems.push(`${e.textContent} cut ${e.scrollWidth}x${e.scrollHeight} in ${e.clientWidth}x${e.clientHeight}`);
  }
  return {kind: podium.closest('.team-podium') ? 'teams' : 'players', problems, height: podium.getBoundingClientRect().height / h,
          winners: [...podium.querySelectorAll('.step-1 .name')].map((e) => ({name: e.textContent, namePx: px(e),
            scorePx: px(e.closest('.who').querySelector('.pts') ?? e.closest('.step').querySelector('.pts'))})),
          second: [...podium.querySelectorAll('.step-2 .name')].map((e) => e.textContent),
          third: [...podium.querySelectorAll('.step-3 .name')].map((e) => e.textContent)};
});
"""

# When each place first shows (opacity past one half), in ms since the podium was drawn.
STAGE_ORDER = """
const done = arguments[0], seen = {}, t0 = performance.now();
const tick = () => {
  const panel = [...document.querySelectorAll('.display-ended .podium')].find((p) => p.offsetParent);
  for (const rank of [1, 2, 3]) {
    const step = panel?.querySelector('.step-' + rank);
    if (step && !(rank in seen) && parseFloat(getComputedStyle(step).opacity) > 0.5) seen[rank] = performance.now() - t0;
  }
  if (1 in seen || performance.now() - t0 > 12000) done(seen); else requestAnimationFrame(tick);
};
tick();
"""


def places(rows):
    """The names on each step of a podium message: {rank: [names]}."""
    out = {}
    for r in rows:
        out.setdefault(r["rank"], []).append(r.get("nickname") or r.get("name"))
    return out


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_podium_fills_the_projector_and_the_winner_reads_from_the_bar(tmp_path, browsers, lang):
    server = start(tmp_path, defaults={"nicknameMaxLength": 40, "teamNameMaxLength": 40, "shuffleOptions": False})
    peers = []
    try:
        host = Peer(server.url)
        peers.append(host)
        question = {"kind": "choice", "category": "Geo", "text": "Which river flows through Paris?",
                    "options": ["The Seine", "The Loire"], "answer": 0}
        host.send(type="create", questions={"title": "Tuesdays at The Crown", "questions": [question]},
                  settings={"readingTimeMs": 0, "timeLimitSeconds": 120, "closeWhenAllAnswered": False})
        code = host.until("created")["code"]
        display = browsers.open(SIZES[1])
        display.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": """
            window.__notes = 0;
            const make = AudioContext.prototype.createOscillator;
            AudioContext.prototype.createOscillator = function () { window.__notes += 1; return make.call(this); };"""})
        display.get(f"{server.url}/display/{code}?lang={lang}")
        wait_css(display, ".display-lobby .code")
        click(display, "#sound")
        ids = []
        for name, team, _ in PLAYERS:
            player = Peer(server.url)
            peers.append(player)
            player.send(type="join", code=code, nickname=name, team=team)
            ids.append(player.until("joined")["player"])

        # A question's text on this screen, at each size: the podium's names are measured against it.
        host.send(type="start")
        wait_css(display, ".dq .qtext")
        question_px = {}
        for size in SIZES:
            settle(display, size)
            question_px[size] = display.execute_script("return parseFloat(getComputedStyle(document.querySelector('.dq .qtext')).fontSize)")
        host.send(type="reveal")
        host.until("reveal")
        for player, (_, _, points) in zip(ids, PLAYERS):
            host.send(type="adjust", player=player, delta=points, reason="podium test")
            host.until("ok")

        notes = display.execute_script("return window.__notes")
        host.send(type="end")
        podium = host.until("ended")["podium"]
        assert places(podium["players"])[1] == [PLAYERS[0][0], PLAYERS[1][0]], podium  # the tie
        wait(display, lambda d: els(d, ".display-ended .podium"), "no podium")
        # The team podium comes first: 3rd rises before 1st, and 1st is hidden until then.
        seen = display.execute_async_script(STAGE_ORDER)
        assert "1" in seen and "3" in seen and seen["3"] + 800 < seen["1"], f"stage order: {seen}"
        # The sound was on: the entrance played (two notes, the roll and the sting).
        assert display.execute_script("return window.__notes") - notes >= 40, "the podium played no sound"

        # Each panel at each size: the winners' names and scores as large as the question's text.
        want = {("teams", s) for s in SIZES} | {("players", s) for s in SIZES}
        got = {}
        deadline = time.monotonic() + 60
        while want - got.keys() and time.monotonic() < deadline:
            for size in SIZES:
                settle(display, size)
                broken = display.execute_script(BROKEN_WORDS, ".display-ended .podium .name")
                for m in display.execute_script(MEASURE):
                    if (m["kind"], size) in got:
                        continue
                    got[(m["kind"], size)] = m
                    assert not m["problems"] and not broken, f"{m['kind']} podium at {size} in {lang}: {m['problems']} {broken}"
                    if lang == "en" and size == (1280, 720) and m["kind"] == "players":
                        doc_shot(display, "podium")
        assert not want - got.keys(), f"never saw {want - got.keys()}"
        for (kind, size), m in got.items():
            expected = places(podium[kind])
            assert sorted(w["name"] for w in m["winners"]) == sorted(expected[1]), m
            assert m["second"] == expected.get(2, []) and m["third"] == expected.get(3, []), (m, expected)
            floor = max(question_px[size], 48 if size == (1920, 1080) else 0)
            for w in m["winners"]:
                assert w["namePx"] >= floor - 0.5 and w["scorePx"] >= floor - 0.5, \
                    f"{kind} winner {w['name']} at {size} in {lang}: name {w['namePx']} px, score {w['scorePx']} px, question {question_px[size]} px"
            assert m["height"] >= 0.6, f"the {kind} podium is {m['height']:.0%} of the screen's height at {size}"
        axe_check(display, f"display: full-screen podium ({lang})")

        # Reduced motion: every place at once, no drum roll.
        still = browsers.open(SIZES[0])
        still.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-reduced-motion", "value": "reduce"}]})
        still.get(f"{server.url}/display/{code}?lang={lang}")
        wait_css(still, ".display-ended .step-1")
        assert still.execute_script("return document.getAnimations().length") == 0
        assert all(e.value_of_css_property("opacity") == "1" for e in els(still, ".display-ended .step") if e.is_displayed())
        assert not any(e.is_displayed() for e in els(still, ".drumroll"))
        assert el(still, ".display-ended .step-1 .name").is_displayed()
    finally:
        for peer in peers:
            peer.close()
        server.stop()
