// No __shfl*_sync overload takes long double (nvcc finds the call ambiguous); a build for the engine
// must not compile either, rather than shuffle 8 of its 16 bytes: exit 65, the message naming the
// call and the types CUDA accepts.
// RUN: %expect-exit 65 %warpsafe run %s 2>&1 | FileCheck %s -DFILE=%s
// CHECK-DAG:  [[FILE]]:[[@LINE+4]]:{{[0-9]+}}
// CHECK-DAG:  no __shfl*_sync overload for this type (CUDA accepts int, unsigned, long, unsigned long, long long, unsigned long long, float, double, __half, __half2)
// CHECK:      warpsafe: [[FILE]] does not compile (compiler exit 1)
// CHECK-NOT:  {{.}}
__global__ void k(long double* out) { out[threadIdx.x] = __shfl_sync(0xffffffff, (long double)threadIdx.x, 0); }
int main() {
  long double* out;
  cudaMallocManaged(&out, 32 * sizeof(long double));
  k<<<1, 32>>>(out);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
