"""Second-by-second view of one run's --samples CSV (Benchmarks/game/game.c): per instance, the ack
and fan-out p99 as the load client's loop saw them and as the kernel received them (wire), with
B's drops and resumes alongside. Answers the question a kill run raises: when the other instances'
p99 rises, is it the servers (wire rises too) or the load client (only the loop's figure rises)?

    python3 Benchmarks/scaleout/timeline.py results/DATE/kill-1.samples.csv [--bucket 1000]
"""
import argparse
import csv
import math
from collections import defaultdict


def p99(values):
    if not values:
        return float("nan")
    v = sorted(values)
    return v[min(len(v) - 1, max(0, math.ceil(0.99 * len(v)) - 1))]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("samples")
    ap.add_argument("--bucket", type=int, default=1000, help="bucket width in ms (default 1000)")
    args = ap.parse_args()

    lat = defaultdict(lambda: defaultdict(list))  # (bucket) -> (kind, inst, which) -> [ms]
    events = defaultdict(lambda: defaultdict(int))  # bucket -> kind -> count
    cpu = defaultdict(lambda: defaultdict(list))  # bucket -> process -> [cores]
    instances = set()
    with open(args.samples, newline="") as f:
        for row in csv.DictReader(f):
            b = int(float(row["t_ms"]) // args.bucket)
            kind, inst = row["kind"], row["instance"]
            if kind == "cpu":
                cpu[b][inst].append(float(row["ms"]))
                continue
            if kind in ("drop", "resume"):
                events[b][kind] += 1
                continue
            instances.add(inst)
            lat[b][(kind, inst, "loop")].append(float(row["ms"]))
            lat[b][(kind, inst, "wire")].append(float(row["wire_ms"]))

    insts = sorted(instances)
    cols = [(k, i, w) for k in ("ack", "fanout") for i in insts for w in ("loop", "wire")]
    head = " ".join(f"{k[:3]} {i} {w:>4}" for k, i, w in cols)
    procs = sorted({p for b in cpu.values() for p in b})
    head += "".join(f" {p[:7]:>7}" for p in procs)
    print(f"p99 in ms per {args.bucket} ms of the game (loop: as the client's loop read it; wire: as the kernel received it)")
    print("then the cores each process used (mean over the bucket), and B's drops and resumes")
    print(f"{'t (s)':>6} {head}   drops resumes")
    for b in sorted(set(lat) | set(events)):
        vals = " ".join(f"{p99(lat[b].get(c, [])):>10.1f}" for c in cols)
        vals += "".join(f" {sum(cpu[b][p]) / len(cpu[b][p]) if cpu[b].get(p) else float('nan'):>7.2f}" for p in procs)
        e = events.get(b, {})
        print(f"{b * args.bucket / 1000:>6.1f} {vals} {e.get('drop', 0):>6} {e.get('resume', 0):>7}")


if __name__ == "__main__":
    main()
