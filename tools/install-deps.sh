#!/bin/sh
# Installs what building and testing warpsafe needs on Debian 12. Safe to run again: it installs
# only what is missing. Runs as root, or through sudo.
#
#   cmake, ninja-build      the build
#   g++, binutils           the host compiler of translated programs; addr2line/nm for reports
#   clang-14                `warpsafe check`'s instrumented builds (and the second supported compiler)
#   libboost-context-dev    the engine's fiber switch (linked statically into every program)
#   libgtest-dev, libgmock-dev, libbenchmark-dev   the tests and the CPU benchmarks
#   llvm-14-tools           lit and FileCheck, which run the end-to-end programs (tests/programs)
#   libopenblas-dev, libfftw3-dev   cublas_v2.h, cusolverDn.h (OpenBLAS carries LAPACK) and cufft.h
#                   (-DWARPSAFE_MATH_LIBRARIES=OFF builds without)
#   libcub-dev, libthrust-dev, libcu++-dev   CCCL without a CUDA toolkit (CUB and Thrust 1.17, libcu++ 1.8): tests/cccl
#   tmux                    the tests of `warpsafe run`'s progress line on a terminal
#   chromium                the tests that render `warpsafe check --trace` pages (skipped without it)
set -eu

packages="cmake ninja-build g++ clang-14 binutils libboost-context-dev libgtest-dev libgmock-dev libbenchmark-dev llvm-14-tools libopenblas-dev libfftw3-dev libcub-dev libthrust-dev libcu++-dev tmux chromium"

missing=""
for package in $packages; do
  if ! dpkg-query -W -f '${Status}\n' "$package" 2>/dev/null | grep -q "install ok installed"; then
    missing="$missing $package"
  fi
done
if [ -z "$missing" ]; then
  echo "install-deps: everything is installed"
  exit 0
fi

if [ "$(id -u)" -eq 0 ]; then
  as_root=""
elif command -v sudo >/dev/null 2>&1; then
  as_root="sudo"
else
  echo "install-deps: missing:$missing; run this script as root or install sudo" >&2
  exit 1
fi
echo "install-deps: installing$missing"
$as_root env DEBIAN_FRONTEND=noninteractive apt-get update
# shellcheck disable=SC2086  # the package list is meant to split into words
$as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends $missing
