#!/usr/bin/env bash
# TLS through the vgcrypt provider with the real tools: `openssl s_server` and `openssl s_client`
# on 127.0.0.1 (a port the kernel picks), one side loading vgcrypt through an openssl.cnf with
# `default_properties = ?provider=vgcrypt`, the other stock; and curl (libcurl on libssl) over
# TLS 1.3 with OPENSSL_CONF pointing at that configuration. Each run must carry the data and the
# vgcrypt side's statistics line (VG_PROVIDER_STATS=1) must show records sealed and opened.
# Every process is bounded by `timeout` and killed on exit.
#
# Usage: tls_test.sh OPENSSL VGCRYPT_CNF [CURL]
set -uo pipefail
openssl=$1 cnf=$2 curl=${3:-}
work=$(mktemp -d)
server_pid=
cleanup() {
  [[ -n $server_pid ]] && kill "$server_pid" 2>/dev/null
  exec 3>&-
  [[ -n ${KEEP:-} ]] || rm -rf "$work"; [[ -n ${KEEP:-} ]] && echo "kept $work"
}
trap cleanup EXIT
cd "$work" || exit 1
failures=0
fail() {
  echo "FAIL: $*"
  failures=$((failures + 1))
}

# A stock configuration for the side without vgcrypt (not the system file: its settings vary).
printf 'openssl_conf = init\n[init]\n' >stock.cnf
OPENSSL_CONF=$PWD/stock.cnf "$openssl" req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 \
  -nodes -subj /CN=localhost -addext "subjectAltName=IP:127.0.0.1,DNS:localhost" -days 2 \
  -keyout key.pem -out cert.pem 2>/dev/null || { echo "cannot make a certificate"; exit 1; }
echo "served by s_server -WWW" >hello.txt
# s_server stops at the end of its stdin: give it a FIFO that this script holds open.
mkfifo server.in
exec 3<>server.in

# start_server CNF ARGS...: s_server on 127.0.0.1, port chosen by the kernel; sets $port.
start_server() {
  local conf=$1
  shift
  OPENSSL_CONF=$conf VG_PROVIDER_STATS=1 timeout 60 "$openssl" s_server -accept 127.0.0.1:0 \
    -naccept 1 -cert cert.pem -key key.pem "$@" >server.out 2>server.err <server.in &
  server_pid=$!
  port=
  for _ in $(seq 100); do
    port=$(sed -nE 's/^ACCEPT 127\.0\.0\.1:([0-9]+)$/\1/p' server.out)
    [[ -n $port ]] && return 0
    sleep 0.1
  done
  echo "server did not start: $(cat server.err)"
  return 1
}

wait_server() {
  wait "$server_pid"
  server_pid=
}

# check_stats FILE WHO: the stats line exists and counts at least one seal and one open.
check_stats() {
  local line
  line=$(grep -E '^vgcrypt-provider: seal=[0-9]+ open=[0-9]+ bytes=[0-9]+ backend=' "$1")
  echo "  $2: ${line:-no stats line}"
  [[ $line =~ seal=([0-9]+)\ open=([0-9]+) ]] && ((BASH_REMATCH[1] > 0 && BASH_REMATCH[2] > 0)) ||
    fail "$2 did not seal and open through vgcrypt"
}

# run_pair NAME VG_SIDE(server|client) PROTOCOL_ARGS...
run_pair() {
  local name=$1 vg_side=$2
  shift 2
  local server_cnf=$PWD/stock.cnf client_cnf=$PWD/stock.cnf
  if [[ $vg_side == server ]]; then server_cnf=$cnf; else client_cnf=$cnf; fi
  echo "$name (vgcrypt on the $vg_side)"
  start_server "$server_cnf" "$@" || { fail "$name: server"; return; }
  echo "ping-$name" | OPENSSL_CONF=$client_cnf VG_PROVIDER_STATS=1 timeout 20 "$openssl" s_client \
    -connect "127.0.0.1:$port" -CAfile cert.pem -verify_return_error "$@" >client.out 2>client.err
  wait_server
  grep -q "ping-$name" server.out || fail "$name: the server did not receive the data"
  grep -qE "Cipher is|Ciphersuite" client.out || fail "$name: no cipher negotiated"
  grep -E "^(New|Protocol|    Cipher)" client.out | sort -u | sed 's/^/  /'
  if [[ $vg_side == server ]]; then check_stats server.err server; else check_stats client.err client; fi
}

# A pair that fails is run once more before it counts: on a loaded 2-core machine the 20/60 s
# process limits have been hit once. Two failures in a row are a real failure.
run_pair_twice() {
  local before=$failures
  run_pair "$@"
  ((failures == before)) && return
  echo "  (retrying $1 once)"
  failures=$before
  run_pair "$@"
}

run_pair_twice tls13-aes128 server -tls1_3 -ciphersuites TLS_AES_128_GCM_SHA256
run_pair_twice tls13-aes256 client -tls1_3 -ciphersuites TLS_AES_256_GCM_SHA384
run_pair_twice tls12-ecdsa-aes128 server -tls1_2 -cipher ECDHE-ECDSA-AES128-GCM-SHA256
run_pair_twice tls12-ecdsa-aes128 client -tls1_2 -cipher ECDHE-ECDSA-AES128-GCM-SHA256

if [[ -n $curl ]]; then
  echo "curl over TLS 1.3 (vgcrypt in curl and in the server)"
  if start_server "$cnf" -tls1_3 -WWW; then
    code=$(OPENSSL_CONF=$cnf VG_PROVIDER_STATS=1 timeout 20 "$curl" -sS --tlsv1.3 \
      --cacert cert.pem -o body.txt -w '%{http_code}' "https://127.0.0.1:$port/hello.txt" 2>curl.err)
    wait_server
    echo "  HTTP $code, body: $(cat body.txt 2>/dev/null)"
    [[ $code == 200 ]] || fail "curl: HTTP '$code' ($(grep -v vgcrypt-provider curl.err))"
    cmp -s body.txt hello.txt || fail "curl: wrong body"
    check_stats curl.err curl
    check_stats server.err server
  else
    fail "curl: server"
  fi
else
  echo "curl not found: skipped (scripts/install-deps installs it)"
fi

((failures == 0)) && echo "tls_test: all passed"
exit $((failures != 0))
