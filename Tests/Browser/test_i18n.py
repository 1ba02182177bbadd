"""Languages: the message catalogues (assets/LANG.PART.json) are complete, and every page reads
right in every language.

The first tests are plain Python over the files: every catalogue has exactly English's keys, the
same {placeholders}, a plural's `other` form; every key the scripts and pages name exists; every
error code of docs/protocol-errors.md has words. The browser tests play one game with a phone (360×740),
the projector (1920×1080) and the host console, and in every state switch each page through the
five languages: `<html lang>` follows, no key is missing (nothing fell back to English), no key
shows raw, no English sentence is left on a translated page, nothing sticks out sideways (the
projector: nothing scrolls), and ranks and scores come from Intl. The phone follows the browser's
languages and remembers the picked one; a projector on the host's browser follows the night's
language set on the console. Screenshots of each state in German and French: i18n-PART-STATE-LANG.png.
"""
import json
import re

import pytest
from selenium.webdriver.support.ui import Select

from conftest import EDIT_TOKEN, LAPTOP, PHONE, PROJECTOR, ROOT, save_screenshot, set_viewport, wait
from pages import Peer, click, el, els, local, wait_css, wait_text

ASSETS = ROOT / "Sources" / "BuzzerApp" / "Web" / "Public" / "assets"
PUBLIC = ASSETS.parent
LANGS = ["en", "de", "fr", "es", "nl"]
PAGE_NAMES = ["player", "display", "host", "edit", "league", "corrections"]
# A question kind's own words (kinds/LANG.NAME.json), loaded with its module on the pages that draw questions.
KIND_PARTS = sorted(f"kinds/{p.name.split('.')[1]}" for p in ASSETS.glob("kinds/en.*.json"))
KIND_PAGES = ("player", "display", "host", "edit")
PARTS = ["common", *PAGE_NAMES, *KIND_PARTS]
# Which catalogues each script reads (besides `common`): a page's own and its folder's (player.js
# and player/*.js), none for the shared ones, and every page's for the question kinds (kinds/*.js:
# each part of a kind runs on its own page, the phone's input on the phone, the editor's fields in the
# editor), with the kind's own catalogue. corrections.js brings its own catalogue, loaded when the form
# first opens (on the console and the league page).
PAGE_PARTS = {"player": ["player"], "display": ["display"], "host": ["host"], "edit": ["edit"], "league": ["league"], "corrections": ["corrections"],
              "kinds": list(KIND_PAGES)}
SCRIPTS = {str(p.relative_to(ASSETS)): PAGE_PARTS.get(p.parent.name if p.parent != ASSETS else p.stem, [])
           + ([f"kinds/{p.stem}"] if f"kinds/{p.stem}" in KIND_PARTS and p.parent.name == "kinds" else [])
           for p in sorted(ASSETS.rglob("*.js")) if p.name != "i18n.js"}  # i18n.js defines t(), it reads no key
PAGES = {"index.html": "player", "display.html": "display", "host.html": "host", "edit.html": "edit", "league.html": "league"}
# Keys built at run time: `t(\`err.${code}\`)` and the like. Each prefix's keys count as used.
# A room mechanic's words are `note.NAME`, `act.COMMAND` and `e.extra.FIELD` (docs/mechanics.md).
DYNAMIC = ("err.", "note.", "act.", "e.extra.", "e.kind.", "e.part.", "e.item.", "e.credit.", "e.surveyScoring.", "e.surveyDisplay.", "l.period.", "l.in.", "l.col.")
ORDINAL_FIRST = {"en": "1st", "de": "1.", "fr": "1er", "es": "1º", "nl": "1e"}
PLACEHOLDER = re.compile(r"\{(\w+)\}")


def catalogue(lang, part):
    folder, _, name = part.rpartition("/")
    return json.loads((ASSETS / folder / f"{lang}.{name}.json").read_text())


def page_parts(part):
    """A page's catalogues: its own, and every kind's on the pages that draw questions."""
    return [part, *KIND_PARTS] if part in KIND_PAGES else [part]


def texts(value):
    return list(value.values()) if isinstance(value, dict) else [value]


def longest_language(parts):
    """The language whose catalogues for `parts` (and common) are longest: the one to fit."""
    size = {lang: sum(len(s) for part in ["common", *parts] for v in catalogue(lang, part).values() for s in texts(v)) for lang in LANGS}
    return max(size, key=size.get)


# MARK: - The catalogues themselves


