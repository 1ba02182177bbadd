"""Keeps the pages the way docs/web-clients.md describes them (issue 29): no script over 400 lines,
and only the reducer (assets/game-state.js) reads server messages; pages draw from its store."""
import json
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ASSETS = ROOT / "Sources" / "BuzzerApp" / "Web" / "Public" / "assets"
REDUCER = ASSETS / "game-state.js"
MAX_LINES = 400
# A page switches over its phase (the store's `game.phase`), some of which share a message's name:
# a `case 'lobby':` there reads the state, not a message.
PHASES = {"lobby", "reading", "open", "closed", "revealed", "leaderboard", "tiebreak", "break", "ended", "kicked"}


def scripts():
    return sorted(p for p in (ROOT / "Sources").rglob("*.js"))


def server_message_types():
    """Every type the server sends: the examples of docs/protocol-server.md (and of `error` in
    protocol-errors.md) and every case the reducer reads."""
    section = "".join((ROOT / "docs" / name).read_text() for name in ("protocol-server.md", "protocol-errors.md"))
    types = set(re.findall(r'"type":"([a-z_]+)"', section))
    types |= set(re.findall(r"case '([a-z_]+)'", REDUCER.read_text()))
    return types


def test_the_message_types_are_found():
    types = server_message_types()
    assert {"question", "reveal", "state", "created", "joined", "error", "tiebreak_ack"} <= types


def test_no_script_under_sources_is_over_400_lines():
    long = {str(p.relative_to(ROOT)): n for p in scripts() if (n := len(p.read_text().splitlines())) > MAX_LINES}
    assert long == {}, f"split these by screen (docs/web-clients.md): {long}"


def test_only_the_reducer_reads_server_message_types():
    types = server_message_types()
    found = []
    for path in scripts():
        if path == REDUCER:
            continue
        for number, line in enumerate(path.read_text().splitlines(), 1):
            code = line.split("//", 1)[0]
            where = f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
            if re.search(r"\bm\.type\b|switch\s*\([^)]*\btype\)", code):
                found.append(where)
            for name in re.findall(r"\.type\s*[!=]==?\s*'([a-z_]+)'", code):
                if name in types:
                    found.append(where)
            for name in re.findall(r"case '([a-z_]+)'", code):
                if name in types and name not in PHASES:
                    found.append(where)
    assert found == [], "pages draw from the store; only game-state.js reads messages:\n" + "\n".join(found)


def test_no_script_keeps_state_in_module_level_lets():
    """A page's mutable state is its store (one object); a module-level `let` is state beside it."""
    found = [f"{p.relative_to(ROOT)}:{n}: {line}" for p in scripts()
             for n, line in enumerate(p.read_text().splitlines(), 1) if re.match(r"let\s", line)]
    assert found == [], "\n".join(found)


def french_strings():
    for path in sorted(ASSETS.rglob("fr.*.json")):
        def walk(value, where):
            if isinstance(value, str):
                yield where, value
            elif isinstance(value, dict):
                for key, inner in value.items():
                    yield from walk(inner, f"{where}.{key}")
        yield from walk(json.loads(path.read_text()), path.relative_to(ROOT).as_posix())


def test_french_keeps_its_punctuation_on_the_line_of_its_word():
    """French puts a space before ! ? : ; and inside « »; a plain one lets "!" fall alone onto the next
    line ("Partie terminée" / "!"). The catalogues use a no-break space there (narrow before ! ? ;)."""
    found = [f"{where}: {text!r}" for where, text in french_strings() if re.search(r" [!?:;»]|« ", text)]
    assert found == [], "a breaking space before French punctuation:\n" + "\n".join(found)
