#!/usr/bin/env bash
# The real-browser test of `puzzles serve`: build the CLI, start the server
# on a free port, read its URL from the first line it prints, drive the page
# with headless Chromium (test.mjs, then learner.mjs: the page as a learner
# sees it at three viewports), keep screenshots in web-test/artifacts/,
# and stop the server whatever happens.
#
# Needs Node 18+, `npm ci` run here, and Chromium at /usr/bin/chromium (or
# CHROMIUM=/path/to/chrome). PUZZLES=/path/to/puzzles skips the build.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$here")"

if [[ -z "${PUZZLES:-}" ]]; then
  cargo build --quiet --manifest-path "$root/Cargo.toml" -p puzzles-cli --bin puzzles
  PUZZLES="${CARGO_TARGET_DIR:-$root/target}/debug/puzzles"
fi
if [[ ! -d "$here/node_modules/playwright-core" ]]; then
  (cd "$here" && npm ci --no-audit --no-fund)
fi
mkdir -p "$here/artifacts"

log="$(mktemp)"
"$PUZZLES" serve --port 0 >"$log" 2>&1 &
server=$!
cleanup() {
  kill "$server" 2>/dev/null || true
  wait "$server" 2>/dev/null || true
  rm -f "$log"
}
trap cleanup EXIT

url=""
for _ in $(seq 1 100); do
  first="$(head -n 1 "$log")"
  if [[ "$first" == "puzzles: serving on http://"* ]]; then
    url="${first#puzzles: serving on }"
    break
  fi
  if ! kill -0 "$server" 2>/dev/null; then
    echo "web-test: the server exited early:" >&2
    cat "$log" >&2
    exit 1
  fi
  sleep 0.1
done
if [[ -z "$url" ]]; then
  echo "web-test: no URL on the server's first line after 10 s:" >&2
  cat "$log" >&2
  exit 1
fi
echo "web-test: server at $url"
node "$here/test.mjs" "$url"
node "$here/learner.mjs" "$url"
