#!/bin/sh
# A compiler that records what each device pass defines: it runs the real compiler, then, for an
# object compiled with the device pass marker, appends `nm`'s list of its defined symbols to
# $WARPSAFE_TEST_SYMBOLS. Tests of what the device pass emits.
c++ "$@" || exit $?
out=
device=
while [ $# -gt 0 ]; do
  case "$1" in
    -o) out="$2"; shift ;;
    -D__WARPSAFE_DEVICE_PASS__=1) device=1 ;;
  esac
  shift
done
case "$out" in
  *.o) if [ -n "$device" ]; then nm --defined-only "$out" >>"$WARPSAFE_TEST_SYMBOLS" || exit 1; fi ;;
esac
exit 0
