#!/usr/bin/env bash
# Every test tier, as `npm test` (README). The machine has two cores and every tier keeps them
# busy, so the work runs in two lanes, never more (docs/architecture.md, "Tests"):
#   first, the unit tests beside the console's build (the browser tests serve the built console);
#   then  lane duckdb:   the integration suite on DuckDB,     then browser test shards;
#         lane postgres: the integration suite on PostgreSQL, then browser test shards.
# The browser tests are cut into E2E_SHARDS shards (vitest shards files by a hash of their
# paths); a lane that has finished its suite takes the next shard nobody has taken yet, so the
# lane whose suite ends first runs more of them and both end at about the same time.
# Each line says which lane printed it; the exit code fails if any part failed.
set -uo pipefail
cd "$(dirname "$0")/.."

# shellcheck source=scripts/tagged.sh
source scripts/tagged.sh

run unit npx vitest run --project unit &
unit=$!
run build npm run build --silent &
build=$!
wait "$unit"; unit_status=$?
wait "$build"; build_status=$?

E2E_SHARDS=4
claims=$(mktemp -d)
trap 'rm -rf "$claims"' EXIT

lane() {
  local backend=$1 integration e2e=0 shard ran=""
  SPENDSCOPE_TEST_BACKEND=$backend npx vitest run --project integration
  integration=$?
  # Without a console to serve, the browser tests cannot run; the build's own failure says why.
  if [ "$build_status" -ne 0 ]; then
    e2e=1
  else
    for shard in $(seq 1 "$E2E_SHARDS"); do
      # mkdir succeeds for one lane only: that lane runs the shard.
      mkdir "$claims/$shard" 2>/dev/null || continue
      ran="$ran $shard"
      npx vitest run --project e2e --shard="$shard/$E2E_SHARDS" --passWithNoTests || e2e=1
    done
  fi
  echo "lane $backend: integration exit $integration, browser test shards${ran:- none} exit $e2e"
  [ "$integration" -eq 0 ] && [ "$e2e" -eq 0 ]
}

run duckdb lane duckdb &
duckdb=$!
run postgres lane postgres &
postgres=$!
wait "$duckdb"; duckdb_status=$?
wait "$postgres"; postgres_status=$?

echo "npm test: unit exit $unit_status, build exit $build_status, lane duckdb exit $duckdb_status, lane postgres exit $postgres_status"
[ "$unit_status" -eq 0 ] && [ "$build_status" -eq 0 ] && [ "$duckdb_status" -eq 0 ] && [ "$postgres_status" -eq 0 ]
