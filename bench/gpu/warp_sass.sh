#!/usr/bin/env bash
# SASS of warp_bench.cu's scan and reduce kernels (warpsafe kWholeWarps, warpsafe default,
# warpsafe kWholeWarpsCall, CUB; 4
# types x widths 32/16/8), compiled for sm_90 with the benchmark's flags, tabulated per row by
# bench/gpu/warp_sass.py. Needs nvcc, cuobjdump and nvdisasm; no GPU. Run from the repository root:
#   bash bench/gpu/warp_sass.sh            (writes $OUT, default /tmp/warpsafe_sass)
set -eu
OUT=${OUT:-/tmp/warpsafe_sass}
NVCC=${NVCC:-nvcc}
mkdir -p "$OUT"
# The benchmark's kernels (everything before its host side), instantiated explicitly.
{
  sed -n '1,/^\/\/ ---- host side/p' bench/gpu/warp_bench.cu
  for T in int float double V16; do
    for W in 32 16 8; do
      for I in kWsScan kWsScanWhole kCubScan kWsReduce kWsReduceWhole kCubReduce kWsScanCall kWsReduceCall; do
        echo "template __global__ void BenchKernel<Impl::$I, $T, $W, kRounds, kItems>(const $T*, $T*);"
      done
    done
  done
} > "$OUT/warp_sass.cu"
"$NVCC" -std=c++17 -arch=sm_90 -O3 -I include -I tests/warp -cubin -o "$OUT/warp_sass.cubin" "$OUT/warp_sass.cu" \
  -diag-suppress 177
cuobjdump --dump-sass "$OUT/warp_sass.cubin" > "$OUT/warp_sass.sass"
cuobjdump --dump-resource-usage "$OUT/warp_sass.cubin" > "$OUT/warp_sass.res"
python3 bench/gpu/warp_sass.py "$OUT/warp_sass.sass" "$OUT/warp_sass.res" | tee "$OUT/warp_sass.md"
