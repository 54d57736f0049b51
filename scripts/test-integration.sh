#!/usr/bin/env bash
# The integration suite on both backends at once (docs/postgres.md, "Tests"): the embedded DuckDB
# file, and a fresh PostgreSQL database per test file on the server at SPENDSCOPE_TEST_PG_URL
# (default postgres://postgres@127.0.0.1:5432/test). The two runs share the machine's two cores,
# each keeping one busy (docs/architecture.md, "Tests"). Each line says which run printed it; the
# exit code fails if either failed.
set -uo pipefail
cd "$(dirname "$0")/.."

# shellcheck source=scripts/tagged.sh
source scripts/tagged.sh

run duckdb npx vitest run --project integration &
duckdb=$!
run postgres env SPENDSCOPE_TEST_BACKEND=postgres npx vitest run --project integration &
postgres=$!

wait "$duckdb"; duckdb_status=$?
wait "$postgres"; postgres_status=$?
echo "integration suite: duckdb exit $duckdb_status, postgres exit $postgres_status"
[ "$duckdb_status" -eq 0 ] && [ "$postgres_status" -eq 0 ]
