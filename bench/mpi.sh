#!/usr/bin/env bash
# The MPI driver's speed on one machine, and a projection to a cluster.
#
#   bench/mpi.sh                 # N = 16, 10 runs each
#   RUNS=20 N=17 bench/mpi.sh
#   GROWTH="16 17 18" bench/mpi.sh   # the per-unit rates behind the projection
#
# 1. `mpirun -n 1` against `mpirun -n 2` at N, whole processes (hyperfine
#    medians; wall and CPU time), with Open MPI's default transport choice
#    and with `--mca pml ob1` (Debian's Open MPI spends ~0.2 s starting UCX
#    at every launch otherwise).
# 2. The counting time the program itself reports (--json elapsed_seconds:
#    from reading the arguments to the result, MPI start-up and shut-down
#    excluded), medians of RUNS runs of each.
# 3. One rank at N = each of GROWTH (default "16 17"), default split: CPU
#    time (user + system of the whole job, less that of an empty job, so
#    waiting for the cores does not count), units per second, nodes and the
#    largest unit's share of the work; from them the projected wall time
#    for N = 23 and N = 27 on 1,000 cores (method at the end). The vector
#    lanes take every board up to N = 32 at about the same time per node,
#    so the projection uses one time per node for all N; for a projection
#    measured at N itself, use `puzzles queens N --count --sample K` (the
#    cluster table in BENCHMARKS.md comes from it).
#
# Needs Open MPI, hyperfine and python3.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${RUNS:-10}
n=${N:-16}
growth=${GROWTH:-16 17}
crates/mpi/cargo build --quiet --profile mpi
bin=$PWD/${CARGO_TARGET_DIR:-target}/mpi/puzzles-mpi
mpirun="mpirun --allow-run-as-root --oversubscribe"
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

echo "cores: $(nproc); load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
hyperfine -N --warmup 1 --runs "$runs" --export-json "$out/whole.json" \
  -n "1 rank" "$mpirun -n 1 $bin queens $n --count -q" \
  -n "2 ranks" "$mpirun -n 2 $bin queens $n --count -q" \
  -n "1 rank, pml ob1" "$mpirun --mca pml ob1 -n 1 $bin queens $n --count -q" \
  -n "2 ranks, pml ob1" "$mpirun --mca pml ob1 -n 2 $bin queens $n --count -q"

for _ in $(seq "$runs"); do
  for ranks in 1 2; do
    $mpirun --mca pml ob1 -n "$ranks" "$bin" queens "$n" --count --json -q >>"$out/elapsed-$ranks"
  done
done

cpu_of() { # CPU seconds (user + system) of a command and its children
  /usr/bin/time -f '%U %S' -o "$out/cpu" "$@" >/dev/null
  awk '{ print $1 + $2 }' "$out/cpu"
}
empty=$(cpu_of $mpirun --mca pml ob1 -n 1 "$bin" queens 4 --count -q)
for size in $growth; do
  cpu=$(cpu_of $mpirun --mca pml ob1 -n 1 "$bin" queens "$size" --count -q \
    --checkpoint "$out/q$size.ckpt")
  echo "$cpu $empty" >"$out/cpu-$size"
  # The checkpoint is complete: this only reads it and prints the result.
  $mpirun --mca pml ob1 -n 1 "$bin" queens "$size" --count --json -q \
    --checkpoint "$out/q$size.ckpt" >"$out/growth-$size.json"
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"

python3 - "$out" "$n" "$growth" <<'PY'
import json, statistics, sys
out, n, growth = sys.argv[1], sys.argv[2], [int(g) for g in sys.argv[3].split()]

