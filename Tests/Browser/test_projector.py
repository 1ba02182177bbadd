"""The projector at every common size, and the reveal as the room sees it."""
from conftest import PROJECTOR, axe_check, set_viewport, wait
from pages import Peer, el, els, wait_css, wait_text

LONG = ("Which of these European capital cities, each home to a famous river, an old university and a "
        "royal palace, lies furthest north when it is measured by latitude rather than by the driving distance today?")
OPTIONS = ["Copenhagen on the Øresund strait", "Stockholm, built on fourteen islands", "Oslo at the head of its fjord",
           "Helsinki on the Gulf of Finland", "Reykjavík on Faxaflói bay", "Tallinn with its medieval old town"]
SIZES = [(1024, 768), (1280, 720), (1920, 1080), (3840, 2160)]

# Everything that sticks out of the viewport or clips its own text.
OVERFLOW = """
const w = window.innerWidth, h = window.innerHeight, out = [];
if (document.documentElement.scrollHeight > h + 1) out.push(`page scrolls: ${document.documentElement.scrollHeight} > ${h}`);
if (document.documentElement.scrollWidth > w + 1) out.push(`page scrolls sideways: ${document.documentElement.scrollWidth} > ${w}`);
for (const e of document.querySelectorAll('main *:not(.sr-only)')) {
  const r = e.getBoundingClientRect();
  if (r.width === 0 && r.height === 0) continue;
  if (r.right > w + 1 || r.bottom > h + 1 || r.left < -1) out.push(`${e.tagName.toLowerCase()}.${e.className} at ${Math.round(r.right)}x${Math.round(r.bottom)}`);
  if (e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflowX !== 'visible') out.push(`${e.tagName.toLowerCase()}.${e.className} clips its text`);
}
return out.slice(0, 8);
"""


def fit(driver, size):
    """Sets the viewport to `size` and waits until the page has laid out at it."""
    set_viewport(driver, size)
    wait(driver, lambda d: d.execute_script(
        "return [window.innerWidth, window.innerHeight]") == list(size) or set_viewport(d, size), f"viewport never became {size}")
    driver.execute_async_script("const done = arguments[0]; requestAnimationFrame(() => requestAnimationFrame(done))")


def room(server, question):
    host = Peer(server.url)
    host.send(type="create", questions={"title": "Capitals", "questions": [question]},
              settings={"readingTimeMs": 0, "timeLimitSeconds": 120, "closeWhenAllAnswered": False})
    code = host.until("created")["code"]
    return host, code


def test_a_long_question_with_six_options_fits_every_projector(server, browsers):
    question = {"text": LONG, "kind": "choice", "category": "Geography", "options": OPTIONS, "answer": 4}
    assert len(LONG) >= 200
    host, code = room(server, question)
    display = browsers.open(PROJECTOR)
    display.get(f"{server.url}/display/{code}")
    wait_css(display, ".display-lobby .code")
    host.send(type="start")
    wait_css(display, ".dq .qtext")
    for size in SIZES:
        fit(display, size)
        problems = display.execute_script(OVERFLOW)
        assert not problems, f"question at {size[0]}x{size[1]}: {problems}"
        # Readable from the back of the room: the question text at least 2.5% of the screen height.
        text_px = display.execute_script("return parseFloat(getComputedStyle(document.querySelector('.dq .qtext')).fontSize)")
        assert text_px >= size[1] * 0.025, f"question text {text_px}px at {size}"
    axe_check(display, "display: long question, six options")

    host.send(type="reveal")
    wait_css(display, ".dq .bars")
    for size in SIZES:
        fit(display, size)
        problems = display.execute_script(OVERFLOW)
        assert not problems, f"reveal at {size[0]}x{size[1]}: {problems}"
    # Wrong options are dimmed; the right one is marked by more than colour.
    bars = els(display, ".dq .bar")
    right = [b for b in bars if "right" in b.get_attribute("class")]
    wrong = [b for b in bars if "right" not in b.get_attribute("class")]
    assert len(right) == 1 and "Reykjavík" in right[0].text
    dim = "rgba(38, 44, 88, 1)"
    assert all(b.value_of_css_property("background-color") == dim for b in wrong), [b.value_of_css_property("background-color") for b in wrong]
    assert right[0].value_of_css_property("background-color") != dim
    assert "correct" in right[0].text
    axe_check(display, "display: reveal, six options")
    host.close()


