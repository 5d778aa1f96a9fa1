#!/usr/bin/env bash
# Whole-process timings of `puzzles queens N --count` with hyperfine: one
# thread and all threads, next to the plain bitboard backtracker, medians of
# RUNS runs (default 5). Set PLAIN17=1 to time the plain search at N = 17 too
# (about a minute a run).
#
#   bench/count.sh            # from the repository root, or anywhere
#   RUNS=10 bench/count.sh
#
# Needs hyperfine (apt-get install hyperfine) and python3 for the summary.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${RUNS:-5}
threads=$(nproc)
cargo build --release --quiet -p puzzles-cli -p count-bench
puzzles=target/release/puzzles
plain=target/release/plain-count
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

echo "cores: $threads; load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
commands=(
  -n "plain 16" "$plain 16"
  -n "puzzles 16, 1 thread" "$puzzles queens 16 --count --threads 1"
  -n "puzzles 16, $threads threads" "$puzzles queens 16 --count --threads $threads"
  -n "puzzles 17, 1 thread" "$puzzles queens 17 --count --threads 1"
  -n "puzzles 17, $threads threads" "$puzzles queens 17 --count --threads $threads"
)
if [[ ${PLAIN17:-0} == 1 ]]; then
  commands+=(-n "plain 17" "$plain 17")
fi
hyperfine --warmup 1 --runs "$runs" --export-json "$out/times.json" "${commands[@]}"
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"

python3 - "$out/times.json" "$threads" <<'PY'
import json, sys
results = {r["command"]: r["median"] for r in json.load(open(sys.argv[1]))["results"]}
k = sys.argv[2]
print("\nmedians (s):")
for name, median in results.items():
    print(f"  {name:<24} {median:8.3f}")
def ratio(a, b):
    if a in results and b in results:
        print(f"  {a} / {b}: {results[a] / results[b]:.2f}x")
print("ratios:")
ratio("plain 16", "puzzles 16, 1 thread")
ratio("plain 17", "puzzles 17, 1 thread")
ratio("puzzles 16, 1 thread", f"puzzles 16, {k} threads")
ratio("puzzles 17, 1 thread", f"puzzles 17, {k} threads")
PY
