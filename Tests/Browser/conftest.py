"""Browser tests of the web clients: a real `buzzer serve` on 127.0.0.1 port 0, driven by
headless Chromium (Debian's chromium + chromium-driver) through Selenium, checked with axe-core.

Environment: BUZZER_BINARY (default .build/debug/buzzer), BUZZER_REPORTS (default reports/):
axe findings go to $BUZZER_REPORTS/axe.json; with BUZZER_SCREENSHOTS=1, screenshots of the screens the
tests reach go to $BUZZER_REPORTS/screenshots (off by default: they are for a person to look at, no test
reads them, and they were a fifth of the browser tests' time).
"""
import atexit
import json
import os
import select
import shutil
import signal
import subprocess
import tempfile
import time
from pathlib import Path

import pytest
from axe_selenium_python import Axe
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.common.exceptions import StaleElementReferenceException, TimeoutException
from selenium.webdriver.support.ui import WebDriverWait

ROOT = Path(__file__).resolve().parents[2]
BINARY = Path(os.environ.get("BUZZER_BINARY", ROOT / ".build" / "debug" / "buzzer"))
REPORTS = Path(os.environ.get("BUZZER_REPORTS", ROOT / "reports"))
SHOTS = REPORTS / "screenshots"
PHONE = (360, 740)
PROJECTOR = (1920, 1080)
LAPTOP = (1366, 900)
WAIT = 15  # seconds: generous for a loaded 2-core CI machine; waits end as soon as true
# The library's edit token in the test servers' config: hosting a library pack needs it.
EDIT_TOKEN = "browser-test-edit-token-0123456789"
SCREENSHOTS = os.environ.get("BUZZER_SCREENSHOTS") == "1"


class Server:
    """One `buzzer serve` child. `start()` reads the bound port from its first stdout line."""

    def __init__(self, archive: Path, config: Path, host: str = "127.0.0.1", env: dict | None = None, scheme: str = "http"):
        self.scheme = scheme
        self.archive = archive
        self.config = config
        self.host = host
        self.env = env
        self.process = None
        self.port = 0

    def start(self, port: int = 0):
        assert BINARY.exists(), f"{BINARY} is missing: run `swift build --product buzzer` first"
        self.process = subprocess.Popen(
            [str(BINARY), "serve", "--config", str(self.config), "--host", self.host,
             "--port", str(port), "--archive", str(self.archive), "--log-level", "warning"],
            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
            env={**os.environ, **self.env} if self.env else None)
        line = self._read_line(deadline=time.monotonic() + 30)
        assert line.startswith("listening on "), f"unexpected first line: {line!r}"
        self.port = int(line.rsplit(":", 1)[1])
        ORIGINS.add(self.url)
        return self

    def _read_line(self, deadline):
        buffer = b""
        while b"\n" not in buffer:
            left = deadline - time.monotonic()
            if left <= 0 or self.process.poll() is not None:
                raise AssertionError(f"buzzer serve did not report its port (got {buffer!r})")
            ready, _, _ = select.select([self.process.stdout], [], [], left)
            if ready:
                chunk = os.read(self.process.stdout.fileno(), 4096)
                if not chunk:
                    continue
                buffer += chunk
        return buffer.split(b"\n", 1)[0].decode()

    def stop(self):
        """SIGTERM by PID, then SIGKILL if it does not exit within its shutdown time."""
        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=5)
        if self.process and self.process.stdout:
            self.process.stdout.close()

    @property
    def url(self):
        return f"{self.scheme}://127.0.0.1:{self.port}"


@pytest.fixture
def server(tmp_path):
    config = json.loads((ROOT / "config.json").read_text())
    config.setdefault("rooms", {}).update({"libraryDirectory": str(ROOT / "questions"), "lobbyUpdateMilliseconds": 50})
    # Room for the 28-character XSS probe as a nickname (the default limit is 24).
    config.setdefault("game", {}).setdefault("roomDefaults", {})["nicknameMaxLength"] = 32
    # The tests pick options by position; the host console now starts from these defaults.
    config["game"]["roomDefaults"]["shuffleOptions"] = False
    config.setdefault("library", {})["editToken"] = EDIT_TOKEN
    path = tmp_path / "config.json"
    path.write_text(json.dumps(config))
    archive = tmp_path / "archive"
    archive.mkdir()
    running = Server(archive, path).start()
    yield running
    running.stop()