def test_a_text_question_reveals_its_main_answer_only(server, browsers):
    question = {"text": "Name the band behind Abbey Road.", "kind": "text", "category": "Music", "answer": ["The Beatles", "Beatles", "the fab four"]}
    host, code = room(server, question)
    display = browsers.open(PROJECTOR)
    display.get(f"{server.url}/display/{code}")
    wait_css(display, ".display-lobby .code")
    host.send(type="start")
    wait_css(display, ".dq .qtext")
    host.send(type="reveal")
    answer = wait_css(display, ".dq .reveal-answer").text
    assert "The Beatles" in answer and "fab four" not in answer and answer.count("Beatles") == 1, answer
    host.close()


def test_fullscreen_and_optional_sound_on_the_projector(server, browsers):
    question = {"text": "Capital of Iceland?", "kind": "choice", "category": "Geography",
                "options": ["Reykjavík", "Oslo", "Helsinki", "Tallinn"], "answer": 0}
    host, code = room(server, question)
    display = browsers.open(PROJECTOR)
    # Count the notes the page synthesizes (Web Audio oscillators), before its scripts run.
    display.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": """
        window.__notes = 0;
        const make = AudioContext.prototype.createOscillator;
        AudioContext.prototype.createOscillator = function () { window.__notes += 1; return make.call(this); };"""})
    display.get(f"{server.url}/display/{code}")
    wait_css(display, ".display-lobby .code")

    sound = wait_css(display, "#sound")
    assert sound.get_attribute("aria-pressed") == "false" and sound.text == "Sound off"
    assert display.execute_script("return window.__notes") == 0, "sound played before it was switched on"
    sound.click()
    assert el(display, "#sound").get_attribute("aria-pressed") == "true"
    wait(display, lambda d: d.execute_script("return window.__notes") >= 4, "no lobby loop after switching sound on")
    axe_check(display, "display: lobby with sound on")

    host.send(type="start")
    wait_css(display, ".dq .qtext")
    before = display.execute_script("return window.__notes")
    host.send(type="reveal")
    wait_css(display, ".dq .bars")
    wait(display, lambda d: d.execute_script("return window.__notes") >= before + 4, "no reveal sting")
    errors = [entry for entry in display.get_log("browser") if entry["level"] == "SEVERE"]
    assert not errors, errors

    full = el(display, "#fullscreen")
    if display.execute_script("return document.fullscreenEnabled"):
        full.click()
        wait(display, lambda d: d.execute_script("return !!document.fullscreenElement"), "fullscreen did not start")
        wait_text(display, "#fullscreen", "Exit fullscreen")
    else:
        assert not full.is_displayed()
    host.close()


def test_the_leaderboard_caption_counts_the_room_not_the_rows_sent(server, browsers):
    # The leaderboard message carries the top 10 only: "Top 8 of 12" comes from its `total`.
    host, players = Peer(server.url), []
    try:
        host.send(type="create", pack="pub-classics", settings={"readingTimeMs": 0, "timeLimitSeconds": 60})
        code = host.until("created")["code"]
        display = browsers.open(PROJECTOR)
        display.get(f"{server.url}/display/{code}")
        wait_css(display, ".display-lobby .code")
        for i in range(12):
            players.append(Peer(server.url))
            players[-1].send(type="join", code=code, nickname=f"Player {i + 1}")
            players[-1].until("joined")
        host.send(type="start")
        host.until("question")
        host.send(type="reveal")
        host.until("reveal")
        host.send(type="leaderboard")
        wait_text(display, ".board caption", "Top 8 of 12")
        assert len(els(display, ".board tbody tr")) == 8
    finally:
        for peer in (host, *players):
            peer.close()
