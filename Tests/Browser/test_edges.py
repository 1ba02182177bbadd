"""Joining wrong, names taken, the server restarting under a waiting player, and the HTTP side."""
import posixpath
import re
import urllib.request

from conftest import EDIT_TOKEN, PHONE, PROJECTOR, axe_check, shot, wait
from pages import Peer, click, el, join, local, wait_css, wait_gone, wait_text


def test_unknown_code_is_explained_on_the_join_form(server, browsers):
    phone = browsers.open(PHONE)
    join(phone, server.url, "ZZZZZZ", "Nobody")
    error = wait_css(phone, "#code-error")
    assert "No game has the code ZZZZZZ" in error.text
    assert el(phone, "#code").get_attribute("aria-invalid") == "true"
    assert phone.switch_to.active_element == el(phone, "#code")
    assert local(phone, "buzzer.player") is None
    axe_check(phone, "player: join error")
    shot(phone, "player-join-unknown-code")

    display = browsers.open(PROJECTOR)
    display.get(f"{server.url}/display/ZZZZZZ")
    assert "No game has the code" in wait_css(display, "#code-error").text
    axe_check(display, "display: unknown code")


def test_taken_name_is_refused_next_to_the_name(server, browsers):
    host = Peer(server.url)
    try:
        host.send(type="create", pack="pub-classics", token=EDIT_TOKEN)
        code = host.until("created")["code"]
        first = Peer(server.url)
        first.send(type="join", code=code, nickname="Sam")
        first.until("joined")
        phone = browsers.open(PHONE)
        join(phone, server.url, code, "sam")
        assert "already has that name" in wait_css(phone, "#nickname-error").text
        assert el(phone, "#nickname").get_attribute("aria-invalid") == "true"
        # A different name on the same page then gets in.
        field = el(phone, "#nickname")
        field.clear()
        field.send_keys("Sam 2\n")
        assert wait_css(phone, ".lobby .nick").text == "Sam 2"
        first.close()
    finally:
        host.close()


def test_player_waits_through_a_server_restart(server, browsers):
    host = Peer(server.url)
    host.send(type="create", pack="pub-classics", token=EDIT_TOKEN)
    code = host.until("created")["code"]
    phone = browsers.open(PHONE)
    join(phone, server.url, code, "Pat")
    wait_css(phone, ".lobby")
    token = local(phone, "buzzer.player")["token"]

    # The server goes away: the page says so and keeps trying.
    port = server.port
    host.close()
    server.stop()
    wait_text(phone, "#banner", "Reconnecting")
    shot(phone, "player-offline")

    # It comes back on the same port with the same log: the room is recovered and the player resumes.
    server.start(port=port)
    wait_gone(phone, "#banner", "the offline banner stayed after the server came back")
    assert wait_css(phone, ".lobby .nick").text == "Pat"
    wait(phone, lambda d: (local(d, "buzzer.player") or {}).get("token") not in (None, token), "the resume token was not rotated")


def test_http_headers_and_qr(server):
    def fetch(path, headers=None):
        request = urllib.request.Request(server.url + path, headers=headers or {})
        try:
            with urllib.request.urlopen(request, timeout=10) as response:
                return response.status, dict(response.headers), response.read()
        except urllib.error.HTTPError as error:
            return error.code, dict(error.headers), error.read()

    status, headers, body = fetch("/join/ABC123")
    assert status == 200 and headers["Content-Type"] == "text/html; charset=utf-8"
    assert headers["Cache-Control"] == "no-cache" and "script-src 'self'" in headers["Content-Security-Policy"]
    assert b"/assets/player.js" in body
    for path, kind in (("/assets/app.css", "text/css"), ("/assets/player.js", "text/javascript"), ("/host", "text/html"), ("/display/ABC123", "text/html")):
        status, headers, _ = fetch(path)
        assert status == 200 and headers["Content-Type"].startswith(kind), (path, headers)
    etag = fetch("/assets/app.css")[1]["ETag"]
    assert fetch("/assets/app.css", {"If-None-Match": etag})[0] == 304
    assert fetch("/assets/../Package.swift")[0] == 404
    assert fetch("/qr/ZZZZZZ.svg")[0] == 404

    host = Peer(server.url)
    try:
        host.send(type="create", pack="pub-classics", token=EDIT_TOKEN)
        code = host.until("created")["code"]
        status, headers, body = fetch(f"/qr/{code}.svg")
        assert status == 200 and headers["Content-Type"] == "image/svg+xml"
        assert body.startswith(b"<svg") and f"/join/{code}".encode() in body
    finally:
        host.close()

    # What one page loads stays light: a phone on bar Wi-Fi loads the player page only. Before a game,
    # its code (its HTML, styles, and every module its script imports; the question kinds come later,
    # by import()) at most 150 KB, and with one language's words (the heaviest) under 170 KB
    # (docs/web-clients.md, "Weight").
    shared = ("/assets/app.css", "/assets/icon.svg")
    for page, part, entry, own in (("/", "player", "/assets/player.js", ()), ("/host", "host", "/assets/host.js", ()),
                                   ("/display/X", "display", "/assets/display.js", ("/assets/display.css",)),
                                   ("/edit", "edit", "/assets/edit.js", ("/assets/edit.css",)),
                                   ("/league/crown", "league", "/assets/league.js", ("/assets/league.css",))):
        code = sum(len(fetch(p)[2]) for p in (page, *own, *shared, *module_graph(fetch, entry)))
        assert code <= 150_000, (page, code)
        for lang in ("en", "de", "fr", "es", "nl"):
            words = sum(len(fetch(f"/assets/{lang}.{p}.json")[2]) for p in ("common", part))
            assert code + words < 170_000, (page, lang, code + words)


def module_graph(fetch, entry):
    """The scripts a page loads: `entry` and every module it imports (`from './x.js'`), as served."""
    seen, todo = [], [entry]
    while todo:
        path = todo.pop()
        if path in seen:
            continue
        seen.append(path)
        status, _, body = fetch(path)
        assert status == 200, (path, status)
        for relative in re.findall(r" from '(\.[^']+)'", body.decode()):
            todo.append(posixpath.normpath(posixpath.join(posixpath.dirname(path), relative)))
    return seen


def test_host_reopens_the_console_on_another_device(server, browsers):
    first = Peer(server.url)
    try:
        first.send(type="create", pack="pub-classics", token=EDIT_TOKEN)
        created = first.until("created")
        laptop = browsers.open(PHONE)
        # The link from the console's "Run this console from another device" panel.
        laptop.get(f"{server.url}/host#code={created['code']}&token={created['hostToken']}")
        assert wait_css(laptop, "#join-code").text == created["code"]
        assert "#" not in laptop.current_url  # the token does not stay in the address bar
        click(laptop, "#share summary")
        wait_text(laptop, "#share", created["hostToken"])
        axe_check(laptop, "host: reopened on a phone")
        # Reloading keeps the console (the token is in localStorage).
        laptop.refresh()
        assert wait_css(laptop, "#join-code").text == created["code"]
    finally:
        first.close()
