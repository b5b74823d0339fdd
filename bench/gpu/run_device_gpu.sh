#!/usr/bin/env bash
# Builds and runs, on a machine with an sm_90 GPU, the block and device collective tests
# (tests/block, tests/device) and the device benchmark (bench/gpu/device_bench.cu). Run from the
# repository root. Results go to $OUT (default /tmp/warpsafe_gpu):
#   device_env.txt    device (nvidia-smi), driver, nvcc version, date
#   device_build.log  compiler output (with -Xptxas -v: registers, shared memory, spills)
#   device_tests.log  each test's "N passed, M failed"
#   device_bench.log  the benchmark tables (Markdown); device_bench.csv every figure
# BENCH_ARGS (e.g. --sweep) go to device_bench; TESTS (a glob, default all) picks the tests.
set -u
OUT=${OUT:-/tmp/warpsafe_gpu}
BUILD=${BUILD:-/tmp/warpsafe_gpu_build}
NVCC=${NVCC:-nvcc}
FLAGS="-std=c++17 -arch=sm_90 -O3 -I include -I tests/warp -I tests/device"
mkdir -p "$OUT" "$BUILD"
{
  date -u
  nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.sm,clocks.max.sm --format=csv
  "$NVCC" --version | tail -2
} > "$OUT/device_env.txt" 2>&1

pids=()
for src in tests/block/*_test.cu tests/device/*_test.cu; do
  name=$(basename "$src" .cu)
  "$NVCC" $FLAGS -o "$BUILD/$name" "$src" > "$BUILD/$name.log" 2>&1 &
  pids+=($!)
done
"$NVCC" $FLAGS -Xptxas -v -o "$BUILD/device_bench" bench/gpu/device_bench.cu > "$BUILD/device_bench.log" 2>&1 &
pids+=($!)
build_failed=0
for p in "${pids[@]}"; do wait "$p" || build_failed=1; done
cat "$BUILD"/*.log > "$OUT/device_build.log"
echo "build failed: $build_failed" >> "$OUT/device_build.log"

status=0
: > "$OUT/device_tests.log"
for src in ${TESTS:-tests/block/*_test.cu tests/device/*_test.cu}; do
  name=$(basename "$src" .cu)
  if [ -x "$BUILD/$name" ]; then
    start=$(date +%s)
    result=$("$BUILD/$name" 2> "$BUILD/$name.err"); rc=$?
    echo "$name: $result (exit $rc, $(( $(date +%s) - start )) s)" >> "$OUT/device_tests.log"
    head -c 4000 "$BUILD/$name.err" >> "$OUT/device_tests.log"
    [ $rc -eq 0 ] || status=1
  else
    echo "$name: NOT BUILT" >> "$OUT/device_tests.log"; status=1
  fi
done
cat "$OUT/device_tests.log"

if [ -x "$BUILD/device_bench" ]; then
  "$BUILD/device_bench" --csv "$OUT/device_bench.csv" ${BENCH_ARGS:-} > "$OUT/device_bench.log" 2>&1 || status=1
  cat "$OUT/device_bench.log"
else
  echo "device_bench NOT BUILT"; tail -30 "$OUT/device_build.log"; status=1
fi
exit $status
