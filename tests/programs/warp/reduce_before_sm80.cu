// __reduce_*_sync exists from sm_80 (REDUX-1): built for sm_75, as with nvcc, this does not compile
// (exit 65, the compiler's message naming the call); built for sm_80 it runs and sums the lanes.
// RUN: %expect-exit 65 %warpsafe run %s --arch sm_75 2>&1 | FileCheck %s -DFILE=%s
// RUN: %warpsafe run %s --arch sm_80 2>&1 | count 0
// CHECK-DAG:  [[FILE]]:[[@LINE+4]]:{{[0-9]+}}
// CHECK-DAG:  __reduce_add_sync requires sm_80 or later (build with --arch sm_80 or newer)
// CHECK:      warpsafe: [[FILE]] does not compile (compiler exit 1)
// CHECK-NOT:  {{.}}
__global__ void k(int* out) { out[threadIdx.x] = __reduce_add_sync(0xffffffff, (int)threadIdx.x); }
int main() {
  int* out;
  cudaMallocManaged(&out, 32 * sizeof(int));
  k<<<1, 32>>>(out);
  if (cudaDeviceSynchronize() != cudaSuccess) return 1;
  return out[0] == 496 ? 0 : 2;
}
