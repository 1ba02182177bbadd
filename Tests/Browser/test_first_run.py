"""Getting phones in the first time: the join address players see, the host console's defaults."""
import json

from conftest import EDIT_TOKEN, LAPTOP, PHONE, PROJECTOR, ROOT, Server, axe_check, wait
from pages import click, el, els, local, open_host, wait_css, wait_text

LAN = "10.9.8.7,192.168.50.2"


def start(tmp_path, host="127.0.0.1", env=None, defaults=None, public_url=None, library=None, edit_token=EDIT_TOKEN, tls=None):
    """A server on the repository's config, with the sample library (or `library`, a folder the
    test may write), its media folder under `tmp_path`, and `edit_token` for the library API."""
    config = json.loads((ROOT / "config.json").read_text())
    config["rooms"].update({"libraryDirectory": str(library or ROOT / "questions"), "lobbyUpdateMilliseconds": 50})
    config["library"].update({"mediaDirectory": str(tmp_path / "media"), "editToken": edit_token})
    if tls:
        config["server"]["tls"] = {"certificateFile": str(tls[0]), "privateKeyFile": str(tls[1])}
    config["game"]["roomDefaults"].update(defaults or {})
    config["server"]["publicURL"] = public_url
    path = tmp_path / "config.json"
    path.write_text(json.dumps(config))
    archive = tmp_path / "archive"
    archive.mkdir()
    return Server(archive, path, host=host, env=env, scheme="https" if tls else "http").start()


def create(host, base):
    open_host(host, base)
    wait_css(host, "input[name=pack][value=pub-classics]").click()
    click(host, ".setup button[type=submit]")
    return wait_css(host, "#join-code").text.strip()


def test_the_console_starts_from_the_configured_defaults_and_warns_about_localhost(tmp_path, browsers):
    server = start(tmp_path, defaults={"timeLimitSeconds": 45, "readingTimeMs": 1500, "podiumSize": 5,
                                       "shuffleOptions": True, "scoring": "flat", "lateJoin": False})
    try:
        host = browsers.open(LAPTOP)
        open_host(host, server.url)
        wait_css(host, "input[name=pack][value=pub-classics]")
        click(host, "details.settings > summary")
        assert el(host, "#timeLimitSeconds").get_attribute("value") == "45"
        assert el(host, "#readingSeconds").get_attribute("value") == "1.5"
        assert el(host, "#podiumSize").get_attribute("value") == "5"
        assert el(host, "#scoring").get_attribute("value") == "flat"
        assert el(host, "#shuffleOptions").is_selected()
        assert not el(host, "#lateJoin").is_selected()

        click(host, ".setup button[type=submit]")
        wait_css(host, "#join-code")
        # Listening on 127.0.0.1 only: no phone can reach the address, and the console says so.
        assert "127.0.0.1" in wait_css(host, "#loopback-warning").text
        assert els(host, "#join-address") == []
        axe_check(host, "host: lobby, join address on loopback")
    finally:
        server.stop()


def test_players_go_to_a_lan_address_the_host_can_change_and_the_projector_follows(tmp_path, browsers):
    server = start(tmp_path, host="0.0.0.0", env={"BUZZER_LAN_ADDRESSES": LAN})
    try:
        port = server.port
        host = browsers.open(LAPTOP)
        code = create(host, server.url)  # the console itself is opened on 127.0.0.1
        assert el(host, "#join-url").text == f"10.9.8.7:{port}"
        assert els(host, "#loopback-warning") == []
        options = [o.get_attribute("value") for o in els(host, "#join-address option")]
        assert options == [f"http://10.9.8.7:{port}", f"http://192.168.50.2:{port}"]
        axe_check(host, "host: lobby, several join addresses")

        display = browsers.open(PROJECTOR)
        display.get(f"{server.url}/display/{code}")
        assert wait_css(display, ".display-lobby #join-url").text == f"10.9.8.7:{port}"

        wait_css(host, "#join-address").send_keys("192")  # picks the 192.168.50.2 option
        wait_text(host, "#join-url", f"192.168.50.2:{port}")
        wait_text(display, "#join-url", f"192.168.50.2:{port}")
        wait(display, lambda d: f"192.168.50.2:{port}/join/{code}" in el(d, ".display-lobby .qr img").get_attribute("alt"))
        assert wait(host, lambda d: d.execute_script(
            "const i = document.querySelector('.qr img'); return i && i.complete && i.naturalWidth > 0"), "QR code did not load")
    finally:
        server.stop()


