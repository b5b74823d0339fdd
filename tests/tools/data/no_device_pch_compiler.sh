#!/bin/sh
# A compiler that cannot precompile the device pass's prologue (a precompiled header written with
# the device pass marker fails) and compiles everything else with the real compiler. Tests that
# the two passes of a file still compile the same source file.
out=
device=
for arg in "$@"; do
  case "$arg" in
    -D__WARPSAFE_DEVICE_PASS__=1) device=1 ;;
  esac
done
prev=
for arg in "$@"; do
  if [ "$prev" = "-o" ]; then out="$arg"; fi
  prev="$arg"
done
case "$out" in
  *.gch*) if [ -n "$device" ]; then echo "no precompiled header for the device pass" >&2; exit 1; fi ;;
esac
exec c++ "$@"
