// Each thread reads the shared element its asynchronous copy fills before waiting for the copy:
// the copy may land at any time until __pipeline_wait_prior returns, so the read races with it and
// its value is undefined (ASYNC-COPY-1). The engine lands the copy only at the wait: `warpsafe run`
// reads poison there (the program's own check fails), and `warpsafe check` reports the read.
// read_after_wait_ok.cu is the twin that waits first.
// RUN: %expect-exit 1 %warpsafe run %s 2>&1 | count 0
// RUN: %expect-exit 66 %warpsafe check %s --policy random --schedules 1 2>&1 | FileCheck %s -DFILE=%s
// CHECK:      warpsafe: read of uninitialized shared memory
// CHECK-NEXT:   in kernel k (launched at [[FILE]]:[[@LINE+24]]), block (0,0,0), thread (0,0,0) (warp 0, lane 0)
// CHECK-NEXT:   at [[FILE]]:[[@LINE+13]]: read of 4 bytes by block (0,0,0), thread (0,0,0) (warp 0, lane 0) of bytes no thread of the block had written
// CHECK-NEXT:   shared memory: __shared__ declaration at [[FILE]]:[[@LINE+8]]:49 (256 bytes) at +0
// CHECK-NEXT:   shared memory starts undefined in every block; write it (and __syncthreads()) before reading it
// CHECK-NEXT:   replay: {{.*}}warpsafe check [[FILE]] --schedules 0 --arch sm_90
// CHECK-NOT:  {{.}}

#include <cuda_pipeline.h>

__global__ void k(const int* in, int* out) {
  __shared__ int staged[64];
  const int t = threadIdx.x;
  __pipeline_memcpy_async(&staged[t], &in[t], sizeof(int));
  __pipeline_commit();
  const int early = staged[t];
  __pipeline_wait_prior(0);
  out[t] = early;
}

int main() {
  int *in, *out;
  cudaMallocManaged(&in, 64 * sizeof(int));
  cudaMallocManaged(&out, 64 * sizeof(int));
  for (int i = 0; i < 64; ++i) in[i] = i + 1;
  k<<<1, 64>>>(in, out);
  if (cudaDeviceSynchronize() != cudaSuccess) return 2;
  for (int i = 0; i < 64; ++i) {
    if (out[i] != i + 1) return 1;
  }
  return 0;
}
