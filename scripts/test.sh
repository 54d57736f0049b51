#!/usr/bin/env bash
# Every test tier, as `npm test` (README). The machine has two cores and every tier keeps them
# busy, so the work runs in two lanes, never more (docs/architecture.md, "Tests"):
#   first, the unit tests beside the console's build (the browser tests serve the built console);
#   then  lane duckdb:   the integration suite on DuckDB but for its Open Contracting files,
#         lane postgres: the integration suite on PostgreSQL;
#   then  each lane takes the next job nobody has taken yet from one list: the Open Contracting
#         files on DuckDB, then the browser tests cut into E2E_SHARDS shards (vitest shards files
#         by a hash of their paths). The lane whose suite ends first (PostgreSQL's, by minutes) runs
#         more of them, and both end at about the same time.
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

# Eight, not four: the browser tests are half of the lanes' time after the suites (they keep a core
# busy each), and with four shards of uneven size one lane ran four minutes after the other.
E2E_SHARDS=8
claims=$(mktemp -d)
trap 'rm -rf "$claims"' EXIT

# The DuckDB suite is the longer by minutes; its longest file goes to whichever lane is free first.
SHARED_INTEGRATION=server/test/ocds-imports.test.ts

# Runs one job of the shared list.
job() {
  case $1 in
    duckdb-ocds) SPENDSCOPE_TEST_BACKEND=duckdb npx vitest run --project integration "$SHARED_INTEGRATION" ;;
    e2e-*)
      # Without a console to serve, the browser tests cannot run; the build's own failure says why.
      [ "$build_status" -eq 0 ] || return 1
      npx vitest run --project e2e --shard="${1#e2e-}/$E2E_SHARDS" --passWithNoTests ;;
  esac
}

lane() {
  local backend=$1 integration failed=0 name ran=""
  if [ "$backend" = duckdb ]; then
    SPENDSCOPE_TEST_BACKEND=duckdb SPENDSCOPE_TEST_EXCLUDE="$SHARED_INTEGRATION" npx vitest run --project integration
  else
    SPENDSCOPE_TEST_BACKEND=postgres npx vitest run --project integration
  fi
  integration=$?
  for name in duckdb-ocds $(seq -f "e2e-%g" 1 "$E2E_SHARDS"); do
    # mkdir succeeds for one lane only: that lane runs the job.
    mkdir "$claims/$name" 2>/dev/null || continue
    ran="$ran $name"
    job "$name" || { failed=1; echo "lane $backend: $name failed"; }
  done
  echo "lane $backend: integration exit $integration, then${ran:- nothing}: $([ "$failed" -eq 0 ] && echo 'all passed' || echo 'some failed')"
  [ "$integration" -eq 0 ] && [ "$failed" -eq 0 ]
}

run duckdb lane duckdb &
duckdb=$!
run postgres lane postgres &
postgres=$!
wait "$duckdb"; duckdb_status=$?
wait "$postgres"; postgres_status=$?

echo "npm test: unit exit $unit_status, build exit $build_status, lane duckdb exit $duckdb_status, lane postgres exit $postgres_status"
[ "$unit_status" -eq 0 ] && [ "$build_status" -eq 0 ] && [ "$duckdb_status" -eq 0 ] && [ "$postgres_status" -eq 0 ]
