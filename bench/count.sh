#!/usr/bin/env bash
# Whole-process timings of `puzzles queens N --count` with hyperfine: one
# thread and all threads, next to the plain bitboard backtracker, medians of
# RUNS runs (default 5). Set PLAIN17=1 to time the plain search at N = 17 too
# (about a minute a run).
#
#   bench/count.sh            # from the repository root, or anywhere
#   RUNS=10 bench/count.sh
#
# Then the ns per node of each kernel for N = 16, 20 and 23 to 27 (samples
# beyond 20: see the end). KERNELS="avx512 avx2 sse2" picks the kernels.
#
# Needs hyperfine (apt-get install hyperfine) and python3 for the summary.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${RUNS:-5}
threads=$(nproc)
cargo build --release --quiet -p puzzles-cli
# The bench workspace (bench/Cargo.toml) builds into the same target/.
(cd bench && cargo build --release --quiet -p count-bench)
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

# ns per node, one thread, by the counting thread's CPU time (fair on a busy
# machine): N = 16 whole, N = 20 on 40 random units, N = 23 to 27 on 20
# random subtrees 17 rows deep (`count-sample`), each kernel this processor
# has, medians of ROUNDS rounds (default 3), sizes alternating in each round.
sample=target/release/count-sample
rounds=${ROUNDS:-3}
kernels=${KERNELS:-avx512 avx2}
sizes=(16 20 23 24 25 26 27)
echo
echo "ns per node (CPU time of one thread), medians of $rounds rounds:"
for kernel in $kernels; do
  declare -A ns=()
  for ((round = 0; round < rounds; round++)); do
    for n in "${sizes[@]}"; do
      case $n in
        16) args=(16 1000000 "$kernel" 1) ;;
        20) args=(20 40 "$kernel" 1) ;;
        *) args=("$n" 20 "$kernel" 1 5 $((n - 17))) ;;
      esac
      ns[$n]+="$("$sample" "${args[@]}" | awk '/^cpu:/ {print $4}') "
    done
  done
  line="  $kernel:"
  for n in "${sizes[@]}"; do
    median=$(tr ' ' '\n' <<<"${ns[$n]}" | grep . | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
    line+=" N=$n $median"
  done
  echo "$line"
  unset ns
done
