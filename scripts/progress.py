#!/usr/bin/env python3
"""Passes a phase's output through to the screen, keeping only the lines worth reading, and says
something at least every 25 seconds while the phase is quiet, so a long run never looks hung.

    some-command 2>&1 | scripts/progress.py "swift test" --show '^(✔ Suite|✘)'

Without --show every line is shown. Quiet lines are `  … PHASE: 2 min 5 s, still running` (with
the last line read, when one was hidden). Ends when its input does.
"""
import argparse
import os
import re
import select
import sys
import time

QUIET_SECONDS = 25


def elapsed(seconds):
    seconds = int(seconds)
    return f"{seconds // 60} min {seconds % 60} s" if seconds >= 60 else f"{seconds} s"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("phase")
    parser.add_argument("--show", help="regular expression of the lines to show")
    args = parser.parse_args()
    show = re.compile(args.show) if args.show else None
    start = last_said = time.monotonic()
    hidden = ""
    buffer = b""
    stdin = sys.stdin.fileno()
    while True:
        ready, _, _ = select.select([stdin], [], [], 1.0)
        now = time.monotonic()
        if ready:
            chunk = os.read(stdin, 65536)
            if not chunk:
                break
            buffer += chunk
            *lines, buffer = buffer.split(b"\n")
            for raw in lines:
                line = raw.decode("utf-8", "replace").rstrip("\r")
                if show is None or show.search(line):
                    print(line, flush=True)
                    last_said = now
                elif line.strip():
                    # A test that started is what the phase is busy with; any other line only if none has.
                    if " started" in line or not hidden.startswith("◇"):
                        hidden = line.strip()
        if now - last_said >= QUIET_SECONDS:
            detail = f" (last: {hidden[:100]})" if hidden else ""
            print(f"  … {args.phase}: {elapsed(now - start)}, still running{detail}", flush=True)
            last_said = now
    if buffer and (show is None or show.search(buffer.decode("utf-8", "replace"))):
        print(buffer.decode("utf-8", "replace"), flush=True)


if __name__ == "__main__":
    main()