def test_every_catalogue_has_every_key_with_the_same_placeholders():
    problems = []
    for part in PARTS:
        english = catalogue("en", part)
        for lang in LANGS:
            other = catalogue(lang, part)
            for key in sorted(set(english) - set(other)):
                problems.append(f"{lang}.{part}.json: missing {key}")
            for key in sorted(set(other) - set(english)):
                problems.append(f"{lang}.{part}.json: {key} is not in en.{part}.json")
            for key in set(english) & set(other):
                value = other[key]
                if isinstance(value, dict) and "other" not in value:
                    problems.append(f"{lang}.{part}.json: {key} has no `other` form")
                if any(not isinstance(s, str) or not s.strip() for s in texts(value)):
                    problems.append(f"{lang}.{part}.json: {key} is empty")
                want = {p for s in texts(english[key]) for p in PLACEHOLDER.findall(s)}
                have = {p for s in texts(value) for p in PLACEHOLDER.findall(s)}
                if not have <= want or (key != "ordinal" and not isinstance(value, dict) and have != want):
                    problems.append(f"{lang}.{part}.json: {key} uses {sorted(have)}, English {sorted(want)}")
    assert not problems, "\n".join(problems)


def test_every_key_in_use_exists_and_every_error_code_has_words():
    problems = []
    used = set()
    for script, parts in SCRIPTS.items():
        source = (ASSETS / script).read_text()
        known = {k for part in ["common", *parts] for k in catalogue("en", part)}
        for key in re.findall(r"\btn?\('([^']+)'", source) + re.findall(r"'data-i18n': '([^']+)'", source):
            used.add(key)
            if key not in known:
                problems.append(f"{script}: t('{key}') is in no catalogue it loads")
        # A key chosen in an expression (`t(team ? 'p.teamStake' : 'p.yourStake')`) is a quoted literal.
        used.update(k for k in re.findall(r"'([a-zA-Z]+\.[\w.]+)'", source) if k in known)
    for page, part in PAGES.items():
        html = (PUBLIC / page).read_text()
        known = {k for p in ["common", part] for k in catalogue("en", p)}
        for key in re.findall(r'data-i18n="([^"]+)"', html):
            used.add(key)
            if key not in known:
                problems.append(f"{page}: data-i18n={key} is in no catalogue it loads")
    # Every code of protocol-errors.md's error table, in words for the people who see it.
    protocol = (ROOT / "docs" / "protocol-errors.md").read_text()
    table = protocol.split("| code | when |", 1)[1].split("## Closing codes", 1)[0]
    codes = {c for row in table.splitlines() if row.startswith("| `") for c in re.findall(r"`([a-z_]+)`", row.split("|")[1])}
    assert len(codes) > 40, codes
    common = catalogue("en", "common")
    problems += [f"error code {c} has no err.{c}" for c in sorted(codes) if f"err.{c}" not in common]
    # What no script or page names is dead weight for the phone to download. A kind's editor labels
    # (`e.NAME.FIELD`) may be chosen by field name in its module (`t(`e.slider.${k}`)`).
    kind_labels = tuple(f"e.{p.stem}." for p in (ASSETS / "kinds").glob("*.js"))
    for part in PARTS:
        for key in catalogue("en", part):
            if key not in used and key not in ("ordinal", "lang.label") and not key.startswith(DYNAMIC + kind_labels):
                problems.append(f"en.{part}.json: {key} is never used")
    assert not problems, "\n".join(problems)


# Known false friends: words that look right to an English speaker and mean something else here
# (docs/web-languages.md). "Lock in" is to commit an answer, never to log in; a library is never a bookshop;
# "eventually" is never "possibly".
FALSE_FRIENDS = {
    "de": ["einlogg", "eingeloggt", "ausloggen", "eventuell"],
    "fr": ["librairie", "éventuellement", "se connecter"],
    "es": ["librería", "eventualmente", "iniciar sesión"],
    "nl": ["inloggen", "ingelogd", "eventueel"],
}


def test_no_catalogue_uses_a_known_false_friend():
    problems = []
    for lang, words in FALSE_FRIENDS.items():
        for part in PARTS:
            for key, value in catalogue(lang, part).items():
                for text in texts(value):
                    problems += [f"{lang}.{part}.json: {key} says \"{w}\": \"{text}\"" for w in words if w in text.lower()]
    assert not problems, "\n".join(problems)


