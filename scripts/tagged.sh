# Sourced by the scripts that run work side by side (test.sh, test-integration.sh, .ci/run):
# `run NAME COMMAND...` runs the command with each line of its output prefixed `[NAME] `, and
# returns the command's own exit status, not sed's.
run() {
  local name=$1
  shift
  "$@" 2>&1 | sed -u "s/^/[$name] /"
  return "${PIPESTATUS[0]}"
}
