"""Screenshots for docs/screenshots/, taken by the browser tests that reach the screen they show.

They are written only with BUZZER_DOC_SHOTS=1 (a normal test run leaves docs/ alone): run the test
named in the doc that shows it (docs/web-*.md, docs/kinds-*.md) to refresh a picture. Each is a PNG of the page as it is drawn;
the docs keep them small (under 150 KB): the page's own screenshot, its colours rounded to `STEP`
levels in the browser (a canvas: the test machine has no image library), so the projector's
gradients pack into few bytes."""
import base64
import os
import struct
import zlib

from conftest import ROOT

DOC_SHOTS = ROOT / "docs" / "screenshots"
LIMIT = 150_000
STEP = 12

# Rounds every channel of a PNG (base64) to multiples of arguments[1] on a canvas: [width, height, RGB bytes in base64].
POSTERIZE = """
const [data, step, done] = arguments;
const img = new Image();
img.onload = () => {
  const canvas = document.createElement('canvas');
  canvas.width = img.width; canvas.height = img.height;
  const g = canvas.getContext('2d');
  g.drawImage(img, 0, 0);
  const pixels = g.getImageData(0, 0, img.width, img.height);
  for (let i = 0; i < pixels.data.length; i++) if (i % 4 !== 3) pixels.data[i] = Math.min(255, Math.round(pixels.data[i] / step) * step);
  const rgb = new Uint8Array(img.width * img.height * 3);
  for (let i = 0, j = 0; i < pixels.data.length; i += 4, j += 3) rgb.set(pixels.data.subarray(i, i + 3), j);
  let text = '';
  for (let i = 0; i < rgb.length; i += 0x8000) text += String.fromCharCode(...rgb.subarray(i, i + 0x8000));
  done([img.width, img.height, btoa(text)]);
};
img.src = 'data:image/png;base64,' + data;
"""


def png(width, height, rgb):
    """An RGB PNG, each row filtered against the one above ("Up"): a posterized screen is mostly zeros then."""
    row = width * 3
    lines = [b"\x00" + rgb[:row]]
    for y in range(1, height):
        above, here = rgb[(y - 1) * row:y * row], rgb[y * row:(y + 1) * row]
        lines.append(b"\x02" + bytes((a - b) & 0xFF for a, b in zip(here, above)))

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(b"".join(lines), 9)) + chunk(b"IEND", b""))


def doc_shot(driver, name):
    """Saves docs/screenshots/NAME.png when BUZZER_DOC_SHOTS=1; fails if it came out over 150 KB."""
    if os.environ.get("BUZZER_DOC_SHOTS") != "1":
        return
    DOC_SHOTS.mkdir(parents=True, exist_ok=True)
    path = DOC_SHOTS / f"{name}.png"
    shot = driver.get_screenshot_as_base64()
    # In a blank tab: the pages' own Content-Security-Policy allows no data: pictures.
    page = driver.current_window_handle
    driver.switch_to.new_window("tab")
    try:
        small = driver.execute_async_script(POSTERIZE, shot, STEP)
    finally:
        driver.close()
        driver.switch_to.window(page)
    width, height, rgb = small
    path.write_bytes(png(width, height, base64.b64decode(rgb)))
    assert path.stat().st_size < LIMIT, f"{path.name} is {path.stat().st_size} bytes: over {LIMIT}"