def test_no_text_names_a_file_or_a_command():
    """What a host or a player reads never sends them to a file of this repository or a command line."""
    problems = []
    for lang in LANGS:
        for part in PARTS:
            for key, value in catalogue(lang, part).items():
                for text in texts(value):
                    if re.search(r"docs/|\.md\b|\bbuzzer (replay|import|check|serve)\b", text):
                        problems.append(f"{lang}.{part}.json: {key}: {text}")
    assert not problems, "\n".join(problems)


# MARK: - The pages

# What is wrong with the page as it stands in `lang`: arguments are the language, every key, the
# English sentences a translated page must not show, and whether the page must not scroll at all.
CHECK = """
const [lang, keys, english, noScroll, words] = arguments;
const out = [];
if (document.documentElement.lang !== lang) out.push(`html lang is ${document.documentElement.lang}`);
const missing = [...(window.buzzerI18n?.missing ?? [])];
if (missing.length) out.push(`missing keys: ${missing.join(', ')}`);
const text = document.body.innerText + ' ' + [...document.querySelectorAll('[aria-label], [alt], [placeholder]')]
  .map((e) => [e.getAttribute('aria-label'), e.getAttribute('alt'), e.getAttribute('placeholder')].join(' ')).join(' ') + ' ' + document.title;
for (const key of keys) if (new RegExp(`(^|[^\\\\w.])${key.replace(/\\./g, '\\\\.')}($|[^\\\\w.])`).test(text)) out.push(`raw key ${key}`);
for (const sentence of english) if (text.includes(sentence)) out.push(`English left: "${sentence}"`);
// Short English texts (a heading, a button) count when they are an element's whole text.
const own = new Set(words);
for (const e of document.querySelectorAll('body *')) {
  if (e.children.length || e.closest('.lang-select')) continue;
  const whole = e.textContent.trim();
  if (own.has(whole)) out.push(`English left: "${whole}" (${e.tagName.toLowerCase()})`);
}
const root = document.documentElement;
if (root.scrollWidth > innerWidth + 1) out.push(`sideways overflow: ${root.scrollWidth} > ${innerWidth}: ` +
  [...document.querySelectorAll('body *')].filter((e) => e.getBoundingClientRect().right > innerWidth + 1).slice(0, 5)
    .map((e) => `${e.tagName.toLowerCase()}.${e.className} "${e.textContent.slice(0, 30)}"`).join('; '));
if (noScroll && root.scrollHeight > innerHeight + 1) out.push(`scrolls: ${root.scrollHeight} > ${innerHeight}`);
// What must never break inside: a rank ("4e sur 5") and the projector's join address ("127.0.0.1:8765").
for (const e of document.querySelectorAll('.stats .v, .display-lobby .url')) {
  const range = document.createRange();
  range.selectNodeContents(e);
  const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
  if (lines.size > 1) out.push(`broken across ${lines.size} lines: "${e.textContent}"`);
}
return out;
"""


def english_words(lang, parts):
    """English texts without placeholders that `lang` says differently: no element's whole text on a `lang` page."""
    if lang == "en":
        return []
    out = set()
    for part in ["common", *parts]:
        english, other = catalogue("en", part), catalogue(lang, part)
        for key, value in english.items():
            if isinstance(value, str) and "{" not in value and len(value.strip()) >= 3 and value.strip() != str(other.get(key, "")).strip():
                out.add(value.strip())
    # What a translation says the same way is not English left over.
    mine = {s.strip() for part in ["common", *parts] for v in catalogue(lang, part).values() for s in texts(v)}
    return sorted(out - mine)


def english_sentences(lang, parts):
    """English texts of `parts` that `lang` says differently: none of them may show on a `lang` page.
    Only the fixed start of each (up to its first placeholder) and only when long enough to be telling."""
    if lang == "en":
        return []
    out = set()
    for part in ["common", *parts]:
        english, other = catalogue("en", part), catalogue(lang, part)
        for key, value in english.items():
            for i, s in enumerate(texts(value)):
                head = PLACEHOLDER.split(s)[0].strip()
                translated = texts(other.get(key, ""))
                if len(head) >= 14 and not any(head in t for t in translated):
                    out.add(head)
    return sorted(out)


