"""The projector fits every common screen in every phase, with the worst a real night brings: a
picture question, a 6-letter code, long names in several languages and scripts, teams.

For each phase (lobby, question with a picture, reveal with a picture, leaderboard, break, podium) and
each size, nothing scrolls, every tile and the answered count are inside the viewport, the join
code is not under the QR card, names only break between words, and at the reveal the right
answer is on screen and not dimmed. Screenshots: reports/screenshots/fit-PHASE-WxH.png.
It runs in English and again in the longest language of the projector's catalogues (German or
French), whose screenshots are fit-PHASE-WxH-LANG.png."""
import json
import struct
import urllib.request
import zlib

import pytest

from conftest import axe_check, save_screenshot, set_viewport, wait
from pages import Peer, el, els, wait_css, wait_text
from test_first_run import start
from test_i18n import LANGS, catalogue, longest_language

TOKEN = "fit-test-token-0123456789abcdef"
SIZES = [(1024, 768), (1280, 720), (1366, 768), (1920, 1080), (3840, 2160)]
# 24 characters at most (the shipped nickname limit): German, French with accents, Japanese, emoji,
# and one long single word that cannot wrap.
NAMES = ["Quizzly Bears von Lübeck", "Les Quizérables d'Orléans"[:24], "Maximilian Featherstoneh",
         "東京クイズ王の山田太郎さん", "🦉 Night Owls 🦉 Brigade", "Donaudampfschifffahrten"]
TEAMS = ["Les Quizérables", "Quizzly Bears", "東京クイズ部"]


def png(width, height, colour):
    """A real PNG of one colour with a darker frame (so the screenshots show its edges)."""
    edge = bytes(c // 3 for c in colour)
    rows = []
    for y in range(height):
        border = y < 8 or y >= height - 8
        line = edge * width if border else edge * 8 + bytes(colour) * (width - 16) + edge * 8
        rows.append(b"\x00" + line)

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(b"".join(rows), 9)) + chunk(b"IEND", b""))


def upload(server, data):
    request = urllib.request.Request(f"{server.url}/api/media", data=data, method="POST",
                                     headers={"Authorization": f"Bearer {TOKEN}", "Content-Type": "application/octet-stream"})
    with urllib.request.urlopen(request, timeout=10) as answer:
        return json.loads(answer.read())["url"]


# What sticks out of the viewport among the things that must be seen, and whether the page scrolls.
OUTSIDE = """
const [selectors] = arguments, w = window.innerWidth, h = window.innerHeight, out = [];
const root = document.documentElement;
if (root.scrollHeight > h + 1) out.push(`page scrolls: ${root.scrollHeight} > ${h}`);
if (root.scrollWidth > w + 1) out.push(`page scrolls sideways: ${root.scrollWidth} > ${w}`);
for (const css of selectors) {
  const found = [...document.querySelectorAll(css)];
  if (!found.length) out.push(`${css}: missing`);
  for (const e of found) {
    const r = e.getBoundingClientRect();
    if (r.left < -1 || r.top < -1 || r.right > w + 1 || r.bottom > h + 1)
      out.push(`${css} "${e.textContent.slice(0, 20)}" at ${Math.round(r.left)},${Math.round(r.top)}-${Math.round(r.right)},${Math.round(r.bottom)}`);
  }
}
return out;
"""

# Latin words of names that a line break cut in two (a word drawn on two lines). CJK text breaks
# between characters by its own rules, and an ellipsis is one line, so neither counts.
BROKEN_WORDS = """
const out = [];
for (const e of document.querySelectorAll(arguments[0])) {
  const node = [...e.childNodes].find((n) => n.nodeType === 3);
  if (!node) continue;
  for (const m of node.data.matchAll(/[\\p{Script=Latin}'’]+/gu)) {
    const range = document.createRange();
    range.setStart(node, m.index);
    range.setEnd(node, m.index + m[0].length);
    const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
    if (tops.size > 1) out.push(m[0]);
  }
}
return out;
"""

# The code's letters all drawn, and left of the QR card.
CODE_CLEAR = """
const code = document.querySelector('.display-lobby .code'), qr = document.querySelector('.display-lobby .qr');
const range = document.createRange();
range.selectNodeContents(code);
const text = range.getBoundingClientRect(), card = qr.getBoundingClientRect();
return {textRight: text.right, boxRight: code.getBoundingClientRect().right, qrLeft: card.left,
        clips: code.scrollWidth > code.clientWidth + 1, width: window.innerWidth};
"""


