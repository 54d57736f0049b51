#!/usr/bin/env bash
# Spendscope's scale-out topology without containers (docs/scale-out.md): several API processes on
# one PostgreSQL database behind nginx, all on loopback. The same topology as docker-compose.yml's
# `scale` profile, with the same nginx template (deploy/nginx/spendscope.conf.template).
#
# Usage: scripts/scale-local.sh [--replicas N] [--port PORT] [--api-port PORT]
#   --replicas  API processes (SCALE_REPLICAS, 3)
#   --port      nginx's port on 127.0.0.1, the URL to open (SCALE_PORT, 8080)
#   --api-port  the first process's port; the others take the next ones (SCALE_API_PORT, 4101)
# Environment: SPENDSCOPE_DATABASE_URL (postgres://postgres@127.0.0.1:5432/spendscope; created when
#   missing, then migrated and seeded with SPENDSCOPE_DEMO_LINES lines by the first process alone),
#   SCALE_DIR (data/scale: logs, nginx's files, and the uploads and exports folder all processes
#   share), and any other SPENDSCOPE_* setting, which every process gets.
# Ctrl-C or SIGTERM stops nginx and every process cleanly and exits 0 once all of them are gone.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD

replicas=${SCALE_REPLICAS:-3}
port=${SCALE_PORT:-8080}
api_port=${SCALE_API_PORT:-4101}
while [ $# -gt 0 ]; do
  case $1 in
    --replicas) replicas=${2:?}; shift 2 ;;
    --port) port=${2:?}; shift 2 ;;
    --api-port) api_port=${2:?}; shift 2 ;;
    -h | --help) sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "Unknown argument: $1 (see --help)" >&2; exit 2 ;;
  esac
done
for value in "$replicas" "$port" "$api_port"; do
  [[ $value =~ ^[0-9]+$ ]] || { echo "Not a number: $value" >&2; exit 2; }
done
[ "$replicas" -ge 1 ] || { echo "--replicas must be at least 1" >&2; exit 2; }

say() { echo "scale-local: $*"; }
export SPENDSCOPE_DATABASE_URL=${SPENDSCOPE_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/spendscope}
# The URL as it may be printed: without its password.
shown_url=$(sed -E 's#(//[^:/@]+):[^@]*@#\1:***@#' <<<"$SPENDSCOPE_DATABASE_URL")
mkdir -p "${SCALE_DIR:-data/scale}"
dir=$(cd "${SCALE_DIR:-data/scale}" && pwd)
mkdir -p "$dir/logs" "$dir/data" "$dir/nginx/temp"
# Unset: the built console; empty: the API alone (as for the server itself).
dist=${SPENDSCOPE_CLIENT_DIST-$ROOT/client/dist}

# --- nginx, from Debian's packages (nginx-light is enough: proxy and upstream modules only)
find_nginx() { command -v nginx || { [ -x /usr/sbin/nginx ] && echo /usr/sbin/nginx; } || true; }
nginx_bin=$(find_nginx)
if [ -z "$nginx_bin" ] && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  say "installing nginx-light (Debian package) …"
  export DEBIAN_FRONTEND=noninteractive
  apt-get install -y -qq nginx-light >/dev/null 2>&1 || { apt-get update -qq && apt-get install -y -qq nginx-light >/dev/null; }
  nginx_bin=$(find_nginx)
fi
if [ -z "$nginx_bin" ]; then
  echo "nginx is not installed. Install it (Debian/Ubuntu: sudo apt-get install nginx-light) and run this again." >&2
  exit 1
fi

# --- the console, built once like `npm start` does
if [ -n "$dist" ] && [ ! -f "$dist/index.html" ]; then
  if [ "$dist" = "$ROOT/client/dist" ]; then
    say "building the console (first run only) …"
    npm run build --silent
  else
    say "warning: $dist/index.html does not exist; the processes serve the API only."
  fi
fi

# --- the database: created here when missing; the first process migrates and seeds it
node --import tsx scripts/create-database.ts "$SPENDSCOPE_DATABASE_URL"

pids=()
names=()
nginx_pid=
stopping=0
trap 'stopping=1' TERM INT HUP

# Stops nginx (gracefully: requests in flight finish) and every process (SIGTERM: each drains its
# requests and closes its pool, docs/durability.md "Stopping"); SIGKILL only for one still running
# after 15 s. Returns once none is left.
stop_all() {
  trap '' TERM INT HUP
  say "stopping …"
  [ -n "$nginx_pid" ] && kill -QUIT "$nginx_pid" 2>/dev/null
  for pid in "${pids[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
  for pid in "${pids[@]}" $nginx_pid; do
    local tenths=150
    while kill -0 "$pid" 2>/dev/null && [ $tenths -gt 0 ]; do sleep 0.1; tenths=$((tenths - 1)); done
    if kill -0 "$pid" 2>/dev/null; then
      say "pid $pid still running after 15 s: killing it"
      kill -KILL "$pid" 2>/dev/null || true
    fi
    wait "$pid" 2>/dev/null || true
  done
  say "stopped."
}