class Site:
    """One server and its pages, with what each page's check needs, made once for the module."""

    def __init__(self, server):
        self.server = server
        # Keys with a dot only: "leaderboard" or "skip" are also plain English words.
        self.keys = {part: sorted(k for p in ["common", *page_parts(part)] for k in catalogue("en", p) if "." in k) for part in PAGE_NAMES}
        self.english = {(lang, part): english_sentences(lang, page_parts(part)) for lang in LANGS for part in PAGE_NAMES}
        self.words = {(lang, part): english_words(lang, page_parts(part)) for lang in LANGS for part in PAGE_NAMES}

    def check(self, driver, part, lang, state, no_scroll=False):
        wait(driver, lambda d: d.execute_script("return document.documentElement.lang") == lang, f"{part} never switched to {lang}")
        if no_scroll:  # the projector: its podium's entrance and its pictures are done (as test_projector_fit waits)
            wait(driver, lambda d: d.execute_script(
                "return [...document.images].every((i) => i.complete) && document.getAnimations().every((a) => "
                "!(a instanceof CSSAnimation) || a.effect.getTiming().iterations === Infinity || a.playState !== 'running')"),
                "animations never settled", timeout=20)
        # A redraw may wait for the network (the editor fetches its list again): give it a moment.
        args = (lang, self.keys[part], self.english[(lang, part)], no_scroll, self.words[(lang, part)])
        try:
            wait(driver, lambda d: not d.execute_script(CHECK, *args), timeout=5)
        except Exception:  # the assertion below says what is wrong
            pass
        problems = driver.execute_script(CHECK, *args)
        assert not problems, f"{part} {state} in {lang}: {problems}"


def pick(driver, lang, css="#language"):
    """Picks `lang` in the page's own language select, as a person would."""
    Select(wait_css(driver, css)).select_by_value(lang)


def display_language(driver, lang):
    """The projector has no picker: the host's console sets it. Here, its own i18n module switches."""
    driver.execute_async_script("const done = arguments[1]; import('/assets/i18n.js').then((m) => m.useLanguage(arguments[0])).then(done)", lang)


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    from test_first_run import start
    server = start(tmp_path_factory.mktemp("i18n"))
    yield Site(server)
    server.stop()


def every_language(driver, site, part, state, switch, no_scroll=False, sizes=None):
    for lang in LANGS:
        switch(driver, lang)
        for size in sizes or [None]:
            if size:
                set_viewport(driver, size)
            site.check(driver, part, lang, f"{state}{f' at {size[0]}x{size[1]}' if size else ''}", no_scroll)
            if lang in ("de", "fr") and size in (None, PHONE):  # the two longest, for a look: i18n-PART-STATE-LANG.png
                save_screenshot(driver, f"i18n-{part}-{state.replace(' ', '-')}-{lang}")
    switch(driver, "en")


PHONES = [PHONE, (390, 844)]


