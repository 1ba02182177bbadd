"""Small helpers over Selenium for the Buzzer pages: waits on CSS conditions, no sleeps."""
import json

from selenium.common.exceptions import NoAlertPresentException, StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select
from websockets.sync.client import connect

from conftest import EDIT_TOKEN, wait


def els(driver, css):
    return driver.find_elements(By.CSS_SELECTOR, css)


def el(driver, css):
    return driver.find_element(By.CSS_SELECTOR, css)


def wait_css(driver, css, message=None):
    """The first element matching `css` once it is displayed."""
    def found(d):
        try:
            return next((e for e in els(d, css) if e.is_displayed()), False)
        except StaleElementReferenceException:
            return False
    return wait(driver, found, message or f"{css} never appeared on {driver.current_url}")


def wait_text(driver, css, text, message=None):
    """An element matching `css` whose text contains `text`."""
    def found(d):
        try:
            return next((e for e in els(d, css) if text in e.text), False)
        except StaleElementReferenceException:
            return False
    return wait(driver, found, message or f"no {css} containing {text!r} on {driver.current_url}")


def wait_gone(driver, css, message=None):
    def gone(d):
        try:
            return not any(e.is_displayed() for e in els(d, css))
        except StaleElementReferenceException:
            return False
    return wait(driver, gone, message or f"{css} stayed visible on {driver.current_url}")


def click(driver, css):
    """Clicks once the element is there and enabled (re-finding it if the page redrew)."""
    def clicked(d):
        try:
            target = next((e for e in els(d, css) if e.is_displayed() and e.is_enabled()), None)
            if target is None:
                return False
            # As a thumb would: bring it to the middle of the screen, clear of the host's bottom bar.
            d.execute_script("arguments[0].scrollIntoView({block: 'center'})", target)
            target.click()
            return True
        except StaleElementReferenceException:
            return False
    wait(driver, clicked, f"could not click {css} on {driver.current_url}")


def no_alert(driver):
    try:
        driver.switch_to.alert
    except NoAlertPresentException:
        return True
    return False


def local(driver, key):
    raw = driver.execute_script("return localStorage.getItem(arguments[0])", key)
    return json.loads(raw) if raw else None


def overflow(driver):
    """Elements sticking out sideways (empty when the layout holds at this width and text size)."""
    return driver.execute_script("""
        if (document.documentElement.scrollWidth <= window.innerWidth + 1) return [];
        return [...document.querySelectorAll('body *')]
          .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1)
          .slice(0, 8).map((e) => `${e.tagName.toLowerCase()}.${e.className}`);""")


def join(driver, base, code, nickname, team=None):
    driver.get(f"{base}/join/{code}")
    field = wait_css(driver, "#nickname")
    assert el(driver, "#code").get_attribute("value") == code
    field.clear()
    field.send_keys(nickname)
    if team:
        el(driver, "#team").send_keys(team)
    # Submit with the keyboard, like a phone's "Go" key.
    field.send_keys("\n")


class Peer:
    """A protocol-level client (Python websockets) for setting up rooms in the edge tests."""

    def __init__(self, base):
        # No queue limit: a peer reads only what it waits for, and with the default limit (16) the
        # reader stops, so the server's close reply went unread and each close took the full 10 s.
        self._connection = connect(base.replace("http://", "ws://") + "/ws", subprotocols=["buzzer.v1"], open_timeout=10,
                                   max_queue=None)
        self.ws = self._connection.__enter__()

    def send(self, **message):
        self.ws.send(json.dumps(message))

    def until(self, kind, timeout=10):
        while True:
            message = json.loads(self.ws.recv(timeout=timeout))
            if message["type"] == kind:
                return message
            if message["type"] == "error":
                raise AssertionError(f"server refused: {message}")

    def close(self):
        try:
            self._connection.__exit__(None, None, None)
        except Exception:  # already gone with the server
            pass


def open_host(driver, base, token=EDIT_TOKEN):
    """Opens the host console from the link `buzzer serve` prints (`/host#token=…`): hosting a
    library pack needs the library's edit token."""
    driver.get(f"{base}/host#token={token}")


def console(browsers, base, size, **create):
    """Creates a room over the protocol (`create` fields: pack or questions, settings) and opens its
    host console in a new browser of `size`, the way a host reopens one from its link."""
    creator = Peer(base)
    if "pack" in create:
        create.setdefault("token", EDIT_TOKEN)
    creator.send(type="create", **create)
    created = creator.until("created")
    creator.close()
    host = browsers.open(size)
    host.get(f"{base}/host#code={created['code']}&token={created['hostToken']}")
    wait_css(host, "#join-code")
    return host, created["code"]


def pick_kind(editor, n, kind):
    """In the editor: makes question card `n` of `kind`, and returns the card once it is drawn again
    with that kind (a kind not loaded yet loads first, the card busy meanwhile)."""
    Select(els(editor, ".question-card")[n].find_element(By.CSS_SELECTOR, "select[data-path$='.kind']")).select_by_value(kind)
    wait(editor, lambda d: not els(d, ".question-card[aria-busy]"), f"question {n + 1} was never drawn as {kind}")
    return els(editor, ".question-card")[n]


def saved_question(library):
    """The first question of the one pack the editor saved into `library` (a folder the test made)."""
    saved = json.loads(next(library.glob("*.json")).read_text())
    return saved["rounds"][0]["questions"][0] if "rounds" in saved else saved["questions"][0]


def new_question(editor, base, title, kind, category, text):
    """In the editor: a new pack titled `title` whose first question is of `kind`, with its category
    and text typed in; returns the question's card."""
    editor.get(f"{base}/edit#token={EDIT_TOKEN}")
    click(editor, "#new-pack")
    wait_css(editor, "#f-title").send_keys(title)
    wait_css(editor, ".question-card select[data-path$='.kind']")
    card = pick_kind(editor, 0, kind)
    card.find_element(By.CSS_SELECTOR, "input[data-path$='.category']").send_keys(category)
    card.find_element(By.CSS_SELECTOR, "textarea[data-path$='.text']").send_keys(text)
    return card
