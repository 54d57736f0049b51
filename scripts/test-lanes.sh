#!/usr/bin/env bash
# The integration suite on both backends and the browser tests, on two lanes (docs/architecture.md,
# "Tests"). Each lane runs one engine's integration suite, then takes browser-test files one at a
# time from a shared queue (slowest first) until none is left: the lane whose suite ends first
# starts on the browser tests while the other is still running, and both finish at about the same
# time. Every line of output says which lane and run printed it; the exit code fails if anything failed.
set -uo pipefail
cd "$(dirname "$0")/.."

echo "--- building the console for the browser tests"
npm run build >/dev/null || { echo "the console did not build"; exit 1; }

queue=$(mktemp -d)
trap 'rm -rf "$queue"' EXIT
# Slowest first, so the last files taken are short ones; a new file goes in by its size.
slowest=(accessibility keyboard explore query overview persisted categories imports suppliers reports)
n=0
enqueue() {
  grep -qx "$1" "$queue"/* 2>/dev/null && return
  printf '%s\n' "$1" > "$queue/$(printf '%03d' "$n")"
  n=$((n + 1))
}
for name in "${slowest[@]}"; do
  [ -f "client/e2e/$name.test.ts" ] && enqueue "client/e2e/$name.test.ts"
done
for file in $(ls -S client/e2e/*.test.ts); do enqueue "$file"; done

# Claims the next file: renaming is atomic, so two lanes never take the same one.
claim() {
  local entry
  for entry in "$queue"/[0-9][0-9][0-9]; do
    [ -e "$entry" ] || continue
    if mv "$entry" "$entry.$1" 2>/dev/null; then
      cat "$entry.$1"
      return 0
    fi
  done
  return 1
}

lane() {
  local name=$1 status=0 file
  shift
  "$@" 2>&1 | sed -u "s/^/[$name] /"
  [ "${PIPESTATUS[0]}" -eq 0 ] || status=1
  echo "[$name] integration suite exit $status"
  while file=$(claim "$name"); do
    npx vitest run --project e2e "$file" 2>&1 | sed -u "s/^/[e2e via $name] /"
    if [ "${PIPESTATUS[0]}" -ne 0 ]; then
      status=1
      echo "[e2e via $name] FAILED: $file"
    fi
  done
  return "$status"
}

lane duckdb npx vitest run --project integration &
duckdb=$!
lane postgres env SPENDSCOPE_TEST_BACKEND=postgres npx vitest run --project integration &
postgres=$!

wait "$duckdb"; duckdb_status=$?
wait "$postgres"; postgres_status=$?
echo "tests: duckdb lane exit $duckdb_status, postgres lane exit $postgres_status (each: its integration suite, then browser-test files)"
[ "$duckdb_status" -eq 0 ] && [ "$postgres_status" -eq 0 ]