def test_every_page_in_every_language(site, browsers):
    base = site.server.url
    # The editor and the host's setup form, in a browser of their own.
    desk = browsers.open(LAPTOP)
    desk.get(f"{base}/host#token={EDIT_TOKEN}")
    wait_css(desk, "input[name=pack]")
    every_language(desk, site, "host", "setup", pick)
    desk.get(f"{base}/edit")
    wait_css(desk, "#new-pack")
    every_language(desk, site, "edit", "library", pick)
    click(desk, "#new-pack")
    wait_css(desk, "#save")
    every_language(desk, site, "edit", "new pack", pick)
    click(desk, "#save")  # an empty pack: the server's problems, placed in words
    wait_css(desk, "#problems")
    every_language(desk, site, "edit", "problems", pick)

    # The game: the host console creates it, a phone joins, the projector shows it.
    host = browsers.open(LAPTOP)
    host.get(f"{base}/host#token={EDIT_TOKEN}")
    wait_css(host, "input[name=pack][value=pub-classics]").click()
    click(host, "details.settings > summary")
    el(host, "#readingSeconds").clear()
    el(host, "#readingSeconds").send_keys("0")
    el(host, "#timeLimitSeconds").clear()
    el(host, "#timeLimitSeconds").send_keys("300")
    click(host, ".setup button[type=submit]")
    code = wait_css(host, "#join-code").text.strip()

    phone = browsers.open(PHONE)
    phone.get(f"{base}/join/{code}")
    wait_css(phone, "#nickname")
    every_language(phone, site, "player", "join form", pick, sizes=PHONES)
    set_viewport(phone, PHONE)
    el(phone, "#nickname").send_keys("Ada Lovelace\n")
    wait_css(phone, "#player-count")
    every_language(phone, site, "player", "lobby", pick, sizes=PHONES)
    set_viewport(phone, PHONE)

    display = browsers.open(PROJECTOR)
    display.get(f"{base}/display/{code}")
    wait_css(display, ".display-lobby .code")
    every_language(display, site, "display", "lobby", display_language, no_scroll=True)
    # A live count keeps its sentence's plural: French says "0 joueur" and "1 joueur" but "2 joueurs".
    display_language(display, "fr")
    extra = Peer(base)
    extra.send(type="join", code=code, nickname="Bea")
    extra.until("joined")
    wait_text(display, ".display-lobby .joined", "2 joueurs inscrits")
    display_language(display, "en")
    wait_text(host, ".livecount", "2")
    every_language(host, site, "host", "lobby", pick)

    click(host, "#primary")  # start
    wait_css(phone, ".answers .answer:not([disabled])")
    wait_css(display, ".dq .answer")
    every_language(phone, site, "player", "question", pick, sizes=PHONES)
    set_viewport(phone, PHONE)
    every_language(display, site, "display", "question", display_language, no_scroll=True)
    every_language(host, site, "host", "question", pick)

    click(phone, ".answers .answer.opt-0")
    wait_css(phone, ".locked-seal")
    every_language(phone, site, "player", "locked in", pick, sizes=PHONES)
    set_viewport(phone, PHONE)

    # Everyone answered: the room may close the question itself (closeWhenAllAnswered), else the host does.
    wait(host, lambda d: els(d, "#reopen") or els(d, "#pause"), "the console never showed the question's controls")
    if not els(host, "#reopen"):
        click(host, "#primary")  # close answers
    wait_css(host, "#reopen")
    click(host, "#primary")  # reveal
    wait_css(display, ".dq .bars")
    wait_css(phone, ".result")
    every_language(phone, site, "player", "result", pick, sizes=PHONES)
    set_viewport(phone, PHONE)
    every_language(display, site, "display", "reveal", display_language, no_scroll=True)
    every_language(host, site, "host", "reveal", pick)

    # A score with thousands, so each language's grouping shows.
    click(host, "details.adjust-box > summary")
    el(host, "#delta").send_keys("12345")
    el(host, "#reason").send_keys("i18n\n")
    click(host, "#stage .controls button:not(#primary):not(#undo-reveal):not(#end)")  # Show leaderboard
    wait_css(phone, ".board tbody tr")
    wait_css(display, ".display-board .board")
    every_language(phone, site, "player", "leaderboard", pick, sizes=PHONES)
    set_viewport(phone, PHONE)
    every_language(display, site, "display", "leaderboard", display_language, no_scroll=True)
    every_language(host, site, "host", "leaderboard", pick)

    # Ranks and scores come from Intl: 1st / 1. / 1er / 1º / 1e, and each language's digits.
    for lang in LANGS:
        pick(phone, lang)
        site.check(phone, "player", lang, "leaderboard")
        rank = el(phone, ".board tbody td.rank").text
        assert rank == ORDINAL_FIRST[lang], (lang, rank)
        score = el(phone, ".board tbody td.num").text
        expected = phone.execute_script("return new Intl.NumberFormat(arguments[0]).format(arguments[1])", lang,
                                        int(re.sub(r"\D", "", score)))
        assert score == expected and int(re.sub(r"\D", "", score)) >= 12345, (lang, score, expected)
        if lang in ("de", "nl"):
            assert "." in score, (lang, score)
    pick(phone, "en")

    # End the game: the podium everywhere.
    click(host, "#end")
    click(host, "#ask-confirm")
    wait_css(phone, ".ended .podium")
    wait_css(display, ".display-ended .podium")
    every_language(phone, site, "player", "podium", pick, sizes=PHONES)
    every_language(display, site, "display", "podium", display_language, no_scroll=True)
    every_language(host, site, "host", "ended", pick)
    extra.close()


def test_the_phone_follows_the_browser_and_keeps_the_picked_language(site, browsers):
    phone = browsers.open(PHONE)
    # What a Dutch phone sends: navigator.languages follows Accept-Language.
    phone.execute_cdp_cmd("Emulation.setUserAgentOverride", {"userAgent": phone.execute_script("return navigator.userAgent"),
                                                             "acceptLanguage": "nl-BE,nl;q=0.9,en;q=0.5"})
    phone.get(f"{site.server.url}/")
    wait_css(phone, "#nickname")
    site.check(phone, "player", "nl", "join form (browser's language)")
    assert el(phone, "h1").text == catalogue("nl", "player")["p.joinTitle"]
    assert local(phone, "buzzer.lang") is None
    pick(phone, "fr")
    site.check(phone, "player", "fr", "join form (picked)")
    assert local(phone, "buzzer.lang") == "fr"
    phone.refresh()
    wait_css(phone, "#nickname")
    site.check(phone, "player", "fr", "join form after a reload")
    assert Select(el(phone, "#language")).first_selected_option.get_attribute("value") == "fr"


