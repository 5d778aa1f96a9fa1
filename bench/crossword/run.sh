#!/bin/sh
# Times `puzzles crossword` against Qxw's batch filler on the same grids and
# word lists, whole process, one thread each (`--threads 1`: the search of a
# grid without blocks would otherwise use every core): wall and CPU (user + system)
# seconds, and the ratio of CPU times (steadier than wall time on a shared
# machine).
#
#   bench/crossword/run.sh [LIST...]     (from the repository root)
#
# LIST defaults to /usr/share/dict/american-english-large (Debian's
# wamerican-large). Each list is first cut to its lines of letters A-Z and
# a-z only, so that both fillers read the same words. Environment:
#   GRIDS    the grids (default: bench/crossword/grids/*.txt)
#   RUNS     runs of puzzles per grid, the median is shown (default 5)
#   TIMEOUT  seconds before a run is stopped (default 120)
#   QXW      the qxw command (default: qxw, or /usr/games/qxw where Debian
#            puts it; `apt-get install qxw`)
#   PUZZLES  the puzzles command (default: target/release/puzzles)
# Grids with pre-set letters are skipped for Qxw (grid2deck.py carries none).
set -eu
here=$(dirname "$0")
GRIDS=${GRIDS:-$(ls "$here"/grids/*.txt)}
RUNS=${RUNS:-5}
TIMEOUT=${TIMEOUT:-120}
QXW=${QXW:-$(command -v qxw || echo /usr/games/qxw)}
PUZZLES=${PUZZLES:-target/release/puzzles}
[ $# -gt 0 ] || set -- /usr/share/dict/american-english-large
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# "WALL CPU" seconds of one run of "$@" (stdout to $tmp/out; CPU is user
# plus system time), or ">TIMEOUT >TIMEOUT"
timed() {
    if timeout "$TIMEOUT" /usr/bin/time -f '%e %U %S' -o "$tmp/time" "$@" > "$tmp/out" 2> /dev/null; then status=0; else status=$?; fi
    # time(1) puts "Command exited with non-zero status N" before the
    # times when the run says "no fill" (exit 1): the times are the last line
    if [ "$status" = 124 ]; then echo ">$TIMEOUT >$TIMEOUT"; else tail -n 1 "$tmp/time" | awk '{ printf "%.3f %.3f\n", $1, $2 + $3 }'; fi
}

# the median of RUNS lines "WALL CPU", by wall time
median() {
    awk '{ key = $1; if (key ~ /^>/) key = 1e9; print key, $0 }' | sort -n | cut -d ' ' -f 2- |
        awk '{ a[NR] = $0 } END { print a[int((NR + 1) / 2)] }'
}

printf '%-14s %-24s %8s %8s %8s %8s %7s %s\n' grid list puzzles cpu qxw cpu ratio result
for list in "$@"; do
    clean="$tmp/$(basename "$list")"
    LC_ALL=C grep -E '^[A-Za-z]+$' "$list" > "$clean"
    for grid in $GRIDS; do
        # shellcheck disable=SC2046 # the two numbers of the median line
        set -- $(for _ in $(seq "$RUNS"); do timed "$PUZZLES" crossword "$grid" --words "$clean" --threads 1; done | median)
        ours=$1 ours_cpu=$2
        result=$(grep -v '^%' "$tmp/out" | head -1 | cut -c 1-15)
        [ -n "$result" ] || result="no fill"
        if python3 "$here/grid2deck.py" "$grid" > "$tmp/deck" 2> /dev/null; then
            # shellcheck disable=SC2046,SC2086 # two numbers; QXW may have arguments
            set -- $(timed $QXW -b -d "$clean" "$tmp/deck")
            theirs=$1 theirs_cpu=$2
            grep -q '^W0 ' "$tmp/out" || result="$result (qxw: no fill)"
        else
            theirs=- theirs_cpu=-
        fi
        ratio=$(awk -v a="$ours_cpu" -v b="$theirs_cpu" 'BEGIN {
            if (a ~ /^>/ || b == "-" || a + 0 == 0) { print "-"; exit }
            lower = sub(/^>/, "", b); printf "%s%.0f×", (lower ? ">" : ""), b / a }')
        printf '%-14s %-24s %8s %8s %8s %8s %7s %s\n' "$(basename "$grid")" "$(basename "$list")" "$ours" "$ours_cpu" "$theirs" "$theirs_cpu" "$ratio" "$result"
    done
done
