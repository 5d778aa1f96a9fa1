#!/usr/bin/env bash
# Checks of the MPI driver under a real mpirun (called by .ci/run; needs
# OpenMPI and libclang: apt-get install libopenmpi-dev openmpi-bin libclang-dev).
#
#   crates/mpi/ci.sh            # from anywhere; about a minute once built
#
# Builds puzzles-mpi and puzzles with the `mpi` profile (release, panic =
# "abort"), runs the driver's unit tests, then under `mpirun -n 3`: exact
# counts for N = 12 and 13 against OEIS A000170 / A002562 (text and --json),
# kings, superqueens and the torus against A002464, A051223 and A051906,
# a run stopped after K units and resumed, checkpoints handed from the
# single-machine counter to MPI and back, a second job on a checkpoint in
# use refused, SIGTERM and SIGINT saving the job with exit status 130
# (through crates/mpi/bin/puzzles-mpirun), a killed rank ending the job, and
# the Slurm examples run with mpirun and a loop in place of srun and the job
# array.
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD

# The driver is a workspace of its own (crates/mpi), built through
# crates/mpi/cargo into the same target/ as the `puzzles` beside it.
cargo build --quiet --profile mpi -p puzzles-cli
crates/mpi/cargo build --quiet --profile mpi
crates/mpi/cargo test --quiet