def settle(driver, size):
    set_viewport(driver, size)
    wait(driver, lambda d: d.execute_script("return [window.innerWidth, window.innerHeight]") == list(size) or set_viewport(d, size),
         f"viewport never became {size}")
    # Layout, pictures and the podium's entrance all done.
    wait(driver, lambda d: d.execute_script(
        "return [...document.images].every((i) => i.complete) && document.getAnimations().every((a) => "
        "!(a instanceof CSSAnimation) || a.effect.getTiming().iterations === Infinity || a.playState !== 'running')"),
        "pictures or animations never settled", timeout=20)
    driver.execute_async_script(
        "const done = arguments[0]; document.fonts.ready.then(() => requestAnimationFrame(() => requestAnimationFrame(done)))")


# What "Click to turn on sound" (shown until someone clicks the projector) lies over: the selectors whose
# elements its box meets.
COVERED = """
const prompt = document.getElementById('sound-prompt');
if (!prompt || prompt.hidden) return null;
const p = prompt.getBoundingClientRect();
return arguments[0].filter((css) => [...document.querySelectorAll(css)].some((e) => {
  const r = e.getBoundingClientRect();
  return r.width > 0 && r.left < p.right && p.left < r.right && r.top < p.bottom && p.top < r.bottom;
}));
"""


def check_every_size(driver, phase, selectors, extra=None, lang="en"):
    for size in SIZES:
        settle(driver, size)
        save_screenshot(driver, f"fit-{phase}-{size[0]}x{size[1]}{'' if lang == 'en' else '-' + lang}")
        problems = driver.execute_script(OUTSIDE, selectors)
        assert not problems, f"{phase} at {size[0]}x{size[1]} in {lang}: {problems}"
        # The page is fresh (no click yet): the sound prompt is up, and past the lobby it covers nothing.
        covered = driver.execute_script(COVERED, selectors + [".dq .round-line", ".dq .eyebrow", "#clock"])
        assert covered is not None, f"{phase}: no sound prompt on a projector nobody clicked"
        assert phase == "lobby" or covered == [], f"{phase} at {size[0]}x{size[1]}: the sound prompt covers {covered}"
        broken = driver.execute_script(BROKEN_WORDS, ".board .name, .podium .name, .joined-names li")
        assert not broken, f"{phase} at {size[0]}x{size[1]}: names broken mid-word: {broken}"
        if extra:
            extra(size)