# Chromium leaves a folder in its temporary directory per browser (its singleton socket): the
# browsers get one of their own, removed when the run ends, not /tmp.
CHROMIUM_TMP = tempfile.mkdtemp(prefix="buzzer-chromium-")
atexit.register(shutil.rmtree, CHROMIUM_TMP, True)


# Every origin a test server of this worker served: a browser used again forgets them all.
ORIGINS = set()
# Browsers kept between tests, this worker's (starting Chromium costs about a CPU second; a test
# opens one to six). A few only: each idle one holds its memory.
IDLE = []
IDLE_LIMIT = 3


def start_browser(size):
    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
    for arg in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                "--disable-extensions", "--no-first-run", "--lang=en-US", "--force-device-scale-factor=1",
                "--autoplay-policy=no-user-gesture-required",
                # test_tls serves a self-signed certificate made in the test.
                "--ignore-certificate-errors",
                f"--window-size={size[0]},{size[1]}", "--hide-scrollbars"):
        options.add_argument(arg)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    service = Service(shutil.which("chromedriver") or "/usr/bin/chromedriver", env={**os.environ, "TMPDIR": CHROMIUM_TMP})
    return webdriver.Chrome(options=options, service=service)


def forget(driver):
    """Makes a used browser as good as new for the next test, or says it cannot (False: quit it).
    A new tab drops what a test set on its page (CDP emulation, touch, locale, scripts to run on each
    page); the old tabs close, so their sockets do; every test origin's storage goes (a later server may
    get the same port); the console log is drained, so a test reads only its own page's messages."""
    try:
        handles = driver.window_handles
        if not handles:
            return False
        driver.switch_to.window(handles[0])
        driver.switch_to.new_window("tab")
        fresh = driver.current_window_handle
        for handle in handles:
            driver.switch_to.window(handle)
            driver.close()
        driver.switch_to.window(fresh)
        for origin in ORIGINS:
            driver.execute_cdp_cmd("Storage.clearDataForOrigin", {"origin": origin, "storageTypes": "all"})
        driver.execute_cdp_cmd("Network.clearBrowserCookies", {})
        driver.get_log("browser")
        return True
    except Exception:  # a crashed or closed browser is not used again
        return False


def quit_idle():
    while IDLE:
        try:
            IDLE.pop().quit()
        except Exception:
            pass


atexit.register(quit_idle)


class Browsers:
    """A test's Chromium instances, each its own process with its own profile (so its own localStorage).
    They come from this worker's idle ones when it has some, made as good as new (`forget`)."""

    def __init__(self):
        self.drivers = []

    def open(self, size=PHONE):
        driver = IDLE.pop() if IDLE else start_browser(size)
        set_viewport(driver, size)
        self.drivers.append(driver)
        return driver

    def close(self):
        for driver in self.drivers:
            if len(IDLE) < IDLE_LIMIT and forget(driver):
                IDLE.append(driver)
                continue
            try:
                driver.quit()
            except Exception:  # a crashed browser must not hide the test's own failure
                pass


@pytest.fixture
def browsers():
    pool = Browsers()
    yield pool
    pool.close()


def wait(driver, condition, message="", timeout=WAIT):
    """Polls `condition` until it is true. A page that redraws between finding an element and reading it
    makes it stale: that poll counts as not yet, like a missing element (a loaded machine hit it)."""
    return WebDriverWait(driver, timeout, poll_frequency=0.05,
                         ignored_exceptions=(StaleElementReferenceException,)).until(condition, message)


FRAMES = {}