target=${CARGO_TARGET_DIR:-$root/target}
mpi_bin=$target/mpi/puzzles-mpi
cli_bin=$target/mpi/puzzles
ranks=3
mpirun=(mpirun --allow-run-as-root --oversubscribe --quiet)
run_mpi() { timeout 120 "${mpirun[@]}" -n "$ranks" "$mpi_bin" "$@"; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"

fail() {
  echo "crates/mpi/ci.sh: FAILED: $*" >&2
  exit 1
}

# The published value of sequence $1 at n = $2.
oeis() {
  awk -v seq="$1" -v n="$2" '
    /^# A/ { current = ($2 == seq ":") }
    current && $1 == n { print $2; exit }
  ' "$root/crates/puzzles/tests/data/oeis.txt"
}

# Field $2 of the JSON object in $1.
field() {
  python3 -c 'import json, sys; print(json.loads(sys.argv[1])[sys.argv[2]])' "$1" "$2"
}

# The sorted field names of the JSON object in $1.
keys() {
  python3 -c 'import json, sys; print(" ".join(sorted(json.loads(sys.argv[1]))))' "$1"
}

# Runs "$@", expecting exit status $status.
expect_status() {
  local status=$1
  shift
  local got=0
  "$@" || got=$?
  [[ $got == "$status" ]] || fail "$* exited with $got, expected $status"
}

lines() { wc -l <"$1"; }

echo "-- exact counts under mpirun -n $ranks"
for n in 12 13; do
  total=$(oeis A000170 "$n")
  unique=$(oeis A002562 "$n")
  [[ -n $total && -n $unique ]] || fail "no OEIS values for n = $n"
  [[ $(run_mpi queens "$n" --count -q) == "$total" ]] || fail "n = $n total"
  [[ $(run_mpi queens "$n" --count --unique -q) == "$unique" ]] || fail "n = $n unique"
  json=$(run_mpi queens "$n" --count --json -q)
  [[ $(field "$json" total) == "$total" && $(field "$json" unique) == "$unique" ]] ||
    fail "n = $n --json: $json"
  [[ $(field "$json" ranks) == "$ranks" && $(field "$json" threads) == "$ranks" ]] ||
    fail "n = $n --json ranks and threads: $json"
  [[ $(field "$json" n) == "$n" && $(field "$json" resumed_units) == 0 ]] || fail "$json"
  # The fields of `puzzles queens N --count --json`, and the ranks.
  cli=$("$cli_bin" queens "$n" --count --json)
  [[ $(keys "$json") == "$(keys "${cli%\}},\"ranks\":0}")" ]] ||
    fail "--json fields differ: $(keys "$json") vs $(keys "$cli") + ranks"
  for key in units nodes split; do
    [[ $(field "$json" $key) == $(field "$cli" $key) ]] || fail "n = $n $key differs"
  done
  echo "n = $n: $total solutions, $unique fundamental"
done

echo "-- other boards: kings, superqueens, the torus; stopped, resumed, handed to the CLI"
[[ $(run_mpi queens 11 --piece king --count -q) == "$(oeis A002464 11)" ]] || fail "11 kings"
[[ $(run_mpi queens 14 --piece superqueen --count -q) == "$(oeis A051223 14)" ]] ||
  fail "14 superqueens"
json=$(run_mpi queens 17 --torus --count -q --json)
[[ $(field "$json" total) == "$(oeis A051906 17)" && $(field "$json" piece) == queen &&
   $(field "$json" torus) == True ]] || fail "17 queens on a torus: $json"
cli=$("$cli_bin" queens 17 --torus --count --json)
[[ $(field "$json" unique) == $(field "$cli" unique) ]] || fail "torus unique: $json vs $cli"
expect_status 130 run_mpi queens 11 --piece king --count -q --checkpoint kings.ckpt \
  --stop-after-units 30
head -n 1 kings.ckpt | grep -q '"scheme":"kings-rows-1"' || fail "kings.ckpt: $(head -n 1 kings.ckpt)"
# A queens count does not continue a kings checkpoint.
expect_status 2 run_mpi queens 11 --count -q --checkpoint kings.ckpt 2>/dev/null
json=$("$cli_bin" queens 11 --piece king --count --json --checkpoint kings.ckpt)
[[ $(field "$json" total) == "$(oeis A002464 11)" && $(field "$json" resumed_units) == 30 ]] ||
  fail "MPI kings checkpoint, CLI finish: $json"
for args in "queens 8 --piece rook --count" "queens 8 --torus --count" "queens 8 --piece bishop --count"; do
  status=0
  out=$(timeout 60 "$mpi_bin" $args 2>&1) || status=$?
  [[ $status == 2 && $out == "puzzles-mpi: error: "* && $out != *$'\n'* ]] ||
    fail "$args: $status $out"
done

echo "-- one rank, several threads per rank, fixed batches, no mpirun"
[[ $(timeout 60 "${mpirun[@]}" -n 1 "$mpi_bin" queens 12 --count -q) == 14200 ]] || fail "-n 1"
[[ $(ranks=2 run_mpi queens 13 --count -q --threads 2 --batch 3) == 73712 ]] || fail "hybrid"
[[ $(ranks=4 run_mpi queens 11 --count -q --batch 1) == 2680 ]] || fail "-n 4 --batch 1"
[[ $(timeout 60 "$mpi_bin" queens 12 --count -q) == 14200 ]] || fail "singleton"
expect_status 1 run_mpi queens 3 --count -q >/dev/null

echo "-- usage errors and a full disk: one line each, exit status 2 (no mpirun)"
for args in "queens abc --count" "queens 8" "queens -1 --count" "queens 8 --count --threads 0"; do
  status=0
  out=$(timeout 60 "$mpi_bin" $args 2>&1) || status=$?
  [[ $status == 2 ]] || fail "$args exited $status, expected 2"
  [[ $out == "puzzles-mpi: error: "* && $out != *$'\n'* ]] || fail "$args: not one line: $out"
done
status=0
out=$(timeout 60 "$mpi_bin" queens 12 --count -q 2>&1 >/dev/full) || status=$?
[[ $status == 2 && $out == "puzzles-mpi: error: cannot write to standard output: "* ]] ||
  fail "stdout to /dev/full: $status $out"

echo "-- stopped after K units, resumed"
base=(queens 13 --count -q --checkpoint stop.ckpt)
expect_status 130 run_mpi "${base[@]}" --stop-after-units 50
[[ $(lines stop.ckpt) == 51 ]] || fail "after a stop at 50 units: $(lines stop.ckpt) lines"
expect_status 130 run_mpi "${base[@]}" --stop-after-units 100
[[ $(lines stop.ckpt) == 151 ]] || fail "after a stop at 100 more: $(lines stop.ckpt) lines"
json=$(run_mpi "${base[@]}" --json)
[[ $(field "$json" total) == 73712 && $(field "$json" resumed_units) == 150 ]] ||
  fail "resumed: $json"
json=$(run_mpi "${base[@]}" --json)
[[ $(field "$json" total) == 73712 && $(field "$json" resumed_units) == 351 ]] ||
  fail "complete checkpoint: $json"

echo "-- the quadrant counter (the default at N = 16): exact, stopped, resumed, handed to the CLI"
json=$(run_mpi queens 16 --count -q --json)
[[ $(field "$json" total) == "$(oeis A000170 16)" && $(field "$json" units) == 3299 ]] ||
  fail "n = 16 by quadrants: $json"
[[ $(keys "$json") != *unique* ]] || fail "a quadrant count has no fundamental count: $json"
expect_status 130 run_mpi queens 16 --count -q --checkpoint quad.ckpt --stop-after-units 40
head -n 1 quad.ckpt | grep -q '"scheme":"quadrants-1"' || fail "quad.ckpt: $(head -n 1 quad.ckpt)"
json=$("$cli_bin" queens 16 --count --json --checkpoint quad.ckpt)
[[ $(field "$json" total) == "$(oeis A000170 16)" && $(field "$json" resumed_units) == 40 ]] ||
  fail "MPI quadrant checkpoint, CLI finish: $json"
# --unique backtracks, as in the CLI.
[[ $(run_mpi queens 16 --count --unique -q) == "$(oeis A002562 16)" ]] || fail "n = 16 unique"

echo "-- single-machine checkpoint finished with MPI, and the other way round"
expect_status 130 env PUZZLES_STOP_AFTER_UNITS=60 "$cli_bin" queens 13 --count --checkpoint cli.ckpt
json=$(run_mpi queens 13 --count -q --json --checkpoint cli.ckpt)
[[ $(field "$json" total) == 73712 && $(field "$json" resumed_units) == 60 ]] ||
  fail "CLI checkpoint, MPI finish: $json"
expect_status 130 run_mpi queens 13 --count -q --checkpoint mpi.ckpt --stop-after-units 70
json=$("$cli_bin" queens 13 --count --json --checkpoint mpi.ckpt)
[[ $(field "$json" total) == 73712 && $(field "$json" resumed_units) == 70 ]] ||
  fail "MPI checkpoint, CLI finish: $json"

echo "-- completions of given pieces, as the single-machine counter counts them, and its checkpoints"
for given in 4:7 0:0,5:2; do
  for piece in queen king; do
    want=$("$cli_bin" queens 14 --piece $piece --given $given --count)
    [[ $(run_mpi queens 14 --piece $piece --given $given --count -q) == "$want" ]] ||
      fail "$piece completions of $given"
  done
done
json=$(run_mpi queens 12 --given 3:4 --count -q --json)
[[ $(field "$json" given) == 1 && $(field "$json" total) == 1117 && $(field "$json" ranks) == 3 ]] ||
  fail "completions as JSON: $json"
# No square in the file: still a count of completions (every rank's plan
# the same), as in the single-machine counter.
printf '# none\n' >none.txt
json=$(run_mpi queens 10 --given-file none.txt --count -q --json)
cli=$("$cli_bin" queens 10 --given-file none.txt --count --json)
[[ $(field "$json" given) == 0 && $(field "$json" total) == 724 &&
  $(field "$json" units) == $(field "$cli" units) ]] || fail "completions of no square: $json"
expect_status 130 env PUZZLES_STOP_AFTER_UNITS=40 "$cli_bin" queens 12 --given 3:4 --count --checkpoint given.ckpt
json=$(run_mpi queens 12 --given 3:4 --count -q --json --checkpoint given.ckpt)
[[ $(field "$json" total) == 1117 && $(field "$json" resumed_units) == 40 ]] ||
  fail "CLI checkpoint of completions, MPI finish: $json"

echo "-- bad input is refused by rank 0, and no rank hangs"
out=$(run_mpi queens 14 --count -q --checkpoint mpi.ckpt 2>&1) && fail "a checkpoint of n = 13 accepted for 14"
grep -q "puzzles-mpi: error: checkpoint mpi.ckpt line 1: the checkpoint is for n = 13" <<<"$out" ||
  fail "mismatch message: $out"
# A record copied in from another count's checkpoint (n = 12) is refused.
expect_status 130 env PUZZLES_STOP_AFTER_UNITS=2 "$cli_bin" queens 12 --count --checkpoint twelve.ckpt
{ head -n 1 mpi.ckpt; sed -n 2p twelve.ckpt; } >mixed.ckpt
out=$(run_mpi queens 13 --count -q --checkpoint mixed.ckpt 2>&1) && fail "a mixed checkpoint accepted"
grep -q "checkpoint mixed.ckpt line 2: the record is for n = 12" <<<"$out" || fail "mixed: $out"
expect_status 2 run_mpi queens 13 --count --checkpoint mixed.ckpt
# A count of completions goes on only with its given squares (the reason
# said once).
out=$(run_mpi queens 12 --count -q --checkpoint given.ckpt 2>&1) && fail "a count of completions accepted"
[[ $out == "puzzles-mpi: error: checkpoint given.ckpt line 1: unit scheme \"queens-given-rows-1\" counts the completions of given pieces: continue it with the same --given squares" ]] ||
  fail "completions without their squares: $out"
expect_status 2 run_mpi queens 13 --count --threads 1025
expect_status 2 run_mpi queens 13 --count --split 9
expect_status 2 run_mpi queens 13
expect_status 2 run_mpi queens 13 --count --threads 0
# A standard error that cannot be written changes no status (eprintln!
# panicked, and the mpi profile aborts on a panic).
expect_status 2 sh -c '"$0" queens 13 --count --checkpoint mixed.ckpt 2>/dev/full' "$mpi_bin"

echo "-- SIGTERM and SIGINT save (status 130); a killed rank ends the job; all resume exact"
# n = 18 by backtracking (--split 4; the quadrant counter takes seconds): long enough (half a minute on two cores) for a second job, two
# signals and a killed rank to come before its end, even on a busy machine.
long_n=18
long=(queens $long_n --count --split 4 -q --checkpoint long.ckpt)
# Starts the n = 18 run in the background (through $launch, default plain
# mpirun) and waits for $1 recorded units.
start_long() {
  # Job control on, so that the background job does not ignore SIGINT.
  set -m
  # $launch stands for mpirun itself: it takes mpirun's options.
  ${launch:-mpirun} "${mpirun[@]:1}" -n "$ranks" "$mpi_bin" "${long[@]}" --batch 1 &
  launcher=$!
  set +m
  while [[ ! -s long.ckpt || $(lines long.ckpt) -lt $1 ]]; do
    kill -0 "$launcher" 2>/dev/null || fail "the n = $long_n run ended before $1 units"
    sleep 0.02
  done
}
# Open MPI's mpirun exits 1 when it is itself signalled; puzzles-mpirun
# gives the job's status instead.
launch=$root/crates/mpi/bin/puzzles-mpirun
start_long 30
units=$(head -n 1 long.ckpt | python3 -c 'import json, sys; print(json.load(sys.stdin)["units"])')
# The checkpoint is locked by rank 0: a second job stops at once, exit 2.
out=$(run_mpi "${long[@]}" 2>&1) && fail "a second job on a checkpoint in use ran"
grep -q "puzzles-mpi: error: checkpoint long.ckpt is in use by another count (pid [0-9]*)" <<<"$out" ||
  fail "second job's message: $out"
kill -TERM "$launcher"
status=0
wait "$launcher" || status=$?
term_at=$(lines long.ckpt)
[[ $status == 130 ]] || fail "the job stopped by SIGTERM exited $status, expected 130"
((term_at - 1 < units)) || fail "SIGTERM came too late: every unit was counted"
echo "SIGTERM: exit status $status with $((term_at - 1)) of $units units recorded"
start_long $((term_at + 30))
kill -INT "$launcher"
status=0
wait "$launcher" || status=$?
int_at=$(lines long.ckpt)
[[ $status == 130 ]] || fail "the job stopped by SIGINT exited $status, expected 130"
((int_at - 1 < units)) || fail "SIGINT came too late: every unit was counted"
echo "SIGINT: exit status $status with $((int_at - 1)) of $units units recorded"
launch=
start_long $((int_at + 30))
victim=
for pid in $(pgrep -P "$launcher"); do
  if tr '\0' '\n' <"/proc/$pid/environ" | grep -qx 'OMPI_COMM_WORLD_RANK=2'; then victim=$pid; fi
done
[[ -n $victim ]] || fail "no rank 2 among the children of mpirun"
kill -KILL "$victim"
status=0
timeout 60 tail --pid="$launcher" -f /dev/null || fail "the job did not end within a minute of rank 2's death"
wait "$launcher" || status=$?
[[ $status != 0 ]] || fail "the job with a killed rank exited 0"
killed_at=$(lines long.ckpt)
((killed_at - 1 < units)) || fail "rank 2 was killed too late: every unit was counted"
echo "rank 2 killed: mpirun exited $status with $((killed_at - 1)) units recorded"
json=$(run_mpi "${long[@]}" --json)
[[ $(field "$json" total) == "$(oeis A000170 $long_n)" && $(field "$json" unique) == "$(oeis A002562 $long_n)" ]] ||
  fail "n = $long_n after SIGTERM, SIGINT and a killed rank: $json"
[[ $(field "$json" resumed_units) == $((killed_at - 1)) ]] || fail "resumed from the wrong units: $json"
echo "n = $long_n resumed from $(field "$json" resumed_units) units: $(field "$json" total)"

echo "-- the Slurm examples, with mpirun for srun and a loop for the array"
PATH=$target/mpi:$PATH
export PATH
N=12 CHECKPOINT=slurm.ckpt LAUNCHER="${mpirun[*]} -n $ranks" \
  bash "$root/examples/slurm/queens-mpi.sbatch" >slurm-mpi.out
[[ $(field "$(cat slurm-mpi.out)" total) == 14200 ]] || fail "queens-mpi.sbatch: $(cat slurm-mpi.out)"
for task in 1 2 3 4 5; do
  N=12 SHARDS=5 PARTS=parts SLURM_ARRAY_TASK_ID=$task bash "$root/examples/slurm/queens-shards.sbatch"
done
N=12 SHARDS=5 PARTS=parts bash "$root/examples/slurm/queens-merge.sbatch" >slurm-merge.out
[[ $(field "$(cat slurm-merge.out)" total) == 14200 ]] || fail "queens-merge.sbatch: $(cat slurm-merge.out)"

echo "-- MPI checks passed"
