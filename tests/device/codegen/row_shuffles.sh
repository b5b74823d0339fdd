#!/bin/sh
# The device scan and compaction kernels, compiled by nvcc for sm_90, must hold each row's warp scan
# once: `shfl.sync.up` in the PTX = rows x (5 steps, + 1 for the scan's exclusive prefix) + 5 (the
# scan of the segment totals). Because the scan steps' asm is non-volatile, NVVM may tail-duplicate
# the rest of each row loop into `if (lane == 31)`, and every later shuffle then runs diverged
# (the int32 scan a third slower on an H200, with every GPU test still passing); this test catches
# it, and detail::ReconvergeAfterBranch prevents it. Needs only nvcc, no GPU; exits 77 (skipped) where there is none.
#   row_shuffles.sh SOURCE_DIR [NVCC]
set -u
src=$1
nvcc=${2:-nvcc}
command -v "$nvcc" >/dev/null 2>&1 || { echo "no nvcc: skipped"; exit 77; }
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
status=0
for kernel in SCAN SELECT; do
  for rows in 4 8; do
    if ! "$nvcc" -std=c++17 -arch=sm_90 -O3 -I "$src/include" -D$kernel -DROWS=$rows -ptx \
        -o "$tmp/k.ptx" "$src/tests/device/codegen/row_shuffles.cu" 2>"$tmp/err"; then
      cat "$tmp/err"; echo "FAIL: $kernel $rows rows does not compile"; status=1; continue
    fi
    got=$(grep -c 'shfl.sync.up' "$tmp/k.ptx")
    if [ $kernel = SCAN ]; then want=$((rows * 6 + 5)); else want=$((rows * 5 + 5)); fi
    if [ "$got" -eq "$want" ]; then
      echo "ok: $kernel, $rows rows: $got shfl.sync.up"
    else
      echo "FAIL: $kernel, $rows rows: $got shfl.sync.up in the PTX, want $want (duplicated shuffles)"; status=1
    fi
  done
done
exit $status
