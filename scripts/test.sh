#!/usr/bin/env bash
# Every test tier, as `npm test` (README). The machine has two cores and every tier keeps them
# busy, so the work runs in two lanes, never more (docs/architecture.md, "Tests"):
#   first, the unit tests beside the console's build (the browser tests serve the built console);
#   then  lane duckdb:   the integration suite on DuckDB,     then half the browser test files;
#         lane postgres: the integration suite on PostgreSQL, then the other half.
# vitest shards files by a hash of their paths; shard 1/2 holds the longer half (accessibility,
# keyboard, explore, imports: about 5 of the 8 minutes), so it follows the shorter suite.
# Each line says which lane printed it; the exit code fails if any part failed.
set -uo pipefail
cd "$(dirname "$0")/.."

run() {
  local name=$1
  shift
  "$@" 2>&1 | sed -u "s/^/[$name] /"
  return "${PIPESTATUS[0]}"
}

run unit npx vitest run --project unit &
unit=$!
run build npm run build --silent &
build=$!
wait "$unit"; unit_status=$?
wait "$build"; build_status=$?

lane() {
  local backend=$1 shard=$2 integration e2e=1
  SPENDSCOPE_TEST_BACKEND=$backend npx vitest run --project integration
  integration=$?
  # Without a console to serve, the browser tests cannot run; the build's own failure says why.
  if [ "$build_status" -eq 0 ]; then
    npx vitest run --project e2e --shard="$shard"
    e2e=$?
  fi
  echo "lane $backend: integration exit $integration, browser tests (shard $shard) exit $e2e"
  [ "$integration" -eq 0 ] && [ "$e2e" -eq 0 ]
}

run duckdb lane duckdb 2/2 &
duckdb=$!
run postgres lane postgres 1/2 &
postgres=$!
wait "$duckdb"; duckdb_status=$?
wait "$postgres"; postgres_status=$?

echo "npm test: unit exit $unit_status, build exit $build_status, lane duckdb exit $duckdb_status, lane postgres exit $postgres_status"
[ "$unit_status" -eq 0 ] && [ "$build_status" -eq 0 ] && [ "$duckdb_status" -eq 0 ] && [ "$postgres_status" -eq 0 ]
