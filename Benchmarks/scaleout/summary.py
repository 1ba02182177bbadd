"""Summary table of a Benchmarks/scaleout/run.sh results folder: one line per run, then the median of
each mode. Times in ms; cores are CPU seconds per second of the game (the machine has 2)."""
import json
import statistics
import sys
from pathlib import Path

out = Path(sys.argv[1])
runs = []
for f in sorted(out.glob("*.json")):
    if f.name == "instance-config.json":
        continue
    try:
        runs.append((f.stem, json.loads(f.read_text())))
    except ValueError:
        runs.append((f.stem, {"ok": False, "error": "no JSON output (see the client log)"}))


def inst(r, letter, key):
    for i in r.get("instances", []):
        if i["id"] == letter:
            return i[key]["p99"]
    return float("nan")


def cores(r, name):
    for w in r.get("watched", []):
        if w["name"] == name:
            return w["cores"]
    return float("nan")


cols = ["fan p50", "fan p99", "ack p99", "ackW p99", "lag p99", "A fan99", "B fan99", "C fan99", "A ack99", "B ack99", "C ack99",
        "cpu A", "cpu B", "cpu C", "haproxy", "resumed", "resume p99"]
print(f"\nscale-out: three instances, directly and through HAProxy (results in {out})\n")
print(f"{'run':<10} {'ok':>3} {'players':>7} | " + " ".join(f"{c:>9}" for c in cols))
rows = {}
for name, r in runs:
    if "fanout_ms" not in r:
        print(f"{name:<10} ERROR: {r.get('error')}")
        continue
    res = r.get("resume", {})
    vals = [r["fanout_ms"]["p50"], r["fanout_ms"]["p99"], r["ack_ms"]["p99"],
            r.get("ack_wire_ms", {}).get("p99", float("nan")), r.get("client_lag_ms", {}).get("p99", float("nan")),
            inst(r, "A", "fanout_ms"), inst(r, "B", "fanout_ms"), inst(r, "C", "fanout_ms"),
            inst(r, "A", "ack_ms"), inst(r, "B", "ack_ms"), inst(r, "C", "ack_ms"),
            cores(r, "A"), cores(r, "B"), cores(r, "C"), cores(r, "haproxy"),
            res.get("resumed", 0), res.get("resume_ms", {}).get("p99", float("nan")) if res.get("resumed") else float("nan")]
    rows.setdefault(name.rsplit("-", 1)[0], []).append(vals)
    print(f"{name:<10} {'yes' if r['ok'] else 'NO':>3} {r['players']:>7} | " + " ".join(f"{v:>9.2f}" if isinstance(v, float) else f"{v:>9}" for v in vals))
    if not r["ok"]:
        print(f"{'':<10} errors={r.get('errors')} first: {r.get('first_error')}")
    if res.get("drops"):
        print(f"{'':<10} dropped {res['drops']} connections in {res['rooms_disrupted']} rooms ({res['players_disrupted']} players), "
              f"resumed {res['resumed']} (p50 {res['resume_ms']['p50']:.0f} ms, max {res['resume_ms']['max']:.0f} ms) "
              f"after {res['reconnect_attempts']} connection attempts; {res['acks_in_disrupted_rooms']} answers acked in those rooms, "
              f"{res['errors_in_disrupted_rooms']} errors there")
    events = out / f"{name}.events"
    if events.exists():
        for line in events.read_text().splitlines():
            if line.startswith("replay verify"):
                print(f"{'':<10} {line}")
    placement = ", ".join(f"{i['id']}: {i['rooms']} rooms / {i['players']} players" for i in r.get("instances", []))
    print(f"{'':<10} placement {placement}")

print("\nmedian per mode:")
for mode, vs in rows.items():
    med = [statistics.median([v[i] for v in vs if v[i] == v[i]]) if any(v[i] == v[i] for v in vs) else float("nan") for i in range(len(cols))]
    print(f"{mode:<10} {len(vs):>3} runs      | " + " ".join(f"{m:>9.2f}" for m in med))
# Noise: the instances that kept running (A, C), in each kill run, against the spread of the runs
# without a kill in the same way (through the proxy, or direct).
for base, kill in (("proxy", "kill"), ("direct", "direct-kill")):
    if not (rows.get(base) and rows.get(kill)):
        continue
    print(f"\nA and C in the {kill} runs, against the {base} runs' spread (min-max):")
    for label in ("A fan99", "C fan99", "A ack99", "C ack99"):
        index = cols.index(label)
        spread = [v[index] for v in rows[base]]
        lo, hi = min(spread), max(spread)
        kills = [v[index] for v in rows[kill]]
        inside = sum(lo <= k <= hi for k in kills)
        above = sum(k > hi for k in kills)
        print(f"  {label}: {base} {lo:.0f}-{hi:.0f}, {kill} {', '.join(f'{k:.0f}' for k in kills)}: "
              f"{inside} within, {above} above, {len(kills) - inside - above} below; "
              f"medians {statistics.median(spread):.0f} and {statistics.median(kills):.0f}")
print("(Of runs drawn alike, about half fall outside the min-max of three: compare the medians too.)")

print("\nfan: host's start/next written -> each player got `question`; ack: answer written -> answer_ack.")
print("ackW: the ack timed by the kernel's arrival (SO_TIMESTAMPNS); lag: kernel arrival -> the client's read.")
print("A/B/C: the instance holding the room (the code's first letter). In kill runs B's rooms are measured")
print("apart once dropped, so B's columns there cover the questions before the kill only.")
