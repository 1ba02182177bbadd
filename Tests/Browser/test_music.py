"""Music rounds a host can run (issue 31, "What to build" 5): while a question's clip plays the
projector shows a "now playing" card whose bar follows the clip (1280x720 and 1920x1080); the
console (1366x768) plays, replays, stops and sets the volume of the clip on the projector's audio
element, and warns "The projector's sound is off" until someone clicks the projector's full-width
"Click to turn on sound", which the projector then remembers; the editor takes the clip's start and
length in seconds (decimals allowed), keeps them as the pack's startMs/durationMs, and says what is
wrong in seconds. The clip is a short WAV made in the test. With BUZZER_DOC_SHOTS=1 it saves docs/screenshots/music-card.png."""
import io
import json
import re
import urllib.request
import wave

from conftest import EDIT_TOKEN, PROJECTOR, axe_check, set_viewport, wait
from pages import Peer, click, console, el, els, new_question, wait_css, wait_text
from test_first_run import start
from doc_shots import doc_shot

CONSOLE = (1366, 768)


def wav(seconds=8):
    """A real WAV: a quiet 440 Hz square wave, mono, 8 kHz."""
    out = io.BytesIO()
    with wave.open(out, "wb") as clip:
        clip.setnchannels(1)
        clip.setsampwidth(2)
        clip.setframerate(8000)
        clip.writeframes(b"".join((b"\x00\x08" if (i // 9) % 2 else b"\x00\xf8") for i in range(8000 * seconds)))
    return out.getvalue()


def upload(base, data):
    request = urllib.request.Request(f"{base}/api/media", data=data, method="POST",
                                     headers={"Authorization": f"Bearer {EDIT_TOKEN}", "Content-Type": "audio/wav"})
    with urllib.request.urlopen(request, timeout=10) as answer:
        return json.loads(answer.read())["url"]


AUDIO = "const a = document.getElementById('clip'); return a ? {paused: a.paused, time: a.currentTime, volume: a.volume, muted: a.muted, src: a.src} : null"


def audio(display):
    return display.execute_script(AUDIO)


def card_box(display):
    return display.execute_script("""const c = document.getElementById('now-playing');
      if (!c || c.hidden) return null;
      const r = c.getBoundingClientRect(), t = c.querySelector('.np-title');
      return {top: r.top, bottom: r.bottom, left: r.left, right: r.right, w: innerWidth, h: innerHeight,
              font: parseFloat(getComputedStyle(t).fontSize), scrolls: document.documentElement.scrollHeight > innerHeight + 1};""")


def test_a_music_question_has_a_card_a_remote_and_asks_for_sound(tmp_path, browsers):
    server = start(tmp_path)
    try:
        url = upload(server.url, wav())
        question = {"kind": "truefalse", "category": "Musique · Música", "text": "This clip is the opening of a Viennese waltz by Johann Strauß II.",
                    "answer": True, "media": {"audio": url, "startMs": 500, "durationMs": 6000}}
        host, code = console(browsers, server.url, CONSOLE, questions={"title": "Music Night at The Crown", "questions": [question]},
                             settings={"readingTimeMs": 0, "timeLimitSeconds": 120, "closeWhenAllAnswered": False})
        display = browsers.open((1280, 720))
        display.get(f"{server.url}/display/{code}")
        wait_css(display, ".display-lobby .code")

        # At load the projector asks for the click a browser needs before it plays sound: across the whole width.
        prompt = wait_css(display, "#sound-prompt")
        assert prompt.text == "Click to turn on sound", prompt.text
        width = display.execute_script("const r = document.getElementById('sound-prompt').getBoundingClientRect(); return [r.left, r.width, innerWidth]")
        assert width[0] == 0 and width[1] == width[2], width

        player = Peer(server.url)
        player.send(type="join", code=code, nickname="Zoë Ångström-Okonkwo")
        player.until("joined")
        click(host, "#primary")  # start: the music question, answers open at once

        # The console: the clip's remote, and the warning, since no projector has its sound on.
        wait_css(host, "#clip-remote")
        wait_text(host, "#sound-warning", "The projector's sound is off")
        axe_check(host, "console: music question, projector sound off")

        # The projector: the clip plays (silent until the click) and the card follows it.
        wait(display, lambda d: (a := audio(d)) and not a["paused"] and a["time"] > 0.5, "the clip did not start")
        assert audio(display)["muted"], "a projector whose sound is off plays nothing"
        wait(display, lambda d: card_box(d), "no now-playing card while the clip plays")
        assert el(display, "#now-playing .np-title").text == "Now playing"
        wait(display, lambda d: int(el(d, "#now-playing .np-bar").get_attribute("aria-valuenow")) >= 15, "the bar does not follow the clip")
        assert re.fullmatch(r"[0-9] / 6 s", el(display, "#np-time").text), el(display, "#np-time").text

        # One click turns the sound on: the prompt goes, the clip is heard, the console's warning goes.
        click(display, "#sound-prompt")
        wait(display, lambda d: not els(d, "#sound-prompt") or not el(d, "#sound-prompt").is_displayed(), "the prompt stayed")
        assert not audio(display)["muted"]
        assert display.execute_script("return localStorage.getItem('buzzer.sound')") == "true"
        wait(host, lambda d: el(d, "#sound-warning").text == "", "the console still warns after the projector's sound came on")

        # The remote reaches the projector's audio element: stop, volume, play, replay.
        click(host, "#clip-stop")
        wait(display, lambda d: audio(d)["paused"], "stop did not stop the clip")
        wait(display, lambda d: card_box(d) is None, "the card stayed after the clip stopped")
        host.execute_script("const v = document.getElementById('clip-volume'); v.value = 40; v.dispatchEvent(new Event('change'))")
        wait(display, lambda d: abs(audio(d)["volume"] - 0.4) < 0.01, "the volume did not reach the projector")
        click(host, "#clip-play")
        wait(display, lambda d: not audio(d)["paused"], "play did not start the clip")
        assert audio(display)["time"] < 2.5, "play starts the clip from its start"
        wait(display, lambda d: audio(d)["time"] > 2.5, "the clip did not go on")
        click(host, "#clip-replay")
        wait(display, lambda d: not audio(d)["paused"] and audio(d)["time"] < 2.0, "replay did not start the clip again")
        wait(display, lambda d: card_box(d), "no card during the replay")

        # The card at both projector sizes: inside the screen, large, nothing scrolls.
        for size, smallest in (((1280, 720), 20), (PROJECTOR, 30)):
            set_viewport(display, size)
            box = wait(display, lambda d: card_box(d), "the card went away")
            assert box["top"] >= 0 and box["bottom"] <= box["h"] and box["left"] >= 0 and box["right"] <= box["w"], box
            assert box["font"] >= smallest, box
            assert not box["scrolls"], box
        axe_check(display, "display: now playing")
        set_viewport(display, (1280, 720))
        host.execute_script("const v = document.getElementById('clip-volume'); v.value = 100; v.dispatchEvent(new Event('change'))")
        click(host, "#clip-replay")
        wait(display, lambda d: (box := card_box(d)) and int(el(d, "#now-playing .np-bar").get_attribute("aria-valuenow")) >= 30, "no card to photograph")
        doc_shot(display, "music-card")

        # A reload remembers the click: no prompt, and the console is told the sound is on.
        display.refresh()
        wait_css(display, ".qtext")
        wait(display, lambda d: d.execute_script("const p = document.getElementById('sound-prompt'); return !!p && p.hidden"),
             "the projector asked again after a reload")
        wait(host, lambda d: el(d, "#sound-warning").text == "", "the console warns after the projector reloaded with sound on")
        player.close()
    finally:
        server.stop()


def test_the_editor_takes_the_clip_in_seconds(tmp_path, browsers):
    library = tmp_path / "library"
    library.mkdir()
    server = start(tmp_path, library=library)
    try:
        clip = tmp_path / "waltz.wav"
        clip.write_bytes(wav(3))
        editor = browsers.open((1280, 900))
        card = new_question(editor, server.url, "Music Night", "truefalse", "Music", "This clip is a waltz.")
        card.find_element("css selector", "details.media-box summary").click()
        card.find_element("css selector", "input[type=file][data-path$='.media.audio']").send_keys(str(clip))
        wait(editor, lambda d: els(d, ".question-card audio"), "the uploaded sound was not previewed")
        start_at = wait_css(editor, "input[data-path$='.media.startMs']")
        assert "seconds" in el(editor, f"label[for='{start_at.get_attribute('id')}']").text
        start_at.send_keys("12.5")
        length = el(editor, "input[data-path$='.media.durationMs']")
        length.send_keys("700")
        # Out of range: said at once, in seconds.
        error = wait_css(editor, f"#{length.get_attribute('id')}-error")
        assert "600" in error.text and "seconds" in error.text, error.text
        assert length.get_attribute("aria-invalid") == "true"
        # The server refuses the save the same way: in seconds, never milliseconds.
        click(editor, "#save")
        problem = wait_css(editor, "#problems li")
        assert "seconds" in problem.text and "600" in problem.text and "millisecond" not in problem.text, problem.text
        length = el(editor, "input[data-path$='.media.durationMs']")
        length.clear()
        length.send_keys("15,25")
        wait(editor, lambda d: length.get_attribute("aria-invalid") is None, "a right length is still marked")
        click(editor, "#save")
        wait_text(editor, "#notice", "Saved as music-night")
        saved = json.loads((library / "music-night.json").read_text())
        media = (saved.get("rounds") or [saved])[0]["questions"][0]["media"]
        assert (media["startMs"], media["durationMs"]) == (12500, 15250), media

        # Opened again, the pack shows seconds.
        click(editor, "#back")
        click(editor, "button[aria-label='Edit Music Night']")
        wait_css(editor, "details.media-box summary")
        assert el(editor, "input[data-path$='.media.startMs']").get_attribute("value") == "12.5"
        assert el(editor, "input[data-path$='.media.durationMs']").get_attribute("value") == "15.25"
        axe_check(editor, "editor: clip in seconds")
    finally:
        server.stop()
