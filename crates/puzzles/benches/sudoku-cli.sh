#!/usr/bin/env bash
# End-to-end timing of `puzzles sudoku --file` on the shared collections, on 1
# and 2 threads, with hyperfine (output to /dev/null: reading, parsing,
# solving, formatting and writing all count). Run from anywhere:
#
#   crates/puzzles/benches/sudoku-cli.sh [runs]
#
# Prints hyperfine's summary for each file (with the 2-thread speedup) and
# the machine load before and after; on a machine shared with other work the
# 2-thread figure needs two idle cores to mean anything.
set -euo pipefail
runs=${1:-15}
cd "$(dirname "$0")/../../.."
cargo build --release --quiet -p puzzles-cli
bin=$(pwd)/target/release/puzzles
data=""
for dir in ../shared ../../shared; do
  if [[ -f $dir/data/sudoku/17-clue.txt ]]; then
    data=$(cd "$dir/data/sudoku" && pwd)
    break
  fi
done
[[ -n $data ]] || { echo "shared/data/sudoku not found beside the checkout" >&2; exit 2; }
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
for file in 17-clue.txt top1465.txt; do
  hyperfine --warmup 2 --runs "$runs" \
    --command-name "$file, 1 thread" "$bin sudoku --file $data/$file > /dev/null" \
    --command-name "$file, 2 threads" "$bin sudoku --threads 2 --file $data/$file > /dev/null"
done
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
