#!/bin/sh
# A compiler that fails to compile LLVM bitcode (`-x ir`) and is clang++-14 otherwise: stands for
# a compiler fault in the second step of a checked build (inline_fallback_ok.cu).
for a in "$@"; do
  if [ "$a" = "ir" ]; then
    echo "no_bitcode_compile.sh: refusing to compile bitcode" >&2
    exit 70
  fi
done
exec clang++-14 "$@"
