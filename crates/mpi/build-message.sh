#!/usr/bin/env bash
# Checks what building the MPI driver says on a machine without Open MPI or
# libclang (called by .ci/run): crates/mpi/cargo's three lines naming the
# packages to install, not the `mpi` crate's probe report and panic. Open MPI
# is hidden from the check as it would be missing (`mpicc` and pkg-config
# pointed at nothing); PUZZLES_MPI_PROBE=missing stands for a missing
# libclang. Also checks that on this machine, which has both, the check
# passes and cargo runs.
#
#   crates/mpi/build-message.sh     # a second; builds nothing
set -euo pipefail
cd "$(dirname "$0")/../.."

fail() { echo "crates/mpi/build-message.sh: $*" >&2; exit 1; }

check() {
  local name=$1 expect_libclang=$2
  shift 2
  local log
  log=$(mktemp)
  if env "$@" crates/mpi/cargo check --quiet >"$log" 2>&1; then
    fail "$name: crates/mpi/cargo check succeeded"
  fi
  for wanted in \
    "needs Open MPI and libclang" \
    "apt-get install libopenmpi-dev openmpi-bin libclang-dev" \
    "cargo build --workspace at the repository root leaves the driver out"; do
    grep -qF -- "$wanted" "$log" || { cat "$log" >&2; fail "$name: no \"$wanted\""; }
  done
  if [[ $expect_libclang == yes ]]; then
    grep -qF "lacks Open MPI (no working \`mpicc\`, no ompi.pc or mpich.pc for pkg-config) and libclang" "$log" \
      || { cat "$log" >&2; fail "$name: libclang not named as missing"; }
  elif grep -qF "libclang (" "$log"; then
    cat "$log" >&2
    fail "$name: libclang named as missing, though it is here"
  fi
  # The check speaks before cargo: no compiler ran.
  if grep -qE "Compiling|Reason #|panicked" "$log"; then
    cat "$log" >&2
    fail "$name: cargo ran"
  fi
  local lines
  lines=$(wc -l <"$log")
  ((lines == 3)) || { cat "$log" >&2; fail "$name: $lines lines, not three"; }
  echo "ok: $name ($lines lines)"
  rm -f "$log"
}

check "no Open MPI" no MPICC=/nonexistent/mpicc PKG_CONFIG_LIBDIR=/nonexistent PKG_CONFIG_PATH=
check "neither Open MPI nor libclang" yes PUZZLES_MPI_PROBE=missing
# Here both are installed: the check passes and cargo runs in crates/mpi.
crates/mpi/cargo metadata --format-version 1 --no-deps | grep -qF '"name":"puzzles-mpi"' ||
  fail "crates/mpi/cargo metadata does not describe puzzles-mpi"
crates/mpi/cargo check --quiet --help >/dev/null || fail "crates/mpi/cargo check refused here"
echo "ok: Open MPI and libclang found here"
