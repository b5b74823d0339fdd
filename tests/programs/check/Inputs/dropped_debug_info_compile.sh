#!/bin/sh
# clang++-14, except that its compile of LLVM bitcode (`-x ir`) loses the debug information and says
# so, as LLVM does when it finds a bitcode's debug information invalid ("ignoring invalid debug
# info"): stands for that in the second step of a checked build (inline_fallback_race.cu).
output=""
bitcode=0
previous=""
for a in "$@"; do
  [ "$previous" = "-o" ] && output="$a"
  [ "$a" = "ir" ] && bitcode=1
  previous="$a"
done
clang++-14 "$@" || exit $?
if [ "$bitcode" = 1 ]; then
  objcopy --strip-debug "$output" || exit 1
  echo "warning: ignoring invalid debug info in $output" >&2
fi
