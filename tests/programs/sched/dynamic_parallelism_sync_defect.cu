// A kernel that waits for the grids it launched with the device-side cudaDeviceSynchronize: the
// legacy dynamic parallelism's wait, which CUDA 12 removed for compute capability 9.0 and the engine
// does not run (DP-2). Reported at the call, never a wait that returns before the child ran.
// RUN: %expect-exit 66 %warpsafe run %s --schedule lockstep --seed 1 2>&1 | FileCheck %s -DFILE=%s
// CHECK:      warpsafe: unsupported by the engine
// CHECK-NEXT:   in kernel Parent (launched at [[FILE]]:[[@LINE+18]]), block (0,0,0), thread (0,0,0) (warp 0, lane 0)
// CHECK-NEXT:   at [[FILE]]:[[@LINE+9]]{{.*}}
// CHECK-NEXT:   cudaDeviceSynchronize called from device code: {{.*}}(docs/semantics/dynamic_parallelism.md, DP-2)
// CHECK-NEXT:   replay: {{.*}}warpsafe run [[FILE]] --schedule lockstep --seed 1 --arch sm_90
// CHECK-NOT:  {{.}}

__global__ void Child(int* out) { *out = 1; }

__global__ void Parent(int* out) {
  Child<<<1, 1>>>(out);
  cudaDeviceSynchronize();
  out[1] = out[0];
}

int main() {
  int* out;
  cudaMallocManaged(&out, 2 * sizeof(int));
  out[0] = out[1] = 0;
  Parent<<<1, 1>>>(out);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
