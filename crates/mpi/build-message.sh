#!/usr/bin/env bash
# Checks what building the MPI driver says on a machine without Open MPI or
# libclang (called by .ci/run after clippy, so that everything else is built
# and only the `mpi` crate's build scripts run again): a few lines naming the
# packages to install and `--exclude puzzles-mpi` (crates/mpi/probe), not the
# probe's report of every method and a panic. Open MPI is hidden from the
# probe as it would be missing (`mpicc` and pkg-config pointed at nothing);
# PUZZLES_MPI_PROBE=missing stands for a missing libclang.
#
#   crates/mpi/build-message.sh     # seconds, once the workspace is checked
set -euo pipefail
cd "$(dirname "$0")/../.."

fail() { echo "crates/mpi/build-message.sh: $*" >&2; exit 1; }

check() {
  local name=$1 expect_libclang=$2
  shift 2
  local log
  log=$(mktemp)
  if env "$@" cargo check --quiet -p puzzles-mpi >"$log" 2>&1; then
    fail "$name: cargo check -p puzzles-mpi succeeded"
  fi
  for wanted in \
    "needs Open MPI and libclang" \
    "apt-get install libopenmpi-dev openmpi-bin libclang-dev" \
    "cargo build --workspace --exclude puzzles-mpi"; do
    grep -qF -- "$wanted" "$log" || { cat "$log" >&2; fail "$name: no \"$wanted\""; }
  done
  if [[ $expect_libclang == yes ]]; then
    grep -qF "lacks Open MPI (no working \`mpicc\`, no ompi.pc or mpich.pc for pkg-config) and libclang" "$log" \
      || { cat "$log" >&2; fail "$name: libclang not named as missing"; }
  fi
  # The mpi crate's report ("Reason #1: ...") and panic must not appear.
  if grep -qE "Reason #|panicked" "$log"; then
    cat "$log" >&2
    fail "$name: the mpi crate's probe report came through"
  fi
  local lines
  lines=$(wc -l <"$log")
  ((lines <= 6)) || { cat "$log" >&2; fail "$name: $lines lines, not a paragraph"; }
  echo "ok: $name ($lines lines)"
  rm -f "$log"
}

cargo test --quiet -p build-probe-mpi
check "no Open MPI" no MPICC=/nonexistent/mpicc PKG_CONFIG_LIBDIR=/nonexistent PKG_CONFIG_PATH=
check "neither Open MPI nor libclang" yes PUZZLES_MPI_PROBE=missing