def test_the_public_url_is_on_every_page(tmp_path, browsers):
    server = start(tmp_path, public_url="https://quiz.example.org")
    try:
        host = browsers.open(LAPTOP)
        code = create(host, server.url)
        assert el(host, "#join-url").text == "quiz.example.org"
        assert els(host, "#loopback-warning") == []
        display = browsers.open(PROJECTOR)
        display.get(f"{server.url}/display/{code}")
        assert wait_css(display, ".display-lobby #join-url").text == "quiz.example.org"
        alt = el(display, ".display-lobby .qr img").get_attribute("alt")
        assert f"quiz.example.org/join/{code}" in alt and "127.0.0.1" not in alt, alt
    finally:
        server.stop()


def test_hosting_a_library_pack_asks_for_the_host_link_and_takes_it_pasted(tmp_path, browsers):
    """The host sees every answer, so hosting a library pack needs the host link `buzzer serve`
    prints (`/host#token=…`). Opened without it, the console says so and takes the link pasted."""
    server = start(tmp_path)
    try:
        host = browsers.open(LAPTOP)
        host.get(f"{server.url}/host")
        wait_css(host, "input[name=pack][value=pub-classics]").click()
        click(host, ".setup button[type=submit]")
        message = wait_text(host, "#setup-error", "host link")
        assert "/host#token=" in message.text and "upload" in message.text, message.text
        field = wait_css(host, "#edit-token")
        assert host.switch_to.active_element == field
        assert el(host, "label[for=edit-token]").text == "Host link or token"
        assert el(host, "input[name=pack][value=pub-classics]").is_selected(), "the host's choice is kept"
        axe_check(host, "host: the host link is needed")
        field.send_keys(f"{server.url}/host#token={EDIT_TOKEN}")
        click(host, ".setup button[type=submit]")
        wait_css(host, "#join-code")
        assert local(host, "buzzer.editToken") == EDIT_TOKEN

        # The printed link: the token is kept and leaves the address bar.
        other = browsers.open(LAPTOP)
        open_host(other, server.url)
        wait_css(other, "input[name=pack][value=pub-classics]")
        assert other.current_url == f"{server.url}/host"
        assert local(other, "buzzer.editToken") == EDIT_TOKEN
        # The editor's link serves the console too: both pages keep the token in this browser.
        editor = browsers.open(LAPTOP)
        editor.get(f"{server.url}/edit#token={EDIT_TOKEN}")
        wait_css(editor, ".pack-list")
        editor.get(f"{server.url}/host")
        wait_css(editor, "input[name=pack][value=pub-classics]").click()
        click(editor, ".setup button[type=submit]")
        wait_css(editor, "#join-code")
    finally:
        server.stop()


def test_the_scoring_choice_fits_on_a_laptop_and_a_phone(tmp_path, browsers):
    server = start(tmp_path)
    try:
        for size in ((1366, 768), PHONE):
            host = browsers.open(size)
            open_host(host, server.url)
            wait_css(host, "input[name=pack][value=pub-classics]")
            click(host, "details.settings > summary")
            scoring = wait_css(host, "#scoring")
            for value in ("speed", "flat"):
                host.execute_script("arguments[0].value = arguments[1]", scoring, value)
                # The chosen option's text, set in the select's font, against the room inside it (less its arrow).
                room, needed = host.execute_script("""
                    const s = arguments[0], style = getComputedStyle(s), probe = document.createElement('span');
                    probe.style.font = style.font; probe.style.whiteSpace = 'pre'; probe.style.position = 'absolute';
                    probe.textContent = s.options[s.selectedIndex].text; document.body.append(probe);
                    const width = probe.getBoundingClientRect().width; probe.remove();
                    return [s.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20, width];""", scoring)
                assert needed <= room, (size, value, needed, room)
    finally:
        server.stop()
