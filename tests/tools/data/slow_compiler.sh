#!/bin/sh
# A compiler that takes its time: with WARPSAFE_TEST_SLOW set it sleeps that many seconds (in a
# child process, as a compiler driver runs cc1plus) before running the real compiler,
# $WARPSAFE_TEST_REAL_CXX. Tests of the compile's time limit and of a run killed while compiling.
if [ -n "$WARPSAFE_TEST_SLOW" ]; then sleep "$WARPSAFE_TEST_SLOW"; fi
exec ${WARPSAFE_TEST_REAL_CXX:-c++} "$@"