def set_viewport(driver, size):
    """Makes the page's viewport exactly `size`. Headless Chromium still gives its window a frame
    (143 px of height), measured once per browser; the resize lands a moment later, so this waits for
    it (a stale inner size once gave a nonsense frame: "'width' out of range")."""
    inner = "return [window.innerWidth, window.innerHeight]"
    frame = FRAMES.get(driver.session_id)
    if frame is None:
        driver.set_window_size(*size)
        got = driver.execute_script(inner)
        frame = (max(0, size[0] - got[0]), max(0, size[1] - got[1]))
        FRAMES[driver.session_id] = frame
    driver.set_window_size(size[0] + frame[0], size[1] + frame[1])

    def landed(timeout):
        try:
            WebDriverWait(driver, timeout, poll_frequency=0.02).until(lambda d: tuple(d.execute_script(inner)) == tuple(size))
            return True
        except TimeoutException:
            return False

    if landed(3):
        return
    # A phone emulated through CDP (touch tests) keeps its metrics whatever the window: move those.
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": size[0], "height": size[1], "deviceScaleFactor": 1, "mobile": size[0] < 600})
    if not landed(3):
        raise AssertionError(f"the viewport is {driver.execute_script(inner)}, not {tuple(size)}")


def save_screenshot(driver, name):
    """Saves the page as it is to reports/screenshots/NAME.png, with BUZZER_SCREENSHOTS=1 only."""
    if SCREENSHOTS:
        SHOTS.mkdir(parents=True, exist_ok=True)
        driver.save_screenshot(str(SHOTS / f"{name}.png"))


def shot(driver, name):
    """With BUZZER_SCREENSHOTS=1, saves the page at phone and projector sizes (NAME-phone.png,
    NAME-projector.png), then puts the window back."""
    if not SCREENSHOTS:
        return
    SHOTS.mkdir(parents=True, exist_ok=True)
    before = driver.execute_script("return [window.innerWidth, window.innerHeight]")
    for label, size in (("phone", PHONE), ("projector", PROJECTOR)):
        set_viewport(driver, size)
        # Let layout and fonts settle: wait for the fonts promise and two frames, not a timer.
        driver.execute_async_script(
            "const done = arguments[0]; document.fonts.ready.then(() => requestAnimationFrame(() => requestAnimationFrame(done)))")
        save_screenshot(driver, f"{name}-{label}")
    set_viewport(driver, before)


AXE_FINDINGS = {}


def axe_check(driver, page):
    """Runs axe-core (bundled with axe-selenium-python, offline). Serious or critical
    violations fail; the rest are collected for docs/accessibility.md."""
    axe = Axe(driver)
    axe.inject()
    results = axe.run(options={"resultTypes": ["violations"]})
    violations = results["violations"]
    AXE_FINDINGS[page] = [
        {"id": v["id"], "impact": v["impact"], "help": v["help"], "nodes": len(v["nodes"])} for v in violations]
    bad = [v for v in violations if v["impact"] in ("serious", "critical")]
    assert not bad, f"axe on {page}: " + "; ".join(
        f"{v['id']} ({v['impact']}): {v['help']} at {[n['target'] for n in v['nodes']][:3]}" for v in bad)


# Under pytest-xdist (`-n`), each worker writes its own findings and the controller, which finishes
# last, merges them into axe.json.
WORKER = os.environ.get("PYTEST_XDIST_WORKER")


def pytest_sessionstart(session):
    if WORKER is None:
        for stale in REPORTS.glob("axe-gw*.json"):
            stale.unlink()


def pytest_sessionfinish(session, exitstatus):
    REPORTS.mkdir(parents=True, exist_ok=True)
    if WORKER is not None:
        if AXE_FINDINGS:
            (REPORTS / f"axe-{WORKER}.json").write_text(json.dumps(AXE_FINDINGS))
        return
    for part in sorted(REPORTS.glob("axe-gw*.json")):
        AXE_FINDINGS.update(json.loads(part.read_text()))
        part.unlink()
    if AXE_FINDINGS:
        (REPORTS / "axe.json").write_text(json.dumps(AXE_FINDINGS, indent=2, sort_keys=True))


def pytest_terminal_summary(terminalreporter):
    if SCREENSHOTS:
        terminalreporter.write_line(f"screenshots: {SHOTS}")
    else:
        terminalreporter.write_line("screenshots: none taken (BUZZER_SCREENSHOTS=1 saves them to reports/screenshots)")
    if AXE_FINDINGS:
        total = sum(len(v) for v in AXE_FINDINGS.values())
        terminalreporter.write_line(f"axe: {len(AXE_FINDINGS)} page states checked, {total} minor/moderate findings in {REPORTS / 'axe.json'}")