# `name pid log`: waits for the process's ready line; fails when it exits first or a stop is asked.
wait_ready() {
  while ! grep -qs 'Spendscope is ready at' "$3"; do
    [ $stopping = 0 ] || return 1
    if ! kill -0 "$2" 2>/dev/null; then
      echo "$1 exited before it was ready. The end of its log ($3):" >&2
      tail -n 20 "$3" >&2
      return 1
    fi
    sleep 0.2
  done
}

# `port path`: true when GET answers 200 (bash's /dev/tcp: no curl needed).
http_ok() {
  (
    exec 3<>"/dev/tcp/127.0.0.1/$1"
    printf 'GET %s HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n' "$2" >&3
    read -r _ status _ <&3
    [ "$status" = 200 ]
  ) 2>/dev/null
}

start_api() {
  local i=$1 p=$((api_port + $1 - 1))
  # Own session (setsid): a Ctrl-C in the terminal reaches this script only, which then stops
  # each process once; SIGINT to them as well would count as a second signal and cut their stop short.
  NODE_ENV=production SPENDSCOPE_INSTANCE=api-$i PORT=$p HOST=127.0.0.1 \
    SPENDSCOPE_DB="$dir/data/spendscope.duckdb" SPENDSCOPE_CLIENT_DIST="$dist" \
    setsid node --import tsx server/src/main.ts >"$dir/logs/api-$i.log" 2>&1 &
  pids+=($!)
  names+=("api-$i")
  say "api-$i: pid $! on 127.0.0.1:$p (log: $dir/logs/api-$i.log)"
}

fail() {
  stop_all
  exit 1
}

# --- the processes: the first alone (it migrates and, on an empty database, seeds), then the others
say "starting ${replicas} API processes on $shown_url"
start_api 1
say "waiting for api-1 (the first start seeds the demo, ${SPENDSCOPE_DEMO_LINES:-1000000} lines: minutes for a million; see its log)"
wait_ready api-1 "${pids[0]}" "$dir/logs/api-1.log" || fail
for ((i = 2; i <= replicas; i++)); do start_api "$i"; done
for ((k = 1; k < replicas; k++)); do wait_ready "${names[k]}" "${pids[k]}" "$dir/logs/${names[k]}.log" || fail; done

# --- nginx on loopback, from the shared template
upstreams=""
for ((i = 0; i < replicas; i++)); do upstreams+="server 127.0.0.1:$((api_port + i)); "; done
ngx=$dir/nginx
sed -e "s|\${SPENDSCOPE_LISTEN}|127.0.0.1:$port|" -e "s|\${SPENDSCOPE_UPSTREAMS}|$upstreams|" \
  deploy/nginx/spendscope.conf.template >"$ngx/spendscope.conf"
# Started as root, nginx's workers run as nobody (it makes its temporary folders theirs).
user_line=""
[ "$(id -u)" = 0 ] && user_line="user nobody $(id -gn nobody);" && chmod 755 "$ngx"
cat >"$ngx/nginx.conf" <<EOF
# Written by scripts/scale-local.sh at each start.
$user_line
worker_processes 1;
pid $ngx/nginx.pid;
error_log stderr warn;
events { worker_connections 1024; }
http {
    client_body_temp_path $ngx/temp/client_body;
    proxy_temp_path $ngx/temp/proxy;
    fastcgi_temp_path $ngx/temp/fastcgi;
    uwsgi_temp_path $ngx/temp/uwsgi;
    scgi_temp_path $ngx/temp/scgi;
    include $ngx/spendscope.conf;
}
EOF
# Its output goes to its log file from the start: the access log is /dev/stdout, which nginx
# cannot open when this script's own output is a socket.
: >"$dir/logs/nginx.log"
"$nginx_bin" -q -t -p "$ngx/" -e stderr -c "$ngx/nginx.conf" >>"$dir/logs/nginx.log" 2>&1 || { cat "$dir/logs/nginx.log" >&2; fail; }
setsid "$nginx_bin" -p "$ngx/" -e stderr -c "$ngx/nginx.conf" -g 'daemon off;' >>"$dir/logs/nginx.log" 2>&1 &
nginx_pid=$!
say "nginx: pid $nginx_pid on 127.0.0.1:$port (access log: $dir/logs/nginx.log)"
until http_ok "$port" /readyz; do
  [ $stopping = 0 ] || fail
  kill -0 "$nginx_pid" 2>/dev/null || { echo "nginx exited:" >&2; tail -n 20 "$dir/logs/nginx.log" >&2; fail; }
  sleep 0.2
done

echo
say "Spendscope scale-out is ready at http://127.0.0.1:$port  ($replicas API processes behind nginx; database $shown_url)"
say "Demo logins as for npm start (password spendscope-demo). Ctrl-C stops everything."
echo

# --- until a signal, or until one of them exits on its own (then everything stops, exit 1)
status=0
while [ $stopping = 0 ]; do
  wait -n "${pids[@]}" "$nginx_pid" 2>/dev/null || true
  [ $stopping = 0 ] || break
  for k in "${!pids[@]}"; do
    kill -0 "${pids[k]}" 2>/dev/null || { say "${names[k]} exited on its own (log: $dir/logs/${names[k]}.log)"; status=1; }
  done
  kill -0 "$nginx_pid" 2>/dev/null || { say "nginx exited on its own (log: $dir/logs/nginx.log)"; status=1; }
  [ $status = 0 ] || break
done
stop_all
exit $status
