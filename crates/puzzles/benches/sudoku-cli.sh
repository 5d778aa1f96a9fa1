#!/usr/bin/env bash
# End-to-end timing of `puzzles sudoku --file` on the shared collections, on 1
# and 2 threads, with hyperfine (process start, reading, parsing, solving,
# formatting and writing to /dev/null all count). Run from anywhere:
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
for dir in . ../shared ../../shared; do
  if [[ -f $dir/data/sudoku/17-clue.txt ]]; then
    data=$(cd "$dir/data/sudoku" && pwd)
    break
  fi
done
[[ -n $data ]] || { echo "shared/data/sudoku not found beside the checkout" >&2; exit 2; }
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
for file in 17-clue.txt top1465.txt; do
  # -N: no shell in between (hyperfine sends the output to /dev/null).
  hyperfine -N --warmup 3 --runs "$runs" \
    --command-name "$file, 1 thread" "$bin sudoku --file $data/$file" \
    --command-name "$file, 2 threads" "$bin sudoku --threads 2 --file $data/$file"
done
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
