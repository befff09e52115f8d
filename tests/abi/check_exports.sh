#!/usr/bin/env bash
# The exported ABI of libvgcrypt.so, compared with the allow-list tests/abi/exports.txt.
#
# Every symbol the shared library defines in its dynamic table (nm -D --defined-only), demangled,
# must be listed, and every listed one must be defined: any addition or removal fails with a diff.
# The list itself may hold only the public API: C functions named vg_* and C++ names in namespace vg
# outside vg::detail (no std:: instantiations, no backend or third-party symbols), so a leak cannot be
# "fixed" by adding it to the list. The fix for a leak is visibility: everything is hidden unless
# declared with VG_API in include/vg/. It also fails when the library needs vgcrypt symbols it does
# not define (an object left out of the link: a shared library links anyway, its users then fail).
#
# Usage: check_exports.sh NM LIBRARY ALLOWLIST [--update | --sanitized]
#   --update     rewrites ALLOWLIST from LIBRARY
#   --sanitized  LIBRARY was built with -fsanitize: ignore what the instrumentation adds (runtime
#                hooks, and the weak typeinfo of function types that UBSan's -fsanitize=function
#                emits for every indirect call); neither exists in a normal build
set -euo pipefail
nm_tool=$1 library=$2 allowlist=$3 mode=${4:-}

sanitizer_noise='^_{2,3}(asan|ubsan|lsan|tsan|msan|sanitizer|odr_asan)|^typeinfo (name )?for .*\)$'
[[ $mode == --sanitized ]] || sanitizer_noise='^$'
exported=$("$nm_tool" -D --defined-only -C "$library" |
  sed -E 's/^[0-9a-fA-F]* +[A-Za-z] +//' |
  { grep -Ev "$sanitizer_noise" || true; } |
  LC_ALL=C sort -u)

if [[ $mode == --update ]]; then
  {
    echo "# Symbols exported by libvgcrypt.so, demangled, sorted (tests/abi/check_exports.sh)."
    echo "# Changing this list changes the ABI: bump the SOVERSION when removing or changing an entry."
    echo "$exported"
  } >"$allowlist"
  echo "wrote $allowlist"
  exit 0
fi

allowed=$(grep -Ev '^(#|$)' "$allowlist" | LC_ALL=C sort -u)

status=0
# A shared library links even when some of its own objects are missing; its users then fail.
unresolved=$("$nm_tool" -D --undefined-only -C "$library" | grep -E ' (vg_|vg::)' || true)
if [[ -n $unresolved ]]; then
  echo "libvgcrypt.so references vgcrypt symbols it does not define (objects missing from the link):"
  echo "$unresolved" | sed 's/^ */  /'
  status=1
fi
not_public=$({
  echo "$allowed" | grep -Ev '^(vg_[a-z0-9_]+|vg::.*)$'
  echo "$allowed" | grep -E '^vg::(detail::|.*\(anonymous namespace\))'
} || true)
if [[ -n $not_public ]]; then
  echo "$allowlist lists names outside the public API (vg_*, vg:: but not vg::detail):"
  echo "$not_public" | sed 's/^/  /'
  status=1
fi

if ! diff_out=$(diff -u <(echo "$allowed") <(echo "$exported")); then
  echo "libvgcrypt.so exports differ from $allowlist ('+' = exported but not allowed, '-' = missing):"
  echo "$diff_out" | tail -n +3
  echo "A '+' line is a leak (give it hidden visibility) or a new public function (add it);"
  echo "a '-' line is an ABI break. To accept the change: $0 $nm_tool $library $allowlist --update"
  status=1
fi
((status == 0)) && echo "libvgcrypt.so exports exactly the $(echo "$allowed" | wc -l) allowed symbols"
exit $status
