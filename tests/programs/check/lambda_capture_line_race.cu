// A device function whose lambda captures its parameters by reference and goes to a function that
// is not inlined: the parameters' copies to the stack are accesses without a line of their own.
// Such an access once made the whole device pass lose its debug information in the checked build
// (INLINE-1: the inline callbacks now carry none of their own), and the report named
// "+0x... in the executable (no debug information)". The race on `cell` names its line, and the
// file is compiled in the two steps, not in the one step that follows a loss of debug information.
// REQUIRES: race-detector
// RUN: rm -rf %t.cache
// RUN: %expect-exit 66 env WARPSAFE_CACHE_DIR=%t.cache %warpsafe check %s --schedules 0 -v 2>&1 | FileCheck %s --check-prefix=STEPS
// RUN: %expect-exit 66 env WARPSAFE_CACHE_DIR=%t.cache %warpsafe check %s --schedules 0 2>&1 | FileCheck %s -DFILE=%s
// STEPS:      -c -o {{.*}} -x ir
// STEPS-NOT:  one step
// CHECK:      warpsafe: data race
// CHECK-NEXT:   in kernel Racy (launched at [[FILE]]:[[@LINE+22]]), block (0,0,0), thread ({{[0-9]+}},0,0) (warp {{[0-9]+}}, lane {{[0-9]+}})
// CHECK-NEXT:   in shared memory, between two threads with no happens-before between them:
// CHECK-NEXT:   at [[FILE]]:[[@LINE+13]]: write of 4 bytes by block (0,0,0), thread ({{[0-9]+}},0,0)
// CHECK-NEXT:   at [[FILE]]:[[@LINE+12]]: previous write of 4 bytes by block (0,0,0), thread ({{[0-9]+}},0,0)
// CHECK-NOT:  no debug information

template <class F>
__device__ __noinline__ int Apply(const F& f) { return f(); }

__device__ int Scale(int x, int factor) {
  return Apply([&] { return x * factor; });
}

__global__ void Racy(int* out) {
  __shared__ int cell;
  cell = Scale(threadIdx.x, 3);
  out[threadIdx.x] = cell;
}

int main() {
  int* out;
  cudaMalloc(&out, 64 * sizeof(int));
  Racy<<<1, 64>>>(out);
  const bool ok = cudaDeviceSynchronize() == cudaSuccess;
  cudaFree(out);
  return ok ? 0 : 1;
}
