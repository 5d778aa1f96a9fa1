#!/usr/bin/env bash
# Runs every fuzz target for SECONDS seconds each (default 10), starting from
# the seed corpora in fuzz/seeds/ (new inputs go to fuzz/corpus/, ignored by
# git; a crash is saved in fuzz/artifacts/ and ends the run with its status).
# Needs cargo-fuzz (`cargo install cargo-fuzz`); runs on the stable toolchain
# through RUSTC_BOOTSTRAP=1, which lets it use the nightly-only sanitizer flags.
#
#   fuzz/run.sh          # every target, 10 s each
#   fuzz/run.sh 60 verify checkpoint
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-10}
shift || true
targets=("$@")
if ((${#targets[@]} == 0)); then
  mapfile -t targets < <(RUSTC_BOOTSTRAP=1 cargo fuzz list)
fi
export RUSTC_BOOTSTRAP=1
for target in "${targets[@]}"; do
  echo "== fuzz $target for ${seconds}s"
  mkdir -p "fuzz/corpus/$target"
  log=fuzz/corpus/$target.log
  status=0
  cargo fuzz run "$target" "fuzz/corpus/$target" "fuzz/seeds/$target" -- \
    -max_total_time="$seconds" -max_len=8192 -timeout=10 -rss_limit_mb=2048 \
    -print_final_stats=1 >"$log" 2>&1 || status=$?
  grep -E "^(#[0-9]+.*DONE|stat::number_of_executed_units|SUMMARY|==[0-9]+== ERROR)|artifact" "$log" || true
  if ((status != 0)); then
    tail -n 40 "$log" >&2
    echo "fuzz/run.sh: $target failed (status $status); the input is in fuzz/artifacts/$target/" >&2
    exit "$status"
  fi
done
