#!/usr/bin/env bash
# Builds and runs, on a machine with an sm_90 GPU, the warp collective tests (tests/warp) and the
# GPU benchmarks (bench/gpu), and dumps the SASS of the three warp scan forms. Run from the
# repository root. Results go to $OUT (default /tmp/warpsafe_gpu):
#   env.txt        device (nvidia-smi), driver, nvcc version, date
#   build.log      compiler output
#   tests.log      each test's "N passed, M failed", and each docs/library.md example's exit status
#   bench.log      benchmark tables (Markdown) and cross-check result
#   warp_bench.csv every timed kernel: median/min/max ms, Gelem/s
#   sass.txt       cuobjdump --dump-sass of bench/gpu/scan_sass.cu
#   sass_table.md  instruction counts from sass.txt (bench/gpu/sass_count.py)
set -u
OUT=${OUT:-/tmp/warpsafe_gpu}
BUILD=${BUILD:-/tmp/warpsafe_gpu_build}
NVCC=${NVCC:-nvcc}
FLAGS="-std=c++17 -arch=sm_90 -O3 -I include -I tests/warp"
mkdir -p "$OUT" "$BUILD" "$BUILD/docs"
{
  date -u
  nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.sm,clocks.max.sm --format=csv
  "$NVCC" --version | tail -2
} > "$OUT/env.txt" 2>&1

# The examples of docs/library.md (every ```cuda block is a complete program; tests/docs runs them
# on the engine in ctest), one .cu file each.
awk -v dir="$BUILD/docs" '/^```cuda$/ {n++; f = 1; next} /^```$/ {f = 0} f {print > (dir "/library_" n ".cu")}' \
  docs/library.md

# Compile everything in parallel (each nvcc is single-threaded).
pids=()
for src in "$BUILD"/docs/library_*.cu; do
  "$NVCC" $FLAGS -o "${src%.cu}" "$src" > "${src%.cu}.log" 2>&1 &
  pids+=($!)
done
for src in tests/warp/*_test.cu; do
  name=$(basename "$src" .cu)
  "$NVCC" $FLAGS -o "$BUILD/$name" "$src" > "$BUILD/$name.log" 2>&1 &
  pids+=($!)
done
"$NVCC" $FLAGS -o "$BUILD/warp_bench" bench/gpu/warp_bench.cu > "$BUILD/warp_bench.log" 2>&1 &
pids+=($!)
"$NVCC" $FLAGS -cubin -o "$BUILD/scan_sass.cubin" bench/gpu/scan_sass.cu > "$BUILD/scan_sass.log" 2>&1 &
pids+=($!)
build_failed=0
for p in "${pids[@]}"; do wait "$p" || build_failed=1; done
cat "$BUILD"/*.log "$BUILD"/docs/*.log > "$OUT/build.log"
echo "build failed: $build_failed" >> "$OUT/build.log"

cuobjdump --dump-sass "$BUILD/scan_sass.cubin" > "$OUT/sass.txt" 2>&1
python3 bench/gpu/sass_count.py "$OUT/sass.txt" > "$OUT/sass_table.md" 2>&1

status=0
: > "$OUT/tests.log"
for src in tests/warp/*_test.cu; do
  name=$(basename "$src" .cu)
  if [ -x "$BUILD/$name" ]; then
    result=$("$BUILD/$name" 2> "$BUILD/$name.err"); rc=$?
    echo "$name: $result (exit $rc)" >> "$OUT/tests.log"
    head -c 4000 "$BUILD/$name.err" >> "$OUT/tests.log"
    [ $rc -eq 0 ] || status=1
  else
    echo "$name: NOT BUILT" >> "$OUT/tests.log"; status=1
  fi
done
for src in "$BUILD"/docs/library_*.cu; do
  name=$(basename "$src" .cu)
  if [ -x "${src%.cu}" ]; then
    result=$("${src%.cu}" 2>&1); rc=$?
    echo "docs/library.md example $name: $result (exit $rc)" >> "$OUT/tests.log"
    [ $rc -eq 0 ] || status=1
  else
    echo "docs/library.md example $name: NOT BUILT" >> "$OUT/tests.log"; status=1
  fi
done
cat "$OUT/tests.log"

if [ -x "$BUILD/warp_bench" ]; then
  "$BUILD/warp_bench" "$OUT/warp_bench.csv" > "$OUT/bench.log" 2>&1 || status=1
  cat "$OUT/bench.log"
else
  echo "warp_bench NOT BUILT"; status=1
fi
head -16 "$OUT/sass_table.md"
exit $status