@pytest.mark.parametrize("lang", ["en", longest_language(["display"])])
def test_every_phase_fits_every_projector(tmp_path, browsers, lang):
    correct = catalogue(lang, "common")["bars.correct"].replace("✓", "").strip()
    library = tmp_path / "library"
    library.mkdir()
    server = start(tmp_path, library=library, edit_token=TOKEN)
    peers = []
    try:
        landscape = upload(server, png(1600, 1000, (40, 140, 200)))
        portrait = upload(server, png(700, 1000, (200, 120, 40)))
        question = {"kind": "choice", "category": "Art", "text": "Which city's skyline is this, seen from its harbour at dawn?",
                    "options": ["Copenhagen on the Øresund", "Stockholm on its islands", "Oslo at the head of the fjord", "Helsinki"],
                    "answer": 2, "explanation": "The Opera House gives it away.",
                    "media": {"image": landscape, "alt": "A harbour at dawn"},
                    "revealMedia": {"image": portrait, "alt": "The Oslo Opera House"}}
        host = Peer(server.url)
        peers.append(host)
        # A second round with a break before it, its title, text and round title at their longest (100, 200, 100).
        later = {"title": "Music round: Eurovision classics from Waterloo to Euphoria, sung loud by every table tonight"[:100],
                 "break": {"title": "Half-time at the Quizérables: fill your glasses, stretch your legs, and meet the next round"[:100],
                           "text": ("Get your drinks in, swap your seats if you must, and keep your phones charged: the music round "
                                    "plays clips on this screen, so sit where you can hear it. Bonne pause, gute Pause, 休憩です!")[:200],
                           "minutes": 60},
                 "questions": [{"kind": "truefalse", "category": "Music", "text": "Abba won in 1974.", "answer": True}]}
        host.send(type="create", questions={"title": "Picture Night at the Quizérables", "rounds": [{"title": "Pictures", "questions": [question]}, later]},
                  settings={"readingTimeMs": 0, "timeLimitSeconds": 120, "closeWhenAllAnswered": False, "shuffleOptions": False})
        code = host.until("created")["code"]
        assert len(code) == 6

        display = browsers.open((1920, 1080))
        display.get(f"{server.url}/display/{code}?lang={lang}")
        wait_css(display, ".display-lobby .code")
        ids = []
        for i, name in enumerate(NAMES):
            player = Peer(server.url)
            peers.append(player)
            player.send(type="join", code=code, nickname=name, team=TEAMS[i % len(TEAMS)])
            ids.append(player.until("joined")["player"])
        wait_text(display, "#joined-count", str(len(NAMES)))

        def code_clear(size):
            c = display.execute_script(CODE_CLEAR)
            assert not c["clips"] and c["textRight"] <= c["boxRight"] + 1, f"the code is clipped at {size}: {c}"
            if c["qrLeft"] > c["width"] / 3:  # side by side (a narrow screen stacks them)
                assert c["textRight"] <= c["qrLeft"], f"the code runs under the QR card at {size}: {c}"
            # The names that joined show whole rows: none cut in half by the list's edge.
            cut = display.execute_script("""
                const list = document.querySelector('#joined-names').getBoundingClientRect();
                return [...document.querySelectorAll('#joined-names li')].filter((li) => {
                  const r = li.getBoundingClientRect();
                  return r.top < list.bottom - 1 && r.bottom > list.bottom + 1;
                }).map((li) => li.textContent);""")
            assert not cut, f"names cut by the list's edge at {size}: {cut}"
        check_every_size(display, "lobby", [".display-lobby .code", ".display-lobby .qr", ".display-lobby .title", "#joined-count"], code_clear, lang)
        axe_check(display, f"display: lobby, long names ({lang})")

        host.send(type="start")
        wait_css(display, ".dq .q-media img")
        check_every_size(display, "question-picture", [".dq .answer", "#answered", ".dq .qtext", ".dq .q-media img", "#clock"], None, lang)
        picture = display.execute_script("return document.querySelector('.dq .q-media img').getBoundingClientRect().height")
        assert picture > 0.2 * display.execute_script("return innerHeight"), f"the picture shrank to {picture}px"
        axe_check(display, f"display: picture question ({lang})")

        # The players answer, so the leaderboard and the podium have distinct places.
        for i, player in enumerate(peers[1:]):
            player.send(type="answer", question=0, answer={"kind": "choice", "option": 2 if i < 4 else 0})
            player.until("answer_ack")
        host.send(type="reveal")
        wait_css(display, ".dq .bar.right")
        # Distinct places for the podium (speed points alone could tie).
        for i, player in enumerate(ids):
            host.send(type="adjust", player=player, delta=(len(ids) - i) * 100, reason="fit test")
            host.until("ok")
        wait(display, lambda d: "Opera" in (el(d, ".dq .q-media img").get_attribute("alt") or ""), "the reveal's picture did not replace the question's")

        def right_answer_shown(size):
            right = el(display, ".dq .bar.right")
            assert "Oslo" in right.text and correct in right.text
            assert right.value_of_css_property("opacity") == "1"
            assert right.value_of_css_property("background-color") != "rgba(38, 44, 88, 1)", "the right answer is dimmed"
        check_every_size(display, "reveal-picture", [".dq .bar", ".dq .bar.right", ".dq .qtext", ".dq .q-media img", ".dq .meta"], right_answer_shown, lang)
        axe_check(display, f"display: reveal with picture ({lang})")

        host.send(type="leaderboard")
        wait_css(display, ".display-board .board.teams")
        check_every_size(display, "leaderboard", [".display-board tbody tr", ".display-board .name"], None, lang)
        axe_check(display, f"display: leaderboard, long names ({lang})")

        host.send(type="next")
        wait_css(display, ".display-break #break-left")
        back_in = catalogue(lang, "common")["q.backIn"].split("{")[0]
        wait(display, lambda d: el(d, "#break-left").text.startswith(back_in), "the break's countdown never showed")
        check_every_size(display, "break", [".display-break h1", ".display-break .break-text", ".display-break .break-next", "#break-left"], None, lang)
        axe_check(display, f"display: break, longest texts ({lang})")

        host.send(type="end")
        wait_css(display, ".display-ended .podium .step-1")
        check_every_size(display, "podium", [".display-ended .step .name", ".display-ended .step .block", ".display-ended h1"], None, lang)
        axe_check(display, f"display: podium, long names ({lang})")
    finally:
        for peer in peers:
            peer.close()
        server.stop()
