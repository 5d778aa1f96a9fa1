#!/bin/sh
# Times `puzzles crossword` against Qxw's batch filler on the same grids and
# word lists, whole process, one thread each, and prints the ratio.
#
#   bench/crossword/run.sh [LIST...]     (from the repository root)
#
# LIST defaults to /usr/share/dict/american-english-large (Debian's
# wamerican-large). Each list is first cut to its lines of letters A-Z and
# a-z only, so that both fillers read the same words. Environment:
#   GRIDS    the grids (default: bench/crossword/grids/*.txt)
#   RUNS     runs of puzzles per grid, the median is shown (default 5)
#   TIMEOUT  seconds before a run is stopped (default 120)
#   QXW      the qxw command (default: qxw; `apt-get install qxw`)
#   PUZZLES  the puzzles command (default: target/release/puzzles)
# Grids with pre-set letters are skipped for Qxw (grid2deck.py carries none).
set -eu
here=$(dirname "$0")
GRIDS=${GRIDS:-$(ls "$here"/grids/*.txt)}
RUNS=${RUNS:-5}
TIMEOUT=${TIMEOUT:-120}
QXW=${QXW:-qxw}
PUZZLES=${PUZZLES:-target/release/puzzles}
[ $# -gt 0 ] || set -- /usr/share/dict/american-english-large
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# seconds of one run of "$@" (stdout to $tmp/out), or ">TIMEOUT"
timed() {
    start=$(date +%s.%N)
    if timeout "$TIMEOUT" "$@" > "$tmp/out" 2> /dev/null; then status=0; else status=$?; fi
    end=$(date +%s.%N)
    if [ "$status" = 124 ]; then echo ">$TIMEOUT"; else printf '%.3f\n' "$(echo "$end - $start" | bc)"; fi
}

median() { sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }

printf '%-34s %-28s %10s %10s %8s %s\n' grid list puzzles qxw ratio result
for list in "$@"; do
    clean="$tmp/$(basename "$list")"
    LC_ALL=C grep -E '^[A-Za-z]+$' "$list" > "$clean"
    for grid in $GRIDS; do
        ours=$(for _ in $(seq "$RUNS"); do timed "$PUZZLES" crossword "$grid" --words "$clean"; done | median)
        result=$(grep -v '^%' "$tmp/out" | head -1 | cut -c 1-15)
        [ -n "$result" ] || result="no fill"
        if python3 "$here/grid2deck.py" "$grid" > "$tmp/deck" 2> /dev/null; then
            # shellcheck disable=SC2086 # QXW may be a command with arguments
            theirs=$(timed $QXW -b -d "$clean" "$tmp/deck")
            grep -q '^W0 ' "$tmp/out" || result="$result (qxw: no fill)"
        else
            theirs=-
        fi
        ratio=$(awk -v a="$ours" -v b="$theirs" 'BEGIN {
            if (a ~ /^>/ || b == "-" || a + 0 == 0) { print "-"; exit }
            lower = sub(/^>/, "", b); printf "%s%.0f×", (lower ? ">" : ""), b / a }')
        printf '%-34s %-28s %10s %10s %8s %s\n' "$(basename "$grid")" "$(basename "$list")" "$ours" "$theirs" "$ratio" "$result"
    done
done