whole = {r["command"]: r for r in json.load(open(f"{out}/whole.json"))["results"]}
print(f"\nN = {n}, whole processes (medians of {len(whole['1 rank']['times'])} runs):")
for transport in ["", ", pml ob1"]:
    one, two = whole["1 rank" + transport], whole["2 ranks" + transport]
    cpu = lambda r: r["user"] + r["system"]
    print(f"  default transport{transport or ''}: -n 1 {one['median']:.3f} s, -n 2 {two['median']:.3f} s:"
          f" {one['median'] / two['median']:.2f}x wall;"
          f" CPU (user+system, means) {cpu(one):.3f} s and {cpu(two):.3f} s:"
          f" -n 2 does the work with {cpu(two) / cpu(one):.2f}x the CPU time")

counting = {}
for ranks in (1, 2):
    times = [json.loads(line)["elapsed_seconds"] for line in open(f"{out}/elapsed-{ranks}")]
    counting[ranks] = statistics.median(times)
print(f"N = {n}, counting time reported by the program (medians):"
      f" -n 1 {counting[1]:.3f} s, -n 2 {counting[2]:.3f} s: {counting[1] / counting[2]:.2f}x")

# Published totals (A000170) to carry the measured time per solution on.
A000170 = {16: 14772512, 17: 95815104, 18: 666090624, 19: 4968057848, 20: 39029188884,
           21: 314666222712, 22: 2691008701644, 23: 24233937684440, 24: 227514171973736,
           25: 2207893435808352, 26: 22317699616364044, 27: 234907967154122528}
measured = {}
print("\none rank, default split (CPU time less an empty job's):")
for size in growth:
    result = json.load(open(f"{out}/growth-{size}.json"))
    records = [json.loads(line) for line in list(open(f"{out}/q{size}.ckpt"))[1:]]
    nodes = [record["nodes"] for record in records]
    cpu, empty = map(float, open(f"{out}/cpu-{size}").read().split())
    seconds, units = cpu - empty, result["units"]
    largest = max(nodes) / sum(nodes)
    measured[size] = seconds
    print(f"  N = {size}: {seconds:.2f} s, split {result['split']}, {units} units,"
          f" {units / seconds:,.0f} units/s, {seconds / result['total'] * 1e9:.2f} ns per solution,"
          f" {sum(nodes) / result['total']:.1f} nodes per solution; the largest unit holds"
          f" {largest:.3%} of the nodes ({largest * seconds:.3f} s)")

# Method: time = solutions x nodes per solution x time per node. Node
# counts are exact (no timing noise): fit the growth of nodes per solution
# per N on the measured sizes (geometric mean) and carry it to N with the
# published totals; the time per node hardly depends on N: take the
# smallest measured (the least disturbed by other processes). Divide by the
# cores and an efficiency.
sizes = sorted(measured)
nodes_per_solution = {}
for size in sizes:
    result = json.load(open(f"{out}/growth-{size}.json"))
    nodes_per_solution[size] = result["nodes"] / result["total"]
if len(sizes) >= 2:
    steps = [nodes_per_solution[b] / nodes_per_solution[a] for a, b in zip(sizes, sizes[1:])]
    growth_per_n = statistics.geometric_mean(steps)
else:
    growth_per_n = 1.05
ns_per_node = min(measured[s] / json.load(open(f"{out}/growth-{s}.json"))["nodes"] for s in sizes)
last = sizes[-1]
print(f"\nnodes per solution grow {growth_per_n:.3f}x per N (fitted on N = {', '.join(map(str, sizes))});"
      f" {ns_per_node * 1e9:.2f} ns per node")
for target in (23, 27):
    nodes = A000170[target] * nodes_per_solution[last] * growth_per_n ** (target - last)
    core_seconds = nodes * ns_per_node
    hours = core_seconds / 1000 / 0.95 / 3600
    print(f"  N = {target}: {nodes:.3g} nodes, {core_seconds:.3g} core-seconds"
          f" ({core_seconds / 86400:.3g} core-days, {core_seconds / 3.15576e7:.3g} core-years);"
          f" on 1,000 cores at 95% efficiency {hours:.3g} hours ({hours / 24:.3g} days)")
PY
