"""Moderation from the host console: each removal or rename is confirmed in a dialog; the player
sees the reason or the new name; a ban keeps the phone out."""
from conftest import EDIT_TOKEN, LAPTOP, PHONE, axe_check, wait
from pages import Peer, click, el, els, join, wait_css, wait_gone, wait_text
from test_first_run import start


def test_the_host_renames_removes_with_a_reason_and_bans_after_confirming(tmp_path, browsers):
    server = start(tmp_path)
    try:
        peer = Peer(server.url)
        peer.send(type="create", pack="pub-classics", token=EDIT_TOKEN)
        created = peer.until("created")
        code, token = created["code"], created["hostToken"]
        peer.close()
        host = browsers.open(LAPTOP)
        host.get(f"{server.url}/host#code={code}&token={token}")
        wait_css(host, "#join-code")
        ada, bob = browsers.open(PHONE), browsers.open(PHONE)
        join(ada, server.url, code, "Ada")
        join(bob, server.url, code, "B0bTheRude")
        wait(host, lambda d: len(els(d, ".players li")) == 2, "the host never listed both players")

        # Rename: a dialog with the current name; the player's chip follows.
        click(host, "button[aria-label='Rename B0bTheRude']")
        field = wait_css(host, "dialog.ask #rename-name")
        axe_check(host, "host: rename dialog")
        field.clear()
        field.send_keys("Bob")
        click(host, "dialog.ask #ask-confirm")
        wait_text(bob, "#me .chip-name", "Bob")
        wait_text(host, ".players", "Bob")

        # Remove, then cancel: nothing happens.
        click(host, "button[aria-label='Remove Ada']")
        wait_css(host, "dialog.ask #kick-reason")
        click(host, "dialog.ask button[value=cancel]")
        wait_gone(host, "dialog.ask")
        assert len(els(host, ".players li")) == 2

        # Remove with a reason: the phone shows it.
        click(host, "button[aria-label='Remove Ada']")
        wait_css(host, "dialog.ask #kick-reason").send_keys("Phones away during the music round")
        click(host, "dialog.ask #ask-confirm")
        wait_text(ada, ".kick-reason", "Phones away during the music round")

        # Remove and ban: the same phone cannot come back.
        click(host, "button[aria-label='Remove Bob']")
        wait_css(host, "dialog.ask #kick-ban").click()
        click(host, "dialog.ask #ask-confirm")
        wait_text(bob, "h1", "removed and banned")
        join(bob, server.url, code, "Robert")
        wait_text(bob, ".field-error", "banned")
        assert els(bob, ".lobby .nick") == []
    finally:
        server.stop()