def test_the_projector_follows_the_night_language_set_on_the_console(site, browsers):
    from pages import console
    host, code = console(browsers, site.server.url, LAPTOP, pack="pub-classics")
    pick(host, "es", "#night-lang")
    assert el(host, "#open-display").get_attribute("href").endswith(f"/display/{code}?lang=es")
    # The projector's link carries the language…
    host.switch_to.new_window("tab")
    host.get(f"{site.server.url}/display/{code}?lang=es")
    wait_css(host, ".display-lobby .code")
    site.check(host, "display", "es", "lobby from the console's link")
    # …and a projector on the console's browser follows a change at once.
    host.get(f"{site.server.url}/display/{code}")
    wait_css(host, ".display-lobby .code")
    site.check(host, "display", "es", "lobby (the night's language)")
    console_tab, display_tab = host.window_handles
    host.switch_to.window(console_tab)
    pick(host, "de", "#night-lang")
    host.switch_to.window(display_tab)
    site.check(host, "display", "de", "lobby after the console changed the night's language")


def test_the_league_page_in_every_language(site, browsers):
    """The league page (docs/league.md) on a phone, with its nights and a game's results, for the
    league's owner, and on the projector at 1280x720 and 1920x1080, in each language."""
    base = site.server.url
    host = Peer(base)
    host.send(type="create", token=EDIT_TOKEN, league={"name": "Quiz at The Crown"},
              questions={"title": "One question", "questions": [{"kind": "truefalse", "category": "Fun", "text": "Water is wet.", "answer": True}]},
              settings={"readingTimeMs": 0, "timeLimitSeconds": 60, "closeWhenAllAnswered": True})
    created = host.until("created")
    league = created["league"]["id"]
    players = []
    for n, (name, team) in enumerate([("Ada", "Die Eulen"), ("Bea", "Les Renards"), ("Cy", "Los Búhos")]):
        player = Peer(base)
        player.send(type="join", code=created["code"], nickname=name, team=team, device=f"i18n-league-device-{n}")
        player.until("joined")
        players.append(player)
    host.send(type="start")
    for n, player in enumerate(players):
        player.until("question")
        player.send(type="answer", question=0, answer={"kind": "truefalse", "value": n != 1})
        player.until("answer_ack")
    host.until("answers_closed")
    host.send(type="reveal")
    host.until("reveal")
    host.send(type="end")
    host.until("ended")
    for peer in (host, *players):
        peer.close()

    # Ada's phone: her rows, her nights, then one game's results.
    phone = browsers.open(PHONE)
    phone.get(f"{base}/league/{league}")
    phone.execute_script("localStorage.setItem('buzzer.device', JSON.stringify('i18n-league-device-0'))")
    phone.get(f"{base}/league/{league}")
    wait_css(phone, "#nights li")
    wait_css(phone, "#my-standing")
    every_language(phone, site, "league", "phone", pick, sizes=PHONES)
    pick(phone, "fr")
    # The catalogue loads after the pick: wait for the redraw, not the first read.
    wait_text(phone, "#my-standing", ORDINAL_FIRST["fr"])
    pick(phone, "en")
    click(phone, "#nights li a")
    wait_css(phone, "#game-players")
    every_language(phone, site, "league", "game results", pick, sizes=PHONES)

    # The owner (this browser holds the edit token): the panel that joins names and sets the scoring.
    owner = browsers.open(LAPTOP)
    owner.get(f"{base}/league/{league}")
    owner.execute_script(f"localStorage.setItem('buzzer.editToken', JSON.stringify({json.dumps(EDIT_TOKEN)}))")
    owner.get(f"{base}/league/{league}")
    wait_css(owner, "#alias-form")
    every_language(owner, site, "league", "owner", pick)

    # The projector: one table at a time, never scrolling, in the link's language and the night's.
    screen = browsers.open((1280, 720))
    screen.get(f"{base}/league/{league}?screen=projector&lang=de")
    wait_css(screen, ".league-table caption")
    site.check(screen, "league", "de", "projector from the link", no_scroll=True)
    every_language(screen, site, "league", "projector", display_language, no_scroll=True, sizes=[(1280, 720), PROJECTOR])
