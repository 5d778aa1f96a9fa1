#!/usr/bin/env python3
"""Times `puzzles queens N --count` against the quadrant counter (Kluev's
N-Queens-Count-Sol) side by side: whole process, wall clock and CPU time (user +
system), runs alternating ours / theirs, medians, peak memory (max RSS), and
the ratios ours / theirs. On a busy machine read the CPU columns.

    cargo build --release -p puzzles-cli
    bench/count-peer/build-quadrant-peer.sh CHECKOUT /tmp/kluev 15 16 17 18 19
    bench/count-peer/run.py --peer-dir /tmp/kluev [--sizes 15-19] [--threads 1,2] [--runs 5]

Each run's answer is checked against the other's. Nothing else should run on the
machine meanwhile: on two cores, even a build skews the two-thread column.
"""

import argparse
import os
import re
import statistics
import subprocess
import sys


def timed(command):
    """Runs `command` under GNU time; returns (wall seconds, CPU seconds,
    max RSS in KiB, stdout). (A child's rusage from Python would count the
    interpreter's own pages, copied before the exec.)"""
    process = subprocess.run(
        ["/usr/bin/time", "-f", "%e %U %S %M", *command], capture_output=True, text=True
    )
    if process.returncode != 0:
        sys.exit(f"{' '.join(command)} failed with status {process.returncode}: {process.stderr}")
    wall, user, system, rss = process.stderr.strip().splitlines()[-1].split()
    return float(wall), float(user) + float(system), int(rss), process.stdout


def answer(out):
    match = re.search(r"(?:Result: )?(\d+)\s*$", out.strip().splitlines()[0])
    if not match:
        sys.exit(f"no count in {out!r}")
    return int(match.group(1))


def sizes(text):
    if "-" in text:
        low, high = map(int, text.split("-"))
        return list(range(low, high + 1))
    return [int(part) for part in text.split(",")]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--peer-dir", required=True, help="where nqueens-N were built")
    parser.add_argument("--puzzles", default="target/release/puzzles")
    parser.add_argument("--sizes", default="15-19", type=sizes)
    parser.add_argument("--threads", default="1,2")
    parser.add_argument("--runs", default=5, type=int)
    args = parser.parse_args()
    threads = [int(t) for t in args.threads.split(",")]
    cpu = next((line.split(":", 1)[1].strip() for line in open("/proc/cpuinfo") if line.startswith("model name")), "?")
    print(f"cpu: {cpu}; cores: {os.cpu_count()}; load average before: {os.getloadavg()[0]:.2f}")
    print(f"runs: {args.runs}, alternating; whole process; medians\n")
    print(f"{'N':>3} {'thr':>3} {'puzzles s':>10} {'peer s':>10} {'ours/peer':>9} {'CPU s':>8} {'peer CPU':>8} {'CPU ratio':>9} {'puzzles MiB':>11} {'peer MiB':>9}")
    for n in args.sizes:
        peer = os.path.join(args.peer_dir, f"nqueens-{n}")
        for k in threads:
            ours_cmd = [args.puzzles, "queens", str(n), "--count", "--threads", str(k), "--quiet"]
            peer_cmd = [peer, str(k)]
            ours, theirs, ours_cpu, their_cpu, ours_rss, their_rss = [], [], [], [], 0, 0
            for _ in range(args.runs):
                wall, cpu, rss, out = timed(ours_cmd)
                ours.append(wall)
                ours_cpu.append(cpu)
                ours_rss = max(ours_rss, rss)
                ours_answer = answer(out)
                wall, cpu, rss, out = timed(peer_cmd)
                theirs.append(wall)
                their_cpu.append(cpu)
                their_rss = max(their_rss, rss)
                if answer(out) != ours_answer:
                    sys.exit(f"n = {n}: puzzles says {ours_answer}, the peer {answer(out)}")
            a, b = statistics.median(ours), statistics.median(theirs)
            c, d = statistics.median(ours_cpu), statistics.median(their_cpu)
            print(
                f"{n:>3} {k:>3} {a:>10.3f} {b:>10.3f} {a / b:>9.2f} {c:>8.3f} {d:>8.3f} {c / d:>9.2f}"
                f" {ours_rss / 1024:>11.1f} {their_rss / 1024:>9.1f}",
                flush=True,
            )
    print(f"\nload average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
