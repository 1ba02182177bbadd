"""The pages and the game over https and wss, straight from `buzzer serve` with a self-signed
certificate made here by the openssl command (Chromium told to accept it)."""
import subprocess

from conftest import PROJECTOR, axe_check, wait
from pages import click, el, join, wait_css, wait_text
from test_first_run import create, start

LAPTOP = (1280, 800)


def test_a_game_plays_over_https_and_wss(tmp_path, browsers):
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "1",
                    "-subj", "/CN=localhost", "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost",
                    "-keyout", str(key), "-out", str(cert)], check=True, capture_output=True)
    server = start(tmp_path, tls=(cert, key), defaults={"readingTimeMs": 0})
    try:
        assert server.url.startswith("https://")
        host = browsers.open(LAPTOP)
        code = create(host, server.url)
        assert host.execute_script("return location.protocol") == "https:"
        assert el(host, "#join-url").text.startswith("127.0.0.1:")
        display = browsers.open(PROJECTOR)
        display.get(f"{server.url}/display/{code}")
        wait_css(display, ".display-lobby .code")
        phone = browsers.open()
        join(phone, server.url, code, "Ada")
        wait_css(phone, ".lobby")
        # Phones are sent to the https address (a page served over https opens its socket as wss):
        # the console's QR code says the join address in its alt text. The console redraws its join box
        # as the phone joins, so the alt is read in the page, not through a handle that may go stale.
        alt = "return document.querySelector('.joinbox .qr img')?.alt || ''"
        wait(host, lambda d: "https://127.0.0.1:" in d.execute_script(alt), "the QR code's alt never named the https address")
        click(host, "#primary")
        wait_css(phone, ".answers .answer:enabled")
        wait_text(display, ".qtext", "")
        axe_check(phone, "player: question over https")
    finally:
        server.stop()
