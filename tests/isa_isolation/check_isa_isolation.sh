#!/usr/bin/env bash
# ISA isolation of the library's objects: no code compiled with ISA flags (-maes, -mavx*, -mvaes,
# -march=...+crypto) can run unless the dispatch table chose its backend.
#
# Two ways that could break, both invisible in the source and both checked here on the objects the
# libraries are linked from:
#
# 1. A weak function (inline, template, or any COMDAT copy) defined in an ISA object and also
#    defined or referenced by an object compiled with other flags. The linker keeps one copy of a
#    weak symbol for the whole link, whichever object it meets first: if it keeps the ISA copy,
#    generic code (or a narrower backend) calls AVX-512 or VAES instructions on a CPU that may not
#    have them. A global function of an ISA object that other objects reference is refused too:
#    backends are reached only through their `backend` table.
# 2. On x86-64, an instruction above the baseline (SSE2) in a generic object: a VEX or EVEX
#    encoding (AVX, AVX2, AVX-512, VAES, VPCLMULQDQ), AES-NI, PCLMULQDQ or SSSE3's PSHUFB. The only
#    exceptions are the functions listed in ALLOWLIST, which choose such instructions at run time
#    from the detected CPU features.
#
# Usage: check_isa_isolation.sh NM OBJDUMP ARCH GENERIC_LIST ISA_LIST ALLOWLIST
#   GENERIC_LIST  file naming the generic objects, one a line
#   ISA_LIST      file naming the ISA objects, one a line, each as BACKEND<TAB>OBJECT
set -euo pipefail
nm_tool=$1 objdump_tool=$2 arch=$3 generic_list=$4 isa_list=$5 allowlist=$6

status=0
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

mapfile -t generic < <(grep -v '^$' "$generic_list")
((${#generic[@]})) || { echo "no generic objects listed in $generic_list"; exit 1; }

# Every symbol an object defines or needs, as OWNER<TAB>KIND<TAB>SYMBOL (mangled: exact names).
# KIND: weak (a weak function), global (a strong global function), data, undef.
symbols_of() {
  local owner=$1 object=$2
  "$nm_tool" "$object" | awk -v owner="$owner" '
    NF == 2 && ($1 == "U" || $1 == "w" || $1 == "v") { print owner "\tundef\t" $2; next }
    NF == 3 && $2 == "W" { print owner "\tweak\t" $3; next }
    NF == 3 && $2 == "T" { print owner "\tglobal\t" $3; next }
    NF == 3 && $2 ~ /^[VuDRB]$/ { print owner "\tdata\t" $3 }'
}

for o in "${generic[@]}"; do symbols_of generic "$o"; done >"$work/generic"
isa_count=0
while IFS=$'\t' read -r backend object; do
  [[ -n $object ]] || continue
  symbols_of "$backend" "$object"
  isa_count=$((isa_count + 1))
done <"$isa_list" >"$work/isa"

# 1. Weak or global functions of an ISA object that an object of another backend or a generic
#    object defines or references.
leaks=$(awk -F'\t' '
  FNR == NR { if ($2 == "weak" || $2 == "global") { owner[$3] = owner[$3] " " $1; kind[$3] = $2 }; next }
  ($3 in owner) {
    n = split(owner[$3], o, " ")
    for (i = 1; i <= n; i++) if (o[i] != $1) { print $3 "\t" kind[$3] " in " o[i] ", also in " $1; break }
  }' "$work/isa" <(cat "$work/isa" "$work/generic") | LC_ALL=C sort -u)
if [[ -n $leaks ]]; then
  echo "functions of ISA objects reachable from objects compiled with other flags:"
  while IFS=$'\t' read -r sym where; do
    printf '  %s (%s): %s\n' "$(echo "$sym" | c++filt)" "$sym" "$where"
  done <<<"$leaks"
  echo "Give them internal linkage (an anonymous namespace or static) in the ISA translation unit,"
  echo "or keep shared inline code out of ISA translation units."
  status=1
fi

# 2. Instructions above the baseline in generic objects (x86-64 only: the arm64 baseline has NEON,
#    and its Cryptography Extension instructions cannot be told from the mnemonic list alone).
above=""
if [[ $arch == x86_64 ]]; then
  allowed=$(grep -Ev '^(#|$)' "$allowlist" | cut -d' ' -f1 || true)
  for o in "${generic[@]}"; do
    "$objdump_tool" -d --no-show-raw-insn "$o" | awk -v object="$(basename "$o")" -v allowed="$allowed" '
      BEGIN { n = split(allowed, a, "\n"); for (i = 1; i <= n; i++) ok[a[i]] = 1 }
      /^[0-9a-f]+ <.*>:$/ { fn = $2; sub(/^</, "", fn); sub(/>:$/, "", fn); next }
      /^ +[0-9a-f]+:[ \t]/ {
        line = $0; sub(/^ +[0-9a-f]+:[ \t]+/, "", line)
        split(line, w, /[ \t]+/); m = w[1]
        if (m ~ /^(rep|repz|repnz|lock|notrack|bnd|data16|cs|ds|es|fs|gs|ss)$/) m = w[2]
        vex = (m ~ /^v/ && m !~ /^ver[rw]$/) || line ~ /%[yz]mm|%k[0-7]/
        if ((vex || m ~ /^(aes|pclmul|pshufb)/) && !(fn in ok)) print object ": " fn ": " line
      }'
  done >"$work/above"
  above=$(cat "$work/above")
  if [[ -n $above ]]; then
    echo "instructions above the x86-64 baseline in generic objects (object: function: instruction):"
    head -n 40 <<<"$above" | c++filt | sed 's/^/  /'
    (($(wc -l <<<"$above") <= 40)) || echo "  ... $(($(wc -l <<<"$above") - 40)) more"
    echo "Such code belongs in a backend's own translation units, reached through its table."
    status=1
  fi
fi

if ((status == 0)); then
  echo "ISA isolation holds: ${#generic[@]} generic objects and $isa_count ISA objects share no function"
  [[ $arch != x86_64 ]] || echo "and the generic objects use x86-64 baseline instructions only"
fi
exit $status
